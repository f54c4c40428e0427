"""Seeded simulations for the claims that need a model of several players (issue 16, item 2h).

Some of the books' figures are about several hands dealt from one pack, or two players drawing
against each other: "with seven playing, openers should be held about four times in five deals",
"if you draw to deuces and he to tens, he will have the best hand after the draw four times out
of five". The hands are not independent (they come from one pack), and the engine does not count
such events exactly; these functions play them out ``trials`` times with CPython's seeded
generator, so that a seed gives the same counts on every machine (``random.Random.sample`` has
been stable since Python 3.2; the samples are its own, drawn faster by ``engine.sampling``), and a
claim's computation names its seed and trials, the model it stands on, and can be re-run by anyone.
Each returns a :class:`Simulated` count with its spread.

>>> s = duel("Ts Th", "2s 2h", trials=2000, seed=16)
>>> s.trials, 0.7 < float(s.share) < 0.9
(2000, True)
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from .cards import DECK, parse_cards
from .errors import HandError
from .ranking import as_cards, evaluator
from .sampling import Sampler


@dataclass(frozen=True)
class Simulated:
    """How often an event came in ``trials`` seeded deals (a tie counts half, where there are
    ties), and the 95 per cent spread of that share as an estimate of the chance."""

    hits: Fraction
    trials: int
    seed: int

    @property
    def share(self) -> Fraction:
        return self.hits / self.trials

    @property
    def spread(self) -> float:
        """Half the width of the 95 per cent interval (1.96 standard errors).

        >>> round(Simulated(Fraction(5000), 10_000, 0).spread, 4)
        0.0098
        """
        p = float(self.share)
        return 1.96 * math.sqrt(p * (1 - p) / self.trials)


@cache
def duel(first: str, second: str, trials: int, seed: int, both_improve: bool = False) -> Simulated:
    """Two players each keep ``first`` and ``second`` (a pair, say, or three of a kind) and draw
    what they lack of five cards from the rest of one shuffled pack, the first player first; how
    often the first has the better hand (a tie counts half). With ``both_improve``, only the deals
    in which both hands improved on what they kept count (``trials`` of them are played).

    >>> s = duel("7s 7h 7d", "Ks Kh", trials=2000, seed=16)   # threes draw two, the kings three
    >>> 0.8 < float(s.share) < 0.95
    True

    >>> duel("Js Jh", "Js Jd", 10, 1)
    Traceback (most recent call last):
    ...
    engine.errors.HandError: the jack of spades (Js) is held by both players
    """
    a, b = parse_cards(first), parse_cards(second)
    for c in a:
        if c in b:
            raise HandError(f"the {c.words()} ({c.code}) is held by both players")
    if not (1 <= len(a) <= 4 and 1 <= len(b) <= 4):
        raise HandError(f"{first!r} and {second!r}: each player keeps from one to four cards and draws the rest")
    order = evaluator()
    ka, kb = [c.index for c in a], [c.index for c in b]
    rest = [c.index for c in DECK if c not in a and c not in b]
    base_a, base_b = _kept_class(a), _kept_class(b)
    da, db = 5 - len(a), 5 - len(b)
    deal = Sampler(random.Random(seed)).sampler(rest, da + db)
    wins = ties = played = 0
    while played < trials:
        cards = deal()
        first_hand, second_hand = ka + cards[:da], kb + cards[da:]
        if both_improve and not (_improved(first_hand, base_a) and _improved(second_hand, base_b)):
            continue
        played += 1
        va, vb = order(first_hand), order(second_hand)
        if va > vb:
            wins += 1
        elif va == vb:
            ties += 1
    return Simulated(wins + Fraction(ties, 2), trials, seed)


#: What a player keeps, by its shape, for :func:`duel_any`: how many cards of one rank, and how many
#: odd cards beside them (threes with a kicker, drawing one card; threes standing pat).
SHAPES = {"pair": (2, 0), "threes": (3, 0), "threes and one": (3, 1), "threes and two": (3, 2)}


@cache
def duel_any(first: str, second: str, trials: int, seed: int) -> Simulated:
    """Like :func:`duel`, but the ranks are not named: the first player keeps a ``first``
    ("threes", "pair") of a rank drawn at random, the second a ``second`` of another rank, each
    rank equally likely and the suits at random; both draw what they lack of five from the rest of
    the pack. How often the first has the better hand after the draw (a tie counts half). A shape
    with odd cards ("threes and one": a kicker, one card drawn; "threes and two": no card drawn)
    keeps them beside its rank, each drawn at random from the cards of other ranks that no one holds.

    >>> s = duel_any("threes", "pair", trials=2000, seed=16)
    >>> 0.88 < float(s.share) < 0.97
    True
    >>> duel_any("threes", "four", 10, 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.errors.HandError: 'four' is no shape a player keeps here (one of: pair, threes, threes and one, ...)
    """
    for shape in (first, second):
        if shape not in SHAPES:
            raise HandError(f"{shape!r} is no shape a player keeps here (one of: {', '.join(SHAPES)})")
    (na, oa), (nb, ob) = SHAPES[first], SHAPES[second]
    order = evaluator()
    by_rank = [[c.index for c in DECK if c.rank == r] for r in sorted({c.rank for c in DECK})]
    pack = [c.index for c in DECK]
    sampler = Sampler(random.Random(seed))
    two_ranks = sampler.sampler(range(len(by_rank)), 2)
    first_kept = [sampler.sampler(cards, na) for cards in by_rank]
    second_kept = [sampler.sampler(cards, nb) for cards in by_rank]
    # The odd cards' population (the cards of the other eleven ranks) and the rest of the pack are
    # new populations each deal, but always of the same size: the places drawn in each are those
    # of a sample of a range of that size, in the same order.
    odd_places = sampler.sampler(range(len(pack) - 8), oa + ob)
    la, lb = 5 - na - oa, 5 - nb - ob
    places = sampler.sampler(range(len(pack) - na - nb - oa - ob), la + lb)
    halves = 0
    for _ in range(trials):
        ra, rb = two_ranks()
        ka, kb = first_kept[ra](), second_kept[rb]()
        if oa or ob:  # the odd cards kept: of other ranks than the two kept, no two of one rank
            others = [i for i in pack if _RANK[i] not in (_RANK[ka[0]], _RANK[kb[0]])]
            odd = [others[j] for j in odd_places()]
            while len({_RANK[i] for i in odd}) < len(odd):
                odd = [others[j] for j in odd_places()]
            ka, kb = ka + odd[:oa], kb + odd[oa:]
        kept = {*ka, *kb}
        rest = [i for i in pack if i not in kept]
        cards = [rest[j] for j in places()]
        va, vb = order(ka + cards[:la]), order(kb + cards[la:])
        halves += 2 if va > vb else 1 if va == vb else 0  # a tie counts half
    return Simulated(Fraction(halves, 2), trials, seed)


@cache
def unopposed(players: int, at_least: str, trials: int, seed: int) -> Simulated:
    """Deal ``players`` hands of five from one shuffled pack, ``trials`` times; the first hand in
    turn as good as ``at_least`` opens (the players before it had nothing to open with), and the
    share counted is of the deals opened: how often no later hand is as good as ``at_least``, so
    that, if only such hands came in against him, the opener would take the pot unopposed. The
    deals that no one could open are dealt again (they are not counted in ``trials``).

    >>> s = unopposed(6, "Jh Jd 4c 3s 2d", trials=2000, seed=3)
    >>> 0.45 < float(s.share) < 0.6
    True
    """
    if not 2 <= players <= _MOST:
        raise HandError(f"{players} players: one pack deals from two to {_MOST} hands here")
    order = evaluator()
    bar = order([c.index for c in as_cards(at_least)])
    pack = [c.index for c in DECK]
    deal = Sampler(random.Random(seed)).sampler(pack, 5 * players)  # rng.sample(pack, 5 * players), faster
    opened = hits = 0
    while opened < trials:
        cards = deal()
        can = [order(cards[5 * i:5 * i + 5]) >= bar for i in range(players)]
        if not any(can):
            continue
        opened += 1
        hits += not any(can[can.index(True) + 1:])
    return Simulated(Fraction(hits), trials, seed)


@cache
def duel_dealt(first: str, second: str, trials: int, seed: int) -> Simulated:
    """Like :func:`duel_any`, but with the discards dead: each player is dealt five cards from one
    shuffled pack, the first exactly ``first`` ("threes": three of a kind and two odd cards, no pair
    among them), the second exactly ``second`` ("pair": one pair and three odd cards), every such deal
    equally likely; each throws away his odd cards ("threes and one" keeps the higher) and draws from
    the 42 cards no one was dealt. How often the first has the better hand (a tie counts half).

    >>> s = duel_dealt("threes", "pair", trials=2000, seed=16)
    >>> 0.88 < float(s.share) < 0.97
    True
    """
    wanted = {"threes": (3, 0), "threes and one": (3, 1), "pair": (2, 0)}
    for shape in (first, second):
        if shape not in wanted:
            raise HandError(f"{shape!r} is no shape dealt here (one of: {', '.join(wanted)})")
    (na, oa), (nb, ob) = wanted[first], wanted[second]
    order = evaluator()
    pack = [c.index for c in DECK]
    rng = random.Random(seed)
    halves = 0
    for _ in range(trials):
        ka, da = _dealt_exactly(na, pack, (), rng)
        kb, db = _dealt_exactly(nb, pack, ka + da, rng)
        ka, kb = ka + sorted(da, key=_RANK.__getitem__, reverse=True)[:oa], kb + db[:ob]
        dealt = {*ka, *da, *kb, *db}
        rest = [i for i in pack if i not in dealt]
        la, lb = 5 - len(ka), 5 - len(kb)
        cards = rng.sample(rest, la + lb)
        va, vb = order(ka + cards[:la]), order(kb + cards[la:])
        halves += 2 if va > vb else 1 if va == vb else 0  # a tie counts half
    return Simulated(Fraction(halves, 2), trials, seed)


def _dealt_exactly(n: int, pack: list[int], out, rng: random.Random) -> tuple[list[int], list[int]]:
    """Five cards from the pack less *out*, every hand of exactly *n* of one rank (three of a kind, or
    one pair) and odd cards of other ranks equally likely: the *n* kept and the odd cards."""
    cards = [i for i in pack if i not in out]
    if n == 3 and not out:  # three of a kind dealt first: its rank and suits at random, then two odd cards
        rank = rng.choice(sorted(set(_RANK)))
        kept = rng.sample([i for i in cards if _RANK[i] == rank], 3)
        while True:
            odd = rng.sample([i for i in cards if _RANK[i] != rank], 2)
            if _RANK[odd[0]] != _RANK[odd[1]]:
                return kept, odd
    while True:
        hand = rng.sample(cards, 5)
        ranks = [_RANK[i] for i in hand]
        counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
        if counts == [n] + [1] * (5 - n):
            top = max(set(ranks), key=ranks.count)
            return [i for i in hand if _RANK[i] == top], [i for i in hand if _RANK[i] != top]


def _kept_class(kept) -> int:
    """The number of cards of the kept hand's most numerous rank (2 for a pair)."""
    ranks = [c.rank for c in kept]
    return max(ranks.count(r) for r in ranks)


def _improved(indices, kept_most: int) -> bool:
    """Whether five cards (by index) hold more than a pair's worth: two pairs, or more of a rank.

    >>> hands = ("As Ah Kd Qc 2s", "As Ah Kd Kc 2s", "As Ah Ad 3c 2s")
    >>> [_improved([c.index for c in parse_cards(h)], 2) for h in hands]
    [False, True, True]
    """
    ranks = [_RANK[i] for i in indices]
    distinct = len(set(ranks))
    # Of five cards, five ranks hold no pair and four one pair; fewer ranks are counted.
    most = 1 if distinct == 5 else 2 if distinct == 4 and len(ranks) == 5 else max(map(ranks.count, ranks))
    return most > kept_most or (most == 2 and distinct == len(ranks) - 2)


_RANK = tuple(c.rank for c in DECK)  # a card's rank by its index


def someone_holds(players: int, at_least: str, trials: int, seed: int) -> Simulated:
    """Deal ``players`` hands of five from one shuffled pack, ``trials`` times; how often one of
    them or more is as good as ``at_least`` (``"Jh Jd 4c 3s 2d"``: jacks or better). The deals of
    one seed are shared by every number of players up to seven: the first ``players`` hands of
    each deal of seven (which are ``players`` hands dealt from one pack) are looked at.

    >>> s = someone_holds(2, "Jh Jd 4c 3s 2d", trials=1000, seed=3)
    >>> 0.3 < float(s.share) < 0.45
    True
    >>> someone_holds(5, "Jh Jd 4c 3s 2d", 1000, 3).hits <= someone_holds(6, "Jh Jd 4c 3s 2d", 1000, 3).hits
    True
    """
    if not 1 <= players <= _MOST:
        raise HandError(f"{players} players: one pack deals from one to {_MOST} hands here")
    first = _first_holder(at_least, trials, seed)
    return Simulated(Fraction(sum(n for i, n in enumerate(first) if i < players)), trials, seed)


_MOST = 7


@cache
def _first_holder(at_least: str, trials: int, seed: int) -> tuple[int, ...]:
    """For deals of seven hands: how many deals had their first hand as good as ``at_least`` in
    place 0, 1, … 6 (and, last, how many had none)."""
    order = evaluator()
    bar = order([c.index for c in as_cards(at_least)])
    pack = [c.index for c in DECK]
    deal = Sampler(random.Random(seed)).sampler(pack, 5 * _MOST)
    first = [0] * (_MOST + 1)
    for _ in range(trials):
        cards = deal()
        first[next((i for i in range(_MOST) if order(cards[5 * i:5 * i + 5]) >= bar), _MOST)] += 1
    return tuple(first)


@cache
def field_beats(you: str, others: str, trials: int, seed: int, discard: str = "") -> Simulated:
    """Your five cards (``you``) stand, or, with ``discard``, you throw those away and draw as many
    after the others; the other players keep the cards given for each in ``others`` (separated by
    ``|``; an empty place is a player dealt five fresh cards) and draw the rest of their five from
    one shuffled pack, in turn; how often one of them or more ends with a hand better than yours.
    Your discards are out of play.

    >>> stand = field_beats("Ts Td 3c 3d Jc", "Ks Kc", trials=2000, seed=5)
    >>> draw = field_beats("Ts Td 3c 3d Jc", "Ks Kc", trials=2000, seed=5, discard="Jc")
    >>> draw.hits < stand.hits   # drawing to tens up, you sometimes fill
    True

    >>> s = field_beats("8s 8h Ad Kc Qh", "", trials=2000, seed=5)   # one other hand, dealt pat
    >>> 0.2 < float(s.share) < 0.32
    True
    >>> field_beats("8s 8h Ad Kc Qh", "8s", trials=10, seed=5)
    Traceback (most recent call last):
    ...
    engine.errors.HandError: the eight of spades (8s) is held twice
    """
    mine = as_cards(you)
    kept = [parse_cards(part) if part.strip() else () for part in others.split("|")]
    seen = set(mine)
    for hand in kept:
        for c in hand:
            if c in seen:
                raise HandError(f"the {c.words()} ({c.code}) is held twice")
            seen.add(c)
    thrown = parse_cards(discard) if discard.strip() else ()
    for c in thrown:
        if c not in mine:
            raise HandError(f"you cannot discard the {c.words()} ({c.code}): it is not in your hand")
    order = evaluator()
    mine_kept = [c.index for c in mine if c not in thrown]
    bar = order([c.index for c in mine])
    rest = [c.index for c in DECK if c not in seen]
    keep = [[c.index for c in hand] for hand in kept]
    need = [5 - len(k) for k in keep]
    deal = Sampler(random.Random(seed)).sampler(rest, sum(need) + len(thrown))
    hits = 0
    for _ in range(trials):
        cards = deal()
        if thrown:  # your draw: the last cards dealt
            bar = order(mine_kept + cards[sum(need):])
        at = 0
        for k, n in zip(keep, need, strict=True):
            if order(k + cards[at:at + n]) > bar:
                hits += 1
                break
            at += n
    return Simulated(Fraction(hits), trials, seed)


@cache
def others_hold(you: str, players: int, at_least: str, trials: int, seed: int) -> Simulated:
    """Your five cards (``you``) are dealt; the other ``players`` - 1 hands of five come from the
    rest of one shuffled pack; how often one of them or more is as good as ``at_least``
    (``"Jh Jd 4c 3s 2d"``: jacks or better). "If the first man to say has openers and passes", how
    often can another open?

    >>> s = others_hold("Js Jc 9d 6h 2c", 2, "Jh Jd 4c 3s 2d", trials=2000, seed=3)   # one other hand
    >>> 0.15 < float(s.share) < 0.25
    True
    """
    if not 2 <= players <= _MOST:
        raise HandError(f"{players} players: one pack deals from two to {_MOST} hands here")
    mine = as_cards(you)
    order = evaluator()
    bar = order([c.index for c in as_cards(at_least)])
    rest = [c.index for c in DECK if c not in mine]
    deal = Sampler(random.Random(seed)).sampler(rest, 5 * (players - 1))
    hits = 0
    for _ in range(trials):
        cards = deal()
        hits += any(order(cards[5 * i:5 * i + 5]) >= bar for i in range(players - 1))
    return Simulated(Fraction(hits), trials, seed)
