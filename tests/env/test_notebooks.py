"""The agents notebook runs top to bottom in a real kernel: the agent loop against the expert,
the PettingZoo and the Gymnasium environments."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]


def run(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the notebook shows, run from a clean slate in a copy of examples/."""
    path = os.environ.get("PYTHONPATH", "")
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + (os.pathsep + path if path else ""))
    folder = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", folder)
    nb = nbformat.read(folder / name, as_version=4)  # type: ignore[no-untyped-call]
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    NotebookClient(
        nb, kernel_name="python3", timeout=300, resources={"metadata": {"path": str(folder)}}
    ).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    return [o.get("text", "") + str(o.get("data", {}).get("text/plain", "")) for o in outputs]


def test_agents_notebook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = "\n".join(run("agents.ipynb", tmp_path, monkeypatch))
    assert "You are player 0. Your turn." in texts and "Legal moves (23): " in texts
    assert "play the ace -> 'play the ace' is not a move" in texts
    assert "game over: True | answers refused and asked again: 1" in texts
    assert "player_0 (402,) (106,)" in texts
    assert "'reason': 'stock-exhausted'" in texts or "'reason': 'payoff-emptied'" in texts
    assert "reward: " in texts
    # the final table, and the human render: one SVG picture updated in place over six steps
    assert texts.count("<IPython.core.display.SVG object>") == 2
