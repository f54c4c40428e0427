"""The printed book's pages, mapped to the edition: Foster's Contents gives the first page of each
chapter, so a page number (as the General Index prints them) leads to the chapter that holds it.

The OCR kept no page numbers, so a reference can be mapped only to its chapter (or to the section
the Contents names, such as JACK-POT LAWS): the General Index says so on its page.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..framework.engine_calls import EngineCalls
from ..framework.source import Files, Scope, Source
from ..texts.errors import EditionError
from ..texts.syntax import plain_text, slugify

_ROW = re.compile(r"^\|\s*(.+?)\s*\|\s*([0-9]+|[xivlc]+)\s*\|\s*$")


@dataclass(frozen=True)
class Chapter:
    first_page: int
    title: str  # as the Contents prints it
    page_uri: str
    anchor: str  # "" for the chapter's page itself, or a section anchor


def _key(s: str) -> str:
    return re.sub(r"[^a-z]", "", s.lower())


def contents_map(pages, work: str = "foster") -> list[Chapter]:
    """The Contents rows of *work*, each matched to the reading text (or section) it names."""
    mine = [p for p in pages if p.text.work == work]
    headings: list[tuple[int, str, str, str]] = []  # (level, key, uri, anchor)
    for p in mine:
        for line in p.text.body_lines:
            m = re.match(r"^(#{1,2}) (.+)$", line)
            if m:
                text = plain_text(m[2])
                headings.append((len(m[1]), _key(text), p.text.page_uri, "" if len(m[1]) == 1 else slugify(text)))
    chapters = []
    front = next((p for p in mine if any(line.strip() == "## CONTENTS" for line in p.text.body_lines)), None)
    if front is None:
        return []
    for line in front.text.body_lines:
        m = _ROW.match(line)
        if not m or not m[2].isdigit():
            continue
        title = plain_text(m[1]).strip("[]")
        key = _key(title)
        hit = (next((h for h in headings if h[0] == 1 and h[1] == key), None)
               or next((h for h in headings if h[0] == 2 and h[1] == key), None)
               or next((h for h in headings if h[0] == 1 and key in h[1]), None))
        if hit:
            chapters.append(Chapter(int(m[2]), title, hit[2], hit[3]))
    return sorted(chapters, key=lambda c: c.first_page)


def chapter_of(page: int, chapters: list[Chapter]) -> Chapter | None:
    """The chapter whose pages hold printed page *page*."""
    found = None
    for c in chapters:
        if c.first_page <= page:
            found = c
    return found


def build(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    """The Contents of each work that has a page whose printed page numbers link (its index)."""
    works = sorted({p.text.work for p in edition.pages if p.text.meta.get("page_refs")})
    edition.contents = {work: contents_map(edition.pages, work) for work in works}
    return []


# Read from the reading texts themselves (the Contents page), not from a data file.
SOURCE = Source("the printed book's contents, for its index", (), build, gives=("contents",))
