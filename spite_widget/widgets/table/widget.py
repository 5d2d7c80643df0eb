"""`SpiteWidget`: the card table in a notebook, played with the mouse or the keyboard.

Python holds the only copy of the game (`w.game`, `w.match`); the browser gets, through a
few synced traits, the table as the player at the bottom may see it plus that player's
legal moves, and sends back what was clicked (`protocol.py` has the message shapes).
The computer's turn runs in a background thread, one move every `opponent_delay`
seconds, under a lock that every change to the table takes.

Two players at one screen (`opponent=None`, "hotseat"): whenever the turn passes, and at the
start of every game, the table is *covered*: the player to move is drawn at the bottom with
their hand face down (not sent at all, as the other hand never is) and no legal moves,
until "Show my hand" (the `reveal` message, or `w.reveal()`) is pressed by the player who
has taken the screen. So the player who has just ended a turn never sees the next hand.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import traitlets

from ...bots import BOT_NAMES, Bot, get_bot
from ...bots.protocol import BotLike, bot_name, is_spec
from ...engine.errors import IllegalMoveError
from ...engine.game import Game, Played
from ...engine.match import Match
from ...engine.moves import InvalidMoveError, Move
from ...engine.narrate import PILE_WORDS
from ...engine.state import GameState
from ..base import PythonOwnedWidget
from ..protocol import (
    ACTIONS,
    ClientMessage,
    LastMove,
    Score,
    StatusKind,
    as_moves,
    last_move,
    parse_client_message,
    table_view,
)
from .summary import TurnMove, summarize_turn

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.replay import RecordSource
    from ..replay import ReplayWidget

_STATIC = Path(__file__).resolve().parent.parent.parent / "static"

MoveCallback = Callable[[Move, int], object]
"""`callback(move, player)`: told about every move played on the table."""

_NOT_TARGETS = frozenset({"P", "H", "stock"})
"""Piles a card is never put on (the browser may still report a drop there)."""

_SOURCE_WORDS = {"P": "your pay-off card", "H": "from your hand"}


class SpiteWidget(PythonOwnedWidget[StatusKind]):
    """Spite & Malice at a card table: play a match against the computer or a friend."""

    owner = "table"

    _esm = _STATIC / "table.js"
    _css = _STATIC / "table.css"

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
    """"anywidget:<model id>" of the ReplayWidget the "review" button opened below the table ("" for none)."""
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
        **kwargs: Any,
    ) -> None:
        if isinstance(opponent, str) and opponent not in BOT_NAMES and not is_spec(opponent):
            raise ValueError(
                f"opponent must be one of {', '.join(BOT_NAMES)}, None, a module:MyBot spec or an object "
                f"with choose(view), not {opponent!r}"
            )
        if human not in (0, 1) or isinstance(human, bool):
            raise ValueError(f"human must be 0 or 1, not {human!r}")
        if not isinstance(opponent_delay, int | float) or opponent_delay < 0:
            raise ValueError(f"opponent_delay must be a number of seconds >= 0, not {opponent_delay!r}")
        super().__init__(**kwargs)
        self.opponent = opponent
        """The computer's level (or your own bot), or None for two players at one screen."""
        self.opponent_delay = float(opponent_delay)
        """Seconds between the computer's moves (0: it plays its whole turn at once)."""
        self.human = human
        """The seat of the person at the screen when playing the computer."""
        self._seed = seed
        self._busy = False
        self._generation = 0
        self._thread: threading.Thread | None = None
        self._last: LastMove | None = None
        self._played: Played | None = None
        """What the last move did (None with `_last`): the cards it drew go out as `drawn`."""
        self._undoable: list[int] = []
        self._turn: list[TurnMove] = []
        """The computer's moves so far in its turn, summed up in the status line at its end."""
        self._callbacks: list[MoveCallback] = []
        self._hint_bot: Bot | None = None
        self._shown_to: int | None = None
        """Two players at one screen: the player whose hand is in view (None: covered)."""
        self.errors: list[str] = []
        """Problems met outside any call of yours (a bot or a callback failing in the
        computer's turn); each is also shown in the status line."""
        self._bot, note = _make_bot(opponent, seed)
        if game is not None:
            if not isinstance(game, Game):
                raise TypeError(f"game must be a Game, not {type(game).__name__}")
            names = tuple(players) if players is not None else game.players
            if players is not None:
                game.players = (str(names[0]), str(names[1]))
            self.match = Match(target, seed, first_game=game)
        else:
            names = _default_names(opponent, human) if players is None else tuple(players)
            self.match = Match(target, seed, rules={"kings_start_stacks": kings_start_stacks}, players=names)
        """The match being played; `w.game` is its game in progress."""
        with self._lock:
            self._sync(self._turn_text(note), "turn")
            self._maybe_start_computer()

    # ------------------------------------------------------------------ public
    @property
    def game(self) -> Game:
        """The live game on the table."""
        return self.match.game

    @property
    def state(self) -> GameState:
        """A frozen snapshot of the whole table (hidden cards included: it stays in Python)."""
        return self.match.game.state

    @property
    def computer(self) -> int | None:
        """The computer's seat, or None for two players at one screen."""
        return None if self._bot is None else 1 - self.human

    @property
    def covered(self) -> bool:
        """True while a hotseat table waits for "Show my hand": the hand of the player to move
        is not sent to the browser, nor are their legal moves (always False against the computer)."""
        return self._bot is None and self._shown_to != self.game.current_player

    def reveal(self) -> None:
        """Press "Show my hand": send the hand and the legal moves of the player to move, who
        has taken the screen (two players at one screen). Does nothing when the hand is in
        view already; ValueError when there is nothing to show (against the computer, or once
        the game is over)."""
        with self._lock:
            reason = self._why_no_reveal()
            if reason is not None:
                raise ValueError(reason)
            if self.covered:
                self._reveal()

    def play(self, move: Move | str) -> None:
        """Play `move` for the player to move, as if clicked; IllegalMoveError says why not.

        With two players at one screen this works while the table is covered too: a script
        is not a person looking at the screen, so it needs no "Show my hand". The cover stays
        (the hand stays unsent) until someone presses it or calls `reveal()`.
        """
        with self._lock:
            if self._busy:
                raise IllegalMoveError("wait: the computer is playing its turn")
            if self.computer is not None and self.game.current_player == self.computer:
                raise IllegalMoveError("it is the computer's turn")
            self._play(move if isinstance(move, Move) else _parse(move), self.game.current_player)
            self._maybe_start_computer()

    @staticmethod
    def replay(record_or_game: RecordSource, perspective: int | None = None, **kwargs: Any) -> ReplayWidget:
        """A ReplayWidget of a record (dict or path), a Game or a Match: the same table, move by move."""
        from ..replay import ReplayWidget

        return ReplayWidget(record_or_game, perspective, **kwargs)

    def review(self) -> ReplayWidget:
        """A ReplayWidget of the game on the table (the moves so far, if it is not over)."""
        from ..replay import ReplayWidget

        with self._lock:
            return ReplayWidget(self.game)

    def on_move(self, callback: MoveCallback, remove: bool = False) -> None:
        """Call `callback(move, player)` after every move on this table (or stop with remove=True)."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def wait(self, timeout: float | None = None) -> None:
        """Block until the computer has finished its turn (for scripts and tests)."""
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)

    def next_game(self) -> None:
        """Deal the next game of the match (the current one must be over)."""
        with self._lock:
            if self._busy:
                raise ValueError("wait: the computer is playing its turn")
            self.match.next_game()
            self._new_table(f"Game {len(self.match.games)}. ")

    def new_match(self) -> None:
        """Start a new match, scores back to 0."""
        with self._lock:
            if self._busy:
                raise ValueError("wait: the computer is playing its turn")
            old = self.match
            seed = None if self._seed is None else self._seed + len(old.games) * 7919
            self.match = Match(old.target, seed, rules=self.game.rules, players=old.players)
            self._new_table("New match. ")

    def refresh(self) -> None:
        """Redraw after `w.game` was changed directly (w.game.play / w.game.undo); with two
        players at one screen the table is covered again (who is at the screen now?)."""
        with self._lock:
            self._shown_to = None
            self._seq += 1
            self._undoable.clear()
            self._last = self._played = None
            self._sync(self._turn_text(), "turn")
            self._maybe_start_computer()

    # ------------------------------------------------------------------ front end
    def _parse(self, content: object) -> ClientMessage:
        return parse_client_message(content)

    def _handle_custom_msg(self, content: Any, buffers: Any) -> None:
        """The "review" button (a replay's message, see replay_protocol.py), or a table message."""
        if isinstance(content, dict) and content.get("type") == "review":
            self._review_request(content)
            return
        super()._handle_custom_msg(content, buffers)

    def _review_request(self, content: dict[str, Any]) -> None:
        """The "review" button: show a ReplayWidget of the finished game below the table."""
        from ..replay.protocol import parse_review_request

        with self._lock:
            try:
                parse_review_request(content)
                if not self.game.is_over:
                    self._say(
                        "The review opens when the game is over (w.review() shows the moves so far).", "error"
                    )
                    return
                self._review_widget = self.review()
            except Exception as e:
                self._say(f"Could not open the review: {e}", "error")
                return
            number = len(self.match.games)
            outcome = self.game.outcome
            assert outcome is not None  # the game is over
            if outcome.winner is None:
                how = "a draw, the stock ran out"
            else:
                pts = outcome.points
                how = f"{self.match.players[outcome.winner]} won {pts} point{'s' if pts != 1 else ''}"
            with self.hold_sync():
                self.review_label = f"Replay of game {number}: {how}"
                self.review_ref = f"anywidget:{self._review_widget.model_id}"
            self._say(
                "The replay of this game is below the table: step through it and comment on it.", "info"
            )

    def _dispatch(self, msg: ClientMessage) -> None:
        if self._busy:
            self._say("Wait: the computer is playing its turn.", "error")
            return
        if msg["seq"] != self._seq:
            done = "no hand was shown" if msg["type"] == "reveal" else "nothing was played"
            self._say(f"That click was for an earlier position of the table, so {done}.", "error")
            return
        kind = msg["type"]
        if kind == "reveal":
            reason = self._why_no_reveal()
            if reason is not None:
                self._say(reason[0].upper() + reason[1:] + ".", "error")
            elif not self.covered:
                self._say("Your hand is already in view.", "error")
            else:
                self._reveal()
            return
        if self.covered and kind in ("move", "hint", "undo"):
            self._say(f"Show your hand first: {self._cover_text()}", "error")
            return
        if kind == "move":
            self._front_end_move(msg["move"])  # type: ignore[typeddict-item]
        elif kind == "hint":
            self._give_hint()
        elif kind == "undo":
            self._undo()
        elif kind == "next-game":
            if not self.game.is_over:
                self._say("The game is not over yet.", "error")
            elif self.match.is_over:
                self._say("The match is over: start a new match.", "error")
            else:
                self.next_game()
        elif kind == "new-match":
            self.new_match()

    def _front_end_move(self, text: str) -> None:
        try:
            move = Move.parse(text)
        except InvalidMoveError as e:
            target = text.rpartition(">")[2]
            if target in _NOT_TARGETS or target.startswith("O-"):
                self._say(
                    "Not allowed: cards only go to the center stacks (C1–C3) or, from your hand, "
                    "to your own side stacks (S1–S4).",
                    "error",
                )
            else:
                self._say(f"Not a move: {e}", "error")
            return
        player = self._bottom()
        if self.computer is not None and player != self.human:
            self._say("It is not your turn.", "error")
            return
        reason = self.game.why_illegal(move, player)
        if reason is not None:
            self._say(f"Not allowed: {reason}.", "error")
            return
        self._play(move, player)
        self._maybe_start_computer()

    # ------------------------------------------------------------------ playing
    def _play(self, move: Move, player: int) -> None:
        """Play a move (it raises IllegalMoveError, changing nothing, if illegal) and redraw."""
        game = self.game
        before = game.view(player)
        sizes = before.center_sizes()
        played = game.play(move, player=player)
        self._played = played
        if game.current_player != player:
            self._shown_to = None  # the turn passed: cover the table until the next player is at the screen
        name = self.match.players[player]
        who = "You" if self.computer is not None and player == self.human else name
        self._last = last_move(move, player, sizes, who)
        self._seq += 1
        drew = played.drawer == player and bool(played.drawn)  # an emptied hand refilled
        if move.ends_turn or drew or game.is_over or player == self.computer:
            self._undoable.clear()
        else:
            self._undoable.append(game.ply)
        if self.computer is not None:
            computer_to_move = not game.is_over and game.current_player == self.computer
            self._busy = computer_to_move  # set before the redraw, so one update carries it
        text, words = self._last["text"], self._last["words"]
        if player == self.computer:
            self._turn.append(TurnMove(move, tuple(sizes), drew))
            if move.ends_turn or game.is_over:  # say the whole turn, not only its last move
                who = self.match.players[player]
                text, words = summarize_turn(self._turn, who, len(game.state.payoffs[player]))
                self._turn = []
        if game.is_over:
            self._sync(text + ". " + self._end_text(), "over", words + ". " + self._end_text())
        elif move.ends_turn:
            self._sync(text + ". " + self._turn_text(), "turn", words + ". " + self._turn_text())
        else:
            more = " and drew 5 new cards" if drew else ""
            self._sync(text + more + ".", "info", words + more + ".")
        for callback in list(self._callbacks):
            try:
                callback(move, player)
            except Exception as e:
                self.errors.append(f"on_move callback {callback!r} raised {e!r}")
                self._say(f"An on_move callback failed: {e!r}", "error")

    def _maybe_start_computer(self) -> None:
        if self.computer is None or self.game.is_over or self.game.current_player != self.computer:
            return
        if not self._busy:
            self._busy = True
            self._sync(self._turn_text(), "info")
        self._turn = []
        generation = self._generation
        if self.opponent_delay <= 0:
            self._computer_turn(generation, 0.0)
        else:
            self._thread = threading.Thread(
                target=self._computer_turn, args=(generation, self.opponent_delay), daemon=True
            )
            self._thread.start()

    def _computer_turn(self, generation: int, delay: float) -> None:
        """Play the computer's whole turn, one move per `delay` seconds, then give the turn back."""
        seat = self.computer
        assert seat is not None and self._bot is not None
        try:
            while True:
                if delay:
                    time.sleep(delay)
                with self._lock:
                    game = self.game
                    if generation != self._generation:
                        return
                    if game.is_over or game.current_player != seat:
                        break
                    move = self._bot.choose(game.view(seat))
                    self._play(move, seat)
        except Exception as e:
            with self._lock:
                self.errors.append(f"the computer failed: {e!r}")
                self._busy = False  # and synced below: the buttons work again, nothing waits
                self._sync(f"The computer could not move ({e}). Start a new game or a new match.", "error")
            return
        with self._lock:
            if generation == self._generation and self._busy:
                self._busy = False
                self._sync()

    def _undo(self) -> None:
        if not self._can_undo():
            self._say("Nothing to take back: only your own moves in this turn can be undone.", "error")
            return
        move = self.game.undo()
        self._undoable.pop()
        self._seq += 1
        self._last = self._played = None
        self._sync(f"Took back {move.card.display} ({move}).", "info", f"Took back the {move.card.words}.")

    def _give_hint(self) -> None:
        game = self.game
        player = self._bottom()
        view = game.view(player)
        if not view.is_my_turn:
            self._say("A hint is for your own turn.", "error")
            return
        bot, note = self._hinter()
        if bot is None:
            self._say(note, "error")
            return
        move = bot.choose(view)
        self.hint = str(move)
        source = _SOURCE_WORDS.get(move.source, f"from side stack {move.source}")
        why = _sentence(bot.explain())
        text = f"Hint: {move.card.display} ({source}) on {move.target}." + (f" {why}" if why else "") + note
        said = f"Hint: the {move.card.words} ({source}) on {PILE_WORDS[move.target]}."
        self._say(text, "hint", said + (f" {why}" if why else "") + note)

    def _hinter(self) -> tuple[Bot | None, str]:
        if self._hint_bot is not None:
            return self._hint_bot, ""
        for name, note in (
            ("expert", ""),
            ("greedy", " (from the greedy bot: the expert is not installed yet)"),
        ):
            try:
                bot = get_bot(name, seed=self._seed)
            except ImportError:
                continue
            if not note:
                self._hint_bot = bot
            return bot, note
        return None, "Hints need the expert bot, which is not installed yet."

    def _why_no_reveal(self) -> str | None:
        """Why "Show my hand" cannot act now (None: it can, or the hand is in view already)."""
        if self._bot is not None:
            return "there is nothing to show: against the computer your hand is always in view"
        if self.game.is_over:
            return "the game is over: there is no hand to show"
        return None

    def _reveal(self) -> None:
        """Lift the cover: the player to move sees their hand and can play."""
        self._shown_to = self.game.current_player
        self._seq += 1
        self._sync(self._turn_text(), "turn")

    def _cover_text(self) -> str:
        name = self.match.players[self.game.current_player]
        return f"{name}'s turn: pass the screen to {name}, then press Show my hand."

    def _new_table(self, prefix: str) -> None:
        self._shown_to = None
        self._generation += 1
        self._seq += 1
        self._last = self._played = None
        self._undoable.clear()
        self._sync(prefix + self._turn_text(), "turn")
        self._maybe_start_computer()

    # ------------------------------------------------------------------ drawing
    def _bottom(self) -> int:
        """Who sits at the bottom: the person against the computer, else the player to move."""
        return self.human if self._bot is not None else self.game.current_player

    def _can_undo(self) -> bool:
        return (
            not self._busy
            and not self.covered
            and not self.game.is_over
            and bool(self._undoable)
            and self._undoable[-1] == self.game.ply
        )

    def _sync(self, text: str | None = None, kind: StatusKind = "info", words: str | None = None) -> None:
        """Send the table, the legal moves, the buttons and the scoreboard in one update."""
        game = self.game
        bottom = self._bottom()
        view = game.view(bottom)
        over = game.is_over
        covered = self.covered
        can_move = not self._busy and not covered and view.is_my_turn
        scores = self.match.scores
        score: Score = {
            "names": list(self.match.players),
            "scores": scores,
            "target": self.match.target,
            "game": len(self.match.games),
            "match_over": self.match.is_over,
            "match_winner": self.match.winner,
        }
        actions = {
            "reveal": covered and not over,
            "hint": can_move,
            "undo": self._can_undo(),
            "next-game": not self._busy and over and not self.match.is_over,
            "new-match": not self._busy,
        }
        assert set(actions) == set(ACTIONS)
        with self.hold_sync():
            self.table = dict(
                table_view(
                    view,
                    names=self.match.players,
                    seq=self._seq,
                    last=self._last,
                    played=self._played,
                    cover=covered,
                )
            )
            self.legal = as_moves(view.legal_moves()) if can_move else []
            self.actions = actions
            self.score = dict(score)
            self.busy = self._busy
            if self.hint and (not can_move or self.hint not in self.legal):
                self.hint = ""
            if text is not None:
                self._say(text, kind, words)

    def _say(self, text: str, kind: StatusKind, words: str | None = None) -> None:
        """The status always carries `words` (the table's live region reads them)."""
        super()._say(text, kind, words or text)

    def _turn_text(self, note: str = "") -> str:
        game = self.game
        if game.is_over:
            return self._end_text()
        p = game.current_player
        left = game.state.payoffs[p]
        if p == self.computer:
            return f"{self.match.players[p]} is playing…{note}"
        if self.covered:
            return self._cover_text() + note
        whose = "Your turn" if self.computer is not None else f"{self.match.players[p]}, your turn"
        return f"{whose}: {len(left)} pay-off card{'s' if len(left) != 1 else ''} to go.{note}"

    def _end_text(self) -> str:
        game, match = self.game, self.match
        names = match.players
        outcome = game.outcome
        assert outcome is not None
        if outcome.winner is None:
            head = "Draw: the stock ran out, nobody scores."
        else:
            winner = (
                "You" if self.computer is not None and outcome.winner == self.human else names[outcome.winner]
            )
            verb = (
                "emptied your pay-off pile and win"
                if winner == "You"
                else "emptied the pay-off pile and wins"
            )
            head = f"{winner} {verb} {outcome.points} point{'s' if outcome.points != 1 else ''}."
        a, b = match.scores
        tally = f"{names[0]} {a} – {b} {names[1]} (first to {match.target})"
        if match.is_over:
            champ = match.winner
            assert champ is not None
            who = "You win" if self.computer is not None and champ == self.human else f"{names[champ]} wins"
            return f"{head} {who} the match: {tally}."
        return f"{head} Match: {tally}. Next game when you are ready."


def _sentence(text: str) -> str:
    """A bot's explanation as a sentence of its own: "ends the turn..." -> "Ends the turn...."."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _parse(text: str) -> Move:
    try:
        return Move.parse(text)
    except InvalidMoveError as e:
        raise IllegalMoveError(str(e)) from None


def _default_names(opponent: str | BotLike | None, human: int) -> tuple[str, str]:
    if opponent is None:
        return ("Player 1", "Player 2")
    names = ["", ""]
    names[human] = "You"
    if not isinstance(opponent, str):
        names[1 - human] = bot_name(opponent)  # your own bot, by its name
    elif is_spec(opponent):
        names[1 - human] = opponent.rpartition(":")[2]
    else:
        names[1 - human] = f"{opponent.capitalize()} bot"
    return (names[0], names[1])


def _make_bot(opponent: str | BotLike | None, seed: int | None) -> tuple[Bot | None, str]:
    """The computer player, and a note for the status line when a level is not installed yet."""
    if opponent is None:
        return None, ""
    try:
        return get_bot(opponent, seed=seed), ""
    except ImportError:
        note = f" (The {opponent} bot is not installed yet: the computer plays random legal moves.)"
        return get_bot("random", seed=seed), note


__all__ = ["SpiteWidget"]
