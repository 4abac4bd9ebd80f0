"""What a bot is: something that, asked for a seat's decision, returns an action for it."""

from __future__ import annotations

from typing import Protocol

from passgo.core import Game
from passgo.core.actions import Action


class Agent(Protocol):
    """A player controlled by code. `act` is called when the game waits for `player`."""

    name: str

    def act(self, game: Game, player: int) -> Action: ...
