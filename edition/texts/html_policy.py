"""One HTML policy for every string of content/: rendered as the site renders Markdown, then judged by a
sanitizer against an allowlist. Nothing is stripped: a string whose HTML the sanitizer would change is
refused, at its line, naming what it holds.

Content is text. Its Markdown may make paragraphs, emphasis, lists, quotations, headings, tables,
definition lists and code; and links:

- the **author's text** (a reading text, its laws, the notes inside it) links only to the site's own
  pages (a relative address): it is what the author printed, and an outside page can change or vanish
  under a citation that names the edition's version, so a law never links out;
- the **editors' prose** in the data files (glossary notes, the concordance's sentences, commentary,
  verdicts' reasons, findings ...) may also link to a plain ``https:`` address, which the site marks
  as external (``edition.css``: an arrow after it, and the words "(external)" for screen readers).

No raw HTML (a tag, a comment), no attribute list (``{: onclick=… }``), no image, no ``javascript:``,
``data:`` or ``http:`` address. An attribute list is refused wherever it stands in a string, whether or
not it applies to the string alone (``ATTRIBUTE_LIST``): a title ending ``*{: onclick=… }`` makes only text
by itself, and an attribute on the emphasis of a template that sets it between ``*`` and ``*``. The
templates escape every value for where it lands (edition/framework/templating.py), and the pages the
edition makes are judged whole after they are rendered (``page_problems``), so that pieces safe
alone cannot combine into HTML the policy refuses. The sanitizer (``nh3``, the Rust ``ammonia`` library) keeps only the
allowlist below, and the HTML it returns is compared, tag by tag and attribute by attribute, with the
HTML the string made. The Markdown extensions are the site's (mkdocs.yml, ``markdown_extensions``:
a test holds the two lists equal), without the table of contents' permalinks, which the page adds.

>>> problem("a [link](javascript:alert(1)) here", editors=True)
'a link to javascript:alert(1)'
>>> problem("See [Law 19](../laws/19/) and *kitty*.", editors=False) is None
True
>>> problem("See [the rules](https://example.org/rules).", editors=False)
'a link to another site (https://example.org/rules)'
"""
from __future__ import annotations

import re
from functools import cache
from html import unescape
from html.parser import HTMLParser

import markdown
import nh3

from .errors import EditionError

#: The site's Markdown extensions (mkdocs.yml), and their settings.
EXTENSIONS = ["attr_list", "def_list", "md_in_html", "tables", "smarty", "admonition",
              "pymdownx.details", "pymdownx.superfences"]
EXTENSION_CONFIGS = {"smarty": {"smart_angled_quotes": False}}

#: What Markdown may make of content: the allowlist.
TAGS = {"p", "em", "strong", "a", "code", "pre", "ul", "ol", "li", "blockquote", "h1", "h2", "h3", "h4", "h5",
        "h6", "table", "thead", "tbody", "tr", "th", "td", "br", "hr", "dl", "dt", "dd"}
ATTRIBUTES = {"a": {"href", "title"}, "th": {"style"}, "td": {"style"}}
STYLE = {"text-align"}  # a table column's alignment, which Markdown writes as a style

#: An attribute list as Markdown's attr_list reads one: ``{: …}``, or braces opening on an id (``{ #x }``),
#: a class (``{.x}``) or a key and value (``{ onclick=x }``); closed or not (a template's own closing
#: brace after the string would close it). (The edition's markup, ``{law 12}``, ``{note: …}``,
#: ``{lacuna}``, opens on a word: not one of these.)
ATTRIBUTE_LIST = re.compile(r"\{:[^}\n]*\}?|\{[ \t]*(?:[#.][\w-]|[\w:-]+[ \t]*=)[^}\n]*\}?")

#: A string is rendered only if it holds a character that can make more than text and emphasis: a
#: tag or an autolink (<), a link or an image ([), an attribute list ({). The others cannot make a
#: link, an image, an attribute or raw HTML (Python-Markdown links no bare address).
_MAY_MARK_UP = re.compile(r"[<\[{]")


@cache
def _markdown() -> markdown.Markdown:
    return markdown.Markdown(extensions=EXTENSIONS, extension_configs=EXTENSION_CONFIGS)


def render(text: str) -> str:
    """The HTML the site makes of *text* (a Markdown string of content)."""
    md = _markdown()
    md.reset()
    return md.convert(text)


def clean(html: str) -> str:
    """What the sanitizer keeps of *html*: the allowlist's tags and attributes, https: and relative links."""
    return nh3.clean(html, tags=TAGS, attributes=ATTRIBUTES, url_schemes={"https"}, link_rel=None,
                     strip_comments=True, filter_style_properties=STYLE)


