"""The engine's share of a load, made by a worker process: the same results, errors raised here."""
from __future__ import annotations

import math
import os
import time

import pytest

from edition.framework import engine_calls
from edition.framework.engine_calls import EngineCalls, _can_fork, start


@pytest.fixture(autouse=True)
def one_thread(monkeypatch):
    """Other tests may leave threads idle (the browser's), which would keep the workers from
    starting; the workers here call nothing that takes a lock, so they are safe beside them."""
    monkeypatch.setattr(engine_calls.threading, "active_count", lambda: 1)


def started(calls):
    result = start(lambda: calls)
    if not result._pid:
        assert not _can_fork()
        pytest.skip("no worker here (not Linux, or EDITION_SERIAL set)")
    return result


def test_the_worker_makes_the_calls_planned_and_the_others_are_made_here():
    calls = started([(math.comb, (52, 5)), (math.comb, (-1, 2))])
    assert calls(math.comb, 52, 5) == 2598960
    assert calls(math.comb, 47, 3) == 16215  # not planned: made here, at once
    with pytest.raises(ValueError, match="^n must be a non-negative integer$"):
        calls(math.comb, -1, 2)  # failed in the worker: made again here, and raises here
    assert calls._made == {("math", "comb", (52, 5)): 2598960}  # the call that failed is not kept
    assert not calls._pid  # everything received: the worker is gone


def test_a_worker_whose_results_are_not_wanted_is_stopped():
    calls = started([(time.sleep, (60,)), (math.comb, (52, 5))])
    pid = calls._pid
    calls.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, 0)  # stopped and reaped
    assert calls(math.comb, 52, 5) == 2598960  # made here


def test_a_worker_dropped_unread_is_stopped():
    calls = started([(time.sleep, (60,))])
    pid = calls._pid
    del calls
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, 0)


def test_without_a_worker_every_call_is_made_here(monkeypatch):
    monkeypatch.setenv("EDITION_SERIAL", "1")
    calls = start(lambda: [(math.comb, (52, 5))])
    assert not calls._pid and calls._made == {}
    assert calls(math.comb, 52, 5) == 2598960
    assert EngineCalls()(math.comb, 4, 2) == 6
