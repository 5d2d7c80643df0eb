"""A kernel kept open all afternoon (session s39's review): a widget closed and dropped is
freed, closing stops its threads, and a widget opened below another closes with it or when
it is replaced."""

from __future__ import annotations

import gc
import threading
import time
import weakref
from pathlib import Path
from typing import Any

import pytest

from spite_widget import Game, lessons
from spite_widget.bots import get_bot
from spite_widget.widgets.lesson import LessonWidget
from spite_widget.widgets.replay import ReplayWidget
from spite_widget.widgets.table import SpiteWidget

from .conftest import FrontEnd

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"


def finished(seed: int) -> Game:
    game = Game.new(seed=seed, players=("You", "Greedy bot"))
    while not game.is_over:
        moves = game.legal_moves()
        center = [m for m in moves if m.to_center]
        game.play(center[0] if center else moves[-1])
    return game


@pytest.mark.parametrize(
    "make",
    [
        lambda: SpiteWidget(opponent="greedy", seed=1, opponent_delay=0),
        lambda: ReplayWidget(SAMPLE),
        lambda: LessonWidget(lessons()[0]),
    ],
    ids=["table", "replay", "lesson"],
)
def test_a_closed_widget_is_freed(make: Any) -> None:
    """Given its front end as a path, anywidget tied every widget to the file's change
    signal: none was ever freed (manzt/anywidget#929); a table kept its game and its bots."""
    widget = make()
    FrontEnd(widget)
    widget.close()
    ref = weakref.ref(widget)
    del widget
    gc.collect()
    assert ref() is None


def test_closing_a_table_stops_the_computers_turn() -> None:
    w = SpiteWidget(opponent="greedy", seed=5, opponent_delay=0.05)
    w.play(next(m for m in w.game.legal_moves() if m.ends_turn))  # the computer's turn starts
    w.close()
    ply = w.game.ply
    time.sleep(0.5)
    assert w.game.ply == ply, "the closed table's computer played on"


def test_closing_a_replay_stops_its_review() -> None:
    """A review left running by a closed replay took the kernel's cores for a minute."""
    game, greedy = Game.new(seed=0), get_bot("greedy", seed=0)
    while not game.is_over:  # 185 moves: some seconds of review
        game.play(greedy.choose(game.view(game.current_player)))
    w = ReplayWidget(game)
    w._handle_custom_msg({"type": "review", "seq": w.table["seq"]}, [])
    thread = w._review_thread
    assert thread is not None and thread.is_alive()
    w.close()
    thread.join(60)
    assert not thread.is_alive()
    assert w.review == {"running": False, "done": 0, "total": 0}, "the closed replay's review ran to its end"
    assert all("eval" not in note for note in w.record["moves"])


def test_the_replay_below_a_table_closes_when_replaced_and_with_the_table() -> None:
    w = SpiteWidget(game=finished(2), opponent="greedy", opponent_delay=0)
    front = FrontEnd(w)
    front.send({"type": "review", "seq": front.seq})
    first = w._review_widget
    assert first is not None and first.comm is not None
    front.send({"type": "review", "seq": front.seq})
    second = w._review_widget
    assert second is not None and second is not first
    assert first.comm is None and second.comm is not None  # the one shown nowhere now is closed
    w.close()
    assert second.comm is None


def test_the_puzzle_below_a_replay_closes_when_replaced_and_with_the_replay() -> None:
    from spite_widget.bots.review import annotate_with_bot

    record = Game.load(SAMPLE).to_record()
    record["moves"] = record["moves"][:60]
    record["result"] = None
    w = ReplayWidget(annotate_with_bot(record))
    first = w.open_puzzles(0, 0)
    second = w.open_puzzles(0, 0)  # the same puzzle again: a new widget below
    assert first is not None and second is not None
    assert first.comm is None and second.comm is not None
    w.close()
    assert second.comm is None


def test_the_computer_gives_the_turn_back_without_one_more_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table stayed busy for one more `opponent_delay` after the computer's last move."""
    from spite_widget.widgets.table import widget as table_module

    pauses: list[int] = []
    sleep = time.sleep

    def counted(seconds: float) -> None:
        if threading.current_thread() is not threading.main_thread():
            pauses.append(w.game.ply)
        sleep(0.001)

    monkeypatch.setattr(table_module.time, "sleep", counted)
    w = SpiteWidget(opponent="greedy", seed=5, opponent_delay=0.3)
    start = w.game.ply
    w.play(next(m for m in w.game.legal_moves() if m.ends_turn))
    w.wait(30)
    moves = w.game.ply - start - 1  # the computer's turn
    assert moves >= 1 and not w.session.busy
    assert len(pauses) == moves, (pauses, moves)  # one pause before each of its moves, none after
