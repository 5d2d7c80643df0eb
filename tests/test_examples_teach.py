"""The teaching notebook runs top to bottom in a real kernel and leaves SVG pictures behind."""

from __future__ import annotations

from pathlib import Path

from notebooks import code_outputs, run_notebook

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "examples" / "teach_rules.ipynb"


def test_teach_rules_notebook_executes_and_shows_svg() -> None:
    nb = run_notebook(NOTEBOOK, timeout=120)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    outputs = code_outputs(nb)
    assert not [o for o in outputs if o.output_type == "error"]
    svgs = [o for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) >= 10
    assert all(o["data"]["image/svg+xml"].lstrip().startswith("<svg") for o in svgs)
    text = "".join(o.get("text", "") for o in outputs)
    assert "Legal" in text and "Not legal" in text and "Goal reached" in text
    last = nb.cells[-1]
    assert last.cell_type == "markdown" and "LessonWidget" in last.source
