"""The rule sets: the classes of hands, the extra hands the texts describe, and where each ranks.

Every fact lives here once: a class's printed name is its :class:`HandClass` value; its
definition, its sources (witness id, line, and the words quoted from that line) and its place in
each rule set are in the tables below. The ranking code (``engine.ranking``) reads nothing but
these tables and the shape predicates at the foot of this module.

Witness ids are those of ``content/witnesses/witnesses.yml``: ``000`` Foster, *Practical Poker*;
``001`` the *Britannica* (1911); ``002`` Hoffmann's *Hoyle* (Cavendish's odds); ``004`` Keller.

>>> rule_set("foster").name
'foster'
>>> [c.value for c in rule_set("blaze,tiger").ascending][:5]
['No pair', 'One pair', 'Two pairs', 'Blaze', 'Three of a kind']
>>> rule_set("mistigris").pack_size
53
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cache, cached_property
from itertools import combinations as combinations_of
from typing import Literal

from .errors import RulesError, code_points


class HandClass(Enum):
    """A class of hands, valued by the name the authors print for it.

    The nine standard names are those of Foster's TABLE OF POKER HANDS (000:1841-1849); the
    others are the headings under which the texts define them (see :data:`CLASS_SOURCES`).

    >>> HandClass.FULL_HAND.value
    'Full hand'
    >>> HandClass("Two pairs") is HandClass.TWO_PAIRS
    True
    """

    NO_PAIR = "No pair"
    ONE_PAIR = "One pair"
    TWO_PAIRS = "Two pairs"
    THREE_OF_A_KIND = "Three of a kind"
    STRAIGHT = "Straight"
    FLUSH = "Flush"
    FULL_HAND = "Full hand"
    FOUR_OF_A_KIND = "Four of a kind"
    STRAIGHT_FLUSH = "Straight flush"
    ROYAL_FLUSH = "Royal flush"
    # The extra hands, played "in certain localities as a matter of custom" (000:668).
    BLAZE = "Blaze"
    SKIP = "Skip"
    TIGER = "Tiger"
    BIG_DOG = "Big dog"
    ROUND_THE_CORNER = "Round-the-corner"
    # Mistigris: "Four of a kind and a joker will beat a royal flush" (000:861).
    FIVE_OF_A_KIND = "Five of a kind"

    def __str__(self) -> str:
        return self.value

    # Members are singletons, equal only to themselves: hash them by identity, in C. (Enum's own
    # __hash__ is a Python function hashing the name; the tables hash classes by the million.)
    __hash__ = object.__hash__


@dataclass(frozen=True)
class Source:
    """A place in a witness: its id, its line (or ``"a-b"`` lines), and words quoted from it.

    A test checks that every quotation stands on the line cited.

    >>> str(Source("000", "2082", "Blaze.—Five court cards."))
    '000:2082'
    """

    witness: str
    lines: str
    quote: str

    def __str__(self) -> str:
        return f"{self.witness}:{self.lines}"


def _src(ref: str, quote: str) -> Source:
    witness, lines = ref.split(":")
    return Source(witness, lines, quote)


#: Where each class's printed name (and, for the extra hands, its definition) comes from.
CLASS_SOURCES: dict[HandClass, tuple[Source, ...]] = {
    HandClass.NO_PAIR: (_src("000:1849", "No pair"),),
    HandClass.ONE_PAIR: (_src("000:1848", "One pair"),),
    HandClass.TWO_PAIRS: (_src("000:1847", "Two pairs"),),
    HandClass.THREE_OF_A_KIND: (_src("000:1846", "Three of a kind"),),
    HandClass.STRAIGHT: (_src("000:1845", "Straight"),),
    HandClass.FLUSH: (_src("000:1844", "Flush"),),
    HandClass.FULL_HAND: (_src("000:1843", "Full hand"),),
    HandClass.FOUR_OF_A_KIND: (_src("000:1842", "Four of a kind"),),
    HandClass.STRAIGHT_FLUSH: (_src("000:1841", "Straight flush"),),
    HandClass.ROYAL_FLUSH: (_src("000:666", "Royal Flush.—A straight flush which is ace high."),),
    HandClass.BLAZE: (
        _src("000:2082", "Blaze.—Five court cards. Although only two pairs, it beats any other two "
                         "pairs, except a higher blaze, when played."),
        _src("000:2099", "Court Cards.—Kings, queens, and jacks. Aces are not court cards."),
        _src("004:57", "It consists of five court cards, and when played beats two pairs."),
        _src("001:22", "Blaze.—Five court cards; not usually played. If played it beats any two pairs."),
    ),
    HandClass.SKIP: (
        _src("000:680", "A Skip, or Dutch Straight.—A sequence of alternate cards of various suits. "
                        "When played, it beats two pairs and a blaze."),
        _src("000:2078", "Alternate Straight.—Two, four, six, eight, ten; sometimes called a skip."),
        _src("000:2117", "Dutch Straight.—A skip, such as four, six, eight, ten, queen."),
        _src("004:69", "Two, Four, Six, Eight, The; or Ace, THree, Five, Seven, Nine."),
    ),
    HandClass.TIGER: (
        _src("000:676", "A Tiger.—Must be seven high and deuce low, without a pair, sequence, or "
                        "flush. When played, beats a straight and loses to a flush."),
        _src("000:2242", "The same as a Little Dog. When played, it loses to a flush, but beats a straight."),
        _src("000:2158", "Little Dog.—Deuce low and seven high, one card of the sequence missing"),
        _src("001:36", "Little Dog.—Deuce low and seven high; not usually played. When played it beats a straight."),
    ),
    HandClass.BIG_DOG: (
        _src("000:2081", "Big Dog.—A hand which is ace high and nine low, one card of the sequence "
                         "missing—such as ace, king, queen, ten, nine. When played, it beats a "
                         "straight or a Little Dog, and loses to a flush."),
        _src("001:21", "Big Dog.—Ace high and nine low; not usually played. If played it beats a Little Dog."),
    ),
    HandClass.ROUND_THE_CORNER: (
        _src("000:684", "Round-the-Corner.—A straight in which the ace connects the top and bottom "
                        "of the suits. When played, it outranks the lowest possible straight."),
        _src("000:2192", "Round-the-Corner.—A straight which connects the top and the bottom of a "
                         "suit—such as three, two, ace, king, queen. When played, it ranks as the "
                         "lowest possible straight, but beats three of a kind."),
    ),
    HandClass.FIVE_OF_A_KIND: (
        _src("000:861", "Four of a kind and a joker will beat a royal flush, because it is really five of a kind."),
    ),
}

#: Plain-words definitions of the extra hands, as the engine applies them (see the predicates below).
DEFINITIONS: dict[HandClass, str] = {
    HandClass.BLAZE: ("five court cards (kings, queens, jacks). The texts admit two readings (see BLAZE_READINGS): "
                      "five court cards making two pairs (000:2082 \"Although only two pairs\"), 432 hands, where the "
                      "blaze ranks below threes; or any five court cards not four of a kind (000:698 \"the condition "
                      "that it must be all court cards\"), 768 hands, where it ranks above threes and full hands; "
                      "blazes compare as the same cards would in the standard game"),
    HandClass.SKIP: ("five cards of various suits in a sequence of alternate ranks, the ace high or low: "
                     "A-3-5-7-9, 2-4-6-8-10, 3-5-7-9-J, 4-6-8-10-Q, 5-7-9-J-K, 6-8-10-Q-A; a skip in one "
                     "suit is a flush; skips compare by the top card"),
    HandClass.TIGER: ("seven high and deuce low, without a pair, sequence or flush (so one of 7-6-5-4-2, "
                      "7-6-5-3-2, 7-6-4-3-2, 7-5-4-3-2); the same hand as the little dog; compares card by card"),
    HandClass.BIG_DOG: ("ace high and nine low, one card of the sequence missing, not a flush (A-K-Q-10-9, "
                        "A-K-J-10-9, A-Q-J-10-9, A-K-Q-J-9); compares card by card"),
    HandClass.ROUND_THE_CORNER: ("five cards of various suits in sequence with the ace in the middle, joining "
                                 "the top and bottom: J-Q-K-A-2, Q-K-A-2-3, K-A-2-3-4; the three tie with one "
                                 "another (the texts give them no order); in one suit it is a flush"),
    HandClass.FIVE_OF_A_KIND: "four of a kind and the joker (mistigris only)",
}

#: The two readings of "Blaze.—Five court cards" (000:2082), and the hands each covers. Five
#: court cards are C(12, 5) = 792 hands: 432 two pairs, 192 threes with two other court cards,
#: 144 full hands and 24 fours; a four of a kind ranks above the blaze in every rule set, so it
#: keeps its class.
BLAZE_READINGS: dict[str, str] = {
    "two-pairs": "five court cards making two pairs (000:2082: \"Although only two pairs, it beats any "
                 "other two pairs\"); threes and full hands of court cards keep their (higher) class: 432 hands",
    "court-cards": "any five court cards (000:698: \"on account of the condition that it must be all court "
                   "cards\"), the threes and full hands among them too, four of a kind excepted: 768 hands",
}

#: Other names the texts use for a class (for the command line and for parsing).
ALIASES: dict[str, HandClass] = {
    "no pair": HandClass.NO_PAIR, "high card": HandClass.NO_PAIR, "nothing": HandClass.NO_PAIR,
    "pair": HandClass.ONE_PAIR, "one pair": HandClass.ONE_PAIR,
    "two pairs": HandClass.TWO_PAIRS, "two pair": HandClass.TWO_PAIRS,
    "three of a kind": HandClass.THREE_OF_A_KIND, "threes": HandClass.THREE_OF_A_KIND,
    "triplets": HandClass.THREE_OF_A_KIND, "trips": HandClass.THREE_OF_A_KIND,
    "straight": HandClass.STRAIGHT, "sequence": HandClass.STRAIGHT, "run": HandClass.STRAIGHT,
    "flush": HandClass.FLUSH,
    "full hand": HandClass.FULL_HAND, "full": HandClass.FULL_HAND, "full house": HandClass.FULL_HAND,
    "four of a kind": HandClass.FOUR_OF_A_KIND, "fours": HandClass.FOUR_OF_A_KIND,
    "straight flush": HandClass.STRAIGHT_FLUSH,
    "royal flush": HandClass.ROYAL_FLUSH, "royal": HandClass.ROYAL_FLUSH,
    "blaze": HandClass.BLAZE,
    "skip": HandClass.SKIP, "dutch straight": HandClass.SKIP, "alternate straight": HandClass.SKIP,
    "skip straight": HandClass.SKIP,
    "tiger": HandClass.TIGER, "little dog": HandClass.TIGER,
    "big dog": HandClass.BIG_DOG,
    "round-the-corner": HandClass.ROUND_THE_CORNER, "round the corner": HandClass.ROUND_THE_CORNER,
    "round-the-corner straight": HandClass.ROUND_THE_CORNER,
    "five of a kind": HandClass.FIVE_OF_A_KIND, "fives": HandClass.FIVE_OF_A_KIND,
}


def hand_class(name: str) -> HandClass:
    """The class a name means: a printed name, an enum name, or another name the texts use.

    >>> hand_class("full house"), hand_class("LITTLE_DOG"), hand_class("Dutch straight")
    (<HandClass.FULL_HAND: 'Full hand'>, <HandClass.TIGER: 'Tiger'>, <HandClass.SKIP: 'Skip'>)
    >>> hand_class("kilter")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.errors.RulesError: unknown class of hand 'kilter'; known: big dog, blaze, ...
    """
    key = " ".join(name.strip().lower().replace("_", " ").split())
    if key in ALIASES:
        return ALIASES[key]
    if key.replace(" ", "-") in ALIASES:
        return ALIASES[key.replace(" ", "-")]
    known = ", ".join(sorted({c.value.lower() for c in HandClass}))
    raise RulesError(f"unknown class of hand {name!r}; known: {known}")


# --- The rule sets -----------------------------------------------------------------------------

RoundTheCorner = Literal["above-lowest", "lowest", "own-class"]


@dataclass(frozen=True)
class RuleSet:
    """A way of ranking hands. ``tiers`` lists the classes from lowest to highest; classes in one
    tier are compared by their cards (a royal flush is the top straight flush).

    ``straights``: whether sequences count at all. ``round_the_corner``: where that straight
    ranks when played (``above-lowest``: just above the five-high straight, 000:684;
    ``lowest``: below every other straight, 000:2192; ``own-class``: as its own tier).
    ``joker``: mistigris, a 53-card pack with the joker wild, and the joker wins ties (000:861).
    ``blaze``: which reading of the blaze's definition the rule set plays (:data:`BLAZE_READINGS`):
    where the blaze ranks below threes, a court-card threes or full hand outranks it anyway and the
    two readings rank every hand alike; where it ranks above threes and full hands (Foster's proper
    rank), every five court cards but a four of a kind is a blaze, so no court-card hand keeps a
    rank the rule set took away from it.
    ``frequencies``: the rule set ranks its classes by their frequencies in a pack of 52 cards, so
    it cannot be played with the joker (a 53-card pack changes every frequency).
    """

    name: str
    title: str
    tiers: tuple[tuple[HandClass, ...], ...]
    straights: bool = True
    round_the_corner: RoundTheCorner | None = None
    joker: bool = False
    sources: tuple[Source, ...] = field(default=(), compare=False)
    blaze: Literal["two-pairs", "court-cards"] = "two-pairs"
    frequencies: bool = False

    @property
    def ascending(self) -> tuple[HandClass, ...]:
        """The classes this rule set can produce, lowest first."""
        return tuple(c for tier in self.tiers for c in tier)

    @property
    def pack_size(self) -> int:
        return 53 if self.joker else 52

    def tier(self, cls: HandClass) -> int:
        """The position of a class's tier, lowest 0.

        >>> FOSTER.tier(HandClass.ROYAL_FLUSH) == FOSTER.tier(HandClass.STRAIGHT_FLUSH)
        True
        """
        for i, tier in enumerate(self.tiers):
            if cls in tier:
                return i
        raise RulesError(f"{cls.value} is not played under the rules {self.name!r}")

    @cached_property
    def played(self) -> frozenset[HandClass]:
        """The classes this rule set can produce."""
        return frozenset(self.ascending)

    def plays(self, cls: HandClass) -> bool:
        return cls in self.played


_H = HandClass
_LOW = ((_H.NO_PAIR,), (_H.ONE_PAIR,), (_H.TWO_PAIRS,))
_HIGH = ((_H.FULL_HAND,), (_H.FOUR_OF_A_KIND,), (_H.STRAIGHT_FLUSH, _H.ROYAL_FLUSH))

_STANDARD_SOURCES = (
    _src("000:616", "There are ten different classes of \"hands\" at Poker"),
    _src("000:734", "If an ace is used at the bottom of a straight, the straight is only five high"),
    _src("001:6", "An ace cannot be in the middle."),
    _src("000:724", "because the suits have no rank at Poker"),
    _src("000:728", "the cards are alike in each hand, the players divide the pool."),
    _src("004:93", "must divide the pool, share and share alike"),
)

#: Foster's standard game (000:612-755; the same order in 001:3-11, 002:19-41, 004:75-91).
FOSTER = RuleSet(
    name="foster",
    title="Foster's standard game",
    tiers=_LOW + ((_H.THREE_OF_A_KIND,), (_H.STRAIGHT,), (_H.FLUSH,)) + _HIGH,
    sources=_STANDARD_SOURCES,
)

#: The early game, straights ranked above two pairs and below threes (Dick & Fitzgerald, 1867).
EARLY = RuleSet(
    name="early",
    title="The early game: straights beat two pairs and lose to threes",
    tiers=_LOW + ((_H.STRAIGHT,), (_H.THREE_OF_A_KIND,), (_H.FLUSH,)) + _HIGH,
    sources=(
        _src("000:163", "it is ranked as better than two pairs, and not as good as threes"),
        _src("000:163", "The straight naturally led to the straight flush, to beat four of a kind"),
        _src("004:65", "in some parts of the West, triplets are played to beat the straight"),
    ),
)

#: Straights not played: a sequence counts for nothing, a straight flush is a flush.
NO_STRAIGHTS = RuleSet(
    name="no-straights",
    title="Straights not played",
    tiers=_LOW + ((_H.THREE_OF_A_KIND,), (_H.FLUSH,), (_H.FULL_HAND,), (_H.FOUR_OF_A_KIND,)),
    straights=False,
    sources=(
        _src("001:6", "Sometimes, but very rarely, these straights are not admitted."),
        _src("000:891", "Straights and straight flushes are usually of no value in stud or straight Poker"),
        _src("004:63", "straights can not be played without the consent of all the parties interested"),
    ),
)

#: Foster's "proper rank" of every class if all the extra hands were played (000:700-713). He
#: argues it from the odds against each hand in a pack of 52 (000:690-699), and argues the blaze's
#: place from "the condition that it must be all court cards" (000:698): the blaze here is any five
#: court cards, so a court full hand or court threes rank as a blaze, not below it.
FOSTER_PROPER = RuleSet(
    name="foster-proper",
    title="Foster's proper rank, by calculation, with every extra hand",
    tiers=_LOW + ((_H.THREE_OF_A_KIND,), (_H.STRAIGHT,), (_H.SKIP,), (_H.FLUSH,),
                  (_H.TIGER, _H.BIG_DOG), (_H.FULL_HAND,), (_H.ROUND_THE_CORNER,), (_H.BLAZE,),
                  (_H.FOUR_OF_A_KIND,), (_H.STRAIGHT_FLUSH, _H.ROYAL_FLUSH)),
    round_the_corner="own-class",
    sources=(
        _src("000:700", "In a game in which all these hands were played, the proper rank"),
        _src("000:708", "Tiger (big or little dog)"),
        _src("000:710", "Round-the-corner Straight"),
        _src("000:698", "on account of the condition that it must be all court cards"),
        _src("000:690", "calculation shows that they are all ranked entirely too low"),
    ),
    blaze="court-cards",
    frequencies=True,
)

BASES: dict[str, RuleSet] = {r.name: r for r in (FOSTER, EARLY, NO_STRAIGHTS, FOSTER_PROPER)}


@dataclass(frozen=True)
class Variant:
    """An extra hand (or the joker) that can be added to Foster's standard game."""

    name: str
    title: str                      # the reader's name for it: a rule set's title says "with the big dog"
    adds: HandClass
    where: str                      # where it ranks, in plain words
    sources: tuple[Source, ...]


