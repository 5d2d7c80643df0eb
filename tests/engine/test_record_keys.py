"""Every reader and writer of records keeps every top-level key, of games and of matches
(RULES.md: `comment`, `event`, `date` and `x-...`), one test per path."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from spite_widget import Game, Match, Replay, ReplayWidget, annotate_with_bot
from spite_widget.engine import records

OWN_KEYS = {"event": "club night", "date": "2026-11-30", "comment": "the final", "x-clock": [3, 1]}


def _play(game: Game, plies: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(plies):
        game.play(rng.choice(game.legal_moves()))


def match_record() -> dict[str, Any]:
    """A match record with its own keys: a game in progress, its own keys too."""
    m = Match(target=50, seed=4, players=("Ada", "Bo"))
    _play(m.game, 8, seed=4)
    m.game.meta.update({"event": "game one", "x-table": 2})
    rec = m.to_record()
    rec.update(OWN_KEYS)
    return json.loads(json.dumps(rec))


def game_record() -> dict[str, Any]:
    g = Game.new(seed=5, players=("Ada", "Bo"))
    _play(g, 8, seed=5)
    rec = g.to_record()
    rec.update(OWN_KEYS)
    return json.loads(json.dumps(rec))


def test_game_from_record_and_to_record_keep_the_keys():
    rec = game_record()
    assert Game.from_record(rec).to_record() == rec
    assert records.write_game(records.read_game(rec)) == rec


def test_match_from_record_and_to_record_keep_the_keys():
    rec = match_record()
    assert Match.from_record(rec).to_record() == rec
    assert records.load(rec).record() == rec


@pytest.mark.parametrize("make", [game_record, match_record])
def test_a_replay_record_keeps_the_keys(make):
    rec = make()
    r = Replay(rec)
    r.annotate(2, comment="why?")
    out = r.record
    assert {k: out[k] for k in OWN_KEYS} == OWN_KEYS
    moves = out["moves"] if "moves" in out else out["games"][0]["moves"]
    assert moves[1]["comment"] == "why?"
    r.annotate(2, comment="")
    assert r.record == rec


def test_a_replay_widget_record_keeps_the_match_keys():
    rec = match_record()
    assert ReplayWidget(rec).record == rec


def test_annotate_with_bot_keeps_the_match_keys():
    rec = match_record()
    out = annotate_with_bot(rec, "expert")
    assert {k: out[k] for k in OWN_KEYS} == OWN_KEYS
    game = out["games"][0]
    assert game["event"] == "game one" and game["x-table"] == 2 and game["x-annotated-by"] == "expert"
    assert Match.from_record(out).to_record() == out


def test_the_match_record_builder_and_the_scores():
    m = Match.from_record(match_record())
    assert records.scores(m.games) == m.scores == [0, 0]
    built = records.match_record(m.games, m.target, m.meta)
    assert built == m.to_record() and list(built)[:4] == ["format", "version", "target", "players"]
    assert list(built)[-2:] == ["games", "scores"]
