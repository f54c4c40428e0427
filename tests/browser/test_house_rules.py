"""The house-rules page in Chromium: choices set in the form are written into the rulebook and the
address, a shared link reproduces the same rulebook, the ranking shown is the engine's for the
combination, a combination the engine refuses is explained and not applied, and without JavaScript
the page shows Foster's defaults."""
from __future__ import annotations

import re

import pytest

from engine.deal import pat_counts
from engine.rules import rule_set
from tests.helpers import VERSION

from .conftest import page_at

PATH = "house-rules/"


def rulebook(page) -> str:
    return page.locator("#rulebook").inner_text()


def hands_shown(page) -> list[list[str]]:
    return [[td.inner_text() for td in row.locator("td").all()] for row in page.locator("#hr-hands-body tr").all()]


def engine_rows(name: str) -> list[list[str]]:
    counts = pat_counts(name)
    rs = rule_set(name)
    return [[str(len(rs.tiers) - rs.tier(c)), c.value, f"{counts[c]:,}"] for c in reversed(rs.ascending)]


@pytest.mark.smoke
def test_a_shared_link_reproduces_the_rulebook(visit):
    page = visit.goto(PATH)
    page.fill("#hr-table", "The Tuesday table")
    page.fill("#hr-blind", "one white chip")
    page.check("#hr-progressive-jacks-yes")
    page.check("#hr-extra-blaze")
    page.check("#hr-extra-tiger")
    page.check("#hr-extra-mistigris")
    page.check("#hr-table-stakes-yes")
    page.check("#hr-straddle-no")
    book = rulebook(page)
    assert "House rules of The Tuesday table" in book
    assert ("for the amount of the blind [The table’s choice: one white chip], for the ante in jack-pots "
            "[The table’s choice: ________]") in book
    assert ("otherwise the openers will always be jacks or better. [The table’s choice: played: queens or better "
            "to open on the second deal") in book
    assert "may straddle this blind [The table’s choice: not played at this table: no one may straddle]" in book
    assert "This amount is his stake" in book and "It is a common practice to take a chip" not in book
    assert [r[:3] for r in hands_shown(page)] == engine_rows("foster+blaze+mistigris+tiger")
    assert page.inner_text("#hr-combination") == rule_set("foster+blaze+mistigris+tiger").title.replace("'", "’")
    link = page.input_value("#hr-link")
    assert page.inner_text("#hr-book-link") == link
    assert link == page.url
    assert "blind=one+white+chip" in link and "extra=blaze&extra=tiger&extra=mistigris" in link
    assert "base=" not in link  # only what differs from Foster's rules
    other = visit.page.context.new_page()
    other.goto(link, wait_until="networkidle")
    assert rulebook(other) == book
    assert other.is_checked("#hr-extra-tiger") and other.input_value("#hr-table") == "The Tuesday table"


def test_the_ranking_shown_is_the_engines_for_each_base(visit):
    page = visit.goto(PATH)
    for base in ("early", "no-straights", "foster-proper", "foster"):
        page.check(f"#hr-base-{base}")
        assert [r[:3] for r in hands_shown(page)] == engine_rows(base)
    page.check("#hr-corner-round-the-corner-low")
    page.check("#hr-extra-skip")
    assert [r[:3] for r in hands_shown(page)] == engine_rows("foster+round-the-corner-low+skip")


def test_a_refused_combination_is_explained_and_not_applied(visit):
    page = visit.goto(PATH + "?base=early&extra=blaze&extra=mistigris")
    assert page.is_disabled("#hr-extra-blaze") and not page.is_disabled("#hr-extra-mistigris")
    refusal = page.locator("[data-refuses=early]")
    assert "hr-active" in refusal.get_attribute("class")
    assert "not offered with the early game" in refusal.inner_text()
    assert [r[:3] for r in hands_shown(page)] == engine_rows("early+mistigris")
    assert page.inner_text("#hr-refused") == ("Not played with this rank of hands, which does not take them (see the "
                                              "rank of hands above): The blaze (five court cards).")
    assert page.inner_text("#hr-combination") == ("The early game: straights beat two pairs and lose to threes, "
                                                  "with the joker (mistigris)")


def test_the_choices_work_from_the_keyboard(visit):
    page = visit.goto(PATH)
    page.focus("#hr-four-card-openers-no")
    page.keyboard.press("ArrowDown")  # a radio group moves its choice with the arrows
    assert page.is_checked("#hr-four-card-openers-yes")
    assert "[The table’s choice: four cards of a flush or straight are legitimate openers]" in rulebook(page)
    assert "four-card-openers=yes" in page.url


def test_without_javascript_the_page_shows_fosters_defaults(browser, server):
    with page_at(browser, server, "phone", java_script_enabled=False) as goto:
        page = goto(PATH + "?extra=blaze&blind=5")
        assert page.locator(".hr-noscript").is_visible()
        book = rulebook(page)
        assert "[The table’s choice: not played: the openers are always jacks or better]" in book
        assert "for the amount of the blind [The table’s choice: ________]" in book
        assert "may straddle this blind [The table" not in book  # the straddle is played, as Foster's Laws
        assert [r[:3] for r in hands_shown(page)] == engine_rows("foster")
        assert page.locator("#matter-sitting-out .hr-law-says a").inner_text() == "Law 61"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390


