"""Scale benchmark: does the build's cost grow in a straight line with the corpus?

    .venv/bin/python bench/scale.py            # x1, x3, x10 and the one-huge-note case
    .venv/bin/python bench/scale.py 1 3        # only the factors given
    .venv/bin/python bench/scale.py --no-warm-up 1 3   # without the warm-up build before each (tests/test_bench.py)

For each factor N it makes a temporary copy of the project whose corpus holds every work N times
(the copies under new names: work ``foster-2``, witness ``100`` ...; their reading texts, claims,
registered non-claims and verdicts follow them), builds it once with ``mkdocs build --strict``
in a child process with an empty cache (a cold build: edition/framework/cache.py), and prints the
build's wall-clock seconds and the child's peak memory (``ru_maxrss`` from ``os.wait4``: the
largest resident set of the build or the worker it forks).

Targets: the x10 corpus in at most 10x the time and 10x the peak memory of x1; one editorial
note of 5 MB in a normal corpus in at most a few times the memory of a normal build.

What a copy changes, so that it is a second edition of the same texts and not a clash with the
first: the witness file under a new id (its checksum recorded), the works' folders and slugs, the
claims' ids and pages; Foster's ``{law N}`` marks and Hoyle's ``{page N}`` marks become plain text
in the copies (a law and a page number are each published once in an edition), and the copies are
no authorities of the concordance (each would need a relation on every point); the version's
snapshot is cut again (the copies' readings are new); the search index's budget is N times the
edition's (``scale_budget``, in the copy's own ``edition/``).
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL="http://127.0.0.1:8000/")
HUGE_NOTE_BYTES = 5_000_000


class _NoAliases(yaml.SafeDumper):
    """Writes a value shared by two copies out in full each time: the build refuses YAML anchors and
    aliases (content/EDITING.md)."""

    def ignore_aliases(self, data) -> bool:
        return True


#: The code copied into a copy of the project rather than linked: the hooks find the project's root
#: from where their file is (a link would lead them, and the edition they import, back here), and
#: the copy's search budget is scaled (``scale_budget``).
COPIED = {"edition", "macros"}


def project(tmp: Path) -> Path:
    """A copy of the project's build inputs; content and the code in COPIED copied, the rest linked."""
    dest = tmp / "project"
    dest.mkdir()
    for name in os.listdir(ROOT):
        if name in {"content", ".git", ".venv", "site", "tests", "bench"}:
            continue
        src = ROOT / name
        if name in COPIED:
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif src.is_dir():
            (dest / name).symlink_to(src)
        else:
            shutil.copy(src, dest / name)
    shutil.copytree(ROOT / "content", dest / "content")
    return dest


def _copy_id(wid: str, k: int) -> str:
    return f"{int(wid) + 100 * (k - 1):03d}"


def multiply(content: Path, factor: int) -> None:
    """Add factor - 1 copies of every work to *content*, under new names."""
    works = yaml.safe_load((content / "works.yml").read_text(encoding="utf-8"))
    registry_file = content / "witnesses" / "witnesses.yml"
    registry = yaml.safe_load(registry_file.read_text(encoding="utf-8"))
    claims = yaml.safe_load((content / "claims.yml").read_text(encoding="utf-8"))
    not_claims = yaml.safe_load((content / "figures-not-claims.yml").read_text(encoding="utf-8"))
    verdicts = yaml.safe_load((content / "verdicts.yml").read_text(encoding="utf-8"))
    glossary = yaml.safe_load((content / "glossary.yml").read_text(encoding="utf-8"))
    new_works = dict(works)
    new_claims, new_not_claims, new_verdicts = list(claims), list(not_claims), dict(verdicts)
    for k in range(2, factor + 1):
        for slug, work in works.items():
            copy = f"{slug}-{k}"
            wids = {wid: _copy_id(wid, k) for wid in work["witnesses"]}
            for old, new in wids.items():
                entry = dict(registry[old])
                data = (content / "witnesses" / entry["file"]).read_bytes()
                entry["file"] = f"{new}_{entry['file'].split('_', 1)[1]}"
                (content / "witnesses" / entry["file"]).write_bytes(data)
                entry["sha256"] = hashlib.sha256(data).hexdigest()
                entry["work"] = copy
                registry[new] = entry
            new_work = dict(work, title=f"{work['title']} (copy {k})", witnesses=list(wids.values()))
            for key in ("principal", "authority", "laws"):  # the copy is no authority and numbers no laws
                new_work.pop(key, None)
            if "excluded" in work:
                new_work["excluded"] = {wids[w]: spans for w, spans in work["excluded"].items()}
            new_works[copy] = new_work
            (content / "texts" / copy).mkdir()
            for text in sorted((content / "texts" / slug).glob("*.md")):
                body = text.read_text(encoding="utf-8")
                for field in ("witness", "collate"):
                    for old, new in wids.items():
                        body = body.replace(f'{field}: "{old}"', f'{field}: "{new}"')
                body = re.sub(r"\{law (\d+)\}", r"\1.", body)
                body = re.sub(r"\{page (\d+)\}", "", body)
                (content / "texts" / copy / text.name).write_text(body, encoding="utf-8")
            for claim in claims:
                if claim["page"].split("/")[0] == slug:
                    page = f"{copy}/{claim['page'].split('/', 1)[1]}"
                    new_claims.append(dict(claim, id=f"{claim['id']}-{k}", page=page))
                    if claim["id"] in verdicts:
                        new_verdicts[f"{claim['id']}-{k}"] = verdicts[claim["id"]]
            for entry in not_claims:
                if entry["page"].split("/")[0] == slug:
                    new_not_claims.append(dict(entry, page=f"{copy}/{entry['page'].split('/', 1)[1]}"))
            for group in glossary.get("not_terms") or []:  # the words the copy sets apart are decided alike
                group["terms"] += [f"{copy}:{t.split(':', 1)[1]}" for t in list(group["terms"])
                                   if t.split(":", 1)[0] == slug]
    dump = {"works.yml": new_works, "claims.yml": new_claims, "figures-not-claims.yml": new_not_claims,
            "verdicts.yml": new_verdicts, "witnesses/witnesses.yml": registry, "glossary.yml": glossary}
    for name, data in dump.items():
        (content / name).write_text(yaml.dump(data, Dumper=_NoAliases, sort_keys=False, allow_unicode=True),
                                    encoding="utf-8")
    if factor > 1:
        recut(content.parent)
        scale_budget(content.parent, factor)


