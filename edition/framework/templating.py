"""The prose of the generated pages: Jinja2 templates in templates/pages/, rendered to Markdown.

The code hands a template plain data (dataclasses, dicts, lists, strings, numbers); every word a
reader sees is in the template, so an editor rewords a sentence there without touching Python.
How a value is written out is a filter named for its policy (``thousands``, ``percent``, ``mixed``,
``cards``, ``md``), applied in the template. Nothing here knows about MkDocs.

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


def md_escape(text: str) -> str:
    r"""Escape text for Markdown (a table cell, a link's words), shown literally.

    >>> md_escape('a *b* | [c] <d>')
    'a \\*b\\* \\| \\[c\\] &lt;d&gt;'
    """
    text = html.escape(str(text), quote=False)
    for ch in "\\`*_[]|#":
        text = text.replace(ch, "\\" + ch)
    return text


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


def title_attr(text: str) -> str:
    """Text for a Markdown link's title (in double quotes)."""
    return html.escape(str(text), quote=True)


@jinja2.pass_eval_context
def html_text(eval_ctx, text: str, quote: bool = False) -> str:
    """Text set in HTML, its <, > and & escaped (and its quotes, with quote=True): in an HTML template,
    whose output Jinja escapes (autoescape), it is marked as escaped already."""
    escaped = html.escape(str(text), quote=quote)
    return markupsafe.Markup(escaped) if eval_ctx.autoescape else escaped


def yaml_str(text: str) -> str:
    """Text as a double-quoted YAML string, for front matter: title: "Law 12"."""
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def capital(text: str) -> str:
    """The first letter a capital, the rest as written ("machine OCR" -> "Machine OCR"; Jinja's
    own capitalize would lower the rest)."""
    text = str(text)
    return text[:1].upper() + text[1:]


def code_cell(text: str) -> str:
    """Text shown as code in a Markdown table cell (its pipes escaped)."""
    return f"`{text}`".replace("|", "\\|")


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
        return f'<a href="{href}#L{n}">{m[0]}</a>'
    if eval_ctx.autoescape and not isinstance(text, markupsafe.Markup):
        text = markupsafe.escape(text)  # text that no filter escaped: escaped before the links are made
    linked = _WITNESS_LINE.sub(link, str(text))
    return markupsafe.Markup(linked) if eval_ctx.autoescape else linked


def law_links(text: str, from_uri: str) -> str:
    """Markdown text with each reference to a law ("See Law 74", "Laws 3 to 6") linked, number by
    number, to that law's own page, from page *from_uri* (the one rule of edition/texts/syntax.py,
    link_law_refs, that the reading texts follow too). Apply it last, to text already escaped for
    Markdown (``md``), never to text holding links.

    >>> law_links("Foster (Law 28) and Laws 3 to 6", "situations/a-tie.md")
    'Foster (Law [28](../laws/28.md)) and Laws [3](../laws/3.md) to [6](../laws/6.md)'
    """
    return link_law_refs(str(text), lambda n, written: f"[{written}]({rel_link(from_uri, law_page(n))})")


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


FILTERS = {"md": md_escape, "thousands": thousands, "percent": percent, "fixed": fixed,
           "title_attr": title_attr, "code_cell": code_cell, "html_text": html_text, "yaml_str": yaml_str,
           "capital": capital, "cards": cards, "mixed": mixed,
           "to_one": to_one, "curl": curl, "witness_lines": witness_lines, "day": day, "us_day": us_day,
           "mla_day": mla_day, "ordinal": ordinal, "period": period,
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
        # An HTML template (*.html.j2) escapes every value it sets (a filter that makes HTML marks its output);
        # a Markdown template (*.md.j2) does not: its values are Markdown, and every content string in them
        # has passed the HTML policy (edition/texts/html_policy.py) before it is set.
        autoescape=jinja2.select_autoescape(enabled_extensions=("html.j2",), default_for_string=False,
                                            default=False),
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


MARKS = "marks.j2"


@cache
def mark_macros(name: str = MARKS):
    """The macros of template *name* (templates/pages/marks.j2: the marks inside a text's lines),
    loaded once."""
    try:
        return environment().get_template(name).module
    except jinja2.TemplateError as exc:
        raise _error(exc, name) from None


def mark(macro: str, /, *args) -> str:
    """A mark inside a line of text, made by *macro* of templates/pages/marks.j2 from *args*."""
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
