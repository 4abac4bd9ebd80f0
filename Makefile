# passgo developer commands. Everything runs inside .venv, which `venv` creates on first use
# and reinstalls whenever pyproject.toml changes.

PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Lint only the top-level folders that exist (benchmarks/ may not yet), and the docs build.
LINT_PATHS := $(wildcard src tests benchmarks docs/conf.py) hatch_build.py
BENCH_ARGS ?=
SERVE_ARGS ?=
FUZZ_ARGS ?= --games 10000

# The compiled build (mypyc, see hatch_build.py): a wheel built from the sdist, installed into
# its own venv, rebuilt whenever the source changes. Its test run imports the installed package,
# never src/.
COMPILED_VENV := .venv-compiled
COMPILED_BIN := $(COMPILED_VENV)/bin
COMPILED_STAMP := $(COMPILED_VENV)/.installed
COMPILED_DIST := build/compiled
COMPILED_SOURCES := pyproject.toml hatch_build.py $(shell find src/passgo -name '*.py' -o -name '*.toml')

.PHONY: venv compiled play test test-pure test-compiled bench lint docs docs-site clean fuzz \
	serve client

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install 'torch==2.13.0'  # the CPU build, before anything that needs torch
	$(BIN)/pip install -e '.[dev,tui,sim,ray,ratings,docs,analysis,web,webtest,rl]'
	touch $@

compiled: $(COMPILED_STAMP)

$(COMPILED_STAMP): $(STAMP) $(COMPILED_SOURCES)
	rm -rf $(COMPILED_DIST)
	PASSGO_BUILD=compiled $(BIN)/python -m build --outdir $(COMPILED_DIST) .
	test -x $(COMPILED_BIN)/python || $(PY) -m venv $(COMPILED_VENV)
	$(COMPILED_BIN)/pip install 'torch==2.13.0'  # the CPU build, before the rl extra
	$(COMPILED_BIN)/pip install "$$(ls $(COMPILED_DIST)/passgo-*.whl)[dev,tui,sim,ratings,analysis,rl]"
	$(COMPILED_BIN)/pip install --force-reinstall --no-deps $(COMPILED_DIST)/passgo-*.whl
	touch $@

play: venv
	$(BIN)/passgo play

# The browser client (client/, TypeScript): npm ci from the committed lockfile, its Decision
# type written from the core's decision classes and its message types from the server's, then
# tsc and Vite build it into
# src/passgo/web/static, which the server (and a built wheel) serves.
CLIENT_STAMP := client/node_modules/.installed

$(CLIENT_STAMP): client/package-lock.json
	cd client && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
	touch $@

client: $(CLIENT_STAMP) venv
	$(BIN)/python -m passgo.web.client_types client/src docs/events.schema.json
	cd client && npm run build

# The browser game on http://127.0.0.1:8000/ (SERVE_ARGS="--port 9000 --database URL").
serve: venv client
	$(BIN)/passgo serve $(SERVE_ARGS)

lint: venv
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/mypy src/passgo

# The whole suite twice: on the pure source (src/, editable) and on the compiled wheel. The
# documentation site and the web front-end (its browser client is built into src/, not into the
# wheel) are tested on the source only; the rules and bots under them in both runs.
test: lint client test-pure test-compiled

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

docs: venv
	$(BIN)/python -m passgo.cli.rules > docs/rules.md

# The documentation site (Sphinx, MyST, autodoc) into docs/_build/html; every warning (a broken
# link or cross-reference, a page in no table of contents) fails the build.
docs-site: venv
	$(BIN)/sphinx-build -E -W --keep-going -q -b html docs docs/_build/html

clean:
	rm -rf $(VENV) $(COMPILED_VENV) build dist docs/_build client/node_modules src/passgo/web/static .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name '*.egg-info' -type d -prune -exec rm -rf {} +
