"""Cards: the ``Card`` value type, the pack, and cards in codes, suit symbols and the texts' words.

Ranks are 2 to 14 (the ace is 14; it plays low only in a sequence). Suits are ``c d h s``.
The joker (mistigris) is the one card outside the 52.

>>> parse_cards("AS Th 9h")
(Card(rank=14, suit='s'), Card(rank=10, suit='h'), Card(rank=9, suit='h'))
>>> parse_cards("AS Th 10h")
Traceback (most recent call last):
...
engine.errors.CardError: the ten of hearts (Th) is given twice
>>> format_cards(parse_cards("ace of hearts, queen and three of diamonds"), "symbol")
'A♥ Q♦ 3♦'
>>> format_cards(parse_cards("Ah Qd 3d Qc 5s"), "words", jack="knave")
'ace of hearts, queen and three of diamonds, queen of clubs, and five of spades'
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from .errors import CardError

SUITS = ("c", "d", "h", "s")
RANKS = tuple(range(2, 15))

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
SUIT_WORDS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_CODES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T",
              11: "J", 12: "Q", 13: "K", 14: "A"}
#: A card's rank in words ("the five of spades", "ace, king, queen, jack, ten").
RANK_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
              9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
#: Ranks in the plural, as Foster prints them ("treys up", "sixes and deuces", 000:1879, 000:1932).
RANK_PLURALS = {2: "deuces", 3: "treys", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens",
                8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings",
                14: "aces"}
#: The other name of the jack: "knave" in the Britannica (001:6) and Hoyle (002:21).
KNAVE = "knave"

JOKER_RANK = 0
JOKER_SUIT = "*"
Style = Literal["code", "symbol", "words"]


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A playing card: ``rank`` 2-14 (ace 14) and ``suit`` one of ``c d h s``; the joker is
    ``Card(0, "*")`` (:data:`JOKER`).

    >>> Card(14, "s").code, Card(10, "h").symbol, Card(11, "c").words(jack="knave")
    ('As', '10♥', 'knave of clubs')
    >>> Card(1, "s")
    Traceback (most recent call last):
    ...
    engine.errors.CardError: no card has rank 1 and suit 's'
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not ((self.rank in RANK_CODES and self.suit in SUITS)
                or (self.rank == JOKER_RANK and self.suit == JOKER_SUIT)):
            raise CardError(f"no card has rank {self.rank!r} and suit {self.suit!r}")

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def index(self) -> int:
        """The card's place in :data:`DECK` (0 = two of clubs, 51 = ace of spades; joker 52)."""
        return 52 if self.is_joker else (self.rank - 2) * 4 + SUITS.index(self.suit)

    @property
    def code(self) -> str:
        """``As``, ``Th``; the joker is ``JK``."""
        return "JK" if self.is_joker else RANK_CODES[self.rank] + self.suit

    @property
    def symbol(self) -> str:
        """``A♠``, ``10♥``; the joker is ``🃏``."""
        if self.is_joker:
            return "🃏"
        return ("10" if self.rank == 10 else RANK_CODES[self.rank]) + SUIT_SYMBOLS[self.suit]

    def words(self, jack: str = "jack") -> str:
        """``ace of hearts``; ``jack="knave"`` for the British texts; the joker is ``joker``."""
        if self.is_joker:
            return "joker"
        return f"{rank_word(self.rank, jack)} of {SUIT_WORDS[self.suit]}"

    def __str__(self) -> str:
        return self.code


JOKER = Card(JOKER_RANK, JOKER_SUIT)
#: The 52 cards, by rank (deuces first) and within a rank by suit (c d h s); ``DECK[c.index] == c``.
DECK: tuple[Card, ...] = tuple(Card(r, s) for r in RANKS for s in SUITS)
#: The pack for mistigris: the 52 cards and the joker.
PACK_WITH_JOKER: tuple[Card, ...] = DECK + (JOKER,)