def sheets(pdf: bytes) -> int:
    """The pages of a PDF that Chromium printed (each page object is "/Type /Page")."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_rulebook_prints_on_at_most_fourteen_sheets_without_the_form(visit, paper):
    page = visit.goto(PATH + "?table=The+Tuesday+table&extra=blaze&extra=tiger&extra=mistigris&table-stakes=yes"
                             "&kitty=yes&straddle=no&progressive-jacks=yes")
    page.emulate_media(media="print")
    assert not page.locator("#hr-form").is_visible()
    assert page.locator("#rule-77").is_visible()
    head = page.locator(".ed-print-head")
    assert head.is_visible() and f"Version {VERSION}" in head.inner_text() and "/house-rules/" in head.inner_text()
    assert page.locator(".hr-law").first.evaluate("p => getComputedStyle(p).breakInside") == "avoid"
    assert sheets(page.pdf(format=paper)) <= 14


def test_the_page_reached_by_a_link_of_the_site_applies_its_choices(visit):
    """Material's instant navigation brings the page in without loading it: its script runs again."""
    page = visit.goto("")
    page.click("a.md-nav__link[href$='house-rules/']")
    page.wait_for_url("**/house-rules/")
    page.wait_for_selector(".hr-actions:not([hidden])")
    page.check("#hr-extra-skip")
    assert [r[:3] for r in hands_shown(page)] == engine_rows("foster+skip")
    assert page.url.endswith("house-rules/?extra=skip")


NOTE = ("This link asked for {}, which the rulebook does not offer. What is not offered is left out: where it was a "
        "choice, Foster’s rule stands, and the link to this rulebook no longer asks for it.")


def reopened(visit, link: str):
    """*link* opened in a page of its own."""
    other = visit.page.context.new_page()
    other.goto(link, wait_until="networkidle")
    return other


def test_a_link_with_unknown_values_drops_them_with_a_note_and_keeps_fosters_rules(visit):
    page = visit.goto(PATH + "?smaller-hands-jack=full&base=nonsense&extra=blaze&extra=unicorn&colour=red"
                             "&straddle=no")
    # What the form does not offer is left out; Foster's rule stands for a choice, nothing for an extra hand.
    assert page.is_checked("#hr-smaller-hands-jack-no") and page.is_checked("#hr-base-foster")
    assert page.is_checked("#hr-extra-blaze") and page.is_checked("#hr-straddle-no")
    assert page.inner_text("#hr-dropped") == NOTE.format(
        "“colour=red”; “full” for “Jack-pots after a smaller hand is shown in a call”; “nonsense” for “The rank of "
        "hands”; “unicorn” for “Extra hands played”")
    book = rulebook(page)
    assert "[The table’s choice: no jack-pot after smaller hands]" in book
    assert [r[:3] for r in hands_shown(page)] == engine_rows("foster+blaze")
    # The page's own link asks for what is on screen, and reproduces it.
    link = page.input_value("#hr-link")
    assert link == page.url and link.endswith("house-rules/?extra=blaze&straddle=no")
    other = reopened(visit, link)
    assert rulebook(other) == book and other.is_hidden("#hr-dropped")


def test_a_link_with_malformed_values_keeps_the_first_of_each_and_fosters_rule_for_the_rest(visit):
    page = visit.goto(PATH + "?base=early&base=no-straights&four-card-openers=%FF&table=The+Tuesday+table"
                             "&table=The+other+table&corner=")
    assert page.is_checked("#hr-base-early") and page.is_checked("#hr-four-card-openers-no")
    assert page.input_value("#hr-table") == "The Tuesday table"
    assert page.inner_text("#hr-dropped") == NOTE.format(
        "“The other table” for “The table’s name”; “\ufffd” for “Four cards of a flush or straight as openers”; "
        "“no-straights” for “The rank of hands”")
    link = page.input_value("#hr-link")
    assert link.endswith("house-rules/?table=The+Tuesday+table&base=early")
    assert rulebook(reopened(visit, link)) == rulebook(page)


def test_bidi_and_invisible_characters_in_a_link_are_removed_before_they_reach_the_rulebook(visit):
    page = visit.goto(PATH + "?table=The+%E2%80%AETuesday%E2%80%AC+table&blind=one+wh%E2%80%8Bite%E2%81%A6+chip"
                             "&date=%1B%5B31m1+May")
    assert page.input_value("#hr-table") == "The Tuesday table"
    assert page.inner_text("#rulebook h2") == "House rules of The Tuesday table"
    law = page.inner_text("#rule-7")
    assert "for the amount of the blind [The table’s choice: one white chip], for the ante in jack-pots" in law
    assert page.evaluate(r"/[\u0000-\u0008\u000b-\u001f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/.test("
                         "document.getElementById('rulebook').textContent)") is False
    assert page.is_hidden("#hr-dropped")
    link = page.input_value("#hr-link")
    assert link.endswith("house-rules/?table=The+Tuesday+table&date=%5B31m1+May&blind=one+white+chip")
    assert rulebook(reopened(visit, link)) == rulebook(page)
