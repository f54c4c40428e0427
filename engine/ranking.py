"""Hand ranking under a rule set: the value of five cards, comparisons, and the reason in words.

A hand's value depends only on its *shape*: the ranks of its cards and whether all five are of
one suit (suits have no rank, 000:724). Each rule set's values are computed once, for the
7,462 shapes of the 52-card pack (and, under mistigris, the shapes of four cards and the joker),
and looked up after that.

>>> evaluate("AS KS QS JS TS").hand_class
<HandClass.ROYAL_FLUSH: 'Royal flush'>
>>> compare("QS QH QD 4C 2D", "TS TH 5D 5C AS").reason
'three queens beat two pairs, tens up'
>>> compare("Kh Kd Qs Qc Jc", "Ks Kc Qh Qd 9d", rules="blaze").reason
'a blaze, kings and queens, beats two pairs, kings up'
>>> compare("Kh Kd Qs Qc Jc", "Ah Ad 9s 9c 2d", rules="blaze").reason
'a blaze, kings and queens, beats two pairs, aces up'
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import chain, combinations, combinations_with_replacement

from .cards import DECK, JOKER, PACK_WITH_JOKER, Card, parse_cards, rank_plural, rank_word
from .errors import HandError
from .rules import (
    FOSTER,
    HandClass,
    RuleSet,
    is_big_dog,
    is_blaze,
    is_round_the_corner,
    is_tiger,
    rule_set,
    skip_top,
    straight_top,
)

H = HandClass
Rules = RuleSet | str
HandLike = str | Sequence[Card]

#: Each rank's weight in a shape key: the key of a set of ranks is the sum of their weights, so
#: a key holds each rank's count as a base-5 digit, and adding a card adds its weight.
WEIGHT = {r: 5 ** (r - 2) for r in range(2, 15)}


def as_rule_set(rules: Rules) -> RuleSet:
    return rule_set(rules) if isinstance(rules, str) else rules


@dataclass(frozen=True, eq=False)
class HandValue:
    """The value of a hand under a rule set.

    ``ranks`` are the ranks that decide between hands of the class, in the order they are
    compared (the ace counts 1 at the foot of a sequence). ``strength`` orders every value of the
    rule set (higher is better; equal strengths tie); ``joker`` is whether the joker is in the
    hand, which wins ties under mistigris (000:861). Values compare with ``<`` and ``==``.
    """

    hand_class: HandClass
    ranks: tuple[int, ...]
    strength: int
    joker: bool
    rules: str

    @property
    def order(self) -> int:
        """One integer that orders values of one rule set: strength, then the joker's tie rule."""
        return 2 * self.strength + self.joker

    def _check(self, other: object) -> HandValue:
        if not isinstance(other, HandValue):
            return NotImplemented  # type: ignore[return-value]
        if other.rules != self.rules:
            raise ValueError(f"values under different rules: {self.rules!r} and {other.rules!r}")
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self._check(other).order == self.order

    def __hash__(self) -> int:
        return hash((self.rules, self.order))

    def __lt__(self, other: HandValue) -> bool:
        return self.order < self._check(other).order

    def __le__(self, other: HandValue) -> bool:
        return self.order <= self._check(other).order

    def __gt__(self, other: HandValue) -> bool:
        return self.order > self._check(other).order

    def __ge__(self, other: HandValue) -> bool:
        return self.order >= self._check(other).order

    def __str__(self) -> str:
        return describe(self)


# --- Shapes and their values -------------------------------------------------------------------

