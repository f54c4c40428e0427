"""The site's pages, in one list (``PAGES``): the generated pages and the navigation are both made from it.

Each row is one kind of page: its name, where the navigation lists its pages (a section: ``()`` for
the top level, ``("Figures",)``, ``("The edition", "Witnesses")``), the template that words it
(under templates/pages/; ``None`` for a hand-written page of site_src/), and the function that
gives, for an edition, each page of that kind: its address (edition/texts/addresses.py) and the
data its template is filled with. A row whose function gives no page (an edition without a
glossary) puts nothing on the site or in the navigation.

A page's title in the navigation is its own: the ``nav_title`` or else the ``title`` of its front
matter (or its first heading), as its template or its file writes it; nothing here names a title.
The navigation lists the rows' pages in the rows' order, each section where its first page falls.

Permanence is a column too: ``permanent`` says which anchors of the row's pages are permanent
addresses (edition/model/anchors.py: every anchor, the text's, the headings', none but the page's own
address) or, left out, that the pages may come and go. content/anchors.lock holds every address the
permanent rows make, and the build fails if one of them disappears without a redirect. A page may
link only to pages that rows give (``dangling``: the build checks it).

To add a page: write its template, a function that gives its data, and a row here.
"""
from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..framework.templating import render_page
from ..model.anchors import Keeps, every_anchor, headings, no_anchor, text_anchors
from ..model.edition import Edition, EditionErrors, Work
from ..texts import addresses
from .concordance_page import concordance_data, disagreements_data
from .deals_page import deals_data
from .exports.downloads import downloads_data, head_files, work_links
from .figures_page import figures_data, method_data, recomputed_links
from .glossary_page import entry_pages_data, glossary_data
from .house_rules_page import house_rules_clashes, house_rules_data
from .law_pages import law_pages_data, laws_index_data
from .markdown import written
from .pages import definitions_cite, para_cite, reading_data, witness_data, witness_parts_data
from .situations_page import law_situations, phase_pages_data, situation_pages_data, situations_data, what_happened_data
from .versions import changes_page_data, version_pages

Section = tuple[str, ...]


@dataclass(frozen=True)
class Made:
    """One page of a row: its address, its template's data; where the row's section depends on the
    page (a work's chapters) its own section; whether the navigation lists it."""

    address: str
    data: dict = field(default_factory=dict)
    section: Section | None = None  # None: the row's
    listed: bool = True  # False: reached from another page (a law's own page, a part of a witness)
    template: str | None = None  # None: the row's
    check: Callable[[str], list] | None = None  # what is wrong with the page as written (its Markdown): EditionError


@dataclass(frozen=True)
class Row:
    name: str
    section: Section
    template: str | None  # None: a hand-written page of site_src/
    pages: Callable[[Edition], list[Made]]
    permanent: Keeps | None = None  # which anchors its pages keep for good (None: the pages are not permanent)


def _one(address: str, data: Callable[[Edition], dict], present: Callable[[Edition], object]):
    """A row's function for a single page, made when *present* holds for the edition."""
    return lambda ed: [Made(address, data(ed))] if present(ed) else []


def _hand(address: str) -> Callable[[Edition], list[Made]]:
    return lambda ed: [Made(address)]


def work_label(work: Work) -> str:
    """A work's section in the navigation: "Practical Poker (R. F. Foster, 1905)"."""
    return (f"{work.title} ({work.author.split(',')[0]}, {work.year})" if work.year
            else f"{work.title} ({work.author})")


def reading_pages(ed: Edition) -> list[Made]:
    """Each reading text's page, in each work's section."""
    out = []
    texts = written(ed)
    for work in ed.works.values():
        for page in work.texts:
            uri = page.text.page_uri
            data = reading_data(page, texts[uri], work, ed.witness_parts, [c for c in ed.claims if c.page_uri == uri],
                                recomputed_links(ed, uri), [d for d in ed.deals if d.page_uri == uri],
                                para_cite(page, work, ed.site_url, ed.record), ed.record, ed.site_url,
                                head_files(ed, work.slug), definitions_cite(page, work, ed.site_url, ed.record))
            data["downloads"] = work_links(ed, work.slug, uri) if ed.version else None
            out.append(Made(uri, data, section=(work_label(work),)))
    return out


def law_pages(ed: Edition) -> list[Made]:
    """Each law's own page (laws/N/), reached from the index of the laws, with the situations it answers."""
    return [Made(address, {**data, **law_situations(ed, data["number"])}, listed=False)
            for address, data in law_pages_data(ed)]


def _unlisted(pages: Callable[[Edition], list[tuple[str, dict]]]) -> Callable[[Edition], list[Made]]:
    """A row's function for pages reached from another page, not from the navigation."""
    return lambda ed: [Made(address, data, listed=False) for address, data in pages(ed)]


