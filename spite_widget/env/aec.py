"""The PettingZoo AEC environment: two agents, `player_0` and `player_1`, one `Game` behind.

A player makes several moves in a turn, so the same agent is selected again until it plays
a hand card onto a side stack (or the game ends). Each agent observes only its own
`PlayerView`, encoded as in `spite_widget.env.encoding`.
"""

from __future__ import annotations

import math
import random
from numbers import Integral, Real
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..engine.cards import RANK_OF, rank_label
from ..engine.errors import IllegalMoveError
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.rules import PAYOFF_SIZE, Rules, why_illegal
from ..engine.whole import whole
from .encoding import (
    ACTION_NAMES,
    ACTION_OF,
    N_ACTIONS,
    OBS_HIGH,
    OBS_SIZE,
    decode,
    encode,
    legal_mask,
    mask_of,
)
from .render import Renderer

AGENTS: Final = ("player_0", "player_1")
REWARDS: Final = ("win", "points")
"""`win`: +1 to the winner, -1 to the loser, 0 each for a draw. `points`: the winner gets
the points it scores (the cards left in the loser's pay-off pile), the loser as many below 0."""
WORST_LOSS: Final = {"win": -1.0, "points": -float(PAYOFF_SIZE)}
"""The most a lost game can cost in each reward mode: -1, or in `points` -20 (a loser who never
played a pay-off card still holds all 20). The default penalty of an illegal action, so that an
agent never gains by making one rather than losing."""

Obs = dict[str, npt.NDArray[np.int8]]


class UnknownAgentError(KeyError, ValueError):
    """A name that is not one of `AGENTS`. A KeyError, as PettingZoo's spaces dicts give, and
    a ValueError, as `observe` gave before it said which agents there are."""

    def __str__(self) -> str:
        return str(self.args[0])  # KeyError's own would quote the message


def agent_index(agent: object) -> int:
    """0 for `player_0`, 1 for `player_1`; UnknownAgentError naming the agents otherwise."""
    try:
        return AGENTS.index(agent)
    except ValueError:
        raise UnknownAgentError(f"no agent {agent!r}: the agents are {' and '.join(AGENTS)}") from None


def observation_space() -> spaces.Dict:
    """The observation of one agent: the encoded view and the mask of its legal actions."""
    return spaces.Dict(
        {
            "observation": spaces.Box(low=0, high=OBS_HIGH, shape=(OBS_SIZE,), dtype=np.int8),
            "action_mask": spaces.Box(low=0, high=1, shape=(N_ACTIONS,), dtype=np.int8),
        }
    )


def check_options(rules: object, reward: object, max_moves: object, render_mode: object) -> Rules:
    """Refuse bad settings with a clear message; return the rules."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    if max_moves is not None and ((moves := whole(max_moves)) is None or moves < 1):
        raise ValueError(f"max_moves must be a whole number >= 1 or None, not {max_moves!r}")
    if render_mode not in (None, "ansi", "human"):
        raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
    return Rules.from_dict(rules)  # type: ignore[arg-type]


def check_illegal_reward(illegal_reward: object, reward: str) -> float:
    """The reward for an illegal action: the one given (any finite number), or by default
    `WORST_LOSS[reward]`, no better than losing."""
    if illegal_reward is None:
        return WORST_LOSS[reward]
    if (
        isinstance(illegal_reward, bool)
        or not isinstance(illegal_reward, Real)
        or not math.isfinite(illegal_reward)
    ):
        raise ValueError(
            f"illegal_reward must be a finite number or None (the worst loss: {WORST_LOSS[reward]:g} "
            f"with reward={reward!r}), not {illegal_reward!r}"
        )
    return float(illegal_reward)


def new_game(seed: int | None, options: dict[str, Any] | None, rules: Rules) -> Game:
    """The game of a reset: `Game.new(seed)` (so `reset(seed=7)` deals as `Game.new(seed=7)`),
    or the `deck` and `first_player` given in `options` (other option keys are ignored)."""
    opts = options or {}
    if not isinstance(opts, dict):
        raise ValueError(f"options must be a dict such as {{'first_player': 1}}, not {options!r}")
    return Game.new(seed, deck=opts.get("deck"), first_player=opts.get("first_player", 0), rules=rules)


def observe_game(game: Game, player: int) -> Obs:
    """`player`'s observation of `game`: built from their share of the table only."""
    # The live lists are read directly for speed (a PlayerView would copy every pile);
    # only this player's hand is passed, so the encoding cannot see the other hand or
    # the stock order. Tests check it equals `observe_view(game.view(player))`.
    other = 1 - player
    pays = game._payoffs
    to_move = game._result is None and game._player == player
    obs = encode(
        game._hands[player],
        pays[player][-1] if pays[player] else None,
        pays[other][-1] if pays[other] else None,
        len(pays[player]),
        len(pays[other]),
        len(game._hands[other]),
        game._sides[player],
        game._sides[other],
        game._centers,
        len(game._stock),
        to_move,
        game._ks,
    )
    if to_move:
        mine = pays[player]
        mask = legal_mask(
            game._hands[player],
            mine[-1] if mine else None,
            [s[-1] if s else None for s in game._sides[player]],
            [len(c) for c in game._centers],
            game._ks,
        )
    else:
        mask = np.zeros(N_ACTIONS, dtype=np.int8)  # an array of its own, writable like the one on turn
    return {"observation": obs, "action_mask": mask}


