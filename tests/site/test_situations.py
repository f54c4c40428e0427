"""The rulings (issue 32): each situation of content/situations.yml at its own permanent address
(situations/<slug>/), put as a question and answered by its law's deciding words, with the law named in
its title and preview, which law applies when, the other laws, the other authorities on the question,
the terms and "Share this ruling"; the list of them all by phase of play (situations/, each under its
old anchor); the guided way in (what-happened/), every situation three links from the home page; and
each law's page listing the questions it answers."""
from __future__ import annotations

import html
import re
from collections import deque
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
import yaml
from lxml import html as lxml_html

from edition.model.anchors import read_lock
from tests.corpus_pins import SITUATIONS
from tests.helpers import SITE_URL

pytestmark = pytest.mark.site

ROOT = Path(__file__).resolve().parents[2]


def read(site: Path, address: str) -> str:
    return html.unescape((site / address / "index.html").read_text(encoding="utf-8"))


def article(page: str):
    return lxml_html.fromstring(page).xpath('//article[contains(@class, "md-content__inner")]')[0]


def meta(page: str, prop: str) -> str:
    found = lxml_html.fromstring(page).xpath(f'//meta[@property="{prop}" or @name="{prop}"]/@content')
    return found[0] if found else ""


def test_every_situation_has_its_own_page_titled_by_its_question_and_its_law(built_site, real_edition):
    assert len(real_edition.situations) == SITUATIONS
    for s in real_edition.situations:
        page = read(built_site, f"situations/{s.slug}")
        h1 = article(page).xpath("//h1")[0].text_content().removesuffix("¶")  # (its permanent link)
        assert h1 == s.question.replace("'", "’"), s.slug
        named = f"Law {s.laws[0]}" if s.laws else "Foster, "
        title = lxml_html.fromstring(page).findtext(".//title")
        assert title.startswith(f"{s.question.replace(chr(39), '’')} — {named}"), (s.slug, title)
        # a pasted link's preview: the question and the law, at the permanent address
        assert meta(page, "og:title") == title.split(" - ")[0]
        assert meta(page, "og:description").startswith(s.question.replace("'", "’") + " "), s.slug
        assert meta(page, "og:url") == f"{SITE_URL}situations/{s.slug}/"


def test_a_situation_page_quotes_the_deciding_words_and_links_the_law_and_the_way_back(built_site):
    page = read(built_site, "situations/card-exposed-in-the-deal")
    body = lxml_html.tostring(article(page), encoding="unicode")
    body = html.unescape(body)
    assert ('<p class="situation-rule"><a href="../../laws/19/"><strong>Law 19</strong></a> of Foster’s '
            '<em>Laws of Poker</em> (1905) decides it:</p>') in body
    assert re.search(r'<p class="situation-decides">“…the player must accept the faced card, provided it was not '
                     r'faced in the pack[^”]*new deal”</p>', body)
    assert 'The whole of <a href="../../laws/19/">Law 19</a>: “If any card is faced in dealing it' in body
    assert '<a href="../../what-happened/">What happened?</a> › <a href="../../what-happened/seats-and-deal/">' in body
    assert '<a href="../#card-exposed-in-the-deal">Every question, by phase of play</a>' in body
    assert meta(page, "og:title") == "What if a card is exposed while the cards are dealt? — Law 19"
    assert meta(page, "og:description").startswith(
        "What if a card is exposed while the cards are dealt? Law 19 of Foster’s Laws of Poker (1905): “the player "
        "must accept the faced card")


def test_the_other_authorities_are_given_on_the_question_with_their_passages(built_site, real_edition):
    words = {"agrees": "agrees", "differs": "differs", "goes-further": "goes further",
             "silent": "is silent on this point"}
    for s in real_edition.situations:
        page = article(read(built_site, f"situations/{s.slug}"))
        items = page.xpath('//h2[@id="other-authorities"]/following-sibling::ul[1]/li')
        assert len(items) == len(s.authorities), s.slug
        for li, a in zip(items, s.authorities, strict=True):
            text = " ".join(li.text_content().split())
            assert re.match(rf"{re.escape(a.name)} \(.+?\) {words[a.relation]}", text), (s.slug, text)
            places = [x for x in li.xpath(".//a") if "/laws/" not in x.get("href")]  # (a note's laws are linked)
            assert len(places) == len(a.quotes), (s.slug, a.work)  # each passage linked to its place
        assert "foster" not in [a.work for a in s.authorities]  # the law's own work is quoted above


