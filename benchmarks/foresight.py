"""What the expert's losses to greedy are made of: knowledge it lacks, or luck (issue 11).

The expert's look-ahead plays its few best ways of ending the turn on in worlds dealt from
its own view: the opponent's hand, the stock's order and the pay-off cards below the tops
are dealt at random. Here the very deals of `spite-arena expert greedy --seed S` are played
again by experts whose look-ahead is told what no player can know, to see which missing
knowledge the losses come from:

- `hand`: every world holds the opponent's real hand (the rest still dealt at random): the
  best any reading of the opponent's hand could do (`Weights.reply_hands` guesses it).
- `foresight`: one world, the real game itself, so greedy's reply (fixed by the cards) is
  known exactly, the stock and the pay-off cards below the tops included; every way of
  ending the turn is compared, paying ones too (`Weights.reply_pays`), and the expert
  knows from the start that the opponent plays one step at a time.
- `expert`: the expert as it plays (the arena's own games; `--against DIR` reads them
  from a `spite-arena ... --save DIR` run instead of playing them again).

These are not players: they read the real game. They measure how much a loss owes to cards
nobody can see. One fair mode, for comparison, sees no more than the expert but looks further:

- `deeper`: in each world the look-ahead plays on for `--depth` more turns of each player
  (its own by the lighter expert that plays inside the worlds, the opponent's as the reply
  was played) before the model judges the position.

    python benchmarks/foresight.py [--games 300] [--seed 1] [--modes hand,foresight] [--against DIR]
    python benchmarks/foresight.py --quick      # 2 games of each mode
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from typing import Any

from spite_widget.bots import lookahead
from spite_widget.bots.arena import GameSpec, saved_outcome
from spite_widget.bots.base import Bot
from spite_widget.bots.expert import ExpertBot
from spite_widget.bots.greedy import GreedyBot
from spite_widget.bots.plan import TurnSearch, Weights
from spite_widget.engine.cards import Card
from spite_widget.engine.game import Game
from spite_widget.engine.moves import Move
from spite_widget.engine.state import GameState, PlayerView

MODES = ("expert", "hand", "foresight", "deeper")
_truth: list[Game] = []
"""The game being played, set before every choice (what the experiments may read)."""


class HandSeer(ExpertBot):
    """The expert whose look-ahead deals the opponent's real hand into every world."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, weights=dataclasses.replace(Weights(), reply_hands=True))

    def _guess_hand(
        self, view: PlayerView, search: TurnSearch, seed: int, unseen: Sequence[Card]
    ) -> list[Card] | None:
        return list(_truth[0].state.hands[view.opponent])


FORESIGHT = dataclasses.replace(
    Weights(),
    reply_pays=True,
    reply_lines=8,
    reply_margin=1e9,
    reply_samples=1,
    reply_min_samples=1,
    planner_odds=Weights().planner_floor,
)
"""One world (the real one), every way of ending the turn compared, a one-step opponent."""


class _RealWorld:
    """Stands in for `Game` in the look-ahead: the world dealt from the view is the real game."""

    worlds = 0
    """Worlds that were the real game."""
    other = 0
    """Worlds dealt from a view that was not the real game's (there should be none)."""

    @staticmethod
    def from_state(state: GameState | PlayerView, seed: int | None = None) -> Game:
        real = _truth[0]
        if isinstance(state, PlayerView) and real.view(state.player) == state:
            _RealWorld.worlds += 1
            return real.copy()
        _RealWorld.other += 1
        return Game.from_state(state, seed)


@contextmanager
def _foresight() -> Iterator[None]:
    names = vars(lookahead)  # the look-ahead deals its worlds with the `Game` it imported
    saved = names["Game"]
    names["Game"] = _RealWorld
    try:
        yield
    finally:
        names["Game"] = saved


@contextmanager
def _deeper(depth: int) -> Iterator[None]:
    """The look-ahead plays `depth` more turns of each player in every world before judging."""
    names = vars(lookahead)
    play_on = names["_play_on"]
    light = ExpertBot(0)._reply_helper().weights  # the lighter expert that plays inside the worlds

    def deeper(
        world: Game,
        me: int,
        line: Sequence[object],
        to_move: Callable[[PlayerView, object], Move | None],
        opponent: Bot,
        judge: Callable[[PlayerView], float],
        *rest: Any,
    ) -> float | None:
        lost = rest[0] if rest else -1.0

        def judge_further(view: PlayerView) -> float:
            # `world` is the very game `play_on` plays in: at our turn, after the reply
            mine = ExpertBot(0, weights=light, model=False)
            for _ in range(depth):
                while not world.is_over and world.current_player == me:
                    world.play(mine.choose(world.view(me)))
                while not world.is_over and world.current_player != me:
                    world.play(opponent.choose(world.view(1 - me)))
            result = world.outcome
            if result is not None:
                return 0.0 if result.winner is None else (1.0 if result.winner == me else lost)
            return judge(world.view(me))

        result: float | None = play_on(world, me, line, to_move, opponent, judge_further, *rest)
        return result

    names["_play_on"] = deeper
    try:
        yield
    finally:
        names["_play_on"] = play_on


