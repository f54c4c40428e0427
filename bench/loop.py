"""The editor's loop: how soon `make serve` serves a chapter again after it is saved.

    .venv/bin/python bench/loop.py              # five edits
    .venv/bin/python bench/loop.py --edits 10

It copies the project's build inputs to a temporary folder (content copied, code linked, as
bench/scale.py does), starts the server as ``make serve`` does (the Makefile's own command, on a
free port, with an empty cache folder of its own, which its first build fills), waits for that
first build, then saves an editorial note into a Keller chapter, a new note at each edit (the page
changes, its readings do not, so the version's snapshot still holds), and times from the save:

- until the server serves the chapter's page with the new note (polled every 20 ms);
- until the server's log says the build is done;

each in CPU seconds of the server's process (and of the children it waited for), read from
/proc at those moments, and in wall-clock seconds. Beside them, a plain Material full build of
the same site, the same Markdown and navigation without hooks, macros or engine (bench/site.py's
plain project), in the same run, in CPU and wall-clock seconds. Target: the chapter served again
in at most 0.5x the plain full build, in CPU time (the wall clock's ratio beside; CPU time does not
double when the shared machine is busy). The load average is printed with the figures.
"""
from __future__ import annotations

import argparse
import os
import re
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.scale import project  # noqa: E402
from bench.site import best, build, plain_project  # noqa: E402

CHAPTER = Path("content/texts/keller/01-stakes.md")
PAGE = "keller/stakes/"
ANCHOR = "For its character and origin"  # the paragraph the note is added to
TIMEOUT = 120.0  # seconds a build may take before the benchmark gives up


def serve_command(port: int) -> list[str]:
    """The Makefile's `serve` recipe, run with this Python on *port*."""
    recipe = re.search(r"^serve:.*?\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    line = next((ln for ln in recipe[1].splitlines() if "mkdocs serve" in ln), None) if recipe else None
    if line is None:
        sys.exit("bench/loop.py: no `mkdocs serve` line in the Makefile's serve recipe")
    words = shlex.split(line.strip())
    words[0] = sys.executable
    at = words.index("--dev-addr")
    words[at + 1] = f"127.0.0.1:{port}"
    return words


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``make serve`` in *proj*: its log read as it comes, its pages fetched."""

    def __init__(self, proj: Path, cache: Path) -> None:
        self.port = free_port()
        self.builds = 0  # builds the log has reported done
        self.log: list[str] = []
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", EDITION_CACHE=str(cache))
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as bench/site.py's builds: the compiled modules kept
        env.pop("SITE_URL", None)
        self.process = subprocess.Popen(serve_command(self.port), cwd=proj, env=env, text=True,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.log.append(line)
            if "Documentation built in" in line:
                self.builds += 1

    def wait_for_builds(self, n: int) -> None:
        deadline = time.monotonic() + TIMEOUT
        while self.builds < n:
            if self.process.poll() is not None or time.monotonic() > deadline:
                sys.exit("bench/loop.py: the server did not build:\n" + "".join(self.log[-30:]))
            time.sleep(0.01)

    def cpu(self) -> float:
        """The server's CPU seconds so far (user and system, with its children waited for: /proc/PID/stat)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")

    def page(self) -> str:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/{PAGE}", timeout=5) as r:
                return r.read().decode("utf-8")
        except OSError:
            return ""

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def edit(chapter: Path, original: str, n: int) -> str:
    """The chapter with a new editorial note after its first paragraph's first sentence; returns the note."""
    note = f"Loop benchmark, edit {n}."
    at = original.index(ANCHOR)
    end = original.index(".", at) + 1
    chapter.write_text(original[:end] + f" {{note: {note}}}" + original[end:], encoding="utf-8")
    return note


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        proj = project(tmp)
        plain_times = []
        plain = plain_project(tmp)
        chapter = proj / CHAPTER
        original = chapter.read_text(encoding="utf-8")
        server = Server(proj, tmp / "cache")
        try:
            server.wait_for_builds(1)
            served, done, served_cpu, done_cpu = [], [], [], []
            for n in range(1, args.edits + 1):
                time.sleep(1.0)  # the server idle, as an editor finds it
                builds = server.builds
                cpu = server.cpu()
                note = edit(chapter, original, n)
                start = time.perf_counter()
                while note not in server.page():
                    if time.perf_counter() - start > TIMEOUT:
                        sys.exit("bench/loop.py: the page never showed the edit:\n" + "".join(server.log[-30:]))
                    time.sleep(0.02)
                served.append(time.perf_counter() - start)
                served_cpu.append(server.cpu() - cpu)
                server.wait_for_builds(builds + 1)
                done.append(time.perf_counter() - start)
                done_cpu.append(server.cpu() - cpu)
        finally:
            server.stop()
            chapter.write_text(original, encoding="utf-8")
        build(plain, tmp / "plain-warm")
        for i in range(3):
            plain_times.append(build(plain, tmp / f"plain{i}"))
        p = best(plain_times)
        s, b = statistics.median(served), statistics.median(done)
        sc, bc = statistics.median(served_cpu), statistics.median(done_cpu)
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min) at the end")
        print(f"plain Material full build, same Markdown and navigation: {p.cpu:.2f} s CPU, {p.wall:.2f} s wall "
              "(best of 3)")
        print(f"make serve, a Keller chapter saved -> its page served again: {sc:.2f} s CPU, {s:.2f} s wall "
              f"(median of {len(served)}; wall {', '.join(f'{x:.2f}' for x in served)}); ratio {sc / p.cpu:.2f} CPU, "
              f"{s / p.wall:.2f} wall to the plain build  [target <= 0.5]")
        print(f"make serve, a Keller chapter saved -> the rebuild done: {bc:.2f} s CPU, {b:.2f} s wall (median; "
              f"wall {', '.join(f'{x:.2f}' for x in done)})")


if __name__ == "__main__":
    main(sys.argv[1:])
