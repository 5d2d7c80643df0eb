"""Move notation: parse and str in pairs, interning, clear errors for malformed strings."""

from __future__ import annotations

import pickle

import pytest

from spite_widget import Card, IllegalMoveError, InvalidMoveError, Move, NotAMoveError
from spite_widget.engine.moves import ALL_MOVES


def test_all_moves_round_trip_through_their_notation():
    # 52 cards x (7 from the hand + 3 from the pay-off + 4 x 3 from the side stacks)
    assert len(ALL_MOVES) == 52 * 22 == len(set(ALL_MOVES))
    for move in ALL_MOVES:
        text = str(move)
        assert Move.parse(text) is move
        assert Move(move.source, move.card, move.target) is move
        assert text == f"{move.source}:{move.card}>{move.target}"
        assert eval(repr(move)) is move
        assert pickle.loads(pickle.dumps(move)) is move


def test_a_move_equals_and_hashes_like_its_string():
    m = Move.parse("P:Ah>C1")
    assert m == "P:Ah>C1" and "P:Ah>C1" == m  # noqa: SIM300 (both directions)
    assert m != "P:Ah>C2" and m != Move.parse("P:Ah>C2")
    assert {"P:Ah>C1": 1}[m] == 1
    assert (m.source, m.card, m.target) == ("P", Card("Ah"), "C1")
    assert type(m.card) is Card


def test_move_fields():
    side = Move.parse("H:7s>S4")
    assert side.ends_turn and not side.to_center
    assert (side.target_index, side.source_index) == (3, -1)
    center = Move.parse("S2:9c>C3")
    assert center.to_center and not center.ends_turn
    assert (center.target_index, center.source_index) == (2, 1)


def test_a_move_is_frozen():
    m = Move.parse("H:Kd>C3")
    with pytest.raises(AttributeError):
        m.card = Card("Kh")  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Ah>C1", "write SOURCE:CARD>TARGET"),
        ("P:AhC1", "write SOURCE:CARD>TARGET"),
        ("", "write SOURCE:CARD>TARGET"),
        (" P:Ah>C1", "the source must be P"),
        ("X:Ah>C1", "the source must be P"),
        ("S5:Ah>C1", "the source must be P"),
        ("P:10h>C1", "'10h' is not a card"),
        ("P:Ax>C1", "'Ax' is not a card"),
        ("p:Ah>C1", "the source must be P"),
        ("P:Ah>C4", "the target must be C1..C3"),
        ("H:Ah>P", "the target must be C1..C3"),
        ("P:Ah>C1 ", "the target must be C1..C3"),
        ("P:Ah>S1", "the pay-off card can only go to a center stack"),
        ("S1:Ah>S2", "nothing moves between side stacks"),
        ("S1:Ah>S1", "nothing moves between side stacks"),
    ],
)
def test_a_malformed_move_is_refused_saying_why(text, says):
    with pytest.raises(InvalidMoveError, match=says) as info:
        Move.parse(text)
    assert repr(text) in str(info.value)


def test_constructing_a_move_that_cannot_exist_is_refused():
    with pytest.raises(InvalidMoveError, match="pay-off card can only go to a center"):
        Move("P", "Ah", "S1")
    with pytest.raises(InvalidMoveError, match="the source must be"):
        Move("C1", "Ah", "C2")


def test_a_non_string_is_not_a_move():
    with pytest.raises(InvalidMoveError, match="a move is a string"):
        Move.parse(42)  # type: ignore[arg-type]


def test_not_a_move_error_is_both_kinds_of_value_error():
    # Game.play raises it for a malformed string: callers may catch either family
    assert issubclass(NotAMoveError, IllegalMoveError)
    assert issubclass(NotAMoveError, InvalidMoveError)
    assert issubclass(IllegalMoveError, ValueError) and issubclass(InvalidMoveError, ValueError)


def test_a_move_that_is_not_text_is_refused_in_words() -> None:
    """A list was looked up in the cache of moves first: "unhashable type: 'list'"."""
    from spite_widget import Game

    with pytest.raises(InvalidMoveError, match="a move is a string such as 'H:7s>S4', not \\['x'\\]"):
        Move.parse(["x"])  # type: ignore[arg-type]
    g = Game.new(seed=1)
    with pytest.raises(NotAMoveError, match="a move is a string"):
        g.play(["x"])  # type: ignore[arg-type]
    assert g.ply == 0 and g.is_legal(["x"]) is False  # type: ignore[arg-type]
