"""Side lines (`variations`) and evaluations (`eval`) in records and in the replay cursor:
read as strictly as the main line, kept, written, played on with the record's real cards."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spite_widget import Game, IllegalMoveError, Move, RecordError, Replay


def played_game(seed: int, plies: int | None = None, center_bias: float = 0.9) -> Game:
    """Seeded random play leaning on center moves (so stacks complete and games are won)."""
    rng = random.Random(seed)
    g = Game.new(seed=seed, players=("Ada", "Bo"))
    while not g.is_over and (plies is None or g.ply < plies):
        moves = g.legal_moves()
        center = [m for m in moves if m.to_center]
        g.play(rng.choice(center) if center and rng.random() < center_bias else rng.choice(moves))
    return g


GAME = played_game(3)


def at(rec: dict[str, Any], ply: int) -> Game:
    """The record's game after `ply` moves, from the record (its real cards)."""
    return Game.from_record({**rec, "moves": rec["moves"][:ply], "result": None})


def other_move(g: Game, not_this: str) -> Move:
    """A legal move other than `not_this`, a hand card to a side stack when there is one."""
    moves = [m for m in g.legal_moves() if m != not_this]
    return next((m for m in moves if m.ends_turn), moves[0])


def line_from(g: Game, count: int, seed: int = 0) -> list[dict[str, Any]]:
    """`count` legal moves played on from `g` (a copy), as record entries with their stocks."""
    g = g.copy()
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        m = rng.choice(g.legal_moves())
        g.play(m)
        entry: dict[str, Any] = {"move": str(m)}
        if g.stock_after(g.ply) is not None:
            entry["stock"] = list(g.stock_after(g.ply) or ())
        out.append(entry)
    return out


def with_variation(ply: int, line: list[dict[str, Any]], rec: dict[str, Any] | None = None) -> dict[str, Any]:
    rec = json.loads(json.dumps(rec or GAME.to_record()))
    rec["moves"][ply].setdefault("variations", []).append(line)
    return rec


# ---------------------------------------------------------------- reading and writing
def test_a_record_with_side_lines_and_evals_round_trips():
    rec = GAME.to_record()
    g10 = at(rec, 10)
    inner = line_from(at(rec, 11), 3, seed=1)
    rec = with_variation(10, [*line_from(g10, 2, seed=2)])
    rec = with_variation(
        10, [{"move": str(other_move(g10, rec["moves"][10]["move"])), "comment": "or this"}], rec
    )
    rec["moves"][11]["variations"] = [inner]
    rec["moves"][11]["eval"] = {"p0": 0.25, "p1": 0.5}
    rec["moves"][10]["variations"][0][1]["mark"] = "?!"
    again = Game.from_record(rec)
    assert again.to_record() == rec
    assert Replay(rec).record == rec
    assert again.annotation(12)["eval"] == {"p0": 0.25, "p1": 0.5}


def test_an_illegal_move_in_a_side_line_is_refused_naming_the_line_and_the_move():
    rec = GAME.to_record()
    g11 = at(rec, 11)
    line = line_from(g11, 3, seed=4)
    bad = with_variation(11, [{"move": str(other_move(g11, rec["moves"][11]["move"]))}])
    bad = with_variation(11, [*line[:2], {"move": "P:Qs>C3"}], bad)
    with pytest.raises(RecordError) as info:
        Game.from_record(bad)
    e = info.value
    assert str(e).startswith("move 12, variation 2, move 3: P:Qs>C3 is illegal: ")
    assert e.move_number == 12 and e.line == (2, 3)


def test_a_nested_side_line_is_named_all_the_way_down():
    rec = GAME.to_record()
    g4 = at(rec, 4)
    first = line_from(g4, 2, seed=5)
    g5 = g4.copy()
    g5.play(first[0]["move"], stock=first[0].get("stock"))
    first[1]["variations"] = [[{"move": "H:Zz>C1"}]]
    with pytest.raises(RecordError, match=r"^move 5, variation 1, move 2, variation 1, move 1: 'H:Zz>C1'"):
        Game.from_record(with_variation(4, first))


