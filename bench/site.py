"""Site benchmark: prints the build time against a plain Material build, and the site's sizes.

    .venv/bin/python bench/site.py [--against DIR]

``--against DIR``: another checkout of the project (main's worktree, say) whose cold and warm builds are
made in the same run, alternated with this one's, and printed beside them with their ratios to the same
plain build: a change's before and after measured in one run, as the shared machine's load moves.

Figures (targets in brackets), each build a fresh ``mkdocs build`` in a child process, timed in
CPU seconds of the build's processes (the child and what it forks and waits for: the machine is
shared, and CPU time does not double under load as the wall clock does), the wall clock beside:
- the build of the edition (hooks, macros, engine, apparatus) with a cold cache (an empty
  ``EDITION_CACHE`` folder: edition/framework/cache.py) and with a warm one (the folder a build of
  the same content filled), each beside a plain Material build of the same Markdown, with the
  edition's navigation, without hooks, macros and engine, in the same run, and their ratios in CPU
  time (the wall clock's beside) [cold <= 1.5, warm <= 1.15];
- the cold build with the engine's share made in the main process (``EDITION_SERIAL=1``), and
  what the forked worker saves (it stays only while it saves time);
- total size of the built site;
- the Laws page's transfer size, gzipped, with its CSS and JS [<= 200 KB];
- the search index's size, gzipped [<= 120 KB: issue 14; the reading texts alone come to about 130 KB].
"""
from __future__ import annotations

import argparse
import gzip
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from edition.framework.cache import Cache  # noqa: E402
from edition.model.edition import load_edition  # noqa: E402
from edition.site.registry import navigation, site_pages  # noqa: E402

# The downloads are measured apart (bench/downloads.py): these builds leave them out. The builds run as
# a reader's or an editor's shell runs them: Python keeps the modules it compiled (a
# PYTHONDONTWRITEBYTECODE=1 in the environment, as some tools set, would compile the project again in
# every build, plain Material's packages being compiled already).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV.update(NO_MKDOCS_2_WARNING="1", EDITION_DOWNLOADS="0")


class Timed(tuple):
    """A build's (CPU seconds, wall-clock seconds); compared by CPU time first."""

    @property
    def cpu(self) -> float:
        return self[0]

    @property
    def wall(self) -> float:
        return self[1]


def children_cpu() -> float:
    """The CPU seconds (user and system) of this process's children waited for so far, and of theirs."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def build(project: Path, site: Path, **env: str) -> Timed:
    """``mkdocs build`` of *project* into *site* in a child process: its CPU time (with the processes it
    forks and waits for: the engine's worker) and its wall clock."""
    cpu, start = children_cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(site)],
                   cwd=project, check=True, env=dict(ENV, **env), capture_output=True)
    return Timed((children_cpu() - cpu, time.perf_counter() - start))


def best(times: list[Timed]) -> Timed:
    """The best of several runs: the least CPU time and, apart, the least wall clock."""
    return Timed((min(t.cpu for t in times), min(t.wall for t in times)))


