"""LessonWidget driven the way the browser drives it: custom messages, trait changes, hostile input."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from spite_widget import LessonWidget, lessons
from spite_widget.teach import Lesson
from spite_widget.widgets.lesson.protocol import LESSON_ACTIONS, markdown_blocks, parse_lesson_message
from spite_widget.widgets.protocol import ProtocolError

from .conftest import FrontEnd
from .test_hidden import cards_named, visible_from

LESSONS = lessons()
IDS = [x.id for x in LESSONS]


def open_lesson(lesson: Lesson | str) -> tuple[LessonWidget, FrontEnd]:
    w = LessonWidget(lesson)
    return w, FrontEnd(w)


# ---------------------------------------------------------------------------- hidden cards


def visible(w: LessonWidget) -> Counter[str]:
    """What the learner sees at the table: own hand, the pay-off tops, every side and center card."""
    seen = visible_from(w.session.game.state, w.lesson.learner)
    last = w.session.game.last_move
    if last is not None:  # seen going down, even when it completed a stack into the stock
        seen[str(last.card)] += 1
    return seen


def assert_nothing_hidden(w: LessonWidget) -> None:
    state = w.get_state()
    synced = {k: v for k, v in state.items() if not k.startswith("_")}
    seen = visible(w)
    for key, value in synced.items():
        named = cards_named(json.dumps(value, ensure_ascii=False))
        leaked = {c for c in named if c not in seen}
        assert not leaked, f"trait {key} names {leaked}, which the learner cannot see"
    table = w.table
    assert table["seats"][1 - w.lesson.learner]["hand"] is None
    assert isinstance(table["stock"], int)
    assert "solution" not in json.dumps(w.page)  # the page never carries the solution's moves
    # the picture for static pages is the learner's view too
    svg, _ = w._repr_mimebundle_()[0]["image/svg+xml"], None
    assert not {c for c in cards_named(svg) if c not in seen}


# ---------------------------------------------------------------------------- the lessons


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_solution_by_clicks_reaches_the_goal_and_cheers(lesson: Lesson) -> None:
    w, b = open_lesson(lesson)
    cheered: list[str] = []
    w.on_goal(lambda x: cheered.append(x.id))
    assert w.progress == "playing" and not w.done
    assert w.page["title"] == lesson.title and w.page["goal"] == lesson.goal.text
    assert w.actions == {
        "hint": True,
        "solution": True,
        "undo": False,
        "reset": False,
        "next-lesson": lesson is not LESSONS[-1],
    }
    assert w.legal and all(isinstance(m, str) for m in w.legal)
    assert_nothing_hidden(w)
    for i, move in enumerate(lesson.solution):
        assert w.progress == "playing"
        assert move in w.legal, (move, w.legal)
        before = b.seq
        b.move(move)
        assert b.seq == before + 1, b.status
        assert b.kind in ("info", "done"), b.status
        assert_nothing_hidden(w)
        if i < len(lesson.solution) - 1:
            assert b.kind == "info"
    assert w.done and w.progress == "done" and w.session.status == "done"
    assert b.kind == "done" and "Goal reached" in b.status and "Well done" in b.status
    assert cheered == [lesson.id]
    assert w.legal == []
    assert w.actions["hint"] is False and w.actions["solution"] is False
    assert w.actions["undo"] is True and w.actions["reset"] is True
    assert w.errors == []


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_solution_button_plays_step_by_step_with_reasons(lesson: Lesson) -> None:
    w, b = open_lesson(lesson)
    n = len(lesson.solution)
    assert w.steps == [0, n]
    for step in range(1, n + 1):
        b.press("solution")
        assert b.status.startswith(f"Solution, step {step} of {n}: "), b.status
        assert w.steps == [step, n]
        if step < n:
            assert b.kind == "solution" and "Why: " in b.status
        assert_nothing_hidden(w)
    assert w.done and b.kind == "done"
    assert [str(m) for m in w.session.moves] == list(lesson.solution)
    b.press("solution")  # nothing more to show
    assert "already" in b.status and w.done


def test_a_new_table_and_its_words_travel_in_one_update() -> None:
    _w, b = open_lesson("refill")
    for press in (lambda: b.move("H:Ah>C1"), lambda: b.press("solution"), lambda: b.press("undo")):
        b.sent.clear()
        press()
        updates = [m["state"] for m in b.sent if m.get("method") == "update"]
        assert len(updates) == 1 and {"table", "status", "legal"} <= set(updates[0])


def test_solution_after_a_detour_starts_again_from_the_start() -> None:
    w, b = open_lesson("kings-wild")
    b.move("H:As>C2")  # not the solution's way
    b.press("solution")
    assert b.status.startswith("Back to the start, to show the solution. Solution, step 1 of 4")
    assert [str(m) for m in w.session.moves] == ["H:As>C1"]


def test_the_first_lesson_is_the_default_and_lessons_follow_in_order() -> None:
    w, b = open_lesson(LESSONS[0])
    assert LessonWidget().lesson.id == LESSONS[0].id
    for i, lesson in enumerate(LESSONS[1:], start=2):
        old = b.seq
        b.press("next-lesson")
        assert w.lesson.id == lesson.id and w.page["number"] == i and w.page["count"] == len(LESSONS)
        assert b.seq > old and w.progress == "playing" and w.steps == [0, len(lesson.solution)]
        assert_nothing_hidden(w)
    assert w.actions["next-lesson"] is False and w.page["next_title"] is None
    b.press("next-lesson")
    assert "last lesson" in b.status and w.lesson.id == LESSONS[-1].id


def test_an_illegal_click_is_explained_with_the_rule_and_changes_nothing() -> None:
    w, b = open_lesson("build-from-ace")
    seq, ply = b.seq, w.session.game.ply
    b.move("H:2c>C1")
    assert b.kind == "error"
    assert b.status.startswith("Not legal") and "needs an Ace" in b.status and "Rule (" in b.status
    assert b.seq == seq and w.session.game.ply == ply
    b.move("P:3s>C2")
    assert "Rule (" in b.status and w.session.game.ply == ply


def test_the_notes_for_a_refill_and_a_completed_stack() -> None:
    w, b = open_lesson("refill")
    for move in ("H:Ah>C1", "H:2s>C1", "H:3d>C1", "H:4c>C1", "H:5h>C1"):
        b.move(move)
    assert "Your hand was empty, so you drew 5 new cards" in b.status
    assert ".." not in b.status, b.status  # the move's own sentence keeps one full stop
    assert len(w.table["seats"][0]["hand"]) == 5
    w, b = open_lesson("complete-stack")
    stock = w.table["stock"]
    b.move("H:Jc>C1")
    b.move("H:Kh>C1")
    assert w.table["stock"] == stock + 12
    assert (
        f"C1 is complete: its 12 cards went back into the stock, which now holds {stock + 12} cards"
        in b.status
    )
    assert ".." not in b.status, b.status
    assert w.done and b.kind == "done"
    # completing a stack with the last hand card: the stock's sizes add up (it said "now holds
    # 9 cards (it held 2)" after 12 went in, the 5 drawn already taken out)
    w, b = open_lesson("complete-saves")
    assert w.table["stock"] == 2
    for move in ("H:As>C3", "H:2s>C3", "H:3d>C3", "H:Jd>C1", "H:Qh>C1"):
        b.move(move)
    assert b.status == (
        "You played Q♥ on C1 (completing it). C1 is complete: its 12 cards went back into the stock, "
        "which now holds 14 cards (it held 2). Your hand was empty, so you drew 5 new cards from it "
        "(9 cards left) and play on."
    )
    assert w.table["stock"] == 9


def test_winning_says_the_points_and_the_match() -> None:
    w, b = open_lesson("win")
    for move in w.lesson.solution:
        b.move(move)
    assert "You win 20 points: one for each card left in Bo's pay-off pile." in b.status
    assert w.table["result"] == {"winner": 0, "points": 20, "reason": "payoff-emptied"}
    w, b = open_lesson("match")
    for move in w.lesson.solution:
        b.move(move)
    assert "Match: you 31 + 20 = 51, Bo 46: past 50, you win the match." in b.status
    assert b.kind == "done"


def test_a_failed_attempt_offers_undo_and_reset() -> None:
    w, b = open_lesson("kings-wild")
    b.move("H:9c>S1")  # ends the turn without the pay-off card
    assert w.progress == "failed" and b.kind == "failed"
    assert "reset" in b.status.lower()
    assert w.legal == [] and w.actions["reset"] and w.actions["undo"] and not w.actions["hint"]
    assert_nothing_hidden(w)  # the opponent has drawn: still nothing of their hand
    b.press("hint")
    assert b.kind == "failed" and "Reset" in b.status
    b.move("H:As>C1")
    assert b.kind == "failed" and w.session.game.ply == w.session.start_ply + 1
    assert b.status == "This attempt is over: press Undo or Reset to try again.", b.status  # said once
    b.press("undo")
    assert w.progress == "playing" and b.status.startswith("Took back 9♣")
    b.move("H:9c>S1")
    b.press("reset")
    assert w.progress == "playing" and w.session.moves == () and b.status.startswith("Back to the start")
    assert w.actions["undo"] is False and w.actions["reset"] is False


def test_a_hint_points_at_a_move_until_the_table_changes() -> None:
    w, b = open_lesson("kings-wild")
    assert w.hint == ""
    b.press("hint")
    assert w.hint == "H:As>C1" and w.hint in w.legal
    b.move("H:As>C1")
    assert w.hint == ""
    b.move("H:2h>C2")  # off the solution's way: the hint follows a plan from here
    b.press("hint")
    assert w.hint in w.legal and w.hint != ""
    b.move("H:9c>C1")  # illegal: the table does not change, nor does the hint
    assert w.hint != ""
    b.press("undo")
    assert w.hint == ""


def test_undo_with_nothing_to_take_back_and_hints() -> None:
    w, b = open_lesson("side-stacks")
    b.press("undo")
    assert b.kind == "error" and "Nothing to take back" in b.status
    b.press("hint")
    assert b.kind == "hint" and b.status.startswith("Hint: " + w.lesson.hint)
    b.move("S2:5s>C1")
    b.press("hint")  # the next step names itself: it was "Hint: Next: C1 needs ..."
    assert b.kind == "hint" and b.status.startswith("Next: C1 needs ")
    b.move("P:6h>C1")
    b.press("hint")
    assert b.kind == "done" and "already" in b.status
    b.move("H:9d>S1")
    assert b.kind == "done" and "complete" in b.status and w.done


# ---------------------------------------------------------------------------- hostile browsers


HOSTILE: list[tuple[Any, str]] = [
    ("move", "a message must be an object"),
    (None, "a message must be an object"),
    ([1, 2], "a message must be an object"),
    ({}, "unknown message type"),
    ({"type": "new-match", "seq": 0}, "unknown message type"),
    ({"type": "next-game", "seq": 0}, "unknown message type"),
    ({"type": "hint"}, "needs seq"),
    ({"type": "hint", "seq": True}, "needs seq"),
    ({"type": "hint", "seq": -1}, "needs seq"),
    ({"type": "hint", "seq": "0"}, "needs seq"),
    ({"type": "reset", "seq": 0, "why": "x"}, "unexpected field"),
    ({"type": "move", "seq": 0}, "needs a move"),
    ({"type": "move", "seq": 0, "move": ["H:Ah>C1"]}, "needs a move"),
    ({"type": "move", "seq": 0, "move": "H:Ah>C1" * 40}, "too long"),
    ({"type": "move", "seq": 0, "move": "H:Ah>C1", "player": 1}, "unexpected field"),
]


@pytest.mark.parametrize(("content", "said"), HOSTILE, ids=[repr(c)[:40] for c, _ in HOSTILE])
def test_hostile_messages_are_answered_not_raised(content: Any, said: str) -> None:
    w, b = open_lesson("build-from-ace")
    table, legal = dict(w.table), list(w.legal)
    b.send(content)
    assert b.kind == "error" and said in b.status, b.status
    assert w.table == table and w.legal == legal and w.session.moves == ()
    assert w.errors == []


@pytest.mark.parametrize(
    ("move", "said"),
    [
        ("H:Zz>C1", "'H:Zz>C1' is not a move: 'Zz' is not a card"),
        ("P:3s>S1", "Not allowed: the pay-off card only goes to a center stack (C1–C3)."),
        ("H:Ah>P", "nothing is ever put on a pay-off pile"),
        ("H:Ah>stock", "nothing is ever put on a pay-off pile"),
        ("P:3s>H", "nothing is ever put on a pay-off pile"),
        ("H:Ah>O-S1", "your opponent's piles"),
        ("O-S1:Ah>C1", "is not a move: the source must be"),
        ("H:Kd>C1", "Not legal"),
        ("S1:Ah>C1", "Not legal"),
        ("", "is not a move"),
    ],
)
def test_malformed_or_impossible_moves(move: str, said: str) -> None:
    w, b = open_lesson("build-from-ace")
    seq = b.seq
    b.move(move)
    assert b.kind == "error" and said in b.status, b.status
    assert b.seq == seq and w.session.moves == ()


def test_stale_seq_and_double_clicks() -> None:
    w, b = open_lesson("build-from-ace")
    old = b.seq
    b.move("H:Ah>C1", seq=old)
    said = b.status
    b.move("H:Ah>C1", seq=old)  # the same click again: a double click
    assert b.status.startswith(said) and "double click" in b.status
    b.move("H:2c>C1", seq=old)  # another click for the old table
    assert b.kind == "error" and "earlier position" in b.status
    assert [str(m) for m in w.session.moves] == ["H:Ah>C1"]
    b.press("reset")
    b.send({"type": "reset", "seq": b.seq - 1})  # reset pressed twice
    assert "double click" in b.status and w.session.moves == ()
    b.send({"type": "move", "move": "H:Ah>C1", "seq": b.seq + 5})  # from the future
    assert b.kind == "error" and w.session.moves == ()
    # a message for the previous lesson does nothing to the next one
    old = b.seq
    b.press("next-lesson")
    b.move("H:As>C1", seq=old)
    assert w.lesson.id == "kings-wild" and w.session.moves == ()


def test_the_browser_cannot_set_the_lesson() -> None:
    w, b = open_lesson("build-from-ace")
    before = {k: w.get_state()[k] for k in ("table", "legal", "progress", "actions", "page", "steps")}
    w.set_state({"progress": "done", "legal": ["P:3s>C1"], "table": {}, "page": {"title": "<b>x</b>"}})
    assert b.kind == "error" and "cannot be changed from the browser" in b.status
    after = {k: w.get_state()[k] for k in before}
    assert after == before and not w.done
    # the refused traits are sent back, so the browser shows Python's values again
    assert any(m.get("method") == "update" and "progress" in m.get("state", {}) for m in b.sent)
    w.set_state({"tabbable": True})
    assert w.tabbable is True


def test_a_failing_on_goal_callback_is_reported_not_raised() -> None:
    w, b = open_lesson("build-from-ace")

    def broken(lesson: Lesson) -> None:
        raise RuntimeError("boom")

    w.on_goal(broken)
    for move in w.lesson.solution:
        b.move(move)
    assert w.done and w.errors and "boom" in w.errors[0]
    assert b.kind == "error" and "on_goal" in b.status
    w.on_goal(broken, remove=True)


# ---------------------------------------------------------------------------- the Python API


def test_python_api() -> None:
    w = LessonWidget("kings-wild")
    assert w.lesson.id == "kings-wild" and w.session.lesson is w.lesson
    feedback = w.play("H:Kc>C1")
    assert not feedback.accepted and "Rule (" in feedback.text and w.status["text"] == feedback.text
    for move in w.lesson.solution:
        feedback = w.play(move)
    assert feedback.accepted and feedback.status == "done" and w.done and w.progress == "done"
    assert w.undo() is not None and not w.done
    w.reset()
    assert w.session.moves == ()
    assert w.give_hint().startswith("Hint: ")
    assert w.next_lesson() is LESSONS[2] and w.lesson.id == "side-stacks"
    w.set_lesson(LESSONS[0])
    assert w.lesson.id == "build-from-ace"
    assert "build-from-ace" in repr(w)
    with pytest.raises(TypeError):
        w.play(42)  # type: ignore[arg-type]
    with pytest.raises(KeyError):
        LessonWidget("no-such-lesson")
    with pytest.raises(TypeError):
        LessonWidget(3)  # type: ignore[arg-type]


def test_a_lesson_of_ones_own_has_no_next() -> None:
    from dataclasses import replace

    own = replace(LESSONS[0], id="my-lesson", title="My own")
    w, b = open_lesson(own)
    assert w.page["number"] == 0 and w.page["next_title"] is None and not w.actions["next-lesson"]
    for move in own.solution:
        b.move(move)
    # a lesson of one's own (or a puzzle) is not the course's last: no "That was the last lesson"
    assert w.done and "Well done" in b.status and "last lesson" not in b.status


def test_displays_as_widget_with_a_static_picture() -> None:
    w = LessonWidget("build-from-ace")
    data, _ = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["image/svg+xml"].lstrip().startswith("<svg")


# ---------------------------------------------------------------------------- the protocol


def test_actions_and_messages() -> None:
    assert set(LessonWidget().actions) == set(LESSON_ACTIONS)
    assert parse_lesson_message({"type": "solution", "seq": 3}) == {"type": "solution", "seq": 3}
    assert parse_lesson_message({"type": "move", "move": "H:Ah>C1", "seq": 0})["move"] == "H:Ah>C1"
    with pytest.raises(ProtocolError):
        parse_lesson_message({"type": "move", "move": "H:Ah>C1", "seq": 1.5})


def test_markdown_becomes_plain_text_blocks() -> None:
    text = "Hello **bold** and *em* and `code`.\n\n> rule one\n>\n> rule two\n\n- a\n- b <b>x</b>\n\n<script>alert(1)</script>"
    blocks = markdown_blocks(text)
    assert [b["kind"] for b in blocks] == ["p", "quote", "list", "p"]
    assert blocks[0]["parts"][0] == [
        {"text": "Hello ", "style": ""},
        {"text": "bold", "style": "strong"},
        {"text": " and ", "style": ""},
        {"text": "em", "style": "em"},
        {"text": " and ", "style": ""},
        {"text": "code", "style": "code"},
        {"text": ".", "style": ""},
    ]
    assert [p[0]["text"] for p in blocks[1]["parts"]] == ["rule one", "rule two"]
    assert blocks[2]["parts"][1] == [{"text": "b <b>x</b>", "style": ""}]
    assert blocks[3]["parts"][0] == [{"text": "<script>alert(1)</script>", "style": ""}]
    # every lesson's text survives: the words are all there, without the markdown marks
    for lesson in LESSONS:
        words = " ".join(s["text"] for b in markdown_blocks(lesson.text) for p in b["parts"] for s in p)
        assert "**" not in words and words.count(">") == lesson.text.count("->")


def test_the_draw_lesson_marks_the_cards_just_drawn_until_the_first_move() -> None:
    """The draw lesson is about the three cards the turn began with: the table marks them
    (the J♥ and Q♦ were kept), again after Undo or Reset back to the start, and not after a move."""
    w = LessonWidget("draw")
    hand = w.table["seats"][w.table["bottom"]]["hand"]
    assert [hand[i] for i in w.table["drawn"]] == ["3h", "Kh", "5d"]
    w.play("H:3h>C1")
    assert w.table["drawn"] == []
    w.undo()
    assert [hand[i] for i in w.table["drawn"]] == ["3h", "Kh", "5d"]
    w.play("H:3h>C1")
    w.reset()
    assert [hand[i] for i in w.table["drawn"]] == ["3h", "Kh", "5d"]
    # a lesson whose setup leaves the learner's hand as dealt marks nothing
    assert LessonWidget(lessons()[0]).table["drawn"] == []


def test_every_status_carries_its_words_for_the_live_region() -> None:
    """The lesson's live region reads `status["words"]`: the status line's text with each card
    named in words, in the lesson's language (a refusal and a hint included)."""
    w = LessonWidget("side-stacks")
    assert w.status["words"] == w.status["text"]  # the goal names no card
    w.play("S2:5s>C1")
    assert w.status["text"] == "You played 5♠ from S2 on C1."
    assert w.status["words"] == "You played five of spades from S2 on C1."
    assert not w.play("H:9d>C2").accepted  # refused, with the rule quoted
    assert w.status["kind"] == "error" and w.status["words"] == w.status["text"]
    w.undo()
    assert w.status["text"].startswith("Took back 5♠ (S2:5s>C1)")
    assert w.status["words"].startswith("Took back five of spades (S2:5s>C1)")
    es = LessonWidget("side-stacks", lang="es")
    es.play("S2:5s>C1")
    assert "cinco de picas" in es.status["words"] and "5♠" in es.status["text"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("es", "Partido: tú 31 + 20 = 51, Bo 46"),
        ("pt", "Partida: você 31 + 20 = 51, Bo 46"),
    ],
)
def test_the_lessons_other_player_has_a_name_in_every_language(lang: str, said: str) -> None:
    """The lesson's other player was "Rival" / "Adversário", a role read as a bare name:
    "Esas cartas son de Rival", "pilha de pagamento de Adversário", "Luego Rival roba"."""
    w = LessonWidget("match", lang=lang)
    assert w.lesson.players[1] == "Bo"
    for move in w.lesson.solution:
        w.play(move)
    assert said in w.status["text"]
    assert "Rival" not in w.status["text"] and "Adversário" not in w.status["text"]