def house_rules_anchors(tag: str, anchor: str) -> bool:
    """The house rules' headings and each matter and custom a table chooses (#matter-blind,
    #custom-kitty), not the form's own fields.

    >>> house_rules_anchors("fieldset", "matter-blind"), house_rules_anchors("input", "hr-blind")
    (True, False)
    """
    return headings(tag, anchor) or anchor.startswith(("matter-", "custom-"))


def witness_pages(ed: Edition) -> list[Made]:
    """Each witness's page: the whole witness, or a long one's list of parts with a page for each part."""
    out = []
    for wid, w in ed.witnesses.items():
        work, parts = ed.works[w.work], ed.witness_parts[wid]
        if len(parts) == 1:
            out.append(Made(addresses.witness(wid), witness_data(w, work)))
            continue
        out.append(Made(addresses.witness(wid), witness_parts_data(w, work, parts), template="witness-parts.md.j2"))
        out += [Made(p.uri, witness_data(w, work, p, parts), listed=False) for p in parts]
    return out


PAGES: list[Row] = [
    Row("home", (), None, _hand(addresses.HOME)),
    Row("what happened", (), "what-happened.md.j2",
        _one(addresses.WHAT_HAPPENED, what_happened_data, lambda ed: ed.situation_phases and ed.situations),
        no_anchor),
    Row("what happened in a phase", (), "what-happened-phase.md.j2", _unlisted(phase_pages_data), no_anchor),
    Row("laws", (), "laws/index.md.j2", _one(addresses.LAWS_INDEX, laws_index_data, lambda ed: ed.laws), headings),
    Row("law", (), "laws/law.md.j2", law_pages, no_anchor),
    Row("situations", (), "situations.md.j2",
        _one(addresses.SITUATIONS, situations_data, lambda ed: ed.situations), every_anchor),
    Row("situation", (), "situations/situation.md.j2", _unlisted(situation_pages_data), no_anchor),
    Row("reading texts", (), "reading.md.j2", reading_pages, text_anchors),
    Row("concordance", ("Concordance",), "concordance.md.j2",
        _one(addresses.CONCORDANCE, concordance_data, lambda ed: ed.concordance), every_anchor),
    Row("disagreements", ("Concordance",), "disagreements.md.j2",
        _one(addresses.DISAGREEMENTS, disagreements_data, lambda ed: ed.concordance), every_anchor),
    Row("glossary", (), "glossary.md.j2", _one(addresses.GLOSSARY, glossary_data, lambda ed: ed.glossary),
        every_anchor),
    Row("glossary entry", (), "glossary/entry-page.md.j2", _unlisted(entry_pages_data), no_anchor),
    Row("house rules", (), "house-rules.md.j2",
        lambda ed: [Made(addresses.HOUSE_RULES, house_rules_data(ed), check=lambda md: house_rules_clashes(ed, md))]
        if ed.house_rules else [], house_rules_anchors),
    Row("figures", ("Figures",), "figures.md.j2", _one(addresses.FIGURES, figures_data, lambda ed: ed.claims),
        every_anchor),
    Row("deals", ("Figures",), "deals.md.j2", _one(addresses.DEALS, deals_data, lambda ed: ed.deals), every_anchor),
    Row("method", ("Figures",), "figures-method.md.j2", _one(addresses.METHOD, method_data, lambda ed: ed.claims),
        every_anchor),
    Row("policy", ("The edition",), None, _hand(addresses.POLICY), no_anchor),
    Row("citing", ("The edition",), None, _hand(addresses.CITING), no_anchor),
    Row("data", ("The edition",), None, _hand(addresses.DATA), no_anchor),
    Row("apparatus", ("The edition",), None, _hand(addresses.APPARATUS), no_anchor),
    Row("downloads", ("The edition",), "downloads.md.j2",  # the files are named by the version
        _one(addresses.DOWNLOADS, downloads_data, lambda ed: ed.works and ed.version), every_anchor),
    Row("changes", ("The edition",), "changes.md.j2",
        _one(addresses.CHANGES, changes_page_data, lambda ed: ed.version), every_anchor),
    Row("licence", ("The edition",), None, _hand(addresses.LICENCE), no_anchor),
    Row("witnesses", ("The edition", "Witnesses"), "witness.md.j2", witness_pages, no_anchor),
    Row("version", ("The edition",), "version.md.j2",
        lambda ed: [Made(address, data, listed=False) for address, data in version_pages(ed)], every_anchor),
]


@dataclass(frozen=True)
class Page:
    """A page of the site as the generator takes it: its address, its Markdown (None: the
    hand-written file of site_src/), its section in the navigation (None: not listed)."""

    address: str
    markdown: str | None
    section: Section | None
    permanent: Keeps | None = None  # its row's: which of its anchors are permanent (None: the page is not)


