# Two entry points for a fresh machine (see README.md):
#   make play   - set up and start the main job
#   make test   - set up and run the checks CI runs (ruff, mypy, import layers, pytest)
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play serve test setup setup-dev lint compiled pure test-compiled

$(BIN)/python:
	@echo "Creating $(VENV) with $(PY)..."
	@$(PY) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --quiet --upgrade pip

setup: $(BIN)/python
	@echo "Installing animayhem into $(VENV) (quick after the first time)..."
	@$(BIN)/pip install --quiet --quiet -e .

setup-dev: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,web,postgres,web-test,rl,dist]'

play: setup
	@$(BIN)/animayhem play --quick

serve: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[web]'
	$(BIN)/animayhem serve

lint: setup-dev
	$(BIN)/ruff check src tests tools benchmarks
	$(BIN)/ruff format --check src tests tools benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

test: lint
	$(BIN)/pytest

# Optional: the engine compiled with mypyc (needs gcc and the Python headers); `make pure` undoes it.
compiled: setup
	$(BIN)/pip install --quiet -e '.[compiled]'
	$(BIN)/python tools/compile_core.py

pure:
	$(BIN)/python tools/compile_core.py --clean

# The test suite on the compiled engine (built quickly, at opt level 1), then back to pure Python.
test-compiled: setup-dev
	$(BIN)/pip install --quiet -e '.[compiled]'
	$(BIN)/python tools/compile_core.py --opt 1
	$(BIN)/python tools/compile_core.py --status
	$(BIN)/pytest -p no:cacheprovider; status=$$?; $(BIN)/python tools/compile_core.py --clean; exit $$status
