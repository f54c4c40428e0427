"""The prose of the generated pages: Jinja2 templates in templates/pages/, rendered to Markdown.

The code hands a template plain data (dataclasses, dicts, lists, strings, numbers); every word a
reader sees is in the template, so an editor rewords a sentence there without touching Python.
How a value is written out is a filter named for its policy (``thousands``, ``percent``, ``mixed``,
``cards``), applied in the template. Nothing here knows about MkDocs.

**Every value is escaped for where it lands, by default.** A template's name says what it makes
(``KINDS``), and that says how every value it sets is escaped unless the template chooses otherwise:

- a Markdown template (``*.md.j2``) writes each value as **text shown literally in Markdown**
  (``md_text``: no emphasis, link, attribute list, table cell or HTML can come of it);
- an HTML or XML template (``*.html.j2``, ``*.xhtml.j2``, ``*.xml.j2``, ``*.opf.j2``, ``*.atom.j2``)
  escapes each value for HTML and XML (Jinja's autoescape);
- a plain-text template (``*.txt.j2``: the citations' styles) escapes nothing: its output is text,
  escaped in its turn where it is set.
- a CSS template (``*.css.j2``: the PDFs' sheets) writes each value as a CSS string (``css_string``:
  quoted, nothing in it can end the string or the <style> element it is set in); a length or a name
  of the code's own is handed to it as written (Markup).

A value that lands elsewhere goes through the one filter of its context, which marks it as written
for it (``markupsafe.Markup``), so the default does not escape it again: ``| attr`` (an HTML
attribute in double quotes, or a Markdown link's title), ``| html_text`` (HTML element content),
``| yaml_str`` (a front-matter value), ``| tojson`` (JSON: the JSON-LD), ``| href`` (an address in a
link). A value that *is* Markdown already (the site writer's Markdown of a text, or a content string
the HTML policy judged: a note, a reason) is set by ``| markdown``: the template says so where it
sets it, and the built page is judged whole by the HTML policy (edition/texts/html_policy.py,
``page_problems``), so that Markdown set beside a template's own cannot make HTML the policy refuses.
A macro's output is written already (Markup). BibTeX and RIS are written by edition/model/cite.py,
each with its one escape. A template whose name says no kind stops the build.

Whitespace: ``trim_blocks`` and ``lstrip_blocks`` make a line holding only a ``{% tag %}`` vanish
from the output, so a template reads like the Markdown it makes; ``keep_trailing_newline`` keeps
the last newline of the file. An undefined name is an error (``StrictUndefined``), never a blank.
"""
from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

import jinja2
import jinja2.bccache
import markupsafe

from engine.cards import format_cards
from engine.idiom import mixed

from ..texts.addresses import law_page, published_link, rel_link
from ..texts.errors import EditionError
from ..texts.syntax import link_law_refs
from ..texts.typography import curl, nested
from .cache import Cache, code_digest, from_environment

#: The edition's page templates (beside the theme's overrides in templates/theme/).
TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "pages"

#: What a template makes, by the end of its name: how every value it sets is escaped by default.
KINDS = {".md.j2": "markdown", ".html.j2": "html", ".xhtml.j2": "html", ".xml.j2": "html", ".opf.j2": "html",
         ".atom.j2": "html", ".txt.j2": "text", ".css.j2": "css"}


@cache  # asked for each value a template sets: some 100,000 times a build, of a few dozen names
def kind(name: str) -> str:
    """What the template *name* makes ("markdown", "html", "text" or "css"); a name that says none is an error.

    >>> kind("blocks/notes.html.j2"), kind("cite/plain.txt.j2"), kind("glossary.md.j2")
    ('html', 'text', 'markdown')
    """
    found = next((k for suffix, k in KINDS.items() if str(name).endswith(suffix)), None)
    if found is None:
        raise EditionError(_shown(TEMPLATES / str(name)), None, "the template's name does not say what it makes",
                           f"end its name with one of {', '.join(KINDS)}: it says how every value the template "
                           "sets is escaped (edition/framework/templating.py)")
    return found


# Markdown's characters that make markup inline (emphasis, code, links, attribute lists, table cells,
# headings), each escaped by a backslash; &, < and > as HTML's entities. At the start of a value, what
# would begin a block there (a list, a quotation, a definition, a heading's underline, an admonition).
_MD_SPECIAL = re.compile(r"[\\`*_{}\[\]|#]")
_MD_BLOCK_START = re.compile(r"^(?:[-+:](?=\s)|[=-]+\s*$|[!?~]{3}|\d+[.)](?=\s))")


