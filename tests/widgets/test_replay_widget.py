"""ReplayWidget driven the way the browser drives it: custom messages and trait changes."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from decks import played_to_the_end

from spite_widget import Game, IllegalMoveError, Match, Move, RecordError, SpiteWidget
from spite_widget.bots import get_bot
from spite_widget.bots.review import annotate_with_bot, shown_accuracy
from spite_widget.engine.records import MARKS
from spite_widget.widgets.replay import ReplayWidget, standalone_data
from spite_widget.widgets.replay.protocol import MAX_COMMENT_CHARS

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"
TRAITS = ("table", "moves", "length", "ply", "annotation", "info", "status", "review", "perspective")
CARD = re.compile(r"\b[A2-9TJQK][cdhs]\b")


@pytest.fixture
def w() -> ReplayWidget:
    return ReplayWidget(SAMPLE)


def send(w: ReplayWidget, content: Any) -> None:
    w._handle_custom_msg(content, [])


def seek(w: ReplayWidget, ply: int) -> None:
    send(w, {"type": "seek", "ply": ply, "seq": w.table["seq"]})


def traits(w: ReplayWidget) -> dict[str, Any]:
    return {t: json.loads(json.dumps(getattr(w, t))) for t in TRAITS}


def test_opens_at_the_deal_seen_from_above(w: ReplayWidget) -> None:
    game = Game.load(SAMPLE)
    assert (w.ply, w.length, len(w.moves)) == (0, game.ply, game.ply)
    seats = w.table["seats"]
    assert seats[0]["hand"] == [str(c) for c in game.deck[40:45]]
    assert seats[1]["hand"] == [str(c) for c in game.deck[45:50]]
    assert w.table["stock"] == 54 and w.table["last"] is None
    assert w.annotation["ply"] == 0 and "seed=6" in w.annotation["comment"]
    assert w.info["names"] == ["Ada", "Bo"] and "wins 19 points" in w.info["result"]
    assert w.status["kind"] == "info" and "The deal" in w.status["text"]
    # the move list: notation, mover, turns counted per run of one player's moves
    assert [m["move"] for m in w.moves] == [str(m) for m in game.moves]
    assert w.moves[9] == {
        "ply": 10,
        "move": "H:Ac>C1",
        "player": 1,
        "turn": 10,
        "mark": "?!",
        "comment": True,
    }
    assert w.moves[10]["turn"] == 10 and w.moves[11]["turn"] == 11 and w.moves[11]["player"] == 0


def test_steps_and_jumps_like_the_buttons(w: ReplayWidget) -> None:
    game = Game.load(SAMPLE)
    for ply in (1, 2, 17, 16, 0, 155, 154):
        seek(w, ply)
        assert w.ply == ply == w.table["ply"] == w.replay.ply
        assert w.state == w.replay.state
        assert w.status["kind"] == "info"
    seek(w, 17)
    assert w.table["last"]["move"] == "P:Ks>C1" and w.table["last"]["player"] == 0
    assert w.table["last"]["text"] == "Ada played K♠ from the pay-off pile as a 7 on C1"
    assert w.annotation["move"] == "P:Ks>C1" and "counts as the 7" in w.annotation["comment"]
    assert w.status["text"].startswith("Move 17 of 155") and "king of spades" in w.status["words"]
    # the panel's turn is the move list's: the list and the panel can be read together
    for ply in (0, 1, 17, 40, 155):
        seek(w, ply)
        listed = next((m["turn"] for m in w.moves if m["ply"] == ply), 0)
        assert w.annotation["turn"] == listed and (ply < 17 or listed < ply), (ply, listed)
    seek(w, 155)
    assert w.table["result"] == game.result and "wins 19 points" in w.status["text"]
    # Python moves the cursor too, and the traits follow: methods, the ply trait, the Replay
    w.start()
    assert w.ply == 0
    w.ply = 40
    assert w.replay.ply == 40 and w.table["ply"] == 40
    w.replay.seek(41)
    assert w.ply == 41 and w.table["ply"] == 41
    w.forward()
    w.back()
    w.back()
    assert w.ply == 40
    w.end()
    assert w.ply == 155


def test_a_completed_stack_is_told_and_highlighted(w: ReplayWidget) -> None:
    completing = [i + 1 for i, e in enumerate(Game.load(SAMPLE).to_record()["moves"]) if "stock" in e]
    seek(w, completing[0])
    last = w.table["last"]
    target = int(last["move"][-1]) - 1
    assert "(completing it)" in last["text"] and w.table["centers"][target]["size"] == 0


HOSTILE: list[Any] = [
    None,
    "seek",
    [1, 2],
    {},
    {"type": "explode", "seq": 0},
    {"type": ["seek"], "seq": 0},
    {"type": "seek", "ply": 3},
    {"type": "seek", "ply": 3, "seq": -1},
    {"type": "seek", "ply": 3, "seq": True},
    {"type": "seek", "ply": True, "seq": 0},
    {"type": "seek", "ply": -1, "seq": 0},
    {"type": "seek", "ply": 2.0, "seq": 0},
    {"type": "seek", "ply": "3", "seq": 0},
    {"type": "seek", "ply": 999, "seq": 0},
    {"type": "seek", "ply": 3, "seq": 10**9},
    {"type": "seek", "ply": 3, "seq": 0, "extra": 1},
    {"type": "annotate", "ply": 3, "seq": 0},
    {"type": "annotate", "ply": 0, "comment": "x", "seq": 0},
    {"type": "annotate", "ply": 156, "comment": "x", "seq": 0},
    {"type": "annotate", "ply": 3, "comment": 42, "seq": 0},
    {"type": "annotate", "ply": 3, "comment": None, "seq": 0},
    {"type": "annotate", "ply": 3, "comment": "x" * (MAX_COMMENT_CHARS + 1), "seq": 0},
    {"type": "annotate", "ply": 3, "comment": "x" * 100_000, "seq": 0},
    {"type": "annotate", "ply": 3, "mark": "?!?", "seq": 0},
    {"type": "annotate", "ply": 3, "mark": None, "seq": 0},
    {"type": "annotate", "ply": 3, "mark": ["!"], "seq": 0},
    {"type": "perspective", "perspective": 2, "seq": 0},
    {"type": "perspective", "perspective": True, "seq": 0},
    {"type": "perspective", "seq": 0},
    {"type": "game", "game": 1, "seq": 0},
    {"type": "game", "game": -1, "seq": 0},
    {"type": "x" * 10_000, "seq": 0},
]


@pytest.mark.parametrize("content", HOSTILE, ids=lambda c: repr(c)[:40])
def test_hostile_messages_change_nothing_and_are_answered(w: ReplayWidget, content: Any) -> None:
    seek(w, 3)
    before = traits(w)
    record = w.record
    send(w, content)
    assert w.status["kind"] == "error", w.status
    assert len(w.status["text"]) < 300
    after = traits(w)
    assert {k: v for k, v in after.items() if k != "status"} == {
        k: v for k, v in before.items() if k != "status"
    }
    assert w.record == record and not w.errors


def test_the_browser_cannot_set_the_replay(w: ReplayWidget) -> None:
    before = traits(w)
    w.set_state({"ply": 40, "table": {}, "moves": [], "perspective": 1})
    assert w.ply == 0 and w.replay.ply == 0
    assert traits(w)["table"] == before["table"] and w.perspective is None
    assert w.status["kind"] == "error" and "cannot be changed" in w.status["text"]


def test_comments_and_marks_from_the_browser_reach_the_record(w: ReplayWidget, tmp_path: Path) -> None:
    seek(w, 12)
    send(w, {"type": "annotate", "ply": 12, "comment": "the ladder starts to run", "seq": w.table["seq"]})
    send(w, {"type": "annotate", "ply": 12, "mark": "!!", "seq": w.table["seq"]})
    send(w, {"type": "annotate", "ply": 5, "mark": "?", "comment": "too slow", "seq": w.table["seq"]})
    assert w.status["kind"] == "info" and "Move 5" in w.status["text"]
    moves = w.record["moves"]
    assert moves[11]["comment"] == "the ladder starts to run" and moves[11]["mark"] == "!!"
    assert moves[4]["comment"] == "too slow" and moves[4]["mark"] == "?"
    assert w.annotation == {
        "ply": 12,
        "turn": 11,
        "move": "S1:2s>C1",
        "player": 0,
        "text": "Ada played 2♠ from S1 on C1",
        "comment": "the ladder starts to run",
        "mark": "!!",
    }
    assert w.moves[11]["mark"] == "!!" and w.moves[11]["comment"] is True
    assert w.moves[4]["mark"] == "?"
    # "" clears
    send(w, {"type": "annotate", "ply": 5, "mark": "", "comment": "", "seq": w.table["seq"]})
    assert "mark" not in w.record["moves"][4] and "comment" not in w.record["moves"][4]
    assert "mark" not in w.moves[4] and "comment" not in w.moves[4]
    # every mark is accepted
    for mark in MARKS:
        send(w, {"type": "annotate", "ply": 7, "mark": mark, "seq": w.table["seq"]})
        assert w.record["moves"][6]["mark"] == mark
    # save, load: the same record, the same annotations shown
    path = tmp_path / "annotated.json"
    w.save(path)
    again = ReplayWidget(path)
    assert again.record == w.record
    assert again.moves == w.moves
    again.seek(12)
    assert again.annotation == w.annotation
    assert Game.load(path).annotation(12) == {"comment": "the ladder starts to run", "mark": "!!"}


def test_annotations_written_in_python_appear_at_once(w: ReplayWidget) -> None:
    seek(w, 30)
    w.annotate(30, comment="two Kings in a row", mark="!?")
    assert w.annotation["comment"] == "two Kings in a row" and w.annotation["mark"] == "!?"
    assert w.moves[29]["mark"] == "!?" and w.moves[29]["comment"] is True
    w.replay.annotate(31, mark="?")  # through the navigator: the widget follows as well
    assert w.moves[30]["mark"] == "?"
    with pytest.raises(ValueError):
        w.annotate(31, mark="!!!")
    with pytest.raises(ValueError):
        w.annotate(0, comment="x")


def _hidden_from(state: Any, seat: int) -> set[str]:
    """Cards `seat` cannot see at this position: the other hand, the pay-off piles below
    their tops, the stock."""
    hidden = {str(c) for c in state.hands[1 - seat]} | {str(c) for c in state.stock}
    for pile in state.payoffs:
        hidden |= {str(c) for c in pile[:-1]}
    return hidden


def _visible_to(state: Any, seat: int, played: list[str]) -> set[str]:
    seen = {str(c) for c in state.hands[seat]} | set(played)
    for pile in state.payoffs:
        if pile:
            seen.add(str(pile[-1]))
    for piles in (*state.sides, state.centers):
        for pile in piles:
            seen |= {str(c) for c in pile}
    return seen


@pytest.mark.parametrize("seat", [0, 1])
def test_from_a_seat_no_hidden_card_is_in_any_trait(seat: int) -> None:
    game = Game.load(SAMPLE)
    w = ReplayWidget(SAMPLE, perspective=seat)
    leaks = 0
    for ply in range(0, game.ply + 1, 3):
        seek(w, ply)
        state = w.replay.state
        assert w.table["seats"][1 - seat]["hand"] is None and w.table["bottom"] == seat
        assert len(w.moves) == ply  # the moves after the cursor are not known at the table yet
        played = [str(m.card) for m in game.moves[:ply]]
        shown = set(CARD.findall(json.dumps(traits(w), ensure_ascii=False)))
        secret = _hidden_from(state, seat) - _visible_to(state, seat, played)
        assert not (shown & secret), (ply, shown & secret)
        leaks += len(shown - _visible_to(state, seat, played))
    assert leaks == 0
    # from above again: both hands and the whole move list
    send(w, {"type": "perspective", "perspective": None, "seq": w.table["seq"]})
    assert w.perspective is None and len(w.moves) == game.ply
    assert w.table["seats"][1 - seat]["hand"] is not None


def test_no_stock_order_and_no_buried_pay_off_card_in_any_payload(w: ReplayWidget) -> None:
    for ply in (0, 60, 155):
        seek(w, ply)
        table = w.table
        assert isinstance(table["stock"], int)
        for seat in table["seats"]:
            # the piles' spoken names (`labels`) are made from the same public fields
            assert set(seat) == {
                "name",
                "hand",
                "hand_count",
                "payoff_top",
                "payoff_count",
                "sides",
                "labels",
            }
        assert "deck" not in json.dumps(traits(w))


def test_to_html_is_self_contained_and_shows_moves_and_comments(w: ReplayWidget, tmp_path: Path) -> None:
    w.annotate(20, comment="Bo <script>alert(1)</script> & co", mark="??")
    path = tmp_path / "replay.html"
    page = w.to_html(path)
    assert path.read_text(encoding="utf-8") == page
    assert page.startswith("<!DOCTYPE html>") and "<title>Ada v Bo" in page
    assert 'src="http' not in page and "href=" not in page  # nothing to fetch
    assert "mountStandalone" in page and "<script>alert" not in page
    blob = re.search(r'<script type="application/json" id="spite-replay-data">(.*?)</script>', page, re.S)
    assert blob is not None
    data = json.loads(blob.group(1))
    game = data["games"][0]
    assert [m["move"] for m in game["moves"]] == [str(m) for m in Game.load(SAMPLE).moves]
    assert game["notes"][20]["comment"] == "Bo <script>alert(1)</script> & co"
    assert game["notes"][20]["mark"] == "??" and game["notes"][17]["comment"].startswith("The pay-off King")
    assert len(game["tables"]) == 156 and game["info"]["editable"] is False
    for table in game["tables"]:  # counts only: no stock order, no pay-off card below a top
        assert isinstance(table["stock"], int)
        assert all(isinstance(s["payoff_count"], int) and "payoff" not in s for s in table["seats"])
    record = Game.load(SAMPLE).to_record()
    stock_order = ",".join(f'"{c}"' for c in record["deck"][50:60])
    assert stock_order not in page and '"deck"' not in page


def test_an_invalid_record_raises_with_the_move_and_shows_nothing(tmp_path: Path) -> None:
    record = json.loads(SAMPLE.read_text())
    record["moves"][41]["move"] = "H:Kh>C1"
    with pytest.raises(RecordError) as err:
        ReplayWidget(record)
    assert err.value.move_number == 42 and "move 42" in str(err.value)
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json")
    with pytest.raises(RecordError, match="not JSON"):
        ReplayWidget(broken)
    with pytest.raises(ValueError, match="perspective"):
        ReplayWidget(SAMPLE, perspective=2)
    # loading a bad record into a widget: raised, said, and the game shown stays whole
    w = ReplayWidget(SAMPLE)
    w.seek(30)
    before = traits(w)
    with pytest.raises(RecordError, match="move 42"):
        w.load(record)
    assert w.status["kind"] == "error" and "move 42" in w.status["text"]
    assert {k: v for k, v in traits(w).items() if k != "status"} == {
        k: v for k, v in before.items() if k != "status"
    }
    w.load(Game.new(seed=1))
    assert w.length == 0 and w.ply == 0 and w.moves == []


def _short_match() -> Match:
    m = Match(target=1, seed=4)
    while not m.is_over:
        g = m.game
        while not g.is_over:
            moves = g.legal_moves()
            center = [x for x in moves if x.to_center]
            g.play(center[0] if center else moves[0])
        if not m.is_over:
            m.next_game()
    return m


def test_a_match_record_has_a_game_picker() -> None:
    match = _short_match()
    w = ReplayWidget(match.to_record())
    assert len(w.info["games"]) == len(match.games) >= 1
    last = len(match.games) - 1
    send(w, {"type": "game", "game": last, "seq": w.table["seq"]})
    assert w.info["game"] == last and w.ply == 0 and w.length == match.games[last].ply
    send(w, {"type": "annotate", "ply": 1, "mark": "!", "seq": w.table["seq"]})
    rec = w.record
    assert rec["format"] == "spite-malice-match" and rec["games"][last]["moves"][0]["mark"] == "!"
    # a comment sent from the view of another game is refused
    old = 0
    send(w, {"type": "annotate", "ply": 1, "comment": "late", "seq": old})
    assert w.status["kind"] == "error" and "comment" not in w.record["games"][last]["moves"][0]


def test_perspective_from_python_redraws(w: ReplayWidget) -> None:
    w.seek(10)
    w.perspective = 1
    assert w.table["bottom"] == 1 and w.table["seats"][0]["hand"] is None and len(w.moves) == 10
    with pytest.raises(Exception):  # noqa: B017 (traitlets raises its own TraitError)
        w.perspective = 3
    assert w.perspective == 1


def test_the_review_button_runs_the_experts_review() -> None:
    game = Game.new(seed=3)
    game.play(next(m for m in game.legal_moves() if m.ends_turn))  # a blunder: the pay-off A was playable
    while game.ply < 12:
        game.play(game.legal_moves()[0])
    r = ReplayWidget(game)
    assert r.info["review"] is True
    send(r, {"type": "review", "seq": r.table["seq"]})
    r.wait(120)
    assert r.review == {"running": False, "done": 12, "total": 12} and not r.errors
    assert r.status["kind"] == "info" and "reviewed" in r.status["text"]
    first = r.record["moves"][0]
    assert first["mark"] in ("?", "??") and "(the expert plays the pay-off A♣ to C" in first["comment"]
    assert r.moves[0]["mark"] == first["mark"], "the move list shows the expert's mark at once"


def test_the_play_widget_opens_a_review_of_theplayed_to_the_end() -> None:
    unfinished = Game.new(seed=2)
    table = SpiteWidget(game=unfinished, opponent=None)
    table._handle_custom_msg({"type": "review", "seq": table.table["seq"]}, [])
    assert table.review_ref == "" and table.status["kind"] == "error"
    table.reveal()  # two players at one screen: the review of a game in play waits for the hand
    assert table.review().length == 0  # from Python: the game so far
    game = played_to_the_end()
    table = SpiteWidget(game=game, opponent=None)
    table._handle_custom_msg({"type": "review", "seq": table.table["seq"], "x": 1}, [])
    assert table.review_ref == "" and table.status["kind"] == "error"
    table._handle_custom_msg({"type": "review", "seq": table.table["seq"]}, [])
    assert table.status["kind"] == "over" and table.status["text"].startswith("Draw: the stock ran out")
    review = table._review_widget
    assert table.review_ref == f"anywidget:{review.model_id}"
    assert isinstance(review, ReplayWidget) and review.length == game.ply
    assert SpiteWidget.replay(game.to_record(), 1).perspective == 1
    # the table's language reaches the replay opened below it, and the heading over it
    english = table.review_label
    table.lang = "es"
    assert review.lang == "es" and table.review_label != english
    assert table.review_label.startswith("Repetición de la partida 1")


def test_opening_the_review_keeps_the_result_in_the_status_line() -> None:
    table = SpiteWidget(game=played_to_the_end(), opponent=None)
    result = table.status["text"]
    assert result.startswith("Draw: the stock ran out")
    for _press in range(2):  # a second press says it once
        table._handle_custom_msg({"type": "review", "seq": table.table["seq"]}, [])
        assert table.status["kind"] == "over"
        assert (
            table.status["text"]
            == f"{result} The replay of this game is below the table: step through it and comment on it."
        )


def test_standalone_data_covers_every_game_of_a_match() -> None:
    match = _short_match()
    data = standalone_data(match.to_record())
    assert len(data["games"]) == len(match.games)
    for g, game in zip(data["games"], match.games, strict=True):
        assert len(g["tables"]) == game.ply + 1 and len(g["notes"]) == game.ply + 1


def test_stepping_from_python_says_what_the_browser_seek_says(w: ReplayWidget) -> None:
    browser = ReplayWidget(SAMPLE)
    for step, ply in ((w.forward, 1), (w.forward, 2), (w.back, 1), (w.end, len(w.replay)), (w.start, 0)):
        before = w.status["id"]
        step()
        seek(browser, ply)
        assert w.ply == ply and w.status["id"] > before
        assert {k: w.status[k] for k in ("text", "kind", "words")} == {
            k: browser.status[k] for k in ("text", "kind", "words")
        }
    w.seek(7)
    seek(browser, 7)
    assert w.status["text"] == browser.status["text"] and w.status["text"].startswith("Move 7 of ")
    w.ply = 3  # the synced trait, set from Python
    assert w.status["text"].startswith("Move 3 of ")


# ---------------------------------------------------------------------- side lines (issue 13)
def other_move(w: ReplayWidget) -> str:
    """A legal move at the cursor that is not the next move of the line."""
    nxt = str(w.replay.moves[w.ply]) if w.ply < w.length else None
    return next(m for m in w.legal if m != nxt)


def test_a_move_from_the_browser_starts_a_side_line_nested_under_the_move_it_replaces(
    w: ReplayWidget, tmp_path: Path
) -> None:
    seek(w, 20)
    assert w.legal == [str(m) for m in w.replay.view(w.replay.state.current_player).legal_moves()]
    first = other_move(w)
    send(w, {"type": "move", "move": first, "seq": w.table["seq"]})
    assert w.status["kind"] == "info" and "new side line" in w.status["text"], w.status
    assert (w.line, w.ply, w.length) == ([[21, 1]], 21, 21) and w.table["last"]["move"] == first
    second = w.legal[0]
    send(w, {"type": "move", "move": second, "seq": w.table["seq"]})
    assert (w.line, w.ply, w.length) == ([[21, 1]], 22, 22)
    side = w.moves[20]["lines"][0]
    assert [e["move"] for e in side] == [first, second] and side[0]["line"] == [[21, 1]]
    assert side[0]["ply"] == 21 and side[0]["player"] == w.moves[20]["player"]
    assert w.moves[20]["move"] == str(Game.load(SAMPLE).moves[20])  # the main line is unchanged
    # a mark and a comment on a side-line move
    send(
        w,
        {
            "type": "annotate",
            "ply": 22,
            "mark": "!?",
            "comment": "why not",
            "line": [[21, 1]],
            "seq": w.table["seq"],
        },
    )
    assert w.moves[20]["lines"][0][1]["mark"] == "!?" and w.moves[20]["lines"][0][1]["comment"] is True
    assert w.annotation["mark"] == "!?" and w.annotation["comment"] == "why not"
    # stepping back above the line's start shows the main line; goto comes back into it
    seek(w, 20)
    assert w.line == [] and w.annotation["move"] == str(w.replay.game.moves[19])
    # ... but Forward still steps into the side line, whose moves the counter counts: it is ahead
    assert (w.line_ahead, w.length) == ([[21, 1]], 22)
    seek(w, 19)  # a side line that is not there: refused, and the one ahead is still followed
    for wrong in (5, 0, True):
        with pytest.raises(ValueError, match="no variation"):
            w.enter_line(wrong)
        assert (w.line_ahead, w.length, len(w.replay)) == ([[21, 1]], 22, 22)
        assert w.line == [] and w.replay.line == ((21, 1),)  # followed, not in it
    w.forward()
    assert w.ply == 20 and w.line_ahead == [[21, 1]]
    send(w, {"type": "goto", "line": [[21, 1]], "ply": 22, "seq": w.table["seq"]})
    assert (w.line, w.ply) == ([[21, 1]], 22) and w.annotation["comment"] == "why not"
    # leave it: back at the branch, in the main line
    send(w, {"type": "line", "action": "exit", "seq": w.table["seq"]})
    assert (w.line, w.ply, w.length, w.line_ahead) == ([], 20, 155, [])
    # saved and loaded, the side line is there with its notes
    w.save(tmp_path / "lines.json")
    again = ReplayWidget(tmp_path / "lines.json")
    assert again.moves == w.moves
    # promote it: it becomes the main line, the old moves a side line of move 21
    send(w, {"type": "goto", "line": [[21, 1]], "ply": 22, "seq": w.table["seq"]})
    send(w, {"type": "line", "action": "promote", "seq": w.table["seq"]})
    assert (w.line, w.ply, w.length) == ([], 22, 22)
    assert [m["move"] for m in w.moves[20:]] == [first, second]
    assert w.moves[20]["lines"][0][0]["move"] == str(Game.load(SAMPLE).moves[20])
    assert len(w.moves[20]["lines"][0]) == 155 - 20
    # and delete the old main line, now a side line
    send(w, {"type": "goto", "line": [[21, 1]], "ply": 30, "seq": w.table["seq"]})
    send(w, {"type": "line", "action": "delete", "seq": w.table["seq"]})
    assert (w.line, w.ply) == ([], 20) and "lines" not in w.moves[20] and not w.errors


def test_bad_side_line_requests_change_nothing(w: ReplayWidget) -> None:
    seek(w, 20)
    before = traits(w)
    for msg, said in (
        ({"type": "move", "move": "H:Qz>C1"}, "'H:Qz>C1' is not a move: 'Qz' is not a card"),
        ({"type": "move", "move": "S4:Kc>C1"}, "Not played"),
        # a card dropped on a pile it never goes to is told in words, not in the notation
        ({"type": "move", "move": "H:6d>stock"}, "Not allowed: nothing is ever put on a pay-off pile"),
        ({"type": "move", "move": "H:6d>P"}, "Not allowed: nothing is ever put on a pay-off pile"),
        # the viewer plays for whoever is to move (Ada at move 21): not "your opponent"
        ({"type": "move", "move": "H:6d>O-S1"}, "Not allowed: Ada plays to the center stacks (C1–C3) or"),
        ({"type": "move", "move": "P:6d>S2"}, "Not allowed: the pay-off card only goes to a center stack"),
        ({"type": "goto", "line": [[21, 1]], "ply": 22}, "no such position"),
        ({"type": "goto", "line": [[999, 1]], "ply": 2}, "no such position"),
        ({"type": "line", "action": "promote"}, "main line"),
    ):
        send(w, {**msg, "seq": w.table["seq"]})
        assert w.status["kind"] == "error" and said in w.status["text"], (msg, w.status)
        now = traits(w)
        assert {k: v for k, v in now.items() if k != "status"} == {
            k: v for k, v in before.items() if k != "status"
        }
    for bad in (
        {"type": "goto", "line": [[0, 1]], "ply": 2},
        {"type": "line", "action": "x"},
        {"type": "move", "move": 7},
    ):
        send(w, {**bad, "seq": w.table["seq"]})
        assert w.status["kind"] == "error" and "does not understand" in w.status["text"]
    assert not w.errors and w.record == ReplayWidget(SAMPLE).record


def test_python_plays_side_lines_and_the_table_follows(w: ReplayWidget) -> None:
    w.seek(10)
    move = other_move(w)
    w.play(move)
    assert w.line == [[11, 1]] and w.table["last"]["move"] == move
    w.replay.play(w.replay.state.legal_moves()[0])  # the cursor object itself: the widget follows
    assert w.ply == 12 and len(w.moves[10]["lines"][0]) == 2
    w.exit_line()
    assert (w.ply, w.line) == (10, [])
    w.enter_line(1)
    assert (w.ply, w.line) == (11, [[11, 1]])
    w.goto([(11, 1)], 12)
    assert w.ply == 12
    w.promote()
    assert w.length == 12 and w.line == []
    with pytest.raises(IllegalMoveError):
        w.play("H:Qz>C1")


def test_stepped_back_above_a_side_line_python_annotates_the_line_followed(w: ReplayWidget) -> None:
    """`length` counts the side line ahead and Forward steps into it, so move n is that line's:
    annotate(n) past the branch marks the side line, never the game's own move n."""
    w.seek(10)
    w.play(other_move(w))
    w.replay.play(w.replay.state.legal_moves()[0])
    w.seek(5)
    assert (w.line, w.line_ahead, w.length) == ([], [[11, 1]], 12)
    w.annotate(12, mark="?!", comment="in the line")
    w.annotate(4, mark="!")  # a move both lines share is the game's own
    assert w.annotation_of(12) == {"mark": "?!", "comment": "in the line"}
    assert w.moves[10]["lines"][0][1]["mark"] == "?!" and "mark" not in w.moves[11]
    assert w.moves[3]["mark"] == "!" and w.replay.game.annotation(12) == {}
    with pytest.raises(ValueError, match="this line has 12 moves"):
        w.annotate(13, comment="past the line's end")
    w.exit_line()  # following the game again: move 12 is the game's
    assert (w.length, w.annotation_of(12)) == (155, {})


