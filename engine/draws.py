"""The draw: the exact distribution of the final hand for any holding and any cards discarded.

The drawer's new cards come from the cards he has not seen: the pack less the five he was dealt
(his discards are not in it, 000:1911), whatever the others hold, since "your chance among the
whole 47 cards is exactly the same" (000:2026).

>>> d = draw("JS JH 7D 4C 2S", discard="7D 4C 2S")      # Foster's TABLE OF IMPROVEMENT IN PAIRS
>>> d.total, d.counts[HandClass.TWO_PAIRS], d.counts[HandClass.ONE_PAIR], d.improved
(16215, 2592, 11559, 4656)
>>> d.odds(HandClass.FOUR_OF_A_KIND).to_one()
'359 to 1'
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from .cards import Card, parse_cards
from .combinatorics import value_counts
from .deal import pack
from .errors import HandError
from .idiom import Odds
from .ranking import HandLike, HandValue, Rules, as_cards, as_rule_set, evaluate
from .rules import HandClass


@dataclass(frozen=True)
class Distribution:
    """The final hands of a draw: ``counts`` by class (every class of the rule set, lowest first),
    out of ``total`` equally likely draws; ``values`` by value. ``start`` is the value of the
    five cards as dealt, and ``improved`` the number of draws that end in a higher class."""

    holding: tuple[Card, ...]
    kept: tuple[Card, ...]
    drawn: int
    rules: str
    counts: dict[HandClass, int]
    values: dict[HandValue, int]
    total: int
    start: HandValue
    improved: int

    def chance(self, cls: HandClass) -> Fraction:
        """The exact chance of ending with a hand of the class.

        >>> draw("6s 6h 2d 2c Ks", discard="Ks").chance(HandClass.FULL_HAND)
        Fraction(4, 47)
        """
        return Fraction(self.counts.get(cls, 0), self.total)

    def odds(self, cls: HandClass) -> Odds:
        """The chance of ending with a hand of the class, with the period's ways of saying it.

        >>> draw("6s 6h 2d 2c Ks", discard="Ks").odds(HandClass.FULL_HAND).to_one()
        '10¾ to 1'
        """
        return Odds(self.chance(cls))

    def improvement(self) -> Odds:
        """The chance of ending in a higher class than the five cards dealt.

        >>> draw("Ts Td Tc 8h 3s", discard="3s").improvement().ratio()
        '43 to 4'
        """
        return Odds(Fraction(self.improved, self.total))

    def at_least(self, cls: HandClass) -> int:
        """The number of draws ending in the class or a higher one.

        >>> draw("Ts Td Tc 8h 3s", discard="8h 3s").at_least(HandClass.FULL_HAND)
        112
        """
        rs = as_rule_set(self.rules)
        return sum(n for c, n in self.counts.items() if rs.tier(c) >= rs.tier(cls))

    def beating(self, hand: HandLike) -> int:
        """The number of draws ending in a hand that beats ``hand``.

        >>> draw("Ts Td Tc 8h 3s", discard="8h 3s").beating("Js Jd Jc 2h 3d")
        112
        """
        v = evaluate(hand, self.rules) if not isinstance(hand, HandValue) else hand
        return sum(n for value, n in self.values.items() if value > v)

    def share_against(self, hand: HandLike | HandValue) -> Fraction:
        """The drawer's share of the pools against one player standing pat on ``hand``: the
        draws that beat it, and half of those that tie with it (a tie divides the pool).

        >>> d = draw("2s 2h 7d 4c 3s", discard="7d 4c 3s")
        >>> d.share_against("Jc Jd 4s 3d 2c") == Fraction(d.improved, d.total)   # only by improving
        True
        """
        v = evaluate(hand, self.rules) if not isinstance(hand, HandValue) else hand
        return Fraction(2 * self.beating(v) + self.values.get(v, 0), 2 * self.total)

    def median(self) -> HandValue:
        """The middle final hand: the value with fewer than half the draws below it and no more
        than half above it. A player standing pat on it beats the drawer as often as the drawer
        beats him, as near as the draws allow (Foster's "average" value of a draw, 000:1282).

        >>> from .ranking import describe
        >>> describe(draw("2s 2h 7d 4c 3s", discard="7d 4c 3s").median(), full=True)
        'a pair of deuces, with a king, a queen and a five'
        >>> describe(draw("Ah Kh 9h 5h 2c", discard="2c").median(), full=True)
        'ace, king, queen, nine, five'
        """
        below = 0
        for value in sorted(self.values):
            below += self.values[value]
            if 2 * below >= self.total:
                return value
        raise AssertionError("the draws add up to their total")  # pragma: no cover

    def mate(self) -> Fraction:
        """The chance that one or more of the cards drawn is of the rank of a card kept (a mate
        to the ace held, to the ace or the king, …), whatever else the hand becomes.

        >>> draw("Ah Jd 8c 5s 3h", discard="Jd 8c 5s 3h").mate() == 1 - Fraction(comb(44, 4), comb(47, 4))
        True
        """
        ranks = {c.rank for c in self.kept if not c.is_joker}
        mates = sum(4 - sum(1 for c in self.holding if c.rank == r) for r in ranks)
        unseen = as_rule_set(self.rules).pack_size - len(self.holding)
        return 1 - Fraction(comb(unseen - mates, self.drawn), comb(unseen, self.drawn))
    def as_good_as(self, hand: HandLike) -> int:
        """The number of draws ending in a hand as good as ``hand`` or better (a tie counts).

        >>> draw("As Kd 8c 5h 2s", discard="Kd 8c 5h 2s").as_good_as("Ah Ad 2c 2d 3h")   # aces up or better
        12343
        """
        v = evaluate(hand, self.rules) if not isinstance(hand, HandValue) else hand
        return sum(n for value, n in self.values.items() if value >= v)


def draw(holding: HandLike, discard: HandLike | None = None, *, keep: HandLike | None = None,
         rules: Rules = "foster") -> Distribution:
    """The distribution of the final hand when ``holding`` (the five cards dealt) discards
    ``discard`` (or keeps ``keep``) and draws as many cards, from the pack less ``holding``.

    >>> d = draw("Ah Kh 9h 5h 2c", discard="2c")                  # a four-card flush
    >>> d.counts[HandClass.FLUSH], d.total, d.odds(HandClass.FLUSH).ratio()
    (9, 47, '38 to 9')
    >>> draw("Ts Td Tc 8h 3s", keep="Ts Td Tc").odds(HandClass.FOUR_OF_A_KIND).one_in()
    '1 in 23½'
    """
    rs = as_rule_set(rules)
    cards = as_cards(holding, rs)
    if (discard is None) == (keep is None):
        raise HandError("name the cards discarded or the cards kept (one of the two)")
    if discard is not None:
        named = _cards(discard)
        missing = [c for c in named if c not in cards]
        if missing:
            raise HandError(f"the {missing[0].words()} ({missing[0].code}) is discarded but not held")
        kept = tuple(c for c in cards if c not in named)
    else:
        named = _cards(keep)  # type: ignore[arg-type]
        missing = [c for c in named if c not in cards]
        if missing:
            raise HandError(f"the {missing[0].words()} ({missing[0].code}) is kept but not held")
        kept = tuple(c for c in cards if c in named)
    k = 5 - len(kept)
    unseen = [c for c in pack(rs) if c not in cards]
    values = value_counts(kept, unseen, k, rs)
    counts = dict.fromkeys(rs.ascending, 0)
    for value, n in values.items():
        counts[value.hand_class] += n
    start = evaluate(cards, rs)
    start_tier = rs.tier(start.hand_class)
    improved = sum(n for c, n in counts.items() if rs.tier(c) > start_tier)
    total = comb(len(unseen), k)
    assert sum(counts.values()) == total
    return Distribution(cards, kept, k, rs.name, counts, dict(values), total, start, improved)


def draw_as_good_as(holding: HandLike, discard: HandLike, hand: HandLike, *, rules: Rules = "foster") -> Fraction:
    """The exact chance that the draw ends in a hand as good as ``hand`` or better: ``holding``
    dealt, ``discard`` thrown away and as many cards drawn. ``hand`` only names a value (the
    lowest that counts); its cards need not be available.

    Drawing four cards to an ace, "aces up or better" (000:1220) is as good as the lowest aces
    up, aces and deuces with a trey:

    >>> c = draw_as_good_as("As Kd 8c 5h 2s", "Kd 8c 5h 2s", "Ah Ad 2c 2d 3h")
    >>> c, Odds(c).to_one()
    (Fraction(12343, 178365), '13½ to 1')
    """
    d = draw(holding, discard=discard, rules=rules)
    return Fraction(d.as_good_as(hand), d.total)


def _cards(cards: HandLike) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards) if cards.strip() else ()
    return tuple(cards)


def draw_counts(kept: Sequence[Card], unseen: Sequence[Card], k: int,
                rules: Rules = "foster") -> dict[HandClass, int]:
    """The classes of the final hands when ``k`` cards are drawn from ``unseen`` to ``kept``, for
    a drawer who knows other cards than his own five (or fewer).

    >>> from engine.cards import DECK
    >>> kept = parse_cards("5h 6d 7c 8s")
    >>> unseen = [c for c in DECK if c not in kept + parse_cards("Kd")]
    >>> draw_counts(kept, unseen, 1)[HandClass.STRAIGHT]           # open at both ends: 8 in 47
    8
    """
    rs = as_rule_set(rules)
    counts = dict.fromkeys(rs.ascending, 0)
    for value, n in value_counts(tuple(kept), unseen, k, rs).items():
        counts[value.hand_class] += n
    return counts


def longest_sequence(holding: HandLike) -> tuple[Card, ...]:
    """The most cards of the hand in sequence (the ace high or low), what a drawer to a straight
    keeps; the highest such run when there are several.

    Hoyle's C: "four out of the five cards being in sequence":

    >>> [c.code for c in longest_sequence("Ac 3s 4s 9h 2d")]
    ['Ac', '2d', '3s', '4s']
    >>> len(longest_sequence("Th 8h Ts Jc 8d"))
    2
    """
    cards = _cards(holding)
    by_rank: dict[int, Card] = {}
    for c in sorted(cards, key=lambda c: c.index):
        by_rank.setdefault(c.rank, c)
        if c.rank == 14:
            by_rank.setdefault(1, c)
    best: tuple[Card, ...] = ()
    for low in range(1, 15):
        run: list[Card] = []
        r = low
        while r in by_rank and r <= 14:
            run.append(by_rank[r])
            r += 1
        if len(run) >= len(best):
            best = tuple(run)
    return best
