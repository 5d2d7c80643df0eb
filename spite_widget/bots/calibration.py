"""Positions from games between bots, with what the expert predicted there and what happened.

Used to fit the expert's evaluation (`scripts/fit_eval_model.py`), to check its calibration
(`benchmarks/calibration.py`) and to plot it (`examples/bots.ipynb`). Every expert in a game
logs each plan it makes (the first of each turn, and again after a new pay-off top or five
fresh cards): the model's inputs at the end of its chosen line and its chances there. When
the game ends, each logged position is labelled from the logging player's side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from ..engine.cards import KING, RANK_OF
from ..engine.game import Game
from ..engine.rules import SIZE_AFTER
from ..engine.state import PlayerView
from . import get_bot
from .base import Bot
from .expert import ExpertBot
from .model import EvalModel, Leaf
from .review import annotate_with_bot

WIN, LOSE, DRAW = 0, 1, 2


class Forecast(Protocol):
    """A chance of winning that was told, and how that player's game then ended."""

    @property
    def predicted(self) -> float: ...
    @property
    def outcome(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Position:
    """One plan of an expert in a finished game."""

    leaf: Leaf
    predicted: float
    """The chance of winning the expert gave its chosen line (0 when it played on old weights)."""
    outcome: int
    """WIN, LOSE or DRAW for the player who planned."""
    game: int
    lose: float = 0.0
    """The chance of losing the expert gave its chosen line."""


def play_logged(
    bots: tuple[str, str],
    games: int,
    seed: int = 0,
    model: EvalModel | bool = True,
) -> list[Position]:
    """Play `games` games (seats swapped every other game) and return every expert plan in them.

    `model`: True for the shipped model, False for the old hand-tuned scores, or a model.
    """
    out: list[Position] = []
    for g_index in range(games):
        deal = seed * 100_003 + g_index // 2
        names = bots if g_index % 2 == 0 else (bots[1], bots[0])
        players = _seat(names, deal, model)
        for name, bot in zip(names, players, strict=True):
            if name == "expert" and isinstance(bot, ExpertBot):
                bot.log = []  # the planner searches like the expert but tells no chances
        game = Game.new(seed=deal)
        predicted: dict[tuple[int, int], tuple[float, float]] = {}
        while not game.is_over:
            p = game.current_player
            bot = players[p]
            move = bot.choose(game.view(p))
            if isinstance(bot, ExpertBot) and bot.last_plan is not None and bot.last_plan.chances:
                told = bot.last_plan.chances
                predicted[(game.ply, p)] = (told.win, told.lose)
            game.play(move)
        result = game.outcome
        for seat, bot in enumerate(players):
            if not isinstance(bot, ExpertBot) or bot.log is None:
                continue
            if result is None or result.winner is None:
                outcome = DRAW
            else:
                outcome = WIN if result.winner == seat else LOSE
            for ply, player, x in bot.log:
                win, lose = predicted.get((ply, player), (0.0, 0.0))
                out.append(Position(x, win, outcome, g_index, lose))
    return out


LINE, BETWEEN, FRESH = "line", "between", "fresh"
"""Where a review's stored eval comes from (see `review._chances_after`): the end of the best
line that starts with the move (mid-turn), `evaluate` between turns (after a turn-ending
discard), or `evaluate` on the mover's own turn after five fresh cards (a new plan's end)."""
KEPT_SOURCES: Final = (LINE, FRESH, BETWEEN, "plan")
"""Where an eval kept raw came from, by its code (its index here) in the rows that
`scripts/fit_recalibration.py --data` keeps and `benchmarks/calibration.py --raw` reads."""


@dataclass(frozen=True, slots=True)
class Stored:
    """One eval that `annotate_with_bot` stored in a finished game, from the mover's side."""

    predicted: float
    """The mover's chance of winning, as the review stored it."""
    lose: float
    """... and of losing."""
    moment: str
    """LINE, BETWEEN or FRESH."""
    mover: int
    outcome: int
    """WIN, LOSE or DRAW for the mover."""
    game: int
    number: int
    """The move's number in its game (1-based)."""
    bot: str = ""
    """The mover's bot."""


def _seat(names: tuple[str, str], deal: int, model: EvalModel | bool) -> list[Bot]:
    """The two bots of one game, seeded from the deal (the same for every caller)."""
    players: list[Bot] = []
    for seat, name in enumerate(names):
        bot_seed = deal * 7 + seat
        if name == "expert":
            players.append(ExpertBot(seed=bot_seed, model=None if model is True else model))
        else:
            players.append(get_bot(name, seed=bot_seed))
    return players


def play_reviewed(
    bots: tuple[str, str],
    games: int,
    seed: int = 0,
    review: Callable[[Game], dict[str, Any]] = annotate_with_bot,
) -> list[Stored]:
    """Play `games` games as `play_logged` does (the same deals and seats), review each with
    `annotate_with_bot` and return every eval it stored, labelled with how the game ended for
    the mover. Evals after the game's last move (certainties) are left out."""
    out: list[Stored] = []
    for g_index in range(games):
        deal = seed * 100_003 + g_index // 2
        names = bots if g_index % 2 == 0 else (bots[1], bots[0])
        players = _seat(names, deal, True)
        game = Game.new(seed=deal)
        moments: list[str] = []
        while not game.is_over:
            p = game.current_player
            done = game.play(players[p].choose(game.view(p)))
            if done.turn_passed:
                moments.append(BETWEEN)
            elif done.drawn:
                moments.append(FRESH)
            else:
                moments.append(LINE)
        result = game.outcome
        winner = None if result is None else result.winner
        record = review(game)
        for number, entry in enumerate(record["moves"][:-1], start=1):
            mover = game.mover(number)
            ev = entry["eval"]
            win, lose = float(ev[f"p{mover}"]), float(ev[f"p{1 - mover}"])
            outcome = DRAW if winner is None else WIN if winner == mover else LOSE
            out.append(Stored(win, lose, moments[number - 1], mover, outcome, g_index, number, names[mover]))
    return out


def zigzag(stored: Sequence[Stored]) -> tuple[float, float, float, int]:
    """How player 0's stored chance of winning moves from one turn's end to the next.

    Returns (mean change over player 0's turns, mean change over player 1's turns, mean
    absolute change over any turn, turns counted). Each turn runs from the eval after the
    previous turn-ending discard to the eval after its own. A calibrated forecaster is a
    martingale: both signed means should be near 0.
    """
    ends: dict[int, list[Stored]] = {}
    for q in stored:
        if q.moment == BETWEEN:
            ends.setdefault(q.game, []).append(q)
    own: list[float] = []
    their: list[float] = []
    for row in ends.values():
        row.sort(key=lambda q: q.number)
        p0 = [q.predicted if q.mover == 0 else q.lose for q in row]
        for k in range(1, len(row)):
            (own if row[k].mover == 0 else their).append(p0[k] - p0[k - 1])
    both = own + their

    def mean(xs: list[float]) -> float:
        return sum(xs) / len(xs) if xs else float("nan")

    return mean(own), mean(their), mean([abs(x) for x in both]), len(both)


def decile_table(positions: Sequence[Forecast]) -> list[tuple[float, float, float, int]]:
    """Per decile of the predicted chance of winning: (low, mean predicted, observed, count)."""
    rows: list[tuple[float, float, float, int]] = []
    for d in range(10):
        lo, hi = d / 10, (d + 1) / 10
        cell = [q for q in positions if lo <= q.predicted < hi or (d == 9 and q.predicted == 1.0)]
        if not cell:
            rows.append((lo, float("nan"), float("nan"), 0))
            continue
        pred = sum(q.predicted for q in cell) / len(cell)
        won = sum(1 for q in cell if q.outcome == WIN) / len(cell)
        rows.append((lo, pred, won, len(cell)))
    return rows


__all__: Sequence[str] = (
    "DRAW",
    "LOSE",
    "WIN",
    "Position",
    "decile_table",
    "payoff_reachable",
    "play_logged",
)


def payoff_reachable(view: PlayerView) -> bool:
    """Can `view.player` play their visible pay-off card this turn without drawing a card?

    An exact search over the cards the player sees (hand, side tops, the centers), never
    emptying the hand (five fresh cards are unseen). For the "plays its pay-off card" figure.
    """
    me = view.player
    top = view.payoff_tops[me]
    if top is None or not view.is_my_turn:
        return False
    ks = view.rules.kings_start_stacks
    target = RANK_OF[top]
    stacks = tuple(tuple(RANK_OF[c] for c in s) for s in view.sides[me])
    seen: set[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = set()

    def fits(r: int, size: int) -> bool:
        return (size > 0 or ks) if r == KING else r == size + 1

    def walk(hand: tuple[int, ...], heights: tuple[int, ...], centers: tuple[int, ...]) -> bool:
        key = (hand, heights, tuple(sorted(centers)))
        if key in seen:
            return False
        seen.add(key)
        if any(fits(target, s) for s in centers):
            return True
        for i in range(3):
            nxt = list(centers)
            nxt[i] = SIZE_AFTER[centers[i]]
            for j, h in enumerate(heights):
                if h and fits(stacks[j][h - 1], centers[i]):
                    hs = (*heights[:j], h - 1, *heights[j + 1 :])
                    if walk(hand, hs, tuple(nxt)):
                        return True
            if len(hand) > 1:
                for k, r in enumerate(hand):
                    fresh = k == 0 or hand[k - 1] != r
                    if fresh and fits(r, centers[i]) and walk(hand[:k] + hand[k + 1 :], heights, tuple(nxt)):
                        return True
        return False

    hand = tuple(sorted(RANK_OF[c] for c in view.hand))
    return walk(hand, tuple(len(s) for s in stacks), tuple(len(c) for c in view.centers))
