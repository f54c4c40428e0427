"""The page "What is the rule when…" (situations/, from content/situations.yml): each situation at its
own address, put as a question, answered by its law quoted whole and linked, the other laws named,
each other authority's relation to the question asked in its own words, and the terms; its questions
in the search index."""
from __future__ import annotations

import html
import json
import re

import pytest

from edition.site.situations_page import situations_data

pytestmark = pytest.mark.site


@pytest.fixture(scope="module")
def page(built_site):
    return html.unescape((built_site / "situations" / "index.html").read_text(encoding="utf-8"))


def section(page: str, slug: str) -> str:
    """The HTML of one situation, from its heading to the next."""
    start = page.index(f'<h2 id="{slug}">')
    end = page.find("<h2 ", start + 1)
    return page[start:end if end > 0 else len(page)]


def test_every_situation_of_the_file_has_its_own_address_in_the_files_order(page, real_edition):
    slugs = re.findall(r'<h2 id="([a-z0-9-]+)">', page)
    assert slugs == [s.slug for s in real_edition.situations] and len(slugs) == 100
    assert slugs[:3] == ["how-many-players", "first-dealer", "seats"]


def test_a_situation_is_a_question_answered_by_its_law_quoted_whole_and_linked(page):
    s = section(page, "card-exposed-in-the-deal")
    assert s.startswith('<h2 id="card-exposed-in-the-deal">What if a card is exposed while the cards are dealt?')
    assert ('<p class="situation-law"><a href="../laws/19/"><strong>Law 19</strong></a>: “If any card is faced in '
            "dealing it to a player, the player must accept the faced card, provided it was not faced in the pack; "
            "but if two cards are exposed in the same deal, even to different players, there must be a new deal.”"
            "</p>") in s
    assert ('<p class="situation-more">See also <a href="../laws/15/">Law 15</a> (“It is a misdeal if any card is '
            "found faced…”).</p>") in s
    assert ('<p class="situation-asked">Also put as: “a card turned face up as it was dealt”; “the dealer flashed a '
            "card”; “two cards flipped in the same deal”; “do I have to keep a card dealt face up”.</p>") in s


def test_each_other_authority_stands_on_the_question_asked_in_its_own_words_and_the_terms_are_linked(page):
    s = section(page, "card-exposed-in-the-deal")
    assert ('<div class="situation-authorities">\n<p class="situation-point">The other authorities, on this '
            "question:</p>") in s
    assert ("<li><strong>Britannica (1911)</strong> agrees: “If a card is faced during the deal the player must "
            "accept it; if two are exposed a new deal must ensue.” "
            '(<a href="../britannica/poker/#para-2">Poker, ¶2</a>)</li>') in s
    assert "<li><strong>Hoyle (Hoffmann)</strong> says nothing on it.</li>" in s
    assert ('(<a href="../keller/rules/#para-7">Rules of Draw Poker, ¶7</a>). Keller says nothing of two cards '
            "exposed.</li>") in s
    assert "Foster" not in s  # his law is quoted above
    assert ('<p class="situation-points">The whole matter, every authority side by side: '
            '<a href="../concordance/#card-exposed-in-the-deal">A card exposed in the deal</a>.</p>') in s
    assert ('<p class="situation-terms">Terms: <a href="../glossary/#exposed-cards">Exposed Cards</a>, '
            '<a href="../glossary/#faced-cards">Faced Cards</a>.</p>') in s


def test_which_law_applies_when_is_said_and_the_laws_it_names_are_not_listed_again(page):
    s = section(page, "too-many-cards")
    assert ('<p class="situation-when">Which law applies: <a href="../laws/22/">Law 22</a> if he finds it before he '
            "has lifted or looked at his cards, and no one before him has anted; "
            '<a href="../laws/23/">Law 23</a> if anyone has anted already, or more than one player has six: there '
            'must be a new deal; <a href="../laws/20/">Law 20</a> if he has lifted or looked at any of his cards: the '
            "hand is foul.</p>") in s
    assert "situation-more" not in s


def test_fosters_own_words_complete_an_answer_his_laws_leave_short(page):
    s = section(page, "showing-openers")
    assert ('<p class="situation-law">R. F. Foster adds: “The rule is, that if no one has come in against him, he '
            "must show his entire hand; but if anyone has come in against him, and they draw cards, the opener need "
            'show openers only.” (<a href="../foster/disputed-rules/#para-') in s


