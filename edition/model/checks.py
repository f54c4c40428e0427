"""The checks of the reading texts, each text alone (``check_source``) and against one another and the
witnesses (spans, coverage, anchors, the laws' numbering, the published pages kept): each appends an
EditionError naming file, line and what to do (edition/model/edition.py runs them as it loads).
"""
from __future__ import annotations

import re
from pathlib import Path

from ..texts.datafiles import read_text
from ..texts.errors import EditionError, EditionErrors, line_of, refusals
from ..texts.reading import ReadingText, Span
from ..texts.typography import source_problems
from ..texts.witnesses import Witness
from .anchors import LOCK, read_lock, read_redirects
from .types import WORKS_DATA, Edition, Work


def check_source(text: ReadingText, errors: list[EditionError]) -> None:
    """Typography policy and balanced markup, line by line."""
    para_start = None
    stars = 0
    for offset, line in enumerate(text.body_lines + [""]):
        lineno = text.body_start + offset
        for code, problem, advice in source_problems(line):
            errors.append(EditionError(text.path, lineno, f"[{code}] {problem}", advice))
        if line.strip():
            if para_start is None:
                para_start, stars = lineno, 0
            if "**" in line:
                stars += len(re.findall(r"(?<!\\)\*\*", line))
            if "{" in line and ("{: " in line or re.search(r"\{\s*[#.]", line)):
                errors.append(EditionError(text.path, lineno, "an attribute list in a reading text",
                                           "anchors come from the edition markup ({law N}, {page N}); remove it"))
        elif para_start is not None:
            if stars % 2:
                errors.append(EditionError(text.path, para_start, "unbalanced '**' in this paragraph",
                                           "close the bold text, or remove the stray '**'"))
            para_start = None


def check_spans(text: ReadingText, spans: list[Span], witness: Witness, errors: list[EditionError]) -> bool:
    n = len(witness.lines)
    for span in spans:
        if span.end > n:
            errors.append(EditionError(text.path, 2, f"span {span} lies outside witness {witness.id}, "
                                       f"which has {n} lines", "correct 'lines:' in the front matter"))
            return False
    return True


def check_coverage(edition: Edition, errors: list[EditionError], failed: set[str]) -> None:
    """Every non-blank witness line belongs to exactly one reading text (or is excluded).

    A work with a reading text that failed (or is missing) is not checked: its error says why its
    lines are uncovered, and a second message would only repeat it."""
    for wid, witness in edition.witnesses.items():
        work = edition.works.get(witness.work)
        if work is None or work.slug in failed:
            continue
        owners: dict[int, list[str]] = {}
        lines_at = {str(p.text.path): p.text.lines_at.get(wid) for p in work.texts}
        for page in work.texts:
            t = page.text
            spans = t.spans if t.witness == wid else (t.collate_spans if t.collate == wid else [])
            for span in spans:
                for n in range(span.start, span.end + 1):
                    if str(t.path) not in owners.get(n, []):  # columns of one line, one owner
                        owners.setdefault(n, []).append(str(t.path))
        for span, _reason in work.excluded.get(wid, []):
            for n in range(span.start, span.end + 1):
                owners.setdefault(n, []).append("content/works.yml (excluded)")
        if not work.texts:
            continue  # a work whose reading text is not begun yet
        missing: list[int] = []
        overlaps: dict[tuple[str, ...], list[int]] = {}  # the files that claim a line: the lines they both claim
        for n, line in enumerate(witness.lines, 1):
            who = owners.get(n, [])
            if len(who) > 1:
                overlaps.setdefault(tuple(who), []).append(n)
            elif not who and line.strip():
                missing.append(n)
        for who, lines in overlaps.items():  # one message a pair of files, a stretch of lines at a time
            for first, last in _stretches(lines):
                what = f"line {first} is" if first == last else f"lines {first} to {last} are"
                errors.append(EditionError(who[1], lines_at.get(who[1]), f"witness {wid} {what} claimed by "
                                           f"{' and '.join(who)}", "make the 'lines:' spans not overlap"))
        work.unedited[wid] = missing
        if missing and work.complete:
            errors.append(EditionError(
                f"content/witnesses/{witness.path.name}", missing[0],
                f"{len(missing)} non-blank lines of witness {wid} belong to no reading text "
                f"(first: {missing[0]}, last: {missing[-1]})",
                "extend a reading text's 'lines:' to cover them, or list them under the work's "
                "'excluded:' in content/works.yml with a reason"))


def _stretches(numbers: list[int]) -> list[tuple[int, int]]:
    """Sorted numbers as stretches of consecutive ones.

    >>> _stretches([3, 4, 5, 9, 11, 12])
    [(3, 5), (9, 9), (11, 12)]
    """
    found: list[tuple[int, int]] = []
    for n in numbers:
        if found and found[-1][1] == n - 1:
            found[-1] = (found[-1][0], n)
        else:
            found.append((n, n))
    return found


