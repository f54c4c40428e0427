"""Permanent addresses: nothing published disappears without a redirect, nothing unlisted appears."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.edition.anchors import published, read_lock, read_redirects

pytestmark = pytest.mark.site
ROOT = Path(__file__).resolve().parents[2]
WORKS = list(yaml.safe_load((ROOT / "content" / "works.yml").read_text()))


def test_every_locked_address_is_still_published_or_redirected(built_site):
    now = set(published(built_site, WORKS))
    redirects = read_redirects(ROOT / "content" / "redirects.yml")
    gone = [a for a in read_lock(ROOT / "content" / "anchors.lock") if a not in now and a not in redirects]
    assert gone == [], "published addresses disappeared: add redirects in content/redirects.yml"


def test_every_redirect_leads_to_a_published_address(built_site):
    now = set(published(built_site, WORKS))
    redirects = read_redirects(ROOT / "content" / "redirects.yml")
    assert {old: new for old, new in redirects.items() if new not in now} == {}


def test_every_published_address_is_in_the_lock(built_site):
    locked = set(read_lock(ROOT / "content" / "anchors.lock"))
    new = [a for a in published(built_site, WORKS) if a not in locked]
    assert new == [], "new addresses are not in content/anchors.lock: run scripts/anchor-lock and commit it"