def scale_budget(proj: Path, factor: int) -> None:
    """The search index's budget (edition/texts/budgets.py) times *factor* in the copy: N editions of
    the same texts make an index N times the size, which the real edition's budget rightly refuses.
    The copy's ``edition/`` is its own (COPIED), so the real budget is not touched."""
    budgets = proj / "edition" / "texts" / "budgets.py"
    text, found = re.subn(r"^SEARCH_INDEX_GZIPPED = (.+?)(  #|$)", rf"SEARCH_INDEX_GZIPPED = {factor} * (\1)\2",
                          budgets.read_text(encoding="utf-8"), count=1, flags=re.M)
    if not found:
        sys.exit(f"{budgets.relative_to(proj)}: no SEARCH_INDEX_GZIPPED = ... line to scale; update bench/scale.py")
    budgets.write_text(text, encoding="utf-8")


def recut(proj: Path) -> None:
    """The version's snapshot cut again for the copies (scripts/cut-version --replace), in a child
    process: the copies' readings are new, and the build stops on readings its snapshot lacks."""
    child = subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; "
                            "from edition.site.versions import main; sys.exit(main(['cut', '--replace'], "
                            "Path(sys.argv[1])))", str(proj)], cwd=proj, env=ENV, capture_output=True, text=True)
    if child.returncode != 0:
        sys.exit(f"cutting the snapshot of {proj} failed:\n{(child.stdout + child.stderr)[-3000:]}")


def huge_note(content: Path) -> None:
    """One editorial note of 5 MB in the middle of Foster's Laws."""
    laws = content / "texts" / "foster" / "03-laws.md"
    text = laws.read_text(encoding="utf-8")
    words = ("This editorial note is long on purpose, to measure what one very long note costs. "
             * (HUGE_NOTE_BYTES // 84 + 1))[:HUGE_NOTE_BYTES]
    law = text.index("{law 12}")
    end = text.index("\n", law)
    text = text[:end] + " {note: " + words.strip() + "}" + text[end:]
    laws.write_text(text, encoding="utf-8")


def build(proj: Path, cache: Path) -> tuple[float, float]:
    """Seconds and peak memory (MB) of one strict build of *proj*, in a child process, with the
    build's cache in *cache* (an empty folder: a cold build, whose work grows with the corpus)."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                              "--site-dir", str(proj / "site")], cwd=proj, env=dict(ENV, EDITION_CACHE=str(cache)),
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"the build of {proj} failed:\n{out.decode(errors='replace')[-3000:]}")
    return seconds, usage.ru_maxrss / 1024


def measure(label: str, prepare, warm_up: bool = True) -> tuple[float, float]:
    """Build the copy *prepare* makes, cold; its seconds and peak memory. *warm_up*: build it once before,
    to warm the file cache and the imports, which steadies the timing (a test that reads no timing skips it)."""
    with tempfile.TemporaryDirectory() as d:
        proj = project(Path(d))
        prepare(proj / "content")
        if warm_up:
            build(proj, Path(d) / "cache-warm-up")
            shutil.rmtree(proj / "site")
        seconds, peak = build(proj, Path(d) / "cache")
        pages = sum(1 for _ in (proj / "site").rglob("index.html"))
    print(f"{label:<18} {seconds:7.2f} s  {peak:8.0f} MB  {pages:5d} pages", flush=True)
    return seconds, peak


def main(argv: list[str]) -> None:
    warm_up = "--no-warm-up" not in argv
    argv = [a for a in argv if a != "--no-warm-up"]
    factors = [int(a) for a in argv] or [1, 3, 10]
    print(f"{'corpus':<18} {'build':>9}  {'peak':>11}  {'pages':>5}")
    results = {n: measure(f"x{n}", lambda c, n=n: multiply(c, n), warm_up) for n in factors}
    if 1 in results and len(results) > 1:
        t1, m1 = results[1]
        for n, (t, m) in results.items():
            if n != 1:
                print(f"x{n} / x1: time {t / t1:.2f}, peak memory {m / m1:.2f}  [target <= {n}]")
    if not argv:
        t, m = measure("x1 + 5 MB note", huge_note, warm_up)
        t1, m1 = results[1]
        print(f"5 MB note / x1: time {t / t1:.2f}, peak memory {m / m1:.2f}  [target: a few times]")


if __name__ == "__main__":
    main(sys.argv[1:])
