"""`SpiteWidget`: the card table in a notebook, played with the mouse or the keyboard.

Python holds the only copy of the game (`w.game`, `w.match`); the browser gets, through a
few synced traits, the table as the player at the bottom may see it plus that player's
legal moves, and sends back what was clicked (`protocol.py` has the message shapes).
What the table decides (the match, the cover below, undo, hints, the computer's moves and
every status sentence) is `TableSession`'s (session.py), which needs no widget; this class
adds the synced traits, the messages, and a background thread that plays the computer's
turn one move every `opponent_delay` seconds, under a lock that every change takes. The
widget watches the game (`Game.watch`), so `w.game.play(...)` and `w.game.undo()` reach the
table as clicks do.

Two players at one screen (`opponent=None`, "hotseat"): whenever the turn passes, and at the
start of every game, the table is *covered*: the player to move is drawn at the bottom with
their hand face down (not sent at all, as the other hand never is) and no legal moves,
until "Show my hand" (the `reveal` message, or `w.reveal()`) is pressed by the player who
has taken the screen. So the player who has just ended a turn never sees the next hand.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

import traitlets
from ipywidgets.widgets.widget import CallbackDispatcher

from ...bots.protocol import BotLike
from ...engine.errors import IllegalMoveError
from ...engine.game import Game, Played
from ...engine.i18n import _, language, pgettext
from ...engine.match import Match
from ...engine.moves import InvalidMoveError, Move
from ...engine.state import GameState
from ..base import PythonOwnedWidget, front_end
from ..protocol import (
    REVIEW_IN_A_CELL,
    ClientMessage,
    ReviewMessage,
    StatusKind,
    parse_client_message,
    unreadable_drop,
)
from .session import Say, TableSession, say

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.replay import RecordSource
    from ..replay import ReplayWidget


MoveCallback = Callable[[Move, int], object]
"""`callback(move, player)`: told about every move played on the table."""


class SpiteWidget(PythonOwnedWidget[StatusKind]):
    """Spite & Malice at a card table: play a match against the computer or a friend."""

    owner = "table"

    still_thinking_after: ClassVar[float] = 5.0
    """Seconds the computer may think over one move before the table says it is taking long
    and New match may give the game up (a bot of your own may be slow, or stuck)."""

    message_handlers: ClassVar[dict[str, str]] = {
        "move": "_on_move_message",
        "reveal": "_on_reveal",
        "hint": "_give_hint",
        "undo": "_on_undo",
        "next-game": "_on_next_game",
        "new-match": "_on_new_match",
        "review": "_review_request",
    }
    """The browser's messages (protocol.MESSAGE_TYPES) and the methods that act on them."""

    _esm = front_end("table.js")
    _css = front_end("table.css")

    table = traitlets.Dict().tag(sync=True)
    """protocol.TableView: the table as the player at the bottom may see it."""
    legal = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The bottom player's legal moves now, as move strings ([] when they cannot move)."""
    status = traitlets.Dict().tag(sync=True)
    """protocol.Status: the status line."""
    score = traitlets.Dict().tag(sync=True)
    """protocol.Score: the match scoreboard."""
    actions = traitlets.Dict().tag(sync=True)
    """Which buttons can act now: {"reveal": bool, "hint": bool, "undo": bool, "next-game": bool,
    "new-match": bool} ("reveal", "Show my hand", only while a hotseat table is covered)."""
    hint = traitlets.Unicode("").tag(sync=True)
    """The move the hint button suggests, highlighted on the table ("" for none)."""
    busy = traitlets.Bool(False).tag(sync=True)
    """True while the computer plays its turn (clicks are refused meanwhile)."""
    review_ref = traitlets.Unicode("").tag(sync=True)
    """"anywidget:<model id>" of the ReplayWidget the "review" button opened below the table;
    "cell" (protocol.REVIEW_IN_A_CELL) when the page said it could not show one there (a note
    there says how to open it from a cell, until the next table); "" for none."""
    review_call = traitlets.Unicode("w.review()").tag(sync=True)
    """How the note below the table says to open the review from a cell: with the table's own
    name in the notebook ("table.review()"), or "w.review()" when it has none there."""
    review_label = traitlets.Unicode("").tag(sync=True)
    """The heading over that replay, saying which game it is ("Replay of game 1: ..."): after
    Next game it stays under the new table, and this keeps it from passing for the new game."""

    def __init__(
        self,
        opponent: str | BotLike | None = "greedy",
        seed: int | None = None,
        *,
        kings_start_stacks: bool = False,
        target: int = 50,
        opponent_delay: float = 0.6,
        game: Game | None = None,
        players: Sequence[str] | None = None,
        human: int = 0,
        lang: str | None = None,
        **kwargs: Any,
    ) -> None:
        if not isinstance(opponent_delay, int | float) or opponent_delay < 0:
            raise ValueError(f"opponent_delay must be a number of seconds >= 0, not {opponent_delay!r}")
        session = TableSession(
            opponent,
            seed,
            kings_start_stacks=kings_start_stacks,
            target=target,
            game=game,
            players=players,
            human=human,
        )
        super().__init__(lang=lang, **kwargs)
        self.session = session
        """The match at this table, without the widget: cover, undo, hints, the computer's
        turn and the status line (`TableSession`)."""
        self.opponent_delay = float(opponent_delay)
        """Seconds between the computer's moves (0: it plays its whole turn at once)."""
        self._generation = 0
        self._review_widget: ReplayWidget | None = None
        """The replay opened below the table by its Review game button."""
        self._thread: threading.Thread | None = None
        self._new_match_asked: int | None = None
        """The status id of "press New match again", while that is what the player sees."""
        self._asked = 0
        """Counts the computer's moves asked for, and answered (see `_ask`)."""
        self._move_callbacks = CallbackDispatcher()
        self.errors: list[str] = []
        """Problems met outside any call of yours (a bot or a callback failing in the
        computer's turn); each is also shown in the status line."""
        with self._speaking():
            session.watch_with(self)
            self._sync(say(session.turn_text(), "turn"))
            self._maybe_start_computer(told=True)

    # ------------------------------------------------------------------ public
    @property
    def opponent(self) -> str | BotLike | None:
        """The computer's level (or your own bot), or None for two players at one screen."""
        return self.session.opponent

    @property
    def human(self) -> int:
        """The seat of the person at the screen when playing the computer."""
        return self.session.human

    @property
    def match(self) -> Match:
        """The match being played; `w.game` is its game in progress."""
        return self.session.match

    @property
    def game(self) -> Game:
        """The live game on the table: a move or an undo made on it reaches the table (and
        starts the computer's turn) exactly as a click does, or is refused as a click is."""
        return self.session.game

    @property
    def state(self) -> GameState:
        """A frozen snapshot of the whole table (hidden cards included: it stays in Python)."""
        return self.session.state

    @property
    def computer(self) -> int | None:
        """The computer's seat, or None for two players at one screen."""
        return self.session.computer

    @property
    def covered(self) -> bool:
        """True while a hotseat table waits for "Show my hand": the hand of the player to move
        is not sent to the browser, nor are their legal moves (always False against the computer)."""
        return self.session.covered

    def reveal(self) -> None:
        """Press "Show my hand": send the hand and the legal moves of the player to move, who
        has taken the screen (two players at one screen). Does nothing when the hand is in
        view already; ValueError when there is nothing to show (against the computer, or once
        the game is over)."""
        with self._speaking():
            reason = self.session.why_no_reveal()
            if reason is not None:
                raise ValueError(reason)
            if self.covered:
                self._sync(self.session.reveal())

    def play(self, move: Move | str) -> None:
        """Play `move` for the player to move, as if clicked; IllegalMoveError says why not.

        With two players at one screen this works while the table is covered too: a script
        is not a person looking at the screen, so it needs no "Show my hand". The cover stays
        (the hand stays unsent) until someone presses it or calls `reveal()`.
        """
        with self._speaking():
            parsed = move if isinstance(move, Move) else _parse(move)
            self.session.check(self.game, parsed)  # whose turn it is, before whether the card may go
            self.session.play(parsed)

    @staticmethod
    def replay(record_or_game: RecordSource, perspective: int | None = None, **kwargs: Any) -> ReplayWidget:
        """A ReplayWidget of a record (dict or path), a Game or a Match: the same table, move by move."""
        from ..replay import ReplayWidget

        return ReplayWidget(record_or_game, perspective, **kwargs)

    def review(self) -> ReplayWidget:
        """A ReplayWidget of the game on the table. Over, it is seen from above, with side lines
        and the expert's review; still being played, its moves so far are seen from the bottom
        player's seat only (`seat_only`): from above it would show the other hand, and a side
        line would draw the stock's next cards. A covered table (two players at one screen)
        refuses until Show my hand: the seat would be the covered player's."""
        from ..replay import ReplayWidget

        with self._speaking():
            if self.game.is_over:
                return ReplayWidget(self.game)
            if self.covered:
                raise ValueError(
                    "the table is covered: press Show my hand first (the review of a game in play "
                    "shows the hand of the player to move)"
                )
            seat = self.session.bottom
            return ReplayWidget(self.game, perspective=seat, seat_only=True)

    def on_move(self, callback: MoveCallback, remove: bool = False) -> None:
        """Call `callback(move, player)` after every move on this table (or stop with remove=True)."""
        self._register(self._move_callbacks, callback, remove, "on_move")

    def wait(self, timeout: float | None = None) -> None:
        """Block until the computer has finished its turn (for scripts and tests)."""
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)

    def next_game(self) -> None:
        """Deal the next game of the match (the current one must be over)."""
        with self._speaking():
            if self.session.busy:
                raise ValueError("wait: the computer is playing its turn")
            self._new_table(self.session.next_game())

    def new_match(self) -> None:
        """Start a new match, scores back to 0 (also while the computer takes long over a move)."""
        with self._speaking():
            if self.session.busy and not self.session.stalled:
                raise ValueError("wait: the computer is playing its turn")
            self._new_table(self.session.new_match())

    def refresh(self) -> None:
        """Redraw from the game as it is; with two players at one screen the table is covered
        again (who is at the screen now?). Moves made on `w.game` need no refresh: they reach
        the table by themselves."""
        with self._speaking():
            self._sync(self.session.refresh())
            self._maybe_start_computer(told=True)

    # ------------------------------------------------------------------ the game's watcher
    def moving(self, game: Game, move: Move | None) -> None:
        """Before any move or take-back on the game, by any caller: refused as a click would be."""
        with self._speaking():
            self.session.check(game, move)

    def moved(self, game: Game, played: Played | None, undone: Move | None) -> None:
        """After it: the table redrawn, the callbacks told, the computer's turn started."""
        with self._speaking():
            if not self.session.on_table(game):
                return
            self._sync(self.session.record(game, played, undone))
            if played is not None:
                self._move_callbacks(played.move, played.player)
            if not self.session.computer_moving:
                self._maybe_start_computer()

    # ------------------------------------------------------------------ front end
    def _parse(self, content: object) -> ClientMessage:
        return parse_client_message(content)

    def _dispatch(self, msg: ClientMessage) -> None:
        """A table message acts only on the table it was sent from, and not during the
        computer's turn nor, but for "Show my hand", on a covered table; then its handler."""
        kind = msg["type"]
        if kind != "review":  # the review of a finished game may be asked for at any time
            if self.session.busy and not (kind == "new-match" and self.session.stalled):
                self._say(_("Wait: the computer is playing its turn."), "error")
                return
            if msg["seq"] != self.session.seq:
                if kind == "reveal":
                    self._say(
                        _("That click was for an earlier position of the table, so no hand was shown."),
                        "error",
                    )
                elif kind == "move":
                    self._say(
                        _("That click was for an earlier position of the table, so nothing was played."),
                        "error",
                    )
                else:  # a button: Undo, Hint, Next game, New match
                    self._say(
                        _("That click was for an earlier position of the table, so nothing was changed."),
                        "error",
                    )
                return
            if self.covered and kind in ("move", "hint", "undo"):
                self._say(_("Show your hand first: {cover}").format(cover=self.session.cover_text()), "error")
                return
        super()._dispatch(msg)

    def _on_reveal(self, msg: ClientMessage) -> None:
        reason = self.session.why_no_reveal()
        if reason is not None:
            self._say(reason[0].upper() + reason[1:] + ".", "error")
        elif not self.covered:
            self._say(_("Your hand is already in view."), "error")
        else:
            self._sync(self.session.reveal())

    def _on_undo(self, msg: ClientMessage) -> None:
        if not self.session.can_undo():
            if self.session.stopped_by_draw():
                self._say(_("Nothing to take back: moves made before drawing cannot be taken back."), "error")
            else:
                self._say(_("Nothing to take back: only your own moves in this turn can be undone."), "error")
            return
        self.session.undo()

    def _on_next_game(self, msg: ClientMessage) -> None:
        if not self.game.is_over:
            self._say(_("The game is not over yet."), "error")
        elif self.match.is_over:
            self._say(_("The match is over: start a new match."), "error")
        else:
            self.next_game()

    def _on_new_match(self, msg: ClientMessage) -> None:
        """One click would throw away a game in progress or a match score (the button sits
        beside Next game): it asks first, and a second press right after starts afresh (not
        after anything else: a hint, or a card picked up or put back, whose words the browser
        says itself and tells of with `own_words`)."""
        game, scores = self.game, self.match.scores
        in_progress = not game.is_over and game.ply > 0
        asked = self._new_match_asked == self.status.get("id") and not msg.get("own_words", False)
        if (in_progress or any(scores)) and not asked:
            a, b = scores
            if not in_progress:
                ask = _("Press New match again to start over: the score ({a}–{b}) goes back to 0–0.").format(
                    a=a, b=b
                )
                if game.is_over:  # the result stays in view, the question after it
                    ask = self.session.end_text() + " " + ask
            elif any(scores):
                ask = _(
                    "Press New match again to start over: this game is given up and the score ({a}–{b}) goes back to 0–0."
                ).format(a=a, b=b)
            else:
                ask = _("Press New match again to start over: this game is given up.")
            self._say(ask, "info")
            self._new_match_asked = self.status.get("id")
            return
        self._new_match_asked = None
        self.new_match()

    def _on_move_message(self, msg: ClientMessage) -> None:
        text: str = msg["move"]  # type: ignore[typeddict-item]
        refused = unreadable_drop(text)
        if refused is not None:
            self._say(refused[1], "error")
            return
        move = Move.parse(text)
        player = self.session.bottom
        if self.computer is not None and player != self.human:
            self._say(_("It is not your turn."), "error")
            return
        reason = self.game.why_illegal(move, player)
        if reason is not None:
            self._say(_("Not allowed: {reason}.").format(reason=reason), "error")
            return
        self.session.play(move, player)

    def _review_call(self) -> str:
        """ "table.review()" with a name this table has in the notebook (IPython's namespace),
        so that the words can be run as they are; "w.review()", as the README names a table,
        when it has none there."""
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - ipywidgets brings IPython
            return "w.review()"
        namespace = getattr(get_ipython(), "user_ns", None) or _marimo_globals()
        named = [(k, v) for k, v in list(namespace.items()) if k.isidentifier() and not k.startswith("_")]
        # the table's own name, else a wrapper's that passes calls on to it (marimo's
        # `table = mo.ui.anywidget(SpiteWidget(...))`, as the README writes it)
        names = [k for k, v in named if v is self] or [
            k for k, v in named if getattr(v, "widget", None) is self
        ]
        return f"{names[0]}.review()" if names else "w.review()"

    def _review_in_a_cell(self, call: str) -> None:
        """Point to `call` (run in a cell, it makes and shows the replay) beside the result."""
        with self.hold_sync():
            self.review_call = call
            self.review_ref = REVIEW_IN_A_CELL
            self._say(
                self.session.end_text()
                + " "
                + pgettext("note", "Run {call} in a cell to step through this game.").format(call=call),
                "over",
            )

    def _give_hint(self, msg: ClientMessage) -> None:
        said, move = self.session.hint()
        with self.hold_sync():
            if move:
                self.hint = move
            self._say(*said)

    def _review_request(self, msg: ClientMessage) -> None:
        """The "review" button: show a ReplayWidget of the finished game below the table, or,
        when the page cannot show one there (`inline`: false), say how to open it from a cell."""
        call = self._review_call()
        if not self.game.is_over:
            said = (
                _(
                    "The review opens when the game is over ({call} shows the moves so far after Show my hand)."
                )
                if self.covered  # it shows the hand of the player to move: refused while covered
                else _("The review opens when the game is over ({call} shows the moves so far).")
            )
            self._say(said.format(call=call), "error")
            return
        if not cast(ReviewMessage, msg).get("inline", True):
            # no widget is made for a page that cannot show it: w.review() in a cell makes one
            self._review_in_a_cell(call)
            return
        try:
            review = self.review()
        except Exception as e:
            if _raised_by_marimo(e):
                # marimo cannot make a widget outside a cell's run (it asserts it has no cell to
                # attach the replay's module to): there a cell makes the replay
                self._review_in_a_cell(call)
            else:
                self._say(
                    _("Could not open the review: {error}").format(error=str(e) or type(e).__name__), "error"
                )
            return
        old, self._review_widget = self._review_widget, review
        if old is not None:  # the replay it replaces below the table is shown nowhere now
            old.close()
        with self.hold_sync():
            self.review_label = self.session.review_label()
            self.review_ref = f"anywidget:{review.model_id}"
        # the result stays in view; the replay is pointed to after it
        end = self.session.end_text()
        self._say(
            end + " " + _("The replay of this game is below the table: step through it and comment on it."),
            "over",
        )

    # ------------------------------------------------------------------ the computer's turn
    def _maybe_start_computer(self, told: bool = False) -> None:
        """`told`: the status line just said whose turn it is ("Game 2. Bo is playing…"); the
        turn's start then changes the table only, so that a screen reader hears that line
        whole, not cut short by "Bo is playing…" alone."""
        if not self.session.computer_to_move:
            return
        said = self.session.start_computer_turn()
        if said is not None:
            self._sync(None if told else said)
        generation = self._generation
        if self.opponent_delay <= 0:
            self._computer_turn(generation, 0.0)
        else:
            self._thread = threading.Thread(
                target=self._computer_turn, args=(generation, self.opponent_delay), daemon=True
            )
            self._thread.start()

    def _computer_turn(self, generation: int, delay: float) -> None:
        """Play the computer's whole turn, one move per `delay` seconds, then give the turn back.

        With a delay (in its own thread), the bot chooses without the widget's lock, so a slow
        bot of your own leaves the table, its messages and the kernel free; after
        `still_thinking_after` seconds on one move the status says so and New match may give
        the game up. A move chosen for a table that has moved on since is dropped."""
        session = self.session
        try:
            while True:
                if delay:
                    time.sleep(delay)
                with self._speaking():
                    if generation != self._generation:
                        return
                    if not session.computer_to_move:
                        break
                    if not delay:  # the caller holds the lock: nothing to free
                        session.computer_step()
                        continue
                    bot, view, ply = session.computer_asks()
                move = self._ask(bot, view, generation)
                with self._speaking():
                    if generation != self._generation:
                        return
                    if session.computer_to_move and session.game.ply == ply:  # else played already
                        session.computer_plays(move, ply)
                    if not session.computer_to_move:
                        break  # the turn is given back now, not after one more pause
        except Exception as e:
            with self._speaking():
                if generation != self._generation:
                    return  # a bot given up by New match: the new table is not its business
                self.errors.append(f"the computer failed: {e!r}")
                self._sync(session.computer_failed(e))  # the buttons work again, nothing waits
            return
        with self._speaking():
            if generation == self._generation and session.busy:
                session.end_computer_turn()
                self._sync()

    def _ask(self, bot: Any, view: Any, generation: int) -> Move:
        """The bot's move, asked in the table's language and without its lock."""
        with self._lock:
            self._asked += 1
            asked = self._asked
        timer = threading.Timer(self.still_thinking_after, self._still_thinking, args=(generation, asked))
        timer.daemon = True
        timer.start()
        try:
            with language(self.lang):
                move: Move = bot.choose(view)
            return move
        finally:
            timer.cancel()
            with self._lock:
                self._asked += 1  # what the timer may still say is about a move now chosen

    def _still_thinking(self, generation: int, asked: int) -> None:
        with self._speaking():
            if generation == self._generation and asked == self._asked and self.session.busy:
                self._sync(self.session.still_thinking())

    def close(self) -> None:
        """Close the table: the computer's turn under way stops (it played on, closed), and the
        replay opened below it closes too."""
        if hasattr(self, "_review_widget"):  # (not a table whose making failed, dropped)
            with self._speaking():
                self._generation += 1
                review, self._review_widget = self._review_widget, None
            if review is not None:
                review.close()
        super().close()

    # ------------------------------------------------------------------ drawing
    def _speak_again(self) -> None:
        """`lang` changed: the table's words, the scoreboard and the status line again."""
        self.session.last = None if self.session.last is None else self._last_again()
        if self.review_label and self.game.is_over:
            self.review_label = self.session.review_label()
        review = self._review_widget
        if review is not None:  # the replay opened below the table speaks it too
            review.lang = self.lang
        self._sync(say(self.session.turn_text(), "turn"))

    def _last_again(self) -> Any:
        """The last move's sentence in the new language (the table shows it)."""
        return self.session.last_again()

    def _new_table(self, said: Say) -> None:
        self._generation += 1
        with self.hold_sync():
            if self.review_ref == REVIEW_IN_A_CELL:  # its "this game" is not the new table's
                self.review_ref = ""
            self._sync(said)
        self._maybe_start_computer(told=True)

    def _sync(self, said: Say | None = None) -> None:
        """Send the table, the legal moves, the buttons and the scoreboard in one update."""
        frame = self.session.frame()
        with self.hold_sync():
            self.table = dict(frame.table)
            self.legal = frame.legal
            self.actions = frame.actions
            self.score = dict(frame.score)
            self.busy = frame.busy
            if self.hint and (not frame.can_move or self.hint not in frame.legal):
                self.hint = ""
            if said is not None:
                self._say(*said)

    def _say(self, text: str, kind: StatusKind, words: str | None = None, quiet: bool = False) -> None:
        """The status always carries `words` (the table's live region reads them), and
        `quiet` when it is not to be read (a move inside the computer's turn)."""
        super()._say(text, kind, words or text, quiet)


def _parse(text: str) -> Move:
    """A move as a person types it in a cell: "H:10♠>S1" and "h:ts>s1" as well as "H:Ts>S1"
    (as a lesson takes them)."""
    try:
        return Move.parse_human(text)
    except InvalidMoveError as e:
        raise IllegalMoveError(str(e)) from None


__all__ = ["MoveCallback", "SpiteWidget"]


def _marimo_globals() -> dict[str, Any]:
    """The variables of a marimo notebook running this table (its cells' globals), else {}:
    there the table's name is found as it is in IPython's namespace."""
    context = sys.modules.get("marimo._runtime.context")
    if context is None:
        return {}
    try:
        return dict(context.get_context().globals)
    except Exception:  # not inside marimo's kernel, or its private API changed
        return {}


def _raised_by_marimo(error: BaseException) -> bool:
    """Did `error` come from inside marimo (its code in the traceback)?"""
    tb = error.__traceback__
    while tb is not None:
        if f"{os.sep}marimo{os.sep}" in tb.tb_frame.f_code.co_filename:
            return True
        tb = tb.tb_next
    return False
