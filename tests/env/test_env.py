"""The PettingZoo environment: PettingZoo's own tests, seeding, rewards, illegal actions,
and that an observation never depends on a card its player cannot see."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from decks import deal
from pettingzoo.test import api_test, render_test, seed_test

from spite_widget import Game, IllegalMoveError
from spite_widget.env import ACTION_NAMES, LAYOUT, N_ACTIONS, OBS_SIZE, env, raw_env
from spite_widget.env.aec import UnknownAgentError, observe_game
from spite_widget.env.encoding import OBS_HIGH, mask_of, observe_view

# PettingZoo's api_test warns about every Dict observation (its own classic games too)
DICT_OBS = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


@DICT_OBS
def test_pettingzoo_api_test() -> None:
    api_test(env(), num_cycles=1000)


@DICT_OBS
def test_pettingzoo_api_test_with_points_and_kings_starting() -> None:
    api_test(env(reward="points", rules={"kings_start_stacks": True}), num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    seed_test(env, num_cycles=500)


def test_pettingzoo_render_test() -> None:
    render_test(env, custom_tests={"ansi": lambda text: "You are player" in text and "Stock:" in text})


def play(e: Any, seed: int, policy: Any, rng: random.Random) -> tuple[dict[str, float], int]:
    """Play one whole game on a wrapped or raw env; the rewards each agent got in total."""
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.any(), "the player to move always has a legal action"
        e.step(policy(e, mask, rng))
        steps += 1
    return totals, steps


def random_action(_e: Any, mask: np.ndarray, rng: random.Random) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))])


def center_first(_e: Any, mask: np.ndarray, rng: random.Random) -> int:
    """Center moves (actions 0..14, or a hand rank to C1..C3) 9 times in 10: games get won."""
    legal = np.flatnonzero(mask)
    center = [a for a in legal if a < 15 or (a - 15) % 7 < 3]
    pool = center if center and rng.random() < 0.9 else list(legal)
    return int(pool[rng.randrange(len(pool))])


def test_300_random_games_with_the_mask_end_properly() -> None:
    e = env()
    rng = random.Random(5)
    outcomes = set()
    for seed in range(300):
        totals, steps = play(e, seed, random_action, rng)
        game = e.unwrapped.game
        assert game.is_over and steps == game.ply
        assert sum(totals.values()) == 0
        if game.winner is None:
            assert totals == {"player_0": 0.0, "player_1": 0.0}
        else:
            assert totals[f"player_{game.winner}"] == 1.0
        outcomes.add(game.winner)
        assert e.agents == []
    assert None in outcomes  # uniform random play mostly runs the stock out


def test_win_and_points_rewards() -> None:
    for seed in range(60):
        e = env(reward="points")
        totals, _ = play(e, seed, center_first, random.Random(seed))
        game = e.unwrapped.game
        if game.winner is None:
            continue
        winner, loser = f"player_{game.winner}", f"player_{1 - game.winner}"
        assert totals[winner] == game.points >= 1 and totals[loser] == -game.points
        totals, _ = play(env(), seed, center_first, random.Random(seed))  # the same game, "win" rewards
        assert totals == {winner: 1.0, loser: -1.0}
        return
    raise AssertionError("a center-first policy wins none of 60 games")


def test_reset_seed_deals_as_game_new_and_reproduces_the_game() -> None:
    e = raw_env()
    e.reset(seed=7)
    assert e.game.deck == Game.new(seed=7).deck
    a, b = raw_env(), raw_env()
    play(a, 11, center_first, random.Random(3))
    play(b, 11, center_first, random.Random(3))
    assert a.game.ply > 100 and a.game.to_record() == b.game.to_record()
    # later resets without a seed are drawn from the first seed
    for e in (a, b):
        e.reset(seed=1)
        e.reset()
    assert a.game.deck == b.game.deck != Game.new(seed=1).deck


def test_options_give_a_deck_and_the_first_player() -> None:
    deck = deal(payoffs=(["5c"], ["9d"]), hands=(["Ac", "2c", "3c", "4c", "6c"], []))
    e = raw_env()
    e.reset(options={"deck": deck, "first_player": 1})
    assert e.agent_selection == "player_1"
    assert list(e.game.deck) == deck
    with pytest.raises(ValueError, match="a deck must be exactly two packs"):
        e.reset(options={"deck": deck[:-1]})


def test_an_observation_never_depends_on_hidden_cards() -> None:
    """Two deals that differ only in cards player 0 cannot see give player 0 the same
    observations, all game long, while player 0 plays the same moves."""
    base = deal(
        payoffs=(["5c", "Kd"], ["9d", "7h"]),
        hands=(["Ac", "2c", "3c", "8c", "Qc"], ["4d", "6d", "8d", "Td", "Jd"]),
    )
    other = list(base)
    # swap player 1's hand with the stock's bottom cards, and reorder the stock and the
    # pay-off cards below both tops
    other[45:50], other[50:55] = base[50:55], base[45:50]
    other[55:] = list(reversed(base[55:]))
    other[0:19] = list(reversed(base[0:19]))
    other[20:39] = list(reversed(base[20:39]))
    assert sorted(other) == sorted(base) and other != base
    views = []
    for deck in (base, other):
        e = raw_env()
        e.reset(options={"deck": deck})
        views.append(e.observe("player_0"))
        views.append(e.observe("player_1"))
    assert np.array_equal(views[0]["observation"], views[2]["observation"])
    assert np.array_equal(views[0]["action_mask"], views[2]["action_mask"])
    assert not np.array_equal(views[1]["observation"], views[3]["observation"])  # player 1 sees its hand


def test_hidden_cards_never_change_player_0s_observations_over_a_turn() -> None:
    base = deal(
        payoffs=(["Ac", "2c", "3c"], ["9d"]),
        hands=(["4c", "5c", "6c", "8c", "Qc"], ["4d", "6d", "8d", "Td", "Jd"]),
    )
    other = list(base)
    other[45:50], other[50:55] = base[50:55], base[45:50]  # player 1's hand and the stock swap
    seen: list[list[np.ndarray]] = [[], []]
    for i, deck in enumerate((base, other)):
        e = raw_env()
        e.reset(options={"deck": deck})
        for _ in range(3):  # the pay-off Ace, 2 and 3 onto C1
            seen[i].append(e.observe("player_0")["observation"])
            e.step(0)
        seen[i].append(e.observe("player_0")["observation"])
    for a, b in zip(*seen, strict=True):
        assert np.array_equal(a, b)
    assert not np.array_equal(seen[0][0], seen[0][3])


def test_the_fast_observation_equals_the_one_built_from_the_view() -> None:
    rng = random.Random(2)
    for seed in range(40):
        game = Game.new(seed=seed, rules={"kings_start_stacks": seed % 2 == 1})
        while not game.is_over:
            for p in (0, 1):
                fast = observe_game(game, p)
                view = game.view(p)
                assert np.array_equal(fast["observation"], observe_view(view))
                assert np.array_equal(fast["action_mask"], mask_of(view.legal_moves()))
            moves = game.legal_moves()
            center = [m for m in moves if m.to_center]
            game.play(rng.choice(center if center and rng.random() < 0.9 else moves))


def test_observation_layout_and_bounds() -> None:
    assert OBS_SIZE == 402 and N_ACTIONS == 106
    assert sum(s.stop - s.start for s in LAYOUT.values()) == OBS_SIZE
    e = raw_env()
    e.reset(options={"deck": deal(payoffs=(["7h"], ["Qs"]), hands=(["3c", "7d", "9s", "Kh", "Kd"], []))})
    obs = e.observe("player_0")["observation"]
    assert obs.dtype == np.int8 and obs.shape == (OBS_SIZE,)
    assert list(np.flatnonzero(obs[LAYOUT["hand"]])) == [2, 6, 8, 12]  # 3, 7, 9, King (two)
    assert obs[LAYOUT["hand"]][12] == 2
    assert list(np.flatnonzero(obs[LAYOUT["payoff_top"]])) == [6, 13 + 11]  # own 7, opponent Q
    assert list(obs[LAYOUT["payoff_count"]]) == [20, 20]
    assert list(obs[LAYOUT["hand_count"]]) == [5, 5]
    assert list(np.flatnonzero(obs[LAYOUT["center"]])) == [0, 12, 24]  # three empty stacks
    assert not obs[LAYOUT["sides"]].any()
    assert obs[LAYOUT["stock"]][0] == 54 and obs[LAYOUT["to_move"]][0] == 1
    assert e.observe("player_1")["observation"][LAYOUT["to_move"]][0] == 0
    assert np.all(obs <= OBS_HIGH)
    # the 9 onto S2 (block 1 of own S1..S4)
    e.step(15 + 7 * 8 + 4)  # H 9 > S2 ends the turn
    sides = e.observe("player_0")["observation"][LAYOUT["sides"]].reshape(8, 40)
    assert sides[1][8] == 1 and sides[1][39] == 1 and sides[1][26 + 8] == 1
    assert not sides[0].any()
    # the opponent sees the same stack as its block 5 (opponent's S2)
    theirs = e.observe("player_1")["observation"][LAYOUT["sides"]].reshape(8, 40)
    assert np.array_equal(theirs[5], sides[1])


def test_a_hand_rank_plays_the_lowest_suit_of_that_rank() -> None:
    e = raw_env()
    e.reset(options={"deck": deal(hands=(["7h", "7c", "9s", "Kh", "7d"], []))})
    e.step(15 + 7 * 6 + 3)  # H 7 > S1
    assert str(e.game.last_move) == "H:7c>S1"


def test_raw_env_refuses_an_illegal_action_and_changes_nothing() -> None:
    e = raw_env()
    e.reset(options={"deck": deal(payoffs=(["5c"], []), hands=(["7h", "8c", "9s", "Jh", "Qd"], []))})
    before = e.game.to_record()
    with pytest.raises(IllegalMoveError, match=r"action 0 \(P>C1\) is not legal: .*Legal actions: .*H:7>S1"):
        e.step(0)
    with pytest.raises(
        IllegalMoveError, match=r"action 15 \(H:A>C1\) is not legal: there is no Ace in your hand\."
    ):
        e.step(15)
    for bad in (-1, N_ACTIONS, 2.0, "3", True, None):
        with pytest.raises(ValueError, match="an action is a whole number from 0 to 105"):
            e.step(bad)
    assert e.game.to_record() == before and e.agent_selection == "player_0"
    e.step(np.int64(15 + 7 * 6 + 3))  # numpy integers are actions too
    assert e.agent_selection == "player_1"


def test_an_illegal_action_is_named_once_with_the_engines_reason() -> None:
    """It said "action 3 (S1>C1) is not legal: there is no card for S1>C1 (action 3)": the
    action twice, and no reason in the game's words."""
    e = raw_env()
    e.reset(options={"deck": deal(payoffs=(["5c"], []), hands=(["7h", "8c", "9s", "Jh", "Qd"], []))})
    reasons = {
        0: "a 5 cannot go on C1: C1 is empty, so it needs an Ace",  # the engine's, from Game.play
        3: "side stack S1 is empty",  # the engine's, for a pile with no card
        14: "side stack S4 is empty",
        15 + 7 * 12 + 1: "there is no King in your hand",  # a rank: no card of it, any suit
    }
    for action, reason in reasons.items():
        with pytest.raises(IllegalMoveError) as caught:
            e.step(action)
        said, legal = str(caught.value).split(". Legal actions: ")
        assert said == f"action {action} ({ACTION_NAMES[action]}) is not legal: {reason}", said
        assert "H:7>S1" in legal
    assert e.game.ply == 0


