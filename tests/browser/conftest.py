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
* `nb7` (session) and `nb7_notebook` (per test): the same for Jupyter Notebook 7
  (`jupyter notebook`), whose pages are /notebooks/<name>.
* `marimo_server` (session): `marimo run` over a folder; `marimo_server.write(name, source)`
  writes a marimo notebook there and `marimo_server.url(name)` is its page.
* `new_page(**context_options)` (per test): more pages, e.g. a phone with touch
  (`viewport=..., has_touch=True, is_mobile=True`); each fails the test on page errors.
* `bare` (per test): `bare.open(widget)` renders a widget's bundle in a bare HTML page, no
  Jupyter at all (as in an environment with none of JupyterLab's globals or CSS variables),
  with a small in-page model; the real Python widget answers its messages.

Without Chromium the tests skip with the reason; with CI=true a missing Chromium fails.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

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
STATIC = Path(__file__).resolve().parents[2] / "spite_widget" / "static"


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


_S = TypeVar("_S", bound="_Server")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _Server:
    """A server process started for the session, with its log file."""

    proc: subprocess.Popen[bytes]
    log: Any

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


def _serving(start: Callable[[], _S]) -> Iterator[_S]:
    """A session fixture's body: the server `start()` returns, stopped at the end (no Chromium: skip)."""
    if chromium_path() is None:
        _no_browser("Chromium is not installed (apt-get install chromium)")
    server = start()
    try:
        yield server
    finally:
        server.stop()


class Lab(_Server):
    """A running JupyterLab server (or, with app="notebook", a Jupyter Notebook 7 server)."""

    def __init__(self, base: Path, app: str = "lab") -> None:
        self.base = base
        self.app = app
        self.root = base / "notebooks"
        self.root.mkdir(parents=True)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = TOKEN
        dirs = {name: base / name for name in ("config", "runtime", "settings", "workspaces")}
        for d in dirs.values():
            d.mkdir()
        if app == "lab":  # Notebook 7 has no news toast (and fails to load settings it has no schema for)
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
        self.log = open(base / f"jupyter{app}.log", "w")  # noqa: SIM115 (closed in stop)
        app_class = "LabApp" if app == "lab" else "JupyterNotebookApp"
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "jupyter",
                app,
                "--no-browser",
                "--allow-root",
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={self.port}",
                "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={TOKEN}",
                f"--ServerApp.root_dir={self.root}",
                f"--{app_class}.expose_app_in_browser=True",
                *(
                    [
                        "--LabApp.news_url=None",
                        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                    ]
                    if app == "lab"
                    else []
                ),
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
                raise RuntimeError(f"jupyter {self.app} exited: see {self.log.name}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/status?token={TOKEN}", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.25)
        raise RuntimeError(f"jupyter {self.app} did not start in {timeout} s: see {self.log.name}")

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
        if self.app == "notebook":
            return f"{self.url}/notebooks/{name}?token={TOKEN}"
        return f"{self.url}/lab/tree/{name}?token={TOKEN}&reset"


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """A JupyterLab server for the whole session."""
    yield from _serving(lambda: Lab(tmp_path_factory.mktemp("jupyterlab")))


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


# Page errors of the host application itself, told apart by where they are thrown: Notebook
# 7.6's shortcuts plugin throws this while loading settings, in a blank notebook before any
# cell runs (seen with JupyterLab 4.6 extensions installed beside it).
_HOST_PAGE_ERRORS = (
    ("Cannot read properties of undefined (reading 'schema')", "/static/notebook/notebook_core."),
)


def _page_error(e: Any, errors: list[str]) -> None:
    stack = str(getattr(e, "stack", "") or "")
    if any(msg in str(e) and where in stack for msg, where in _HOST_PAGE_ERRORS):
        return
    errors.append(f"page error: {e}")


def _watch(pg: Any, errors: list[str]) -> None:
    pg.on("pageerror", lambda e: _page_error(e, errors))
    pg.on(
        "console",
        lambda m: (
            errors.append(f"console {m.type}: {m.text}")
            if m.type == "error" and not any(b in m.text for b in _BENIGN)
            else None
        ),
    )


@pytest.fixture
def new_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """`new_page(**context_options)`: a fresh page in its own context (default 1200x1000);
    any page error or console error in any of them fails the test."""
    made: list[tuple[Any, Any, list[str]]] = []

    def make(**options: Any) -> Any:
        options.setdefault("viewport", {"width": 1200, "height": 1000})
        context = browser.new_context(**options)
        pg = context.new_page()
        errors: list[str] = []
        _watch(pg, errors)
        pg.set_default_timeout(30_000)
        pg.errors = errors
        made.append((context, pg, errors))
        return pg

    yield make
    failed = getattr(request.node, "rep_call", None)
    reported: list[str] = []
    for i, (context, pg, errors) in enumerate(made):
        if failed is not None and failed.failed:
            ARTIFACTS.mkdir(exist_ok=True)
            suffix = f"-{i}" if i else ""
            try:
                pg.screenshot(path=str(ARTIFACTS / f"failed-{request.node.name}{suffix}.png"), full_page=True)
            except Exception as e:  # a crashed page still lets the others close
                reported.append(f"no screenshot of page {i}: {e}")
        context.close()
        reported.extend(errors)
    errors_all = [e for e in reported if not e.startswith("no screenshot")]
    assert not errors_all, "the page reported errors:\n" + "\n".join(errors_all)


@pytest.fixture
def page(new_page: Callable[..., Any]) -> Any:
    """A fresh page (1200x1000); any page error or console error fails the test."""
    return new_page()


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

    def run_json(self, index: int) -> dict[str, Any]:
        """Run cell `index` again and read the JSON object its last printed line holds."""
        result: dict[str, Any] = json.loads(self.run_cell(index).strip().splitlines()[-1])
        return result

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
def nb7(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """A Jupyter Notebook 7 server (`jupyter notebook`) for the whole session."""
    yield from _serving(lambda: Lab(tmp_path_factory.mktemp("notebook7"), app="notebook"))


@pytest.fixture
def nb7_notebook(nb7: Lab, page: Any) -> Notebook:
    """`Notebook` driving a notebook in Notebook 7 (same methods as `notebook`)."""
    return Notebook(nb7, page)


class MarimoServer(_Server):
    """`marimo run` over a folder of marimo notebooks, no token, on 127.0.0.1."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.root = base / "apps"
        self.root.mkdir(parents=True)
        self.port = _free_port()
        self.url_base = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"):
            d = base / name.lower()
            d.mkdir()
            env[name] = str(d)
        self.log = open(base / "marimo.log", "w")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "marimo",
                "run",
                str(self.root),
                "--headless",
                "--host=127.0.0.1",
                f"--port={self.port}",
                "--no-token",
                "--no-sandbox",
                "--no-skew-protection",
                "--watch",  # notebooks written after the start are found too
            ],
            env=env,
            cwd=base,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"marimo exited: see {self.log.name}")
            try:
                with urllib.request.urlopen(f"{self.url_base}/health", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"marimo did not start: see {self.log.name}") from None
                time.sleep(0.25)

    def write(self, name: str, source: str) -> Path:
        """Put a marimo notebook (its .py source) in the served folder."""
        path = self.root / name
        path.write_text(source)
        return path

    def url(self, name: str) -> str:
        return f"{self.url_base}/?file={name}"


@pytest.fixture(scope="session")
def marimo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MarimoServer]:
    """A `marimo run` server for the whole session."""
    try:
        import marimo  # noqa: F401
    except ImportError:
        if os.environ.get("CI") == "true":
            pytest.fail("marimo is not installed (pip install -e '.[dev]')")
        pytest.skip("marimo is not installed (pip install marimo)")
    yield from _serving(lambda: MarimoServer(tmp_path_factory.mktemp("marimo")))


# ---------------------------------------------------------------- a bare page, no Jupyter
BARE_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>__TITLE__</title>
<link rel="stylesheet" href="/static/__BUNDLE__.css">
</head>
<body>
<main><div id="widget"></div></main>
<script type="module">
import widget from "/static/__BUNDLE__.js";
// The smallest model anywidget promises a widget: get/set/on/off/save_changes/send.
// Python answers through two functions the test exposes: swMessage (a message from here)
// and swPull (what the widget sent since: its comm's state updates, in order).
const state = __STATE__;
const handlers = new Map();
const dirty = new Set();
const fire = (name) => { for (const h of [...(handlers.get(name) || [])]) h(); };
const apply = (update) => {
  for (const [k, v] of Object.entries(update)) { state[k] = v; fire(`change:${k}`); }
  fire("change");
};
window.__swSent = [];
const model = {
  get: (k) => state[k],
  set: (k, v) => { state[k] = v; dirty.add(k); fire(`change:${k}`); },
  on: (name, h) => { for (const n of name.split(" ")) { if (!handlers.has(n)) handlers.set(n, []); handlers.get(n).push(h); } },
  off: (name, h) => {
    for (const n of (name ? name.split(" ") : [...handlers.keys()])) {
      handlers.set(n, h ? (handlers.get(n) || []).filter((x) => x !== h) : []);
    }
  },
  save_changes: () => {
    const changed = Object.fromEntries([...dirty].map((k) => [k, state[k]]));
    dirty.clear();
    window.swMessage({ method: "update", state: changed });
  },
  send: (content) => {
    window.__swSent.push(content);
    window.swMessage({ method: "custom", content });
  },
};
let pulling = false;
setInterval(async () => {
  if (pulling) return;
  pulling = true;
  try {
    for (const update of await window.swPull()) apply(update);
  } finally {
    pulling = false;
  }
}, 40);
const host = document.getElementById("widget");
if (widget.initialize) await widget.initialize({ model });
window.__swCleanup = await widget.render({ model, el: host });
window.__swReady = true;
</script>
</body>
</html>
"""

_IPYWIDGETS_KEYS = {"layout", "tabbable", "tooltip"}


def widget_state(widget: Any) -> dict[str, Any]:
    """A widget's synced traits as its front end gets them (no code, no ipywidgets layout)."""
    state = widget.get_state()
    return {k: v for k, v in state.items() if not k.startswith("_") and k not in _IPYWIDGETS_KEYS}


class BridgeComm:
    """The widget's comm in a bare page: what the widget sends waits in `pending` for the
    page to pull; what the page sends goes to the widget as ipywidgets would deliver it."""

    kernel = "bare-page"

    def __init__(self) -> None:
        self.comm_id = uuid.uuid4().hex
        self.pending: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        self.handler: Callable[[dict[str, Any]], None] | None = None

    def send(self, data: dict[str, Any] | None = None, metadata: Any = None, buffers: Any = None) -> None:
        if data and data.get("method") == "update":
            clean = {k: v for k, v in data.get("state", {}).items() if not k.startswith("_")}
            with self.lock:
                self.pending.append(json.loads(json.dumps(clean, default=str)))

    def on_msg(self, callback: Callable[[dict[str, Any]], None]) -> None:
        self.handler = callback

    def on_close(self, callback: Any) -> None:
        pass

    def close(self, *args: Any, **kwargs: Any) -> None:
        pass

    def deliver(self, data: dict[str, Any]) -> None:
        if self.handler is not None:
            self.handler({"content": {"data": data}, "buffers": []})

    def pull(self) -> list[dict[str, Any]]:
        with self.lock:
            out, self.pending = self.pending, []
        return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def bare_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A static web server on 127.0.0.1: the bundles under /static/, bare pages at the root."""
    root = tmp_path_factory.mktemp("bare")
    (root / "static").symlink_to(STATIC, target_is_directory=True)
    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", root
    finally:
        server.shutdown()
        server.server_close()


class Bare:
    """Opens widgets in bare pages (see BARE_HTML)."""

    def __init__(self, server: tuple[str, Path], new_page: Callable[..., Any]) -> None:
        self.url, self.root = server
        self.new_page = new_page

    def open(self, widget: Any, bundle: str = "table", page: Any = None, title: str = "spite-widget") -> Any:
        """Render `widget` (its `bundle`.js and .css from spite_widget/static) in a new bare page
        (or in `page`, made with `new_page`, for a phone or a colour scheme); returns the page."""
        if not (STATIC / f"{bundle}.js").is_file():
            pytest.fail(f"spite_widget/static/{bundle}.js is missing: run `npm run build`")
        pg = page if page is not None else self.new_page()
        comm = BridgeComm()
        widget.comm = comm
        name = f"bare-{comm.comm_id}.html"
        html = (
            BARE_HTML.replace("__BUNDLE__", bundle)
            .replace("__TITLE__", title)
            .replace("__STATE__", json.dumps(widget_state(widget), default=str))
        )
        (self.root / name).write_text(html)
        pg.expose_function("swMessage", comm.deliver)
        pg.expose_function("swPull", comm.pull)
        pg.goto(f"{self.url}/{name}")
        pg.wait_for_function("() => window.__swReady === true")
        pg.bridge = comm
        return pg


@pytest.fixture
def bare(bare_server: tuple[str, Path], new_page: Callable[..., Any]) -> Bare:
    """`bare.open(widget)`: the widget in a bare HTML page, its real Python behind it."""
    if chromium_path() is None:
        _no_browser("Chromium is not installed (apt-get install chromium)")
    return Bare(bare_server, new_page)


def quick_deck() -> list[str]:
    """A deal that ends quickly (the one tests/browser/test_table.py builds in its notebook).

    Player 0's pay-off pile, top first, is A..Q then A..8; their hand is 2..6. The
    computer's visible cards are all 9..Q and its Kings are buried, so all it can do is put
    a hand card on a side stack.
    """
    pool = [r + s for r in "A23456789TJQK" for s in "cdhs"] * 2

    def take(rank: str) -> str:
        for i, c in enumerate(pool):
            if c[0] == rank:
                return pool.pop(i)
        raise ValueError(rank)

    payoff0 = [take(r) for r in "A23456789TJQ" + "A2345678"][::-1]
    payoff1 = [take("K") for _ in range(8)] + [take(r) for r in "TJQ9TJQ9TJQ9"]
    hand0 = [take(r) for r in "23456"]
    hand1 = [take(r) for r in "9TJQ9"]
    return payoff0 + payoff1 + hand0 + hand1 + pool


QUICK_DECK_SOURCE = (
    "def quick_deck():\n"
    "    pool = [r + s for r in 'A23456789TJQK' for s in 'cdhs'] * 2\n"
    "    def take(rank):\n"
    "        for i, c in enumerate(pool):\n"
    "            if c[0] == rank:\n"
    "                return pool.pop(i)\n"
    "        raise ValueError(rank)\n"
    "    payoff0 = [take(r) for r in 'A23456789TJQ' + 'A2345678'][::-1]\n"
    "    payoff1 = [take('K') for _ in range(8)] + [take(r) for r in 'TJQ9TJQ9TJQ9']\n"
    "    hand0 = [take(r) for r in '23456']\n"
    "    hand1 = [take(r) for r in '9TJQ9']\n"
    "    return payoff0 + payoff1 + hand0 + hand1 + pool\n"
)
"""`quick_deck` as source, for notebooks (Jupyter cells, marimo apps) to define it."""


def busy_table(seed: int = 11, moves: int = 22) -> Any:
    """A SpiteWidget some moves into a game (side stacks fanned, center stacks started):
    the table the screenshots show."""
    import random

    from spite_widget import SpiteWidget

    w = SpiteWidget(opponent="random", seed=seed, opponent_delay=0)
    pick = random.Random(4)
    for _ in range(moves):
        if w.game.is_over:
            break
        legal = w.game.legal_moves()
        center = [m for m in legal if m.to_center]
        w.play(center[0] if center else pick.choice(legal))
    return w


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots go (test-artifacts/, ignored by git)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


__all__ = [
    "QUICK_DECK_SOURCE",
    "Bare",
    "BridgeComm",
    "Lab",
    "MarimoServer",
    "Notebook",
    "busy_table",
    "chromium_path",
    "quick_deck",
    "widget_state",
]
