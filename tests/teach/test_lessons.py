"""Every lesson is a real game whose goal is not met at the start and is met by its solution."""

from __future__ import annotations

import pytest

from spite_widget import Game, lessons
from spite_widget.teach import RULES, Lesson, LessonSession, explain_position

LESSONS = lessons()
IDS = [lesson.id for lesson in LESSONS]


def test_at_least_eight_lessons_cover_every_rule_the_issue_names() -> None:
    assert len(LESSONS) >= 8
    assert len(set(IDS)) == len(IDS)
    covered = {r for lesson in LESSONS for r in lesson.rules}
    for rule in (
        "build-up",
        "kings-wild",
        "king-no-start",
        "end-turn",
        "side-top",
        "refill",
        "complete",
        "win",
        "stock-out",
        "match",
    ):
        assert rule in covered
    assert covered <= set(RULES)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_goal_not_met_at_start_and_met_by_the_solution(lesson: Lesson) -> None:
    session = LessonSession(lesson)
    assert not session.done and not session.failed
    assert session.game.current_player == lesson.learner
    assert not lesson.goal_met(session.game, session.start_ply)
    for move in lesson.solution:
        assert session.status == "playing"
        feedback = session.play(move)
        assert feedback.accepted, feedback.text
    assert session.done
    assert lesson.goal_met(session.game, session.start_ply)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_the_lesson_is_a_real_game_that_replays_from_its_record(lesson: Lesson) -> None:
    game = lesson.new_game()
    for move in lesson.solution:
        game.play(move)
    again = Game.from_record(game.to_record())
    assert again.state == game.state
    assert len(lesson.deck) == 104
    assert "> " in lesson.text  # quotes the rules


def test_lesson_texts_quote_rules_md_verbatim() -> None:
    for lesson in LESSONS:
        for rule in lesson.rules:
            assert RULES[rule].quote


def test_ending_the_turn_too_early_fails_and_can_be_undone_or_reset() -> None:
    session = LessonSession(next(x for x in LESSONS if x.id == "build-from-ace"))
    feedback = session.play("H:9d>S1")
    assert feedback.accepted and feedback.status == "failed"
    assert "turn is over" in feedback.text
    assert not session.play("H:Jc>C1").accepted  # nothing more once failed
    assert session.undo() is not None and session.status == "playing"
    session.play("H:9d>S1")
    session.reset()
    assert session.status == "playing" and session.moves == ()
    assert session.undo() is None  # the setup cannot be taken back


def test_an_illegal_move_is_refused_with_the_rule() -> None:
    session = LessonSession(next(x for x in LESSONS if x.id == "kings-wild"))
    feedback = session.play("H:Kc>C1")
    assert not feedback.accepted and feedback.status == "playing"
    assert "King cannot start" in feedback.text
    assert session.moves == ()
    assert not session.play("nonsense").accepted


def test_stock_lesson_fails_with_a_draw_when_the_hand_is_emptied() -> None:
    session = LessonSession(next(x for x in LESSONS if x.id == "stock-out"))
    assert len(session.game.state.stock) == 2
    for move in ("H:Ad>C1", "H:2d>C1", "H:3d>C1", "H:4d>C1"):
        assert session.play(move).accepted
    feedback = session.play("H:5h>C1")
    assert feedback.status == "failed"
    assert session.game.result == {"winner": None, "points": 0, "reason": "stock-exhausted"}
    assert "Draw" in feedback.text


def test_hint_solution_and_picture() -> None:
    for lesson in LESSONS:
        session = LessonSession(lesson)
        assert lesson.hint in session.hint()
        assert [str(m) for m in session.solution()] == list(lesson.solution)
        assert session.picture().startswith("<svg")
        assert session.play_solution().status == "done"


def test_positions_where_the_payoff_plays_say_so() -> None:
    """Each lesson whose goal is the pay-off card: the position explanation finds the way."""
    for lesson in LESSONS:
        if lesson.solution[-1].startswith("P:"):
            text = explain_position(lesson.new_game())
            if lesson.id in ("refill", "complete-saves"):  # what is needed comes with the refill
                assert "You can empty your hand by playing" in text, text
            else:
                assert "You can play your pay-off" in text, (lesson.id, text)


