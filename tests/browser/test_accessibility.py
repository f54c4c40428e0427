"""axe-core in the browser on every kind of page: no serious or critical violation."""
from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.site]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

PAGE_TYPES = {
    "home": "/",
    "reading text with figures and tables": "/foster/drawing-to-improve/",
    "reading text with the edition's example card diagrams": "/foster/poker-hands/",
    "reading text with a definition list": "/keller/technical-terms/",
    "glossary": "/glossary/",
    "a glossary entry's own page, to cite and share": "/glossary/age/",
    "figures checked": "/figures/",
    "deals replayed": "/deals/",
    "witness": "/witnesses/004/",
    "editorial policy": "/edition/policy/",
    "emendations by work": "/edition/apparatus/",
    "changes between versions": "/edition/changes/",
    "data": "/data/",
    "concordance, the authorities side by side": "/concordance/",
    "where the authorities disagree": "/disagreements/",
    "house rules, the choices and the rulebook": "/house-rules/",
    "what happened, the guided way to a ruling": "/what-happened/",
    "what happened in one phase of play": "/what-happened/draw/",
    "a situation's ruling, to share": "/situations/card-exposed-in-the-deal/",
    "the situations by phase of play": "/situations/",
    "a law's page, with the questions it answers": "/laws/19/",
}


def axe_violations(page) -> list[dict]:
    page.evaluate(AXE.read_text(encoding="utf-8"))  # not a <script>: the page's CSP would refuse it
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
    }""")
    return result


# The fast loop (make check) runs axe on the home page; every page type runs in make test.
@pytest.mark.smoke
@pytest.mark.parametrize("kind", [kind if kind == "home" else pytest.param(kind, marks=pytest.mark.slow)
                                  for kind in PAGE_TYPES])
def test_no_serious_or_critical_accessibility_violation(visit, kind):
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run 'make test' (it installs it from package-lock.json)")
    page = visit.goto(PAGE_TYPES[kind])
    violations = axe_violations(page)
    serious = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert serious == [], "\n".join(f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes']}" for v in serious)


@pytest.mark.parametrize("kind", ["reading text with a definition list", "glossary"])
def test_the_page_can_be_read_by_keyboard_alone(visit, kind):
    page = visit.goto(PAGE_TYPES[kind])
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Skip to content"
    page.keyboard.press("Enter")
    page.wait_for_function("location.hash !== ''")
    # After the skip link, Tab leads into the text itself within a few presses.
    for _ in range(15):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('.md-content')"):
            break
    assert page.evaluate("document.activeElement.tagName") in ("A", "BUTTON", "SUMMARY")
    assert page.evaluate("!!document.activeElement.closest('.md-content')")