def md_text(text) -> markupsafe.Markup:
    r"""Text shown literally in Markdown, the default of a Markdown template: a table cell, a link's
    words, a heading, a sentence. Line breaks become spaces (a text set in a line is one line).

    >>> print(md_text('a *b* | [c] <d> {: onclick=x }'))
    a \*b\* \| \[c\] &lt;d&gt; \{: onclick=x \}
    >>> print(md_text("- 1. not a list"), md_text("1. nor this"), md_text("1.0"), md_text(": nor this"))
    \- 1. not a list 1\. nor this 1.0 &#58; nor this
    """
    if isinstance(text, markupsafe.Markup):  # written for where it lands already
        return text
    text = html.escape(re.sub(r"\s*\n\s*", " ", str(text)), quote=False)
    text = _MD_SPECIAL.sub(lambda m: "\\" + m[0], text)
    start = _MD_BLOCK_START.match(text)
    if start and text[0] in "-+!":  # escaped by a backslash, which Markdown takes away
        text = "\\" + text
    elif start and text[0].isdigit():  # 20\. (a number, not a list's)
        text = text[:start.end() - 1] + "\\" + text[start.end() - 1:]
    elif start:  # what a backslash does not escape in Markdown: as an entity
        text = f"&#{ord(text[0])};" + text[1:]
    return markupsafe.Markup(text)


md_escape = md_text  # its older name


def markdown(text) -> markupsafe.Markup:
    """A value that is Markdown already, set as it is: the site writer's Markdown of a text, or a content
    string the HTML policy judged (a note, a reason, a commentary's sentence). The template says so where
    it sets it; the built page is judged whole (edition/texts/html_policy.py, ``page_problems``)."""
    return markupsafe.Markup(str(text))


def _html_escape(text: str, quote: bool) -> str:
    """&, < and > (and with *quote* " and ') as HTML's entities, and a line break as one (&#10;): a line
    break inside the HTML of a Markdown page would end it there, and the rest be read as Markdown."""
    return html.escape(text, quote=quote).replace("\r", "&#13;").replace("\n", "&#10;")


def attr(text) -> markupsafe.Markup:
    r"""Text in an HTML attribute (double-quoted) or a Markdown link's title: &, <, >, " and ' escaped,
    a line break, and what Markdown reads before it reads the HTML round it (a table's |, a code span's
    backtick, a backslash, a link's brackets), as entities.

    >>> print(attr('a "b" | `c` \\ [d](e)'))
    a &quot;b&quot; &#124; &#96;c&#96; &#92; &#91;d&#93;(e)
    """
    text = html.unescape(str(text)) if isinstance(text, markupsafe.Markup) else str(text)
    return markupsafe.Markup(_IN_MARKDOWN.sub(lambda m: f"&#{ord(m[0])};", _html_escape(text, quote=True)))


_URL_UNSAFE = re.compile(r"""[\s"'<>()\[\]\\^`{|}]""")


#: The schemes an address the site links to may name; anything else before a colon is a relative address's.
_SCHEMES = ("https:", "http:", "mailto:")
#: A relative address whose first segment holds a colon (``page.md:x``) would be read as naming a scheme.
_SCHEME_LIKE = re.compile(r"[^/?#]*:")


def href(url) -> markupsafe.Markup:
    """An address set in a link, a Markdown link's (…) or an attribute's "…": what would end it or
    break out of it (white space, a quote, a bracket, a brace, a backslash) percent-encoded; a relative
    address whose first segment holds a colon written after ./, so that no browser reads a scheme in it;
    an ampersand written &amp; (what both Markdown and HTML read as one), so that it never begins a
    character reference with what follows it (``&#``).

    >>> print(href('https://e.org/a b/(x)"><b>'))
    https://e.org/a%20b/%28x%29%22%3E%3Cb%3E
    >>> print(href("concordance.md:"), href("javascript:alert(1)"), href("../laws/#law-1"), href("a.md&#x"))
    ./concordance.md: ./javascript:alert%281%29 ../laws/#law-1 a.md&amp;#x
    """
    text = str(url)
    if _SCHEME_LIKE.match(text) and not text.lower().startswith(_SCHEMES):
        text = "./" + text
    text = _URL_UNSAFE.sub(lambda m: "".join(f"%{b:02X}" for b in m[0].encode()), text)
    return markupsafe.Markup(text.replace("&", "&amp;"))


