"""The address the site is built for (``SITE_URL``), read by one function for the build and the guard.

Every citation, canonical link, sitemap entry, short law address and data file names it, so a
value the site would publish broken is refused before anything is built: ``refusal`` says why and
what to do, in one line, or says nothing. Two callers share it:

- the build (``macros/hooks.py``, at its start): the form of every address a page may name. An
  absolute ``http`` or ``https`` address of a host, with a path ending in ``/``: no space, line break,
  invisible or control character anywhere (a space around the value counts), no quotation mark or
  other character an address must escape, no user, no query, no fragment, no ``.`` or ``..`` step;
- ``scripts/check-site-url``, which ``make build`` runs first (*published*): the same form, and an
  address others can reach: ``https``, and not this machine (``make serve`` and the tests build for
  ``http://127.0.0.1:…/``).

It imports only the standard library: the guard runs before the project's packages are installed.

>>> refusal("https://poker.example.org/laws/", published=True)
''
>>> print(refusal("https://poker.example.org/?utm=x", published=True))
SITE_URL "https://poker.example.org/?utm=x" has a query (?utm=x). What to do: leave it out: every address \
of the site is SITE_URL followed by a page's path
"""
from __future__ import annotations

import ipaddress
import re
import unicodedata
from urllib.parse import urlsplit

WHAT_TO_DO = ("set SITE_URL to the address the site will be published at, "
              "e.g. SITE_URL=https://poker.example.org/ make build; make serve builds for this machine")
# The characters a host's name and a path's step may hold as they are (a path may hold %XX escapes).
_HOST = re.compile(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?")
_STEP = re.compile(r"([A-Za-z0-9._~!$&()*+,;=:@-]|%[0-9A-Fa-f]{2})*")
_QUOTES = "\"'“”‘’`"


def shown(url: str) -> str:
    """The value as a message shows it: in double quotes, a character that does not show written as its
    code point (a line break would split the message, an escape sequence reach the terminal).

    >>> shown("https://a.example/\\u200b")
    '"https://a.example/<U+200B>"'
    """
    return '"' + "".join(f"<U+{ord(c):04X}>" if _unseen(c) else c for c in url) + '"'


def _unseen(char: str) -> bool:
    return unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp") or (char.isspace() and char != " ")


def refusal(url: str, published: bool = False) -> str:
    """Why *url* cannot be the site's address and what to do, in one line ("" when it can); *published*:
    the address ``make build`` publishes at (https, not this machine)."""
    found = _problem(url, published)
    return f"{found[0]}. What to do: {found[1]}" if found else ""


def _problem(url: str, published: bool) -> tuple[str, str] | None:
    if not url.strip():
        return f"SITE_URL {'is not set' if not url else f'{shown(url)} is blank'}", WHAT_TO_DO
    name = f"SITE_URL {shown(url)}"
    without = "write the address without it, e.g. SITE_URL=https://poker.example.org/"
    for at, char in enumerate(url, 1):
        if char == " ":
            return (f"{name} holds a space (character {at}){' around the address' if url.strip() != url else ''}",
                    without)
        if _unseen(char):
            label = unicodedata.name(char, "") or {"\t": "CHARACTER TABULATION", "\n": "LINE FEED",
                                                   "\r": "CARRIAGE RETURN", "\x1b": "ESCAPE"}.get(char, "")
            kind = "a control character" if unicodedata.category(char) == "Cc" else "an invisible character"
            return f"{name} holds {kind}, U+{ord(char):04X}{' ' + label if label else ''} (character {at})", without
        if char in _QUOTES:
            return f"{name} holds a quotation mark ({char}, character {at})", without
        if char in "<>\\{}|^" or ord(char) > 126:
            return (f"{name} holds {char}, which an address does not hold as it is (character {at})",
                    "write it %-escaped in a path, and a host in its ASCII form (xn--…)")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        return f"{name} is not an address ({exc})", "write the whole address, as https://poker.example.org/"
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return f"{name} is not an absolute http(s) address", "write the whole address, as https://poker.example.org/"
    if "@" in parts.netloc:
        return (f"{name} names a user ({parts.netloc.rpartition('@')[0]}@)",
                "leave the user out: the site's addresses are read by everyone")
    host = parts.hostname or ""
    written = parts.netloc if port is None and not parts.netloc.endswith(":") else parts.netloc.rsplit(":", 1)[0]
    if not host or not (written.startswith("[") or _HOST.fullmatch(written)):  # [::1]: an IPv6 address
        return (f"{name} does not name a host as an address writes it",
                "write the host in lower-case letters, digits, '-' and '.'")
    if parts.query or url.endswith("?"):
        return (f"{name} has a query (?{parts.query})",
                "leave it out: every address of the site is SITE_URL followed by a page's path")
    if parts.fragment or url.endswith("#"):
        return (f"{name} has a fragment (#{parts.fragment})",
                "leave it out: every address of the site is SITE_URL followed by a page's path")
    path = parts.path
    if not path.endswith("/"):
        return f"{name} has a path that does not end in '/' ({path or 'none'})", f"end it with '/': SITE_URL={url}/"
    steps = path.split("/")[1:-1]
    if any(step in (".", "..", "") for step in steps):
        return f"{name} has a path with an empty, '.' or '..' step ({path})", "write the folder's path itself"
    wrong = next((step for step in steps if not _STEP.fullmatch(step)), None)
    if wrong is not None:
        return f"{name} has a path step an address must escape ({wrong})", "write it %-escaped (%20 ...)"
    if published:
        try:
            ip = ipaddress.ip_address(host)
            local = ip.is_loopback or ip.is_unspecified
        except ValueError:
            local = host == "localhost" or host.endswith(".localhost")
        if local:
            return f"{name} is an address of this machine (loopback)", WHAT_TO_DO
        if parts.scheme != "https":
            return f"{name} is not an https address", "publish over https: SITE_URL=https://…"
    return None
