"""The real edition's site, built once per test run and served once, whichever process asks first.

A run of the tests (``pytest``, or ``pytest -n 2``: pytest-xdist's two workers) builds the site one
time, with ``mkdocs build --strict``, in a child process started as soon as a process of the run has
collected a test that needs it (``tests/conftest.py``), so that the build runs while the tests that do
not need it do; a test that needs it waits for it (``built``). The browser tests' server is a thread
of the run's first process (``serve``), at the address the site is built for (``served``).

The address and the folder stay the same from one run to the next (``RUN``): the downloads' cache
keys name the site's address and its folder, so a new port or a new temporary folder on each run
would make every PDF again. The address's port is drawn from the checkout's path, the folder is
``.cache/tests/`` in the checkout; a second run in the same checkout while one goes on, or a port
already taken, gets a fresh port and folder instead (slower, as correct).

The process that started the run (pytest itself, or xdist's controller) owns it: it serves the site, and
ends a build still running when the run ends (``end``); the build ends by itself if that process dies.
"""
from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import http.server
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
ENV = "EDITION_TEST_RUN"  # what the run's first process decided, for the processes it starts (xdist's workers)


@dataclass(frozen=True)
class Run:
    id: str
    port: int
    folder: Path  # the site is built into folder/site, its log is folder/build.log
    owner: int  # the pid of the run's first process

    @property
    def site_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def site(self) -> Path:
        return self.folder / "site"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _port_is_free(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds: a closed connection's
        try:                                                     # TIME_WAIT does not hold the port
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def stable_port(root: Path) -> int:
    """The checkout's own port, from its path: the same on every run, another for another checkout."""
    return 20000 + int(hashlib.sha256(str(root).encode()).hexdigest(), 16) % 20000


_held: list = []  # the run's lock on the stable folder, held while the first process lives


def _decide() -> Run:
    """The run, as its first process decides it (and leaves in the environment for the others)."""
    if os.environ.get(ENV):
        d = json.loads(os.environ[ENV])
        return Run(d["id"], d["port"], Path(d["folder"]), d["owner"])
    folder = ROOT / ".cache" / "tests"
    folder.mkdir(parents=True, exist_ok=True)
    lock = (folder / "run.lock").open("a")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        _held.append(lock)
        port = stable_port(ROOT)
    except OSError:  # another run in this checkout holds the folder: this one gets its own
        lock.close()
        folder, port = Path(tempfile.mkdtemp(prefix="edition-tests-")), _free_port()
    if not _port_is_free(port):
        port = _free_port()
    run = Run(uuid.uuid4().hex, port, folder, os.getpid())
    os.environ[ENV] = json.dumps({"id": run.id, "port": run.port, "folder": str(run.folder), "owner": run.owner})
    return run


RUN = _decide()


@contextlib.contextmanager
def _locked():
    with (RUN.folder / "state.lock").open("a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        yield


def _read(name: str) -> dict:
    try:
        d = json.loads((RUN.folder / name).read_text())
    except (OSError, ValueError):
        return {}
    return d if d.get("run") == RUN.id else {}  # another run's file is no news of this one


def _write(name: str, data: dict) -> None:
    tmp = RUN.folder / f".{name}.tmp{os.getpid()}"
    tmp.write_text(json.dumps({"run": RUN.id, **data}))
    tmp.replace(RUN.folder / name)


def _start() -> int:
    """The build, a child in a session of its own (so that it and its children end together)."""
    proc = subprocess.Popen([PYTHON, "-m", "tests.shared_site"], cwd=ROOT, start_new_session=True,
                            stdin=subprocess.DEVNULL)
    _children.append(proc)
    return proc.pid


_children: list[subprocess.Popen] = []


def start_build() -> None:
    """Start the run's build, unless a process of the run already has."""
    with _locked():
        if not _read("build.json"):
            (RUN.folder / "result.json").unlink(missing_ok=True)
            _write("build.json", {"pid": _start()})


def built(timeout: float = 900) -> Path:
    """The built site, once the run's build is done (started here if no process has); fails the test
    with the build's output if it failed."""
    import pytest
    start_build()
    deadline = time.monotonic() + timeout
    while not (result := _read("result.json")):
        if time.monotonic() > deadline:
            pytest.fail(f"the site's build did not end in {timeout:.0f} s")
        time.sleep(0.2)
    if result["returncode"] != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{(RUN.folder / 'build.log').read_text()}")
    return RUN.site


def serve() -> None:
    """In the run's first process: serve the site's folder at its SITE_URL, in a thread (pages are there
    once the build is done). Every process of the run reaches it at that address (``served``)."""
    if os.getpid() != RUN.owner:
        return
    handler = functools.partial(_Quiet, directory=str(RUN.site))
    try:
        httpd = _Server(("127.0.0.1", RUN.port), handler)
    except OSError:  # taken since the run chose it: the browser tests' server fixture says so
        return
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    _servers.append(httpd)


_servers: list[_Server] = []


def served(timeout: float = 30) -> str:
    """The address the built site is served at (its SITE_URL), once it is built."""
    import pytest
    built()
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", RUN.port), timeout=1):
            return RUN.site_url
        if time.monotonic() > deadline:
            pytest.fail(f"the test server did not answer on port {RUN.port}: is the port taken?")
        time.sleep(0.1)


def end() -> None:
    """At the end of each process of the run: a build this process started is waited for (another process
    may still need it) and counted as this process's; the run's first process then stops its server and
    ends a build still running (the run was interrupted)."""
    owner = os.getpid() == RUN.owner
    for proc in _children:
        if owner:
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
    for httpd in _servers:
        httpd.shutdown()
        httpd.server_close()
    if owner:
        pid = _read("build.json").get("pid")
        if pid:  # started by another process of the run, which has ended
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGTERM)


# --- the children ----------------------------------------------------------------------------------

def _owner_gone() -> bool:
    try:
        os.kill(RUN.owner, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def _build() -> int:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL=RUN.site_url)
    with (RUN.folder / "build.log").open("w") as log:
        proc = subprocess.Popen([PYTHON, "-m", "mkdocs", "build", "--strict", "--site-dir", str(RUN.site)],
                                cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env, text=True)
        while True:
            try:
                code = proc.wait(1)
                break
            except subprocess.TimeoutExpired:
                if _owner_gone():
                    proc.kill()
                    return 1
    _write("result.json", {"returncode": code})
    return 0


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep the test output clean
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A browser that gives up on a request (a page left, a test done) is no error of the site's; this
        process's output is not a test's, which pytest would hold back."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


if __name__ == "__main__":
    sys.exit(_build())
