"""What a version of the edition quotes, stored so that a citation can be checked against it.

A version's snapshot (content/versions/<version>.json, written by ``scripts/cut-version``)
holds, for one version number of content/edition.yml:

- ``readings``: every law's text by its permanent address (``laws/19/``) and every paragraph's
  text by its address (``foster/laws/#para-3``), as plain reading text;
- ``verdicts``: every checked figure by its claim id, with its verdict and its printed and
  computed figures;
- ``date``: the day it was cut.

The file is JSON with sorted keys, so that cutting the same edition again writes the same bytes.
Each build compares the edition with the snapshot of its version (``problems``): a published
version's text must not change silently, so a change of a reading or a verdict stops the build
until the version is raised and a new snapshot cut. ``changes`` lists what changed between two
versions, for the page of changes (edition/changes/).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..framework.cache import Cache
from ..texts.addresses import page_url, para_anchor
from ..texts.datafiles import html_problems, read_text, schema_for, text_problems
from ..texts.errors import EditionError, key_line, line_of
from ..texts.schemas import schema_name

FOLDER = "content/versions"
CUT = "scripts/cut-version"
_VERSION = re.compile(r"\d+(?:\.\d+)*")


@dataclass
class Snapshot:
    """One version's readings and verdicts (see the module's docstring)."""

    version: str
    date: str
    readings: dict[str, str]
    verdicts: dict[str, dict[str, str]]
    path: str = ""  # the file it was read from, relative to the project
    raw: str = field(default="", repr=False)  # the file's text, for the line of an error

    def document(self) -> dict:
        return {"version": self.version, "date": self.date, "readings": self.readings, "verdicts": self.verdicts}


@dataclass
class Changes:
    """What changed from one version to the next (``changes``), each list sorted by address or claim."""

    old: Snapshot
    new: Snapshot
    readings: list[dict] = field(default_factory=list)  # {address, old, new} ("" where it did not exist)
    verdicts: list[dict] = field(default_factory=list)  # {claim, old, new}: {verdict, printed, computed} or None

    @property
    def empty(self) -> bool:
        return not self.readings and not self.verdicts


def version_key(version: str) -> tuple[int, ...]:
    """A version number as numbers, for ordering: "1.10" comes after "1.9".

    >>> sorted(["1.10", "1.9", "2.0"], key=version_key)
    ['1.9', '1.10', '2.0']
    """
    return tuple(int(part) for part in version.split("."))


def readings(edition) -> dict[str, str]:
    """Every law's text by its permanent address and every paragraph's by its own (see the module)."""
    out = {law.short_path: law.text for law in edition.laws.values()}
    for page in edition.pages:
        for n, text in paragraphs(page):
            out[f"{page_url(page.text.page_uri)}#{para_anchor(n)}"] = text
    return out


def paragraphs(page, brackets: bool = True) -> list[tuple[int, str]]:
    """A reading-text page's numbered paragraphs as plain text, by number (editorial brackets kept,
    or not: texts.syntax.plain_text), read from its parsed document."""
    starts = {b.start: b.lines for b in page.document.blocks}
    out = []
    for n, line in page.document.paras:
        words = [source.plain(brackets) for source in starts[line]]
        out.append((n, " ".join(w for w in words if w)))
    return out


def verdicts(edition) -> dict[str, dict[str, str]]:
    """Every claim's verdict, with the figure as printed and as computed (as the authors would print it)."""
    return {c.id: {"verdict": c.verdict, "printed": c.figure, "computed": c.short} for c in edition.claims}


def take(edition, date: str) -> Snapshot:
    """The snapshot of *edition* as it stands, dated *date* (YYYY-MM-DD)."""
    return Snapshot(edition.version, date, readings(edition), verdicts(edition))


def dumps(snapshot: Snapshot) -> str:
    """The snapshot as its file holds it: JSON, keys sorted, one entry a line."""
    return json.dumps(snapshot.document(), ensure_ascii=False, sort_keys=True, indent=1) + "\n"


def path_of(root: Path, version: str) -> Path:
    return Path(root) / FOLDER / f"{version}.json"


# --- reading the snapshots, each refused with file, line and what to do ---------------------------

