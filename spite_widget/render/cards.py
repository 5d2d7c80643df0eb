"""Single cards as SVG fragments: faces, backs and empty places.

Everything is drawn with plain shapes and generic font families (suits are paths, not
font glyphs), so a picture needs no external font, stylesheet or script and looks the same
on GitHub, a static site or in JupyterLab. No `id`s are used, so any number of pictures can
share one HTML page.
"""

from __future__ import annotations

from html import escape
from typing import Final

from ..engine.cards import RANK_SHOW, Card
from ..engine.i18n import _

CARD_W: Final = 64
"""Card width in SVG units (pixels at 100%)."""
CARD_H: Final = 90
"""Card height in SVG units."""
RADIUS: Final = 6
FONT: Final = "Helvetica, Arial, 'Liberation Sans', sans-serif"
RED: Final = "#c62828"
BLACK: Final = "#1b1b1b"

# Suit shapes in a 100 x 100 box: paths, so no font needs to carry the suit symbols.
_SUIT_PATHS: Final = {
    "h": "M50 92C50 92 4 62 4 32C4 14 18 5 31 5C41 5 48 11 50 20C52 11 59 5 69 5"
    "C82 5 96 14 96 32C96 62 50 92 50 92Z",
    "d": "M50 2L88 50L50 98L12 50Z",
    "s": "M50 4C50 4 94 38 94 62C94 78 82 86 70 86C61 86 55 81 53 75L60 96H40L47 75"
    "C45 81 39 86 30 86C18 86 6 78 6 62C6 38 50 4 50 4Z",
    "c": "M50 6A21 21 0 0 1 68 38A21 21 0 1 1 56 72L62 96H38L44 72A21 21 0 1 1 32 38A21 21 0 0 1 50 6Z",
}


def suit_path(suit: str, x: float, y: float, size: float, fill: str) -> str:
    """A suit symbol `size` units square with its top-left corner at (x, y)."""
    s = size / 100
    return f'<path d="{_SUIT_PATHS[suit]}" fill="{fill}" transform="translate({x:g} {y:g}) scale({s:.4g})"/>'


def card_color(card: Card) -> str:
    return RED if card.is_red else BLACK


def face(card: Card, x: float, y: float, *, highlight: bool = False, note: str = "") -> str:
    """A face-up card whose top strip (rank and suit, both corners) stays readable when fanned.

    Carries `data-card` and an `aria-label` in words, like the widget's DOM; `note` is a
    small caption drawn on the card (a King's "= 7").
    """
    color = card_color(card)
    rank = RANK_SHOW[card[0]]
    words = card.words
    stroke = "#f9a825" if highlight else "#9e9e9e"
    width = 3 if highlight else 1
    rank_w = 17 if len(rank) == 2 else 10
    parts = [
        f'<g data-card="{card}" aria-label="{words}" role="img" transform="translate({x:g} {y:g})">',
        f"<title>{words}</title>",
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="{RADIUS}" fill="#fffdf7" '
        f'stroke="{stroke}" stroke-width="{width}"/>',
        f'<text x="4" y="16" font-family="{FONT}" font-size="15" font-weight="bold" fill="{color}">'
        f"{rank}</text>",
        suit_path(card[1], 5 + rank_w, 5, 11, color),
        f'<text x="{CARD_W - 4}" y="16" text-anchor="end" font-family="{FONT}" font-size="15" '
        f'font-weight="bold" fill="{color}">{rank}</text>',
    ]
    if card[0] in "JQK":
        parts.append(
            f'<rect x="12" y="26" width="{CARD_W - 24}" height="{CARD_H - 34}" rx="3" '
            f'fill="none" stroke="{color}" stroke-width="1.2" opacity="0.6"/>'
        )
        parts.append(
            f'<text x="{CARD_W / 2:g}" y="62" text-anchor="middle" font-family="{FONT}" '
            f'font-size="30" font-weight="bold" fill="{color}">{rank}</text>'
        )
        parts.append(suit_path(card[1], CARD_W / 2 - 7, 67, 14, color))
    else:
        big = 34 if card[0] != "A" else 40
        parts.append(suit_path(card[1], (CARD_W - big) / 2, 30 + (34 - big) / 2 + 6, big, color))
    if note:
        parts.append(
            f'<rect x="4" y="{CARD_H - 20}" width="{CARD_W - 8}" height="16" rx="8" fill="#263238"/>'
            f'<text x="{CARD_W / 2:g}" y="{CARD_H - 8}" text-anchor="middle" font-family="{FONT}" '
            f'font-size="11" font-weight="bold" fill="#ffffff">{escape(note)}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def _lattice(x0: float, y0: float, w: float, h: float, step: float) -> str:
    """Diagonal lines both ways, clipped to the rectangle by hand (no clipPath ids)."""
    segs = []
    x1 = x0 + w
    c = -h + step / 2
    while c < w:
        # the line through (x0 + c + t, y0 + t), kept where x0 <= x <= x1 and 0 <= t <= h
        t0, t1 = max(0.0, -c), min(h, w - c)
        ax, bx = x0 + c + t0, x0 + c + t1
        segs.append(f"M{ax:g} {y0 + t0:g}L{bx:g} {y0 + t1:g}")
        segs.append(f"M{x1 - (ax - x0):g} {y0 + t0:g}L{x1 - (bx - x0):g} {y0 + t1:g}")
        c += step
    return "".join(segs)


_BACK_PATTERN: Final = _lattice(6, 6, CARD_W - 12, CARD_H - 12, 8)


def back(x: float, y: float) -> str:
    """A face-down card: patterned, with no hint of which card it is."""
    said = _("face-down card")
    return (
        f'<g data-back="" aria-label="{said}" role="img" transform="translate({x:g} {y:g})">'
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="{RADIUS}" fill="#fffdf7" stroke="#9e9e9e"/>'
        f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="4" fill="#8e2430"/>'
        f'<path d="{_BACK_PATTERN}" stroke="#f3c1c6" stroke-width="1" opacity="0.55"/>'
        f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="4" fill="none" '
        f'stroke="#ffffff" stroke-width="1.5"/>'
        "</g>"
    )


def empty_place(x: float, y: float, label: str = "") -> str:
    """Where a pile would be: a dashed outline, with an optional word inside."""
    text = ""
    if label:
        text = (
            f'<text x="{x + CARD_W / 2:g}" y="{y + CARD_H / 2 + 5:g}" text-anchor="middle" '
            f'font-family="{FONT}" font-size="13" fill="#c8e6c9">{escape(label)}</text>'
        )
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="{RADIUS}" fill="none" '
        f'stroke="#a5d6a7" stroke-width="1.5" stroke-dasharray="5 4"/>{text}'
    )


def card_svg(card: Card | str) -> str:
    """One card as a standalone SVG document (e.g. for a legend or a lesson's text)."""
    c = Card(card)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{CARD_W + 4}" height="{CARD_H + 4}" '
        f'viewBox="-2 -2 {CARD_W + 4} {CARD_H + 4}">{face(c, 0, 0)}</svg>'
    )
