"""The edition's example hands beside Foster's lost card diagrams (content/diagrams.yml): each
checked by the engine to be of the class its placeholder describes, its useless cards starred."""
from __future__ import annotations

from pathlib import Path

import pytest

from edition.model.edition import EditionErrors, load_edition
from tests.helpers import markdown_of

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def edition(real_edition):
    return real_edition


def test_every_lost_diagram_of_poker_hands_has_an_example_of_its_class(edition):
    page = next(p for p in edition.pages if p.text.page_uri == "foster/poker-hands.md")
    figure_lines = [line for _, line in page.document.figures]
    mine = [d for d in edition.diagrams if d.page_uri == "foster/poker-hands.md"]
    assert [d.source_line for d in mine] == figure_lines
    assert [(d.hand_class, d.rules) for d in mine] == [
        ("No pair", "foster"), ("One pair", "foster"), ("Two pairs", "foster"), ("Three of a kind", "foster"),
        ("Straight", "foster"), ("Flush", "foster"), ("Full hand", "foster"), ("Four of a kind", "foster"),
        ("Straight flush", "foster"), ("Royal flush", "foster"), ("Blaze", "foster+blaze"),
        ("Tiger", "foster+tiger"), ("Skip", "foster+skip"), ("Round-the-corner", "foster+round-the-corner")]


def test_the_useless_cards_are_those_foster_counts_in_his_captions(edition):
    useless = {d.hand_class: " ".join(c.code for c in d.useless) for d in edition.diagrams}
    assert useless == {
        "No pair": "Jd 8c 6h 3s",        # the edition's reading: the highest card is the hand's value
        "One pair": "9d 5s 2h",          # "and three useless cards"
        "Two pairs": "4s",               # "and one useless card"
        "Three of a kind": "Kc 2s",      # "and two useless cards"
        "Straight": "", "Flush": "", "Full hand": "",  # "No useless cards"
        "Four of a kind": "3h",          # "and one useless card"
        "Straight flush": "", "Royal flush": "", "Blaze": "", "Tiger": "", "Skip": "", "Round-the-corner": "",
    }


def test_the_example_is_labelled_the_editions_and_each_useless_card_starred(edition):
    page = next(p for p in edition.pages if p.text.page_uri == "foster/poker-hands.md")
    md = markdown_of(edition, page)
    assert md.count("The edition’s example, not Foster’s (his diagram is lost):") == 14
    assert md.count('<span class="ed-star" aria-hidden="true">&#42;</span>') == 11
    assert ('<span class="ed-card ed-card-useless"><span class="ed-star" aria-hidden="true">&#42;</span>'
            '<span aria-hidden="true">9<span class="ed-suit suit-red">♦</span></span>'
            '<span class="ed-sr-only">nine of diamonds, useless</span></span>') in md
    assert ('<span class="ed-card"><span aria-hidden="true">K<span class="ed-suit">♣</span></span>'
            '<span class="ed-sr-only">king of clubs</span></span>') in md
    assert "— a blaze, kings and queens (under the rules that play it: Foster’s standard game, with the blaze); " \
           "no useless cards." in md


def test_the_odds_beneath_the_ten_standard_diagrams_are_supplied_where_fosters_tables_give_them(edition):
    lost = {c.id: (c.verdict, c.short) for c in edition.claims if c.id.startswith("foster-hands-diagram-")}
    assert lost == {
        "foster-hands-diagram-one-pair-odds": ("missing", "1¼ to 1"),
        "foster-hands-diagram-two-pairs-odds": ("missing", "20 to 1"),
        "foster-hands-diagram-threes-odds": ("missing", "46 to 1"),
        "foster-hands-diagram-straight-odds": ("missing", "254 to 1"),
        "foster-hands-diagram-flush-odds": ("missing", "508 to 1"),
        "foster-hands-diagram-full-hand-odds": ("missing", "693 to 1"),
        "foster-hands-diagram-fours-odds": ("missing", "4,164 to 1"),
        "foster-hands-diagram-straight-flush-odds": ("missing", "64,973 to 1"),
        "foster-hands-diagram-royal-flush-odds": ("missing", "649,739 to 1"),
    }
    page = next(p for p in edition.pages if p.text.page_uri == "foster/poker-hands.md")
    assert markdown_of(edition, page).count("supplied by the edition’s computation:</span> "
                                        '<span class="claim claim-missing"') == 9


