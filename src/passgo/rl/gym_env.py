"""The Gymnasium environment `passgo/Monopoly-v0`: one learning seat against passgo bots.

`gymnasium.make("passgo/Monopoly-v0", opponents=["strategic"] * 3)` (after `import passgo.rl`)
seats the learner and one bot per opponent in a random seat order drawn from the seed. An
opponent is a bot spec (any spec `passgo play` takes: `strategic`, `rl:PATH` for a saved
policy, ...; a fresh bot each game), a bot (an object with `act(game, seat)`, kept from game to
game), or any callable `(game, seat) -> Action`; `set_opponents` changes them from the next
game on (a league of opponents drawn game by game). The observation is the learner's vector
(the AEC layout); the legal actions are `env.action_masks()` (what sb3-contrib's MaskablePPO
asks for) and `info["action_mask"]`. The bots play between the learner's decisions. Rewards
as in the AEC environment: +1 win, -1 loss, 0 when the game ends without a winner (truncated
at the round limit), plus the optional worth-share `shaping`. A masked action ends the
episode with -1, as PettingZoo's wrapper does (the action is not applied).

`reset(options={"position": data})` starts from a position (docs/positions.md);
`snapshot()` and `restore(snapshot)` save and bring back the whole environment, the
opponents' own state included; with `action_texts=True`, `info["action_texts"]` says what
each index of the mask does now, with the amounts of the state.

Under `gymnasium.vector`'s default autoreset (next step), the step that ends a game returns
the final observation with an all-zero mask, and the next `step` call starts a new game,
ignoring its action: a sampler must not expect a legal index there (docs/rl.md).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from passgo.agents import make_agent
from passgo.agents.base import Agent
from passgo.core import Action, Game, Rules
from passgo.rl.aec import RENDER_FPS, observation_box, position_option, worth_shares
from passgo.rl.driver import DEFAULT_MAX_ROUNDS, Driver
from passgo.rl.observe import Vector
from passgo.rl.table import MAX_SEATS, Mask
from passgo.rl.windows import BUSINESS_LIMIT, OFFERS_PER_TURN, outcome

ENV_ID = "passgo/Monopoly-v0"
# An opponent: a bot spec, a bot, or a callable (game, seat) -> Action.
Opponent = str | Agent | Callable[[Game, int], Action]


class MonopolyEnv(gymnasium.Env[Vector, int]):
    """One learner against `opponents` (bot specs, bots or callables), see the module
    docstring."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (Env declares it so)
        "render_modes": ["ansi"], "render_fps": RENDER_FPS}

    def __init__(self, opponents: Sequence[Opponent] = ("strategic",) * 3,
                 rules: Rules | str = "classic", max_rounds: int = DEFAULT_MAX_ROUNDS, *,
                 shaping: float = 0.0, business_limit: int = BUSINESS_LIMIT,
                 offers_per_turn: int = OFFERS_PER_TURN, action_texts: bool = False,
                 render_mode: str | None = None) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r:.20}")
        self.opponents: list[Opponent] = []
        self.set_opponents(opponents)
        self.shaping = shaping
        self.action_texts = action_texts
        self.render_mode = render_mode
        self.driver = Driver(len(opponents) + 1, rules, max_rounds,
                             business_limit=business_limit, offers_per_turn=offers_per_turn)
        self.observation_space = cast(spaces.Space[Vector], observation_box())
        self.action_space = cast(spaces.Space[int], spaces.Discrete(self.driver.table.size))
        self.learner = 0
        self._agents: dict[int, Agent] = {}
        self._share = 0.0
        # How this game began and the learner's actions since (what a replay restores).
        self._replay: tuple[dict[str, Any], dict[str, Any] | None, list[int]] = ({}, None, [])

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        """Start a new game, the opponents playing until the learner's first decision.

        The seed fixes the game's own seed and the learner's seat, so the same seed gives the
        same game. `options={"position": data}`: from a position (TOML or JSON text, or its
        data, as `passgo play --position` reads it) under its own rules; a bad one raises a
        `ValueError` in one line.
        """
        position = position_option(options)
        super().reset(seed=seed)
        rng = self.np_random
        self._replay = (dict(copy.deepcopy(rng.bit_generator.state)), options, [])
        game_seed = int(rng.integers(2**31))
        self.learner = int(rng.integers(self.driver.players))
        if position is not None:
            self.driver.start_at(position, game_seed)
        else:
            self.driver.start(game_seed)
        others = [p for p in range(self.driver.players) if p != self.learner]
        self._agents = {p: _agent(opponent, game_seed + p)
                        for p, opponent in zip(others, self.opponents, strict=True)}
        self.driver.play_others(self._agents)
        self._share = worth_shares(self.driver)[self.learner] if self.shaping else 0.0
        return self.driver.observe(self.learner), self._info()

    def step(self, action: int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the opponents up to the learner's next decision.

        A masked (illegal) action changes nothing in the game and ends the episode with reward
        -1 and `info["illegal_action"]`; a game stopped by the round limit is truncated.
        """
        driver = self.driver
        self._replay[2].append(int(action))
        if not driver.mask[int(action)]:
            info = self._info()
            info["illegal_action"] = True
            return driver.observe(self.learner), -1.0, True, False, info
        driver.act(int(action))
        driver.play_others(self._agents)
        game = driver.game
        reward = float(outcome(game, self.learner))
        if self.shaping:
            share = worth_shares(driver)[self.learner]
            reward += self.shaping * (share - self._share)
            self._share = share
        terminated = game.over and not game.stopped_by_limit
        truncated = game.stopped_by_limit
        return driver.observe(self.learner), reward, terminated, truncated, self._info()

    def set_opponents(self, opponents: Sequence[Opponent]) -> None:
        """The opponents of the games from the next `reset` on, as many as before (see the
        module docstring); a bad spec is refused with the bot list's message."""
        if isinstance(opponents, str) or not 1 <= len(opponents) < MAX_SEATS:
            raise ValueError(f"opponents is a list of 1 to {MAX_SEATS - 1} bot specs, bots "
                             "or callables")
        if self.opponents and len(opponents) != len(self.opponents):
            raise ValueError(f"the table has {len(self.opponents)} opponents, not "
                             f"{len(opponents)}")
        for opponent in opponents:
            if isinstance(opponent, str):
                make_agent(opponent)  # a bad spec fails here, with the bot list's message
            elif not callable(getattr(opponent, "act", None)) and not callable(opponent):
                raise ValueError(f"an opponent is a bot spec, a bot or a callable, not "
                                 f"{opponent!r:.40}")
        self.opponents = list(opponents)

    def snapshot(self) -> Any:
        """The whole environment as it is now (the game, its windows, the learner's seat, the
        opponents with their own state, the seed's generator), for `restore`: an opaque value,
        not a save file. Opponents that cannot be copied (the compiled build's bots, outside
        programs) are brought back by replaying the game from its reset instead, which is
        exact for opponents given as specs (a fresh, seeded bot each game) and for callables
        without state of their own."""
        try:
            return copy.deepcopy((self.driver, self.learner, self._agents, self._share,
                                  self.np_random, self._replay))
        except (TypeError, AttributeError):  # a compiled frozen dataclass refuses its state
            start, options, actions = self._replay
            return _Replay(start, options, tuple(actions))

    def restore(self, snapshot: Any) -> None:
        """Bring the environment back to a `snapshot` of it (the snapshot stays usable)."""
        if isinstance(snapshot, _Replay):
            generator = np.random.Generator(np.random.PCG64())
            generator.bit_generator.state = snapshot.start
            self.np_random = generator
            self.reset(options=snapshot.options)
            for action in snapshot.actions:
                self.step(action)
            return
        (self.driver, self.learner, self._agents, self._share, self.np_random,
         self._replay) = copy.deepcopy(snapshot)

    def action_masks(self) -> Mask:
        """The learner's legal actions now (sb3-contrib's MaskablePPO calls this)."""
        return self.driver.mask_of(self.learner)

    def _info(self) -> dict[str, Any]:
        game = self.driver.game
        # Plain ints only (-1: no winner yet, or none): gymnasium.vector stacks info values.
        winner = -1 if game.winner is None else game.winner
        info: dict[str, Any] = {"action_mask": self.action_masks(), "seat": self.learner,
                                "winner": winner, "round": game.round_number}
        if self.action_texts:
            learner = self.driver.seat == self.learner
            info["action_texts"] = self.driver.texts() if learner else ()
        return info

    def render(self) -> str | None:
        """A text summary of the table in `render_mode="ansi"`, otherwise nothing."""
        if self.render_mode != "ansi":
            return None
        return self.driver.summary()


@dataclass(frozen=True)
class _Replay:
    """A snapshot as the way to the state: the generator's state before the reset, the
    reset's options and the learner's actions since."""

    start: dict[str, Any]
    options: dict[str, Any] | None
    actions: tuple[int, ...]


class CallableAgent:
    """A callable `(game, seat) -> Action` as a bot."""

    def __init__(self, choose: Callable[[Game, int], Action], name: str = "callable") -> None:
        self.choose = choose
        self.name = name

    def act(self, game: Game, player: int) -> Action:
        return self.choose(game, player)


def _agent(opponent: Opponent, seed: int) -> Agent:
    """The bot of one opponent for one game (a fresh one for a spec)."""
    if isinstance(opponent, str):
        return make_agent(opponent, seed)
    if callable(getattr(opponent, "act", None)):
        return cast(Agent, opponent)
    return CallableAgent(cast(Callable[[Game, int], Action], opponent))


def register() -> None:
    """Register `passgo/Monopoly-v0` with Gymnasium (done on `import passgo.rl`)."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(ENV_ID, entry_point="passgo.rl.gym_env:MonopolyEnv")
