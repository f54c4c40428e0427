"""The tables the books print, computed; Foster's figures where his arithmetic holds."""
from __future__ import annotations

import pytest

from engine import deal
from engine.tables import TABLES, book_table


def _clear_caches() -> None:
    deal.clear_caches()


@pytest.mark.slow  # every table from cold caches, one after another: seconds; make test runs it
def test_every_table_the_books_print_is_computed_from_a_cold_start():
    # How fast is measured by bench/engine.py (slowest table), never here.
    for name, make in TABLES.items():
        _clear_caches()
        table = make()
        assert table.name == name and table.rows, name
        assert all(0 < r.chance < 1 for r in table.rows), name


def test_dr_poles_triplets_are_three_times_624_too_many_and_give_keller_his_45_to_1():
    rows = book_table("pole").rows
    assert [(r.count, r.odds.to_one()) for r in rows] == [
        (10_200, "254 to 1"), (54_912, "46 to 1"), (56_784, "45 to 1")]
    assert rows[2].count - rows[1].count == 3 * 624


def test_fosters_table_of_poker_hands():
    rows = {r.label: r for r in book_table("poker-hands").rows}
    assert {label: r.count for label, r in rows.items()} == {
        "Straight flush": 40, "Four of a kind": 624, "Full hand": 3_744, "Flush": 5_108, "Straight": 10_200,
        "Three of a kind": 54_912, "Two pairs": 123_552, "One pair": 1_098_240, "No pair": 1_302_540}
    printed = {"Straight flush": "64,973 to 1", "Four of a kind": "4,164 to 1", "Full hand": "693 to 1",
               "Straight": "254 to 1", "Three of a kind": "46 to 1", "Two pairs": "20 to 1", "One pair": "1¼ to 1"}
    for label, odds in printed.items():                                              # 000:1841-1848
        assert rows[label].odds.to_one() == odds


def test_fosters_improvement_in_pairs_and_the_britannicas_chances():
    assert [r.count for r in book_table("improvement-in-pairs").rows][:5] == [45, 165, 1_854, 2_592, 11_559]
    chances = {r.label.split(" | ")[1]: r for r in book_table("britannica-chances").rows}
    assert chances["To fill when both ends open as 3, 4, 5, 6"].odds.one_in() == "1 in 6"          # 001:69
    assert chances["To fill the flush drawing one card"].odds.one_in() == "1 in 5¼"                # 001:70: 1 in 5
    assert chances["To fill the straight flush drawing one card"].odds.one_in() == "1 in 23½"      # 001:71
    assert chances["To make a flush drawing two cards"].odds.one_in() == "1 in 24"                 # 001:72


def test_the_proper_rank_table_counts_each_extra_hand():
    rows = {r.label: r.count for r in book_table("proper-rank").rows}
    assert rows["Skip or Dutch Straight"] == 6_120 and rows["Round-the-corner Straight"] == 3_060
    assert rows["Tiger (big or little dog)"] == 4_080 and rows["Blaze"] == 768     # any five court cards (000:698)
    assert rows["Full Hand"] == 3_744 - 144 and rows["Three of a Kind"] == 54_912 - 192
    assert rows["Royal Flush"] == 4 and rows["Straight Flush"] == 40


def test_an_unknown_table_is_an_error():
    with pytest.raises(KeyError, match="unknown table"):
        book_table("nonsense")


def test_tables_format_as_text():
    text = book_table("two-pairs").format()
    assert text.splitlines()[0] == "TABLE OF TWO PAIRS (000:1865-1881)"
    assert "Treys up" in text and "1,584" in text
