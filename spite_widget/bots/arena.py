"""The arena: many games (or matches) between two bots, to measure how strong they are.

Each game is a pure function of its number and the arena's seed: the deal, both bots'
seeds and the seating all derive from them. So results do not depend on how many worker
processes run, nor on the order in which games finish. Games come in pairs on the same
deal with the seats swapped, so neither bot gains from the cards or from moving first.

Local runs use `concurrent.futures` processes; `--scheduler tcp://host:8786` hands the
same games to a Dask `distributed` cluster instead (an optional extra, imported only then).

    spite-arena expert greedy --games 1000 [--workers N] [--seed S] [--matches] [--save DIR [--resume]]
    spite-arena round-robin random greedy planner expert --games 100    (ladder.py)
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import math
import os
import signal
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ..engine.errors import RecordError
from ..engine.game import Game
from ..engine.match import Match
from ..engine.records import read_json
from ..engine.whole import whole_or_type_error
from . import BOT_NAMES, EXTRA_BOTS, get_bot
from .protocol import BotError, MoveTimeout, check_answer, is_spec

MAX_MOVE_LIMIT = 86_400.0
FORFEITS: Final = (
    "forfeits (a bot raised, answered an illegal move or passed the move limit; the other bot wins):"
)
"""The heading of the forfeits, in the arena's table and the round robin's."""
"""The longest --move-limit, a day: the timer (setitimer) refuses what is beyond its range."""

MAX_MATCH_GAMES = 1000
"""Games after which an arena match that no one has won stops, undecided. Drawn games score
nothing (RULES.md), and some pairings draw nearly every game (`random` never empties its
pay-off pile; greedy v random needed 553 games for one match): their matches would
otherwise never end."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything needed to play one arena game (or match), and nothing else."""

    index: int
    """0-based number of the game in the run."""
    bots: tuple[str, str]
    """The two bot levels: the first is "A", the one the summary's win rate is about."""
    seed: int
    """The run's seed."""
    matches: bool = False
    """Play a match to 50 points instead of a single game."""
    save: str | None = None
    """A directory to write the record to, or None."""
    move_limit: float | None = None
    """Seconds a bot may take over one move; a slower one forfeits (None: no limit)."""

    @property
    def swapped(self) -> bool:
        """Odd games replay the previous deal with the seats swapped."""
        return self.index % 2 == 1

    @property
    def seats(self) -> tuple[int, int]:
        """Which bot (0 = A, 1 = B) sits in seat 0 and in seat 1."""
        return (1, 0) if self.swapped else (0, 1)

    @property
    def deal_seed(self) -> int:
        """The seed of the deal (shared by the two games of a pair)."""
        return derive(self.seed, "deal", self.index // 2)

    def bot_seed(self, which: int) -> int:
        """The seed of bot A (0) or B (1) in this game."""
        return derive(self.seed, "bot", self.index, which)


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """What one arena game (or match) gave, told from bot A's and bot B's side (index 0, 1)."""

    index: int
    winner: int | None
    """0 for bot A, 1 for bot B, None for a draw (stock exhausted)."""
    points: tuple[int, int]
    """Points scored by A and by B."""
    plies: int
    """Moves played (over the whole match, for matches)."""
    games: int
    """Games played (1, or the games of a match)."""
    drawn_games: int
    """Games that ended with the stock exhausted."""
    think_time: tuple[float, float]
    """Seconds A and B spent choosing moves."""
    moves: tuple[int, int]
    """Moves A and B chose."""
    forfeit: int | None = None
    """The bot (0 = A, 1 = B) that lost by forfeit: it raised or answered an illegal move."""
    forfeit_reason: str = ""
    """What that bot did wrong (the BotError's message)."""

    def same_play(self, other: GameOutcome) -> bool:
        """Equal in everything but the clock (for reproducibility checks)."""
        return (
            self.index,
            self.winner,
            self.points,
            self.plies,
            self.games,
            self.drawn_games,
            self.moves,
        ) == (
            other.index,
            other.winner,
            other.points,
            other.plies,
            other.games,
            other.drawn_games,
            other.moves,
        )


def derive(*parts: object) -> int:
    """A 63-bit seed from any parts, the same in every process and on every machine.

    (Python's own `hash` of strings changes from process to process, so it is not used.)
    """
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@contextlib.contextmanager
def _time_limit(seconds: float | None) -> Iterator[None]:
    """Raise MoveTimeout in the code within, once `seconds` have passed: by the interval
    timer (SIGALRM), so only in a process's main thread (local runs; not on Dask's threads).
    Once only: a second alarm could land in the clean-up below and leave the timer running."""
    if seconds is None:
        yield
        return

    def alarm(signum: int, frame: object) -> None:
        raise MoveTimeout

    before = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def play_one(spec: GameSpec) -> GameOutcome:
    """Play one arena game or match. A top-level function, so processes and Dask can run it."""
    names = spec.bots
    seat = spec.seats
    bots = [get_bot(names[seat[p]], seed=spec.bot_seed(seat[p])) for p in (0, 1)]
    # each seat's bot as its failures name it, by its own name ("Broken", "careless")
    who = [str(getattr(bot, "name", "") or names[seat[p]]) for p, bot in enumerate(bots)]
    think = [0.0, 0.0]
    moves = [0, 0]
    players = _players(spec)

    failed: list[tuple[int, str]] = []
    """(bot, why) once a bot of your own fails: it forfeits the game (or match)."""

    def run(game: Game) -> None:
        while not game.is_over and not failed:
            p = game.current_player
            view = game.view(p)
            t0 = time.perf_counter()
            try:
                with _time_limit(spec.move_limit):
                    move = bots[p].choose(view)
                took = time.perf_counter() - t0
                if spec.move_limit is not None and took > spec.move_limit:  # it swallowed the alarm
                    raise MoveTimeout
                check_answer(who[p], game, move)  # not only the view it was given
            except BotError as e:
                failed.append((seat[p], str(e)))
                return
            except MoveTimeout:
                problem = f"took more than {spec.move_limit:g} s to choose a move (--move-limit)"
                failed.append((seat[p], str(BotError(who[p], game.ply, problem, view.legal_moves()))))
                return
            think[seat[p]] += took
            moves[seat[p]] += 1
            game.play(move, player=p)

    played: Game | Match
    if spec.matches:
        match = Match(target=50, seed=spec.deal_seed, players=players)
        while True:
            run(match.game)
            if match.is_over or failed or len(match.games) >= MAX_MATCH_GAMES:
                break
            match.next_game()
        played = match
    else:
        game = Game.new(seed=spec.deal_seed, players=players)
        run(game)
        played = game
    record = played.to_record()
    if failed:  # the game stops where it was (unfinished in the record)
        record["x-forfeit"] = failed[0][1]
    elif isinstance(played, Match) and not played.is_over:  # it reached MAX_MATCH_GAMES
        record["x-undecided"] = f"no winner after {len(played.games)} games"
    if spec.save is not None:
        record["x-arena"] = {
            "index": spec.index,
            "seed": spec.seed,
            "bots": list(names),
            "think_time": think,
            "moves": moves,
        }
        path = record_path(spec)
        part = _part_path(spec)  # whole or not at all: Ctrl-C may land mid-write
        part.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        os.replace(part, path)
    return _outcome(spec, played, failed[0] if failed else None, (think[0], think[1]), (moves[0], moves[1]))


def _players(spec: GameSpec) -> tuple[str, str]:
    """The players' names a game's record gives, in seat order: "greedy (B)"."""
    names, seat = spec.bots, spec.seats
    return (
        f"{names[seat[0]]} ({'B' if seat[0] else 'A'})",
        f"{names[seat[1]]} ({'B' if seat[1] else 'A'})",
    )


def _outcome(
    spec: GameSpec,
    played: Game | Match,
    failed: tuple[int, str] | None,
    think_time: tuple[float, float],
    moves: tuple[int, int],
) -> GameOutcome:
    """What a finished game (or match) gave bots A and B; `failed`: (the bot that forfeited, why)."""
    seat = spec.seats
    if isinstance(played, Match):
        scores = played.scores
        seat_winner = played.winner
        points = (scores[seat.index(0)], scores[seat.index(1)])
        games = played.games
    else:
        seat_winner = played.winner
        pts = [0, 0]
        if seat_winner is not None:
            pts[seat[seat_winner]] = played.points
        points = (pts[0], pts[1])
        games = [played]
    drawn = sum(1 for g in games if g.is_over and g.winner is None)
    winner = None if seat_winner is None else seat[seat_winner]
    if failed is not None:  # the other bot wins
        winner = 1 - failed[0]
        if not spec.matches:
            drawn = 0
    return GameOutcome(
        index=spec.index,
        winner=winner,
        points=points,
        plies=sum(g.ply for g in games),
        games=len(games),
        drawn_games=drawn,
        think_time=think_time,
        moves=moves,
        forfeit=failed[0] if failed else None,
        forfeit_reason=failed[1] if failed else "",
    )


def record_path(spec: GameSpec) -> Path:
    """Where a run that saves writes this game's (or match's) record."""
    if spec.save is None:
        raise ValueError("this run saves no records")
    kind = "match" if spec.matches else "game"
    return Path(spec.save) / f"{kind}-{spec.index:05d}.json"


def _part_path(spec: GameSpec) -> Path:
    """Where a game's record is written before it is whole (then renamed to `record_path`)."""
    path = record_path(spec)
    return path.with_name(path.name + ".part")


def saved_outcome(spec: GameSpec) -> GameOutcome | None:
    """The outcome of a game (or match) this same run already saved, read back from its
    record (every move replayed and checked), or None when it is not there yet.

    Long runs can so be stopped and resumed: each game is a pure function of its number
    and the run's seed, so a game read back is the game the run would play again. The
    clock is not part of a record: it is read from `x-arena` beside it (0 when absent).
    Raises ValueError for a record that is unreadable, unfinished or from another run.
    """
    path = record_path(spec)
    if not path.exists():
        return None
    try:  # read as every record file is (no NaN, no key twice, no number past reading)
        record = read_json(path)
    except (OSError, RecordError) as e:
        raise ValueError(f"{path}: not a readable record ({e}); delete it to play that game again") from e
    meta = record.get("x-arena") if isinstance(record, dict) else None
    want = {"index": spec.index, "seed": spec.seed, "bots": list(spec.bots)}
    if not isinstance(meta, dict) or {k: meta.get(k) for k in want} != want:
        got = {k: meta.get(k) for k in want} if isinstance(meta, dict) else None
        raise ValueError(
            f"{path} is not from this run: it says {got}, this run is {want}. "
            "Resume with the same bots and --seed, or save into another directory."
        )
    try:
        played: Game | Match = Match.from_record(record) if spec.matches else Game.from_record(record)
    except RecordError as e:
        raise ValueError(f"{path}: {e}") from e
    # the deal and the seats are the run's too (an x-arena edited by hand is not enough)
    first = played.games[0] if isinstance(played, Match) else played
    dealt = Match(target=50, seed=spec.deal_seed).game if spec.matches else Game.new(seed=spec.deal_seed)
    if first.deck != dealt.deck or tuple(played.players) != _players(spec):
        raise ValueError(
            f"{path} is not this run's game {spec.index + 1}: its deal or its seats differ from the ones "
            "the run deals. Delete it to play that game again, or save into another directory."
        )
    last = played.game if isinstance(played, Match) else played
    failed: tuple[int, str] | None = None
    reason = record.get("x-forfeit")
    if reason is not None:
        failed = (spec.seats[last.current_player], str(reason))  # the bot that was to move
    elif not played.is_over and not (
        isinstance(played, Match)
        and "x-undecided" in record
        and len(played.games) == MAX_MATCH_GAMES
        and last.is_over
    ):
        raise ValueError(f"{path}: the record stops before the end and says no bot forfeited")
    think, moves = meta.get("think_time", [0.0, 0.0]), meta.get("moves", [0, 0])
    if not (_pair(think, whole=False) and _pair(moves, whole=True)):
        raise ValueError(f"{path}: x-arena's think_time and moves must be two numbers each")
    return _outcome(spec, played, failed, (float(think[0]), float(think[1])), (int(moves[0]), int(moves[1])))


def _pair(value: object, whole: bool) -> bool:
    """Two numbers >= 0 (whole numbers when `whole`), as JSON gives them."""
    if not isinstance(value, list) or len(value) != 2:
        return False
    for x in value:
        if (
            isinstance(x, bool)
            or not isinstance(x, int | float)
            or x < 0
            or (whole and not isinstance(x, int))
        ):
            return False
    return True


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default): honest at 0% and 100% too."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(slots=True)
class ArenaResult:
    """The outcome of an arena run, with the summary figures the table shows."""

    bots: tuple[str, str]
    matches: bool
    outcomes: list[GameOutcome] = field(default_factory=list)
    """Every game's outcome, in game order."""
    seconds: float = 0.0
    """Wall-clock time of the run."""
    resumed: int = 0
    """Games (or matches) read back from the records of an earlier, stopped run."""

    @property
    def n(self) -> int:
        return len(self.outcomes)

    @property
    def wins(self) -> tuple[int, int]:
        """Games (or matches) won by A and by B."""
        a = sum(1 for o in self.outcomes if o.winner == 0)
        b = sum(1 for o in self.outcomes if o.winner == 1)
        return (a, b)

    @property
    def draws(self) -> int:
        """Games drawn because the stock ran out (in matches: drawn games inside them)."""
        if self.matches:
            return sum(o.drawn_games for o in self.outcomes)
        return sum(1 for o in self.outcomes if o.winner is None)

    @property
    def games_played(self) -> int:
        return sum(o.games for o in self.outcomes)

    @property
    def draw_rate(self) -> float:
        return self.draws / self.games_played if self.outcomes else 0.0

    @property
    def win_rate(self) -> float:
        """A's share of the decided games (or matches); 0.0 when none was decided (the table and
        `summary()` then say there is no win rate)."""
        a, b = self.wins
        return a / (a + b) if a + b else 0.0

    @property
    def win_rate_ci(self) -> tuple[float, float]:
        """95% Wilson interval on A's share of the decided games."""
        a, b = self.wins
        return wilson(a, a + b)

    @property
    def avg_points(self) -> tuple[float, float]:
        """Average points per game (or match) scored by A and by B."""
        n = max(1, self.n)
        return (sum(o.points[0] for o in self.outcomes) / n, sum(o.points[1] for o in self.outcomes) / n)

    @property
    def forfeits(self) -> tuple[int, int]:
        """Games (or matches) lost by forfeit by A and by B (a bot that raised or answered an
        illegal move); they count as wins of the other bot."""
        return (
            sum(1 for o in self.outcomes if o.forfeit == 0),
            sum(1 for o in self.outcomes if o.forfeit == 1),
        )

    @property
    def avg_plies(self) -> float:
        """Average moves per game."""
        return sum(o.plies for o in self.outcomes) / max(1, self.games_played)

    @property
    def ms_per_move(self) -> tuple[float, float]:
        """Average milliseconds each bot took to choose a move."""
        out = []
        for i in (0, 1):
            moves = sum(o.moves[i] for o in self.outcomes)
            secs = sum(o.think_time[i] for o in self.outcomes)
            out.append(1000 * secs / moves if moves else 0.0)
        return (out[0], out[1])

    @property
    def undecided(self) -> int:
        """Games drawn (stock exhausted) or, in matches, matches that no one won within
        MAX_MATCH_GAMES games."""
        return sum(1 for o in self.outcomes if o.winner is None)

    def by_seat(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """A's (wins, undecided, losses) in the games A moved first (seat 0) and second."""
        split = ([0, 0, 0], [0, 0, 0])
        for o in self.outcomes:
            row = split[o.index % 2]  # odd games swap the seats: A sits in seat 1
            row[1 if o.winner is None else 2 * o.winner] += 1
        first, second = split
        return (first[0], first[1], first[2]), (second[0], second[1], second[2])

    def table(self) -> str:
        """The summary as a plain-text table."""
        a, b = self.bots
        one, many = ("match", "matches") if self.matches else ("game", "games")
        wa, wb = self.wins
        pa, pb = self.avg_points
        ta, tb = self.ms_per_move
        lo, hi = self.win_rate_ci
        name_a, name_b = f"{a} (A)", f"{b} (B)"
        width = max(len(name_a), len(name_b), 12)
        n = self.n
        rows = [
            f"{n} {one if n == 1 else many}: {a} v {b}, seats swapped every other {one}, {self.seconds:.1f} s"
            + (f" ({self.resumed} read back from the saved records)" if self.resumed else ""),
            f"{'':<{width}}  {'wins':>6}  {'avg points':>10}  {'ms/move':>8}",
            f"{name_a:<{width}}  {wa:>6}  {pa:>10.2f}  {ta:>8.2f}",
            f"{name_b:<{width}}  {wb:>6}  {pb:>10.2f}  {tb:>8.2f}",
        ]
        draws = f"draws (stock exhausted): {self.draws}"
        if self.matches:
            draws += f" of {self.games_played} games"
        rows.append(f"{draws} ({100 * self.draw_rate:.1f}%)")
        if self.matches and self.undecided:
            rows.append(
                f"undecided matches (no one reached 50 points in {MAX_MATCH_GAMES} games): {self.undecided}"
            )
        rows.append(f"average game length: {self.avg_plies:.1f} moves")
        fa, fb = self.forfeits
        if fa or fb:
            first = next(o for o in self.outcomes if o.forfeit is not None)
            rows.append(
                f"{FORFEITS} {a} {fa}, {b} {fb}; first, in {one} {first.index + 1}: {first.forfeit_reason}"
            )

        def share(k: int) -> str:
            return f"{100 * k / n:.1f}%" if n else "-"

        middle = "undecided" if self.matches else "drew"
        rows.append(
            f"{a} (A) of all {n} {one if n == 1 else many}: won {share(wa)}, {middle} {share(self.undecided)}, "
            f"lost {share(wb)}"
        )
        if not self.matches:  # every game starts with seat 0; matches alternate the first player
            parts = []
            for label, (w, d, lost) in zip(("moving first", "moving second"), self.by_seat(), strict=True):
                if w + d + lost:
                    parts.append(f"{label} {w}-{d}-{lost}")
            rows.append(f"{a} (A) by seat, won-drew-lost: " + ", ".join(parts))
        if wa + wb:
            rows.append(
                f"{a} (A) win rate over decided {many}: {100 * self.win_rate:.1f}% "
                f"(95% Wilson CI {100 * lo:.1f}%-{100 * hi:.1f}%)"
            )
        else:
            rows.append(f"no {one} was decided, so there is no win rate over decided {many}")
        return "\n".join(rows)

    def summary(self) -> dict[str, Any]:
        """The summary figures as a dict (for notebooks and JSON)."""
        return {
            "bots": list(self.bots),
            "n": self.n,
            "wins": list(self.wins),
            "undecided": self.undecided,
            "by_seat": [list(row) for row in self.by_seat()],
            "draws": self.draws,
            "draw_rate": self.draw_rate,
            "win_rate": self.win_rate if sum(self.wins) else None,  # None: no game decided
            "win_rate_ci": list(self.win_rate_ci),
            "avg_points": list(self.avg_points),
            "avg_plies": self.avg_plies,
            "ms_per_move": list(self.ms_per_move),
            "forfeits": list(self.forfeits),
        }


def specs(
    bots: tuple[str, str],
    games: int,
    seed: int,
    matches: bool = False,
    save: str | None = None,
    move_limit: float | None = None,
) -> list[GameSpec]:
    """The games of a run, in order."""
    return [GameSpec(i, bots, seed, matches, save, move_limit) for i in range(games)]


def run_arena(
    bot_a: str,
    bot_b: str,
    games: int = 100,
    *,
    workers: int | None = None,
    seed: int = 0,
    matches: bool = False,
    save: str | os.PathLike[str] | None = None,
    scheduler: Any = None,
    progress: bool = True,
    resume: bool = False,
    move_limit: float | None = None,
) -> ArenaResult:
    """Play `games` games (or matches) of `bot_a` against `bot_b` and gather the results.

    `workers`: local processes (default: the CPU count; 1 plays in this process).
    `scheduler`: a Dask scheduler address such as "tcp://host:8786", or a
    `distributed.Client`; the games then run on that cluster instead.
    `resume`: read back the games this same run (bots, seed, kind) already saved in `save`
    and play only the others: a long run stopped halfway goes on where it was.
    `move_limit`: seconds a bot may take over one move; a slower one forfeits (a bot that
    never answers would hang the run). Local runs only (it needs the main thread's timer).
    """
    for which, name in (("bot_a", bot_a), ("bot_b", bot_b)):
        if not isinstance(name, str):
            raise TypeError(
                f"{which} must be a bot's name ({', '.join((*BOT_NAMES, *EXTRA_BOTS))}) or a "
                f"path.to.module:MyBot spec, not a {type(name).__name__} object: every game builds its "
                "bots afresh from the name, in worker processes too. Put your bot in a module and name it."
            )
        if is_spec(name):
            get_bot(name, seed=0)  # a bot of your own: fails here, clearly, if it cannot be loaded
        elif name not in (*BOT_NAMES, *EXTRA_BOTS):
            raise ValueError(
                f"unknown bot {name!r}: choose from {', '.join((*BOT_NAMES, *EXTRA_BOTS))} "
                "or give your own as path.to.module:MyBot"
            )
    games = whole_or_type_error(games, "games must be a whole number of games (or matches)")  # numpy's too
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    seed = whole_or_type_error(seed, "seed must be a whole number")
    if workers is not None:
        workers = whole_or_type_error(workers, "workers must be a whole number of processes (or None)")
    if move_limit is not None:
        if not 0 < move_limit <= MAX_MOVE_LIMIT:
            raise ValueError(
                f"move_limit must be a number of seconds above 0 and at most {MAX_MOVE_LIMIT:g}, not {move_limit!r}"
            )
        if scheduler is not None:
            raise ValueError("move_limit works on local workers only: a Dask worker runs games in threads")
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    save_dir = None
    if save is not None:
        Path(save).mkdir(parents=True, exist_ok=True)
        save_dir = os.fspath(save)
        kept = sorted(Path(save).glob(f"{'match' if matches else 'game'}-*.json"))
        if kept and not resume:  # they would be overwritten, or mixed with this run's
            raise ValueError(
                f"{save_dir} already holds {len(kept)} saved record(s) ({kept[0].name}...): add --resume "
                "to go on with the run that saved them, or save into another directory."
            )
    if resume and save_dir is None:
        raise ValueError("resume reads back the records of a run: give the directory it saved them in")
    todo = specs((bot_a, bot_b), games, seed, matches, save_dir, move_limit)
    result = ArenaResult((bot_a, bot_b), matches)
    start = time.perf_counter()
    read_back: list[GameOutcome] = []
    if resume:
        for spec in todo:
            got = saved_outcome(spec)
            if got is not None:
                read_back.append(got)
        done = {o.index for o in read_back}
        todo = [spec for spec in todo if spec.index not in done]
    result.resumed = len(read_back)
    if todo:
        stream = _run_dask(todo, scheduler) if scheduler is not None else _run_local(todo, workers)
        try:
            read_back += _progress(
                stream, len(todo), f"{bot_a} v {bot_b}", progress, "match" if matches else "game"
            )
        finally:  # a worker stopped (Ctrl-C) while it wrote a record leaves its part behind
            stream.close()
            for spec in todo if save_dir is not None else ():  # this run's parts, no other's
                _part_path(spec).unlink(missing_ok=True)
    result.outcomes = sorted(read_back, key=lambda o: o.index)
    result.seconds = time.perf_counter() - start
    return result


def _run_local(todo: Sequence[GameSpec], workers: int | None) -> Generator[GameOutcome, None, None]:
    n = workers if workers is not None else (os.cpu_count() or 1)
    if n <= 1:
        yield from map(play_one, todo)
        return
    # chunks keep the processes busy without holding results back too long
    chunk = max(1, min(16, len(todo) // (n * 8)))
    pool = ProcessPoolExecutor(max_workers=n)
    finished = False
    try:
        yield from pool.map(play_one, todo, chunksize=chunk)
        finished = True
    finally:
        if finished:
            pool.shutdown()
        else:  # Ctrl-C (a worker takes it as one game's error and plays on), or an error:
            # the games under way are not waited for (a minute's wait after Ctrl-C)
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
            pool.shutdown(wait=False, cancel_futures=True)


def _run_dask(todo: Sequence[GameSpec], scheduler: Any) -> Generator[GameOutcome, None, None]:
    """Hand the games to a Dask cluster (only imported when asked for)."""
    try:
        from distributed import Client, as_completed
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise RuntimeError(
            "--scheduler needs the optional Dask extra: pip install 'spite-widget[dask]'"
        ) from e
    own = not isinstance(scheduler, Client)
    client = Client(scheduler) if own else scheduler  # type: ignore[no-untyped-call]
    try:
        futures = client.map(play_one, list(todo), pure=False)
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            yield future.result()
    finally:
        if own:
            client.close()


def _progress(
    items: Iterable[GameOutcome], total: int, label: str, show: bool, unit: str
) -> Iterator[GameOutcome]:
    if not show:
        yield from items
        return
    from tqdm import tqdm

    yield from tqdm(items, total=total, desc=label, unit=unit, file=sys.stderr)


def tournament(
    bots: Sequence[str] = BOT_NAMES,
    games: int = 20,
    *,
    seed: int = 0,
    workers: int | None = None,
    progress: bool = False,
    runner: Callable[..., ArenaResult] = run_arena,
) -> dict[tuple[str, str], ArenaResult]:
    """Every pair of `bots`, `games` games each (for notebooks and quick comparisons)."""
    out: dict[tuple[str, str], ArenaResult] = {}
    for i, a in enumerate(bots):
        for b in bots[i + 1 :]:
            out[(a, b)] = runner(a, b, games, seed=seed, workers=workers, progress=progress)
    return out


def check_move_limit(parser: argparse.ArgumentParser, seconds: float | None) -> None:
    """Refuse, in one usage line, a `--move-limit` no bot could keep or that no run needs."""
    if seconds is not None and not 0 < seconds <= MAX_MOVE_LIMIT:
        parser.error(f"--move-limit must be a number of seconds above 0 and at most {MAX_MOVE_LIMIT:g}")


def check_bots(parser: argparse.ArgumentParser, names: Sequence[str]) -> None:
    """Refuse, in one usage line, a bot name the command cannot play: a level it does not
    know, or a `module:MyBot` spec that does not load (its module is looked for beside you,
    as `python -m` would)."""
    if any(is_spec(name) for name in names):
        sys.path.insert(0, os.getcwd())
    levels = (*BOT_NAMES, *EXTRA_BOTS)
    for name in names:
        if not is_spec(name) and name not in levels:
            parser.error(
                f"unknown bot {name!r}: choose from {', '.join(levels)}, or your own bot as path.to.module:MyBot"
            )
        if is_spec(name):
            try:
                get_bot(name, seed=0)
            except (ValueError, TypeError) as e:
                parser.error(str(e))


def main(argv: Sequence[str] | None = None) -> int:
    """The `spite-arena` command (`spite-arena round-robin ...` plays a ladder: see ladder.py).
    Its output piped into a reader that stops early (`| head`) ends it quietly, as a Unix
    command ends, rather than with a BrokenPipeError's traceback."""
    try:
        code = _main(argv)
        sys.stdout.flush()
        return code
    except KeyboardInterrupt:  # Ctrl-C in a round robin (a plain run says more, in _main)
        print("\nspite-arena: stopped", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # Python's advice: point stdout at devnull, so that the flush at exit does not fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _main(argv: Sequence[str] | None = None) -> int:
    args_in = list(sys.argv[1:] if argv is None else argv)
    if args_in[:1] == ["round-robin"]:
        from .ladder import main as ladder_main

        return ladder_main(args_in[1:])
    parser = argparse.ArgumentParser(
        prog="spite-arena",
        description="Play many games of Spite & Malice between two bots and summarise the results.",
        epilog="Several bots at once, each pair playing, with an Elo-style rating per bot: "
        "spite-arena round-robin random greedy planner expert --games 100 "
        "(see spite-arena round-robin --help).",
    )
    names = (*BOT_NAMES, *EXTRA_BOTS)
    which = f"{', '.join(names)}, or your own bot as path.to.module:MyBot"
    parser.add_argument("bot_a", help=f"the bot whose win rate is reported: {which}")
    parser.add_argument("bot_b", help="its opponent (the same choices)")
    parser.add_argument("--games", type=int, default=100, help="games (or matches) to play (default 100)")
    parser.add_argument("--workers", type=int, default=None, help="local worker processes (default: CPUs)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    parser.add_argument("--matches", action="store_true", help="play matches to 50 points, not single games")
    parser.add_argument("--save", metavar="DIR", help="write every game (or match) record as JSON into DIR")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="with --save: read back the games this run (same bots, --seed, --matches) already saved there, play the rest",
    )
    parser.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://host:8786")
    parser.add_argument(
        "--move-limit",
        type=float,
        metavar="SECONDS",
        help="a bot that takes longer over one move forfeits the game (local workers only)",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON instead of a table")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(args_in)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.workers is not None and args.workers < 1:
        parser.error("--workers must be at least 1")
    check_move_limit(parser, args.move_limit)
    if args.resume and not args.save:
        parser.error("--resume needs --save DIR: the directory the stopped run saved its records in")
    check_bots(parser, (args.bot_a, args.bot_b))
    try:
        result = run_arena(
            args.bot_a,
            args.bot_b,
            args.games,
            workers=args.workers,
            seed=args.seed,
            matches=args.matches,
            save=args.save,
            scheduler=args.scheduler,
            progress=not args.quiet,
            resume=args.resume,
            move_limit=args.move_limit,
        )
    except (ValueError, RuntimeError, OSError) as e:  # a refused resume, a cluster not reached...
        print(f"spite-arena: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C: one line, not a traceback through a bot's frames
        kept = (
            f"; the games saved in {args.save} are kept: the same command with --resume plays the rest"
            if args.save
            else "; with --save DIR a run stopped can be resumed"
        )
        print(f"\nspite-arena: stopped{kept}", file=sys.stderr)
        return 130
    print(json.dumps(result.summary(), indent=1) if args.json else result.table())
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
