"""One HTML policy for every string of content/ (edition/texts/html_policy.py): rendered as the site
renders Markdown, judged by the sanitizer, refused (never stripped) with what was refused."""
from __future__ import annotations

import pytest
import yaml

from edition.texts.html_policy import EXTENSIONS, problem
from tests.helpers import ROOT


@pytest.mark.parametrize("text, what", [
    ("[see](javascript:alert(1))", "a link to javascript:alert(1)"),
    ("[see](JaVaScRiPt:alert(1))", "a link to JaVaScRiPt:alert(1)"),
    ("[see](data:text/html,hi)", "a link to data:text/html,hi"),
    ("see <http://example.org/>", "a link to http://example.org/"),
    ("Watch.\n{: onclick=alert(1) }", "an attribute onclick='alert(1)' on <p>"),
    ("## Title ![x](https://evil.example/x.png)", "an image (<img> from https://evil.example/x.png)"),
    ("a <img/src=x onerror=alert(1)> b", "an image (<img> from x)"),
    ("a <img\nsrc=x onerror=alert(1)> b", "an image (<img> from x)"),
    ("<script>alert(1)</script>", "an HTML element <script>"),
    ("a <!-- hidden --> b", "an HTML comment"),
    ("a <b>bold</b>", "an HTML element <b>"),
    ("x {: .cls } \n\ny\n{: #id .c }", "an attribute class='c' on <p>"),
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
