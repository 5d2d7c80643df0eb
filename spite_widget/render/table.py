"""The whole card table as one self-contained SVG picture.

A picture is built from a `GameState` (the table seen from above: both hands face up) or
from a `PlayerView` (one player's seat: the other hand as backs). A `PlayerView` picture is
drawn from the view alone, so it cannot show, or even name, a card its player may not see.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Final

from ..engine.cards import KING, RANK_OF, Card, a_rank, rank_label
from ..engine.i18n import _, get_language, language, ngettext
from ..engine.moves import InvalidMoveError, Move
from ..engine.names import shown_name
from ..engine.state import GameState, PlayerView, Result
from ..engine.whole import seat
from .cards import CARD_H, CARD_W, FONT, back, empty_place, face

WIDTH: Final = 900
PAD: Final = 20
FAN: Final = 22
"""How far each card of a side stack sits below the one it covers."""
PAYOFF_X: Final = 30
SIDE_X: Final = (140, 220, 300, 380)
HAND_X: Final = 490
HAND_STEP: Final = 72
CENTER_X: Final = (170, 280, 390)
STATUS_X: Final = 520
TEXT: Final = "#f1f8e9"
MUTED: Final = "#c5e1a5"
GOLD: Final = "#ffca28"

Pile = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class _Seat:
    """What the picture shows of one player."""

    name: str
    hand: Pile | None  # None: face down
    hand_count: int
    payoff_top: Card | None
    payoff_count: int
    sides: tuple[Pile, ...]
    you: bool = False
    """The seat of the player the picture speaks to ("You"): "Your turn", not "You to move"."""


def table_svg(
    state_or_view: GameState | PlayerView,
    *,
    perspective: int | None = None,
    highlight: Move | str | Iterable[str] | None = None,
    names: Sequence[str] | None = None,
    lang: str | None = None,
    you: int | None = None,
) -> str:
    """The table as an SVG document, about 900 px wide.

    `perspective`: the player seated at the bottom (default: the viewer of a PlayerView,
    player 0 for a GameState). `highlight`: a move (its source card and target pile are
    outlined) or pile names as in the widget's DOM (`P`, `H`, `S1`, `O-S2`, `C1`, `stock`, one
    hand card as `H:Kc`, or the whole hand when that card cannot be seen in it: a hand drawn
    face down, or the move already played); anything else is a ValueError.
    `names`: the two players' names. `lang` ("en", "es", "pt"): the labels' language
    (default: the one in force); the root carries it as its `lang` attribute. `you`: the seat
    spoken to ("Your turn."), marked "(you)" unless named "You" (default: a seat named "You",
    a table's player, from any seat; else the viewer of a PlayerView), as a lesson speaks to its
    learner whatever the record named them.
    """
    if you is not None:
        you = seat(you, "you")
    with language(lang):
        return _table_svg(state_or_view, perspective, highlight, names, you)


def _table_svg(
    state_or_view: GameState | PlayerView,
    perspective: int | None,
    highlight: Move | str | Iterable[str] | None,
    names: Sequence[str] | None,
    you: int | None = None,
) -> str:
    if isinstance(state_or_view, PlayerView):
        v = state_or_view
        bottom = v.player if perspective is None else seat(perspective, "perspective")
        labels, yous = _names(names, v.player, you)
        seats = tuple(
            _Seat(
                name=labels[p],
                you=yous[p],
                hand=v.hand if p == v.player else None,
                hand_count=v.hand_sizes[p],
                payoff_top=v.payoff_tops[p],
                payoff_count=v.payoff_counts[p],
                sides=v.sides[p],
            )
            for p in (0, 1)
        )
        centers, stock_count, to_move, result = v.centers, v.stock_count, v.current_player, v.result
        ply = v.ply
    elif isinstance(state_or_view, GameState):
        s = state_or_view
        bottom = 0 if perspective is None else seat(perspective, "perspective")
        labels, yous = _names(names, None, you)
        seats = tuple(
            _Seat(
                name=labels[p],
                you=yous[p],
                hand=s.hands[p],
                hand_count=len(s.hands[p]),
                payoff_top=s.payoffs[p][-1] if s.payoffs[p] else None,
                payoff_count=len(s.payoffs[p]),
                sides=s.sides[p],
            )
            for p in (0, 1)
        )
        centers, stock_count, to_move, result = s.centers, len(s.stock), s.current_player, s.result
        ply = s.ply
    else:
        raise TypeError(f"table_svg draws a GameState or a PlayerView, not {type(state_or_view).__name__}")
    marks = _highlights(highlight, to_move, bottom)
    top = 1 - bottom

    out: list[str] = []
    y = PAD
    top_h = _seat_height(seats[top])
    out.append(_seat(seats[top], y, "O-", marks, to_move == top and result is None))
    y += top_h
    out.append(_divider(y - 6))
    notes = [
        _status(seats, to_move, result),
        _("Pay-off cards left: {a} and {b}").format(a=seats[0].payoff_count, b=seats[1].payoff_count),
        _("Moves played: {n}").format(n=ply),
    ]
    out.append(_middle(centers, stock_count, y, marks, notes))
    y += _MIDDLE_H
    out.append(_divider(y - 6))
    out.append(_seat(seats[bottom], y, "", marks, to_move == bottom and result is None))
    y += _seat_height(seats[bottom])
    height = y + PAD - 10

    over = "true" if result is not None else "false"
    return (
        # 900 px wide, narrower in a narrower output (an output area of 768 px cut its right side)
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'style="max-width: 100%; height: auto" viewBox="0 0 {WIDTH} {height}" role="img" lang="{get_language()}" data-player-to-move="{to_move}" '
        f'data-game-over="{over}" font-family="{FONT}">'
        f"<title>{escape(_status(seats, to_move, result))}</title>"
        f'<rect width="{WIDTH}" height="{height}" rx="16" fill="#1b5e20"/>'
        f'<rect x="6" y="6" width="{WIDTH - 12}" height="{height - 12}" rx="12" fill="#2e7d32" '
        f'stroke="#145218" stroke-width="2"/>' + "".join(out) + "</svg>"
    )


_NOT_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters no XML document may hold, escaped or not: a player's name may be any text."""


def _names(
    names: Sequence[str] | None, viewer: int | None, you: int | None = None
) -> tuple[tuple[str, str], tuple[bool, bool]]:
    """The seats' labels in the language in force ("Bot voraz", "Tú", "Ana (tú)"), and which
    seat is the player spoken to as "you": `you` if given, marked "(you)" unless so named;
    else a table's player (named "You") from any seat, as a replay has it; else the seat a
    view is seen from, marked "(you)"."""
    if names is not None:
        if len(names) != 2:
            raise ValueError(f"names must be two names, not {names!r}")
        a, b = (_NOT_XML.sub("\ufffd", str(name)) for name in names)
    else:
        a, b = "Player 0", "Player 1"
    shown = [shown_name(a), shown_name(b)]
    if you is not None:
        if (a, b)[you] != "You":
            shown[you] = _("{name} (you)").format(name=shown[you])
        return (shown[0], shown[1]), (you == 0, you == 1)
    yous = (a == "You", b == "You")
    if viewer is not None and not any(yous) and (a, b)[viewer].lower() != "you":
        # mark the viewer's seat, unless a name already says who is read to
        shown[viewer] = _("{name} (you)").format(name=shown[viewer])
    return (shown[0], shown[1]), yous


PILE_NAMES: Final = (
    *(f"{seat}{pile}" for seat in ("", "O-") for pile in ("P", "H", "S1", "S2", "S3", "S4")),
    "C1",
    "C2",
    "C3",
    "stock",
)
"""The piles a picture can outline, as in the widget's DOM ("O-" for the seat at the top)."""


def _is_pile(name: str) -> bool:
    """A pile to outline, or one hand card ("H:Kc", "O-H:Kc")."""
    hand, colon, card = name.partition(":")
    return name in PILE_NAMES or (bool(colon) and hand in ("H", "O-H") and card in RANK_OF)


def _highlights(highlight: Move | str | Iterable[str] | None, to_move: int, bottom: int) -> set[str]:
    """Pile names (and `H:<card>` for one hand card) to outline."""
    if highlight is None:
        return set()
    if isinstance(highlight, Move):
        move = highlight
    elif isinstance(highlight, str):
        try:
            move = Move.parse(highlight)
        except InvalidMoveError as e:
            if _is_pile(highlight):
                return {highlight}
            raise ValueError(
                f"highlight {highlight!r} is neither a move ({e}) nor a pile: {', '.join(PILE_NAMES)}, or H:<card>"
            ) from None
    else:
        names = [str(h) for h in highlight]
        unknown = [h for h in names if not _is_pile(h)]
        if unknown:
            raise ValueError(f"highlight {unknown[0]!r} is not a pile: {', '.join(PILE_NAMES)}, or H:<card>")
        return set(names)
    prefix = "" if to_move == bottom else "O-"
    marks = {move.target if move.to_center else prefix + move.target}
    if move.source == "H":
        marks.add(f"{prefix}H:{move.card}")
    else:
        marks.add(prefix + move.source)
    return marks


def _divider(y: float) -> str:
    """A faint line between the seats and the middle of the table."""
    return f'<line x1="24" y1="{y:g}" x2="{WIDTH - 24}" y2="{y:g}" stroke="#1b5e20" stroke-width="2"/>'


def _fan_step(n: int) -> float:
    """Cards sit FAN apart, closer for a tall stack, never so close that a rank hides."""
    return FAN if n <= 10 else max(16.0, FAN * 9 / (n - 1))


def _seat_height(seat: _Seat) -> int:
    longest = max((len(s) for s in seat.sides), default=0)
    fan = CARD_H + (longest - 1) * _fan_step(longest) if longest else CARD_H
    return int(48 + fan + 22)


def _label(
    x: float, y: float, text: str, *, size: int = 12, color: str = MUTED, anchor: str = "start"
) -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{color}" text-anchor="{anchor}">'
        f"{escape(text)}</text>"
    )


