"""`passgo simulate` from the command line: output shapes, determinism, errors, progress."""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from passgo.cli import main

SMALL = ["--games", "12", "--max-rounds", "25", "--players", "basic,random,basic"]
TINY = ["--games", "4", "--max-rounds", "10", "--players", "basic,basic", "--workers", "1"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def report(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    data: dict = json.loads(out)
    return data


def test_json_report_shape(capsys: pytest.CaptureFixture[str]) -> None:
    data = report(capsys, *SMALL, "--workers", "1")
    assert data["mode"] == "games"
    assert data["setup"] == {"games": 12, "players": ["basic", "random", "basic"],
                             "rules": "classic", "position": None, "seed": 0,
                             "max_rounds": 25, "rotate": True}
    wins = data["wins"]
    assert [w["player"] for w in wins["by_player"]] == [1, 2, 3]
    assert [(w["bot"], w["players"]) for w in wins["by_bot"]] == [("basic", 2), ("random", 1)]
    counted = sum(w["count"] for w in wins["by_player"]) + wins["no_winner"]["count"]
    assert counted == 12
    for w in wins["by_player"]:
        assert w["ci95"][0] <= w["share"] <= w["ci95"][1]
    assert set(data["length"]) == {"rounds", "turns"}
    assert data["length"]["rounds"]["max"] <= 25
    assert 0 <= data["capped"]["count"] <= 12
    assert sum(data["end_reasons"].values()) == 12
    b = data["bankruptcies"]
    assert b["total"] == b["to_bank"] + b["to_players"] == sum(b["by_creditor"].values())
    assert [r["group"] for r in data["rent"]][-2:] == ["railroads", "utilities"]
    landings = data["landings"]
    squares = landings["squares"]
    assert len(squares) == 41
    assert squares[10]["name"] == "Just Visiting" and squares[40]["name"] == "In Jail"
    assert sum(s["landings"] for s in squares) == landings["rolls"] > 0
    assert squares[30]["landings"] == 0  # Go To Jail is never a resting square


def test_landings_on_a_double_board(capsys: pytest.CaptureFixture[str],
                                    tmp_path: Path) -> None:
    """Double board (004: "Players go around both boards in a figure eight pattern. ... When a
    player is sent to jail, he or she is sent to the jail on the board that they were
    occupying"): the landings cover both boards' 80 squares, each jail being Just Visiting,
    In Jail counting both; neither Go To Jail is a resting square."""
    rules = tmp_path / "double.toml"
    rules.write_text('preset = "classic"\ndouble_board = "free_parking"\n')
    squares = report(capsys, *TINY, "--rules", str(rules))["landings"]["squares"]
    assert len(squares) == 81 and squares[80]["name"] == "In Jail"
    assert squares[10]["name"] == "Just Visiting"
    assert squares[50]["name"] == "Just Visiting (UK)"
    assert squares[30]["landings"] == squares[70]["landings"] == 0
    assert sum(s["landings"] for s in squares[41:80]) > 0  # the tokens reach the UK board


def test_results_do_not_depend_on_workers(capsys: pytest.CaptureFixture[str]) -> None:
    one = report(capsys, *SMALL, "--workers", "1", "--seed", "11")
    two = report(capsys, *SMALL, "--workers", "2", "--seed", "11")
    assert one == two
    other = report(capsys, *SMALL, "--workers", "1", "--seed", "12")
    assert other != one


def test_rotation_can_be_turned_off(capsys: pytest.CaptureFixture[str]) -> None:
    data = report(capsys, *SMALL, "--workers", "1", "--no-rotate")
    assert data["setup"]["rotate"] is False


def test_csv_is_long_form(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *SMALL, "--workers", "1", "--csv")
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["section", "item", "metric", "value"]
    assert all(len(r) == 4 for r in rows)
    sections = {r[0] for r in rows[1:]}
    assert {"setup", "wins_by_player", "wins_by_bot", "wins", "capped", "length",
            "end_reasons", "bankruptcies", "rent", "landings"} <= sections
    random_rows = [r[2] for r in rows if r[:2] == ["wins_by_player", "2:random"]]
    assert random_rows == ["count", "share", "ci95_low", "ci95_high"]
    assert ["landings", "40:In Jail", "per_roll"] in [r[:3] for r in rows]


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *SMALL, "--workers", "1")
    assert code == 0
    for title in ("Wins", "Game length", "How games ended", "Bankruptcies by creditor",
                  "Rent collected", "Landings per roll", "In Jail", "Just Visiting"):
        assert title in out


def test_compare_a_configuration_with_itself_differs_by_exactly_zero(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rules = tmp_path / "A.toml"
    rules.write_text('preset = "classic"\n')
    data = report(capsys, *SMALL, "--workers", "2", "--compare", str(rules), str(rules))
    assert data["mode"] == "compare"
    assert data["setup"]["focus"] == "basic"
    assert data["a"] == data["b"]
    for d in data["differences"]:
        assert (d["difference"], *d["ci95"]) == (0.0, 0.0, 0.0)


def test_compare_pairs_games_on_common_seeds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    a.write_text('preset = "classic"\n')
    b.write_text('preset = "classic"\nmortgage_interest_percent = 50\n')
    data = report(capsys, *SMALL, "--workers", "1", "--compare", str(a), str(b),
                  "--focus", "random")
    assert data["setup"]["rules_a"] == str(a) and data["setup"]["focus"] == "random"
    # Run A is the plain simulation with the same seed, game for game.
    plain = report(capsys, *SMALL, "--workers", "1", "--rules", str(a))
    assert data["a"] == {k: v for k, v in plain.items() if k not in ("mode", "setup")}
    rounds = next(d for d in data["differences"] if d["metric"] == "rounds per game")
    assert rounds["difference"] == pytest.approx(rounds["b"] - rounds["a"])
    assert rounds["ci95"][0] <= rounds["difference"] <= rounds["ci95"][1]


def test_position_starts_every_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    position = tmp_path / "endgame.toml"
    position.write_text(
        '[[players]]\nname = "Ann"\ncash = 50\n\n[[players]]\nname = "Bob"\ncash = 3000\n\n'
        '[properties]\nBoardwalk = { owner = "Bob", hotel = true }\n'
        '"Park Place" = { owner = "Bob", hotel = true }\n'
    )
    data = report(capsys, "--games", "6", "--max-rounds", "30", "--players", "basic,random",
                  "--position", str(position), "--workers", "1", "--no-rotate")
    assert data["setup"]["position"] == str(position) and data["setup"]["rules"] is None
    # Without rotation the random bot always plays Bob, who starts with hotels on the dark
    # blues and $3000, against Ann with $50.
    by_player = data["wins"]["by_player"]
    assert by_player[1]["count"] > by_player[0]["count"]
    code, _, err = run(capsys, "--games", "2", "--players", "basic,basic,basic",
                       "--position", str(position))
    assert code == 2
    assert "the position has 2 players but --players names 3 bots" in err


def test_landing_run_report(capsys: pytest.CaptureFixture[str]) -> None:
    data = report(capsys, "--landing", "--rolls", "3000", "--jail", "long", "--workers", "1")
    assert data["mode"] == "landing"
    assert data["setup"] == {"rolls": 3000, "jail": "long", "jail_card": "return",
                             "method": "engine", "rules": "classic", "seed": 0}
    squares = data["landings"]["squares"]
    assert sum(s["landings"] for s in squares) == 3000
    assert squares[30]["landings"] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games must be at least 1"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--players", "basic"], "--players needs 2 to 8 bots"),
        (["--players", "basic,nobody"], "unknown bot 'nobody'"),
        (["--rules", "no-such-rules"], "unknown rule set 'no-such-rules'"),
        (["--rules", "missing.toml"], "cannot read rules file missing.toml"),
        (["--position", "missing.toml"], "cannot read missing.toml"),
        (["--rules", "classic", "--position", "p.toml"], "drop --rules"),
        (["--landing", "--players", "basic,basic"], "--players does not apply to --landing"),
        (["--landing", "--max-rounds", "9"], "--max-rounds does not apply to --landing"),
        (["--landing", "--rules", "time-limit"], "use rules without a round limit"),
        (["--rolls", "100"], "--rolls applies to --landing only"),
        (["--jail", "long"], "--jail applies to --landing only"),
        (["--address", "127.0.0.1:6379"], "--address applies to --backend ray only"),
        (["--json", "--csv"], "not allowed with argument"),
        (["--compare", "a.toml"], "expected 2 arguments"),
        (["--compare", "classic", "classic", "--games", "1"], "at least 2 games"),
        (["--compare", "classic", "classic", "--rules", "classic"], "drop --rules"),
        (["--focus", "basic"], "--focus applies to --compare only"),
        (["--compare", "classic", "classic", "--focus", "random"], "'random' is not one of"),
        (["--backend", "spark"], "invalid choice: 'spark'"),
        (["--games", "many"], "invalid int value: 'many'"),
    ],
)
def test_bad_options_give_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("passgo: error: ")
    assert message in err


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "passgo.cli", "simulate", *args]