def test_a_side_line_move_completing_a_stack_needs_its_own_right_stock():
    # find a position where some legal move completes a stack
    for ply in range(GAME.ply):
        g = at(GAME.to_record(), ply)
        done = [m for m in g.legal_moves() if g.completes(m) and m != GAME.moves[ply]]
        if done:
            break
    else:
        pytest.fail("the fixture game has no alternative completing move")
    move = done[0]
    copy = g.copy()
    copy.play(move)
    stock = list(copy.stock_after(copy.ply) or ())
    assert Game.from_record(with_variation(ply, [{"move": str(move), "stock": stock}])).ply == GAME.ply
    with pytest.raises(
        RecordError, match=rf"^move {ply + 1}, variation 1, move 1: .*must carry the reshuffled"
    ):
        Game.from_record(with_variation(ply, [{"move": str(move)}]))
    other = "Kh" if stock[-1] == "Ah" else "Ah"  # the reshuffle is random: never swap a card for itself
    with pytest.raises(RecordError, match=r"variation 1, move 1: the stock after .* holds other cards"):
        Game.from_record(with_variation(ply, [{"move": str(move), "stock": [*stock[:-1], other]}]))


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ({"p0": 0.7, "p1": 0.4}, "at most 1"),
        ({"p0": -0.1, "p1": 0.4}, "between 0 and 1"),
        ({"p0": 0.5}, "an eval must be"),
        ({"p0": True, "p1": 0}, "between 0 and 1"),
        ("0.5", "an eval must be"),
    ],
)
def test_a_bad_eval_is_refused(value, says):
    rec = GAME.to_record()
    rec["moves"][6]["eval"] = value
    with pytest.raises(RecordError, match=f"^move 7: .*{says}"):
        Game.from_record(rec)
    rec["moves"][6]["eval"] = None
    rec["moves"][6].pop("eval")
    rec["moves"][6]["variations"] = [[{"move": rec["moves"][6]["move"], "eval": value}]]
    with pytest.raises(RecordError, match=f"^move 7, variation 1, move 1: .*{says}"):
        Game.from_record(rec)


def test_empty_or_malformed_variations_are_refused():
    for value, says in (([], "non-empty list"), ([[]], "variation 1 must be"), ("x", "non-empty list")):
        rec = GAME.to_record()
        rec["moves"][2]["variations"] = value
        with pytest.raises(RecordError, match=f"^move 3: .*{says}"):
            Game.from_record(rec)


# ---------------------------------------------------------------- the replay cursor
def test_playing_at_the_cursor_starts_a_side_line_on_the_records_real_cards():
    rec = GAME.to_record()
    r = Replay(rec)
    r.seek(10)
    alt = other_move(at(rec, 10), rec["moves"][10]["move"])
    played = r.play(alt)
    assert played.move == alt and r.line == ((11, 1),) and r.ply == 11 and len(r) == 11
    truth = at(rec, 10)
    truth.play(alt)
    assert r.state == truth.state  # the same cards drawn: the record's stock order
    # further moves extend the line, each on the real cards
    m = truth.legal_moves()[0]
    r.play(m)
    truth.play(m)
    assert r.state == truth.state and len(r) == 12 and r.line == ((11, 1),)
    out = r.record
    assert out["moves"][10]["variations"] == [[{"move": str(alt)}, {"move": str(truth.moves[-1])}]]
    assert Game.from_record(out).to_record() == out  # written as a reader reads it
    # the main line is untouched: step out and on
    r.exit_line()
    assert r.line == () and r.ply == 10 and len(r) == GAME.ply
    r.forward()
    assert r.move == rec["moves"][10]["move"] and r.state == at(rec, 11).state


def test_playing_the_recorded_move_steps_on_and_playing_a_lines_first_move_enters_it():
    rec = GAME.to_record()
    r = Replay(rec)
    r.seek(5)
    assert r.play(rec["moves"][5]["move"]).move == rec["moves"][5]["move"]
    assert r.ply == 6 and r.line == () and r.record == rec
    r.back()
    alt = other_move(at(rec, 5), rec["moves"][5]["move"])
    r.play(alt)
    r.exit_line()
    assert r.variations() == [alt]
    r.play(alt)  # enters the line again instead of adding a copy
    assert r.line == ((6, 1),) and len(r.record["moves"][5]["variations"]) == 1
    r.exit_line()
    r.enter_line(1)
    assert r.line == ((6, 1),) and r.ply == 6 and r.move == alt


def test_an_illegal_move_at_the_cursor_is_refused_and_changes_nothing():
    r = Replay(GAME.to_record())
    r.seek(3)
    before = (r.record, r.ply, r.state, r.line)
    with pytest.raises(IllegalMoveError):
        r.play("P:Qs>C3" if r.state.payoffs[r.state.current_player][-1] != "Qs" else "P:Qh>C3")
    with pytest.raises(IllegalMoveError):
        r.play("not a move")
    assert (r.record, r.ply, r.state, r.line) == before


