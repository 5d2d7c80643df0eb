"""A lesson never answers from the other seat: the opponent's hand cannot be read off card by card.

Issue 17 found that after the learner's turn ended, `LessonSession.explain` answered from the
opponent's view ("putting your 8♣ on S1 ends your turn" for a card only the opponent held).
Here every card is tried from the hand to every pile, for a learner in each seat, on the
learner's turn and after it: for the cards the learner does not hold, the answers must be
word for word the same once the card's name is taken out, whether the opponent holds the
card or not.
"""

from __future__ import annotations

import dataclasses

import pytest

from spite_widget.engine.cards import ALL_CARDS, Card
from spite_widget.engine.moves import HAND_MOVES
from spite_widget.teach import Lesson, LessonSession, lessons

LESSONS = lessons()


def _as_seat(lesson: Lesson, seat: int) -> Lesson:
    """The same table with the learner in `seat` (player 0 ends a turn first for seat 1)."""
    if seat == 0:
        return lesson
    game = lesson.new_game()
    discard = next(m for m in game.legal_moves() if m.ends_turn)
    return dataclasses.replace(lesson, setup=(*lesson.setup, str(discard)), learner=1)


def _blind(text: str, card: Card) -> str:
    for name in (card.words, card.display, f"({card})"):  # "Th" alone would blind "The"
        text = text.replace(name, "<card>")
    return text


def _assert_nothing_read_off(session: LessonSession) -> None:
    learner = session.lesson.learner
    state = session.game.state
    mine = set(state.hands[learner])
    theirs = set(state.hands[1 - learner]) - mine
    unseen = [c for c in ALL_CARDS if c not in mine]
    for target in range(7):
        answers: dict[str, set[str]] = {"theirs": set(), "elsewhere": set()}
        for card in unseen:
            move = HAND_MOVES[card][target]
            key = "theirs" if card in theirs else "elsewhere"
            answers[key].add(_blind(session.explain(move), card))
        assert len(answers["theirs"] | answers["elsewhere"]) == 1, (str(move), answers)
    position, hint = session.explain_position(), session.hint()
    view = session.view
    seen = {*view.hand, *(t for t in view.payoff_tops if t is not None)}
    seen |= {c for pile in (*view.sides[0], *view.sides[1], *view.centers) for c in pile}
    for card in theirs - seen:
        assert card.display not in position and card.display not in hint, card


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("lesson", LESSONS, ids=[x.id for x in LESSONS])
def test_every_card_for_every_seat_reveals_nothing(lesson: Lesson, seat: int) -> None:
    session = LessonSession(_as_seat(lesson, seat))
    assert session.game.current_player == seat
    _assert_nothing_read_off(session)  # on the learner's own turn
    discard = next(m for m in session.game.legal_moves() if m.ends_turn)
    session.game.play(discard)  # the learner's turn ends: the opponent is to move and has drawn
    if session.game.is_over:
        return
    assert session.game.current_player == 1 - seat
    _assert_nothing_read_off(session)
    assert "not your turn" in session.explain_position()
