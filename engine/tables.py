"""The tables the books print, computed: each row's count out of its total, exact.

Each table names its source (witness id and lines) and lists its rows in the book's order with
the book's labels, so that a printed figure can be set beside the computed one. The printed
figures themselves are not here: they belong to the edition's reading texts.

>>> t = book_table("poker-hands")
>>> [(r.label, r.count) for r in t.rows][:3]
[('Straight flush', 40), ('Four of a kind', 624), ('Full hand', 3744)]
>>> t.rows[0].odds.to_one()
'64,973 to 1'
>>> sorted(TABLES)[:3]
['britannica-chances', 'cavendish', 'foster-claims']
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from .cards import rank_plural, rank_word
from .deal import (
    chance_any_of,
    hands_at_least,
    hands_beating,
    no_pair_by_high_card,
    pat_counts,
    pat_total,
    suit_patterns,
    two_pairs_by_higher_pair,
)
from .draws import draw
from .idiom import Odds
from .rules import HandClass, Source, rule_set

H = HandClass


@dataclass(frozen=True)
class Row:
    """A row of a table: its label as printed, and the count out of the total it stands for
    (or, for a chance that is not a count of hands, ``count`` and ``total`` are None)."""

    label: str
    count: int | None
    total: int | None
    note: str = ""
    exact: Fraction | None = None

    @property
    def chance(self) -> Fraction:
        if self.exact is not None:
            return self.exact
        assert self.count is not None and self.total
        return Fraction(self.count, self.total)

    @property
    def odds(self) -> Odds:
        return Odds(self.chance)


@dataclass(frozen=True)
class Table:
    """A table from the books, computed."""

    name: str
    title: str
    source: Source
    rows: tuple[Row, ...]
    note: str = ""

    def format(self) -> str:
        """The table as plain text: label, number, total, odds against, exact chance.

        >>> print(book_table("no-pairs").format().splitlines()[1])
          Ace high        502,860 in   2,598,960            4¼ to 1   493/2548
        """
        width = max(len(r.label) for r in self.rows)
        lines = [f"{self.title} ({self.source})"]
        for r in self.rows:
            number = f"{r.count:>11,} in {r.total:>11,}" if r.count is not None else f"{'':>26}"
            lines.append(f"  {r.label:<{width}}  {number}   {r.odds.to_one():>16}   {r.chance}")
        if self.note:
            lines.append(f"  ({self.note})")
        return "\n".join(lines)


def _src(ref: str, quote: str) -> Source:
    witness, lines = ref.split(":")
    return Source(witness, lines, quote)


def poker_hands() -> Table:
    """Foster's TABLE OF POKER HANDS: the nine classes, straight flushes with the royal."""
    c, total = pat_counts("foster"), pat_total("foster")
    rows = [Row(H.STRAIGHT_FLUSH.value, c[H.STRAIGHT_FLUSH] + c[H.ROYAL_FLUSH], total)]
    for cls in (H.FOUR_OF_A_KIND, H.FULL_HAND, H.FLUSH, H.STRAIGHT, H.THREE_OF_A_KIND, H.TWO_PAIRS,
                H.ONE_PAIR, H.NO_PAIR):
        rows.append(Row(cls.value, c[cls], total))
    return Table("poker-hands", "TABLE OF POKER HANDS", _src("000:1838-1851", "TABLE OF POKER HANDS"),
                 tuple(rows))


def two_pairs() -> Table:
    """Foster's TABLE OF TWO PAIRS: two pairs by the higher pair."""
    total = pat_total("foster")
    rows = tuple(Row(f"{rank_plural(r).capitalize()} up", n, total)
                 for r, n in two_pairs_by_higher_pair("foster").items())
    return Table("two-pairs", "TABLE OF TWO PAIRS", _src("000:1865-1881", "TABLE OF TWO PAIRS"), rows)


def no_pairs() -> Table:
    """Foster's TABLE OF NO PAIRS: hands without a pair, sequence or flush, by the high card."""
    total = pat_total("foster")
    rows = tuple(Row(f"{rank_word(r).capitalize()} high", n, total)
                 for r, n in no_pair_by_high_card("foster").items())
    return Table("no-pairs", "TABLE OF NO PAIRS", _src("000:1883-1895", "TABLE OF NO PAIRS"), rows)


