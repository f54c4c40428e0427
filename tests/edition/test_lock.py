"""content/anchors.lock in the build: an address the site no longer publishes fails the build with its
line, also when its line was deleted from the lock (compared with the lock as last committed)."""
from __future__ import annotations

import subprocess
from pathlib import Path

from edition.model.anchors import committed_lock, lost, no_anchor

PAGES = [("w/one/", no_anchor), ("w/two/", no_anchor)]  # the permanent pages, as the registry gives them


def _project(tmp_path: Path) -> tuple[Path, Path]:
    root, site = tmp_path / "project", tmp_path / "site"
    (root / "content").mkdir(parents=True)
    (root / "content" / "anchors.lock").write_text("# the lock\nw/one/\nw/two/\n", encoding="utf-8")
    (site / "w" / "one").mkdir(parents=True)
    (site / "w" / "one" / "index.html").write_text("<h1>One</h1>", encoding="utf-8")
    return root, site


def _commit(root: Path) -> None:
    for args in (["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@example.org", "commit",
                                                  "-q", "-m", "lock"]):
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)


def test_an_address_of_the_lock_no_longer_produced_is_named_at_its_line(tmp_path):
    root, site = _project(tmp_path)
    assert [str(e) for e in lost(site, PAGES, root)] == [
        "content/anchors.lock:3: the published address w/two/ is no longer produced. What to do: restore what made "
        "it (a heading's words, a law, a paragraph, a page), or map it to its new address in content/redirects.yml"]


def test_an_address_whose_line_was_deleted_from_the_lock_is_named_from_the_lock_as_last_committed(tmp_path):
    root, site = _project(tmp_path)
    _commit(root)
    (root / "content" / "anchors.lock").write_text("# the lock\nw/one/\n", encoding="utf-8")
    assert [str(e) for e in lost(site, PAGES, root)] == [
        "content/anchors.lock: the published address w/two/ (line 3 of the lock as last committed) was deleted "
        "from the lock, and the site no longer produces it. What to do: put the line back and restore what made "
        "the address, or map it to its new address in content/redirects.yml"]


def test_a_deleted_line_with_a_redirect_is_no_error(tmp_path):
    root, site = _project(tmp_path)
    (root / "content" / "schemas").mkdir()
    (root / "content" / "schemas" / "redirects.yml").write_text(
        (Path(__file__).resolve().parents[2] / "content" / "schemas" / "redirects.yml").read_text(encoding="utf-8"))
    _commit(root)
    (root / "content" / "anchors.lock").write_text("# the lock\nw/one/\n", encoding="utf-8")
    (root / "content" / "redirects.yml").write_text("w/two/: w/one/\n", encoding="utf-8")
    assert lost(site, PAGES, root) == []


def test_outside_a_git_checkout_there_is_no_lock_as_last_committed(tmp_path):
    assert committed_lock(tmp_path) == []