def read_all(root: Path, cache: Cache | None = None) -> tuple[list[Snapshot], list[EditionError]]:
    """Every snapshot in content/versions/, oldest first, and the errors of the malformed ones; the HTML
    policy's judgement of each is kept in *cache* (none by default) under its text."""
    folder = Path(root) / FOLDER
    found: list[Snapshot] = []
    errors: list[EditionError] = []
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        rel = f"{FOLDER}/{path.name}"
        if path.name.startswith(".") or path.is_dir():
            continue
        if path.suffix != ".json" or not _VERSION.fullmatch(path.stem):
            errors.append(EditionError(rel, None, "a file in content/versions/ that is not a version's snapshot",
                                       f"name a snapshot <version>.json (1.0.json), as `{CUT}` writes it; "
                                       "remove any other file"))
            continue
        try:
            found.append(read(path, rel, cache))
        except EditionError as e:
            errors.append(e)
    return sorted(found, key=lambda s: version_key(s.version)), errors


def read(path: Path, rel: str, cache: Cache | None = None) -> Snapshot:
    """One snapshot file; a malformed one is an EditionError naming its line."""
    again = f"restore it (git checkout {rel}) or write it again with `{CUT} --replace`"
    try:
        raw = read_text(path, rel)
    except EditionError as e:  # the byte and its line as every content file says them; the snapshot's own advice
        raise EditionError(rel, e.line, e.problem, again) from None
    try:
        doc = json.loads(raw)
    except json.JSONDecodeError as e:
        raise EditionError(rel, e.lineno, f"not valid JSON ({e.msg})", again) from None
    if not isinstance(doc, dict):
        raise EditionError(rel, 1, "a snapshot is a JSON object (version, date, readings, verdicts)", again)
    missing = [k for k in ("version", "date", "readings", "verdicts") if k not in doc]
    if missing:
        raise EditionError(rel, 1, f"the snapshot has no {', '.join(missing)}", again)
    if doc["version"] != path.stem:
        raise EditionError(rel, line_of(raw, '"version":'), f"the snapshot of version {doc['version']!r} is "
                           f"in the file of version {path.stem}", again)
    if not isinstance(doc["date"], str) or not re.fullmatch(r"\d{4}-\d\d-\d\d", doc["date"]):
        raise EditionError(rel, line_of(raw, '"date":'), f"the date {doc['date']!r} is not a day (YYYY-MM-DD)", again)
    readings_ = doc["readings"]
    if not isinstance(readings_, dict) or not all(isinstance(v, str) for v in readings_.values()):
        bad = next((k for k, v in readings_.items() if not isinstance(v, str)), None) \
            if isinstance(readings_, dict) else None
        raise EditionError(rel, line_of(raw, f'"{bad}":') if bad else line_of(raw, '"readings":'),
                           "the readings are not texts by address" + (f" ({bad!r})" if bad else ""), again)
    verdicts_ = doc["verdicts"]
    keys = {"verdict", "printed", "computed"}
    if not isinstance(verdicts_, dict) or not all(isinstance(v, dict) and set(v) == keys
                                                  and all(isinstance(x, str) for x in v.values())
                                                  for v in verdicts_.values()):
        bad = next((k for k, v in verdicts_.items() if not (isinstance(v, dict) and set(v) == keys and all(
            isinstance(x, str) for x in v.values()))), None) if isinstance(verdicts_, dict) else None
        raise EditionError(rel, line_of(raw, f'"{bad}":') if bad else line_of(raw, '"verdicts":'),
                           "the verdicts are not claims each with verdict, printed and computed"
                           + (f" ({bad!r})" if bad else ""), again)
    # path: <root>/content/versions/V.json; its texts are published on the page of changes: the HTML policy
    root = Path(path).parents[2]
    schema_text = (root / schema_name(rel)).read_bytes() if (root / schema_name(rel)).is_file() else b""
    problems = (_problems(str(root), doc, raw, rel, schema_text) if cache is None
                else cache.call(_problems, str(root), doc, raw, rel, schema_text))
    if problems:
        raise EditionError(problems[0].path, problems[0].line, problems[0].problem, again)
    return Snapshot(doc["version"], doc["date"], readings_, verdicts_, rel, raw)