def test_a_seat_plays_its_own_moves_only_and_never_sees_other_lines() -> None:
    w = ReplayWidget(SAMPLE)
    w.seek(20)
    mover = w.replay.state.current_player
    first = other_move(w)
    w.play(first)
    w.exit_line()
    w.perspective = 1 - mover
    assert w.legal == [] and len(w.moves) == 20
    assert not any("lines" in m or "line" in m for m in w.moves)
    assert [m["move"] for m in w.moves] == [str(m) for m in w.replay.game.moves[:20]]
    send(w, {"type": "move", "move": w.replay.state.legal_moves()[0].__str__(), "seq": w.table["seq"]})
    assert w.status["kind"] == "error" and "seat" in w.status["text"]
    send(w, {"type": "goto", "line": [[21, 1]], "ply": 21, "seq": w.table["seq"]})
    assert w.status["kind"] == "error" and w.line == []
    # the mover's own seat may try a move; the list then shows its line up to the cursor only
    w.perspective = mover
    assert w.legal and all("O-" not in m for m in w.legal)
    send(w, {"type": "move", "move": w.legal[-1], "seq": w.table["seq"]})
    assert w.line and [m.get("line", []) for m in w.moves][-1] == w.line
    assert len(w.moves) == w.ply and "lines" not in json.dumps(w.moves)