#: The variants, each ranked where the source that plays it ranks it.
VARIANTS: dict[str, Variant] = {
    "blaze": Variant(
        "blaze", "the blaze", _H.BLAZE,
        "above two pairs, below a skip and three of a kind",
        (_src("000:2082", "it beats any other two pairs, except a higher blaze, when played"),
         _src("000:698", "The blaze, which is ranked the lowest by those who play these hands"),
         _src("000:680", "it beats two pairs and a blaze"))),
    "skip": Variant(
        "skip", "the skip", _H.SKIP,
        "above two pairs and a blaze, below three of a kind",
        (_src("000:680", "When played, it beats two pairs and a blaze."),
         _src("000:2205", "When played, it beats two pairs and a blaze."))),
    "tiger": Variant(
        "tiger", "the tiger", _H.TIGER,
        "above every straight, below a big dog and a flush",
        (_src("000:676", "When played, beats a straight and loses to a flush."),
         _src("000:2158", "it beats a straight, but is out-ranked by a flush or a Big Dog"))),
    "big-dog": Variant(
        "big-dog", "the big dog", _H.BIG_DOG,
        "above every straight and a little dog, below a flush",
        (_src("000:2081", "it beats a straight or a Little Dog, and loses to a flush"),
         _src("001:21", "If played it beats a Little Dog."))),
    "round-the-corner": Variant(
        "round-the-corner", "the round-the-corner straight", _H.ROUND_THE_CORNER,
        "a straight, just above the lowest (five-high) straight and below the six-high",
        (_src("000:684", "When played, it outranks the lowest possible straight."),)),
    "round-the-corner-low": Variant(
        "round-the-corner-low", "the round-the-corner straight ranked lowest", _H.ROUND_THE_CORNER,
        "the lowest possible straight, below the five-high straight, above three of a kind",
        (_src("000:2192", "it ranks as the lowest possible straight, but beats three of a kind"),)),
    "mistigris": Variant(
        "mistigris", "the joker (mistigris)", _H.FIVE_OF_A_KIND,
        "the joker is any card; five of a kind beats a royal flush; in a tie the joker wins",
        (_src("000:861", "Four of a kind and a joker will beat a royal flush"),
         _src("000:861", "In case of ties in the denomination of the cards, the hand with the joker in it wins."),
         _src("000:2165", "Four clubs and the joker is a club flush."),
         _src("002:130", "should his four hearts be in sequence, he is considered to hold a straight flush"),
         _src("001:38", "the joker may be called any card the holder chooses"))),
}

