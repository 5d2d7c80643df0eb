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
        "The game is still being played: its moves so far, seen from your seat ("
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
        # the exported page shows every position from above: the other hand, the stock
        lambda: review.to_html(),
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
    assert review.to_html().startswith("<!DOCTYPE html>")  # exported once the game is over
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
        if movers[i - 1] == 1 and "mark" in note["x-review"]:  # the review's own mark
            assert "mark" not in seen[i], (i, note)
        else:  # Ada's, or the author's own (the review keeps a mark it finds)
            assert seen[i]["mark"] == note["mark"]
    for i, note in reviewed.items():
        w.seek(i)
        if movers[i - 1] == 1:
            assert " | expert: " not in w.annotation["comment"]
            assert w.annotation["mark"] == ("" if "mark" in note["x-review"] else note["mark"])
    # move 10, Bo's: the author's comment and mark stay, the review's words go
    original = Game.load(SAMPLE).to_record()["moves"][9]["comment"]
    assert 10 in reviewed and original
    w.seek(10)
    assert w.annotation["comment"] == original
    assert w.annotation["mark"] == Game.load(SAMPLE).to_record()["moves"][9]["mark"] == "?!"
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


def _all_words(w: ReplayWidget) -> str:
    """Every word the replay sends the browser about its seats (labels, status, header)."""
    return json.dumps([w.table, w.status, w.info, w.summary], ensure_ascii=False)


def test_the_tables_player_is_you_in_the_review_not_yous() -> None:
    """A table's record names its player "You": the review said "You's pay-off pile", "not known
    yet from You's seat" and "seen from You's seat only" in its errors; "de Tú" in Spanish."""
    table = mid_game_table()
    seat = table.session.bottom
    review = table.review()
    assert review.info["you"] == seat
    assert review.status["text"].startswith(
        "The game is still being played: its moves so far, seen from your seat (side lines, "
        "the other seat and the expert's review open once it is over)."
    )
    for ply in (0, 5, review.length):
        review.seek(ply)
        labels = review.table["seats"][seat]["labels"]
        assert labels["payoff"].startswith("your pay-off pile") and labels["hand"].startswith("your hand")
        assert all(s.startswith("your side stack") for s in labels["sides"])
        assert "You's" not in _all_words(review)
    with pytest.raises(ValueError, match="seen from your seat only") as refused:
        review.review_with_bot()
    assert "You's" not in str(refused.value)
    with pytest.raises(ValueError, match="seen from your seat only"):
        review.perspective = None
    # finished, from above: the other player's seat looks at "your hand: 5 cards, face down"
    done = SpiteWidget(game=played_to_the_end(players=("You", "Greedy bot")), opponent=None).review()
    you = done.info["you"]
    assert you is not None
    done.perspective = 1 - you
    done.seek(3)
    assert done.table["seats"][you]["labels"]["hand"].startswith("your hand: ")
    assert "face down" in done.table["seats"][you]["labels"]["hand"] and "You's" not in _all_words(done)
    # a side line of the player's move, judged by the expert: "Your chances after it"
    done.perspective = None
    ply = next(n for n in range(1, done.length) if done.replay.game.mover(n) == you)
    done.seek(ply - 1)
    other = next(m for m in done.legal if m != str(done.replay.game.moves[ply - 1]))
    done.play(other)
    assert done.line and "Your chances after it: " in done.status["text"], done.status
    assert "You's" not in _all_words(done)
    # a record of two named players keeps their names
    assert ReplayWidget(SAMPLE).info["you"] is None


def test_a_spanish_review_names_the_tables_players_in_spanish() -> None:
    """The accuracy rows and the status line said "You 71%; Greedy bot 96%" in a Spanish review
    whose header said "Tú contra Bot voraz"; the piles said "pila de pago de Tú"."""
    game = played_to_the_end(players=("You", "Greedy bot"))
    review = SpiteWidget(game=game, opponent=None, lang="es").review()
    review.review_with_bot(wait=True)
    assert review.summary, review.status
    assert [p["name"] for p in review.summary] == list(review.info["names"])
    assert review.info["names"] == ["Tú", "Bot voraz"]
    words = _all_words(review)
    assert "de Tú" not in words and '"You"' not in words
    assert "You 1" not in review.status["text"] and "Precisión: " in review.status["text"]


def test_a_tables_review_opens_the_players_own_puzzles_in_their_language() -> None:
    """From above, the puzzles opened for the player with the lower accuracy: the bot's, in a
    Portuguese review saying "Problema 1 de 5 para Bot guloso ... contra You", its table
    naming the bot "Greedy bot". A table's review opens the player's own, named in Portuguese."""
    game = played_to_the_end(players=("Greedy bot", "You"))
    review = SpiteWidget(game=game, opponent=None, lang="pt").review()
    review.review_with_bot(wait=True)
    puzzle = review.open_puzzles()
    assert review.puzzles_at["player"] == 1, review.puzzles_at  # "You", whatever the accuracies
    assert puzzle is not None, review.status
    assert review.puzzles_label.startswith("Seu problema 1 de "), review.puzzles_label
    names = [s["name"] for s in puzzle.table["seats"]]
    assert sorted(names) == ["Bot guloso", "Você"], names
    words = json.dumps([puzzle.page, puzzle.table, review.status], ensure_ascii=False)
    assert "Greedy bot" not in words and "You" not in words.replace("Your", ""), words[:400]
    assert "da sua rodada contra Bot guloso. Você jogou " in words, words[:600]
