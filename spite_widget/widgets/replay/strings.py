"""Every label the replay's front end shows by itself, in the language in force.

The replay draws its table with the shared front-end modules, so its `strings` trait holds
the shared labels (`widgets/strings.py`) and these, its own (controls, marks' names, the
graph's caption, the side-line bar, the exported page's status sentences). Each is marked
for gettext with a context so Babel extracts it; `{name}` fields are filled by the front end.
A count's two forms are sent as `.one` / `.other` (English, Spanish and Portuguese all say
the singular for 1 only); the front end picks by the count.
"""

from __future__ import annotations

from typing import Final

from ...engine.i18n import NPC_, ngettext, pgettext
from ..strings import strings as shared_strings

_LABELS: Final[dict[str, tuple[str, str]]] = {
    "replay.label": NPC_("aria-label", "game replay"),
    "replay.page": NPC_("aria-label", "Spite and Malice replay"),
    # the transport
    "replay.start": NPC_("control", "To the deal"),
    "replay.start.title": NPC_("control", "To the deal (Home)"),
    "replay.back": NPC_("control", "Back one move"),
    "replay.back.title": NPC_("control", "Back one move (Left arrow)"),
    "replay.play": NPC_("control", "Play"),
    "replay.play.title": NPC_("control", "Play (Space)"),
    "replay.pause": NPC_("control", "Pause"),
    "replay.pause.title": NPC_("control", "Pause (Space)"),
    "replay.forward": NPC_("control", "Forward one move"),
    "replay.forward.title": NPC_("control", "Forward one move (Right arrow)"),
    "replay.end": NPC_("control", "To the last move"),
    "replay.end.title": NPC_("control", "To the last move (End)"),
    "replay.speed": NPC_("aria-label", "playing speed"),
    "replay.speed.title": NPC_("control", "Playing speed"),
    "replay.slider": NPC_("aria-label", "position in the line"),
    "replay.slider.at": NPC_("control", "move {ply} of {length}"),
    "replay.slider.deal": NPC_("control", "the deal, {length} moves"),
    # the side-line bar
    "replay.linebar": NPC_("aria-label", "side line"),
    "replay.linebar.label": NPC_("side line", "Side line"),
    "replay.linebar.at": NPC_("side line", "Side line ({where})"),
    "replay.linebar.ahead": NPC_("side line", "Side line ahead ({where}): Forward steps into it"),
    "replay.linebar.step": NPC_("side line", "move {move}, line {line}"),
    "replay.line.exit": NPC_("button", "Leave line"),
    "replay.line.exit.title": NPC_("button", "Back to where this side line branched off (U)"),
    "replay.line.promote": NPC_("button", "Promote"),
    "replay.line.promote.title": NPC_("button", "Make this side line the line it hangs on (P)"),
    "replay.line.delete": NPC_("button", "Delete line"),
    "replay.line.delete.title": NPC_("button", "Delete this side line (Delete)"),
    # a side line may hold comments and marks: a first press asks, a second deletes
    "replay.line.delete.confirm": NPC_("button", "Delete it? Press again"),
    "replay.line.delete.confirm.title": NPC_(
        "button", "Press again to delete this side line and the lines inside it; anything else keeps it"
    ),
    "replay.line.delete.asked": NPC_(
        "side line", "Press again to delete this side line with its moves, comments and marks."
    ),
    # the header
    "replay.vs": NPC_("header", "v"),
    "replay.games": NPC_("aria-label", "game of the match"),
    "replay.seats": NPC_("aria-label", "seen from"),
    "replay.seat.above": NPC_("button", "Above"),
    "replay.seat.above.title": NPC_("button", "See the table from above, both hands face up"),
    "replay.seat.title": NPC_("button", "See the table from {name}'s seat"),
    "replay.seat.title-you": NPC_("button", "See the table from your seat"),
    "replay.review": NPC_("button", "Review with the expert"),
    "replay.review.title": NPC_(
        "button",
        "The expert bot goes through the game: the chances after every move, and the moves it would not have played",
    ),
    "replay.puzzles": NPC_("button", "Puzzles"),
    "replay.puzzles.title": NPC_("button", "Find better moves where the reviewed game went wrong"),
    "replay.progress": NPC_("aria-label", "review progress"),
    "replay.cancel": NPC_("button", "Cancel"),
    "replay.summary": NPC_("aria-label", "review summary"),
    "replay.summary.accuracy": NPC_("summary", "accuracy {accuracy}"),
    "replay.summary.row": NPC_(
        "summary",
        "{name}: accuracy {accuracy}, {inaccuracies} inaccuracies, {mistakes} mistakes, {blunders} blunders",
    ),
    # marks' names
    "replay.mark.!!": NPC_("mark", "brilliant"),
    "replay.mark.!": NPC_("mark", "good"),
    "replay.mark.!?": NPC_("mark", "interesting"),
    "replay.mark.?!": NPC_("mark", "inaccuracy"),
    "replay.mark.?": NPC_("mark", "mistake"),
    "replay.mark.??": NPC_("mark", "blunder"),
    # the move list
    "replay.moves": NPC_("aria-label", "moves"),
    "replay.move": NPC_("move list", "move {ply}: {move}"),
    # a move's name for screen readers: {card} "four of spades", {pile} "side stack 1"
    "replay.move.words": NPC_("move list", "move {ply}, {name}: {card} on {pile}"),
    "replay.move.words.payoff": NPC_(
        "move list", "move {ply}, {name}: {card} from the pay-off pile on {pile}"
    ),
    "replay.move.words.side": NPC_("move list", "move {ply}, {name}: {card} from {source} on {pile}"),
    "replay.move.in-line": NPC_("move list", "side line, {move}"),
    "replay.move.marked": NPC_("move list", ", marked {mark}"),
    "replay.move.commented": NPC_("move list", ", with a comment"),
    "replay.move.has-comment": NPC_("move list", "has a comment"),
    "replay.player": NPC_("move list", "Player {number}"),
    "replay.no-moves": NPC_("move list", "No moves in this game yet."),
    # the note
    "replay.note": NPC_("aria-label", "annotation of the move shown"),
    "replay.note.marks": NPC_("aria-label", "mark"),
    "replay.note.comment": NPC_("aria-label", "comment on this move"),
    "replay.note.saved": NPC_("note", "saved"),
    "replay.note.move": NPC_("note", "Move {ply} · turn {turn}"),
    "replay.note.side": NPC_("note", "side line"),
    "replay.note.deal": NPC_("note", "The deal"),
    "replay.note.step": NPC_("note", "Step forward, pick a move in the list, or drag the slider."),
    "replay.note.write": NPC_("note", "Write a comment on this move…"),
    "replay.note.write-deal": NPC_("note", "Step to a move to write a comment on it."),
    "replay.note.none": NPC_("note", "No comment on this move."),
    # the graph
    "replay.graph": NPC_("graph", "chances of winning along the game ({first} up, {second} down); {at}"),
    "replay.graph.caption": NPC_("graph", "Chances: {first} ↑ {second} ↓ · {at}"),
    "replay.graph.branch": NPC_("graph", " (the side line branches here)"),
    "replay.graph.at": NPC_("graph", "after move {ply}: {first} {p0}%, {second} {p1}%, draw {draw}%"),
    "replay.graph.none": NPC_("graph", "no estimate after move {ply}"),
    "replay.graph.deal": NPC_("graph", "at the deal"),
    # the puzzles
    "replay.puzzles.heading": NPC_("heading", "Puzzles"),
    "replay.puzzles.next": NPC_("button", "Next puzzle"),
    "replay.puzzles.note": NPC_("note", "Run w.open_puzzles() in a cell to see them."),
    # why no move may be tried at the cursor
    "replay.blocked.copy": NPC_(
        "blocked", "This is a saved copy of the replay: open the record in a notebook to try other moves."
    ),
    "replay.blocked.inplay": NPC_(
        "blocked", "The game is still being played: side lines open in its review once it is over."
    ),
    "replay.blocked.over": NPC_("blocked", "The game is over here: step back to try another move."),
    "replay.blocked.seat": NPC_(
        "blocked", "From {name}'s seat you play {name}'s moves only: see the table from above."
    ),
    "replay.blocked.seat-you": NPC_(
        "blocked", "From your seat you play your own moves only: see the table from above."
    ),
    "replay.blocked.none": NPC_("blocked", "No move can be tried here."),
    # the exported page's status line (no kernel there to say it)
    "replay.page.move": NPC_("status", "Move {ply} of {length}: {text}."),
    "replay.page.move-side": NPC_("status", "Move {ply} of {length} (side line): {text}."),
    "replay.page.no-line": NPC_("status", "There is no such side line in this page."),
    "replay.page.copy": NPC_(
        "status", "This is a saved copy of the replay: open the record in a notebook to change it."
    ),
}
"""key -> (gettext context, English label)."""


def replay_strings() -> dict[str, str]:
    """The shared labels and the replay's own, in the language in force."""
    out = shared_strings()
    out.update({key: pgettext(context, message) for key, (context, message) in _LABELS.items()})
    for n, form in ((1, "one"), (2, "other")):
        out[f"replay.lines.{form}"] = ngettext("{count} side line", "{count} side lines", n)
        # from a seat the list stops at the cursor: later moves name cards not seen there yet
        out[f"replay.more.{form}"] = ngettext(
            "{count} more move to come: it shows as you step on",
            "{count} more moves to come: each shows as you step on",
            n,
        )
    return out


def mark_word(mark: str) -> str:
    """A mark's name in the language in force ("?!" -> "inaccuracy"), for screen readers."""
    label = _LABELS.get(f"replay.mark.{mark}")
    return mark if label is None else pgettext(*label)


__all__ = ["mark_word", "replay_strings"]
