"""Each new lesson is solvable only by using what it teaches: a search over every line proves it.

`reachable` tries every line of the learner's moves in the lesson's turn (the real game, the
engine's legal moves, positions already seen skipped). Each lesson is solvable as it stands,
and not solvable once the thing it teaches is taken away.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from spite_widget import Game
from spite_widget.engine.cards import KING, RANK_OF
from spite_widget.engine.moves import Move
from spite_widget.teach import Lesson, LessonSession, lesson
from spite_widget.teach.lessons import opponent_can_reach_payoff, tidy_end

Allow = Callable[[Game, Move], bool]


def reachable(lesson: Lesson, allow: Allow = lambda g, m: True) -> list[tuple[str, ...]]:
    """Every shortest-by-position line of allowed learner moves that meets the goal (one per end position)."""
    game = lesson.new_game()
    start = game.ply
    seen = {game.state}
    wins: list[tuple[str, ...]] = []
    stack: list[tuple[str, ...]] = [()]
    while stack:
        line = stack.pop()
        g = lesson.new_game()
        for m in line:
            g.play(m)
        if g.is_over or g.current_player != lesson.learner:
            continue
        for m in g.legal_moves():
            if not allow(g, m):
                continue
            g.play(m)
            if lesson.goal_met(g, start):
                wins.append((*line, str(m)))
            elif g.state not in seen:
                seen.add(g.state)
                stack.append((*line, str(m)))
            g.undo()
        assert len(seen) < 50_000, "search too large"
    return wins


def _size(g: Game, m: Move) -> int:
    return len(g.state.centers[m.target_index]) if m.to_center else -1


def no_king_on_ten(g: Game, m: Move) -> bool:
    return not (RANK_OF[m.card] == KING and _size(g, m) == 10)


def no_unburying(g: Game, m: Move) -> bool:
    """Forbid playing a side-stack top that has a card under it."""
    return not (m.source[0] == "S" and len(g.state.sides[g.current_player][m.source_index]) >= 2)


def no_king_to_center(g: Game, m: Move) -> bool:
    return not (RANK_OF[m.card] == KING and m.to_center)


def no_completing(g: Game, m: Move) -> bool:
    return _size(g, m) != 11


CASES: list[tuple[str, Allow, str]] = [
    ("king-on-ten", no_king_on_ten, "a King on the Ten, as the Jack"),
    ("dig-out", no_unburying, "playing the top of S1 to uncover the 5"),
    ("who-sees", no_king_to_center, "the learner's own King (the opponent's 4 is not theirs)"),
    ("complete-saves", no_completing, "completing C1 before the hand is emptied"),
    # and lessons of the first course, the same way
    ("kings-wild", no_king_to_center, "the King standing in for the 3"),
    ("side-stacks", lambda g, m: m.source[0] != "S", "the top card of a side stack"),
    ("match", no_king_to_center, "the King standing in for the 10"),
]


@pytest.mark.parametrize(("lesson_id", "allow", "what"), CASES, ids=[c[0] for c in CASES])
def test_solvable_only_with_what_it_teaches(lesson_id: str, allow: Allow, what: str) -> None:
    taught = lesson(lesson_id)
    assert reachable(taught), f"{lesson_id}: no line reaches the goal"
    assert not reachable(taught, allow), f"{lesson_id} can be solved without {what}"


def test_kings_start_needs_the_option() -> None:
    taught = lesson("kings-start")
    assert taught.kings_start_stacks and reachable(taught)
    assert not reachable(dataclasses.replace(taught, kings_start_stacks=False))


def test_build_down_only_the_card_one_below_and_never_on_or_with_a_king() -> None:
    taught = lesson("build-down")
    assert {line[-1] for line in reachable(taught)} == {"H:7s>S1"}
    g = taught.new_game()
    start = g.ply
    for tempting in ("H:Qc>S2", "H:Kd>S1", "H:Kd>S3"):  # a Queen on a King; a King put away
        g.play(tempting)
        assert not tidy_end(g, start), tempting
        g.undo()


def test_blocking_every_winning_line_keeps_the_five_back() -> None:
    taught = lesson("blocking")
    wins = reachable(taught)
    assert wins and all("H:5s>C1" not in line for line in wins)
    g = taught.new_game()  # the tempting line opens the way: the 5, then their 6♦ and their 7♣
    g.play("H:5s>C1")
    g.play("H:9h>S2")
    assert opponent_can_reach_payoff(g.state, 1)
    assert not taught.goal_met(g)
    # the judgement uses only what the learner sees: the opponent's hand changes nothing
    h = taught.new_game()
    assert "6d" in [str(c) for c in h.state.sides[1][0]] and str(h.state.payoffs[1][-1]) == "7c"


def test_race_first_every_winning_line_plays_the_payoff_card_and_covers_it() -> None:
    """The lesson after blocking: a pay-off card of your own is not held back to block; the
    stack it leaves open is covered with a card of your own."""
    taught = lesson("race-first")
    wins = reachable(taught)
    assert wins and all("P:6h>C1" in line and "H:7d>C1" in line for line in wins)
    for line, says in (
        (("H:9c>S1",), "your pay-off 6♥ could still have been played this turn"),  # held back to block
        (("H:5s>C1", "P:6h>C1", "H:9c>S1"), "Bo can now reach their pay-off 7♣"),  # left open
    ):
        session = LessonSession(taught)
        for move in line:
            feedback = session.play(move)
        assert feedback.status == "failed" and says in feedback.text, feedback.text


def test_race_first_is_what_the_expert_would_do() -> None:
    """The lesson's line is the expert's best of the three: holding the pay-off card back to
    block, racing and leaving C1 open, racing and covering it (the expert's own chances)."""
    from spite_widget.bots import evaluate

    taught = lesson("race-first")

    def chances(*moves: str) -> float:
        g = taught.new_game()
        for move in moves:
            g.play(move)
        return evaluate(g.view(0)).win

    covered = chances(*taught.solution)
    assert covered > chances("H:9c>S1") + 0.02
    assert covered > chances("H:5s>C1", "P:6h>C1", "H:9c>S1") + 0.02


def test_draw_every_winning_line_uses_the_cards_drawn_this_turn() -> None:
    """The draw lesson: the hand kept from last turn (J♥, Q♦) cannot reach the pay-off card;
    the three cards drawn at the start of this turn can."""
    taught = lesson("draw")
    game = taught.new_game()
    assert len(game.state.hands[0]) == 5 and {"Jh", "Qd"} <= {str(c) for c in game.state.hands[0]}
    assert game.moves[-1].ends_turn  # the turn began with the draw, not with a move
    wins = reachable(taught)
    assert wins and all("H:3h>C1" in line for line in wins)
    kept_only = reachable(taught, lambda g, m: m.source != "H" or str(m.card) in ("Jh", "Qd"))
    assert kept_only == []


def test_draw_failures_point_at_the_payoff_card() -> None:
    """A player ended the draw lesson at once and was told only "the 3♥ could still go to C1";
    and the 5♦ played where the pay-off 5♠ belonged was "too soon"."""
    for line, says in (
        (("H:Jh>S2",), "your pay-off 5♠ could have been played this turn with the cards you drew"),
        (("H:3h>C1", "H:Kh>C1", "H:5d>C1"), "The 5♦ took the place on C1 that your pay-off 5♠ needed."),
    ):
        session = LessonSession(lesson("draw"))
        for move in line:
            feedback = session.play(move)
        assert feedback.status == "failed" and says in feedback.text, feedback.text
