"""Every benchmark still runs (issue 12): each one's `--quick` mode, a few games, as CI does.

No figure is judged here (speed is the benchmarks' own business, printed for people); a
benchmark that no longer imports or runs fails the suite instead of rotting unseen.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
ALL = sorted(p.name for p in BENCHMARKS.glob("*.py"))
# what each quick run prints at least (its heading), so an empty run does not pass
PRINTS = {
    "engine.py": "self-play",
    "losses.py": "hindsight, knowing every card",
    "replay.py": "bytes per step",
    "review.py": "-move game:",
    "widget.py": "bytes synced per move",
}


def test_the_known_benchmarks_are_all_here() -> None:
    assert {"bots.py", "engine.py", "replay.py", "widget.py"} <= set(ALL)


@pytest.mark.parametrize("name", ALL)
def test_a_benchmark_runs_in_its_quick_mode(name: str) -> None:
    # widget.py's browser part (JupyterLab + Chromium) runs in tests/browser/test_benchmark_widget.py
    extra = ["--no-browser"] if name == "widget.py" else []
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / name), "--quick", *extra],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=BENCHMARKS.parent,
        env=env,
    )
    assert done.returncode == 0, f"{name} --quick failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    assert done.stdout.strip(), f"{name} --quick printed nothing"
    if name in PRINTS:
        assert PRINTS[name] in done.stdout, done.stdout