def test_share_this_ruling_holds_the_question_the_words_the_law_and_the_permanent_address(built_site, real_edition):
    for s in real_edition.situations:
        page = article(read(built_site, f"situations/{s.slug}"))
        [text] = page.xpath('//section[@class="share-ruling"]/pre[@class="share-text"]')
        lines = text.text_content().split("\n")
        assert lines.pop(0) == s.question.replace("'", "’"), s.slug
        assert lines.pop() == f"{SITE_URL}situations/{s.slug}/"
        if s.answer:  # the author's words that answer or complete it, and where they are
            assert lines.pop().startswith("— Foster, Practical Poker (1905), “"), s.slug
            del lines[-len(s.answer):]
        if s.laws:
            if s.when:  # which of the two laws applies when
                assert lines.pop() == "Which law applies: " + "; ".join(
                    f"Law {w.law} {w.condition.replace(chr(39), '’')}" for w in s.when) + ".", s.slug
            assert lines.pop() == f"— Foster’s Laws of Poker (1905), Law {s.laws[0]}", s.slug
            assert len(lines) == 1 and lines[0].startswith("“") and lines[0].endswith("”"), s.slug
        assert lines == [] or s.laws, s.slug
    assert ("What if a card is exposed while the cards are dealt?\n“…the player must accept the faced card, provided "
            "it was not faced in the pack; but if two cards are exposed in the same deal, even to different players, "
            f"there must be a new deal”\n— Foster’s Laws of Poker (1905), Law 19\n"
            f"{SITE_URL}situations/card-exposed-in-the-deal/") in read(built_site,
                                                                         "situations/card-exposed-in-the-deal")


def test_the_list_keeps_every_situations_old_anchor_linked_to_its_page_by_phase(built_site, real_edition):
    page = article(read(built_site, "situations"))
    items = page.xpath('//div[contains(@class, "situation-list")]//li[@id]')
    assert [li.get("id") for li in items] == [s.slug for p in real_edition.situation_phases
                                              for s in real_edition.situations if s.phase == p.slug]
    for li in items:
        assert li.xpath("a")[0].get("href") == f"{li.get('id')}/"
    headings = [h.text_content().rstrip("¶") for h in page.xpath('//h2[starts-with(@id, "phase-")]')]
    assert headings == [p.title for p in real_edition.situation_phases
                        if any(s.phase == p.slug for s in real_edition.situations)]
    lock = set(read_lock(ROOT / "content" / "anchors.lock"))
    assert {f"situations/#{s.slug}" for s in real_edition.situations} <= lock
    assert {f"situations/{s.slug}/" for s in real_edition.situations} <= lock


def _links(site: Path, address: str) -> set[str]:
    """The addresses the plain links of a page's article lead to (no script needed)."""
    page = article((site / address / "index.html").read_text(encoding="utf-8"))
    out = set()
    for href in page.xpath(".//a/@href"):
        to = urlparse(urljoin("https://site.invalid/" + address, href))
        if to.netloc == "site.invalid":
            out.add(to.path.lstrip("/"))
    return out


def test_every_situation_is_three_plain_links_from_the_home_page(built_site, real_edition):
    """Home → What happened? → a phase of play → the situation: the links of the pages' articles only
    (what a reader taps on a phone, without the navigation drawer)."""
    depth = {"": 0}
    queue = deque([""])
    while queue:
        at = queue.popleft()
        if depth[at] == 3 or not (built_site / at / "index.html").exists():
            continue
        for to in _links(built_site, at):
            if to not in depth and (to.startswith(("what-happened/", "situations/")) or depth[at] == 0):
                depth[to] = depth[at] + 1
                queue.append(to)
    assert depth["what-happened/"] == 1
    far = {s.slug: depth.get(f"situations/{s.slug}/") for s in real_edition.situations}
    assert {slug: d for slug, d in far.items() if d is None or d > 3} == {}


def test_the_guided_pages_say_what_they_are_for_in_plain_words(built_site):
    page = read(built_site, "what-happened")
    title = lxml_html.fromstring(page).findtext(".//title")
    assert title.startswith("What happened? Find the ruling for a dispute at the table")
    text = " ".join(article(page).text_content().split())
    assert "A dispute at the table? Find the ruling in three taps" in text
    assert "When did it happen?" in text