def thousands(n: int) -> str:
    """A whole number with thousands separators: 2598960 -> "2,598,960"."""
    return f"{n:,}"


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def number_word(n: int) -> str:
    """A small count in words, as prose writes it (a larger one in figures).

    >>> number_word(4), number_word(12), number_word(13)
    ('four', 'twelve', '13')
    """
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else thousands(n)


def percent(x, places: int = 1) -> str:
    """A chance as a percentage, without the sign: 0.1234 -> "12.3"."""
    return f"{100 * float(x):.{places}f}"


def fixed(x, places: int = 2) -> str:
    """A number with a fixed number of decimals (and thousands separators): 1234.5 -> "1,234.50"."""
    return f"{float(x):,.{places}f}"


def link_title(text) -> markupsafe.Markup:
    """Text in a Markdown link's title, [words](address "title"): Markdown reads it (as text shown
    literally, ``md_text``), and its double quotation marks would end it (&quot;).

    >>> print(link_title('Law 19: a "faced" card *here*'))
    Law 19: a &quot;faced&quot; card \\*here\\*
    """
    return markupsafe.Markup(str(md_text(text)).replace('"', "&quot;"))


title_attr = link_title  # its older name: a Markdown link's title


def anchor(text) -> markupsafe.Markup:
    """An id in a Markdown attribute list ({ #anchor }): only what an anchor is made of (letters, digits,
    - _ . :), anything else made a hyphen, so that no value can add an attribute to the list. (The
    edition's anchors are made so already: edition/texts/addresses.py; the schemas hold the slugs.)

    >>> print(anchor("law-19"), anchor('x" onclick=y'))
    law-19 x--onclick-y
    """
    return markupsafe.Markup(re.sub(r"[^\w.:-]", "-", str(text)))


#: In a Markdown page, what Markdown reads in the text inside its HTML (an inline element's text is
#: Markdown: emphasis, links, code, attribute lists, table cells), written as entities: a browser shows
#: the character, Markdown reads none.
_IN_MARKDOWN = re.compile(r"[\\`*_\[\]{}|]")


@jinja2.pass_context
def html_text(context, text: str, quote: bool = False) -> str:
    """Text set in HTML, its <, > and & escaped (and its quotes, with quote=True; and a line break): in an
    HTML or a Markdown template, whose values are escaped by default, it is marked as escaped already. In
    a Markdown template, what Markdown would read in the text of an inline element is written as entities
    too (a * would make emphasis inside a <span> in a paragraph).

    >>> env = jinja2.Environment()
    >>> print(html_text(env.from_string("").new_context(), "a <b> & *c*"))
    a &lt;b&gt; &amp; *c*
    """
    escaped = _html_escape(str(text), quote=quote)
    if context.name is not None and kind(context.name) == "markdown":
        escaped = _IN_MARKDOWN.sub(lambda m: f"&#{ord(m[0])};", escaped)
    return markupsafe.Markup(escaped) if context.eval_ctx.autoescape else escaped


def yaml_str(text) -> markupsafe.Markup:
    r"""Text as a double-quoted YAML string, for front matter: title: "Law 12". Every character YAML
    would read otherwise is escaped (a quote, a backslash, a control, a line break).

    >>> print(yaml_str('A "quoted" \\ title\n'))
    "A \"quoted\" \\ title\n"
    """
    out = []
    for ch in str(text):
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F or ch in "\u2028\u2029" or 0xD800 <= ord(ch) <= 0xDFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return markupsafe.Markup('"' + "".join(out) + '"')


def capital(text: str) -> str:
    """The first letter a capital, the rest as written ("machine OCR" -> "Machine OCR"; Jinja's
    own capitalize would lower the rest)."""
    text = str(text)
    return text[:1].upper() + text[1:]


def code(text) -> markupsafe.Markup:
    """Text shown as code in Markdown (a code span: its text is literal, so it is not escaped; a backtick
    in it lengthens the fence, so that it cannot end the code).

    >>> print(code("a*b"), code("x`y"))
    `a*b` `` x`y ``
    """
    text = re.sub(r"\s*\n\s*", " ", str(text))
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    pad = " " if "`" in text else ""
    return markupsafe.Markup(f"{fence}{pad}{text}{pad}{fence}")