def shape_class(ranks: Sequence[int], flush: bool, rules: Rules = FOSTER) -> tuple[HandClass, tuple[int, ...]]:
    """The class of a shape and the ranks that decide within it.

    >>> shape_class((14, 5, 4, 3, 2), False)
    (<HandClass.STRAIGHT: 'Straight'>, (5, 0))
    >>> shape_class((7, 6, 4, 3, 2), False, "tiger")
    (<HandClass.TIGER: 'Tiger'>, (7, 6, 4, 3, 2))
    >>> shape_class((9, 8, 7, 6, 5), True, "no-straights")
    (<HandClass.FLUSH: 'Flush'>, (9, 8, 7, 6, 5))
    >>> shape_class((8, 8, 3, 3, 3), False)
    (<HandClass.FULL_HAND: 'Full hand'>, (3, 8))
    """
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    pattern = tuple(n for _, n in groups)
    if flush and pattern != (1, 1, 1, 1, 1):
        raise HandError("a flush has five different ranks")
    if pattern == (5,) and not as_rule_set(rules).joker:
        raise HandError("five of a kind needs the joker (mistigris)")
    if sum(pattern) != 5 or pattern[0] > 5:
        raise HandError(f"not a hand of five cards: ranks {tuple(ranks)}")
    return classify_shape(pattern, tuple(r for r, _ in groups), flush, as_rule_set(rules))


def classify_shape(pattern: tuple[int, ...], ranks: tuple[int, ...], flush: bool,
                   rs: RuleSet) -> tuple[HandClass, tuple[int, ...]]:
    """The class of a shape given as its pattern of counts and its ranks grouped by count
    (``(2, 1, 1, 1), (10, 14, 9, 4)`` is a pair of tens), and the ranks that decide within the
    class; the definitions of the hands are in ``engine.rules``.

    >>> classify_shape((2, 2, 1), (13, 12, 11), False, rule_set("blaze"))
    (<HandClass.BLAZE: 'Blaze'>, (0, 13, 12, 11))
    >>> classify_shape((3, 2), (13, 12), False, rule_set("foster-proper"))
    (<HandClass.BLAZE: 'Blaze'>, (2, 13, 12))
    >>> classify_shape((3, 2), (13, 12), False, rule_set("blaze"))
    (<HandClass.FULL_HAND: 'Full hand'>, (13, 12))
    """
    if len(pattern) == 5:
        top = straight_top(ranks) if rs.straights else None
        if flush:
            if top is not None:
                return (H.ROYAL_FLUSH if top == 14 else H.STRAIGHT_FLUSH), (top, 0)
            return H.FLUSH, ranks
        if top is not None:
            return H.STRAIGHT, (top, 0)
        if rs.round_the_corner and is_round_the_corner(ranks):
            return H.ROUND_THE_CORNER, (5, -1 if rs.round_the_corner == "lowest" else 1)
        if rs.plays(H.SKIP):
            top = skip_top(ranks)
            if top is not None:
                return H.SKIP, (top,)
        if rs.plays(H.TIGER) and is_tiger(ranks):
            return H.TIGER, ranks
        if rs.plays(H.BIG_DOG) and is_big_dog(ranks):
            return H.BIG_DOG, ranks
        return H.NO_PAIR, ranks
    if rs.plays(H.BLAZE) and pattern in _BLAZE_KIND \
            and is_blaze(tuple(r for r, n in zip(ranks, pattern, strict=True) for _ in range(n)), rs.blaze):
        # Blazes compare as the same cards would in the standard game: a court full hand above
        # court threes above court two pairs, then by the ranks.
        return H.BLAZE, (_BLAZE_KIND[pattern],) + ranks
    return _GROUPED[pattern](rs, ranks), ranks


#: Which kind of blaze each pattern of five court cards makes (the first of a blaze's deciding
#: ranks): two pairs 0, threes 1, a full hand 2.
_BLAZE_KIND = {(2, 2, 1): 0, (3, 1, 1): 1, (3, 2): 2}

_GROUPED: dict[tuple[int, ...], Callable[[RuleSet, tuple[int, ...]], HandClass]] = {
    (2, 1, 1, 1): lambda rs, r: H.ONE_PAIR,
    (2, 2, 1): lambda rs, r: H.TWO_PAIRS,
    (3, 1, 1): lambda rs, r: H.THREE_OF_A_KIND,
    (3, 2): lambda rs, r: H.FULL_HAND,
    (4, 1): lambda rs, r: H.FOUR_OF_A_KIND,
    (5,): lambda rs, r: H.FIVE_OF_A_KIND,
}


