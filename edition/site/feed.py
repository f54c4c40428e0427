"""The Atom feed of the edition's versions and changes (RFC 4287), published beside the pages at
FEED (changes.atom) and named in the head of every page (templates/theme/main.html, from
config.extra.feed: macros/hooks.py): one entry a cut version (content/versions/), newest first, with
what it changed from the one before, linking its section of the page of changes and the version as
it stood. Its words are in templates/pages/feed/changes.atom.j2."""
from __future__ import annotations

from ..framework.templating import render
from ..model.edition import Edition
from ..texts.addresses import CHANGES, FEED, page_url, version_page
from .versions import changes_data

MEDIA_TYPE = "application/atom+xml"


def feed_link(edition: Edition) -> dict | None:
    """The feed as a page's head names it: its path in the site and its title; none before a version is cut."""
    if not edition.snapshots:
        return None
    return {"path": FEED, "title": f"{edition.record.title}: versions and changes", "type": MEDIA_TYPE}


def feed_data(edition: Edition) -> dict:
    """What the feed gives (templates/pages/feed/changes.atom.j2): the edition's title, editors and
    licence; the feed's and the page of changes' addresses; each version (newest first) with its day,
    what it holds (the first) or how many readings and verdicts it changed, and its addresses."""
    site, record = edition.site_url, edition.record
    changes = changes_data(edition.snapshots, edition.version)["versions"]
    versions = [{"version": v["version"], "date": v["date"], "first": v["first"], "holds": v["holds"],
                 "previous": v["previous"], "readings": len(v["readings"]), "verdicts": len(v["verdicts"]),
                 "changes_url": f"{site}{page_url(CHANGES)}#{v['anchor']}",
                 "page_url": site + page_url(version_page(v["version"]))} for v in changes]
    return {"title": record.title, "editors": [n.display for n in record.editors], "licence": record.licence,
            "feed_url": site + FEED, "changes_url": site + page_url(CHANGES), "versions": versions,
            "updated": max((v["date"] for v in versions), default="")}


def feed(edition: Edition) -> dict[str, str]:
    """The feed file, by its path in the site; none before a version is cut."""
    return {FEED: render("feed/changes.atom.j2", **feed_data(edition))} if edition.snapshots else {}