#: What an HTML parser reads as the start of markup wherever it stands, though Markdown alone would show it
#: as text: a comment or declaration (<!), a processing instruction (<?), an end tag (</), a character
#: reference left unfinished (&#), and a start tag the text leaves open at its end (``<a``: the page's next
#: words and markup would become its attributes). Set beside a template's own HTML (a raw HTML block of a
#: page), it would swallow what follows; content never needs them.
HALF_MARKUP = re.compile(r"<[!?/]|&#(?![0-9]+;|[xX][0-9a-fA-F]+;)|<[A-Za-z][^>]*\Z")


def problem(text: str, editors: bool) -> str | None:
    """What the HTML policy refuses in the Markdown string *text*, in words, or None.

    *editors*: the editors' prose of a data file, which may link to an https: address; the author's
    text may not.

    >>> problem("a <! b", editors=True), problem("x &# y", editors=True)
    ('markup that HTML reads as such wherever it stands (<!)', 'markup that HTML reads as such wherever it stands (&#)')
    >>> problem("a start tag left open <a", editors=True)
    'markup that HTML reads as such wherever it stands (<a)'
    """
    found = _made_markup(text, editors)
    if found is None and HALF_MARKUP.search(text):
        return f"markup that HTML reads as such wherever it stands ({_short(HALF_MARKUP.search(text)[0])})"
    return found


def _made_markup(text: str, editors: bool) -> str | None:
    """What the Markdown string *text* makes that the policy refuses, rendered alone."""
    if not _MAY_MARK_UP.search(text):
        return None
    listed = ATTRIBUTE_LIST.search(text)
    if listed:
        return f"an attribute list ({_short(listed[0])})"
    html = render(text)
    made, kept = _events(html), _events(clean(html))
    if made != kept:
        return _first_difference(made, kept)
    if not editors:
        for kind, tag, attrs in made:
            href = dict(attrs).get("href", "") if kind == "start" and tag == "a" else ""
            if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:|//", href):
                return f"a link to another site ({href})"
    return None


def _events(html: str) -> list[tuple]:
    """HTML as a list of (kind, tag or text, sorted attributes): two serialisations of the same HTML
    (entities, quoting, a style's spaces, <br> or <br />) are the same list.

    HTML written plainly (``_plain_events``: every page the site renders, and what the sanitizer returns)
    is read by one regular expression; any other, by Python's HTML parser, whose events these are."""
    events = _plain_events(html)
    return _parsed_events(html) if events is None else events


def _parsed_events(html: str) -> list[tuple]:
    """``_events`` of any HTML, read by Python's HTML parser."""
    parser = _Events()
    parser.feed(html)
    parser.close()
    return parser.events


_VOID = {"br", "hr", "input", "img", "wbr", "col", "area", "source", "track", "meta", "link", "base", "embed"}

#: A tag written plainly: a start tag (lower-case name, each attribute after one space, its value in double
#: quotes, without < or >; `` /`` or ``/`` before the end), or an end tag with nothing but its name.
_PLAIN_TAG = re.compile(r'<([a-z][a-z0-9]*)((?: [a-z_:][a-z0-9_:.-]*(?:="[^"<>]*")?)*)( ?/)?>|</([a-z][a-z0-9]*)>')
_PLAIN_ATTRIBUTE = re.compile(r' ([a-z_:][a-z0-9_:.-]*)(?:="([^"<>]*)")?')


def _plain_events(html: str) -> list[tuple] | None:
    """``_events`` of *html*, or None where it is not written plainly: where a "<" begins no plain tag
    (``_PLAIN_TAG``: a comment, a declaration, an upper-case name, an unquoted attribute ...) or a tag
    names an element not in ``_PLAIN_ELEMENTS``. HTML written plainly gives the events Python's parser
    gives (tests/edition/test_html_policy.py compares the two on every page of the site), with one
    regular expression instead of the parser's loop."""
    events: list[tuple] = []
    at = 0
    for tag in _PLAIN_TAG.finditer(html):
        if not _add_text(events, html[at:tag.start()]):
            return None
        at = tag.end()
        name, attributes, closed, end = tag.groups()
        if end is not None:
            if end not in _VOID:
                events.append(("end", end, ()))
        elif name not in _PLAIN_ELEMENTS:
            return None
        else:
            events.append(("start", name, _attributes(attributes) if attributes else ()))
            if closed and name not in _VOID:  # <span/>: the parser starts and ends it
                events.append(("end", name, ()))
    return events if _add_text(events, html[at:]) else None


