"""The benchmarks run: a script of bench/ that nothing runs breaks unnoticed (bench/scale.py failed at
x3 for a whole pass). Figures are printed, never asserted: targets live in the benchmarks."""
from __future__ import annotations

import os
import re
import subprocess

import pytest

from tests.helpers import PYTHON, ROOT


def run(*args: str) -> str:
    proc = subprocess.run([PYTHON, *args], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    return proc.stdout


@pytest.mark.slow
def test_the_scale_benchmark_builds_the_corpus_once_and_three_times():
    # Without the warm-up builds, which steady a timing this test does not read: the x1 and x3 copies
    # are still made and built cold, strict, with their downloads, by the script's own code.
    out = run("bench/scale.py", "--no-warm-up", "1", "3")
    assert re.search(r"^x1 +\d+\.\d+ s +\d+ MB +\d+ pages$", out, re.M), out
    assert re.search(r"^x3 +\d+\.\d+ s +\d+ MB +\d+ pages$", out, re.M), out
    assert re.search(r"^x3 / x1: time \d+\.\d+, peak memory \d+\.\d+  \[target <= 3\]$", out, re.M), out
    pages = [int(n) for n in re.findall(r"^x\d +\S+ s +\S+ MB +(\d+) pages$", out, re.M)]
    assert pages[1] > pages[0]  # the copies are built as pages of their own
