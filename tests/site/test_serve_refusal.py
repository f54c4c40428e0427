"""`make serve` after a refused rebuild (macros/serving.py): the refusal is named in the terminal and on the
page served, with its file and line, and the save that fixes it rebuilds what the refused build began (the
server was stuck after the fix until restarted)."""
from __future__ import annotations

import html
import os
import re
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tests.helpers import PYTHON, free_port

TEXT = "---\ntitle: A\nwitness: \"900\"\nlines: 1-3\n---\nOne line of witness text.\n\nAnother line.\n"
LOST = ("content/anchors.lock:1: the published address fixture/a/#para-2 is no longer produced. What to do: restore "
        "what made it (a heading's words, a law, a paragraph, a page), or map it to its new address in "
        "content/redirects.yml")


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.read().decode("utf-8")


def until(url: str, wanted, server: subprocess.Popen, log: Path, seconds: float = 180) -> str:
    """The page at *url* once *wanted* holds of it (the server rebuilds after a save)."""
    end = time.monotonic() + seconds
    page = ""
    while time.monotonic() < end and server.poll() is None:
        try:
            page = fetch(url)
            if wanted(page):
                return page
        except OSError:
            pass
        time.sleep(0.5)
    raise AssertionError(f"{url} never became what was wanted; last:\n{page[-2000:]}\nThe server's log:\n"
                         f"{log.read_text(encoding='utf-8')[-3000:]}")


def refusal(page: str) -> list[str]:
    found = re.search(r'<aside role="alert" id="ed-refused".*?</aside>', page, re.S)
    return [html.unescape(li) for li in re.findall(r"<li>(.*?)</li>", found[0])] if found else []


@pytest.mark.slow
def test_a_refused_rebuild_is_named_on_the_page_and_in_the_terminal_and_the_fix_rebuilds(project, tmp_path):
    project.witness("900", "fixture", "One line of witness text.\n\nAnother line.\n")
    chapter = project.text("fixture", "01-a.md", TEXT)
    (project.path / "site_src" / "index.md").write_text("# Fixture\n")
    (project.path / "content" / "anchors.lock").write_text("fixture/a/#para-2\n")
    port = free_port()
    said = tmp_path.parent / f"{tmp_path.name}-serve.log"  # (outside the project)
    log = said.open("w")
    server = subprocess.Popen([PYTHON, "-m", "mkdocs", "serve", "--strict", "--dirty", "--dev-addr",
                               f"127.0.0.1:{port}"], cwd=project.path, stdout=log, stderr=subprocess.STDOUT,
                              env=dict(os.environ, NO_MKDOCS_2_WARNING="1"), start_new_session=True)
    url = f"http://127.0.0.1:{port}/fixture/a/"
    try:
        first = until(url, lambda page: 'id="para-2"' in page, server, said)
        assert refusal(first) == []
        # The two paragraphs made one: the lock's #para-2 is no longer produced, which the build finds only
        # after the pages are written.
        time.sleep(1.1)
        chapter.write_text(TEXT.replace("\n\nAnother line.", " Another line."))
        refused = until(url, lambda page: refusal(page) != [], server, said)
        assert refusal(refused) == ["The edition's content has errors:", LOST]
        assert refusal(fetch(f"http://127.0.0.1:{port}/")) == refusal(refused)  # every page says it
        terminal = said.read_text(encoding="utf-8")
        assert f"\n  {LOST}\n" in terminal
        assert re.search(r"\nERROR +- +The rebuild was refused \(the messages above say why\)", terminal)
        assert "Traceback" not in terminal and "Aborted with a BuildError" not in terminal

        time.sleep(1.1)
        chapter.write_text(TEXT)  # the fix restores the last good text: its page must be rendered again
        fixed = until(url, lambda page: refusal(page) == [], server, said)
        assert 'id="para-2"' in fixed and "Another line." in fixed
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        log.close()
