"""benchmarks/reasons.py: the time bots take to say why, apart from the time they take to
decide, in games played through `bot_step`."""

from __future__ import annotations

import json

import pytest

from support import load_benchmark

reasons = load_benchmark("reasons")


def test_times_reasons_apart_from_decisions() -> None:
    r = reasons.measure("strategic", games=1, players=3, max_rounds=10, seed=5)
    assert r["decisions"] > 0 and 0 < r["share_with_reason"] < 1
    assert r["explain_us_per_decision"] > 0 and r["act_us_per_decision"] > 0
    quiet = reasons.measure("random", games=1, players=3, max_rounds=10, seed=5)
    assert quiet["share_with_reason"] == 0  # the random bot gives no reasons


def test_prints_a_table_or_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--bots", "basic,strategic", "--games", "1", "--max-rounds", "5"]
    assert reasons.main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["benchmark"] == "reasons" and [b["bot"] for b in out["bots"]] == [
        "basic", "strategic"]
    assert reasons.main(argv) == 0
    assert "explain µs" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["--games", "0"], ["--players", "9"], ["--bots", "nope"]])
def test_refuses_bad_arguments_in_one_line(argv: list[str],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert reasons.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("reasons: ") and err.count("\n") == 1