def check_anchors(edition: Edition, errors: list[EditionError]) -> None:
    """Each printed page's anchor once in its work (the laws are checked by ``_check_laws``)."""
    seen: dict[str, str] = {}
    for page in edition.pages:
        for n, line in page.document.pages:
            anchor = f"{page.text.work}:p-{n}"
            where = f"{page.text.path}:{line}"
            if anchor in seen:
                errors.append(EditionError(page.text.path, line, f"duplicate anchor '{anchor}' "
                                           f"(first at {seen[anchor]})",
                                           "each law and each page number appears once in the edition"))
            else:
                seen[anchor] = where


def check_laws(edition: Edition, errors: list[EditionError]) -> None:
    """The numbered laws ({law N}): in a work that numbers them (``laws: N`` in works.yml) each number
    from 1 to N stands once, in order. The anchors law-N and the short URLs /laws/N/ are the
    edition's, so once a work numbers laws no other work may. (A project where no work says how
    many laws it numbers, such as a test's fixture, has its laws checked for order and repeats only.)"""
    numbered = [w for w in edition.works.values() if w.laws]
    for work in numbered[1:]:
        errors.append(EditionError(WORKS_DATA, None, f"both '{numbered[0].slug}' and '{work.slug}' number laws",
                                   "give 'laws:' to the one work whose laws have the edition's law anchors"))
    for work in edition.works.values():
        laws = [(n, page.text.path, line) for page in work.texts for n, line in page.document.laws]
        if numbered and not work.laws:
            for n, path, line in laws[:1]:
                errors.append(EditionError(path, line, f"{{law {n}}} in a work that numbers no laws ('{work.slug}' "
                                           f"has no 'laws:' in {WORKS_DATA})", "number laws only in the work "
                                           f"that prints them ({numbered[0].slug}); write this one as text"))
            continue
        _check_numbering(work, laws, errors)


def _check_numbering(work: Work, laws: list[tuple[int, Path, int]], errors: list[EditionError]) -> None:
    """One message a cause: a law numbered wrongly where a missing law should stand says so, and the
    missing law is not reported again."""
    total = work.laws
    advice = (f"number the laws 1 to {total}, each once and in order, as the author printed them "
              f"('laws: {total}' in {WORKS_DATA})" if total else "number the laws each once and in order")
    numbers = {n for n, _path, _line in laws}
    seen: dict[int, str] = {}
    explained: set[int] = set()  # missing laws whose place a wrongly numbered law holds
    last = 0
    for n, path, line in laws:
        if total and not 1 <= n <= total:
            problem = f"Law {n} is outside the laws of {work.title}, numbered 1 to {total}"
        elif n in seen:
            problem = f"Law {n} is numbered twice (first at {seen[n]})"
        elif n < last:
            problem = f"Law {n} stands after Law {last}: the laws are not in numerical order"
        else:
            gap = [k for k in range(last + 1, n) if k not in explained] if total else []
            if gap:
                errors.append(EditionError(path, line, f"Law {n} follows Law {last}: {_missing(gap[0], gap[-1])}",
                                           advice))
            seen[n], last = f"{path}:{line}", n
            continue
        expected = last + 1
        if total and expected <= total and expected not in numbers and expected not in explained:
            explained.add(expected)
            problem += f"; Law {expected}, which is missing, would stand here"
        errors.append(EditionError(path, line, problem, advice))
    gap = [k for k in range(last + 1, (total or 0) + 1) if k not in explained]
    if laws and gap:
        _n, path, line = laws[-1]
        errors.append(EditionError(path, line, f"the laws end at Law {last}: {_missing(gap[0], gap[-1])}", advice))


def _missing(first: int, last: int) -> str:
    """The laws from *first* to *last*, missing.

    >>> _missing(40, 40), _missing(76, 77)
    ('Law 40 is missing', 'Laws 76 to 77 are missing')
    """
    return f"Law {first} is missing" if first == last else f"Laws {first} to {last} are missing"


def check_pages_kept(edition: Edition, texts: dict[str, set[str]], errors: list[EditionError],
                      failed: set[str]) -> None:
    """A reading text's page, once published (content/anchors.lock), stays: a deleted or renamed
    reading text is named here, unless content/redirects.yml moves its page."""
    lock_path = edition.root / "content" / "anchors.lock"
    if not lock_path.exists():
        return
    try:
        redirects = read_redirects(edition.root / "content" / "redirects.yml")
        raw = read_text(lock_path, LOCK)
    except (EditionError, EditionErrors) as e:
        errors.extend(refusals(e))
        return
    for address in read_lock(lock_path):
        work, _, rest = address.partition("/")
        slug = rest.rstrip("/")
        if "#" in address or work not in edition.works or "/" in slug or not slug:
            continue
        if slug not in texts.get(work, set()) and address not in redirects:
            failed.add(work)
            errors.append(EditionError(
                "content/anchors.lock", line_of(raw, address),
                f"the published page {address} has no reading text (content/texts/{work}/NN-{slug}.md)",
                f"restore the reading text (git checkout content/texts/{work}/), or map '{address}' to its "
                "new address in content/redirects.yml"))
