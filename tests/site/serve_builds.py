"""Builds as `make serve` makes them, in one process (run by tests/site/test_serve.py).

    python tests/site/serve_builds.py PROJECT OUT EDIT

In PROJECT (a copy of the project), a first dirty build into OUT/dirty, as the server's first; then
EDIT is made to the content and a second dirty build follows, as the server's rebuild; then a
clean build of the edited content, as a server freshly started would make it, into OUT/clean.
Prints, as JSON, the addresses of the pages the rebuild rendered.
"""
from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path

SERVE_URL = "http://127.0.0.1:8000/"


def main(project: Path, out: Path, edit: str) -> None:
    os.chdir(project)
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    def config(site: Path):
        c = load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(site), strict=True)
        c.site_url = SERVE_URL
        return c

    # The server has threads (so the edition's engine works in this process, as under mkdocs serve).
    threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()
    first = config(out / "dirty")
    first.plugins.on_startup(command="serve", dirty=True)
    build(first, serve_url=SERVE_URL, dirty=True)
    time.sleep(0.05)  # a file saved after the build: its time is later than the build's
    EDITS[edit](project)
    build(config(out / "dirty"), serve_url=SERVE_URL, dirty=True)
    from macros import serving
    rendered = sorted(serving.STATE.rendered)
    clean = config(out / "clean")
    clean.plugins.on_startup(command="serve", dirty=False)
    build(clean, serve_url=SERVE_URL, dirty=False)
    print(json.dumps(rendered))


def _note(project: Path) -> None:
    """An editorial note added to a Keller chapter: its page changes, no reading does."""
    chapter = project / "content" / "texts" / "keller" / "01-stakes.md"
    text = chapter.read_text(encoding="utf-8")
    end = text.index(".", text.index("For its character")) + 1
    chapter.write_text(text[:end] + " {note: A note written while the server runs.}" + text[end:], encoding="utf-8")


def _title(project: Path) -> None:
    """A chapter retitled: the navigation of every page changes."""
    chapter = project / "content" / "texts" / "keller" / "01-stakes.md"
    text = chapter.read_text(encoding="utf-8")
    chapter.write_text(text.replace("title: The Question of Stakes", "title: On Stakes", 1), encoding="utf-8")


def _policy(project: Path) -> None:
    """A page of site_src that calls no macro, edited."""
    page = project / "site_src" / "edition" / "policy.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nA sentence added while the server runs.\n",
                    encoding="utf-8")


EDITS = {"note": _note, "title": _title, "policy": _policy}

if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3])
