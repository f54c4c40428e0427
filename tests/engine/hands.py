"""Shared helpers for the engine's tests: hands of a given class, by rule set, and strategies."""
from __future__ import annotations

import random
from functools import cache
from math import comb

import pytest
from hypothesis import strategies as st

from engine.cards import DECK, PACK_WITH_JOKER, SUITS, Card
from engine.deal import CLASSES, classify_all, pack
from engine.ranking import evaluate
from engine.rules import HandClass, rule_set


def unrank(i: int, n: int, k: int = 5) -> tuple[int, ...]:
    """The ``i``-th combination of ``k`` of ``range(n)`` in ``itertools.combinations`` order."""
    out, x = [], 0
    for slot in range(k, 0, -1):
        while True:
            c = comb(n - x - 1, slot - 1)
            if i < c:
                out.append(x)
                x += 1
                break
            i -= c
            x += 1
    return tuple(out)


@cache
def positions(rules: str, cls: HandClass, limit: int = 200_000) -> tuple[int, ...]:
    """Where the hands of a class stand in ``classify_all`` (at most ``limit`` of them)."""
    codes = classify_all(rules)
    code = CLASSES.index(cls)
    out, i = [], codes.find(code)
    while i >= 0 and len(out) < limit:
        out.append(i)
        i = codes.find(code, i + 1)
    return tuple(out)


def hand_at(rules: str, i: int) -> tuple[Card, ...]:
    cards = pack(rules)
    return tuple(cards[j] for j in unrank(i, len(cards)))


def hands_of(rules: str, cls: HandClass) -> st.SearchStrategy[tuple[Card, ...]]:
    """A strategy for hands of one class under a rule set (every hand of the class can be drawn,
    up to the first 200,000 of a large class)."""
    where = positions(rules, cls)
    assert where, f"no hand is a {cls.value} under {rules}"
    return st.sampled_from(where).map(lambda i: hand_at(rules, i))


def any_hand(joker: bool = False) -> st.SearchStrategy[tuple[Card, ...]]:
    cards = PACK_WITH_JOKER if joker else DECK
    return st.lists(st.sampled_from(cards), min_size=5, max_size=5, unique=True).map(tuple)


def permute_suits(hand, mapping: dict[str, str]) -> tuple[Card, ...]:
    return tuple(c if c.is_joker else Card(c.rank, mapping[c.suit]) for c in hand)


suit_maps = st.permutations(SUITS).map(lambda p: dict(zip(SUITS, p, strict=True)))


def random_hands(n: int, seed: int, joker: bool = False) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    cards = PACK_WITH_JOKER if joker else DECK
    return [tuple(rng.sample(cards, 5)) for _ in range(n)]


def value(hand, rules: str = "foster"):
    return evaluate(hand, rule_set(rules))


def quick_first(values: list, quick: int = 1, ids=None) -> list:
    """Parameters for ``pytest.mark.parametrize``: the first *quick* run in the fast loop
    (``make check``); the others are marked slow and run in ``make test`` only."""
    ids = ids or [None] * len(values)
    return [pytest.param(*(v if isinstance(v, tuple) else (v,)), id=i,
                         marks=() if n < quick else pytest.mark.slow)
            for n, (v, i) in enumerate(zip(values, ids, strict=True))]
