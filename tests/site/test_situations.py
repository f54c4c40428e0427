"""The page "What is the rule when…" (situations/, from content/situations.yml): each situation at its
own address, put as a question, answered by its law quoted whole and linked, the other laws named,
the other authorities' rule from the concordance, and the terms; its questions in the search index."""
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
    assert slugs == [s.slug for s in real_edition.situations] and len(slugs) == 47
    assert slugs[:3] == ["card-exposed-in-the-deal", "card-faced-in-the-pack", "card-exposed-in-the-cut"]


def test_a_situation_is_a_question_answered_by_its_law_quoted_whole_and_linked(page):
    s = section(page, "card-exposed-in-the-deal")
    assert s.startswith('<h2 id="card-exposed-in-the-deal">What if a card is exposed while the cards are dealt?')
    assert ('<p class="situation-law"><a href="../laws/19/"><strong>Law 19</strong></a>: “If any card is faced in '
            "dealing it to a player, the player must accept the faced card, provided it was not faced in the pack; "
            "but if two cards are exposed in the same deal, even to different players, there must be a new deal.”"
            "</p>") in s
    assert ('<p class="situation-more">See also <a href="../laws/15/">Law 15</a> (“It is a misdeal if any card is '
            "found faced…”).</p>") in s
    assert ('<p class="situation-asked">Also put as: “a card turned face up as it was dealt”; “the dealer showed a '
            "card dealing the hands”; “a card flashed in the deal”.</p>") in s


def test_the_other_authorities_say_what_the_concordance_quotes_and_the_terms_are_linked(page):
    s = section(page, "card-exposed-in-the-deal")
    assert ('The other authorities, on <a href="../concordance/#card-exposed-in-the-deal">A card exposed in the '
            "deal</a>") in s
    assert ("<li><strong>Britannica (1911)</strong> goes further: “If a card is faced during the deal the player must "
            "accept it; if two are exposed a new deal must ensue.” "
            '(<a href="../britannica/poker/#para-2">Poker, ¶2</a>)</li>') in s
    assert "<li><strong>Hoyle (Hoffmann)</strong> does not treat the point.</li>" in s
    assert "Foster" not in s  # his law is quoted above
    assert ('<p class="situation-terms">Terms: <a href="../glossary/#exposed-cards">Exposed Cards</a>, '
            '<a href="../glossary/#faced-cards">Faced Cards</a>.</p>') in s


def test_a_situation_no_law_rules_is_answered_by_every_authority_including_foster(real_edition):
    tie = next(s for s in situations_data(real_edition)["situations"] if s["slug"] == "a-tie")
    assert tie["law"] is None and tie["more_laws"] == []
    names = [a["name"] for a in tie["points"][0]["authorities"]]
    assert names == ["Foster (1905)", "Britannica (1911)", "Hoyle (Hoffmann)", "Keller (1887)"]


def test_the_situations_are_searched_by_their_questions_and_their_other_phrasings(built_site):
    docs = {d["location"]: d for d in json.loads((built_site / "search" / "search_index.json").read_bytes())["docs"]}
    entry = docs["situations/#card-exposed-in-the-deal"]
    assert entry["title"] == "What if a card is exposed while the cards are dealt?"
    assert entry["questions"] == ("a card turned face up as it was dealt; the dealer showed a card dealing the hands; "
                                  "a card flashed in the deal")
    assert entry["law"] == 19 and entry["text"].startswith("<p>If any card is faced")  # its law's words, no other's
    assert "What if a card is exposed" not in docs["situations/"]["text"]  # the list of questions is not searched