def test_a_situation_no_law_rules_is_answered_by_fosters_words_and_the_others_stand_beside_them(real_edition):
    tie = next(s for s in situations_data(real_edition)["situations"] if s["slug"] == "a-tie")
    assert tie["law"] is None and tie["more_laws"] == []
    assert [q["where"] for q in tie["answer"]] == ["Poker Hands, ¶48", "Poker Hands, ¶49"]
    assert [(a["name"], a["relation"]) for a in tie["authorities"]] == [
        ("Britannica (1911)", "agrees"), ("Hoyle (Hoffmann)", "agrees"), ("Keller (1887)", "agrees")]


def test_the_situations_are_searched_by_their_questions_and_their_other_phrasings(built_site):
    docs = {d["location"]: d for d in json.loads((built_site / "search" / "search_index.json").read_bytes())["docs"]}
    entry = docs["situations/#card-exposed-in-the-deal"]
    assert entry["title"] == "What if a card is exposed while the cards are dealt?"
    assert entry["questions"] == ("a card turned face up as it was dealt; the dealer flashed a card; two cards flipped "
                                  "in the same deal; do I have to keep a card dealt face up")
    assert entry["law"] == 19 and entry["text"].startswith("<p>If any card is faced")  # its law's words, no other's
    assert "What if a card is exposed" not in docs["situations/"]["text"]  # the list of questions is not searched


def test_every_law_answers_a_situation_or_is_set_aside_with_its_reason_never_both(real_edition):
    count = next(w.laws for w in real_edition.works.values() if w.laws)
    answering = {n for s in real_edition.situations for n in s.answering}
    aside = {e.law: e.reason for e in real_edition.not_at_the_table}
    assert answering | set(aside) == set(range(1, count + 1)) and not answering & set(aside)
    assert all(aside.values())
    # the gaps issue 32 names each answer a situation of their own
    first = {s.laws[0] for s in real_edition.situations if s.laws}
    assert {20, 29, 49, 59, 65} <= first
    assert next(s for s in real_edition.situations if s.slug == "helped-out-of-turn").laws == (50,)
    assert next(s for s in real_edition.situations if s.slug == "looked-at-six-cards").laws == (20,)


def _situation(edition, slug):
    return next(s for s in edition.situations if s.slug == slug)


def _relations(edition, slug) -> dict[str, str]:
    return {a.work: a.relation for a in _situation(edition, slug).authorities}


def test_each_other_authority_is_judged_on_the_question_not_on_the_concordances_point(real_edition):
    # Each quoted passage gives Law 30's double: they agree on this question (the point's "differs" is elsewhere).
    assert _relations(real_edition, "the-ante") == {"britannica": "agrees", "hoyle": "agrees", "keller": "agrees"}
    # The Britannica restates Laws 51 and 74.
    assert _relations(real_edition, "first-bet-after-the-draw")["britannica"] == "agrees"
    assert _relations(real_edition, "card-exposed-in-the-deal")["britannica"] == "agrees"
    assert _relations(real_edition, "the-age-drops-out") == {"britannica": "differs", "hoyle": "agrees",
                                                             "keller": "agrees"}
    # every authority but the one whose law answers, in the order of content/works.yml, on every situation
    assert all([a.work for a in s.authorities] == ["britannica", "hoyle", "keller"]
               for s in real_edition.situations)
    assert all(a.quotes for s in real_edition.situations for a in s.authorities if a.relation != "silent")


def test_the_six_incomplete_answers_of_issue_32_are_complete(real_edition):
    assert _situation(real_edition, "imperfect-pack").laws[0] == 15
    assert 74 in _situation(real_edition, "bet-not-called").answering
    assert "he must show his entire hand" in _situation(real_edition, "showing-openers").answer[0].text
    assert '"call a sight"' in _situation(real_edition, "cannot-meet-a-bet").answer[0].text
    age = _situation(real_edition, "the-age-drops-out")
    assert age.answering == (52, 30) and "the last straddler has the last say" in age.answer[0].text
    assert "already put up remains in the pool" in _situation(real_edition, "ante-not-made-good").answer[0].text