def improvement_in_pairs() -> Table:
    """Foster's TABLE OF IMPROVEMENT IN PAIRS: three cards drawn to a pair, the three discards
    of three other ranks (his 16,215 = C(47, 3), 000:1973)."""
    d = draw("Js Jh 7d 4c 2s", discard="7d 4c 2s")
    rows = (Row("Improved to fours", d.counts[H.FOUR_OF_A_KIND], d.total),
            Row("Improved to fulls", d.counts[H.FULL_HAND], d.total),
            Row("Improved to triplets", d.counts[H.THREE_OF_A_KIND], d.total),
            Row("Improved to two pairs", d.counts[H.TWO_PAIRS], d.total),
            Row("Did not improve.", d.counts[H.ONE_PAIR], d.total),
            Row("Any improvement", d.improved, d.total, "000:1985: about 2½ to 1 against"))
    return Table("improvement-in-pairs", "TABLE OF IMPROVEMENT IN PAIRS",
                 _src("000:1975-1983", "TABLE OF IMPROVEMENT IN PAIRS"), rows,
                 "a pair of jacks, the seven, four and two discarded")


def proper_rank() -> Table:
    """Foster's proper rank of every class if all the extra hands were played, by their odds;
    his straight flush counts the royal flushes too (64,973 to 1 is 40 hands). The blaze is any
    five court cards, as his argument for its rank reads it (000:698; ``engine.rules.BLAZE_READINGS``),
    so the court threes and full hands are counted as blazes, not in their standard classes."""
    c, total = pat_counts("foster-proper"), pat_total("foster-proper")
    two_pair_blazes = pat_counts("blaze")[H.BLAZE]
    rows = (Row("Two Pairs", c[H.TWO_PAIRS], total),
            Row("Three of a Kind", c[H.THREE_OF_A_KIND], total),
            Row("Sequence or Straight", c[H.STRAIGHT], total),
            Row("Skip or Dutch Straight", c[H.SKIP], total),
            Row("Flush", c[H.FLUSH], total),
            Row("Tiger (big or little dog)", c[H.TIGER], total, f"big dogs: {c[H.BIG_DOG]:,}"),
            Row("Full Hand", c[H.FULL_HAND], total, "the 144 full hands of court cards are blazes"),
            Row("Round-the-corner Straight", c[H.ROUND_THE_CORNER], total),
            Row("Blaze", c[H.BLAZE], total, f"any five court cards but fours; as two pairs only: {two_pair_blazes:,}"),
            Row("Four of a Kind", c[H.FOUR_OF_A_KIND], total),
            Row("Straight Flush", c[H.STRAIGHT_FLUSH] + c[H.ROYAL_FLUSH], total),
            Row("Royal Flush", c[H.ROYAL_FLUSH], total))
    return Table("proper-rank", "The proper rank of the classes with every extra hand",
                 _src("000:700-713", "the proper rank of the various combinations"), rows,
                 f"counted under {rule_set('foster-proper').title}; "
                 "a tiger and a big dog are 4,080 hands each")


def cavendish() -> Table:
    """Cavendish's odds against each pat hand, as Hoffmann's Hoyle prints them."""
    c, total = pat_counts("foster"), pat_total("foster")
    rows = (Row("a straight flush", c[H.STRAIGHT_FLUSH] + c[H.ROYAL_FLUSH], total),
            Row("fours", c[H.FOUR_OF_A_KIND], total),
            Row("a full", c[H.FULL_HAND], total),
            Row("a flush", c[H.FLUSH], total),
            Row("a straight", c[H.STRAIGHT], total),
            Row("triplets", c[H.THREE_OF_A_KIND], total),
            Row("two pairs", c[H.TWO_PAIRS], total),
            Row("one pair", c[H.ONE_PAIR], total))
    return Table("cavendish", "Cavendish's odds against pat hands", _src("002:55-64", "Cavendish"), rows)


#: A flush filled, straight flushes included.
_FLUSHES = (H.FLUSH, H.STRAIGHT_FLUSH, H.ROYAL_FLUSH)