def test_an_unknown_agent_is_refused_naming_the_agents() -> None:
    """`observe("player_9")` said only "tuple.index(x): x not in tuple"; the spaces gave a bare
    KeyError. Each is now both a KeyError and a ValueError (what either gave before)."""
    message = "^no agent 'player_9': the agents are player_0 and player_1$"
    for e in (raw_env(), env()):
        e.reset(seed=1)
        for method in (e.observe, e.observation_space, e.action_space):
            for error in (KeyError, ValueError):
                with pytest.raises(error, match=message):
                    method("player_9")
        with pytest.raises(UnknownAgentError, match=r"^no agent 0: the agents are"):
            e.observe(0)
        assert e.observe("player_1")["action_mask"].shape == (N_ACTIONS,)


def test_wrapped_env_ends_the_game_on_an_illegal_action_with_minus_one(
    caplog: pytest.LogCaptureFixture,
) -> None:
    e = env()
    e.reset(options={"deck": deal(payoffs=(["5c"], []), hands=(["7h", "8c", "9s", "Jh", "Qd"], []))})
    e.last()
    e.step(0)
    assert "Illegal move made" in caplog.text
    assert all(e.terminations.values()) and e.unwrapped.game.ply == 0
    assert e.rewards == {"player_0": -1, "player_1": 0}


