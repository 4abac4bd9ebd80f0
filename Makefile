# passgo developer commands. Everything runs inside .venv, created on first use; each command
# installs only the extras it needs (`make play` the terminal game, `make serve` the web
# server, `make test` everything), again whenever pyproject.toml changes.

PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# One stamp per set of extras: .venv/.installed-play, -web, -all.
STAMP := $(VENV)/.installed-all
PLAY_STAMP := $(VENV)/.installed-play
WEB_STAMP := $(VENV)/.installed-web
ALL_EXTRAS := dev,play,web,sim,dataset,analysis,rl,ray,docs
# An editable install runs no build hook (hatch_build.py compiles wheels only): without them
# pip does not fetch mypy and hatch-mypyc into the build environment.
EDITABLE := HATCH_BUILD_NO_HOOKS=true $(BIN)/pip install -q -e
# Lint only the top-level folders that exist (benchmarks/ may not yet), and the docs build.
LINT_PATHS := $(wildcard src tests benchmarks docs/conf.py docs/screenshots.py) hatch_build.py
BENCH_ARGS ?=
SERVE_ARGS ?=
PLAY_ARGS ?=
FUZZ_ARGS ?= --games 10000

# The compiled build (mypyc, see hatch_build.py): a wheel built from the sdist, installed into
# its own venv, rebuilt whenever the source changes. Its test run imports the installed package,
# never src/. The sdist is unpacked into the same folder every time (build/compiled-src, whose
# own build/ keeps mypy's cache), and built without build isolation, so that every build
# compiles the same paths with the same options: with ccache installed (apt-get install
# ccache), the C compiler runs again only on the groups whose C code changed.
COMPILED_VENV := .venv-compiled
COMPILED_BIN := $(COMPILED_VENV)/bin
COMPILED_STAMP := $(COMPILED_VENV)/.installed
COMPILED_DIST := build/compiled
COMPILED_SRC := build/compiled-src
COMPILED_SOURCES := pyproject.toml hatch_build.py $(shell find src/passgo -name '*.py' -o -name '*.toml')
CCACHE := $(shell command -v ccache 2>/dev/null)
COMPILED_ENV := PASSGO_BUILD=compiled $(if $(CCACHE),CC="ccache gcc" \
	CCACHE_DIR=$(CURDIR)/build/ccache CCACHE_NOHASHDIR=1)

.PHONY: venv compiled play test test-pure test-compiled bench lint docs docs-site clean fuzz \
	serve client screenshots

venv: $(STAMP)

$(VENV)/bin/python:
	$(PY) -m venv $(VENV)

# `make play`: the core and the terminal game, nothing else (a minute on a fresh machine).
$(PLAY_STAMP): pyproject.toml | $(VENV)/bin/python
	$(EDITABLE) '.[play]'
	touch $@

# `make serve`: the terminal game's extras and the web server's.
$(WEB_STAMP): pyproject.toml | $(VENV)/bin/python
	$(EDITABLE) '.[play,web]'
	touch $@

# Everything (`make test`, lint, docs, benchmarks); it covers the two smaller sets.
$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install -q 'torch==2.13.0'  # the CPU build, before anything that needs torch
	$(EDITABLE) '.[$(ALL_EXTRAS)]'
	touch $@ $(PLAY_STAMP) $(WEB_STAMP)

compiled: $(COMPILED_STAMP)

$(COMPILED_STAMP): $(STAMP) $(COMPILED_SOURCES)
	rm -rf $(COMPILED_DIST)
	$(BIN)/python -m build --sdist --outdir $(COMPILED_DIST) .
	mkdir -p $(COMPILED_SRC)
	find $(COMPILED_SRC) -mindepth 1 -maxdepth 1 ! -name build -exec rm -rf {} +
	tar -xzf $(COMPILED_DIST)/passgo-*.tar.gz -C $(COMPILED_SRC) --strip-components=1
	cd $(COMPILED_SRC) && $(COMPILED_ENV) $(abspath $(BIN))/python -m build --wheel \
		--no-isolation --outdir $(CURDIR)/$(COMPILED_DIST) .
	test -x $(COMPILED_BIN)/python || $(PY) -m venv $(COMPILED_VENV)
	$(COMPILED_BIN)/pip install 'torch==2.13.0'  # the CPU build, before the rl extra
	$(COMPILED_BIN)/pip install "$$(ls $(COMPILED_DIST)/passgo-*.whl)[dev,play,sim,dataset,analysis,rl]"
	$(COMPILED_BIN)/pip install --force-reinstall --no-deps $(COMPILED_DIST)/passgo-*.whl
	touch $@

