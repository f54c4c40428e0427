"""Claims: the figures the texts print, computed by the engine and given a verdict.

A claim binds a printed figure to a computation. This module knows nothing of pages or files: it
evaluates a computation (``compute``), reads a printed figure (``printed_value``) and judges the
two (``judge``) under the edition's one tolerance rule:

    A printed figure is EXACT when it equals the exact value. It is a FAIR ROUNDING when it is the
    exact value rounded to the precision the author printed — to the nearest whole number when he
    prints a whole number, to the nearest quarter when he prints quarters, to the nearest tenth for
    odds like 13 to 10, and so on — or, where his words say "about", "nearly", "almost" or "not
    quite", when it is within 5 per cent of it; a figure his words make a bound ("more than 5 to
    1", "less than three to one") is fair when the exact value lies beyond it on the side he says,
    or within 5 per cent of it.
    A SHARE ("four times out of five", "five pots out of six", "9 in 47") and a MULTIPLE in words
    ("twice", "three times as often") have no printed unit to round to: the author chose the
    fraction or the multiple, so each is held to the 5 per cent of "about", whatever words stand
    before it ("five times out of six" is not a fair rounding of 0.77 to the nearest sixth, nor
    "almost twice" of 1.67 to the nearest whole number).
    Anything else disagrees, and needs an acknowledged verdict.

    A COMPARISON ("a tiger is harder to get than a pat flush") is computed as the ratio of the
    chance (or count) the author says is the greater to the one he says is the less; it is EXACT
    when that ratio is above 1, and disagrees otherwise (the two are equal, or the other way round).

Computations are small expressions over the engine, e.g. ``pat("Full hand")``,
``table("two-pairs", "Fives up")``, ``draw("Js Jh 7d 4c 2s", "7d 4c 2s", "Two pairs")``,
``comb(13, 5) * 4``; the result is a Fraction (a chance) or an integer (a count). The functions
(``FUNCTIONS``): ``pat``, ``pat_count``, ``pat_at_least`` (a class or better),
``pat_as_good_as`` (a hand or better), ``beaten_by_one`` (one other hand beats this one),
``table``, ``draw`` (its target may be "as good as: <five cards>"), ``bobtails`` (pat
bobtails that are not openers), ``straights_with`` (the sequences of five ranks holding a
rank), ``pool``, ``to_call`` and ``pool_odds`` (the chips in the pool after a list of actions
"Age ante 1; A come in; B raise 10", counted player by player; what a player must put in; the
odds the table lays him), ``four_straights`` (pat hands holding four cards of a straight of one kind, under a
stated reading), ``comb``, ``Fraction``; and the seeded simulations of
``engine.simulations`` for claims that need a model of several players: ``duel`` (two players
drawing against each other), ``duel_both_improved``, ``duel_any`` (two kept shapes of ranks
drawn at random), ``someone_holds`` (one of several hands from one pack), ``others_hold`` (the
same with your hand dealt), ``field_beats`` (one of several players, drawing, beats a hand, which
stands or draws) and ``best_of`` (Foster's experiment of coming into jack-pots); ``pool_limits``
and ``pool_white`` count a pool in limits and white chips.
"""
from __future__ import annotations

import ast
import itertools
import math
import operator
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from . import ranking, simulations
from .cards import RANKS, parse_card, rank_word
from .deal import bobtails_dealt, four_card_straights_dealt, hands_at_least, hands_beating, pat_counts
from .draws import draw
from .experiments import coming_in
from .idiom import FROM_VULGAR, Odds, mixed, parse_number
from .pool import table_odds
from .rules import hand_class, rule_set, straight_top
from .tables import book_table

APPROXIMATE_WORDS = ("about", "nearly", "almost", "not quite", "roughly", "more than", "less than")
TOLERANCE_ABOUT = Fraction(5, 100)


@cache
def _pat_counts(rules: str) -> tuple[dict, int]:
    """The pat-hand counts of a rule set, once per process."""
    counts = pat_counts(rules)
    return counts, sum(counts.values())


def _pat(name: str, rules: str = "foster") -> Fraction:
    counts, total = _pat_counts(rules)
    return Fraction(counts[hand_class(name)], total)


def _pat_count(name: str, rules: str = "foster") -> int:
    return _pat_counts(rules)[0][hand_class(name)]


