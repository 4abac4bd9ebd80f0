"""The browser client's message types, written from the server's classes.

Beside the `Decision` and `Event` unions (`passgo.web.client_types`), this module's text is
`client/src/protocol-types.ts` (written by `make client`): what a browser may send
(`passgo.web.messages.MESSAGE_TYPES`, as the union `ClientMessage`), the messages the server
sends besides the game's state (`passgo.web.protocol.SERVER_MESSAGES`), what every state and
seats message says of the game (`Listing`), and the HTTP bodies of the lobby and the host's
controls (the pydantic models of `passgo.web.app`). A field added on the server is then a
type the client's code is checked against, and a test fails while the written file is out
of date.

    python -m passgo.web.client_types client/src docs/events.schema.json
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Annotated, Any, get_args, get_origin

from pydantic import BaseModel

from passgo.web.app import CreateIn, HostIn, JoinIn, SeatIn
from passgo.web.client_types import ts_type as decision_ts_type
from passgo.web.messages import MESSAGE_TYPES
from passgo.web.protocol import SERVER_MESSAGES, ChatLine, Created, Listing

HEADER = """\
// Written by `python -m passgo.web.protocol_types` (run by `make client`) from the server's
// classes (passgo.web.messages, passgo.web.protocol, the request models of passgo.web.app):
// do not edit. docs/web.md says what each message means.

"""
NAMED = {ChatLine: "ChatLine", SeatIn: "SeatIn"}


def ts_type(hint: Any) -> str:
    """A field's TypeScript type: the decision generator's, plus floats, the classes named
    here, lists, mappings of options and pydantic's `Annotated` bounds."""
    origin = get_origin(hint)
    if origin is Annotated:
        return ts_type(get_args(hint)[0])
    if hint is float:
        return "number"
    if hint in NAMED:
        return NAMED[hint]
    if origin in (list, tuple) and (origin is list or get_args(hint)[1:] == (Ellipsis,)):
        inner = ts_type(get_args(hint)[0])
        return f"({inner})[]" if " " in inner else f"{inner}[]"
    if origin is dict:
        return f"Record<string, {ts_type(get_args(hint)[1])}>"
    if origin in (typing.Union, type(int | str)):
        return " | ".join(ts_type(arg) for arg in get_args(hint))
    return decision_ts_type(hint)


def _fields(cls: type) -> list[str]:
    """A class's fields as TypeScript: a pydantic model's (optional where it has a default)
    or a dataclass's."""
    if isinstance(cls, type) and issubclass(cls, BaseModel):
        hints = typing.get_type_hints(cls, include_extras=True)
        return [f"{name}{'' if info.is_required() else '?'}: {ts_type(hints[name])}"
                for name, info in cls.model_fields.items()]
    if not dataclasses.is_dataclass(cls):
        raise ValueError(f"{cls.__name__} is neither a dataclass nor a pydantic model")
    hints = typing.get_type_hints(cls, include_extras=True)
    return [f"{f.name}: {ts_type(hints[f.name])}" for f in dataclasses.fields(cls)]


def _object(cls: type) -> str:
    return "{ " + "; ".join(_fields(cls)) + " }"


def protocol_types() -> str:
    """The text of protocol-types.ts."""
    out = [HEADER]
    for cls in (ChatLine, Listing, Created, SeatIn, CreateIn, JoinIn, HostIn):
        out.append(f"export type {cls.__name__} = {_object(cls)};\n")
    out.append("export type ClientMessage =\n" + "\n".join(
        f"  | {_object(cls)}" for cls in MESSAGE_TYPES) + ";\n")
    out.append("export type ServerNotice =\n" + "\n".join(
        f"  | {_object(cls)}" for cls in SERVER_MESSAGES) + ";\n")
    return "\n".join(out)

