"""Every value a template sets is escaped for where it lands (edition/framework/templating.py): every
template under templates/pages/ is rendered with the data the real edition hands it, every text in
that data made hostile, and the output (not the input) is judged.

The hostile text is what no content may hold (an attribute list, a tag, a quotation mark breaking
out of an attribute, a javascript: link, a line break starting a block), set beside the real
value, so that every field is tried in every place a template sets it. A value a template sets as
Markdown already (``| markdown``) or as the code's own HTML (``| safe``) is one the content gate
judged (edition/texts/html_policy.py) or the code wrote: the hostile text cannot reach it, and the
test checks that the gate refuses it, then sets it as text.

The judge of the output is the HTML policy's page judge (``page_problem``): a Markdown template's
output rendered as the site renders it, an HTML or XML template's as it is; a plain-text template's
output (a citation's style) must hold the hostile text exactly as given; front matter must read back.
"""
from __future__ import annotations

import copy
import dataclasses
import re
import types
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import jinja2
import markupsafe
import pytest
import yaml

from edition.framework import templating
from edition.model.edition import load_edition
from edition.texts import html_policy
from edition.texts.datafiles import text_problem
from tests.conftest import ROOT

pytestmark = pytest.mark.slow

#: What no content may hold, in every way it could escape its place.
HOSTILE = ('*{: onclick=alert(1) }* "><b onclick=alert(2)>b</b> \' onmouseover=alert(3) x=\' '
           '[l](javascript:alert(4)) ](javascript:alert(5)) {: #x onclick=alert(6) } | # \\ `c` <!-- c -->'
           '\n- item\n# heading\n<script>alert(7)</script>')
#: Texts that are not words (days, versions, numbers written as text): their templates parse them.
_NOT_WORDS = re.compile(r"[\d\s.,:/+-]*|\d{4}-\d\d-\d\d.*")


#: Values no content sets, that the code composes (a template's script, one of the site's own files): the page
#: judge refuses any other script, so the build would stop on one made hostile; they are kept as they are.
CODE_ONLY = {"house-rules.md.j2": ("script",)}


class Hostile(str):
    """A text with the hostile text after it, that compares and hashes as the text it was, so that the
    template takes the same branches and finds the same keys ("w.type == 'encyclopedia-article'")."""

    def __new__(cls, original: str):
        made = super().__new__(cls, original + HOSTILE)
        made.original = original
        return made

    def __eq__(self, other):
        return self.original == (other.original if isinstance(other, Hostile) else other)

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self.original)


def hostile(value, memo: dict):
    """*value* with every text in it made Hostile (mappings' keys kept; the code's Markup kept)."""
    if id(value) in memo:
        return memo[id(value)]
    if isinstance(value, markupsafe.Markup) or isinstance(value, Hostile):
        return value
    if isinstance(value, str):
        return value if _NOT_WORDS.fullmatch(value) else Hostile(value)
    if isinstance(value, dict):
        out = type(value)() if type(value) is not dict else {}
        memo[id(value)] = out
        for k, v in value.items():
            out[k] = hostile(v, memo)
        return out
    if isinstance(value, (list, tuple)):
        items = [hostile(v, memo) for v in value]
        return items if isinstance(value, list) else (type(value)(*items) if hasattr(value, "_fields")
                                                       else tuple(items))
    if dataclasses.is_dataclass(value) and not isinstance(value, type) or isinstance(value, types.SimpleNamespace):
        out = copy.copy(value)
        memo[id(value)] = out
        names = [f.name for f in dataclasses.fields(value)] if dataclasses.is_dataclass(value) else list(vars(value))
        for name in names:
            try:
                object.__setattr__(out, name, hostile(getattr(value, name), memo))
            except (AttributeError, TypeError):
                pass
        return out
    return value


def _as_written(value):
    """What a value a template sets as written already (| markdown, | safe) is in this test: the hostile text
    is one the content gate refuses (so it never reaches the filter): checked, then set as text."""
    if "alert(" in str(value):  # the hostile text, or what a filter (curl, nested) made of it
        assert html_policy.problem(HOSTILE, editors=True) and text_problem(HOSTILE)
        return templating.md_text(str(value).replace("\n", " "))
    return markupsafe.Markup(str(value))


