"""What the three widgets do alike: the browser may change none of their traits, every
message is checked before it is read, and every answer goes to the status line."""

from __future__ import annotations

import difflib
import functools
import inspect
import os
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar, Final, Generic, TypeVar, cast

import anywidget
import traitlets
from ipywidgets.widgets.widget import CallbackDispatcher

from ..engine.i18n import N_, _, check_language, get_language, language
from .protocol import ProtocolError
from .strings import strings

_UNCHANGEABLE = {
    "table": N_("The table cannot be changed from the browser ({keys})."),
    "lesson": N_("The lesson cannot be changed from the browser ({keys})."),
    "replay": N_("The replay cannot be changed from the browser ({keys})."),
    "widget": N_("The widget cannot be changed from the browser ({keys})."),
}
_NOT_UNDERSTOOD = {
    "table": N_("Ignored a message the table does not understand: {error}."),
    "lesson": N_("Ignored a message the lesson does not understand: {error}."),
    "replay": N_("Ignored a message the replay does not understand: {error}."),
    "widget": N_("Ignored a message the widget does not understand: {error}."),
}

WIDGET_KEYS = frozenset({"layout", "tabbable", "tooltip", "_dom_classes"})
"""ipywidgets' own traits, which a front end may set; every other trait is Python's alone."""

STATIC: Final = Path(__file__).resolve().parent.parent / "static"
"""The built front end (`npm run build`)."""


def front_end(name: str) -> str | Path:
    """A widget's built module or stylesheet, as its `_esm` or `_css`: its text, unless live
    reload is asked for (`ANYWIDGET_HMR=1`, then the path anywidget watches). Given a path,
    anywidget ties every widget made to the file's change signal, so none was ever freed:
    a closed table kept its game and bots until the kernel restarted (manzt/anywidget#929)."""
    path = STATIC / name
    return path if os.environ.get("ANYWIDGET_HMR") == "1" else path.read_text(encoding="utf-8")


Kind = TypeVar("Kind", bound=str)
_F = TypeVar("_F", bound=Callable[..., Any])
"""The widget's status kinds (each widget's own Literal; all of them have "error")."""


def _refuse_unknown(cls: type, kwargs: Mapping[str, Any]) -> None:
    """A keyword that is neither an argument nor a trait is a TypeError, as for any function:
    traitlets would take `language="es"` or `oponent="expert"` with a warning a notebook does
    not show, and the table would quietly stay in English or play the default bot."""
    traits = set(cls.class_trait_names()) if issubclass(cls, traitlets.HasTraits) else set()
    unknown = sorted(k for k in kwargs if k not in traits)
    if not unknown:
        return
    params = [
        name
        for name, p in inspect.signature(cls.__init__).parameters.items()  # type: ignore[misc]
        if name != "self" and p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)
    ]
    key = unknown[0]
    close = difflib.get_close_matches(key, params, n=1, cutoff=0.6)
    hint = f": did you mean {close[0]}=?" if close else f"; its arguments are {', '.join(params)}"
    raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {key!r}{hint}")


