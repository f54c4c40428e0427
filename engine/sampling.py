"""Seeded samples of cards, the very ones ``random.Random.sample`` draws, in a fraction of its time.

The simulations (``engine.simulations``, ``engine.experiments``) draw a few cards hundreds of
thousands of times from one seeded generator, and the published figures are the counts those
draws give. ``random.Random.sample`` spends most of its time in Python calls made for each card
(``_randbelow``, ``getrandbits``, ``bit_length``), not in the generator. ``Sampler`` makes the
same draws from the same generator's output, without those calls:

- the generator's 32-bit words are read in blocks (``getrandbits(32 * n)`` is ``n`` successive
  words, the first the lowest: CPython's Mersenne Twister fills a long number from its least
  significant word), and a call of ``getrandbits(k)``, ``k`` at most 32, is one word's top ``k``
  bits;
- a sample then takes its cards as ``sample`` does (CPython 3.2 onwards): ``_randbelow(m)`` draws
  ``m.bit_length()`` bits until they are below ``m``; a sample of ``k`` from ``n`` either takes
  from a shrinking pool (each card taken is replaced by the pool's last) or, when a set of the
  chosen places is the smaller, draws places of the whole population until one not yet chosen
  comes.

So the samples, card for card and in order, are the ones ``random.Random(seed).sample`` gives for
the same sizes in the same order; ``tests/engine/test_sampling.py`` holds the two equal over many
seeds and every size the simulations use, and a Python whose ``sample`` draws otherwise fails it.
A ``Sampler`` reads its generator ahead of the samples it has made: once given one, a generator
is the sampler's alone.

>>> import random
>>> fast = Sampler(random.Random(16))
>>> draw = fast.sampler(list(range(47)), 6)
>>> slow = random.Random(16)
>>> [draw() for _ in range(3)] == [slow.sample(range(47), 6) for _ in range(3)]
True
"""
from __future__ import annotations

import random
import struct
from collections.abc import Callable, Sequence
from itertools import chain
from math import ceil, log
from typing import TypeVar

T = TypeVar("T")

#: Words of the generator read at once (16 KB; a simulation of 10,000 deals reads some 100,000).
BLOCK = 4096
_WORDS = struct.Struct(f"<{BLOCK}I")


class Sampler:
    """Samples drawn from one seeded generator, as its ``sample`` method would draw them one after
    another; the generator is read in blocks, so it serves this sampler alone."""

    def __init__(self, rng: random.Random) -> None:
        def block() -> tuple[int, ...]:
            return _WORDS.unpack(rng.getrandbits(32 * BLOCK).to_bytes(4 * BLOCK, "little"))

        #: The generator's next 32-bit word, as ``rng.getrandbits(32)`` would return it.
        self.word: Callable[[], int] = chain.from_iterable(iter(block, None)).__next__

    def below(self, n: int) -> int:
        """A number from 0 to ``n`` - 1, as ``rng._randbelow(n)`` draws it.

        >>> s, r = Sampler(random.Random(3)), random.Random(3)
        >>> [s.below(n) for n in (1, 2, 47, 52, 13)] == [r._randbelow(n) for n in (1, 2, 47, 52, 13)]
        True
        """
        word, shift = self.word, 32 - n.bit_length()
        j = word() >> shift
        while j >= n:
            j = word() >> shift
        return j

    def sampler(self, population: Sequence[T], k: int) -> Callable[[], list[T]]:
        """A function that returns, at each call, the next sample of ``k`` of ``population`` (a
        list, in the order drawn): what ``rng.sample(population, k)`` would return at that point.

        >>> draw = Sampler(random.Random(1)).sampler("abcdefghijklmnopqrstuvwxyz", 3)
        >>> r = random.Random(1)
        >>> [draw(), draw()] == [r.sample("abcdefghijklmnopqrstuvwxyz", 3) for _ in range(2)]
        True
        """
        n = len(population)
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        word = self.word
        # random.Random.sample's own choice between its two ways of drawing.
        setsize = 21
        if k > 5:
            setsize += 4 ** ceil(log(k * 3, 4))
        if n <= setsize:
            items = list(population)
            steps = tuple((m, 32 - m.bit_length()) for m in range(n, n - k, -1))

            def from_pool() -> list[T]:
                pool = items[:]
                out = []
                take = out.append
                for m, shift in steps:
                    j = word() >> shift
                    while j >= m:
                        j = word() >> shift
                    take(pool[j])
                    pool[j] = pool[m - 1]
                return out
            return from_pool
        items = tuple(population)
        shift = 32 - n.bit_length()
        places = range(k)

        def from_places() -> list[T]:
            chosen: set[int] = set()
            out = []
            for _ in places:
                j = word() >> shift
                while j >= n or j in chosen:
                    j = word() >> shift
                chosen.add(j)
                out.append(items[j])
            return out
        return from_places
