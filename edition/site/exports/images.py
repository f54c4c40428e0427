"""Pictures drawn from the edition's own type (exports/fonts.py) with Pillow: the preview image a
pasted link shows (Open Graph, 1200×630) and each EPUB's cover (the title page in pictures).

A picture is a list of ``Line``s set on a paper-coloured card between rules: each line in a size,
weight and style, wrapped to the card's width (and cut with an ellipsis after ``max_lines``). Each
glyph is drawn in the first face of the chain that has it (fonts.face_for), as a browser would; the
layout is Pillow's basic one (no shaping library, which a machine may or may not have), and the PNG
(a palette: the paper and ten shades of each colour) is written without a date, so that the same words
give the same bytes.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from io import BytesIO

import PIL
from PIL import Image, ImageChops, ImageDraw, ImageFont

from . import fonts

PAPER, INK, GREY, RULE = (251, 248, 240), (24, 24, 24), (92, 88, 80), (150, 140, 120)
PREVIEW_SIZE = (1200, 630)
COVER_SIZE = (1200, 1800)


def pillow_version() -> str:
    return PIL.__version__


@dataclass(frozen=True)
class Line:
    text: str
    size: int  # in pixels
    weight: int = 400
    italic: bool = False
    colour: tuple[int, int, int] = INK
    max_lines: int = 1
    space_after: float = 0.5  # in ems of this line's size
    centre: bool = False


@cache
def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.BASIC)


@cache
def _has(face: fonts.Face, ch: str) -> bool:
    """Whether *face*'s font has a glyph for *ch* (its drawing differs from the missing glyph's)."""
    if ch.isspace():
        return True
    font = _font(str(face.path), 40)
    return _drawn(font, ch) != _drawn(font, "\U000f0000")


def _drawn(font: ImageFont.FreeTypeFont, ch: str) -> tuple:
    """A glyph as drawn: its box and its pixels."""
    image = Image.new("L", (80, 80))
    ImageDraw.Draw(image).text((10, 10), ch, font=font, fill=255)
    return font.getbbox(ch), image.tobytes()


@cache
def _face(ch: str, weight: int, italic: bool) -> fonts.Face:
    return fonts.face_for(ch, weight, italic, _has)


def _runs(text: str, weight: int, italic: bool) -> list[tuple[fonts.Face, str]]:
    """The text cut into runs, each in the face that has its glyphs."""
    runs: list[tuple[fonts.Face, str]] = []
    for ch in text:
        face = _face(ch, weight, italic)
        if runs and runs[-1][0] == face:
            runs[-1] = (face, runs[-1][1] + ch)
        else:
            runs.append((face, ch))
    return runs


@lru_cache(maxsize=4096)  # the same words, letters and pairs of letters, measured again and again
def _width(text: str, line: Line) -> float:
    return sum(_font(str(f.path), line.size).getlength(t) for f, t in _runs(text, line.weight, line.italic))


def _width_with(before: str, before_width: float, after: str, line: Line) -> float:
    """The width of *before* + *after*, *before*'s being *before_width*. The basic layout sets each glyph
    at its own advance and kerns each pair of neighbours alone, so the two widths add up but for the pair
    where they meet, which is measured by itself: the same figure, exactly (widths are whole 64ths of a
    pixel), as measuring the whole again, which made wrapping a line cost as the square of its length."""
    meet = before[-1] + after[0]
    return (before_width + _width(after, line)
            + _width(meet, line) - _width(before[-1], line) - _width(after[0], line))


@cache
def wrap(line: Line, width: int) -> tuple[str, ...]:
    """The line's text in lines no wider than *width*, at most ``max_lines`` (the last cut with "…"); kept,
    as a card wraps a line twice: to measure its block's height, then to draw it."""
    out: list[str] = []
    words = line.text.split()
    current, current_width = "", 0.0
    for i, word in enumerate(words):
        trial = f"{current} {word}".strip()
        trial_width = _width_with(current, current_width, f" {word}", line) if current else _width(trial, line)
        if trial_width <= width or not current:
            current, current_width = trial, trial_width
            continue
        out.append(current)
        current, current_width = word, _width(word, line)
        if len(out) == line.max_lines:
            rest = " ".join(words[i:])
            last = out[-1]
            while last and _width(last + " …", line) > width:
                last = last.rsplit(" ", 1)[0] if " " in last else ""
            out[-1] = (last + " …") if rest else last
            return tuple(out)
    if current:
        out.append(current)
    return tuple(out)


def _draw_text(draw: Callable[[tuple[int, int, int]], ImageDraw.ImageDraw], x: float, y: float, text: str,
               line: Line) -> None:
    for face, run in _runs(text, line.weight, line.italic):
        font = _font(str(face.path), line.size)
        draw(line.colour).text((x, y), run, font=font, fill=255)
        x += font.getlength(run)


