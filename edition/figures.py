"""The figures the texts print, checked: claims (content/claims.yml) and verdicts (content/verdicts.yml).

claims.yml binds a printed figure to an engine computation, by standoff: the reading-text page,
words of the source line that hold the figure (``line``), the figure as printed (``figure``), how
it is read (``form``) and what computes it (``compute``). verdicts.yml is the one register of
acknowledged verdicts — the author's error, a misprint, a lost figure — each with its reason.

The build computes every claim. A figure that agrees (exact, or a fair rounding under the rule in
engine.claims) needs nothing; one that disagrees needs a verdict in the register, or the build
stops naming the claim's line; a verdict that no longer matches a disagreeing claim is an error too.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path


from engine.claims import APPROXIMATE_WORDS, compute, describe, judge

from .engine_calls import EngineCalls
from .errors import EditionError, line_of, load_yaml

CLAIMS_DATA = "content/claims.yml"
VERDICTS_DATA = "content/verdicts.yml"
ACKNOWLEDGED = ("author-error", "misprint", "missing")
SYMBOL = {"exact": "✓", "fair": "≈", "author-error": "✗", "misprint": "†", "missing": "+", "unchecked": "?"}
LABEL = {"exact": "exact", "fair": "fair rounding", "author-error": "the author's error",
         "misprint": "misprint or OCR damage", "missing": "lost, supplied by computation",
         "unchecked": "not checked"}


@dataclass
class Claim:
    id: str
    work: str
    page_uri: str
    figure: str  # as printed ("{lacuna}" for a lost figure)
    form: str
    computation: str
    source_line: int  # line of the reading-text file
    verdict: str = "unchecked"
    exact: str = ""  # the computed value in words
    reason: str = ""  # the register's reason, or why it is unchecked
    restored: str = ""  # for a misprint: the reading the edition restores
    short: str = ""  # the computed value as the authors would print it ("508 to 1")
    context: str = ""  # words of the source line that locate the figure
    value: Fraction | None = None  # the computed value (a chance, or a number)
    offset: int = -1  # where the figure stands in its source line

    @property
    def title(self) -> str:
        parts = [f"Printed: {self.figure if self.figure != '{lacuna}' else 'lost'}", f"verdict: {LABEL[self.verdict]}"]
        if self.exact:
            parts.append(self.exact)
        if self.reason:
            parts.append(self.reason)
        return ". ".join(parts)


def build_claims(pages, root: Path, computed=(), calls: EngineCalls | None = None) -> tuple[list[Claim], list[EditionError]]:
    """The claims of content/claims.yml, computed (through *calls*, see engine_calls.py) and judged,
    and *computed* ones made elsewhere (the deals replayed): dicts with the same fields plus
    ``value`` (the computed value), ``printed`` (the figure's reading) and ``source`` (the data file
    and line that state them)."""
    calls = calls or EngineCalls()
    cpath, vpath = root / CLAIMS_DATA, root / VERDICTS_DATA
    if not cpath.exists() and not computed:
        return [], []
    raw = cpath.read_text(encoding="utf-8") if cpath.exists() else ""
    vraw = vpath.read_text(encoding="utf-8") if vpath.exists() else ""
    verdicts = load_yaml(vraw, VERDICTS_DATA) or {}
    by_uri = {p.text.page_uri: p for p in pages}
    claims: list[Claim] = []
    errors: list[EditionError] = []
    seen: set[str] = set()
    for item in [*(load_yaml(raw, CLAIMS_DATA) or []), *computed]:
        cid = item.get("id", "")
        data_file, where = item["source"] if "source" in item else (CLAIMS_DATA, line_of(raw, f"id: {cid}"))
        if not cid or cid in seen:
            errors.append(EditionError(data_file, where, f"claim id '{cid}' is missing or used twice",
                                       "give each claim its own id"))
            continue
        seen.add(cid)
        uri = f"{item['page']}.md"
        page = by_uri.get(uri)
        if page is None:
            errors.append(EditionError(data_file, where, f"claim '{cid}' names the page '{item['page']}', "
                                       "which the edition lacks", "use work/slug, e.g. foster/poker-calculations"))
            continue
        figure, context = str(item["figure"]), str(item.get("line", ""))
        # A lost figure's claim stands on a lacuna, or on a lost card diagram (the odds printed
        # beneath it).
        needles = ("{lacuna:", "{figure:") if figure == "{lacuna}" else (figure,)
        hits = page.text.lines_where(lambda line: any(n in line for n in needles) and context in line)
        if len(hits) != 1:
            problem = "is not on any line" if not hits else f"is on {len(hits)} lines ({', '.join(map(str, hits[:4]))})"
            errors.append(EditionError(data_file, where, f"claim '{cid}': the figure '{figure}' with the words "
                                       f"'{context}' {problem} of {page.text.path}",
                                       "give words of the one source line that holds the figure in 'line:'"))
            continue
        claim = Claim(cid, page.text.work, uri, figure, item.get("form", "odds"), str(item.get("compute", "")), hits[0],
                      context=context)
        source_line = page.text.line(hits[0])
        # "about", "nearly" … count when they stand next to the figure: within 40 characters
        # before it ("about 4¼ to 1") or 12 after it ("= 1/509 nearly").
        at = source_line.find(figure) if figure != "{lacuna}" else -1
        claim.offset = at if at >= 0 else source_line.find("{lacuna:")
        near = (source_line[max(0, at - 40):at] + " " + source_line[at + len(figure):at + len(figure) + 12]).lower() \
            if at >= 0 else ""
        approximate = any(w in near for w in APPROXIMATE_WORDS) or bool(item.get("approximate"))
        # "more than" or "less than" just before the figure make it a bound ("less than three to one");
        # the figure's place is found within the words that locate it, where they hold it.
        here = source_line.find(context) + context.find(figure) if context and figure in context \
            and context in source_line else at
        bound = re.search(r"\b(more|less) than\s+$", source_line[:here].lower()) if here >= 0 else None
        ack = verdicts.get(cid)
        if not claim.computation:
            claim.verdict, claim.reason = "unchecked", item.get("why_unchecked", "no computation given")
        else:
            try:
                value = item["value"] if "value" in item else calls(compute, claim.computation)
            except Exception as exc:  # a computation the engine cannot do is shown as unchecked
                errors.append(EditionError(data_file, where, f"claim '{cid}': the computation failed ({exc})",
                                           "fix 'compute:' (see engine/claims.py for what it may call)"))
                continue
            claim.value = Fraction(value)
            claim.exact = describe(value, claim.form)
            claim.short = short_value(value, claim.form)
            if figure == "{lacuna}":
                computed = "disagrees"
            elif "printed" in item:
                computed = "exact" if item["printed"] == value else "disagrees"
            else:
                computed = judge(figure, claim.form, value, approximate=approximate,
                                 bound=bound[1] if bound else "").verdict
            if computed in ("exact", "fair"):
                claim.verdict = computed
                if ack:
                    errors.append(EditionError(VERDICTS_DATA, line_of(vraw, f"{cid}:"),
                                               f"the verdict for '{cid}' no longer matches: the figure now "
                                               f"computes as {computed}", "remove the entry from the register"))
            elif not ack:
                errors.append(EditionError(
                    f"{page.text.path}", hits[0],
                    f"the printed figure '{figure}' (claim '{cid}', {data_file}:{where}) disagrees with the "
                    f"computation: {claim.exact}",
                    f"correct the claim, or acknowledge a verdict ({', '.join(ACKNOWLEDGED)}) with its reason in "
                    f"{VERDICTS_DATA}"))
                continue
            else:
                if ack.get("verdict") not in ACKNOWLEDGED or not ack.get("reason"):
                    errors.append(EditionError(VERDICTS_DATA, line_of(vraw, f"{cid}:"),
                                               f"the verdict for '{cid}' needs a verdict ({', '.join(ACKNOWLEDGED)}) "
                                               "and a reason", "give both"))
                    continue
                claim.verdict, claim.reason = ack["verdict"], ack["reason"]
                claim.restored = str(ack.get("restored", ""))
        claims.append(claim)
    for cid in verdicts:
        if cid not in seen:
            errors.append(EditionError(VERDICTS_DATA, line_of(vraw, f"{cid}:"), f"the verdict '{cid}' matches no claim",
                                       "remove it, or restore the claim in content/claims.yml"))
    return claims, errors


def mark_html(claim: Claim, figure_html: str) -> str:
    """The printed figure, unchanged, with its verdict mark; the exact value and reason on hover."""
    return (f'<span class="claim claim-{claim.verdict}" id="claim-{claim.id}" title="{html.escape(claim.title)}">'
            f'{figure_html}<sup class="verdict" aria-label="{LABEL[claim.verdict]}">{SYMBOL[claim.verdict]}</sup></span>')


def short_value(value, form: str) -> str:
    """The computed value in the authors' idiom, for a figure the edition supplies."""
    from fractions import Fraction

    from engine.idiom import Odds
    v = Fraction(value)
    if form == "odds":
        return Odds(v).to_one()
    if form == "one-in":
        return Odds(v).one_in()
    return f"{v.numerator:,}" if v.denominator == 1 else str(v)


