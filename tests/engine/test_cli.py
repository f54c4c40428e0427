"""The command line: rank, compare, odds, draw, experiment, table; --help; bad input exits 2 with a message."""
from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        code = main(list(args), out=out, err=err)
    except SystemExit as exc:          # argparse: --help exits 0, a usage error exits 2
        code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def test_python_dash_m_engine_runs_and_fails_cleanly():
    ok = subprocess.run([sys.executable, "-m", "engine", "rank", "AS KS QS JS TS"], cwd=ROOT,
                        capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.startswith("Royal flush: a royal flush")
    bad = subprocess.run([sys.executable, "-m", "engine", "rank", "AS KS QS JS XX"], cwd=ROOT,
                         capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr == "python -m engine rank: error: unknown card or word 'XX' in 'AS KS QS JS XX'\n"


def test_rank_in_codes_and_in_words():
    code, out, _ = run("rank", "AS", "KS", "QS", "JS", "TS")
    assert code == 0 and out.splitlines()[0] == "Royal flush: a royal flush"
    code, out, _ = run("rank", "ace of hearts, knave of clubs, ten of spades, ten of clubs, ace of diamonds",
                       "--jack", "knave")
    assert out.splitlines()[0] == "Two pairs: two pairs, aces and tens, with a knave"
    code, out, _ = run("rank", "7h 5d 4c 3s 2h", "--rules", "tiger")
    assert out.splitlines()[0] == "Tiger: a tiger, seven, five, four, three, two"


def test_compare_names_the_winner_and_the_reason():
    code, out, _ = run("compare", "QS QH QD 4C 2D", "TS TH 5D 5C AS")
    assert code == 0
    assert out.splitlines()[-2:] == ["winner: hand 1", "three queens beat two pairs, tens up"]
    code, out, _ = run("compare", *"Ah Kh Jh 8h 3h As Ks Js 8s 3s".split())
    assert out.splitlines()[-2:] == ["winners: hand 1 and hand 2",
                                     "the hands tie, a flush, ace high, each; they divide the pool"]


def test_odds_of_a_class_and_of_all():
    code, out, _ = run("odds", "full")
    assert code == 0 and "3,744 in 2,598,960" in out and "693 to 1 against" in out
    code, out, _ = run("odds", "--all")
    assert "total" in out and "2,598,960" in out.splitlines()[-1]
    code, out, _ = run("odds", "blaze", "--rules", "blaze")
    assert "432 in 2,598,960" in out and "6,015 to 1 against" in out


def test_draw_prints_the_distribution_with_odds_against():
    code, out, _ = run("draw", "JS JH 7D 4C 2S", "--discard", "7D 4C 2S")
    assert code == 0
    lines = out.splitlines()
    assert "draw 3 from the 47 cards unseen: 16,215 draws" in lines[0]
    assert any(line.split()[:5] == ["Two", "pairs", "2,592", "in", "16,215"] for line in lines)
    assert any("any improvement" in line and "2½ to 1 against" in line for line in lines)
    code2, out2, _ = run("draw", "JS JH 7D 4C 2S", "--keep", "JS JH")
    assert out2 == out


def test_table_lists_and_prints():
    code, out, _ = run("table")
    assert code == 0 and "two-pairs" in out
    code, out, _ = run("table", "no-pairs")
    assert "Seven high" in out


@pytest.mark.parametrize("args,message", [
    (("rank", "AS KS"), "a hand has five cards"),
    (("rank", "AS AS QS JS TS"), "given twice"),
    (("rank", "queen of hearts and king"), "ambiguous"),
    (("rank", "AS KS QS JS JK"), "joker is not in the pack"),
    (("compare", "AS KS QS JS TS", "AS 2D 3D 4D 5D"), "in hand 1 and hand 2"),
    (("odds", "full", "--rules", "bogus"), "unknown rules 'bogus'"),
    (("odds", "kilter"), "unknown class of hand 'kilter'"),
    (("odds", "blaze"), "not played under the rules 'foster'"),
    (("odds",), "name a class of hand"),
    (("draw", "JS JH 7D 4C 2S", "--discard", "AS"), "discarded but not held"),
    (("table", "nonsense"), "unknown table"),
])
def test_bad_input_is_a_clear_error_and_exit_status_2(args, message):
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert err.startswith(f"python -m engine {args[0]}: error: ") and message in err


@pytest.mark.parametrize("args, message", [
    ((), "python -m engine: error: the following arguments are required: command (see python -m engine --help)"),
    (("rank",), "python -m engine rank: error: the following arguments are required: cards "
                "(see python -m engine rank --help)"),
    (("draw", "JS JH 7D 4C 2S"), "python -m engine draw: error: one of the arguments --discard --keep is required "
                                 "(see python -m engine draw --help)"),
    (("experiment", "--seed", "1", "--trials", "ten"), "python -m engine experiment: error: argument --trials: "
     "invalid int value: 'ten' (see python -m engine experiment --help)"),
])
def test_usage_errors_exit_2_with_one_line(args, message, capsys):
    code, out, err = run(*args)
    assert (code, out, err) == (2, "", message + "\n")
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("trials, message", [
    ("0", "0 trials is outside the bounds 1 to 3,000,000"),
    ("-5", "-5 trials is outside the bounds 1 to 3,000,000"),
    ("10000000000000000000000", "10000000000000000000000 trials is outside the bounds 1 to 3,000,000"),
])
def test_trials_outside_their_bounds_are_refused_before_any_output(trials, message):
    assert run("experiment", "--seed", "1", "--trials", trials) == (
        2, "", f"python -m engine experiment: error: {message}\n")


@pytest.mark.parametrize("pairs, message", [
    (["Js Jk"], "the joker is not in the pack of 52 this experiment deals from"),
    (["As Ah", "Ks Kh", "Qs Qh", "Js Jh", "Ts Th", "9s 9h", "8s 8h", "7s 7h", "6s 6h", "5s 5h", "4s 4h"],
     "11 players drawing 3 cards each need 33 cards, and 30 are left in the pack: lay out fewer hands"),
])
def test_hands_the_experiment_cannot_deal_are_refused(pairs, message):
    assert run("experiment", "--seed", "1", "--trials", "10", *pairs) == (
        2, "", f"python -m engine experiment: error: {message}\n")


# Words a command line of the engine may hold: commands, options, cards, hands, numbers (small, or
# outside the bounds, so that no generated run is long), and junk.
TOKENS = ["rank", "compare", "odds", "draw", "experiment", "table", "--rules", "--jack", "--all", "--discard",
          "--keep", "--seed", "--trials", "--help", "blaze", "tiger,blaze", "mistigris", "nonsense", "knave",
          "full", "two pairs", "kilter", "poker-hands", "AS KS QS JS TS", "JS JH 7D 4C 2S", "7D 4C 2S", "Js Jh",
          "Js Jk", "AS", "XX", "", "ace of hearts", "0", "1", "-5", "3", "12", "10000000000000000000000", "1e3",
          "--", "-", "ä", "\x00", "{}", "%s"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS) | st.text(max_size=8), max_size=8))
