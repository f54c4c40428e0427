"""The versions of the edition: cutting one (``scripts/cut-version [--replace]``) and
the page of changes between them (edition/changes/, ``changes_page_data``).

Stores what the version named in content/edition.yml quotes (its readings and verdicts,
edition/model/snapshot.py) in content/versions/<version>.json. The file of a version already cut is
not written again unless ``--replace`` is given (for a version not yet published): a published
version's text must not change. Cutting the same edition twice writes the same bytes (the day of
a replaced snapshot is kept). Bad input prints one line per problem and exits 1; a wrong command
line exits 2.

The page of changes (templates/pages/changes.md.j2) lists every version, newest first, with its
day and, from the version before it, the readings changed (address, the words before and after)
and the verdicts changed (claim, before → after); the first version says what it holds.
"""
from __future__ import annotations

import argparse
import difflib
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

from ..framework import atomic
from ..model.edition import Edition, EditionErrors, load_edition
from ..model.snapshot import Snapshot, dumps, history, path_of, take
from ..sources.claims import LABEL, shown_computed
from ..texts.addresses import (
    CHANGES,
    file_source_link,
    law_anchor,
    law_page,
    page_url,
    rel_link,
    version_file,
    version_page,
)
from ..texts.errors import EditionError

ROOT = Path(__file__).resolve().parents[2]


def cut(root: Path, replace: bool = False, today: str = "") -> tuple[Path, str]:
    """Write the snapshot of the edition under *root*; return its file and what was done. Raises
    EditionErrors (the edition's own problems, or a version already cut without *replace*)."""
    edition = load_edition(root, check_version=False)
    if not edition.version:
        raise EditionErrors([_error("content/edition.yml has no 'version:'",
                                    "give the edition a version (version: \"1.0\") and cut again")])
    path = path_of(root, edition.version)
    old = next((s for s in edition.snapshots if s.version == edition.version), None)
    date = old.date if old else (today or datetime.now(UTC).date().isoformat())
    text = dumps(take(edition, date))
    if old is not None and path.read_text(encoding="utf-8") == text:
        return path, "unchanged"
    if old is not None and not replace:
        raise EditionErrors([_error(f"version {edition.version} is already cut ({old.path}) and the edition now "
                                    "reads otherwise",
                                    "raise 'version:' in content/edition.yml and cut again; `cut --replace` "
                                    f"rewrites {old.path} only while {edition.version} is not yet published")])
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic.write(path, text, durable=True)
    return path, "replaced" if old else "written"


def _error(problem: str, advice: str) -> EditionError:
    return EditionError("content/versions/", None, problem, advice)


CONTEXT = 4  # words of context either side of a changed stretch


def changes_page_data(edition: Edition) -> dict:
    """The page of changes between versions (templates/pages/changes.md.j2): each version with a link
    to it as it stood (its page, its snapshot's file)."""
    data = changes_data(edition.snapshots, edition.version, _published(edition))
    for v in data["versions"]:
        v["page_link"] = rel_link(CHANGES, version_page(v["version"]))
        v["file_link"] = file_source_link(CHANGES, version_file(v["version"]))
    return data


def version_pages(edition: Edition) -> list[tuple[str, dict]]:
    """Each cut version's page as it stood (edition/versions/V/, templates/pages/version.md.j2): the
    text of its laws and its verdicts, and its snapshot's file (published beside it) for the rest."""
    out = []
    for s in edition.snapshots:
        uri = version_page(s.version)
        laws = sorted((int(m[1]), text) for address, text in s.readings.items()
                      if (m := re.fullmatch(r"laws/(\d+)/", address)))
        out.append((uri, {
            "version": s.version, "date": s.date, "current": edition.version, "holds": holds(s),
            "laws": [{"number": n, "anchor": law_anchor(n), "text": re.sub(r"^\d+\.\s*", "", text),
                      "link": rel_link(uri, law_page(n))} for n, text in laws],
            "uri": uri,
            "verdicts": [{"claim": claim, **_shown(v)} for claim, v in s.verdicts.items()], "label": LABEL,
            "file": {"name": Path(version_file(s.version)).name,
                     "href": file_source_link(uri, version_file(s.version))},
            "changes_link": rel_link(uri, CHANGES) + f"#{version_anchor(s.version)}"}))
    return out


def snapshot_files(edition: Edition) -> dict[str, str]:
    """Each cut version's snapshot, published as it is stored, by its path on the site."""
    return {version_file(s.version): s.raw for s in edition.snapshots}


