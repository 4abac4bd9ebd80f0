"""Every number option of the rules has bounds in its declaration (`Rules` fields' `bounds`),
and every way a rule set comes in is checked against them: a rules file, a position, a saved
game (issue 30: the web served a game with an option of 2**64 that no encoder could send, and
`clock_minutes = 10**400` broke the last join)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from passgo import Game
from passgo.core import DataError, Rules, SaveFileError
from passgo.core.position import PositionError
from passgo.core.rules import BOUNDS

HUGE = (2**64, 10**400, -1)


def test_every_number_option_declares_its_bounds() -> None:
    numbers = {f.name for f in fields(Rules) if type(getattr(Rules(), f.name)) is int}
    assert numbers == set(BOUNDS)
    for name, (low, high) in BOUNDS.items():
        assert low <= getattr(Rules(), name) <= high, name
        assert high <= 1_000_000, name  # a sum of a few such values stays far from 2**63


@pytest.mark.parametrize("name", sorted(BOUNDS))
def test_a_value_past_either_bound_is_refused_naming_the_option(name: str) -> None:
    low, high = BOUNDS[name]
    for value in (low - 1, high + 1, *HUGE):
        if low <= value <= high:
            continue
        with pytest.raises(DataError) as refused:
            Rules.from_dict({name: value})
        assert f"'{name}' must be from {low:,} to {high:,}" in str(refused.value)


def test_a_rules_file_past_a_bound_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('preset = "classic"\nclock_minutes = ' + "9" * 400 + "\n")
    out = subprocess.run([sys.executable, "-m", "passgo", "rules", "show", str(path)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "clock_minutes" in out.stderr


def test_a_position_past_a_bound_is_refused() -> None:
    with pytest.raises(PositionError) as refused:
        Game.from_position({"rules": {"snake_eyes_bonus": 2**64},
                            "players": [{"name": "Ann"}, {"name": "Bob"}]})
    assert "snake_eyes_bonus" in str(refused.value)


def test_a_save_past_a_bound_is_refused() -> None:
    data = json.loads(Game.new(["Ann", "Bob"], seed=1).to_json())
    data["rules"]["go_landing_salary"] = 10**30
    with pytest.raises(SaveFileError) as refused:
        Game.from_json(json.dumps(data))
    assert "go_landing_salary" in str(refused.value)
