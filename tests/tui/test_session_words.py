"""What the game says about itself to a new player: the command that resumes (one that works
from this shell), a damaged save in words (never offered for resuming), full bot names in
`passgo tournament`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from passgo.cli import main
from passgo.session import Session, passgo_command, resume_command, save_problem

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
