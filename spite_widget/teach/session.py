"""A lesson being played: the UI-free object a LessonWidget (or a notebook user) drives.

It holds the lesson's live `Game`, takes the learner's moves, and after each one says
whether the goal is reached, or failed (the turn or the game ended without it), in words
a status line can show as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..engine.errors import IllegalMoveError
from ..engine.game import Game
from ..engine.moves import InvalidMoveError, Move
from ..engine.narrate import describe_move
from ..engine.state import PlayerView
from .explain import explain
from .lessons import Lesson
from .position import explain_position

Status = Literal["playing", "done", "failed"]


@dataclass(frozen=True, slots=True)
class Feedback:
    """What happened to one attempted move, for a status line."""

    accepted: bool
    """Whether the move was played."""
    status: Status
    """The session's status after it: playing, done (goal reached) or failed."""
    text: str
    """What to tell the learner."""
    move: Move | None = None
    """The move, when it parsed."""


class LessonSession:
    """One attempt at a lesson: play moves, ask for a hint or the solution, reset, undo."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        """The lesson being played."""
        self.game: Game = lesson.new_game()
        """The live game (its setup already played); read it, but play through `play`."""
        self.start_ply = self.game.ply
        """The ply at which the learner took over."""
        self.message = f"Goal: {lesson.goal.text}"
        """The last thing said to the learner."""

    # ------------------------------------------------------------------ reading
    @property
    def status(self) -> Status:
        """`done` once the goal is met; `failed` once the learner's turn or the game ended without it."""
        if self.lesson.goal_met(self.game, self.start_ply):
            return "done"
        if self.game.is_over or self.game.current_player != self.lesson.learner:
            return "failed"
        return "playing"

    @property
    def done(self) -> bool:
        return self.status == "done"

    @property
    def failed(self) -> bool:
        return self.status == "failed"

    @property
    def goal(self) -> str:
        return self.lesson.goal.text

    @property
    def view(self) -> PlayerView:
        """The learner's view of the table (what a widget should draw)."""
        return self.game.view(self.lesson.learner)

    @property
    def moves(self) -> tuple[Move, ...]:
        """The learner's moves so far in this attempt."""
        return self.game.moves[self.start_ply :]

    def legal_moves(self) -> list[Move]:
        """The learner's legal moves, or [] once the lesson is done or failed."""
        return self.game.legal_moves() if self.status == "playing" else []

    def explain(self, move: Move | str) -> str:
        """Why `move` is legal or not here (the words of `spite_widget.explain`)."""
        return explain(self.game, move)

    def explain_position(self) -> str:
        return explain_position(self.game)

    def hint(self) -> str:
        """The lesson's hint, and what the position offers."""
        return f"{self.lesson.hint}\n{explain_position(self.game)}"

    def solution(self) -> tuple[Move, ...]:
        """The moves that reach the goal from the lesson's start."""
        return tuple(Move.parse(m) for m in self.lesson.solution)

    # ------------------------------------------------------------------ acting
    def play(self, move: Move | str) -> Feedback:
        """Try `move`: an illegal one is refused with the rule that forbids it (never raises)."""
        status = self.status
        if status != "playing":
            text = (
                "The lesson is complete." if status == "done" else "This attempt is over: reset to try again."
            )
            return Feedback(False, status, text)
        try:
            m = move if isinstance(move, Move) else Move.parse(move)
        except InvalidMoveError:
            self.message = explain(self.game, str(move))
            return Feedback(False, status, self.message)
        sizes = [len(c) for c in self.game.state.centers]
        try:
            self.game.play(m)
        except IllegalMoveError:
            self.message = explain(self.game, m)
            return Feedback(False, status, self.message, m)
        said = describe_move(m, sizes, "You").rstrip(".") + "."
        status = self.status
        if status == "done":
            self.message = f"{said} Goal reached: {self.lesson.goal.text}"
        elif status == "failed":
            self.message = f"{said} {self._why_failed()} Undo the move or reset to try again."
        else:
            self.message = said
        return Feedback(True, status, self.message, m)

    def _why_failed(self) -> str:
        outcome = self.game.outcome
        if outcome is not None:
            return outcome.describe(self.game.players)
        return "Your turn is over and the goal was not reached."

    def undo(self) -> Move | None:
        """Take back the learner's last move (None when nothing was played since the start)."""
        if self.game.ply <= self.start_ply:
            return None
        move = self.game.undo()
        self.message = f"Took back {move}. Goal: {self.lesson.goal.text}"
        return move

    def reset(self) -> None:
        """Back to the lesson's starting position."""
        while self.game.ply > self.start_ply:
            self.game.undo()
        self.message = f"Goal: {self.lesson.goal.text}"

    def play_solution(self) -> Feedback:
        """Reset, then play the whole solution (to show it)."""
        self.reset()
        feedback = Feedback(False, self.status, self.message)
        for m in self.solution():
            feedback = self.play(m)
        return feedback

    # ------------------------------------------------------------------ display
    def picture(self) -> str:
        """The learner's view of the table as SVG."""
        from ..render import table_svg

        return table_svg(self.view, names=self.game.players)

    def _repr_svg_(self) -> str:
        return self.picture()

    def __repr__(self) -> str:
        return f"<LessonSession {self.lesson.id!r}: {self.status}, {len(self.moves)} moves>"