TEXT = ("---\ntitle: Hands\nwitness: \"900\"\nlines: 1-2\n---\n"
        "{figure: the example of one pair: three useless cards}\n\nOne Pair.—Two cards alike.\n")


@pytest.fixture
def hands(project):
    project.witness("900", "fixture", "One Pair.—Two cards alike.\n\n")
    project.text("fixture", "01-hands.md", TEXT)
    return project


def diagrams(project, body: str) -> None:
    (project.path / "content" / "diagrams.yml").write_text("# examples\n" + body)


def test_a_good_example_is_rendered_in_the_figure_box(hands):
    diagrams(hands, "- page: fixture/hands\n  figure: example of one pair\n  class: One pair\n"
                    "  cards: Ah Ad 9c 4s 2d\n")
    ed = load_edition(hands.path)
    [d] = ed.diagrams
    assert (d.source_line, d.described, [c.code for c in d.useless]) == (6, "a pair of aces", ["9c", "4s", "2d"])
    assert '<span class="ed-diagram">' in markdown_of(ed, 0)


def test_an_example_not_of_the_class_described_stops_the_build_naming_the_line(hands):
    diagrams(hands, "- page: fixture/hands\n  figure: example of one pair\n  class: One pair\n"
                    "  cards: Ah Ad 9c 9s 2d\n")
    with pytest.raises(EditionErrors) as info:
        load_edition(hands.path)
    assert [str(e) for e in info.value.errors] == [
        "content/diagrams.yml:2: the example A♥ A♦ 9♣ 9♠ 2♦ for the figure at content/texts/fixture/01-hands.md:6 "
        "is two pairs, aces up (Two pairs) under the rules 'foster', not One pair, the class the figure shows. "
        "What to do: give cards of that class, or the rule set under which that hand is played"]


def test_an_extra_hand_outside_its_rule_set_is_not_of_its_class(hands):
    diagrams(hands, "- page: fixture/hands\n  figure: example of one pair\n  class: Blaze\n  cards: Ks Kh Qd Qc Js\n")
    with pytest.raises(EditionErrors) as info:
        load_edition(hands.path)
    assert "is two pairs, kings up (Two pairs) under the rules 'foster', not Blaze" in str(info.value)


def test_an_unknown_card_stops_the_build_naming_the_line(hands):
    diagrams(hands, "- page: fixture/hands\n  figure: example of one pair\n  class: One pair\n"
                    "  cards: Ah Ad 9c 4s 2x\n\n"
                    "- page: fixture/hands\n  figure: the example of threes\n  class: Three of a kind\n"
                    "  cards: 7s 7h 7d Kc 2s\n")
    with pytest.raises(EditionErrors) as info:
        load_edition(hands.path)
    errors = [str(e) for e in info.value.errors]
    assert errors[0].startswith("content/diagrams.yml:2: the example for the figure at "
                                "content/texts/fixture/01-hands.md:6 cannot be read (unknown card or word '2x'")
    assert errors[1].startswith("content/diagrams.yml:7: the words 'the example of threes' are on no {figure: …} "
                                "line of content/texts/fixture/01-hands.md")


def test_the_example_hand_says_it_is_the_editions_and_stars_the_useless_cards():
    from edition.sources.diagrams import Diagram, diagram_html
    from engine.cards import parse_cards
    cards = parse_cards("AS AH 7D 4C 2C")
    html = diagram_html(Diagram("foster/poker-hands.md", 1, cards, "foster", "One pair", "a pair of aces",
                                tuple(cards[2:])))
    assert html.startswith('<span class="ed-diagram"><span class="ed-diagram-label">The edition’s example, not '
                           'Foster’s (his diagram is lost):</span> <span class="ed-cards"><span class="ed-card">')
    assert html.count('<span class="ed-star" aria-hidden="true">&#42;</span>') == 3
    assert '<span class="ed-sr-only">seven of diamonds, useless</span>' in html
    assert html.endswith('— a pair of aces; an asterisk over each useless card, as Foster marks them.</span></span>')
