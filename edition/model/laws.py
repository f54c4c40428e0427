"""Foster's Laws as a model: each law made once, when the edition loads, from what the renderer met.

A ``Law`` holds everything the edition says about one law, so that the page, the JSON data
(``data/laws.json``), the short addresses (``laws/N/``) and the search read the same facts:

- ``number``, ``section`` (the heading it stands under, as plain text) and ``text`` (plain);
- where it comes from: ``source`` and ``lines`` (the reading-text file), ``witness`` and
  ``witness_lines`` (the first and last line of the witness its words are aligned with);
- where it is published: ``page_uri``, ``anchor``, ``url``, ``short_path``, ``citation``;
- who discusses it: ``commentary`` (Foster's, content/commentary.yml) and ``cited_by`` (every
  "See Law N" elsewhere), each a list of (page source, anchor, label).

``build_laws`` makes them from the laws the texts' documents hold (edition/texts/document.py:
``LawBlock``); edition.model.edition calls it once, after the texts are read. Its paragraph as its
own page shows it is written by the site (edition/site/markdown.py, ``law_markdown``). To give a
law a new fact, add a field here and fill it in ``build_laws``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..texts.addresses import law_anchor, law_short_path, page_url

Places = list[tuple[str, str, str]]  # [(page source, anchor, label)]


SMALL_WORDS = {"a", "an", "and", "of", "on", "the", "to", "in", "or", "for"}


def section_title(printed: str) -> str:
    """Foster's section heading, printed in capitals, as a title: "BETTING ON THE HANDS" ->
    "Betting on the Hands"; quotes and hyphens kept ("“BLIND” AND “STRADDLE”" -> "“Blind” and “Straddle”").

    >>> section_title("BETTING ON THE HANDS"), section_title("“BLIND” AND “STRADDLE”"), section_title("JACK-POT ANTES")
    ('Betting on the Hands', '“Blind” and “Straddle”', 'Jack-Pot Antes')
    """
    words = printed.lower().split()
    return " ".join(w if i and w in SMALL_WORDS else _cap(w) for i, w in enumerate(words))


def _cap(word: str) -> str:
    """Each hyphenated part of *word* with its first letter a capital (quotes before it kept)."""
    return "-".join(re.sub(r"[a-z]", lambda m: m[0].upper(), part, count=1) for part in word.split("-"))


def law_title(number: int, section: str) -> str:
    """A law's title, as its page, its link previews and its citations give it: "Law 19 — Misdealing"
    (Foster's section heading as a title; the number alone where a law has no section).

    >>> law_title(19, "MISDEALING"), law_title(3, "")
    ('Law 19 — Misdealing', 'Law 3')
    """
    return f"Law {number} — {section_title(section)}" if section else f"Law {number}"


@dataclass
class Law:
    """One of Foster's Laws, with everything the edition knows of it (see the module's docstring)."""

    number: int
    section: str
    text: str  # plain, with its number: "19. If any card is faced ..."
    words: str  # plain, without its number: "If any card is faced ..."
    preview: str  # its words for a link's preview: without editorial brackets (LawBlock.preview)
    page_uri: str
    source: str
    lines: tuple[int, int]
    witness: str
    witness_lines: tuple[int, int]
    citation: str = ""
    commentary: Places = field(default_factory=list)
    cited_by: Places = field(default_factory=list)

    @property
    def title(self) -> str:
        """"Law 19 — Misdealing" (law_title)."""
        return law_title(self.number, self.section)

    @property
    def anchor(self) -> str:
        return law_anchor(self.number)

    @property
    def url(self) -> str:
        """Its address relative to the site root: foster/laws/#law-19."""
        return f"{page_url(self.page_uri)}#{self.anchor}"

    @property
    def short_path(self) -> str:
        """Its permanent short address relative to the site root: laws/19/."""
        return law_short_path(self.number)


def build_laws(pages, citations: dict[int, str], commentary: dict[int, Places],
               cited_by: dict[int, Places]) -> dict[int, Law]:
    """Every law of the texts' *pages* (edition.model.types.Page), by number, with its citation,
    Foster's commentary and who cites it; the witness lines of each law are its page's alignment's."""
    laws: dict[int, Law] = {}
    for page in pages:
        blocks = page.document.law_blocks
        if not blocks:
            continue
        t = page.text
        lines_of = page.alignment.witness_lines
        for b in blocks:
            wlines = sorted({w for r in range(b.lines[0], b.lines[1] + 1) for w in lines_of.get(r, ())})
            laws[b.number] = Law(
                number=b.number, section=b.section,
                text=b.text, words=b.words, preview=b.preview,
                page_uri=t.page_uri, source=str(t.path), lines=b.lines,
                witness=t.witness, witness_lines=(wlines[0], wlines[-1]) if wlines else (0, 0),
                citation=citations.get(b.number, ""),
                commentary=commentary.get(b.number, []), cited_by=cited_by.get(b.number, []))
    return laws
