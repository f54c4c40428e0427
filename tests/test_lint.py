"""The linter (ruff, configured in ruff.toml) passes on the whole repository, so CI runs it too."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", *args], cwd=cwd,
                          capture_output=True, text=True)


def test_ruff_finds_nothing_in_the_repository():
    result = ruff(".")
    assert result.stdout.strip() == "All checks passed!", result.stdout
    assert result.returncode == 0


def test_the_repository_configuration_is_the_one_ruff_applies(tmp_path):
    # An unsorted import, an unused name and a line longer than the code's width, in a file checked
    # with the repository's configuration: each rule the configuration selects finds its fault.
    planted = tmp_path / "planted.py"
    planted.write_text("import sys\nimport os\n\nx = '" + "a" * 120 + "'\n")
    result = ruff("--config", str(ROOT / "ruff.toml"), "--output-format", "concise", str(planted))
    codes = sorted({line.split(" ")[1] for line in result.stdout.splitlines() if line.startswith(str(planted))})
    assert codes == ["E501", "F401", "I001"]
    assert result.returncode == 1
