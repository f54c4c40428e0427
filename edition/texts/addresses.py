"""Where everything is published: every page's address and anchor, and how one is written from another.

The one module that composes addresses (a test finds a page path written anywhere else). A page
is known by its source: its path under the docs folder ("foster/laws.md", "laws/19.md"); MkDocs
publishes it at a folder (``page_url``: "foster/laws/", "laws/19/"). Links between generated pages
are relative source paths (``rel_link``), which MkDocs rewrites; raw HTML, which it does not
rewrite, takes the published address (``published_link``). A data file names a reading text by
its work and slug ("foster/laws": ``named_page``).

>>> law_page(19), page_url(law_page(19)), law_short_path(19), law_anchor(19)
('laws/19.md', 'laws/19/', 'laws/19/', 'law-19')
"""
from __future__ import annotations

import posixpath
from functools import cache

# The pages that are not reading texts, by their source under the docs folder. Hand-written pages
# are in site_src/ at these paths; the others are generated (edition/site/registry.py).
HOME = "index.md"
LAWS_INDEX = "laws/index.md"
GLOSSARY = "glossary.md"
FIGURES = "figures.md"
METHOD = "figures/method.md"
DEALS = "deals.md"
CONCORDANCE = "concordance.md"
DISAGREEMENTS = "disagreements.md"
POLICY = "edition/policy.md"
CITING = "edition/citing.md"
DATA = "data.md"
APPARATUS = "edition/apparatus.md"
CHANGES = "edition/changes.md"
LICENCE = "edition/licence.md"
SITUATIONS = "situations.md"
WHAT_HAPPENED = "what-happened.md"  # the guided way in: a phase of play, what happened, the situation
DOWNLOADS = "downloads.md"
HOUSE_RULES = "house-rules.md"

# The files published beside the pages (not pages): the citation files for reference managers, the
# robots' file, each version's snapshot (version_file).
CITATION_FILES = {"bibtex": "cite/edition.bib", "csl-json": "cite/edition.json", "ris": "cite/edition.ris"}
ROBOTS = "robots.txt"
# The Atom feed of the edition's versions and changes (edition/site/feed.py), at the site's root: the
# theme's instant navigation fetches a sitemap.xml beside every <link rel="alternate"> a page names.
FEED = "changes.atom"
DOWNLOADS_SITEMAP = "downloads/sitemap.xml"  # the downloads' own sitemap (exports/downloads.py), for the same reason


def reading_text(work: str, slug: str) -> str:
    """A reading text's page: content/texts/foster/03-laws.md is published from "foster/laws.md"."""
    return f"{work}/{slug}.md"


def named_page(name: str) -> str:
    """The page a data file names by work and slug ("foster/laws", or "figures" for a generated page).

    >>> named_page("foster/laws"), named_page("figures")
    ('foster/laws.md', 'figures.md')
    """
    return f"{name}.md"


def download(name: str) -> str:
    """A download's path in the site: every file of the downloads page is beside it.

    >>> download("foster-1.1.epub")
    'downloads/foster-1.1.epub'
    """
    return f"downloads/{name}"


def laws_pdf(version: str) -> str:
    """The Laws of Poker as a PDF booklet, of the edition's *version*.

    >>> laws_pdf("1.1")
    'downloads/laws-1.1.pdf'
    """
    return download(f"laws-{version}.pdf")


def laws_card_room_pdf(version: str) -> str:
    """The players' printing of the Laws (A5, for the card room), of the edition's *version*.

    >>> laws_card_room_pdf("1.1")
    'downloads/laws-card-room-1.1.pdf'
    """
    return download(f"laws-card-room-{version}.pdf")


PREVIEWS = "previews/"  # the folder of the preview images


def preview_image(name: str) -> str:
    """A preview image a page's head names (og:image): the edition's, a work's, a law's.

    >>> preview_image("laws/19"), preview_image("edition")
    ('previews/laws/19.png', 'previews/edition.png')
    """
    return f"{PREVIEWS}{name}.png"


def site_zip(version: str) -> str:
    """The whole site offline, of the edition's *version*."""
    return download(f"site-{version}.zip")


def work_download(work: str, version: str, ext: str) -> str:
    """A work's download in one format (*ext*: "pdf", "epub", "tei.xml"), of the edition's *version*."""
    return download(f"{work}-{version}.{ext}")


def file_link(from_uri: str, path: str) -> str:
    """The link to a file of the site (a download) from page *from_uri*'s published address.

    >>> file_link("foster/laws.md", "downloads/laws-1.1.pdf"), file_link("downloads.md", "downloads/x.pdf")
    ('../../downloads/laws-1.1.pdf', 'x.pdf')
    """
    return posixpath.relpath(path, page_url(from_uri).rstrip("/") or ".")


def situation_page(slug: str) -> str:
    """A situation's own page (its permanent address, situations/<slug>/), beside the list of them all
    (situations/, where each keeps its anchor #<slug>).

    >>> situation_page("card-exposed-in-the-deal"), page_url(situation_page("card-exposed-in-the-deal"))
    ('situations/card-exposed-in-the-deal.md', 'situations/card-exposed-in-the-deal/')
    """
    return f"situations/{slug}.md"


