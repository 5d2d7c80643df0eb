"""The expert's chances are recalibrated per moment (issues 11 and 13): the maps keep chances
chances, are read from the shipped file, and a review's graph no longer zigzags."""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
from pathlib import Path

import pytest
from bot_helpers import make_view

from spite_widget import Move, annotate_with_bot
from spite_widget.bots import Chances, evaluate
from spite_widget.bots.expert import ExpertBot
from spite_widget.bots.greedy import GreedyBot
from spite_widget.bots.model import (
    RECALIBRATION_FILE,
    USES,
    Recalibration,
    default_model,
    raw_chances,
    read_recalibration,
)

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"
BOUND = 0.05
"""The largest mean change of player 0's chance over one player's turns in the sample game.
There the change from one turn's end to the next has a spread of 2-7 points (raw or
recalibrated, 30 turns each), so the mean's standard error is at most 1.3 points: 5 is more
than 3 of them, and a third of the 14-16 points the raw model swung by (p0 up over p0's
turns, down over p1's). Recalibrated, the means are +1.2 and +0.6 points."""
GRID = [i / 20 for i in range(21)]


def _maps() -> list[Recalibration]:
    model = default_model()
    assert model.line_map is not None and model.between_map is not None
    return [model.line_map, model.between_map]


@pytest.mark.parametrize("moment", [0, 1])
def test_a_map_keeps_chances_that_sum_to_one_and_rises(moment: int) -> None:
    fix = _maps()[moment]
    for w in GRID:
        calibrated = []
        for share in GRID:
            raw = Chances(w, (1 - w) * share, (1 - w) * (1 - share))
            c = fix(raw)
            assert min(c.win, c.lose, c.draw) >= 0.0
            assert c.win + c.lose + c.draw == pytest.approx(1.0)
            calibrated.append(c)
        # a higher raw share of losing never lowers the calibrated chance of losing
        loses = [c.lose for c in calibrated]
        assert loses == sorted(loses)
    for share in GRID:
        wins = [fix(Chances(w, (1 - w) * share, (1 - w) * (1 - share))).win for w in GRID]
        assert wins == sorted(wins)
    # certainties stay certain
    assert fix(Chances(1.0, 0.0, 0.0)) == Chances(1.0, 0.0, 0.0)
    assert fix(Chances(0.0, 1.0, 0.0)) == Chances(0.0, 1.0, 0.0)
    assert fix(Chances(0.0, 0.0, 1.0)) == Chances(0.0, 0.0, 1.0)


def test_the_shipped_maps_are_read_from_the_file() -> None:
    data = json.loads(RECALIBRATION_FILE.read_text(encoding="utf-8"))
    maps = read_recalibration(data)
    assert set(maps) == set(USES)
    line, between = _maps()
    assert maps["line"] == line and maps["between"] == between
    assert maps["choice"] == default_model().choice_map
    first = data["maps"]["between"]["win"][1]
    assert between.win[1] == (first[0], first[1])
    # the maps do something: fitted on bot games, they pull the mover's raw chances down
    assert between(Chances(0.6, 0.3, 0.1)).win < 0.6


@pytest.mark.parametrize(
    "bad",
    [
        {"maps": {"line": {"win": [[0, 0], [0.5, 0.7], [0.6, 0.6], [1, 1]], "lose_share": [[0, 0], [1, 1]]}}},
        {"maps": {"line": {"win": [[0, 0.1], [1, 1]], "lose_share": [[0, 0], [1, 1]]}}},
        {"maps": {"line": {"win": [[0, 0], [1, 1]]}}},
        {"maps": {"later": {"win": [[0, 0], [1, 1]], "lose_share": [[0, 0], [1, 1]]}}},
        {"maps": {"line": {"win": [[0, 0], ["a", 1], [1, 1]], "lose_share": [[0, 0], [1, 1]]}}},
        {"line": {}},
    ],
)
def test_a_bad_recalibration_file_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        read_recalibration(bad)


def test_a_review_stores_mid_turn_chances_through_the_review_map() -> None:
    """A review's eval after a move within a turn goes through a map of its own (fitted on
    reviewed games), while the expert's plans and `evaluate` keep telling through the line map."""
    view = make_view(hand=["9c", "Qh", "3d", "Jc", "Js"], payoff="7h", centers=(3, 2, 0))
    model = default_model()
    assert model.review_map is not None and model.line_map is not None
    assert model.review_map != model.line_map
    bot = ExpertBot(0)
    move = Move.parse("H:9c>S1")
    with raw_chances():
        raw = bot.rate(view, move).played_chances
    told = bot.rate(view, move).played_chances
    assert raw is not None and told is not None
    assert told == pytest.approx(model.review_map(raw))
    assert told != pytest.approx(model.line_map(raw))
    # fitted on reviews that were hopeful for the mover, it pulls a hopeful chance down
    assert model.review_map(Chances(0.7, 0.25, 0.05)).win < model.line_map(Chances(0.7, 0.25, 0.05)).win


