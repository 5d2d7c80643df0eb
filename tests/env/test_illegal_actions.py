"""An illegal action's penalty and what the wrapped environment says about it.

With `reward="points"` an illegal action cost -1 while a loss costs up to -20 (the cards left
in the loser's pay-off pile, at most all 20), so an agent behind learned to make an illegal
move. `env()` hard-coded -1 and took no `illegal_reward`; `SpiteEnv` defaulted to -1 whatever
the reward mode. And `env()` gave no word of why the game ended (an empty `info`).
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest
from decks import deal
from pettingzoo.test import api_test

from spite_widget.engine.rules import PAYOFF_SIZE
from spite_widget.env import SpiteEnv, env, raw_env

DICT_OBS = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)
STUCK = {"deck": deal(payoffs=(["5c"], []), hands=(["7h", "8c", "9s", "Jh", "Qd"], []))}
"""A deal where action 0 (P>C1) is illegal for player 0."""


def illegal_step(e: Any) -> None:
    e.reset(options=STUCK)
    e.last()
    e.step(0)


@pytest.mark.parametrize(("reward", "worst"), [("win", -1.0), ("points", -float(PAYOFF_SIZE))])
def test_the_default_illegal_penalty_is_no_better_than_the_worst_loss(reward: str, worst: float) -> None:
    e = env(reward=reward)
    illegal_step(e)
    assert e.rewards == {"player_0": worst, "player_1": 0}
    assert raw_env(reward=reward).illegal_reward == worst
    g = SpiteEnv(reward=reward)
    assert g.illegal_reward == worst
    g.reset(options=STUCK)
    assert g.step(0)[1] == worst


def test_env_raw_env_and_spite_env_take_an_illegal_reward() -> None:
    e = env(reward="points", illegal_reward=-50)
    illegal_step(e)
    assert e.rewards["player_0"] == -50.0
    assert raw_env(illegal_reward=-3).illegal_reward == -3.0
    g = SpiteEnv(illegal_reward=-7)
    g.reset(options=STUCK)
    assert g.step(0)[1] == -7.0
    assert SpiteEnv(illegal_reward=np.float32(-2.5)).illegal_reward == -2.5


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, "-1", True, [1]])
def test_an_illegal_reward_that_is_not_a_finite_number_is_refused(bad: object) -> None:
    for make in (env, raw_env, SpiteEnv):
        with pytest.raises(ValueError, match=r"illegal_reward must be a finite number"):
            make(illegal_reward=bad)


def test_the_wrapped_env_says_the_action_was_illegal_and_does_not_truncate(
    caplog: pytest.LogCaptureFixture,
) -> None:
    e = env()
    illegal_step(e)
    _obs, reward, terminated, truncated, info = e.last()
    assert e.agent_selection == "player_0" and reward == -1.0
    assert terminated and not truncated
    assert "action 0 (P>C1) is not legal" in info["illegal"] and "Legal actions" in info["illegal"]
    # the other agent hears only that it happened: the author's legal actions name their hand
    assert e.infos["player_1"] == {
        "opponent_illegal": "player_0 made an illegal action (0); the game is over"
    }
    assert all(e.terminations.values()) and not any(e.truncations.values())
    for _agent in e.agent_iter():  # the game ends as any other: each agent steps with None
        assert e.last()[2]
        e.step(None)
    assert e.agents == []
    e.reset(seed=1)  # a new game starts clean
    assert e.infos == {"player_0": {}, "player_1": {}} and not any(e.terminations.values())


@DICT_OBS
def test_api_test_still_passes_with_an_illegal_reward() -> None:
    api_test(env(reward="points", illegal_reward=-30), num_cycles=200)


def test_random_actions_with_illegal_ones_end_the_game_cleanly() -> None:
    """Unmasked random actions: most games end on an illegal one, every one ends properly."""
    e = env(reward="points")
    rng = random.Random(3)
    ended_illegally = 0
    for seed in range(20):
        e.reset(seed=seed)
        for _agent in e.agent_iter():
            _, _, terminated, truncated, info = e.last()
            if terminated or truncated:
                ended_illegally += "illegal" in info
                e.step(None)
            else:
                e.step(rng.randrange(106))
        assert e.agents == []
    assert ended_illegally >= 15