def rank_word(rank: int, jack: str = "jack") -> str:
    """A rank in words.

    >>> rank_word(11), rank_word(11, "knave"), rank_word(2)
    ('jack', 'knave', 'two')
    """
    return jack if rank == 11 else RANK_WORDS[rank]


def rank_plural(rank: int, jack: str = "jack") -> str:
    """A rank in the plural, as Foster prints it.

    >>> rank_plural(3), rank_plural(6), rank_plural(11, "knave")
    ('treys', 'sixes', 'knaves')
    """
    return jack + "s" if rank == 11 else RANK_PLURALS[rank]


# --- Parsing ----------------------------------------------------------------------------------

_SYMBOL_SUITS = {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"}
_CODE = re.compile(r"(10|[2-9TJQKA])([CDHS♣♧♦♢♥♡♠♤])", re.IGNORECASE)
_CODE_RANKS = {v: k for k, v in RANK_CODES.items()} | {"10": 10}
_WORD_RANKS = {w: r for r, w in RANK_WORDS.items()} | {
    "knave": 11, "deuce": 2, "trey": 3, "tray": 3, "10": 10, **{str(r): r for r in range(2, 10)},
    "a": 14, "k": 13, "q": 12, "j": 11, "t": 10}
_WORD_SUITS = {w: s for s, w in SUIT_WORDS.items()} | {w[:-1]: s for s, w in SUIT_WORDS.items()} | {
    sym: s for sym, s in _SYMBOL_SUITS.items()}
_JOKER_WORDS = {"jk", "joker", "mistigris", "🃏"}
_FILLER = {"the", "and", "&", ",", ";", "an"}


def _code_card(token: str) -> Card:
    m = _CODE.fullmatch(token)
    assert m
    rank, suit = m.group(1).upper(), m.group(2)
    return Card(_CODE_RANKS[rank], _SYMBOL_SUITS.get(suit, suit.lower()))


def _split_codes(token: str) -> list[Card] | None:
    """``AsKh`` or ``A♠``: cards written as codes, one after another; None if not codes."""
    if token.lower() in _JOKER_WORDS:
        return [JOKER]
    if _CODE.fullmatch(token):
        return [_code_card(token)]
    parts = _CODE.findall(token)
    if parts and "".join(r + s for r, s in parts).lower() == token.lower():
        return [_code_card(r + s) for r, s in parts]
    return None


def parse_card(text: str) -> Card:
    """One card, written as a code (``AS``, ``Th``, ``10h``), with a suit symbol (``A♠``), or in
    words (``knave of clubs``, ``the ten of spades``, ``joker``).

    >>> parse_card("knave of clubs"), parse_card("10♥"), parse_card("JK")
    (Card(rank=11, suit='c'), Card(rank=10, suit='h'), Card(rank=0, suit='*'))
    """
    cards = parse_cards(text)
    if len(cards) != 1:
        raise CardError(f"{text!r} names {len(cards)} cards, not one")
    return cards[0]


def parse_cards(text: str | Iterable[str], *, allow_joker: bool = True) -> tuple[Card, ...]:
    """Cards in any of the three ways of writing them, separated by spaces, commas or ``and``.

    In words, ranks before ``of`` share its suit: ``queen and three of diamonds`` is two cards.
    A rank without a suit, an unknown word, or a card given twice is an error that says which.

    >>> [c.code for c in parse_cards("eight and three of clubs, king and four of hearts, and knave of spades")]
    ['8c', '3c', 'Kh', '4h', 'Js']
    >>> [c.code for c in parse_cards("AsKsQsJsTs")]
    ['As', 'Ks', 'Qs', 'Js', 'Ts']
    >>> parse_cards("ace of hearts and queen")
    Traceback (most recent call last):
    ...
    engine.errors.CardError: ambiguous: 'queen' is not followed by a suit (write, say, 'queen of hearts')
    >>> parse_cards("prince of hearts")
    Traceback (most recent call last):
    ...
    engine.errors.CardError: unknown card or word 'prince' in 'prince of hearts'
    """
    if not isinstance(text, str):
        text = " ".join(text)
    source = text
    tokens = re.findall(r"[^\s,;]+|[,;]", text.strip())
    cards: list[Card] = []
    pending: list[tuple[int, str]] = []   # ranks waiting for "of <suit>"
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        low = tok.lower()
        if low == "of":
            if not pending:
                raise CardError(f"'of' with no rank before it in {source!r}")
            if i + 1 >= len(tokens) or tokens[i + 1].lower() not in _WORD_SUITS:
                after = tokens[i + 1] if i + 1 < len(tokens) else "nothing"
                raise CardError(f"unknown suit {after!r} after '{pending[-1][1]} of' in {source!r}")
            suit = _WORD_SUITS[tokens[i + 1].lower()]
            cards.extend(Card(r, suit) for r, _ in pending)
            pending = []
            i += 2
            continue
        nxt = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
        if low in _FILLER or (low == "a" and len(nxt) > 1 and nxt in _WORD_RANKS):
            i += 1
            continue
        if low in _WORD_RANKS and (pending or nxt in {"of", "and", "&", ","}):
            # a rank word inside "X and Y of <suit>" (a one-letter code rank like "a" only so)
            pending.append((_WORD_RANKS[low], tok))
            i += 1
            continue
        codes = _split_codes(tok)
        if codes is not None:
            if pending:
                _ambiguous(pending[-1][1])
            cards.extend(codes)
            i += 1
            continue
        if low in _WORD_RANKS and len(low) > 1:
            pending.append((_WORD_RANKS[low], tok))
            i += 1
            continue
        raise CardError(f"unknown card or word {tok!r} in {source!r}")
    if pending:
        _ambiguous(pending[-1][1])
    if not cards:
        raise CardError(f"no cards in {source!r}")
    seen: set[Card] = set()
    for card in cards:
        if card.is_joker and not allow_joker:
            raise CardError("the joker is not in the pack (it plays only in mistigris: --rules mistigris)")
        if card in seen:
            if card.is_joker:
                raise CardError("the joker is given twice; the pack has one")
            raise CardError(f"the {card.words()} ({card.code}) is given twice")
        seen.add(card)
    return tuple(cards)


def _ambiguous(word: str) -> None:
    raise CardError(f"ambiguous: {word!r} is not followed by a suit (write, say, '{word} of hearts')")


# --- Printing ---------------------------------------------------------------------------------

def format_cards(cards: Sequence[Card], style: Style = "code", *, jack: str = "jack") -> str:
    """Cards as codes or symbols (space-separated), or in words, neighbours of one suit grouped as
    the texts group them ("queen and three of diamonds", 002:49).

    >>> hand = parse_cards("Ts 8s 6s 4s 2s")
    >>> format_cards(hand), format_cards(hand, "symbol")
    ('Ts 8s 6s 4s 2s', '10♠ 8♠ 6♠ 4♠ 2♠')
    >>> format_cards(hand, "words")
    'ten, eight, six, four and two of spades'
    """
    if style == "code":
        return " ".join(c.code for c in cards)
    if style == "symbol":
        return " ".join(c.symbol for c in cards)
    if style != "words":
        raise ValueError(f"unknown style {style!r}: code, symbol or words")
    groups: list[list[Card]] = []
    for card in cards:
        if groups and not card.is_joker and not groups[-1][-1].is_joker and groups[-1][-1].suit == card.suit:
            groups[-1].append(card)
        else:
            groups.append([card])
    phrases = []
    for group in groups:
        if group[0].is_joker:
            phrases.append("the joker")
            continue
        names = [rank_word(c.rank, jack) for c in group]
        ranks = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        phrases.append(f"{ranks} of {SUIT_WORDS[group[0].suit]}")
    if len(phrases) == 1:
        return phrases[0]
    if len(phrases) == 2:
        return f"{phrases[0]} and {phrases[1]}"
    return ", ".join(phrases[:-1]) + ", and " + phrases[-1]