@cache
def shapes5() -> tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]:
    """Every multiset of five ranks as (key, pattern, ranks grouped by count), made pattern by
    pattern: 1,287 without a pair, 2,860 with one pair, 858 two pairs, 858 threes, 156 fulls,
    156 fours (6,175)."""
    desc = tuple(range(14, 1, -1))
    out = []
    for hand in combinations(desc, 5):
        out.append(((1, 1, 1, 1, 1), hand))
    for p in desc:
        others = tuple(r for r in desc if r != p)
        out.extend(((2, 1, 1, 1), (p,) + k) for k in combinations(others, 3))
        out.extend(((3, 1, 1), (p,) + k) for k in combinations(others, 2))
        out.extend(((4, 1), (p, k)) for k in others)
        out.extend(((3, 2), (p, k)) for k in others)
    for hi, lo in combinations(desc, 2):
        out.extend(((2, 2, 1), (hi, lo, k)) for k in desc if k != hi and k != lo)
    return tuple((sum(WEIGHT[r] * n for r, n in zip(ranks, pattern, strict=False)), pattern, ranks)
                 for pattern, ranks in out)


def shape_key(ranks: Iterable[int]) -> int:
    """The key of a multiset of ranks: each rank's count as a base-5 digit.

    >>> shape_key((2, 2, 3)) == 2 * 1 + 1 * 5
    True
    """
    return sum(WEIGHT[r] for r in ranks)


