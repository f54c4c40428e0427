#!/usr/bin/env bash
# Test-only JavaScript (axe-core for the accessibility tests), from the npm registry, pinned by
# package-lock.json. Re-installs only when the lock file changes.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "setup: installing test JavaScript from package-lock.json"
  npm ci --no-audit --no-fund --silent
  echo "$want" > "$stamp"
fi
