"""Records a user (or a file) can hand the package that are no records: each gets a RecordError
or a TypeError that says why, never a RecursionError or an unpacking error, and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spite_widget import Game, Match
from spite_widget.engine.records import MAX_LINE_DEPTH, RecordError
from spite_widget.engine.replay import Replay


def nested(depth: int) -> dict[str, Any]:
    """A one-move game whose first move has side lines nested `depth` deep (each the other of
    two legal first moves, the one before it replaced)."""
    game = Game.new(seed=1)
    a, b = (str(m) for m in game.legal_moves()[:2])
    game.play(a)
    record = game.to_record()
    entry = record["moves"][0]
    for level in range(depth):
        side = {"move": b if level % 2 == 0 else a}
        entry["variations"] = [[side]]
        entry = side
    return record


def test_side_lines_nested_as_deep_as_allowed_load_and_deeper_ones_are_refused() -> None:
    assert Replay(nested(MAX_LINE_DEPTH)).game.ply == 1
    with pytest.raises(RecordError, match=f"nested {MAX_LINE_DEPTH + 1} deep"):
        Game.from_record(nested(MAX_LINE_DEPTH + 1))
    with pytest.raises(RecordError, match="nested 400 deep"):  # a RecursionError before
        Replay(nested(400))


def test_a_new_side_line_deeper_than_a_record_allows_is_refused_and_changes_nothing() -> None:
    """Each side line branching one move into the one before: at the limit, a move that would
    start one more is refused, and what the replay wrote reads back."""
    game = Game.new(seed=1)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    r = Replay(game)
    r.seek(1)

    def other() -> str:
        """A move that is not the line's next one, to a center stack where there is one (a
        discard passes the turn, and 64 of them would run the stock dry)."""
        taken = r.moves[r.ply] if r.ply < len(r) else None
        moves = [m for m in r.state.legal_moves() if m != taken]
        return str(next((m for m in moves if m.to_center), moves[0]))

    while len(r.line) < MAX_LINE_DEPTH:
        r.play(other())  # one level deeper
        r.play(other())  # and one move more, to branch from
        r.seek(r.ply - 1)
    before = (r.line, r.ply, json.dumps(r.record))
    with pytest.raises(ValueError, match=f"at most {MAX_LINE_DEPTH} deep"):
        r.play(other())
    assert (r.line, r.ply, json.dumps(r.record)) == before
    r.play(r.moves[r.ply])  # the line's own next move still steps on
    assert Replay(r.record).game.ply == 2  # and what it wrote reads back


def test_a_file_that_is_json_but_no_record(tmp_path: Path) -> None:
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]")
    with pytest.raises(RecordError, match="holds a JSON list, not a record"):
        Replay(listed)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="nested too deeply"):
        Replay(deep)
    with pytest.raises(RecordError, match="nested too deeply"):
        Game.load(deep)


@pytest.mark.parametrize("line", ["main", [1, 1], [(1,)], [("1", "1")], [(True, 1)], None])
def test_goto_a_line_that_is_no_line_says_so(line: Any) -> None:
    r = Replay(nested(2))
    r.goto([], 1)
    with pytest.raises(TypeError, match="line"):
        r.goto(line, 0)
    assert (r.line, r.ply) == ((), 1)


@pytest.mark.parametrize("players", [["expert", "expert"], ["", "Bo"], ["Ada", "  "]])
def test_any_two_names_are_players_as_the_contract_has_them(players: list[str]) -> None:
    """RULES.md asks two strings of `players`, nothing more: a reader that refused two equal
    names broke a self-play script; such a record reads, plays and writes back."""
    game = Game.new(seed=1, players=players)
    while not game.is_over and game.ply < 30:
        game.play(game.legal_moves()[0])
    record = game.to_record()
    assert record["players"] == players
    assert Game.from_record(record).to_record() == record
    match = Match(target=50, seed=1, players=players)
    match.game.play(match.game.legal_moves()[0])
    assert Match.from_record(match.to_record()).players == tuple(players)


def test_a_match_records_scores_are_whole_points() -> None:
    match = Match(target=50, seed=1)
    while not match.game.is_over:
        match.game.play(match.game.legal_moves()[0])
    record = match.to_record()
    assert Match.from_record(record).scores == record["scores"]
    record["scores"] = [float(x) for x in record["scores"]]
    with pytest.raises(RecordError, match="scores say"):
        Match.from_record(record)
