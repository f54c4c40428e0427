#!/usr/bin/env bash
# Make sure Debian's Chromium is installed for the browser tests (Playwright drives it via
# executable_path; nothing downloads a browser of its own).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "setup: installing Debian's chromium for the browser tests"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
