"""The house rules (content/house-rules.yml, edition/sources/house_rules.py, the page's data): every
matter names a law that says it is a matter of agreement, every quotation stands verbatim, every
choice is written where the law leaves it open, and the rankings published for the page are the
engine's for every combination the form offers."""
from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
import yaml

from edition.site.house_rules_page import house_rules_data, law_parts
from edition.sources.house_rules import HOUSE_DATA, build_house_rules
from engine.deal import pat_counts
from engine.errors import RulesError
from engine.rule_counts import pat_counts_for
from engine.rules import BASES, combinations, rule_set

ROOT = Path(__file__).resolve().parents[2]
RAW = (ROOT / HOUSE_DATA).read_text(encoding="utf-8")


def rebuilt(edition, raw: str):
    """The house rules built again from *raw* (a changed copy of content/house-rules.yml)."""
    allowed, refused = combinations()
    counts = pat_counts_for([rs.name for rs in allowed])
    return build_house_rules(edition.pages, yaml.safe_load(raw), raw, set(edition.law_anchors()),
                             {t.slug for t in edition.concordance}, allowed, refused, counts)


def messages(errors) -> list[str]:
    return [f"{e.line}: {e.problem}" for e in errors]


def test_every_matter_names_a_law_that_says_it_is_a_matter_of_agreement(real_edition):
    house = real_edition.house_rules
    by_law = {m.slug: m.law for m in house.matters}
    assert by_law == {"blind": 7, "variable-blind": 7, "jack-pot-ante": 7, "raise-limit": 7, "penalty": 7,
                      "straight-flush-premium": 7, "uncalled-hands": 59, "smaller-hands-jack": 60, "buck": 60,
                      "misdeal-jack": 60, "last-round": 60, "sitting-out": 61, "progressive-jacks": 63,
                      "opening-amount": 63, "four-card-openers": 73}
    for m in house.matters:
        assert m.agreed.replace('"', "") in real_edition.laws[m.law].words.replace("“", "").replace("”", "")


def test_defaults_are_fosters_rule_where_he_gives_one(real_edition):
    house = real_edition.house_rules
    fosters = {m.slug: (m.default, m.foster.page_uri, m.foster.anchor) for m in house.matters if m.foster}
    assert fosters["progressive-jacks"] == ("no", "foster/laws.md", "law-63")
    assert fosters["misdeal-jack"] == ("no", "foster/jack-pots.md", "para-8")
    assert fosters["sitting-out"] == ("agree", "foster/laws.md", "law-61")
    assert {m.slug for m in house.matters if not m.foster} == {
        "blind", "variable-blind", "jack-pot-ante", "raise-limit", "penalty", "straight-flush-premium",
        "last-round", "opening-amount"}
    assert {m.slug: [(p.page_uri, p.anchor) for p in m.passages] for m in house.matters if m.passages} == {
        "penalty": [("foster/disputed-rules.md", "para-63")], "uncalled-hands": [("foster/jack-pots.md", "para-6")],
        "smaller-hands-jack": [("foster/jack-pots.md", "para-6")]}
    assert [(c.slug, c.default) for c in house.customs] == [
        ("straddle", True), ("whangdoodle", True), ("table-stakes", False), ("kitty", False)]


def test_a_quotation_not_in_its_law_stops_the_build_naming_the_line(real_edition):
    raw = RAW.replace('agreed: "Progressive jacks are a matter of agreement"',
                      'agreed: "Progressive jacks are always played"')
    _, errors = rebuilt(real_edition, raw)
    line = next(n for n, text in enumerate(raw.splitlines(), 1) if "Progressive jacks are always played" in text)
    assert messages(errors) == [f'{line}: the words "Progressive jacks are always played" are not in Law 63 verbatim']


def test_a_law_that_does_not_exist_and_an_unknown_point_stop_the_build(real_edition):
    raw = RAW.replace("    law: 73\n", "    law: 78\n").replace("topic: the-buck", "topic: the-bucks")
    _, errors = rebuilt(real_edition, raw)
    assert [e.problem for e in errors] == ["no point 'the-bucks' in content/concordance.yml", "there is no Law 78"]


def test_a_base_the_engine_refuses_extra_hands_with_must_say_why(real_edition):
    raw = RAW.replace('      refuses: "The extra hands are ranked only by writers describing the standard game, so '
                      'they are not offered with the early game."\n', "")
    _, errors = rebuilt(real_edition, raw)
    assert [e.problem for e in errors] == ["the engine refuses early+big-dog, but the base 'early' says nothing of it"]


