# passgo developer commands. Everything runs inside .venv, which `venv` creates on first use
# and reinstalls whenever pyproject.toml changes.

PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Lint only the top-level folders that exist (benchmarks/ may not yet).
LINT_PATHS := $(wildcard src tests benchmarks)
BENCH_ARGS ?=
FUZZ_ARGS ?= --games 10000

.PHONY: venv play test bench lint docs clean fuzz

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -e '.[dev,tui,sim,ray,ratings]'
	touch $@

play: venv
	$(BIN)/passgo play

lint: venv
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/mypy src/passgo

test: lint
	$(BIN)/pytest -n 2

bench: venv
	$(BIN)/python benchmarks/run.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/simulate.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/protocol_overhead.py $(BENCH_ARGS)

# Long random-play fuzz: random rule mixes, every seat acting, invariants after every action.
fuzz: venv
	$(BIN)/python benchmarks/fuzz.py $(FUZZ_ARGS)

docs: venv
	$(BIN)/python -m passgo.cli_rules > docs/rules.md

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name '*.egg-info' -type d -prune -exec rm -rf {} +