def test_no_progress_bar_when_piped() -> None:
    done = subprocess.run(_command(*TINY, "--json"), capture_output=True,
                          text=True, timeout=120, check=True)
    assert done.stderr == ""
    json.loads(done.stdout)


def test_progress_bar_on_a_terminal() -> None:
    """With standard error on a terminal the bar shows the rate and the ETA."""
    leader, follower = pty.openpty()
    try:
        env = {**os.environ, "COLUMNS": "120"}
        done = subprocess.run(_command(*TINY, "--json"), stdout=subprocess.PIPE,
                              stderr=follower, env=env, timeout=120, check=True)
        os.close(follower)
        follower = -1
        screen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal is closed once everything is read
                break
            if not chunk:
                break
            screen += chunk
    finally:
        if follower >= 0:
            os.close(follower)
        os.close(leader)
    text = screen.decode(errors="replace")
    assert "games/s" in text and "ETA" in text and "4/4" in text
    json.loads(done.stdout)


def test_position_reports_by_name_without_rotation(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    """From a position the players keep their seats unless --rotate is asked, and the
    report names them; piped tables are not wrapped at 80 columns."""
    position = tmp_path / "names.toml"
    position.write_text('[[players]]\nname = "Annabelle Longname"\ncash = 50\n\n'
                        '[[players]]\nname = "Bob"\ncash = 3000\n\n[properties]\n'
                        'Boardwalk = { owner = "Bob" }\n')
    args = ("--games", "4", "--max-rounds", "30", "--players", "basic,random", "--position",
            str(position), "--workers", "1")
    data = report(capsys, *args)
    assert data["setup"]["rotate"] is False
    assert [w["name"] for w in data["wins"]["by_player"]] == ["Annabelle Longname", "Bob"]
    rotated = report(capsys, *args, "--rotate")
    assert rotated["setup"]["rotate"] is True
    assert "name" not in rotated["wins"]["by_player"][0]
    code, out, _ = run(capsys, *args)
    assert code == 0 and "Annabelle Longname" in out
    assert all(len(line) <= 200 for line in out.splitlines())
    assert any(len(line) > 80 for line in out.splitlines())  # the tables kept their width


def test_a_saved_game_starts_every_game_at_its_position(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    from passgo.core import Game

    game = Game.from_position('[[players]]\nname = "Ann"\ncash = 50\n\n[[players]]\n'
                              'name = "Bob"\ncash = 3000\n', seed=1)
    save, shown = tmp_path / "game.json", tmp_path / "shown.toml"
    save.write_text(game.to_json())
    assert main(["position", "show", str(save)]) == 0
    shown.write_text(capsys.readouterr().out)
    args = ("--games", "4", "--max-rounds", "20", "--players", "basic,basic", "--workers", "1")
    from_save = report(capsys, *args, "--position", str(save))
    from_shown = report(capsys, *args, "--position", str(shown))
    del from_save["setup"], from_shown["setup"]  # the file names differ
    assert from_save == from_shown
