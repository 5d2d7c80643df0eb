"""`w.game` never detaches from the table: a move or an undo made on the game object itself
reaches the synced traits and starts the computer's turn exactly as a click does, and what
a click may not do is refused with the same reason."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from spite_widget import Game, IllegalMoveError, Move
from spite_widget.widgets.table import SpiteWidget

from .conftest import FrontEnd


def shown(w: SpiteWidget) -> dict[str, Any]:
    """Everything the browser gets."""
    return {
        "table": w.table,
        "legal": w.legal,
        "actions": w.actions,
        "score": w.score,
        "busy": w.busy,
        "status": {k: v for k, v in w.status.items() if k != "id"},
    }


def twins(seed: int, **kwargs: Any) -> tuple[SpiteWidget, FrontEnd, SpiteWidget]:
    """Two tables dealt alike: one is clicked, the other played through `w.game`."""
    clicked = SpiteWidget(seed=seed, **kwargs)
    direct = SpiteWidget(seed=seed, **kwargs)
    assert shown(clicked) == shown(direct)
    return clicked, FrontEnd(clicked), direct


def test_a_move_on_the_game_reaches_the_table_and_the_computer_answers() -> None:
    clicked, front, direct = twins(3, opponent="random", opponent_delay=0)
    seen: list[tuple[str, int]] = []
    direct.on_move(lambda move, player: seen.append((str(move), player)))
    move = next(m for m in direct.legal if Move.parse(m).ends_turn)
    ply = direct.game.ply
    front.move(move)
    direct.game.play(move)
    # the computer played its whole turn after the move on the game, as after the click
    assert direct.game.ply > ply + 1 and direct.game.current_player == 0
    assert direct.table["ply"] == direct.game.ply and direct.table["last"]["player"] == 1
    assert seen[0] == (move, 0) and {p for _, p in seen[1:]} == {1}
    assert shown(direct) == shown(clicked)
    assert direct.table["drawn"], "the cards drawn after the computer's turn are marked"


def test_an_undo_on_the_game_reaches_the_table() -> None:
    for seed in range(40):
        clicked, front, direct = twins(seed, opponent="random", opponent_delay=0)
        hand = len(direct.state.hands[0])
        move = next(
            (
                m
                for m in direct.game.legal_moves()
                if m.to_center and m.source != "P" and (m.source != "H" or hand > 1)
            ),
            None,
        )
        if move is not None:
            break
    assert move is not None
    front.move(str(move))
    direct.game.play(move)
    assert direct.actions["undo"] and shown(direct) == shown(clicked)
    front.press("undo")
    assert direct.game.undo() == move
    assert direct.table["ply"] == direct.game.ply == 0 and direct.table["last"] is None
    assert direct.status["text"].startswith("Took back ")
    assert shown(direct) == shown(clicked)


def test_what_a_click_may_not_do_is_refused_on_the_game_too() -> None:
    w = SpiteWidget(opponent="random", seed=5, opponent_delay=0.05)
    # nothing to take back yet
    with pytest.raises(IllegalMoveError, match="no move to take back"):
        w.game.undo()
    assert w.game.ply == 0
    w.game.play(next(m for m in w.game.legal_moves() if m.ends_turn))
    assert w.busy and w.table["to_move"] == 1 and "Random bot is playing" in w.status["text"]
    ply = w.game.ply
    # during the computer's turn: neither a move for it nor a take-back
    with pytest.raises(IllegalMoveError, match="computer is playing"):
        w.game.play(w.game.legal_moves()[0])
    # a move that is not even the computer's to make is refused for the same reason first,
    # not for a card missing from the computer's hand
    mine = next(c for c in w.session.view().hand if c not in w.game.state.hands[1])
    with pytest.raises(IllegalMoveError, match="computer is playing"):
        w.game.play(f"H:{mine}>S1")
    with pytest.raises(IllegalMoveError, match="nothing to take back"):
        w.game.undo()
    assert w.game.ply >= ply
    w.wait(10)
    assert not w.busy and w.game.current_player == 0 and w.table["ply"] == w.game.ply
    # the computer's moves are not the player's to take back
    with pytest.raises(IllegalMoveError, match="only your own moves"):
        w.game.undo()
    assert w.table["ply"] == w.game.ply
    w.close()


def test_at_one_screen_a_move_on_the_game_covers_the_table_as_a_click_does() -> None:
    clicked, front, direct = twins(4, opponent=None)
    front.press("reveal")
    direct.reveal()
    move = next(m for m in direct.legal if Move.parse(m).ends_turn)
    front.move(move)
    direct.game.play(move)
    assert direct.covered and direct.table["seats"][1]["hand"] is None and direct.legal == []
    assert shown(direct) == shown(clicked)


def test_the_next_game_is_watched_and_the_old_one_let_go() -> None:
    game = Game.new(seed=2, players=("You", "Bot"))
    while not game.is_over:
        moves = game.legal_moves()
        center = [m for m in moves if m.to_center]
        game.play(center[0] if center else moves[-1])
    w = SpiteWidget(game=game, opponent="random", opponent_delay=0, target=500)
    assert game.watcher is w
    w.next_game()
    assert game.watcher is None and w.game.watcher is w
    if w.game.current_player == 0:
        w.game.play(next(m for m in w.game.legal_moves() if m.ends_turn))
    assert w.game.current_player == 0 and w.table["ply"] == w.game.ply > 0


def test_copies_of_the_game_are_nobodys_table() -> None:
    w = SpiteWidget(opponent="random", seed=1, opponent_delay=0)
    assert w.game.watcher is w
    for other in (w.game.copy(), copy.deepcopy(w.game), pickle.loads(pickle.dumps(w.game))):
        assert other.watcher is None and other.state == w.game.state
        other.play(next(m for m in other.legal_moves() if m.ends_turn))  # changes nothing on the table
    assert w.game.ply == 0 and w.table["ply"] == 0


def test_a_game_the_match_left_behind_changes_nothing_on_the_table() -> None:
    game = Game.new(seed=2, players=("You", "Bot"))
    while not game.is_over:
        moves = game.legal_moves()
        center = [m for m in moves if m.to_center]
        game.play(center[0] if center else moves[-1])
    w = SpiteWidget(game=game, opponent=None, target=500)
    w.match.next_game()  # straight on the match, not through the table
    table = w.table
    game.undo()  # the old game, no longer the one on the table
    assert game.watcher is None and w.table == table
    game.play(game.legal_moves()[0])
    assert w.table == table
