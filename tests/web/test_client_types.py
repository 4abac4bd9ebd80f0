"""The browser client's Decision and Event types, and the events' JSON Schema, are written from
the core's classes (`passgo.web.client_types`, run by `make client`): the committed files must
be what the generator writes now, or a kind added to the core could be missing in the client."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from passgo.core.decisions import DECISION_TYPES
from passgo.core.events import EVENT_TYPES
from passgo.web.client_types import decision_types, event_schema, event_types, ts_type

ROOT = Path(__file__).parents[2]
WRITTEN = {ROOT / "client" / "src" / "decision-types.ts": decision_types,
           ROOT / "client" / "src" / "event-types.ts": event_types,
           ROOT / "docs" / "events.schema.json": lambda: json.dumps(event_schema(), indent=2)
           + "\n"}


@pytest.mark.parametrize("path", list(WRITTEN), ids=lambda p: p.name)
def test_the_written_types_are_current(path: Path) -> None:
    assert path.read_text(encoding="utf-8") == WRITTEN[path](), (
        f"{path.name} is out of date: run `make client` (or python -m "
        "passgo.web.client_types client/src docs/events.schema.json)")


def test_every_decision_kind_is_a_member_with_its_fields() -> None:
    text = decision_types()
    for cls in DECISION_TYPES:
        kind = cls.__dataclass_fields__["kind"].default
        assert f'kind: "{kind}" }}' in text
    assert "offer: Offer; problem: string | null" in text
    assert 'cards: ("chance" | "community_chest")[]' in text


def test_every_event_kind_is_a_member_with_its_fields() -> None:
    text = event_types()
    members = {line.split('"')[1]: line for line in text.splitlines()
               if line.startswith('  | { kind: "')}
    assert set(members) == set(EVENT_TYPES)
    for kind, cls in EVENT_TYPES.items():
        for name in cls.__match_args__:
            assert f"; {name}: " in members[kind], (kind, name)
    assert ('{ kind: "payment"; payer: number | null; payee: number | null; amount: number; '
            'reason: string }') in text
    assert "term: Term" in text and "offer: Offer" in text


def test_a_field_type_without_a_counterpart_is_refused() -> None:
    with pytest.raises(ValueError, match="no TypeScript type"):
        ts_type(float)