def test_truncation_after_max_moves() -> None:
    e = env(max_moves=10)
    totals, steps = play(e, 4, random_action, random.Random(4))
    assert steps == 10 and e.unwrapped.game.ply == 10 and not e.unwrapped.game.is_over
    assert totals == {"player_0": 0.0, "player_1": 0.0}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"reward": "score"}, "reward must be one of win, points"),
        ({"max_moves": 0}, "max_moves must be a whole number >= 1"),
        ({"render_mode": "rgb_array"}, "render_mode must be None, 'ansi' or 'human'"),
        ({"rules": {"kings": True}}, "unknown rule option"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        raw_env(**kwargs)


def test_human_render_prints_the_text_outside_a_notebook(capsys: pytest.CaptureFixture[str]) -> None:
    e = raw_env(render_mode="human")
    e.reset(seed=3)
    out = capsys.readouterr().out
    assert "You are player 0. Your turn." in out and "Legal moves" in out
    assert e.render() is None


def test_ansi_render_is_the_view_of_the_player_to_move() -> None:
    e = raw_env(render_mode="ansi")
    e.reset(seed=3)
    assert e.render() == e.game.view(0).to_text()


def test_the_core_package_needs_no_rl_dependency() -> None:
    code = (
        "import sys, spite_widget, spite_widget.bots, spite_widget.bots.protocol, spite_widget.widgets.table;"
        "from spite_widget import Game; Game.new(seed=1).view(0).to_text();"
        "from spite_widget.bots import get_bot; get_bot('expert', seed=1);"
        "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
