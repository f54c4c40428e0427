"""Search benchmark: the questions of bench/questions.yml typed into the site's own search box.

    .venv/bin/python bench/search.py [--site SITE_DIR]   # without --site it builds into a temporary folder
    .venv/bin/python bench/search.py --show 3            # also print the first results of every question

Builds the site (strict) for a local address, serves it on 127.0.0.1, opens the home page in
Debian's Chromium (Playwright, headless, 1280x900), and types each question into Material's search
box as a reader does, key by key. It reads the first three results as the reader sees them (each
link of the result list, a page's own entry and its sections, in order, leaving out those folded
under "N more on this page", which a reader sees only if he opens them), and prints how many
questions have a right answer among them (the issue's measure, target at least 90 %), how many
have it first, and every question that fails with what it got. bench/questions.yml says how a
result is judged right; its answers are checked against the built site first (a place that does
not exist stops the run, naming the line).

The logic is importable: tests/browser/test_search_questions.py runs it on the tests' build.
"""
from __future__ import annotations

import argparse
import functools
import html.parser
import http.server
import os
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from edition.texts.datafiles import parse, read_text  # noqa: E402 (the project's root put on the path above)
from edition.texts.errors import EditionError, line_of  # noqa: E402

QUESTIONS = ROOT / "bench" / "questions.yml"
QUESTIONS_NAME = "bench/questions.yml"
SITUATIONS = ROOT / "content" / "situations.yml"
#: The address of the page of situations ("What is the rule when…"): a result at a situation
#: (situations/#slug on that page, or situations/slug/, its own page) is right when the
#: situation's first law is among the question's laws.
SITUATIONS_PAGE = "situations/"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TOP = 3
TARGET = 0.90
LAWS = range(1, 78)


@dataclass(frozen=True)
class Question:
    """One question of the benchmark and the addresses that answer it."""

    q: str
    line: int
    laws: tuple[int, ...] = ()
    terms: tuple[str, ...] = ()
    places: tuple[str, ...] = ()

    def answers(self) -> set[str]:
        """Every address at which a result is right (the situations page aside).

        >>> sorted(Question("six cards", 1, laws=(24,), terms=("foul-hand",)).answers())
        ['foster/laws/#law-24', 'glossary/#foul-hand', 'laws/24/']
        """
        return ({f"laws/{n}/" for n in self.laws} | {f"foster/laws/#law-{n}" for n in self.laws}
                | {f"glossary/#{t}" for t in self.terms} | set(self.places))


@dataclass
class Outcome:
    """What one question got: its first results (addresses) and whether any is right."""

    question: Question
    results: list[str]
    situation_laws: dict[str, int] = field(default_factory=dict)

    def right_at(self, address: str, with_situations: bool = True) -> bool:
        if address in self.question.answers():
            return True
        slug = situation_slug(address)
        if with_situations and slug:
            return self.situation_laws.get(slug) in self.question.laws
        return False

    def right(self, with_situations: bool = True, top: int = TOP) -> bool:
        return any(self.right_at(a, with_situations) for a in self.results[:top])


def situation_slug(address: str) -> str:
    """The slug of the situation at *address*, on the situations page or on a page of its own ("" elsewhere).

    >>> situation_slug("situations/#misdeal"), situation_slug("situations/misdeal/"), situation_slug("situations/")
    ('misdeal', 'misdeal', '')
    """
    if not address.startswith(SITUATIONS_PAGE):
        return ""
    rest = address[len(SITUATIONS_PAGE):]
    return rest[1:] if rest.startswith("#") else rest.split("/", 1)[0] if "/" in rest else ""


def questions_name(path: Path) -> str:
    """A questions file as messages name it: its path in the project (bench/questions.yml)."""
    path = Path(path).resolve()
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else QUESTIONS_NAME


def _error(name: str, raw: str, needle: str, problem: str, advice: str) -> EditionError:
    return EditionError(name, line_of(raw, needle), problem, advice)


