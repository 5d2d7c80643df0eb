"""What the three widgets do alike (`widgets/base.py`): the same refusals, in the same words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from spite_widget import LessonWidget, SpiteWidget
from spite_widget.widgets.base import PythonOwnedWidget
from spite_widget.widgets.replay import ReplayWidget

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"

WIDGETS: dict[str, Callable[[], PythonOwnedWidget[str]]] = {
    "table": lambda: SpiteWidget(opponent="random", seed=3, opponent_delay=0),
    "lesson": lambda: LessonWidget("build-from-ace"),
    "replay": lambda: ReplayWidget(SAMPLE),
}


@pytest.mark.parametrize("owner", WIDGETS)
def test_a_trait_set_in_the_browser_is_refused_in_a_sentence(owner: str) -> None:
    w = WIDGETS[owner]()
    table = w.table
    w.set_state({"table": {}, "layout": w.layout})
    assert w.table == table
    assert w.status["kind"] == "error"
    assert w.status["text"] == f"The {owner} cannot be changed from the browser (table)."
    w.close()


@pytest.mark.parametrize("owner", WIDGETS)
def test_a_bad_value_for_an_ipywidgets_trait_is_said_and_the_rest_still_refused(owner: str) -> None:
    """`{"tooltip": 5, "table": {...}}` from the browser: ipywidgets' TraitError for the tooltip
    came first, only logged, so the table's refusal was never said nor the table sent back."""
    w = WIDGETS[owner]()
    sent: list[dict[str, object]] = []
    w._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    table, tooltip = w.table, w.tooltip
    w.set_state({"tooltip": 5, "table": {"seq": 99}})
    assert w.table == table and w.tooltip == tooltip
    assert w.status["kind"] == "error" and "(table)" in w.status["text"], w.status
    assert any("table" in m.get("state", {}) for m in sent), sent  # the browser's table put back
    assert any("tooltip" in m.get("state", {}) for m in sent), sent  # and its tooltip
    assert w.errors and "tooltip" in w.errors[-1]
    for state in ([1, 2], "x"):
        said = w.status["id"]
        w.set_state(state)  # type: ignore[arg-type]
        assert w.status["id"] != said and w.status["kind"] == "error" and w.table == table
        assert "a state update must be an object" in w.status["text"], w.status
    # in the widget's language, as every answer to the browser
    w.lang = "es"
    w.set_state({"tooltip": 5})
    assert w.status["text"].startswith("Se ignoró un mensaje"), w.status
    w.close()


@pytest.mark.parametrize("owner", WIDGETS)
def test_a_message_not_understood_is_answered_in_a_sentence(owner: str) -> None:
    w = WIDGETS[owner]()
    w._handle_custom_msg({"type": "explode", "seq": 0}, [])
    text = w.status["text"]
    assert w.status["kind"] == "error" and text.endswith(".")
    assert text.startswith(
        f"Ignored a message the {owner} does not understand: unknown message type 'explode'"
    )
    w.close()


@pytest.mark.parametrize("owner", WIDGETS)
def test_a_bug_while_answering_is_said_and_kept(owner: str, monkeypatch: pytest.MonkeyPatch) -> None:
    w = WIDGETS[owner]()

    def boom(msg: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(w, "_dispatch", boom)
    w._handle_custom_msg({"type": "review" if owner == "replay" else "hint", "seq": 0}, [])
    assert w.status == {
        **w.status,
        "kind": "error",
        "text": "Something went wrong, nothing was changed: boom",
    }
    assert w.errors == ["RuntimeError('boom')"]
    w.close()


@pytest.mark.parametrize("owner", WIDGETS)
def test_an_unknown_keyword_is_a_type_error_naming_the_right_one(owner: str) -> None:
    """`language="es"` (the argument is `lang`) used to give an English widget with a warning a
    notebook does not show; `oponent="expert"` quietly gave the default bot."""
    make: Callable[..., PythonOwnedWidget[str]] = {
        "table": lambda **kw: SpiteWidget(opponent="random", seed=3, opponent_delay=0, **kw),
        "lesson": lambda **kw: LessonWidget("build-from-ace", **kw),
        "replay": lambda **kw: ReplayWidget(SAMPLE, **kw),
    }[owner]
    with pytest.raises(TypeError, match=r"unexpected keyword argument 'language': did you mean lang=\?"):
        make(language="es")
    with pytest.raises(TypeError, match=r"unexpected keyword argument 'colour'; its arguments are .*lang"):
        make(colour="red")
    assert make(lang="es").lang == "es"  # the real argument, and ipywidgets' own traits, still work
    assert make(layout={"width": "500px"}).layout.width == "500px"


def test_a_misspelt_opponent_is_refused_not_replaced_by_the_default_bot() -> None:
    with pytest.raises(TypeError, match=r"'oponent': did you mean opponent=\?"):
        SpiteWidget(oponent="expert")
