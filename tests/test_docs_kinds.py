"""The lists of kinds that the documents name are the code's: docs/bot-protocol.md's decision
kinds (what a bot in any language must switch over) are `DecisionKind` exactly, and the events'
JSON Schema (docs/events.schema.json) has one member per event class."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import get_args

from passgo.core.decisions import DecisionKind
from passgo.core.events import EVENT_TYPES

DOCS = Path(__file__).parents[1] / "docs"


def test_the_bot_protocol_names_every_decision_kind() -> None:
    text = " ".join((DOCS / "bot-protocol.md").read_text(encoding="utf-8").split())
    listed = text.split("The kinds are ", 1)[1].split("What each carries", 1)[0]
    assert set(re.findall(r"`([a-z_]+)`", listed)) == set(get_args(DecisionKind))


def test_the_event_schema_has_every_event_kind() -> None:
    schema = json.loads((DOCS / "events.schema.json").read_text(encoding="utf-8"))
    kinds = {member["properties"]["kind"]["const"] for member in schema["oneOf"]}
    assert kinds == set(EVENT_TYPES)
