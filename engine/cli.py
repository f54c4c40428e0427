"""``python -m engine``: rank, compare, odds, draw, experiment and table, from the command line.

Cards may be written as codes (``AS Th 10h``), with suit symbols (``A♠``) or in words
(``"ace of hearts, knave of clubs"``). Every command takes ``--rules`` (``foster`` unless named;
variants join with commas: ``--rules blaze,tiger``). Bad input, a usage error included, prints one
line to stderr and exits with status 2; never a traceback. ``experiment`` shows its progress on a
terminal (a bar), and off one too for a long run (a line a tenth, on stderr); Ctrl-C stops it with
status 130. Output that cannot be written is one line too: a closed pipe (``| head``) ends the command
quietly with status 141 (as a shell reports SIGPIPE), a full device or another error of the output
with status 74; a terminal or a file that cannot encode the suit symbols (an ASCII locale) gets the
suits as letters (``A♠`` as ``As``) and the other signs in ASCII.
"""
from __future__ import annotations

import argparse
import errno
import io
import os
import sys
from collections.abc import Sequence

from .cards import format_cards, parse_cards
from .deal import pat_counts, pat_total
from .draws import draw
from .errors import EngineError, lookalikes, printable
from .experiments import MAX_TRIALS, MIN_TRIALS, coming_in
from .idiom import Odds
from .ranking import as_cards, compare, describe, evaluate
from .rules import BASES, RULE_ALIASES, VARIANTS, hand_class, rule_set

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command stopped by Ctrl-C
EXIT_CLOSED_PIPE = 141  # 128 + SIGPIPE, as a shell reports a command whose reader went away
EXIT_OUTPUT = 74  # EX_IOERR (sysexits.h): the output could not be written
#: Off a terminal, a run of at least this many deals reports its progress a tenth at a time.
LONG_RUN = 500_000

#: The signs the output uses, in ASCII, for a stream that cannot encode them.
ASCII = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c", "—": "--", "–": "-", "±": "+/-", "×": "x",
                       "’": "'", "‘": "'", "“": '"', "”": '"', "…": "...", "¼": " 1/4", "½": " 1/2",
                       "¾": " 3/4"})


class _Plain:
    """A text stream that cannot encode the output's signs, written to in ASCII (suits as letters)."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(text.translate(ASCII).encode("ascii", "replace").decode("ascii"))

    def __getattr__(self, name):
        return getattr(self.stream, name)


def _encodable(stream):
    """*stream*, or *stream* in ASCII when its encoding cannot write the suit symbols."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        "♠♥♦♣—±".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return _Plain(stream)
    return stream


