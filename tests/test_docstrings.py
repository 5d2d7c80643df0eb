"""Docstrings that sat under the wrong name or left things out."""

from __future__ import annotations

import ast
import inspect
import itertools
from pathlib import Path

import pytest

import spite_widget

ROOT = Path(spite_widget.__file__).parent


def attribute_docs(path: Path) -> dict[str, str]:
    """Module-level name -> the string literal right below its assignment."""
    body = ast.parse(path.read_text(encoding="utf-8")).body
    out = {}
    for node, after in itertools.pairwise(body):
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        if (
            isinstance(target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            out[target.id] = after.value.value
    return out


@pytest.mark.parametrize(
    ("module", "name", "says"),
    [
        ("env/encoding.py", "N_ACTIONS", "action space"),
        ("env/encoding.py", "_SIDE_BLOCK", "side stack"),
        ("engine/records.py", "NOTE_KEYS", "move entry may carry"),
        ("engine/records.py", "MAX_LINE_DEPTH", "side lines may nest"),
    ],
)
def test_each_constant_has_its_own_docstring(module: str, name: str, says: str) -> None:
    docs = attribute_docs(ROOT / module)
    assert says in docs.get(name, ""), (name, docs.get(name))


def test_no_docstring_is_left_floating() -> None:
    """Two string literals in a row at module level: the second documents nothing."""
    for module in ("env/encoding.py", "engine/records.py"):
        body = ast.parse((ROOT / module).read_text(encoding="utf-8")).body
        for a, b in itertools.pairwise(body):
            both = all(isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant) for n in (a, b))
            assert not both, f"{module} line {b.lineno}"


def test_spite_env_names_every_level_and_says_what_step_returns() -> None:
    pytest.importorskip("gymnasium")
    from spite_widget.bots import BOT_NAMES, EXTRA_BOTS
    from spite_widget.env import SpiteEnv

    doc = " ".join((SpiteEnv.__doc__ or "").split())
    for level in (*BOT_NAMES, *EXTRA_BOTS):
        assert f'"{level}"' in doc, level
    step = " ".join(inspect.getdoc(SpiteEnv.step).split()) if SpiteEnv.step.__doc__ else ""
    assert '"illegal"' in step and '"result"' in step and "info" in step