RULE_ALIASES = {
    "standard": "foster", "straights-below-threes": "early", "little-dog": "tiger",
    "dutch-straight": "skip", "alternate-straight": "skip", "joker": "mistigris", "proper": "foster-proper",
    "bigdog": "big-dog", "round-the-corner-lowest": "round-the-corner-low",
}

#: Every extra hand played at once, each where its source ranks it (from the lowest):
#: no pair, one pair, two pairs, blaze, skip, three of a kind, straight (round-the-corner among
#: them), tiger, big dog, flush, full hand, four of a kind, straight flush (royal its top).
_PLAYED_ORDER = (
    _H.NO_PAIR, _H.ONE_PAIR, _H.TWO_PAIRS, _H.BLAZE, _H.SKIP, _H.THREE_OF_A_KIND, _H.STRAIGHT,
    _H.TIGER, _H.BIG_DOG, _H.FLUSH, _H.FULL_HAND, _H.FOUR_OF_A_KIND, _H.STRAIGHT_FLUSH,
)


def rule_names() -> list[str]:
    """Every name ``rule_set`` accepts on its own (aliases aside).

    >>> rule_names()[:4]
    ['foster', 'early', 'no-straights', 'foster-proper']
    """
    return list(BASES) + list(VARIANTS)


@cache
def rule_set(spec: str = "foster") -> RuleSet:
    """The rule set a name (or names joined by ``,`` or ``+``) describes.

    One base (``foster``, ``early``, ``no-straights``, ``foster-proper``; ``foster`` when none
    is named) and any variants. The extra hands are ranked by sources that describe Foster's
    standard game, so they combine with ``foster`` only; ``mistigris`` combines with any base.

    >>> rule_set("tiger+big-dog").name
    'foster+big-dog+tiger'
    >>> [c.value for c in rule_set("early").ascending][2:5]
    ['Two pairs', 'Straight', 'Three of a kind']
    >>> rule_set("early,skip")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    engine.errors.RulesError: 'skip' is ranked by sources describing Foster's standard game;
    it cannot be combined with 'early'
    """
    parts = [p.strip().lower() for p in spec.replace("+", ",").split(",") if p.strip()]
    if not parts:
        raise RulesError("no rules named; known: " + ", ".join(rule_names()))
    parts = [RULE_ALIASES.get(p, p) for p in parts]
    unknown = [p for p in parts if p not in BASES and p not in VARIANTS]
    if unknown:
        named = code_points(unknown[0])  # a letter that only looks like the one meant
        raise RulesError(f"unknown rules {unknown[0]!r}{f' ({named})' if named else ''}; known: "
                         + ", ".join(rule_names()))
    bases = sorted({p for p in parts if p in BASES})
    if len(bases) > 1:
        raise RulesError(f"two base games named: {', '.join(bases)}; name one")
    base = BASES[bases[0]] if bases else FOSTER
    variants = sorted({p for p in parts if p in VARIANTS})
    if not variants:
        return base
    if {"round-the-corner", "round-the-corner-low"} <= set(variants):
        raise RulesError("'round-the-corner' and 'round-the-corner-low' place the same hand in two "
                         "places (000:684 and 000:2192); name one")
    if "mistigris" in variants and base.frequencies:
        raise RulesError(f"{base.name!r} ranks the hands by their frequencies in a pack of 52 cards (000:690-713); "
                         "with the joker the pack has 53 and every frequency changes, so it cannot be played with "
                         "'mistigris'")
    extras = [v for v in variants if v != "mistigris"]
    if extras and base is FOSTER_PROPER:
        raise RulesError(f"'foster-proper' already plays every extra hand; {extras[0]!r} adds nothing")
    if extras and base is not FOSTER:
        raise RulesError(f"{extras[0]!r} is ranked by sources describing Foster's standard game; it "
                         f"cannot be combined with {base.name!r}")
    tiers = base.tiers
    rtc = base.round_the_corner
    if base is FOSTER and extras:
        added = {VARIANTS[v].adds for v in extras}
        played = [c for c in _PLAYED_ORDER if c in added or base.plays(c)]
        tiers = tuple((c,) if c is not _H.STRAIGHT_FLUSH else (c, _H.ROYAL_FLUSH) for c in played)
        if _H.ROUND_THE_CORNER in added:
            rtc = "above-lowest" if "round-the-corner" in extras else "lowest"
            tiers = tuple(t + (_H.ROUND_THE_CORNER,) if t == (_H.STRAIGHT,) else t for t in tiers)
    joker = "mistigris" in variants
    if joker:
        tiers = tiers + ((_H.FIVE_OF_A_KIND,),)
    name = "+".join([base.name] + variants)
    title = base.title + "".join(f", with {VARIANTS[v].title}" for v in variants)
    sources = base.sources + tuple(s for v in variants for s in VARIANTS[v].sources)
    return RuleSet(name, title, tiers, base.straights, rtc, joker, sources, base.blaze, base.frequencies)


