"""benchmarks/widget.py's browser part (a real JupyterLab, clicks timed in Chromium) still
runs: its --quick mode, three clicks, figures printed and not judged (issue 12)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import _no_browser, chromium_path

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def test_the_widget_benchmark_runs_in_a_browser() -> None:
    if chromium_path() is None:
        _no_browser("Chromium is not installed (apt-get install chromium)")
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "widget.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    assert "click to redraw in JupyterLab" in done.stdout and "table move, DOM updated" in done.stdout