def test_the_graph_gets_the_evals_and_a_seat_only_its_own_up_to_the_cursor() -> None:
    game = Game.load(SAMPLE)
    for i in range(1, game.ply + 1):
        note = game.annotation(i)
        note["eval"] = {"p0": round(i / (2 * game.ply), 3), "p1": 0.25}
        game.set_annotation(i, note)
    note = game.annotation(10)
    game.set_annotation(10, {**note, "x-loss": "a lot"})  # another writer's x- key: no step
    w = ReplayWidget(game)
    assert len(w.evals) == game.ply and w.evals[9] == [round(10 / 310, 3), 0.25]
    w.perspective = 1
    w.seek(30)
    assert len(w.evals) == 30
    assert all((p == []) == (game.mover(i + 1) != 1) for i, p in enumerate(w.evals))
    # a click on the graph: a goto on the main line
    w.perspective = None
    send(w, {"type": "goto", "line": [], "ply": 77, "seq": w.table["seq"]})
    assert (w.ply, w.line) == (77, [])


def test_the_exported_page_holds_every_side_line() -> None:
    w = ReplayWidget(SAMPLE)
    w.seek(20)
    first = other_move(w)
    w.play(first)
    w.play(w.legal[0])
    data = standalone_data(w.record)
    lines = data["games"][0]["lines"]
    assert list(lines) == ["[[21,1]]"] and len(lines["[[21,1]]"]["tables"]) == 2
    assert lines["[[21,1]]"]["tables"][0]["last"]["move"] == first
    assert data["games"][0]["moves"][20]["lines"][0][0]["move"] == first
    # the page opens at the deal with the widget's own words, for the game and for the line
    w.seek(0)  # still following the side line: it has 22 moves
    assert (
        lines["[[21,1]]"]["deal"] == w.status["text"] == "The deal: Ada plays first. 22 moves to go through."
    )
    w.exit_line()
    w.seek(0)
    assert (
        data["games"][0]["deal"] == w.status["text"] == "The deal: Ada plays first. 155 moves to go through."
    )
    page = w.to_html()
    saved = re.search(r'id="spite-replay-data">(.*?)</script>', page, re.S)
    assert saved and json.loads(saved.group(1)) == json.loads(json.dumps(data, ensure_ascii=False))


