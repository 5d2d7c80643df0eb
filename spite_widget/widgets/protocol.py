"""The one message shape between Python and the browser, for every widget of the project.

Two directions, one vocabulary (mirrored, with the same names, in `js/lib/protocol.js`):

* **Browser -> Python**: custom messages, each a JSON object with a `type`:
  `{"type": "move", "move": "H:7s>S4", "seq": 12}` (the player clicked or dropped a card
  on a pile; the move may be illegal: Python answers with the engine's reason), and
  `{"type": "reveal" | "hint" | "undo" | "next-game" | "new-match" | "review", "seq": 12}`
  (a button; "reveal" is "Show my hand", which lifts the cover of two players at one
  screen; "review" opens the replay of the finished game below the table, and may say
  `"inline": false` when the page cannot show a widget there: see `ReviewMessage`; "new-match"
  may say `"own_words": true` when the status line shows the browser's own words, not Python's
  "press New match again": see `ActionMessage`).
  `seq` is the `seq` of the table the player was looking at: a message for an older
  table (a double click, a click during the computer's turn) changes nothing.
  `parse_client_message` checks every field and raises `ProtocolError` in plain words.
* **Python -> browser**: synced traits, whose payloads are typed here: `TableView` (what a
  table shows: only what the player at the bottom may see), `Status`, `Score` and the
  enabled `actions`. `table_view` builds a `TableView` from a `PlayerView` (or, for a
  replay or a lesson that may show both hands, from a `GameState`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Final, Literal, NotRequired, TypedDict, cast

from ..engine.cards import KING, RANK_OF, a_rank, card_words, rank_label, rank_name
from ..engine.game import Played
from ..engine.i18n import N_, _, get_language, language, ngettext
from ..engine.moves import SIDES, InvalidMoveError, Move
from ..engine.narrate import describe_move, describe_move_words
from ..engine.rules import is_complete
from ..engine.state import GameState, PlayerView, Result

PROTOCOL_VERSION: Final = 1
"""Bumped when a message or payload changes shape."""

ACTIONS: Final = ("reveal", "hint", "undo", "next-game", "new-match")
"""The table's buttons, as their `data-action` names and message types."""

MESSAGE_TYPES: Final = ("move", *ACTIONS, "review")
"""Every message type the browser may send to a table ("review": open the replay of the
finished game below it)."""

MAX_MESSAGE_CHARS: Final = 200
"""A message longer than this (as text) is refused before it is read."""

StatusKind = Literal["info", "turn", "error", "over", "hint"]


class MoveMessage(TypedDict):
    """The player put a card on a pile: `{"type": "move", "move": "H:7s>S4", "seq": 12}`."""

    type: Literal["move"]
    move: str
    seq: int


class ActionMessage(TypedDict):
    """A button: `{"type": "undo", "seq": 12}`.

    `own_words` (New match only): true when the status line shows the browser's own words (a
    card picked up, "Selection cancelled."), which replaced Python's "press New match again":
    the press then asks again instead of giving the game up. Absent: false."""

    type: Literal["reveal", "hint", "undo", "next-game", "new-match"]
    seq: int
    own_words: NotRequired[bool]


class ReviewMessage(TypedDict):
    """The "Review game" button: `{"type": "review", "seq": 12, "inline": true}`.

    `inline`: whether the page can show the replay below the table (a Jupyter front end,
    whose widget manager draws the ReplayWidget there) or not (a page without one: the
    table then tells the player how to open it from a cell). Absent: true."""

    type: Literal["review"]
    seq: int
    inline: NotRequired[bool]


ClientMessage = MoveMessage | ActionMessage | ReviewMessage

REVIEW_IN_A_CELL: Final = "cell"
"""The table's `review_ref` when the page could not show the replay below the table: the
front end shows a note there instead, saying how to open it from a cell."""


class SeatView(TypedDict):
    """One player's side of the table, as far as the viewer may see it."""

    name: str
    hand: list[str] | None
    """The hand face up, or None when the viewer may not see it (then only `hand_count`)."""
    hand_count: int
    payoff_top: str | None
    """The face-up pay-off card (None when the pile is empty)."""
    payoff_count: int
    sides: list[list[str]]
    """The four side stacks, bottom to top: every card is public."""
    labels: NotRequired[dict[str, Any]]
    """The piles' accessible names in the language in force: {"payoff": str, "hand": str,
    "sides": [str, str, str, str]} (Python owns every word; the browser only shows them)."""


