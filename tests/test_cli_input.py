"""Files given on the command line that are not text end in one line and exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from passgo.cli import main

NOT_UTF8 = b'preset = "classic"\n# caf\xe9\n'


@pytest.mark.parametrize(
    "args",
    [
        ["position", "check", "{file}"],
        ["position", "show", "{file}"],
        ["play", "--plain", "--no-save", "--rules", "{file}"],
        ["play", "--plain", "--no-save", "--position", "{file}"],
        ["rules", "show", "{file}"],
    ],
)
def test_a_file_that_is_not_utf8_is_one_line(tmp_path: Path, args: list[str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "latin1.toml"
    bad.write_bytes(NOT_UTF8)
    assert main([a.format(file=bad) for a in args]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.count("\n") == 1 and out.err.startswith("passgo: error: ")
    what = "rules file " if "--rules" in args or args[0] == "rules" else ""
    assert f"cannot read {what}{bad}: not UTF-8 text" in out.err


@pytest.mark.parametrize("value", ["nan", "inf", "NaN", "1e999"])
@pytest.mark.parametrize(
    "args",
    [
        ["play", "--plain", "--no-save", "--players", "Ann:basic,Bob:basic", "--max-rounds",
         "1", "--bot-delay"],
        ["tournament", "basic", "random", "--repeat", "1", "--max-rounds", "5",
         "--time-limit"],
        ["serve", "--bot-delay"],
        ["analyze", "position", "{file}", "--rollouts", "1", "--workers", "1", "--precision"],
    ],
    ids=["play --bot-delay", "tournament --time-limit", "serve --bot-delay",
         "analyze --precision"],
)
def test_a_number_option_refuses_what_is_not_finite(tmp_path: Path, args: list[str],
                                                    value: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """nan passes a check like `value <= 0` and inf one like `value < 0`: no option of passgo
    means either, so each is refused before anything runs."""
    position = tmp_path / "p.toml"
    position.write_text('[[players]]\nname = "Ann"\n[[players]]\nname = "Bob"\n')
    assert main([a.format(file=position) for a in args] + [value]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == (f"passgo: error: argument {args[-1]}: must be a finite number, "
                       f"not {value!r}\n")


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("Ann:human,Bobb:basic", "no player named 'Bobb'"),
        ("Ann:human,Bob:basic,Cy:basic", "no player named 'Cy'"),
        ("Al:basic,Bobb:basic", "no player named 'Al', 'Bobb'"),
    ],
)
def test_play_from_a_position_seats_only_its_players(tmp_path: Path, players: str,
                                                     message: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """--players with a position names its players: a misspelt or extra seat is refused,
    naming the players the position has."""
    position = tmp_path / "pos.toml"
    position.write_text('[[players]]\nname = "Ann"\n[[players]]\nname = "Bob"\n')
    code = main(["play", "--plain", "--no-save", "--max-rounds", "1", "--position",
                 str(position), "--players", players])
    out = capsys.readouterr()
    assert code == 2 and out.out == ""
    assert out.err == (f"passgo: error: --players: {message} in {position} (its players: "
                       "Ann, Bob)\n")