def test_the_review_fills_the_graph_and_the_summary_and_can_be_cancelled() -> None:
    game = Game.new(seed=3)
    game.play(next(m for m in game.legal_moves() if m.ends_turn))  # a blunder: the pay-off A was playable
    while game.ply < 12:
        game.play(game.legal_moves()[0])
    r = ReplayWidget(game)
    assert r.evals == [] and r.summary == []
    # cancelled at once: nothing changes
    before = r.record
    cancel = threading.Event()
    cancel.set()
    r._cancel = cancel
    r._run_review(annotate_with_bot, r.replay.game.to_record(), "expert", 0, cancel)
    assert r.record == before and r.evals == [] and "cancelled" in r.status["text"] and not r.errors
    send(r, {"type": "review", "cancel": True, "seq": r.table["seq"]})
    assert r.status["kind"] == "error" and "No review" in r.status["text"]
    # run to the end: an eval after every move, the summary per player, the Puzzles button's data
    send(r, {"type": "review", "seq": r.table["seq"]})
    r.wait(120)
    assert len(r.evals) == 12 and all(p is not None and 0 <= p[0] + p[1] <= 1 for p in r.evals)
    assert [p["name"] for p in r.summary] == list(game.players)
    mover = r.summary[game.mover(1)]
    assert mover["mistakes"] + mover["blunders"] >= 1 and mover["accuracy"] < 100
    assert all(p["percent"] == shown_accuracy(p["accuracy"]) for p in r.summary)
    assert all(m["eval"] for m in r.record["moves"])
    # every costly move's point says where its mover stood before it: its fall is its loss
    costly = [(i, m["x-loss"]) for i, m in enumerate(r.record["moves"]) if "x-loss" in m]
    assert costly and all(len(r.evals[i]) == 3 for i, _loss in costly)
    assert all(len(p) == 2 for i, p in enumerate(r.evals) if i not in dict(costly))
    for i, loss in costly:
        sign = 1 if game.mover(i + 1) == 0 else -1
        fall = (r.evals[i][2] - (r.evals[i][0] - r.evals[i][1])) * sign
        assert abs(fall - loss) < 0.003 or abs(r.evals[i][2]) == 1.0, (i, loss, r.evals[i])
    # a record saved after the review reloads with its graph and summary
    again = ReplayWidget(r.record)
    assert again.evals == r.evals and again.summary == r.summary
    # and its exported page carries the same summary (the page before the review, none)
    assert standalone_data(r.record)["games"][0]["summary"] == r.summary
    assert standalone_data(game.to_record())["games"][0]["summary"] == []