def _add_text(events: list[tuple], text: str) -> bool:
    """The text between two plain tags added to *events* as the parser reads it (its character references
    resolved, its spaces collapsed; none if blank); False if it holds a "<" (markup not written plainly)."""
    if "<" in text:
        return False
    if text and not text.isspace():
        words = unescape(text).split()
        if words:
            events.append(("text", " ".join(words), ()))
    return True


def _attributes(written: str) -> tuple:
    """A plain tag's attributes as ``_Events`` keeps them: sorted, their values' references resolved."""
    return tuple(sorted((k, _attribute_value(k, unescape(v) if "&" in v else v))
                        for k, v in _PLAIN_ATTRIBUTE.findall(written)))


def _attribute_value(name: str, value: str) -> str:
    """An attribute's value as compared: a style without its spaces and semicolons."""
    return re.sub(r"[\s;]+", "", value) if name == "style" else value


class _Events(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.events: list[tuple] = []

    def handle_starttag(self, tag, attrs):
        norm = tuple(sorted((k, _attribute_value(k, v or "")) for k, v in attrs))
        self.events.append(("start", tag, norm))

    def handle_endtag(self, tag):
        if tag not in _VOID:  # </br>, which a browser reads as <br>, and the sanitizer writes so
            self.events.append(("end", tag, ()))

    def handle_data(self, data):
        if data.strip():
            self.events.append(("text", " ".join(data.split()), ()))

    def handle_comment(self, data):
        self.events.append(("comment", data, ()))

    def handle_decl(self, decl):
        self.events.append(("decl", decl, ()))

    def handle_pi(self, data):
        self.events.append(("pi", data, ()))

    def unknown_decl(self, data):
        self.events.append(("decl", data, ()))


def _first_difference(made: list[tuple], kept: list[tuple]) -> str:
    """The first thing the sanitizer took out, in words: an element, an attribute, a comment (text runs
    join where an element was taken out, so the elements are compared first, then the words)."""
    words_made = " ".join(t for k, t, _ in made if k == "text").split()
    words_kept = " ".join(t for k, t, _ in kept if k == "text").split()
    made = [e for e in made if e[0] != "text"]
    kept = [e for e in kept if e[0] != "text"]
    if made == kept and words_made != words_kept:
        lost = next((w for w in words_made if w not in words_kept), "")
        return f"HTML the sanitizer removes with its text ({_short(lost)})"
    kept_iter = iter(kept)
    pending = next(kept_iter, None)
    for event in made:
        if event == pending:
            pending = next(kept_iter, None)
            continue
        kind, tag, attrs = event
        if kind == "start" and pending is not None and pending[0] == "start" and pending[1] == tag:
            lost = [(k, v) for k, v in attrs if (k, v) not in pending[2]]
            if lost:
                name, value = lost[0]
                if name == "href":
                    return f"a link to {_short(value)}"
                if name == "src":
                    return f"an image from {_short(value)}"
                return f"an attribute {name}={_short(value)!r} on <{tag}>"
        if kind == "start" and tag == "img":
            src = dict(attrs).get("src", "")
            return f"an image (<img>{' from ' + _short(src) if src else ''})"
        if kind == "start":
            return f"an HTML element <{tag}>"
        if kind == "comment":
            return "an HTML comment"
        if kind in ("decl", "pi"):
            return "an HTML declaration"
    return "HTML the sanitizer changes"


#: What the edition's templates and its writer add to a page beside what content may make (TAGS,
#: ATTRIBUTES): the elements and attributes of the pages' own markup (its marks, Cite boxes, forms,
#: apparatus), with ``data-*`` and ``aria-*`` on any element. A page is judged whole against this list
#: after it is rendered (``page_problems``): no event handler (``on…``), no style but a table column's
#: alignment, no element or attribute the list does not name, no address but a relative one or an
#: ``http(s):`` one (the site's own address may be http: under ``make serve``), no script but the site's
#: own files.
PAGE_TAGS = TAGS | {"aside", "b", "button", "del", "details", "div", "fieldset", "form", "i", "input", "ins", "label",
                    "legend", "nav", "section", "span", "summary", "sup"}
PAGE_ATTRIBUTES = {
    "*": {"class", "id", "title", "role", "hidden", "tabindex", "lang"},
    "a": {"href", "title", "download"}, "button": {"type"}, "form": {"action", "method"}, "label": {"for"},
    "input": {"autocomplete", "checked", "id", "inputmode", "max", "maxlength", "min", "name", "placeholder",
              "readonly", "required", "type", "value"},
    "ol": {"type"}, "th": {"style", "scope"}, "td": {"style"},
}
#: The elements ``_plain_events`` reads: the page allowlist's and the void ones, none whose content the parser
#: reads as raw text (script, style, textarea ...). A page naming another element is refused (PAGE_TAGS), by
#: the parser's reading.
_PLAIN_ELEMENTS = frozenset(PAGE_TAGS | _VOID)
#: The one script element a page of the edition may hold: one of the site's own files, loaded by address.
_OWN_SCRIPT = re.compile(r'<script src="(?:\.\./)*assets/[\w.-]+\.js"></script>')


def page_clean(html: str) -> str:
    """What the sanitizer keeps of a whole page's HTML: the page allowlist (PAGE_TAGS, PAGE_ATTRIBUTES)."""
    return nh3.clean(html, tags=PAGE_TAGS, attributes=PAGE_ATTRIBUTES, url_schemes={"https", "http"},
                     link_rel=None, strip_comments=True, filter_style_properties=STYLE,
                     generic_attribute_prefixes={"data-", "aria-"})


def page_problem(html: str) -> str | None:
    """What the HTML policy refuses in a page the edition rendered (its content's HTML: the Markdown of
    its template, its values and its texts, as MkDocs rendered it), in words, or None: so that pieces
    safe alone (a value, a template's markup) cannot combine into HTML the policy refuses.

    >>> page_problem('<p class="law"><a href="../laws/19/" data-term="x">19</a></p>') is None
    True
    >>> page_problem('<p><em onclick="alert(1)">Practical Poker</em>*</p>')
    "an attribute onclick='alert(1)' on <em>"
    """
    html = _OWN_SCRIPT.sub("", html)
    made, kept = _events(html), _events(page_clean(html))
    return _first_difference(made, kept) if made != kept else None


PAGE_ADVICE = ("the page's template sets a value where it is not escaped for its place, or a content string combines "
               "with the template's markup: escape the value with the filter of its context (edition/framework/"
               "templating.py), or rewrite the string (content/EDITING.md, 'The HTML policy')")


def page_errors(pages: dict[str, str], locate) -> list[EditionError]:
    """The pages (address -> its content's HTML, as rendered) whose HTML the policy refuses (``page_problem``):
    one error a cause, at the file and line that writes what was refused (*locate*: the text and the page's
    address -> (file, line) or None), or at the page.

    >>> for e in page_errors({"a.md": "<p><em onclick=x>A</em></p>", "b.md": "<p>fine</p>"}, lambda t, a: None):
    ...     print(e)  # doctest: +ELLIPSIS
    a.md: the page, as rendered, holds an attribute onclick='x' on <em>, which the HTML policy refuses. What to do: ...
    """
    found: dict[tuple, EditionError] = {}
    for address, html in sorted(pages.items()):
        what = page_problem(html)
        if what is None:
            continue
        place = locate(needle(what), address)
        if place is None:
            found.setdefault((address, what), EditionError(address, None, f"the page, as rendered, holds {what}, "
                                                           "which the HTML policy refuses", PAGE_ADVICE))
        else:
            found.setdefault((*place, what), EditionError(place[0], place[1], f"{what} on the page {address} as "
                                                          "rendered, which the HTML policy refuses", PAGE_ADVICE))
    return list(found.values())


def needle(what: str) -> str:
    """What to look for in the source to find the line of a refusal (*what*, as ``problem`` says it).

    >>> needle("a link to another site (https://e.org/x)"), needle("an attribute onclick='x' on <p>")
    ('https://e.org/x', 'onclick')
    >>> needle("an attribute list ({: onclick=x })")
    '{: onclick=x }'

    """
    for pattern in (r"^an attribute list \((.+)\)$", r"^a link to another site \((.+)\)$", r"^a link to (.+)$",
                    r"^an image \(<img> from (.+)\)$",
                    r"^an image from (.+)$", r"^an attribute (\w[\w-]*)=", r"^an image", r"<(\w+)>"):
        m = re.search(pattern, what)
        if m and pattern == r"^an image":
            return "!["
        if m:
            found = m[1].rstrip("…")
            return f"<{found}" if pattern == r"<(\w+)>" else found
    return "<"


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "…"


ADVICE = {
    True: "write text and Markdown only: no HTML, no attribute list ({: … }), no image; link to a page of this "
          "site (a relative address) or to an https: address (content/EDITING.md, 'The HTML policy')",
    False: "write the author's text and Markdown only: no HTML, no attribute list ({: … }), no image; a link "
           "only to a page of this site (a relative address), never to another site: a reference goes in the "
           "editors' prose (content/EDITING.md, 'The HTML policy')",
}
