"""One game between bots named by their specs, and what a tournament keeps of it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from passgo.agents import make_agent, play
from passgo.agents.base import Agent
from passgo.agents.play import close_agents, incidents, step_limit
from passgo.core import Action, Event, Game, Rules
from passgo.core.events import Bankrupt


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
    """Play one game, seat i taken by the bot `specs[i]` (seeded from `seed` and the seat),
    through the bot loop (`passgo.agents.play`: rent claims, protocol bots, limits)."""
    n = len(specs)
    names = [f"P{i + 1}" for i in range(n)]
    game = Game.new(names, rules, seed, max_rounds=max_rounds)
    options = {} if time_limit is None else {"time_limit": time_limit}
    agents: list[Agent] = [make_agent(spec, seed * 31 + i, **options)
                           for i, spec in enumerate(specs)]
    out_order: list[int] = []  # seats in the order they went bankrupt

    def observe(action: Action, events: list[Event]) -> None:
        if any(isinstance(e, Bankrupt) for e in events):
            out_order.extend(p for p in range(n) if not game.in_game(p) and p not in out_order)

    try:
        play(game, agents, max_steps=step_limit(n, max_rounds), observe=observe)
    finally:
        close_agents(agents)
    survivors = sorted((p for p in range(n) if game.in_game(p)), key=lambda p: -game.worth(p))
    ranking = survivors + out_order[::-1]
    places = [0] * n
    for place, p in enumerate(ranking, 1):
        places[p] = place
    return GameResult(
        seed=seed,
        specs=tuple(specs),
        entries=tuple(range(n)) if entries is None else tuple(entries),
        winner=game.winner,
        places=tuple(places),
        rounds=game.round_number,
        capped=not game.over or game.stopped_by_limit,
        incidents=incidents(agents),
    )
