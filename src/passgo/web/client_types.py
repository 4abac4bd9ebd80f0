"""The browser client's `Decision` and `Event` types, and the events' JSON Schema, written
from the core's classes.

The client (TypeScript, `client/src`) switches over every decision kind and every event kind,
and tsc checks the switches are exhaustive. That check is only as good as the unions it checks
against, so they are not written by hand: `make client` runs this module, which writes one
member per class of `passgo.core.decisions.DECISION_TYPES` into `decision-types.ts` and one
per class of `passgo.core.events.EVENT_TYPES` into `event-types.ts`, with every field and its
JSON type. A new kind in the core then fails the client's type check until the client handles
it, and a test fails while a written file is out of date. The same reading of the events'
fields gives `docs/events.schema.json`, the JSON Schema of `Event.to_dict()`; the server's
own messages go to `protocol-types.ts` (`passgo.web.protocol_types`).

    python -m passgo.web.client_types client/src docs/events.schema.json
"""

from __future__ import annotations

import dataclasses
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any, Final, Literal, get_args, get_origin

from passgo.core.actions import Immunity, Loan, Partnership, RentShare, TradeOffer
from passgo.core.decisions import DECISION_TYPES
from passgo.core.events import EVENT_TYPES, EventBase

_TERMS = {Immunity, Loan, Partnership, RentShare}

HEADER = """\
// Written by `python -m passgo.web.client_types` (run by `make client`) from the classes
// of {source}: do not edit. One member per {what} kind, with its JSON fields
// (`{method}`); {user} switches over them, checked by tsc to be exhaustive.

import type {{ {imports} }} from "./api";

"""


def _unwrapped(hint: Any) -> Any:
    """An event field's type without its `Final`."""
    return get_args(hint)[0] if get_origin(hint) is Final else hint


def ts_type(hint: Any) -> str:
    """The TypeScript type of a field's Python type (ValueError for a type the client has no
    counterpart for: the generator must learn it, not guess)."""
    hint = _unwrapped(hint)
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
        args = get_args(hint)
        if set(args) == _TERMS:
            return "Term"
        return " | ".join(ts_type(arg) for arg in args)
    if origin is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            inner = ts_type(args[0])
            return f"({inner})[]" if " " in inner else f"{inner}[]"
        return "[" + ", ".join(ts_type(arg) for arg in args) + "]"
    raise ValueError(f"no TypeScript type for {hint!r}")


def json_schema(hint: Any) -> dict[str, Any]:
    """The JSON Schema of a field's Python type, as `to_dict` writes it."""
    hint = _unwrapped(hint)
    origin = get_origin(hint)
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer"}
    if hint is str:
        return {"type": "string"}
    if hint is type(None):
        return {"type": "null"}
    if hint is TradeOffer:
        return {"$ref": "#/$defs/offer"}
    if origin is Literal:
        return {"enum": list(get_args(hint))}
    if origin in (types.UnionType, typing.Union):
        args = get_args(hint)
        if set(args) == _TERMS:
            return {"$ref": "#/$defs/term"}
        return {"anyOf": [json_schema(arg) for arg in args]}
    if origin is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": json_schema(args[0])}
        return {"type": "array", "prefixItems": [json_schema(arg) for arg in args],
                "minItems": len(args), "maxItems": len(args)}
    raise ValueError(f"no JSON Schema for {hint!r}")


def _event_fields(cls: type[EventBase]) -> list[tuple[str, Any]]:
    hints = typing.get_type_hints(cls)
    return [(name, hints[name]) for name in cls.__match_args__]


def decision_types() -> str:
    """The text of decision-types.ts."""
    members = []
    for cls in DECISION_TYPES:
        hints = typing.get_type_hints(cls)
        fields = [f"{f.name}: {ts_type(hints[f.name])}" for f in dataclasses.fields(cls)]
        members.append("  | { " + "; ".join(fields) + " }")
    head = HEADER.format(source="passgo.core.decisions", what="decision",
                         method="Decision.to_dict", user="decisions.ts", imports="Offer")
    return head + "export type Decision =\n" + "\n".join(members) + ";\n"


def event_types() -> str:
    """The text of event-types.ts."""
    members = []
    for kind, cls in EVENT_TYPES.items():
        fields = [f'kind: "{kind}"', *(f"{name}: {ts_type(hint)}"
                                       for name, hint in _event_fields(cls))]
        members.append("  | { " + "; ".join(fields) + " }")
    head = HEADER.format(source="passgo.core.events", what="event", method="Event.to_dict",
                         user="the client", imports="Offer, Term")
    return head + "export type Event =\n" + "\n".join(members) + ";\n"


def event_schema() -> dict[str, Any]:
    """The JSON Schema of `Event.to_dict()`: one of the kinds, each with all of its fields."""
    kinds = []
    for kind, cls in EVENT_TYPES.items():
        fields = _event_fields(cls)
        kinds.append({
            "title": cls.__name__,
            "description": " ".join((cls.__doc__ or "").split()),
            "type": "object",
            "properties": {"kind": {"const": kind},
                           **{name: json_schema(hint) for name, hint in fields}},
            "required": ["kind", *(name for name, _ in fields)],
            "additionalProperties": False,
        })
    side = {"type": "object", "required": ["properties", "cash", "cards"],
            "properties": {"properties": {"type": "array", "items": {"type": "integer"}},
                           "cash": {"type": "integer"},
                           "cards": {"type": "array", "items": {"type": "integer"}},
                           "terms": {"type": "array", "items": {"$ref": "#/$defs/term"}}}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "passgo event",
        "description": "One event as `Event.to_dict()` writes it (docs/api.md, Events).",
        "oneOf": kinds,
        "$defs": {
            "offer": {"type": "object", "required": ["proposer", "responder", "give", "get"],
                      "properties": {"proposer": {"type": "integer"},
                                     "responder": {"type": "integer"},
                                     "give": {"$ref": "#/$defs/side"},
                                     "get": {"$ref": "#/$defs/side"}}},
            "side": side,
            "term": {"type": "object", "required": ["kind"],
                     "properties": {"kind": {"enum": ["immunity", "share", "loan",
                                                      "partnership"]}}},
        },
    }


def event_schema_text() -> str:
    return json.dumps(event_schema(), indent=2) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m passgo.web.client_types CLIENT_SRC_DIR SCHEMA.json",
              file=sys.stderr)
        return 2
    folder = Path(argv[0])
    (folder / "decision-types.ts").write_text(decision_types(), encoding="utf-8")
    (folder / "event-types.ts").write_text(event_types(), encoding="utf-8")
    from passgo.web.protocol_types import protocol_types  # (it reads the web app's models)

    (folder / "protocol-types.ts").write_text(protocol_types(), encoding="utf-8")
    Path(argv[1]).write_text(event_schema_text(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
