"""Is a change to the bots faster? Two copies of the package play the same games side by side.

On this shared machine two timed runs of the same code, minutes apart, differ by 10% or more:
separate runs cannot tell a 5% speed-up from drift. Here both copies are loaded into one
process (under other names), and every decision of the measured bot is timed in one copy and
then in the other, the order alternating: a slow minute slows both alike. Their moves must be
the same: a change that alters play is not a speed-up, and the run stops at the first move
where they part. Against itself the two totals agree within about half a percent.

    git worktree add /tmp/old HEAD~1 --detach
    python benchmarks/speed_ab.py /tmp/old [NEW=.] [--games 3] [--first-seed 7] [--bot expert] [--opponent expert]
    python benchmarks/speed_ab.py --quick     # this checkout against itself, one game against greedy
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def load(root: Path, name: str, into: Path) -> ModuleType:
    """The `spite_widget` package under `root`, copied and imported as `name`."""
    source = root / "spite_widget"
    if not (source / "__init__.py").is_file():
        raise SystemExit(f"no spite_widget package under {root}")
    shutil.copytree(source, into / name, ignore=shutil.ignore_patterns("static", "__pycache__"))
    return importlib.import_module(name)


def bot(package: ModuleType, kind: str, seed: int) -> Any:
    """A bot of `package` by its level's name (the package's own registry, under its new name)."""
    bots = importlib.import_module(f"{package.__name__}.bots")
    module, cls = bots._MODULES[kind]
    return getattr(importlib.import_module(module.replace("spite_widget", package.__name__, 1)), cls)(
        seed=seed
    )


def compare(
    packages: tuple[ModuleType, ModuleType], seeds: list[int], kind: str, opponent: str
) -> tuple[list[float], list[float], int]:
    """Seconds per whole turn of `kind` in each copy (the same turns), and the decisions timed."""
    turns: tuple[list[float], list[float]] = ([], [])
    decisions = 0
    for seed in seeds:
        seat = seed % 2
        games = [p.Game.new(seed=seed) for p in packages]
        players = [[bot(p, kind, seed), bot(p, opponent, seed + 1000)] for p in packages]
        if seat:
            players = [[b, a] for a, b in players]
        turn = [0.0, 0.0]
        while not games[0].is_over:
            p = games[0].current_player
            moves: list[Any] = [None, None]
            for copy in (0, 1) if decisions % 2 == 0 else (1, 0):
                view = games[copy].view(p)
                t0 = time.perf_counter()
                moves[copy] = players[copy][p].choose(view)
                if p == seat:
                    turn[copy] += time.perf_counter() - t0
            if str(moves[0]) != str(moves[1]):
                raise SystemExit(
                    f"the copies play differently: game {seed}, ply {games[0].ply}: {moves[0]} against {moves[1]}"
                )
            decisions += p == seat
            for copy in (0, 1):
                games[copy].play(moves[copy])
            if p == seat and (moves[0].ends_turn or games[0].is_over):
                for copy in (0, 1):
                    turns[copy].append(turn[copy])
                turn = [0.0, 0.0]
    return turns[0], turns[1], decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "old", nargs="?", type=Path, help="a checkout holding spite_widget/ (the one to beat)"
    )
    parser.add_argument(
        "new", nargs="?", type=Path, default=ROOT, help="the changed one (default: this checkout)"
    )
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--first-seed", type=int, default=7)
    parser.add_argument("--bot", default="expert", help="the bot timed (default expert)")
    parser.add_argument("--opponent", default="expert", help="who it plays (default expert)")
    parser.add_argument(
        "--quick", action="store_true", help="this checkout against itself, one game against greedy"
    )
    args = parser.parse_args()
    if args.quick:
        args.old, args.new, args.games, args.opponent = ROOT, ROOT, 1, "greedy"
    if args.old is None:
        parser.error("give the checkout to compare against (or --quick)")
    with tempfile.TemporaryDirectory() as tmp:
        sys.path.insert(0, tmp)
        packages = (load(args.old, "spite_ab_old", Path(tmp)), load(args.new, "spite_ab_new", Path(tmp)))
        seeds = list(range(args.first_seed, args.first_seed + args.games))
        old, new, decisions = compare(packages, seeds, args.bot, args.opponent)
    print(
        f"{args.bot} v {args.opponent}, {args.games} games from seed {args.first_seed}: the same moves in both copies"
    )
    print(f"  {len(old)} whole turns, {decisions} decisions timed, alternately in each copy")
    print(f"  {'':12} {'total s':>9} {'median ms':>10} {'p99 ms':>8}")
    for label, times in (("old", old), ("new", new)):
        ms = sorted(t * 1000 for t in times)
        p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
        print(f"  {label:12} {sum(times):9.2f} {statistics.median(ms):10.1f} {p99:8.1f}")
    print(f"  new / old: {sum(new) / sum(old):.3f} of the time")


if __name__ == "__main__":
    main()
