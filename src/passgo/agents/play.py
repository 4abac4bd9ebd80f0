"""The game loop for bots: ask whoever must decide, apply their answer, until the game ends."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from passgo.agents.base import Agent
from passgo.core import Game
from passgo.core.actions import Action, ClaimRent
from passgo.core.events import Event

Observer = Callable[[Action, list[Event]], None]


def play(
    game: Game,
    agents: Sequence[Agent],
    *,
    checked: bool = True,
    max_steps: int | None = None,
    observe: Observer | None = None,
) -> Game:
    """Play `game` to its end with one agent per seat. `checked=False` trusts the agents'
    actions to be legal (the simulation fast path); `max_steps` bounds the number of actions.
    A game of bots can last for ever in principle: simulations set `max_turns`/`max_rounds`
    on the game. `observe(action, events)` sees every action applied, rent claims included,
    with the events it caused: statistics are collected from it without a second game loop."""
    if len(agents) != game.n:
        raise ValueError(f"{game.n} players need {game.n} agents, not {len(agents)}")
    apply = game.apply if checked else game.apply_unchecked
    steps = 0
    while not game.over:
        if game.claims:
            # Where the owner must ask for rent, bots always ask, at once.
            owner, square = game.claims[0][1], game.claims[0][2]
            claim = ClaimRent(owner, square)
            events = apply(claim)
            if observe is not None:
                observe(claim, events)
            continue
        player = game.frames[-1].player
        action = agents[player].act(game, player)
        events = apply(action)
        if observe is not None:
            observe(action, events)
        steps += 1
        if max_steps is not None and steps >= max_steps:
            break
    return game
