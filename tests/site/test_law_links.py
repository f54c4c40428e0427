"""Every reference to one of Foster's laws on every built page is a link (issue 32, item 7).

The rule, as ``unlinked`` applies it to a page:

- A *reference* is what the edition's one pattern finds (``LAW_REF``, edition/texts/syntax.py): "Law 74",
  "See Law 71", "Laws 71 and 74", "Laws 3 to 6", "(Law 28)". Each of its numbers must be the text of
  a link to that law: its own page (``laws/74/``) or its place in the Laws chapter (``#law-74``); a link
  to another law is as wrong as none.
- Only the *running text* of a page counts: the text of its article (``article.md-content__inner``),
  and of that not
  - a heading (h1–h6: a law's own title, "Law 19 — Misdealing", which the page is about);
  - the Cite box and citations (``summary``, ``.citation``, ``pre``, and the examples of a citation
    on the page *Citing*, ``.cite-example``: a citation names the law it cites and is copied as it
    stands);
  - code and preformatted text (``code``, ``pre``: a data sample, the verbatim witness's lines, which
    keep the witness's words as they are);
  - the apparatus's readings (``.ed-emendations``, ``.ed-collation``: the witness and the edition
    quoted word for word in context);
  - a form control's label (``label``: a house rule's option; its law is linked at the head of
    its fieldset, and a link inside the label would take the tap the control needs);
  - the line shown only in print (``.ed-print-head``).

Everything else is running text, quotations of the texts included (a link changes no word of them).
"""
from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urljoin

import pytest
from lxml import html as lxml_html

from edition.texts.syntax import LAW_REF

pytestmark = pytest.mark.site

EXCLUDED_TAGS = {"h1", "h2", "h3", "h4", "h5", "h6", "summary", "pre", "code", "label", "script", "style"}
EXCLUDED_CLASSES = {"citation", "cite-example", "ed-emendations", "ed-collation", "ed-print-head"}
# Elements whose text does not run on into the next's: a reference never spans two of them.
BLOCKS = {"p", "li", "ul", "ol", "div", "td", "th", "tr", "table", "dd", "dt", "dl", "blockquote", "section",
          "details", "nav", "form", "fieldset", "legend", "br", "hr", "figure", "figcaption", "article",
          *EXCLUDED_TAGS}
BREAK = "\x00"  # between blocks: no pattern's white space matches it


def _excluded(el) -> bool:
    return el.tag in EXCLUDED_TAGS or bool(EXCLUDED_CLASSES & set((el.get("class") or "").split()))


def _pieces(el, href, excluded, out):
    """The text under *el* in reading order, each piece with the link it stands in (or None) and
    whether it stands outside the running text."""
    if not isinstance(el.tag, str):  # a comment or processing instruction: only its tail is text
        if el.tail:
            out.append((el.tail, href, excluded))
        return
    excluded = excluded or _excluded(el)
    mine = el.get("href") if el.tag == "a" else href
    block = el.tag in BLOCKS
    if block:
        out.append((BREAK, None, True))
    if el.text:
        out.append((el.text, mine, excluded))
    for child in el:
        _pieces(child, mine, excluded, out)
        if child.tail:
            out.append((child.tail, mine, excluded))
    if block:
        out.append((BREAK, None, True))


def _leads_to(href: str | None, n: int, base: str) -> bool:
    """Whether *href*, on the page published at *base*, leads to Law *n*: its own page or its anchor."""
    if not href:
        return False
    to = urljoin("https://site.invalid/" + base, href)
    return bool(re.search(rf"^https://site\.invalid/laws/{n}/(index\.html)?$|#law-{n}$", to))


def unlinked(page_html: str, base: str = "") -> list[str]:
    """Each reference to a law in the running text of a built page (published at *base*: "laws/",
    "foster/laws/") whose numbers are not each a link to that law, as "the words around it (what is
    wrong)".

    >>> unlinked('<article class="md-content__inner"><p>(See Law 74.)</p><h2>Law 3</h2></article>')
    ['(See Law 74.) (74 is not a link)']
    >>> unlinked('<article class="md-content__inner"><p>See Laws <a href="../laws/3/">3</a> to '
    ...          '<a href="../laws/6/">5</a>.</p><pre>Law 9</pre></article>')
    ['See Laws 3 to 5. (5 links to ../laws/6/)']
    >>> unlinked('<article class="md-content__inner"><p>Law <a href="#law-19">19</a>; '
    ...          '<a href="../laws/20/">Law 20</a>; Law <a href="22/">21</a></p></article>', "laws/")
    ['Law 19; Law 20; Law 21 (21 links to 22/)']
    """
    root = lxml_html.fromstring(page_html)
    articles = root.xpath('//article[contains(concat(" ", @class, " "), " md-content__inner ")]')
    found = []
    for article in articles:
        pieces: list[tuple[str, str | None, bool]] = []
        _pieces(article, None, False, pieces)
        text = "".join(p[0] for p in pieces)
        owner = []  # for each character of text: its piece
        for i, (t, _, _) in enumerate(pieces):
            owner.extend([i] * len(t))
        for m in LAW_REF.finditer(text):
            if any(pieces[owner[k]][2] for k in range(m.start(), m.end())):
                continue  # outside the running text
            for num in re.finditer(r"\d+", m[3]):
                at = m.start(3) + num.start()
                n = int(num[0])
                hrefs = {pieces[owner[k]][1] for k in range(at, at + len(num[0]))}
                href = hrefs.pop() if len(hrefs) == 1 else None
                if not _leads_to(href, n, base):
                    before = text[max(0, m.start() - 40):m.start()].rsplit(BREAK, 1)[-1]
                    after = text[m.end():m.end() + 20].split(BREAK, 1)[0]
                    context = before + m[0] + after
                    why = f"{n} is not a link" if href is None else f"{n} links to {href}"
                    found.append(f"{' '.join(context.split())} ({why})")
    return found


def test_every_reference_to_a_law_in_the_running_text_of_every_page_links_to_that_law(built_site: Path):
    problems = {}
    pages = sorted(built_site.rglob("*.html"))
    for page in pages:
        wrong = unlinked(page.read_text(encoding="utf-8"), page.parent.relative_to(built_site).as_posix() + "/")
        if wrong:
            problems[str(page.relative_to(built_site))] = wrong
    assert problems == {}
    assert len(pages) > 100  # every page: the laws' own pages alone are 77


def test_the_references_that_were_plain_text_are_links_now(built_site: Path):
    """Law 71's "(See Law 74.)" on the pages that quote the law's words; the reasons, notes and
    comparisons that name a law; a version's laws as they stood."""
    def read(path):
        return html.unescape((built_site / path / "index.html").read_text(encoding="utf-8"))
    assert 'to the table. (See Law <a href="../laws/74/">74</a>.)' in read("house-rules")
    assert 'to the table. (See Law <a href="../../../laws/74/">74</a>.)' in read("edition/versions/1.0")
    assert '<strong><a href="../../../laws/71/">Law 71</a>.</strong>' in read("edition/versions/1.0")
    assert 'Foster (Law <a href="../laws/28/">28</a>) and Keller' in read("concordance")
    assert 'A reference to Laws <a href="../laws/3/">3</a> to <a href="../laws/6/">6</a>.' in read("figures")
    assert 'Written into Laws <a href="../laws/7/">7</a> and <a href="../laws/27/">27</a>.' in read("house-rules")
