"""The Gymnasium environment against a bot: Gymnasium's checker, turns, rewards, failures."""

from __future__ import annotations

import random
from typing import ClassVar

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


def test_a_max_moves_that_leaves_the_agent_no_move_is_refused() -> None:
    """`SpiteEnv(seat=1, max_moves=1).reset(seed=3)` returned an all-zero mask and `info == {}`:
    the episode had ended inside reset, which Gymnasium cannot say, and the first `step` raised.
    Gymnasium's own TimeLimit refuses a limit that allows no step (ValueError), and its vector
    envs step straight after a reset, so the env refuses such a max_moves where it shows."""
    with pytest.raises(ValueError, match="max_moves=1 gives the agent in seat 1 no move"):
        SpiteEnv(seat=1, max_moves=1)
    env = SpiteEnv(seat=1, max_moves=2, opponent="greedy")  # at seed 3 greedy opens with 2 moves
    with pytest.raises(
        ValueError,
        match=r"max_moves=2 was reached in the opponent's opening turn \(2 moves\), before the agent's first "
        r"move: a Gymnasium episode cannot end in reset\(\)\. Give a larger max_moves \(or None\)",
    ):
        env.reset(seed=3)
    with pytest.raises(
        RuntimeError, match=r"\(max_moves=2 was reached in the opponent's opening turn\): call reset"
    ):
        env.step(0)
    obs, _ = env.reset(seed=0)  # another deal gives the agent its move, then truncates
    assert obs["action_mask"].any() and env.step(int(np.flatnonzero(obs["action_mask"])[0]))[3]
    obs, _ = SpiteEnv(seat=1, max_moves=3, opponent="greedy").reset(seed=3)
    assert obs["action_mask"].any()
    env = SpiteEnv(seat=0, max_moves=1)  # seat 0 moves first: one step, then truncated
    obs, _ = env.reset(seed=3)
    assert env.step(int(np.flatnonzero(obs["action_mask"])[0]))[2:4] == (False, True)


def test_a_deal_whose_opening_turn_ends_the_game_is_refused_at_reset() -> None:
    payoff = [f"{r}c" for r in "A23456789TJQ"] + [f"{r}d" for r in "A2345678"]  # played out in one turn
    env = SpiteEnv(seat=1, opponent="greedy")
    with pytest.raises(
        ValueError, match=r"the game ended in the opponent's opening turn .*Give another deal"
    ):
        env.reset(options={"deck": deal(payoffs=(payoff, []))})
    assert env.game.winner == 0
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


def test_an_opponent_failing_in_its_opening_turn_leaves_step_refusing() -> None:
    env = SpiteEnv(opponent=Stubborn(), seat=1)
    with pytest.raises(BotError):
        env.reset(seed=1)
    with pytest.raises(
        RuntimeError, match=r"the episode has ended \(the opponent failed to move\): call reset"
    ):
        env.step(0)
    assert env.game.ply == 0


def test_gymnasium_make_builds_the_env_and_it_passes_the_checker_with_its_spec() -> None:
    made = gymnasium.make(GYM_ID, opponent="random", render_mode="ansi")
    assert isinstance(made.unwrapped, SpiteEnv) and made.unwrapped.spec is not None
    check_env(made.unwrapped)
    obs, _ = made.reset(seed=1)
    assert obs["action_mask"].any()


def test_an_ended_episode_is_not_stepped_on() -> None:
    """After a truncation (here inside the opponent's turn), an illegal action or a failing
    opponent, `step` used to go on: it played for the opponent's seat and listed the
    opponent's legal actions (its hidden hand) in `info`."""
    env = SpiteEnv(opponent="greedy", max_moves=4)
    obs, _ = env.reset(seed=3)
    truncated = terminated = False
    while not (truncated or terminated):
        obs, _, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert truncated and env.game.current_player != env.seat  # cut in the opponent's turn
    record = env.game.to_record()
    for action in (0, 53):
        with pytest.raises(
            RuntimeError, match=r"the episode has ended \(truncated at max_moves=4\): call reset"
        ):
            env.step(action)
    assert env.game.to_record() == record
    env.reset(seed=3)  # a reset starts a new one
    assert env.game.ply == 0 and env.step(int(np.flatnonzero(env.action_masks())[0]))[0]["action_mask"].any()

    env = SpiteEnv()
    env.reset(options={"deck": deal(payoffs=(["5c"], []), hands=(["7h", "8c", "9s", "Jh", "Qd"], []))})
    assert env.step(0)[2]  # illegal: terminated
    with pytest.raises(RuntimeError, match="an illegal action ended it"):
        env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert env.game.ply == 0
    with pytest.raises(RuntimeError, match="call reset"):
        SpiteEnv().step(0)  # never reset


def test_a_built_in_bot_object_replays_the_same_episode_at_the_same_seed() -> None:
    """A level name was made anew at each reset, a bot object was not: `reset(seed=5)` twice
    gave two episodes."""
    from spite_widget.bots import get_bot

    for bot in (get_bot("random", seed=1), get_bot("greedy", seed=1)):
        env = SpiteEnv(opponent=bot, seat=1)
        records = []
        for _ in range(2):
            play(env, 5)
            records.append(env.game.to_record())
        assert records[0] == records[1]


def test_without_the_rl_extra_the_import_says_how_to_install_it() -> None:
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"  # as if it were not installed
        "try:\n    import spite_widget.env\nexcept ModuleNotFoundError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "spite_widget.env needs the optional 'rl' extra: pip install 'spite-widget[rl]'" in out, out


def test_the_mask_off_turn_is_writable_as_on_turn() -> None:
    from spite_widget.env import env

    e = env()
    e.reset(seed=1)
    on, off = (e.observe(agent)["action_mask"] for agent in ("player_0", "player_1"))
    assert not off.any() and on.flags.writeable and off.flags.writeable
    off[0] = 1  # a learner's own scratch: it changes no later observation
    assert not e.observe("player_1")["action_mask"].any()


class Tampers:
    """Puts a card it does not hold into its own view, then plays it."""

    def choose(self, view: PlayerView) -> str:
        from spite_widget.engine.cards import Card

        card = next(c for c in ("Ah", "Ad", "Ac", "As") if Card(c) not in view.hand)
        object.__setattr__(view, "hand", (*view.hand, Card(card)))
        return f"H:{card}>C1"


class Counts:
    """A class given for an opponent: made again at every reset, with the game's seed."""

    made: ClassVar[list[int | None]] = []

    def __init__(self, seed: int | None = None) -> None:
        Counts.made.append(seed)

    def choose(self, view: PlayerView) -> str:
        return str(view.legal_moves()[0])


def test_an_opponent_is_judged_by_the_game_and_a_class_is_made_as_a_spec_is() -> None:
    """The env played an altered view's answer straight into the game (an IllegalMoveError, not
    the opponent's BotError); a class opponent was made once and never reseeded."""
    env = SpiteEnv(opponent=Tampers(), seat=1)
    with pytest.raises(BotError, match=r"Tampers failed at move 1: answered 'H:A.>C1', which is not legal"):
        env.reset(seed=1)
    Counts.made.clear()
    env = SpiteEnv(opponent=Counts)
    env.reset(seed=5)
    env.reset(seed=6)
    assert Counts.made[-2:] == [5, 6]
