"""`passgo analyze position`: win chances by rollouts, a what-if on common random numbers, and
the rule sets comparison on the same seeds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from passgo.cli import main
from passgo.core import Game

# Ann owns Boardwalk and Park Place with hotels and a fortune; Bob has $40 and nothing.
LOPSIDED = """
to_move = "Bob"
[[players]]
name = "Ann"
cash = 3000
[[players]]
name = "Bob"
cash = 40
position = "Short Line"
[properties]
"Park Place" = { owner = "Ann", hotel = true }
Boardwalk = { owner = "Ann", hotel = true }
"Mediterranean Avenue" = { owner = "Bob" }
"""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    code = main(["analyze", *args, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data: dict = json.loads(out)
    return data


@pytest.fixture
def lopsided(tmp_path: Path) -> str:
    path = tmp_path / "lopsided.toml"
    path.write_text(LOPSIDED)
    return str(path)


def test_position_reports_by_name_and_stops_when_tight(
        capsys: pytest.CaptureFixture[str], lopsided: str, tmp_path: Path) -> None:
    png = tmp_path / "chances.png"
    data = run(capsys, "position", lopsided, "--players", "basic,basic", "--rollouts", "400",
               "--precision", "0.05", "--min-rollouts", "100", "--workers", "1", "--plot",
               str(png))
    ann, bob = data["players"]
    assert (ann["player"], bob["player"]) == ("Ann", "Bob")
    assert ann["share"] > 0.9 > bob["share"]
    assert ann["ci95"][0] <= ann["share"] <= ann["ci95"][1]
    # Stopped early: 100 rollouts at least, in whole tasks, fewer than asked; and says so.
    assert 100 <= data["rollouts"] < 400 and data["rollouts"] % 25 == 0
    assert data["stop"]["reason"] == "precision" and data["stop"]["widest"] <= 0.05
    widest = max(max(p["share"] - p["ci95"][0], p["ci95"][1] - p["share"])
                 for p in data["players"])
    assert data["stop"]["widest"] == pytest.approx(widest)
    assert png.read_bytes().startswith(b"\x89PNG")


def test_the_precision_rule_waits_for_the_minimum_and_the_table_says_why(
        capsys: pytest.CaptureFixture[str], lopsided: str) -> None:
    """With the same position, precision and seeds, a higher minimum keeps the run going to
    it; a run that reaches its cap says so, with the widest interval it has."""
    args = ("position", lopsided, "--players", "basic,basic", "--precision", "0.05",
            "--workers", "1")
    early = run(capsys, *args, "--rollouts", "400", "--min-rollouts", "100")["rollouts"]
    late = run(capsys, *args, "--rollouts", "400", "--min-rollouts", "300")
    assert early < 300 <= late["rollouts"] and late["stop"]["reason"] == "precision"
    assert main(["analyze", *args, "--rollouts", "50"]) == 0
    out = capsys.readouterr().out
    assert "50 rollouts, all asked for were played; the widest 95 % interval reaches" in out
    assert main(["analyze", *args, "--rollouts", "400", "--min-rollouts", "100"]) == 0
    assert "stopped: every 95 % interval within" in capsys.readouterr().out


def test_what_if_is_paired_and_can_change_the_outcome(
        capsys: pytest.CaptureFixture[str], lopsided: str) -> None:
    """Ann paying Bob $2,900 for Mediterranean Avenue (a trade she proposes, accepted) gives
    Bob the cash to survive her hotels: his chance rises, game by game on the same seeds."""
    data = run(capsys, "position", lopsided, "--players", "basic,basic", "--rollouts", "50",
               "--precision", "0", "--workers", "2", "--what-if",
               "Ann: trade Bob give $2900 for 1")
    ann, bob = data["players"]
    assert data["rollouts"] == 50
    assert bob["what_if"]["share"] > bob["share"]
    low, high = bob["what_if"]["difference_ci95"]
    assert 0 < low <= bob["what_if"]["difference"] <= high
    assert ann["what_if"]["difference"] == pytest.approx(-bob["what_if"]["difference"])
    assert data["setup"]["what_if"] == "Ann: trade Bob give $2900 for 1"  # as written
    # The seat number says the same as the name.
    by_seat = run(capsys, "position", lopsided, "--players", "basic,basic", "--rollouts", "50",
                  "--precision", "0", "--workers", "1", "--what-if",
                  "Ann: trade 1 give $2900 for 1")
    assert by_seat["players"] == data["players"]


def test_position_results_do_not_depend_on_workers(
        capsys: pytest.CaptureFixture[str], lopsided: str) -> None:
    args = ("position", lopsided, "--players", "random,basic", "--rollouts", "50",
            "--precision", "0")
    assert run(capsys, *args, "--workers", "1") == run(capsys, *args, "--workers", "2")


@pytest.mark.parametrize(("args", "message"), [
    (["--what-if", "Ann: fly 3"], "unknown action 'fly'"),
    (["--what-if", "Ann: build 1"], "--what-if 'build 1'"),
    (["--what-if", "Ann: trade 2 give $300 for 39"],
     "no player '2' to trade with; the seats are 0 (Ann), 1 (Bob)"),
    (["--what-if", "Ann: trade Cy give $300 for 39"], "no player 'Cy'"),
    (["--min-rollouts", "0"], "--min-rollouts must be at least 1"),
    (["--players", "basic"], "the position has 2 players but --players names 1 bots"),
    (["--players", "basic,wizard"], "--players:"),
    (["--rollouts", "0"], "--rollouts must be at least 1"),
    (["--precision", "0.7"], "--precision must be from 0 up to 0.5"),
])
def test_position_bad_arguments(capsys: pytest.CaptureFixture[str], lopsided: str,
                                args: list[str], message: str) -> None:
    assert main(["analyze", "position", lopsided, *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and err.count("\n") == 1


def test_rules_compared_on_the_same_seeds(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    page = tmp_path / "rules.html"
    data = run(capsys, "rules", "classic", "short-1", "--games", "16", "--players",
               "basic,basic,basic", "--max-rounds", "60", "--workers", "1", "--html", str(page))
    classic, short = data["rule_sets"]
    assert len(classic["rounds"]) == len(short["rounds"]) == 16
    # The short game ends at the first bankruptcy: it ends sooner, never later.
    assert short["length"]["mean"] < classic["length"]["mean"]
    assert short["ended"] >= classic["ended"]
    assert [w["seat"] for w in classic["wins_by_seat"]] == [1, 2, 3]
    metrics = {d["metric"]: d for d in short["against_first"]}
    assert metrics["rounds per game (capped at 60)"]["difference"] == pytest.approx(
        short["length"]["mean"] - classic["length"]["mean"])
    # Each seat's wins are a share of all games: with the games without a winner, 100 %.
    for s in (classic, short):
        assert sum(w["share"] for w in s["wins_by_seat"]) + s["no_winner"]["share"] == (
            pytest.approx(1.0))
        assert s["capped_share"]["count"] == sum(s["capped"])
    assert metrics["seat 1 win share"]["a"] == classic["wins_by_seat"][0]["share"]
    assert "data:image/png;base64," in page.read_text()


def test_capped_games_are_marked_in_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    """Basic bots never trade: at a cap of 30 rounds most games are cut, and every length
    figure of all games that reaches into them says it is a lower bound."""
    code = main(["analyze", "rules", "classic", "short-1", "--games", "8", "--players",
                 "basic,basic", "--max-rounds", "30", "--workers", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "capped at 30 rounds" in out and "≥ 30" in out
    assert "seat 1 (basic) wins" in out and "no winner" in out


def test_rules_histogram_counts_every_game() -> None:
    from passgo.analysis.compare import rules_figure

    report = {"setup": {"max_rounds": 50},
              "rule_sets": [{"rules": "a", "rounds": [10, 20, 20, 35],
                             "capped": [False, False, False, False]},
                            {"rules": "b", "rounds": [5, 50, 50],
                             "capped": [False, True, True]}]}
    figure = rules_figure(report)
    ended, capped = figure.axes[:2]
    heights = [sum(p.get_height() for p in c) for c in ended.containers]
    assert heights == [4, 1]  # the games that ended, each once
    assert [sum(p.get_height() for p in c) for c in capped.containers] == [0, 2]
    assert main(["analyze", "rules", "classic"]) == 2


def test_position_bars_draw_the_chances_and_intervals() -> None:
    from passgo.analysis.position import position_figure

    report = {"setup": {"what_if": None},
              "players": [{"player": "Ann", "share": 0.7, "ci95": [0.6, 0.78]},
                          {"player": "Bob", "share": 0.3, "ci95": [0.22, 0.4]}]}
    ax = position_figure(report).axes[0]
    assert [p.get_height() for p in ax.patches] == pytest.approx([0.7, 0.3])
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Ann", "Bob"]
    (segments,) = [c for c in ax.collections if len(c.get_segments()) == 2]
    assert [tuple(s[:, 1]) for s in segments.get_segments()] == [
        pytest.approx((0.6, 0.78)), pytest.approx((0.22, 0.4))]


def test_a_saved_game_is_analysed_at_its_position(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    """A `passgo play` save gives the report of the position `passgo position show` prints."""
    game = Game.from_position(LOPSIDED, seed=4)
    save = tmp_path / "autosave.json"
    save.write_text(json.dumps({"kind": "passgo-play", "seats": [["Ann", "human"],
                                ["Bob", "basic"]], "game": game.to_dict()}))
    assert main(["position", "show", str(save)]) == 0
    shown = tmp_path / "shown.toml"
    shown.write_text(capsys.readouterr().out)
    args = ("--players", "basic,basic", "--rollouts", "25", "--precision", "0", "--workers",
            "1")
    from_save = run(capsys, "position", str(save), *args)
    from_shown = run(capsys, "position", str(shown), *args)
    assert from_save["players"] == from_shown["players"]