def test_the_puzzles_button_opens_the_reviewed_games_puzzles_below() -> None:
    from spite_widget import LessonWidget

    r = ReplayWidget(SAMPLE)
    r.review_with_bot(wait=True)
    worst = min((0, 1), key=lambda p: r.summary[p]["accuracy"])
    send(r, {"type": "puzzles", "seq": r.table["seq"]})
    assert r.status["kind"] == "info", r.status
    assert r.puzzles_ref.startswith("anywidget:") and r.puzzles_at["player"] == worst
    shown = r._puzzle_widget
    assert isinstance(shown, LessonWidget) and r.puzzles_ref == f"anywidget:{shown.model_id}"
    assert r.puzzles_label.startswith(
        f"Puzzle 1 of {r.puzzles_at['count']} for {r.replay.game.players[worst]}"
    )
    # the puzzle is a position of the game, from the worst player's seat, with a goal
    assert shown.session.game.current_player == worst
    send(r, {"type": "puzzles", "index": r.puzzles_at["count"], "seq": r.table["seq"]})
    assert r.status["kind"] == "error" and "no puzzle" in r.status["text"]
    send(r, {"type": "puzzles", "index": -1, "seq": r.table["seq"]})
    assert r.status["kind"] == "error" and "does not understand" in r.status["text"]
    # in another language, live: the heading and the puzzle open below speak it
    r.lang = "es"
    assert r.puzzles_label.startswith(f"Problema 1 de {r.puzzles_at['count']} para ")
    assert shown.lang == "es"
    assert not r.errors
    # a seat that is not one is named as the seat, not as the view's perspective
    ref = r.puzzles_ref
    for bad in (2, True, "0"):
        with pytest.raises(ValueError, match="player must be 0 or 1"):
            r.open_puzzles(player=bad)  # type: ignore[arg-type]
    assert r.puzzles_ref == ref