class CenterView(TypedDict):
    """A center stack: its top card, its size, the rank the top counts as and the rank it needs."""

    top: str | None
    size: int
    shows: str
    """The rank the top card counts as ("7"; a King shows the rank it stands for), "" if empty."""
    needs: str
    """The rank this stack accepts next, as written on a card ("A", "8", "Q")."""
    label: str
    """The stack's full accessible name, as the browser shows it: "center stack 1: empty,
    needs an ace", "center stack 2: 5 cards, top five of hearts; needs a 6"."""


class LastMove(TypedDict):
    """The move just played, for highlighting and the status line."""

    move: str
    player: int
    text: str
    """In symbols: "Bot played K♠ as a 7 on C2"."""
    words: str
    """In words, for screen readers."""


class TableView(TypedDict):
    """Everything a table drawing needs, and nothing the viewer may not see."""

    v: int
    """PROTOCOL_VERSION."""
    seq: int
    """Changes whenever the table changes; messages quote it."""
    ply: int
    bottom: int
    """The player drawn at the bottom of the screen (0 or 1)."""
    to_move: int
    seats: list[SeatView]
    """Indexed by player number: seats[0] is player 0."""
    centers: list[CenterView]
    stock: int
    stock_label: NotRequired[str]
    """The stock's accessible name ("stock: 12 cards, face down"), in the language in force."""
    last: LastMove | None
    drawn: list[int]
    """Positions in the bottom seat's shown hand of the cards that seat drew with the last
    move (to mark them as new); [] when nobody drew, when that hand is not shown (covered,
    or another seat drew) or when there was no last move."""
    result: dict[str, Any] | None
    """None while the game goes on, else {"winner", "points", "reason"} as in a record."""


class Status(TypedDict):
    """The status line: what the player is told now."""

    text: str
    kind: StatusKind
    id: int
    """Counts up with every status, so the same words said twice still show as new."""
    words: NotRequired[str]
    """The same for screen readers, cards named in words ("the seven of hearts on center
    stack 2"); the table's live region reads it aloud. Absent: read `text`."""
    quiet: NotRequired[bool]
    """True for a move inside the computer's turn: shown, but not read aloud, since the
    turn's summary at its end says every card again (a screen reader heard each twice)."""


class Score(TypedDict):
    """The scoreboard of the match."""

    names: list[str]
    scores: list[int]
    target: int
    game: int
    """1-based number of the game in progress."""
    match_over: bool
    match_winner: int | None


class ProtocolError(ValueError):
    """A message from the browser that is not one this widget understands; says why."""


def _clipped(text: str) -> str:
    """At most 40 characters of what the browser sent, for an error that quotes it."""
    return text if len(text) <= 40 else text[:40] + "…"


def _size_over(content: object, limit: int) -> bool:
    """Whether `content` holds more than `limit` characters: its texts counted as typed (a
    repr counted a no-break space as 4, so a comment the page allows was refused), a whole
    number by its digits, anything else as 8; it stops counting past the limit, at any depth."""
    size, stack = 0, [content]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            size += len(item)
        elif isinstance(item, dict | list | tuple):
            size += 2 + len(item)  # a long list or object is over at once, its items unread
            if size <= limit:
                stack.extend(item.items() if isinstance(item, dict) else item)
        elif isinstance(item, int):  # bool included; its digits, without making the text
            size += item.bit_length() * 3 // 10 + 2
        else:
            size += 8
        if size > limit:
            return True
    return False


def read_message(
    content: object,
    fields: dict[str, frozenset[str]],
    *,
    max_chars: int,
    too_long: str,
    seq_is: str,
) -> tuple[str, dict[Any, Any], int]:
    """The checks every widget's messages share, in order: an object, at most `max_chars`
    as text (`too_long` says why not), a type among `fields`, no field beyond those of its
    type, a `seq` (`seq_is` says what it numbers). Returns (type, message, seq)."""
    if not isinstance(content, dict):
        raise ProtocolError(f"a message must be an object with a type, not {type(content).__name__}")
    if _size_over(content, max_chars):
        raise ProtocolError(too_long)
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in fields:
        shown = _clipped(kind if isinstance(kind, str) else repr(kind))
        raise ProtocolError(f"unknown message type {shown!r}: expected one of {', '.join(fields)}")
    extra = sorted(str(k)[:40] for k in content if k not in fields[kind])
    if extra:
        raise ProtocolError(f"unexpected field(s) {', '.join(extra)} in a {kind!r} message")
    seq = content.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
        raise ProtocolError(f"a {kind!r} message needs seq, {seq_is}")
    return kind, content, seq


