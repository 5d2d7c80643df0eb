"""A round robin between bots and an Elo-style rating for each, with its uncertainty.

Every pair plays the same number of seat-swapped games (`run_arena`); a won game scores 1
(a forfeit is a win of the other bot; the table lists each bot's forfeits and the first reason),
a drawn game (stock exhausted) 1/2, as in chess ratings, so a bot that only holds a draw is
not rated like one that wins. Ratings are fitted by maximum likelihood (Bradley-Terry on
the Elo scale: a 400-point gap means 10-to-1 odds), anchored so that they average 1500;
the uncertainty is the spread over bootstrap resamples of the games.

    spite-arena round-robin random greedy planner expert --games 100
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .arena import FORFEITS, ArenaResult, run_arena

Score = tuple[int, int, float]
"""(i, j, score of i in one game: 1, 0.5 or 0)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """One bot's place on the ladder."""

    bot: str
    elo: float
    spread: float
    """Standard deviation of the rating over bootstrap resamples."""
    score: float
    """Its share of the points in all its games (draws count a half)."""
    games: int


def fit_elo(n: int, games: Sequence[Score], rounds: int = 200) -> list[float]:
    """Maximum-likelihood Elo ratings (mean 1500) from game scores, by minorisation steps.

    A tiny prior (one drawn game against a 1500 player each) keeps a bot that won or lost
    everything finite.
    """
    won = [0.5] * n
    pairs: dict[tuple[int, int], int] = {}
    for i, j, s in games:
        won[i] += s
        won[j] += 1.0 - s
        key = (min(i, j), max(i, j))
        pairs[key] = pairs.get(key, 0) + 1
    strength = [1.0] * n
    for _ in range(rounds):
        new = []
        for i in range(n):
            denom = 1.0 / (strength[i] + 1.0)  # the prior game against a strength-1 player
            for (a, b), count in pairs.items():
                if i in (a, b):
                    other = b if i == a else a
                    denom += count / (strength[i] + strength[other])
            new.append(won[i] / denom)
        log_mean = sum(math.log(x) for x in new) / n
        strength = [x / math.exp(log_mean) for x in new]
    return [1500.0 + 400.0 * math.log10(x) for x in strength]


def ratings(
    bots: Sequence[str], results: dict[tuple[str, str], ArenaResult], resamples: int = 200
) -> list[Rating]:
    """The ladder from round-robin results, strongest first."""
    index = {b: k for k, b in enumerate(bots)}
    games: list[Score] = []
    for (a, b), res in results.items():
        for o in res.outcomes:
            s = 0.5 if o.winner is None else (1.0 if o.winner == 0 else 0.0)
            games.append((index[a], index[b], s))
    elo = fit_elo(len(bots), games)
    rng = random.Random(0)
    samples: list[list[float]] = []
    for _ in range(resamples):
        pick = [games[rng.randrange(len(games))] for _ in games]
        samples.append(fit_elo(len(bots), pick, rounds=60))
    out = []
    for k, bot in enumerate(bots):
        xs = [s[k] for s in samples]
        mean = sum(xs) / len(xs)
        spread = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, len(xs) - 1))
        mine = [(s if i == k else 1.0 - s) for i, j, s in games if k in (i, j)]
        out.append(Rating(bot, elo[k], spread, sum(mine) / max(1, len(mine)), len(mine)))
    return sorted(out, key=lambda r: -r.elo)


def check_names(bots: Sequence[str]) -> list[str]:
    """The bots of a round robin, each named once: ValueError names a bot named twice (it
    would play itself under one name, or a second row would be a bot that never played)."""
    if isinstance(bots, str):
        raise TypeError(f"bots must be a list of bot names, not the one string {bots!r}")
    bots = list(bots)
    twice = next((b for k, b in enumerate(bots) if b in bots[:k]), None)
    if twice is not None:
        raise ValueError(f"bot {twice!r} is named twice: name each bot once")
    if len(bots) < 2:
        raise ValueError("a round robin needs at least two different bots")
    return bots


