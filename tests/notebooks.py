"""Running an example notebook in a real kernel: the one way every notebook test does it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def run_notebook(path: Path, timeout: int = 300) -> Any:
    """`path` run top to bottom in a fresh kernel from a clean slate (its stored outputs
    dropped), in the notebook's own folder, with the repository importable with or without
    `pip install -e .`. Returns the executed notebook; errors stay in its outputs."""
    env_path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = str(ROOT) + (os.pathsep + env_path if env_path else "")
    try:
        nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs = []
                cell.execution_count = None
        NotebookClient(
            nb, kernel_name="python3", timeout=timeout, resources={"metadata": {"path": str(path.parent)}}
        ).execute()
    finally:
        if env_path:
            os.environ["PYTHONPATH"] = env_path
        else:
            os.environ.pop("PYTHONPATH", None)
    return nb


def code_outputs(nb: Any) -> list[Any]:
    """Every output of every code cell, in order, each cell's as `cell_outputs` gives them."""
    return [o for cell in nb.cells if cell.cell_type == "code" for o in cell_outputs(cell)]


def cell_outputs(cell: Any) -> list[Any]:
    """A code cell's outputs, its consecutive outputs to one stream come as one, as the
    notebook shows them: a kernel may send one printed line in two messages (seen on a
    loaded machine), which broke a match on the line."""
    out: list[Any] = []
    previous = None
    for o in cell.outputs:
        if o.output_type == "stream" and previous is not None and previous.get("name") == o.get("name"):
            previous = nbformat.from_dict({**previous, "text": previous.text + o.text})  # type: ignore[no-untyped-call]
            out[-1] = previous
            continue
        out.append(o)
        previous = o if o.output_type == "stream" else None
    return out