def rank_multisets(size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` ranks a pack of four suits allows, ranks highest first.

    >>> len(rank_multisets(5)), len(rank_multisets(4))
    (6175, 1820)
    """
    out = []
    for combo in combinations_with_replacement(range(14, 1, -1), size):
        if max(Counter(combo).values()) <= 4:
            out.append(combo)
    return out


@dataclass(frozen=True)
class Table:
    """A rule set's values for every shape: ``natural[key]`` (not one suit), ``flush[key]``
    (five ranks of one suit), and under mistigris ``joker[(key4, suited)]`` for four natural cards
    and the joker, where ``suited`` says the four are of one suit."""

    rules: RuleSet
    natural: dict[int, HandValue]
    flush: dict[int, HandValue]
    joker: dict[tuple[int, bool], HandValue]
    values: tuple[HandValue, ...]          # every distinct value, weakest first


def table(rules: Rules = FOSTER) -> Table:
    """The values of every shape under a rule set (built once per rule set, then cached).

    >>> t = table("foster")
    >>> len(t.natural), len(t.flush), len(t.values)
    (6175, 1287, 7462)
    >>> t is table(FOSTER)
    True
    """
    return _table(as_rule_set(rules))


@cache
def _table(rs: RuleSet) -> Table:
    classified: dict[tuple[int, bool], tuple[HandClass, tuple[int, ...]]] = {}
    for key, pattern, ranks in shapes5():
        classified[(key, False)] = classify_shape(pattern, ranks, False, rs)
        if len(pattern) == 5:
            classified[(key, True)] = classify_shape(pattern, ranks, True, rs)
    fives = {r: (H.FIVE_OF_A_KIND, (r,)) for r in range(2, 15)} if rs.joker else {}
    tier = {c: rs.tier(c) for c in rs.ascending}
    # Values are ordered by class tier, then by the deciding ranks; each (tier, ranks) is packed
    # into one integer that sorts the same way (ranks, at most five, shifted by 2 into 1..16, five
    # bits each; a shorter tuple is padded with 0 and so sorts first, as tuples do).
    packed: dict[tuple[HandClass, tuple[int, ...]], int] = {}
    for cls_tb in chain(classified.values(), fives.values()):
        if cls_tb not in packed:
            cls, tb = cls_tb
            assert len(tb) <= 5
            n = tier[cls]
            for i in range(5):
                n = (n << 5) | (tb[i] + 2 if i < len(tb) else 0)
            packed[cls_tb] = n
    dense_of_packed = {n: i for i, n in enumerate(sorted(set(packed.values())))}
    dense = {cls_tb: dense_of_packed[n] for cls_tb, n in packed.items()}
    made: dict[tuple[int, bool], HandValue] = {}

    def value(cls_tb: tuple[HandClass, tuple[int, ...]], joker: bool = False) -> HandValue:
        strength = dense[cls_tb]
        v = made.get((strength, joker))
        if v is None:
            v = made[(strength, joker)] = HandValue(cls_tb[0], cls_tb[1], strength, joker, rs.name)
        return v

    natural = {k: value(v) for (k, f), v in classified.items() if not f}
    flush = {k: value(v) for (k, f), v in classified.items() if f}
    joker: dict[tuple[int, bool], HandValue] = {}
    if rs.joker:
        for ranks in rank_multisets(4):
            key4 = shape_key(ranks)
            distinct = len(set(ranks)) == 4
            for suited in ((False, True) if distinct else (False,)):
                best: tuple[HandClass, tuple[int, ...]] | None = None
                best_strength = -1
                for r in range(2, 15):
                    options = []
                    if ranks.count(r) == 4:
                        options.append(fives[r])
                    else:
                        options.append(classified[(key4 + WEIGHT[r], False)])
                    if suited and r not in ranks:
                        options.append(classified[(key4 + WEIGHT[r], True)])
                    for option in options:
                        s = dense[option]
                        if s > best_strength:
                            best, best_strength = option, s
                assert best is not None
                joker[(key4, suited)] = value(best, True)
    values = tuple(sorted(set(made.values()), key=lambda v: v.order))
    return Table(rs, natural, flush, joker, values)


def clear_caches() -> None:
    """Forget the ranking tables made so far (engine.deal.clear_caches forgets the counts too)."""
    _table.cache_clear()
    shapes5.cache_clear()


# --- Evaluating hands --------------------------------------------------------------------------

def as_cards(hand: HandLike, rules: Rules = FOSTER) -> tuple[Card, ...]:
    """A hand as five cards (parsing a string), checked against the rule set's pack.

    >>> as_cards("AS KS")
    Traceback (most recent call last):
    ...
    engine.errors.HandError: a hand has five cards; 'As Ks' has 2
    """
    rs = as_rule_set(rules)
    cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    if len(cards) != 5:
        raise HandError(f"a hand has five cards; {' '.join(c.code for c in cards)!r} has {len(cards)}")
    if len(set(cards)) != 5:
        dup = next(c for c in cards if cards.count(c) > 1)
        raise HandError(f"the {dup.words()} ({dup.code}) is in the hand twice")
    if JOKER in cards and not rs.joker:
        raise HandError("the joker is not in the pack under these rules (add mistigris: --rules mistigris)")
    return cards


def evaluate(hand: HandLike, rules: Rules = FOSTER) -> HandValue:
    """The value of five cards under a rule set (default: Foster's standard game).

    >>> evaluate("Ah 2d 3c 4s 5h").ranks
    (5, 0)
    >>> str(evaluate("ace of hearts, knave of clubs, ten of spades, ten of clubs, ace of diamonds"))
    'two pairs, aces up'
    >>> str(evaluate("Kc Kd Ks Kh JK", "mistigris"))
    'five kings (with the joker)'
    """
    rs = as_rule_set(rules)
    cards = as_cards(hand, rs)
    t = table(rs)
    naturals = [c for c in cards if not c.is_joker]
    key = sum(WEIGHT[c.rank] for c in naturals)
    suited = len({c.suit for c in naturals}) == 1
    if len(naturals) == 4:
        return t.joker[(key, suited and len({c.rank for c in naturals}) == 4)]
    return t.flush[key] if suited else t.natural[key]


def evaluator(rules: Rules = FOSTER) -> Callable[[Sequence[int]], int]:
    """A fast function from five card indices (``Card.index``; the joker is 52) to the value's
    ``order``; for bulk work such as comparing with another engine. No checks are made.

    >>> f = evaluator()
    >>> aces = [Card(14, s).index for s in "cdhs"] + [Card(2, "c").index]
    >>> f([Card(r, "h").index for r in (9, 8, 7, 6, 5)]) > f(aces)   # a straight flush beats four aces
    True
    """
    t = table(as_rule_set(rules))
    nat = {k: v.order for k, v in t.natural.items()}
    fl = {k: v.order for k, v in t.flush.items()}
    jk = {k: v.order for k, v in t.joker.items()}
    weight = [WEIGHT[c.rank] for c in DECK] + [0]
    suit = [c.index & 3 for c in DECK] + [-1]

    def order(cards: Sequence[int]) -> int:
        a, b, c, d, e = cards
        key = weight[a] + weight[b] + weight[c] + weight[d] + weight[e]
        if 52 in cards:
            nats = [x for x in cards if x != 52]
            return jk[(key, len({suit[x] for x in nats}) == 1 and len({x >> 2 for x in nats}) == 4)]
        if suit[a] == suit[b] == suit[c] == suit[d] == suit[e]:
            return fl[key]
        return nat[key]

    return order


def useless_cards(hand: HandLike, rules: Rules = FOSTER) -> tuple[Card, ...]:
    """The cards of a hand that are "useless", in the order held: those that "add nothing to the
    value of the hand, and may be discarded before the draw" (Foster, 000:624, where his
    diagrams of the classes of hands set an asterisk over each).

    A card adds nothing when the other four cards keep the hand in its class (or a higher one)
    whatever card of the pack stands in its place: the odd cards beside a pair ("One Pair.—Two
    cards of the same denomination, and three useless cards", 000:632), beside two pairs, threes
    and fours; none in a straight, a flush, a full hand ("No useless cards", 000:653), a straight
    flush, or in the extra hands where they are played (the fifth court card of a blaze, the
    cards of a tiger, a skip or a round-the-corner all count).

    A hand without a pair has no combination to keep, so by that test every card would be
    useless. The edition reads Foster otherwise: he names and ranks such a hand by its highest
    card ("the one ace high and the other seven high", 000:746; his TABLE OF NO PAIRS divides
    them so, 000:1883), and he draws four cards to an ace (000:1220); so the highest card is
    the hand's value and the four below it are the useless cards.

    >>> [c.code for c in useless_cards("Kh Kc 9d 5s 2h")], [c.code for c in useless_cards("7s 7h 7d Kc 2s")]
    (['9d', '5s', '2h'], ['Kc', '2s'])
    >>> [c.code for c in useless_cards("As Jd 8c 6h 3s")], useless_cards("6s 6h 6c Jd Js")
    (['Jd', '8c', '6h', '3s'], ())
    >>> useless_cards("Ks Kh Qd Qc Js", "blaze"), [c.code for c in useless_cards("Ks Kh Qd Qc Js")]
    ((), ['Js'])
    """
    rs = as_rule_set(rules)
    cards = as_cards(hand, rs)
    value = evaluate(cards, rs)
    if value.hand_class is H.NO_PAIR:
        top = max(cards, key=lambda c: c.rank)
        return tuple(c for c in cards if c != top)
    tier = rs.tier(value.hand_class)
    pack = PACK_WITH_JOKER if rs.joker else DECK
    others = [c for c in pack if c not in cards]
    useless = []
    for i, card in enumerate(cards):
        rest = cards[:i] + cards[i + 1:]
        if all(rs.tier(evaluate(rest + (x,), rs).hand_class) >= tier for x in others):
            useless.append(card)
    return tuple(useless)


# --- Words -------------------------------------------------------------------------------------

def describe(value: HandValue, *, jack: str = "jack", full: bool = False) -> str:
    """A value in the texts' words: "three queens", "two pairs, tens up", "a flush, ace high".

    ``full=True`` names every card that counts ("two pairs, tens and eights, with a king").

    >>> describe(evaluate("Ah Kh Jh 8h 3h"), full=True)
    'a flush, ace, king, jack, eight, three'
    >>> describe(evaluate("Th Tc 8h 8d Ks"), full=True)
    'two pairs, tens and eights, with a king'
    >>> describe(evaluate("5h 5c 5d 2h 2s"))
    'a full hand, three fives and a pair of deuces'
    """
    c, r = value.hand_class, value.ranks
    w = lambda x: rank_word(x, jack)          # noqa: E731
    p = lambda x: rank_plural(x, jack)        # noqa: E731
    article = lambda word: ("an " if word[0] in "aeiou" else "a ") + word  # noqa: E731
    listing = ", ".join(w(x) for x in r) if c in (H.NO_PAIR, H.FLUSH, H.TIGER, H.BIG_DOG) else ""
    kickers = lambda xs: _and([article(w(x)) for x in xs])  # noqa: E731
    if c is H.NO_PAIR:
        text = listing if full else f"{w(r[0])} high"
    elif c is H.ONE_PAIR:
        text = f"a pair of {p(r[0])}" + (f", with {kickers(r[1:])}" if full else "")
    elif c is H.TWO_PAIRS:
        text = f"two pairs, {p(r[0])} and {p(r[1])}, with {article(w(r[2]))}" if full else f"two pairs, {p(r[0])} up"
    elif c is H.BLAZE:
        kind, r = r[0], r[1:]
        if kind == 0:
            text = f"a blaze, {p(r[0])} and {p(r[1])}" + (f", with {article(w(r[2]))}" if full else "")
        elif kind == 1:
            text = f"a blaze, three {p(r[0])}" + (f", with {kickers(r[1:])}" if full else "")
        else:
            text = f"a blaze, three {p(r[0])} and a pair of {p(r[1])}"
    elif c is H.THREE_OF_A_KIND:
        text = f"three {p(r[0])}" + (f", with {kickers(r[1:])}" if full else "")
    elif c is H.STRAIGHT:
        text = f"a straight, {w(r[0])} high"
    elif c is H.FLUSH:
        text = f"a flush, {listing}" if full else f"a flush, {w(r[0])} high"
    elif c is H.FULL_HAND:
        text = f"a full hand, three {p(r[0])} and a pair of {p(r[1])}"
    elif c is H.FOUR_OF_A_KIND:
        text = f"four {p(r[0])}" + (f", with {article(w(r[1]))}" if full else "")
    elif c is H.STRAIGHT_FLUSH:
        text = f"a straight flush, {w(r[0])} high"
    elif c is H.ROYAL_FLUSH:
        text = "a royal flush"
    elif c is H.SKIP:
        text = f"a skip, {w(r[0])} high"
    elif c is H.TIGER:
        text = f"a tiger, {listing}" if full else "a tiger"
    elif c is H.BIG_DOG:
        text = f"a big dog, {listing}" if full else "a big dog"
    elif c is H.ROUND_THE_CORNER:
        text = "a round-the-corner straight"
    elif c is H.FIVE_OF_A_KIND:
        text = f"five {p(r[0])}"
    else:  # pragma: no cover - every class is named above
        raise AssertionError(c)
    if value.joker:
        text += _JOKER
    return text


_JOKER = " (with the joker)"


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _plural(text: str) -> bool:
    return text.split(" ")[0] in {"three", "four", "five", "two"}


def _beat(text: str) -> str:
    return "beat" if _plural(text) else "beats"


def _subject(text: str) -> str:
    """A description with a phrase set off by a comma takes a closing comma as a subject."""
    return text + "," if "," in text.removesuffix(_JOKER) else text


def reason(winner: HandValue, loser: HandValue, *, jack: str = "jack") -> str:
    """Why one value beats another (or that they tie), in plain words.

    >>> reason(evaluate("Ah Kh Jh 8h 3h"), evaluate("As Ks Js 6s 3s"))  # doctest: +NORMALIZE_WHITESPACE
    'a flush, ace, king, jack, eight, three, beats a flush, ace, king, jack, six, three:
     the eight is higher than the six'
    >>> reason(evaluate("Th Tc 8h 8d Ks"), evaluate("Ts Td 6h 6d As"))
    'two pairs, tens and eights, beat two pairs, tens and sixes'
    >>> reason(evaluate("Th Tc 8h 8d Ks"), evaluate("Ts Td 8s 8c Kd"))
    'the hands tie, two pairs, tens up, each; they divide the pool'
    """
    if winner == loser:
        return f"the hands tie, {describe(winner, jack=jack)}, each; they divide the pool"
    if winner < loser:
        winner, loser = loser, winner
    short_w, short_l = describe(winner, jack=jack), describe(loser, jack=jack)
    if winner.strength == loser.strength:
        return (f"{_subject(short_w)} {_beat(short_w)} {short_l}: on equal cards the hand with the joker "
                f"wins (000:861)")
    if short_w.removesuffix(_JOKER) != short_l.removesuffix(_JOKER):
        return f"{_subject(short_w)} {_beat(short_w)} {short_l}"
    c = winner.hand_class
    if c is H.TWO_PAIRS and winner.ranks[1] != loser.ranks[1]:
        a = f"two pairs, {rank_plural(winner.ranks[0], jack)} and {rank_plural(winner.ranks[1], jack)}"
        b = f"two pairs, {rank_plural(loser.ranks[0], jack)} and {rank_plural(loser.ranks[1], jack)}"
        return f"{a}, {_beat(a)} {b}"
    full_w, full_l = describe(winner, jack=jack, full=True), describe(loser, jack=jack, full=True)
    i = next(i for i, (x, y) in enumerate(zip(winner.ranks, loser.ranks, strict=False)) if x != y)
    return (f"{_subject(full_w)} {_beat(full_w)} {full_l}: the {rank_word(winner.ranks[i], jack)} "
            f"is higher than the {rank_word(loser.ranks[i], jack)}")


@dataclass(frozen=True)
class Showdown:
    """The result of a show-down: the winning hands (indices; more than one divide the pool),
    every hand's value, and the reason in words."""

    winners: tuple[int, ...]
    values: tuple[HandValue, ...]
    reason: str


def compare(*hands: HandLike, rules: Rules = FOSTER, jack: str = "jack") -> Showdown:
    """Show down two or more hands: the winner or winners and the reason.

    >>> s = compare("Ah Kh Jh 8h 3h", "As Ks Js 8s 3s", "2c 3c 4d 5d 7s")
    >>> s.winners, s.reason
    ((0, 1), 'hands 1 and 2 tie, a flush, ace high, each, and divide the pool; a flush, ace high, beats seven high')
    >>> compare("Qh Jc 8d 7c 3s", "Qd JK 6h 4c 2d", rules="mistigris").reason
    'a pair of queens (with the joker) beats queen high'
    """
    rs = as_rule_set(rules)
    if len(hands) < 2:
        raise HandError("a show-down needs two hands or more")
    card_hands = [as_cards(h, rs) for h in hands]
    seen: dict[Card, int] = {}
    for i, cards in enumerate(card_hands):
        for card in cards:
            if card in seen:
                raise HandError(f"the {card.words()} ({card.code}) is in hand {seen[card] + 1} and hand {i + 1}")
            seen[card] = i
    values = tuple(evaluate(cards, rs) for cards in card_hands)
    best = max(values)
    winners = tuple(i for i, v in enumerate(values) if v == best)
    losers = [v for v in values if v != best]
    if not losers:
        text = reason(best, best, jack=jack)
        if len(values) > 2:
            text = text.replace("the hands tie", "all the hands tie")
    else:
        text = reason(best, max(losers), jack=jack)
        if len(winners) > 1:
            names = ", ".join(str(i + 1) for i in winners[:-1]) + f" and {winners[-1] + 1}"
            text = f"hands {names} tie, {describe(best, jack=jack)}, each, and divide the pool; {text}"
    return Showdown(winners, values, text)


def beats(a: HandLike, b: HandLike, rules: Rules = FOSTER) -> bool:
    """Whether hand ``a`` beats hand ``b`` (a tie is not a win).

    >>> beats("6h 5d 4c 3s 2h", "Ah 2d 3c 4s 5h"), beats("Ah 2d 3c 4s 5h", "Ah 2d 3c 4s 5h")
    (True, False)
    """
    return evaluate(a, rules) > evaluate(b, rules)
