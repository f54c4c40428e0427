#!/usr/bin/env bash
# JavaScript and fonts from the npm registry, pinned by package-lock.json: axe-core (the
# accessibility tests), vnu-jar (the Nu Html Checker), lighthouse (bench/pages.py), @daisy/ace-cli
# (DAISY Ace, the EPUBs' accessibility, on Debian's Chromium); and, for `make build`, iframe-worker
# (the offline site's search worker from file:) and the edition's type (@fontsource/eb-garamond,
# dejavu-fonts-ttf). No install script runs (--ignore-scripts), so puppeteer never downloads a browser.
# Re-installs only when the lock file changes.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "setup: installing test JavaScript from package-lock.json"
  npm ci --ignore-scripts --no-audit --no-fund --silent   # no install scripts: vnu-jar's would fetch a Java; Debian's is used
  echo "$want" > "$stamp"
fi
