"""Foster's experiment of coming into jack-pots (000:1088), repeated by simulation.

"Take from the pack and lay upon the table a pair of jacks, a pair of tens, a pair of nines, and a
pair of eights … shuffle [the rest] thoroughly … and then help each of these four men to three
cards … noting … which of the four players, A, B, C, or D, has the best hand after the draw."

``coming_in`` does just that ``trials`` times with Python's seeded generator: each deal takes
three cards for each player, in turn, from a fresh random order of the cards left (the first three
of ``random.Random(seed).sample(rest, 3 × players)`` to A, the next three to B, …). A deal in which
two or more hands tie for the best is counted as a tie of those players (a divided pool), not as a
win; each tied player's share of it is ``1/k`` of a deal.

The suits of the pairs do not matter: a hand holding a pair can make neither a straight nor a
flush, so only the ranks drawn decide. The counts of one seed are fixed (the generator is the
Mersenne Twister of CPython's ``random`` module, whose ``sample`` has been stable since 3.2).

>>> e = coming_in(("Js Jh", "Ts Th", "9s 9h", "8s 8h"), trials=2000, seed=1)
>>> e.trials, sum(e.wins) + sum(e.ties.values()) == e.trials
(2000, True)
>>> round(float(e.share(0)), 2) > round(float(e.share(3)), 2)   # the opener is best most often
True
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .cards import DECK, Card, parse_cards
from .errors import EngineError, HandError
from .ranking import evaluator
from .sampling import Sampler

#: The multiplier of the standard error for a 95 per cent interval (the normal approximation).
Z95 = Fraction(196, 100)


@dataclass(frozen=True)
class Experiment:
    """The record of a run: who held what, how many deals, and who was best.

    ``wins[i]`` counts the deals in which player ``i`` alone held the best hand; ``ties`` the
    deals in which several tied for it, by the tuple of their indices.
    """

    hands: tuple[tuple[Card, ...], ...]
    drawn: int
    trials: int
    seed: int
    wins: tuple[int, ...]
    ties: dict[tuple[int, ...], int]

    def share(self, i: int) -> Fraction:
        """Player ``i``'s share of the deals: his wins, and ``1/k`` of each ``k``-way tie of his.

        >>> Experiment(((),) * 2, 3, 10, 0, (6, 3), {(0, 1): 1}).share(0)
        Fraction(13, 20)
        """
        tied = sum(Fraction(n, len(who)) for who, n in self.ties.items() if i in who)
        return (Fraction(self.wins[i]) + tied) / self.trials   # a Fraction even when no deal tied

    def standard_error(self, i: int) -> float:
        """The standard error of ``share(i)`` as an estimate of the player's chance.

        >>> round(Experiment(((),) * 2, 3, 10_000, 0, (5000, 5000), {}).standard_error(0), 4)
        0.005
        """
        p = float(self.share(i))
        return math.sqrt(p * (1 - p) / self.trials)

    def interval(self, i: int) -> tuple[float, float]:
        """The 95 per cent interval for player ``i``'s chance (share ± 1.96 standard errors)."""
        p, half = float(self.share(i)), float(Z95) * self.standard_error(i)
        return p - half, p + half


#: The bounds of ``trials``: at least one deal; at most what runs in about a minute on a machine of
#: two cores (16 s a million deals at a quiet moment: three million in about fifty seconds; Foster
#: dealt 2,000).
MIN_TRIALS, MAX_TRIALS = 1, 3_000_000
#: How many deals ``coming_in`` makes between two calls of its ``progress``.
PROGRESS_EVERY = 10_000


def coming_in(pairs: Sequence[str], trials: int, seed: int, drawn: int = 3,
              progress: Callable[[int], None] | None = None) -> Experiment:
    """Lay out the hands (``pairs``, one string of cards a player), and ``trials`` times deal
    each ``drawn`` cards from the rest of the pack; count who is best.

    >>> coming_in(("Js Jh", "Js Jd"), trials=1, seed=0)
    Traceback (most recent call last):
    ...
    engine.errors.HandError: the jack of spades (Js) is laid out twice

    *progress*, if given, is called with the number of deals made every ``PROGRESS_EVERY`` deals.
    """
    if not MIN_TRIALS <= trials <= MAX_TRIALS:
        raise EngineError(f"{trials} trials is outside the bounds {MIN_TRIALS} to {MAX_TRIALS:,}")
    hands = tuple(parse_cards(p) for p in pairs)
    if not hands:
        raise HandError("no hands laid out")
    seen: set[Card] = set()
    for hand in hands:
        if any(c.is_joker for c in hand):
            raise HandError("the joker is not in the pack of 52 this experiment deals from")
        if len(hand) + drawn != 5:
            raise HandError(f"{' '.join(c.code for c in hand)!r} and {drawn} cards drawn do not make five")
        for c in hand:
            if c in seen:
                raise HandError(f"the {c.words()} ({c.code}) is laid out twice")
            seen.add(c)
    rest = [c.index for c in DECK if c not in seen]
    if drawn * len(hands) > len(rest):
        raise HandError(f"{len(hands)} players drawing {drawn} cards each need {drawn * len(hands)} cards, "
                        f"and {len(rest)} are left in the pack: lay out fewer hands")
    kept = [[c.index for c in hand] for hand in hands]
    order = evaluator()
    deal = Sampler(random.Random(seed)).sampler(rest, drawn * len(hands))
    players = range(len(hands))
    wins = [0] * len(hands)
    ties: dict[tuple[int, ...], int] = {}
    for trial in range(trials):
        if progress is not None and trial % PROGRESS_EVERY == 0 and trial:
            progress(trial)
        cards = deal()
        values = [order(kept[i] + cards[drawn * i:drawn * (i + 1)]) for i in players]
        best = max(values)
        top = tuple(i for i in players if values[i] == best)
        if len(top) == 1:
            wins[top[0]] += 1
        else:
            ties[top] = ties.get(top, 0) + 1
    return Experiment(hands, drawn, trials, seed, tuple(wins), ties)


def binomial_range(n: int, p: Fraction | float, level: float = 0.95) -> tuple[int, int]:
    """The central range of a binomial count: the fewest and most successes in ``n`` trials of
    chance ``p`` outside which the count falls, each way, at most ``(1 - level) / 2`` of the time.

    >>> binomial_range(100, 0.5)
    (40, 60)
    """
    p = float(p)
    tail = (1 - level) / 2
    pmf = [math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]
    low, acc = 0, 0.0
    while acc + pmf[low] <= tail:
        acc += pmf[low]
        low += 1
    high, acc = n, 0.0
    while acc + pmf[high] <= tail:
        acc += pmf[high]
        high -= 1
    return low, high


def chi_square(observed: Sequence[int], chances: Sequence[Fraction | float]) -> tuple[float, float]:
    """Pearson's goodness of fit of counts to chances, and its P value for three degrees of
    freedom (four counts that must add up to their total).

    >>> x, p = chi_square((25, 25, 25, 25), (0.25, 0.25, 0.25, 0.25)); x, p
    (0.0, 1.0)
    >>> [round(v, 4) for v in chi_square((40, 20, 20, 20), (0.25,) * 4)]   # the tail of 12 on 3 degrees
    [12.0, 0.0074]
    """
    if len(observed) != 4:
        raise ValueError("the P value is for four counts (three degrees of freedom)")
    n = sum(observed)
    x = sum((o - n * float(p)) ** 2 / (n * float(p)) for o, p in zip(observed, chances, strict=True))
    # The chi-square tail for 3 degrees of freedom, in closed form.
    tail = math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    return x, tail