def parse_table_message(
    content: object, actions: tuple[str, ...], owner: str, optional: dict[str, frozenset[str]] | None = None
) -> dict[str, Any]:
    """A message to a table (the play widget's, the lesson's): a move or one of `actions`;
    `owner` ("table", "lesson") names the widget in the reason a long message is refused.
    `optional`: the fields an action may carry besides type and seq (returned as sent: the
    caller checks their values)."""
    extra = optional or {}
    fields = {"move": frozenset({"type", "seq", "move"})} | {
        a: frozenset({"type", "seq"}) | extra.get(a, frozenset()) for a in actions
    }
    kind, content, seq = read_message(
        content,
        fields,
        max_chars=MAX_MESSAGE_CHARS,
        too_long=f"the message is too long to be one of this {owner}'s messages",
        seq_is="the table number it was sent from",
    )
    if kind == "move":
        move = content.get("move")
        if not isinstance(move, str):
            raise ProtocolError("a move message needs a move such as 'H:7s>S4'")
        return {"type": "move", "move": move, "seq": seq}
    return {"type": kind, "seq": seq} | {k: content[k] for k in extra.get(kind, ()) if k in content}


def parse_client_message(content: object) -> ClientMessage:
    """Check a message from the browser field by field; ProtocolError says what is wrong."""
    msg = parse_table_message(
        content,
        MESSAGE_TYPES[1:],
        "table",
        {"review": frozenset({"inline"}), "new-match": frozenset({"own_words"})},
    )
    if "inline" in msg and not isinstance(msg["inline"], bool):
        raise ProtocolError(
            f"a 'review' message's inline must be true or false (can the page show the replay "
            f"below the table?), not {_clipped(repr(msg['inline']))}"
        )
    if "own_words" in msg and not isinstance(msg["own_words"], bool):
        raise ProtocolError(
            f"a 'new-match' message's own_words must be true or false (does the status line show "
            f"the browser's own words?), not {_clipped(repr(msg['own_words']))}"
        )
    return cast(ClientMessage, msg)


NOT_TARGETS: Final = frozenset({"P", "H", "stock"})
"""Piles a card is never put on (the browser may still report a drop there)."""

Unreadable = Literal["opponent", "never-on", "not-a-move"]


def unreadable_drop(text: str, mover: str | None = None) -> tuple[Unreadable, str] | None:
    """Why a card the browser reports dropped on a pile is not even a move, in plain words
    for the player, with what kind of drop it was; None when `text` reads as a move (whether
    it is legal is the game's to say). Every widget that takes drops words them this way:
    the notation's own error ("'P:3s>S1' is not a move: ...") is for people typing moves.
    `mover`: the name of the player the move is for, when the one dropping is not them (a
    replay's viewer plays a side line for whoever is to move)."""
    source, _colon, rest = text.partition(":")
    target = rest.rpartition(">")[2]
    if target.startswith("O-"):
        if mover is not None:
            return "opponent", _(
                "Not allowed: {name} plays to the center stacks (C1–C3) or, from the hand, to "
                "their own side stacks (S1–S4), never onto the other player's piles."
            ).format(name=mover)
        return "opponent", _(
            "Not allowed: your opponent's piles are theirs alone. Cards only go to the center "
            "stacks (C1–C3) or, from your hand, to your own side stacks (S1–S4)."
        )
    if target in NOT_TARGETS:
        return "never-on", _(
            "Not allowed: nothing is ever put on a pay-off pile, back into a hand or on the stock."
        )
    try:
        Move.parse(text)
    except InvalidMoveError as e:
        if source == "P" and target in SIDES:
            return "not-a-move", _("Not allowed: the pay-off card only goes to a center stack (C1–C3).")
        if source in SIDES and target in SIDES:
            return "not-a-move", _("Not allowed: nothing moves from one side stack to another.")
        return "not-a-move", str(e)  # from a front end that made the move up
    return None


def center_view(pile: tuple[str, ...], index: int, lang: str | None = None) -> CenterView:
    """Center stack `index` (0-based), with the words a screen reader says for it (in `lang`,
    the language in force: looked up once per table by `table_view`)."""
    size = len(pile)
    if not pile:
        return {
            "top": None,
            "size": 0,
            "shows": "",
            "needs": rank_name(1),
            "label": _center_label(index, 0, "", lang or get_language()),
        }
    top = pile[-1]
    return {
        "top": str(top),
        "size": size,
        "shows": rank_name(size),
        "needs": rank_name(size + 1) if not is_complete(size) else "",
        "label": _center_label(index, size, str(top), lang or get_language()),
    }


