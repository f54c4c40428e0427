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
from dataclasses import dataclass
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

    @property
    def title(self) -> str:
        parts = [f"Printed: {self.figure if self.figure != '{lacuna}' else 'lost'}", f"verdict: {LABEL[self.verdict]}"]
        if self.exact:
            parts.append(self.exact)
        if self.reason:
            parts.append(self.reason)
        return ". ".join(parts)


def build_claims(pages, root: Path, calls: EngineCalls | None = None) -> tuple[list[Claim], list[EditionError]]:
    """The claims of content/claims.yml, computed (through *calls*, see engine_calls.py) and judged."""
    calls = calls or EngineCalls()
    cpath, vpath = root / CLAIMS_DATA, root / VERDICTS_DATA
    if not cpath.exists():
        return [], []
    raw = cpath.read_text(encoding="utf-8")
    vraw = vpath.read_text(encoding="utf-8") if vpath.exists() else ""
    verdicts = load_yaml(vraw, VERDICTS_DATA) or {}
    by_uri = {p.text.page_uri: p for p in pages}
    claims: list[Claim] = []
    errors: list[EditionError] = []
    seen: set[str] = set()
    for item in load_yaml(raw, CLAIMS_DATA) or []:
        cid = item.get("id", "")
        where = line_of(raw, f"id: {cid}")
        if not cid or cid in seen:
            errors.append(EditionError(CLAIMS_DATA, where, f"claim id '{cid}' is missing or used twice",
                                       "give each claim its own id"))
            continue
        seen.add(cid)
        uri = f"{item['page']}.md"
        page = by_uri.get(uri)
        if page is None:
            errors.append(EditionError(CLAIMS_DATA, where, f"claim '{cid}' names the page '{item['page']}', "
                                       "which the edition lacks", "use work/slug, e.g. foster/poker-calculations"))
            continue
        figure, context = str(item["figure"]), str(item.get("line", ""))
        needle = "{lacuna:" if figure == "{lacuna}" else figure
        hits = [page.text.body_start + i for i, line in enumerate(page.text.body_lines)
                if needle in line and context in line]
        if len(hits) != 1:
            problem = "is not on any line" if not hits else f"is on {len(hits)} lines ({', '.join(map(str, hits[:4]))})"
            errors.append(EditionError(CLAIMS_DATA, where, f"claim '{cid}': the figure '{figure}' with the words "
                                       f"'{context}' {problem} of {page.text.path}",
                                       "give words of the one source line that holds the figure in 'line:'"))
            continue
        claim = Claim(cid, page.text.work, uri, figure, item.get("form", "odds"), str(item.get("compute", "")), hits[0])
        source_line = page.text.body_lines[hits[0] - page.text.body_start]
        # "about", "nearly" … count when they stand next to the figure: within 40 characters
        # before it ("about 4¼ to 1") or 12 after it ("= 1/509 nearly").
        at = source_line.find(figure) if figure != "{lacuna}" else -1
        near = (source_line[max(0, at - 40):at] + " " + source_line[at + len(figure):at + len(figure) + 12]).lower() \
            if at >= 0 else ""
        approximate = any(w in near for w in APPROXIMATE_WORDS) or bool(item.get("approximate"))
        ack = verdicts.get(cid)
        if not claim.computation:
            claim.verdict, claim.reason = "unchecked", item.get("why_unchecked", "no computation given")
        else:
            try:
                value = calls(compute, claim.computation)
            except Exception as exc:  # a computation the engine cannot do is shown as unchecked
                errors.append(EditionError(CLAIMS_DATA, where, f"claim '{cid}': the computation failed ({exc})",
                                           "fix 'compute:' (see engine/claims.py for what it may call)"))
                continue
            claim.exact = describe(value, claim.form)
            claim.short = short_value(value, claim.form)
            if figure == "{lacuna}":
                j = None
                computed = "disagrees"
            else:
                j = judge(figure, claim.form, value, approximate=approximate)
                computed = j.verdict
            if computed in ("exact", "fair"):
                claim.verdict = computed
                if ack:
                    errors.append(EditionError(VERDICTS_DATA, line_of(vraw, f"{cid}:"),
                                               f"the verdict for '{cid}' no longer matches: the figure now "
                                               f"computes as {computed}", "remove the entry from the register"))
            elif not ack:
                errors.append(EditionError(
                    f"{page.text.path}", hits[0],
                    f"the printed figure '{figure}' (claim '{cid}', {CLAIMS_DATA}:{where}) disagrees with the "
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
