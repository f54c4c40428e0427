"""A situation's page as its template writes it (templates/pages/situations/situation.md.j2): every value
escaped for the place it lands, whatever a question or a law holds (quotation marks, angle brackets,
ampersands, Markdown's own signs)."""
from __future__ import annotations

import markdown
import yaml

from edition.framework.templating import render_page

AWKWARD = 'What if he says "I\'m *out*" <b>& drops</b> [his] cards?'


def situation(**changes) -> dict:
    data = {
        "uri": "situations/x.md", "slug": "x", "question": AWKWARD, "happened": 'He said "out" & <left>',
        "asked": ['"all in" <b>'], "url": "https://e.org/situations/x/",
        "phase": {"title": "The draw", "link": "../what-happened/draw.md"},
        "guide": "../what-happened.md", "list": "../situations.md#x",
        "law": {"number": 7, "title": "Law 7 — Limits", "opening": 'He says "stop" <b>',
                "link": "../laws/7.md", "words": 'Any player who says "I pass" <b>& more</b> (See Law 74.)',
                "decides": 'says "I pass" <b>& more</b>', "whole": False, "cut_before": True, "cut_after": True,
                "described": 'says "I pass" <b>& more</b>'},
        "answer": [], "answer_source": None, "when": [], "more_laws": [], "authorities": [], "points": [],
        "concordance": "../concordance.md", "terms": [],
        "source": {"author": "Foster", "title": "Laws of Poker", "year": 1905},
        "cite": {"summary": "Cite this situation", "citation": AWKWARD + " In: the edition.",
                 "formats": [{"key": "bibtex", "name": "BibTeX", "text": 'title = {' + AWKWARD + '}'}],
                 "cite_version": None},
    }
    data.update(changes)
    return data


def test_the_front_matter_reads_back_as_the_question_and_the_law_whatever_they_hold():
    md = render_page("situations/situation.md.j2", **situation())
    front = yaml.safe_load(md.split("---\n")[1])
    curled = 'What if he says “I’m *out*” <b>& drops</b> [his] cards?'  # the typography policy's quotes
    assert front["title"] == curled + " — Law 7"
    assert front["description"] == curled + ' Law 7 of Foster’s Laws of Poker (1905): “says ‘I pass’ <b>& more</b>”'


def test_the_ruling_to_share_is_escaped_text_never_markup():
    md = render_page("situations/situation.md.j2", **situation())
    share = md.split('<pre class="share-text">', 1)[1].split("</pre>", 1)[0]
    assert share == ("What if he says “I’m *out*” &lt;b&gt;&amp; drops&lt;/b&gt; [his] cards?\n"
                     "“…says ‘I pass’ &lt;b&gt;&amp; more&lt;/b&gt;…”\n"
                     "— Foster’s Laws of Poker (1905), Law 7\n"
                     "https://e.org/situations/x/")
    page = markdown.markdown(md.split("---\n", 2)[2], extensions=["attr_list", "md_in_html"])
    assert "<b>" not in page  # nowhere on the page is a value taken for HTML
    assert "(See Law [74](../laws/74.md).)" in md  # a reference in the law's words is a link


def test_a_question_two_laws_answer_says_which_applies_when_on_the_page_and_in_the_ruling_to_share():
    when = [{"number": 20, "opening": "Any hand of more or less than five cards…", "link": "../laws/20.md",
             "title": "", "condition": "if he has not lifted or looked at it"},
            {"number": 24, "opening": "If one player finds he has six cards,…", "link": "../laws/24.md",
             "title": "", "condition": "if he has lifted or looked at it"}]
    md = render_page("situations/situation.md.j2", **situation(when=when))
    assert ("## Which law applies when { #which-law }\n\n"
            "- [Law 20](../laws/20.md) if he has not lifted or looked at it.\n"
            "- [Law 24](../laws/24.md) if he has lifted or looked at it.\n") in md
    share = md.split('<pre class="share-text">', 1)[1].split("</pre>", 1)[0].split("\n")
    assert share[-2:] == ["Which law applies: Law 20 if he has not lifted or looked at it; Law 24 if he has lifted "
                          "or looked at it.", "https://e.org/situations/x/"]