def _pat_at_least(name: str, rules: str = "foster") -> Fraction:
    """The chance of a pat hand of the class or a higher one ("better than two pairs" is
    ``pat_at_least("Three of a kind")``)."""
    counts, total = _pat_counts(rules)
    rs, cls = rule_set(rules), hand_class(name)
    return Fraction(sum(n for c, n in counts.items() if rs.tier(c) >= rs.tier(cls)), total)


def _pat_as_good_as(hand: str, rules: str = "foster") -> Fraction:
    """The chance of a pat hand as good as *hand* or better ("jacks or better")."""
    return Fraction(hands_at_least(hand, rules), _pat_counts(rules)[1])


def _beaten_by_one(hand: str, rules: str = "foster") -> Fraction:
    """The chance that one other player's pat hand, five of the 47 cards *hand* leaves, beats it."""
    return Fraction(*hands_beating(hand, rules))


def _straights_with(rank: str = "") -> int:
    """How many sequences of five ranks (the ace high or low) hold a card of *rank* ("T", "A"),
    or all of them ("").

    >>> _straights_with(), _straights_with("T"), _straights_with("A"), _straights_with("6")
    (10, 5, 2, 5)
    """
    wanted = parse_card(rank + "s").rank if rank else None
    return sum(1 for ranks in itertools.combinations(RANKS, 5)
               if straight_top(ranks) is not None and (wanted is None or wanted in ranks))


def _pool(actions: str) -> int:
    """The chips in the pool after the actions ("Age ante 1; A come in; B raise 10"), counted
    player by player (:func:`engine.pool.table_odds`)."""
    return table_odds(actions, "")[0]


def _pool_limits(actions: str, limit: int) -> int:
    """How many limits the pool holds, where the actions raise and bet by *limit* chips and
    antes and coming in are in white chips: ``limit`` is taken larger than all the white chips put
    together (1,000), so that the two are told apart ("thirty-three limits and ten white chips").

    >>> betting = "Age ante 1; A come in; B raise 1000; A call"
    >>> _pool_limits(betting, 1000), _pool_white(betting, 1000)
    (2, 5)
    """
    return table_odds(actions, "")[0] // limit


def _pool_white(actions: str, limit: int) -> int:
    """The white chips in the pool, beside its limits (see :func:`_pool_limits`)."""
    return table_odds(actions, "")[0] % limit


def _to_call(actions: str, player: str) -> int:
    """What *player* must put in to stay after the actions."""
    return table_odds(actions, player)[1]


def _pool_odds(actions: str, player: str) -> Fraction:
    """The odds the table lays *player* after the actions, the pool to what he must put in, as the
    chance at which they are a fair bet (so that a claim in the form "odds" reads "7 to 2")."""
    pool, cost = table_odds(actions, player)
    return _odds(pool, cost)


def _bobtails(straights: str = "any") -> int:
    return bobtails_dealt(straights)


@cache
def computed_table(name: str):
    """Each table once per process: many claims read rows of the same table."""
    return book_table(name)


def _table(name: str, label: str, what: str = "chance") -> Fraction | int:
    for row in computed_table(name).rows:
        if row.label.lower().rstrip(".") == label.lower().rstrip("."):
            return row.count if what == "count" else row.chance
    raise KeyError(f"table {name!r} has no row {label!r}")


def _odds(against: Fraction | int, on: Fraction | int) -> Fraction:
    """The chance at which odds of *against* to *on* are a fair bet: what "the table is betting
    you 7 to 2" offers, as a chance, so that a claim in the form "odds" reads it back.

    >>> _odds(7, 2), _odds(3 * 2 + 1, 2) == Fraction(2, 9)
    (Fraction(2, 9), True)
    """
    return Fraction(on) / (Fraction(against) + Fraction(on))


@cache
def _distribution(holding: str, discard: str):
    """Each draw once per process: many claims read the same draw (three cards to a pair of jacks)."""
    return draw(holding, discard=discard)