def test_the_news_row_keeps_room_for_the_longest_status_line(w: ReplayWidget) -> None:
    """`info.news_room` is the status line at the last move, word for word, and no position of
    the main line says more: the browser keeps that much room from the deal on."""
    texts = []
    for ply in range(len(w.replay) + 1):
        seek(w, ply)
        texts.append(w.status["text"])
    assert w.info["news_room"] == texts[-1] and texts[-1].endswith("wins 19 points.")
    assert max(texts, key=len) == texts[-1]
    w.perspective = 1  # a seat is sent no room: the last move names a card it has not seen yet
    assert w.info["news_room"] == ""


def test_a_side_line_at_the_end_does_not_claim_the_games_result(w: ReplayWidget) -> None:
    seek(w, 154)
    w.play("H:7s>S2")  # not the winning pay-off card: the side line's game goes on
    assert w.ply == 155 and w.line
    assert "(side line)" in w.status["text"] and "wins" not in w.status["text"], w.status["text"]


def test_a_seat_is_told_the_result_only_at_the_end() -> None:
    """The seat's move list stops at the cursor; the header did not, and told who won."""
    w = ReplayWidget(SAMPLE)
    told = w.info["result"]
    assert "wins" in told
    w.perspective = 0
    w.seek(40)
    assert w.info["result"] == "The result is told at the end of the game."
    assert "wins" not in json.dumps(w.info) and "+19" not in json.dumps(w.info)
    w.seek(w.length)
    assert w.info["result"] == told
    w.perspective = None
    w.seek(40)
    assert w.info["result"] == told  # from above, the whole record is open


