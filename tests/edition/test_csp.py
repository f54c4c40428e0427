"""The policy every page carries: the site's own files, the pages' inline scripts and style attributes by hash."""
from pathlib import Path

from edition.site.csp import policy, with_csp

PAGE = ('<html><head><meta charset="utf-8"><script>a()</script><script src="x.js"></script>'
        '<script id="__config" type="application/json">{}</script></head>'
        '<body><td style="text-align: right;">1</td></body></html>')


def test_the_policy_allows_the_pages_own_inline_script_and_style_attribute_by_hash_only():
    assert policy([PAGE, PAGE]) == (
        "default-src 'self'; script-src 'self' 'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='; "
        "style-src 'self' 'unsafe-hashes' 'sha256-N90MKmRow2DpYEVeqcc3uc8pOUsS4Rg4sNmkau1k0xQ='; "
        "img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; "
        "base-uri 'self'; form-action 'self'")


def test_a_page_without_inline_code_allows_only_the_sites_own_files():
    assert policy(["<html><head></head><body><p>Law 19</p></body></html>"]).startswith(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src")


def test_the_policy_comes_before_any_script():
    page = with_csp(PAGE, policy([PAGE]))
    assert page.index("Content-Security-Policy") < page.index("<script")
    assert page.startswith('<html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy"')


def test_the_inline_scripts_allowed_are_those_the_templates_write_known_before_the_build(tmp_path):
    from edition.site.csp import known_scripts, unknown_scripts
    (tmp_path / "base.html").write_text('<script>__md_scope=new URL("{{ base_url }}",location)</script>'
                                        '<script src="{{ x }}"></script>')
    known = known_scripts([tmp_path])
    pages = {"laws/19/index.html": '<script>__md_scope=new URL("../..",location)</script>',
             "glossary/index.html": '<script>__md_scope=new URL("..",location)</script><script>alert(1)</script>',
             "x/index.html": '<script>__md_scope=new URL("a",location);fetch("x")</script>'}
    assert unknown_scripts(pages, known) == [("glossary/index.html", "alert(1)"),
                                             ("x/index.html", '__md_scope=new URL("a",location);fetch("x")')]


def test_the_themes_and_the_editions_templates_write_every_inline_script_of_a_built_page(built_site):
    import material

    from edition.site.csp import known_scripts, unknown_scripts
    from tests.helpers import ROOT
    known = known_scripts([ROOT / "templates" / "theme", Path(material.__file__).parent / "templates",
                           ROOT / "templates" / "pages"])
    pages = {str(p.relative_to(built_site)): p.read_text(encoding="utf-8") for p in built_site.rglob("*.html")}
    assert unknown_scripts(pages, known) == []
