"""Rendering for the environments: the text view, or the SVG table in a notebook."""

from __future__ import annotations

from typing import Any

from ..engine.state import PlayerView


def in_notebook() -> bool:
    """True inside a Jupyter kernel (where an SVG output shows as a picture)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the widget's dependencies
        return False
    shell = get_ipython()
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


class Renderer:
    """Shows one player's view: a single SVG output updated in place in a notebook, the
    text view printed elsewhere."""

    def __init__(self) -> None:
        self._handle: Any = None

    def reset(self) -> None:
        """Start a new picture at the next `show` (a new game)."""
        self._handle = None

    def text(self, view: PlayerView) -> str:
        return view.to_text()

    def show(self, view: PlayerView) -> None:
        if not in_notebook():
            print(view.to_text(), end="\n\n")
            return
        from IPython.display import SVG, display

        from ..render import table_svg

        picture = SVG(table_svg(view))  # type: ignore[no-untyped-call]
        if self._handle is None:
            self._handle = display(picture, display_id=True)  # type: ignore[no-untyped-call]
        else:
            self._handle.update(picture)
