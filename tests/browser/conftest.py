"""A real JupyterLab and a real headless Chromium, started once per test session.

Fixtures for every browser test of the project (the table, replays, lessons):

* `lab` (session): a JupyterLab server on 127.0.0.1 with a fixed token and its own
  config, runtime, settings and workspace folders; `lab.write_notebook(name, cells)`
  writes a notebook into its root folder.
* `browser` (session): headless Chromium driven by Playwright (the system browser).
* `page` (per test): a fresh page that fails the test on any page error or console error.
* `notebook` (per test): `notebook.open(name, cells)` opens a notebook, waits for its
  kernel and runs every cell; `notebook.run_cell(i)` runs one cell again and returns its
  text output (use it to ask the kernel what its Game holds).

Without Chromium the tests skip with the reason; with CI=true a missing Chromium fails.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

TOKEN = "spite-widget-browser-tests"
CHROMIUM_CANDIDATES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def chromium_path() -> str | None:
    """The system Chromium (SPITE_CHROMIUM overrides), or None."""
    candidates = [os.environ.get("SPITE_CHROMIUM", ""), *CHROMIUM_CANDIDATES]
    for c in candidates:
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return c
    return None


def _no_browser(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: the browser tests must run; scripts/ensure-chromium.sh installs it)")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Lab:
    """A running JupyterLab server."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.root = base / "notebooks"
        self.root.mkdir(parents=True)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = TOKEN
        dirs = {name: base / name for name in ("config", "runtime", "settings", "workspaces")}
        for d in dirs.values():
            d.mkdir()
        news = dirs["settings"] / "@jupyterlab" / "apputils-extension"
        news.mkdir(parents=True)
        (news / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False})
        )
        env = dict(os.environ)
        env.update(
            JUPYTER_CONFIG_DIR=str(dirs["config"]),
            JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
            JUPYTERLAB_SETTINGS_DIR=str(dirs["settings"]),
            JUPYTERLAB_WORKSPACES_DIR=str(dirs["workspaces"]),
            PYDEVD_DISABLE_FILE_VALIDATION="1",
        )
        self.log = open(base / "jupyterlab.log", "w")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "jupyter",
                "lab",
                "--no-browser",
                "--allow-root",
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={self.port}",
                "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={TOKEN}",
                f"--ServerApp.root_dir={self.root}",
                "--LabApp.news_url=None",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                "--LabApp.expose_app_in_browser=True",
            ],
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self._wait_ready()

    def _wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited: see {self.base / 'jupyterlab.log'}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/status?token={TOKEN}", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.25)
        raise RuntimeError(f"JupyterLab did not start in {timeout} s: see {self.base / 'jupyterlab.log'}")

    def write_notebook(self, name: str, cells: list[str]) -> Path:
        """A notebook of code cells, with the kernelspec JupyterLab needs to start a kernel."""
        nb = {
            "cells": [
                {
                    "cell_type": "code",
                    "execution_count": None,
                    "id": f"c{i}",
                    "metadata": {},
                    "outputs": [],
                    "source": src,
                }
                for i, src in enumerate(cells)
            ],
            "metadata": {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}},
            "nbformat": 4,
            "nbformat_minor": 5,
        }
        path = self.root / name
        path.write_text(json.dumps(nb, indent=1))
        return path

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?token={TOKEN}&reset"

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """A JupyterLab server for the whole session."""
    if chromium_path() is None:
        _no_browser("Chromium is not installed (apt-get install chromium)")
    server = Lab(tmp_path_factory.mktemp("jupyterlab"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium (the system browser) for the whole session."""
    path = chromium_path()
    if path is None:
        _no_browser("Chromium is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _no_browser("Playwright for Python is not installed (pip install playwright)")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_FLAGS)
        try:
            yield b
        finally:
            b.close()


# Console noise JupyterLab itself makes in a fresh, offline profile: not the widget's errors.
_BENIGN = ("favicon", "Failed to load resource: the server responded with a status of 404")


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page; any page error or console error fails the test."""
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    pg.on(
        "console",
        lambda m: (
            errors.append(f"console {m.type}: {m.text}")
            if m.type == "error" and not any(b in m.text for b in _BENIGN)
            else None
        ),
    )
    pg.set_default_timeout(30_000)
    pg.errors = errors  # type: ignore[attr-defined]
    yield pg
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"failed-{request.node.name}.png"), full_page=True)
    context.close()
    assert not errors, "the page reported errors:\n" + "\n".join(errors)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    rep = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{rep.when}", rep)


class Notebook:
    """Drives one notebook in JupyterLab through the page."""

    def __init__(self, lab: Lab, page: Any) -> None:
        self.lab = lab
        self.page = page

    def open(self, name: str, cells: list[str], run: bool = True) -> None:
        """Write, open, wait for the kernel, and (by default) run every cell."""
        self.lab.write_notebook(name, cells)
        self.page.goto(self.lab.notebook_url(name))
        self.page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
        self.wait_kernel_idle()
        if run:
            self.page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")

    def wait_kernel_idle(self, timeout: float = 60_000) -> None:
        self.page.wait_for_function(
            """() => {
                const nb = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                const k = nb && nb.sessionContext && nb.sessionContext.session && nb.sessionContext.session.kernel;
                return !!k && k.connectionStatus === 'connected' && k.status === 'idle';
            }""",
            timeout=timeout,
        )

    def run_cell(self, index: int, timeout: float = 30_000) -> str:
        """Run cell `index` (0-based) again and return the text of its output."""
        cell = self.page.locator(".jp-Notebook .jp-Cell").nth(index)
        prompt = cell.locator(".jp-InputPrompt").inner_text()
        cell.locator(".jp-InputArea-editor").click()
        self.page.keyboard.press("Shift+Enter")
        self.page.wait_for_function(
            """([i, old]) => {
                const c = document.querySelectorAll('.jp-Notebook .jp-Cell')[i];
                const p = c.querySelector('.jp-InputPrompt').innerText;
                return p !== old && /\\[\\d+\\]/.test(p);
            }""",
            arg=[index, prompt],
            timeout=timeout,
        )
        return str(cell.locator(".jp-OutputArea").inner_text())

    def set_theme(self, dark: bool) -> None:
        theme = "JupyterLab Dark" if dark else "JupyterLab Light"
        self.page.evaluate(
            f"() => window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})"
        )
        self.page.wait_for_function(
            f"() => document.body.dataset.jpThemeLight === '{'false' if dark else 'true'}'", timeout=15_000
        )


@pytest.fixture
def notebook(lab: Lab, page: Any) -> Notebook:
    return Notebook(lab, page)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots go (test-artifacts/, ignored by git)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


__all__ = ["Lab", "Notebook", "chromium_path"]
