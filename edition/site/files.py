"""The files the site publishes beside its pages (not pages): the citation files for reference
managers (edition/site/citations.py), each cut version's snapshot as it is stored
(edition/site/versions.py), the Atom feed of the versions (edition/site/feed.py) and robots.txt.
macros/hooks.py hands them to MkDocs as files of the
site, so that a page's Markdown may link them and the strict build checks those links."""
from __future__ import annotations

from ..model.edition import Edition
from ..texts.addresses import ROBOTS
from .citations import citation_files
from .feed import feed
from .versions import snapshot_files


def robots(site_url: str) -> str:
    """robots.txt: every page may be read and indexed; the sitemap names each page's address.

    >>> print(robots("https://e.org/poker/"), end="")
    User-agent: *
    Allow: /
    Sitemap: https://e.org/poker/sitemap.xml
    """
    return f"User-agent: *\nAllow: /\nSitemap: {site_url}sitemap.xml\n"


def site_files(edition: Edition) -> dict[str, str]:
    """Every file the site publishes beside its pages, by its path on the site, with its text."""
    return {**citation_files(edition), **snapshot_files(edition), **feed(edition), ROBOTS: robots(edition.site_url)}
