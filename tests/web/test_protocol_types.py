"""The browser client's message types are written from the server's classes
(`passgo.web.protocol_types`, written by `make client`): the committed file must be what the
generator writes now, or a message or field added on the server could be missing in the
client."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from passgo.web.messages import HOST_COMMANDS, MESSAGE_TYPES
from passgo.web.protocol_types import protocol_types, ts_type

WRITTEN = Path(__file__).parents[2] / "client" / "src" / "protocol-types.ts"


def test_the_written_protocol_types_are_current() -> None:
    assert WRITTEN.read_text(encoding="utf-8") == protocol_types(), (
        "client/src/protocol-types.ts is out of date: run `make client` (or "
        "python -m passgo.web.client_types client/src docs/events.schema.json)")


def test_every_client_message_and_host_command_is_written() -> None:
    text = protocol_types()
    for cls in MESSAGE_TYPES:
        assert f'type: "{cls.__dataclass_fields__["type"].default}" }}' in text
    assert "do: " + " | ".join(f'"{c}"' for c in HOST_COMMANDS) in text
    assert "export type ChatLine = { n: number; seat: number | null;" in text


def test_a_field_type_without_a_counterpart_is_refused() -> None:
    with pytest.raises(ValueError, match="no TypeScript type"):
        ts_type(complex)
