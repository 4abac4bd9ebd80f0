"""passgo: Monopoly by the real rules, for players, researchers and simulations.

The public model is re-exported from `passgo.core`: `Game`, `Rules`, actions, decisions, the
read model and errors. They are loaded when first asked for (`passgo.Game`, `from passgo import
Game`), not when a subpackage is imported: `passgo --help` and a simulation's worker never pay
for what they do not use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from passgo.core import *  # noqa: F403
    from passgo.core import __all__ as _core_all
    from passgo.core.version import ENGINE_VERSION as __version__

    __all__ = [*_core_all, "__version__"]


def __getattr__(name: str) -> Any:
    import passgo.core as core

    if name == "__version__":
        from passgo.core.version import ENGINE_VERSION

        return ENGINE_VERSION
    if name == "__all__":
        return [*core.__all__, "__version__"]
    if name in core.__all__:
        return getattr(core, name)
    raise AttributeError(f"module 'passgo' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__getattr__("__all__")})
