"""The citation files for reference managers (the page on citing links them): every one of Foster's
laws, every work and the edition itself, in BibTeX, CSL-JSON and RIS, made by the same functions as
the Cite boxes (edition/model/cite.py), each naming the edition's version."""
from __future__ import annotations

import json

from ..model.cite import Cited, bibtex, csl, ris
from ..model.edition import Edition
from ..texts.addresses import CITATION_FILES, page_url


def everything_cited(edition: Edition) -> list[Cited]:
    """What the citation files cite: each law (at its permanent address), each work (at its first
    page), the edition (at the site's address)."""
    anchors = edition.law_anchors()
    out = [Cited(edition.site_url + law.short_path, edition.works[anchors[n].text.work].record, law.title)
           for n, law in sorted(edition.laws.items())]
    out += [Cited(edition.site_url + page_url(work.texts[0].text.page_uri), work.record)
            for work in edition.works.values() if work.texts and work.record is not None]
    return out + [Cited(edition.site_url)]


def citation_files(edition: Edition) -> dict[str, str]:
    """Each citation file's path under the site (addresses.CITATION_FILES) and its text."""
    cited, record = everything_cited(edition), edition.record
    return {
        CITATION_FILES["bibtex"]: "\n\n".join(bibtex(c, record) for c in cited) + "\n",
        CITATION_FILES["csl-json"]: json.dumps([csl(c, record) for c in cited], ensure_ascii=False, indent=1) + "\n",
        CITATION_FILES["ris"]: "\n\n".join(ris(c, record) for c in cited) + "\n",
    }
