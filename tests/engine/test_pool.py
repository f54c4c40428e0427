"""The pool: counters stepped through under the rules Hoyle states (engine.pool)."""
from __future__ import annotations

import pytest

from engine.errors import BettingError
from engine.pool import Action, parse_actions, replay, table_odds, totals

# Hoyle's five-player deal before the draw (002:18-22): B, the Age, antes one; C makes good;
# D goes four better; E three better; A passes; B, C and D make good.
BEFORE = [Action("B", "ante", 1), Action("C", "come in"), Action("D", "raise", 4), Action("E", "raise", 3),
          Action("A", "pass"), Action("B", "call"), Action("C", "call"), Action("D", "call")]
AFTER = [Action("", "draw"), Action("C", "pass"), Action("D", "bet", 5), Action("E", "raise", 10),
         Action("B", "raise", 5), Action("D", "pass"), Action("E", "raise", 10)]


def test_making_good_pays_what_the_player_lacks_of_the_stake_with_the_ante_counted():
    steps = replay(BEFORE, limit=12)
    assert [(s.action.player, s.paid, s.total) for s in steps] == [
        ("B", 1, 1), ("C", 2, 2), ("D", 6, 6), ("E", 9, 9), ("A", 0, 0), ("B", 8, 9), ("C", 7, 9), ("D", 3, 9)]
    assert steps[-1].pool == 36 and steps[-1].standing == ("B", "C", "D", "E")


def test_a_new_round_after_the_draw_starts_from_nothing():
    steps = replay(BEFORE + AFTER, limit=12)
    assert [(s.action.player, s.paid, s.round_total, s.stake) for s in steps[-6:]] == [
        ("C", 0, 0, 0), ("D", 5, 5, 5), ("E", 15, 15, 15), ("B", 20, 20, 20), ("D", 0, 5, 20), ("E", 15, 30, 30)]
    assert steps[-1].pool == 91
    assert totals(steps) == {"B": 29, "C": 9, "D": 14, "E": 39, "A": 0}


def test_a_raise_over_the_limit_is_refused():
    with pytest.raises(BettingError, match="E goes 13 better, over the limit of 12"):
        replay([Action("B", "ante", 1), Action("E", "raise", 13)], limit=12)


def test_an_ante_over_half_the_limit_is_refused():
    with pytest.raises(BettingError, match="B's ante of 7 is over 1/2 of the limit of 12"):
        replay([Action("B", "ante", 7)], limit=12)


def test_a_player_who_has_passed_out_cannot_bet_again():
    with pytest.raises(BettingError, match="A is not in the pool"):
        replay([Action("B", "ante", 1), Action("A", "pass"), Action("A", "call")], limit=12)


# The betting chapter's pools, recounted action by action (issue 16, item 2d).
def test_the_table_odds_count_every_chip_put_in_player_by_player():
    # three men in at two chips each with the blind: 7 on the table, 2 to come in (Foster: "7 to 2")
    assert table_odds("Age ante 1; A come in; B come in; C come in", "You") == (7, 2)
    # a raise of ten after two men came in: the raiser puts in 2 and 10 more, 17 on the table, 12 to come in
    assert table_odds("Age ante 1; A come in; B come in; C raise 10", "You") == (17, 12)
    # your own two chips count to the table once in: 28 after the age's raise is seen, 10 for you to see it
    assert table_odds("Age ante 1; A come in; B come in; You come in; Age raise 10; A call", "You") == (28, 10)
    # the blind, to stay, puts in only what he lacks of the stake
    assert table_odds("Age ante 1; A come in; B come in; C come in", "Age") == (7, 1)


def test_an_action_the_pool_does_not_know_is_refused_by_name():
    with pytest.raises(BettingError, match="not an action: 'A bluffs'"):
        parse_actions("Age ante 1; A bluffs")
