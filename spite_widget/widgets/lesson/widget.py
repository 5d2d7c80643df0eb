"""`LessonWidget`: a lesson's text beside a live card table, played with the mouse or the keyboard.

A thin layer over `spite_widget.teach.LessonSession`: Python holds the lesson's game; the
browser gets, through a few synced traits, the lesson page, the table as the learner may see
it (built from the learner's `PlayerView`), the learner's legal moves and the status line,
and sends back what was clicked (`lesson_protocol.py` has the message shapes). Every move
and button is answered in the status line with the engine's words; the widget cheers when
the goal is reached and offers a reset when the attempt ends without it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import traitlets
from ipywidgets.widgets.widget import CallbackDispatcher

from ...engine.cards import STACK_COMPLETE
from ...engine.game import Game, Played
from ...engine.i18n import _, get_language, ngettext
from ...engine.moves import Move
from ...engine.names import shown_names
from ...engine.narrate import symbols_in_words
from ...teach import Feedback, Lesson, LessonSession, lesson, lessons
from ...teach.rulebook import RULES
from ..base import PythonOwnedWidget, front_end, speaking
from ..protocol import LastMove, as_moves, last_move, table_view, unreadable_drop
from .protocol import (
    LESSON_ACTIONS,
    LessonMessage,
    LessonPage,
    LessonStatusKind,
    Progress,
    markdown_blocks,
    parse_lesson_message,
)

GoalCallback = Callable[[Lesson], object]
"""`callback(lesson)`: told each time the learner reaches the lesson's goal."""


