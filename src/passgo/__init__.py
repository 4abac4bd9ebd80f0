"""passgo: Monopoly by the real rules, for players, researchers and simulations.

The public model is re-exported from `passgo.core`: `Game`, `Rules`, actions, decisions, the
read model and errors.
"""

from passgo.core import *  # noqa: F403
from passgo.core import __all__ as _core_all
from passgo.core.version import ENGINE_VERSION as __version__

__all__ = [*_core_all, "__version__"]
