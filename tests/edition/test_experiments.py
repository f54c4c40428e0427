"""Foster's experiment of coming into jack-pots: the stored simulation replays, and what it says."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from edition.model.edition import EditionErrors, load_edition
from engine.experiments import binomial_range, chi_square, coming_in

ROOT = Path(__file__).resolve().parents[2]
STORED = yaml.safe_load((ROOT / "content" / "experiments.yml").read_text(encoding="utf-8"))


@pytest.mark.slow
def test_the_stored_simulation_replays_exactly_from_its_seed():
    run = STORED["coming-into-jack-pots"]
    letters = [p["player"] for p in run["players"]]
    e = coming_in([p["cards"] for p in run["players"]], trials=run["trials"], seed=run["seed"], drawn=run["drawn"])
    assert list(e.wins) == [p["best"] for p in run["players"]]
    assert {" ".join(letters[i] for i in who): n for who, n in e.ties.items()} == \
        {t["players"]: t["deals"] for t in run["ties"]}


def test_the_simulation_is_good_to_a_tenth_of_a_point_and_fosters_hundred_deals_fit_it(real_edition):
    [e] = real_edition.experiments
    r = e.record
    assert r.trials == 1_000_000 and r.seed == 1905
    assert [round(100 * float(r.share(i)), 2) for i in range(4)] == [46.46, 19.62, 17.76, 16.15]
    assert max(1.96 * r.standard_error(i) for i in range(4)) < 0.001      # ±0.1 percentage point at most
    assert [int(c.value) for c in e.printed] == [46, 20, 16, 18]
    assert [binomial_range(100, r.share(i)) for i in range(4)] == [(37, 56), (12, 28), (11, 26), (9, 24)]
    x, p = chi_square([46, 20, 16, 18], [r.share(i) for i in range(4)])
    assert (round(x, 2), round(p, 2)) == (0.40, 0.94)


def test_the_figures_page_says_plainly_that_fosters_run_is_within_the_spread(real_edition):
    from edition.site.registry import page_markdown
    md = page_markdown(real_edition, "figures.md")
    assert "### Coming into jack-pots: Foster’s experiment, repeated { #experiment-coming-into-jack-pots }" in md
    assert "**Yes: Foster’s run is within ordinary sampling spread.**" in md
    assert "| D | 8♠ 8♥ | 161,519 | 16.15 % (16.08–16.22) |" in md


def test_stored_counts_that_do_not_add_up_to_the_trials_stop_the_build_naming_the_line(project):
    project.witness("900", "fixture", "The score is 3 in 4.\n")
    project.text("fixture", "01-run.md", "---\ntitle: Run\nwitness: \"900\"\nlines: 1-1\n---\nThe score is 3 in 4.\n")
    content = project.path / "content"
    (content / "claims.yml").write_text("- id: a-score\n  page: fixture/run\n  line: The score\n  figure: '3'\n"
                                        "  form: number\n  compute: 1 + 2\n")
    (content / "experiments.yml").write_text(
        "# header\nrun:\n  page: fixture/run\n  command: none\n  drawn: 3\n  seed: 1\n  trials: 10\n  players:\n"
        "    - {player: A, cards: Js Jh, best: 6, printed: a-score}\n"
        "    - {player: B, cards: Ts Th, best: 3, printed: a-score}\n")
    with pytest.raises(EditionErrors) as info:
        load_edition(project.path)
    assert [str(e) for e in info.value.errors] == [
        "content/experiments.yml:2: the counts of 'run' add up to 9, not its 10 trials. "
        "What to do: copy the counts again from the output of its command"]
