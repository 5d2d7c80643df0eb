"""Helpers for driving a widget the way the browser does: messages and trait changes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from spite_widget.widgets.base import PythonOwnedWidget
from spite_widget.widgets.table import SpiteWidget


class FrontEnd:
    """Imitates the browser of a table or a lesson: sends custom messages quoting the table's
    current seq, records what Python sends."""

    def __init__(self, widget: PythonOwnedWidget[Any]) -> None:
        self.w = widget
        self.sent: list[dict[str, Any]] = []
        widget._send = self._record  # what would go over the comm

    def _record(self, msg: dict[str, Any], buffers: Any = None) -> None:
        self.sent.append(json.loads(json.dumps(msg)))

    @property
    def seq(self) -> int:
        return int(self.w.table["seq"])

    def send(self, content: Any) -> None:
        self.w._handle_custom_msg(content, [])

    def move(self, move: str, seq: int | None = None) -> None:
        self.send({"type": "move", "move": move, "seq": self.seq if seq is None else seq})

    def press(self, action: str) -> None:
        self.send({"type": action, "seq": self.seq})

    @property
    def status(self) -> str:
        return str(self.w.status["text"])

    @property
    def kind(self) -> str:
        return str(self.w.status["kind"])


@pytest.fixture
def front() -> Iterator[FrontEnd]:
    w = SpiteWidget(opponent="random", seed=3, opponent_delay=0)
    yield FrontEnd(w)
    w.close()