def _draw(holding: str, discard: str, target: str = "improved") -> Fraction:
    """The chance of the draw ending in *target*: a class name, "improved", "at least: <class>",
    "as good as: <five cards>" (that hand's value or better) or "mate" (a card drawn pairs a card
    kept).

    >>> _draw("Ah Jd 8c 5s 3h", "Jd 8c 5s 3h", "mate") == 1 - Fraction(math.comb(44, 4), math.comb(47, 4))
    True
    >>> _draw("Ah Jd 8c 5s 3h", "Jd 8c 5s 3h", "as good as: Ac Ad 2s 2d 3c")
    Fraction(12343, 178365)
    """
    d = _distribution(holding, discard)
    if target == "improved":
        return Fraction(d.improved, d.total)
    if target == "mate":
        return d.mate()
    if target.startswith("as good as:"):
        return Fraction(d.as_good_as(target.split(":", 1)[1].strip()), d.total)
    if target.startswith("at least:"):
        return Fraction(d.at_least(hand_class(target.split(":", 1)[1].strip())), d.total)
    return d.chance(hand_class(target))


def draw_arguments(expression: str) -> tuple[str, str, str] | None:
    """The holding, discard and target of a computation that is one ``draw(...)``, else None.

    >>> draw_arguments('draw("Js Jh 7d 4c 2s", "7d 4c 2s", "Two pairs")')
    ('Js Jh 7d 4c 2s', '7d 4c 2s', 'Two pairs')
    >>> draw_arguments('draw("6s 6h 2d 2c Ks", "Ks")'), draw_arguments("comb(52, 5)")
    (('6s 6h 2d 2c Ks', 'Ks', 'improved'), None)
    """
    try:
        node = ast.parse(expression, mode="eval").body
    except SyntaxError:
        return None
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "draw"
            and 2 <= len(node.args) <= 3 and all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                                                 for a in node.args)):
        return None
    args = [a.value for a in node.args] + ["improved"]
    return args[0], args[1], args[2]


_ARTICLE = ("Straight", "Flush", "Full hand", "Straight flush", "Royal flush")


def target_words(target: str, kept=()) -> str:
    """What a draw is for, in words: the target of ``draw(...)``; ``kept`` names the mate's ranks.

    >>> target_words("improved"), target_words("at least: Straight"), target_words("Two pairs")
    ('any improvement', 'a straight or better', 'two pairs')
    >>> target_words("as good as: Ac Ad 2s 2d 3c"), target_words("mate", ["Ah", "Kd"])
    ('two pairs, aces up, or better', 'a mate to the ace or the king')
    """

    def cls_words(name: str) -> str:
        cls = hand_class(name)
        return ("a " if cls.value in _ARTICLE else "") + cls.value.lower()
    if target == "improved":
        return "any improvement"
    if target == "mate":
        ranks = sorted({(parse_card(c) if isinstance(c, str) else c).rank for c in kept}, reverse=True)
        return "a mate to the " + " or the ".join(rank_word(r) for r in ranks)
    if target.startswith("as good as:"):
        return ranking.describe(ranking.evaluate(target.split(":", 1)[1].strip())) + ", or better"
    if target.startswith("at least:"):
        return cls_words(target.split(":", 1)[1].strip()) + " or better"
    return cls_words(target)


def _duel(first: str, second: str, trials: int, seed: int) -> Fraction:
    """How often the first of two players drawing three cards each has the better hand (a seeded
    simulation, :func:`engine.simulations.duel`)."""
    return simulations.duel(first, second, trials, seed).share


def _duel_both_improved(first: str, second: str, trials: int, seed: int) -> Fraction:
    """How many times as often the first beats the second as the second the first, in the deals
    in which both improve (:func:`engine.simulations.duel` with ``both_improve``)."""
    share = simulations.duel(first, second, trials, seed, both_improve=True).share
    return share / (1 - share)


def _someone_holds(players: int, at_least: str, trials: int, seed: int) -> Fraction:
    """How often one of ``players`` hands from one pack is as good as ``at_least`` (a seeded
    simulation, :func:`engine.simulations.someone_holds`)."""
    return simulations.someone_holds(players, at_least, trials, seed).share


def _field_beats(you: str, others: str, trials: int, seed: int, discard: str = "") -> Fraction:
    """How often one or more of the other players, drawing to what they keep, beat your five
    cards, or, with *discard*, your hand after you draw too (a seeded simulation,
    :func:`engine.simulations.field_beats`)."""
    return simulations.field_beats(you, others, trials, seed, discard).share


