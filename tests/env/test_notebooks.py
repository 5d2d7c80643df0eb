"""The agents notebook runs top to bottom in a real kernel: the agent loop against the expert,
the PettingZoo and the Gymnasium environments."""

from __future__ import annotations

import shutil
from pathlib import Path

from notebooks import code_outputs, run_notebook

ROOT = Path(__file__).resolve().parents[2]


def run(name: str, tmp_path: Path) -> list[str]:
    """Every text the notebook shows, run from a clean slate in a copy of examples/."""
    folder = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", folder)
    outputs = code_outputs(run_notebook(folder / name))
    assert not [o for o in outputs if o.output_type == "error"]
    return [o.get("text", "") + str(o.get("data", {}).get("text/plain", "")) for o in outputs]


def test_agents_notebook(tmp_path: Path) -> None:
    texts = "\n".join(run("agents.ipynb", tmp_path))
    assert "You are player 0. Your turn." in texts and "Legal moves (23): " in texts
    assert "play the ace -> 'play the ace' is not a move" in texts
    assert "game over: True | answers refused and asked again: 1" in texts
    assert "player_0 (402,) (106,)" in texts
    assert "'reason': 'stock-exhausted'" in texts or "'reason': 'payoff-emptied'" in texts
    assert "reward: " in texts
    # the final table, and the human render: one SVG picture updated in place over six steps
    assert texts.count("<IPython.core.display.SVG object>") == 2
