"""The policy every page carries: the site's own files, the pages' inline scripts and style attributes by hash."""
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
