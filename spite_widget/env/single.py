"""A Gymnasium environment for one agent against a bot (`opponent="greedy"` by default).

The agent plays one seat; whenever the turn passes, the opponent plays its whole turn
before `step` returns, so every observation is the agent's own turn (or the end).
Observations, actions and rewards are those of the PettingZoo environment
(`spite_widget.env.encoding`); `action_masks()` gives the mask for maskable learners.
"""

from __future__ import annotations

import copy
import inspect
import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots.base import Bot
from ..bots.protocol import as_bot, check_answer, is_built_in
from ..engine.errors import IllegalMoveError
from ..engine.game import Game
from ..engine.rules import Rules
from ..engine.whole import seat as as_seat
from .aec import (
    Obs,
    check_illegal_reward,
    check_options,
    final_rewards,
    new_game,
    observation_space,
    observe_game,
    play_action,
)
from .encoding import N_ACTIONS
from .render import Renderer


class SpiteEnv(gymnasium.Env[Obs, np.int64]):
    """Spite & Malice against a bot: `opponent` is a level (`spite_widget.bots.BOT_NAMES`:
    "random", "greedy", "planner", "expert"; or `EXTRA_BOTS`: "baseline", the expert as it was
    frozen), a `path.to.module:MyBot` spec, any object with `choose(view)`, or a function
    `f(view) -> Move | str`."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 2}  # noqa: RUF012 - Gymnasium's convention

    def __init__(
        self,
        opponent: object = "greedy",
        *,
        seat: int = 0,
        rules: Rules | dict[str, Any] | None = None,
        reward: str = "win",
        illegal_reward: float | None = None,
        max_moves: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        """`seat`: the agent's player (0 moves first). An illegal action ends the episode with
        `illegal_reward`, as PettingZoo's classic games do; `info["illegal"]` says why. By
        default it is the worst loss of the reward mode (-1, or -20 with `reward="points"`),
        so that an illegal action never pays better than losing; any finite number may be given.
        `reward` and `max_moves` as in `raw_env`. `max_moves` counts both players' moves: in
        seat 1, one that the opponent's opening turn reaches would leave the agent no move, so
        it is refused with a ValueError (`max_moves=1` here, since it always does; a larger one
        at the `reset` whose deal makes that turn so long)."""
        self.rules = check_options(rules, reward, max_moves, render_mode)
        seat = as_seat(seat, "seat")
        if seat == 1 and max_moves == 1:
            raise ValueError(
                "max_moves=1 gives the agent in seat 1 no move: the opponent moves first and its "
                "first move reaches max_moves. Give a larger max_moves (or None)"
            )
        self._opponent_spec = opponent
        self.opponent: Bot = as_bot(opponent, seed=0)
        """The bot playing the other seat. A level name or a spec is made anew at each reset,
        and a built-in bot object copied afresh, seeded by the game's seed, so that
        `reset(seed=...)` plays the same episode again; a bot object of your own is used as
        it is (seed it yourself)."""
        self._built_in = copy.deepcopy(self.opponent) if is_built_in(self.opponent) else None
        self._ended: str | None = "call reset() to start the first episode"
        """Why `step` may not go on (None while an episode runs)."""
        self.seat = seat
        self.reward = reward
        self.illegal_reward = check_illegal_reward(illegal_reward, reward)
        """The reward of an illegal action (it ends the episode)."""
        self.max_moves = None if max_moves is None else int(max_moves)  # checked: numpy's too
        self.render_mode = render_mode
        self.observation_space = observation_space()  # type: ignore[assignment]
        self.action_space = spaces.Discrete(N_ACTIONS)
        self.game: Game = Game.new(0, rules=self.rules)
        """The game being played (a new one at each reset)."""
        self._renderer = Renderer()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new game: `seed` deals as `Game.new(seed=seed)`; `options` as in `raw_env.reset`.
        The opponent plays first when the agent's seat does not; if that opening turn reaches
        `max_moves` (or ends the game) the agent would get no move, and since a Gymnasium
        reset cannot end an episode this raises ValueError (and `step` asks for a reset)."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**62))
        self.game = new_game(game_seed, options, self.rules)
        if isinstance(self._opponent_spec, str) or inspect.isclass(self._opponent_spec):
            self.opponent = as_bot(self._opponent_spec, seed=game_seed)  # made again, as a spec is
        elif self._built_in is not None:
            self.opponent = copy.deepcopy(self._built_in)
            self.opponent.seed = game_seed
            self.opponent.rng = random.Random(game_seed)
        self._ended = "the opponent failed to move"  # until its opening turn is played
        self._renderer.reset()
        self._opponent_turn()
        game = self.game
        if game.is_over or game.current_player != self.seat:
            if game.is_over:
                self._ended, remedy = "the game ended in the opponent's opening turn", "Give another deal"
            else:
                self._ended = f"max_moves={self.max_moves} was reached in the opponent's opening turn"
                remedy = "Give a larger max_moves (or None)"
            raise ValueError(
                f"{self._ended} ({game.ply} moves), before the agent's first move: a Gymnasium "
                f"episode cannot end in reset(). {remedy}"
            )
        self._ended = None
        if self.render_mode == "human":
            self.render()
        return observe_game(self.game, self.seat), {}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (what maskable learners ask for)."""
        return observe_game(self.game, self.seat)["action_mask"].astype(bool)

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Play the agent's action, then the opponent's whole turn if the agent's ended; return
        (observation, reward, terminated, truncated, info) as Gymnasium does. The reward is 0
        until the game ends (then as `reward` says), or `illegal_reward` for an illegal
        action, which changes nothing and ends the episode. `info` holds `"illegal"`, why the
        action was illegal and the legal actions, when one ended the episode; `"result"`, the
        game's result as in a record (winner, points, reason), when the game ended; otherwise
        nothing. After the episode ends (or is truncated at `max_moves`) call `reset()`."""
        game = self.game
        if game.is_over:
            raise RuntimeError("the game is over: call reset() to start a new one")
        if self._ended is not None:
            raise RuntimeError(f"the episode has ended ({self._ended}): call reset() to start a new one")
        try:
            play_action(game, action)
        except IllegalMoveError as e:
            self._ended = "an illegal action ended it"
            return observe_game(game, self.seat), self.illegal_reward, True, False, {"illegal": str(e)}
        try:
            self._opponent_turn()
        except Exception:
            self._ended = "the opponent failed to move"
            raise
        if self.render_mode == "human":
            self.render()
        obs = observe_game(game, self.seat)
        if game.is_over:
            return obs, final_rewards(game, self.reward)[self.seat], True, False, {"result": game.result}
        truncated = self.max_moves is not None and game.ply >= self.max_moves
        if truncated:
            self._ended = f"truncated at max_moves={self.max_moves}"
        return obs, 0.0, False, truncated, {}

    def _opponent_turn(self) -> None:
        """The opponent plays until the agent is to move or the game ends (a failing
        opponent raises `BotError`: the agent should not learn from a broken game)."""
        game = self.game
        other = 1 - self.seat
        while not game.is_over and game.current_player == other:
            if self.max_moves is not None and game.ply >= self.max_moves:
                return
            move = self.opponent.choose(game.view(other))
            check_answer(self.opponent.name, game, move)  # not only the view it was given
            game.play(move, player=other)

    def render(self) -> str | None:
        """`ansi`: the agent's text view. `human`: its SVG table in a notebook, text elsewhere."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: SpiteEnv(render_mode='ansi')")
            return None
        view = self.game.view(self.seat)
        if self.render_mode == "ansi":
            return self._renderer.text(view)
        self._renderer.show(view)
        return None

    def close(self) -> None:
        self._renderer.reset()


__all__ = ["SpiteEnv"]
