"""The seeded samples of engine/sampling.py are random.Random.sample's, card for card: the simulations'
published counts stand on it (tests/engine/test_simulations.py pins those counts)."""
from __future__ import annotations

import random

import pytest

from engine.sampling import Sampler

# Every (population, sample) size the simulations draw (engine/simulations.py, engine/experiments.py),
# on both sides of random.Random.sample's choice between a pool and a set of places (k <= 5 from more
# than 21; k > 5 from more than 21 + 4 ** ceil(log(3k, 4))), and the edges.
SIZES = [(47, 6), (48, 6), (46, 7), (47, 5), (47, 4), (48, 2), (52, 35), (47, 30), (47, 10), (44, 12), (42, 10),
         (13, 2), (4, 2), (4, 3), (1, 1), (2, 2), (22, 5), (21, 5), (86, 6), (85, 6), (300, 5), (1000, 40), (52, 0)]


@pytest.mark.parametrize(("n", "k"), SIZES)
def test_a_sampler_draws_what_random_sample_draws_seed_after_seed(n, k):
    population = [f"card {i}" for i in range(n)]
    for seed in range(40):
        fast, slow = Sampler(random.Random(seed)).sampler(population, k), random.Random(seed)
        assert [fast() for _ in range(25)] == [slow.sample(population, k) for _ in range(25)]


def test_samplers_of_one_generator_interleave_as_its_calls_of_sample_do():
    # duel_any draws two ranks, then the kept cards of each, then the rest of the pack, from one generator
    sampler, slow = Sampler(random.Random(1905)), random.Random(1905)
    ranks, kept, rest = sampler.sampler(range(13), 2), sampler.sampler("cdhs", 3), sampler.sampler(range(47), 5)
    for _ in range(500):
        assert (ranks(), kept(), rest(), sampler.below(47)) == \
            (slow.sample(range(13), 2), slow.sample("cdhs", 3), slow.sample(range(47), 5), slow._randbelow(47))


def test_a_long_run_reads_the_generator_across_its_blocks():
    # 10,000 deals of 35 cards read some 450,000 words: many blocks of the generator's output
    fast, slow = Sampler(random.Random(7)).sampler(range(52), 35), random.Random(7)
    assert all(fast() == slow.sample(range(52), 35) for _ in range(10_000))


def test_a_sample_larger_than_its_population_is_refused_as_sample_refuses_it():
    with pytest.raises(ValueError, match="Sample larger than population"):
        Sampler(random.Random(1)).sampler(range(4), 5)
