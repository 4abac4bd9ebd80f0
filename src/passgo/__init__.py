"""passgo: Monopoly by the real rules, for players, researchers and simulations."""

from passgo.core import Game, IllegalActionError, Rules
from passgo.core.version import ENGINE_VERSION as __version__

__all__ = ["Game", "IllegalActionError", "Rules", "__version__"]
