"""Two players at one screen: the table is covered whenever the turn passes, until "Show my hand"."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spite_widget import Game, IllegalMoveError, Move
from spite_widget.widgets.table import SpiteWidget

from .conftest import FrontEnd
from .test_hidden import cards_named, check, played_in_view, visible


def hotseat(seed: int = 4, **kwargs: Any) -> tuple[SpiteWidget, FrontEnd]:
    w = SpiteWidget(opponent=None, seed=seed, **kwargs)
    return w, FrontEnd(w)


def side_move(w: SpiteWidget) -> str:
    """A move of the player to move that ends the turn (hand -> side stack)."""
    return next(str(m) for m in w.game.legal_moves() if m.ends_turn)


def center_move(w: SpiteWidget) -> str | None:
    return next((str(m) for m in w.game.legal_moves() if m.to_center), None)


def named_hidden(w: SpiteWidget, payload: object) -> set[str]:
    """The cards `payload` names that the person at the screen cannot see anywhere (the
    table's own count-by-count check is test_hidden.check)."""
    seen = visible(w) + played_in_view(w)  # the turn just ended went down face up
    return {c for c in cards_named(json.dumps(payload, ensure_ascii=False)) if not seen[c]}


def assert_covered(w: SpiteWidget) -> None:
    """The cover: the player to move at the bottom, their hand not sent, nothing to play."""
    p = w.game.current_player
    t = w.table
    assert w.covered
    assert t["bottom"] == p and t["to_move"] == p
    assert t["seats"][p]["hand"] is None and t["seats"][1 - p]["hand"] is None
    assert t["seats"][p]["hand_count"] == len(w.state.hands[p])
    assert w.legal == [] and w.hint == ""
    assert w.actions["reveal"] and not w.actions["hint"] and not w.actions["undo"]
    name = w.match.players[p]
    if w.status["kind"] == "turn":
        assert w.status["text"].endswith(
            f"{name}'s turn: pass the screen to {name}, then press Show my hand."
        )
    synced = {k: v for k, v in w.get_state().items() if not k.startswith("_")}
    assert not named_hidden(w, synced), f"a covered table names {named_hidden(w, synced)}"
    check(w)


def assert_revealed(w: SpiteWidget) -> None:
    p = w.game.current_player
    assert not w.covered and not w.actions["reveal"]
    assert w.table["bottom"] == p
    assert w.table["seats"][p]["hand"] == [str(c) for c in w.state.hands[p]]
    assert w.table["seats"][1 - p]["hand"] is None
    assert sorted(w.legal) == sorted(str(m) for m in w.game.legal_moves())
    assert w.actions["hint"]
    check(w)


def test_a_new_hotseat_table_is_covered_until_show_my_hand() -> None:
    w, front = hotseat(players=("Ada", "Bo"))
    assert_covered(w)
    assert w.status["text"] == "Ada's turn: pass the screen to Ada, then press Show my hand."
    assert "Show my hand" in w.status["words"]
    seq = front.seq
    front.press("reveal")
    assert front.seq == seq + 1  # the table changed: an older click is stale now
    assert_revealed(w)
    assert w.status["kind"] == "turn" and w.status["text"].startswith("Ada, your turn")


def test_every_turn_change_covers_the_table_and_nothing_of_the_next_hand_is_sent() -> None:
    w, front = hotseat(players=("Ada", "Bo"))
    for turn in range(6):
        front.press("reveal")
        assert_revealed(w)
        mover = w.game.current_player
        move = center_move(w)
        if move is not None:
            front.move(move)
            assert not w.covered  # a move that keeps the turn keeps the hand in view
        sent = len(front.sent)
        front.move(side_move(w))
        assert w.game.current_player == 1 - mover, turn
        assert_covered(w)
        nxt = w.match.players[1 - mover]
        assert f"{nxt}'s turn: pass the screen to {nxt}" in w.status["text"]
        # nothing that went over the comm since the turn passed names a card of the new hand
        for msg in front.sent[sent:]:
            assert not named_hidden(w, msg), msg
            assert len(json.dumps(msg)) < 4096


def test_the_cover_tells_the_whole_turn_the_next_player_looked_away_from() -> None:
    """The player coming to the screen did not watch the turn (the hand was in view): the
    cover says every card of it, not only the one that ended it; a move taken back is not told."""
    for seed in range(40):
        w, front = hotseat(seed=seed, players=("Ada", "Bo"))
        front.press("reveal")
        centers = [m for m in w.game.legal_moves() if m.to_center and m.source != "P"]
        if len(centers) >= 2 and len({m.card for m in centers}) >= 2:
            break
    else:
        pytest.fail("no deal in 40 where Ada can play two hand cards in a row")
    first = centers[0]
    front.move(str(first))
    front.press("undo")  # taken back: it is not part of the turn
    assert w.game.ply == 0
    played = []
    for _ in range(2):
        move = next((m for m in w.game.legal_moves() if m.to_center and m.source == "H"), None)
        if move is None:
            break
        front.move(str(move))
        played.append(move)
    assert played, "Ada has a hand card to play after taking one back"
    ender = next(m for m in w.game.legal_moves() if m.ends_turn)
    front.move(str(ender))
    assert_covered(w)
    text = w.status["text"]
    assert text.startswith("Ada played "), text
    for move in played:
        assert move.card.display in text, (move, text)
    assert f"put {ender.card.display} on {ender.target}" in text
    if first.card not in [m.card for m in played]:
        assert first.card.display not in text.split(":")[0], text
    assert text.endswith("Bo's turn: pass the screen to Bo, then press Show my hand."), text
    # the words for screen readers tell the same turn
    assert w.status["words"].startswith("Ada played the "), w.status["words"]


def test_moves_hint_and_undo_are_refused_while_covered() -> None:
    w, front = hotseat()
    legal = [str(m) for m in w.game.legal_moves()]
    before = (w.game.ply, w.table, w.legal, w.actions)
    for move in legal[:3]:
        front.move(move)
        assert front.kind == "error" and front.status.startswith("Show your hand first"), front.status
        assert "pass the screen to Player 1, then press Show my hand" in front.status
    for action in ("hint", "undo"):
        front.press(action)
        assert front.kind == "error" and front.status.startswith("Show your hand first")
    assert (w.game.ply, w.table, w.legal, w.actions) == before
    assert w.hint == "" and w.errors == []


def test_reveal_from_python() -> None:
    w, front = hotseat()
    w.reveal()
    assert_revealed(w)
    seq = front.seq
    w.reveal()  # the hand is in view already: nothing to do
    assert front.seq == seq
    w.play(side_move(w))
    assert_covered(w)
    w.reveal()
    assert_revealed(w)


def test_play_from_python_needs_no_reveal_and_keeps_the_cover() -> None:
    w, _front = hotseat()
    assert w.covered
    move = center_move(w) or side_move(w)
    w.play(move)  # a script is not a person at the screen
    assert w.game.moves[-1] == move
    assert_covered(w)
    w.play(side_move(w))
    assert_covered(w)
    with pytest.raises(IllegalMoveError):
        w.play("H:Zz>C1")


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ({"type": "reveal"}, "needs seq"),
        ({"type": "reveal", "seq": -1}, "needs seq"),
        ({"type": "reveal", "seq": True}, "needs seq"),
        ({"type": "reveal", "seq": "1"}, "needs seq"),
        ({"type": "reveal", "seq": 0, "player": 1}, "unexpected field(s) player"),
        ({"type": "reveal", "seq": 0, "hand": ["Ah"]}, "unexpected field(s) hand"),
        ({"type": "reveal", "seq": 0, "x": "y" * 500}, "too long"),
        ({"type": "Reveal", "seq": 0}, "unknown message type"),
    ],
)
def test_hostile_reveal_messages_change_nothing(content: dict[str, Any], words: str) -> None:
    w, front = hotseat()
    before = (w.table, w.legal, w.actions)
    front.send(content)  # never raises
    assert front.kind == "error" and words in front.status, front.status
    assert (w.table, w.legal, w.actions) == before and w.covered
    assert w.errors == []


