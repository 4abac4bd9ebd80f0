"""The PettingZoo AEC environment: one agent per seat, the full rules of any rule set.

`env(players=4, rules="classic", max_rounds=200)` is wrapped as PettingZoo's classic games
are (an illegal action ends the game with -1 for the agent that took it; out-of-range actions
and calls out of order are refused); `raw_env` is the environment itself, which refuses a
masked action with `IllegalActionError` and changes nothing.

Agents are `seat_0` ... `seat_{n-1}`; the agent selected is always the seat the game waits for.
A seat that goes bankrupt stays among the agents, never selected, until the game ends; then
every agent is terminated (a winner, or a tie) or truncated (the round limit) and gets its
reward: +1 for the winner, -1 for the others, 0 for all without a winner (so above two seats
the rewards of a won game add up to 2 - n: general-sum). With `shaping` > 0 every step also
rewards each seat with `shaping` times the change of its share of the seats' total net worth
(cash, printed prices and buildings at cost, less what mortgages owe).

`reset(options={"position": data})` starts from a position (docs/positions.md); `snapshot()`
and `restore(snapshot)` save and bring back the whole environment; with `action_texts=True`
each agent's info holds `action_texts`, what each index of its mask does now, with the
amounts of the state.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from passgo.core import Rules
from passgo.rl.driver import DEFAULT_MAX_ROUNDS, Driver
from passgo.rl.observe import OBS_HIGH, SIZE
from passgo.rl.windows import BUSINESS_LIMIT, OFFERS_PER_TURN, outcome

Observation = dict[str, np.ndarray[Any, Any]]
RENDER_FPS = 2  # text frames a second a viewer is shown (PettingZoo and Gymnasium ask for it)


def observation_box() -> spaces.Box:
    """The observation vector's space (docs/rl.md gives its layout)."""
    return spaces.Box(-1.0, OBS_HIGH, (SIZE,), np.float32)


def worth_shares(driver: Driver) -> list[float]:
    """Each seat's share of the seats' total net worth: cash, printed prices and buildings at
    cost (`game.worth`) less what its mortgages owe the Bank, so that mortgaging a deed is not
    a gain (0 for a bankrupt seat)."""
    game = driver.game
    squares = game.board.squares
    owed = [0] * game.n
    for deed in game.deeds:
        if deed.mortgaged and deed.owner is not None:
            owed[deed.owner] += squares[deed.square].mortgage
    worth = [max(0, game.worth(p) - owed[p]) if game.in_game(p) else 0 for p in range(game.n)]
    total = sum(worth) or 1
    return [w / total for w in worth]


# PettingZoo ships no type information, so its base class is `Any` to mypy.
class raw_env(AECEnv[str, Observation, int | None]):  # type: ignore[misc]
    """A game of Monopoly for `players` agents (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "passgo_monopoly_v0", "render_modes": ["ansi"], "render_fps": RENDER_FPS,
        "is_parallelizable": False}

    def __init__(self, players: int = 4, rules: Rules | str = "classic",
                 max_rounds: int = DEFAULT_MAX_ROUNDS, *, shaping: float = 0.0,
                 business_limit: int = BUSINESS_LIMIT, offers_per_turn: int = OFFERS_PER_TURN,
                 action_texts: bool = False, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r:.20}")
        self.driver = Driver(players, rules, max_rounds, business_limit=business_limit,
                             offers_per_turn=offers_per_turn)
        self.shaping = shaping
        self.action_texts = action_texts
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{p}" for p in range(players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        size = self.driver.table.size
        self._obs_space = spaces.Dict({
            "observation": observation_box(),
            "action_mask": spaces.Box(0, 1, (size,), np.int8),
        })
        self._act_space = spaces.Discrete(size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same `Box` for every seat (the layout of `passgo.rl.observe`)."""
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """`Discrete(n)` over the fixed action table, the same for every seat."""
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `seed` makes it the same game every time (with the same actions).
        `options={"position": data}`: from a position (TOML or JSON text, or its data, as
        `passgo play --position` reads it) under its own rules; a bad one raises a
        `ValueError` in one line and leaves the environment as it was."""
        position = position_option(options)
        rng = np.random.default_rng(seed) if seed is not None else self._rng
        game_seed = int(rng.integers(2**31))
        if position is not None:
            self.driver.start_at(position, game_seed)
        else:
            self.driver.start(game_seed)
        self._rng = rng
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._shares = worth_shares(self.driver) if self.shaping else []
        self.agent_selection = self.agents[0]
        self._after_step()

    def observe(self, agent: str) -> Observation:
        """That seat's own view as a vector, and its action mask (all zero when not deciding)."""
        seat = self._seat[agent]
        return {"observation": self.driver.observe(seat),
                "action_mask": self.driver.mask_of(seat)}

    def step(self, action: int | None) -> None:
        """Play the selected agent's action; `None` only for an agent that is done."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents that are done")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.driver.act(int(action))
        if self.shaping:
            shares = worth_shares(self.driver)
            for p, a in enumerate(self.possible_agents):
                self.rewards[a] = self.shaping * (shares[p] - self._shares[p])
            self._shares = shares
        self._after_step()
        self._accumulate_rewards()

    def snapshot(self) -> Any:
        """The whole environment as it is now (the game, its windows, the agents' rewards and
        flags, the seed's generator), for `restore`: an opaque value, not a save file."""
        return copy.deepcopy({k: v for k, v in self.__dict__.items() if k in _STATE})

    def restore(self, snapshot: Any) -> None:
        """Bring the environment back to a `snapshot` of it (the snapshot stays usable)."""
        self.__dict__.update(copy.deepcopy(snapshot))

    def _after_step(self) -> None:
        game = self.driver.game
        if not game.over:
            self.agent_selection = self.possible_agents[self.driver.seat]
            if self.action_texts:
                for a in self.agents:
                    self.infos[a] = {}
                self.infos[self.agent_selection] = {"action_texts": self.driver.texts()}
            return
        done = self.truncations if game.stopped_by_limit else self.terminations
        for p, a in enumerate(self.possible_agents):
            done[a] = True
            self.rewards[a] += outcome(game, p)

    def render(self) -> str | None:
        """A text summary of the table in `render_mode="ansi"`, otherwise nothing."""
        if self.render_mode != "ansi":
            return None
        return self.driver.summary()

    def close(self) -> None:
        pass


# What `snapshot` copies: everything that changes while the environment is played.
_STATE = ("driver", "agents", "rewards", "_cumulative_rewards", "terminations", "truncations",
          "infos", "_shares", "agent_selection", "_rng")


def position_option(options: dict[str, Any] | None) -> str | dict[str, Any] | None:
    """The position of `reset`'s options (None: a new game). Other options are ignored, as
    the Gymnasium and PettingZoo conventions (and their API tests) expect."""
    position = (options or {}).get("position")
    if position is None:
        return None
    if not isinstance(position, str | dict):
        raise ValueError("the position is TOML or JSON text, or its data (a dict)")
    return position


def env(players: int = 4, rules: Rules | str = "classic",
        max_rounds: int = DEFAULT_MAX_ROUNDS, **options: Any) -> AECEnv[str, Observation, int]:
    """The AEC environment with PettingZoo's usual wrappers (see the module docstring)."""
    wrapped: Any = raw_env(players, rules, max_rounds, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    out: AECEnv[str, Observation, int] = wrappers.OrderEnforcingWrapper(wrapped)
    return out
