"""benchmarks/turn_split.py: a turn's time split between the engine and the bots, by playing
games and then replaying their actions through the engine alone."""

from __future__ import annotations

import json

import pytest

from support import load_benchmark

turn_split = load_benchmark("turn_split")


def test_the_split_adds_up_and_replays_the_same_games() -> None:
    r = turn_split.measure("basic", games=2, players=3, max_rounds=15, seed=5)
    assert r["games"] == 2 and r["turns"] > 0 and r["build"] in ("pure", "compiled")
    assert r["engine_us_per_turn"] > 0
    total = r["engine_us_per_turn"] + r["bots_us_per_turn"]
    assert abs(total - r["us_per_turn"]) <= 0.2  # each figure rounded to 0.1


def test_prints_a_table_or_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert turn_split.main(["--bots", "basic", "--games", "1", "--max-rounds", "5",
                            "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["benchmark"] == "turn_split"
    assert turn_split.main(["--bots", "basic", "--games", "1", "--max-rounds", "5"]) == 0
    assert "the engine" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["--games", "0"], ["--players", "9"], ["--bots", "nope"]])
def test_refuses_bad_arguments_in_one_line(argv: list[str],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert turn_split.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("turn_split: ") and err.count("\n") == 1
