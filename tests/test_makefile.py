"""What `make` tells a newcomer (issues 8 and 9): the link `make lab` prints opens
examples/play.ipynb (not the Launcher), and the slow install says what each step does."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import stat
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"


def _outside_make() -> dict[str, str]:
    """The environment as a newcomer's shell has it: run under `make test`, a child make
    would otherwise inherit MAKELEVEL and print "make[1]: Entering directory" lines."""
    return {k: v for k, v in os.environ.items() if k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS")}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.skipif(
    not (VENV / "bin" / "jupyter").exists(), reason="needs the project's .venv (make install)"
)
def test_make_lab_prints_the_link_to_the_play_notebook(tmp_path: Path) -> None:
    port, token = _free_port(), "make-lab-test"
    env = _outside_make()
    for name in (
        "JUPYTER_CONFIG_DIR",
        "JUPYTER_RUNTIME_DIR",
        "JUPYTERLAB_SETTINGS_DIR",
        "JUPYTERLAB_WORKSPACES_DIR",
    ):
        (tmp_path / name).mkdir()
        env[name] = str(tmp_path / name)
    flags = (
        f"--no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port={port} --ServerApp.port_retries=0 "
        f"--IdentityProvider.token={token} --LabApp.news_url=None"
    )
    # -o: take the installed .venv as it is (no reinstall inside the test)
    proc = subprocess.Popen(
        ["make", "-o", ".venv/.installed-stamp", "lab", f"LAB_FLAGS={flags}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    lines: list[str] = []
    assert proc.stdout is not None
    reader = threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, "")), daemon=True)
    reader.start()  # a thread, so that a server that never prints the link cannot hang the test
    try:
        deadline = time.monotonic() + 90
        link = re.compile(rf"http://127\.0\.0\.1:{port}/\S*token=")
        while time.monotonic() < deadline and proc.poll() is None:
            if any(link.search(line) for line in list(lines)):
                break
            time.sleep(0.2)
        links = [m for line in lines for m in re.findall(rf"http://127\.0\.0\.1:{port}/\S+", line)]
        assert links, "".join(lines)
        # every link JupyterLab prints opens the notebook, and it is there
        assert all("/lab/tree/examples/play.ipynb?token=" in link for link in links), links
        url = f"http://127.0.0.1:{port}/api/contents/examples/play.ipynb?content=0&token={token}"
        for _ in range(60):  # the link can be printed a moment before the server listens
            try:
                with urllib.request.urlopen(url, timeout=10) as r:
                    assert json.load(r)["type"] == "notebook"
                break
            except OSError:
                time.sleep(0.5)
        else:
            raise AssertionError(f"JupyterLab did not answer: {''.join(lines)}")
        assert any(line.startswith("make: starting JupyterLab on examples/play.ipynb") for line in lines)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def test_make_install_says_each_step(tmp_path: Path) -> None:
    """The install recipe run for real against a stand-in interpreter (the real pip install
    takes a minute and is exercised by tests/test_packaging.py): each step is announced before
    it runs, so the minute of pip and npm is never silent."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    python = venv / "bin" / "python"
    python.write_text(f'#!/bin/sh\necho "python $*" >> {tmp_path}/ran\n')
    python.chmod(python.stat().st_mode | stat.S_IEXEC)
    done = subprocess.run(
        ["make", "install", f"VENV={venv}"],
        cwd=ROOT,
        env=_outside_make(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    steps = [i for i, line in enumerate(out) if re.match(r"make: \[\d/3\] ", line)]
    assert len(steps) == 3, out
    pip = next(i for i, line in enumerate(out) if "-m pip install" in line)
    assert steps[1] < pip and "installing" in out[steps[1]], out
    assert out[-1] == f"make: {venv} is ready"
    ran = (tmp_path / "ran").read_text().splitlines()
    assert ran[0].startswith("python -m pip install -q -e .[dev]") and ran[1].startswith("python -c import")
