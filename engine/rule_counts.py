"""The pat hands of each class under many rule sets at once: the same counts as ``deal.pat_counts``
gives for each, without building each rule set's whole ranking table.

A rule set changes the class of only a few shapes of hand: the sequences and flushes (whether
straights are played), and the shapes one of the extra hands may claim (a round-the-corner, a skip,
a tiger, a big dog, five court cards). Every other shape has its standard class under every rule
set. So the shapes are classified once (``classify_shape`` under Foster's rules, and without
straights), the few *special* shapes again under each rule set, and a hand with the joker takes the
best of its candidates (the joker called each rank in turn, and each card of the four's suit), in
the rule set's order: its tiers, then the deciding ranks, as ``ranking.table`` orders values.
``tests/engine/test_rule_counts.py`` holds the result equal to ``deal.pat_counts`` for every rule
set ``rules.rule_set`` makes from one base, any extra hands and the joker.

>>> blaze, proper = pat_counts_for(["blaze", "foster-proper"])
>>> blaze[HandClass.BLAZE], proper[HandClass.BLAZE]
(432, 768)
>>> from engine.deal import pat_counts
>>> pat_counts_for(["blaze,tiger,mistigris"])[0] == pat_counts("blaze,tiger,mistigris")
True
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache

from .cards import DECK, PACK_WITH_JOKER
from .combinatorics import Shape, shape_counts
from .ranking import WEIGHT, Rules, as_rule_set, classify_shape, rank_multisets, shape_key, shapes5
from .rules import COURT, FOSTER, NO_STRAIGHTS, HandClass, RuleSet, is_big_dog, is_round_the_corner, is_tiger, skip_top

H = HandClass
Classified = tuple[HandClass, tuple[int, ...]]
# A five-card shape as classify_shape takes it: its pattern of counts, its ranks grouped by count, one suit.
Five = tuple[tuple[int, ...], tuple[int, ...], bool]
# What the joker may make of four cards, as a rule set ranks it: (its class's tier, the deciding ranks, the class).
Candidate = tuple[int, tuple[int, ...], HandClass]


def pat_counts_for(rule_sets: Iterable[Rules]) -> list[dict[HandClass, int]]:
    """For each rule set, the number of pat hands in each class it plays, lowest class first (as
    ``deal.pat_counts``)."""
    return [_counts(as_rule_set(rules)) for rules in rule_sets]


@cache
def _pat_shapes(joker: bool) -> Counter[Shape]:
    """The pat hands by shape, from a pack of 52 cards or of 53 with the joker."""
    return shape_counts((), PACK_WITH_JOKER if joker else DECK, 5)


def _is_special(five: Five) -> bool:
    """Whether some rule set may class this shape otherwise than Foster's rules or the game without
    straights do: a shape an extra hand's definition (engine.rules) could claim."""
    pattern, ranks, flush = five
    if flush:
        return False  # a flush is a flush or a straight flush, whatever extra hands are played
    if len(pattern) == 5:
        return (is_round_the_corner(ranks) or skip_top(ranks) is not None or is_tiger(ranks)
                or is_big_dog(ranks))
    return set(ranks) <= COURT and len(pattern) in (2, 3)  # five court cards but four of a kind


@cache
def _shapes() -> tuple[dict[tuple[int, bool], Five], set[tuple[int, bool]]]:
    """Every five-card shape by (key, one suit), and which of them are special."""
    fives: dict[tuple[int, bool], Five] = {}
    for key, pattern, ranks in shapes5():
        fives[(key, False)] = (pattern, ranks, False)
        if len(pattern) == 5:
            fives[(key, True)] = (pattern, ranks, True)
    return fives, {k for k, five in fives.items() if _is_special(five)}


@cache
def _standard(straights: bool) -> dict[tuple[int, bool], Classified]:
    """The class (and deciding ranks) of every shape that is not special, with or without straights."""
    fives, special = _shapes()
    rules = FOSTER if straights else NO_STRAIGHTS
    return {k: classify_shape(*five, rules) for k, five in fives.items() if k not in special}


