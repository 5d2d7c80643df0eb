"""The Gymnasium environment against a bot: Gymnasium's checker, turns, rewards, failures."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from decks import deal
from gymnasium.utils.env_checker import check_env

from spite_widget import Move, PlayerView
from spite_widget.bots.protocol import BotError
from spite_widget.env import GYM_ID, SpiteEnv
from spite_widget.env.encoding import LAYOUT

NO_SPEC = pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes:UserWarning")


@NO_SPEC
@pytest.mark.parametrize("kwargs", [{}, {"opponent": "random", "seat": 1, "reward": "points"}])
def test_gymnasium_check_env(kwargs: dict[str, object]) -> None:
    check_env(SpiteEnv(**kwargs), skip_render_check=False)


def play(env: SpiteEnv, seed: int) -> tuple[float, int]:
    obs, _ = env.reset(seed=seed)
    rng = random.Random(seed)
    total, steps = 0.0, 0
    while True:
        assert obs["observation"][LAYOUT["to_move"]][0] == 1  # every observation is our turn
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
        total += reward
        steps += 1
        if terminated or truncated:
            assert "illegal" not in info
            return total, steps


def test_masked_random_agent_against_greedy_from_both_seats() -> None:
    for seat in (0, 1):
        env = SpiteEnv(seat=seat)
        for seed in range(20):
            total, steps = play(env, seed)
            assert env.game.is_over and env.game.ply > steps  # the opponent moved in between
            winner = env.game.winner
            assert total == (0.0 if winner is None else 1.0 if winner == seat else -1.0)


def test_seeded_resets_reproduce_the_game_and_the_opponent() -> None:
    a, b = SpiteEnv(opponent="random"), SpiteEnv(opponent="random")
    play(a, 3)
    play(b, 3)
    assert a.game.to_record() == b.game.to_record()


def test_seat_one_observes_after_the_opponents_first_turn() -> None:
    env = SpiteEnv(seat=1, opponent="greedy")
    obs, _ = env.reset(seed=2)
    assert env.game.current_player == 1 and env.game.ply >= 1
    assert obs["action_mask"].any()


def test_an_illegal_action_ends_the_episode_with_minus_one() -> None:
    env = SpiteEnv()
    env.reset(options={"deck": deal(payoffs=(["5c"], []), hands=(["7h", "8c", "9s", "Jh", "Qd"], []))})
    _, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "P>C1" in info["illegal"] and "Legal actions" in info["illegal"]
    assert env.game.ply == 0


class Stubborn:
    """A user bot that always answers the same (soon illegal) move."""

    def choose(self, view: PlayerView) -> str:
        return "H:Kd>C1"


class FirstMove:
    name = "first-move"

    def choose(self, view: PlayerView) -> Move:
        return view.legal_moves()[0]


def test_a_user_bot_is_the_opponent_and_a_broken_one_is_reported() -> None:
    env = SpiteEnv(opponent=FirstMove())
    _, steps = play(env, 5)
    assert env.game.is_over and steps > 5
    env = SpiteEnv(opponent=Stubborn(), seat=1)
    with pytest.raises(BotError, match=r"Stubborn failed at move 1: answered 'H:Kd>C1', which is not legal"):
        env.reset(seed=1)


def test_ansi_render_is_the_agents_own_view() -> None:
    env = SpiteEnv(render_mode="ansi", seat=1)
    env.reset(seed=4)
    text = env.render()
    assert text == env.game.view(1).to_text() and "You are player 1. Your turn." in text


def test_step_after_the_end_asks_for_a_reset() -> None:
    env = SpiteEnv()
    play(env, 6)
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="seat must be 0 or 1"):
        SpiteEnv(seat=2)
    with pytest.raises(ValueError, match="unknown bot 'grumpy'"):
        SpiteEnv(opponent="grumpy")
    with pytest.raises(TypeError, match="is not a bot"):
        SpiteEnv(opponent=42)


def test_gymnasium_make_builds_the_env_and_it_passes_the_checker_with_its_spec() -> None:
    made = gymnasium.make(GYM_ID, opponent="random", render_mode="ansi")
    assert isinstance(made.unwrapped, SpiteEnv) and made.unwrapped.spec is not None
    check_env(made.unwrapped)
    obs, _ = made.reset(seed=1)
    assert obs["action_mask"].any()