def action_index(action: object) -> int:
    """The action as an int, or ValueError for anything that is not one."""
    if type(action) is int and 0 <= action < N_ACTIONS:  # the common case, quickly
        return action
    if isinstance(action, Integral | np.integer) and not isinstance(action, bool):
        a = int(action)
        if 0 <= a < N_ACTIONS:
            return a
    raise ValueError(f"an action is a whole number from 0 to {N_ACTIONS - 1}, not {action!r}")


_A_MOVE_OF: Final[dict[int, Move]] = {a: m for m, a in ACTION_OF.items()}
"""One move of each action (for a pay-off or side-stack action, any card of that pile)."""


def no_card(game: Game, action: int) -> str:
    """Why `action` names no card for the player to move: its pile is empty (in the engine's
    words), or their hand holds no card of its rank."""
    p = game._player
    move = _A_MOVE_OF[action]
    if move.source == "H":
        return f"there is no {rank_label(RANK_OF[move.card])} in your hand"
    # The pile is empty, so the engine refuses any card from it for that reason alone; the
    # other player's piles are not passed, lest it name a card on top of theirs instead.
    pay = game._payoffs[p]
    return (
        why_illegal(
            move,
            game._hands[p],
            pay[-1] if pay else None,
            [s[-1] if s else None for s in game._sides[p]],
            [len(c) for c in game._centers],
            game._ks,
        )
        or f"{ACTION_NAMES[action]} names no card"
    )


def play_action(game: Game, action: object) -> None:
    """Play `action` for the player to move; IllegalMoveError (the game unchanged) says why,
    in the engine's words where it has them, and lists the legal actions."""
    a = action_index(action)
    p = game._player
    pay = game._payoffs[p]
    move = decode(a, game._hands[p], pay[-1] if pay else None, [s[-1] if s else None for s in game._sides[p]])
    try:
        if move is None:
            raise IllegalMoveError(no_card(game, a))
        game.play(move)
    except IllegalMoveError as e:
        legal = sorted({(int(i), ACTION_NAMES[i]) for i in np.flatnonzero(mask_of(game.legal_moves()))})
        shown = ", ".join(f"{i} {name}" for i, name in legal)
        raise IllegalMoveError(
            f"action {a} ({ACTION_NAMES[a]}) is not legal: {e}. Legal actions: {shown}"
        ) from None


