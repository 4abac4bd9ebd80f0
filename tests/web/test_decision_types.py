"""The browser client's Decision type is written from the core's decision classes
(`passgo.web.decision_types`, run by `make client`): the committed file must be what the
generator writes now, or a decision kind added to the core could be missing in the client."""

from __future__ import annotations

from pathlib import Path

import pytest

from passgo.core.decisions import DECISION_TYPES
from passgo.web.decision_types import decision_types, ts_type

WRITTEN = Path(__file__).parents[2] / "client" / "src" / "decision-types.ts"


def test_the_written_decision_types_are_current() -> None:
    assert WRITTEN.read_text(encoding="utf-8") == decision_types(), (
        "client/src/decision-types.ts is out of date: run `make client` (or "
        "python -m passgo.web.decision_types client/src/decision-types.ts)")


def test_every_decision_kind_is_a_member_with_its_fields() -> None:
    text = decision_types()
    for cls in DECISION_TYPES:
        kind = cls.__dataclass_fields__["kind"].default
        assert f'kind: "{kind}" }}' in text
    assert "offer: Offer; problem: string | null" in text
    assert 'cards: ("chance" | "community_chest")[]' in text


def test_a_field_type_without_a_counterpart_is_refused() -> None:
    with pytest.raises(ValueError, match="no TypeScript type"):
        ts_type(float)
