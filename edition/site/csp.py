"""The Content-Security-Policy every published page carries (a <meta http-equiv> in its head).

Content is text, never HTML (the HTML policy, edition/texts/html_policy.py), so the only scripts and
style attributes on a page are the theme's and the templates'. The inline scripts allowed are known
before the build: those written in the theme's templates (Material's, its overrides in
templates/theme/) and the edition's (templates/pages/), each a pattern in which a value the template
sets ({{ base_url }}) may be anything without a quote or a tag (``known_scripts``). A page that holds
any other inline script fails the build, naming the page (``unknown_scripts``): a script that
reached a page by another way is refused, never allowed by its hash. The policy allows the site's
own files and, for what is written inline, exactly the inline scripts and style attributes the
site's pages hold (by their SHA-256), so nothing added to a page afterwards can run. Nothing comes
from another origin. It is one policy for the whole site, because the theme's instant navigation
and its search results bring one page's markup into another.
"""
from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S)
_STYLE_ATTR = re.compile(r'style="(?P<value>[^"]*)"')  # an attribute when whitespace stands before it: _style_values
_CHARSET = re.compile(r'<meta charset="[^"]*">', re.I)
_NOT_RUN = re.compile(r'\b(src|type="application/(ld\+)?json")', re.I)  # a data block is not run: no hash

POLICY = ("default-src 'self'; script-src 'self'{scripts}; style-src 'self'{styles}; img-src 'self' data:; "
          "font-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; "
          "form-action 'self'")


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)


def known_scripts(folders: Iterable[Path]) -> list[re.Pattern[str]]:
    """The inline scripts the templates under *folders* can write, as patterns of their text: each
    ``<script>`` that runs (no ``src``, not JSON), a value Jinja sets in it standing for any text
    without a quote, a '<' or a line break.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = (Path(d) / "base.html").write_text('<script>s=new URL("{{ base_url }}",location)</script>')
    ...     [known] = known_scripts([Path(d)])
    >>> bool(known.fullmatch('s=new URL("../..",location)')), bool(known.fullmatch('s=new URL("x");alert(1)'))
    (True, False)
    """
    patterns: dict[str, re.Pattern[str]] = {}
    for folder in folders:
        for path in sorted(Path(folder).rglob("*.htm*")) + sorted(Path(folder).rglob("*.j2")):
            for m in _SCRIPT.finditer(path.read_text(encoding="utf-8")):
                if _NOT_RUN.search(m["attrs"]) or "{" in m["attrs"]:
                    continue
                parts = _JINJA.split(m["body"])
                pattern = "[^\"'<\n]*".join(re.escape(part) for part in parts)
                patterns.setdefault(pattern, re.compile(pattern, re.S))
    return list(patterns.values())


def unknown_scripts(pages: dict[str, str], known: list[re.Pattern[str]]) -> list[tuple[str, str]]:
    """(page, the script's opening) for each inline script of *pages* that no template writes."""
    found = []
    for name, page in pages.items():
        for m in _SCRIPT.finditer(page):
            if not _NOT_RUN.search(m["attrs"]) and not any(p.fullmatch(m["body"]) for p in known):
                found.append((name, " ".join(m["body"].split())[:60]))
    return found


def policy(pages: Iterable[str]) -> str:
    """The policy for a site of these pages: its own files, and the inline scripts and style
    attributes its pages hold, by hash, sorted so that a build is reproducible."""
    scripts: set[str] = set()
    styles: set[str] = set()
    for page in pages:
        scripts |= {_hash(m["body"]) for m in _SCRIPT.finditer(page) if not _NOT_RUN.search(m["attrs"])}
        styles |= {_hash(html.unescape(value)) for value in _style_values(page)}
    scripts, styles = sorted(scripts), sorted(styles)
    return POLICY.format(scripts="".join(" " + h for h in scripts),
                         styles=(" 'unsafe-hashes'" + "".join(" " + h for h in styles)) if styles else "")


def _style_values(page: str) -> Iterator[str]:
    """The value of every style attribute (`style="..."` after whitespace) in a page, as a pattern
    beginning with that whitespace finds them, but found by the literal words first (eight times faster).

    >>> list(_style_values('<p style="a:1" data-style="b:2"><i\\nstyle="c:3">style="d"'))
    ['a:1', 'c:3']
    """
    at = 0
    while m := _STYLE_ATTR.search(page, at):
        if m.start() and page[m.start() - 1].isspace():
            yield m["value"]
            at = m.end()
        else:
            at = m.start() + 1


def with_csp(page: str, site_policy: str) -> str:
    """The page with the site's policy as the first thing after <meta charset> (before any script);
    a page without one gets it at the top of its head."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{site_policy}">'
    done, count = _CHARSET.subn(lambda m: m[0] + meta, page, count=1)
    if count:
        return done
    return page.replace("<head>", "<head>" + meta, 1)
