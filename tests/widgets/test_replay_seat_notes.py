"""Notes written from a seat on the other player's reviewed moves (an analysis-board user's
review): the review's words and mark are hidden from that seat, and must stay in the record,
while what the reader writes stays theirs and in view."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from spite_widget import Game
from spite_widget.bots.review import (
    AS_PLAYED_KEY,
    REVIEW_KEY,
    annotate_with_bot,
    is_reviewed,
    mark_for,
    without_review,
)
from spite_widget.widgets.replay import ReplayWidget

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"


def bare(moves: int) -> dict[str, Any]:
    """The sample's first `moves` moves, without the author's notes: an unfinished game."""
    record = Game.load(SAMPLE).to_record()
    record["moves"] = [
        {"move": m["move"], **({"stock": m["stock"]} if "stock" in m else {})}
        for m in record["moves"][:moves]
    ]
    record["result"] = None
    return record


@pytest.fixture(scope="module")
def reviewed() -> dict[str, Any]:
    """The sample's first 40 moves, without the author's notes, reviewed by the expert."""
    return annotate_with_bot(bare(40))


def marked_move_of(record: dict[str, Any], player: int) -> int:
    """The 1-based number of a move of `player` that the review marked."""
    game = Game.from_record(record)
    for n, note in enumerate(record["moves"], start=1):
        if game.mover(n) == player and note.get("mark") and REVIEW_KEY in note:
            return n
    raise AssertionError("the review marked no move of that player")


def send(w: ReplayWidget, content: dict[str, Any]) -> None:
    w._handle_custom_msg({**content, "seq": w.table["seq"]}, [])


def edited_while_reviewed(w: ReplayWidget, monkeypatch: pytest.MonkeyPatch, edit: dict[str, Any]) -> None:
    """Review the game shown, with `edit` sent from the page while the review runs."""
    from spite_widget.bots import review as review_module

    go, started = threading.Event(), threading.Event()
    real = review_module.annotate_with_bot

    def held(*args: Any, **kwargs: Any) -> Any:
        started.set()
        go.wait(60)
        return real(*args, **kwargs)

    monkeypatch.setattr(review_module, "annotate_with_bot", held)  # looked up as the review starts
    send(w, {"type": "review"})
    assert started.wait(60)
    send(w, edit)
    go.set()
    w.wait(120)


def test_a_comment_from_a_seat_keeps_the_review_and_stays_in_view(reviewed: dict[str, Any]) -> None:
    n = marked_move_of(reviewed, 1)
    review = dict(reviewed["moves"][n - 1])
    w = ReplayWidget(reviewed)
    send(w, {"type": "perspective", "perspective": 0})
    w.seek(n)
    assert w.annotation["comment"] == "" and w.annotation["mark"] == ""  # hidden from Ada's seat
    send(w, {"type": "annotate", "ply": n, "comment": "Ada saw my 9s here", "mark": ""})
    note = w.record["moves"][n - 1]
    assert note["comment"].startswith("Ada saw my 9s here | expert: ")
    assert note["comment"].endswith(review["comment"]) and note["mark"] == review["mark"]
    w.seek(n - 1)
    w.seek(n)
    assert w.annotation["comment"] == "Ada saw my 9s here" and w.annotation["mark"] == ""
    # cleared from the seat: the review's words stay, alone
    send(w, {"type": "annotate", "ply": n, "comment": ""})
    assert w.record["moves"][n - 1]["comment"] == review["comment"]
    # a mark of the reader's own, set from the seat, replaces the hidden one and shows
    send(w, {"type": "annotate", "ply": n, "mark": "!"})
    assert w.record["moves"][n - 1]["mark"] == "!" and w.annotation["mark"] == "!"


def test_a_comment_written_over_the_review_from_above_shows_from_the_seat(reviewed: dict[str, Any]) -> None:
    n = marked_move_of(reviewed, 1)
    w = ReplayWidget(reviewed)
    w.annotate(n, comment="My own note")  # from above, the review's words replaced
    w.perspective = 0
    w.seek(n)
    assert w.annotation["comment"] == "My own note"


def test_an_authors_mark_kept_by_the_review_shows_from_the_seat() -> None:
    record = bare(40)
    first = annotate_with_bot(record)
    n = marked_move_of(first, 1)
    record["moves"][n - 1]["mark"] = "!?"  # the author's, before the review
    again = annotate_with_bot(record)
    assert again["moves"][n - 1]["mark"] == "!?" and "mark" not in again["moves"][n - 1][REVIEW_KEY]
    assert without_review(again["moves"][n - 1])["mark"] == "!?"


def test_a_second_review_replaces_the_first_ones_words_and_keeps_the_readers(
    reviewed: dict[str, Any],
) -> None:
    n = marked_move_of(reviewed, 1)
    record = {**reviewed, "moves": [dict(m) for m in reviewed["moves"]]}
    note = record["moves"][n - 1]
    note["comment"] = "mine | expert: " + note[REVIEW_KEY]["words"]
    again = annotate_with_bot(record, lang="es")
    said = again["moves"][n - 1]["comment"]
    assert said.startswith("mine | experto: ") and said.count("|") == 1, said
    loss = again["moves"][n - 1].get("x-loss")
    assert loss is not None and mark_for(loss) is not None


def test_from_a_seat_the_accuracy_header_waits_for_the_end_of_the_game(reviewed: dict[str, Any]) -> None:
    """At move 5 from Ada's seat the header counted Bo's blunders still to come."""
    w = ReplayWidget(reviewed)
    assert len(w.summary) == 2  # from above, at the deal: the whole review
    send(w, {"type": "perspective", "perspective": 0})
    w.seek(5)
    assert w.summary == []
    w.seek(len(reviewed["moves"]))
    assert [row["name"] for row in w.summary] == list(reviewed["players"])
    send(w, {"type": "perspective", "perspective": None})
    w.seek(5)
    assert len(w.summary) == 2


def test_the_accuracy_header_follows_a_promoted_line(reviewed: dict[str, Any]) -> None:
    """After Promote the header still counted the mistakes of moves gone to a side line."""
    w = ReplayWidget(reviewed)
    before = [dict(row) for row in w.summary]
    n = marked_move_of(reviewed, 0)
    w.seek(n - 1)
    replaced = str(w.replay.moves[n - 1])
    other = next(m for m in w.legal if m != replaced)
    w.play(other)
    w.promote()
    assert w.summary != before
    # the promoted move was judged as it was played, not reviewed: what it gave away is not
    # known, so the game waits for a review (it counted as a perfect move)
    assert w.summary == [] and not is_reviewed(w.replay.game)
    assert w.record["moves"][n - 1][AS_PLAYED_KEY] is True and "eval" in w.record["moves"][n - 1]
    send(w, {"type": "review"})
    w.wait(120)
    assert len(w.summary) == 2 and is_reviewed(w.replay.game)
    assert AS_PLAYED_KEY not in w.record["moves"][n - 1]


def legacy(record: dict[str, Any]) -> dict[str, Any]:
    """The record as a review before x-review left it."""
    return {**record, "moves": [{k: v for k, v in m.items() if k != REVIEW_KEY} for m in record["moves"]]}


def test_the_status_line_does_not_say_the_hidden_mark(reviewed: dict[str, Any]) -> None:
    n = marked_move_of(reviewed, 1)
    w = ReplayWidget(reviewed)
    send(w, {"type": "perspective", "perspective": 0})
    w.seek(n)
    assert "marked" not in w.status.get("words", "")  # read out with the move: no hidden mark
    send(w, {"type": "annotate", "ply": n, "comment": "seen"})
    mark = reviewed["moves"][n - 1]["mark"]
    assert f"{mark})" not in w.status["text"] and "comment saved" in w.status["text"], w.status


def test_a_comment_from_a_seat_on_a_record_reviewed_before_keeps_the_review(reviewed: dict[str, Any]) -> None:
    old = legacy(reviewed)
    n = marked_move_of(reviewed, 1)
    words = old["moves"][n - 1]["comment"]
    w = ReplayWidget(old)
    send(w, {"type": "perspective", "perspective": 0})
    w.seek(n)
    assert w.annotation["comment"] == ""
    send(w, {"type": "annotate", "ply": n, "comment": "Ada: he had to"})
    note = w.record["moves"][n - 1]
    assert note["comment"] == f"Ada: he had to | expert: {words}" and note[REVIEW_KEY]["words"] == words
    w.seek(n - 1)
    w.seek(n)
    assert w.annotation["comment"] == "Ada: he had to"


def test_a_record_reviewed_before_reviewed_again_hides_the_new_review_from_the_seat(
    reviewed: dict[str, Any],
) -> None:
    n = marked_move_of(reviewed, 1)
    again = annotate_with_bot(legacy(reviewed))
    note = again["moves"][n - 1]
    assert note[REVIEW_KEY].get("mark") == note["mark"]  # the old review's mark is the review's
    assert "mark" not in without_review(note) and "comment" not in without_review(note)


def test_the_readers_own_mark_from_a_seat_shows_even_when_it_is_the_reviews(reviewed: dict[str, Any]) -> None:
    n = marked_move_of(reviewed, 1)
    mark = reviewed["moves"][n - 1]["mark"]
    w = ReplayWidget(reviewed)
    send(w, {"type": "perspective", "perspective": 0})
    w.seek(n)
    send(w, {"type": "annotate", "ply": n, "mark": mark})
    assert w.annotation["mark"] == mark and w.record["moves"][n - 1]["mark"] == mark


def test_a_review_run_from_a_seat_mid_game_keeps_the_header_and_its_counts_hidden() -> None:
    record = bare(30)
    w = ReplayWidget(record, perspective=0)
    w.seek(5)
    send(w, {"type": "review"})
    w.wait(120)
    assert w.review["done"] == 30 and w.summary == []
    assert "%" not in w.status["text"], w.status["text"]  # no accuracy figures told either
    # nor how many notes it wrote: a hint of mistakes to come
    assert w.status["text"] == "The expert reviewed the game.", w.status["text"]
    w.seek(30)
    assert len(w.summary) == 2


def test_the_header_speaks_the_language_it_is_switched_to(reviewed: dict[str, Any]) -> None:
    record = {**reviewed, "players": ["You", "Greedy bot"]}
    w = ReplayWidget(record)
    assert [row["name"] for row in w.summary] == ["You", "Greedy bot"]
    w.lang = "es"
    assert [row["name"] for row in w.summary] == ["Tú", "Bot voraz"]


def test_a_side_line_from_a_seat_sends_no_figure_of_the_games_later_moves(reviewed: dict[str, Any]) -> None:
    """In a side line the cursor's ply counts along the line: the graph got the game's own
    figures for the moves after the branch (the review's loss of the move really played)."""
    w = ReplayWidget(reviewed, perspective=0)
    n = marked_move_of(reviewed, 0)
    w.seek(n - 1)
    w.play(next(m for m in w.legal if m != str(w.replay.moves[n - 1])))
    assert w.line == [[n, 1]] and w.ply == n
    assert len(w.evals) <= n - 1, (len(w.evals), n)


def test_words_deleted_from_above_do_not_come_back_from_a_seat(reviewed: dict[str, Any]) -> None:
    n = marked_move_of(reviewed, 1)
    w = ReplayWidget(reviewed)
    w.annotate(n, comment="Bo had no choice")  # from above: the review's words replaced
    send(w, {"type": "perspective", "perspective": 0})
    w.seek(n)
    send(w, {"type": "annotate", "ply": n, "comment": "Bo had no choice!"})
    assert w.record["moves"][n - 1]["comment"] == "Bo had no choice!"


def test_a_review_finishing_after_a_seats_comment_keeps_its_words_hidden(
    reviewed: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reviewed again in Spanish while Ada commented Bo's move: the English words of the first
    review, no longer named by x-review, showed to Ada."""
    n = marked_move_of(reviewed, 1)
    w = ReplayWidget(reviewed, perspective=0, lang="es")
    w.seek(n)
    edited_while_reviewed(w, monkeypatch, {"type": "annotate", "ply": n, "comment": "Bo tenía que"})
    note = w.record["moves"][n - 1]
    assert note["comment"].startswith("Bo tenía que | experto: "), note["comment"]
    assert note["comment"].endswith(note[REVIEW_KEY]["words"])
    assert w.annotation["comment"] == "Bo tenía que"


def test_a_reviewed_before_comment_of_the_readers_own_is_not_called_the_experts(
    reviewed: dict[str, Any],
) -> None:
    n = marked_move_of(reviewed, 1)
    old = legacy(reviewed)
    old["moves"][n - 1]["comment"] = "Bob played it fast"  # the reader's, over the old review's
    w = ReplayWidget(old, perspective=0)
    w.seek(n)
    send(w, {"type": "annotate", "ply": n, "comment": "Ada: I knew"})
    assert w.record["moves"][n - 1]["comment"] == "Ada: I knew"
    assert w.annotation["comment"] == "Ada: I knew"


def test_a_mark_set_from_a_seat_during_a_review_stays_in_view(
    reviewed: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    n = marked_move_of(reviewed, 1)
    mark = reviewed["moves"][n - 1]["mark"]
    record = {
        **reviewed,
        "moves": [{k: v for k, v in m.items() if k not in ("mark", REVIEW_KEY)} for m in reviewed["moves"]],
    }
    for m in record["moves"]:
        m.pop("comment", None)
    w = ReplayWidget(record, perspective=0)
    w.seek(n)
    # Ada's own mark, the one the review will set
    edited_while_reviewed(w, monkeypatch, {"type": "annotate", "ply": n, "mark": mark})
    assert w.record["moves"][n - 1]["mark"] == mark and w.annotation["mark"] == mark


def test_a_review_that_no_longer_marks_a_move_is_kept_whole() -> None:
    """The merge wrote "mark": "" for a move the new review no longer marked, the record refused
    it, and everything the review found for that move was dropped without a word."""
    record = bare(40)
    fresh = annotate_with_bot(record)
    m = next(
        i for i, note in enumerate(fresh["moves"], start=1) if "mark" not in note and "x-loss" not in note
    )
    words = "gives up 40%: (the expert plays X)"
    record["moves"][m - 1].update(
        {"comment": words, "mark": "??", "x-loss": 0.4, REVIEW_KEY: {"words": words, "mark": "??"}}
    )
    w = ReplayWidget(record)
    send(w, {"type": "review"})
    w.wait(120)
    note = w.record["moves"][m - 1]
    assert not w.errors
    assert "mark" not in note and "comment" not in note and "x-loss" not in note, note
    assert note["eval"] == fresh["moves"][m - 1]["eval"]


@pytest.mark.parametrize("edit", ["Agreed: {words}", "{words} -- I missed it"])
def test_the_reviews_words_stay_hidden_wherever_an_edit_leaves_them(
    reviewed: dict[str, Any], edit: str
) -> None:
    n = marked_move_of(reviewed, 1)
    words = reviewed["moves"][n - 1][REVIEW_KEY]["words"]
    w = ReplayWidget(reviewed)
    w.annotate(n, comment=edit.format(words=words))  # written around the words, from above
    w.perspective = 0
    w.seek(n)
    assert words not in w.annotation["comment"] and w.annotation["comment"], w.annotation
    again = annotate_with_bot(w.record, lang="es")
    assert (
        again["moves"][n - 1]["comment"].count(" | ") <= 1 and words not in again["moves"][n - 1]["comment"]
    )


def test_a_record_reviewed_before_shows_the_readers_own_comment_and_mark_to_the_seat(
    reviewed: dict[str, Any],
) -> None:
    n = marked_move_of(reviewed, 1)
    old = legacy(reviewed)
    old["moves"][n - 1]["comment"] = "Bob played it fast"  # the author's, no bot's move named
    old["moves"][n - 1]["mark"] = "!?"  # not the mark its loss earns: the author's
    w = ReplayWidget(old, perspective=0)
    w.seek(n)
    assert w.annotation["comment"] == "Bob played it fast" and w.annotation["mark"] == "!?"
    again = annotate_with_bot(old)["moves"][n - 1]
    assert again["comment"].startswith("Bob played it fast | expert: ") and again["mark"] == "!?"