def code_cell(text) -> markupsafe.Markup:
    """Text shown as code in a Markdown table cell: a code span, its pipes escaped (the table's own
    escape, which the table takes away).

    >>> print(code_cell("a|b"))
    `a\\|b`
    """
    return markupsafe.Markup(str(code(text)).replace("|", "\\|"))


def cards(hand) -> str:
    """Cards with their suit symbols: "J♠ J♥ 7♦"."""
    return format_cards(hand, "symbol")


# "witness line 557", "witness 000, line 2123" in an editorial note: a line of a verbatim witness.
_WITNESS_LINE = re.compile(r"witness (?:(\d{3}), )?line (\d+)")


@jinja2.pass_eval_context
def witness_lines(eval_ctx, text: str, parts: dict[str, list], witness: str) -> str:
    """HTML text with each "witness line N" (or "witness 000, line N") linked to that line of the
    verbatim witness, on the page of its part that shows it; *parts* gives each witness's parts as
    [first line, last line, the part's address from this page], *witness* the id meant when none
    is named.

    >>> parts = {"000": [[1, 5, "../witnesses/000/lines-1-5/"], [6, 9, "../witnesses/000/lines-6-9/"]],
    ...          "002": [[1, 20, "../witnesses/002/"]]}
    >>> ctx = jinja2.nodes.EvalContext(jinja2.Environment())
    >>> for link in witness_lines(ctx, "see witness line 7 and witness 002, line 9", parts, "000").split(" and "):
    ...     print(link)
    see <a href="../witnesses/000/lines-6-9/#L7">witness line 7</a>
    <a href="../witnesses/002/#L9">witness 002, line 9</a>
    """
    def link(m: re.Match) -> str:
        wid, n = m[1] or witness, int(m[2])
        href = next((h for first, last, h in parts[wid] if first <= n <= last), parts[wid][-1][2])
        return f'<a href="{attr(href)}#L{n}">{m[0]}</a>'
    if eval_ctx.autoescape and not isinstance(text, markupsafe.Markup):
        text = markupsafe.escape(text)  # text that no filter escaped: escaped before the links are made
    linked = _WITNESS_LINE.sub(link, str(text))
    return markupsafe.Markup(linked) if eval_ctx.autoescape else linked


def law_links(text, from_uri: str) -> markupsafe.Markup:
    """Markdown text with each reference to a law ("See Law 74", "Laws 3 to 6") linked, number by
    number, to that law's own page, from page *from_uri* (the one rule of edition/texts/syntax.py,
    link_law_refs, that the reading texts follow too). Apply it last, to text written for Markdown
    already (``md``, or ``markdown`` for prose the HTML policy judged), never to text holding links;
    text that no filter wrote is written as text first (``md_text``).

    >>> print(law_links("Foster (Law 28) and Laws 3 to 6", "situations/a-tie.md"))
    Foster (Law [28](../laws/28.md)) and Laws [3](../laws/3.md) to [6](../laws/6.md)
    >>> print(law_links("*Law 2*", "laws/index.md"))
    \\*Law [2](2.md)\\*
    """
    written = md_text(text)
    return markupsafe.Markup(link_law_refs(str(written),
                                           lambda n, w: f"[{w}]({rel_link(from_uri, law_page(n))})"))


@jinja2.pass_eval_context
def law_links_html(eval_ctx, text: str, from_uri: str) -> str:
    """HTML text with each reference to a law linked to that law's own page, as ``law_links`` does in
    Markdown (raw HTML is not rewritten by MkDocs: the links are published addresses). As with
    ``witness_lines``: in an HTML template, text that no filter escaped is escaped first; in a Markdown
    template, escape it with ``html_text`` before.

    >>> ctx = jinja2.nodes.EvalContext(jinja2.Environment(autoescape=True))
    >>> law_links_html(ctx, "<b> (See Law 74.)", "house-rules.md")
    Markup('&lt;b&gt; (See Law <a href="../laws/74/">74</a>.)')
    """
    if eval_ctx.autoescape and not isinstance(text, markupsafe.Markup):
        text = markupsafe.escape(text)
    def link(n: int, written: str) -> str:
        return f'<a href="{published_link(from_uri, law_page(n))}">{written}</a>'
    linked = link_law_refs(str(text), link)
    return markupsafe.Markup(linked) if eval_ctx.autoescape else linked


