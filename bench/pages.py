"""Page benchmark: Lighthouse (npm ``lighthouse``, Debian's Chromium, mobile emulation) on each
kind of page, served gzipped from a fresh strict build on 127.0.0.1.

    .venv/bin/python bench/pages.py [--site SITE_DIR]   # without --site it builds into a temporary folder
    .venv/bin/python bench/pages.py --site site --only "Laws chapter" --runs 3   # one page, median of 3

Prints, for home, /laws/, a law page, the Laws chapter, the glossary, the figures page, a witness
and a reading chapter: performance, accessibility and best-practices scores, the transfer size of a
first visit with everything it loads (gzipped, as served), the number of DOM elements and the total
blocking time. Targets (issue 14): performance >= 95 and accessibility 100 on every page type; the
Laws chapter's first visit <= 150 KB gzipped. Lighthouse's mobile emulation is simulated throttling
(a slow 4G phone), so scores vary by a few points with the load of this shared machine.
"""
from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
PAGES = {"home": "", "laws index": "laws/", "a law (19)": "laws/19/", "Laws chapter": "foster/laws/",
         "glossary": "glossary/", "figures": "figures/", "a witness (004)": "witnesses/004/",
         "reading chapter": "foster/drawing-to-improve/", "house rules": "house-rules/"}
TARGETS = {"performance": 95, "accessibility": 100}
LAWS_CHAPTER_KB = 150


class Gzipped(http.server.SimpleHTTPRequestHandler):
    """Serves every file gzipped, as a real host would (Lighthouse measures what is transferred)."""

    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=3600")
        super().end_headers()

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            return super().send_head()
        body = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def lighthouse(url: str) -> dict:
    out = subprocess.run(
        [str(LIGHTHOUSE), url, "--quiet", "--output=json", "--form-factor=mobile",
         "--only-categories=performance,accessibility,best-practices",
         "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run"],
        capture_output=True, text=True, env=dict(os.environ, CHROME_PATH=CHROMIUM), check=True)
    report = json.loads(out.stdout)
    audits, cats = report["audits"], report["categories"]
    return {
        "performance": round(cats["performance"]["score"] * 100),
        "accessibility": round(cats["accessibility"]["score"] * 100),
        "best practices": round(cats["best-practices"]["score"] * 100),
        "transfer KB": audits["total-byte-weight"]["numericValue"] / 1024,
        "elements": int(audits["dom-size"]["numericValue"]),
        "TBT ms": audits["total-blocking-time"]["numericValue"],
        "failed": [a for a in ("color-contrast", "target-size", "heading-order", "image-alt")
                   if audits.get(a, {}).get("score") == 0],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", help="a built site folder (default: build one)")
    ap.add_argument("--only", action="append", choices=list(PAGES), help="measure this page type only (repeatable)")
    ap.add_argument("--runs", type=int, default=1, help="runs per page; the run with the median performance is shown")
    args = ap.parse_args()
    if args.runs < 1:
        sys.exit("--runs must be at least 1")
    if not LIGHTHOUSE.exists():
        sys.exit("node_modules/.bin/lighthouse is missing: run scripts/node-packages.sh")
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(args.site) if args.site else Path(tmp) / "site"
        if not args.site:
            subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
                           cwd=ROOT, check=True, capture_output=True, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Gzipped, directory=str(site)))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_address[1]}/"
        print(f"{'page':<18} {'perf':>4} {'a11y':>4} {'b.p.':>4} {'transfer KB gz':>14} {'elements':>8} {'TBT ms':>6}")
        misses = []
        for name, path in PAGES.items():
            if args.only and name not in args.only:
                continue
            runs = sorted((lighthouse(base + path) for _ in range(args.runs)), key=lambda r: r["performance"])
            r = runs[len(runs) // 2]
            if args.runs > 1:
                print(f"{'':<18} performance of the {args.runs} runs: {', '.join(str(x['performance']) for x in runs)}")
            print(f"{name:<18} {r['performance']:>4} {r['accessibility']:>4} {r['best practices']:>4} "
                  f"{r['transfer KB']:>14.0f} {r['elements']:>8} {r['TBT ms']:>6.0f}"
                  + (f"  failed audits: {', '.join(r['failed'])}" if r["failed"] else ""))
            misses += [f"{name}: {k} {r[k]} < {v}" for k, v in TARGETS.items() if r[k] < v]
            if name == "Laws chapter" and r["transfer KB"] > LAWS_CHAPTER_KB:
                misses.append(f"{name}: first visit {r['transfer KB']:.0f} KB > {LAWS_CHAPTER_KB} KB")
        httpd.shutdown()
    print("targets met" if not misses else "targets missed:\n  " + "\n  ".join(misses))


if __name__ == "__main__":
    main()