#: The Britannica's draws: (having in hand, to make, the cards dealt, the discards, the classes
#: counted, or None for "improve either way").
_BRITANNICA = (
    ("1 pair", "To get two pairs (3-card draw)", "Js Jh 7d 4c 2s", "7d 4c 2s", (H.TWO_PAIRS,)),
    ("1 pair", "To get three of a kind (3-card draw)", "Js Jh 7d 4c 2s", "7d 4c 2s", (H.THREE_OF_A_KIND,)),
    ("1 pair", "To improve either way average value", "Js Jh 7d 4c 2s", "7d 4c 2s", None),
    ("1 pair and 1 odd card", "To improve either way by drawing two cards", "Js Jh Ad 4c 2s", "4c 2s", None),
    ("2 pairs", "To get a full hand drawing one card", "Js Jh 7d 7c 2s", "2s", (H.FULL_HAND,)),
    ("3's", "To get a full hand drawing two cards", "Ts Td Tc 8h 3s", "8h 3s", (H.FULL_HAND,)),
    ("3's", "To get four of a kind drawing two cards", "Ts Td Tc 8h 3s", "8h 3s", (H.FOUR_OF_A_KIND,)),
    ("3's", "To improve either way by drawing two cards", "Ts Td Tc 8h 3s", "8h 3s", None),
    ("3's and 1 odd card", "To get a full hand by drawing one card", "Ts Td Tc 8h 3s", "3s", (H.FULL_HAND,)),
    ("3's and 1 odd card", "To improve either way by drawing one card", "Ts Td Tc 8h 3s", "3s", None),
    ("4 straight", "To fill when open at one end only or in middle as 3, 4, 6, 7", "3h 4d 6c 7s Kd", "Kd",
     (H.STRAIGHT,)),
    ("4 straight", "To fill when both ends open as 3, 4, 5, 6", "3h 4d 5c 6s Kd", "Kd", (H.STRAIGHT,)),
    ("4 flush", "To fill the flush drawing one card", "Ah Kh 9h 5h 2c", "2c", _FLUSHES),
    ("4 straight flush", "To fill the straight flush drawing one card", "5h 6h 7h 8h Kc", "Kc",
     (H.STRAIGHT_FLUSH,)),
    ("3-card flush", "To make a flush drawing two cards", "Ah Kh 9h 5c 2d", "5c 2d", _FLUSHES),
)


def _draw_row(label: str, dealt: str, discard: str, classes: tuple[HandClass, ...] | None) -> Row:
    d = draw(dealt, discard=discard)
    count = d.improved if classes is None else sum(d.counts[c] for c in classes)
    return Row(label, count, d.total, f"{dealt}, {discard} discarded")


def britannica_chances() -> Table:
    """The Britannica's "table of approximate chances" of improving in the draw."""
    rows = tuple(_draw_row(f"{have} | {make}", dealt, discard, classes)
                 for have, make, dealt, discard, classes in _BRITANNICA)
    return Table("britannica-chances", "Table of approximate chances (the draw)",
                 _src("001:54-72", "mathematical table of approximate chances"), rows,
                 "each row for the cards dealt shown in its note; 'improve' is to end in a higher class")


def foster_improving() -> Table:
    """The chances Foster works out in ODDS AGAINST IMPROVING (000:1909-1969)."""
    rows = (
        _draw_row("Filling a four-card flush (000:1913: 38 to 9)", "Ah Kh 9h 5h 2c", "2c", _FLUSHES),
        _draw_row("Two cards to a three-card flush (000:1922: 23 to 1)", "Ah Kh 9h 5c 2d", "5c 2d", _FLUSHES),
        _draw_row("Three cards to a two-card flush (000:1924: 96 to 1)", "Ah Kh 9c 5c 2d", "9c 5c 2d",
                  _FLUSHES),
        _draw_row("Filling two pairs (000:1935: 11 to 1)", "6s 6h 2d 2c Ks", "Ks", (H.FULL_HAND,)),
        _draw_row("Two cards to threes: fours (000:1939: 1 in 23½)", "Ts Td Tc 8h 3s", "8h 3s",
                  (H.FOUR_OF_A_KIND,)),
        _draw_row("Two cards to threes: a pair (000:1945: 14½ to 1)", "Ts Td Tc 8h 3s", "8h 3s", (H.FULL_HAND,)),
        _draw_row("Two cards to threes: any improvement (000:1945: 8¼ to 1)", "Ts Td Tc 8h 3s", "8h 3s", None),
        _draw_row("One card to threes: any improvement (000:1947: 11 to 1)", "Ts Td Tc 8h 3s", "3s", None),
        _draw_row("Open-end straight (000:1953: 8 in 47)", "4h 5d 6c 7s Kd", "Kd", (H.STRAIGHT,)),
        _draw_row("Interior straight (000:1957: 11 to 1)", "3h 4d 6c 7s Kd", "Kd", (H.STRAIGHT,)),
    )
    return Table("foster-improving", "ODDS AGAINST IMPROVING",
                 _src("000:1897-1969", "ODDS AGAINST IMPROVING"), rows)