def _problems(root: str, doc: dict, raw: str, rel: str, schema_text: bytes) -> list[EditionError]:
    """What the snapshot's schema, the one rule for text and the HTML policy find in it (a tenth of a
    second each for a version's 450 KB, so kept in the build's cache under the snapshot's text and the
    schema's, *schema_text*, which only keys the entry)."""
    return schema_for(Path(root), rel).check(doc, raw, rel) or text_problems(doc, raw, rel) or \
        html_problems(doc, raw, rel)


# --- the build's check ----------------------------------------------------------------------------

def problems(edition, snapshots: list[Snapshot]) -> list[EditionError]:
    """Whether the edition is the version its content/edition.yml says: one error, or none.

    With no snapshot at all (a project not yet versioned, such as a test's fixture) nothing is checked.
    """
    if not snapshots:
        return []
    where = "content/edition.yml"
    version = edition.version
    latest = snapshots[-1]
    if not version:
        return [EditionError(where, None, f"the edition has no version, but {FOLDER}/ holds snapshots "
                             f"(the latest {latest.version})",
                             f"give content/edition.yml 'version: \"{latest.version}\"' or a higher one")]
    if not _VERSION.fullmatch(version):
        return [EditionError(where, _version_line(edition.root), f"the version {version!r} is not a version "
                             "number", f"write it as numbers with dots (\"{latest.version}\"), quoted")]
    mine = next((s for s in snapshots if s.version == version), None)
    if mine is None:
        if version_key(version) < version_key(latest.version):
            return [EditionError(where, _version_line(edition.root), f"version {version} is older than the latest "
                                 f"snapshot ({latest.path})", f"give the version {latest.version} or a higher one")]
        return [EditionError(where, _version_line(edition.root), f"version {version} has no snapshot",
                             f"run `{CUT}` to store what it quotes ({FOLDER}/{version}.json), and commit it")]
    now = take(edition, mine.date)
    read_diff = sorted(k for k in now.readings.keys() | mine.readings.keys()
                       if now.readings.get(k) != mine.readings.get(k))
    verdict_diff = sorted(k for k in now.verdicts.keys() | mine.verdicts.keys()
                          if now.verdicts.get(k) != mine.verdicts.get(k))
    if not read_diff and not verdict_diff:
        return []
    first = (read_diff or verdict_diff)[0]
    return [EditionError(mine.path, line_of(mine.raw, f'"{first}":'),
                         f"the edition's readings or verdicts differ from version {version}'s snapshot "
                         f"({_count(len(read_diff), 'reading')}, {_count(len(verdict_diff), 'verdict')}; "
                         f"first: {first})",
                         f"a published version's text must not change silently: raise 'version:' in "
                         f"content/edition.yml above {version} and run `{CUT}`; while {version} is not yet "
                         f"published, `{CUT} --replace` stores its snapshot again instead")]


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _version_line(root: Path) -> int | None:
    path = Path(root) / "content" / "edition.yml"
    return key_line(path.read_text(encoding="utf-8"), "version") if path.exists() else None


# --- the changes between versions ----------------------------------------------------------------

def changes(old: Snapshot, new: Snapshot) -> Changes:
    """What changed from *old* to *new*: readings changed, added ("" old) or gone ("" new), and
    verdicts the same way (None where the claim did not exist)."""
    out = Changes(old, new)
    for address in sorted(old.readings.keys() | new.readings.keys(), key=_address_key):
        before, after = old.readings.get(address, ""), new.readings.get(address, "")
        if before != after:
            out.readings.append({"address": address, "old": before, "new": after})
    for claim in sorted(old.verdicts.keys() | new.verdicts.keys()):
        before, after = old.verdicts.get(claim), new.verdicts.get(claim)
        if before != after:
            out.verdicts.append({"claim": claim, "old": before, "new": after})
    return out


def _address_key(address: str) -> tuple:
    """Addresses in reading order within a page: para-2 before para-10, laws/9/ before laws/10/.

    >>> sorted(["a/#para-10", "a/#para-2", "laws/10/", "laws/9/"], key=_address_key)
    ['a/#para-2', 'a/#para-10', 'laws/9/', 'laws/10/']
    """
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", address))


def history(snapshots: list[Snapshot]) -> list[Changes]:
    """The changes between each pair of consecutive versions, oldest first."""
    return [changes(a, b) for a, b in zip(snapshots, snapshots[1:], strict=False)]
