"""The engine's share of loading the edition: kept on disk between builds, and what is not kept made
in a second process while this one reads the texts.

The edition asks the engine for results that depend on the data files alone, not on the texts:
each claim's computation (``engine.claims.compute``), the books' tables set on the figures page
(``engine.claims.computed_table``), the lost diagrams' and the averages' hands, each glossary
entry's example hand (``examples.example``). Each source declares the calls it needs (its
``plan``, see ``sources``); ``start`` takes from the disk cache (``cache``) every result it holds
and forks a worker that makes the others while the texts are aligned and rendered (on a cold
cache, about half the work of a build's load), keeping each in the cache as it is made.

``EngineCalls`` is called like the function it stands for: ``calls(compute, "pat(...)")``. It
returns the cache's or the worker's result for those arguments, or calls the function here: where
there is no worker (not Linux, a caller with threads such as ``mkdocs serve``, ``EDITION_SERIAL=1``
in the environment), for a call the worker was not asked to make, or one that failed in the
worker — so the values are the same either way, and an error is raised here, as it always was.

The engine's share of a build has a time limit (``LIMIT`` seconds, ``EDITION_ENGINE_SECONDS`` in the
environment: the time spent waiting for the worker and making calls here, all calls together): a
call still unmade when it has passed, in the worker or here, raises ``TimeLimit`` naming the call,
which the source that asked reports (a claim names its claim). Each computation from content has
its own budget too, checked before it runs (``engine.claims.compute``: simulated deals,
combinations, powers).

>>> calls = EngineCalls()                     # no cache, no worker: every call is made here
>>> calls(sorted, "cab")
['a', 'b', 'c']
"""
from __future__ import annotations

import os
import pickle
import select
import signal
import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any, BinaryIO

from .cache import MISSING, Cache

Call = tuple[Callable[..., Any], tuple]

#: Seconds the engine's share of one load may take, all calls together (about 10 here; a computation
#: that would take hours must stop the build, not hang it).
LIMIT = float(os.environ.get("EDITION_ENGINE_SECONDS", "600"))


class TimeLimit(Exception):
    """The engine's share of the load ran past its time limit while making one call."""

    def __init__(self, fn: Callable[..., Any], args: tuple):
        shown = ", ".join(repr(a) for a in args)
        super().__init__(f"the engine's share of the build ran past its limit of {LIMIT:,.0f} s while making "
                         f"{fn.__name__}({shown[:80]})")


def _key(fn: Callable[..., Any], args: tuple) -> tuple:
    return (fn.__module__, fn.__qualname__, args)


class EngineCalls:
    """Results made ahead by a worker process, by function and arguments; any other call is made here.

    The worker first sends the calls it will make, then each result as soon as it is made, in that
    order, so a call waits only for its own result (the claims' come first: they are asked first)."""

    def __init__(self, cache: Cache | None = None) -> None:
        self.cache = cache if cache is not None else Cache(None)
        self._kept: dict[tuple, Any] = {}  # read from the cache before the worker started
        self._made: dict[tuple, Any] = {}  # sent by the worker
        self._coming: set[tuple] | None = set()  # what the worker will still send (None: not told yet)
        self._pipe: BinaryIO | None = None
        self._pid = 0  # the worker's, while it may run
        self._stop: weakref.finalize | None = None
        self.spent = 0.0  # seconds spent waiting for the worker or making calls here

    def __call__(self, fn: Callable[..., Any], *args: Any) -> Any:
        key = _key(fn, args)
        began = time.monotonic()
        self.deadline = began + LIMIT - self.spent
        try:
            if self._coming is None:
                self._receive(fn, args)
            while key in self._coming:  # type: ignore[operator]
                self._receive(fn, args)
            if key in self._made:
                return self._made[key]
            if key in self._kept:
                return self._kept[key]
            cache_key = self.cache.key(fn, args)
            value = self.cache.get(cache_key)
            if value is MISSING:
                value = _in_time(self.deadline, fn, args)
                self.cache.put(cache_key, value)
            return value
        finally:
            self.spent += time.monotonic() - began

    def __reduce__(self) -> tuple:
        """Pickled (with the edition, into the cache) as its cache alone: no worker, no result."""
        return (EngineCalls, (self.cache,))

    def _receive(self, fn: Callable[..., Any], args: tuple) -> None:
        assert self._pipe is not None
        ready, _, _ = select.select([self._pipe], [], [], max(0.0, self.deadline - time.monotonic()))
        if not ready:  # the worker is still on a call when the time is up
            self.close()
            raise TimeLimit(fn, args)
        try:
            message = pickle.load(self._pipe)
        except Exception:  # the worker is gone: what it has not sent is made here
            self.close()
            return
        if self._coming is None:
            self._coming = message
        else:
            key, made, value = message
            self._coming.discard(key)
            if made:
                self._made[key] = value
        if not self._coming:
            self.close()

    def close(self) -> None:
        """Stop the worker (if it still runs) and forget what it has not sent."""
        self._coming = set()
        if self._stop is not None:
            self._stop()
            self._stop = self._pipe = None
            self._pid = 0


