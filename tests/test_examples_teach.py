"""The teaching notebook runs top to bottom in a real kernel and leaves SVG pictures behind."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "examples" / "teach_rules.ipynb"


def test_teach_rules_notebook_executes_and_shows_svg(monkeypatch: pytest.MonkeyPatch) -> None:
    # the kernel inherits this environment: the repo root is importable with or without
    # `pip install -e .`
    path = os.environ.get("PYTHONPATH", "")
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + (os.pathsep + path if path else ""))
    nb = nbformat.read(NOTEBOOK, as_version=4)  # type: ignore[no-untyped-call]
    assert nb.metadata["kernelspec"]["name"] == "python3"
    for cell in nb.cells:  # run from a clean slate, not from the stored outputs
        if cell.cell_type == "code":
            cell.outputs = []
    NotebookClient(
        nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(NOTEBOOK.parent)}}
    ).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    svgs = [o for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) >= 10
    assert all(o["data"]["image/svg+xml"].lstrip().startswith("<svg") for o in svgs)
    text = "".join(o.get("text", "") for o in outputs)
    assert "Legal" in text and "Not legal" in text and "Goal reached" in text
    last = nb.cells[-1]
    assert last.cell_type == "markdown" and "LessonWidget" in last.source
