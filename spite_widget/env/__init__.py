"""Spite & Malice for reinforcement learning: a PettingZoo AEC environment (`env`,
`raw_env`) and a Gymnasium environment against a bot (`SpiteEnv`).

Needs the optional extra: ``pip install 'spite-widget[rl]'`` (pettingzoo, gymnasium,
numpy); the rest of the package never imports this one.

    from spite_widget.env import env, SpiteEnv
    e = env(render_mode="ansi")          # agents player_0 and player_1
    e.reset(seed=7)                      # deals as Game.new(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

The action space (106 actions, a hand action names a rank), the observation layout and
the mask are documented in `spite_widget.env.encoding`.
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy  # noqa: F401 - checked here, used by the modules below
    import pettingzoo  # noqa: F401
except ModuleNotFoundError as e:  # the core package runs without them
    raise ModuleNotFoundError(
        f"spite_widget.env needs the optional 'rl' extra: pip install 'spite-widget[rl]' ({e.name} is missing)",
        name=e.name,
    ) from e

from .aec import AGENTS, REWARDS, env, raw_env
from .encoding import (
    ACTION_NAMES,
    LAYOUT,
    N_ACTIONS,
    OBS_SIZE,
    action_mask,
    action_to_move,
    move_to_action,
    observe_view,
)
from .single import SpiteEnv

GYM_ID = "spite_widget/SpiteMalice-v0"
"""`gymnasium.make(GYM_ID, opponent="expert")` makes a `SpiteEnv` (with Gymnasium's checks)."""
if GYM_ID not in gymnasium.registry:
    gymnasium.register(id=GYM_ID, entry_point="spite_widget.env.single:SpiteEnv")

__all__ = [
    "ACTION_NAMES",
    "AGENTS",
    "GYM_ID",
    "LAYOUT",
    "N_ACTIONS",
    "OBS_SIZE",
    "REWARDS",
    "SpiteEnv",
    "action_mask",
    "action_to_move",
    "env",
    "move_to_action",
    "observe_view",
    "raw_env",
]