def foster_claims() -> Table:
    """Other figures Foster states: jacks or better (000:400), three of a kind at a table of five
    (000:628, the players taken as independent, his method), and a pair against one other player
    before the draw (000:1995)."""
    total = pat_total("foster")
    trips = pat_counts("foster")[H.THREE_OF_A_KIND]
    any_of_five = chance_any_of(Fraction(trips, total), 5)
    beat_deuces = hands_beating("2h 2d 5c 4s 3h")
    beat_aces = hands_beating("Ah Ad 5c 4s 3h")
    rows = (
        Row("Jacks or better (000:400: 549,564)", hands_at_least("Jh Jd 4c 3s 2d"), total),
        Row("Four-card flushes dealt (000:1967: 111,540)", suit_patterns()[(4, 1)], total,
            "exactly four cards of one suit"),
        Row("Someone of five holds three of a kind (000:628: 9 to 1)", None, None,
            "the players taken as independent, as Foster reckons", any_of_five),
        Row("The lowest pair of deuces is beaten by one other hand (000:1995: even)",
            beat_deuces[0], beat_deuces[1], "2h 2d 5c 4s 3h against the 47 cards unseen"),
        Row("The lowest pair of aces is beaten by one other hand (000:1995: 10 to 1)",
            beat_aces[0], beat_aces[1], "Ah Ad 5c 4s 3h against the 47 cards unseen"),
    )
    return Table("foster-claims", "Other figures in Foster", _src("000:400", "jacks or better"), rows)


def pole() -> Table:
    """Dr. Pole's figures as Keller quotes them (004:67), and his count of triplets as Foster
    explains it (000:1795): "Dr. Pole reckoned for 49 cards outside the three of a kind", then
    deducted the fulls, and the fours "in one way only" though he had counted each four times.

    >>> [r.count for r in pole().rows]
    [10200, 54912, 56784]
    >>> pole().rows[2].odds.to_one()
    '45 to 1'
    """
    c, total = pat_counts("foster"), pat_total("foster")
    pole_triplets = 13 * comb(4, 3) * comb(49, 2) - c[H.FULL_HAND] - c[H.FOUR_OF_A_KIND]
    rows = (Row("a pat straight (Keller: 254 to 1)", c[H.STRAIGHT], total),
            Row("pat triplets, counted exactly (Keller: 45 to 1)", c[H.THREE_OF_A_KIND], total),
            Row("pat triplets as Dr. Pole counted them", pole_triplets, total,
                "13 × 4 × C(49, 2) − 3,744 fulls − 624 fours = 56,784, three times 624 too many (Foster)"))
    return Table("pole", "Dr. Pole's figures, quoted by Keller", _src("004:67", "Dr. Pole has calculated"), rows,
                 "Keller's 45 to 1 for triplets follows Dr. Pole's miscount, which Foster explains")


#: Every table, by name.
TABLES: dict[str, Callable[[], Table]] = {
    "poker-hands": poker_hands,
    "two-pairs": two_pairs,
    "no-pairs": no_pairs,
    "improvement-in-pairs": improvement_in_pairs,
    "proper-rank": proper_rank,
    "cavendish": cavendish,
    "britannica-chances": britannica_chances,
    "foster-improving": foster_improving,
    "foster-claims": foster_claims,
    "pole": pole,
}


def book_table(name: str) -> Table:
    """A table by name (see :data:`TABLES`).

    >>> book_table("improvement-in-pairs").rows[0].count
    45
    """
    try:
        return TABLES[name]()
    except KeyError:
        raise KeyError(f"unknown table {name!r}; known: {', '.join(TABLES)}") from None