LEVELS = 10  # the shades of each colour between the paper and the colour itself (its text's smoothed edges)


def _palette_image(size: tuple[int, int], layers: dict[tuple[int, int, int], Image.Image]) -> Image.Image:
    """The card as a palette image: the paper, then for each colour (in the order first drawn) LEVELS
    shades from the paper to it, a pixel taking the shade nearest its cover in that colour's layer. The
    palette is fixed by the colours, not searched for (a median cut over every pixel cost most of a card's
    time), so the same words give the same bytes."""
    palette = list(PAPER)
    out = Image.new("L", size, 0)
    for n, (colour, layer) in enumerate(layers.items()):
        palette += [round(p + (c - p) * k / LEVELS)
                    for k in range(1, LEVELS + 1) for p, c in zip(PAPER, colour, strict=True)]
        levels = [round(v * LEVELS / 255) for v in range(256)]  # a cover of 0 to 255 as a shade 0 to LEVELS
        shade = [n * LEVELS + level if level else 0 for level in levels]
        out = ImageChops.lighter(out, layer.point(shade))
    image = Image.frombytes("P", size, out.tobytes())
    image.putpalette(palette)
    return image


def card(size: tuple[int, int], top: list[Line], middle: list[Line], foot: list[Line]) -> bytes:
    """A card: *top* under the upper rule, *middle* below it, *foot* above the lower rule."""
    w, h = size
    margin = round(w * 0.07)
    layers: dict[tuple[int, int, int], Image.Image] = {}

    def draw(colour: tuple[int, int, int]) -> ImageDraw.ImageDraw:
        """A pen in *colour*: it draws its cover of each pixel (0 to 255) on that colour's own layer."""
        if colour not in layers:
            layers[colour] = Image.new("L", size, 0)
        return ImageDraw.Draw(layers[colour])

    inset = round(w * 0.025)
    draw(RULE).rectangle([inset, inset, w - inset - 1, h - inset - 1], outline=255, width=3)
    draw(RULE).rectangle([inset + 10, inset + 10, w - inset - 11, h - inset - 11], outline=255, width=1)
    width = w - 2 * margin

    def block(lines: list[Line], y: float) -> float:
        for line in lines:
            for text in wrap(line, width):
                x = margin + ((width - _width(text, line)) / 2 if line.centre else 0)
                _draw_text(draw, x, y, text, line)
                y += line.size * 1.22
            y += line.size * line.space_after
        return y

    def height(lines: list[Line]) -> float:
        return sum(len(wrap(ln, width)) * ln.size * 1.22 + ln.size * ln.space_after for ln in lines)

    y = block(top, margin * 0.8)
    rule_y = y + 4
    draw(RULE).line([margin, rule_y, w - margin, rule_y], fill=255, width=2)
    foot_y = h - margin * 0.8 - height(foot)
    draw(RULE).line([margin, foot_y - 14, w - margin, foot_y - 14], fill=255, width=2)
    block(middle, rule_y + (foot_y - 14 - rule_y - height(middle)) / 2)
    block(foot, foot_y)
    out = BytesIO()
    # zlib's level 6: level 9 made the images about 6 % smaller for three times the cost of writing them.
    _palette_image(size, layers).save(out, "PNG", compress_level=6)
    return out.getvalue()


def preview(kicker: str, title: str, subtitle: str, words: str, foot: str) -> bytes:
    """A link's preview image (1200×630): the edition's name, the page's title (and subtitle), some
    of its words, and a foot line (the work it is from, the version)."""
    middle = [Line(title, 64, 700, space_after=0.2, max_lines=2)]
    middle += [Line(subtitle, 46, 400, True, space_after=0.45, max_lines=2)] if subtitle else []
    middle += [Line(words, 32, colour=GREY, max_lines=4, space_after=0)] if words else []
    return card(PREVIEW_SIZE, [Line(kicker.upper(), 26, 700, colour=GREY, space_after=0.3)], middle,
                [Line(foot, 26, colour=GREY, space_after=0, max_lines=2)])


def cover(title: str, byline: list[str], holds: str, edition: str, version_line: str) -> bytes:
    """An EPUB's cover: its title page in pictures (the same words as title.xhtml)."""
    middle = [Line(title, 104, 700, space_after=0.5, max_lines=4, centre=True)]
    middle += [Line(b, 52, italic=True, space_after=0.3, centre=True, max_lines=3) for b in byline]
    middle += [Line(holds, 40, colour=GREY, space_after=0, max_lines=4, centre=True)] if holds else []
    return card(COVER_SIZE, [Line(edition, 40, 700, colour=GREY, centre=True, max_lines=3, space_after=0.2)],
                middle, [Line(version_line, 36, colour=GREY, centre=True, space_after=0, max_lines=2)])
