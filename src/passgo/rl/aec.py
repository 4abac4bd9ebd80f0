"""The PettingZoo AEC environment: one agent per seat, the full rules of any rule set.

`env(players=4, rules="classic", max_rounds=200)` is wrapped as PettingZoo's classic games
are (an illegal action ends the game with -1 for the agent that took it; out-of-range actions
and calls out of order are refused); `raw_env` is the environment itself, which refuses a
masked action with `IllegalActionError` and changes nothing.

Agents are `seat_0` ... `seat_{n-1}`; the agent selected is always the seat the game waits for.
A seat that goes bankrupt stays among the agents, never selected, until the game ends; then
every agent is terminated (a winner, or a tie) or truncated (the round limit) and gets its
reward: +1 for the winner, -1 for the others, 0 for all without a winner. With `shaping` > 0
every step also rewards each seat with `shaping` times the change of its share of the seats'
total net worth (cash, printed prices and buildings at cost, less what mortgages owe).
"""

from __future__ import annotations

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
        "name": "passgo_monopoly_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, players: int = 4, rules: Rules | str = "classic",
                 max_rounds: int = DEFAULT_MAX_ROUNDS, *, shaping: float = 0.0,
                 business_limit: int = BUSINESS_LIMIT, offers_per_turn: int = OFFERS_PER_TURN,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r:.20}")
        self.driver = Driver(players, rules, max_rounds, business_limit=business_limit,
                             offers_per_turn=offers_per_turn)
        self.shaping = shaping
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
        """A new game; `seed` makes it the same game every time (with the same actions)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.driver.start(int(self._rng.integers(2**31)))
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

    def _after_step(self) -> None:
        game = self.driver.game
        if not game.over:
            self.agent_selection = self.possible_agents[self.driver.seat]
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


def env(players: int = 4, rules: Rules | str = "classic",
        max_rounds: int = DEFAULT_MAX_ROUNDS, **options: Any) -> AECEnv[str, Observation, int]:
    """The AEC environment with PettingZoo's usual wrappers (see the module docstring)."""
    wrapped: Any = raw_env(players, rules, max_rounds, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    out: AECEnv[str, Observation, int] = wrappers.OrderEnforcingWrapper(wrapped)
    return out
