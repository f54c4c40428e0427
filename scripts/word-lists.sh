#!/usr/bin/env bash
# The build checks the reading texts' spelling (edition/texts/spelling.py) against Debian's English word
# lists: wbritish and wamerican, installed here if missing (as root, or with sudo), or refused in one line.
set -euo pipefail
lists() { [ -f /usr/share/dict/british-english ] && [ -f /usr/share/dict/american-english ]; }
lists && exit 0
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
if [ "$(id -u)" = 0 ] || command -v sudo >/dev/null; then
  echo "setup: installing Debian's word lists: wbritish wamerican"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq wbritish wamerican >/dev/null \
    || true
fi
if ! lists; then
  echo "the build checks the texts' spelling against Debian's word lists, which are missing: install them (apt-get install wbritish wamerican)" >&2
  exit 1
fi
