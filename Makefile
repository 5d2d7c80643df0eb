# Two commands on a fresh machine: `make lab` to play, `make test` to run every test.
# Each sets up its own virtual environment (.venv) and installs what it needs.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
JS_SOURCES := $(shell find js -type f 2>/dev/null) package.json

.PHONY: lab test install bench clean

$(STAMP): pyproject.toml $(JS_SOURCES)
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q -e ".[dev]"
	$(PY) -c "import spite_widget.widgets.table, spite_widget.widgets.replay, spite_widget.widgets.lesson"
	touch $(STAMP)

install: $(STAMP)

# JupyterLab refuses to start as root without --allow-root (containers, fresh cloud machines)
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab examples/play.ipynb $(ALLOW_ROOT)

test: $(STAMP)
	sh scripts/ensure-chromium.sh
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest -q

bench: $(STAMP)
	$(PY) benchmarks/engine.py

clean:
	rm -rf $(VENV) node_modules spite_widget/static
