"""Foster's Laws as a model: each law made once, when the edition loads, from what the renderer met.

A ``Law`` holds everything the edition says about one law, so that the page, the JSON data
(``data/laws.json``), the short addresses (``laws/N/``) and the search read the same facts:

- ``number``, ``section`` (the heading it stands under, as plain text) and ``text`` (plain);
- ``markdown``: its paragraph as rendered on its page, and ``html()``: the same as HTML;
- where it comes from: ``source`` and ``lines`` (the reading-text file), ``witness`` and
  ``witness_lines`` (the first and last line of the witness its words are aligned with);
- where it is published: ``page_uri``, ``anchor``, ``url``, ``short_path``, ``citation``;
- who discusses it: ``commentary`` (Foster's, content/commentary.yml) and ``cited_by`` (every
  "See Law N" elsewhere), each a list of (page source, anchor, label).

``build_laws`` makes them (edition.edition calls it once, after the texts are linked). To give
a law a new fact, add a field here and fill it in ``build_laws``.
"""
from __future__ import annotations

import posixpath
import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass, field
from functools import lru_cache

import markdown
from markdown.postprocessors import Postprocessor
from markdown.treeprocessors import Treeprocessor

from ..texts.addresses import law_anchor, law_short_path, page_url
from .markup import law_number_html

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
    markdown: str
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

    def html(self, base: str = "") -> str:
        """Its paragraph as HTML, the number unlinked, every link relative to its page's URL with
        *base* before it (a page elsewhere passes the way from itself to the law's page)."""
        # The number escaped ("19\\."), or Markdown would read the paragraph as a numbered list.
        body = self.markdown.replace(law_number_html(self.number), f"{self.number}\\.", 1)
        return paragraph_html(body, self.page_uri, base)


def build_laws(pages, citations: dict[int, str], commentary: dict[int, Places],
               cited_by: dict[int, Places]) -> dict[int, Law]:
    """Every law of the rendered *pages* (edition.model.edition.Page), by number, with its citation,
    Foster's commentary and who cites it; the witness lines of each law are its page's alignment's."""
    laws: dict[int, Law] = {}
    for page in pages:
        blocks = page.rendered.law_blocks
        if not blocks:
            continue
        t = page.text
        lines_of = page.alignment.witness_lines
        for b in blocks:
            wlines = sorted({w for r in range(b.lines[0], b.lines[1] + 1) for w in lines_of.get(r, ())})
            laws[b.number] = Law(
                number=b.number, section=b.section,
                text=b.text, words=b.words, preview=b.preview,
                markdown=b.markdown, page_uri=t.page_uri, source=str(t.path), lines=b.lines,
                witness=t.witness, witness_lines=(wlines[0], wlines[-1]) if wlines else (0, 0),
                citation=citations.get(b.number, ""),
                commentary=commentary.get(b.number, []), cited_by=cited_by.get(b.number, []))
    return laws


# The extensions of mkdocs.yml that a law's paragraph uses: attr_list (the class of a term's link),
# smarty (the typography policy's quotes), md_in_html. tests/site checks the result against the
# law on its built page.
_EXTENSIONS = ["attr_list", "md_in_html", "smarty"]
_EXTENSION_CONFIGS = {"smarty": {"smart_angled_quotes": False}}


class _PageLinks(Treeprocessor):
    """Links to page sources (../glossary.md#age) made into links to their published URLs, as
    MkDocs makes them on the law's page, with a base before every link that is not absolute."""

    def __init__(self, md, page_uri: str, base: str):
        super().__init__(md)
        self.page_uri, self.base = page_uri, base

    def run(self, root: etree.Element) -> None:
        for a in root.iter("a"):
            href = a.get("href")
            if href is not None and not href.startswith(("http:", "https:")):
                a.set("href", self.base + _published(self.page_uri, href))


class _BaseOnRawLinks(Postprocessor):
    """The base before the links in the HTML the edition wrote into the text itself (an editorial
    note's letter links to the note: href="#ed-note-6"), which Markdown keeps aside as it is."""

    def __init__(self, md, base: str):
        super().__init__(md)
        self.base = base

    def run(self, text: str) -> str:
        if not self.base:
            return text
        stash = self.md.htmlStash.rawHtmlBlocks
        stash[:] = [_RAW_HREF.sub(rf"\g<0>{self.base}", raw) if isinstance(raw, str) else raw for raw in stash]
        return text


_RAW_HREF = re.compile(r'\bhref="(?!https?:)')


def _published(page_uri: str, href: str) -> str:
    """A link from *page_uri* to a page source, made relative to the published URLs.

    >>> _published("foster/laws.md", "../glossary.md#age"), _published("foster/laws.md", "#law-5")
    ('../../glossary/#age', '#law-5')
    """
    path, hashmark, fragment = href.partition("#")
    if not path.endswith(".md"):
        return href
    target = page_url(posixpath.normpath(posixpath.join(posixpath.dirname(page_uri), path)))
    rel = posixpath.relpath(target or ".", page_url(page_uri) or ".") + "/"
    return rel + hashmark + fragment


@lru_cache(maxsize=4096)  # the same paragraph is asked for by several pages, and again at each rebuild of make serve
def paragraph_html(text: str, page_uri: str, base: str = "") -> str:
    """One paragraph of a page's Markdown as HTML (without its <p> tags), links as on its page."""
    md, links, raw_links = _converter()
    links.page_uri, links.base, raw_links.base = page_uri, base, base
    out = md.reset().convert(text)
    return out[len("<p>"):-len("</p>")] if out.startswith("<p>") and out.endswith("</p>") else out


@lru_cache(maxsize=1)
def _converter() -> tuple[markdown.Markdown, _PageLinks, _BaseOnRawLinks]:
    """One Markdown converter for every paragraph (making one with its extensions took most of the
    time of converting a paragraph); ``paragraph_html`` resets it and sets its page and base."""
    md = markdown.Markdown(extensions=_EXTENSIONS, extension_configs=_EXTENSION_CONFIGS)
    links, raw_links = _PageLinks(md, "", ""), _BaseOnRawLinks(md, "")
    md.treeprocessors.register(links, "page-links", 0)
    md.postprocessors.register(raw_links, "base-on-raw-links", 35)  # before raw_html (30); no base: no change
    return md, links, raw_links
