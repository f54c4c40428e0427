"""A long witness is shown in parts of a reasonable size; every link to one of its lines goes straight
to the part that shows the line; its page lists the parts with their lines."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.corpus_pins import WITNESS_PARTS

pytestmark = pytest.mark.site

LIMIT = 150_000  # bytes of HTML a witness page may have (issue 14: a reasonable size on a phone)
LINE_LINK = re.compile(r'href="([^"]*witnesses/(\d{3})/(?:(lines-(\d+)-(\d+))/)?#L(\d+))"')


def test_no_witness_page_is_above_the_size_limit(built_site: Path):
    sizes = {str(p.relative_to(built_site)): p.stat().st_size for p in (built_site / "witnesses").rglob("index.html")}
    # each witness's page; a long one's is its list of parts, with a page for each part
    assert len(sizes) == sum(1 + (n if n > 1 else 0) for n in WITNESS_PARTS.values())
    assert {page: size for page, size in sizes.items() if size > LIMIT} == {}


def test_the_long_witness_is_split_where_chapters_begin_and_every_line_is_in_one_part(real_edition):
    parts = real_edition.witness_parts["000"]
    assert [(p.first, p.last) for p in parts][:3] == [(1, 349), (350, 611), (612, 914)]
    assert parts[0].chapters == ("Title page and Contents", "Introduction", "Historical", "The Laws of Poker")
    assert [p.first for p in parts[1:]] == [p.last + 1 for p in parts[:-1]] and parts[-1].last == 2756
    assert {wid: len(ps) for wid, ps in real_edition.witness_parts.items()} == WITNESS_PARTS


def test_every_link_to_a_line_of_a_witness_goes_to_the_part_that_shows_it(built_site: Path, real_edition):
    parts = {wid: [(p.first, p.last) for p in ps] for wid, ps in real_edition.witness_parts.items()}
    seen, wrong = 0, []
    for page in built_site.rglob("*.html"):
        for href, wid, part, first, last, line in LINE_LINK.findall(page.read_text(encoding="utf-8")):
            seen += 1
            n = int(line)
            if len(parts[wid]) == 1 and not part:
                continue
            if not part or not int(first) <= n <= int(last) or (int(first), int(last)) not in parts[wid]:
                wrong.append(f"{page.relative_to(built_site)}: {href}")
    assert seen > 400 and wrong == []


def test_the_long_witness_page_lists_its_parts_with_their_lines(built_site: Path):
    html = (built_site / "witnesses" / "000" / "index.html").read_text(encoding="utf-8")
    assert ('<li><a href="lines-1-349/" data-first="1" data-last="349">Lines 1–349</a>: Title page and Contents; '
            'Introduction; Historical; The Laws of Poker</li>') in html
    assert '<a href="lines-2608-2756/" data-first="2608" data-last="2756">Lines 2,608–2,756</a>' in html
    part = (built_site / "witnesses" / "000" / "lines-350-611" / "index.html").read_text(encoding="utf-8")
    assert 'id="L349"' not in part and 'id="L350"' in part and 'id="L611"' in part and 'id="L612"' not in part
