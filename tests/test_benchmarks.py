"""Every benchmark still runs (issue 12): each one's `--quick` mode, a few games, as CI does.

No figure is judged here (speed is the benchmarks' own business, printed for people); a
benchmark that no longer imports or runs fails the suite instead of rotting unseen.
"""

from __future__ import annotations

import json
import os
import re
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
    "review_marks.py": "expert self-play",
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


def test_the_calibration_benchmark_judges_a_map_before_it_ships(tmp_path: Path) -> None:
    """`--recalibration FILE` tells the plans' chances through FILE's maps: a map that says
    50% to all but certainty puts every position in one decile, at 0.500."""
    flat = [[0.0, 0.0], [0.001, 0.5], [0.999, 0.5], [1.0, 1.0]]
    path = tmp_path / "flat.json"
    path.write_text(json.dumps({"maps": {"line": {"win": flat, "lose_share": flat}}}))
    script = str(BENCHMARKS / "calibration.py")
    done = subprocess.run(
        [sys.executable, script, "--quick", "--recalibration", str(path), "--save", str(tmp_path / "c.json")],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=BENCHMARKS.parent,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    rows = [line.split() for line in done.stdout.splitlines() if re.match(r"0\.\d-\d\.\d ", line)]
    assert len(rows) == 10 and "reviewed" not in done.stdout  # the plans only
    filled = [row for row in rows if int(row[1]) > 0]
    assert [row[0] for row in filled] == ["0.5-0.6"] and filled[0][2] == "0.500"
    saved = json.loads((tmp_path / "c.json").read_text())  # the plans' table and how it was made
    assert "review" not in saved and "--recalibration" in saved["command"]
    assert [(d["low"], round(d["predicted"], 3)) for d in saved["deciles"]] == [(0.5, 0.5)]
    refused = subprocess.run(
        [sys.executable, script, "--games", "1", "--recalibration", str(path)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=BENCHMARKS.parent,
    )
    assert refused.returncode == 2 and "add --review-games 0" in refused.stderr