def _duel_any(first: str, second: str, trials: int, seed: int) -> Fraction:
    """How often a player keeping *first* ("threes") beats one keeping *second* ("pair"), of
    ranks drawn at random, both drawing (:func:`engine.simulations.duel_any`)."""
    return simulations.duel_any(first, second, trials, seed).share


@cache
def _laid_out(hands: str, trials: int, seed: int):
    return coming_in(tuple(h.strip() for h in hands.split("|")), trials, seed)


def _best_of(hands: str, player: int, trials: int, seed: int) -> Fraction:
    """Foster's experiment of coming into jack-pots: the hands laid out (``"Js Jh | Ts Th"``) each
    draw three cards, ``trials`` times; how often the hand in place *player* (0 for the first) is
    the best (a tie counts its share; :func:`engine.experiments.coming_in`)."""
    return _laid_out(hands, trials, seed).share(player)


def _others_hold(you: str, players: int, at_least: str, trials: int, seed: int) -> Fraction:
    """How often, your five cards dealt, one of the other hands from the same pack is as good as
    *at_least* (:func:`engine.simulations.others_hold`)."""
    return simulations.others_hold(you, players, at_least, trials, seed).share


FUNCTIONS = {
    "pat": _pat, "pat_count": _pat_count, "pat_at_least": _pat_at_least, "pat_as_good_as": _pat_as_good_as,
    "beaten_by_one": _beaten_by_one, "table": _table, "draw": _draw, "odds": _odds,
    "bobtails": _bobtails, "pool": _pool, "to_call": _to_call, "pool_odds": _pool_odds,
    "straights_with": _straights_with, "comb": math.comb, "Fraction": Fraction,
    "four_straights": four_card_straights_dealt, "duel": _duel, "duel_both_improved": _duel_both_improved,
    "someone_holds": _someone_holds, "field_beats": _field_beats, "duel_any": _duel_any,
    "others_hold": _others_hold, "pool_limits": _pool_limits, "pool_white": _pool_white, "best_of": _best_of,
}
_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
           ast.Pow: operator.pow}


#: What one computation may ask of the engine, checked before it runs (``budget_problem``): simulated
#: deals (a claim's simulation plays 10,000 here, in about a second), the size of a number written or
#: of the n of comb(n, k), and a power's exponent.
MAX_TRIALS = 100_000
MAX_DIGITS = 18
MAX_COMB = 1_000
MAX_EXPONENT = 64
SIMULATIONS = {"duel": 2, "duel_both_improved": 2, "someone_holds": 2, "field_beats": 2}  # name: trials' place


class BudgetError(ValueError):
    """A computation that asks more of the engine than a claim may (refused before it runs)."""


def budget_problem(tree: ast.AST) -> str | None:
    """What a computation asks beyond its budget, in words, or None; *tree* is its parsed expression.

    >>> budget_problem(ast.parse('duel("Ts Th", "2s 2h", 1000000000, 1905)', mode="eval"))
    'it asks for 1,000,000,000 simulated deals, more than the 100,000 a computation may'
    >>> budget_problem(ast.parse("comb(52, 5) * 2 ** 10", mode="eval")) is None
    True
    """
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool) \
                and abs(node.value) >= 10 ** MAX_DIGITS:
            return f"a number of more than {MAX_DIGITS} digits"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            name, args = node.func.id, node.args
            if name in SIMULATIONS and len(args) > SIMULATIONS[name]:
                trials = args[SIMULATIONS[name]]
                if not (isinstance(trials, ast.Constant) and type(trials.value) is int):
                    return f"the trials of {name}() are not a number written out"
                if not 1 <= trials.value <= MAX_TRIALS:
                    return (f"it asks for {trials.value:,} simulated deals, more than the {MAX_TRIALS:,} a "
                            "computation may") if trials.value > MAX_TRIALS else f"{name}() with {trials.value} trials"
            if name == "comb" and args and not (isinstance(args[0], ast.Constant) and type(args[0].value) is int
                                                and 0 <= args[0].value <= MAX_COMB):
                return f"comb(n, k) with an n that is not a number from 0 to {MAX_COMB:,} written out"
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow) and not (
                isinstance(node.right, ast.Constant) and type(node.right.value) is int
                and abs(node.right.value) <= MAX_EXPONENT):
            return f"a power whose exponent is not a number up to {MAX_EXPONENT} written out"
    return None


