#!/usr/bin/env bash
# Create or refresh the project's virtual environment (.venv) from the pinned lock file.
# Re-installs only when requirements/lock.txt has changed since the last install.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $($PY --version)"
  "$PY" -m venv .venv
fi
stamp=.venv/.lock.sha256
want=$(sha256sum requirements/lock.txt | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "setup: installing pinned packages from requirements/lock.txt"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements/lock.txt
  echo "$want" > "$stamp"
fi
