"""The deals the texts play through, replayed by the engine (edition/sources/replays.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from edition.model.edition import EditionErrors, load_edition
from tests.helpers import markdown_of

ROOT = Path(__file__).resolve().parents[2]

WITNESS = """\
The limit is twelve counters, and the ante must not exceed one-half the limit; going in, he puts in double the amount staked by the Age.
A, the Age, antes a single counter. B makes good the ante, and must hand in two counters.
A holds ace and king of spades, queen of hearts, and two and three of clubs, nothing at all. B holds knave and ten of diamonds, ten of hearts, four of spades and five of clubs, a pair of tens.
A sees him, and B wins the pool.
"""  # noqa: E501 (the witness's lines, as long as printed)
DEAL = """\
- id: two
  page: fixture/deal
  title: A deal for two
  players: [A, B]
  rules:
    limit: {value: 12, quote: 'The limit is twelve counters'}
    ante_limit: {value: 1/2, quote: 'must not exceed one-half the limit'}
    going_in: {value: 2, quote: 'double the amount staked by the Age'}
  hands:
    A:
      dealt: {quote: 'ace and king of spades, queen of hearts, and two and three of clubs'}
      says: [{quote: 'nothing at all', class: No pair}]
    B:
      dealt: {quote: 'knave and ten of diamonds, ten of hearts, four of spades and five of clubs'}
      says: [{quote: 'a pair of tens', describes: 'a pair of tens'}]
  betting:
    - {player: A, act: ante, amount: 1, quote: 'antes a single counter'}
    - {player: B, act: come in, quote: 'B makes good the ante',
       figure: 'two counters', what: paid, line: 'must hand in two counters'}
  endings:
    - {player: A, act: call, quote: 'A sees him, and B wins the pool', winner: B}
