"""The period's idiom for chances: "4¼ to 1", "13 to 10", "1 in 23½", "38 to 9", "2 in 47".

An :class:`Odds` holds the exact chance (a ``Fraction``) and prints it the way the authors do;
the exact value is always beside the words (``.chance``, ``.against``).

"What we call the 'odds' is the difference between the numerator and the denominator of our
fraction of probability" (Foster, 000:1699): a chance of 9 in 47 is 38 to 9 against.

>>> o = Odds(Fraction(9, 47))
>>> o.to_one(), o.ratio(), o.one_in(), o.n_in()
('4¼ to 1', '38 to 9', '1 in 5¼', '9 in 47')
>>> Odds(Fraction(2, 47)).one_in()
'1 in 23½'
>>> Odds(Fraction(1098240, 2598960)).to(10, rounding="down")
'13 to 10'
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Rounding = Literal["nearest", "down"]

#: The vulgar fractions the texts print (000:1913 "4¼", 000:2011 "23½"), and the others.
VULGAR = {
    Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾", Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔", Fraction(1, 5): "⅕", Fraction(2, 5): "⅖", Fraction(3, 5): "⅗",
    Fraction(4, 5): "⅘", Fraction(1, 6): "⅙", Fraction(5, 6): "⅚", Fraction(1, 8): "⅛",
    Fraction(3, 8): "⅜", Fraction(5, 8): "⅝", Fraction(7, 8): "⅞",
}
FROM_VULGAR = {v: k for k, v in VULGAR.items()}

#: The kinds of fraction Foster and the Britannica use beside whole numbers: halves, quarters.
PERIOD_FRACTIONS = (2, 4)


def approximate(x: Fraction, fractions: Sequence[int] = PERIOD_FRACTIONS, *, whole_from: int = 30,
                rounding: Rounding = "nearest") -> Fraction:
    """``x`` to the nearest whole number and, below ``whole_from``, to the nearest of the kinds of
    fraction given (by their denominators); the simpler fraction wins a tie.

    >>> approximate(Fraction(38, 9)), approximate(Fraction(1500720, 1098240))
    (Fraction(17, 4), Fraction(5, 4))
    >>> approximate(Fraction(2544048, 54912)), approximate(Fraction(2544048, 54912), rounding="down")
    (Fraction(46, 1), Fraction(46, 1))
    """
    x = Fraction(x)
    dens = (1,) if x >= whole_from else tuple(sorted({1, *fractions}))
    best: Fraction | None = None
    for d in dens:
        if rounding == "down":
            cand = Fraction((x * d).numerator // (x * d).denominator, d)
            better = best is None or cand > best
        else:
            cand = Fraction(round(x * d), d)
            better = best is None or abs(cand - x) < abs(best - x)
        if better:
            best = cand
    assert best is not None
    return best


def mixed(x: Fraction) -> str:
    """A number as the texts print it: thousands with commas, a vulgar fraction after the whole.

    >>> mixed(Fraction(17, 4)), mixed(Fraction(64973)), mixed(Fraction(1, 2)), mixed(Fraction(22, 7))
    ('4¼', '64,973', '½', '3 1/7')
    """
    x = Fraction(x)
    whole, part = divmod(x, 1)
    whole = int(whole)
    if not part:
        return f"{whole:,}"
    frac = VULGAR.get(part)
    if frac is None:
        return f"{whole:,} {part.numerator}/{part.denominator}" if whole else f"{part.numerator}/{part.denominator}"
    return f"{whole:,}{frac}" if whole else frac


@dataclass(frozen=True)
class Odds:
    """A chance for an event, exact, with the ways the texts state it."""

    chance: Fraction

    def __post_init__(self) -> None:
        object.__setattr__(self, "chance", Fraction(self.chance))
        if not 0 <= self.chance <= 1:
            raise ValueError(f"a chance lies between 0 and 1, not {self.chance}")

    @classmethod
    def of(cls, favourable: int, total: int) -> Odds:
        """The odds of ``favourable`` events in ``total``.

        >>> Odds.of(9, 47).chance
        Fraction(9, 47)
        """
        return cls(Fraction(favourable, total))

    @property
    def against(self) -> Fraction:
        """The odds against as one number, exact: failures per success.

        >>> Odds.of(9, 47).against
        Fraction(38, 9)
        """
        if not self.chance:
            raise ZeroDivisionError("no odds against an impossible event")
        return (1 - self.chance) / self.chance

    def to_one(self, fractions: Sequence[int] = PERIOD_FRACTIONS, *, whole_from: int = 30,
               rounding: Rounding = "nearest") -> str:
        """"N to 1" against, N rounded as the authors round; "N to 1 on" when the event is
        more likely than not.

        >>> Odds(Fraction(40, 2598960)).to_one(), Odds(Fraction(5, 7)).to_one(), Odds(Fraction(51, 100)).to_one()
        ('64,973 to 1', '2½ to 1 on', '1 to 1')
        >>> Odds(Fraction(1)).to_one(), Odds(Fraction(0)).to_one()
        ('certain', 'impossible')
        """
        if self.chance == 1:
            return "certain"
        if self.chance == 0:
            return "impossible"
        against = self.against
        if against >= 1:
            return f"{mixed(approximate(against, fractions, whole_from=whole_from, rounding=rounding))} to 1"
        on = approximate(1 / against, fractions, whole_from=whole_from, rounding=rounding)
        return "1 to 1" if on == 1 else f"{mixed(on)} to 1 on"

    def to(self, n: int, *, rounding: Rounding = "nearest") -> str:
        """"M to n" against, M a whole number: Cavendish's "13 to 10" (002:64).

        >>> Odds(Fraction(10, 23)).to(10)
        '13 to 10'
        """
        if not self.chance:
            return "impossible"
        m = approximate(self.against * n, (), whole_from=0, rounding=rounding)
        return f"{mixed(m)} to {n:,}"

    def ratio(self) -> str:
        """The exact odds against, in lowest terms: "38 to 9" (000:1913).

        >>> Odds(Fraction(4, 47)).ratio()
        '43 to 4'
        """
        if not self.chance:
            return "impossible"
        a = self.against
        return f"{a.numerator:,} to {a.denominator:,}"

    def one_in(self, fractions: Sequence[int] = PERIOD_FRACTIONS, *, whole_from: int = 30,
               rounding: Rounding = "nearest") -> str:
        """"1 in N", N rounded as the authors round: "1 in 23½" (000:2011).

        >>> Odds.of(4, 47).one_in(), Odds.of(4, 47).one_in((3,))
        ('1 in 11¾', '1 in 11⅔')
        """
        if not self.chance:
            return "impossible"
        return f"1 in {mixed(approximate(1 / self.chance, fractions, whole_from=whole_from, rounding=rounding))}"

    def n_in(self) -> str:
        """The exact chance in lowest terms: "2 in 47" (000:1939).

        >>> Odds.of(46, 1081).n_in()
        '2 in 47'
        """
        return f"{self.chance.numerator:,} in {self.chance.denominator:,}"

    def __str__(self) -> str:
        return self.to_one()


_NUMBER = r"(\d[\d,]*(?:\.\d+)?)?\s*([½¼¾⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]|\d+/\d+)?"

#: The number words the texts print figures in ("nearly four to one", 000:1017; "thirty-four to
#: one", 000:1152): one to nineteen, and the tens, joined to a unit by a hyphen.
UNIT_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
              "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
TEN_WORDS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_UNITS = {w: n for n, w in enumerate(UNIT_WORDS, 1)}
_TENS = {w: 10 * n for n, w in enumerate(TEN_WORDS, 2)}


def number_word(text: str) -> int | None:
    """The number a word of one to ninety-nine stands for, the tens joined to a unit by a
    hyphen as the texts print them; ``None`` for anything else.

    >>> number_word("four"), number_word("Eleven"), number_word("thirty-four"), number_word("ninety")
    (4, 11, 34, 90)
    >>> number_word("thirty four"), number_word("twenty-eleven"), number_word("hundred"), number_word("4")
    (None, None, None, None)
    """
    word = text.strip().lower()
    if word in _UNITS:
        return _UNITS[word]
    if word in _TENS:
        return _TENS[word]
    tens, hyphen, unit = word.partition("-")
    if hyphen and tens in _TENS and unit in _UNITS and _UNITS[unit] < 10:
        return _TENS[tens] + _UNITS[unit]
    return None


def number_in_words(n: int) -> str:
    """A whole number from one to ninety-nine in words, as the texts print it; larger in figures.

    >>> number_in_words(3), number_in_words(34), number_in_words(40), number_in_words(100)
    ('three', 'thirty-four', 'forty', '100')
    """
    if 1 <= n < 20:
        return UNIT_WORDS[n - 1]
    if 20 <= n < 100:
        tens, unit = TEN_WORDS[n // 10 - 2], n % 10
        return tens + (f"-{UNIT_WORDS[unit - 1]}" if unit else "")
    return str(n)


#: The fractions the texts print in words ("cut in half", "increases these odds one-half", "two-thirds
#: of his money", "one-fifth of those odds", "a fourth of the limit").
FRACTION_WORDS = {
    "half": Fraction(1, 2), "one-half": Fraction(1, 2), "one-third": Fraction(1, 3), "two-thirds": Fraction(2, 3),
    "one-fourth": Fraction(1, 4), "a fourth": Fraction(1, 4), "a quarter": Fraction(1, 4),
    "three-fourths": Fraction(3, 4), "three-quarters": Fraction(3, 4), "one-fifth": Fraction(1, 5),
    "one-sixth": Fraction(1, 6), "one-eighth": Fraction(1, 8),
}


def fraction_word(text: str) -> Fraction | None:
    """The fraction a word of the texts stands for ("a fourth of" as "a fourth"); ``None`` for anything else.

    >>> fraction_word("half"), fraction_word("Two-thirds"), fraction_word("a fourth of"), fraction_word("halves")
    (Fraction(1, 2), Fraction(2, 3), Fraction(1, 4), None)
    """
    word = " ".join(text.lower().split())
    return FRACTION_WORDS.get(word.removesuffix(" of"))


def parse_number(text: str) -> Fraction:
    """A number as the texts print it: ``4¼``, ``64,973``, ``12 1/2``, ``23½``, or in words
    (``eleven``, ``thirty-four``; see :func:`number_word`; a fraction, ``one-half``: :func:`fraction_word`).

    >>> parse_number("4¼"), parse_number("64,973"), parse_number("12 1/2")
    (Fraction(17, 4), Fraction(64973, 1), Fraction(25, 2))
    >>> parse_number("thirty-four"), parse_number("one"), parse_number("one-fifth")
    (Fraction(34, 1), Fraction(1, 1), Fraction(1, 5))
    """
    word = number_word(text)
    if word is not None:
        return Fraction(word)
    fraction = fraction_word(text)
    if fraction is not None:
        return fraction
    m = re.fullmatch(_NUMBER, text.strip())
    if not m or not (m.group(1) or m.group(2)):
        raise ValueError(f"not a number: {text!r}")
    whole = Fraction(m.group(1).replace(",", "")) if m.group(1) else Fraction(0)
    part = m.group(2)
    if part:
        whole += FROM_VULGAR[part] if part in FROM_VULGAR else Fraction(part)
    return whole


def parse_odds(text: str) -> Fraction:
    """The chance a printed statement of odds stands for: "N to M" (against), "N to M on",
    "N in M" (a chance).

    >>> parse_odds("4¼ to 1"), parse_odds("1 in 23½"), parse_odds("13 to 10"), parse_odds("2 to 1 on")
    (Fraction(4, 21), Fraction(2, 47), Fraction(10, 23), Fraction(2, 3))
    >>> parse_odds("thirty-four to one")
    Fraction(1, 35)
    """
    t = " ".join(text.strip().lower().split())
    m = re.fullmatch(r"(.+?) (to|in) (.+?)( on)?", t)
    if not m:
        raise ValueError(f"not a statement of odds: {text!r}")
    a, word, b, on = parse_number(m.group(1)), m.group(2), parse_number(m.group(3)), m.group(4)
    if word == "in":
        return a / b
    return a / (a + b) if on else b / (a + b)
