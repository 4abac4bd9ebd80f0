"""passgo.core: the pure rules engine (no I/O, no printing, no global randomness)."""

from passgo.core.actions import Action, Bundle, TradeOffer
from passgo.core.errors import DataError, IllegalActionError, PassgoError, SaveFileError
from passgo.core.events import Event
from passgo.core.game import Game
from passgo.core.rules import Rules
from passgo.core.version import ENGINE_VERSION

__all__ = [
    "ENGINE_VERSION",
    "Action",
    "Bundle",
    "DataError",
    "Event",
    "Game",
    "IllegalActionError",
    "PassgoError",
    "Rules",
    "SaveFileError",
    "TradeOffer",
]
