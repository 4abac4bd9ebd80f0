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


@pytest.mark.parametrize(
    ("args", "choices"),
    [
        ([], "{play,position,cards,rules,simulate,tournament,analyze,serve,eval}"),
        (["cards"], "{list}"),
        (["rules"], "{list,show}"),
        (["position"], "{check,show}"),
        (["analyze"], "{landing,returns,roi,position,rules}"),
    ],
)
def test_a_missing_subcommand_is_named_by_its_choices(args: list[str], choices: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == f"passgo: error: the following arguments are required: {choices}\n"


def test_play_refuses_save_with_no_save(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "x.json"
    assert main(["play", "--plain", "--players", "Ann:basic,Bob:basic", "--max-rounds", "1",
                 "--no-save", "--save", str(save)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err == ("passgo: error: --save names a file to save to and "
                                         "--no-save says not to save: give one of them\n")
    assert not save.exists()


@pytest.mark.parametrize("time", ["-5m", "-1h30m", "-90"])
def test_a_negative_time_reaches_the_duration_check(time: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--plain", "--no-save", "--time", time]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err == (f"passgo: error: cannot read the time {time!r}: write "
                                         "minutes or hours, like 90m, 2h or 1h30m\n")
