"""One HTML policy for every string of content/ (edition/texts/html_policy.py): rendered as the site
renders Markdown, judged by the sanitizer, refused (never stripped) with what was refused."""
from __future__ import annotations

import re

import pytest
import yaml

from edition.texts.html_policy import (
    EXTENSIONS,
    _parsed_events,
    _plain_events,
    page_clean,
    page_errors,
    page_problem,
    problem,
    render,
)
from tests.helpers import ROOT


@pytest.mark.parametrize("text, what", [
    ("[see](javascript:alert(1))", "a link to javascript:alert(1)"),
    ("[see](JaVaScRiPt:alert(1))", "a link to JaVaScRiPt:alert(1)"),
    ("[see](data:text/html,hi)", "a link to data:text/html,hi"),
    ("see <http://example.org/>", "a link to http://example.org/"),
    ("Watch.\n{: onclick=alert(1) }", "an attribute list ({: onclick=alert(1) })"),
    ("## Title ![x](https://evil.example/x.png)", "an image (<img> from https://evil.example/x.png)"),
    ("a <img/src=x onerror=alert(1)> b", "an image (<img> from x)"),
    ("a <img\nsrc=x onerror=alert(1)> b", "an image (<img> from x)"),
    ("<script>alert(1)</script>", "an HTML element <script>"),
    ("a <!-- hidden --> b", "an HTML comment"),
    ("a <b>bold</b>", "an HTML element <b>"),
    ("x {: .cls } \n\ny\n{: #id .c }", "an attribute list ({: .cls })"),
    # An attribute list is refused wherever it stands, though alone it makes only text: set after a
    # template's own markup it would apply (a title ending "*{: …}" between the template's "*" and "*").
    ("Practical Poker*{: onclick=alert(1)}", "an attribute list ({: onclick=alert(1)})"),
    ("Poker{ onclick=alert(1) }", "an attribute list ({ onclick=alert(1) })"),
    ("Poker {.law-head}", "an attribute list ({.law-head})"),
])
def test_what_the_policy_refuses_is_named(text, what):
    assert problem(text, editors=True) == what


@pytest.mark.parametrize("text", [
    "Plain words, *italics*, **bold**, “quotes” & ampersands, 2½ to 1.",
    "- a list\n- of two",
    "| a | b |\n|:--|--:|\n| 1 | 2 |",
    "See [Law 19](../laws/19/) and [the glossary](../glossary/#kitty).",
    "Term\n:   its definition",
    "A sum, [sic], in brackets; {no markup} in braces",
    "The edition's markup quoted: {lacuna}, {sic: 2 to 1 | a note}, {note: a = b}",
])
def test_text_and_markdown_pass_for_the_author_and_the_editors(text):
    assert (problem(text, editors=False), problem(text, editors=True)) == (None, None)


def test_an_https_link_is_allowed_to_the_editors_and_refused_in_the_authors_text():
    text = "See [the rules](https://example.org/rules)."
    assert problem(text, editors=True) is None
    assert problem(text, editors=False) == "a link to another site (https://example.org/rules)"
    assert problem("See [x](//example.org/x).", editors=False) == "a link to another site (//example.org/x)"


def test_the_policy_renders_with_the_sites_markdown_extensions():
    class Loader(yaml.SafeLoader):
        pass
    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)  # !ENV and the like
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)  # noqa: S506
    names = [e if isinstance(e, str) else next(iter(e)) for e in config["markdown_extensions"]]
    assert [n for n in names if n != "toc"] == EXTENSIONS  # toc's ids and permalinks are the page's own


@pytest.mark.parametrize("markdown, what", [
    # A title safe alone (no attribute list) set by a template between "*" and "*" that it closes itself.
    ("*Practical Poker*{: onclick=alert(1) }*", "an attribute onclick='alert(1)' on <em>"),
    ('<span class="x" title="a" onmouseover="alert(1)">b</span>', "an attribute onmouseover='alert(1)' on <span>"),
    ("[x](javascript:alert(1))", "a link to javascript:alert(1)"),
    ('<script>alert(1)</script>', "an HTML element <script>"),
    ('<iframe src="https://e.org/"></iframe>', "an HTML element <iframe>"),
    ('<p style="color: red">x</p>', "an attribute style='color:red' on <p>"),
])
def test_a_page_is_judged_whole_so_that_safe_pieces_cannot_combine_into_unsafe_html(markdown, what):
    assert page_problem(render(markdown)) == what


