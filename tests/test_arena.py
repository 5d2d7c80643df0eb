"""The arena: reproducible with a seed, fair seating, honest summaries, records, Dask, notebook."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from notebooks import code_outputs, run_notebook

from spite_widget import Game, Match
from spite_widget.bots.arena import (
    MAX_MATCH_GAMES,
    GameSpec,
    main,
    play_one,
    run_arena,
    saved_outcome,
    wilson,
)
from spite_widget.bots.ladder import round_robin

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
    assert "greedy (A)" in table and "draws" in table
    assert ("Wilson" in table) == (wins_a + wins_b > 0)  # no win rate when no game was decided


def test_matches_are_played_to_fifty_points(tmp_path: Path) -> None:
    outcome = play_one(GameSpec(1, ("expert", "random"), 0, matches=True, save=os.fspath(tmp_path)))
    match = Match.load(tmp_path / "match-00001.json")
    assert match.is_over and max(match.scores) >= 50
    assert outcome.games == len(match.games)
    assert sorted(outcome.points) == sorted(match.scores)


def test_a_stopped_run_resumes_from_its_records_and_counts_as_the_whole_run(tmp_path: Path) -> None:
    whole = run_arena("expert", "greedy", 6, workers=1, seed=4, progress=False)
    stopped = tmp_path / "run"
    first = run_arena("expert", "greedy", 6, workers=1, seed=4, progress=False, save=stopped)
    for i in (1, 4, 5):  # as if the run had been stopped before these games were saved
        (stopped / f"game-{i:05d}.json").unlink()
    kept = {i: (stopped / f"game-{i:05d}.json").read_text() for i in (0, 2, 3)}
    resumed = run_arena("expert", "greedy", 6, workers=1, seed=4, progress=False, save=stopped, resume=True)
    assert resumed.resumed == 3 and resumed.n == 6
    assert all(a.same_play(b) for a, b in zip(whole.outcomes, resumed.outcomes, strict=True))
    for i in (0, 2, 3):  # read back with the clock saved beside the record, and left as they were
        assert resumed.outcomes[i].think_time == first.outcomes[i].think_time
        assert (stopped / f"game-{i:05d}.json").read_text() == kept[i]
    assert sorted(p.name for p in stopped.iterdir()) == [f"game-{i:05d}.json" for i in range(6)]
    assert "(3 read back from the saved records)" in resumed.table()
    assert resumed.wins == whole.wins and resumed.draws == whole.draws


def test_a_match_reads_back_from_its_record_as_it_was_played(tmp_path: Path) -> None:
    spec = GameSpec(3, ("greedy", "random"), 2, matches=True, save=os.fspath(tmp_path))
    assert saved_outcome(spec) is None  # not played yet
    played = play_one(spec)
    read = saved_outcome(spec)
    assert read is not None and read.same_play(played) and read.think_time == played.think_time
    assert read.games > 1 and read.winner == played.winner and read.points == played.points


def test_resume_refuses_records_it_cannot_trust_and_plays_nothing(tmp_path: Path) -> None:
    run_arena("greedy", "random", 2, workers=1, seed=1, progress=False, save=tmp_path)
    with pytest.raises(ValueError, match=r"is not from this run: .*'seed': 1.*'seed': 2"):
        run_arena("greedy", "random", 4, workers=1, seed=2, progress=False, save=tmp_path, resume=True)
    with pytest.raises(ValueError, match="is not from this run"):
        run_arena("random", "greedy", 4, workers=1, seed=1, progress=False, save=tmp_path, resume=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-00000.json", "game-00001.json"]
    path = tmp_path / "game-00001.json"
    path.write_text(path.read_text()[:200])  # cut short, as by a full disk
    with pytest.raises(ValueError, match=r"game-00001\.json: not a readable record"):
        run_arena("greedy", "random", 4, workers=1, seed=1, progress=False, save=tmp_path, resume=True)
    record = json.loads((tmp_path / "game-00000.json").read_text())
    # game 1 is game 0's deal with the seats swapped: its x-arena alone edited is not enough
    path.write_text(json.dumps({**record, "x-arena": {**record["x-arena"], "index": 1}}))
    with pytest.raises(ValueError, match=r"game-00001.json is not this run's game 2: its deal or its seats"):
        run_arena("greedy", "random", 4, workers=1, seed=1, progress=False, save=tmp_path, resume=True)
    record["players"] = record["players"][::-1]
    record["moves"], record["result"] = record["moves"][:10], None  # unfinished, and no bot forfeited
    path.write_text(json.dumps({**record, "x-arena": {**record["x-arena"], "index": 1}}))
    with pytest.raises(ValueError, match="stops before the end and says no bot forfeited"):
        run_arena("greedy", "random", 4, workers=1, seed=1, progress=False, save=tmp_path, resume=True)
    record["moves"][3] = "H:Kd>C9"
    path.write_text(json.dumps({**record, "x-arena": {**record["x-arena"], "index": 1}}))
    with pytest.raises(ValueError, match=r"game-00001.json: .*move 4"):
        run_arena("greedy", "random", 4, workers=1, seed=1, progress=False, save=tmp_path, resume=True)
    record = json.loads((tmp_path / "game-00000.json").read_text())
    record["x-arena"]["moves"] = [-1, 3]
    (tmp_path / "game-00000.json").write_text(json.dumps(record))
    with pytest.raises(ValueError, match="think_time and moves must be two numbers"):
        saved_outcome(GameSpec(0, ("greedy", "random"), 1, save=os.fspath(tmp_path)))
    with pytest.raises(ValueError, match="give the directory"):
        run_arena("greedy", "random", 2, workers=1, progress=False, resume=True)
    assert len(list(tmp_path.iterdir())) == 2


def test_saving_into_a_directory_that_holds_records_needs_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second run saved into a used directory overwrote the first run's records with no word
    (and mixed the two). It is refused; the command says so in one line, not a traceback."""
    run_arena("greedy", "random", 2, workers=1, seed=1, progress=False, save=tmp_path)
    kept = {p.name: p.read_text() for p in tmp_path.iterdir()}
    with pytest.raises(
        ValueError, match=r"already holds 2 saved record\(s\) \(game-00000.json...\): add --resume"
    ):
        run_arena("planner", "greedy", 4, workers=1, seed=1, progress=False, save=tmp_path)
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == kept
    assert main(["planner", "greedy", "--games", "2", "--save", str(tmp_path), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("spite-arena: error: ") and "already holds 2" in err and "Traceback" not in err
    assert (
        main(
            [
                "greedy",
                "random",
                "--games",
                "2",
                "--seed",
                "2",
                "--save",
                str(tmp_path),
                "--resume",
                "--quiet",
            ]
        )
        == 1
    )
    err = capsys.readouterr().err
    assert err.startswith("spite-arena: error: ") and "is not from this run" in err
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == kept
    # matches keep their own records: a directory of games does not stop them
    assert main(["greedy", "random", "--games", "1", "--matches", "--save", str(tmp_path), "--quiet"]) == 0


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
    with pytest.raises(SystemExit):
        main(["greedy", "random", "--resume"])  # nothing to resume from
    assert "needs --save DIR" in capsys.readouterr().err
    saved = tmp_path / "run"
    assert main(["greedy", "random", "--games", "2", "--workers", "1", "--quiet", "--save", str(saved)]) == 0
    capsys.readouterr()
    args = ["greedy", "random", "--games", "4", "--workers", "1", "--quiet", "--save", str(saved), "--resume"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "4 games: greedy v random" in out and "(2 read back from the saved records)" in out
    assert len(list(saved.iterdir())) == 4


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


def test_a_match_no_one_can_win_stops_undecided_and_reads_back(tmp_path: Path) -> None:
    """random never empties its pay-off pile, so random v random drew every game and its match
    to 50 points ran for ever. It stops after MAX_MATCH_GAMES games, undecided, and says so."""
    result = run_arena("random", "random", 2, workers=1, seed=1, matches=True, progress=False, save=tmp_path)
    assert result.wins == (0, 0) and result.undecided == 2
    assert all(o.games == MAX_MATCH_GAMES and o.drawn_games == MAX_MATCH_GAMES for o in result.outcomes)
    match = Match.load(tmp_path / "match-00000.json")  # every game replayed and checked
    assert len(match.games) == MAX_MATCH_GAMES and not match.is_over and match.game.is_over
    table = result.table()
    assert "2 matches: random v random, seats swapped every other match" in table
    assert f"undecided matches (no one reached 50 points in {MAX_MATCH_GAMES} games): 2" in table
    assert "no match was decided, so there is no win rate over decided matches" in table
    assert "win rate over decided matches:" not in table
    assert result.summary()["win_rate"] is None
    again = run_arena(
        "random", "random", 2, workers=1, seed=1, matches=True, progress=False, save=tmp_path, resume=True
    )
    assert again.resumed == 2 and all(
        a.same_play(b) for a, b in zip(result.outcomes, again.outcomes, strict=True)
    )


def test_the_table_tells_all_games_won_drawn_and_lost_and_by_seat() -> None:
    """The losses a target counts were only a subtraction away, and a run with no decided game
    printed a win rate of 0.0%."""
    result = run_arena("expert", "greedy", 6, workers=1, seed=3, progress=False)
    wins, losses = result.wins
    first, second = result.by_seat()
    assert sum(first) == 3 and sum(second) == 3  # games 0, 2, 4 with A in seat 0
    assert first[0] + second[0] == wins and first[2] + second[2] == losses
    assert first[1] + second[1] == result.draws == result.undecided
    for i, o in enumerate(result.outcomes):
        row = (first, second)[i % 2]
        assert row[1 if o.winner is None else 2 * o.winner] >= 1
    table = result.table()
    share = lambda k: f"{100 * k / 6:.1f}%"  # noqa: E731
    assert (
        f"expert (A) of all 6 games: won {share(wins)}, drew {share(result.draws)}, lost {share(losses)}"
        in table
    )
    assert (
        f"by seat, won-drew-lost: moving first {first[0]}-{first[1]}-{first[2]}, "
        f"moving second {second[0]}-{second[1]}-{second[2]}"
    ) in table
    one = run_arena("greedy", "random", 1, workers=1, seed=2, progress=False).table()
    assert one.startswith("1 game: greedy v random") and "moving second" not in one


def test_run_arena_refuses_what_it_cannot_play_with_a_clear_error() -> None:
    """A bot object gave "'FirstMove' object is not iterable" and games="3" a bare TypeError."""

    class FirstMove:
        def choose(self, view: object) -> object:
            raise AssertionError("never asked")

    with pytest.raises(TypeError, match=r"bot_a must be a bot's name .* not a FirstMove object"):
        run_arena(FirstMove(), "greedy", 2, progress=False)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="bot_b must be"):
        run_arena("greedy", None, 2, progress=False)  # type: ignore[arg-type]
    for bad in ("3", 2.5, True):
        with pytest.raises(TypeError, match="games must be a whole number"):
            run_arena("greedy", "random", bad, progress=False)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="workers must be a whole number"):
        run_arena("greedy", "random", 2, workers="2", progress=False)  # type: ignore[arg-type]


def test_a_round_robin_refuses_a_bot_named_twice(capsys: pytest.CaptureFixture[str]) -> None:
    """round_robin(["greedy", "greedy", "random"]) played greedy v greedy and gave greedy a second
    row; then it dropped the second name without a word. It is refused, saying which; and
    `spite-arena --help` did not say the round robin was there."""
    with pytest.raises(ValueError, match=r"bot 'greedy' is named twice: name each bot once"):
        round_robin(["greedy", "greedy", "random"], 2, workers=1, progress=False)
    with pytest.raises(SystemExit):
        main(["round-robin", "greedy", "random", "greedy", "--games", "2", "--quiet"])
    assert "bot 'greedy' is named twice: name each bot once" in capsys.readouterr().err
    with pytest.raises(ValueError, match="at least two different bots"):
        round_robin(["greedy"], 2, workers=1, progress=False)
    with pytest.raises(TypeError, match="a list of bot names"):
        round_robin("greedy", 2, progress=False)
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "spite-arena round-robin random greedy planner expert" in " ".join(capsys.readouterr().out.split())
    with pytest.raises(SystemExit):
        main(["round-robin", "--help"])
    helped = " ".join(capsys.readouterr().out.split())
    assert "games per pair of bots" in helped and "your own as path.to.module:MyBot" in helped


BROKEN_BOT = """
class Broken:
    # plays three moves, then answers something that is not a move
    def __init__(self):
        self.n = 0
    def choose(self, view):
        self.n += 1
        return view.legal_moves()[0] if self.n <= 3 else "H:Kd>C9"

class Sleepy:
    def choose(self, view):
        import time
        time.sleep(5)
        return view.legal_moves()[0]
"""


@pytest.fixture
def broken_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "s36_bots.py").write_text(BROKEN_BOT, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return "s36_bots"


def test_the_round_robin_tells_each_bots_forfeits_and_why(
    broken_bots: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Plain spite-arena printed the forfeits and the reason; the round robin did not, so a
    broken bot of your own simply looked weak."""
    broken = f"{broken_bots}:Broken"
    argv = ["round-robin", broken, "greedy", "random", "--games", "2", "--workers", "1", "--quiet"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert (
        "forfeits (a bot raised, answered an illegal move or passed the move limit; the other bot wins):"
        in out
    )
    line = next(x for x in out.splitlines() if x.strip().startswith(f"{broken}:"))
    assert f"{broken}: 4 of 4 games; first, in {broken} v greedy game 1: Broken failed at move" in line
    assert "answered 'H:Kd>C9', which is not a move: the target must be" in line
    assert not any(x.strip().startswith(("greedy:", "random:")) for x in out.splitlines())
    assert f"{broken} v greedy: 0-2, 0 draws, 2 forfeits by {broken}" in out
    assert main(["round-robin", "greedy", "random", "--games", "2", "--workers", "1", "--quiet"]) == 0
    assert "forfeit" not in capsys.readouterr().out


def test_the_round_robin_takes_a_move_limit(broken_bots: str, capsys: pytest.CaptureFixture[str]) -> None:
    sleepy = f"{broken_bots}:Sleepy"
    argv = ["round-robin", sleepy, "random", "--games", "2", "--workers", "1", "--quiet"]
    assert main([*argv, "--move-limit", "0.2"]) == 0
    out = capsys.readouterr().out
    assert f"{sleepy}: 2 of 2 games; first, in {sleepy} v random game 1:" in out
    assert "took more than 0.2 s to choose a move (--move-limit)" in out
    for bad in ("0", "-1", "1e9"):
        with pytest.raises(SystemExit):
            main([*argv, "--move-limit", bad])
        assert "--move-limit must be a number of seconds above 0" in capsys.readouterr().err
    _, results = round_robin([sleepy, "random"], 1, workers=1, progress=False, move_limit=0.2)
    assert results[(sleepy, "random")].forfeits == (1, 0)


def test_output_piped_into_a_reader_that_stops_early_ends_quietly() -> None:
    """`spite-arena ... | head -1` printed a BrokenPipeError's traceback."""
    code = "import sys; from spite_widget.bots.arena import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "random", "greedy", "--games", "4", "--workers", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before a line is written
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_a_run_in_one_line_that_says_how_to_go_on(workers: str, tmp_path: Path) -> None:
    """Ctrl-C printed a KeyboardInterrupt's traceback through a bot's frames."""
    import signal
    import time

    code = "import sys; from spite_widget.bots.arena import main; sys.exit(main(sys.argv[1:]))"
    saved = tmp_path / "games"
    args = ["greedy", "expert", "--games", "400", "--workers", workers, "--quiet", "--save", str(saved)]
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's job
    )
    deadline = time.monotonic() + 120
    while not (saved.exists() and any(saved.glob("*.json"))) and time.monotonic() < deadline:
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C sends: the whole group, workers too
    stopped = time.monotonic()
    _out, err = proc.communicate(timeout=120)
    assert time.monotonic() - stopped < 15, "the games under way were waited for"
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert err.strip() == (
        f"spite-arena: stopped; the games saved in {saved} are kept: the same command with --resume plays the rest"
    )
    records = sorted(saved.iterdir())
    assert records and all(p.suffix == ".json" for p in records)  # no half-written ".part" left
    for path in records:
        json.loads(path.read_text(encoding="utf-8"))  # each whole