@pytest.fixture(scope="module")
def calls():
    """Every template the edition renders, with the data the code hands it (two calls a template at
    most), and every macro of marks.md.j2 with its arguments. The edition is loaded here, not taken from
    the session's: what it makes once (its texts' Markdown, kept in ``made``) may have been made by an
    earlier test, and would not be made again under the recording."""
    from edition.site.exports import epub, tei
    from edition.site.exports.build import pdf_job, version_date
    from edition.site.exports.downloads import planned
    from edition.site.feed import feed
    from edition.site.law_pages import home_data
    from edition.site.markdown import Links
    from edition.site.markdown import render as render_text
    from edition.site.pages import moved_html, totals
    from edition.site.registry import generated_pages
    seen: dict[str, list[dict]] = {}
    macros: dict[str, list[tuple]] = {}
    render = jinja2.Template.render

    def recording(self, *args, **kwargs):
        # Two calls a template, and any other that fills a field the calls kept leave empty (a page with
        # deals, with figures checked), so that every block a template may include is rendered.
        found, data = seen.setdefault(self.name, []), dict(*args, **kwargs)
        if len(found) < 2 or any(v and not any(kept.get(k) for kept in found) for k, v in data.items()):
            found.append(data)
        return render(self, *args, **kwargs)

    mark = templating.mark

    def recording_mark(name, *args):
        found = macros.setdefault(name, [])
        if len(found) < 2:
            found.append(args)
        return mark(name, *args)

    mp = pytest.MonkeyPatch()
    mp.setattr(jinja2.Template, "render", recording)
    for module in ("edition.site.markdown", "edition.sources.claims", "edition.sources.diagrams"):
        mp.setattr(f"{module}.mark", recording_mark)
    try:
        real_edition = load_edition(ROOT)
        generated_pages(real_edition)
        render_text(["{law 71} As Law 74 says, *x*[^1].", "", "{note: a note}", "", "{figure: a flush}", "",
                     "{lacuna: lost} {page 12} {supplied: w | why} {sic: s | so}", "", "[^1]: a footnote"], 1, "f.md",
                    Links(real_edition.laws[71].page_uri, {71: real_edition.laws[71].page_uri,
                                                           74: real_edition.laws[71].page_uri}))
        templating.render_block("home.md.j2", **home_data(real_edition))
        templating.render_block("emendations-by-work.md.j2", works=totals(real_edition), link_prefix="../")
        moved_html("../../foster/laws/", "foster/laws/")
        date = version_date(real_edition)
        tei.work_tei(real_edition, real_edition.works["keller"], date)
        epub.epub(real_edition, list(real_edition.works.values()), "The edition", "http://x/", date)
        job = pdf_job(real_edition, planned(real_edition)[0], "laws.pdf", date)
        from edition.site.exports import offline, pdf, players, previews
        templating.render_block("exports/pdf.html.j2", title=job.title, sheets=["a.css"],
                                title_page=job.title_page, chapters="", fonts="", page=pdf.page_rules(job),
                                body_size="10pt")
        players.document(real_edition, date)
        templating.render_block("exports/pdf-xmp.xml.j2", meta=job.meta, title=job.title, subject=pdf._subject(job),
                                date=date, producer="WeasyPrint")
        offline.offline_downloads_page("", "site.zip")
        templating.render_block("exports/offline-note.html.j2", title="The edition", version="1.2", date=date,
                                site_url="http://x/", address="http://x/laws/19/")  # (archive() needs a built site)
        previews.every_preview(real_edition)  # the edition's, each work's and each law's words
        feed(real_edition)
        # The words the sources give while the edition loads (plain text): a claim's computed value in the
        # texts' idiom, and what the engine finds of a hand.
        from engine.claims import exact_facts
        facts = next(f for f in (exact_facts(c.value, c.form) for c in real_edition.claims if c.value is not None)
                     if f.kind in ("mixed", "one-in", "odds"))
        templating.render_block("figures/exact.txt.j2", e=facts)
        templating.render_block("deals/found.txt.j2", kind="describes", hand="a pair of kings")
    finally:
        mp.undo()
    return seen, macros


def _judge(name: str, out: str) -> None:
    kind = templating.kind(name)
    if kind == "text":
        # Text as it is (escaped where it is set), or none: a template of numbers only sets no text.
        assert HOSTILE.replace("\n", " ") in re.sub(r"\s+", " ", out) or HOSTILE in out or "alert(" not in out, name
        return
    if kind == "css":  # every value a CSS string: nothing in it ends the string, or the <style> it is set in
        assert "<" not in out and str(templating.css_string(HOSTILE))[1:-1] in out, name
        return
    if name.endswith((".xhtml.j2", ".opf.j2", ".atom.j2", ".xml.j2")):  # well-formed XML, the hostile text as text
        ElementTree.fromstring(out.encode() if out.lstrip().startswith("<?xml") else f"<r>{out}</r>".encode())
    html = out
    if kind == "markdown":
        if out.startswith("---\n") and "\n---" in out[4:]:
            head, html = out[4:].split("\n---", 1)
            assert isinstance(yaml.safe_load(head), dict), name
        html = html_policy.render(html)
        problem = html_policy.page_problem(html)
        if problem:  # pragma: no cover (kept for reading a failure)
            Path("/tmp/escaping-failure.md").write_text(out)
        assert problem is None, f"{name}: {problem}"
    found = _hostile_markup(html)
    assert found is None, f"{name}: {found}"


