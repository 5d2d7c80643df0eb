"""The replay example notebook runs top to bottom in a real kernel: it steps, annotates,
saves, reads back the same comments and exports a page (in a copy of examples/, so the
repository is left as it was)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from notebooks import code_outputs, run_notebook

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def test_replay_notebook_executes(tmp_path: Path) -> None:
    for name in ("replay_and_annotate.ipynb", "sample_game.json"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    nb = run_notebook(tmp_path / "replay_and_annotate.ipynb", timeout=120)
    assert nb.metadata["kernelspec"] == {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    outputs = code_outputs(nb)
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs)
    assert "ply 17 of 155: P:Ks>C1 by Ada" in text
    assert "comments read back: [12, 22, 51]" in text
    shown = [
        cell.source
        for cell in nb.cells
        if cell.cell_type == "code"
        and any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in cell.outputs)
    ]
    # the replay, then the puzzles of the reviewed game in a lesson widget
    assert len(shown) == 2 and "ReplayWidget(" in shown[0] and "open_puzzles(" in shown[1]
    assert any("image/svg+xml" in o.get("data", {}) for o in outputs)
    saved = json.loads((tmp_path / "sample_game_annotated.json").read_text())
    assert saved["moves"][11]["mark"] == "!" and "ladder" in saved["moves"][11]["comment"]
    assert saved["moves"][8]["mark"] == "!"  # the sample's own comments are kept
    page = (tmp_path / "sample_game.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "mountStandalone" in page