@lru_cache(maxsize=1024)
def _center_label(index: int, size: int, top: str, lang: str) -> str:
    """ "center stack 2: 5 cards, top five of hearts; needs 6" (cached: a table sends three
    with every update, and the same few recur)."""
    number = index + 1
    with language(lang or None):
        if not size:
            return _("center stack {number}: empty, needs an ace").format(number=number)
        # in words, as a screen reader should say them: "needs a Queen", not "needs Q" ("cue"),
        # with the article the status line gives it ("necesita una Reina")
        shows = rank_label(size)
        needs = a_rank(size + 1) if not is_complete(size) else ""
        cards = ngettext("{n} card", "{n} cards", size).format(n=size)
        if RANK_OF[top] == KING:
            return _("center stack {number}: {cards}, top {card} counting as {shows}; needs {needs}").format(
                number=number, cards=cards, card=card_words(top), shows=shows, needs=needs
            )
        return _("center stack {number}: {cards}, top {card}; needs {needs}").format(
            number=number, cards=cards, card=card_words(top), needs=needs
        )


def drawn_positions(hand: tuple[str, ...] | None, seat: int, played: Played | None) -> list[int]:
    """Where in `hand` (seat `seat`'s, as shown; None if not shown) the cards that seat drew
    with the move `played` are. A hand refills at its end, so they are its last ones. Nothing
    about a hand that is not shown: [] then, so not even how many cards it drew."""
    if hand is None or played is None or played.drawer != seat or not played.drawn:
        return []
    n = len(hand)
    return list(range(n - len(played.drawn), n))


def seat_view(
    name: str,
    hand: tuple[str, ...] | None,
    hand_count: int,
    payoff_top: str | None,
    payoff_count: int,
    sides: tuple[tuple[str, ...], ...],
) -> SeatView:
    return {
        "name": name,
        "hand": [str(c) for c in hand] if hand is not None else None,
        "hand_count": hand_count,
        "payoff_top": str(payoff_top) if payoff_top is not None else None,
        "payoff_count": payoff_count,
        "sides": [[str(c) for c in s] for s in sides],
    }


def _cards_words(cards: list[str]) -> str:
    return ", ".join(card_words(c) for c in cards)


_SEAT_LABELS: Final = {
    # TRANSLATORS: the accessible names of a player's piles; {name} is the player's name
    False: {
        "payoff": N_("{name}'s pay-off pile: {cards}, top {card}"),
        "payoff-empty": N_("{name}'s pay-off pile: empty"),
        "side": N_("{name}'s side stack {number}: {cards}; top {card}"),
        "side-one": N_("{name}'s side stack {number}: {card}"),
        "side-empty": N_("{name}'s side stack {number}: empty"),
        "hand": N_("{name}'s hand: {cards}"),
        "hand-empty": N_("{name}'s hand: empty"),
    },
    # TRANSLATORS: the same for the person at the screen, against the computer
    True: {
        "payoff": N_("your pay-off pile: {cards}, top {card}"),
        "payoff-empty": N_("your pay-off pile: empty"),
        "side": N_("your side stack {number}: {cards}; top {card}"),
        "side-one": N_("your side stack {number}: {card}"),
        "side-empty": N_("your side stack {number}: empty"),
        "hand": N_("your hand: {cards}"),
        "hand-empty": N_("your hand: empty"),
    },
}


def seat_labels(seat: SeatView, you: bool = False) -> dict[str, Any]:
    """The accessible names of a seat's piles, in the language in force ("Ana's hand: 3
    cards, face down"; "your hand: ..." for the person playing the computer); only what the
    seat view holds, so nothing hidden is named."""
    name = seat["name"]
    forms = _SEAT_LABELS[you]
    n = seat["payoff_count"]
    top = seat["payoff_top"]
    if top:
        cards = ngettext("{n} card", "{n} cards", n).format(n=n)
        payoff = _(forms["payoff"]).format(name=name, cards=cards, card=card_words(top))
    else:
        payoff = _(forms["payoff-empty"]).format(name=name)
    sides = []
    for i, pile in enumerate(seat["sides"], start=1):
        if len(pile) == 1:  # its one card is its top: said once
            sides.append(_(forms["side-one"]).format(name=name, number=i, card=card_words(pile[0])))
        elif pile:
            sides.append(
                _(forms["side"]).format(
                    name=name, number=i, cards=_cards_words(pile), card=card_words(pile[-1])
                )
            )
        else:
            sides.append(_(forms["side-empty"]).format(name=name, number=i))
    hand = seat["hand"]
    if hand is None and seat["hand_count"]:
        k = seat["hand_count"]
        hand_label = (
            ngettext("your hand: {n} card, face down", "your hand: {n} cards, face down", k)
            if you
            else ngettext("{name}'s hand: {n} card, face down", "{name}'s hand: {n} cards, face down", k)
        ).format(name=name, n=k)
    elif hand:
        hand_label = _(forms["hand"]).format(name=name, cards=_cards_words(hand))
    else:  # an empty hand, face down or not: "empty", not "0 cards, face down"
        hand_label = _(forms["hand-empty"]).format(name=name)
    return {"payoff": payoff, "hand": hand_label, "sides": sides}


