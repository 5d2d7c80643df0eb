"""The Solution button's label ("Next step (k/n)", from the `steps` trait) and the status line
("Solution, step k of n") always tell the same step, whatever the learner did in between."""

from __future__ import annotations

import re

import pytest

from spite_widget import LessonWidget

from .conftest import FrontEnd

STEP = re.compile(r"Solution, step (\d+) of (\d+)")


def button_step(w: LessonWidget) -> int | None:
    """The step the Solution button names, as the front end labels it (None: plain "Solution")."""
    shown, total = w.steps
    return shown + 1 if 0 < shown < total else None


def press_solution_and_check(w: LessonWidget, b: FrontEnd) -> int:
    """Press Solution: the step shown is the one the button named, and the button then names
    the step after it. Returns the step shown."""
    named = button_step(w)
    b.press("solution")
    found = STEP.search(b.status)
    assert found is not None, b.status
    step, total = int(found[1]), int(found[2])
    if named is not None:
        assert step == named, (w.steps, b.status)
    assert w.steps == [step, total], (w.steps, b.status)
    if step < total:
        assert button_step(w) == step + 1
    return step


def test_after_a_restart_the_button_counts_from_the_first_step_again() -> None:
    """The reviewer's case: Solution twice, a wrong end of turn, Solution again."""
    w = LessonWidget("kings-wild")
    b = FrontEnd(w)
    assert press_solution_and_check(w, b) == 1
    assert press_solution_and_check(w, b) == 2
    b.move("H:8h>S1")  # ends the turn without the goal
    assert w.progress == "failed"
    assert button_step(w) is None  # the next press starts over: the button says "Solution"
    b.press("solution")
    assert b.status.startswith("Back to the start, to show the solution. Solution, step 1 of 4")
    assert w.steps == [1, 4] and button_step(w) == 2


ACTIONS: dict[str, list[str]] = {
    "fail then solution": ["solution", "solution", "H:8h>S1", "solution", "solution"],
    "undo then solution": ["solution", "solution", "undo", "solution", "solution"],
    "detour then solution": ["solution", "H:Kc>C1", "solution", "solution"],
    "own moves then solution": ["solution", "H:2h>C1", "solution", "solution"],
    "reset then solution": ["solution", "solution", "reset", "solution"],
    "undo to the start": ["solution", "undo", "solution", "solution"],
}


@pytest.mark.parametrize("actions", list(ACTIONS.values()), ids=list(ACTIONS))
def test_the_button_and_the_status_line_agree_after_any_detour(actions: list[str]) -> None:
    w = LessonWidget("kings-wild")
    b = FrontEnd(w)
    for action in actions:
        if action == "solution":
            press_solution_and_check(w, b)
        elif action in ("undo", "reset"):
            b.press(action)
        else:
            b.move(action)
        shown = w.steps[0]
        played, solution = w.session.moves, w.session.solution()
        if shown:  # the steps on the table are the solution's first moves
            assert played == solution[:shown] and w.progress != "failed"
