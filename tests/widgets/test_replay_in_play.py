"""The review of a game still being played: its moves so far, from the player's seat only.

From above it would show the other hand; a side line would draw the stock's next cards; the
expert's review judges the other player's moves from that hand. None of it may reach the
browser (or the player) before the game is over."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from decks import played_to_the_end

from spite_widget import Game
from spite_widget.bots.review import annotate_with_bot, without_review
from spite_widget.engine.i18n import language
from spite_widget.widgets.replay import ReplayWidget
from spite_widget.widgets.table import SpiteWidget

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"
SYNCED = ("table", "moves", "annotation", "info", "status", "perspective")


def send(w: ReplayWidget, content: dict[str, Any]) -> None:
    w._handle_custom_msg({**content, "seq": w.table["seq"]}, [])


def synced(w: ReplayWidget) -> str:
    return json.dumps([getattr(w, t) for t in SYNCED])


def mid_game_table() -> SpiteWidget:
    """A table against greedy, some turns in, the game not over."""
    table = SpiteWidget(opponent="greedy", opponent_delay=0, seed=3)
    game = table.game
    while game.ply < 25 and not game.is_over:
        if game.current_player == table.session.bottom:
            table.play(game.legal_moves()[0])
        table.wait()
    assert not game.is_over and game.ply >= 25
    return table


def test_a_review_mid_game_is_seen_from_the_players_seat_only() -> None:
    table = mid_game_table()
    seat = table.session.bottom
    other_hand = [str(c) for c in table.game.state.hands[1 - seat]]
    review = table.review()
    assert review.seat_only == seat and review.perspective == seat
    assert review.status["text"].startswith(
        "The game is still being played: its moves so far, seen from your seat."
    )
    for ply in range(review.length + 1):
        review.seek(ply)
        assert review.table["seats"][1 - seat]["hand"] is None
        assert review.legal == [] and review.info["in_play"] is True
        assert review.info["review"] is False and review.info["editable"] is False
    assert review.table["seats"][seat]["hand"] == [str(c) for c in table.game.state.hands[seat]]
    assert other_hand and review.table["stock"] == len(table.game.state.stock)


def test_a_review_mid_game_refuses_side_lines_other_seats_and_the_expert() -> None:
    table = mid_game_table()
    review = table.review()
    review.seek(3)
    before = synced(review)
    record = json.dumps(review.record)
    refusals = (
        lambda: review.play(table.game.moves[3]),
        lambda: review.enter_line(1),
        lambda: review.promote(),
        lambda: review.delete_line(),
        lambda: review.review_with_bot(),
        lambda: review.open_puzzles(),
        lambda: review.load(SAMPLE),
    )
    for refused in refusals:
        with pytest.raises(ValueError, match="still being played"):
            refused()
        assert synced(review) == before and json.dumps(review.record) == record
    for seat in (None, 1 - review.seat_only):  # type: ignore[operator]
        with pytest.raises(ValueError, match="still being played"):
            review.perspective = seat
        assert review.perspective == review.seat_only and synced(review) == before
    # the browser: every message but stepping is refused in words, and changes nothing
    for message in (
        {"type": "perspective", "perspective": None},
        {"type": "perspective", "perspective": 1 - review.seat_only},  # type: ignore[operator]
        {"type": "move", "move": str(table.game.moves[3])},
        {"type": "review"},
        {"type": "annotate", "ply": 3, "comment": "hm"},
        {"type": "line", "action": "promote"},
        {"type": "puzzles", "index": 0},
        {"type": "game", "game": 0},
    ):
        send(review, message)
        assert review.status["kind"] == "error"
        assert review.status["text"].startswith("The game is still being played"), message
        assert (
            review.perspective == review.seat_only
            and review.table["seats"][1 - review.seat_only]["hand"] is None
        )  # type: ignore[operator]
        assert json.dumps(review.record) == record
    send(review, {"type": "seek", "ply": 5})
    assert review.ply == 5 and review.status["kind"] == "info"


def test_seat_only_needs_a_seat() -> None:
    with pytest.raises(ValueError, match="needs a perspective"):
        ReplayWidget(Game.new(seed=1), seat_only=True)


def test_a_finished_games_review_is_seen_from_above_with_everything() -> None:
    table = SpiteWidget(game=played_to_the_end(), opponent=None)
    review = table.review()
    assert review.seat_only is None and review.perspective is None
    assert all(s["hand"] is not None for s in review.table["seats"])
    assert review.info["in_play"] is False and review.info["review"] is True
    review.seek(3)
    assert review.legal  # side lines can be tried
    review.perspective = 1
    assert review.perspective == 1


def test_from_a_seat_the_other_players_reviewed_moves_show_no_review() -> None:
    """The review judged Bo's moves from Bo's hand ("the expert plays H:9d>S2"): from Ada's
    seat neither those words nor the mark may show; Ada's own are hers to read, and a comment
    the author wrote stays."""
    record = annotate_with_bot(SAMPLE)
    notes = record["moves"]
    movers = [e["player"] for e in ReplayWidget(record).moves]
    reviewed = {i: n for i, n in enumerate(notes, 1) if without_review(n) != n}
    assert {movers[i - 1] for i in reviewed} == {0, 1}, "the sample review marks both players"
    w = ReplayWidget(record, perspective=0)
    w.end()
    seen = {e["ply"]: e for e in w.moves}
    for i, note in reviewed.items():
        if movers[i - 1] == 1:
            assert "mark" not in seen[i], (i, note)
        else:
            assert seen[i]["mark"] == note["mark"]
    for i in reviewed:
        w.seek(i)
        if movers[i - 1] == 1:
            assert " | expert: " not in w.annotation["comment"] and w.annotation["mark"] == ""
    # move 10, Bo's: the author's comment stays, the review's words go
    original = Game.load(SAMPLE).to_record()["moves"][9]["comment"]
    assert 10 in reviewed and original
    w.seek(10)
    assert w.annotation["comment"] == original
    above = ReplayWidget(record)
    above.seek(10)
    assert above.annotation["comment"].startswith(original + " | expert: ")
    assert above.annotation["mark"] == notes[9]["mark"]


def test_a_second_review_in_another_language_replaces_the_first() -> None:
    english = annotate_with_bot(SAMPLE)
    assert annotate_with_bot(english) == english  # the same review again: stable
    with language("es"):
        spanish = annotate_with_bot(english)
    replaced = 0
    for a, b in zip(english["moves"], spanish["moves"], strict=True):
        comment = str(b.get("comment", ""))
        assert " | expert: " not in comment and comment.count(" | experto: ") <= 1, comment
        if " | expert: " in str(a.get("comment", "")):
            reader = str(a["comment"]).split(" | expert: ")[0]
            assert comment.startswith(reader + " | experto: ")
            replaced += 1
    assert replaced