def compute(expression: str) -> Fraction | int:
    """Evaluate a claim's computation: numbers, + - * / **, and the functions above, once its budget
    (``budget_problem``) is checked.

    >>> compute("comb(13, 5) * 4 - 40")
    5108
    >>> compute('pat_count("Full hand")')
    3744
    >>> compute('pat_at_least("Three of a kind")'), compute('pat_as_good_as("Jh Jd 4c 3s 2d")')
    (Fraction(6219, 216580), Fraction(8935, 43316))
    >>> compute('beaten_by_one("Ah Ad 5c 4s 3h")'), compute('bobtails("open-end")')
    (Fraction(130685, 1533939), 172020)
    """
    def ev(node):
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, str)):
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
            a, b = ev(node.left), ev(node.right)
            if isinstance(node.op, ast.Div):
                return Fraction(a) / Fraction(b)
            return _BINOPS[type(node.op)](a, b)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -ev(node.operand)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS:
            return FUNCTIONS[node.func.id](*[ev(a) for a in node.args])
        raise ValueError(f"not allowed in a claim's computation: {ast.dump(node)[:60]}")
    tree = ast.parse(expression, mode="eval")
    problem = budget_problem(tree)
    if problem:
        raise BudgetError(problem)
    return ev(tree)


# How a printed figure is read. Each returns the number to compare and the exact value in the
# same terms.
def _normalise(printed: str) -> str:
    """A printed figure in plain terms: the ditto sign read as "to", chances in words as "N in M".

    >>> _normalise('254 " 1'), _normalise("Twice in every forty-seven trials"), _normalise("12 per cent.")
    ('254 to 1', '2 in forty-seven', '12')
    """
    t = " ".join(printed.replace('"', " to ").replace("″", " to ").split())
    t = re.sub(r"\b(?:chances?|times?|trials|deals|rounds|pots)\b", " ", t.lower())
    t = re.sub(r"\bout of\b", "in", re.sub(r"\bevery\b", " ", t))
    t = re.sub(r"\bonce\b", "1", re.sub(r"\btwice\b", "2", t))
    return " ".join(re.sub(r"\s*(?:per\s*cent\.?|%)$", "", t).split())


def printed_value(printed: str, form: str) -> Fraction:
    """The number a printed figure states, in the terms of its form.

    >>> printed_value("693 to 1", "odds"), printed_value('254 " 1', "odds"), printed_value("4¼", "odds")
    (Fraction(693, 1), Fraction(254, 1), Fraction(17, 4))
    >>> printed_value("1 in 23½", "one-in"), printed_value("13 to 10", "odds"), printed_value("2,598,960", "count")
    (Fraction(47, 2), Fraction(13, 10), Fraction(2598960, 1))
    >>> printed_value("9/47", "chance")
    Fraction(9, 47)
    >>> printed_value("eleven to one", "odds"), printed_value("thirty-four to one", "odds")   # in words
    (Fraction(11, 1), Fraction(34, 1))
    >>> printed_value("9/47", "chance"), printed_value("1/23½", "chance")
    (Fraction(9, 47), Fraction(2, 47))

    Chances in words read the same: "once in every 5½ times" is 1 in 5½, "twice in every
    forty-seven trials" 2 in 47, "four times out of five" 4 in 5; "12 per cent" is 12.

    >>> printed_value("once in every 5½ times", "one-in"), printed_value("four times out of five", "chance")
    (Fraction(11, 2), Fraction(4, 5))
    >>> printed_value("990 chances out of 97,290", "chance"), printed_value("12 per cent", "number")
    (Fraction(11, 1081), Fraction(12, 1))
    """
    if form == "comparison":
        return Fraction(1)  # the words state only which is greater: the ratio must exceed 1
    t = _normalise(printed)
    if form == "odds":
        m = re.fullmatch(r"(.+?) to (.+)", t)
        return parse_number(m[1]) / parse_number(m[2]) if m else parse_number(t)
    if form == "one-in":
        m = re.fullmatch(r"(.+?) in (.+)", t)
        return parse_number(m[2]) / parse_number(m[1]) if m else parse_number(t)
    if form == "chance":
        m = re.fullmatch(r"(\d[\d,]*)\s*/\s*(\d[\d,]*[½¼¾⅓⅔]?)", t)
        if m:
            return parse_number(m[1]) / parse_number(m[2])
        m = re.fullmatch(r"(.+?) in (.+)", t)
        return parse_number(m[1]) / parse_number(m[2])
    return parse_number(t)


