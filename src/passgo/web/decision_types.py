"""The browser client's `Decision` type, written from the core's decision classes.

The client (TypeScript, `client/src`) switches over every decision kind, and tsc checks the
switch is exhaustive. That check is only as good as the union it checks against, so the union
is not written by hand: `make client` runs this module, which writes one member per class of
`passgo.core.decisions.DECISION_TYPES` with every field and its type, into
`client/src/decision-types.ts`. A new decision kind in the core then fails the client's type
check until the client handles it, and a test fails while the written file is out of date.

    python -m passgo.web.decision_types client/src/decision-types.ts
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from passgo.core.actions import TradeOffer
from passgo.core.decisions import DECISION_TYPES

HEADER = """\
// Written by `python -m passgo.web.decision_types` (run by `make client`) from the classes
// of passgo.core.decisions: do not edit. One member per decision kind, with its JSON fields
// (`Decision.to_dict`); decisions.ts switches over them, checked by tsc to be exhaustive.

import type { Offer } from "./api";

"""


def ts_type(hint: Any) -> str:
    """The TypeScript type of a decision field's Python type (ValueError for a type the
    client has no counterpart for: the generator must learn it, not guess)."""
    origin = get_origin(hint)
    if hint is int:
        return "number"
    if hint is str:
        return "string"
    if hint is bool:
        return "boolean"
    if hint is type(None):
        return "null"
    if hint is TradeOffer:
        return "Offer"
    if origin is Literal:
        return " | ".join(f'"{value}"' for value in get_args(hint))
    if origin in (types.UnionType, typing.Union):
        return " | ".join(ts_type(arg) for arg in get_args(hint))
    if origin is tuple and len(get_args(hint)) == 2 and get_args(hint)[1] is Ellipsis:
        inner = ts_type(get_args(hint)[0])
        return f"({inner})[]" if " " in inner else f"{inner}[]"
    raise ValueError(f"no TypeScript type for {hint!r}")


def decision_types() -> str:
    """The text of decision-types.ts."""
    members = []
    for cls in DECISION_TYPES:
        hints = typing.get_type_hints(cls)
        fields = [f"{f.name}: {ts_type(hints[f.name])}" for f in dataclasses.fields(cls)]
        members.append("  | { " + "; ".join(fields) + " }")
    return HEADER + "export type Decision =\n" + "\n".join(members) + ";\n"


def write_generated(argv: list[str], module: str, text: Callable[[], str]) -> int:
    """The command line of a generator of the client's types: `python -m MODULE FILE.ts`."""
    if len(argv) != 1:
        print(f"usage: python -m {module} FILE.ts", file=sys.stderr)
        return 2
    Path(argv[0]).write_text(text(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(write_generated(sys.argv[1:], "passgo.web.decision_types",
                                     decision_types))
