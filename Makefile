# Moneta: `make run` (demo) and `make test` (lint + whole suite). Both set everything up.
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.requirements-installed

.PHONY: run test setup lint bench browser-deps clean-data

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null || { echo "Moneta needs Python 3.11 ($(PYTHON) not found)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip wheel

# torch is pinned to the CPU build (see requirements.txt); installed first so nothing pulls CUDA wheels.
$(STAMP): requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet torch==2.13.0
	$(BIN)/python -m pip install --quiet -r requirements.txt
	@touch $(STAMP)

setup: $(STAMP)

run: setup
	$(BIN)/python -m config.run

browser-deps: setup
	@bash tests/browser_deps.sh

lint: setup
	$(BIN)/ruff check .

# pytest exits 5 when it collected no tests: that is a failure, not a pass.
test: setup browser-deps
	$(BIN)/ruff check .
	@$(BIN)/python -m pytest $(PYTEST_ARGS); rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "pytest collected no tests: failing"; exit 1; fi; exit $$rc

bench: setup
	$(BIN)/python -m bench $(or $(BENCH),all)

clean-data:
	rm -rf .moneta