class PythonOwnedWidget(anywidget.AnyWidget, Generic[Kind]):
    """A widget whose state lives in Python: the browser sends messages, never trait changes."""

    owner: ClassVar[str] = "widget"
    """What the status line calls the widget ("table", "lesson", "replay")."""

    message_handlers: ClassVar[Mapping[str, str]] = {}
    """The one table of the browser's messages: message "type" -> the name of the method that
    acts on it (called with the checked message, under the lock)."""

    errors: list[str]
    """Problems met outside any call of yours; each is also shown in the status line."""

    lang = traitlets.Unicode("en").tag(sync=True)
    """The language the widget speaks ("en", "es", "pt"); the front end puts it on the
    widget's root (`lang="es"`) so screen readers pronounce it. Set it from Python
    (`w.lang = "pt"`): every word is said again in the new language."""
    strings = traitlets.Dict().tag(sync=True)
    """Every label the front end shows by itself (buttons, captions, aria-labels), in `lang`
    (widgets/strings.py): the browser holds no word of its own."""

    def __init__(self, lang: str | None = None, **kwargs: Any) -> None:
        _refuse_unknown(type(self), kwargs)
        chosen = check_language(lang) if lang is not None else get_language()
        self._lock = threading.RLock()
        """Taken by every change (a widget's own thread may change it too)."""
        super().__init__(lang=chosen, **kwargs)
        with language(chosen):
            self.strings = strings()
        self._seq = 0
        self._status_id = 0
        self.on_msg(self._on_browser_message)

    @traitlets.validate("lang")
    def _check_lang(self, proposal: Any) -> str:
        """Only a language spoken here; anything else is a clear ValueError and changes nothing."""
        return check_language(proposal["value"])

    @traitlets.observe("lang")
    def _lang_changed(self, change: Any) -> None:
        if not hasattr(self, "_status_id"):  # the first value, set before the widget is built
            return
        with self._speaking(), self.hold_sync():
            self.strings = strings()
            self._speak_again()

    def _speak_again(self) -> None:
        """Say everything again in the new `lang` (each widget: its table, its status line)."""

    @contextmanager
    def _speaking(self) -> Iterator[None]:
        """The widget's lock, and its language in force: every sentence made inside is in `lang`."""
        with self._lock, language(self.lang):
            yield

    def _parse(self, content: object) -> Any:
        """The message checked field by field (ProtocolError says what is wrong)."""
        raise NotImplementedError

    def _dispatch(self, msg: Any) -> None:
        """Act on a checked message (under the lock): the method `message_handlers` names."""
        getattr(self, self.message_handlers[msg["type"]])(msg)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A trait change from the browser: only ipywidgets' own traits, with values they take
        (a bad one changes none of them: traitlets rolls the update back); the rest is Python's.
        Whatever is refused is said and sent back as it stands."""
        not_understood = _NOT_UNDERSTOOD.get(
            self.owner, _NOT_UNDERSTOOD["widget"]
        )  # said in _speaking's language
        if not isinstance(sync_data, dict):
            with self._speaking():
                error = f"a state update must be an object, not {type(sync_data).__name__}"
                self._say(_(not_understood).format(error=error), cast(Kind, "error"))
            return
        allowed = {k: v for k, v in sync_data.items() if k in WIDGET_KEYS}
        refused = sorted(str(k) for k in sync_data if k not in WIDGET_KEYS)
        bad: Exception | None = None
        if allowed:
            try:
                super().set_state(allowed)
            except Exception as e:  # a TraitError, or ipywidgets' own deserializer failing
                bad = e
        if not (refused or bad):
            return
        with self._speaking():
            back = [k for k in refused if k in self.keys]
            if bad is not None:
                keys = ", ".join(sorted(allowed))
                self.errors.append(f"the browser set {keys}: {bad!r}")
                back += [k for k in allowed if k in self.keys]
            self.send_state(back)
            if refused:
                said = _(_UNCHANGEABLE.get(self.owner, _UNCHANGEABLE["widget"])).format(
                    keys=", ".join(refused)
                )
            else:
                said = _(not_understood).format(error=f"a value the widget does not take for {keys}")
            self._say(said, cast(Kind, "error"))

    def _on_browser_message(self, widget: Any, content: Any, buffers: Any) -> None:
        """Every message from the browser (registered with ipywidgets' `on_msg`); a bad one
        changes nothing and is answered in the status line."""
        try:
            msg = self._parse(content)
        except ProtocolError as e:
            with self._speaking():
                self._say(
                    _(_NOT_UNDERSTOOD.get(self.owner, _NOT_UNDERSTOOD["widget"])).format(error=e),
                    cast(Kind, "error"),
                )
            return
        with self._speaking():
            try:
                self._dispatch(msg)
            except Exception as e:  # a bug must not break the widget: say it and go on
                self.errors.append(repr(e))
                self._say(
                    _("Something went wrong, nothing was changed: {error}").format(error=e),
                    cast(Kind, "error"),
                )

    def _register(
        self, dispatcher: CallbackDispatcher, callback: Callable[..., object], remove: bool, what: str
    ) -> None:
        """(Un)register a user's `callback` (`what`: "on_move") in ipywidgets' `dispatcher`,
        which would log a failure and go on: here a failure is also kept in `errors` and said
        in the status line."""
        dispatcher.register_callback(_Reported(callback, self, what), remove=remove)

    def _say(self, text: str, kind: Kind, words: str | None = None, quiet: bool = False) -> None:
        """Tell the user `text`; `words` is the same with cards named in words (for screen
        readers); `quiet`: shown but not read aloud (the table's `Status.quiet`)."""
        self._status_id += 1
        status: dict[str, Any] = {"text": text, "kind": kind, "id": self._status_id}
        if words is not None:
            status["words"] = words
        if quiet:
            status["quiet"] = True
        self.status = status


def speaking(method: _F) -> _F:
    """A widget's public method that speaks: it runs under the widget's lock and language."""

    @functools.wraps(method)
    def inner(self: PythonOwnedWidget[Any], *args: Any, **kwargs: Any) -> Any:
        with self._speaking():
            return method(self, *args, **kwargs)

    return cast(_F, inner)


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
            with language(self.widget.lang):
                self.widget._say(
                    _("An {what} callback failed: {error}").format(what=self.what, error=repr(e)), "error"
                )
            return None

    def __eq__(self, other: object) -> bool:
        return self.callback == (other.callback if isinstance(other, _Reported) else other)

    def __hash__(self) -> int:
        return hash(self.callback)
