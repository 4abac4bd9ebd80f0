"""The random-play fuzz of `make fuzz` (benchmarks/fuzz.py), run briefly: its games play
without violations, its checker catches a leak of money and a broken building supply, and its
rule mixes come from the `Rules` fields."""

from __future__ import annotations

import json
import random
from types import ModuleType

import pytest

from passgo import Game, Rules
from passgo.core.actions import Roll
from passgo.core.events import (
    SALARY,
    JackpotTaken,
    LoanRepaid,
    LoanTaken,
    Mortgaged,
    MortgageLifted,
    Payment,
)
from support import load_fuzz


@pytest.fixture(scope="module")
def fuzz() -> ModuleType:
    return load_fuzz()


def test_a_short_fuzz_run_finds_no_violation(fuzz: ModuleType,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz.main(["--games", "12", "--seed", "7", "--max-rounds", "15", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 12 and report["actions"] > 100
    assert report["violations"] == 0 and report["failures"] == []


def test_the_table_names_games_actions_and_violations(
        fuzz: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz.main(["--games", "2", "--max-rounds", "3"]) == 0
    out = capsys.readouterr().out
    for word in ("games", "actions", "actions per s", "violations"):
        assert word in out


def test_rule_mixes_are_valid_and_varied(fuzz: ModuleType) -> None:
    """Sixty drawn mixes (the options grow: free market made forty too few to change
    double_hotels) are valid, from several presets, and change the main switches."""
    rng = random.Random(1)
    drawn = [fuzz.draw_rules(rng) for _ in range(60)]
    assert all(isinstance(rules, Rules) for _, rules in drawn)
    assert len({preset for preset, _ in drawn}) >= 4
    changed = {key for _, rules in drawn for key in rules.changed()}
    assert {"auction", "dice", "edition", "double_hotels"} <= changed


def test_the_checker_sees_money_leak_and_a_lost_house(fuzz: ModuleType) -> None:
    game = Game.new(["Ann", "Bob"], seed=1)
    checker = fuzz.Checker(game)
    roll = Roll(game.pending_player)
    assert checker.after(roll, []) == []
    # An event saying the Bank paid $50 that no player received: the ledger no longer adds up.
    problems = checker.after(roll, [Payment(None, 0, 50, SALARY)])
    assert problems and problems[0].startswith("money")
    checker.houses += 1  # as if a house had gone missing from the board and the Bank
    assert any(p.startswith("buildings") for p in checker.after(roll, []))


def test_bank_takings_read_from_events(fuzz: ModuleType) -> None:
    events = [Payment(0, None, 100, "rent"), Payment(0, 1, 30, "rent"),
              Payment(None, 1, 200, SALARY), Mortgaged(1, 3, 30), MortgageLifted(1, 3, 33)]
    assert fuzz.bank_takings(events) == 100 - 200 - 30 + 33
    loans = [LoanTaken(0, 500), JackpotTaken(1, 75), LoanRepaid(0, 500)]
    assert fuzz.bank_takings(loans) == -500 - 75 + 500