def site_pages(ed: Edition, rows: list[Row] = PAGES) -> list[Page]:
    """Every page of *rows* for the edition, in the rows' order (the reading texts written first: the
    glossary's entries list where they are used)."""
    written(ed)
    out = []
    errors = []
    for row in rows:
        for made in row.pages(ed):
            template = made.template or row.template
            markdown = render_page(template, **made.data) if template else None
            if made.check and markdown is not None:
                errors.extend(made.check(markdown))
            section = (made.section if made.section is not None else row.section) if made.listed else None
            out.append(Page(made.address, markdown, section, row.permanent))
    if errors:
        raise EditionErrors(errors)
    return out


def permanent_pages(pages: Iterable[Page]) -> list[tuple[str, Keeps]]:
    """The permanent pages, each by its address (``glossary/``) and the rule of the anchors it keeps:
    what ``anchors.published`` and ``anchors.lost`` read a built site for."""
    return [(addresses.page_url(p.address), p.permanent) for p in pages if p.permanent is not None]


_MD_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)")
_HREF = re.compile(r'\bhref="([^"]+)"')


def dangling(pages: list[Page], files: Iterable[str] = ()) -> list[tuple[str, str]]:
    """Each link of a generated page to a page of this site that no row gives (page, link): a page may
    link only to pages whose rows exist (an edition without a glossary gives no glossary to link to).
    Links between pages are .md paths (``../laws/19.md#x``) or, in a template's HTML, folders
    (``../laws/19/``); a link to one of *files* (a download, a snapshot: their paths from the site's
    root) or outside the site is not a page's.

    >>> dangling([Page("a.md", "[b](b.md#x) [c](c.md) <a href=\\"../b/\\">", None), Page("b.md", None, ())])
    [('a.md', 'c.md')]
    """
    sources = {p.address for p in pages}
    urls = {addresses.page_url(a) for a in sources}
    known = sources | urls | set(files)
    found = []
    for page in pages:
        if page.markdown is None:
            continue
        here, url = posixpath.dirname(page.address), addresses.page_url(page.address)
        for pattern, base in ((_MD_LINK, here), (_HREF, url)):
            for link in pattern.findall(page.markdown):
                path = link.split("#", 1)[0]
                if not path or ":" in path or path.startswith("/"):
                    continue  # on the page itself, another site, or an absolute path (the 404 page's)
                target = posixpath.normpath(posixpath.join(base if not path.endswith(".md") else here, path))
                target += "/" if path.endswith("/") and target != "." else ""
                if target not in known and (page.address, link) not in found:
                    found.append((page.address, link))
    return found


def generated_pages(ed: Edition) -> list[tuple[str, str]]:
    """Every page the edition generates, as (path under the docs folder, Markdown)."""
    return [(p.address, p.markdown) for p in site_pages(ed) if p.markdown is not None]


def page_markdown(ed: Edition, address: str) -> str:
    """The Markdown of the generated page at *address* (for tests and tools)."""
    return next(md for a, md in generated_pages(ed) if a == address)


#: YAML's safe loader, in C where PyYAML has it (the same data; the pure-Python one takes a
#: hundredth of a second a page).
_SAFE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def nav_title(markdown: str) -> str:
    """A page's title in the navigation: its front matter's ``nav_title`` or ``title``, or its first heading.

    >>> nav_title("---\\ntitle: Glossary\\n---\\n# Glossary\\n")
    'Glossary'
    >>> nav_title("---\\nnav_title: Laws\\ntitle: The Laws\\n---\\n")
    'Laws'
    >>> nav_title("# Editorial policy\\n\\nText.\\n")
    'Editorial policy'
    """
    meta: dict = {}
    if markdown.startswith("---\n"):
        head = markdown[4:].split("\n---", 1)[0]
        meta = yaml.load(head, Loader=_SAFE) or {}  # noqa: S506 (a safe loader)
    if meta.get("nav_title") or meta.get("title"):
        return str(meta.get("nav_title") or meta.get("title"))
    heading = re.search(r"^# (.+)$", markdown, flags=re.M)
    return heading[1].strip() if heading else ""


def navigation(pages: list[Page], docs: Path) -> list:
    """The navigation, as MkDocs reads it (a list of {title: address} and {section: [...]}): the listed
    *pages* in order, each section where its first page falls; a hand-written page's title is read
    from its file under *docs*."""
    nav: list = []
    sections: dict[Section, list] = {(): nav}
    for page in pages:
        if page.section is None:
            continue
        markdown = page.markdown if page.markdown is not None else (docs / page.address).read_text(encoding="utf-8")
        for depth in range(1, len(page.section) + 1):
            path = page.section[:depth]
            if path not in sections:
                sections[path] = []
                sections[path[:-1]].append({path[-1]: sections[path]})
        sections[page.section].append({nav_title(markdown): page.address})
    return nav