def combinations() -> tuple[list[RuleSet], list[tuple[str, str]]]:
    """Every rule set ``rule_set`` makes from one base and any variants, and every combination of
    one base with one variant (or with both placings of the round-the-corner) that it refuses, with
    its reason: what a table may choose, and what it may not, and why.

    >>> allowed, refused = combinations()
    >>> len(allowed), allowed[0].name, allowed[-1].name
    (101, 'foster', 'foster-proper')
    >>> len(refused), refused[0][0], refused[7][0]
    (20, 'early+big-dog', 'foster-proper+big-dog')
    """
    allowed: dict[str, RuleSet] = {}
    refused: dict[str, str] = {}
    names = list(VARIANTS)
    for base in BASES:
        for n in range(len(names) + 1):
            for chosen in combinations_of(names, n):
                spec = "+".join((base, *chosen))
                try:
                    rs = rule_set(spec)
                except RulesError as e:
                    if n == 1 or (base == "foster" and set(chosen) == {"round-the-corner", "round-the-corner-low"}):
                        refused[spec] = str(e)
                    continue
                allowed.setdefault(rs.name, rs)
    return list(allowed.values()), sorted(refused.items())


# --- Shapes: the predicates that define the hands ----------------------------------------------
# A hand's shape is its ranks, highest first (ace 14), and whether its five cards are of one suit.

