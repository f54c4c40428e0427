"""The pages of Foster's Laws as a reference: the index at laws/ (every law by Foster's sections,
with a "go to law" field) and, for each law, its own page at laws/N/.

Data for templates/pages/laws/*.j2; every sentence a reader sees is in the templates.
"""
from __future__ import annotations

import re

from .edition import GLOSSARY_URI, Edition
from .templating import render_page

LAWS_INDEX_URI = "laws/index.md"
FIRST_WORDS = 14  # how many of a law's words the index shows
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


def first_words(text: str, n: int = FIRST_WORDS) -> str:
    """The opening of a law, without its number: the first *n* words, then an ellipsis if cut.

    >>> first_words("19. If any card is faced in dealing it to a player, the player must accept", 5)
    'If any card is faced…'
    """
    words = re.sub(r"^\d+\.\s*", "", text).split()
    return " ".join(words[:n]) + ("…" if len(words) > n else "")


def laws_index_markdown(edition: Edition) -> str:
    """The index of the laws (laws/): Foster's sections in his order, each law with its number and
    first words, linked to its own page."""
    sections: list[dict] = []
    laws = [law for _, law in sorted(edition.laws.items())]
    for law in laws:
        if not sections or sections[-1]["printed"] != law.section:
            sections.append({"printed": law.section, "title": section_title(law.section), "laws": []})
        sections[-1]["laws"].append({"number": law.number, "opening": first_words(law.text)})
    work = edition.works[edition.law_anchors()[laws[0].number].text.work]
    return render_page("laws/index.md.j2", sections=sections, count=len(laws),
                       numbers=[law.number for law in laws], author=work.author, title=work.title,
                       year=work.year, chapter_link="../" + laws[0].page_uri)


def home_data(edition: Edition) -> dict:
    """What the home page (templates/pages/home.md.j2) counts and links: the laws, the glossary,
    the works with their first page and witnesses, the concordance, the checked figures."""
    works = [{"author": w.author, "title": w.title, "year": w.year, "link": w.texts[0].text.page_uri,
              "witnesses": w.witnesses} for w in edition.works.values() if w.texts]
    return {"laws": len(edition.laws), "laws_link": LAWS_INDEX_URI,
            "terms": len(edition.glossary), "glossary_link": GLOSSARY_URI, "works": works,
            "witnesses": len(edition.witnesses), "topics": len(edition.concordance),
            "figures": len(edition.claims), "deals": bool(edition.deals)}


def law_pages(edition: Edition) -> list[tuple[str, str]]:
    """The pages about the laws, as (path under the docs folder, Markdown)."""
    if not edition.laws:
        return []
    return [(LAWS_INDEX_URI, laws_index_markdown(edition))]
