"""Static pictures of the table: self-contained SVG for notebooks, GitHub and static sites.

`GameState._repr_svg_` and `PlayerView._repr_svg_` (and so `Game`) call `table_svg`, so a
position shows itself in a notebook output without the widget.
"""

from __future__ import annotations

from .cards import CARD_H, CARD_W, card_svg
from .table import table_svg

__all__ = ["CARD_H", "CARD_W", "card_svg", "table_svg"]
