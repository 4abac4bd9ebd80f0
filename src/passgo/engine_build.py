"""Which build of passgo is running: `compiled` (`passgo.core` and `passgo.agents` compiled
with mypyc from the same source, as `pip install` builds them where a C compiler is found) or
`pure` Python. Both play the same games; `passgo --version` says which one runs."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from typing import Literal


def engine_build() -> Literal["compiled", "pure"]:
    """`compiled` when the rules core was loaded from an extension module, else `pure`."""
    from passgo.core import game

    path = game.__file__ or ""
    return "compiled" if path.endswith(tuple(EXTENSION_SUFFIXES)) else "pure"
