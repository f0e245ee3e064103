# Koloda: two commands on a fresh clone.
#   make run   installs everything and starts the main job
#   make test  installs everything and runs every check (this is what CI runs)

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint typecheck unit system-deps clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --upgrade --quiet pip
	$(BIN)/pip install --quiet -e '.[all,dev]'
	touch $(STAMP)

install: $(STAMP)

system-deps:
	bash scripts/system-deps.sh

run: install
	$(BIN)/koloda play duel --seat human --seat bot:random

lint: install
	$(BIN)/ruff check src tests

typecheck: install
	$(BIN)/mypy

unit: install
	$(BIN)/pytest -n 2 --durations=15

test: system-deps lint typecheck unit

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