def test_the_pages_own_markup_passes_the_page_policy():
    html = render('''<div class="law-meta" data-search-exclude markdown>

<details class="cite"><summary>Cite Law 19</summary><p class="citation">Foster</p></details>

</div>

<p class="hr-option"><input type="radio" id="hr-a-b" name="a" value="b" data-text="x" checked>
<label for="hr-a-b">B</label></p>
<span class="claim claim-exact" id="claim-c1" title="Printed">4 to 1<sup class="verdict" role="img"
aria-label="exact">✓</sup></span>
<script src="../assets/house-rules.js"></script>

| a | b |
|:--|--:|
| 1 | [2](../laws/19/#law-19 "Law 19") |
''')
    assert page_problem(html) is None
    assert page_problem('<script src="https://e.org/x.js"></script>') == "an HTML element <script>"


def test_a_page_refused_is_named_at_the_line_of_content_that_writes_what_was_refused():
    pages = {"foster/laws.md": "<p><em onclick=x>A</em></p>", "laws/19.md": "<p><em onclick=x>A</em></p>",
             "glossary.md": "<p>fine</p>"}
    found = page_errors(pages, lambda text, page: ("content/works.yml", 16) if text == "onclick" else None)
    assert [str(e).split(". What to do")[0] for e in found] == [
        "content/works.yml:16: an attribute onclick='x' on <em> on the page foster/laws.md as rendered, which the "
        "HTML policy refuses"]


def test_a_refusal_on_a_hand_written_page_is_named_in_that_page_not_in_the_editors_guide(tmp_path):
    from edition.texts.files import written_where
    (tmp_path / "content" / "texts").mkdir(parents=True)
    (tmp_path / "content" / "EDITING.md").write_text("No <script> in content.\n", encoding="utf-8")
    (tmp_path / "content" / "texts" / "a.md").write_text("plain\n", encoding="utf-8")
    (tmp_path / "site_src" / "edition").mkdir(parents=True)
    (tmp_path / "site_src" / "edition" / "policy.md").write_text("# Policy\n\n<script>x</script>\n", encoding="utf-8")
    assert written_where(tmp_path, "<script", "edition/policy.md") == ("site_src/edition/policy.md", 3)
    assert written_where(tmp_path, "<script", "glossary.md") is None


@pytest.mark.parametrize("html", [
    '<p class="law" id="law-19">Law 19 &amp; &rsquo;s <em>kitty</em></p>',
    '<p>a<br>b<br />c<br/>d</p><hr><span/><div />',
    '<a href="../x/?a=1&amp;b=2" title="&quot;Ante&quot; &gt; 2" data-term>x</a>',
    '<th style="text-align: left;">a</th><td style="text-align:right">b</td>',
    '<input type="radio" checked name="a" value=""><label for="a">A</label>',
    '<p id="b" class="a" id="a">duplicated</p>',
    '<p>words   over\n lines &#8217; &#x2019; &nbsp; &amp</p>  \n ',
    '<ol type="a"><li>x</li></ol></p></br>',
    '<em onclick="alert(1)">x</em><b>y</b>',
    'a > b and c &lt; d',
    '',
])
def test_html_written_plainly_is_read_as_pythons_parser_reads_it(html):
    assert _plain_events(html) is not None
    assert _plain_events(html) == _parsed_events(html)


@pytest.mark.parametrize("html", [
    "a <!-- hidden --> b", "<!DOCTYPE html>", "<?pi x?>", "a < b", "a <3",
    "<script>alert('<p>')</script>", "<style>p{}</style>", "<textarea><p>x</p></textarea>", "<img src=x>",
    "<P>upper</P>", "<p class=x>unquoted</p>", "<p class='x'>single quotes</p>", '<p  class="x">two spaces</p>',
    '<p class="x"\n>a newline</p>', "</p class=x>", "<p", "text <a", '<a title="<b>">x</a>',
])
def test_html_not_written_plainly_is_left_to_pythons_parser(html):
    assert _plain_events(html) is None


def test_every_page_of_the_site_is_read_plainly_as_the_parser_reads_it(built_site):
    read = 0
    for path in sorted(built_site.rglob("*.html")):
        content = re.search(r'<article class="md-content__inner md-typeset">(.*)</article>',
                            path.read_text(encoding="utf-8"), re.S)
        for html in ([content[1], page_clean(content[1])] if content else []):
            events = _plain_events(html)
            if events is not None:
                assert events == _parsed_events(html), path
                read += 1
    assert read > 700  # the site's pages, and what the sanitizer keeps of them, are nearly all written plainly
