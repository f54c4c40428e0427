"""Nothing passes silently: every checkable statement in the reading texts is a claim.

A regex pass over the reading texts finds each statement of odds or chances the authors print —
"4¼ to 1", the tables' ditto form "254 " 1", "13 to 10", "1 in 23½", "9 in 47", "990 chances out
of 97,290", "once in every 5½ times", "9/47", "12 per cent.", and the same in words ("four to
one", "nine in forty-seven", "four times out of five") — and requires each to be either a claim
(content/claims.yml, on that line) or an entry of the register of figures that are deliberately not claims
(content/figures-not-claims.yml: a range of dates or laws, a stake, an illustration the author
makes up, a count of things that is no chance), with its reason. Anything else stops the build,
naming the reading-text file and line; so does a register entry that matches no statement.

Besides statements of odds, the pass finds the other statements a reader could check: the result
of a piece of arithmetic ("52 × 51 × 50 × 49 × 48 = 311,875,200", "⅔ × ⅔ = 4/9"), a count written
with thousands ("3,744", "2,598,960"), a comparison of how often things happen ("harder",
"easier", "more likely", "as often", "oftener", "twice as", "times as many"), a sum of money
("a bit, 12½ cents", "$15.75"), and a count of cards or hands in small numbers or words ("44 outside
cards", "forty straight flushes", "five different straights"; :func:`small_count` gives the rule
that keeps "draws three cards" out). A comparison of play or judgment that no count decides ("more
likely to bluff") and a sum that is a price or a convention of the game are registered with the
kind ``comparison`` or ``money``.

Editorial notes ({note: …}, {lacuna: …}, the note of {sic: … | …}) are the editors' words, not the
author's, and are not searched; the words of {sic: …} and {supplied: …} are.

The guard is on for an edition that checks its figures (one with content/claims.yml).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.idiom import TEN_WORDS, UNIT_WORDS, parse_number

from ..framework.engine_calls import EngineCalls
from ..framework.source import DataFile, Files, Scope, Source
from ..texts.addresses import named_page
from ..texts.errors import EditionError, line_of
from ..texts.syntax import MARKUP, figure_place
from .claims import CLAIMS_DATA

REGISTER_DATA = "content/figures-not-claims.yml"
#: Why a figure is not a claim, in the figures page's order; each entry of the register names one
#: (its schema's enum), and the page says what each means (templates/pages/figures.md.j2).
KINDS = ("range", "wager", "stake", "illustration", "count", "pack", "comparison", "money")

# A number as printed: 47, 1827, 2,598,960, 4¼, 23½, ½ (never the comma that ends a clause).
_NUM = r"(?:(?:\d{1,3}(?:,\d{3})+|\d+)[½¼¾⅓⅔⅛⅜⅝⅞]?|[½¼¾⅓⅔⅛])"
# Longest words first, so that "fourteen" is not read as "four".
_UNIT = "|".join(sorted(UNIT_WORDS, key=len, reverse=True))
_TENS = "|".join(TEN_WORDS)
# A number in words: "eleven", "thirty-four", "forty-seven", "a hundred" is not one.
_WORDS = rf"(?:(?:{_TENS})(?:-(?:{_UNIT}))?|{_UNIT})(?:\s+(?:hundred|thousand))?"
_ANY = rf"(?:{_NUM}|{_WORDS})"
_B = r"(?<![\w,./½¼¾⅓⅔-])"  # no statement starts inside a number or a hyphenated word
_E = r"(?![\w/½¼¾⅓⅔-]|,\d)"  # … or ends inside one
# What a small count counts, and the words that may stand between number and noun.
_COUNTED = r"straight\s+flushes|straights|flushes|full\s+hands|fulls|fours|triplets|hearts|spades|clubs|diamonds|" \
    r"ways|combinations|cards|hands|pairs"
_QUALIFIERS = r"different|possible|outside|other|unknown|such|remaining"
STATEMENTS = (
    # "4¼ to 1", "13 to 10", "2,598,960 to 549,564", "four to one"; the tables' ditto "254 " 1".
    ("odds", re.compile(rf"{_B}(?:{_ANY}\s+to\s+{_ANY}|{_NUM}\s*[\"″]\s*{_NUM}){_E}", re.I)),
    # "1 in 23½", "9 in 47", "2 chances in 45", "990 chances out of 97,290", "once in every 5½
    # times", "four times out of five", "nine in forty-seven" (never "three in one hand").
    ("chance", re.compile(rf"{_B}(?:{_ANY}|once|twice)\s+(?:(?:chances?|times?|pots?)\s+)?(?:in|out\s+of)\s+"
                          rf"(?:every\s+)?(?!one\b|1\b){_ANY}{_E}", re.I)),
    # A chance as a fraction: "9/47", "103,808/2,598,960", "1/23½" (not the vulgar glyphs alone).
    ("fraction", re.compile(rf"{_B}{_NUM}\s*/\s*{_NUM}{_E}")),
    # "12 per cent."
    ("per cent", re.compile(rf"{_B}{_ANY}\s*(?:per\s*cent|%)", re.I)),
    # The result of a piece of arithmetic: "= 311,875,200", "= 4/9", "= 1/23½".
    ("result", re.compile(rf"=\s*{_NUM}(?:\s*/\s*{_NUM})?{_E}")),
    # A count written with thousands: "3,744", "2,598,960" (a count of hands, of ways, of chips).
    ("count", re.compile(rf"{_B}\d{{1,3}}(?:,\d{{3}})+{_E}")),
    # A comparison of how often, or how hard: "harder to get", "twelve times as often".
    ("comparison", re.compile(r"\b(?:harder|easier|more (?:likely|difficult|often)|less (?:likely|difficult)|"
                              r"oftener|as often|twice as|times as (?:many|often|much|great))\b", re.I)),
    # A sum of money: "$15.75", "12½ cents", "ten-cent", "a dollar".
    ("money", re.compile(rf"\$\s?\d[\d,.]*\d|{_B}{_ANY}[\s-]+cents?\b", re.I)),
    # A count of cards or hands, in figures or in words: "44 outside cards", "forty straight flushes",
    # "five different straights", "9 hearts", "52 different ways" (kept to counts by small_count).
    ("small count", re.compile(rf"{_B}(?<!pack of )(?<!packs of )(?P<n>{_ANY})\s+(?P<qual>(?:(?:{_QUALIFIERS})\s+)*)"
                               rf"(?P<noun>(?:{_COUNTED}))\b", re.I)),
)

#: Each kind of statement has one of these in it: a cheap test before its pattern is tried.
_TRIGGERS = {"odds": (" to ", "\"", "″", "\tto", " to\n"), "chance": (" in ", " of "), "fraction": ("/",),
             "per cent": ("per", "%"), "result": ("=",), "count": (",",),
             "comparison": ("harder", "easier", "more ", "less ", "oftener", "as often", "twice as", "times as"),
             "money": ("$", "cent"),
             "small count": ("straights", "flushes", "full", "fours", "triplets", "hearts", "spades", "clubs",
                             "diamonds", "ways", "combinations", "cards", "hands", "pairs")}

READS_AS = {"odds": "a statement of odds", "chance": "a statement of chances", "fraction": "a chance written as a "
            "fraction", "per cent": "a percentage", "result": "the result of a piece of arithmetic",
            "count": "a count", "small count": "a count of cards or hands",
            "comparison": "a comparison of how often or how hard", "money": "a sum of money"}


@dataclass(frozen=True)
class Statement:
    """A statement of odds or chances on one line of a reading text."""

    path: str  # the reading-text file
    page_uri: str
    line: int  # the line of the file
    start: int  # where it stands in the line's plain text
    end: int
    text: str
    kind: str


@dataclass(frozen=True)
class NotAClaim:
    """A register entry: a figure that states no chance, with the reason."""

    page_uri: str
    line: int
    figure: str
    kind: str
    reason: str


def plain(line: str) -> str:
    """A source line as the author's words: markup resolved to its words, notes left out.

    >>> plain("it is {sic: 2 to 1 | so the witness} better{note: an editorial remark, 3 to 1}")
    'it is 2 to 1 better'
    """
    def words(m: re.Match) -> str:
        return m["words"].rstrip().replace("\\|", "|") if m["wordkind"] else ""
    return MARKUP.sub(words, line)


def statements(line: str) -> list[tuple[int, int, str, str]]:
    """The statements of odds or chances in a plain line: (start, end, text, kind).

    >>> [s[2] for s in statements('odds of 4¼ to 1, 13 to 10 and 254 " 1, 1 in 23½ or 9 in 47')]
    ['4¼ to 1', '13 to 10', '254 " 1', '1 in 23½', '9 in 47']
    >>> [s[2] for s in statements("10/47 × 9/46 = 90/2162; 103,808/2,598,960; ⅔ × 3/47 = 6/141 = 1/23½")]
    ['10/47', '9/46', '90/2162', '103,808/2,598,960', '3/47', '6/141', '1/23½']
    >>> [s[2] for s in statements("990 chances out of 97,290, once in every 5½ times, 12 per cent.")]
    ['990 chances out of 97,290', 'once in every 5½', '12 per cent']
    >>> [s[2] for s in statements("it is nearly four to one; nine in forty-seven; three in one hand")]
    ['four to one', 'nine in forty-seven']
    >>> statements("two-and-six to ten-shilling limit; three in one hand; from players")
    []
    >>> [s[2:] for s in statements("52 × 51 = 2,652; a tiger is harder to get; a bit, 12½ cents; $15.75")]
    [('= 2,652', 'result'), ('harder', 'comparison'), ('12½ cents', 'money'), ('$15.75', 'money')]
    >>> [s[2] for s in statements("3,744 full hands, twelve times as often, ten-cent blind, ⅔ × ⅔ = 4/9")]
    ['3,744', 'times as often', 'ten-cent', '4/9']
    """
    return list(_statements(line))


@lru_cache(maxsize=1 << 14)  # a line's statements, found again only when it changes (make serve's rebuilds)
def _statements(line: str) -> tuple[tuple[int, int, str, str], ...]:
    found: list[tuple[int, int, str, str]] = []
    low = line.lower()
    for kind, pattern in STATEMENTS:
        if not any(t in low for t in _TRIGGERS[kind]):  # the words every such statement has
            continue
        for m in pattern.finditer(line):
            if kind == "small count" and not small_count(m):
                continue
            if not any(a < m.end() and m.start() < b for a, b, _, _ in found):
                found.append((m.start(), m.end(), m[0], kind))
    return tuple(sorted(found))


def small_count(m: re.Match) -> bool:
    """Whether a number before a noun of cards or hands counts them (the rule that keeps the guard's
    false positives down): never one or two (the hands of a showdown, the class "two pairs");
    cards only from seven (five or fewer are a hand or a draw, six a foul hand, so seven or more
    count the pack or what is left of it: "47 cards"), the cards of a suit from six (a hand holds
    five: "9 hearts" are left in the pack); "hands", "pairs" and "fours" only with a qualifier
    ("six different pairs", "13 different fours": "three fours" is a triplet, "four hands" are
    players).

    >>> [s[2] for s in statements("44 outside cards, forty straight flushes, five different straights, 9 hearts")]
    ['44 outside cards', 'forty straight flushes', 'five different straights', '9 hearts']
    >>> statements("two flushes are held; draws three cards; three fours; four hands; six cards; a pack of 52 cards")
    []
    """
    try:
        n, noun = parse_number(m["n"]), m["noun"].lower()
    except ValueError:  # "five hundred": a number this reading does not take counts all the same
        return True
    if n <= 2:
        return False
    if noun in ("cards", "hearts", "spades", "clubs", "diamonds"):
        return n >= 7 or (noun != "cards" and n >= 6)
    return noun not in ("hands", "pairs", "fours") or bool(m["qual"])


def _plain_lines(page) -> list[str]:
    return [plain(line) for line in page.text.body_lines]


def check_coverage(pages, claims, claims_file: DataFile,
                   register_file: DataFile) -> tuple[list[NotAClaim], list[EditionError]]:
    """Every statement of odds or chances is a claim on its line, or is in the register.

    Returns the register's entries and the errors: a statement neither claimed nor registered
    (named by reading-text file and line), a register entry that is malformed or matches no
    statement (named by the register's line).
    """
    if not claims_file.present or not claims_file.parsed:  # a project with no claims ([]): nothing to cover
        return [], []
    raw = register_file.raw
    entries = register_file.data or []
    errors: list[EditionError] = []
    by_uri = {p.text.page_uri: p for p in pages}
    plains = {p.text.page_uri: _plain_lines(p) for p in pages}
    taken = _claimed(claims, by_uri, plains)
    found = _stated(pages, plains)
    registered: list[NotAClaim] = []
    for n, item in enumerate(entries):
        try:
            registered.append(_registered(item, _entry_line(raw, n), by_uri, plains, taken, found))
        except EditionError as e:
            errors.append(e)
    return registered, errors + _unaccounted(found, taken)


Places = dict[tuple[str, int], list[tuple[int, int]]]  # (page, line) -> [(start, end)] in its plain line


def _claimed(claims, by_uri: dict, plains: dict[str, list[str]]) -> Places:
    """What the claims cover: (page, line) -> the places in the plain line their figures take."""
    taken: Places = {}
    for claim in claims:
        page = by_uri.get(claim.page_uri)
        if page is None or claim.figure == "{lacuna}":
            continue
        key = (claim.page_uri, claim.source_line)
        text = plains[claim.page_uri][claim.source_line - page.text.body_start]
        at = figure_place(text, claim.figure, claim.context, taken.get(key, []))
        if at >= 0:
            taken.setdefault(key, []).append((at, at + len(claim.figure)))
    return taken


def _stated(pages, plains: dict[str, list[str]]) -> dict[tuple[str, int], list[Statement]]:
    """Every statement of odds or chances in the texts, by (page, line)."""
    found: dict[tuple[str, int], list[Statement]] = {}
    for page in pages:
        for offset, text in enumerate(plains[page.text.page_uri]):
            lineno = page.text.body_start + offset
            for a, b, words, kind in statements(text):
                found.setdefault((page.text.page_uri, lineno), []).append(
                    Statement(str(page.text.path), page.text.page_uri, lineno, a, b, words, kind))
    return found


def _registered(item, where: int | None, by_uri: dict, plains: dict[str, list[str]], taken: Places,
                found: dict[tuple[str, int], list[Statement]]) -> NotAClaim:
    """One entry of the register, checked against the statement it names (which it then covers,
    in *taken*). Its fields, their types and its kind (one of KINDS) are its schema's
    (content/schemas/figures-not-claims.yml); a field of spaces only is refused here."""
    if not all(item[k].strip() for k in ("page", "line", "figure", "reason")):
        raise EditionError(REGISTER_DATA, where, "a register entry needs page, line, figure, kind and reason",
                           "give all five (see the file's header)")
    figure, context, kind = item["figure"], item["line"], item["kind"]
    uri = named_page(item['page'])
    page = by_uri.get(uri)
    if page is None:
        raise EditionError(REGISTER_DATA, where, f"the entry for '{figure}' names the page '{item['page']}', which "
                           "the edition lacks", "use work/slug, e.g. foster/betting")
    lines = plains[uri]
    hits = [i for i, text in enumerate(lines)
            if figure in text and (context in text or context in page.text.body_lines[i])]
    if len(hits) != 1:
        problem = "is not on any line" if not hits else f"is on {len(hits)} lines"
        raise EditionError(REGISTER_DATA, where, f"the figure '{figure}' with the words '{context}' {problem} of "
                           f"{page.text.path}", "give words of the one source line that holds the figure in 'line:'")
    lineno = page.text.body_start + hits[0]
    key = (uri, lineno)
    at = figure_place(lines[hits[0]], figure, context, taken.get(key, []))
    if at < 0 or not any(s.start < at + len(figure) and at < s.end for s in found.get(key, [])):
        raise EditionError(REGISTER_DATA, where, f"the entry for '{figure}' ({page.text.path}:{lineno}) matches no "
                           "checkable statement that is not already a claim",
                           "remove the entry, or correct its figure and line")
    taken.setdefault(key, []).append((at, at + len(figure)))
    return NotAClaim(uri, lineno, figure, kind, str(item["reason"]))


def _unaccounted(found: dict[tuple[str, int], list[Statement]], taken: Places) -> list[EditionError]:
    """The statements neither a claim nor registered: one error each, naming file and line."""
    errors = []
    for key, stated in found.items():
        for s in stated:
            if not any(a < s.end and s.start < b for a, b in taken.get(key, [])):
                errors.append(EditionError(
                    s.path, s.line, f"'{s.text}' reads as {READS_AS[s.kind]}, "
                    "but is neither a claim nor registered as not one",
                    f"bind it to a computation in {CLAIMS_DATA} (a claim with 'why_unchecked:' if it cannot be "
                    f"computed honestly), or, if it states no chance (a range, a stake, an illustration), list it "
                    f"in {REGISTER_DATA} with its kind and reason"))
    return errors


def _entry_line(raw: str, n: int) -> int | None:
    """The line of the register where its *n*-th entry (0-based) begins."""
    starts = [i for i, line in enumerate(raw.splitlines(), 1) if line.startswith("- ")]
    return starts[n] if n < len(starts) else line_of(raw, "-")


def build(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    """Every statement of odds in the texts is a claim, or registered as not one."""
    edition.not_claims, errors = check_coverage(edition.pages, edition.claims, files[CLAIMS_DATA], files[REGISTER_DATA])
    return errors


# claims.yml is the claims source's; the guard reads whether it is there.
SOURCE = Source("figures that are not claims", (REGISTER_DATA, CLAIMS_DATA), build, needs_the_others=True,
                shapes={REGISTER_DATA: list, CLAIMS_DATA: list}, needs=("claims",), gives=("not_claims",))