def final_rewards(game: Game, reward: str) -> tuple[float, float]:
    """Each player's reward for a finished game."""
    winner = game.winner
    if winner is None:
        return (0.0, 0.0)
    value = 1.0 if reward == "win" else float(game.points)
    return (value, -value) if winner == 0 else (-value, value)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name for the unwrapped class
    """Spite & Malice for two agents, without wrappers: an illegal action raises
    IllegalMoveError (a ValueError) naming the legal actions, and changes nothing."""

    metadata: Final = {  # PettingZoo reads it from the class
        "render_modes": ["ansi", "human"],
        "name": "spite_malice_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        render_mode: str | None = None,
        rules: Rules | dict[str, Any] | None = None,
        reward: str = "win",
        max_moves: int | None = None,
        illegal_reward: float | None = None,
    ) -> None:
        """`rules`: the rule options (`{"kings_start_stacks": True}`); `reward`: "win" or
        "points" (see REWARDS); `max_moves`: truncate a game after this many moves (None:
        play to the end, which every game reaches since the stock runs out);
        `illegal_reward`: what `env()` gives an agent for an illegal action (None: the worst
        loss of the reward mode, `WORST_LOSS`: -1, or -20 with "points"). Unwrapped, an
        illegal action raises instead."""
        self.rules = check_options(rules, reward, max_moves, render_mode)
        self.illegal_reward = check_illegal_reward(illegal_reward, reward)
        """The reward `env()`'s wrapper gives the author of an illegal action."""
        super().__init__()
        self.render_mode = render_mode
        self.reward = reward
        self.max_moves = None if max_moves is None else int(max_moves)  # checked: numpy's too
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.observation_spaces = {a: observation_space() for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(N_ACTIONS) for a in AGENTS}
        self.game: Game = Game.new(0, rules=self.rules)
        """The game being played (a new one at each reset)."""
        self._seeds = random.Random()
        self._renderer = Renderer()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[AGENTS[agent_index(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[AGENTS[agent_index(agent)]]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. `seed` deals as `Game.new(seed=seed)` and seeds the later resets;
        `options` may give a `deck` (104 cards) and a `first_player`."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(63)
        self.game = new_game(game_seed, options, self.rules)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.game.current_player]
        self._renderer.reset()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Obs:
        """`agent`'s observation: its own view only."""
        return observe_game(self.game, agent_index(agent))

    def step(self, action: Any) -> None:
        """Play one move for the selected agent (None once it is terminated or truncated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        play_action(game, action)
        self._cumulative_rewards[agent] = 0.0
        if game.is_over:
            r0, r1 = final_rewards(game, self.reward)
            self.rewards = {AGENTS[0]: r0, AGENTS[1]: r1}
            self.terminations = dict.fromkeys(AGENTS, True)
            result = game.result
            for a in AGENTS:
                self.infos[a] = {"result": result}
        elif self.max_moves is not None and game.ply >= self.max_moves:
            self.truncations = dict.fromkeys(AGENTS, True)
        self.agent_selection = AGENTS[game.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """`ansi`: the text view of the agent to move. `human`: its SVG table in a notebook
        (one picture updated in place), the text printed elsewhere."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: env(render_mode='ansi')")
            return None
        view = self.game.view(self.game.current_player)
        if self.render_mode == "ansi":
            return self._renderer.text(view)
        self._renderer.show(view)
        return None

    def close(self) -> None:
        self._renderer.reset()

    def __str__(self) -> str:
        return str(self.metadata["name"])


class TerminateIllegal(wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's TerminateIllegalWrapper, which also says why: an illegal action ends the
    game (terminated, not truncated: the game did end) with `info["illegal"]` for its author,
    the reason and the legal actions, and `info["opponent_illegal"]` for the other: only that
    it happened (the author's legal actions would name the cards in their hand)."""

    def step(self, action: Any) -> None:
        raw: raw_env = self.env.unwrapped
        agent = raw.agent_selection
        live = not (raw.terminations[agent] or raw.truncations[agent])
        ply = raw.game.ply
        super().step(action)
        if not live or raw.game.ply != ply or not all(raw.terminations.values()):
            return  # a legal move (it always moves the game on), or a dead agent's step
        try:
            play_action(raw.game.copy(), action)
            reason = f"action {action!r} is not in the action mask"  # pragma: no cover - they agree
        except (IllegalMoveError, ValueError) as e:
            reason = str(e)
        raw.truncations = dict.fromkeys(raw.truncations, False)
        told = f"{agent} made an illegal action ({action!r}); the game is over"
        raw.infos = {a: {"illegal": reason} if a == agent else {"opponent_illegal": told} for a in raw.infos}


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's usual wrappers for classic games: an illegal action
    ends the game with `illegal_reward` for the agent that made it (by default the worst loss:
    -1, or -20 with `reward="points"`) and 0 for the other, and `info["illegal"]` says why
    (`info["opponent_illegal"]` tells the other agent only that it happened); an action outside the space is refused,
    and calls out of order are refused. Keywords as in `raw_env`."""
    e: Any = raw_env(**kwargs)
    e = TerminateIllegal(e, illegal_reward=e.illegal_reward)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


__all__ = [
    "AGENTS",
    "REWARDS",
    "WORST_LOSS",
    "TerminateIllegal",
    "UnknownAgentError",
    "env",
    "observation_space",
    "raw_env",
]
