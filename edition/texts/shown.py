"""Showing what is there: a message quotes what it was given (a slug, a key, a file's name, a value), and
must show it on one line and never act on the terminal. A character that does not print (a line break,
an escape sequence, a bidirectional control) is written as its escape; a letter that only looks like a
Latin one (a Cyrillic а in "tаble") is named by its code point.

(The engine has the same three functions in engine/errors.py for its own messages: the edition's lowest
layer imports nothing of the engine, and the engine nothing of the edition.)
"""
from __future__ import annotations

import re
import unicodedata


def printable(text: str) -> str:
    r"""*text* on one line, every character that does not print written as its escape (a line break
    ends no message, an ESC begins no terminal sequence, a bidirectional control reverses nothing).

    >>> printable("x\ny\x1b[31mz\u202e")
    'x\\ny\\x1b[31mz\\u202e'
    """
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def _script(char: str) -> str:
    """A letter's script, as its Unicode name begins ("LATIN", "CYRILLIC", "GREEK"); "" for others."""
    if not char.isalpha():
        return ""
    return unicodedata.name(char, "").split(" ")[0]


def code_points(text: str) -> str:
    """Every character of *text* beyond ASCII, named by its code point, once each ("" for none): for a
    name (a rule set's, a file's, a slug) in which a letter may only look like the one meant.

    >>> code_points("tіger"), code_points("tiger")
    ('U+0456 CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I', '')
    """
    seen = dict.fromkeys(c for c in text if ord(c) > 0x7F)
    return ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, '')}".rstrip() for c in seen)


def lookalikes(message: str) -> str:
    """A note naming the letters of another script inside a Latin word of *message* (a word written
    in two scripts is the mark of a look-alike: "kаtty" with a Cyrillic а), or "".

    >>> lookalikes("unknown key 'kаtty' in the glossary")
    " ('kаtty' holds U+0430 CYRILLIC SMALL LETTER A, which looks like a Latin letter)"
    >>> lookalikes("the word 'Encyclopædia', a suit ♠, a Russian word 'кот'")
    ''
    """
    notes = []
    for word in dict.fromkeys(re.findall(r"\w+", message)):
        scripts = {_script(c) for c in word} - {""}
        if "LATIN" in scripts and len(scripts) > 1:
            foreign = "".join(c for c in word if _script(c) not in ("", "LATIN") and f"U+{ord(c):04X}" not in message)
            if foreign:  # (a letter the message names already is not named again)
                notes.append(f"'{word}' holds {code_points(foreign)}")
    if not notes:
        return ""
    return f" ({'; '.join(notes)}, which {'looks' if len(notes) == 1 else 'look'} like a Latin letter)"