def exact_value(value: Fraction | int, form: str) -> Fraction:
    """The computed value in the terms of the form: odds against to 1, 1 in N, a count."""
    v = Fraction(value)
    if form == "odds":
        return (1 - v) / v
    if form == "one-in":
        return 1 / v
    return v


def precision(printed: str) -> Fraction:
    """The unit the author printed to: 1 for whole numbers, ¼ for quarters, ½ for halves …

    >>> precision("693 to 1"), precision("4¼ to 1"), precision("1 in 23½"), precision("9/47")
    (Fraction(1, 1), Fraction(1, 4), Fraction(1, 2), Fraction(0, 1))
    """
    if re.search(r"\d\s*/\s*\d", printed):
        return Fraction(0)
    for glyph, value in FROM_VULGAR.items():
        if glyph in printed:
            return Fraction(1, value.denominator)
    return Fraction(1)


#: How a printed table rounds its figures (content/tables.yml): to the nearest unit, or cut down.
ROUNDINGS = ("rounded", "truncated")


@dataclass(frozen=True)
class Judgement:
    verdict: str  # exact | fair | disagrees
    printed: Fraction
    exact: Fraction
    computed: Exact  # the computed value, for the edition to state (exact_facts)


def judge(printed: str, form: str, value: Fraction | int, *, approximate: bool = False,
          bound: str = "", rounding: str = "rounded") -> Judgement:
    """Compare a printed figure with the computed value under the tolerance rule. *bound* is
    "more" or "less" where the author's words make the figure a bound ("less than three to one").
    *rounding* is the convention of the table the figure stands in: "rounded" (to the nearest unit
    printed, the rule for a figure in running text) or "truncated" (cut down to the unit printed).

    >>> flush = Fraction(5108, 2598960)   # 507.80 to 1
    >>> judge("507 to 1", "odds", flush).verdict, judge("507 to 1", "odds", flush, rounding="truncated").verdict
    ('disagrees', 'fair')
    >>> judge("508 to 1", "odds", flush, rounding="truncated").verdict
    'disagrees'

    >>> judge("693 to 1", "odds", Fraction(3744, 2598960)).verdict
    'fair'
    >>> judge("4,164 to 1", "odds", Fraction(624, 2598960)).verdict
    'exact'
    >>> judge("649,999 to 1", "odds", Fraction(40, 2598960)).verdict
    'disagrees'
    >>> judge("5", "odds", Fraction(8, 47), approximate=True).verdict
    'fair'
    >>> judge("13 to 10", "odds", Fraction(1098240, 2598960)).verdict   # 13.66 to 10
    'disagrees'
    >>> judge("thirty-four to one", "odds", Fraction(74628, 2598960)).verdict   # 33.83 to 1
    'fair'
    >>> judge("2 in 47", "chance", Fraction(2, 47)).verdict, judge("2 in 47", "chance", Fraction(3, 47)).verdict
    ('exact', 'disagrees')
    >>> pair = Fraction(4656, 16215)   # a pair improves drawing three: 2.48 to 1 against
    >>> judge("three to one", "odds", pair, bound="less").verdict, judge("three to one", "odds", pair).verdict
    ('fair', 'disagrees')
    >>> judge("three to one", "odds", pair, bound="more").verdict
    'disagrees'
    >>> judge("harder", "comparison", Fraction(5108, 4080)).verdict, judge("easier", "comparison", 1).verdict
    ('exact', 'disagrees')

    A share or a multiple is held to 5 per cent, not to the nearest m-th or the nearest whole:

    >>> judge("five times out of six", "chance", Fraction(77, 100)).verdict        # 0.833 for 0.77
    'disagrees'
    >>> judge("four times out of five", "chance", Fraction(1921, 2500)).verdict    # 0.8 for 0.768
    'fair'
    >>> judge("twice", "number", Fraction(5, 3), approximate=True).verdict          # "almost twice", 1.67
    'disagrees'
    >>> judge("four times", "number", Fraction(3944, 1000)).verdict, judge("2 in 47", "chance", Fraction(2, 47)).verdict
    ('fair', 'exact')
    """
    if form == "comparison":
        e = Fraction(value)
        return Judgement("exact" if e > 1 else "disagrees", Fraction(1), e, exact_facts(value, form))
    p = printed_value(printed, form)
    e = exact_value(value, form)
    unit = precision(printed)
    ratio = re.fullmatch(r"(.+?) to (.+)", _normalise(printed))
    if form == "odds" and ratio and unit:
        # "13 to 10" is printed to a tenth of a unit of "to 1": the precision is that of the
        # first term, divided by the second.
        unit = precision(ratio[1]) / parse_number(ratio[2])
    share = re.fullmatch(r"(.+?) in (.+)", _normalise(printed))
    if form == "chance" and share and unit:
        # Likewise "9 in 47" is printed to a 47th: the precision of the first term over the second.
        unit = precision(share[1]) / parse_number(share[2])
    if loose_figure(printed, form):
        unit, approximate = Fraction(0), True
    if rounding not in ROUNDINGS:
        raise ValueError(f"a table's rounding is one of {', '.join(ROUNDINGS)}, not {rounding!r}")
    if p == e:
        verdict = "exact"
    elif unit and rounding == "rounded" and abs(p - e) <= unit / 2:
        verdict = "fair"
    elif unit and rounding == "truncated" and 0 <= e - p < unit:
        verdict = "fair"
    elif approximate and e and abs(p - e) <= TOLERANCE_ABOUT * abs(e):
        verdict = "fair"
    elif (bound == "more" and e > p) or (bound == "less" and e < p):
        verdict = "fair"
    else:
        verdict = "disagrees"
    return Judgement(verdict, p, e, exact_facts(value, form))