def test_evaluate_between_turns_uses_the_between_map_and_on_turn_the_line_map() -> None:
    view = make_view(hand=["9c", "Qh", "3d", "Jc", "Js"], payoff="7h", centers=(3, 2, 0))
    model = default_model()
    assert model.line_map is not None and model.between_map is not None
    with raw_chances():
        raw_on_turn = evaluate(view)
    assert evaluate(view) == pytest.approx(model.line_map(raw_on_turn))
    mine = make_view(hand=["9c", "Qh", "3d", "Jc"], payoff="7h", centers=(3, 2, 0))
    waiting = dataclasses.replace(mine, current_player=1, hand_sizes=(4, 5))  # after a discard
    with raw_chances():
        raw_between = evaluate(waiting)
    assert evaluate(waiting) == pytest.approx(model.between_map(raw_between))
    assert evaluate(waiting) != raw_between


def test_the_choice_map_is_what_choices_weigh_and_raw_chances_leave_it_alone() -> None:
    model = default_model()
    assert model.choice_map is not None
    raw = Chances(0.3, 0.5, 0.2)
    assert model.recalibrated(raw, "choice") == model.choice_map(raw)
    with raw_chances():
        assert model.recalibrated(raw, "choice") == model.choice_map(raw)
        assert model.recalibrated(raw, "line") == raw
    # without a choice map, choices weigh what is told where a line ends
    plain = dataclasses.replace(model, choice_map=None)
    assert plain.recalibrated(raw, "choice") == plain.recalibrated(raw, "line")


SQUASH = Recalibration(
    ((0.0, 0.0), (0.5, 0.15), (0.9, 0.3), (1.0, 1.0)), ((0.0, 0.0), (0.2, 0.7), (1.0, 1.0))
)
"""A told map far from the shipped one (and not a mere rescaling of win minus lose)."""


def _moves_and_told(model: object, plies: int, raw: bool = False) -> tuple[list[str], list[float]]:
    """The moves of an expert (seat 0) against greedy over the first `plies` plies of a deal,
    and the chances of winning the expert told with each plan."""
    from spite_widget.engine.game import Game

    game = Game.new(seed=12)
    expert = ExpertBot(seed=3, model=model)  # type: ignore[arg-type]
    players = [expert, GreedyBot(seed=4)]
    told: list[float] = []
    context = raw_chances() if raw else contextlib.nullcontext()
    with context:
        while not game.is_over and game.ply < plies:
            p = game.current_player
            move = players[p].choose(game.view(p))
            if p == 0 and expert.last_plan is not None and expert.last_plan.chances is not None:
                told.append(expert.last_plan.chances.win)
            game.play(move)
    return [str(m) for m in game.moves], told


def test_refitting_what_is_told_changes_no_move() -> None:
    """The line map (what plans, hints and reviews tell) can be refitted on the expert's own
    play without changing its moves: choices weigh chances through the choice map. Inside
    `raw_chances()` (how the refit's data are collected) it plays the same moves too."""
    model = default_model()
    shipped_moves, shipped_told = _moves_and_told(model, 120)
    squashed_moves, squashed_told = _moves_and_told(dataclasses.replace(model, line_map=SQUASH), 120)
    raw_moves, _ = _moves_and_told(model, 120, raw=True)
    assert len(shipped_moves) == 120
    assert squashed_moves == shipped_moves
    assert raw_moves == shipped_moves
    assert shipped_told and squashed_told != shipped_told
    # the choices do read the choice map: squash it instead, and the play changes
    moved, _ = _moves_and_told(dataclasses.replace(model, choice_map=SQUASH), 120)
    assert moved != shipped_moves


def _turn_changes(record: dict[str, object]) -> tuple[list[float], list[float]]:
    """Player 0's stored chance of winning from one turn's end to the next, split by whose turn."""
    moves = record["moves"]
    assert isinstance(moves, list)
    ends: list[tuple[int, float]] = []
    mover = 0
    for entry in moves[:-1]:  # the last move's eval is the result itself
        move = Move.parse(entry["move"])
        if move.ends_turn:
            ev = entry["eval"]
            ends.append((mover, ev["p0"]))
            mover = 1 - mover
    own = [b - a for (_m, a), (m, b) in itertools.pairwise(ends) if m == 0]
    their = [b - a for (_m, a), (m, b) in itertools.pairwise(ends) if m == 1]
    return own, their


def test_the_sample_games_review_has_no_systematic_swing() -> None:
    """Raw, p0 stood at about 0.6 after each of p0's discards and 0.42 after each of p1's:
    every turn moved the graph 14-16 points up or down, by who had just moved."""
    own, their = _turn_changes(annotate_with_bot(SAMPLE))
    assert len(own) > 20 and len(their) > 20
    mean_own, mean_their = sum(own) / len(own), sum(their) / len(their)
    assert abs(mean_own) < BOUND and abs(mean_their) < BOUND, (mean_own, mean_their)
    with raw_chances():  # the same review without the maps: the swing the test would catch
        own, their = _turn_changes(annotate_with_bot(SAMPLE))
    assert sum(own) / len(own) > 2 * BOUND and sum(their) / len(their) < -2 * BOUND
