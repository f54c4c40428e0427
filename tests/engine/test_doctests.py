"""The examples in the engine's docstrings run (pytest runs them too with --doctest-modules)."""
from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MODULES = sorted(p.stem for p in ENGINE.glob("*.py") if p.stem not in {"__init__", "__main__"})


def test_every_engine_module_is_listed():
    assert {"cards", "ranking", "rules", "deal", "draws", "combinatorics", "idiom", "cli", "tables"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(f"engine.{name}")
    result = doctest.testmod(module, optionflags=0)
    assert result.failed == 0
    if name != "errors" or result.attempted:
        assert result.attempted > 0, f"engine.{name} has no examples"


def test_the_package_imports_nothing_heavy():
    import subprocess
    import sys
    code = "import sys, engine; print(sorted(m for m in sys.modules if m.startswith('engine')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ENGINE.parent).stdout
    assert out.strip() == "['engine']"
    code = "import sys, engine.ranking; print('mkdocs' in sys.modules, 'yaml' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ENGINE.parent).stdout
    assert out.strip() == "False False"
