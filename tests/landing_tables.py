"""The landing tables shipped with the bots (src/passgo/agents/landing.json, read by
`passgo.agents.landing`): every edition's landing rates under both jail policies and its reach
over the strategic bot's turns ahead, for the jail rules of every preset, worked out by the
chain. tests/test_landing_tables.py checks that the file equals the computation; after a change
to the chain, an edition's data or the presets, write it again and commit it with the change:

    PYTHONPATH=src .venv/bin/python tests/landing_tables.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from passgo.agents.landing import (
    JAIL_POLICIES,
    SHIPPED,
    compute_landing_rates,
    compute_reach,
    table_key,
)
from passgo.agents.strategic.caches import REACH_TURNS
from passgo.core.board import EDITIONS
from passgo.core.rules import PRESETS

FILE = Path(__file__).resolve().parents[1] / "src" / "passgo" / "agents" / SHIPPED


def jail_rules() -> list[int]:
    """The presets' jail limits (`jail_max_turns`), lowest first."""
    return sorted({preset().jail_max_turns for preset in PRESETS.values()})


def tables() -> dict[str, Any]:
    """The tables as the file holds them (floats written as Python writes them, which reads
    back to the same bits)."""
    rates: dict[str, list[float]] = {}
    reach: dict[str, list[list[float]]] = {}
    for edition in EDITIONS:
        for jail in jail_rules():
            for policy in JAIL_POLICIES:
                rates[table_key(edition, jail, policy)] = list(
                    compute_landing_rates(edition, jail, policy))
            reach[table_key(edition, jail, REACH_TURNS)] = [
                list(row) for row in compute_reach(edition, jail, REACH_TURNS)]
    return {"about": "written by tests/landing_tables.py; see passgo.agents.landing",
            "rates": rates, "reach": reach}


def text() -> str:
    """The file: JSON with one table (or one row of `reach`) a line, so that a change shows as
    the lines it changes."""
    t = tables()
    lines = ["{", f'"about": {json.dumps(t["about"])},', '"rates": {']
    rates = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in t["rates"].items()]
    lines.append(",\n".join(rates))
    lines.append('},\n"reach": {')
    reach = [f"{json.dumps(k)}: [\n" + ",\n".join(json.dumps(row) for row in v) + "\n]"
             for k, v in t["reach"].items()]
    lines.append(",\n".join(reach))
    lines.append("}\n}\n")
    return "\n".join(lines)


def main() -> int:
    FILE.write_text(text(), encoding="utf-8")
    print(f"wrote {FILE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
