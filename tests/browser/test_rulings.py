"""The rulings in Debian's Chromium (issue 32): from the home page to a situation in three taps on a
phone (390x844), with JavaScript and without; "Share this ruling" copies the ruling as its box shows
it; a law's page lists the questions it answers; an old address of a situation opens its page."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import page_at

pytestmark = [pytest.mark.browser, pytest.mark.site]


def curled(text: str) -> str:
    return text.replace("'", "’")


@pytest.fixture(scope="module")
def guided(real_edition):
    """A situation of a phase in the middle of the game (the draw), with its phase."""
    phases = {p.slug: p for p in real_edition.situation_phases}
    s = next(s for s in real_edition.situations if s.phase == "draw")
    return s, phases[s.phase]


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_situation_is_three_taps_from_the_home_page_on_a_phone(browser, server, guided, script):
    situation, phase = guided
    with page_at(browser, server, "phone", has_touch=True, is_mobile=True, java_script_enabled=script) as goto:
        page = goto("/")
        page.locator(".md-content").get_by_role("link", name="What happened?").tap()  # 1
        page.wait_for_url("**/what-happened/")
        choices = page.locator(".md-content .wh-choices a")
        choices.filter(has=page.get_by_text(phase.title, exact=True)).tap()  # 2
        page.wait_for_url(f"**/what-happened/{phase.slug}/")
        choices.filter(has=page.get_by_text(curled(situation.happened), exact=True)).first.tap()  # 3
        page.wait_for_url(f"**/situations/{situation.slug}/")
        heading = page.locator(".md-content h1")
        expect(heading).to_have_text(curled(situation.question) + "¶")  # (and its permanent link)
        expect(page.locator("p.situation-rule")).to_be_visible()
        if not script:
            assert page.locator("button.share-copy").count() == 0
            expect(page.locator("pre.share-text")).to_be_visible()  # the ruling to share, to select by hand


@pytest.mark.parametrize("size", ["phone", "desk"])
def test_share_this_ruling_copies_the_question_the_words_the_law_and_the_address(browser, server, size):
    phone = size == "phone"
    with page_at(browser, server, size, has_touch=phone, is_mobile=phone,
                 permissions=["clipboard-read", "clipboard-write"]) as goto:
        page = goto("/situations/card-exposed-in-the-deal/")
        button = page.locator("button.share-copy")
        expect(button).to_have_text("Copy this ruling")
        button.tap() if phone else button.click()
        expect(button).to_have_text("Copied: paste it into the chat")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == page.locator("pre.share-text").text_content()
        assert copied == (
            "What if a card is exposed while the cards are dealt?\n"
            "“…the player must accept the faced card, provided it was not faced in the pack; but if two cards are "
            "exposed in the same deal, even to different players, there must be a new deal”\n"
            "— Foster’s Laws of Poker (1905), Law 19\n"
            f"{server}situations/card-exposed-in-the-deal/")


def test_where_the_page_may_not_write_to_the_clipboard_the_ruling_is_selected_to_copy(browser, server):
    with page_at(browser, server, "desk") as goto:
        page = goto("/situations/misdeal/")
        page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); }")
        button = page.locator("button.share-copy")
        button.click()
        expect(button).to_have_text("Selected: copy it now")
        assert page.evaluate("getSelection().toString()") == page.locator("pre.share-text").text_content()


def test_a_laws_page_lists_the_questions_it_answers_and_leads_to_them(reader, real_edition):
    s = next(s for s in real_edition.situations if s.slug == "card-exposed-in-the-deal")
    page = reader("/laws/19/")
    expect(page.locator("#questions")).to_have_text("Questions this law answers¶")
    link = page.locator("#questions + ul").get_by_role("link", name=curled(s.question))
    link.tap() if page.size == "phone" else link.click()
    page.wait_for_url("**/situations/card-exposed-in-the-deal/")
    back = page.locator("p.situation-rule").get_by_role("link", name="Law 19")  # and back to the law
    back.tap() if page.size == "phone" else back.click()
    page.wait_for_url("**/laws/19/")


def test_an_old_address_of_a_situation_opens_its_page(browser, server, real_edition):
    misdeal = next(s for s in real_edition.situations if s.slug == "misdeal")
    with page_at(browser, server, "desk") as goto:
        page = goto("/situations/#misdeal")
        page.wait_for_url("**/situations/misdeal/")
        expect(page.locator(".md-content h1")).to_have_text(curled(misdeal.question) + "¶")