def load_questions(path: Path = QUESTIONS) -> list[Question]:
    """The questions of *path*, each with its answers; a malformed entry stops with its line."""
    name = questions_name(path)
    data = parse(read_text(path, name), name, list)  # a benchmark's file: its keys checked below
    raw = path.read_text(encoding="utf-8")
    questions: list[Question] = []
    seen: set[str] = set()
    for entry in data:
        q = entry.get("q") if isinstance(entry, dict) else None
        if not isinstance(q, (str, int)) or not str(q).strip():
            raise _error(name, raw, f"- {next(iter(entry), '')}" if isinstance(entry, dict) else "- ",
                         "an entry without its question", "give every entry a 'q:' (the words typed) first")
        q = str(q)
        needle = f"q: {q}" if f"q: {q}" in raw else q
        unknown = set(entry) - {"q", "laws", "terms", "places"}
        if unknown:
            raise _error(name, raw, needle, f"the question {q!r} has the key {sorted(unknown)[0]!r}",
                         "use only q, laws, terms and places (see the top of the file)")
        lists = {k: entry.get(k) or [] for k in ("laws", "terms", "places")}
        for key, value in lists.items():
            if not isinstance(value, list):
                raise _error(name, raw, needle, f"the question {q!r} has {key} that is not a list",
                             f"write {key}: [ ... ]")
        bad = [n for n in lists["laws"] if not isinstance(n, int) or n not in LAWS]
        if bad:
            raise _error(name, raw, needle, f"the question {q!r} names law {bad[0]!r}, which is not one of "
                         "Foster's 1-77", "name a law by its number")
        if not any(lists.values()):
            raise _error(name, raw, needle, f"the question {q!r} has no answer",
                         "give the laws, terms or places that answer it")
        if q.lower() in seen:
            raise _error(name, raw, needle, f"the question {q!r} is asked twice", "keep one of the two")
        seen.add(q.lower())
        questions.append(Question(q, line_of(raw, needle) or 0, tuple(lists["laws"]),
                                  tuple(str(t) for t in lists["terms"]), tuple(str(p) for p in lists["places"])))
    return questions