def test_a_session_takes_a_lessons_id_as_the_widget_does() -> None:
    """`LessonSession("dig-out")` raised AttributeError: 'str' object has no attribute 'opening'."""
    assert LessonSession("dig-out").lesson.id == "dig-out"
    with pytest.raises(KeyError, match="no lesson 'nope'; the lessons are build-from-ace"):
        LessonSession("nope")
    with pytest.raises(TypeError, match="a LessonSession needs a Lesson or a lesson's id, not int"):
        LessonSession(3)  # type: ignore[arg-type]


def test_a_goal_met_with_a_burying_discard_says_so_after_the_cheer() -> None:
    """Lesson "blocking" cheered 9♥ put on the learner's own 8♥ beside an empty S2, the very
    discard lessons 6 and 8 teach to avoid."""
    session = LessonSession("blocking")
    session.play("H:2h>C2")
    done = session.play("H:9h>S1")
    assert done.status == "done"
    assert done.text.endswith("One thing to mend: your 9♥ on S1 buries your 8♥, while S2 was empty.")
    session = LessonSession("blocking")
    session.play("H:2h>C2")
    assert "mend" not in session.play("H:9h>S2").text  # an empty side stack buries nothing
    for item in LESSONS:  # no lesson's own solution is told to mend anything
        played = LessonSession(item)
        for move in item.solution:
            text = played.play(move).text
        assert "mend" not in text, item.id


# ---------------------------------------------------------------- a teacher's own lessons
def test_a_lesson_written_wrong_is_refused_saying_what_is_wrong() -> None:
    """A teacher's lesson was never checked: a start from a position with a deck beside it,
    a rule option its position contradicts, a learner who is not to move, a goal already met
    (the session said "done" with no move, the widget "Goal: ... pick a card")."""
    from dataclasses import replace

    from spite_widget.teach.lessons import Goal, lesson

    base = lesson("build-from-ace")
    text = base.new_game().state.to_text()
    with pytest.raises(ValueError, match="starts from a position: give no deck or setup beside it"):
        replace(base, position=text)
    with pytest.raises(ValueError, match="kings_start_stacks=True, but its position says rules:-"):
        replace(base, deck=(), setup=(), position=text, kings_start_stacks=True)
    with pytest.raises(ValueError, match="the learner is player 1, but player 0 is to move"):
        replace(base, learner=1)
    with pytest.raises(ValueError, match="its goal is met before the learner moves"):
        replace(
            base, goal=Goal("Have 20 pay-off cards.", lambda game, start: len(game.state.payoffs[0]) == 20)
        )


@pytest.mark.parametrize(
    ("solution", "says"),
    [
        (("H:Ah>C1", "H:3c>C1"), "step 2, H:3c>C1, cannot be played: "),
        ((), "it stops after 0 moves"),
        (("H:Ah>C1",), "it stops after 1 move"),
    ],
)
def test_a_solution_that_does_not_reach_the_goal_is_said_so_by_the_solution_button(
    solution: tuple[str, ...], says: str
) -> None:
    """It showed an illegal step again and again, or raised IndexError past its end."""
    from dataclasses import replace

    from spite_widget import LessonWidget
    from spite_widget.teach.lessons import lesson

    own = replace(lesson("build-from-ace"), solution=solution)
    assert says in (own.solution_problem() or "")
    w = LessonWidget(own)
    w.play("H:Ah>C1")
    before = w.session.moves
    feedback = w.solution_step()
    assert not feedback.accepted and w.status["kind"] == "error"
    assert w.status["text"].startswith("This lesson's solution does not reach its goal: " + says)
    assert w.session.moves == before  # nothing reset, nothing played
    assert lesson("build-from-ace").solution_problem() is None


def test_a_solution_is_read_as_the_session_reads_it_and_counted_to_the_goal() -> None:
    """Found on a second look: a step written wrong ("H:Zz>C1", "P:3S>C1") passed the check
    but crashed the widget, which reads steps strictly; a game already over was taken; and a
    solution that meets the goal before its last step was said not to reach it."""
    from dataclasses import replace

    from spite_widget.teach.lessons import lesson

    base = lesson("build-from-ace")
    for typo in ("H:Zz>C1", "P:3S>C1"):
        with pytest.raises(ValueError, match="solution step 2: "):
            replace(base, solution=("H:Ah>C1", typo))
    won = lesson("win").new_game()
    for move in lesson("win").solution:
        won.play(move)
    assert won.is_over
    with pytest.raises(ValueError, match="its game is over before the learner moves"):
        replace(base, deck=(), setup=(), position=won.state.to_text(), solution=("H:Ah>C1",))
    down = lesson("build-down")
    assert replace(down, solution=(*down.solution, "H:9d>S1")).solution_problem() is None