MONTHS = "January February March April May June July August September October November December".split()
MLA_MONTHS = "Jan. Feb. Mar. Apr. May June July Aug. Sept. Oct. Nov. Dec.".split()


def day(iso: str) -> str:
    """A day written YYYY-MM-DD, in words: "2026-11-25" -> "25 November 2026"."""
    y, m, d = (int(part) for part in str(iso).split("-"))
    return f"{d} {MONTHS[m - 1]} {y}"


def us_day(iso: str) -> str:
    """A day as Chicago writes it: "2026-11-25" -> "November 25, 2026"."""
    y, m, d = (int(part) for part in str(iso).split("-"))
    return f"{MONTHS[m - 1]} {d}, {y}"


def mla_day(iso: str) -> str:
    """A day as MLA writes it: "2026-11-25" -> "25 Nov. 2026"."""
    y, m, d = (int(part) for part in str(iso).split("-"))
    return f"{d} {MLA_MONTHS[m - 1]} {y}"


def period(text: str) -> str:
    """Words closed by a full stop, unless they end with one already (or a question's or an
    exclamation's mark): "Foster, R. F." stays, "n.d" does not.

    >>> period("Foster, R. F."), period("Cambridge, 1911"), period("What if a card is exposed?")
    ('Foster, R. F.', 'Cambridge, 1911.', 'What if a card is exposed?')
    """
    text = str(text)
    return text if text.endswith((".", "?", "!")) else text + "."