def test_a_side_line_that_completes_a_stack_records_its_own_stock_and_reloads():
    for ply in range(GAME.ply):
        g = at(GAME.to_record(), ply)
        done = [m for m in g.legal_moves() if g.completes(m) and m != GAME.moves[ply]]
        if done:
            break
    r = Replay(GAME.to_record())
    r.seek(ply)
    played = r.play(done[0])
    assert played.completed == done[0].target
    entry = r.record["moves"][ply]["variations"][0][0]
    assert len(entry["stock"]) == len(g.state.stock) + 12
    again = Replay(r.record)
    again.seek(ply)
    again.enter_line(1)
    assert again.state == r.state


def test_side_lines_are_commented_nested_promoted_and_deleted():
    rec = GAME.to_record()
    r = Replay(rec)
    r.seek(8)
    g8 = at(rec, 8)
    alt = other_move(g8, rec["moves"][8]["move"])
    r.play(alt)
    r.play(r.state.legal_moves()[0])
    r.annotate(10, comment="a try", mark="!?")
    assert r.annotation(10) == {"comment": "a try", "mark": "!?"}
    # a line inside the line
    r.back()
    nested = next(m for m in r.state.legal_moves() if m != r.moves[9])
    r.play(nested)
    assert r.line == ((9, 1), (2, 1)) and r.ply == 10
    assert Game.from_record(r.record).to_record() == r.record
    r.delete_line()
    assert r.line == ((9, 1),) and r.ply == 9
    r.exit_line()
    with_line = r.record
    # promote the side line to the main line, then the old main line back
    r.enter_line(1)
    r.promote()
    assert r.line == () and r.ply == 9 and r.moves[8] == alt and len(r) == 10
    promoted = r.record
    assert promoted["moves"][8]["move"] == str(alt)
    assert promoted["moves"][8]["variations"][0][0]["move"] == rec["moves"][8]["move"]
    assert promoted["moves"][9]["comment"] == "a try" and promoted["result"] is None
    assert Game.from_record(promoted).to_record() == promoted
    r.seek(8)
    r.enter_line(1)
    r.promote()
    assert r.record == with_line
    r.seek(8)
    r.enter_line(1)
    r.delete_line()
    assert r.record == rec and r.line == () and r.ply == 8
    with pytest.raises(ValueError, match="main line"):
        r.delete_line()


def test_at_the_end_of_an_unfinished_game_a_move_goes_on_with_the_main_line():
    short = played_game(3, plies=20)
    r = Replay(short)
    r.end()
    m = short.legal_moves()[0]
    r.play(m)
    truth = short.copy()
    truth.play(m, stock=r.game.stock_after(21))
    assert r.line == () and len(r) == 21 and r.state == truth.state
    assert Game.from_record(r.record).moves == (*short.moves, m)


def test_stepped_back_above_a_side_line_a_new_move_branches_from_the_parent_line():
    rec = GAME.to_record()
    r = Replay(rec)
    r.seek(8)
    r.play(other_move(at(rec, 8), rec["moves"][8]["move"]))
    r.seek(6)
    alt = other_move(at(rec, 6), rec["moves"][6]["move"])
    r.play(alt)
    assert r.line == ((7, 1),) and r.moves == (*GAME.moves[:6], alt)
    out = r.record["moves"]
    assert [len(out[i].get("variations", [])) for i in (6, 8)] == [1, 1]


def test_at_the_point_a_side_line_branches_the_games_move_steps_on_and_others_are_siblings():
    """Stepped back to where a side line branches, the line is only ahead (Forward steps into
    it). Playing the game's own next move there nested a copy of it inside that line; it now
    steps on along the game's moves, and any other new move is a second side line beside
    the first, not one inside it."""
    rec = GAME.to_record()
    r = Replay(rec)
    r.seek(10)
    first = other_move(at(rec, 10), rec["moves"][10]["move"])
    r.play(first)
    r.seek(10)
    assert r.line == ((11, 1),)  # the line is ahead of the cursor
    r.play(rec["moves"][10]["move"])
    assert r.line == () and r.ply == 11 and r.moves == GAME.moves
    assert [line[0]["move"] for line in r.record["moves"][10]["variations"]] == [str(first)]
    assert "variations" not in r.record["moves"][10]["variations"][0][0]
    r.seek(10)
    r.play(first)  # the line's own first move still enters it
    assert r.line == ((11, 1),) and r.ply == 11
    r.seek(10)
    second = next(m for m in at(rec, 10).legal_moves() if m not in (first, rec["moves"][10]["move"]))
    r.play(second)
    assert r.line == ((11, 2),) and r.move == second
    assert [line[0]["move"] for line in r.record["moves"][10]["variations"]] == [str(first), str(second)]