def test_a_stale_reveal_shows_nothing() -> None:
    w, front = hotseat()
    front.press("reveal")
    old = front.seq
    front.move(side_move(w))  # the turn passes: the table is covered for the other player
    front.send({"type": "reveal", "seq": old})  # a click for the table before the turn passed
    assert (
        front.kind == "error" and "earlier position" in front.status and "no hand was shown" in front.status
    )
    assert_covered(w)
    # a double click on Show my hand: the second one is stale and changes nothing
    seq = front.seq
    front.send({"type": "reveal", "seq": seq})
    front.send({"type": "reveal", "seq": seq})
    assert "earlier position" in front.status and not w.covered and w.errors == []


def test_a_reveal_at_the_wrong_time_is_answered_in_words() -> None:
    w, front = hotseat()
    front.press("reveal")
    table = w.table
    front.press("reveal")
    assert front.kind == "error" and front.status == "Your hand is already in view."
    assert w.table == table
    # against the computer there is no cover and nothing to reveal
    bot = SpiteWidget(opponent="random", seed=3, opponent_delay=0)
    vs = FrontEnd(bot)
    assert not bot.covered and not bot.actions["reveal"]
    assert bot.table["seats"][0]["hand"] == [str(c) for c in bot.state.hands[0]]
    vs.press("reveal")
    assert vs.kind == "error" and "against the computer your hand is always in view" in vs.status
    with pytest.raises(ValueError, match="against the computer"):
        bot.reveal()
    assert bot.errors == []