def test_a_choice_is_written_after_the_laws_words_which_stay_unchanged(real_edition):
    data = house_rules_data(real_edition)
    laws = {law["number"]: law for s in data["sections"] for law in s["laws"]}
    assert len(laws) == 77
    for n, law in laws.items():
        text = "".join(p.get("text", "") for p in law["parts"])
        assert text == real_edition.laws[n].words
    seven = laws[7]["parts"]
    assert [p["slot"]["slug"] for p in seven if "slot" in p] == [
        "blind", "jack-pot-ante", "raise-limit", "variable-blind", "penalty", "straight-flush-premium"]
    assert seven[0] == {"text": "Limits must be agreed upon, before play begins, for the amount of the blind"}
    sixty_three = [p.get("slot", {}).get("text") for p in laws[63]["parts"]]
    assert sixty_three[1] == "not played: the openers are always jacks or better"
    assert laws[28]["parts"][1]["slot"] == {"kind": "custom", "slug": "straddle",
                                            "text": "not played at this table: no one may straddle", "shown": False}


def test_law_parts_cut_after_each_slot_in_the_order_of_the_law():
    parts = law_parts("One, “two,” three.", [("three.", {"n": 2}), ('"two,"', {"n": 1})])
    assert parts == [{"text": "One, “two,”"}, {"slot": {"n": 1}}, {"text": " three."}, {"slot": {"n": 2}}]


def form_combinations() -> list[str]:
    """Every combination the form can make, as the page's script names it (house-rules.js: hands()):
    a base, the extra hands it allows, one placing of the round-the-corner or none."""
    extras = ["big-dog", "blaze", "mistigris", "skip", "tiger"]
    out = set()
    for base in BASES:
        for n in range(len(extras) + 1):
            for chosen in itertools.combinations(extras, n):
                for corner in ("", "round-the-corner", "round-the-corner-low"):
                    kept = [x for x in chosen if base == "foster" or (base != "foster-proper" and x == "mistigris")]
                    if corner and base == "foster":
                        kept.append(corner)
                    out.add("+".join([base, *sorted(kept)]))
    return sorted(out)


def test_the_page_offers_exactly_the_combinations_the_engine_allows(real_edition):
    offered = form_combinations()
    assert len(offered) == 101
    assert sorted(real_edition.house_rules.rankings) == offered
    for name in offered:
        assert rule_set(name).name == name
    with pytest.raises(RulesError):
        rule_set("early+blaze")


def published_rankings(edition) -> dict:
    return json.loads(house_rules_data(edition)["rankings_json"])


@pytest.mark.parametrize("name", ["foster+blaze+mistigris+tiger", "foster-proper", "early+mistigris",
                                  "no-straights", "foster+round-the-corner-low+skip"])
def test_the_published_ranking_is_the_engines_whole_classification(real_edition, name):
    """The page's ranking for a combination: the engine's classes highest first, and the counts that
    classing every hand under exactly that rule set gives (deal.pat_counts)."""
    rows = published_rankings(real_edition)["rankings"][name]
    counts = pat_counts(name)
    assert [r[0] for r in rows] == [c.value for c in reversed(rule_set(name).ascending)]
    assert [r[1] for r in rows] == [counts[c] for c in reversed(rule_set(name).ascending)]


def test_every_published_ranking_is_the_engines(real_edition):
    data = published_rankings(real_edition)
    allowed = [rs.name for rs in combinations()[0]]
    counts = pat_counts_for(allowed)
    for name, n in zip(allowed, counts, strict=True):
        rs = rule_set(name)
        assert data["rankings"][name] == [[c.value, n[c], data["rankings"][name][i][2], len(rs.tiers) - rs.tier(c)]
                                          for i, c in enumerate(reversed(rs.ascending))]
        assert data["totals"][name] == sum(n.values()) == (2869685 if rs.joker else 2598960)
    assert [row[3] for row in data["rankings"]["foster"]] == [1, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert [(row[0], row[3]) for row in data["rankings"]["foster-proper"]][6:9] == [
        ("Big dog", 6), ("Tiger", 6), ("Flush", 7)]
    foster = {row[0]: row[2] for row in data["rankings"]["foster"]}
    assert foster["Royal flush"] == "649,739 to 1" and foster["One pair"] == "1¼ to 1"