def test_any_command_line_exits_0_or_2_with_one_line_and_no_traceback(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as stray:
        code = main(argv, out=out, err=err)  # never raises: no traceback
    assert code in (0, 2)
    if code == 2:
        lines = err.getvalue().splitlines()
        assert len(lines) == 1 and ": error: " in lines[0] and out.getvalue() == ""
    assert "Traceback" not in err.getvalue() + stray.getvalue()


@pytest.mark.slow
def test_a_long_run_shows_its_progress_on_a_terminal_and_stops_on_ctrl_c_with_130():
    import os
    import pty
    import select
    import signal
    import time
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "engine", "experiment", "--seed", "1", "--trials", "3000000"],
                            cwd=ROOT, stdin=follower, stdout=follower, stderr=follower, close_fds=True)
    os.close(follower)
    try:
        # Generous waits: on a loaded machine the interpreter may take many seconds to start.
        seen, deadline = b"", time.monotonic() + 180
        while b"of 3,000,000 deals" not in seen and time.monotonic() < deadline and proc.poll() is None:
            if select.select([leader], [], [], 1)[0]:
                seen += os.read(leader, 4096)
        assert b"] 10,000 of 3,000,000 deals (0%)" in seen
        proc.send_signal(signal.SIGINT)
        assert proc.wait(120) == 130
        while select.select([leader], [], [], 0.5)[0]:
            try:
                seen += os.read(leader, 4096)
            except OSError:
                break
        assert b"python -m engine experiment: interrupted" in seen and b"Traceback" not in seen
    finally:  # whatever failed above, the run (minutes long) does not outlive the test
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(leader)


