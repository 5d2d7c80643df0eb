"""What the three widgets do alike: the browser may change none of their traits, every
message is checked before it is read, and every answer goes to the status line."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, TypeVar, cast

import anywidget
from ipywidgets.widgets.widget import CallbackDispatcher

from .protocol import ProtocolError

WIDGET_KEYS = frozenset({"layout", "tabbable", "tooltip", "_dom_classes"})
"""ipywidgets' own traits, which a front end may set; every other trait is Python's alone."""

Kind = TypeVar("Kind", bound=str)
"""The widget's status kinds (each widget's own Literal; all of them have "error")."""


class PythonOwnedWidget(anywidget.AnyWidget, Generic[Kind]):
    """A widget whose state lives in Python: the browser sends messages, never trait changes."""

    owner: ClassVar[str] = "widget"
    """What the status line calls the widget ("table", "lesson", "replay")."""

    message_handlers: ClassVar[Mapping[str, str]] = {}
    """The one table of the browser's messages: message "type" -> the name of the method that
    acts on it (called with the checked message, under the lock)."""

    errors: list[str]
    """Problems met outside any call of yours; each is also shown in the status line."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._lock = threading.RLock()
        """Taken by every change (a widget's own thread may change it too)."""
        self._seq = 0
        self._status_id = 0
        self.on_msg(self._on_browser_message)

    def _parse(self, content: object) -> Any:
        """The message checked field by field (ProtocolError says what is wrong)."""
        raise NotImplementedError

    def _dispatch(self, msg: Any) -> None:
        """Act on a checked message (under the lock): the method `message_handlers` names."""
        getattr(self, self.message_handlers[msg["type"]])(msg)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A trait change from the browser: only ipywidgets' own traits; the rest is Python's."""
        allowed = {k: v for k, v in sync_data.items() if k in WIDGET_KEYS}
        refused = sorted(str(k) for k in sync_data if k not in WIDGET_KEYS)
        if allowed:
            super().set_state(allowed)
        if refused:
            with self._lock:
                self.send_state([k for k in refused if k in self.keys])
                self._say(
                    f"The {self.owner} cannot be changed from the browser ({', '.join(refused)}).",
                    cast(Kind, "error"),
                )

    def _on_browser_message(self, widget: Any, content: Any, buffers: Any) -> None:
        """Every message from the browser (registered with ipywidgets' `on_msg`); a bad one
        changes nothing and is answered in the status line."""
        try:
            msg = self._parse(content)
        except ProtocolError as e:
            with self._lock:
                self._say(
                    f"Ignored a message the {self.owner} does not understand: {e}.", cast(Kind, "error")
                )
            return
        with self._lock:
            try:
                self._dispatch(msg)
            except Exception as e:  # a bug must not break the widget: say it and go on
                self.errors.append(repr(e))
                self._say(f"Something went wrong, nothing was changed: {e}", cast(Kind, "error"))

    def _register(
        self, dispatcher: CallbackDispatcher, callback: Callable[..., object], remove: bool, what: str
    ) -> None:
        """(Un)register a user's `callback` (`what`: "on_move") in ipywidgets' `dispatcher`,
        which would log a failure and go on: here a failure is also kept in `errors` and said
        in the status line."""
        dispatcher.register_callback(_Reported(callback, self, what), remove=remove)

    def _say(self, text: str, kind: Kind, words: str | None = None) -> None:
        """Tell the user `text`; `words` is the same with cards named in words (for screen readers)."""
        self._status_id += 1
        status: dict[str, Any] = {"text": text, "kind": kind, "id": self._status_id}
        if words is not None:
            status["words"] = words
        self.status = status


class _Reported:
    """A user's callback as a widget's CallbackDispatcher holds it: a failure is reported
    (`errors`, the status line) instead of only logged. Equal to the callback it wraps, so
    `remove=True` with the same callback finds it."""

    def __init__(self, callback: Callable[..., object], widget: PythonOwnedWidget[Any], what: str) -> None:
        self.callback = callback
        self.widget = widget
        self.what = what

    def __call__(self, *args: Any) -> object:
        try:
            return self.callback(*args)
        except Exception as e:
            self.widget.errors.append(f"{self.what} callback {self.callback!r} raised {e!r}")
            self.widget._say(f"An {self.what} callback failed: {e!r}", "error")
            return None

    def __eq__(self, other: object) -> bool:
        return self.callback == (other.callback if isinstance(other, _Reported) else other)

    def __hash__(self) -> int:
        return hash(self.callback)
