"""What the downloads' writers (TEI, EPUB) share: one escape for text, one for attributes, one emphasis
pattern for the editors' notes. The reading text they write is its parsed document, cut into units
(edition/texts/document.py: ``keyed``).
"""
from __future__ import annotations

import html
import re


def text_escape(text: str) -> str:
    """Text for an XML or XHTML element's content (the exports' one escape)."""
    return html.escape(text, quote=False)


def attr_escape(text: str) -> str:
    """Text for an attribute's value."""
    return html.escape(text, quote=True)


#: A note's **strong** or *emphasised* words, as the editors write them (EPUB and TEI alike).
EMPHASIS = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*")