def test_against_the_computer_nothing_is_ever_covered() -> None:
    w = SpiteWidget(opponent="random", seed=5, opponent_delay=0)
    front = FrontEnd(w)
    for _ in range(4):
        assert not w.covered and not w.actions["reveal"] and w.legal
        assert w.table["seats"][0]["hand"] is not None
        front.move(next(m for m in w.legal if Move.parse(m).ends_turn))
        if w.game.is_over:
            break


def test_refresh_next_game_and_new_match_cover_again() -> None:
    w, front = hotseat(seed=2)
    front.press("reveal")
    w.refresh()
    assert_covered(w)
    front.press("reveal")
    w.new_match()
    assert_covered(w)
    assert w.status["text"].startswith("New match. Player 1's turn: pass the screen")


def _play_through(w: SpiteWidget, front: FrontEnd) -> int:
    """Play the game on the table through messages only, pressing Show my hand at every cover."""
    reveals = 0
    turn_of = w.game.current_player
    while not w.game.is_over:
        if w.game.current_player != turn_of:
            turn_of = w.game.current_player
            assert w.covered, "the turn passed without a cover"
        if w.covered:
            assert_covered(w)
            front.press("reveal")
            reveals += 1
            assert_revealed(w)
        center = [m for m in w.legal if Move.parse(m).to_center]
        front.move(center[0] if center else w.legal[-1])
        assert front.kind != "error", front.status
    return reveals


def test_a_whole_hotseat_game_through_the_messages() -> None:
    w, front = hotseat(seed=2, players=("Ada", "Bo"))
    reveals = _play_through(w, front)
    game = w.game
    # one Show my hand per turn: the first, and each one a turn-ending move began (the last
    # move, if it ended the turn, ended the game as a draw at the draw)
    assert reveals == 1 + sum(1 for m in game.moves[:-1] if m.ends_turn) and reveals > 2
    assert w.table["result"] is not None and w.status["kind"] == "over"
    assert not w.actions["reveal"]
    front.press("reveal")
    assert front.kind == "error" and "game is over" in front.status
    with pytest.raises(ValueError, match="game is over"):
        w.reveal()
    # the next game starts covered, for its own first player
    if not w.match.is_over:
        front.press("next-game")
        assert len(w.match.games) == 2 and w.game.current_player == 1
        assert_covered(w)
        assert w.status["text"].startswith("Game 2. Bo's turn: pass the screen to Bo")
        front.press("reveal")
        assert_revealed(w)
    assert w.errors == []


def test_the_cover_costs_few_bytes() -> None:
    w, front = hotseat()
    sent = len(front.sent)
    front.press("reveal")
    updates = [m for m in front.sent[sent:] if m.get("method") == "update"]
    assert len(updates) == 1 and len(json.dumps(updates[0])) < 2048
    sent = len(front.sent)
    front.move(side_move(w))
    updates = [m for m in front.sent[sent:] if m.get("method") == "update"]
    assert len(updates) == 1 and len(json.dumps(updates[0])) < 2048


def test_a_finished_game_given_to_a_hotseat_table() -> None:
    game = Game.new(seed=2)
    while not game.is_over:
        moves = game.legal_moves()
        center = [m for m in moves if m.to_center]
        game.play(center[0] if center else moves[-1])
    w = SpiteWidget(game=game, opponent=None)
    assert not w.actions["reveal"] and w.legal == [] and "Match:" in w.status["text"]
    # nobody has taken the screen: no hand is shown, even at the end
    assert w.table["seats"][0]["hand"] is None and w.table["seats"][1]["hand"] is None
    assert w.actions["next-game"] != w.match.is_over


def test_a_review_while_covered_is_refused_and_shows_no_hand() -> None:
    """`w.review()` while the table is covered opened a replay from the seat of the player to
    move, whose hand the cover hides, with every hand they held before: the player who just
    looked away saw it. It is refused until Show my hand, at the deal and after a turn."""
    w, front = hotseat()
    for covering in ("the deal", "a turn"):
        if covering == "a turn":
            w.reveal()
            w.play(side_move(w))
        assert w.covered
        before = (w.game.ply, w.table, w.legal, front.status)
        with pytest.raises(ValueError, match=r"covered.*Show my hand"):
            w.review()
        assert (w.game.ply, w.table, w.legal, front.status) == before
        front.press("review")  # the button says when w.review() will show the moves
        assert front.status.endswith("shows the moves so far after Show my hand)."), front.status
    w.reveal()
    replay = w.review()  # the hand in view is the one the replay shows
    assert replay.perspective == w.game.current_player and replay.seat_only
    replay.close()
