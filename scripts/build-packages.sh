#!/usr/bin/env bash
# What `make build` needs beyond .venv for the downloads (edition/site/exports/), installed the way
# `make test` installs it, or refused with one line naming what is missing:
#   chromium          prints the PDFs (Debian's, through Playwright: no browser is downloaded)
#   iframe-worker     (npm, package-lock.json) starts the search's worker in the offline site
#   @fontsource/eb-garamond, dejavu-fonts-ttf (npm) the edition's own type: the PDFs, the EPUB covers
#                     and the preview images are set in it, never in the machine's fonts
# and, as every build, Debian's word lists (scripts/word-lists.sh: the texts' spelling is checked).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/word-lists.sh
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] || command -v sudo >/dev/null; then
    scripts/system-packages.sh
  fi
  if [ ! -x /usr/bin/chromium ]; then
    echo "make build: Debian's chromium is missing (it prints the PDFs): install it (apt-get install chromium) or run make build as root" >&2
    exit 1
  fi
fi
if [ ! -f node_modules/iframe-worker/shim/index.js ]; then
  if ! command -v npm >/dev/null; then
    echo "make build: npm is missing (it installs iframe-worker, for the offline site's search): install nodejs and npm" >&2
    exit 1
  fi
fi
scripts/node-packages.sh
