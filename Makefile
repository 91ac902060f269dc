# Moneta: `make run` (demo), `make serve` (production mode) and `make test` (lint, import contracts + whole suite).
# Each sets everything up: run/serve install the runtime requirements, test adds the development tools.
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.requirements-installed
DEV_STAMP := $(VENV)/.requirements-dev-installed
# Brand names and kinds for categorising merchants a user never labelled (transactions/brands.py): the
# OpenStreetMap name-suggestion-index, a pinned npm package, packed from the registry at set-up into .data/
# (git-ignored) and built into a compact index. Nothing downloads at run time; without npm the index is
# skipped and the categoriser works without it.
NSI_VERSION := 8.0.20260918
NSI_DIR := .data/nsi
BRAND_INDEX := $(NSI_DIR)/brands-$(NSI_VERSION).json.gz

.PHONY: run serve test setup setup-dev lint bench browser-deps clean-data

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null || { echo "Moneta needs Python 3.11 ($(PYTHON) not found)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip wheel

# torch is pinned to the CPU build (see requirements.txt); installed first so nothing pulls CUDA wheels.
$(STAMP): requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet torch==2.13.0
	$(BIN)/python -m pip install --quiet -r requirements.txt
	@touch $(STAMP)

# llama-cpp-python builds from source: without its multimodal part the build stays within CI's time.
$(DEV_STAMP): requirements-dev.txt requirements-dev-nodeps.txt $(STAMP)
	CMAKE_ARGS="$${CMAKE_ARGS:--DLLAVA_BUILD=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF}" \
	  $(BIN)/python -m pip install --quiet -r requirements-dev.txt
	$(BIN)/python -m pip install --quiet --no-deps -r requirements-dev-nodeps.txt
	@touch $(DEV_STAMP)

$(BRAND_INDEX): | $(BIN)/python
	@mkdir -p $(NSI_DIR)
	@if command -v npm >/dev/null; then \
	  ( cd $(NSI_DIR) && npm pack --silent name-suggestion-index@$(NSI_VERSION) >/dev/null ) \
	  && $(BIN)/python -m transactions.brands $(NSI_DIR)/name-suggestion-index-$(NSI_VERSION).tgz $@ \
	  && ln -sf $(notdir $@) $(NSI_DIR)/brands.json.gz \
	  && rm -f $(NSI_DIR)/name-suggestion-index-$(NSI_VERSION).tgz \
	  || echo "name-suggestion-index@$(NSI_VERSION) could not be packed or built: brand index skipped"; \
	else echo "npm not found: brand index skipped (categorisation works without it)"; fi

setup: $(STAMP) $(BRAND_INDEX)

setup-dev: $(DEV_STAMP) $(BRAND_INDEX)

run: setup
	$(BIN)/python -m config.run

# gunicorn + uvicorn workers, interactive and ingestion Celery workers, beat (see README "Serving").
serve: setup
	$(BIN)/python -m config.run serve

browser-deps: setup-dev
	@bash tests/browser_deps.sh

lint: setup-dev
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# pytest exits 5 when it collected no tests: that is a failure, not a pass.
test: setup-dev browser-deps
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	@$(BIN)/python -m pytest $(PYTEST_ARGS); rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "pytest collected no tests: failing"; exit 1; fi; exit $$rc

bench: setup-dev
	$(BIN)/python -m bench $(or $(BENCH),all)

clean-data:
	rm -rf .moneta
