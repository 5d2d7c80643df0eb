"""The built packages install and work without Node.js (issues 10 and 11).

One test, as it is slow (about a minute: the packages are built once, then each is installed
into a fresh virtual environment): `python -m build` makes the sdist and the wheel; each is
installed with `pip` into its own new venv whose PATH has no `node` and no `npm`; there the
three widgets are imported and rendered (their bundles read, their state and view made).
Both packages carry the MIT LICENSE. Needs the bundles built (`npm run build`) and the
package index (pip fetches the dependencies and, for the sdist, the build backend).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUNDLES = ("table.js", "replay.js", "lesson.js")

RENDER = """
import shutil, sys
assert shutil.which("npm") is None and shutil.which("node") is None, "node is on PATH"
import spite_widget
from spite_widget import LessonWidget, ReplayWidget, SpiteWidget
assert "site-packages" in spite_widget.__file__, spite_widget.__file__
table = SpiteWidget(opponent="random", seed=1, opponent_delay=0)
table.play(table.legal[0])
for w in (table, ReplayWidget(table.game), LessonWidget()):
    state = w.get_state()
    assert "as default" in state["_esm"] and "function render" in state["_esm"], type(w).__name__
    assert ".sw-root" in state["_css"], type(w).__name__
    view = w._repr_mimebundle_()
    data = view[0] if isinstance(view, tuple) else view  # ipywidgets: (data, metadata)
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id
print("rendered", spite_widget.__file__)
"""


def _without_node() -> str:
    """PATH without any folder that holds node or npm."""
    keep = [
        d
        for d in os.environ.get("PATH", "").split(os.pathsep)
        if d and not any((Path(d) / exe).exists() for exe in ("node", "npm"))
    ]
    return os.pathsep.join(keep)


def _run(args: list[str], **kwargs: object) -> str:
    done = subprocess.run(args, capture_output=True, text=True, timeout=900, **kwargs)  # type: ignore[call-overload]
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
    return str(done.stdout)


def test_the_sdist_and_the_wheel_install_and_render_without_node(tmp_path: Path) -> None:
    missing = [b for b in BUNDLES if not (ROOT / "spite_widget" / "static" / b).is_file()]
    if missing:
        pytest.fail(f"spite_widget/static/ lacks {missing}: run `npm run build` first")
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", str(dist), str(ROOT)])
    (sdist,) = dist.glob("spite_widget-*.tar.gz")
    (wheel,) = dist.glob("spite_widget-*.whl")

    with tarfile.open(sdist) as tar:
        names = tar.getnames()
    top = names[0].split("/")[0]
    assert f"{top}/LICENSE" in names
    assert all(f"{top}/spite_widget/static/{b}" in names for b in BUNDLES)
    with zipfile.ZipFile(wheel) as whl:
        names = whl.namelist()
    assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith(".dist-info/LICENSE") for n in names)
    assert all(f"spite_widget/static/{b}" in names for b in BUNDLES)

    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["PATH"] = _without_node()
    assert shutil.which("npm", path=env["PATH"]) is None
    for package in (sdist, wheel):
        target = tmp_path / f"venv-{package.suffix.strip('.')}"
        venv.create(target, with_pip=True)
        python = str(target / "bin" / "python")
        _run([python, "-m", "pip", "install", "-q", str(package)], env=env, cwd=tmp_path)
        out = _run([python, "-c", RENDER], env=env, cwd=tmp_path)
        assert f"rendered {target}" in out, out