def ordinal(n: int) -> str:
    """An edition's number as an ordinal: 11 -> "11th".

    >>> ordinal(11), ordinal(1), ordinal(22), ordinal(3), ordinal(112)
    ('11th', '1st', '22nd', '3rd', '112th')
    """
    n = int(n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def to_one(odds) -> str:
    """Odds (engine.idiom.Odds) as the authors print them: "4¼ to 1"."""
    return odds.to_one()


#: The filters: the context filters first (md_text is a Markdown template's default), then the policies of
#: numbers, days and words.
FILTERS = {
    "md": md_text, "markdown": markdown, "attr": attr, "href": href, "anchor": anchor, "link_title": link_title,
    "thousands": thousands, "percent": percent, "fixed": fixed, "title_attr": title_attr, "code": code,
    "code_cell": code_cell, "html_text": html_text, "yaml_str": yaml_str, "capital": capital,
    "cards": cards, "mixed": mixed, "to_one": to_one, "curl": curl, "witness_lines": witness_lines,
    "day": day, "us_day": us_day, "mla_day": mla_day, "ordinal": ordinal, "period": period,
    "number_word": number_word, "nested": nested,
    "law_links": law_links, "law_links_html": law_links_html}


class _KeptBytecode(jinja2.BytecodeCache):
    """Compiled templates kept in the build's one cache (edition/framework/cache.py), each under its
    environment's *name* and *inputs*, its template's name and the digest of its source (and what
    runs: the Python and its packages, so the Jinja2 that compiled it); one that cannot be read or
    written is compiled again, never an error."""

    def __init__(self, cache: Cache, name: str, *inputs: bytes) -> None:
        self.cache, self.name, self.inputs = cache, name, inputs

    def _key(self, bucket: jinja2.bccache.Bucket) -> str | None:
        return self.cache.named("jinja", self.name, *self.inputs, bucket.key, bucket.checksum)

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        kept = self.cache.get(self._key(bucket))
        if isinstance(kept, bytes):
            try:
                bucket.bytecode_from_string(kept)
            except Exception:  # written by another Jinja2: compiled again
                bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            self.cache.put(self._key(bucket), bucket.bytecode_to_string())
        except Exception:  # a template that cannot be kept: compiled again next time
            pass


def bytecode_cache(name: str, *inputs: bytes) -> jinja2.BytecodeCache | None:
    """Where an environment of templates keeps them compiled between builds, when the cache is on: the
    one cache, under *name* and *inputs* (what else sets how the environment compiles), so that a
    template is compiled once for them; None when the cache is off."""
    found = from_environment()
    return _KeptBytecode(found, name, *inputs) if found.folder is not None else None


def css_string(text: str) -> markupsafe.Markup:
    """*text* as a CSS string, safe inside a <style> element.

    >>> str(css_string('Say "hi" </style>'))
    '"Say \\\\"hi\\\\" \\\\3C /style>"'
    """
    text = str(text).replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3C ")
    return markupsafe.Markup('"' + re.sub(r"\s+", " ", text) + '"')


@jinja2.pass_context
def _finalize(context: jinja2.runtime.Context, value):
    """Each value a template sets, before it is output, unless a filter wrote it for its place already
    (Markup): in a Markdown template, text is written as text shown literally in Markdown (``md_text``);
    in a CSS template, as a CSS string (``css_string``)."""
    if isinstance(value, str) and not isinstance(value, markupsafe.Markup) and context.name is not None:
        made = kind(context.name)
        if made == "markdown":
            return md_text(value)
        if made == "css":
            return css_string(value)
    return value


@cache
def environment(folder: Path = TEMPLATES) -> jinja2.Environment:
    """The one environment of the edition's page templates (made once per folder; its compiled
    templates kept in the build's cache)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder),
        # (Compiled as this module says: kept under its code, and not at all if it changed since the start.)
        bytecode_cache=bytecode_cache("pages", code.encode()) if (code := code_digest(__name__)) else None,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        # Every value escaped for what the template makes (KINDS): HTML and XML by Jinja's autoescape, Markdown by
        # _finalize (before the autoescape, which leaves what it marked as written); text not at all.
        autoescape=lambda name: name is not None and kind(name) in ("markdown", "html"),
        finalize=_finalize,
    )
    env.filters.update(FILTERS)
    return env


def render_page(name: str, /, **data) -> str:
    """A whole page (template *name*): it ends with one newline, however its last section ends
    (a template's sections each end with a blank line, the last one too)."""
    return render(name, **data).rstrip("\n") + "\n"


def render_block(name: str, /, **data) -> str:
    """A block of a page (template *name*), without its last newlines: the page sets it among
    its other parts."""
    return render(name, **data).rstrip("\n")


def render(name: str, /, **data) -> str:
    """The Markdown of template *name* (a path under templates/pages/) filled with *data*, as the
    template makes it.

    A template an editor broke (bad syntax, a name the code does not hand it) stops the build
    with an EditionError naming the template's file and line, never a traceback.
    """
    try:
        return environment().get_template(name).render(**data)
    except jinja2.TemplateError as exc:
        raise _error(exc, name) from None


MARKS = "marks.md.j2"


@cache
def mark_macros(name: str = MARKS):
    """The macros of template *name* (templates/pages/marks.md.j2: the marks inside a text's lines),
    loaded once."""
    try:
        return environment().get_template(name).module
    except jinja2.TemplateError as exc:
        raise _error(exc, name) from None


def mark(macro: str, /, *args) -> str:
    """A mark inside a line of text, made by *macro* of templates/pages/marks.md.j2 from *args*."""
    try:
        return str(getattr(mark_macros(), macro)(*args))
    except jinja2.TemplateError as exc:
        raise _error(exc, MARKS) from None
    except AttributeError:
        raise EditionError(_shown(TEMPLATES / MARKS), None, f"the template has no macro '{macro}'",
                           "restore the macro (edition/site/markdown.py calls it)") from None


def _error(exc: jinja2.TemplateError, name: str) -> EditionError:
    """A broken template as an EditionError naming its file and line."""
    if isinstance(exc, jinja2.TemplateSyntaxError):
        return EditionError(_shown(exc.filename or name), exc.lineno, f"template syntax error: {exc.message}",
                            "fix the tag or expression at that line (see the Jinja2 template documentation)")
    if isinstance(exc, jinja2.TemplateNotFound):
        return EditionError(_shown(TEMPLATES / str(exc.name)), None, "the template is missing",
                            "restore the file under templates/pages/")
    path, line = _template_frame(exc)
    return EditionError(_shown(path or name), line, f"template error: {exc.message}",
                        "use only the names the page's code hands this template (listed in the "
                        "docstring of the function in edition/site/pages.py that renders it)")


def _template_frame(exc: BaseException) -> tuple[str | None, int | None]:
    """The template file and line where *exc* was raised (Jinja2 puts template lines in the traceback)."""
    found: tuple[str | None, int | None] = (None, None)
    tb = exc.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.startswith(str(TEMPLATES)) or filename.endswith(".j2"):
            found = (filename, tb.tb_lineno)
        tb = tb.tb_next
    return found


def _shown(path) -> str:
    """A template's path as an editor finds it: templates/pages/NAME."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(TEMPLATES.parent.parent))
    except ValueError:
        return str(path)
