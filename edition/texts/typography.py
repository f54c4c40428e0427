"""The typography policy, in code.

Two jobs:

- ``fold`` maps a token of either the witness or the reading text to the form in which the two
  are compared, so that differences of typography alone (quotes, dashes, fractions, ×, LaTeX
  debris standing for them) are not emendations. Every substitution says why it exists.
- ``source_problems`` finds what the policy forbids in a reading-text source (LaTeX, brace page
  numbers, dot-broken words, underscore italics, line-break hyphens ...), each with a code.

The curling of quotes in the published page is done by Python-Markdown's ``smarty`` extension
(configured in mkdocs.yml); ``curl`` below does the same for plain-text outputs.
"""
from __future__ import annotations

import re

# Vulgar fraction glyphs the policy uses, with their value as numerator/denominator.
FRACTION_GLYPHS = {
    "½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5",
    "⅗": "3/5", "⅘": "4/5", "⅙": "1/6", "⅚": "5/6", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8",
    "⅞": "7/8", "⅐": "1/7", "⅑": "1/9", "⅒": "1/10",
}

_QUOTES = str.maketrans({
    # Curly and straight quotes are one character for comparison: the policy curls them.
    "“": '"', "”": '"', "„": '"', "″": '"',
    "‘": "'", "’": "'", "‚": "'", "′": "'",
    # The en dash and the em dash are both "the author's dash" for comparison.
    "–": "—",
    # The ellipsis glyph and three stops are the same text.
    "…": "...",
})

# LaTeX debris in the OCR: \frac{a}{b} stands for a printed fraction, with an optional whole
# number before it ("2\frac{1}{2}" is 2½).
_LATEX_FRAC = re.compile(r"(?:(\d+)\s*)?\\[dt]?frac\s*\{\s*([\d,]+)\s*\}\s*\{\s*([\d,]+)\s*\}")
# A glyph fraction after a whole number ("2½") or alone ("½").
_GLYPH_FRAC = re.compile(r"(\d*)([" + "".join(FRACTION_GLYPHS) + r"])")
_GLYPH = re.compile("[" + "".join(FRACTION_GLYPHS) + "]")  # found far faster than with the digits before it


def _frac(whole: str | None, num: str, den: str) -> str:
    return f"{whole}+{num}/{den}" if whole else f"{num}/{den}"


def fold_text(text: str) -> str:
    """Fold a stretch of text (witness or reading) to its comparison form.

    >>> fold_text('“Poque,” 2½ to 1 — $2\\\\frac{1}{2}$ \\\\times 3')
    '"Poque," 2+1/2 to 1 — 2+1/2 × 3'
    >>> fold_text('the odds are $\\\\frac{9}{47}$.')
    'the odds are 9/47.'
    >>> fold_text('PRACTICAL POKER $1.50, \\\\$1.25 and $^{1,302,540}$')
    'PRACTICAL POKER $1.50, $1.25 and 1,302,540'
    """
    text = text.translate(_QUOTES)
    if "$" in text or "\\" in text or "^" in text or "\x00" in text:  # LaTeX debris (most text has none)
        # LaTeX: the OCR escaped the dollar sign of money amounts ("\$1.25"): it is the author's $.
        text = text.replace("\\$", "\x00")
        # A pair of dollar signs round LaTeX ($2\frac{1}{2}$, $^{1,302,540}$) is debris: drop the pair.
        text = _LATEX_PAIR.sub(r"\1", text)
        # A dollar sign before an amount is the author's ("$1.25"); any other is debris.
        text = _DOLLAR_AMOUNT.sub("\x00", text)
        text = _LATEX_FRAC.sub(lambda m: _frac(m[1], m[2], m[3]), text)
        # \times and \cdot stand for the printed multiplication sign.
        text = _LATEX_TIMES.sub("×", text)
        # Superscripts and groups: ^{1,302,540} is a number the OCR raised; the braces are debris.
        text = _LATEX_SUPERSCRIPT.sub(r"\1", text)
        text = _LATEX_GROUP.sub(r"\1", text)
        # Dollar signs that delimit LaTeX are debris; the author's own $ was protected above.
        text = text.replace("$", "").replace("\x00", "$")
    if _GLYPH.search(text):
        text = _GLYPH_FRAC.sub(lambda m: _frac(m[1], *FRACTION_GLYPHS[m[2]].split("/")), text)
    if "-" in text:
        # A dash typed as two hyphens, or as a hyphen with spaces round it, is the author's dash.
        text = text.replace("--", "—")
        text = _SPACED_HYPHEN.sub("—", text)
    # Dashes are their own token, whether or not the witness spaced them.
    text = text.replace("—", " — ")
    if "  " in text or "\t" in text:
        text = _BLANKS.sub(" ", text)
    return text.strip()


_LATEX_PAIR = re.compile(r"\$([^$]*[\\^{}][^$]*)\$")
_DOLLAR_AMOUNT = re.compile(r"\$(?=\d)")
_LATEX_TIMES = re.compile(r"\\times|\\cdot")
_LATEX_SUPERSCRIPT = re.compile(r"\^\{([^{}]*)\}")
_LATEX_GROUP = re.compile(r"\\(?:mathrm|text|mathbf|textbf)\{([^{}]*)\}")
_SPACED_HYPHEN = re.compile(r"(?<=\s)-(?=\s)")
_BLANKS = re.compile(r"[ \t]+")


