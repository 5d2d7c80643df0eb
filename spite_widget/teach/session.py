"""A lesson being played: the UI-free object a LessonWidget (or a notebook user) drives.

It holds the lesson's live `Game`, takes the learner's moves, and after each one says
whether the goal is reached, or failed (the turn or the game ended without it, or no line
of play left in the turn reaches it), and why, in words a status line can show as they are.
Every answer speaks from the learner's seat: after the learner's turn ends, the opponent's
hand stays as hidden as at the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Concatenate, Literal, ParamSpec, TypeVar

from ..engine.cards import KING, RANK_OF, STACK_COMPLETE, Card, the_rank
from ..engine.errors import IllegalMoveError
from ..engine.game import Game
from ..engine.i18n import _, language, ngettext
from ..engine.moves import InvalidMoveError, Move
from ..engine.narrate import describe_move
from ..engine.rules import HAND_SIZE
from ..engine.state import PlayerView
from .explain import explain
from .lessons import MATCH_TARGET, Lesson, buries, moves_since, opponent_can_reach_payoff
from .lessons import lesson as lesson_by_id
from .position import explain_position

SEARCH_NODES = 4_000
"""Positions the goal search visits at most; beyond that a position is never called a dead end."""

Status = Literal["playing", "done", "failed"]


class _Unknown:
    """The answer of a goal search that grew too large to finish."""


_UNKNOWN = _Unknown()

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _speaking(
    method: Callable[Concatenate[LessonSession, _P], _R],
) -> Callable[Concatenate[LessonSession, _P], _R]:
    """Run a method in the lesson's language, so everything it says is in the lesson's words."""

    def inner(self: LessonSession, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with language(self.lesson.lang):
            return method(self, *args, **kwargs)

    inner.__name__, inner.__doc__ = method.__name__, method.__doc__
    return inner


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

    def __init__(self, lesson: Lesson | str) -> None:
        """`lesson`: a Lesson, or a lesson's id ("dig-out"), as `LessonWidget` takes it."""
        if isinstance(lesson, str):
            lesson = lesson_by_id(lesson)
        elif not isinstance(lesson, Lesson):
            raise TypeError(f"a LessonSession needs a Lesson or a lesson's id, not {type(lesson).__name__}")
        self.lesson = lesson
        """The lesson being played."""
        self.game: Game
        """The live game (its setup already played); read it, but play through `play`."""
        self.game, self.opening = lesson.opening()
        """What the setup's last move did (None without a setup): whom it made draw, and what."""
        self.start_ply = self.game.ply
        """The ply at which the learner took over."""
        with language(lesson.lang):
            self.message = _("Goal: {goal}").format(goal=lesson.goal.text)
        """The last thing said to the learner."""
        self._paths: dict[tuple[Move, ...], tuple[Move, ...] | _Unknown | None] = {}

    # ------------------------------------------------------------------ reading
    @property
    def status(self) -> Status:
        """`done` once the goal is met; `failed` once the learner's turn or the game ended
        without it, or no line of play left in this turn can reach it (a dead end)."""
        if self.lesson.goal_met(self.game, self.start_ply):
            return "done"
        if self.game.is_over or self.game.current_player != self.lesson.learner:
            return "failed"
        if self._given_up():
            return "failed"
        if self.dead_end:
            return "failed"
        return "playing"

    @property
    def dead_end(self) -> bool:
        """The goal can no longer be reached in this turn, whatever the learner plays."""
        return self.path_to_goal() is None

    def path_to_goal(self) -> tuple[Move, ...] | None:
        """The shortest line of the learner's moves from here that meets the goal.

        `()` when the goal is met, None when no line reaches it; a search too large to finish
        answers with the lesson's own solution path (never a false dead end). It plays the
        lesson's real game, as the lesson's author did when writing it.
        """
        found = self._search(self.game)
        if isinstance(found, _Unknown):
            return self._fallback_path()
        return found

    def _given_up(self, game: Game | None = None) -> bool:
        """The lesson's goal says it can no longer be met (without searching)."""
        failed = self.lesson.goal.failed
        return failed is not None and failed(self.game if game is None else game, self.start_ply)

    def _on_solution(self, played: tuple[Move, ...]) -> tuple[Move, ...] | None:
        """The rest of the lesson's solution when `played` follows it so far, else None."""
        solution = self.solution()
        if played == solution[: len(played)]:
            return solution[len(played) :]
        return None

    def _search(self, game: Game) -> tuple[Move, ...] | _Unknown | None:
        """The shortest line from `game` (a position of this lesson) that meets the goal: None
        when no line does, `_UNKNOWN` when the search grew past `SEARCH_NODES` (cached)."""
        key = game.moves
        if key not in self._paths:
            self._paths[key] = self._search_uncached(game.copy())
        return self._paths[key]

    def _search_uncached(self, game: Game) -> tuple[Move, ...] | _Unknown | None:
        lesson, start = self.lesson, self.start_ply
        if lesson.goal_met(game, start):
            return ()
        if self._given_up(game):
            return None
        if lesson.goal.failed is not None:  # a goal that says itself when it fails: no search
            rest = self._on_solution(moves_since(game, start))
            if rest is not None:
                return rest
        frontier: list[tuple[Move, ...]] = [()]
        seen = {game.state}
        visited = 0
        base = game.ply
        while frontier:
            nxt: list[tuple[Move, ...]] = []
            for line in frontier:
                for m in line:
                    game.play(m)
                if not game.is_over and game.current_player == lesson.learner:
                    for m in game.legal_moves():
                        game.play(m)
                        visited += 1
                        if lesson.goal_met(game, start):
                            return (*line, m)
                        state = game.state
                        if state not in seen and not self._given_up(game):
                            seen.add(state)
                            nxt.append((*line, m))
                        game.undo()
                while game.ply > base:
                    game.undo()
                if visited > SEARCH_NODES:
                    return _UNKNOWN
            frontier = nxt
        return None

    def _fallback_path(self) -> tuple[Move, ...] | None:
        """The rest of the solution when the learner is on it; else "unknown" as an empty line."""
        rest = self._on_solution(self.moves)
        return () if rest is None else rest

    def leads_to_goal(self, game: Game, move: Move) -> bool:
        """Can the goal still be met after the learner plays `move` in `game` (a position of
        this lesson, the learner to move)? Yes when the move follows the lesson's solution or a
        search finds a line from it; a search too large to finish counts as no."""
        line = (*moves_since(game, self.start_ply), move)
        if self._on_solution(line) is not None:
            return True
        after = game.copy()
        try:
            after.play(move)
        except IllegalMoveError:
            return False
        found = self._search(after)
        return found is not None and not isinstance(found, _Unknown)

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
        return moves_since(self.game, self.start_ply)

    def legal_moves(self) -> list[Move]:
        """The learner's legal moves, or [] once the lesson is done or failed."""
        return self.game.legal_moves() if self.status == "playing" else []

    @_speaking
    def explain(self, move: Move | str) -> str:
        """Why `move` is legal or not for the learner (from the learner's seat, whoever is to move)."""
        return explain(self.view, move, names=self.game.players)

    @_speaking
    def explain_position(self) -> str:
        """What the learner can do now (on the opponent's turn: only whose turn it is)."""
        return explain_position(self.view, names=self.game.players)

    @_speaking
    def hint(self) -> str:
        """A nudge for the position as it is now: the lesson's hint at the start, then the next step."""
        status = self.status
        if status == "done":
            return _("The goal is reached already.")
        if status == "failed":
            return self._why_failed() + " " + _("Undo the last move or reset to try again.")
        parts = [self.lesson.hint] if not self.moves else []
        step = self.next_step()
        if step is not None:
            parts.append(self._step_hint(step))
        return " ".join(parts) if parts else self.lesson.hint

    def next_step(self) -> Move | None:
        """The move a hint points at: the solution's next one while on its way, else the first
        move of the shortest line to the goal from here (None when there is none)."""
        if self.status != "playing":
            return None
        solution, played = self.solution(), self.moves
        if played == solution[: len(played)] and len(played) < len(solution):
            return solution[len(played)]
        path = self.path_to_goal()
        return path[0] if path else None

    def _step_hint(self, m: Move) -> str:
        """Where to look next, told as a question about one card (not the whole line)."""
        view = self.view
        if m.ends_turn:
            side = view.sides[view.player][m.target_index]
            if side:
                return _(
                    "Next: which card could end your turn on the {card} without burying anything you need?"
                ).format(card=side[-1].display)
            return _(
                "Next: which card could end your turn on an empty side stack without burying anything you need?"
            )
        size = view.center_sizes()[m.target_index]
        need = _("an Ace") if size == 0 else the_rank(size + 1)
        if m.source == "H":
            return _("Next: {stack} needs {need}. What in your hand can be that card?").format(
                stack=m.target, need=need
            )
        if m.source == "P":
            return _("Next: {stack} needs {need}. What on your pay-off pile can be that card?").format(
                stack=m.target, need=need
            )
        return _("Next: {stack} needs {need}. What on top of {source} can be that card?").format(
            stack=m.target, need=need, source=m.source
        )

    def solution(self) -> tuple[Move, ...]:
        """The moves that reach the goal from the lesson's start."""
        return tuple(Move.parse(m) for m in self.lesson.solution)

    # ------------------------------------------------------------------ acting
    @_speaking
    def play(self, move: Move | str) -> Feedback:
        """Try `move`: an illegal one is refused with the rule that forbids it (never raises)."""
        status = self.status
        if status != "playing":
            text = (
                _("The lesson is complete.")
                if status == "done"
                else _("This attempt is over: reset to try again.")
            )
            return Feedback(False, status, text)
        try:
            m = move if isinstance(move, Move) else Move.parse_human(move)
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
            self.message = (
                said
                + " "
                + _("Goal reached: {goal}").format(goal=self.lesson.goal.text)
                + self._score()
                + self._burying_note(m)
            )
            if self.lesson.debrief:
                self.message = self.message.rstrip(".") + ". " + self.lesson.debrief
        elif status == "failed":
            self.message = f"{said} {self._why_failed()} " + _("Undo the move or reset to try again.")
        else:
            self.message = said
        return Feedback(True, status, self.message, m)

    def _burying_note(self, m: Move) -> str:
        """A turn-ending discard that met the goal but buried one of the learner's cards, when
        another side stack would have buried nothing: said after the cheer (lesson "blocking"
        cheered a 9 put on the learner's own 8 beside an empty side stack)."""
        if not m.ends_turn or self.game.is_over:
            return ""
        before = self.game.copy()
        before.undo()
        sides = before.state.sides[before.state.current_player]
        if not buries(sides[m.target_index], m.card):
            return ""
        under = sides[m.target_index][-1]
        pile = f"S{m.target_index + 1}"
        onto = [i for i, stack in enumerate(sides) if stack and not buries(stack, m.card)]
        if onto:
            return " " + _(
                "One thing to mend: your {card} on {pile} buries your {top}; on {other_pile} it "
                "would have buried nothing."
            ).format(card=m.card.display, pile=pile, top=under.display, other_pile=f"S{onto[0] + 1}")
        empty = [i for i, stack in enumerate(sides) if not stack]
        if empty:
            return " " + _(
                "One thing to mend: your {card} on {pile} buries your {top}, while {other_pile} was empty."
            ).format(card=m.card.display, pile=pile, top=under.display, other_pile=f"S{empty[0] + 1}")
        return ""

    def _score(self) -> str:
        """The points of a won game, and the match total when the lesson is part of a match."""
        outcome = self.game.outcome
        me = self.lesson.learner
        if outcome is None or outcome.winner != me:
            return ""
        other = self.game.players[1 - me]
        text = " " + ngettext(
            "You win {n} point: one for each card left in {name}'s pay-off pile.",
            "You win {n} points: one for each card left in {name}'s pay-off pile.",
            outcome.points,
        ).format(n=outcome.points, name=other)
        if self.lesson.scores is not None:
            mine, theirs = self.lesson.scores[me], self.lesson.scores[1 - me]
            total = mine + outcome.points
            values = {"mine": mine, "n": outcome.points, "total": total, "name": other, "theirs": theirs}
            if total >= MATCH_TARGET:
                text += " " + _(
                    "Match: you {mine} + {n} = {total}, {name} {theirs}: past {target}, you win the match."
                ).format(target=MATCH_TARGET, **values)
            else:
                text += " " + _("Match: you {mine} + {n} = {total}, {name} {theirs}.").format(**values)
        return text

    def _why_failed(self) -> str:
        """Why this attempt can no longer reach the goal, in terms of the cards."""
        game = self.game
        why = self.lesson.goal.why_failed
        said = None if why is None else why(game, self.start_ply)
        if said:
            return said
        outcome = game.outcome
        if outcome is not None:
            text = outcome.describe(game.players)
            if outcome.winner is None:
                text += " " + _(
                    "Your hand was emptied while the stock held fewer than {n} cards, "
                    "so the refill could not be drawn."
                ).format(n=HAND_SIZE)
            return text
        last = game.last_move
        if last is None or game.current_player == self.lesson.learner:
            return self._why_dead(last)
        before = game.copy()
        before.undo()
        view = before.view(self.lesson.learner)
        reasons = []
        # Only moves that still lead to the goal are named: the lesson's way, or a line found from them.
        center = self._ways_on(before, [x for x in view.legal_moves() if x.to_center])
        top = view.payoff_tops[view.player]
        if top is not None and any(x.source == "P" for x in center):  # the pay-off card first: it wins
            reasons.append(_("your pay-off {card} could still be played").format(card=top.display))
        itself = next((x for x in center if x.source == "H" and x.card == last.card), None)
        if itself is not None:
            reasons.append(
                _("the {card} itself could have gone to {stack}").format(
                    card=last.card.display, stack=itself.target
                )
            )
        hand = next((x for x in center if x.source == "H" and x.card != last.card), None)
        if hand is not None:
            reasons.append(
                _("the {card} could still go to {stack}").format(card=hand.card.display, stack=hand.target)
            )
        side = next((x for x in center if x.source[0] == "S"), None)
        if side is not None:
            reasons.append(
                _("the {card} on top of {source} could still go to {stack}").format(
                    card=side.card.display, source=side.source, stack=side.target
                )
            )
        pile = view.sides[view.player][last.target_index]
        if pile and (RANK_OF[pile[-1]] == KING or RANK_OF[pile[-1]] != RANK_OF[last.card] + 1):
            reasons.append(
                _("the {card} buries the {top}").format(card=last.card.display, top=pile[-1].display)
            )
        if not reasons:
            return _("Your turn is over and the goal was not reached.")
        return _("Your turn is over and the goal was not reached: {reasons}.").format(
            reasons="; ".join(reasons[:3])
        )

    def _ways_on(self, game: Game, moves: list[Move]) -> list[Move]:
        """The `moves` (legal in `game`) from which the goal can still be met, the lesson's own
        next move first."""
        rest = self._on_solution(moves_since(game, self.start_ply))
        first = rest[0] if rest else None
        ordered = sorted(moves, key=lambda x: x != first)
        return [x for x in ordered if self.leads_to_goal(game, x)]

    def _opened_for_opponent(self, last: Move | None) -> str:
        """Said when the last move opened the way to the opponent's pay-off card (cards in view only)."""
        if last is None or not last.to_center:
            return ""
        other = 1 - self.lesson.learner
        before = self.game.copy()
        before.undo()
        if opponent_can_reach_payoff(before.state, other) or not opponent_can_reach_payoff(
            self.game.state, other
        ):
            return ""
        top = self.view.payoff_tops[other]
        if top is None:
            return ""
        name = self.game.players[other]
        shown = top.display
        return _(
            "With {stack} built up to {n}, {name} can now play their pay-off {card} "
            "using cards you can see on their side stacks."
        ).format(stack=last.target, n=len(self.game.state.centers[last.target_index]), name=name, card=shown)

    def _why_dead(self, last: Move | None) -> str:
        """Said at a dead end: what the last move spent, and the way back."""
        text = _("From here no line of play in this turn reaches the goal.")
        opened = self._opened_for_opponent(last)
        if opened:
            text += f" {opened}"
        elif last is not None and RANK_OF[last.card] == KING and last.to_center:
            completed = self.game.stock_after(self.game.ply) is not None
            size = self.view.center_sizes()[last.target_index]
            counted = the_rank(STACK_COMPLETE if completed else size)
            text += " " + _("Your {card} counted as {counted}: a King is spent once played.").format(
                card=last.card.display, counted=counted
            )
        elif last is not None and (payoff := self._took_payoff_place(last)) is not None:
            text += " " + _("The {card} took the place on {stack} that your pay-off {payoff} needed.").format(
                card=last.card.display, stack=last.target, payoff=payoff.display
            )
        elif last is not None:
            text += " " + _("The {card} went to {stack} too soon.").format(
                card=last.card.display, stack=last.target
            )
        return text

    def _took_payoff_place(self, last: Move) -> Card | None:
        """The learner's pay-off card, when `last` (a hand or side card to a center stack) took
        the rank it needed there; else None."""
        top = self.view.payoff_tops[self.lesson.learner]
        if top is None or not last.to_center or last.source == "P" or RANK_OF[last.card] == KING:
            return None
        return (
            top if RANK_OF[top] == RANK_OF[last.card] == self.view.center_sizes()[last.target_index] else None
        )

    @_speaking
    def undo(self) -> Move | None:
        """Take back the learner's last move (None when nothing was played since the start)."""
        if self.game.ply <= self.start_ply:
            return None
        move = self.game.undo()
        self.message = _("Took back {move}. Goal: {goal}").format(move=move, goal=self.lesson.goal.text)
        return move

    @_speaking
    def reset(self) -> None:
        """Back to the lesson's starting position."""
        while self.game.ply > self.start_ply:
            self.game.undo()
        self.message = _("Goal: {goal}").format(goal=self.lesson.goal.text)

    @_speaking
    def play_solution(self) -> Feedback:
        """Reset, then play the whole solution (to show it)."""
        self.reset()
        feedback = Feedback(False, self.status, self.message)
        for m in self.solution():
            feedback = self.play(m)
        return feedback

    # ------------------------------------------------------------------ display
    @_speaking
    def picture(self) -> str:
        """The learner's view of the table as SVG."""
        from ..render import table_svg

        return table_svg(self.view, names=self.game.players, you=self.lesson.learner)

    def _repr_svg_(self) -> str:
        return self.picture()

    def __repr__(self) -> str:
        return f"<LessonSession {self.lesson.id!r}: {self.status}, {len(self.moves)} moves>"