def test_a_side_line_move_is_judged_and_set_against_the_game() -> None:
    """The review never sees a side line: the expert judges each of its moves as it is played,
    from the mover's view, and the status sets it against the game's own move there."""
    record = json.loads(SAMPLE.read_text())
    record["moves"][40]["eval"] = {"p0": 0.42, "p1": 0.4}  # as a review would have left it
    w = ReplayWidget(record)
    w.seek(40)
    mover = w.replay.state.current_player
    name = w.replay.game.players[mover]
    w.play(other_move(w))
    ev = w.replay.annotation(41)["eval"]
    mine = ev[f"p{mover}"]
    said = w.status["text"]
    assert f"{name}'s chances after it: {mine:.0%} to win" in said, said
    assert f"(in the game after move 41: {record['moves'][40]['eval'][f'p{mover}']:.0%} to win)." in said
    assert w.record["moves"][40]["variations"][0][0]["eval"] == ev  # saved with the record
    # from the mover's own seat too (the game's move 41 was that seat's: compared)
    w.exit_line()
    w.perspective = mover
    w.play(other_move(w))
    assert "chances after it" in w.status["text"] and "(in the game after move 41" in w.status["text"]


def test_the_review_judges_the_side_lines_too() -> None:
    game = Game.new(seed=3)
    while game.ply < 12:
        game.play(game.legal_moves()[0])
    r = ReplayWidget(game)
    r.seek(6)
    r.play(other_move(r))
    r.play(r.legal[0])
    r.exit_line()
    before = r.record
    expected = annotate_with_bot(before)["moves"][6]["variations"]
    r.review_with_bot(wait=True)
    assert r.record["moves"][6]["variations"] == expected
    assert all("eval" in e for e in expected[0])
    assert "reviewed the game" in r.status["text"] and not r.errors


def test_a_side_line_move_is_told_as_the_review_will_tell_it() -> None:
    """Judged as it is played, a side-line discard's chances are those a review then stores for
    it (the best move's, less what the discard gives away). Told straight, every discard from
    one position read alike: the analysis board said a costly discard kept the game move's
    chances, and the review later marked it ?."""
    game = Game.new(seed=3)
    expert, greedy = get_bot("expert", seed=1), get_bot("greedy", seed=2)
    while game.ply < 12:
        game.play((expert if game.current_player == 0 else greedy).choose(game.view(game.current_player)))
    w = ReplayWidget(game)
    w.seek(8)  # greedy to move, and it ended its turn with a discard (H:9c>S1)
    assert game.moves[8].ends_turn
    rater = get_bot("expert", seed=0)
    view = w.replay.view(w.replay.state.current_player)
    costly = max(
        (m for m in w.legal if m.startswith("H:") and ">S" in m and m != str(game.moves[8])),
        key=lambda m: rater.rate(view, Move.parse(m)).loss,  # type: ignore[attr-defined]
    )
    w.play(costly)
    live = w.replay.annotation(9)["eval"]
    w.exit_line()
    w.review_with_bot(wait=True)
    entry = w.record["moves"][8]["variations"][0][0]
    assert entry["move"] == costly and entry.get("mark") in ("?!", "?", "??")
    assert entry["eval"] == live
    mover = view.player
    game_eval = w.record["moves"][8]["eval"]
    assert live[f"p{mover}"] - live[f"p{1 - mover}"] < game_eval[f"p{mover}"] - game_eval[f"p{1 - mover}"]