"""


def deal_project(project, witness: str = WITNESS, deal: str = DEAL):
    project.witness("901", "fixture", witness)
    body = "\n\n".join(witness.splitlines())
    project.text("fixture", "01-deal.md", f"---\ntitle: Deal\nwitness: \"901\"\nlines: 1-4\n---\n{body}\n")
    (project.path / "content" / "deals.yml").write_text(deal)
    return project


def errors_of(project) -> list[str]:
    with pytest.raises(EditionErrors) as info:
        load_edition(project.path)
    return [str(e) for e in info.value.errors]


def test_a_deal_is_replayed_to_its_ending_and_its_stated_amounts_are_checked_figures(project):
    ed = load_edition(deal_project(project).path)
    [r] = ed.deals
    assert [(s.action.player, s.paid, s.pool) for s in r.steps] == [("A", 1, 1), ("B", 2, 3)]
    [end] = r.endings
    assert (end.winner, end.pool, end.showdown, end.net) == ("B", 4, "a pair of tens beats ace high", {"A": -2, "B": 2})
    [c] = ed.claims
    assert (c.id, c.verdict, c.exact, c.source_line) == ("two-two-counters", "exact", "2", 8)
    assert 'id="claim-two-two-counters"' in markdown_of(ed, 0)


def test_an_amount_the_text_states_wrongly_fails_the_build_naming_the_line(project):
    witness = WITNESS.replace("must hand in two counters", "must hand in three counters")
    deal = DEAL.replace("figure: 'two counters', what: paid, line: 'must hand in two counters'",
                        "figure: 'three counters', what: paid, line: 'must hand in three counters'")
    assert errors_of(deal_project(project, witness, deal)) == [
        "content/texts/fixture/01-deal.md:8: the printed figure 'three counters' (claim 'two-three-counters', "
        "content/deals.yml:19) disagrees with the computation: 2. What to do: correct the claim, or acknowledge a "
        "verdict (author-error, slip, misprint, missing) with its reason in content/verdicts.yml"]


def test_an_acknowledged_verdict_lets_a_wrong_amount_stand(project):
    witness = WITNESS.replace("must hand in two counters", "must hand in three counters")
    deal = DEAL.replace("figure: 'two counters', what: paid, line: 'must hand in two counters'",
                        "figure: 'three counters', what: paid, line: 'must hand in three counters'")
    deal_project(project, witness, deal)
    (project.path / "content" / "verdicts.yml").write_text(
        "two-three-counters:\n  verdict: author-error\n  reason: He miscounts.\n")
    [c] = load_edition(project.path).claims
    assert (c.verdict, c.reason, c.exact) == ("author-error", "He miscounts.", "2")


def test_what_the_text_says_of_a_hand_is_checked(project):
    deal = DEAL.replace("describes: 'a pair of tens'", "describes: 'a pair of knaves'")
    assert errors_of(deal_project(project, deal=deal)) == [
        "content/deals.yml:15: deal 'two': the text says 'a pair of tens' of B's hand, but the engine finds a pair "
        "of tens. What to do: check the quotation and the cards; an error of the author's is noted on the page "
        "with {sic: …}, not here"]


def test_a_quotation_not_in_the_text_fails_the_build(project):
    deal = DEAL.replace("'antes a single counter'", "'antes one counter'")
    assert errors_of(deal_project(project, deal=deal))[0].startswith(
        "content/deals.yml:17: deal 'two': the words 'antes one counter' are not on content/texts/fixture/01-deal.md")


def test_a_card_dealt_to_two_players_fails_the_build(project):
    def two_aces(text: str) -> str:
        return text.replace("knave and ten of diamonds", "ace and ten of diamonds").replace(
            "queen of hearts", "ace of diamonds")
    witness, deal = two_aces(WITNESS), two_aces(DEAL)
    assert errors_of(deal_project(project, witness, deal)) == [
        "content/deals.yml:14: deal 'two': the ace of diamonds is given to A and to B. What to do: a pack has "
        "each card once: check the quotations"]


def test_an_ending_the_engine_does_not_bear_out_fails_the_build(project):
    deal = DEAL.replace("winner: B", "winner: A")
    assert errors_of(deal_project(project, deal=deal)) == [
        "content/deals.yml:21: deal 'two': the text says 'A sees him, and B wins the pool', but the engine has B "
        "win (a pair of tens beats ace high). What to do: check the ending"]


@pytest.fixture(scope="module")
def hoyle(real_edition):
    [r] = [d for d in real_edition.deals if d.id == "hoyle-five-players"]
    return r


def test_hoyles_hands_are_read_from_the_texts_words(hoyle):
    from engine.cards import format_cards
    assert {h.player: format_cards(h.dealt) for h in hoyle.hands} == {
        "B": "Ah Qd 3d Qc 5s", "C": "Ac 3s 4s 9h 2d", "D": "Th 8h Ts Jc 8d", "E": "8c 3c Kh 4h Js"}
    assert {h.player: format_cards(h.final) for h in hoyle.hands} == {
        "B": "Ah Qd Qc Qh 9d", "C": "Ac 3s 4s 2d Jd", "D": "Th 8h Ts 8d 5d", "E": "8c Kh 4h Js As"}


def test_hoyles_counters_come_to_thirty_six_before_the_draw_and_the_two_endings(hoyle):
    assert [s.pool for s in hoyle.steps if s.action.act == "draw"] == [36]
    assert [(e.winner, e.pool, e.net["B"], e.net["E"]) for e in hoyle.endings] == [
        ("B", 101, 62, -39), ("E", 91, -29, 52)]


def test_hoyles_two_card_draw_is_nearly_as_good_as_three(hoyle):
    [b] = [h for h in hoyle.hands if h.player == "B"]
    assert (b.improve.to_one(), str(b.improve.chance), b.instead[1].to_one(), str(b.instead[1].chance)) == (
        "2¾ to 1", "280/1081", "2½ to 1", "1552/5405")


def test_hoyles_stated_amounts_hold_but_his_maximum_of_ten_is_his_error(real_edition):
    ed = real_edition
    got = {c.id.removeprefix("hoyle-five-players-"): (c.verdict, c.exact) for c in ed.claims
           if c.id.startswith("hoyle-five-players-")}
    assert got == {"two-counters": ("exact", "2"), "six-counters": ("exact", "6"), "nine-counters": ("exact", "9"),
                   "eight-counters": ("exact", "8"), "seven-counters": ("exact", "7"),
                   "three-counters": ("exact", "3"), "nine-counters-each": ("exact", "9"),
                   "ten": ("author-error", "12")}


# The statements of the deal that are not amounts (issue 16, item 4).
def test_hoyles_draws_to_a_full_and_to_a_sequence_are_counted_from_the_unseen_cards(hoyle):
    after = {(h.player, c.quote.split(",")[0]): (c.engine, c.holds) for h in hoyle.hands for c in h.after}
    assert after[("D", "on the chance of drawing another eight or ten")] == (
        "4 of the 47 unseen make full hand or better: 8♣ 8♠ 10♣ 10♦", True)
    assert after[("C", "in the hope of completing his sequence")] == (
        "4 of the 47 unseen make straight or better: 5♣ 5♦ 5♥ 5♠", True)


def test_hoyles_judgments_of_play_are_listed_with_their_reasons(hoyle):
    assert [u.quote[:28] for u in hoyle.unchecked] == [
        "He has nearly as good a chan", "leaving it to be inferred th", "D has but a moderate hand, f",
        'He has "threes," a much more', "tends to indicate that he ha", "a sign of a pretty strong ha"]
    assert all(u.reason for u in hoyle.unchecked)


DRAWN = DEAL.replace("""      says: [{quote: 'a pair of tens', describes: 'a pair of tens'}]
""", """      says: [{quote: 'a pair of tens', describes: 'a pair of tens'}]
      discard: {cards: 'four of spades', quote: 'four of spades'}
      drawn: {quote: 'queen of hearts'}
      draw_says: [{quote: 'a pair of tens', class: Three of a kind, outs: 3}]
""").replace("queen of hearts, and two", "queen of clubs, and two").replace(
    "ace and king of spades, queen of hearts, and", "ace and king of spades, queen of clubs, and")


def test_a_draw_the_text_counts_wrongly_fails_the_build_naming_the_line(project):
    witness = WITNESS.replace("queen of hearts, and two", "queen of clubs, and two").replace(
        "a pair of tens.", "a pair of tens; he draws the queen of hearts.")
    [err] = errors_of(deal_project(project, witness, DRAWN))
    assert err.startswith("content/deals.yml:")
    assert "the text says 'a pair of tens' of B's hand, but the engine finds 2 of the 47 unseen make three of a " \
        "kind or better" in err
    ok = DRAWN.replace("outs: 3", "outs: 2")
    [r] = load_edition(deal_project(project, witness, ok).path).deals
    assert [c.holds for h in r.hands for c in h.after] == [True]
