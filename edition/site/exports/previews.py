"""The preview images a pasted link shows (Open Graph ``og:image``, 1200×630 PNG): one for the edition
(the home page, and every page that has none of its own), one for each work (its reading pages) and
one for each of Foster's laws (its page, laws/N/). Drawn at build time in the edition's own type
(exports/images.py, exports/fonts.py), so the same edition gives the same bytes; each kept in the
build's cache under its words, the type and the code that draws it (exports/build.py).

A page's head names its image with its alternative text, its type and size (templates/theme/main.html,
from the ``preview`` of the page's head: ``head(...)``; the edition's in ``config.extra.preview``).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ...framework.templating import day, render_block
from ...model.laws import section_title
from ...model.records import EditionRecord
from ...texts.addresses import preview_image
from ...texts.typography import curl
from . import images
from .metadata import byline

WIDTH, HEIGHT = images.PREVIEW_SIZE


@dataclass(frozen=True)
class Preview:
    path: str  # where the site publishes it: previews/laws/19.png
    kicker: str  # the line at its head (the edition)
    title: str
    subtitle: str
    words: str
    foot: str

    @property
    def alt(self) -> str:
        """Its alternative text: the words it shows (the law's, or the work's, in full)."""
        parts = [self.title + (f" — {self.subtitle}" if self.subtitle else ""), self.words, self.foot]
        return curl(re.sub(r"\s+", " ", ". ".join(p.rstrip(".") for p in parts if p) + "."))

    def png(self) -> bytes:
        return images.preview(*(curl(x) for x in (self.kicker, self.title, self.subtitle, self.words, self.foot)))


def _foot(record: EditionRecord, before: str = "") -> str:
    when = f", {day(record.date)}" if record.date else ""
    version = f"{'version' if before else 'Version'} {record.version}{when}" if record.version else ""
    return " · ".join(x for x in (before, version) if x)


def edition_preview(record: EditionRecord, works: list) -> Preview:
    """The edition's image: its title and the works it gives."""
    words = render_block("exports/preview-edition.txt.j2",
                         works=[{"title": w.record.title, "byline": byline(w.record), "laws": w.laws}
                                for w in works if w.record is not None]).strip()
    return Preview(preview_image("edition"), "An annotated edition", record.title, "", words, _foot(record))


def work_preview(work, record: EditionRecord) -> Preview:
    """A work's image: its title, who it is by, what the edition gives of it."""
    words = render_block("exports/preview-work.txt.j2", chapters=len(work.texts)).strip()
    return Preview(preview_image(work.slug), record.title, work.record.title, byline(work.record), words,
                   _foot(record))


def law_preview(law, work, record: EditionRecord) -> Preview:
    """A law's image: its number, its section, its words, the book it is from."""
    source = f"{work.author}, {work.title}" + (f" ({work.year})" if work.year else "")
    return Preview(preview_image(f"laws/{law.number}"), record.title, f"Law {law.number}",
                   section_title(law.section) if law.section else "", law.preview, _foot(record, source))


def head(p: Preview | None, site_url: str) -> dict | None:
    """What a page's head says of its image (og:image, its alternative text, type and size)."""
    if p is None:
        return None
    return {"src": site_url + p.path, "alt": p.alt, "type": "image/png", "width": WIDTH, "height": HEIGHT}


def edition_head(ed) -> dict | None:
    """The edition's image as a page's head names it (config.extra.preview: the home page's, and any
    page's that has none of its own); None for an edition without works."""
    works = [w for w in ed.works.values() if w.texts and w.record is not None]
    return head(edition_preview(ed.record, works), ed.site_url) if works else None


def every_preview(ed) -> list[Preview]:
    """The edition's, each work's (that has a text) and each law's image."""
    works = [w for w in ed.works.values() if w.texts and w.record is not None]
    anchors = ed.law_anchors()
    return ([edition_preview(ed.record, works)] + [work_preview(w, ed.record) for w in works]
            + [law_preview(law, ed.works[anchors[n].text.work], ed.record) for n, law in sorted(ed.laws.items())])


def key(p: Preview) -> str:
    """What names an image in the cache, beside the code and the type that draw it: its words."""
    return repr(p)


def write(ed, site: Path, get: Callable[[str, Path, Callable[[], bytes]], None]) -> list[str]:
    """Every preview image into *site* (through the cache's *get*: its key, its file, how to make it);
    their paths."""
    out = []
    for p in every_preview(ed):
        target = site / p.path
        target.parent.mkdir(parents=True, exist_ok=True)
        get(key(p), target, p.png)
        out.append(p.path)
    return out
