"""Every example notebook's saved text outputs are what its code prints today.

GitHub shows the saved outputs of `examples/*.ipynb` without running them, so a stale
output tells readers something the code no longer says. This re-executes each notebook in
a real kernel and compares, cell by cell, the text it shows: printed streams, the
`text/plain` of results and displays, and errors. (Pictures are not compared.)

A notebook is saved without its widgets: a saved widget carries the bundle and the CSS of
the day it was saved, and JupyterLab puts them back in force when the notebook is opened,
so after the next change to the front end the saved lesson badges overlapped and the
status was cut off. The widgets appear when the cells run.

To refresh a notebook's saved outputs after changing what it prints:
    .venv/bin/python tests/test_examples_outputs.py examples/teach_rules.ipynb
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import nbformat
import pytest
from notebooks import cell_outputs, run_notebook

_spec = importlib.util.spec_from_file_location(
    "make_lesson_notebooks", Path(__file__).resolve().parents[1] / "scripts" / "make_lesson_notebooks.py"
)
assert _spec is not None and _spec.loader is not None
_maker = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_maker)
without_widgets = _maker.without_widgets
"""The one way an example notebook is saved: without its widgets (see above)."""

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "examples").glob("*.ipynb"))

WIDGET_VIEW = _maker.WIDGET_VIEW
_ADDRESS = re.compile(r" at 0x[0-9a-f]+")
# An exported page's size moves with every change to the JS bundle, and a bundle built on
# another machine may differ by a kilobyte: the figure is shown to the reader, not compared.
_SIZE = re.compile(r"\b\d+ KB\b")
"""Object addresses in a default repr differ at every run; nothing else is normalised."""


def execute(path: Path) -> Any:
    """The notebook run top to bottom in a fresh kernel, from a clean slate.

    It runs in a copy of its folder, so the files a notebook writes (an exported page, an
    annotated record) do not land in the checkout.
    """
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / path.parent.name
        shutil.copytree(path.parent, folder)
        return run_notebook(folder / path.name, timeout=600)


def text_outputs(nb: Any) -> list[tuple[int, list[str]]]:
    """(cell index, the texts it shows) for every code cell."""
    out = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        texts: list[str] = []
        for o in cell_outputs(cell):  # a print split into chunks comes as one
            kind = o.get("output_type")
            if WIDGET_VIEW in o.get("data", {}):
                continue  # not saved (see above); its text is only the object's address
            if kind == "stream":
                texts.append(f"{o.get('name')}: {o.get('text', '')}")
            elif kind in ("execute_result", "display_data"):
                plain = o.get("data", {}).get("text/plain")
                if plain is not None:
                    texts.append("".join(plain) if isinstance(plain, list) else plain)
            elif kind == "error":
                texts.append(f"error: {o.get('ename')}: {o.get('evalue')}")
        out.append((i, [_SIZE.sub("… KB", _ADDRESS.sub(" at 0x…", t)) for t in texts]))
    return out


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_saved_text_outputs_match_a_fresh_run(path: Path) -> None:
    saved = text_outputs(nbformat.read(path, as_version=4))  # type: ignore[no-untyped-call]
    fresh = text_outputs(execute(path))
    stale = [
        f"cell {i}:\n  saved: {s!r:.300}\n  fresh: {f!r:.300}"
        for (i, s), (_, f) in zip(saved, fresh, strict=True)
        if s != f
    ]
    assert not stale, f"{path.name}: {len(stale)} cells differ when re-run\n" + "\n".join(stale)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_no_widget_is_saved_with_its_bundle_of_the_day(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    assert "widgets" not in nb.metadata, f"{path.name} carries saved widget state"
    views = [
        i for i, c in enumerate(nb.cells) for o in c.get("outputs", []) if WIDGET_VIEW in o.get("data", {})
    ]
    assert not views, f"{path.name}: cells {views} carry a saved widget view"
    bare = [
        i for i, c in enumerate(nb.cells) if c.cell_type == "code" and not c.outputs and c.execution_count
    ]
    assert not bare, f"{path.name}: cells {bare} show a run number over no output"


def save_fresh_outputs(path: Path) -> None:
    """Re-execute `path` and write it back with the fresh outputs, its widgets left out."""
    nb = without_widgets(execute(path))
    nbformat.write(nb, path)  # type: ignore[no-untyped-call]


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        save_fresh_outputs(Path(arg).resolve())
        print("saved", arg)