@pytest.mark.parametrize("command", ["rank", "compare", "odds", "draw", "table"])
def test_every_command_has_help(command, capsys):
    code, _, _ = run(command, "--help")
    assert code == 0
    assert "usage: python -m engine " + command in capsys.readouterr().out


def test_experiment_prints_the_counts_as_content_experiments_yml_stores_them():
    code, out, _ = run("experiment", "--seed", "7", "--trials", "1000")
    assert code == 0
    assert out.splitlines() == ["seed: 7", "trials: 1000", "best:",
                                "  A: 469    # Js Jh: 46.9000% ± 3.0931%", "  B: 188    # Ts Th: 18.8000% ± 2.4217%",
                                "  C: 183    # 9s 9h: 18.3000% ± 2.3966%", "  D: 160    # 8s 8h: 16.0000% ± 2.2722%",
                                "ties: {}"]
    code, _, err = run("experiment", "Js Jh", "Js Jd", "--seed", "7", "--trials", "10")
    assert code == 2 and err == "python -m engine experiment: error: the jack of spades (Js) is laid out twice\n"


def test_a_closed_pipe_ends_the_command_quietly_with_status_141():
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone (| head, done), before a word is written
    proc = subprocess.run([sys.executable, "-m", "engine", "odds", "--all"], stdout=write_end,
                          stderr=subprocess.PIPE, text=True, cwd=ROOT)
    os.close(write_end)
    assert (proc.returncode, proc.stderr) == (141, "")


def test_a_full_device_is_one_line_and_status_74():

    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "engine", "rank", "AS KS QS JS TS"], stdout=full,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert (proc.returncode, proc.stderr) == (
        74, "python -m engine rank: error: cannot write the output: No space left on device\n")


def test_an_ascii_terminal_gets_the_suits_as_letters():

    proc = subprocess.run([sys.executable, "-m", "engine", "compare", "QS QH QD 4C 2D", "TS TH 5D 5C AS"],
                          capture_output=True, cwd=ROOT, env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert proc.returncode == 0 and proc.stderr == b""
    first = proc.stdout.decode("ascii").splitlines()[0]
    assert first == "* hand 1: Qs Qh Qd 4c 2d  three queens, with a four and a two"


def test_a_long_experiment_off_a_terminal_reports_its_progress_on_stderr(monkeypatch):
    from engine import cli
    monkeypatch.setattr(cli, "LONG_RUN", 30_000)
    code, out, err = run("experiment", "--seed", "1", "--trials", "30000")
    assert code == 0 and out.startswith("seed: 1\ntrials: 30000\n")
    assert err.splitlines() == [f"python -m engine experiment: {n:,} of 30,000 deals ({n // 300}%)"
                                for n in (10_000, 20_000)]


def test_a_short_experiment_off_a_terminal_says_nothing_on_stderr():
    assert run("experiment", "--seed", "1", "--trials", "2000")[2] == ""