def test_each_law_page_lists_the_questions_it_answers(built_site, real_edition):
    for n in real_edition.laws:
        answers = [s for s in real_edition.situations if n in s.answering]
        page = article(read(built_site, f"laws/{n}"))
        listed = page.xpath('//h2[@id="questions"]/following-sibling::ul[1]/li/a')
        assert [(a.text_content(), a.get("href")) for a in listed] == \
            [(s.question.replace("'", "’"), f"../../situations/{s.slug}/") for s in answers], n
    law_19 = read(built_site, "laws/19")
    assert "Questions this law answers" in law_19
    assert '<a href="../../situations/card-exposed-in-the-deal/">What if a card is exposed while the cards are dealt?' \
        in law_19


def test_the_search_index_holds_each_situations_page_under_its_title(built_site, real_edition):
    import json
    docs = {d["location"]: d for d in json.loads((built_site / "search" / "search_index.json").read_bytes())["docs"]}
    for s in real_edition.situations:
        assert docs[f"situations/{s.slug}/"]["title"] == s.question.replace("'", "’"), s.slug
    entry = docs["situations/card-exposed-in-the-deal/"]
    assert entry["questions"] == ("a card turned face up as it was dealt; the dealer flashed a card; two cards flipped "
                                  "in the same deal; do I have to keep a card dealt face up; can’t refuse a card dealt "
                                  "face up")
    assert entry["law"] == 19 and entry["text"].startswith("<p>the player must accept the faced card")  # the deciding
    # words of its law, no other law's and no other authority's
    assert "what-happened/" in docs
    assert [loc for loc in docs if loc.startswith("what-happened/") and loc.split("#")[0] != "what-happened/"] == []
    assert not any(loc.startswith("situations/#") or loc == "situations/" for loc in docs)  # nor is the list


def test_a_situation_pages_front_matter_is_valid_yaml_whatever_its_question_holds(real_edition):
    from edition.site.registry import page_markdown
    md = page_markdown(real_edition, "situations/card-exposed-in-the-deal.md")
    front = yaml.safe_load(md.split("---\n")[1])
    assert front["title"] == "What if a card is exposed while the cards are dealt? — Law 19"


def test_which_law_applies_when_is_said_and_the_laws_it_names_are_not_listed_again(built_site):
    page = read(built_site, "situations/too-many-cards")
    assert ('<li><a href="../../laws/22/">Law 22</a> if he finds it before he has lifted or looked at his cards, and '
            "no one before him has anted.</li>") in page
    assert ('<li><a href="../../laws/20/">Law 20</a> if he has lifted or looked at any of his cards: the hand is '
            "foul.</li>") in page
    assert 'id="other-laws"' not in page
    assert ("Which law applies: Law 22 if he finds it before he has lifted or looked at his cards, and no one before "
            "him has anted; Law 23 if anyone has anted already") in page


def test_fosters_own_words_complete_an_answer_his_laws_leave_short(built_site):
    page = read(built_site, "situations/showing-openers")
    assert '<p class="situation-rule">Foster adds, in <em>Practical Poker</em>:</p>' in page
    assert ("“The rule is, that if no one has come in against him, he must show his entire hand; but if anyone has "
            "come in against him, and they draw cards, the opener need show openers only.” "
            '(<a href="../../foster/disputed-rules/#para-') in page


def _situation(edition, slug):
    return next(s for s in edition.situations if s.slug == slug)


def _relations(edition, slug) -> dict[str, str]:
    return {a.work: a.relation for a in _situation(edition, slug).authorities}


# The data the pages show (issue 32, items 2 and 5; written by the engineer of content/situations.yml).

def test_every_law_answers_a_situation_or_is_set_aside_with_its_reason_never_both(real_edition):
    count = next(w.laws for w in real_edition.works.values() if w.laws)
    answering = {n for s in real_edition.situations for n in s.answering}
    aside = {e.law: e.reason for e in real_edition.not_at_the_table}
    assert answering | set(aside) == set(range(1, count + 1)) and not answering & set(aside)
    assert all(aside.values())
    # the gaps issue 32 names each answer a situation of their own
    first = {s.laws[0] for s in real_edition.situations if s.laws}
    assert {20, 29, 49, 59, 65} <= first
    assert _situation(real_edition, "helped-out-of-turn").laws == (50,)
    assert _situation(real_edition, "looked-at-six-cards").laws == (20,)


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
