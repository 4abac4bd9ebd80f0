"""The landing tables shipped with the bots (src/passgo/agents/landing.json) are the chain's
own figures: the file is what tests/landing_tables.py writes from the computation, to the last
bit, and the bots read it instead of working the chain out."""

from __future__ import annotations

import pytest

import landing_tables
from passgo.agents import landing
from passgo.core.board import EDITIONS


def test_the_shipped_file_equals_the_computation() -> None:
    assert landing_tables.FILE.read_text(encoding="utf-8") == landing_tables.text()


def test_every_edition_is_shipped_under_every_presets_jail_rule() -> None:
    rates, reach = landing.shipped()["rates"], landing.shipped()["reach"]
    assert len(rates) == 2 * len(reach) == 2 * len(EDITIONS) * len(landing_tables.jail_rules())
    assert landing_tables.jail_rules() == [1, 3]  # classic's 3 and the Short Game's 1


def test_the_bots_read_the_shipped_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    # Tables no chain gives: read, not worked out (the functions' caches bypassed).
    fake = {"rates": {"uk/3/stay": [0.5, 0.25]}, "reach": {"us-classic/1/3": [[0.125]]}}
    monkeypatch.setattr(landing, "shipped", lambda: fake)
    assert landing.landing_rates.__wrapped__("uk", 3, "stay") == (0.5, 0.25)
    assert landing.reach.__wrapped__("us-classic", 1, 3) == ((0.125,),)


def test_tables_not_shipped_are_worked_out() -> None:
    assert landing.table_key("us-classic", 2, "stay") not in landing.shipped()["rates"]
    assert landing.landing_rates("us-classic", 2, "stay") == landing.compute_landing_rates(
        "us-classic", 2, "stay")
    assert landing.reach("uk", 3, 2) == landing.compute_reach("uk", 3, 2)
