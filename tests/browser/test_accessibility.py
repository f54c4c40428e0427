"""axe-core in the browser on every kind of page: no serious or critical violation."""
from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.site]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

PAGE_TYPES = {
    "home": "/",
    "reading text with figures and tables": "/foster/drawing-to-improve/",
    "reading text with a definition list": "/keller/technical-terms/",
    "glossary": "/glossary/",
    "witness": "/witnesses/004/",
    "editorial policy": "/edition/policy/",
    "emendations by work": "/edition/apparatus/",
    "data": "/data/",
}


def axe_violations(page) -> list[dict]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
    }""")
    return result


@pytest.mark.parametrize("kind", list(PAGE_TYPES))
def test_no_serious_or_critical_accessibility_violation(visit, kind):
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run 'make test' (it installs it from package-lock.json)")
    page = visit.goto(PAGE_TYPES[kind])
    violations = axe_violations(page)
    serious = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert serious == [], "\n".join(f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes']}" for v in serious)


def test_every_page_type_can_be_read_by_keyboard_alone(visit):
    page = visit.goto("/keller/technical-terms/")
    # Tab moves focus through the page's links in order; the skip link comes first.
    page.keyboard.press("Tab")
    first = page.evaluate("document.activeElement.textContent.trim()")
    assert first == "Skip to content"
    page.keyboard.press("Enter")
    for _ in range(5):
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.tagName") in ("A", "BUTTON", "INPUT", "SUMMARY", "LABEL")