def test_leaving_a_line_that_is_only_ahead_keeps_the_cursor_where_it_is():
    """`exit_line()` stepped back above the line jumped forward to its branch point (move 10
    from move 3); the exported page's Leave line kept the move shown. Now both keep it; from
    inside the line it still goes back to the branch point."""
    rec = GAME.to_record()
    r = Replay(rec)
    r.seek(10)
    r.play(other_move(at(rec, 10), rec["moves"][10]["move"]))
    assert r.ply == 11
    r.exit_line()
    assert r.line == () and r.ply == 10
    r.enter_line(1)
    r.seek(3)
    r.exit_line()
    assert r.line == () and r.ply == 3 and r.moves == GAME.moves
    r.forward()
    assert r.move == GAME.moves[3]  # on the game's moves again
    with pytest.raises(ValueError, match="main line"):
        r.exit_line()


def test_a_bad_side_line_in_a_match_names_the_game_too():
    from spite_widget import Match

    m = Match(target=50, seed=2, players=("Ada", "Bo"))
    rng = random.Random(2)
    for _ in range(6):
        m.game.play(rng.choice(m.game.legal_moves()))
    rec = m.to_record()
    rec["games"][0]["moves"][3]["variations"] = [[{"move": "S4:Ah>C1"}]]
    with pytest.raises(RecordError, match=r"^game 1: move 4, variation 1, move 1: S4:Ah>C1 is illegal"):
        Match.from_record(rec)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_random_side_lines_promotions_and_deletions_always_write_a_record_that_reads_back(seed):
    rng = random.Random(seed)
    base = played_game(seed % 50, plies=60)
    r = Replay(base)
    for _ in range(12):
        action = rng.random()
        if action < 0.55 and r.state.legal_moves():
            r.play(rng.choice(r.state.legal_moves()))
        elif action < 0.75:
            r.seek(rng.randrange(len(r) + 1))
        elif action < 0.85 and r.variations():
            r.enter_line(rng.randrange(len(r.variations())) + 1)
        elif action < 0.93 and r.line:
            r.promote()
        elif r.line:
            r.delete_line()
        state, moves = r.state, r.moves
        rec = r.record
        assert Game.from_record(rec).to_record() == rec
        assert Replay(rec).record == rec
        truth = Game.from_record({**rec, "moves": [], "result": None})
        for n, m in enumerate(moves[: r.ply], start=1):
            truth.play(m, stock=r.stock_after(n))
        assert truth.state == state


def test_a_side_line_move_keeps_the_eval_it_is_given() -> None:
    r = Replay(GAME.to_record())
    r.seek(10)
    r.play(next(m for m in r.state.legal_moves() if m != GAME.moves[10]))
    before = r.record
    for bad in ((1.2, 0.0), (0.7, 0.6), (-0.1, 0.2)):
        with pytest.raises(ValueError, match="eval"):
            r.set_eval(11, *bad)
    assert r.record == before
    with pytest.raises(ValueError, match="no move 12"):
        r.set_eval(12, 0.5, 0.5)
    r.set_eval(11, 0.6314, 0.3684)  # rounded as the review rounds
    assert r.annotation(11)["eval"] == {"p0": 0.631, "p1": 0.368}
    again = Replay(r.record)
    again.goto(r.line, 11)
    assert again.annotation(11)["eval"] == {"p0": 0.631, "p1": 0.368}
    assert "eval" not in Replay(GAME.to_record()).annotation(11)  # the main line's move is untouched


def test_deleting_a_line_from_above_where_it_starts_keeps_the_move_shown():
    """Stepped back to move 5 above a side line of move 9, Delete line jumped to move 8."""
    rec = GAME.to_record()
    r = Replay(rec)
    r.seek(8)
    r.play(other_move(at(rec, 8), rec["moves"][8]["move"]))
    r.play(r.state.legal_moves()[0])
    r.seek(5)
    assert r.line == ((9, 1),) and r.ply == 5  # still following the line, above it
    shown = r.state
    r.delete_line()
    assert r.line == () and r.ply == 5 and r.state == shown
    assert r.record == rec