class _Markup(HTMLParser):
    """The first piece of markup the hostile text could make: an element of its own, an event handler,
    a javascript: address."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: str | None = None

    def handle_starttag(self, tag, attrs):
        if self.found is None and (tag == "iframe" or tag == "script" and "src" not in dict(attrs)):
            self.found = f"an element <{tag}>"
        for key, value in attrs:
            if self.found is None and (key.startswith("on") or (value or "").strip().lower().startswith("javascript:")):
                self.found = f"{key}={value!r} on <{tag}>"


def _hostile_markup(html: str) -> str | None:
    parser = _Markup()
    parser.feed(html)
    parser.close()
    return parser.found


def test_every_template_escapes_every_value_for_where_it_lands(calls, monkeypatch):
    seen, _macros = calls
    env = templating.environment()
    monkeypatch.setitem(env.filters, "markdown", _as_written)
    monkeypatch.setitem(env.filters, "safe", _as_written)
    asked: set[str] = set()
    get_template = jinja2.Environment.get_template

    def recording(self, name, *args, **kwargs):
        asked.add(str(name))
        return get_template(self, name, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "get_template", recording)
    reached = 0
    for name, data_list in sorted(seen.items()):
        for data in data_list:
            made = hostile(data, {})
            for key in CODE_ONLY.get(name, ()):  # see CODE_ONLY
                made[key] = data[key]
            out = env.get_template(name).render(**made)
            reached += "onclick=alert(2)" in out
            _judge(name, out)
    # Every template was rendered (directly, or included or imported by one), and the hostile text reached
    # the output of most renderings (a template of numbers and addresses only sets none).
    on_disk = {p.relative_to(templating.TEMPLATES).as_posix() for p in templating.TEMPLATES.rglob("*.j2")}
    assert on_disk - asked - {"marks.md.j2"} == set()
    assert reached > sum(len(v) for v in seen.values()) // 2


def test_every_mark_escapes_every_value_for_where_it_lands(calls, monkeypatch):
    _seen, macros = calls
    env = templating.environment()
    monkeypatch.setitem(env.filters, "markdown", _as_written)
    monkeypatch.setitem(env.filters, "safe", _as_written)
    templating.mark_macros.cache_clear()
    try:
        module = env.get_template(templating.MARKS).make_module()  # with the filters as patched
        assert {m for m in dir(module) if not m.startswith("_")} <= set(macros) | {"law_hover", "claim_hover"}
        for name, arg_lists in sorted(macros.items()):
            for args in arg_lists:
                out = str(getattr(module, name)(*hostile(list(args), {})))
                if name in ("law_hover", "claim_hover"):  # text for a title: no quotation mark, no tag
                    assert '"' not in out and "<" not in out, name
                    continue
                html = html_policy.render(out)
                problem = html_policy.page_problem(html) or _hostile_markup(html)
                assert problem is None, f"{name}: {problem}"
    finally:
        templating.mark_macros.cache_clear()


# --- A property: any text the content gate lets through is safe in every field of every page --------
#: The characters that mean something to Markdown, HTML, YAML or an attribute list, and some letters.
ALPHABET = "aZ0 *_`[]()<>{}|#\\!:-+=\"'&;/.~^\t\u00e9\u2014"


@pytest.mark.parametrize("name", ["situations.md.j2", "laws/law.md.j2",
                                  "glossary.md.j2",
                                  "reading.md.j2", "figures.md.j2", "witness-parts.md.j2"])
def test_a_page_made_from_random_texts_the_gate_lets_through_is_safe(calls, name):
    """Hypothesis draws texts of Markdown's, HTML's and YAML's characters; those the content gate lets
    through (the HTML policy and the one rule for text) are set beside every text of a page's real data,
    and the page, as rendered, must pass the page judge, its front matter read back."""
    from hypothesis import HealthCheck, example, given, settings
    from hypothesis import strategies as st

    seen, _macros = calls
    data = seen[name][0]
    env = templating.environment()
    legal = st.text(alphabet=ALPHABET, min_size=1, max_size=30).filter(
        lambda t: html_policy.problem(t, editors=True) is None and text_problem(t) is None)

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                      HealthCheck.filter_too_much])
    @given(legal)
    @example(":").via("found: a relative address read as a scheme")
    @example("&").via("found: an & ending a link's address began a character reference with its fragment (&#law-7)")
    def renders_safely(text):
        global HOSTILE
        kept, HOSTILE = HOSTILE, text
        try:
            out = env.get_template(name).render(**hostile(data, {}))
        finally:
            HOSTILE = kept
        if out.startswith("---\n"):
            head, out = out[4:].split("\n---", 1)
            assert isinstance(yaml.safe_load(head), dict)
        html = html_policy.render(out)
        assert html_policy.page_problem(html) is None
        assert _hostile_markup(html) is None

    renders_safely()