_WHEEL = {14, 5, 4, 3, 2}
COURT = frozenset({11, 12, 13})   # "Kings, queens, and jacks. Aces are not court cards." (000:2099)
ROUND_THE_CORNERS = (frozenset({11, 12, 13, 14, 2}), frozenset({12, 13, 14, 2, 3}), frozenset({13, 14, 2, 3, 4}))


def straight_top(ranks: tuple[int, ...]) -> int | None:
    """The top card of a sequence of five distinct ranks, the ace high or low but never in the
    middle (000:734, 001:6, 004:83); ``None`` if not a sequence.

    >>> straight_top((14, 5, 4, 3, 2)), straight_top((14, 13, 12, 11, 10)), straight_top((13, 14, 2, 3, 4))
    (5, 14, None)
    """
    s = set(ranks)
    if len(s) != 5:
        return None
    top = max(s)
    if top - min(s) == 4:
        return top
    if s == _WHEEL:
        return 5
    return None


def skip_top(ranks: tuple[int, ...]) -> int | None:
    """The top card of a skip, "a sequence of alternate cards" (000:680), the ace high
    (6-8-10-Q-A) or low (A-3-5-7-9, 004:69); ``None`` if not a skip.

    >>> skip_top((10, 8, 6, 4, 2)), skip_top((14, 9, 7, 5, 3)), skip_top((14, 12, 10, 8, 6)), skip_top((9, 7, 5, 3, 2))
    (10, 9, 14, None)
    """
    s = sorted(set(ranks))
    if len(s) != 5:
        return None
    for seq in (s, sorted(1 if r == 14 else r for r in s)):
        if all(b - a == 2 for a, b in zip(seq, seq[1:], strict=False)):
            return seq[-1]
    return None


