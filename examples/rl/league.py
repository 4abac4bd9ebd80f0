"""A league of opponents for self-play: passgo's bots, saved policies and the learner's own
earlier snapshots, drawn game by game (examples/rl/train.py).

An opponent is anything `passgo/Monopoly-v0` takes: a bot spec (`random`, `basic`,
`strategic`, `expert`, `rl:PATH` for a saved policy), a bot object or a callable
`(game, seat) -> Action`. The league holds fixed opponents with weights and a window of the
learner's latest snapshots (`rl:` policy files saved during training); each game draws its
opponents from it. `LeagueEnv` wraps the environment so that every reset draws anew and every
step's info names the opponent of the game (for the learning curve by opponent).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium

SELF = "self"  # the fixed opponents' name for the learner's snapshots


class League:
    """`fixed`: (opponent, weight) pairs, where the opponent `self` stands for the learner's
    snapshots (drawn uniformly from the last `window`; before the first, the fixed others);
    `seats`: opponents per game."""

    def __init__(self, fixed: Sequence[tuple[Any, float]], seats: int = 1,
                 window: int = 5) -> None:
        if not fixed or any(w <= 0 for _, w in fixed):
            raise ValueError("a league needs opponents with positive weights")
        self.fixed = list(fixed)
        self.seats = seats
        self.window = window
        self.snapshots: list[str] = []

    def add_snapshot(self, path: str) -> None:
        self.snapshots = [*self.snapshots, f"rl:{path}"][-self.window:]

    def draw(self, rng: random.Random) -> list[Any]:
        """One game's opponents."""
        pool = [(o, w) for o, w in self.fixed if o != SELF or self.snapshots]
        out = []
        for _ in range(self.seats):
            (opponent,) = rng.choices([o for o, _ in pool], [w for _, w in pool])
            out.append(rng.choice(self.snapshots) if opponent == SELF else opponent)
        return out

    @staticmethod
    def name(opponent: Any) -> str:
        """The opponent's name in the learning curve (`self` for a snapshot)."""
        if isinstance(opponent, str):
            return SELF if opponent.startswith("rl:") else opponent
        return str(getattr(opponent, "name", type(opponent).__name__))


def parse(text: str) -> list[tuple[str, float]]:
    """`strategic@3,basic,random,self@2` as (opponent, weight) pairs (weight 1 when none is
    given after `@`)."""
    out = []
    for part in (p.strip() for p in text.split(",")):
        if part:
            spec, _, weight = part.partition("@")
            out.append((spec, float(weight) if weight else 1.0))
    return out


class LeagueEnv(gymnasium.Wrapper):  # type: ignore[type-arg]
    """Draws the opponents of every game from a league; `info["opponent"]` names them."""

    def __init__(self, env: gymnasium.Env, league: League, seed: int = 0) -> None:  # type: ignore[type-arg]
        super().__init__(env)
        self.league = league
        self.rng = random.Random(seed)
        self.current = ""

    def set_snapshots(self, snapshots: list[str]) -> None:
        """The learner's snapshots now (sent to every worker when one is saved)."""
        self.league.snapshots = list(snapshots)

    def reset(self, **kwargs: Any) -> Any:
        opponents = self.league.draw(self.rng)
        self.env.unwrapped.set_opponents(opponents)
        self.current = "+".join(League.name(o) for o in opponents)
        obs, info = self.env.reset(**kwargs)
        info["opponent"] = self.current
        return obs, info

    def step(self, action: Any) -> Any:
        obs, reward, terminated, truncated, info = self.env.step(action)
        info["opponent"] = self.current
        return obs, reward, terminated, truncated, info