def _published(edition: Edition) -> dict[str, str]:
    """Each published page's address -> its source (foster/laws/ -> foster/laws.md), to link a reading."""
    sources = [p.text.page_uri for p in edition.pages] + [law_page(n) for n in edition.laws]
    return {page_url(uri): uri for uri in sources}


def changes_data(snapshots: list[Snapshot], current: str, sources: dict[str, str] | None = None) -> dict:
    """What the page of changes shows: every version, newest first, each with what it holds (the
    first) or what changed from the one before. *sources*: the published pages' sources by address
    (a reading still published is linked)."""
    sources = sources or {}
    versions = []
    steps = {c.new.version: c for c in history(snapshots)}
    for s in reversed(snapshots):
        step = steps.get(s.version)
        versions.append({
            "version": s.version, "anchor": version_anchor(s.version), "date": s.date, "first": step is None,
            "holds": holds(s),
            "previous": step.old.version if step else "",
            "readings": [_reading(r, sources) for r in step.readings] if step else [],
            "verdicts": [{**c, "old": _shown(c["old"]), "new": _shown(c["new"])} for c in step.verdicts]
            if step else [],
        })
    return {"current": current, "versions": versions, "label": LABEL}


def _shown(verdict: dict | None) -> dict | None:
    """A snapshot's verdict with its computed value as the figures page shows it (a bare fraction
    with its decimal: 153.4080 (19176/125))."""
    if not verdict or not verdict.get("computed"):
        return verdict
    return {**verdict, "computed": shown_computed(verdict["computed"])}


def holds(s: Snapshot) -> dict:
    """What a version holds, counted: laws, paragraphs, works, and the verdicts by kind (LABEL's order)."""
    paras = [a for a in s.readings if "#" in a]
    by_verdict = {v: 0 for v in LABEL}
    for v in s.verdicts.values():
        by_verdict[v["verdict"]] = by_verdict.get(v["verdict"], 0) + 1
    return {"laws": len(s.readings) - len(paras), "paragraphs": len(paras),
            "works": len({a.split("/", 1)[0] for a in paras}), "claims": len(s.verdicts),
            "by_verdict": {v: n for v, n in by_verdict.items() if n}}


def _reading(r: dict, sources: dict[str, str]) -> dict:
    """A changed reading for the page: its address, its link (if still published) and the stretches
    of words that changed, each with a few words either side."""
    page, _, anchor = r["address"].partition("#")
    source = sources.get(page)
    link = rel_link(CHANGES, source) + (f"#{anchor}" if anchor else "") if source and r["new"] else ""
    return {"address": r["address"], "link": link, "old": r["old"], "new": r["new"],
            "edits": word_changes(r["old"], r["new"]) if r["old"] and r["new"] else []}


def word_changes(old: str, new: str, context: int = CONTEXT) -> list[dict]:
    """The stretches of words that differ between two readings, each with up to *context* words
    before and after it.

    >>> word_changes("the player must accept the faced card", "the player may accept the faced card", 2)
    [{'before': 'the player', 'old': 'must', 'new': 'may', 'after': 'accept the'}]
    """
    a, b = old.split(), new.split()
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            out.append({"before": " ".join(a[max(0, i1 - context):i1]), "old": " ".join(a[i1:i2]),
                        "new": " ".join(b[j1:j2]), "after": " ".join(a[i2:i2 + context])})
    return out


def version_anchor(version: str) -> str:
    """A version's anchor on the page of changes.

    >>> version_anchor("1.0")
    'version-1-0'
    """
    return "version-" + re.sub(r"\D", "-", version)


def main(argv: list[str] | None = None, root: Path = ROOT) -> int:
    parser = argparse.ArgumentParser(prog="scripts/cut-version",
                                     description="Store what the edition's version quotes (content/versions/).")
    sub = parser.add_subparsers(dest="command", required=True)
    cut_parser = sub.add_parser("cut", help="write content/versions/<version>.json for the version of "
                                "content/edition.yml")
    cut_parser.add_argument("--replace", action="store_true",
                            help="write the current version's snapshot again (only while it is not published)")
    args = parser.parse_args(argv)
    try:
        path, done = cut(root, replace=args.replace)
    except EditionErrors as exc:
        for e in exc.errors:
            print(e, file=sys.stderr)
        return 1
    snapshot_of = path.relative_to(root) if path.is_relative_to(root) else path
    print(f"{snapshot_of}: {done}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