class UsageError(Exception):
    """A command line argparse cannot read: reported in one line, like bad input."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would print the usage and exit; main reports it in one line
        raise UsageError(f"{self.prog}: error: {message} (see {self.prog} --help)")


def _rules_help() -> str:
    names = ", ".join(list(BASES) + list(VARIANTS))
    aliases = ", ".join(f"{a}={n}" for a, n in RULE_ALIASES.items())
    return f"rule set: {names}; join variants with commas (blaze,tiger). Aliases: {aliases}"


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--rules", default="foster", help=_rules_help())
    common.add_argument("--jack", default="jack", choices=("jack", "knave"),
                        help="the word for the jack in the output (the British texts say knave)")
    parser = _Parser(
        prog="python -m engine",
        description="The poker engine of the edition: hands ranked under each authority's rules, "
                    "exact odds of the deal and the draw, in the period's idiom.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="command")

    p = sub.add_parser("rank", parents=[common], help="the class and value of a hand of five cards",
                       description="The class and value of a hand: python -m engine rank \"AS KS QS JS TS\"")
    p.add_argument("cards", nargs="+", help="five cards (one argument or several)")

    p = sub.add_parser("compare", parents=[common], help="show down two or more hands: winner and reason",
                       description="Show down hands: python -m engine compare \"QS QH QD 4C 2D\" \"TS TH 5D 5C AS\"")
    p.add_argument("hands", nargs="+", help="each hand as one argument (or all cards, five by five)")

    p = sub.add_parser("odds", parents=[common], help="pat hands of a class: number and odds against",
                       description="Pat hands (as dealt) of a class: python -m engine odds full; "
                                   "python -m engine odds --all")
    p.add_argument("classes", nargs="*", help="classes of hand (full, 'two pairs', tiger, ...)")
    p.add_argument("--all", action="store_true", help="every class of the rule set")

    p = sub.add_parser("draw", parents=[common], help="the distribution of the hand after the draw",
                       description="The final hand's distribution: python -m engine draw "
                                   "\"JS JH 7D 4C 2S\" --discard \"7D 4C 2S\"")
    p.add_argument("holding", nargs="+", help="the five cards dealt")
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--discard", help="the cards thrown away (as many are drawn); '' to stand pat")
    group.add_argument("--keep", help="the cards kept (the rest are discarded and replaced)")

    p = sub.add_parser("experiment", help="repeat Foster's experiment of coming into jack-pots",
                       description="Deal three cards to each of the pairs laid out, many times, and count "
                                   "who is best: python -m engine experiment --seed 1905 --trials 1000000")
    p.add_argument("pairs", nargs="*", default=["Js Jh", "Ts Th", "9s 9h", "8s 8h"],
                   help="the hands laid out, one argument each (default: Foster's jacks, tens, nines, eights)")
    p.add_argument("--seed", type=int, required=True, help="the seed of Python's random generator")
    p.add_argument("--trials", type=int, required=True,
                   help=f"the number of deals, {MIN_TRIALS} to {MAX_TRIALS:,} (a terminal shows the progress)")

    p = sub.add_parser("table", help="a table the books print, computed",
                       description="A table the books print, computed: python -m engine table two-pairs")
    p.add_argument("name", nargs="?", help="the table (omit to list them)")
    return parser


def _hands(args: Sequence[str]) -> list[str]:
    """Hands given one per argument, or as single cards five by five."""
    if len(args) >= 10 and len(args) % 5 == 0:
        try:
            if all(len(parse_cards(a)) == 1 for a in args):
                return [" ".join(args[i:i + 5]) for i in range(0, len(args), 5)]
        except EngineError:
            pass
    return list(args)


def _rank(args: argparse.Namespace, out) -> None:
    rs = rule_set(args.rules)
    cards = as_cards(" ".join(args.cards), rs)
    value = evaluate(cards, rs)
    print(f"{value.hand_class.value}: {describe(value, jack=args.jack, full=True)}", file=out)
    print(f"{format_cards(cards)}  |  {format_cards(cards, 'symbol')}  |  "
          f"{format_cards(cards, 'words', jack=args.jack)}", file=out)
    print(f"rules: {rs.name} ({rs.title})", file=out)


def _compare(args: argparse.Namespace, out) -> None:
    rs = rule_set(args.rules)
    hands = _hands(args.hands)
    result = compare(*hands, rules=rs, jack=args.jack)
    for i, (hand, value) in enumerate(zip(hands, result.values, strict=True), 1):
        mark = "*" if i - 1 in result.winners else " "
        print(f"{mark} hand {i}: {format_cards(as_cards(hand, rs), 'symbol')}  "
              f"{describe(value, jack=args.jack, full=True)}", file=out)
    who = " and ".join(f"hand {i + 1}" for i in result.winners)
    print(f"{'winners' if len(result.winners) > 1 else 'winner'}: {who}", file=out)
    print(result.reason, file=out)


def _odds_line(label: str, count: int, total: int) -> str:
    odds = Odds.of(count, total)
    against = odds.to_one()
    if count and count != total and not against.endswith(" on"):
        against += " against"
    ratio = odds.ratio() if count and count != total else "-"
    return f"  {label:<18} {count:>11,} in {total:,}   {against:>22}   exact: {ratio} against"


def _odds(args: argparse.Namespace, out) -> None:
    rs = rule_set(args.rules)
    if not args.classes and not args.all:
        raise EngineError("name a class of hand (e.g. 'full', 'two pairs') or give --all")
    counts, total = pat_counts(rs), pat_total(rs)
    classes = list(rs.ascending)[::-1] if args.all else [hand_class(c) for c in args.classes]
    for cls in classes:
        if not rs.plays(cls):
            raise EngineError(f"{cls.value} is not played under the rules {rs.name!r}")
    print(f"pat hands (as dealt), rules {rs.name}: {total:,} hands of five from {rs.pack_size} cards",
          file=out)
    for cls in classes:
        print(_odds_line(cls.value, counts[cls], total), file=out)
    if args.all:
        print(f"  {'total':<18} {sum(counts.values()):>11,}", file=out)


def _draw(args: argparse.Namespace, out) -> None:
    rs = rule_set(args.rules)
    holding = " ".join(args.holding)
    d = draw(holding, discard=args.discard, keep=args.keep, rules=rs)
    unseen = rs.pack_size - 5
    kept = format_cards(d.kept) if d.kept else "nothing"
    print(f"dealt {format_cards(d.holding)} ({describe(d.start, jack=args.jack)}); keep {kept}, "
          f"draw {d.drawn} from the {unseen} cards unseen: {d.total:,} draws; rules {rs.name}", file=out)
    for cls in reversed(rs.ascending):
        n = d.counts[cls]
        if n:
            print(_odds_line(cls.value, n, d.total), file=out)
    if d.drawn:
        print(_odds_line("any improvement", d.improved, d.total), file=out)


def _experiment(args: argparse.Namespace, out, err=None) -> None:
    """The counts in the form content/experiments.yml stores them (the progress on *err*: a bar on a
    terminal, a line a tenth elsewhere for a long run)."""
    tty = err is not None and err.isatty()
    progress = _progress_bar(err, args.trials) if tty else \
        _progress_lines(err, args.trials) if err is not None and args.trials >= LONG_RUN else None
    e = coming_in(args.pairs, args.trials, args.seed, progress=progress)
    if tty:
        print("\r\033[K", end="", file=err, flush=True)  # the bar cleared: the counts stand alone
    names = "ABCDEFGHIJ"
    print(f"seed: {e.seed}\ntrials: {e.trials}\nbest:", file=out)
    for i, hand in enumerate(e.hands):
        print(f"  {names[i]}: {e.wins[i]}    # {format_cards(hand)}: {float(e.share(i)):.4%} "
              f"± {1.96 * e.standard_error(i):.4%}", file=out)
    print("ties:" + ("" if e.ties else " {}"), file=out)
    for who, n in sorted(e.ties.items()):
        print(f"  {' '.join(names[i] for i in who)}: {n}", file=out)


def _progress_bar(err, trials: int, width: int = 30):
    """A one-line progress bar on the terminal *err*: deals made of *trials*."""
    def show(done: int) -> None:
        filled = width * done // trials
        print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,} of {trials:,} deals "
              f"({100 * done // trials}%)", end="", file=err, flush=True)
    return show


def _progress_lines(err, trials: int):
    """Off a terminal (a log, a pipe): a line on *err* at each tenth of *trials*."""
    step = max(1, trials // 10)

    def show(done: int) -> None:
        if done % step < 10_000 and done >= step:  # called every 10,000 deals: the first call past each tenth
            print(f"python -m engine experiment: {done:,} of {trials:,} deals ({100 * done // trials}%)",
                  file=err, flush=True)
    return show


def _table(args: argparse.Namespace, out) -> None:
    from .tables import TABLES, book_table  # loaded only for this command: the others start faster
    if not args.name:
        for name, make in TABLES.items():
            print(f"  {name:<22} {(make.__doc__ or '').splitlines()[0]}", file=out)
        return
    if args.name not in TABLES:
        raise EngineError(f"unknown table {args.name!r}; known: {', '.join(TABLES)}")
    print(book_table(args.name).format(), file=out)


def one_line(message: str) -> str:
    """The message on one line: a character that does not print (a line break in an argument) escaped,
    and a letter that only looks like a Latin one named by its code point (engine/errors.py).

    >>> one_line("unknown card 'X\\rY'")
    "unknown card 'X\\\\rY'"
    """
    return printable(message + lookalikes(message))


COMMANDS = {"rank": _rank, "compare": _compare, "odds": _odds, "draw": _draw, "experiment": _experiment,
            "table": _table}


def main(argv: Sequence[str] | None = None, out=None, err=None) -> int:
    """Run a command; return the exit status (0, or 2 on bad input).

    >>> import io
    >>> buf = io.StringIO()
    >>> main(["rank", "AS KS QS JS TS"], out=buf)
    0
    >>> buf.getvalue().splitlines()[0]
    'Royal flush: a royal flush'
    >>> main(["rank", "AS KS"], out=buf, err=io.StringIO())
    2
    """
    real_out = out is None
    out = _encodable(out or sys.stdout)
    err = _encodable(err or sys.stderr)
    try:
        args = _parser().parse_args(argv)
    except UsageError as exc:
        print(one_line(str(exc)), file=err)
        return EXIT_BAD_INPUT
    except SystemExit as exc:  # --help has been printed
        return exc.code if isinstance(exc.code, int) else 0
    try:
        if args.command == "experiment":
            _experiment(args, out, err)
        else:
            COMMANDS[args.command](args, out)
        out.flush()  # here, so that a full device is reported here and not at exit
    except EngineError as exc:
        print(one_line(f"python -m engine {args.command}: error: {exc}"), file=err)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(f"\npython -m engine {args.command}: interrupted", file=err)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (| head): nothing more to say to it
        if real_out:
            _silence_stdout()
        return EXIT_CLOSED_PIPE
    except OSError as exc:
        reason = os.strerror(exc.errno) if exc.errno else str(exc)
        print(one_line(f"python -m engine {args.command}: error: cannot write the output: {reason}"), file=err)
        if real_out and exc.errno == errno.ENOSPC:
            _silence_stdout()
        return EXIT_OUTPUT
    return 0


def _silence_stdout() -> None:
    """Standard output pointed at /dev/null, so that Python's flush at exit finds nothing to write to a
    closed pipe or a full device (it would print 'Exception ignored')."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass
