"""`passgo tournament`: schedules, win-share intervals, ratings, the command."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from passgo.cli import main
from passgo.tournament import Settings, run_tournament
from passgo.tournament.ratings import leaderboard
from passgo.tournament.schedule import schedule
from passgo.tournament.stats import wilson

BOTS = Path(__file__).resolve().parents[1] / "bots"


def test_round_robin_puts_every_entry_in_every_seat() -> None:
    games = schedule(entries=5, players=4, mode="round-robin", repeat=2)
    assert len(games) == 2 * 5 * 4  # C(5,4) tables, 4 rotations each, twice
    for entry in range(5):
        seats = [order.index(entry) for _, order in games if entry in order]
        assert sorted(set(seats)) == [0, 1, 2, 3]
    # A table's rotations share one deal: the same dice for every seat order.
    assert [deal for deal, _ in games[:4]] == [0, 0, 0, 0]
    assert len({deal for deal, _ in games}) == 10


def test_permutations_play_every_seat_order() -> None:
    games = schedule(entries=3, players=3, mode="permutations", repeat=1)
    assert sorted(order for _, order in games) == [
        (0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]


def test_schedule_refuses_impossible_tables() -> None:
    with pytest.raises(ValueError, match="at least 4 entries"):
        schedule(entries=3, players=4, mode="round-robin", repeat=1)
    with pytest.raises(ValueError, match="mode"):
        schedule(entries=3, players=2, mode="swiss", repeat=1)


def test_wilson_interval() -> None:
    low, high = wilson(40, 100)
    assert low == pytest.approx(0.3094, abs=1e-4) and high == pytest.approx(0.4980, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_the_strongest_bot_tops_the_leaderboard() -> None:
    specs = ["random", "strategic"]
    results = run_tournament(specs, Settings(players=2, repeat=6, max_rounds=300))
    assert len(results) == 12
    rows = leaderboard(specs, results)
    assert rows[0].label == "strategic"
    assert rows[0].wins > rows[1].wins
    assert rows[0].mu > rows[1].mu


def test_tournament_command_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "basic", "random", "--repeat", "2", "--max-rounds", "200"]) == 0
    out = capsys.readouterr().out
    assert "4 games of 2 players" in out
    assert "basic" in out and "random" in out and "rating" in out


def test_tournament_json_reports_protocol_incidents(capsys: pytest.CaptureFixture[str]) -> None:
    crash = f"cmd:{sys.executable} {BOTS / 'crash.py'}"
    assert main(["tournament", "basic", crash, "--repeat", "1", "--max-rounds", "100",
                 "--time-limit", "10", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2
    rows = {row["bot"]: row for row in report["leaderboard"]}
    assert rows[crash]["incidents"] == {"crash": 2}
    assert rows["basic"]["incidents"] == {}
    assert all(0 <= row["win_share_95"][0] <= row["win_share_95"][1] <= 1 for row in rows.values())
    assert any(r["incidents"] for r in report["results"])


@pytest.mark.parametrize(("argv", "words"), [
    (["tournament", "basic", "nonsense"], "unknown bot 'nonsense'"),
    (["tournament", "basic", "random", "--players", "3"], "at least 3 entries"),
    (["tournament", "basic", "random", "--repeat", "0"], "at least 1"),
    (["tournament", "basic", "random", "--rules", "no-such-rules"], "no-such-rules"),
])
def test_bad_tournament_input_is_one_line_and_exit_2(
        argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
