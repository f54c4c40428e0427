"""The deal: pat hands (the five cards as dealt), counted exactly and classified all at once.

>>> pat_counts()[HandClass.TWO_PAIRS], pat_total()
(123552, 2598960)
>>> pat_chance(HandClass.FULL_HAND)
Fraction(6, 4165)
>>> two_pairs_by_higher_pair()[14], no_pair_by_high_card()[7]     # aces up; seven high
(19008, 4080)
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations
from math import comb
from typing import Literal

from . import ranking
from .cards import DECK, PACK_WITH_JOKER, Card
from .combinatorics import Shape, shape_counts, value_counts, values_of_shapes
from .errors import HandError
from .ranking import WEIGHT, HandLike, HandValue, Rules, as_cards, as_rule_set, classify_shape, evaluate, shapes5, table
from .rules import FOSTER, HandClass, RuleSet, four_card_straight, straight_top

#: The class codes of ``classify_all``: byte ``i`` stands for ``CLASSES[i]``.
CLASSES: tuple[HandClass, ...] = tuple(HandClass)
_CODE = {c: i for i, c in enumerate(CLASSES)}


def clear_caches() -> None:
    """Forget every table and count the engine has made (for benchmarks that time a cold start).

    >>> clear_caches(); pat_counts()[HandClass.FULL_HAND]
    3744
    """
    ranking.clear_caches()
    _pat_shapes.cache_clear()
    _pat_values.cache_clear()
    _pat_classes.cache_clear()
    _classify_all.cache_clear()
    _four_straight_kinds.cache_clear()


def pack(rules: Rules = FOSTER) -> tuple[Card, ...]:
    """The pack a rule set plays with: 52 cards, or 53 with the joker (mistigris).

    >>> len(pack()), len(pack("mistigris"))
    (52, 53)
    """
    return PACK_WITH_JOKER if as_rule_set(rules).joker else DECK


@cache
def _pat_shapes(joker: bool) -> Counter[Shape]:
    """The pat hands by shape, which no rule set changes: one count for each pack."""
    return shape_counts((), PACK_WITH_JOKER if joker else DECK, 5)


@cache
def _pat_values(rs: RuleSet) -> Counter[HandValue]:
    return values_of_shapes(_pat_shapes(rs.joker), rs)


@cache
def _pat_classes(rs: RuleSet) -> dict[HandClass, int]:
    counts = dict.fromkeys(rs.ascending, 0)
    for value, n in _pat_values(rs).items():
        counts[value.hand_class] += n
    return counts


def pat_values(rules: Rules = FOSTER) -> Counter[HandValue]:
    """The number of pat hands of each value (7,462 values under Foster's rules).

    >>> len(pat_values()), sum(pat_values().values())
    (7462, 2598960)
    """
    return Counter(_pat_values(as_rule_set(rules)))


def pat_counts(rules: Rules = FOSTER) -> dict[HandClass, int]:
    """The number of pat hands in each class the rule set plays, lowest class first.

    >>> counts = pat_counts()
    >>> counts[HandClass.STRAIGHT_FLUSH], counts[HandClass.ROYAL_FLUSH], sum(counts.values())
    (36, 4, 2598960)
    >>> pat_counts("mistigris")[HandClass.FIVE_OF_A_KIND]
    13
    """
    return dict(_pat_classes(as_rule_set(rules)))


def pat_total(rules: Rules = FOSTER) -> int:
    """The number of different hands of five cards: C(52, 5), or C(53, 5) with the joker.

    >>> pat_total(), pat_total("mistigris")
    (2598960, 2869685)
    """
    return comb(len(pack(rules)), 5)


def pat_chance(hand_class: HandClass, rules: Rules = FOSTER) -> Fraction:
    """The chance that a hand is dealt pat in a class (the whole pack unseen).

    >>> pat_chance(HandClass.TIGER, "tiger")
    Fraction(1, 637)
    """
    rs = as_rule_set(rules)
    if not rs.plays(hand_class):
        raise HandError(f"{hand_class.value} is not played under the rules {rs.name!r}")
    return Fraction(pat_counts(rs)[hand_class], pat_total(rs))


def two_pairs_by_higher_pair(rules: Rules = FOSTER) -> dict[int, int]:
    """Two-pair hands by the rank of the higher pair (Foster's TABLE OF TWO PAIRS, 000:1865),
    aces up first. Blazes, where played, are counted apart from two pairs.

    >>> two_pairs_by_higher_pair()[3]     # treys up: 36 * 44
    1584
    """
    out = dict.fromkeys(range(14, 2, -1), 0)
    for value, n in _pat_values(as_rule_set(rules)).items():
        if value.hand_class is HandClass.TWO_PAIRS and not value.joker:
            out[value.ranks[0]] += n
    return out


def no_pair_by_high_card(rules: Rules = FOSTER) -> dict[int, int]:
    """No-pair hands by their highest card (Foster's TABLE OF NO PAIRS, 000:1883), ace high
    first; only classes that are "no pair" under the rule set count.

    >>> sum(no_pair_by_high_card().values())
    1302540
    """
    out = dict.fromkeys(range(14, 6, -1), 0)
    for value, n in _pat_values(as_rule_set(rules)).items():
        if value.hand_class is HandClass.NO_PAIR and not value.joker:
            out[value.ranks[0]] = out.get(value.ranks[0], 0) + n
    return {r: n for r, n in out.items() if n or r >= 7}


def hands_at_least(hand: HandLike, rules: Rules = FOSTER) -> int:
    """The number of pat hands (the whole pack) as good as ``hand`` or better.

    >>> hands_at_least("Jh Jd 4c 3s 2d")     # jacks or better
    536100
    """
    rs = as_rule_set(rules)
    v = evaluate(hand, rs)
    return sum(n for value, n in _pat_values(rs).items() if value >= v)


BobtailStraights = Literal["any", "open-end"]


@cache
def bobtails_dealt(straights: BobtailStraights = "any") -> int:
    """The pat hands that are bobtails and not openers, as Foster counts them when he sets the
    bobtail beside jacks or better (000:400): "four-card flushes or straights, in which the fifth
    card does not make a pair of jacks or better". A bobtail is "four cards of a straight or
    flush, the fifth card not fitting in" (000:2085): exactly four cards of one suit, or four
    cards of a straight (:func:`engine.rules.four_card_straight`: ``straights="any"`` takes the
    open-end, one-end and inside ones, as Foster's ODDS AGAINST IMPROVING reckons four-card
    straights, 000:1963-1967; ``"open-end"`` the open-end ones only). The hand itself must not
    be jacks or better: with a made straight or flush the fifth card fits in, and with four
    different ranks the only openers left are a pair of jacks or better made by the fifth card.

    Counted by shape (the ranks, and how the suits can fall on them), not hand by hand.

    >>> bobtails_dealt(), bobtails_dealt("open-end")
    (411252, 172020)
    """
    if straights not in ("any", "open-end"):
        raise ValueError(f"straights is 'any' or 'open-end', not {straights!r}")
    t = table(FOSTER)
    jacks = evaluate("Jh Jd 4c 3s 2d", FOSTER)
    kinds = _four_straight_kinds()
    count = 0
    for key, pattern, ranks in shapes5():
        if pattern not in ((1, 1, 1, 1, 1), (2, 1, 1, 1)) or t.natural[key] >= jacks:
            continue  # two pairs or better (never four different ranks), or openers
        kind = kinds[ranks]
        straight = kind is not None and (straights == "any" or kind == "open-end")
        if pattern == (1, 1, 1, 1, 1):
            # 4**5 ways for the suits, less the 4 flushes; exactly four of one suit: 4 x 5 x 3.
            count += 4 ** 5 - 4 if straight else 4 * 5 * 3
        else:
            # The pair in 6 ways, the three others in 4**3; four of one suit: the three others
            # and one of the pair, in one of the pair's two suits: 6 x 2.
            count += 6 * 4 ** 3 if straight else 6 * 2
    return count


@cache
def four_card_straights_dealt(kind: str, pairs: bool = True, flushes: bool = True) -> int:
    """The pat hands holding four cards of a straight of one kind (``open-end``, ``one-end`` or
    ``inside``: :func:`engine.rules.four_card_straight`, the best kind the ranks hold) and not a
    straight already made; ``pairs=False`` leaves out the hands in which the fifth card pairs one
    of the four, ``flushes=False`` those of one suit. Each reading of Foster's "holding an
    open-end straight pat" (000:1963) is one call. Counted by shape.

    >>> four_card_straights_dealt("open-end"), four_card_straights_dealt("inside"), four_card_straights_dealt("one-end")
    (78336, 246784, 19456)
    >>> four_card_straights_dealt("open-end", pairs=False, flushes=False)
    64260
    """
    kinds = _four_straight_kinds()
    count = 0
    for _key, pattern, ranks in shapes5():
        if pattern == (1, 1, 1, 1, 1):
            if straight_top(ranks) is None and kinds[ranks] == kind:
                count += 4 ** 5 - (0 if flushes else 4)
        elif pattern == (2, 1, 1, 1) and pairs and kinds[ranks] == kind:
            count += 6 * 4 ** 3
    return count


@cache
def _four_straight_kinds() -> dict[tuple[int, ...], str | None]:
    """The kind of four-card straight (:func:`engine.rules.four_card_straight`) the ranks of each shape
    without a pair or with one pair hold, worked out once for the counts that ask it of every shape."""
    return {ranks: four_card_straight(ranks) for _key, pattern, ranks in shapes5()
            if pattern in ((1, 1, 1, 1, 1), (2, 1, 1, 1))}


def hands_beating(hand: HandLike, rules: Rules = FOSTER) -> tuple[int, int]:
    """How many of the hands an opponent can hold beat ``hand``: (count, total), the opponent's
    five cards drawn from the 47 (48 with the joker) that ``hand`` does not hold.

    >>> hands_beating("Ah Ad Ac As Kd")   # straight flushes without an ace or the king of diamonds
    (31, 1533939)
    """
    rs = as_rule_set(rules)
    cards = as_cards(hand, rs)
    v = evaluate(cards, rs)
    unseen = [c for c in pack(rs) if c not in cards]
    counts = value_counts((), unseen, 5, rs)
    return sum(n for value, n in counts.items() if value > v), comb(len(unseen), 5)


def chance_someone_beats(hand: HandLike, opponents: int, rules: Rules = FOSTER) -> Fraction:
    """The chance that at least one of ``opponents`` holds a better pat hand than ``hand``: the
    exact chance for one opponent (``hands_beating``), taken as independent for several, as the
    authors reckon it (000:1997-1999). For one opponent the value is exact.

    >>> chance_someone_beats("Ah Ad 5c 4s 3h", 1)
    Fraction(130685, 1533939)
    >>> round(float(chance_someone_beats("Ah Ad 5c 4s 3h", 4)), 3)
    0.3
    """
    count, total = hands_beating(hand, rules)
    return chance_any_of(Fraction(count, total), opponents)


def suit_patterns() -> dict[tuple[int, ...], int]:
    """Pat hands by how many cards of each suit they hold, most first (52-card pack).

    >>> suit_patterns()[(5,)], suit_patterns()[(4, 1)]     # flushes of every kind; four-card flushes
    (5148, 111540)
    """
    out: Counter[tuple[int, ...]] = Counter()
    for a in range(6):
        for b in range(6 - a):
            for c in range(6 - a - b):
                d = 5 - a - b - c
                pattern = tuple(sorted((x for x in (a, b, c, d) if x), reverse=True))
                out[pattern] += comb(13, a) * comb(13, b) * comb(13, c) * comb(13, d)
    return dict(out)


def chance_any_of(chance: Fraction, n: int) -> Fraction:
    """The chance that at least one of ``n`` players gets what each gets with ``chance``, taking
    the players as independent, the authors' method (Foster, 000:1999: "multiply the fraction of
    these odds by itself"). It is not exact for hands dealt from one pack.

    >>> chance_any_of(Fraction(1, 3), 2)
    Fraction(5, 9)
    """
    if n < 0:
        raise ValueError("the number of players cannot be negative")
    return 1 - (1 - Fraction(chance)) ** n


# --- Every hand at once ------------------------------------------------------------------------

def all_hands(rules: Rules = FOSTER) -> Iterator[tuple[Card, ...]]:
    """Every pat hand, in the order of ``classify_all`` (``itertools.combinations`` of the pack).

    >>> next(all_hands())  # doctest: +NORMALIZE_WHITESPACE
    (Card(rank=2, suit='c'), Card(rank=2, suit='d'), Card(rank=2, suit='h'), Card(rank=2, suit='s'),
     Card(rank=3, suit='c'))
    """
    return combinations(pack(rules), 5)


def classify_all(rules: Rules = FOSTER) -> bytes:
    """The class of every pat hand, one byte each (``CLASSES[b]``), in the order of
    ``all_hands`` (2,598,960 bytes; 2,869,685 with the joker).

    The hands are not dealt one by one: the bytes are assembled from blocks shared by every
    hand with the same first cards' shape, which is what lets all of them be classified in a
    small fraction of a second.

    >>> codes = classify_all()
    >>> len(codes), CLASSES[codes[0]], CLASSES[codes[-1]]
    (2598960, <HandClass.FOUR_OF_A_KIND: 'Four of a kind'>, <HandClass.FOUR_OF_A_KIND: 'Four of a kind'>)
    >>> codes.count(_CODE[HandClass.FLUSH])
    5108
    """
    return _classify_all(as_rule_set(rules))


def _class_codes(rs: RuleSet) -> tuple[dict[int, int], dict[int, int], dict[tuple[int, bool], int]]:
    """Each shape's class code: not of one suit, of one suit, and four cards with the joker.
    Without the joker the classes are all that is needed, so the values are not made."""
    if rs.joker:
        t = table(rs)
        return ({k: _CODE[v.hand_class] for k, v in t.natural.items()},
                {k: _CODE[v.hand_class] for k, v in t.flush.items()},
                {k: _CODE[v.hand_class] for k, v in t.joker.items()})
    nat, fl = {}, {}
    for key, pattern, ranks in shapes5():
        nat[key] = _CODE[classify_shape(pattern, ranks, False, rs)[0]]
        if len(pattern) == 5:
            fl[key] = _CODE[classify_shape(pattern, ranks, True, rs)[0]]
    return nat, fl, {}


def clear_classified() -> None:
    """Forget the classification of every hand made so far, keeping the ranking tables (a warm run)."""
    _classify_all.cache_clear()


@lru_cache(maxsize=4)
def _classify_all(rs: RuleSet) -> bytes:
    # A shape here is (key, st): ``key`` the cards' ranks (ranking.shape_key, each rank's count a
    # base-5 digit), ``st`` the suit (0-3) the cards are all of with no pair, or -1.
    n_cards = 53 if rs.joker else 52
    nat, fl, jk = _class_codes(rs)
    weight = [WEIGHT[r + 2] for r in range(13)]
    index_ranks = bytes(i >> 2 for i in range(52))   # card index -> rank index, for translate
    pad = bytes(243)
    plain: dict[int, bytes] = {}
    rows: dict[tuple[int, int], bytes] = {}
    blocks: dict[tuple[int, int, int], bytes] = {}

    def row(key: int, st: int) -> bytes:
        """The class of the hand made by each card added to four cards of shape (key, st); a
        card that could not be added (a fifth of a rank, a card held) gets a placeholder that
        is never read."""
        line = plain.get(key)
        if line is None:
            per_rank = bytes([nat.get(key + w, 0) for w in weight])
            line = plain[key] = index_ranks.translate(per_rank + pad)
        if st >= 0 or n_cards == 53:
            edit = bytearray(line)
            if st >= 0:
                edit[st::4] = bytes([fl.get(key + w, 0) for w in weight])
            if n_cards == 53:
                edit.append(jk[(key, st >= 0)])
            line = bytes(edit)
        rows[(key, st)] = line
        return line

    def block(level: int, key: int, st: int, lo: int) -> bytes:
        """The classes of every completion of ``level`` cards of shape (key, st) by cards from
        ``lo`` on, concatenated in order; the completions by cards after card ``x`` are the
        block's last C(n - x - 1, 5 - level) bytes, whatever ``x``, and are what is used."""
        need = 4 - level                                 # cards to come after the next one
        pieces = []
        add = pieces.append
        for x in range(lo, n_cards - need):
            tail = comb(n_cards - x - 1, need)
            rx = x >> 2
            w = weight[rx]
            held = key // w % 5
            if held == 4:
                add(bytes(tail))                          # a fifth of a rank: never read
                continue
            if level == 0:
                sub_st = x & 3
            elif st == x & 3 and not held:
                sub_st = st
            else:
                sub_st = -1
            sub_key = key + w
            if level == 3:
                sub = rows.get((sub_key, sub_st)) or row(sub_key, sub_st)
            else:
                sub = blocks.get((level + 1, sub_key, sub_st))
                if sub is None:
                    sub = blocks[(level + 1, sub_key, sub_st)] = block(level + 1, sub_key, sub_st, 4 * rx + 1)
            add(sub[len(sub) - tail:])
        return b"".join(pieces)

    return block(0, 0, -1, 0)


def class_of_code(code: int) -> HandClass:
    """The class a byte of ``classify_all`` stands for.

    >>> class_of_code(classify_all()[0])
    <HandClass.FOUR_OF_A_KIND: 'Four of a kind'>
    """
    return CLASSES[code]


def count_codes(codes: bytes, rules: Rules = FOSTER) -> dict[HandClass, int]:
    """Count the classes in the output of ``classify_all``, lowest class first.

    >>> count_codes(classify_all())[HandClass.ROYAL_FLUSH]
    4
    """
    rs = as_rule_set(rules)
    return {c: codes.count(_CODE[c]) for c in rs.ascending}