@cache
def _natural_base(straights: bool) -> Counter[HandClass]:
    """The hands of five natural cards that are not special, by class."""
    standard = _standard(straights)
    counts: Counter[HandClass] = Counter()
    for shape, n in _pat_shapes(False).items():
        k = (shape.key, shape.suited)
        if k in standard:
            counts[standard[k][0]] += n
    return counts


@cache
def _special_counts() -> tuple[tuple[tuple[int, bool], int], ...]:
    """The special shapes and how many hands of five natural cards each is."""
    special = _shapes()[1]
    return tuple(((s.key, s.suited), n) for s, n in _pat_shapes(False).items() if (s.key, s.suited) in special)


@cache
def _joker_groups(straights: bool) -> tuple[tuple[tuple[Classified, ...], tuple[tuple[int, bool], ...], int], ...]:
    """The hands of four natural cards and the joker, grouped by what the joker can make of them:
    for each group, the best of its candidates of each standard class, its special candidates
    (classed under each rule set), and how many hands it holds."""
    fives, special = _shapes()
    standard = _standard(straights)
    counts = {(s.key, s.suited): n for s, n in _pat_shapes(True).items() if s.joker}
    groups: Counter[tuple[tuple[Classified, ...], tuple[tuple[int, bool], ...]]] = Counter()
    for ranks in rank_multisets(4):
        key4 = shape_key(ranks)
        for suited in (False, True) if len(set(ranks)) == 4 else (False,):
            n = counts.get((key4, suited), 0)
            if not n:
                continue
            best: dict[HandClass, tuple[int, ...]] = {}
            specials: list[tuple[int, bool]] = []
            for r in range(2, 15):
                options = [(key4 + WEIGHT[r], False)]
                if suited and r not in ranks:
                    options.append((key4 + WEIGHT[r], True))
                for option in options:
                    if ranks.count(r) == 4:
                        cls, tb = H.FIVE_OF_A_KIND, (r,)
                    elif option in special:
                        specials.append(option)
                        continue
                    else:
                        cls, tb = standard[option]
                    if cls not in best or tb > best[cls]:
                        best[cls] = tb
            groups[(tuple(sorted(best.items(), key=lambda kv: kv[0].value)), tuple(specials))] += n
    return tuple((classed, specials, n) for (classed, specials), n in groups.items())


@cache
def _best_standard(straights: bool, tiers: tuple[tuple[HandClass, int], ...]) -> tuple[Candidate, ...]:
    """For each group of ``_joker_groups(straights)``, its best candidate of a standard class as
    (tier, deciding ranks, class), the classes ranked by *tiers* ((class, tier) of each class a rule
    set plays): what the joker makes of the group's four cards when no special shape is better.
    Rule sets that rank the standard classes alike (most of them) share it."""
    tier = dict(tiers)
    return tuple(max(((tier[cls], tb, cls) for cls, tb in standard), key=_strength)
                 for standard, _, _ in _joker_groups(straights))


def _strength(candidate: Candidate) -> tuple[int, tuple[int, ...]]:
    return candidate[0], candidate[1]


def _counts(rs: RuleSet) -> dict[HandClass, int]:
    fives = _shapes()[0]
    counts = dict.fromkeys(rs.ascending, 0)
    for cls, n in _natural_base(rs.straights).items():
        counts[cls] += n
    classed: dict[tuple[int, bool], Classified] = {}
    for k, n in _special_counts():
        classed[k] = classify_shape(*fives[k], rs)
        counts[classed[k][0]] += n
    if rs.joker:
        tier = {c: rs.tier(c) for c in rs.ascending}
        standard_tiers = tuple((c, t) for c, t in tier.items() if c in _STANDARD)
        best = _best_standard(rs.straights, standard_tiers)
        for (_, specials, n), first in zip(_joker_groups(rs.straights), best, strict=True):
            if specials:  # the best of all candidates, the standard ones first (max keeps the first of equals)
                candidates = [first]
                for k in specials:
                    cls, tb = classed[k]
                    candidates.append((tier[cls], tb, cls))
                first = max(candidates, key=_strength)
            counts[first[2]] += n
    return counts


#: The classes a joker group's standard candidates may be of (``_standard`` under any rule set, and five of a kind).
_STANDARD = frozenset(HandClass) - {H.BLAZE, H.SKIP, H.TIGER, H.BIG_DOG, H.ROUND_THE_CORNER}
