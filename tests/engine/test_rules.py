"""The rule sets: names as printed, every source quoted from the line it cites, combinations."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.errors import RulesError
from engine.rules import (
    ALIASES,
    BASES,
    BLAZE_READINGS,
    CLASS_SOURCES,
    DEFINITIONS,
    RULE_ALIASES,
    VARIANTS,
    HandClass,
    four_card_straight,
    hand_class,
    rule_names,
    rule_set,
)
from engine.tables import TABLES

ROOT = Path(__file__).resolve().parents[2]
WITNESSES = ROOT / "content" / "witnesses"
H = HandClass


def _witness_lines() -> dict[str, list[str]]:
    registry = yaml.safe_load((WITNESSES / "witnesses.yml").read_text(encoding="utf-8"))
    return {wid: (WITNESSES / w["file"]).read_text(encoding="utf-8").splitlines()
            for wid, w in registry.items()}


def _all_sources():
    for cls, sources in CLASS_SOURCES.items():
        for s in sources:
            yield f"class {cls.name}", s
    for base in BASES.values():
        for s in base.sources:
            yield f"rules {base.name}", s
    for variant in VARIANTS.values():
        for s in variant.sources:
            yield f"variant {variant.name}", s
    for name, make in TABLES.items():
        yield f"table {name}", make().source


def test_every_quotation_stands_on_the_witness_line_it_cites():
    lines = _witness_lines()
    wrong = []
    for where, source in _all_sources():
        first, _, last = source.lines.partition("-")
        span = "\n".join(lines[source.witness][int(first) - 1:int(last or first)])
        if source.quote not in span:
            wrong.append(f"{where}: {source} does not contain {source.quote!r}")
    assert not wrong, "\n".join(wrong)


def test_class_names_are_those_printed_in_fosters_table_of_poker_hands():
    table = "\n".join(_witness_lines()["000"][1840:1849])       # 000:1841-1849
    for cls in (H.STRAIGHT_FLUSH, H.FOUR_OF_A_KIND, H.FULL_HAND, H.FLUSH, H.STRAIGHT, H.THREE_OF_A_KIND,
                H.TWO_PAIRS, H.ONE_PAIR, H.NO_PAIR):
        assert cls.value in table


def test_every_class_has_a_source_and_every_extra_hand_a_definition():
    assert set(CLASS_SOURCES) == set(HandClass)
    extras = {H.BLAZE, H.SKIP, H.TIGER, H.BIG_DOG, H.ROUND_THE_CORNER, H.FIVE_OF_A_KIND}
    assert set(DEFINITIONS) == extras
    assert {v.adds for v in VARIANTS.values()} == extras


def test_fosters_standard_game_ranks_the_ten_classes_from_no_pair_to_royal_flush():
    rs = rule_set("foster")
    assert rs.ascending == (H.NO_PAIR, H.ONE_PAIR, H.TWO_PAIRS, H.THREE_OF_A_KIND, H.STRAIGHT, H.FLUSH,
                            H.FULL_HAND, H.FOUR_OF_A_KIND, H.STRAIGHT_FLUSH, H.ROYAL_FLUSH)
    assert rs.tier(H.ROYAL_FLUSH) == rs.tier(H.STRAIGHT_FLUSH)      # the royal is the top straight flush
    assert rs.pack_size == 52 and rs.straights and not rs.joker


def test_every_extra_hand_played_together_stands_where_its_source_puts_it():
    rs = rule_set("blaze,skip,tiger,big-dog,round-the-corner")
    assert rs.ascending == (H.NO_PAIR, H.ONE_PAIR, H.TWO_PAIRS, H.BLAZE, H.SKIP, H.THREE_OF_A_KIND,
                            H.STRAIGHT, H.ROUND_THE_CORNER, H.TIGER, H.BIG_DOG, H.FLUSH, H.FULL_HAND,
                            H.FOUR_OF_A_KIND, H.STRAIGHT_FLUSH, H.ROYAL_FLUSH)
    assert rs.tier(H.ROUND_THE_CORNER) == rs.tier(H.STRAIGHT)
    assert rs.round_the_corner == "above-lowest"
    assert rule_set("round-the-corner-low").round_the_corner == "lowest"


def test_fosters_proper_rank_follows_his_printed_order():
    rs = rule_set("foster-proper")
    order = [c for c in rs.ascending]
    assert order.index(H.SKIP) == order.index(H.STRAIGHT) + 1
    assert rs.tier(H.TIGER) == rs.tier(H.BIG_DOG)
    assert rs.tier(H.FLUSH) < rs.tier(H.TIGER) < rs.tier(H.FULL_HAND) < rs.tier(H.ROUND_THE_CORNER) \
        < rs.tier(H.BLAZE) < rs.tier(H.FOUR_OF_A_KIND)


def test_early_game_and_no_straights():
    early = rule_set("early")
    assert early.tier(H.TWO_PAIRS) < early.tier(H.STRAIGHT) < early.tier(H.THREE_OF_A_KIND)
    none = rule_set("no-straights")
    assert not none.straights and not none.plays(H.STRAIGHT) and not none.plays(H.STRAIGHT_FLUSH)


def test_mistigris_adds_five_of_a_kind_at_the_top_and_the_joker_to_the_pack():
    rs = rule_set("mistigris")
    assert rs.ascending[-1] is H.FIVE_OF_A_KIND and rs.pack_size == 53 and rs.joker
    assert rule_set("early,mistigris").joker


def test_rule_names_aliases_and_combinations():
    assert rule_names()[:4] == list(BASES)
    for alias, name in RULE_ALIASES.items():
        assert rule_set(alias) == rule_set(name)
    assert rule_set("tiger+blaze") is rule_set("tiger+blaze")
    assert rule_set("blaze,tiger").name == rule_set("tiger+blaze").name == "foster+blaze+tiger"
    assert rule_set("foster,blaze") == rule_set("blaze")


@pytest.mark.parametrize("spec,message", [
    ("bogus", "unknown rules 'bogus'"),
    ("early,skip", "cannot be combined with 'early'"),
    ("no-straights,tiger", "cannot be combined with 'no-straights'"),
    ("foster,early", "two base games"),
    ("round-the-corner,round-the-corner-low", "name one"),
    ("foster-proper,blaze", "already plays every extra hand"),
    ("foster-proper,mistigris", "frequencies in a pack of 52 cards"),
    ("", "no rules named"),
])
def test_bad_rule_sets_are_errors_that_say_why(spec, message):
    with pytest.raises(RulesError, match=message):
        rule_set(spec)


def test_class_names_and_aliases_are_understood():
    assert hand_class("Full hand") is H.FULL_HAND
    assert hand_class("full") is H.FULL_HAND
    assert hand_class("little dog") is H.TIGER
    assert hand_class("ROUND_THE_CORNER") is H.ROUND_THE_CORNER
    assert all(hand_class(name) is cls for name, cls in ALIASES.items())
    assert all(hand_class(cls.value) is cls for cls in HandClass)
    with pytest.raises(RulesError, match="unknown class of hand"):
        hand_class("kilter")


def test_a_class_not_played_has_no_tier():
    with pytest.raises(RulesError, match="not played"):
        rule_set("foster").tier(H.BLAZE)


@pytest.mark.parametrize("ranks,kind", [
    ((7, 6, 5, 4, 13), "open-end"),      # "four, five, six, seven" (000:2173)
    ((5, 4, 3, 2, 9), "open-end"),       # filled by an ace or a six
    ((13, 12, 11, 10, 2), "open-end"),   # filled by an ace or a nine
    ((14, 13, 12, 11, 5), "one-end"),    # "ace, king, queen, jack" (000:2172)
    ((14, 4, 3, 2, 9), "one-end"),       # "ace, two, three, four"
    ((12, 10, 9, 8, 3), "inside"),       # "eight, nine, ten, queen" (000:2149)
    ((14, 5, 3, 2, 9), "inside"),        # the ace low, the four missing
    ((14, 13, 12, 10, 5), "inside"),     # the ace high, the jack missing
    ((7, 6, 4, 2, 13), None),            # "two, four, six, seven" lacks two cards (Foster's slip)
    ((13, 14, 2, 3, 8), None),           # the ace is never in the middle
])
def test_four_cards_of_a_straight_by_fosters_kinds(ranks, kind):
    assert four_card_straight(ranks) == kind


def test_the_blaze_is_read_from_the_source_passage_of_each_rule_set():
    assert rule_set("foster-proper").blaze == "court-cards"          # 000:698 "must be all court cards"
    assert rule_set("blaze").blaze == "two-pairs"                     # 000:2082 "Although only two pairs"
    assert set(BLAZE_READINGS) == {"two-pairs", "court-cards"}
    sources = {str(s) for s in rule_set("foster-proper").sources}
    assert "000:698" in sources


def test_hoyles_tiger_is_not_cited_for_fosters_tiger():
    # Hoffmann's tiger (002:134) is "the lowest straight that can be made", another hand.
    cited = {str(s) for s in CLASS_SOURCES[H.TIGER]} | {str(s) for s in VARIANTS["tiger"].sources}
    assert not any(c.startswith("002:") for c in cited)
