"""The text view for agents: what it shows, what it never shows, and reading answers."""

from __future__ import annotations

import random

import pytest
from decks import deal

from spite_widget import Game, IllegalMoveError
from spite_widget.engine.textview import read_move


def position() -> Game:
    deck = deal(
        payoffs=(["7h"], ["Qs"]),
        hands=(["Kh", "3c", "9s", "7d", "Kd"], ["4d", "6d", "8d", "Td", "Jd"]),
    )
    return Game.new(deck=deck)


def test_the_text_shows_one_players_table_and_legal_moves() -> None:
    game = position()
    text = game.view(0).to_text()
    lines = text.splitlines()
    assert lines[0] == "Spite & Malice, ply 0. You are player 0. Your turn."
    assert lines[1] == "You: pay-off 7h (20 cards), hand 3c 7d 9s Kd Kh"  # by rank, then suit
    assert lines[2] == "  side stacks (bottom to top): S1 - | S2 - | S3 - | S4 -"
    assert lines[3] == "Opponent: pay-off Qs (20 cards), hand 5 cards (hidden)"
    assert lines[5] == "Center: C1 empty, needs A | C2 empty, needs A | C3 empty, needs A"
    assert lines[6] == "Stock: 54 cards."
    legal = game.legal_moves()
    assert lines[7] == f"Legal moves ({len(legal)}): " + " ".join(
        sorted(map(str, legal), key=lambda m: lines[7].index(m))
    )
    assert set(lines[7].split(": ", 1)[1].split()) == set(map(str, legal))
    assert lines[7].split(": ", 1)[1].split()[:4] == ["H:3c>S1", "H:3c>S2", "H:3c>S3", "H:3c>S4"]


def test_the_other_player_sees_no_legal_moves_and_no_hidden_card() -> None:
    game = position()
    text = game.view(1).to_text()
    assert "The opponent's turn." in text and "Legal moves" not in text
    for card in ("Kh", "3c", "9s", "7d"):  # player 0's hand
        assert card not in text


def test_texts_are_equal_when_only_hidden_cards_differ() -> None:
    base = deal(
        payoffs=(["5c"], ["9d"]), hands=(["Ac", "2c", "3c", "8c", "Qc"], ["4d", "6d", "8d", "Td", "Jd"])
    )
    other = list(base)
    other[45:50], other[50:55] = base[50:55], base[45:50]
    other[0:19] = list(reversed(base[0:19]))
    a, b = Game.new(deck=base), Game.new(deck=other)
    for move in ("H:Ac>C1", "H:2c>C1", "H:3c>S1"):
        assert a.view(0).to_text() == b.view(0).to_text()
        a.play(move)
        b.play(move)


def test_centers_side_stacks_and_the_end_are_written_out() -> None:
    rng = random.Random(8)
    game = Game.new(seed=8)
    while not game.is_over:
        moves = game.legal_moves()
        center = [m for m in moves if m.to_center]
        game.play(rng.choice(center if center and rng.random() < 0.9 else moves))
        view = game.view(0)
        text = view.to_text()
        for i, stack in enumerate(view.centers, start=1):
            if stack:
                assert (
                    f"C{i} {len(stack)} card{'s' if len(stack) > 1 else ''} (top {stack[-1]}), needs " in text
                )
        for i, stack in enumerate(view.sides[0], start=1):
            assert f"S{i} {' '.join(stack) if stack else '-'}" in text
    last = game.view(0).to_text().splitlines()[0]
    assert last.startswith("Spite & Malice, ply") and "Game over:" in last


def test_read_move_accepts_the_move_alone_or_inside_a_reply() -> None:
    view = position().view(0)
    assert read_move(view, "H:3c>S1") == "H:3c>S1"
    assert read_move(view, "  `H:3c>S1`\n") == "H:3c>S1"
    assert read_move(view, "I keep the three: H:3c>S2.") == "H:3c>S2"
    assert read_move(view, "(H:3c>S2), then") == "H:3c>S2"


@pytest.mark.parametrize("answer", ["XH:3c>S1", "H:3c>S12", "H:3c>S1x", "S1:H:3c>S1"])
def test_read_move_finds_only_whole_moves_in_a_reply(answer: str) -> None:
    """A move glued to other letters or digits is not read out of them ("H:3c>S12" was S1)."""
    with pytest.raises(IllegalMoveError, match="is not a move"):
        read_move(position().view(0), f"I play {answer}")


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (
            "H:4d>S1",
            r"H:4d>S1 is not legal: there is no four of diamonds \(4d\) in your hand\. Legal moves \(20\): ",
        ),
        ("play the three", r"'play the three' is not a move: write SOURCE:CARD>TARGET.*Legal moves \(20\)"),
        ("H:3c>S1 or H:9s>S2", r"the answer names 2 moves \(H:3c>S1, H:9s>S2\): give exactly one"),
        ("P:7h>C1", r"P:7h>C1 is not legal: a 7 cannot go on C1"),
        # shaped like moves, but none the notation has: refused as a move, never a crash
        ("P:7h>S1", r"'P:7h>S1' is not a move: the pay-off card can only go to a center stack"),
        ("I move S2:9c>S3", r"'S2:9c>S3' is not a move: a side-stack card can only go to a center stack"),
    ],
)
def test_read_move_lists_the_legal_moves_when_the_answer_is_not_one(answer: str, message: str) -> None:
    with pytest.raises(IllegalMoveError, match=message) as info:
        read_move(position().view(0), answer)
    assert "H:Kh>S4" in str(info.value)


def test_read_move_out_of_turn() -> None:
    with pytest.raises(IllegalMoveError, match="it is not player 1's turn"):
        read_move(position().view(1), "H:4d>S1")