def glossary_entry(slug: str) -> str:
    """A glossary entry's own page (its permanent address, glossary/<slug>/: a pasted link unfurls as
    the entry), beside the full glossary (glossary/, where the entry keeps its anchor #<slug>).

    >>> glossary_entry("age"), page_url(glossary_entry("age"))
    ('glossary/age.md', 'glossary/age/')
    """
    return f"glossary/{slug}.md"


def phase_page(slug: str) -> str:
    """The guided page's step for one phase of play: what happened in it (what-happened/draw/).

    >>> page_url(phase_page("draw"))
    'what-happened/draw/'
    """
    return f"what-happened/{slug}.md"


def law_page(n: int) -> str:
    """Law *n*'s own page."""
    return f"laws/{n}.md"


def law_short_path(n: int) -> str:
    """The permanent short path of Law *n*, relative to the site root (its own page's address)."""
    return page_url(law_page(n))


def law_anchor(n: int) -> str:
    """Law *n*'s anchor on the page of its chapter."""
    return f"law-{n}"


def work_anchor(slug: str) -> str:
    """A work's anchor on the home page, in its list of the works: the address of the whole work
    (its records' address: the citation files', the downloads').

    >>> work_anchor("foster")
    'work-foster'
    """
    return f"work-{slug}"


def work_address(slug: str) -> str:
    """The whole work's address, relative to the site root: the home page's line for it.

    >>> work_address("keller")
    '#work-keller'
    """
    return page_url(HOME) + "#" + work_anchor(slug)


def para_anchor(n: int | str) -> str:
    """Paragraph *n*'s anchor on its page (*n* may be a placeholder the script fills in)."""
    return f"para-{n}"


def page_anchor(n: int) -> str:
    """The anchor of the printed book's page *n*."""
    return f"p-{n}"


def version_page(version: str) -> str:
    """The page of one version of the edition as it stood: edition/versions/1.0.md."""
    return f"edition/versions/{version}.md"


def version_file(version: str) -> str:
    """One version's snapshot, published as it is stored (content/versions/1.0.json): edition/versions/1.0.json."""
    return f"edition/versions/{version}.json"


def file_source_link(from_uri: str, path: str) -> str:
    """A link from page *from_uri* to a file published beside the pages (not a page), as MkDocs
    resolves it in Markdown: relative to the page's source (file_link: to its published address,
    for raw HTML).

    >>> file_source_link("edition/versions/1.0.md", version_file("1.0"))
    '1.0.json'
    >>> file_source_link("edition/citing.md", "cite/edition.bib")
    '../cite/edition.bib'
    """
    return posixpath.relpath(path, posixpath.dirname(from_uri) or ".")


def witness(wid: str) -> str:
    """A witness's page: the whole witness, or the list of its parts."""
    return f"witnesses/{wid}.md"


def witness_part(wid: str, first: int, last: int) -> str:
    """The page of one part of a long witness: lines *first* to *last*."""
    return f"witnesses/{wid}/lines-{first}-{last}.md"


def witness_line(n: int) -> str:
    """The anchor of line *n* on a witness's page."""
    return f"L{n}"


def page_url(uri: str) -> str:
    """The published folder URL of a page source path: foster/laws.md -> foster/laws/.

    >>> page_url("foster/laws.md"), page_url("index.md"), page_url("laws/index.md"), page_url("foster/general-index.md")
    ('foster/laws/', '', 'laws/', 'foster/general-index/')
    """
    return uri[:-len("index.md")] if uri == "index.md" or uri.endswith("/index.md") else uri[:-3] + "/"


@cache  # a few hundred pairs of pages, asked thousands of times
def rel_link(from_uri: str, to_uri: str) -> str:
    """The relative link from one page source to another ("" for the same page).

    >>> rel_link("foster/laws.md", "glossary.md"), rel_link("foster/laws.md", "foster/laws.md")
    ('../glossary.md', '')
    """
    if from_uri == to_uri:
        return ""
    return posixpath.relpath(to_uri, posixpath.dirname(from_uri) or ".")


def published_link(from_uri: str, to_uri: str) -> str:
    """The published address of page *to_uri*, relative to that of *from_uri*: raw HTML (the
    editorial notes) is not rewritten by MkDocs, so its links are the final URLs.

    >>> published_link("foster/laws.md", "witnesses/000/lines-1-349.md")
    '../../witnesses/000/lines-1-349/'
    >>> published_link("foster/laws.md", "witnesses/001.md")
    '../../witnesses/001/'
    """
    return posixpath.relpath(page_url(to_uri), page_url(from_uri).rstrip("/") or ".") + "/"


def to_root(uri: str) -> str:
    """The way from page *uri*'s published address back to the site's root ("../../" from laws/19/).

    >>> to_root("laws/19.md"), to_root("index.md"), to_root("glossary.md")
    ('../../', '', '../')
    """
    return "../" * page_url(uri).count("/")
