# Koloda: two commands on a fresh clone.
#   make run   installs everything and starts the play server (http://127.0.0.1:8000/)
#   make test  installs everything and runs every check (this is what CI runs)

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run duel test check lint typecheck unit system-deps clean

# setup.py lists the compiled parts, built on install: the generator (src/koloda/engine/_rngc.c)
# and the hot modules of Gwent's and Nevermore's rules (compiled by mypyc from their .py, so an
# edit there means a rebuild)
$(STAMP): pyproject.toml setup.py src/koloda/engine/_rngc.c \
	$(wildcard src/koloda/games/gwent/*.py src/koloda/games/nevermore/*.py)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --upgrade --quiet pip
	$(BIN)/pip install --quiet -e '.[all,dev]'
	touch $(STAMP)

install: $(STAMP)

system-deps:
	PYTHON=$(PYTHON) bash scripts/system-deps.sh

run: install
	$(BIN)/koloda serve --host $(HOST) --port $(PORT)

duel: install
	$(BIN)/koloda play duel --seat human --seat bot:heuristic

lint: install
	$(BIN)/ruff check src tests

typecheck: install
	$(BIN)/mypy

unit: install
	$(BIN)/pytest -n 2 --durations=15

test: system-deps lint typecheck unit

# the fast tier, after every change (under a minute on two cores): ruff, the per-rule and
# scenario tests, the docstring examples and a sample of the conformance fuzz (tests marked
# slow, the server, browser, simulation and bot tests run in `make test`)
CHECK_TESTS := tests/engine tests/games tests/conformance tests/test_doctests.py tests/test_core_install.py
check: install
	$(BIN)/ruff check src tests
	$(BIN)/pytest -n 2 -m "not slow" $(CHECK_TESTS)

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache

# regenerate the golden transcripts after a deliberate rules change (raise the game's
# GameSpec.rules_version first; see tests/golden/transcripts.py): make golden [GAMES=duel]
.PHONY: golden
golden: install
	PYTHONPATH=src $(BIN)/python -m tests.golden.transcripts $(GAMES)