def is_tiger(ranks: tuple[int, ...]) -> bool:
    """Seven high and deuce low, without a pair or sequence (000:676; the flush is excluded by
    the caller). Every such hand has one card of the sequence 7-6-5-4-3-2 missing (000:2158).

    >>> is_tiger((7, 6, 5, 4, 2)), is_tiger((7, 5, 4, 3, 2)), is_tiger((8, 6, 5, 4, 2)), is_tiger((7, 7, 5, 4, 2))
    (True, True, False, False)
    """
    return len(set(ranks)) == 5 and max(ranks) == 7 and min(ranks) == 2


def is_big_dog(ranks: tuple[int, ...]) -> bool:
    """Ace high and nine low, one card of the sequence missing (000:2081): A and 9 with three of
    10, J, Q, K, without a pair.

    >>> is_big_dog((14, 13, 12, 10, 9)), is_big_dog((14, 13, 12, 11, 10)), is_big_dog((14, 13, 12, 11, 8))
    (True, False, False)
    """
    return len(set(ranks)) == 5 and max(ranks) == 14 and min(ranks) == 9


def is_blaze(ranks: tuple[int, ...], reading: str = "two-pairs") -> bool:
    """Five court cards (000:2082), by one of the :data:`BLAZE_READINGS`: ``two-pairs``, five
    court cards making two pairs ("Although only two pairs"), the threes and full hands keeping
    their class; ``court-cards``, any five court cards but a four of a kind (000:698).

    >>> is_blaze((13, 13, 12, 12, 11)), is_blaze((13, 13, 13, 12, 11)), is_blaze((14, 14, 13, 13, 12))
    (True, False, False)
    >>> is_blaze((13, 13, 13, 12, 11), "court-cards"), is_blaze((13, 13, 13, 12, 12), "court-cards")
    (True, True)
    >>> is_blaze((13, 13, 13, 13, 12), "court-cards")
    False
    """
    if not set(ranks) <= COURT:
        return False
    counts = sorted(ranks.count(r) for r in set(ranks))
    if reading == "two-pairs":
        return counts == [1, 2, 2]
    return counts[-1] < 4