class _Ids(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.ids.update(v for k, v in attrs if k == "id" and v)


@functools.lru_cache(maxsize=256)
def _page_ids(site: Path, page: str) -> frozenset[str] | None:
    path = site / page / "index.html"
    if not path.is_file():
        return None
    parser = _Ids()
    parser.feed(path.read_text(encoding="utf-8"))
    return frozenset(parser.ids)


def check_answers(questions: list[Question], site: Path, name: str = QUESTIONS_NAME) -> None:
    """Stop, naming the question's line, at an answer that the built *site* does not publish."""
    for question in questions:
        for address in sorted(question.answers()):
            page, _, anchor = address.partition("#")
            ids = _page_ids(site, page)
            if ids is None or (anchor and anchor not in ids):
                raise EditionError(name, question.line, f"the question {question.q!r} names "
                                   f"{address}, which the site does not publish",
                                   "correct the address (a page's folder, then #anchor) from the built site")


def situation_laws(path: Path = SITUATIONS) -> dict[str, int]:
    """Each situation's slug and the law it names first, from content/situations.yml (none before it exists)."""
    if not path.exists():
        return {}
    return {s["slug"]: s["laws"][0] for s in _situations(path) if s.get("laws")}


def _situations(path: Path) -> list[dict]:
    """The situations of content/situations.yml (its `situations:`), as dicts."""
    data = parse(read_text(path, "content/situations.yml"), "content/situations.yml", dict) or {}
    return [s for s in data.get("situations") or [] if isinstance(s, dict)]


def copied_into_situations(questions: list[Question], path: Path = SITUATIONS) -> list[str]:
    """The questions that content/situations.yml holds word for word (as a question or a way of
    asking): none should, since the benchmark measures the search, not phrasings copied from it."""
    if not path.exists():
        return []
    said = {" ".join(str(x).lower().split()) for s in _situations(path)
            for x in [s.get("question", ""), s.get("happened", ""), *(s.get("asked") or [])]}
    return [q.q for q in questions if " ".join(q.q.lower().rstrip("?").split()) in {x.rstrip("?") for x in said}]


def address(href: str) -> str:
    """A result's link as the site's address: no host, no highlight query.

    >>> address("http://127.0.0.1:8000/foster/laws/?h=law+19#law-19")
    'foster/laws/#law-19'
    >>> address("http://127.0.0.1:8000/glossary/?h=kitty#kitty")
    'glossary/#kitty'
    """
    parts = urlsplit(href)
    path = parts.path.lstrip("/")
    return path + (f"#{parts.fragment}" if parts.fragment else "")


_VISIBLE_RESULTS = """els => els
  .filter(e => e.getClientRects().length > 0 && !e.closest('details:not([open])'))
  .map(e => e.href)"""
_STATE = """() => {
  const meta = document.querySelector('.md-search-result__meta');
  const links = [...document.querySelectorAll('.md-search-result__link')].slice(0, 6).map(e => e.href);
  return (meta ? meta.textContent : '') + '|' + links.join(' ');
}"""


#: Counts the questions the page sends its search worker and the answers it gets (an init script,
#: before Material's script starts the worker): on a busy machine the answer to a half-typed
#: question ("a c") could stay on screen long enough to pass for the last one's.
WATCH_WORKER = """(() => {
  const Worker = window.Worker;
  if (!Worker) return;
  window.__edSearch = { asked: 0, answered: 0 };
  window.Worker = class extends Worker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", e => { if (e.data && e.data.type === 3) window.__edSearch.answered++; });
    }
    postMessage(message, ...rest) {
      if (message && message.type === 2) window.__edSearch.asked++;
      return super.postMessage(message, ...rest);
    }
  };
})()"""
_ANSWERED = "() => !window.__edSearch || window.__edSearch.asked === window.__edSearch.answered"


def search(page, query: str, settle_ms: int = 400, timeout_ms: int = 10000) -> list[str]:
    """Type *query* into the search box of *page* (a Playwright page of the site) as a reader does,
    wait until the results stop changing (and, on a page opened with ``WATCH_WORKER``, until the
    worker has answered every question sent), and return the addresses of the visible results in order."""
    box = page.locator(".md-search__input")
    box.click()
    box.fill("")
    page.keyboard.type(query)
    page.wait_for_function("q => document.querySelector('.md-search__input').value === q", arg=query)
    page.wait_for_function(_ANSWERED, timeout=timeout_ms)
    last, stable, waited = None, 0, 0
    while waited < timeout_ms:
        state = page.evaluate(_STATE)
        ready = "matching" in state.split("|")[0].lower() or "no matching" in state.lower()
        stable = stable + 100 if (state == last and ready) else 0
        if stable >= settle_ms:
            break
        last = state
        page.wait_for_timeout(100)
        waited += 100
    return [address(h) for h in page.eval_on_selector_all(".md-search-result__link", _VISIBLE_RESULTS)]


def run(page, base: str, questions: list[Question], laws_of_situations: dict[str, int]) -> list[Outcome]:
    """Every question typed into the search box of the site at *base*; its first results judged."""
    page.add_init_script(WATCH_WORKER)
    page.goto(base, wait_until="networkidle")
    outcomes = []
    for question in questions:
        results = search(page, question.q)
        outcomes.append(Outcome(question, results[:max(TOP, 5)], laws_of_situations))
    return outcomes


def summary(outcomes: list[Outcome]) -> dict[str, int]:
    """The counts the benchmark prints."""
    return {
        "questions": len(outcomes),
        "right": sum(o.right() for o in outcomes),
        "right without situations": sum(o.right(with_situations=False) for o in outcomes),
        "right first": sum(o.right(top=1) for o in outcomes),
    }


def report(outcomes: list[Outcome], show: int = 0, name: str = QUESTIONS_NAME,
           searched_in: str = "Chromium at 1280x900") -> str:
    s = summary(outcomes)
    n = s["questions"]

    def pct(k):
        return f"{s[k]} of {n} ({100 * s[k] / n:.0f} %)"
    lines = [f"questions: {n} ({name}); results read: the first {TOP}, {searched_in}",
             f"right among the first {TOP}: {pct('right')} (target at least {TARGET:.0%})",
             f"  not counting the situations page: {pct('right without situations')}",
             f"right first: {pct('right first')}"]
    failed = [o for o in outcomes if not o.right()]
    lines.append(f"failing ({len(failed)}):" if failed else "failing: none")
    for o in failed:
        lines.append(f"  {o.question.q!r} (line {o.question.line}) -> {' | '.join(o.results[:TOP]) or 'no result'}")
    if show:
        lines.append("every question's first results (* right):")
        for o in outcomes:
            got = " | ".join(("*" if o.right_at(a) else "") + a for a in o.results[:show])
            lines.append(f"  {o.question.q!r}: {got or 'no result'}")
    return "\n".join(lines)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", help="a built site folder (default: build one, strict, into a temporary folder)")
    ap.add_argument("--show", type=int, default=0, help="also print every question's first N results")
    ap.add_argument("--questions", default=str(QUESTIONS), help="the questions (default: bench/questions.yml; "
                    "bench/questions-holdout.yml holds the set written after the tuning of issue 24, "
                    "bench/questions-holdout-2.yml the set written before that of issue 32)")
    args = ap.parse_args()
    try:
        questions = load_questions(Path(args.questions))
        laws_of_situations = situation_laws()
    except EditionError as e:
        sys.exit(str(e))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), QuietHandler)  # its port names the build's address
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(args.site).resolve() if args.site else Path(tmp) / "site"
        if not args.site:
            proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir",
                                   str(site)], cwd=ROOT, capture_output=True, text=True,
                                  env=dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL=base))
            if proc.returncode:
                sys.exit(f"the build failed:\n{proc.stderr[-2000:]}")
        try:
            check_answers(questions, site, questions_name(Path(args.questions)))
        except EditionError as e:
            sys.exit(str(e))
        httpd.RequestHandlerClass = functools.partial(QuietHandler, directory=str(site))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        from playwright.sync_api import sync_playwright  # only when the benchmark runs, not when a test imports it
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: m.type in ("error", "warning") and errors.append(m.text))
            outcomes = run(page, base, questions, laws_of_situations)
            browser.close()
        httpd.shutdown()
    print(report(outcomes, args.show, questions_name(Path(args.questions))))
    copied = copied_into_situations(questions)
    print(f"questions written word for word in content/situations.yml: {len(copied)}"
          + (f" ({'; '.join(copied)})" if copied else ""))
    if errors:
        print("the browser reported (a search that failed counts as no result):\n  " + "\n  ".join(errors[:10]))


if __name__ == "__main__":
    main()
