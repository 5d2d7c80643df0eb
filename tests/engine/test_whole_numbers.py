"""numpy's integers are whole numbers; True and 0.0 are not (whatever `==` says).

A researcher's seat, ply or move number often comes out of numpy: `Replay.seek(np.int64(5))`
said "a ply is a whole number", `annotate(np.int64(3))` "there is no move 3" in a game of
155, while `play(..., player=0.0)` was taken and `view(0.0)` failed inside a tuple."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from spite_widget import Game, Match, Replay
from spite_widget.engine.whole import seat, whole
from spite_widget.render import table_svg

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"


def test_whole_takes_integers_of_any_kind_and_nothing_else() -> None:
    assert [whole(x) for x in (3, np.int64(3), np.uint8(3))] == [3, 3, 3]
    assert all(type(whole(x)) is int for x in (np.int64(3), np.int32(-1)))
    assert [whole(x) for x in (True, 3.0, "3", None, np.float64(3))] == [None] * 5
    assert seat(np.int64(1)) == 1
    for bad in (2, True, 0.0, "0", None):
        with pytest.raises(ValueError, match="player must be 0 or 1"):
            seat(bad)


def test_the_engine_takes_numpys_integers() -> None:
    g = Game.new(seed=7, first_player=np.int64(1))
    assert g.current_player == 1 and type(g.current_player) is int
    g.play(g.legal_moves()[0], player=np.int64(1))
    g.annotate(np.int64(1), comment="numpy's one")
    assert g.annotation(np.int64(1)) == {"comment": "numpy's one"}
    assert json.loads(json.dumps(g.to_record()))["moves"][0]["comment"] == "numpy's one"
    assert g.view(np.int64(0)).player == 0
    assert Match(target=np.int64(10)).target == 10 and type(Match(target=np.int64(10)).target) is int

    r = Replay(SAMPLE)
    r.seek(np.int64(5))
    assert r.ply == 5 and type(r.ply) is int
    r.annotate(np.int64(3), comment="x")
    assert r.annotation(np.int64(3))["comment"] == "x" and r.mover(np.int64(3)) in (0, 1)
    r.goto([], np.int64(7))
    assert r.ply == 7
    assert json.dumps(r.record)  # nothing numpy reached the record


def test_a_float_or_a_bool_is_no_player_and_changes_nothing() -> None:
    g = Game.new(seed=7)
    before = g.state
    with pytest.raises(ValueError, match=r"player must be 0 or 1, not 0\.0"):
        g.play("P:Ac>C1", player=0.0)  # type: ignore[arg-type]
    assert g.state == before
    for bad in (0.0, True, 2):
        with pytest.raises(ValueError, match="player must be 0 or 1"):
            g.view(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"perspective must be 0 or 1, not 1\.0"):
        table_svg(g.state, perspective=1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"first_player must be 0 or 1, not 0\.0"):
        Game.new(seed=7, first_player=0.0)  # type: ignore[arg-type]
    r = Replay(SAMPLE)
    with pytest.raises(TypeError, match=r"a ply is a whole number, not 5\.0"):
        r.seek(5.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="there is no move True"):
        r.annotate(True, comment="x")


def test_seeds_game_indexes_and_widget_seats_take_numpys_integers_too() -> None:
    """Found after the first pass: `random` refuses numpy's integers as seeds, a match's game
    index reached the browser as an np.int64 (not JSON), and SpiteWidget(human=1.0) and
    ReplayWidget(perspective=1.0) were taken."""
    import random

    from spite_widget import Move, ReplayWidget, SpiteWidget
    from spite_widget.env.single import SpiteEnv

    assert Game.new(seed=np.int64(7)).state == Game.new(seed=7).state
    assert Match(seed=np.int64(3)).game.state == Match(seed=3).game.state
    m = Match(target=5, seed=2)
    rng = random.Random(2)
    while len(m.games) < 2:
        while not m.game.is_over:
            m.game.play(rng.choice(m.game.legal_moves()))
        m.next_game()
    record = m.to_record()
    r = Replay(record, game=np.int64(1))
    assert r.game_index == 1 and type(r.game_index) is int
    r.select_game(np.int64(0))
    assert r.game_index == 0 and type(r.game_index) is int
    w = ReplayWidget(record, game=np.int64(1), perspective=np.int64(1))
    assert json.dumps(w.info) and w.info["game"] == 1 and type(w.perspective) is int
    for bad in (True, 1.0):
        with pytest.raises(ValueError, match="there is no game"):
            r.select_game(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"perspective must be None \(from above\), 0 or 1, not 1\.0"):
        ReplayWidget(record, perspective=1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"human must be 0 or 1, not 1\.0"):
        SpiteWidget(human=1.0, opponent=None)  # type: ignore[arg-type]
    assert type(SpiteEnv(max_moves=np.int64(50)).max_moves) is int
    move = Move.parse("H:7s>S4")
    assert Move.parse(move) is move  # a Move is taken as itself