def table_view(
    view: PlayerView | GameState,
    *,
    names: tuple[str, str] | list[str],
    seq: int,
    bottom: int | None = None,
    last: LastMove | None = None,
    played: Played | None = None,
    show_hands: tuple[bool, bool] | None = None,
    cover: bool = False,
    you: int | None = None,
    labels: bool = False,
) -> TableView:
    """The table as drawn for the player at the bottom.

    From a `PlayerView` (what the widget for a live game sends) only that player's hand is
    ever face up, and not even that one with `cover` (two players at one screen, before the
    player to move has taken the screen: their hand is sent as the other's is, a count). From a `GameState` (a replay, a lesson: nothing is hidden from the
    viewer any more) `show_hands` says which hands to show face up (default: `bottom`'s).
    `played` is what the last move did (`Game.play`'s answer): the cards the bottom seat
    drew with it go out as their positions in its hand (`drawn`), if that hand is shown.
    `you`: the seat of the person at the screen against the computer, whose piles are
    named "your hand", "your pay-off pile" (None: every pile by its player's name).
    `labels`: put the piles' accessible names in the language in force into the view (the
    seats' `labels`, `stock_label`); without them the browser names the piles in English.
    """
    if isinstance(view, PlayerView):
        bottom = view.player
        hands: list[tuple[str, ...] | None] = [None, None]
        hands[view.player] = None if cover else view.hand
        counts = view.hand_sizes
        tops = view.payoff_tops
        payoff_counts = view.payoff_counts
    else:
        bottom = view.current_player if bottom is None else bottom
        shown = show_hands if show_hands is not None else (bottom == 0, bottom == 1)
        hands = [view.hands[p] if shown[p] else None for p in (0, 1)]
        counts = (len(view.hands[0]), len(view.hands[1]))
        tops = tuple(p[-1] if p else None for p in view.payoffs)  # type: ignore[assignment]
        payoff_counts = (len(view.payoffs[0]), len(view.payoffs[1]))
    seats = [
        seat_view(str(names[p]), hands[p], counts[p], tops[p], payoff_counts[p], view.sides[p])
        for p in (0, 1)
    ]
    result: Result | None = view.result
    lang = get_language()
    if labels:
        for p, seat in enumerate(seats):
            seat["labels"] = seat_labels(seat, you=p == you)
    stock = view.stock_count if isinstance(view, PlayerView) else len(view.stock)
    table: TableView = {
        "v": PROTOCOL_VERSION,
        "seq": seq,
        "ply": view.ply,
        "bottom": bottom,
        "to_move": view.current_player,
        "seats": seats,
        "centers": [center_view(c, i, lang) for i, c in enumerate(view.centers)],
        "stock": stock,
        "last": last,
        "drawn": drawn_positions(hands[bottom], bottom, played),
        "result": result.to_dict() if result is not None else None,
    }
    if labels:
        table["stock_label"] = ngettext(
            "stock: {n} card, face down", "stock: {n} cards, face down", stock
        ).format(n=stock)
    return table


def last_move(move: Move, player: int, center_sizes: list[int] | tuple[int, ...], who: str) -> LastMove:
    """The move just played by `player` (`who` in the sentence), with the center stacks'
    sizes before it, in symbols and in words."""
    return {
        "move": str(move),
        "player": player,
        "text": describe_move(move, center_sizes, who),
        "words": describe_move_words(move, center_sizes, who),
    }


def as_moves(moves: list[Move]) -> list[str]:
    """Legal moves as the strings the browser gets."""
    return [str(m) for m in moves]


# ---------------------------------------------------------------- players' names
# shown_name, shown_names and told_names live with the game (engine/names.py): a puzzle and a
# review name players too


def you_seat(players: Sequence[str]) -> int | None:
    """The seat of the person at a table against the computer, as a record names them ("You";
    None when neither or both are): their piles and seat are "yours" in a replay of it too."""
    seats = [p for p in (0, 1) if players[p] == "You"]
    return seats[0] if len(seats) == 1 else None
