"""Downloads benchmark (issue 26): what the downloads add to a warm build, and their sizes.

    .venv/bin/python bench/downloads.py

Figures (targets in brackets):
- a warm build (the downloads' cache filled, inputs unchanged) with the downloads, against the same
  build without them (EDITION_DOWNLOADS=0), best of --runs each, and what they add [<= 30 %];
- a cold making of the downloads (an empty cache: every PDF printed, every EPUB and TEI written,
  the site zipped), for information;
- each file's size: the Laws PDF [<= 1 MB], each EPUB [<= 500 KB].
Builds run one after another on this machine; say the load (uptime) with the figures.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(site: Path, **env: str) -> tuple[float, float]:
    """A build's wall time and its CPU time (user and system, of the build and what it starts: Chromium):
    the CPU time moves far less than the wall time when other builds share the machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(site)], cwd=ROOT,
                   check=True, capture_output=True, env=dict(os.environ, NO_MKDOCS_2_WARNING="1", **env))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter() - start, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--cold", action="store_true", help="also time a making with an empty cache")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build(site)  # fills the cache (and warms the file system)
        with_dl = min((build(site) for _ in range(args.runs)), key=lambda t: t[1])
        without = min((build(site, EDITION_DOWNLOADS="0") for _ in range(args.runs)), key=lambda t: t[1])
        print(f"load average: {os.getloadavg()[0]:.1f}")
        for i, what in ((0, "wall"), (1, "CPU")):
            print(f"warm build with the downloads: {with_dl[i]:.1f} s {what}; without: {without[i]:.1f} s; "
                  f"the downloads add {100 * (with_dl[i] - without[i]) / without[i]:.0f} % (target <= 30 %)")
        # The downloads' own share of a warm build, timed alone in this process on the built site: the
        # figure the load of other builds moves least.
        sys.path.insert(0, str(ROOT))
        from edition.model.edition import load_edition  # (the bench's own import: the project's code)
        from edition.site.exports import build as downloads  # (likewise, after the path is set)
        ed = load_edition(ROOT, os.environ.get("SITE_URL", "http://127.0.0.1:8000/"))
        cpu, start = time.process_time(), time.perf_counter()
        downloads.write(ed, site)
        alone = time.perf_counter() - start
        print(f"the downloads alone, warm: {alone:.2f} s wall, {time.process_time() - cpu:.2f} s CPU: "
              f"{100 * alone / without[0]:.1f} % of the build without them (target <= 30 %)")
        if args.cold:  # the build's one cache (edition/framework/cache.py), empty: every download made
            cold = build(site, EDITION_CACHE=str(Path(tmp) / "empty-cache"))[1]
            print(f"a build making every download (empty cache): {cold:.1f} s CPU, {cold - without[1]:.1f} s more "
                  "than none")
        for path in sorted((site / "downloads").iterdir()):
            if path.name in ("index.html", "SHA256SUMS"):
                continue
            size = path.stat().st_size
            target = " (target <= 1 MB)" if path.name.startswith("laws-") else (
                " (target <= 500 KB)" if path.suffix == ".epub" else "")
            print(f"  {path.name:28} {size / 1024:8.0f} KB{target}")


if __name__ == "__main__":
    main()
