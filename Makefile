# The two commands of the README. Both set up what they need on a fresh machine: a local
# virtual environment from the pinned lock file, and (for the tests) Debian packages: chromium
# and the wbritish/wamerican word lists (the build checks the texts' spelling: make serve and make build
# install them too); `make build` chromium and npm's iframe-worker, for the downloads.
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve test check build bench lock test-steps check-steps

# Why SITE_URL cannot be the published address ("" when it can): expanded only by `make build`.
site_url_problem = $(shell scripts/check-site-url 2>&1)

serve:  ## build the edition and serve it on http://127.0.0.1:8000/ (for writing: SITE_URL keeps its local default); a rebuild renders only the pages that changed (macros/serving.py)
	@scripts/venv.sh
	@scripts/word-lists.sh
	.venv/bin/python -m mkdocs serve --strict --dirty --dev-addr 127.0.0.1:8000

# The tests run on every core (pytest-xdist: -n auto), sharing one build of the site (tests/shared_site.py);
# each target prints at its end how long it took, set-up included (scripts/timed).
test:   ## run every test: engine, edition, strict build, built site, browser
	@scripts/timed "make test (set-up included)" $(MAKE) --no-print-directory test-steps

test-steps:
	@scripts/venv.sh
	@scripts/system-packages.sh
	@scripts/node-packages.sh
	.venv/bin/python -m pytest -n auto

check:  ## the fast loop while working: the linter, and every test not marked slow (one strict build among them)
	@scripts/timed "make check (set-up included)" $(MAKE) --no-print-directory check-steps

check-steps:
	@scripts/venv.sh
	@scripts/system-packages.sh
	@scripts/node-packages.sh
	.venv/bin/python -m ruff check .
	.venv/bin/python -m pytest -n auto -m "not slow"

build:  ## build the site for publication into site/ (strict), with its downloads; needs SITE_URL=https://... (see README, Publishing); a refused build leaves site/ as it was
	$(if $(site_url_problem),$(error $(site_url_problem)))
	@scripts/venv.sh
	@scripts/build-packages.sh
	.venv/bin/python scripts/build-site

bench:  ## print the benchmarks' numbers
	@scripts/venv.sh
	.venv/bin/python bench/engine.py
	.venv/bin/python bench/site.py
	.venv/bin/python bench/loop.py
	.venv/bin/python bench/scale.py
	.venv/bin/python bench/search.py
	.venv/bin/python bench/downloads.py

lock:   ## regenerate requirements/lock.txt from requirements/requirements.in
	scripts/lock