def _badge(x: float, y: float, text: str) -> str:
    """A small dark count badge centred on (x, y)."""
    w = 10 + 7 * len(text)
    return (
        f'<rect x="{x - w / 2:g}" y="{y - 9:g}" width="{w}" height="18" rx="9" fill="#102a12" '
        f'stroke="{TEXT}" stroke-width="1"/>'
        f'<text x="{x:g}" y="{y + 4:g}" text-anchor="middle" font-size="12" font-weight="bold" '
        f'fill="#ffffff">{escape(text)}</text>'
    )


def _outline(x: float, y: float, w: float, h: float) -> str:
    return (
        f'<rect x="{x - 5:g}" y="{y - 5:g}" width="{w + 10:g}" height="{h + 10:g}" rx="9" fill="none" '
        f'stroke="{GOLD}" stroke-width="3"/>'
    )


def _thickness(x: float, y: float, count: int) -> str:
    """Edges peeking out below a squared pile, so a deep pile looks deep."""
    layers = min(3, max(0, (count - 1 + 4) // 5))
    return "".join(
        f'<rect x="{x + 2 * i:g}" y="{y + 2 * i:g}" width="{CARD_W}" height="{CARD_H}" rx="6" '
        f'fill="#e0e0e0" stroke="#757575"/>'
        for i in range(layers, 0, -1)
    )


def _seat(seat: _Seat, y0: float, prefix: str, marks: set[str], to_move: bool) -> str:
    out = []
    if not to_move:
        name = seat.name
    elif seat.you:
        name = _("You  \u2022 your turn")
    else:
        name = _("{name}  \u2022 to move").format(name=seat.name)
    out.append(_label(PAD + 10, y0 + 14, name, size=15, color="#ffffff" if to_move else TEXT))
    cy = y0 + 40
    # pay-off pile: only the top card is ever face up
    n = seat.payoff_count
    out.append(f'<g data-pile="{prefix}P" data-count="{n}">')
    out.append(_label(PAYOFF_X, cy - 8, _("Pay-off \u00b7 {n}").format(n=n)))
    if seat.payoff_top is not None:
        out.append(_thickness(PAYOFF_X, cy, n))
        out.append(face(seat.payoff_top, PAYOFF_X, cy))
    else:
        out.append(empty_place(PAYOFF_X, cy, _("empty")))
    out.append(_badge(PAYOFF_X + CARD_W, cy + CARD_H, str(n)))
    if prefix + "P" in marks:
        out.append(_outline(PAYOFF_X, cy, CARD_W, CARD_H))
    out.append("</g>")
    # side stacks, fanned downwards: the lowest card is the playable top
    for i, stack in enumerate(seat.sides):
        x = SIDE_X[i]
        pile = f"{prefix}S{i + 1}"
        out.append(f'<g data-pile="{pile}" data-count="{len(stack)}">')
        out.append(_label(x, cy - 8, f"S{i + 1}" + (f" \u00b7 {len(stack)}" if len(stack) > 1 else "")))
        if not stack:
            out.append(empty_place(x, cy))
        step = _fan_step(len(stack))
        for j, card in enumerate(stack):
            out.append(face(card, x, cy + j * step))
        if pile in marks:
            h = CARD_H + (len(stack) - 1) * step if stack else CARD_H
            out.append(_outline(x, cy, CARD_W, h))
        out.append("</g>")
    # hand
    out.append(f'<g data-pile="{prefix}H" data-count="{seat.hand_count}">')
    said = ngettext("Hand \u00b7 {n} card", "Hand \u00b7 {n} cards", seat.hand_count)
    out.append(_label(HAND_X, cy - 8, said.format(n=seat.hand_count)))
    if seat.hand is None:
        for j in range(seat.hand_count):
            out.append(back(HAND_X + j * 26, cy))
        if seat.hand_count:
            out.append(
                _badge(HAND_X + (seat.hand_count - 1) * 26 + CARD_W, cy + CARD_H, str(seat.hand_count))
            )
    else:
        for j, card in enumerate(seat.hand):
            out.append(face(card, HAND_X + j * HAND_STEP, cy, highlight=f"{prefix}H:{card}" in marks))
    if not seat.hand_count:
        out.append(empty_place(HAND_X, cy, _("empty")))
    held = {f"{prefix}H:{card}" for card in seat.hand or ()}
    unseen = any(m.startswith(prefix + "H:") and m not in held for m in marks)
    if prefix + "H" in marks or unseen:  # a card face down or already played: its hand is outlined
        w = CARD_W + max(0, seat.hand_count - 1) * (HAND_STEP if seat.hand is not None else 26)
        out.append(_outline(HAND_X, cy, w, CARD_H))
    out.append("</g>")
    return "".join(out)


_MIDDLE_H: Final = 168


def _middle(
    centers: Sequence[Pile],
    stock_count: int,
    y0: float,
    marks: set[str],
    notes: Sequence[str],
) -> str:
    out = []
    cy = y0 + 34
    # the stock: its order is hidden, so only a back and the count
    out.append(f'<g data-pile="stock" data-count="{stock_count}">')
    out.append(_label(PAYOFF_X, cy - 8, _("Stock \u00b7 {n}").format(n=stock_count)))
    if stock_count:
        out.append(_thickness(PAYOFF_X, cy, stock_count))
        out.append(back(PAYOFF_X, cy))
    else:
        out.append(empty_place(PAYOFF_X, cy, _("empty")))
    out.append(_badge(PAYOFF_X + CARD_W, cy + CARD_H, str(stock_count)))
    if "stock" in marks:
        out.append(_outline(PAYOFF_X, cy, CARD_W, CARD_H))
    out.append("</g>")
    for i, stack in enumerate(centers):
        x = CENTER_X[i]
        name = f"C{i + 1}"
        n = len(stack)
        out.append(f'<g data-pile="{name}" data-count="{n}">')
        out.append(_label(x, cy - 8, name + (f" \u00b7 {n}" if n else ""), color=TEXT))
        if stack:
            out.append(_thickness(x, cy, n))
            top = stack[-1]
            note = f"= {rank_label(n)}" if RANK_OF[top] == KING else ""
            out.append(face(top, x, cy, note=note))
        else:
            out.append(empty_place(x, cy, _("empty")))
        needs = _("needs {a_rank}").format(a_rank=a_rank(n + 1))
        out.append(_label(x + CARD_W / 2, cy + CARD_H + 22, needs, anchor="middle"))
        if name in marks:
            out.append(_outline(x, cy, CARD_W, CARD_H))
        out.append("</g>")
    # status panel
    out.append(
        f'<rect x="{STATUS_X}" y="{cy:g}" width="{WIDTH - STATUS_X - 30}" height="{CARD_H}" rx="10" '
        f'fill="#1b5e20" stroke="#145218"/>'
    )
    head = _wrap(notes[0], 36)[:2]
    out.append(f'<text data-status="{escape(notes[0])}" font-size="16" font-weight="bold" fill="#ffffff">')
    for k, line in enumerate(head):
        out.append(f'<tspan x="{STATUS_X + 16}" y="{cy + 28 + 20 * k:g}">{escape(line)}</tspan>')
    out.append("</text>")
    for k, line in enumerate(notes[1:]):
        out.append(_label(STATUS_X + 16, cy + 28 + 20 * (len(head) + k), line, size=13, color=MUTED))
    return "".join(out)


def _status(seats: Sequence[_Seat], to_move: int, result: Result | None) -> str:
    # Result.describe speaks to a seat named "You" in its own sentence
    names = ("You" if seats[0].you else seats[0].name, "You" if seats[1].you else seats[1].name)
    if result is not None:
        return result.describe(names)
    if seats[to_move].you:
        return _("Your turn.")
    return _("{name} to move.").format(name=names[to_move])


def _wrap(text: str, width: int) -> list[str]:
    """Greedy word wrap; SVG 1.1 text does not wrap by itself."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines
