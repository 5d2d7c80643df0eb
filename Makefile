# Two commands on a fresh machine: `make lab` to play, `make test` to run every test.
# Each sets up its own virtual environment (.venv) and installs what it needs.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
JS_SOURCES := $(shell find js -type f 2>/dev/null) package.json
# the notebook `make lab` opens; its link is the one JupyterLab prints (no desktop browser needed)
LAB_NOTEBOOK := examples/play.ipynb
LAB_FLAGS ?=

.PHONY: lab test install bench clean

$(STAMP): pyproject.toml $(JS_SOURCES)
	@echo "make: [1/3] creating the virtual environment $(VENV)"
	@test -x $(PY) || python3 -m venv $(VENV)
	@echo "make: [2/3] installing spite-widget and its dev tools into $(VENV) (pip, then npm builds the widget; about a minute the first time)"
	$(PY) -m pip install -q -e ".[dev]"
	@echo "make: [3/3] checking that the widgets import"
	@$(PY) -c "import spite_widget.widgets.table, spite_widget.widgets.replay, spite_widget.widgets.lesson"
	@touch $(STAMP)
	@echo "make: $(VENV) is ready"

install: $(STAMP)

# JupyterLab refuses to start as root without --allow-root (containers, fresh cloud machines)
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

# default_url makes both the page a desktop browser opens and the link printed in the
# terminal open the notebook itself, not the Launcher
lab: $(STAMP)
	@echo "make: starting JupyterLab on $(LAB_NOTEBOOK): open the link printed below that ends in /lab/tree/$(LAB_NOTEBOOK)?token=..."
	$(VENV)/bin/jupyter lab --LabApp.default_url=/lab/tree/$(LAB_NOTEBOOK) $(ALLOW_ROOT) $(LAB_FLAGS)

test: $(STAMP)
	@echo "make: [1/5] the system Chromium for the browser tests"
	@sh scripts/ensure-chromium.sh
	@echo "make: [2/5] ruff check"
	$(VENV)/bin/ruff check .
	@echo "make: [3/5] ruff format --check"
	$(VENV)/bin/ruff format --check .
	@echo "make: [4/5] mypy --strict"
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports
	@echo "make: [5/5] the test suite (browser tests included: a few minutes)"
	$(VENV)/bin/pytest -q

bench: $(STAMP)
	$(PY) benchmarks/engine.py

clean:
	rm -rf $(VENV) node_modules spite_widget/static