def round_robin(
    bots: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    workers: int | None = None,
    progress: bool = True,
    move_limit: float | None = None,
) -> tuple[list[Rating], dict[tuple[str, str], ArenaResult]]:
    """Every pair of `bots` plays `games` seat-swapped games; the ladder and the raw results.
    A bot named twice is refused (ValueError). `move_limit`: seconds a bot may take over one
    move, as in `run_arena`; a slower one forfeits."""
    bots = check_names(bots)
    results: dict[tuple[str, str], ArenaResult] = {}
    for i, a in enumerate(bots):
        for b in bots[i + 1 :]:
            results[(a, b)] = run_arena(
                a, b, games, seed=seed, workers=workers, progress=progress, move_limit=move_limit
            )
    return ratings(bots, results), results


def forfeit_rows(results: dict[tuple[str, str], ArenaResult]) -> list[str]:
    """One row per bot that forfeited: how many of its games, and the first reason (where)."""
    lost: dict[str, list[int]] = {}  # bot -> [forfeits, games]
    first: dict[str, str] = {}
    for (a, b), res in results.items():
        one = "match" if res.matches else "game"
        for o in res.outcomes:
            for seat, bot in enumerate((a, b)):
                count = lost.setdefault(bot, [0, 0])
                count[1] += 1
                if o.forfeit == seat:
                    count[0] += 1
                    first.setdefault(bot, f"in {a} v {b} {one} {o.index + 1}: {o.forfeit_reason}")
    if not first:
        return []
    kind = "matches" if any(r.matches for r in results.values()) else "games"
    rows = [FORFEITS]
    for bot, why in first.items():
        n, of = lost[bot]
        rows.append(f"  {bot}: {n} of {of} {kind}; first, {why}")
    return rows


def table(ladder: Sequence[Rating], results: dict[tuple[str, str], ArenaResult]) -> str:
    """The ladder and the pairings as plain text."""
    width = max([10, *(len(r.bot) + 2 for r in ladder)])
    rows = [f"{'bot':<{width}}{'Elo':>7}{'+-':>6}{'score':>8}{'games':>7}"]
    for r in ladder:
        rows.append(f"{r.bot:<{width}}{r.elo:>7.0f}{r.spread:>6.0f}{100 * r.score:>7.1f}%{r.games:>7}")
    rows.append("(+- is one standard deviation over bootstrap resamples; a draw scores a half)")
    for (a, b), res in results.items():
        wa, wb = res.wins
        row = f"{a} v {b}: {wa}-{wb}, {res.draws} draw{'' if res.draws == 1 else 's'}"
        for bot, n in zip((a, b), res.forfeits, strict=True):
            if n:
                row += f", {n} forfeit{'' if n == 1 else 's'} by {bot}"
        rows.append(row)
    rows += forfeit_rows(results)
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    """`spite-arena round-robin BOT BOT [BOT...]`."""
    from . import BOT_NAMES, EXTRA_BOTS
    from .arena import check_bots, check_move_limit

    levels = ", ".join((*BOT_NAMES, *EXTRA_BOTS))
    parser = argparse.ArgumentParser(
        prog="spite-arena round-robin",
        description="Every pair of bots plays the same number of seat-swapped games; prints an "
        "Elo-style rating per bot (a draw scores a half) with its uncertainty, and each pairing's score.",
    )
    parser.add_argument(
        "bots",
        nargs="+",
        metavar="BOT",
        help=f"two or more bots: {levels}, or your own as path.to.module:MyBot",
    )
    parser.add_argument("--games", type=int, default=100, help="games per pair of bots (default 100)")
    parser.add_argument("--workers", type=int, default=None, help="local worker processes (default: CPUs)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    parser.add_argument(
        "--move-limit",
        type=float,
        metavar="SECONDS",
        help="a bot that takes longer over one move forfeits the game (local workers only)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    try:
        bots = check_names(args.bots)
    except ValueError as e:
        parser.error(str(e))
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.workers is not None and args.workers < 1:
        parser.error("--workers must be at least 1")
    check_move_limit(parser, args.move_limit)
    check_bots(parser, bots)
    ladder, results = round_robin(
        bots,
        args.games,
        seed=args.seed,
        workers=args.workers,
        progress=not args.quiet,
        move_limit=args.move_limit,
    )
    print(table(ladder, results))
    return 0