def _in_time(deadline: float, fn: Callable[..., Any], args: tuple) -> Any:
    """``fn(*args)`` made here, stopped with TimeLimit at *deadline* (where a timer can interrupt it: in
    the main thread; elsewhere, as under ``mkdocs serve``, the call is made without one)."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeLimit(fn, args)
    if threading.current_thread() is not threading.main_thread():
        return fn(*args)

    def stop(signum, frame):
        raise TimeLimit(fn, args)

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, left)
    try:
        return fn(*args)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _stop_worker(pid: int, pipe: BinaryIO) -> None:
    pipe.close()
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


def start(plan: Callable[[], list[Call]], cache: Cache | None = None) -> EngineCalls:
    """Take the results of the calls *plan* returns from *cache*, and make the others in a forked
    worker, when that is safe; each result is taken when it is asked for."""
    result = EngineCalls(cache)
    todo: list[Call] = []
    for fn, args in plan():
        value = result.cache.get(result.cache.key(fn, args))
        if value is MISSING:
            todo.append((fn, args))
        else:
            result._kept[_key(fn, args)] = value
    if not todo or not _can_fork():
        return result
    read_fd, write_fd = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        os.close(read_fd)
        os.close(write_fd)
        return result
    if pid == 0:  # the worker: make the calls, send each result, and exit without cleaning up
        try:
            os.close(read_fd)
            _work(todo, write_fd, result.cache)
        finally:
            os._exit(0)
    os.close(write_fd)
    result._pipe = os.fdopen(read_fd, "rb")
    result._pid = pid
    result._coming = None
    # A worker not needed to the end (an edition with errors, a test) is stopped when its results
    # are dropped, or when this process exits.
    result._stop = weakref.finalize(result, _stop_worker, pid, result._pipe)
    return result


def _can_fork() -> bool:
    # fork() copies one thread only: a caller with others (a server, a test runner's helpers) might
    # leave a lock held in the copy, so the work is then done in this process.
    return (sys.platform.startswith("linux") and hasattr(os, "fork") and threading.active_count() == 1
            and not os.environ.get("EDITION_SERIAL"))


def _work(calls: list[Call], write_fd: int, cache: Cache) -> None:
    with os.fdopen(write_fd, "wb") as pipe:
        pipe.write(pickle.dumps({_key(fn, args) for fn, args in calls}, pickle.HIGHEST_PROTOCOL))
        pipe.flush()
        for fn, args in calls:
            key = _key(fn, args)
            try:
                value = fn(*args)
                message = pickle.dumps((key, True, value), pickle.HIGHEST_PROTOCOL)
            except Exception:  # made again in the parent, which reports the error
                message = pickle.dumps((key, False, None), pickle.HIGHEST_PROTOCOL)
            else:
                cache.put(cache.key(fn, args), value)
            pipe.write(message)
            pipe.flush()

