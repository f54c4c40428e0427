"""The pool: what each player puts in, step by step, under the rules a text states.

A deal's betting is a list of :class:`Action` (plain data); :func:`replay` steps through it and
returns a :class:`Step` for each, with what the player paid, what he has in altogether, what
each player must have put in to stay in the round, and the pool. The rules are the ones Hoyle's
*Poker* states for the game it plays through (002:14-22): a limit on any one stake or raise, an
ante of at most half the limit put up blind by the Age, and "going in" by putting in double the
ante. The ante counts towards the Age's share: "he must hand in eight counters, *i.e.* nine,
less the single counter which he staked by way of ante".

A new betting round (after the draw) starts at nothing; a player who "makes good" pays what he
lacks of the others' stake; one who "goes N better" makes good and adds N.

>>> steps = replay([Action("B", "ante", 1), Action("C", "come in"), Action("D", "raise", 4)], limit=12)
>>> [(s.action.player, s.paid, s.total, s.stake, s.pool) for s in steps]
[('B', 1, 1, 2, 1), ('C', 2, 2, 2, 3), ('D', 6, 6, 6, 9)]
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .errors import BettingError

#: What a player may do, in the words of the texts.
ACTS = {
    "ante": "puts up the ante, blind",
    "come in": "goes in: makes good the stake",
    "call": "makes good the stake",
    "raise": "makes good the stake and goes better",
    "bet": "bets, the first stake of the round",
    "pass": "passes out, throwing up his cards",
    "draw": "the draw: a new round of betting begins",
}


@dataclass(frozen=True)
class Action:
    player: str  # "" for the draw
    act: str  # one of ACTS
    amount: int = 0  # the ante, the bet, or by how much he goes better


@dataclass(frozen=True)
class Step:
    action: Action
    paid: int  # what the player puts in at this step
    total: int  # what he has in the pool altogether
    round_total: int  # what he has put in this round
    stake: int  # what each player must have put in this round to stay in
    pool: int
    standing: tuple[str, ...]  # the players still in, after this step


@dataclass
class _State:
    standing: list[str] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    this_round: dict[str, int] = field(default_factory=dict)
    stake: int = 0
    pool: int = 0


def replay(actions: list[Action], *, limit: int | None, ante_limit: Fraction = Fraction(1, 2), going_in: int = 2,
           players: list[str] | None = None) -> list[Step]:
    """Step through the betting; each stake or raise is checked against the stated rules (no limit
    is checked where *limit* is None: the text states none).

    >>> deal = [Action("B", "ante", 1), Action("C", "raise", 13)]
    >>> replay(deal, limit=12)
    Traceback (most recent call last):
    ...
    engine.errors.BettingError: C goes 13 better, over the limit of 12
    """
    names = players or list(dict.fromkeys(a.player for a in actions if a.player))
    s = _State(list(names), dict.fromkeys(names, 0), dict.fromkeys(names, 0))
    steps: list[Step] = []
    for a in actions:
        if a.act not in ACTS:
            raise BettingError(f"unknown action {a.act!r} (known: {', '.join(ACTS)})")
        if a.act == "draw":
            s.this_round = dict.fromkeys(names, 0)
            s.stake = 0
            steps.append(Step(a, 0, 0, 0, 0, s.pool, tuple(s.standing)))
            continue
        if a.player not in s.standing:
            raise BettingError(f"{a.player} is not in the pool (he has passed out, or is not playing)")
        paid = 0
        if a.act == "ante":
            if limit is not None and a.amount > limit * ante_limit:
                raise BettingError(f"{a.player}'s ante of {a.amount} is over {ante_limit} of the limit of {limit}")
            paid, s.stake = a.amount, a.amount * going_in
        elif a.act in ("come in", "call"):
            paid = s.stake - s.this_round[a.player]
        elif a.act in ("raise", "bet"):
            if limit is not None and a.amount > limit:
                raise BettingError(f"{a.player} goes {a.amount} better, over the limit of {limit}")
            paid = s.stake - s.this_round[a.player] + a.amount
            s.stake += a.amount
        elif a.act == "pass":
            s.standing.remove(a.player)
        s.this_round[a.player] += paid
        s.totals[a.player] += paid
        s.pool += paid
        steps.append(Step(a, paid, s.totals[a.player], s.this_round[a.player], s.stake, s.pool, tuple(s.standing)))
    return steps


def totals(steps: list[Step]) -> dict[str, int]:
    """What each player has in the pool after the last step.

    >>> totals(replay([Action("B", "ante", 1), Action("C", "come in"), Action("B", "call")], limit=12))
    {'B': 2, 'C': 2}
    """
    out: dict[str, int] = {}
    for s in steps:
        if s.action.player:
            out[s.action.player] = s.total
    return out


def parse_actions(text: str) -> list[Action]:
    """Actions written as a claim states them: "player act [amount]", separated by semicolons.

    >>> parse_actions("Age ante 1; A come in; B raise 10; draw")
    [Action(player='Age', act='ante', amount=1), Action(player='A', act='come in', amount=0), \
Action(player='B', act='raise', amount=10), Action(player='', act='draw', amount=0)]
    """
    out = []
    for part in (p.split() for p in text.split(";") if p.strip()):
        if part == ["draw"]:
            out.append(Action("", "draw"))
            continue
        amount = int(part.pop()) if part[-1].isdigit() else 0
        if len(part) < 2 or " ".join(part[1:]) not in ACTS:
            raise BettingError(f"not an action: {' '.join(part)!r} (write 'player act [amount]', act one of "
                               f"{', '.join(ACTS)})")
        out.append(Action(part[0], " ".join(part[1:]), amount))
    return out


def table_odds(text: str, player: str, *, going_in: int = 2) -> tuple[int, int]:
    """The odds the table lays *player* after the actions: the chips in the pool, counted player by
    player, action by action, and what he must put in to stay (the stake, less what he has in this
    round). No limit is checked: the betting chapters' examples state none.

    Foster's "three men have come in, two chips each, making, with the blind, seven chips on the
    table", and his raise of ten after two men came in (the raiser puts in 2 and 10 more):

    >>> table_odds("Age ante 1; A come in; B come in; C come in", "You")
    (7, 2)
    >>> table_odds("Age ante 1; A come in; B come in; C raise 10", "You")
    (17, 12)
    >>> table_odds("Age ante 1; A come in; B come in; You come in; Age raise 10; A call", "You")
    (28, 10)
    """
    steps = replay(parse_actions(text), limit=None, going_in=going_in)
    last = steps[-1]
    paid = 0
    for s in steps:
        if s.action.act == "draw":
            paid = 0
        elif s.action.player == player:
            paid = s.round_total
    return last.pool, last.stake - paid