def expert_for(mode: str, seed: int) -> ExpertBot:
    if mode == "hand":
        return HandSeer(seed)
    if mode == "foresight":
        return ExpertBot(seed, weights=FORESIGHT)
    return ExpertBot(seed)


def play(spec: GameSpec, mode: str, depth: int = 1) -> str:
    """One arena game (the same deal, seats and seeds) with this mode's expert: W, D or L."""
    seat = spec.seats
    bots = [
        expert_for(mode, spec.bot_seed(0)) if seat[p] == 0 else GreedyBot(spec.bot_seed(1)) for p in (0, 1)
    ]
    game = Game.new(seed=spec.deal_seed)
    context = _foresight() if mode == "foresight" else _deeper(depth) if mode == "deeper" else nullcontext()
    with context:
        while not game.is_over:
            p = game.current_player
            _truth[:] = [game]
            game.play(bots[p].choose(game.view(p)), player=p)
    _truth.clear()
    result = game.outcome
    assert result is not None
    if result.winner is None:
        return "D"
    return "W" if seat[result.winner] == 0 else "L"


def saved(directory: str, indices: range, seed: int) -> dict[int, str] | None:
    """W/D/L of the expert in games of a saved `spite-arena expert greedy --seed S` run, read
    back as the arena resumes them (replayed and checked); None when one is missing."""
    out: dict[int, str] = {}
    for i in indices:
        outcome = saved_outcome(GameSpec(i, ("expert", "greedy"), seed, save=directory))
        if outcome is None:
            return None
        out[i] = "D" if outcome.winner is None else ("W" if outcome.winner == 0 else "L")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--first", type=int, default=0, help="the first game's index in the run")
    ap.add_argument("--seed", type=int, default=1, help="the arena run's seed (its deals)")
    ap.add_argument("--modes", default="hand,foresight")
    ap.add_argument("--against", help="a saved `spite-arena expert greedy --seed S --save DIR` run")
    ap.add_argument("--depth", type=int, default=1, help="the deeper mode's turns beyond the reply")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    if args.quick:
        args.games, args.modes = 2, ",".join(MODES)
    modes = [m for m in args.modes.split(",") if m]
    for m in modes:
        if m not in MODES:
            ap.error(f"unknown mode {m!r}: choose from {', '.join(MODES)}")
    indices = range(args.first, args.first + args.games)
    results: dict[str, dict[int, str]] = {}
    if args.against:
        run = saved(args.against, indices, args.seed)
        if run is None:
            ap.error(f"{args.against} lacks some of these games: save them with the same --seed")
        results["expert (saved)"] = run
    for mode in modes:
        start = time.perf_counter()
        name = f"deeper {args.depth}" if mode == "deeper" else mode
        results[name] = {
            i: play(GameSpec(i, ("expert", "greedy"), args.seed), mode, args.depth) for i in indices
        }
        print(f"[{name}: {time.perf_counter() - start:.0f} s]", flush=True)
    print(
        f"expert v greedy, the deals of `spite-arena expert greedy --seed {args.seed}`, "
        f"games {indices.start}-{indices.stop - 1} (seats swapped every other game)"
    )
    print(f"{'mode':<16}{'won':>6}{'drawn':>7}{'lost':>6}{'lost %':>8}")
    for name, res in results.items():
        n = Counter(res.values())
        print(f"{name:<16}{n['W']:>6}{n['D']:>7}{n['L']:>6}{n['L'] / len(res):>8.1%}")
    if "foresight" in modes:
        print(f"foresight: {_RealWorld.worlds} worlds were the real game, {_RealWorld.other} were not")
    names = list(results)
    for other in names[1:]:
        pairs = Counter(results[names[0]][i] + results[other][i] for i in indices)
        text = ", ".join(f"{k} {v}" for k, v in sorted(pairs.items()))
        print(f"per deal, {names[0]} then {other}: {text}")


if __name__ == "__main__":
    main()
