"""The preview images a pasted link shows (issue 35, item 8): og:image for the home page, each work and
each law, 1200×630 PNG drawn at build time in the edition's own type, the same bytes every build."""
from __future__ import annotations

import html
import io
import re

from PIL import Image

from edition.site.exports import previews
from tests.helpers import DAY, SITE_URL, VERSION


def _meta(page: str) -> dict[str, str]:
    return {m[0]: html.unescape(m[1]) for m in re.findall(r'<meta (?:property|name)="((?:og|twitter):[^"]+)" '
                                                           r'content="([^"]*)"', page)}


def test_the_edition_each_work_and_each_law_have_a_preview(real_edition):
    found = [p.path for p in previews.every_preview(real_edition)]
    assert found[:5] == ["previews/edition.png", "previews/foster.png", "previews/britannica.png", "previews/hoyle.png",
                         "previews/keller.png"]
    assert found[5:] == [f"previews/laws/{n}.png" for n in range(1, 78)]


def test_a_laws_preview_shows_its_number_section_words_and_book_and_says_them_in_its_alternative_text(real_edition):
    law = real_edition.laws[77]
    p = previews.law_preview(law, real_edition.works["foster"], real_edition.record)
    assert (p.kicker, p.title, p.subtitle, p.foot) == ("Draw Poker: The Laws and the Literature", "Law 77", "Disputes",
                                                       f"R. F. Foster, Practical Poker (1905) · version {VERSION}, "
                                                       f"{DAY}")
    assert p.alt == ("Law 77 — Disputes. Any dispute as to matters of fact should be left to the decision of the "
                     "majority of the players, the dealer having the casting vote if it is otherwise a tie, he being "
                     f"one of the disputants. R. F. Foster, Practical Poker (1905) · version {VERSION}, {DAY}.")


def test_a_preview_is_a_1200_by_630_png_and_the_same_bytes_when_drawn_again(real_edition):
    p = previews.work_preview(real_edition.works["hoyle"], real_edition.record)
    one, two = p.png(), p.png()
    assert one == two and Image.open(io.BytesIO(one)).size == (1200, 630) and one[:4] == b"\x89PNG"
    assert p.alt.startswith("Hoyle’s Games Modernized — Edited by Professor Hoffmann. The reading text as it was")


def test_every_page_names_its_preview_image_with_its_alternative_text_and_size(built_site, real_edition):
    cases = {"index.html": "previews/edition.png", "laws/19/index.html": "previews/laws/19.png",
             "foster/laws/index.html": "previews/foster.png", "keller/stakes/index.html": "previews/keller.png",
             "glossary/index.html": "previews/edition.png"}
    for page, image in cases.items():
        meta = _meta((built_site / page).read_text(encoding="utf-8"))
        assert (meta["og:image"], meta["og:image:type"], meta["og:image:width"], meta["og:image:height"],
                meta["twitter:card"], meta["twitter:image"]) == (SITE_URL + image, "image/png", "1200", "630",
                                                                 "summary_large_image", SITE_URL + image), page
        assert meta["og:image:alt"] == meta["twitter:image:alt"] and len(meta["og:image:alt"]) > 40, page
        assert Image.open(built_site / image).size == (1200, 630), image
    law = _meta((built_site / "laws/19/index.html").read_text(encoding="utf-8"))
    assert law["og:image:alt"].startswith("Law 19 — Misdealing. If any card is faced in dealing")
    # The file the build wrote is the image drawn afresh from the edition: the same bytes every build.
    p = previews.law_preview(real_edition.laws[19], real_edition.works["foster"], real_edition.record)
    assert (built_site / "previews/laws/19.png").read_bytes() == p.png()


def test_a_cards_colours_are_the_paper_and_ten_shades_of_each_colour_it_draws_in():
    from edition.site.exports import images
    png = images.preview("Kicker", "Law 1", "Subtitle", "Some words of the law.", "Foot")
    card = Image.open(io.BytesIO(png))
    assert card.mode == "P"
    used = sorted(i for _, i in card.getcolors())
    palette = card.getpalette()[:3 * 31]
    colours = [tuple(palette[3 * i:3 * i + 3]) for i in range(31)]
    # The paper first; then the rule's shades (drawn first), the grey's (the kicker), the ink's (the title).
    assert colours[0] == images.PAPER
    assert (colours[10], colours[20], colours[30]) == (images.RULE, images.GREY, images.INK)
    assert colours[5] == (200, 194, 180)  # half-way from the paper to the rule
    assert used[0] == 0 and used[-1] == 30 and len(used) <= 31
    # The corner is paper; the outer rule, three pixels wide, is the rule's colour itself.
    assert card.getpixel((5, 5)) == 0 and card.getpixel((31, 100)) == 10
