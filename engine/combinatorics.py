"""Exact counting of hands by shape, without dealing them out one by one.

A hand's value depends only on its shape (its ranks, and whether its cards are of one suit), so
the number of ways of making each shape from a given pack is a product of binomial coefficients.
``shape_counts`` counts the ways of completing some kept cards by drawing from the cards
available; pat hands are the case of nothing kept and the whole pack available.

>>> from engine.cards import DECK
>>> counts = shape_counts((), DECK, 5)
>>> sum(counts.values())
2598960
>>> from engine.ranking import shape_key
>>> counts[Shape(shape_key((14, 13, 12, 11, 10)), True, False)]   # the four royal flushes
4
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from math import comb
from typing import NamedTuple

from .cards import SUITS, Card
from .errors import HandError
from .ranking import WEIGHT, HandValue, Rules, Table, as_rule_set, table
from .rules import HandClass


class Shape(NamedTuple):
    """A final hand's shape: the key of its natural cards' ranks (``ranking.shape_key``), whether
    those cards are all of one suit with no pair, and whether the joker is with them."""

    key: int
    suited: bool
    joker: bool


def shape_counts(kept: Sequence[Card], available: Iterable[Card], k: int) -> Counter[Shape]:
    """The number of ways of drawing ``k`` cards from ``available`` to go with ``kept``, by the
    shape of the five cards that result.

    >>> from engine.cards import DECK, parse_cards
    >>> pair = parse_cards("Js Jh")
    >>> unseen = [c for c in DECK if c not in parse_cards("Js Jh 7d 4c 2s")]
    >>> sum(shape_counts(pair, unseen, 3).values())   # 47 cards, three drawn: C(47, 3)
    16215
    """
    available = tuple(available)
    if len(kept) + k != 5:
        raise HandError(f"{len(kept)} cards kept and {k} drawn do not make five")
    if set(kept) & set(available):
        raise HandError("a kept card cannot also be in the pack")
    kept_nat = [c for c in kept if not c.is_joker]
    joker_kept = len(kept_nat) < len(kept)
    avail_nat = [c for c in available if not c.is_joker]
    joker_avail = len(avail_nat) < len(available)
    out: Counter[Shape] = Counter()
    if joker_kept:
        _naturals(kept_nat, avail_nat, k, True, out)
    else:
        _naturals(kept_nat, avail_nat, k, False, out)
        if joker_avail and k >= 1:
            _naturals(kept_nat, avail_nat, k - 1, True, out)
    return out


def _naturals(kept: Sequence[Card], available: Sequence[Card], m: int, joker: bool,
              out: Counter[Shape]) -> None:
    """Add to ``out`` the ways of drawing ``m`` natural cards, by the shape of kept + drawn."""
    have = [0] * 15
    for c in available:
        have[c.rank] += 1
    kept_key = sum(WEIGHT[c.rank] for c in kept)
    kept_ranks = {c.rank for c in kept}
    kept_suits = {c.suit for c in kept}
    if len(kept_ranks) < len(kept):
        suits: tuple[str, ...] = ()          # a pair among the kept cards: never one suit
    elif not kept:
        suits = SUITS
    elif len(kept_suits) == 1:
        suits = tuple(kept_suits)
    else:
        suits = ()
    masks = {s: 0 for s in suits}            # ranks available in each suit that can still flush
    for c in available:
        if c.suit in masks:
            masks[c.suit] |= 1 << c.rank
    ranks = [r for r in range(2, 15) if have[r]]
    n = len(ranks)

    def walk(i: int, left: int, key: int, ways: int, mask: int, distinct: bool) -> None:
        if left == 0:
            suited = 0
            if distinct and suits:
                suited = sum(1 for s in suits if masks[s] & mask == mask)
            if suited:
                out[Shape(key, True, joker)] += suited
            if ways - suited:
                out[Shape(key, False, joker)] += ways - suited
            return
        if i == n:
            return
        r = ranks[i]
        walk(i + 1, left, key, ways, mask, distinct)
        w = WEIGHT[r]
        for d in range(1, min(have[r], left) + 1):
            walk(i + 1, left - d, key + d * w, ways * comb(have[r], d), mask | (1 << r),
                 distinct and d == 1 and r not in kept_ranks)

    walk(0, m, kept_key, 1, 0, True)


def value_counts(kept: Sequence[Card], available: Iterable[Card], k: int,
                 rules: Rules = "foster") -> Counter[HandValue]:
    """The number of ways of drawing ``k`` cards from ``available`` to ``kept``, by the value of
    the hand that results under a rule set.

    >>> from engine.cards import DECK
    >>> from engine.ranking import evaluate
    >>> vc = value_counts((), DECK, 5)
    >>> vc[evaluate("Ah Ad Kc Ks 2d")]   # aces and kings with a deuce: 6 * 6 * 4
    144
    """
    return values_of_shapes(shape_counts(kept, available, k), rules)


def values_of_shapes(shapes: Counter[Shape], rules: Rules = "foster") -> Counter[HandValue]:
    """Counts by shape (``shape_counts``) as counts by value under a rule set.

    >>> from engine.cards import DECK
    >>> len(values_of_shapes(shape_counts((), DECK, 5)))
    7462
    """
    t = table(as_rule_set(rules))
    # A table's values are one object each: sum by identity, then hash each value once.
    sums: dict[int, list] = {}
    for shape, n in shapes.items():
        v = value_of_shape(shape, t)
        entry = sums.get(id(v))
        if entry is None:
            sums[id(v)] = [v, n]
        else:
            entry[1] += n
    out: Counter[HandValue] = Counter(dict(sums.values()))
    if len(out) < len(sums):  # two objects for one value (a table never makes them): add them up
        out = Counter()
        for v, n in sums.values():
            out[v] += n
    return out


def value_of_shape(shape: Shape, t: Table) -> HandValue:
    """A shape's value in a rule set's table (``ranking.table``).

    >>> from engine.ranking import shape_key
    >>> str(value_of_shape(Shape(shape_key((13, 13, 13, 13)), False, True), table("mistigris")))
    'five kings (with the joker)'
    """
    if shape.joker:
        return t.joker[(shape.key, shape.suited)]
    return t.flush[shape.key] if shape.suited else t.natural[shape.key]


def class_counts(kept: Sequence[Card], available: Iterable[Card], k: int,
                 rules: Rules = "foster") -> dict[HandClass, int]:
    """The number of ways by class of the resulting hand, every class of the rule set listed
    (lowest first), with 0 for those that cannot be made.

    >>> from engine.cards import DECK
    >>> class_counts((), DECK, 5)[HandClass.FULL_HAND]
    3744
    """
    rs = as_rule_set(rules)
    counts = dict.fromkeys(rs.ascending, 0)
    for value, n in value_counts(kept, available, k, rs).items():
        counts[value.hand_class] += n
    return counts
