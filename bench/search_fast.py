"""The question benchmark of search, fast: bench/search.py's questions and judging, with the site's
own search worker run in Node instead of Chromium (seconds rather than minutes: for tuning).

    .venv/bin/python bench/search_fast.py [--site SITE_DIR] [--show N]
    .venv/bin/python bench/search_fast.py --site SITE_DIR --against-chromium   # the agreement, question by question

The worker is the one the built site's pages start (site_src/assets/search-worker.js, which loads
Material's worker beside it), given the index the site publishes, each question as the search box
sends it; what a reader sees is read as Material's page renders the results
(bench/search-worker-node.js says how). bench/search.py, which types each question into the search
box in Chromium, stays the reference: ``--against-chromium`` runs both on the same build and prints
each question whose first three links differ (none should). Without --site, the site is built
(strict, without the downloads) into a temporary folder.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.search import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    QUESTIONS,
    TOP,
    Outcome,
    QuietHandler,
    check_answers,
    load_questions,
    questions_name,
    report,
    situation_laws,
)
from bench.search import run as run_in_chromium  # noqa: E402
from edition.texts.errors import EditionError  # noqa: E402

NODE_WORKER = ROOT / "bench" / "search-worker-node.js"


def results(site: Path, queries: list[str]) -> list[list[str]]:
    """The links a reader sees for each of *queries* in the search of the built *site*, in order."""
    proc = subprocess.run(["node", str(NODE_WORKER), str(site)], input=json.dumps(queries), capture_output=True,
                          text=True, check=False)
    if proc.returncode:
        raise SystemExit(proc.stderr.strip() or f"node exited with {proc.returncode}")
    return json.loads(proc.stdout)


def run(site: Path, questions, laws_of_situations) -> list[Outcome]:
    """Every question searched in the site's worker; its first results judged as bench/search.py judges them."""
    found = results(site, [q.q for q in questions])
    return [Outcome(q, links[:max(TOP, 5)], laws_of_situations) for q, links in zip(questions, found, strict=True)]


def build(site: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
                          cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, NO_MKDOCS_2_WARNING="1", EDITION_DOWNLOADS="0"))
    if proc.returncode:
        raise SystemExit(f"the build failed:\n{proc.stderr[-2000:]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", help="a built site folder (default: build one, strict, into a temporary folder)")
    ap.add_argument("--show", type=int, default=0, help="also print every question's first N results")
    ap.add_argument("--questions", default=str(QUESTIONS), help="the questions (default: bench/questions.yml)")
    ap.add_argument("--against-chromium", action="store_true",
                    help="also run bench/search.py's Chromium on the same site and compare the first three links")
    args = ap.parse_args()
    try:
        questions = load_questions(Path(args.questions))
        laws_of_situations = situation_laws()
    except EditionError as e:
        sys.exit(str(e))
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(args.site).resolve() if args.site else Path(tmp) / "site"
        if not args.site:
            build(site)
        try:
            check_answers(questions, site, questions_name(Path(args.questions)))
        except EditionError as e:
            sys.exit(str(e))
        before, started = os.times(), time.perf_counter()
        outcomes = run(site, questions, laws_of_situations)
        after = os.times()
        cpu = after.children_user + after.children_system - before.children_user - before.children_system
        print(report(outcomes, args.show, questions_name(Path(args.questions)), "the site's worker in Node"))
        print(f"searched in Node in {time.perf_counter() - started:.1f} s ({cpu:.1f} s CPU)")
        if args.against_chromium:
            print(agreement(site, questions, outcomes, laws_of_situations))


def agreement(site: Path, questions, outcomes: list[Outcome], laws_of_situations) -> str:
    """The first three links of every question in Node and in Chromium (bench/search.py), compared."""
    from playwright.sync_api import sync_playwright  # only when the comparison runs (as bench/search.py does)

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            chromium = run_in_chromium(page, f"http://127.0.0.1:{httpd.server_address[1]}/", questions,
                                       laws_of_situations)
            browser.close()
    finally:
        httpd.shutdown()
    differ = [(n.question.q, n.results[:TOP], c.results[:TOP])
              for n, c in zip(outcomes, chromium, strict=True) if n.results[:TOP] != c.results[:TOP]]
    lines = [f"Node and Chromium: the same first {TOP} links for {len(outcomes) - len(differ)} of {len(outcomes)} "
             "questions"]
    lines += [f"  {q!r}: Node {' | '.join(a)}; Chromium {' | '.join(b)}" for q, a, b in differ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