_MULTIPLE = re.compile(r"(?:once|twice|thrice|[\w-]+ times)")


def loose_figure(printed: str, form: str) -> bool:
    """Whether a printed figure is a share ("k in m", "k times out of m") or a multiple in words
    ("twice", "three times"), which the tolerance rule holds to 5 per cent rather than to a unit.

    >>> loose_figure("five times out of six", "chance"), loose_figure("9 in 47", "chance")
    (True, True)
    >>> loose_figure("9/47", "chance")
    False
    >>> loose_figure("twice", "number"), loose_figure("twelve times", "number"), loose_figure("152½", "number")
    (True, True, False)
    >>> loose_figure("1 in 23½", "one-in"), loose_figure("4¼ to 1", "odds")
    (False, False)
    """
    if form == "chance":
        return bool(re.fullmatch(r"(.+?) in (.+)", _normalise(printed)))
    return form == "number" and bool(_MULTIPLE.fullmatch(" ".join(printed.lower().split())))


@dataclass(frozen=True)
class Exact:
    """A computed value as the edition states it beside the printed figure, as data (the engine says no
    sentence: the edition words it, templates/pages/figures/exact.j2). *kind* says which statement:
    "ratio" (a comparison: how many times the greater is the less), "mixed" (halves, quarters and
    eighths as the texts print them: 152½), "whole", "decimal", "one-in" or "odds"."""

    kind: str
    value: Fraction
    idiom: str = ""  # the texts' way: "152½", "1 in 23½", "4¼ to 1"
    times: Fraction | None = None  # one-in: 1 in *times*; odds: *times* to 1 against
    counts: bool = False  # a ratio of two counts (shown as such), not of simulated shares


def exact_facts(value: Fraction | int, form: str) -> Exact:
    """The exact value, as the edition states it beside a printed figure of *form*.

    >>> exact_facts(Fraction(305, 2), "number"), exact_facts(3744, "count").kind
    (Exact(kind='mixed', value=Fraction(305, 2), idiom='152½', times=None, counts=False), 'whole')
    >>> e = exact_facts(Fraction(9, 47), "odds"); (e.kind, e.idiom, e.times)
    ('odds', '4¼ to 1', Fraction(38, 9))
    """
    v = Fraction(value)
    if form == "comparison":
        return Exact("ratio", v, counts=v.denominator < 10 ** 7)
    if form in ("count", "number"):
        if v.denominator in (2, 4, 8):
            return Exact("mixed", v, mixed(v))
        return Exact("whole" if v.denominator == 1 else "decimal", v)
    odds = Odds(v)
    if form == "one-in":
        return Exact("one-in", v, odds.one_in(), 1 / v)
    return Exact("odds", v, odds.to_one(), (1 - v) / v)