class LessonWidget(PythonOwnedWidget[LessonStatusKind]):
    """One lesson of Spite & Malice: read the rule, play it on a real table, be told why."""

    owner = "lesson"

    message_handlers: ClassVar[dict[str, str]] = {
        "move": "_on_move_message",
        "hint": "_on_hint",
        "solution": "_on_solution",
        "undo": "_on_undo",
        "reset": "_on_reset",
        "next-lesson": "_on_next_lesson",
    }
    """The browser's messages (lesson_protocol.LESSON_MESSAGE_TYPES) and the methods that act on them."""

    _esm = front_end("lesson.js")
    _css = front_end("lesson.css")

    page = traitlets.Dict().tag(sync=True)
    """lesson_protocol.LessonPage: the lesson's title, text (as plain-text blocks) and goal."""
    table = traitlets.Dict().tag(sync=True)
    """protocol.TableView: the table as the learner may see it (from the learner's PlayerView)."""
    legal = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The learner's legal moves now, as move strings ([] once the lesson is done or failed)."""
    status = traitlets.Dict().tag(sync=True)
    """lesson_protocol.LessonStatus: the status line."""
    progress = traitlets.Unicode("playing").tag(sync=True)
    """"playing", "done" (the goal is reached: the widget cheers) or "failed" (reset to retry)."""
    actions = traitlets.Dict().tag(sync=True)
    """Which buttons can act now: {"hint", "solution", "undo", "reset", "next-lesson"}: bool."""
    steps = traitlets.List(traitlets.Int(), [0, 0]).tag(sync=True)
    """[solution steps on the table, steps in the solution]: the first is the step the status
    line last showed, so the Solution button's next step is the one after it; 0 until the
    Solution button is pressed in this attempt, and again once the next press would start over."""
    hint = traitlets.Unicode("").tag(sync=True)
    """The move the last hint points at, outlined on the table until the table changes ("" for none)."""

    def __init__(
        self, lesson_or_id: Lesson | str = "build-from-ace", *, lang: str | None = None, **kwargs: Any
    ) -> None:
        super().__init__(lang=lang, **kwargs)
        with self._speaking():
            self._init(lesson_or_id)

    def _init(self, lesson_or_id: Lesson | str) -> None:
        self.session = LessonSession(_lesson_of(lesson_or_id))
        """The lesson being played (its `game` is the live table)."""
        self.errors: list[str] = []
        """Problems met outside any call of yours (an on_goal callback failing, a bug caught
        while answering the browser); each is also shown in the status line."""
        self._last: LastMove | None = None
        self._played: Played | None = self.session.opening
        """What the last move did (at the start: the setup's last move): the cards it drew are
        marked on the table."""
        self._goal_callbacks = CallbackDispatcher()
        self._handled: LessonMessage | None = None
        self._solution_shown = False
        """The Solution button was pressed in this attempt."""
        self._hint_at = -1
        self._sync(self._welcome(), "info")

    # ------------------------------------------------------------------ public
    @property
    def lesson(self) -> Lesson:
        """The lesson on the table."""
        return self.session.lesson

    @property
    def done(self) -> bool:
        """Whether the goal is reached."""
        return self.session.done

    @property
    def next_lesson_of_course(self) -> Lesson | None:
        """The lesson after this one in `lessons()`, or None for the last (or a lesson of your own)."""
        course = lessons()
        ids = [x.id for x in course]
        if self.lesson.id not in ids:
            return None
        i = ids.index(self.lesson.id)
        return course[i + 1] if i + 1 < len(course) else None

    @speaking
    def play(self, move: Move | str) -> Feedback:
        """Try `move` as if clicked; never raises: the Feedback (and the status line) say what happened."""
        if not isinstance(move, Move | str):
            raise TypeError(
                f"move must be a Move or a move string such as 'H:7s>S4', not {type(move).__name__}"
            )
        return self._try(move)

    def on_goal(self, callback: GoalCallback, remove: bool = False) -> None:
        """Call `callback(lesson)` whenever the goal is reached (or stop with remove=True)."""
        self._register(self._goal_callbacks, callback, remove, "on_goal")

    @speaking
    def give_hint(self) -> str:
        """The lesson's hint and what the position offers (also shown in the status line)."""
        status = self.session.status
        if status == "done":
            text = self._then_next(_("You have reached the goal already."))
            self._say(text, "done")
        elif status == "failed":
            text = _("This attempt is over: press Undo to take back your last move, or Reset to start again.")
            self._say(text, "failed")
        else:
            hint = self.session.hint()
            if self.session.moves and hint != self.session.lesson.hint:
                text = hint  # the next step alone, which names itself ("Next: C1 needs the 6. ...")
            else:
                text = _("Hint: {hint}").format(hint=hint)
            self._hint_at = self._seq
            with self.hold_sync():
                self.hint = self._next_move()
                self._say(text, "hint")
        return text

    def _next_move(self) -> str:
        """The move a hint points at (the one the hint's words are about)."""
        step = self.session.next_step()
        return str(step) if step is not None else ""

    @speaking
    def solution_step(self) -> Feedback:
        """Play the next move of the solution, explaining it (from the start if you went another way)."""
        session = self.session
        solution = session.solution()
        played = session.moves
        if session.status == "done":
            self._say(self._then_next(_("You have reached the goal already.")), "done")
            return Feedback(False, "done", self.status["text"])
        problem = session.lesson.solution_problem()  # a lesson of one's own, written wrong
        if problem is not None:
            self._say(
                _("This lesson's solution does not reach its goal: {why}.").format(why=problem), "error"
            )
            return Feedback(False, session.status, self.status["text"])
        prefix = ""
        if session.status != "playing" or tuple(played) != solution[: len(played)]:
            prefix = _("Back to the start, to show the solution.") + " " if played else ""
            session.reset()
            self._last, self._played = None, session.opening
            played = ()
        step = len(played)
        move = solution[step]
        why = _reason(session.explain(move))
        with self.hold_sync():  # the new table and its words reach the browser together
            self._solution_shown = True
            feedback = self._try(move, quiet=True)
            head = prefix + _("Solution, step {step} of {steps}: {text}").format(
                step=step + 1, steps=len(solution), text=feedback.text
            )
            if feedback.status == "done":
                self._sync(f"{head} {self._cheer()}", "done")
            else:
                self._sync(head + " " + _("Why: {why}").format(why=why), "solution")
        return feedback

    @speaking
    def undo(self) -> Move | None:
        """Take back the learner's last move (None, and the status line says so, if there is none)."""
        move = self.session.undo()
        if move is None:
            self._say(_("Nothing to take back: you have not moved yet in this attempt."), "error")
            return None
        self._new_table(
            _("Took back {card} ({move}). Goal: {goal}").format(
                card=move.card.display, move=move, goal=self.lesson.goal.text
            )
        )
        return move

    @speaking
    def reset(self) -> None:
        """Back to the lesson's starting position."""
        self.session.reset()
        self._solution_shown = False
        self._new_table(_("Back to the start. Goal: {goal}").format(goal=self.lesson.goal.text))

    @speaking
    def next_lesson(self) -> Lesson | None:
        """Move on to the next lesson of the course (None, said in the status line, after the last)."""
        following = self.next_lesson_of_course
        if following is None:
            self._say(_("This is the last lesson: you have seen every rule. Time for a real game!"), "info")
            return None
        self.set_lesson(following)
        return following

    @speaking
    def set_lesson(self, lesson_or_id: Lesson | str) -> None:
        """Put another lesson on the table (a Lesson or a lesson id)."""
        self.session = LessonSession(_lesson_of(lesson_or_id))
        self._solution_shown = False
        self._new_table(self._welcome())

    # ------------------------------------------------------------------ front end
    def _parse(self, content: object) -> LessonMessage:
        return parse_lesson_message(content)

    def _dispatch(self, msg: LessonMessage) -> None:
        """A message acts only on the table it was sent from (a double click is said to have
        changed nothing); then the method `message_handlers` names."""
        if msg["seq"] != self._seq:
            if msg == self._handled:
                kind: LessonStatusKind = self.status.get("kind", "info")
                self._say(
                    self.status.get("text", "")
                    + " "
                    + _("(A double click: the second one changed nothing.)"),
                    kind,
                )
            else:
                self._say(
                    _("That click was for an earlier position of the table, so nothing was changed."), "error"
                )
            return
        self._handled = msg
        super()._dispatch(msg)

    def _on_hint(self, msg: LessonMessage) -> None:
        self.give_hint()

    def _on_solution(self, msg: LessonMessage) -> None:
        self.solution_step()

    def _on_undo(self, msg: LessonMessage) -> None:
        self.undo()

    def _on_reset(self, msg: LessonMessage) -> None:
        self.reset()

    def _on_next_lesson(self, msg: LessonMessage) -> None:
        self.next_lesson()

    def _on_move_message(self, msg: LessonMessage) -> None:
        text: str = msg["move"]  # type: ignore[typeddict-item]
        refused = unreadable_drop(text)
        if refused is not None:
            kind, words = refused
            if kind == "never-on":  # a lesson quotes the rule too
                rule = RULES["no-other-move"]
                words += " " + _("Rule ({title}): \u201c{quote}\u201d").format(
                    title=_(rule.title), quote=_(rule.quote)
                )
            self._refuse(words)
            return
        self._try(text)

    # ------------------------------------------------------------------ playing
    def _try(self, move: Move | str, quiet: bool = False) -> Feedback:
        """Play through the session; redraw and tell the learner (quiet: the caller tells)."""
        session = self.session
        was = session.status
        view = session.view
        sizes = view.center_sizes()
        stock_before = view.stock_count
        recorder = _Recorder()
        game = session.game
        game.watch(recorder)  # for what the move did, told by the engine itself
        try:
            feedback = session.play(move)
        finally:
            game.watch(None)
        if not feedback.accepted:
            if quiet:
                pass
            elif was == "done":
                self._say(self._then_next(feedback.text), "done")
            elif was == "failed":  # the session's "reset to try again" forgets Undo: said once, whole
                self._say(_("This attempt is over: press Undo or Reset to try again."), "failed")
            else:
                self._say(feedback.text, "error")
            return feedback
        m = feedback.move
        played = recorder.played
        assert m is not None and played is not None and played.move == m
        self._last = last_move(m, self.lesson.learner, sizes, "You")
        self._played = played
        notes = []
        refilled = played.drawn and played.drawer == played.player and played.result is None
        if played.completed is not None:
            # the stock as the completion left it: a refill right after it is told next, with
            # the stock it left (14 then 9, not "now holds 9 (it held 2)" after 12 went in)
            held = stock_before + STACK_COMPLETE
            notes.append(
                ngettext(
                    "{pile} is complete: its {size} cards went back into the stock, "
                    "which now holds {n} card (it held {before}).",
                    "{pile} is complete: its {size} cards went back into the stock, "
                    "which now holds {n} cards (it held {before}).",
                    held,
                ).format(pile=played.completed, size=STACK_COMPLETE, n=held, before=stock_before)
            )
            if refilled:
                left = session.view.stock_count
                notes.append(
                    ngettext(
                        "Your hand was empty, so you drew 5 new cards from it ({n} card left) and play on.",
                        "Your hand was empty, so you drew 5 new cards from it ({n} cards left) and play on.",
                        left,
                    ).format(n=left)
                )
        elif refilled:
            notes.append(_("Your hand was empty, so you drew 5 new cards and play on."))
        text = feedback.text
        if notes:
            said, sep, rest = text.partition(". ")
            said = said if sep else said.removesuffix(".")  # one sentence: its own full stop
            text = f"{said}. {' '.join(notes)}" + (f" {rest}" if sep else "")
        feedback = Feedback(True, feedback.status, text, m)
        self._seq += 1
        if quiet:
            self._sync()
        elif feedback.status == "done":
            self._sync(f"{text} {self._cheer()}", "done")
        elif feedback.status == "failed":
            self._sync(text, "failed")
        else:
            self._sync(text, "info")
        if feedback.status == "done" and was != "done":
            self._goal_reached()
        return feedback

    def _goal_reached(self) -> None:
        self._goal_callbacks(self.lesson)

    def _refuse(self, text: str) -> None:
        status = self.session.status
        if status == "done":
            self._say(self._then_next(_("The lesson is complete.")), "done")
        elif status == "failed":
            self._say(_("This attempt is over: press Undo or Reset to try again."), "failed")
        else:
            self._say(text, "error")

    # ------------------------------------------------------------------ drawing
    def _new_table(self, text: str) -> None:
        self._seq += 1
        self._last = None
        self._played = self._drawn_at_start()
        self._sync(text, "info")

    def _drawn_at_start(self) -> Played | None:
        """At the lesson's start, what the setup's last move did (its cards drawn are marked)."""
        return None if self.session.moves else self.session.opening

    def _sync(
        self, text: str | None = None, kind: LessonStatusKind = "info", solution_step: bool = False
    ) -> None:
        """Send the page, the table, the legal moves and the buttons in one update."""
        session = self.session
        status: Progress = session.status
        view = session.view
        names = session.game.players
        following = self.next_lesson_of_course
        course = [x.id for x in lessons()]
        page: LessonPage = {
            "id": self.lesson.id,
            "title": self.lesson.title,
            "number": course.index(self.lesson.id) + 1 if self.lesson.id in course else 0,
            "count": len(course),
            "goal": self.lesson.goal.text,
            "text": markdown_blocks(self.lesson.text),
            "next_title": following.title if following is not None else None,
        }
        moved = session.game.ply > session.start_ply
        if not moved:
            self._solution_shown = False
        actions = {
            "hint": status == "playing",
            "solution": status != "done",
            "undo": moved,
            "reset": moved,
            "next-lesson": following is not None,
        }
        assert set(actions) == set(LESSON_ACTIONS)
        with self.hold_sync():
            if self.page != page:
                self.page = dict(page)
            self.table = dict(
                table_view(
                    view,
                    names=shown_names(names),  # "Você", "Bot guloso": a puzzle keeps its record's names
                    seq=self._seq,
                    last=self._last,
                    played=self._played,
                    you=self.lesson.learner,
                    labels=True,
                )
            )
            self.legal = as_moves(session.legal_moves())
            self.actions = actions
            self.progress = status
            self.steps = [self._solution_on_table(), len(self.lesson.solution)]
            if self._hint_at != self._seq or status != "playing":
                self.hint = ""
            if text is not None:
                self._say(text, kind)

    def _say(self, text: str, kind: LessonStatusKind, words: str | None = None, quiet: bool = False) -> None:
        """The status carries `words` too, cards named in words: the lesson's live region
        reads them to a screen reader."""
        super()._say(text, kind, words if words is not None else symbols_in_words(text), quiet)

    def _solution_on_table(self) -> int:
        """How many of the solution's moves are on the table, once the Solution button was
        pressed in this attempt: the step the next press shows is the one after. 0 before
        that press, and whenever the next press would start again from the start."""
        session = self.session
        played, solution = session.moves, session.solution()
        if not self._solution_shown or session.status == "failed" or played != solution[: len(played)]:
            return 0
        return len(played)

    def _welcome(self) -> str:
        return _("Goal: {goal} Pick a card, then the pile to put it on.").format(goal=self.lesson.goal.text)

    def _cheer(self) -> str:
        return self._then_next(_("Well done!"))

    def _then_next(self, sentence: str) -> str:
        """`sentence`, then what comes after a finished lesson (nothing after a puzzle)."""
        return " ".join(x for x in (sentence, self._after_done()) if x)

    def _after_done(self) -> str:
        following = self.next_lesson_of_course
        if following is None and self.lesson.id not in {x.id for x in lessons()}:
            return ""  # a lesson of your own or a puzzle: not the end of the course
        if following is None:
            return _("That was the last lesson: you know every rule now.")
        return _("Next lesson: {title}.").format(title=following.title)

    def _speak_again(self) -> None:
        """`lang` changed: the same lesson in the new language, the moves made so far played
        again on it (the learner keeps the position), and the goal said again."""
        old = self.session
        self.session = LessonSession(_lesson_of(old.lesson))
        for move in old.moves:
            self.session.play(move)
        self._last = None  # its sentence was in the old language
        self._played = self._drawn_at_start()
        self._sync(self._welcome(), "info")

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The live widget, plus a picture of the learner's table for a page without widgets.

        A notebook front end shows the widget (it ranks widget views first); a static
        rendering (GitHub, nbconvert without widget state) still shows the position.
        """
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        return {**data, "image/svg+xml": self.session.picture()}, metadata

    def __repr__(self) -> str:
        return f"LessonWidget({self.lesson.id!r}): {self.session.status}, {len(self.session.moves)} moves"


class _Recorder:
    """A GameWatcher for one move of the learner: keeps what it did (`Played`)."""

    played: Played | None = None

    def moving(self, game: Game, move: Move | None) -> None:
        pass

    def moved(self, game: Game, played: Played | None, undone: Move | None) -> None:
        self.played = played


def _lesson_of(lesson_or_id: Lesson | str) -> Lesson:
    """A lesson in the language in force: an id, or a Lesson (one of the course's is taken
    in the language in force; a lesson of your own, a puzzle's, stays as written)."""
    if isinstance(lesson_or_id, Lesson):
        if lesson_or_id.lang != get_language() and lesson_or_id in lessons(lesson_or_id.lang):
            return lesson(lesson_or_id.id)
        return lesson_or_id
    if isinstance(lesson_or_id, str):
        return lesson(lesson_or_id)
    raise TypeError(
        f"expected a Lesson or a lesson id such as 'kings-wild', not {type(lesson_or_id).__name__}"
    )


def _reason(explanation: str) -> str:
    """The reasoning of an explanation, without its "Legal:" verdict and the rule quoted after it."""
    text = explanation.split(" " + _("Rule ({title}): \u201c{quote}\u201d").split("{")[0], 1)[0]
    legal = _("Legal: {needs}, and your {card} {source} is that {rank}.").split("{")[0]
    for head in (legal, _("Not legal: {reason}.").split("{")[0]):
        if text.startswith(head):
            text = text[len(head) :]
    return text


__all__ = ["GoalCallback", "LessonWidget"]
