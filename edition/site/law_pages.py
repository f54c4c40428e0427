"""The pages of Foster's Laws as a reference: the index at laws/ (every law by Foster's sections,
with a "go to law" field) and, for each law, its own page at laws/N/.

Data for templates/pages/laws/*.j2; every sentence a reader sees is in the templates.
"""
from __future__ import annotations

from ..model.cite import Cited, page_head, version_link, work_data
from ..model.edition import Edition
from ..model.laws import Law, section_title
from ..texts.addresses import (
    DOWNLOADS,
    GLOSSARY,
    HOME,
    LAWS_INDEX,
    WHAT_HAPPENED,
    file_link,
    law_page,
    law_short_path,
    laws_card_room_pdf,
    laws_pdf,
    published_link,
    rel_link,
    site_zip,
    work_anchor,
)
from .exports.downloads import head_files
from .exports.previews import head as preview_head
from .exports.previews import law_preview
from .markdown import cite_formats, law_markdown, paragraph_markdown

FIRST_WORDS = 14  # how many of a law's words the index shows
def first_words(words: str, n: int = FIRST_WORDS) -> str:
    """The opening of a law's words (without its number): the first *n*, then an ellipsis if cut.

    >>> first_words("If any card is faced in dealing it to a player, the player must accept", 5)
    'If any card is faced…'
    """
    words = words.split()
    return " ".join(words[:n]) + ("…" if len(words) > n else "")


def laws_index_data(edition: Edition) -> dict:
    """The index of the laws (laws/, templates/pages/laws/index.md.j2): Foster's sections in his
    order, each law with its number and first words, linked to its own page."""
    sections: list[dict] = []
    laws = [law for _, law in sorted(edition.laws.items())]
    for law in laws:
        if not sections or sections[-1]["printed"] != law.section:
            sections.append({"printed": law.section, "title": section_title(law.section), "laws": []})
        sections[-1]["laws"].append({"number": law.number, "opening": first_words(law.words)})
    work = edition.works[edition.law_anchors()[laws[0].number].text.work]
    return {"sections": sections, "count": len(laws), "numbers": [law.number for law in laws],
            "author": work.author, "title": work.title, "year": work.year,
            "chapter_link": rel_link(LAWS_INDEX, laws[0].page_uri),
            "example": {"number": (n := 19 if 19 in edition.laws else laws[0].number),
                        "address": law_short_path(n), "link": rel_link(LAWS_INDEX, law_page(n))}}


def home_data(edition: Edition) -> dict:
    """What the home page (templates/pages/home.md.j2) counts and links: the guided way to a ruling
    (What happened?), the laws, the glossary, the works with their first page and witnesses, the
    concordance, the checked figures."""
    works = [{"author": w.author, "title": w.title, "year": w.year, "link": w.texts[0].text.page_uri,
              "witnesses": w.witnesses, "anchor": work_anchor(slug)} for slug, w in edition.works.items() if w.texts]
    return {"laws": len(edition.laws), "laws_link": LAWS_INDEX,
            "what_happened": WHAT_HAPPENED if edition.situations and edition.situation_phases else "",
            "situations": len(edition.situations),
            "terms": len(edition.glossary), "glossary_link": GLOSSARY, "works": works,
            "witnesses": len(edition.witnesses), "topics": len(edition.concordance),
            "figures": len(edition.claims), "deals": bool(edition.deals),
            "downloads": {"laws_pdf": file_link(HOME, laws_pdf(edition.version)),
                          "card_room_pdf": file_link(HOME, laws_card_room_pdf(edition.version)),
                          "site_zip": file_link(HOME, site_zip(edition.version)),
                          "version": edition.version} if edition.version and edition.laws else None}


def _places(ed: Edition, uri: str, places, quoted: bool = False) -> list[dict]:
    """Places (page source, anchor, label) as links from page *uri*; *quoted*, each with its paragraph's
    Markdown too, written for that page (edition/site/markdown.py)."""
    out = []
    for page_uri, anchor, label in places:
        item = {"label": label, "href": rel_link(uri, page_uri) + (f"#{anchor}" if anchor else "")}
        if quoted:
            item["markdown"] = paragraph_markdown(ed, page_uri, anchor, uri)
        out.append(item)
    return out


def _neighbour(uri: str, law: Law | None) -> dict | None:
    """The law before or after, as the page *uri* of a law links it: number, link, first words."""
    return {"number": law.number, "link": rel_link(uri, law_page(law.number)),
            "opening": first_words(law.words, 8)} if law else None


def law_page_data(edition: Edition, law: Law, before: Law | None, after: Law | None) -> dict:
    """Law *law*'s own page (laws/N/, templates/pages/laws/law.md.j2): the law, its section, the laws
    before and after it, Foster's commentary quoted, the places that cite it, where to read it in
    context, its Cite box; and in its front matter what the page's head needs (Open Graph,
    citation_* metadata)."""
    uri = law_page(law.number)
    text = edition.law_anchors()[law.number].text
    work = edition.works[text.work]
    url = edition.site_url + law.short_path
    return dict(
        number=law.number, title=law.title, section=section_title(law.section), record=work_data(work.record),
        head=dict(page_head(Cited(url, work.record, law.title), edition.record, edition.site_url,
                            head_files(edition, text.work)),
                  preview=preview_head(law_preview(law, work, edition.record), edition.site_url)),
        description=law.preview, law_markdown=law_markdown(edition, law.number, uri),
        author=work.author, work_title=work.title, year=work.year, chapter=text.title,
        context_link=rel_link(uri, law.page_uri) + f"#{law.anchor}", index_link=rel_link(uri, LAWS_INDEX),
        citation=law.citation, formats=cite_formats(edition.cite_formats.get(law.number, {})),
        version=edition.version, url=url, cite_version=version_link(edition.record, edition.site_url),
        laws_pdf=file_link(law_page(law.number), laws_pdf(edition.version)) if edition.version else "",
        downloads_page=published_link(law_page(law.number), DOWNLOADS),
        before=_neighbour(uri, before), after=_neighbour(uri, after),
        commentary=_places(edition, uri, law.commentary, quoted=True), cited_by=_places(edition, uri, law.cited_by),
        commentary_checked=law.number in edition.laws_with_a_case)


def law_pages_data(edition: Edition) -> list[tuple[str, dict]]:
    """Each law's own page: its address and its data (law_page_data), in the laws' order."""
    laws = [law for _, law in sorted(edition.laws.items())]
    return [(law_page(law.number), law_page_data(edition, law, laws[i - 1] if i else None,
                                                 laws[i + 1] if i + 1 < len(laws) else None))
            for i, law in enumerate(laws)]