def supplied_html(claim: Claim) -> str:
    """A lost figure supplied by computation, visibly editorial."""
    return (f'<span class="claim claim-missing" id="claim-{claim.id}" title="{html.escape(claim.title)}">'
            f'[{html.escape(claim.short)}]<sup class="verdict" aria-label="{LABEL["missing"]}">{SYMBOL["missing"]}</sup></span>')


@dataclass(frozen=True)
class DrawRow:
    """A figure of a list of draws, with the edition's example holding taken from its computation."""

    claim: Claim
    cards: tuple  # the five cards dealt (empty when the computation is not one draw)
    discard: tuple
    drawn_for: str  # what the draw is for, in words


def draw_list(claims: list[Claim], page_uri: str) -> list[DrawRow]:
    """One row for each claim of the page, in the order of the text; the holding, discards and
    target are read from the claim's ``draw(...)`` computation, so the list cannot drift from the
    claims (a claim computed otherwise gets a row without an example)."""
    from engine.cards import parse_cards
    from engine.claims import draw_arguments, target_words
    rows = []
    for c in sorted((c for c in claims if c.page_uri == page_uri), key=lambda c: (c.source_line, c.offset)):
        args = draw_arguments(c.computation)
        if args is None:
            rows.append(DrawRow(c, (), (), ""))
            continue
        cards, discard = parse_cards(args[0]), parse_cards(args[1]) if args[1].strip() else ()
        kept = [x for x in cards if x not in discard]
        rows.append(DrawRow(c, cards, discard, target_words(args[2], kept)))
    return rows
