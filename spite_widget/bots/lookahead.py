"""The expert's look-ahead over the opponent's reply, played out in sampled worlds.

The turn search scores where each line of the turn ends by estimates: the sampled chance that
the opponent plays their pay-off card next, our chance of reaching ours, how the discard sits.
Those miss what the opponent's whole reply does: the runs of pay-off cards it may bring,
the centers it leaves us, the cards it unloads. So the expert takes its few best lines that
end the turn and plays each on in the same handful of sampled worlds: the cards it cannot see
(the other hand, the stock, the pay-off cards below the tops) dealt at random consistently
with its own view, exactly as `Game.from_state(view)` deals them. In each world the opponent
plays its reply (as a planner or one step at a time, in the proportion the expert has
learnt), and the expert's chances are then read from its own view of that world with the
model. The line with the best average is played.

Only the view is ever used: a sampled world holds what the view allows and random cards for
the rest, so no hidden card reaches the bot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from ..engine.cards import Card
from ..engine.errors import IllegalMoveError
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.position import deal_unseen
from ..engine.state import PlayerView
from .base import Bot
from .plan import SearchLimit

S = TypeVar("S")
"""A step of a line, in whatever form `to_move` reads."""


def reply_values(
    view: PlayerView,
    lines: Sequence[Sequence[S]],
    seeds: Sequence[int],
    to_move: Callable[[PlayerView, S], Move | None],
    opponent: Callable[[int], Bot],
    judge: Callable[[PlayerView], float],
    enough: Callable[[int], bool] | None = None,
    lost: float = -1.0,
    finisher: Callable[[int], Bot] | None = None,
    hands: Callable[[int], Sequence[Card] | None] | None = None,
) -> list[float | None]:
    """For each line that ends the turn, its mean value over the worlds dealt from `seeds`.

    In world i the line is played (and, when it stops before the turn ends, `finisher(i)`
    plays the rest of the turn: after a pay-off card, the next one as the world deals it),
    then `opponent(i)` plays the reply, then `judge` scores the expert's view (win minus
    lose; a finished game counts 1, `lost` or 0). World i holds the other hand `hands(i)`
    when that gives one (a guess from what the view tells), else a random one. The worlds
    are taken in order, every line in each; after each world `enough(worlds done)` may end the
    look-ahead (a budget: the remaining worlds are not dealt), so every line is always
    judged on the same worlds. A world in which a search raises `SearchLimit` (an opponent
    given a limit) is dropped for every line, and no more worlds are dealt. None for a line
    that cannot be played as given (it never can differ between worlds: a line that ends the
    turn draws no card before its discard); None for every line when two packs cannot deal
    the view (a made-up position) or no world was completed: the scores alone then choose.
    """
    me = view.player
    totals: list[float | None] = [0.0] * len(lines)
    done = 0
    for i, seed in enumerate(seeds):
        hand = None if hands is None else hands(i)
        try:
            if hand is None:
                start = Game.from_state(view, seed)
            else:  # the other hand as guessed, the rest dealt at random
                start = Game.from_state(deal_unseen(view, seed, hand), seed)
        except ValueError:
            return [None] * len(lines)
        world: list[float | None] = []
        try:
            for k, line in enumerate(lines):
                world.append(
                    None
                    if totals[k] is None
                    else _play_on(
                        start.copy(),
                        me,
                        line,
                        to_move,
                        opponent(i),
                        judge,
                        lost,
                        None if finisher is None else finisher(i),
                    )
                )
        except SearchLimit:
            break
        totals = [None if t is None or v is None else t + v for t, v in zip(totals, world, strict=True)]
        done += 1
        if enough is not None and enough(done):
            break
    if done == 0:
        return [None] * len(lines)
    return [None if t is None else t / done for t in totals]


def _play_on(
    world: Game,
    me: int,
    line: Sequence[S],
    to_move: Callable[[PlayerView, S], Move | None],
    opponent: Bot,
    judge: Callable[[PlayerView], float],
    lost: float = -1.0,
    finisher: Bot | None = None,
) -> float | None:
    for step in line:
        move = to_move(world.view(me), step)
        if move is None:
            return None
        try:
            world.play(move)
        except IllegalMoveError:
            return None
        if world.is_over:
            break
    if finisher is not None:
        while not world.is_over and world.current_player == me:
            world.play(finisher.choose(world.view(me)))
    them = 1 - me
    while not world.is_over and world.current_player == them:
        world.play(opponent.choose(world.view(them)))
    result = world.outcome
    if result is not None:
        return 0.0 if result.winner is None else (1.0 if result.winner == me else lost)
    return judge(world.view(me))
