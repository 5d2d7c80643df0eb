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
    nb = run_notebook(folder / name)
    assert not [o for o in code_outputs(nb) if o.output_type == "error"]
    texts: list[str] = []
    for cell in nb.cells:
        previous = None
        for o in cell.get("outputs", []):
            text = o.get("text", "") + str(o.get("data", {}).get("text/plain", ""))
            stream = o.get("name") if o.output_type == "stream" else None
            if stream is not None and stream == previous:
                # a printed line may reach the client in two messages (seen on a loaded
                # machine): a cell's consecutive outputs to one stream are one text, as shown
                texts[-1] += text
            else:
                texts.append(text)
            previous = stream
    return texts


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
