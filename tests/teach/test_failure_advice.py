"""A failed attempt's message names only moves from which the lesson's goal can still be met.

When the learner ends the turn without the goal, the session says which card could still have
gone to the center. Such a move must lead somewhere: naming a move the lesson forbids (the 5♠
that opens the way for the opponent in the blocking lesson) or a King that ends the line would
teach the mistake. Every named move is checked here by a search of its own.
"""

from __future__ import annotations

import re

import pytest

from spite_widget import Game, lessons
from spite_widget.engine.moves import Move
from spite_widget.teach import Lesson, LessonSession, lesson

LESSONS = lessons("en")
IDS = [x.id for x in LESSONS]
LIMIT = 200_000

ITSELF = re.compile(r"the (\S+) itself could have gone to (C\d)")
HAND = re.compile(r"the (\S+) could still go to (C\d)")
SIDE = re.compile(r"the (\S+) on top of (S\d) could still go to (C\d)")
PAYOFF = re.compile(r"your pay-off (\S+) could still be played")


def goal_reachable(item: Lesson, game: Game, start: int) -> bool:
    """Does some line of the learner's moves from `game` meet the goal (every line tried)?"""
    if item.goal_met(game, start):
        return True
    game = game.copy()
    base = game.ply
    seen = {game.state}
    stack: list[tuple[Move, ...]] = [()]
    while stack:
        line = stack.pop()
        for m in line:
            game.play(m)
        if not game.is_over and game.current_player == item.learner:
            for m in game.legal_moves():
                game.play(m)
                if item.goal_met(game, start):
                    return True
                if game.state not in seen:
                    seen.add(game.state)
                    stack.append((*line, m))
                game.undo()
        while game.ply > base:
            game.undo()
        assert len(seen) < LIMIT, "search too large"
    return False


def named_moves(text: str, game: Game) -> list[Move]:
    """The moves `text` names, as moves legal in `game` (the position before the turn ended)."""
    legal = [m for m in game.legal_moves() if m.to_center]
    named: list[Move] = []

    def find(source: str | None, card: str, target: str | None) -> list[Move]:
        found = [
            m
            for m in legal
            if m.card.display == card
            and (source is None or m.source == source)
            and (target is None or m.target == target)
        ]
        assert found, (text, card, source, target)
        return found

    for card, target in ITSELF.findall(text):
        named += find("H", card, target)
    for card, target in HAND.findall(text):
        named += find("H", card, target)
    for card, source, target in SIDE.findall(text):
        named += find(source, card, target)
    for (card,) in (m.groups() for m in PAYOFF.finditer(text)):
        named += find("P", card, None)
    return named


def failures(item: Lesson) -> list[tuple[Game, Move, str]]:
    """Each turn-ending move that fails, from the positions along the solution and from one
    step off it: (the position before it, the move, what the session said)."""
    session = LessonSession(item)
    solution = session.solution()
    lines: list[tuple[Move, ...]] = [solution[:k] for k in range(len(solution))]
    lines += [(m,) for m in item.new_game().legal_moves() if not m.ends_turn]
    found = []
    for line in dict.fromkeys(lines):
        session.reset()
        for m in line:
            session.play(m)
        if session.status != "playing":
            continue
        before = session.game.copy()
        for m in before.legal_moves():
            if not m.ends_turn:
                continue
            feedback = session.play(m)
            if feedback.status == "failed":
                found.append((before, m, feedback.text))
            session.undo()
    return found


@pytest.mark.parametrize("item", LESSONS, ids=IDS)
def test_a_failed_turn_names_only_moves_that_still_reach_the_goal(item: Lesson) -> None:
    start = LessonSession(item).start_ply
    for before, move, text in failures(item):
        for named in named_moves(text, before):
            after = before.copy()
            after.play(named)
            assert goal_reachable(item, after, start), (item.id, str(move), str(named), text)


@pytest.mark.parametrize("discard", ["H:9h>S2", "H:Jd>S3", "H:9h>S1"])
def test_the_blocking_lesson_never_advises_building_for_the_opponent(discard: str) -> None:
    session = LessonSession(lesson("blocking", "en"))
    feedback = session.play(discard)
    assert feedback.status == "failed"
    assert "5♠" not in feedback.text, feedback.text
    assert "the 2♥ could still go to C2" in feedback.text, feedback.text


def test_a_king_that_leads_nowhere_is_not_advised() -> None:
    """complete-stack: the K♥ played now counts as the Jack and cannot complete C1."""
    session = LessonSession(lesson("complete-stack", "en"))
    feedback = session.play("H:Jc>S1")
    assert feedback.status == "failed"
    assert "the J♣ itself could have gone to C1" in feedback.text
    assert "K♥" not in feedback.text, feedback.text


def test_the_lessons_own_next_move_is_named_first() -> None:
    """kings-wild after the Ace: the 2♥ (the solution's next move) is the one named."""
    session = LessonSession(lesson("kings-wild", "en"))
    session.play("H:As>C1")
    feedback = session.play("H:8h>S1")
    assert "the 2♥ could still go to C1" in feedback.text, feedback.text


def test_a_search_too_large_to_finish_vouches_for_no_move_off_the_solution(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """stock-out: the A♦ to C1 still leads to the goal, but only a search can tell."""
    import spite_widget.teach.session as session_module

    ace, four = Move.parse("H:Ad>C1"), Move.parse("H:4d>C2")
    session = LessonSession(lesson("stock-out", "en"))
    assert session.leads_to_goal(session.game, ace)
    monkeypatch.setattr(session_module, "SEARCH_NODES", 0)
    session = LessonSession(lesson("stock-out", "en"))
    assert not session.leads_to_goal(session.game, ace)
    assert session.leads_to_goal(session.game, four)  # the solution's own move


def test_the_pay_off_card_is_named_first() -> None:
    """In the stock-out lesson the failure named an A♦ first ("the A♦ could still go to C1;
    your pay-off 5♠ could still be played"): a line that heads for the very trap the lesson
    warns of, before the card that wins."""
    from spite_widget.widgets.lesson import LessonWidget

    w = LessonWidget("stock-out")
    for move in ("H:4d>C2", "H:5h>S1"):
        w.play(move)
    said = w.status["text"]
    assert "the goal was not reached: your pay-off 5♠ could still be played; " in said, said
