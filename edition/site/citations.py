"""The citation files for reference managers (the page on citing links them): every one of Foster's
laws, every work and the edition itself, in BibTeX, CSL-JSON and RIS, made by the same functions as
the Cite boxes (edition/model/cite.py), each naming the edition's version. A file cannot know the day
it is read: its entries carry no access date (the page on citing says to add it). And the Cite boxes
of one thing (cite_box: a situation) and the one Cite panel of a page of entries (entry_cite: the
glossary, a list of technical terms)."""
from __future__ import annotations

import json
import re

from ..model.cite import (
    ENTRY_KEY_TOKEN,
    ENTRY_SLUG_TOKEN,
    ENTRY_TOKEN,
    Cited,
    bibtex,
    csl,
    formats,
    ris,
    version_link,
)
from ..model.edition import Edition
from ..model.records import EditionRecord, WorkRecord
from ..texts.addresses import CITATION_FILES, work_address
from .markdown import cite_formats


def entry_cite(address: str, work: WorkRecord | None, part: str, record: EditionRecord, site_url: str) -> dict:
    """The one Cite panel of a page of entries at *address* (blocks/entry-cite.html.j2): the citation
    of entry ENTRY_TOKEN of *part* (of *work*, or of the edition's own page), at its anchor
    ENTRY_SLUG_TOKEN, in every format, for the script to fill in with the entry cited."""
    found = formats(Cited(f"{address}#{ENTRY_SLUG_TOKEN}", work, part, "", ENTRY_TOKEN), record)
    return {"token": ENTRY_TOKEN, "key_token": ENTRY_KEY_TOKEN, "slug_token": ENTRY_SLUG_TOKEN, "address": address,
            "citation": found["plain"], "formats": cite_formats(found), "cite_version": version_link(record, site_url)}


def cite_box(cited: Cited, summary: str, record: EditionRecord, site_url: str) -> dict:
    """A Cite box for one thing cited (blocks/cite-box.html.j2): its summary ("Cite this situation"),
    its plain-text citation, every format, the version they name."""
    found = formats(cited, record)
    return {"summary": summary, "citation": found["plain"], "formats": cite_formats(found),
            "cite_version": version_link(record, site_url)}


def everything_cited(edition: Edition) -> list[Cited]:
    """What the citation files cite: each law (at its permanent address), each work (at its line in
    the home page's list of the works: work_address), the edition (at the site's address)."""
    anchors = edition.law_anchors()
    out = [Cited(edition.site_url + law.short_path, edition.works[anchors[n].text.work].record, law.title)
           for n, law in sorted(edition.laws.items())]
    out += [Cited(edition.site_url + work_address(slug), work.record)
            for slug, work in edition.works.items() if work.texts and work.record is not None]
    return out + [Cited(edition.site_url)]


def citation_files(edition: Edition) -> dict[str, str]:
    """Each citation file's path under the site (addresses.CITATION_FILES) and its text."""
    cited, record = everything_cited(edition), edition.record
    return {
        CITATION_FILES["bibtex"]: "\n\n".join(bibtex(c, record) for c in cited) + "\n",
        CITATION_FILES["csl-json"]: json.dumps([csl(c, record) for c in cited], ensure_ascii=False, indent=1) + "\n",
        CITATION_FILES["ris"]: "\n\n".join(ris(c, record) for c in cited) + "\n",
    }


#: How a page's head marks its links to the work's files (templates/theme/main.html).
DOWNLOAD_MARK = " data-download>"
_DOWNLOAD_TAG = re.compile(r"\n?[ \t]*<(?:meta|link) [^>]*" + re.escape(DOWNLOAD_MARK))


def without_downloads(html: str) -> str:
    """A page without its head's links to the work's files (citation_pdf_url, <link rel="alternate">
    of its PDF, EPUB and TEI), for a build that does not make them (make serve, EDITION_DOWNLOADS=0):
    a reference manager or a crawler is not sent to a file that is not there.

    >>> without_downloads('<head>\\n  <meta name="citation_pdf_url" content="x.pdf" data-download>\\n</head>')
    '<head>\\n</head>'
    """
    end = html.rfind(DOWNLOAD_MARK)
    if end < 0:
        return html
    # Every tag taken out ends with the mark, so the text after the last one (most of the page: the
    # tags are in its head) is left as it is, unsearched.
    end += len(DOWNLOAD_MARK)
    return _DOWNLOAD_TAG.sub("", html[:end]) + html[end:]
