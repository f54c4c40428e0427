"""The games of pure chance Foster reasons from: dice, a tossed coin, a tournament of even games.

Foster's chapters *Betting* and *Luck and Superstition* argue from games that are not poker: two
dice against two dice, two dice loaded with a second five (000:1350), a coin tossed a thousand
times (000:1914), a thousand players of ten games of Euchre (000:1912). Each is counted exactly
here, by enumeration or by a recurrence, never by sampling, so that a claim's computation can name
what it counts.

>>> throws("123456 123456", "123456 123456", "higher") == throws("123456 123456", "123456 123456", "lower")
True
"""
from __future__ import annotations

import itertools
from fractions import Fraction

from .errors import HandError

OUTCOMES = ("higher", "lower", "equal")


def _dice(faces: str) -> list[list[int]]:
    """Dice written face by face, one word a die: "123456 134556" (a true die and one with two fives).

    >>> _dice("123456 134556")
    [[1, 2, 3, 4, 5, 6], [1, 3, 4, 5, 5, 6]]
    """
    dice = [[int(f) for f in die] for die in faces.split()]
    if not dice or any(len(die) != 6 or not all(1 <= f <= 6 for f in die) for die in dice):
        raise HandError(f"{faces!r}: write each die as its six faces, 1 to 6, one word a die")
    return dice


def throws(yours: str, his: str, outcome: str) -> Fraction:
    """The chance that the total of your dice is ``higher`` than, ``lower`` than or ``equal`` to his,
    every face of every die equally likely: Foster's crooked dice, with "fives on opposite sides,
    instead of a deuce opposite the five, so that there were 24 pips on each of his dice" (000:1350).

    >>> throws("123456 123456", "134556 134556", "higher"), throws("123456 123456", "134556 134556", "lower")
    (Fraction(35, 108), Fraction(46, 81))
    """
    if outcome not in OUTCOMES:
        raise HandError(f"{outcome!r}: the outcome of a throw is one of {', '.join(OUTCOMES)}")
    mine, other = _dice(yours), _dice(his)
    counts = dict.fromkeys(OUTCOMES, 0)
    for faces in itertools.product(*mine, *other):
        a, b = sum(faces[:len(mine)]), sum(faces[len(mine):])
        counts["higher" if a > b else "lower" if a < b else "equal"] += 1
    return Fraction(counts[outcome], sum(counts.values()))


def run_chance(tosses: int, run: int) -> Fraction:
    """The chance that a fair coin tossed ``tosses`` times comes heads ``run`` times running, at
    least once: one less the share of the 2 ** tosses records with no such run, counted by the
    recurrence that a record without one ends in a tail after 0 to ``run`` - 1 heads.

    >>> run_chance(3, 2), run_chance(4, 4)
    (Fraction(3, 8), Fraction(1, 16))
    """
    if not 1 <= run <= tosses <= 100_000:
        raise HandError(f"{run} heads running in {tosses} tosses: give a run of at least one, at most the tosses")
    # without[n]: the records of n tosses with no run of `run` heads
    without = [2 ** n for n in range(run)]
    for n in range(run, tosses + 1):
        without.append(sum(without[n - run:n]))
    return 1 - Fraction(without[tosses], 2 ** tosses)


def at_least_one(players: int, chance: Fraction) -> Fraction:
    """The chance that one or more of ``players`` gets what each gets with ``chance``, the players
    independent: "if a thousand people sat down to play ten games", one of them losing all ten.

    >>> at_least_one(2, Fraction(1, 2)), at_least_one(3, Fraction(0))
    (Fraction(3, 4), Fraction(0, 1))
    """
    if not 0 <= players <= 100_000 or not 0 <= chance <= 1:
        raise HandError(f"{players} players with a chance of {chance}: give a count and a chance between 0 and 1")
    return 1 - (1 - Fraction(chance)) ** players