play: $(PLAY_STAMP)
	$(BIN)/passgo play $(PLAY_ARGS)

# The browser client (client/, TypeScript): npm ci from the committed lockfile, its Decision
# type written from the core's decision classes and its message types from the server's, then
# tsc and Vite build it into
# src/passgo/web/static, which the server (and a built wheel) serves.
CLIENT_STAMP := client/node_modules/.installed

$(CLIENT_STAMP): client/package-lock.json
	cd client && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
	touch $@

client: $(CLIENT_STAMP) $(WEB_STAMP)
	$(BIN)/python -m passgo.web.client_types client/src docs/events.schema.json
	cd client && npm run build

# The browser game on http://127.0.0.1:8000/ (SERVE_ARGS="--port 9000 --database URL").
serve: $(WEB_STAMP) client
	$(BIN)/passgo serve $(SERVE_ARGS)

lint: venv
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/mypy src/passgo

# The whole suite twice: on the pure source (src/, editable) and on the compiled wheel. The
# documentation site and the web front-end (its browser client is built into src/, not into the
# wheel) are tested on the source only; the rules and bots under them in both runs. Lint and
# both runs always run, each reporting on its own, and `make test` fails if any of them failed.
TEST_PARTS := lint test-pure test-compiled

test: client
	@failed=""; for part in $(TEST_PARTS); do \
		echo "==> make $$part"; \
		$(MAKE) --no-print-directory $$part || failed="$$failed $$part"; \
	done; \
	if [ -n "$$failed" ]; then echo "==> make test: FAILED:$$failed"; exit 1; fi; \
	echo "==> make test: $(TEST_PARTS) passed"

test-pure: venv
	PASSGO_EXPECT_BUILD=pure $(BIN)/pytest -n 2

test-compiled: compiled
	PASSGO_EXPECT_BUILD=compiled $(COMPILED_BIN)/pytest -n 2 -p no:cacheprovider \
		--ignore=tests/test_docs_site.py --ignore=tests/web

# web_load.py (passgo serve under 100 games x 4 WebSocket clients, answering at once and with
# a person's think time, and 50 games of 4 people and 2 expert bots) keeps its own sizes; only
# --json passes on to it.
bench: venv compiled
	$(BIN)/python benchmarks/compiled.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/run.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/simulate.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/protocol_overhead.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/landing.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/position.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/web_load.py --games 100 --seconds 20 $(filter --json,$(BENCH_ARGS))
	$(BIN)/python benchmarks/web_load.py --games 100 --seconds 30 --think 1 $(filter --json,$(BENCH_ARGS))
	$(BIN)/python benchmarks/web_load.py --games 50 --seconds 30 --think 1 --bot-seats 2 $(filter --json,$(BENCH_ARGS))
	$(BIN)/python benchmarks/rl.py --compiled-python $(COMPILED_BIN)/python $(BENCH_ARGS)

# Long random-play fuzz: random rule mixes, every seat acting, invariants after every action.
fuzz: venv
	$(BIN)/python benchmarks/fuzz.py $(FUZZ_ARGS)

# The pages made from code: docs/rules.md and docs/house-rules.md (a test checks they are current).
docs: venv
	$(BIN)/python -m passgo.cli.docs_pages docs

# The README's and the documentation's pictures, from seeded games (docs/screenshots.py:
# Textual's SVG screenshot of the terminal game, Playwright with Debian's chromium for the
# browser game).
screenshots: venv client
	$(BIN)/python docs/screenshots.py

# The documentation site (Sphinx, MyST, autodoc) into docs/_build/html; every warning (a broken
# link or cross-reference, a page in no table of contents) fails the build.
docs-site: venv
	$(BIN)/sphinx-build -E -W --keep-going -q -b html docs docs/_build/html

clean:
	rm -rf $(VENV) $(COMPILED_VENV) build dist docs/_build client/node_modules src/passgo/web/static .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name '*.egg-info' -type d -prune -exec rm -rf {} +