def test_stepping_through_a_side_line_says_its_chances() -> None:
    record = json.loads(SAMPLE.read_text())
    record["moves"][39]["eval"] = {"p0": 0.42, "p1": 0.4}  # the game's move 40, reviewed
    w = ReplayWidget(record)
    w.seek(40)
    w.play(other_move(w))
    said = w.status["text"]
    w.exit_line()
    assert "chances after it" not in w.status["text"]  # the game's own move 40: the graph's business
    w.enter_line(1)
    assert said.split("Move ", 1)[1] in w.status["text"]
    w.seek(40)  # in the line, but on the game's own move before it branches: nothing to compare
    assert w.replay.line and "chances after it" not in w.status["text"], w.status["text"]


def test_a_change_made_on_w_replay_itself_is_said_in_the_status_line(w: ReplayWidget) -> None:
    """The README's `w.replay.play(...)`: the widget followed the table, but its status line
    still said the move before."""
    w.seek(10)
    w.replay.seek(12)
    assert w.ply == 12 and w.status["text"].startswith("Move 12 of")
    side = next(m for m in w.legal if m != str(w.replay.moves[12]))
    w.replay.play(side)
    said = w.status["text"]
    assert w.line == [[13, 1]] and said.startswith("Move 13 of")
    w.back()
    w.forward()  # the widget's own step to the same move says the same
    assert (w.line, w.status["text"]) == ([[13, 1]], said)
    w.annotate(13, comment="mine")  # the widget's own calls say what they said before
    assert w.status["text"] == said


def test_a_move_typed_as_a_person_types_it_plays_in_the_replay_too(w: ReplayWidget) -> None:
    w.seek(10)
    move = next(m for m in w.legal if m != str(w.replay.moves[10]))
    w.play(" " + move.lower().replace(":", " : "))
    assert w.line == [[11, 1]] and w.replay.moves[10] == Move.parse(move)
    with pytest.raises(IllegalMoveError, match="not a move"):
        w.play("H:1x>S1")
    assert w.line == [[11, 1]] and w.ply == 11


def test_a_marked_or_commented_move_is_read_out_with_its_note() -> None:
    """Stepping onto a move marked ?! with a comment, the live region said only the move: the
    screen shows the mark beside it and the comment below it."""
    w = ReplayWidget(SAMPLE)
    w.seek(10)
    assert w.replay.annotation(10)["mark"] == "?!" and w.replay.annotation(10)["comment"]
    assert w.status["words"].endswith(". This move is marked inaccuracy and has a comment.")
    assert "This move" not in w.status["text"]  # the screen shows them already
    w.replay.annotate(10, comment="")
    w.seek(9)
    w.seek(10)
    assert w.status["words"].endswith(". This move is marked inaccuracy.")
    w.replay.annotate(10, mark="", comment="look")
    w.seek(9)
    w.seek(10)
    assert w.status["words"].endswith(". This move has a comment.")
    w.replay.annotate(10, comment="")
    w.seek(9)
    w.seek(10)
    assert "This move" not in w.status["words"]


def test_going_back_into_a_side_line_is_not_called_a_new_one() -> None:
    """Playing the first move of a side line already there enters it: the status said "A new
    side line." although the record still held one."""
    w = ReplayWidget(SAMPLE)
    w.seek(10)
    played = str(w.replay.moves[10])  # the game's own move 11
    other = next(m for m in w.legal if m != played)
    w.play(other)
    assert w.status["text"].startswith("A new side line. Move 11 of 11 (side line)")
    w.exit_line()
    w.seek(10)
    w.play(other)
    assert w.replay.line and len(w.replay.variations()) == 0  # in the line, at its end
    assert w.status["text"].startswith("Move 11 of 11 (side line)")
    w.seek(10)
    third = next(m for m in w.legal if m not in (other, played))
    w.play(third)
    assert w.status["text"].startswith("A new side line. ")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "is reviewing 156 moves, 1 of them in side lines…"),
        ("es", "está analizando 156 jugadas, 1 de ellas en variantes…"),
        ("pt", "está analisando 156 jogadas, 1 delas em variantes…"),
    ],
)
def test_the_review_counts_its_side_lines_as_its_progress_does(lang: str, said: str) -> None:
    """With side lines in the record, the status said "reviewing the 155 moves" beside a bar
    reading "54 / 158": the bar counts the side lines' moves too, and now the words do."""
    w = ReplayWidget(SAMPLE, lang=lang)
    w.seek(9)
    w.play("H:9d>S2")  # a side line of one move, beside the game's 155
    totals: list[int] = []
    texts: list[str] = []
    w.observe(lambda change: totals.append(change["new"].get("total", 0)), "review")
    w.observe(lambda change: texts.append(change["new"].get("text", "")), "status")
    w.review_with_bot(wait=True)
    assert set(totals) - {0} == {156}, totals
    assert any(text.endswith(said) for text in texts), texts
    # without side lines, as before
    plain = ReplayWidget(SAMPLE, lang=lang)
    texts.clear()
    plain.observe(lambda change: texts.append(change["new"].get("text", "")), "status")
    plain.review_with_bot(wait=True)
    assert any(("155" in t and "…" in t and said.split("156")[0] in t) for t in texts), texts


def test_a_mark_the_reader_cleared_stays_cleared_through_another_review() -> None:
    """A coach cleared the review's ?! on a move (no mark, on purpose) and saved; the next
    review put the ?! back: only a mark changed to another one was kept."""
    w = ReplayWidget(SAMPLE)
    w.review_with_bot(wait=True)
    n = next(i for i, m in enumerate(w.record["moves"], 1) if m.get("x-review", {}).get("mark"))
    w.annotate(n, mark="")
    for lang in ("en", "es"):
        w.lang = lang
        w.review_with_bot(wait=True)
        assert "mark" not in w.record["moves"][n - 1], w.record["moves"][n - 1]
        assert w.record["moves"][n - 1]["comment"] == w.record["moves"][n - 1]["x-review"]["words"]
    reread = ReplayWidget(w.record)  # saved and read again: still no mark, still reviewed
    reread.review_with_bot(wait=True)
    assert "mark" not in reread.record["moves"][n - 1]
    # a mark set again by the reader is theirs
    w.annotate(n, mark="?")
    w.review_with_bot(wait=True)
    assert w.record["moves"][n - 1]["mark"] == "?"
