# passgo developer commands. Everything runs inside .venv, which `venv` creates on first use
# and reinstalls whenever pyproject.toml changes.

PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Lint only the top-level folders that exist (benchmarks/ may not yet), and the docs build.
LINT_PATHS := $(wildcard src tests benchmarks docs/conf.py)
BENCH_ARGS ?=
SERVE_ARGS ?=
FUZZ_ARGS ?= --games 10000

.PHONY: venv play test bench lint docs docs-site clean fuzz serve client

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -e '.[dev,tui,sim,ray,ratings,docs,analysis,web,webtest]'
	touch $@

play: venv
	$(BIN)/passgo play

# The browser client (client/, TypeScript): npm ci from the committed lockfile, then tsc and
# Vite build it into src/passgo/web/static, which the server (and a built wheel) serves.
CLIENT_STAMP := client/node_modules/.installed

$(CLIENT_STAMP): client/package-lock.json
	cd client && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
	touch $@

client: $(CLIENT_STAMP)
	cd client && npm run build

# The browser game on http://127.0.0.1:8000/ (SERVE_ARGS="--port 9000 --database URL").
serve: venv client
	$(BIN)/passgo serve $(SERVE_ARGS)

lint: venv
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/mypy src/passgo

test: lint client
	$(BIN)/pytest -n 2

# web_load.py (passgo serve under 100 games x 4 WebSocket clients) keeps its own sizes; only
# --json passes on to it.
bench: venv
	$(BIN)/python benchmarks/run.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/simulate.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/protocol_overhead.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/landing.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/position.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/web_load.py --games 100 --seconds 20 $(filter --json,$(BENCH_ARGS))

# Long random-play fuzz: random rule mixes, every seat acting, invariants after every action.
fuzz: venv
	$(BIN)/python benchmarks/fuzz.py $(FUZZ_ARGS)

docs: venv
	$(BIN)/python -m passgo.cli_rules > docs/rules.md

# The documentation site (Sphinx, MyST, autodoc) into docs/_build/html; every warning (a broken
# link or cross-reference, a page in no table of contents) fails the build.
docs-site: venv
	$(BIN)/sphinx-build -E -W --keep-going -q -b html docs docs/_build/html

clean:
	rm -rf $(VENV) build dist docs/_build client/node_modules src/passgo/web/static .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name '*.egg-info' -type d -prune -exec rm -rf {} +
