"""The replay navigator: every ply is the exact position of the game; annotations stick."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from spite_widget import Game, Match, Move, RecordError, Replay
from spite_widget.engine.replay import CHECKPOINT_EVERY


def _played(seed: int, *, center_bias: float = 0.9) -> Game:
    """A whole game of biased random play: long, with reshuffles, so seeking is exercised."""
    rng = random.Random(seed)
    g = Game.new(seed=seed, players=("Ada", "Bo"))
    while not g.is_over:
        moves = g.legal_moves()
        center = [m for m in moves if m.to_center]
        g.play(rng.choice(center) if center and rng.random() < center_bias else rng.choice(moves))
    return g


@pytest.fixture(scope="module")
def long_game() -> Game:
    game = max((_played(s) for s in range(40)), key=lambda g: g.ply)
    assert game.ply > 3 * CHECKPOINT_EVERY and any(game.stock_after(n) for n in range(1, game.ply + 1)), (
        "the fixture needs a long game with reshuffles"
    )
    return game


def _fresh_states(game: Game) -> list[object]:
    """The state after each ply, by replaying the game from the deal one move at a time."""
    rec = game.to_record()
    g = Game.from_record({**rec, "moves": [], "result": None})
    states = [g.state]
    for entry in rec["moves"]:
        assert entry["move"] in g.legal_moves()
        g.play(Move.parse(entry["move"]), stock=entry.get("stock"))
        states.append(g.state)
    return states


def test_every_ply_equals_a_fresh_replay(long_game: Game) -> None:
    states = _fresh_states(long_game)
    r = Replay(long_game)
    assert len(r) == long_game.ply
    for n in range(len(r) + 1):
        r.seek(n)
        assert r.ply == n
        assert r.state == states[n]
    rng = random.Random(0)
    for n in rng.choices(range(len(r) + 1), k=200):  # random jumps, both directions
        r.seek(n)
        assert r.state == states[n], n


def test_steps_and_ends(long_game: Game) -> None:
    r = Replay(long_game)
    assert r.ply == 0 and r.move is None
    r.back()
    assert r.ply == 0
    r.forward()
    assert r.ply == 1 and r.move == long_game.moves[0]
    r.end()
    assert r.ply == len(r) and r.state == long_game.state and r.state.is_over
    r.forward()
    assert r.ply == len(r)
    r.back()
    assert r.ply == len(r) - 1 and r.move == long_game.moves[-2]
    r.start()
    assert r.ply == 0 and r.state == Game.new(seed=0, deck=long_game.deck).state
    r.seek(10_000)
    assert r.ply == len(r)
    r.seek(-3)
    assert r.ply == 0
    with pytest.raises(TypeError):
        r.seek("3")  # type: ignore[arg-type]


def test_replay_does_not_change_the_source_game(long_game: Game) -> None:
    before = long_game.to_record()
    r = Replay(long_game)
    r.seek(5)
    r.annotate(2, comment="a note")
    assert long_game.to_record() == before


def test_annotations_round_trip_through_save_and_load(tmp_path: Path, long_game: Game) -> None:
    r = Replay(long_game.to_record())
    r.annotate(1, comment="opens on the left", mark="!?")
    r.annotate(7, mark="??")
    r.annotate(len(r), comment="the end")
    path = tmp_path / "annotated.json"
    r.save(path)
    again = Replay(path)
    assert again.annotation(1) == {"comment": "opens on the left", "mark": "!?"}
    assert again.annotation(7) == {"mark": "??"}
    assert again.annotation(len(r)) == {"comment": "the end"}
    assert again.record == r.record
    assert json.loads(path.read_text())["moves"][0]["mark"] == "!?"
    again.annotate(1, comment="", mark="")
    assert again.annotation(1) == {}


def test_bad_annotations_are_refused_and_change_nothing(long_game: Game) -> None:
    r = Replay(long_game)
    before = r.record
    for bad in (
        lambda: r.annotate(0, comment="x"),
        lambda: r.annotate(len(r) + 1, comment="x"),
        lambda: r.annotate(1, mark="!!!"),
        lambda: r.annotate(1, comment=3),  # type: ignore[arg-type]
    ):
        with pytest.raises(ValueError):
            bad()
    assert r.record == before


def test_a_bad_record_is_refused_with_the_move_number(long_game: Game) -> None:
    rec = long_game.to_record()
    rec["moves"][4]["move"] = "H:Kh>C4"
    with pytest.raises(RecordError, match="move 5"):
        Replay(rec)


def test_match_records_offer_every_game(tmp_path: Path) -> None:
    m = Match(target=5, seed=2)
    rng = random.Random(2)
    while True:
        g = m.game
        while not g.is_over:
            g.play(rng.choice(g.legal_moves()))
        if m.is_over or len(m.games) == 3:
            break
        m.next_game()
    path = tmp_path / "match.json"
    m.save(path)
    r = Replay(path)
    assert len(r.games) == len(m.games)
    r.select_game(len(m.games) - 1)
    r.end()
    assert r.state == m.games[-1].state
    r.annotate(1, comment="in the last game")
    assert r.record["format"] == "spite-malice-match"
    assert r.record["games"][-1]["moves"][0]["comment"] == "in the last game"
    assert Match.from_record(r.record).scores == m.scores


def test_the_tallest_side_stack_is_the_most_any_position_of_the_main_line_holds(long_game: Game) -> None:
    r = Replay(long_game.to_record())
    seen = []
    for n in range(len(r) + 1):
        r.seek(n)
        seen.append(max(len(s) for seat in r.state.sides for s in seat))
    r.seek(len(r) // 2)
    assert r.tallest_side_stack() == max(seen) > 0 and r.ply == len(r) // 2  # the cursor stays put
    # a main line that goes on past its end is measured again
    short = Game.new(seed=3, players=("Ada", "Bo"))
    short.play(next(m for m in short.legal_moves() if m.ends_turn))  # a discard: one card on a side stack
    r = Replay(short.to_record())
    assert r.tallest_side_stack() == 1
    for _turn in range(2):  # the other player discards on their S1, then the first player on theirs
        r.end()
        mover = r.state.current_player
        r.play(next(m for m in r.view(mover).legal_moves() if m.ends_turn and m.target_index == 0))
    assert r.tallest_side_stack() == 2


def test_the_final_move_is_told_without_moving_the_cursor(long_game: Game) -> None:
    r = Replay(long_game.to_record())
    r.seek(7)
    final = r.final_played
    r.end()
    assert final == r.last_played and final is not None and final.move == long_game.moves[-1]
    r.seek(7)
    assert r.final_played == final and r.ply == 7
    assert Replay(Game.new(seed=3).to_record()).final_played is None  # no move yet
