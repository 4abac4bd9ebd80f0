"""One game between bots named by their specs, and what a tournament keeps of it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from passgo.agents import ProtocolBot, make_agent
from passgo.agents.base import Agent
from passgo.core import Game, Rules

STEPS_PER_ROUND = 2000  # actions per round and player before a game is stopped as stuck


@dataclass(frozen=True, slots=True)
class GameResult:
    """`specs` and `entries` by seat; `places` by seat (1 = winner; players out of the game
    placed by how long they lasted; in a game stopped at the round cap the survivors are placed
    by total worth, as in the rules' Time Limit Game, but nobody counts as the winner).
    `incidents` maps a seat to its protocol bot's incidents."""

    seed: int
    specs: tuple[str, ...]
    entries: tuple[int, ...]
    winner: int | None
    places: tuple[int, ...]
    rounds: int
    capped: bool
    incidents: dict[int, list[dict[str, Any]]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "specs": list(self.specs),
            "entries": list(self.entries),
            "winner": self.winner,
            "places": list(self.places),
            "rounds": self.rounds,
            "capped": self.capped,
            "incidents": {str(k): v for k, v in self.incidents.items()},
        }


def play_match(specs: Sequence[str], seed: int, *, entries: Sequence[int] | None = None,
               max_rounds: int = 1000, rules: Rules | None = None,
               time_limit: float | None = None) -> GameResult:
    """Play one game, seat i taken by the bot `specs[i]` (seeded from `seed` and the seat)."""
    n = len(specs)
    names = [f"P{i + 1}" for i in range(n)]
    game = Game.new(names, rules, seed, max_rounds=max_rounds)
    options = {} if time_limit is None else {"time_limit": time_limit}
    agents: list[Agent] = [make_agent(spec, seed * 31 + i, **options)
                           for i, spec in enumerate(specs)]
    out_order: list[int] = []
    steps, limit = 0, STEPS_PER_ROUND * max_rounds * n
    try:
        while not game.over and steps < limit:
            player = game.frames[-1].player
            game.apply(agents[player].act(game, player))
            steps += 1
            if len(out_order) + sum(game.alive) < n:
                out_order.extend(p for p in range(n) if not game.alive[p] and p not in out_order)
    finally:
        for agent in agents:
            if isinstance(agent, ProtocolBot):
                agent.close()
    survivors = sorted((p for p in range(n) if game.alive[p]),
                       key=lambda p: -game.worth(p))
    ranking = survivors + out_order[::-1]
    places = [0] * n
    for place, p in enumerate(ranking, 1):
        places[p] = place
    incidents = {i: [x.to_dict() for x in a.incidents] for i, a in enumerate(agents)
                 if isinstance(a, ProtocolBot) and a.incidents}
    return GameResult(
        seed=seed,
        specs=tuple(specs),
        entries=tuple(range(n)) if entries is None else tuple(entries),
        winner=game.winner,
        places=tuple(places),
        rounds=game.rounds,
        capped=not game.over or game.stopped_by_limit,
        incidents=incidents,
    )
