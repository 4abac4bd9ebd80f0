"""What the game says about itself to a new player: the command that resumes (one that works
from this shell), a damaged save in words (never offered for resuming), full bot names in
`passgo tournament`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from passgo import cli
from passgo.cli import main
from passgo.core import Game
from passgo.session import (
    Seat,
    Session,
    SessionError,
    passgo_command,
    resume_command,
    save_problem,
)

PASSGO = str(Path(sys.executable).with_name("passgo"))


def passgo(*args: str, stdin: str = "", home: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "XDG_STATE_HOME": str(home / "state")}
    return subprocess.run([PASSGO, *args], input=stdin, capture_output=True, text=True,
                          timeout=60, env=env, cwd=home)


def test_the_resume_command_names_the_venv_program_when_passgo_is_not_on_the_path(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", [PASSGO, "play"])
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    command = passgo_command()
    assert command != "passgo" and command.endswith("/passgo")
    assert Path(command).resolve() == Path(PASSGO).resolve()
    assert resume_command(None) == f"{command} play --resume"
    # On the PATH, the bare name is enough.
    monkeypatch.setenv("PATH", str(Path(PASSGO).parent))
    assert passgo_command() == "passgo"


def test_quitting_suggests_a_command_that_runs(tmp_path: Path) -> None:
    done = passgo("play", "--plain", "--players", "Ann:human,Bob:basic", "--seed", "1",
                  stdin="1\nquit\n", home=tmp_path)
    assert done.returncode == 0, done.stderr
    said = done.stdout + done.stderr
    line = next(x for x in said.splitlines() if "--resume" in x)
    command = line[line.index(":", line.index("continue")) + 1:].split("--resume")[0].split()
    assert command[-1] == "play" and Path(command[0]).resolve() == Path(PASSGO).resolve()


def a_save(tmp_path: Path) -> Path:
    path = tmp_path / "state" / "passgo" / "autosave.json"
    passgo("play", "--plain", "--players", "Ann:human,Bob:basic", "--seed", "1",
           stdin="1\nquit\n", home=tmp_path)
    assert Session.load(path)
    return path


def test_a_damaged_save_is_said_in_words(tmp_path: Path) -> None:
    path = a_save(tmp_path)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    problem = save_problem(path)
    assert problem is not None and "breaks off part-way" in problem
    assert "Expecting" not in problem and "char" not in problem
    path.write_text(text.replace('"seats"', '"seats" oops', 1))
    problem = save_problem(path)
    assert problem is not None and "damaged at line" in problem and "Expecting" not in problem
    path.write_text("")
    assert "empty" in (save_problem(path) or "")


def test_a_file_that_is_not_a_save_is_said_to_be_none(tmp_path: Path) -> None:
    """A TOML position given to --resume is not a save broken off part-way."""
    path = tmp_path / "bad.toml"
    path.write_text('to_move = "Ann"\n\n[[players]]\nname = "Ann"\n')
    assert save_problem(path) == f"cannot resume {path}: it is not a passgo saved game"


def test_a_new_game_never_offers_a_damaged_save_for_resuming(tmp_path: Path) -> None:
    path = a_save(tmp_path)
    path.write_text(path.read_text()[:100])
    done = passgo("play", "--plain", "--players", "Ann:human,Bob:basic", "--seed", "2",
                  stdin="quit\n", home=tmp_path)
    assert done.returncode == 0
    note = done.stderr.splitlines()[0]
    assert "could not be resumed" in note and "breaks off part-way" in note
    assert "--resume" not in note
    # A save that loads is still offered.
    done = passgo("play", "--plain", "--players", "Ann:human,Bob:basic", "--seed", "3",
                  stdin="quit\n", home=tmp_path)
    note = done.stderr.splitlines()[0]
    assert "was kept as" in note and "play --resume" in note


def test_tournament_shows_full_bot_names(capsys: pytest.CaptureFixture[str]) -> None:
    long = "strategic:reserve=300,jail=stay,aggression=0.5"
    assert main(["tournament", "basic", long, "--repeat", "1", "--max-rounds", "20"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if long in line)
    assert long + " " in row


def _saved(tmp_path: Path) -> dict[str, Any]:
    """A `passgo play` save of Ann (a person) against Bob (a bot), as data."""
    session = Session(Game.new(["Ann", "Bob"], seed=3),
                      [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")], tmp_path / "s.json")
    session.dirty = True
    session.checkpoint()
    data: dict[str, Any] = json.loads((tmp_path / "s.json").read_text())
    return data


@pytest.mark.parametrize(
    ("seats", "problem"),
    [
        ([["Zed", "human"], ["Bob", "basic"]],
         "the seats (Zed, Bob) are not the game's players (Ann, Bob)"),
        ([["Bob", "basic"], ["Ann", "human"]],
         "the seats (Bob, Ann) are not the game's players (Ann, Bob)"),
        ([["Ann", "human"], ["Bob", "basic"], ["Cy", "basic"]],
         "the seats (Ann, Bob, Cy) are not the game's players (Ann, Bob)"),
        ([["Ann", "human"], ["Bob"]],
         "saved game is damaged (seat 2 is not a [name, kind] pair)"),
        ([["Ann", "human"], ["Bob", "basic", "x"]],
         "saved game is damaged (seat 2 is not a [name, kind] pair)"),
        ([["Ann", "human"], "Bob:basic"],
         "saved game is damaged (seat 2 is not a [name, kind] pair)"),
        ([["Ann", 1], ["Bob", "basic"]],
         "saved game is damaged (seat 1 is not a [name, kind] pair)"),
        ({"Ann": "human"}, "saved game is damaged (its seats are not a list of [name, kind] "
                           "pairs)"),
        (None, "saved game is damaged (its seats are not a list of [name, kind] pairs)"),
    ],
)
def test_seats_that_do_not_fit_the_game_are_refused_in_words(tmp_path: Path, seats: Any,
                                                             problem: str) -> None:
    data = _saved(tmp_path)
    data["seats"] = seats
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SessionError) as refused:
        Session.load(path)
    assert str(refused.value) == f"{path}: {problem}"


def test_a_save_without_its_game_is_refused_in_words(tmp_path: Path) -> None:
    data = _saved(tmp_path)
    del data["game"]
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    assert save_problem(path) == f"{path}: saved game is damaged (it holds no game)"


def test_without_the_passgo_program_the_resume_command_runs_the_package(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No `passgo` script beside the interpreter: `python -m passgo`, which runs."""
    source = str(Path(cli.__file__).resolve().parents[1])  # the tree under test
    done = subprocess.run([sys.executable, "-m", "passgo", "--help"], capture_output=True,
                          text=True, timeout=60, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": source})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: passgo ")
    python = tmp_path / "bin" / "python3"
    python.parent.mkdir()
    python.symlink_to(sys.executable)
    monkeypatch.setattr(sys, "executable", str(python))
    monkeypatch.setattr(sys, "argv", [str(python), "-m", "passgo"])
    monkeypatch.chdir(tmp_path)
    assert passgo_command() == "bin/python3 -m passgo"
