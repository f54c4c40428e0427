"""The edition's own type, for everything it prints or draws (the PDFs, the preview images, the EPUB
covers): font files from npm packages pinned by package-lock.json, never the machine's fonts, so that
the same edition gives the same bytes on any machine with the same Chromium and Pillow.

- **EB Garamond** (``@fontsource/eb-garamond``, SIL Open Font License): the book face. Its files
  are cut by Unicode range (latin, latin-ext), as the package's ``unicode.json`` says;
- **DejaVu Serif** and **DejaVu Sans** (``dejavu-fonts-ttf``, the DejaVu licence): the signs EB
  Garamond lacks and the texts print (⅓, ⅔, ≈, the suits ♠ ♥ ♦ ♣; ✓ and ✗ from the Sans), in
  that order: a browser falls back from face to face, glyph by glyph, and ``face_for`` does the same
  for the images;
- **DejaVu Sans Mono**: the few lines set in a fixed face.

``css()`` declares them for a printed page and sets the page's families to them only, so that no
glyph falls through to a font of the machine (tests/site/test_downloads.py reads each PDF's fonts).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ...texts.errors import EditionError

ROOT = Path(__file__).resolve().parents[3]
NODE = ROOT / "node_modules"
GARAMOND = NODE / "@fontsource" / "eb-garamond"
DEJAVU = NODE / "dejavu-fonts-ttf" / "ttf"
BOOK, SERIF, SANS, MONO = "Edition Garamond", "Edition DejaVu Serif", "Edition DejaVu Sans", "Edition DejaVu Mono"
#: The families a printed page sets its text in, in their order of fallback.
TEXT_FAMILIES = (BOOK, SERIF, SANS)
#: The npm packages the faces come from (package.json pins them).
PACKAGES = ("@fontsource/eb-garamond", "dejavu-fonts-ttf")


@dataclass(frozen=True)
class Face:
    family: str
    path: Path
    weight: int = 400
    italic: bool = False
    unicode_range: str = ""  # as CSS writes it ("U+0000-00FF,U+0131"); "" for the whole font

    @property
    def css_format(self) -> str:
        return {".woff2": "woff2", ".woff": "woff", ".ttf": "truetype"}[self.path.suffix]


def _garamond(subset: str, weight: int, italic: bool) -> Face:
    ranges = json.loads((GARAMOND / "unicode.json").read_text(encoding="utf-8"))
    style = "italic" if italic else "normal"
    return Face(BOOK, GARAMOND / "files" / f"eb-garamond-{subset}-{weight}-{style}.woff2", weight, italic,
                ranges[subset])


@cache
def faces() -> tuple[Face, ...]:
    """Every face the printed pages and the images may use (an EditionError naming the package when
    its files are missing)."""
    missing = [p for p in (GARAMOND / "unicode.json", DEJAVU / "DejaVuSerif.ttf") if not p.exists()]
    if missing:
        raise EditionError(str(missing[0].relative_to(ROOT)), None,
                           "the downloads are set in the edition's own type, from npm packages "
                           f"({', '.join(PACKAGES)}), and their files are missing",
                           "run scripts/node-packages.sh (make build runs it)")
    out = [_garamond(subset, weight, italic) for weight in (400, 700) for italic in (False, True)
           for subset in ("latin", "latin-ext")]
    for family, stem in ((SERIF, "DejaVuSerif"), (SANS, "DejaVuSans"), (MONO, "DejaVuSansMono")):
        italic_name = "Italic" if family == SERIF else "Oblique"
        out += [Face(family, DEJAVU / f"{stem}.ttf"), Face(family, DEJAVU / f"{stem}-Bold.ttf", 700),
                Face(family, DEJAVU / f"{stem}-{italic_name}.ttf", 400, True),
                Face(family, DEJAVU / f"{stem}-Bold{italic_name}.ttf", 700, True)]
    return tuple(out)


@cache
def digest() -> str:
    """A hash of every face's file (its name and bytes): what a cache key of anything drawn in the
    edition's type names."""
    h = hashlib.sha256()
    for f in faces():
        h.update(f.path.name.encode() + b"\0" + f.path.read_bytes() + b"\0")
    return h.hexdigest()


def family_list(families: tuple[str, ...]) -> str:
    """A CSS font-family value: "'Edition Garamond', 'Edition DejaVu Serif'"."""
    return ", ".join(f"'{f}'" for f in families)


@cache
def css() -> str:
    """@font-face rules for every face (each file by its address on this machine: the page is printed
    from ``file:`` and never published), and the families a printed page's text (Material's
    variables) is set in."""
    rules = []
    for f in faces():
        rng = f"unicode-range: {f.unicode_range}; " if f.unicode_range else ""
        rules.append(f"@font-face {{ font-family: '{f.family}'; font-weight: {f.weight}; "
                     f"font-style: {'italic' if f.italic else 'normal'}; {rng}"
                     f"src: url('{f.path.as_uri()}') format('{f.css_format}'); }}")
    text, mono = family_list(TEXT_FAMILIES), family_list((MONO, SANS))
    rules.append(f":root, body {{ --md-text-font-family: {text}; --md-code-font-family: {mono}; }}\n"
                 f"body, .md-typeset, input, button {{ font-family: {text}; }}\n"
                 f"code, kbd, pre, samp {{ font-family: {mono}; }}")
    return "\n".join(rules)


def font_names() -> set[str]:
    """The PostScript names a PDF embeds these faces by (pdffonts, after the subset's prefix)."""
    return {"EBGaramond-Regular", "EBGaramond-Bold", "EBGaramond-Italic", "EBGaramond-BoldItalic",
            "DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic", "DejaVuSerif-BoldItalic",
            "DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique", "DejaVuSans-BoldOblique",
            "DejaVuSansMono", "DejaVuSansMono-Bold", "DejaVuSansMono-Oblique", "DejaVuSansMono-BoldOblique"}


def _in_range(ch: str, unicode_range: str) -> bool:
    n = ord(ch)
    for part in unicode_range.split(","):
        lo, _, hi = part.strip().removeprefix("U+").partition("-")
        if int(lo, 16) <= n <= int(hi or lo, 16):
            return True
    return False


def chain(weight: int = 400, italic: bool = False) -> list[Face]:
    """The faces of one weight and style, in the order a browser would try them for a glyph."""
    return [f for fam in TEXT_FAMILIES for f in faces() if f.family == fam and f.weight == weight
            and f.italic == italic]


def face_for(ch: str, weight: int = 400, italic: bool = False, has=None) -> Face:
    """The face a glyph is drawn in: the first of the chain whose range holds it and whose font has
    it (*has*(face, ch): whether the font has a glyph for it; by default, every face in range has)."""
    for f in chain(weight, italic):
        if (not f.unicode_range or _in_range(ch, f.unicode_range)) and (has is None or has(f, ch)):
            return f
    return chain(weight, italic)[-1]
