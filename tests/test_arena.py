"""The arena: reproducible with a seed, fair seating, honest summaries, records, Dask, notebook."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from notebooks import code_outputs, run_notebook

from spite_widget import Game, Match
from spite_widget.bots.arena import GameSpec, main, play_one, run_arena, wilson

ROOT = Path(__file__).resolve().parent.parent


def test_results_are_reproducible_with_a_seed_whatever_the_worker_count() -> None:
    one = run_arena("expert", "greedy", 6, workers=1, seed=7, progress=False)
    two = run_arena("expert", "greedy", 6, workers=2, seed=7, progress=False)
    assert [o.index for o in two.outcomes] == list(range(6))
    assert all(a.same_play(b) for a, b in zip(one.outcomes, two.outcomes, strict=True))
    other = run_arena("expert", "greedy", 6, workers=1, seed=8, progress=False)
    assert not all(a.same_play(b) for a, b in zip(one.outcomes, other.outcomes, strict=True))


def test_games_come_in_pairs_on_one_deal_with_the_seats_swapped() -> None:
    first, second = GameSpec(4, ("greedy", "random"), 1), GameSpec(5, ("greedy", "random"), 1)
    assert first.deal_seed == second.deal_seed and not first.swapped and second.swapped
    assert GameSpec(6, ("greedy", "random"), 1).deal_seed != first.deal_seed
    assert first.bot_seed(0) != second.bot_seed(0)


def test_the_summary_counts_what_happened(tmp_path: Path) -> None:
    result = run_arena("greedy", "random", 8, workers=1, seed=3, progress=False, save=tmp_path)
    assert result.n == 8
    wins_a, wins_b = result.wins
    assert wins_a + wins_b + result.draws == 8
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 8
    for outcome, path in zip(result.outcomes, files, strict=True):
        game = Game.load(path)  # replays and checks every move
        assert game.is_over and game.ply == outcome.plies
        assert game.winner is None if outcome.winner is None else game.winner is not None
        assert sum(outcome.points) == game.points
    table = result.table()
    assert "greedy (A)" in table and "Wilson" in table and "draws" in table


def test_matches_are_played_to_fifty_points(tmp_path: Path) -> None:
    outcome = play_one(GameSpec(1, ("expert", "random"), 0, matches=True, save=os.fspath(tmp_path)))
    match = Match.load(tmp_path / "match-00001.json")
    assert match.is_over and max(match.scores) >= 50
    assert outcome.games == len(match.games)
    assert sorted(outcome.points) == sorted(match.scores)


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_command_line_prints_the_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["greedy", "random", "--games", "4", "--workers", "1", "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "4 games: greedy v random" in out and "win rate over decided games" in out
    assert main(["greedy", "random", "--games", "2", "--workers", "1", "--json", "--quiet"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["n"] == 2 and len(summary["win_rate_ci"]) == 2
    with pytest.raises(SystemExit):
        main(["greedy", "nobody"])


def test_the_arena_runs_on_a_local_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = run_arena("greedy", "expert", 4, seed=5, scheduler=client, progress=False)
        by_address = run_arena(
            "greedy", "random", 2, seed=5, scheduler=cluster.scheduler_address, progress=False
        )
    local = run_arena("greedy", "expert", 4, seed=5, workers=1, progress=False)
    assert all(a.same_play(b) for a, b in zip(on_dask.outcomes, local.outcomes, strict=True))
    assert by_address.n == 2


def test_the_bots_notebook_runs_headless() -> None:
    outputs = code_outputs(run_notebook(ROOT / "examples" / "bots.ipynb"))
    assert not [o for o in outputs if o.get("output_type") == "error"]
    text = "".join(str(o.get("text", "")) + str(o.get("data", {}).get("text/plain", "")) for o in outputs)
    assert "expert" in text and "greedy" in text
    plots = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(plots) == 2  # the win rates, and the expert's calibration
    assert "predicted" in text and "observed" in text and "planner" in text


def test_round_robin_prints_a_ladder_with_uncertainty(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["round-robin", "random", "greedy", "planner", "--games", "2", "--workers", "1", "--quiet"]) == 0
    )
    out = capsys.readouterr().out
    assert "Elo" in out and "+-" in out
    rows = {line.split()[0]: line.split() for line in out.splitlines()[1:4]}
    assert set(rows) == {"random", "greedy", "planner"}
    assert "random v greedy:" in out and "greedy v planner:" in out
    with pytest.raises(SystemExit):
        main(["round-robin", "greedy", "--games", "2"])


def test_the_frozen_baseline_is_an_arena_bot() -> None:
    res = run_arena("baseline", "greedy", 2, workers=1, seed=3, progress=False)
    assert res.n == 2 and res.bots == ("baseline", "greedy")
