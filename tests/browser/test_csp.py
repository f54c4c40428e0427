"""Every page carries a Content-Security-Policy (edition/site/csp.py), and Chromium reports no violation
of it on any page type, while the reader uses search, the cite box and the glossary; a script that
was not in the page when it was built does not run."""
from __future__ import annotations

import pytest

PAGE_TYPES = ["", "laws/", "laws/19/", "foster/laws/", "glossary/", "glossary/age/", "figures/", "deals/",
              "concordance/", "witnesses/000/", "keller/rules/", "edition/citing/", "edition/changes/", "house-rules/",
              "what-happened/", "situations/misdeal/", "404.html"]


@pytest.mark.smoke
@pytest.mark.parametrize("path", PAGE_TYPES)
def test_a_page_loads_under_its_policy_with_no_violation(visit, path):
    page = visit.goto(path)
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert policy.startswith("default-src 'self'; script-src 'self'")
    assert "unsafe-inline" not in policy
    violations = page.evaluate("""() => new Promise(done => {
        const seen = [];
        document.addEventListener('securitypolicyviolation', e => seen.push(e.violatedDirective));
        const search = document.querySelector('.md-search__input');
        if (search) { search.focus(); }
        setTimeout(() => done(seen), 800);
    })""")
    assert violations == []
    assert not [e for e in visit.console_errors if "Content Security Policy" in e]


def test_a_script_added_to_a_page_after_the_build_is_refused(visit):
    page = visit.goto("foster/laws/")
    refused = page.evaluate("""() => new Promise(done => {
        document.addEventListener('securitypolicyviolation', e => done(e.violatedDirective));
        const s = document.createElement('script');
        s.textContent = 'window.injected = true';
        document.body.appendChild(s);
        setTimeout(() => done(window.injected ? 'ran' : 'nothing reported'), 800);
    })""")
    assert refused == "script-src-elem"
    assert page.evaluate("window.injected === undefined")
    visit.console_errors.clear()  # the refusal itself is logged as an error: that is the point
