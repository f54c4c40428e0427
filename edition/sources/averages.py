"""Foster's table of averages (Drawing to Improve, AVERAGES), recomputed by the engine.

Foster defines the average value of a draw as the pat hand that "would beat you just about as often
as you would beat him" (000:1282). The edition reads this heads up — the drawer against one player
standing pat, a tie dividing the pool — so the average value is the middle final hand of the
draw (``engine.draws.Distribution.median``), computed exactly over every draw from the 47 cards
the drawer has not seen.

``content/averages.yml`` names, for each row of his table (its first cell as printed), example
holdings and the band of hands his printed words cover. The printed value is read from the reading
text, so the data cannot drift from it; a row the text lacks stops the build, naming the line.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.cards import Card, parse_cards
from engine.draws import draw
from engine.errors import EngineError
from engine.ranking import HandValue, describe, evaluate

from ..framework.engine_calls import Call, EngineCalls
from ..framework.source import DataFile, Files, Scope, Source
from ..texts.addresses import named_page
from ..texts.errors import EditionError, line_of

AVERAGES_DATA = "content/averages.yml"


@dataclass(frozen=True)
class Holding:
    cards: tuple[Card, ...]  # the five dealt
    discard: tuple[Card, ...]
    median: HandValue  # the middle final hand
    below: Fraction  # the chance the drawer ends below it
    above: Fraction  # … and above it
    against_low: Fraction | None  # the drawer's share against the lowest hand of Foster's band
    improved: Fraction  # the chance of ending in a higher class than the five dealt


@dataclass(frozen=True)
class AverageRow:
    drawing: str  # Foster's first cell
    printed: str | None  # his value, None where the cell is lost
    source_line: int  # the line of the reading text
    band: tuple[HandValue, HandValue] | None
    reading: str
    holdings: tuple[Holding, ...]

    def agreement(self, holding: Holding) -> str:
        """"agrees" when the middle hand lies within the hands Foster's words cover; otherwise
        whether the printed value is "higher" or "lower" than the computed one; "" if lost."""
        if self.band is None:
            return ""
        low, high = self.band
        if holding.median < low:
            return "higher"
        if holding.median > high:
            return "lower"
        return "agrees"


@dataclass(frozen=True)
class Averages:
    page_uri: str
    rows: tuple[AverageRow, ...]


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def draw_facts(cards: str, discard: str, low: str | None):
    """What the engine says of one holding: the middle final hand of its draw, the shares of the
    draws below and above it, the drawer's share against the lowest hand of Foster's band, and
    the chance of improving (made by the edition's engine worker when there is one).

    >>> median, below, above, share, improved = draw_facts("2s 2h 7d 4c 3s", "7d 4c 3s", "Js Jh 4d 3c 2s")
    >>> below, above, share, improved
    (Fraction(1615, 3243), Fraction(2692, 5405), Fraction(1552, 5405), Fraction(1552, 5405))
    """
    d = draw(cards, discard=discard)
    median = d.median()
    below = sum(n for v, n in d.values.items() if v < median)
    above = sum(n for v, n in d.values.items() if v > median)
    return (median, Fraction(below, d.total), Fraction(above, d.total),
            d.share_against(low) if low else None, Fraction(d.improved, d.total))


def build_averages(pages, averages_file: DataFile, calls=None) -> tuple[Averages | None, list[EditionError]]:
    calls = calls or EngineCalls()
    if not averages_file.present or averages_file.parsed == {}:  # {}: the project has no table of averages
        return None, []
    raw = averages_file.raw
    try:
        data = averages_file.data or {}
    except EditionError as e:
        return None, [e]
    errors: list[EditionError] = []
    uri = named_page(data.get('page', ''))
    page = next((p for p in pages if p.text.page_uri == uri), None)
    if page is None:
        return None, [EditionError(AVERAGES_DATA, line_of(raw, "page:"), f"the page '{data.get('page')}' is not "
                                   "in the edition", "name the page of Foster's table as work/slug")]
    rows = []
    for item in data.get("rows") or []:  # each row's fields and their types are its schema's
        drawing = item["drawing"]
        where = line_of(raw, f"drawing: {drawing}")
        hits = [(n, page.text.line(n)) for n in page.text.lines_where(
            lambda line: line.startswith("|") and _cells(line)[0] == drawing)]  # noqa: B023 (called at once)
        if len(hits) != 1:
            errors.append(EditionError(AVERAGES_DATA, where, f"the row '{drawing}' is "
                                       f"{'not' if not hits else 'more than once'} in the table of {page.text.path}",
                                       "give the first cell of the row exactly as the reading text prints it"))
            continue
        lineno, line = hits[0]
        printed = _cells(line)[1]
        printed = None if "{lacuna:" in printed else printed
        try:
            band = tuple(evaluate(h) for h in item["band"]) if item.get("band") else None
            if band and band[0] > band[1]:
                raise EngineError("the band's first hand must be the lower")
            if (band is None) != (printed is None):
                raise EngineError("give a band for a printed value, and none for a lost one")
            holdings = []
            low = str(item["band"][0]) if band else None
            for h in item["holdings"]:
                cards, discard = parse_cards(h["cards"]), parse_cards(h["discard"])
                holdings.append(Holding(cards, discard, *calls(draw_facts, h["cards"], h["discard"], low)))
        except EngineError as exc:
            errors.append(EditionError(AVERAGES_DATA, where, f"the row '{drawing}': {exc}",
                                       "give holdings as {cards: five cards, discard: cards} and a band of two "
                                       "hands, lowest first"))
            continue
        if not holdings:
            errors.append(EditionError(AVERAGES_DATA, where, f"the row '{drawing}' has no holdings",
                                       "name at least one example holding"))
            continue
        rows.append(AverageRow(drawing, printed, lineno, band, str(item.get("reading", "")), tuple(holdings)))
    return Averages(uri, tuple(rows)), errors


def describe_band(band: tuple[HandValue, HandValue]) -> str:
    """The hands a printed value covers, in words: "a pair of eights" or "from … to …".

    >>> describe_band((evaluate("8s 8h 4d 3c 2s"), evaluate("8s 8h Ad Kc Qs")))
    'a pair of eights'
    >>> describe_band((evaluate("Js Jh 2d 2c 3s"), evaluate("Ks Kh Qd Qc As")))
    'two pairs, jacks up, to two pairs, kings up'
    """
    low, high = (describe(v) for v in band)
    return low if low == high else f"{low}, to {high}" if "," in low else f"{low} to {high}"


def plan(files: Files) -> list[Call]:
    """The engine calls the averages will make: each holding's draw."""
    data = files[AVERAGES_DATA].parsed
    calls: list[Call] = []
    for row in (data or {}).get("rows") or []:  # None: the file has errors (reported before any source builds)
        band = row.get("band")
        for h in row["holdings"]:
            calls.append((draw_facts, (h["cards"], h["discard"], band[0] if band else None)))
    return calls


def build(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    edition.averages, errors = build_averages(edition.pages, files[AVERAGES_DATA], calls)
    return errors


SOURCE = Source("Foster's table of averages", (AVERAGES_DATA,), build, plan, shapes={AVERAGES_DATA: dict},
                gives=("averages",))