def is_round_the_corner(ranks: tuple[int, ...]) -> bool:
    """A straight with the ace connecting the top and bottom: J-Q-K-A-2, Q-K-A-2-3, K-A-2-3-4
    (000:684, 000:2192: "such as three, two, ace, king, queen").

    >>> is_round_the_corner((14, 13, 12, 3, 2)), is_round_the_corner((14, 5, 4, 3, 2))
    (True, False)
    """
    return len(set(ranks)) == 5 and frozenset(ranks) in ROUND_THE_CORNERS


FourStraight = Literal["open-end", "one-end", "inside"]


def four_card_straight(ranks: tuple[int, ...]) -> FourStraight | None:
    """The best four cards of a straight among the ranks, by Foster's kinds: ``open-end``, four
    in sequence "which can be filled at either end—such as four, five, six, seven" (000:2173);
    ``one-end``, "a sequence which only one card will complete—such as ace, king, queen, jack;
    or ace, two, three, four" (000:2172); ``inside``, one "which require[s] an intermediate card
    to fill" it (000:2149). ``None`` when no four of the ranks lie in one straight. A straight
    already made holds four cards of one too; the callers tell it apart.

    >>> four_card_straight((7, 6, 5, 4, 13)), four_card_straight((14, 13, 12, 11, 3))
    ('open-end', 'one-end')
    >>> four_card_straight((10, 9, 8, 6, 2)), four_card_straight((14, 4, 3, 2, 9)), four_card_straight((9, 7, 6, 4, 2))
    ('inside', 'one-end', None)
    """
    s = set(ranks)
    if any({r, r + 1, r + 2, r + 3} <= s for r in range(2, 11)):
        return "open-end"
    if {14, 13, 12, 11} <= s or {14, 2, 3, 4} <= s:
        return "one-end"
    low = {1 if r == 14 else r for r in s} | s
    if any(len(low & set(range(r, r + 5))) >= 4 for r in range(1, 11)):
        return "inside"
    return None