def plain_project(tmp: Path) -> Path:
    """The same Markdown, pre-generated, built by plain Material: no hooks, no macros, no engine; the
    edition's navigation (without one, every plain page would list all the site's pages, and the
    plain build would be the slower for it)."""
    ed = load_edition(ROOT, cache=Cache(None))
    project = tmp / "plain"
    docs = project / "docs"
    shutil.copytree(ROOT / "site_src", docs)
    pages = site_pages(ed)
    for page in pages:  # every page the hooks generate, as static files
        if page.markdown is None:
            continue
        target = docs / page.address
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page.markdown, encoding="utf-8")
    # Pages that call macros get their text without the calls.
    for md in docs.rglob("*.md"):
        text = md.read_text(encoding="utf-8")
        if "render_macros: true" in text:
            md.write_text(re.sub(r"\{\{.*?\}\}", "", text), encoding="utf-8")
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8").replace("!ENV", ""))
    config["docs_dir"] = "docs"
    config["site_url"] = "http://127.0.0.1:8000/"
    config.pop("hooks", None)
    config.pop("watch", None)  # mkdocs serve only; names content/, engine/, edition/, macros/
    config["plugins"] = ["search"]
    config["nav"] = navigation(pages, docs)  # the edition's, as macros/hooks.py gives it
    shutil.copytree(ROOT / "templates" / "theme", project / "theme")
    config["theme"]["custom_dir"] = "theme"
    (project / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return project


def same_tree(a: Path, b: Path) -> bool:
    """Whether two built sites hold the same files, byte for byte."""
    files_a = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    return files_a == files_b and all((a / f).read_bytes() == (b / f).read_bytes() for f in files_a)


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", type=lambda p: Path(p).resolve(),
                        help="another checkout, built cold and warm in the same run")
    other = parser.parse_args().against
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        plain = plain_project(tmp)
        warm = str(tmp / "cache-warm")
        # One warm-up each (imports, file cache; it fills the warm cache), then the measured builds,
        # alternated: cold (an empty cache each time), warm, plain, cold in one process (and the other
        # checkout's cold and warm).
        build(plain, tmp / "warm-plain")
        build(ROOT, tmp / "warm-edition", EDITION_CACHE=warm)
        if other:
            build(other, tmp / "warm-other", EDITION_CACHE=str(tmp / "cache-warm-other"))
        cold_times, warm_times, plain_times, serial_times, other_cold, other_warm = [], [], [], [], [], []
        for i in range(3):
            cold_times.append(build(ROOT, tmp / f"cold{i}", EDITION_CACHE=str(tmp / f"cache-cold{i}")))
            if other:
                other_cold.append(build(other, tmp / f"other-cold{i}", EDITION_CACHE=str(tmp / f"cache-other{i}")))
            warm_times.append(build(ROOT, tmp / f"warm{i}", EDITION_CACHE=warm))
            if other:
                other_warm.append(build(other, tmp / f"other-warm{i}", EDITION_CACHE=str(tmp / "cache-warm-other")))
            plain_times.append(build(plain, tmp / f"plain{i}"))
            serial_times.append(build(ROOT, tmp / f"serial{i}", EDITION_CACHE=str(tmp / f"cache-serial{i}"),
                                      EDITION_SERIAL="1"))
        site = tmp / "cold0"
        c, w, p = best(cold_times), best(warm_times), best(plain_times)
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min) at the end")
        print(f"build, plain Material, same Markdown and navigation: {p.cpu:.2f} s CPU, {p.wall:.2f} s wall "
              "(best of 3)")
        print(f"build, edition, cold cache: {c.cpu:.2f} s CPU, {c.wall:.2f} s wall (best of 3); ratio "
              f"{c.cpu / p.cpu:.2f} CPU, {c.wall / p.wall:.2f} wall to plain Material  [target <= 1.5]")
        print(f"build, edition, warm cache: {w.cpu:.2f} s CPU, {w.wall:.2f} s wall (best of 3); ratio "
              f"{w.cpu / p.cpu:.2f} CPU, {w.wall / p.wall:.2f} wall to plain Material  [target <= 1.15]")
        if other:
            oc, ow = best(other_cold), best(other_warm)
            print(f"  against {other}: cold {oc.cpu:.2f} s CPU, {oc.wall:.2f} s wall; ratio {oc.cpu / p.cpu:.2f} CPU, "
                  f"{oc.wall / p.wall:.2f} wall; warm {ow.cpu:.2f} s CPU, {ow.wall:.2f} s wall; ratio "
                  f"{ow.cpu / p.cpu:.2f} CPU, {ow.wall / p.wall:.2f} wall (best of 3, the same run)")
            if not same_tree(site, tmp / "other-cold0"):
                print(f"  the cold builds of this checkout and of {other} differ")
        serial = best(serial_times)
        print(f"build, edition, cold cache, in one process (EDITION_SERIAL=1): {serial.cpu:.2f} s CPU, "
              f"{serial.wall:.2f} s wall (best of 3); the engine worker saves {serial.wall - c.wall:.2f} s wall "
              f"and costs {c.cpu - serial.cpu:.2f} s CPU")
        if not same_tree(site, tmp / "warm0"):
            print("WRONG: the build with a warm cache differs from the cold one")
        total = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
        print(f"site size: {total / 1e6:.2f} MB in {sum(1 for f in site.rglob('*') if f.is_file())} files")
        laws = site / "foster" / "laws" / "index.html"
        if laws.exists():
            html = laws.read_text(encoding="utf-8")
            assets = re.findall(r'(?:href|src)="((?:\.\./)+assets/[^"]+\.(?:css|js))"', html)
            size = gz(laws.read_bytes()) + sum(gz((laws.parent / a).resolve().read_bytes()) for a in set(assets))
            print(f"Laws page transfer, gzipped, with {len(set(assets))} CSS/JS files: {size / 1024:.0f} KB  "
                  "[target <= 200 KB]")
        index = site / "search" / "search_index.json"
        print(f"search index: {index.stat().st_size / 1e6:.2f} MB, {gz(index.read_bytes()) / 1024:.0f} KB gzipped "
              "[target <= 120 KB gzipped, issue 14]")


if __name__ == "__main__":
    main()
