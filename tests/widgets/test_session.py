"""`TableSession`: the table's match, cover, undo policy, hints, computer's turn and status
line, driven with no widget at all."""

from __future__ import annotations

import subprocess
import sys

import pytest

from spite_widget import Game, IllegalMoveError
from spite_widget.widgets.table.session import TableSession


def side_move(s: TableSession) -> str:
    return next(str(m) for m in s.game.legal_moves() if m.ends_turn)


def quiet_center_move(s: TableSession) -> str | None:
    """A move to a center stack that neither empties the hand nor ends the game."""
    for m in s.game.legal_moves():
        if (
            m.to_center
            and m.source != "P"
            and not (m.source == "H" and len(s.state.hands[s.game.current_player]) == 1)
        ):
            return str(m)
    return None


def play_computer_turn(s: TableSession) -> None:
    assert s.start_computer_turn() is None  # the move that passed the turn said it already
    while s.computer_to_move:
        s.computer_step()
    s.end_computer_turn()


def test_the_session_needs_no_widget_library() -> None:
    code = (
        "import sys; import spite_widget.widgets.table.session as m; m.TableSession('random', 1); "
        "print(sorted(n for n in ('anywidget', 'ipywidgets', 'traitlets', 'comm') if n in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def test_a_turn_against_the_computer() -> None:
    s = TableSession("random", seed=3)
    assert s.computer == 1 and not s.covered and s.bottom == 0
    frame = s.frame()
    assert frame.legal and frame.actions["hint"] and not frame.actions["undo"]
    assert s.turn_text().startswith("Your turn: you have 20 pay-off cards to go")
    s.play(side_move(s))
    assert s.busy and s.computer_to_move and s.said is not None
    assert s.said.kind == "turn" and s.said.text.endswith("Random bot is playing…")
    frame = s.frame()
    assert frame.busy and frame.legal == [] and not any(frame.actions.values())
    # nothing but the computer moves now, by any path
    with pytest.raises(IllegalMoveError, match="computer is playing"):
        s.game.play(s.game.legal_moves()[0])
    play_computer_turn(s)
    assert not s.busy and s.game.current_player == 0
    said = s.said
    assert said is not None and said.kind == "turn"
    assert (
        said.text.startswith("Random bot ") and "pay-off card" in said.text and said.text.endswith("to go.")
    )
    assert s.frame().legal and s.last is not None and s.last["player"] == 1


def test_only_the_players_own_moves_of_this_turn_are_taken_back() -> None:
    for seed in range(30):  # find a deal with a center move to make
        s = TableSession("random", seed=seed)
        move = quiet_center_move(s)
        if move is not None:
            break
    assert move is not None
    before = s.state
    seq = s.seq
    s.play(move)
    assert s.said is not None and s.said.kind == "info" and s.can_undo() and s.frame().actions["undo"]
    assert s.seq == seq + 1
    taken = s.undo()
    assert str(taken) == move and s.state == before and s.last is None
    assert (
        s.said is not None
        and s.said.text.startswith("Took back ")
        and s.said.words.startswith("Took back the ")
    )
    assert not s.can_undo()
    with pytest.raises(IllegalMoveError, match="no move to take back"):
        s.undo()
    s.play(side_move(s))
    play_computer_turn(s)
    with pytest.raises(IllegalMoveError, match="only your own moves"):
        s.game.undo()  # the computer's move is not the player's to take back
    assert s.game.current_player == 0


def test_two_players_at_one_screen_are_covered_at_every_turn() -> None:
    s = TableSession(None, seed=4)
    assert s.covered and s.computer is None and s.why_no_reveal() is None
    frame = s.frame()
    assert frame.table["seats"][0]["hand"] is None and frame.legal == [] and frame.actions["reveal"]
    said = s.reveal()
    assert not s.covered and said.kind == "turn" and said.text.startswith("Player 1, your turn")
    assert s.frame().table["seats"][0]["hand"] is not None
    s.play(side_move(s))
    assert s.covered and s.bottom == 1
    assert s.said is not None and s.said.text.endswith(
        "Player 2's turn: pass the screen to Player 2, then press Show my hand."
    )
    frame = s.frame()
    assert frame.table["seats"][1]["hand"] is None and frame.table["drawn"] == [] and frame.legal == []
    s.reveal()
    assert s.frame().table["drawn"] == []  # Player 2 still held the five cards dealt
    s.play(side_move(s))
    assert s.covered and s.frame().table["drawn"] == []
    s.reveal()
    assert s.frame().table["drawn"] == [4]  # Player 1 drew one card for the one put down
    assert TableSession("random", seed=1).why_no_reveal() is not None


def test_a_hint_is_a_legal_move_with_a_reason() -> None:
    s = TableSession("random", seed=6)
    said, move = s.hint()
    assert (
        said.kind == "hint"
        and said.text.startswith("Hint (from your hand): the expert ends the turn with J♦")
        and move in s.frame().legal
    )
    assert said.words.startswith("Hint: the ")
    s.play(side_move(s))
    s.busy = False  # the computer to move, its turn not played: the bottom player may not ask
    said, move = s.hint()
    assert said.kind == "error" and move == ""


def test_a_whole_game_and_the_next_one() -> None:
    s = TableSession("random", seed=2, target=1)
    while not s.game.is_over:
        if s.computer_to_move:
            s.start_computer_turn()
            while s.computer_to_move:
                s.computer_step()
            s.end_computer_turn()
            continue
        center = [m for m in s.game.legal_moves() if m.to_center]
        s.play(center[0] if center else side_move(s))
    said = s.said
    assert said is not None and said.kind == "over"
    assert "the match:" in said.text or "Match:" in said.text
    assert s.review_label().startswith("Replay of game 1: ")
    old = s.game
    if s.match.is_over:
        said = s.new_match()
        assert said.text.startswith("New match. ")
    else:
        said = s.next_game()
        assert said.text.startswith("Game 2. ")
    assert s.game is not old and s.game.watcher is s and old.watcher is None
    assert s.game.ply == 0 and s.last is None and not s.busy


def test_a_game_given_keeps_its_moves_and_takes_the_names() -> None:
    game = Game.new(seed=12)
    game.play(game.legal_moves()[0])
    s = TableSession(None, game=game, players=("Ada", "Bo"))
    assert s.game is game and game.players == ("Ada", "Bo") and game.watcher is s
    # a game dealt without names gets the table's, as a game the table deals does (not
    # "Player 0 – Player 1", with the person at the screen not "You")
    assert TableSession("expert", game=Game.new(seed=3)).names() == ("You", "Expert bot")
    assert TableSession("greedy", game=Game.new(seed=3), human=1).names() == ("Greedy bot", "You")
    assert TableSession(None, game=Game.new(seed=3)).names() == ("Player 1", "Player 2")
    named = Game.new(seed=3, players=("Ada", "Bo"))
    assert TableSession("expert", game=named).names() == ("Ada", "Bo")  # names given are kept
    with pytest.raises(TypeError, match="game must be a Game"):
        TableSession(None, game="nope")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="opponent must be one of"):
        TableSession("grandmaster")
    with pytest.raises(ValueError, match="human must be 0 or 1"):
        TableSession("random", human=2)
