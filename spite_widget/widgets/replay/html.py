"""The replay as one self-contained HTML page (`ReplayWidget.to_html`): every position of
every line computed here, seen from above, and the replay's own bundle inlined, so that the
page steps through the game, its side lines and comments in a browser without a kernel."""

from __future__ import annotations

import base64
import html
import json
from typing import Any

from ...engine.i18n import get_language, pgettext
from ...engine.replay import Replay
from ..base import STATIC
from .protocol import LineAddress, MoveEntry
from .strings import replay_strings
from .views import (
    annotation_at,
    evals,
    game_info,
    move_tree,
    position_text,
    review_rows,
    side_line_chances,
    table_from_above,
)


def _lines(entries: list[MoveEntry]) -> list[LineAddress]:
    """The address of every side line in a move tree, outer lines first."""
    out: list[LineAddress] = []
    for e in entries:
        for side in e.get("lines", []):
            if side:
                out.append(side[0]["line"])
                out += _lines(side)
    return out


def standalone_data(record: dict[str, Any], *, game: int = 0) -> dict[str, Any]:
    """Everything the exported page shows, precomputed, seen from above: the table payloads
    (public information only: never the stock order nor the pay-off pile below its top) and
    the notes of every ply of the main line and of every side line, the move trees, the
    evaluations and the review's summary of every game of the record, and the labels
    (`strings`), all in the language in force. A side line's `tables[k]` is the position
    after its move k + 1 (the positions before it are its parent's), and `chances[k]` the
    expert's chances after that move, as the widget adds them to the status. `deal` is the status
    line at the deal while following that line, worded as the widget words it."""

    r = Replay(record)
    games = []
    for index in range(len(r.games)):
        r.select_game(index)
        tables, notes = [], []
        for ply in range(len(r) + 1):
            r.seek(ply)
            tables.append(table_from_above(r, ply))
            notes.append(annotation_at(r))
        tree = move_tree(r.game)
        lines: dict[str, dict[str, list[Any]]] = {}
        for address in _lines(tree):
            r.goto(address, 0)
            start = sum(b - 1 for b, _ in address)
            shown: dict[str, Any] = {"tables": [], "notes": [], "chances": [], "deal": position_text(r, None)}
            for ply in range(start + 1, len(r) + 1):
                r.goto(address, ply)
                shown["tables"].append(table_from_above(r, ply))
                shown["notes"].append(annotation_at(r))
                shown["chances"].append(side_line_chances(r))  # as the widget says them after the move
            lines[json.dumps(address, separators=(",", ":"))] = shown
        r.goto([], 0)
        games.append(
            {
                "deal": position_text(r, None),
                "tables": tables,
                "notes": notes,
                "lines": lines,
                "moves": tree,
                "evals": evals(r.game),
                "summary": review_rows(r.game),
                "info": game_info(r, editable=False, review=False),
            }
        )
    return {"version": 1, "game": game, "games": games, "lang": get_language(), "strings": replay_strings()}


def standalone_html(data: dict[str, Any], title: str) -> str:
    """One HTML page: the replay bundle and its CSS inlined, the data as JSON, a tiny model."""
    bundle = (STATIC / "replay.js").read_bytes()
    css = (STATIC / "replay.css").read_text(encoding="utf-8")
    code = base64.b64encode(bundle).decode("ascii")
    payload = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        payload = payload.replace(char, escaped)  # nothing in the data can end or open a tag
    lang = data.get("lang", "en")
    return _PAGE.format(
        lang=lang if lang in ("en", "es", "pt") else "en",
        label=html.escape(pgettext("aria-label", "Spite and Malice replay")),
        noscript=html.escape(pgettext("page", "This replay needs JavaScript.")),
        title=html.escape(title),
        css=css.replace("</style", "<\\/style"),
        data=payload,
        code=code,
    )


_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="spite-widget">
<title>{title}</title>
<style>
body {{ margin: 0; padding: 24px; background: #f4f5f2; }}
@media (prefers-color-scheme: dark) {{ body {{ background: #1b1d1f; }} }}
main {{ max-width: 1000px; margin: 0 auto; }}
{css}
</style>
</head>
<body>
<main id="spite-replay" aria-label="{label}"></main>
<noscript>{noscript}</noscript>
<script type="application/json" id="spite-replay-data">{data}</script>
<script type="module">
const code = "{code}";
const mod = await import("data:text/javascript;charset=utf-8;base64," + code);
const data = JSON.parse(document.getElementById("spite-replay-data").textContent);
mod.mountStandalone(document.getElementById("spite-replay"), data);
</script>
</body>
</html>
"""

__all__ = ["standalone_data", "standalone_html"]
