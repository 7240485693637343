# Two entry points for a fresh machine (see README.md):
#   make play   - set up and start the main job
#   make test   - set up and run the checks CI runs (ruff, mypy, pytest)
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test setup setup-dev lint

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

setup: $(BIN)/python
	$(BIN)/pip install --quiet -e .

setup-dev: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,rl,dist]'

play: setup
	$(BIN)/animayhem play

lint: setup-dev
	$(BIN)/ruff check src tests tools benchmarks
	$(BIN)/ruff format --check src tests tools benchmarks
	$(BIN)/mypy

test: lint
	$(BIN)/pytest
