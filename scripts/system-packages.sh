#!/usr/bin/env bash
# Debian packages the tests need, installed if missing:
#   chromium            the browser Playwright drives (executable_path; no browser download)
#   wbritish, wamerican the standard English word lists the spelling check reads
#   nodejs, npm         to install the test JavaScript (axe-core, vnu-jar, lighthouse) from npm
#   default-jre-headless  Java, to run the Nu Html Checker (vnu-jar; tests/site/test_valid_html.py),
#                       EPUBCheck and Jing (tests/site/test_downloads.py)
#   poppler-utils       pdffonts and pdftotext, to read the PDFs (tests/site/test_downloads.py)
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -f /usr/share/dict/british-english ] || need+=(wbritish)
[ -f /usr/share/dict/american-english ] || need+=(wamerican)
command -v npm >/dev/null || need+=(nodejs npm)
command -v java >/dev/null || need+=(default-jre-headless)
command -v pdffonts >/dev/null || need+=(poppler-utils)
[ ${#need[@]} -eq 0 ] && exit 0
echo "setup: installing Debian packages: ${need[*]}"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