def curl(text: str) -> str:
    """Curl straight quotes in plain text, as the policy prints them.

    >>> curl('He said "I straddle," and it\\'s done.')
    'He said “I straddle,” and it’s done.'
    >>> curl('"bare openers"—that is 254 " 1')
    '“bare openers”—that is 254 ″ 1'
    """
    if '"' in text:
        # A quote mark standing alone between spaces is a ditto mark in the authors' tables ("254 " 1").
        text = _DITTO.sub("″", text)
        text = _OPEN_DOUBLE.sub("“", text)
        text = text.replace('"', "”")
    if "'" in text:
        text = _OPEN_SINGLE.sub("‘", text)
        text = text.replace("'", "’")
    return text


def nested(text: str) -> str:
    """A text set inside the edition's double quotes: its own double quotes become single ones, as
    quotation within quotation is printed (the policy); apostrophes and single quotes are left.

    >>> nested('the next player would put up four, saying, "I straddle you."')
    'the next player would put up four, saying, ‘I straddle you.’'
    >>> nested('“Blind” and “Straddle”')
    '‘Blind’ and ‘Straddle’'
    """
    if '"' not in text and "“" not in text and "”" not in text:
        return text
    text = _DITTO.sub("″", text.replace("“", '"').replace("”", '"'))
    text = _OPEN_DOUBLE.sub("‘", text)
    return text.replace('"', "’")


_DITTO = re.compile(r'(?<=\s)"(?=\s)')
# An opening quote: at the start, or after a space, a bracket or a dash.
_OPEN_DOUBLE = re.compile(r'(?:^|(?<=[\s(\[—]))"')
_OPEN_SINGLE = re.compile(r"(?:^|(?<=[\s(\[—]))'")


# Each check: (code, compiled pattern, what is wrong, what to do). The codes are cited on the
# editorial policy page and each has a test.
SOURCE_CHECKS: list[tuple[str, re.Pattern[str], str, str]] = [
    ("T1", re.compile(r"\\[a-zA-Z]+|\\\$"), "LaTeX command left in the text",
     "write the printed form: 2½, 9/47, ×"),
    ("T2", re.compile(r"\$(?!\d)"), "a '$' that is not a dollar sign before an amount",
     "remove LaTeX delimiters; keep $ only before a money amount"),
    ("T3", re.compile(r"\^\{"), "LaTeX superscript debris", "write the number as printed"),
    ("T4", re.compile(r"\{\d+\}"), "a brace page number from the scrape", "use {page N} or drop it"),
    ("T5", re.compile(r"\b[a-zA-Z]+\.[a-z]\.[a-z]+"), "a dot-broken word from the scrape (pa.s.s)",
     "join the word (pass)"),
    ("T6", re.compile(r"(?<![\w\\])_[^_\s][^_]*_(?!\w)"), "underscore italics from the scrape",
     "use *italics*"),
    ("T7", re.compile(r"[a-z]-$"), "a hyphen left from a line break at the end of a line",
     "join the word, or keep a real compound on one line"),
    # Content is text: a tag, a comment or a processing instruction would reach the page as live HTML.
    ("T8", re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>|<!|<\?"), "raw HTML in the text",
     "write text, not HTML: remove the tag (use *italics*, **bold** and the edition markup, "
     "content/EDITING.md)"),
    # Content is text typed as it is shown: a character reference (&eacute;, &#x202E;) would be shown as its
    # letters wherever the text is not HTML (the downloads), and would hide what it stands for from every check.
    ("T9", re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);"), "a character reference in the text",
     "type the character itself (é, not &eacute;): a reference would be shown as its letters in the downloads"),
]


def html_problem(text: str) -> tuple[str, str, str] | None:
    """T8 for a text of a data file: (problem, advice, the HTML found) if it holds raw HTML, else None.

    >>> html_problem("Kilter <img src=x onerror=alert(2)>")  # doctest: +ELLIPSIS
    ('[T8] raw HTML in the text', 'write text, not HTML: ...', '<img src=x onerror=alert(2)>')
    >>> html_problem("a < b and c > d; see <http://example.org>") is None
    True
    """
    if "<" not in text:
        return None
    code, pattern, problem, advice = next(check for check in SOURCE_CHECKS if check[0] == "T8")
    found = pattern.search(text)
    return (f"[{code}] {problem}", advice, found[0]) if found else None


def source_problems(line: str) -> list[tuple[str, str, str]]:
    """The policy violations in one source line: [(code, problem, advice)].

    >>> source_problems("odds of $2\\\\frac{1}{2}$ to 1")[0][0]
    'T1'
    >>> source_problems("a fair line, $1.25 and 2½ to 1")
    []
    """
    found: list[tuple[str, str, str]] = []
    if not _ANY_PROBLEM.search(line):  # most lines: one search instead of seven
        return found
    for code, pattern, problem, advice in SOURCE_CHECKS:
        if pattern.search(line):
            found.append((code, problem, advice))
    return found


_ANY_PROBLEM = re.compile("|".join(f"(?:{pattern.pattern})" for _, pattern, _, _ in SOURCE_CHECKS))
