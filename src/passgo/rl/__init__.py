"""Reinforcement learning on the full rules: PettingZoo and Gymnasium environments.

`passgo.rl.env(players=4, rules="classic", max_rounds=200)` is a PettingZoo AEC environment
with one agent per seat; `gymnasium.make("passgo/Monopoly-v0", opponents=[...])` (registered
when this package is imported) is one learning seat against passgo bots. Both use the fixed
action table of `table.py`, the observation layout of `observe.py` and the business windows
of `windows.py`; docs/rl.md documents them. Needs the `rl` extra (Gymnasium, PettingZoo);
`import passgo` does not import this package.
"""

from passgo.rl.aec import env, raw_env
from passgo.rl.gym_env import ENV_ID, MonopolyEnv, register
from passgo.rl.observe import LAYOUT, SIZE
from passgo.rl.table import ActionTable

register()

__all__ = ["ENV_ID", "LAYOUT", "SIZE", "ActionTable", "MonopolyEnv", "env", "raw_env"]
