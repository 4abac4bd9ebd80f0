"""A saved game is data: resuming one never starts a program its bot seats name unless the
player allows it (issue 16: a save edited to hold a `cmd:` seat ran that program)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from passgo import Game
from passgo.session import ProgramSeatsError, Seat, Session

PASSGO = str(Path(sys.executable).with_name("passgo"))


def hostile_save(tmp_path: Path) -> tuple[Path, Path]:
    """A save whose second seat has been edited to run a program that leaves a mark."""
    mark = tmp_path / "ran"
    game = Game.new(["Ann", "Bob"], seed=3)
    seats = [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")]
    session = Session(game, seats, tmp_path / "s.json")
    session.dirty = True
    session.checkpoint()
    data = json.loads((tmp_path / "s.json").read_text())
    data["seats"][1][1] = f"cmd:touch {mark}"
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data))
    return path, mark


def test_loading_refuses_program_seats_and_names_them(tmp_path: Path) -> None:
    path, mark = hostile_save(tmp_path)
    with pytest.raises(ProgramSeatsError) as refused:
        Session.load(path)
    assert refused.value.programs == [f"Bob: touch {mark}"]
    assert "--allow-programs" in str(refused.value)
    assert not mark.exists()


def test_resuming_without_leave_is_a_one_line_refusal(tmp_path: Path) -> None:
    """Not on a terminal (no one to ask): refused in one line, exit status 2, nothing run."""
    path, mark = hostile_save(tmp_path)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    out = subprocess.run([PASSGO, "play", "--plain", "--resume", str(path), "--no-save"],
                         input="", capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1
    assert "would start programs" in out.stderr and "touch" in out.stderr
    assert not mark.exists()


def test_allowed_programs_are_started(tmp_path: Path) -> None:
    """With --allow-programs the player's leave is given: the seat's program runs."""
    path, mark = hostile_save(tmp_path)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    subprocess.run([PASSGO, "play", "--plain", "--resume", str(path), "--no-save",
                    "--allow-programs"],
                   input="1\n" * 200, capture_output=True, text=True, timeout=120, env=env)
    assert mark.exists()


@pytest.mark.parametrize("lead", [" ", "\t", "\n", "\u00a0", "  \r\n"])
def test_a_program_seat_behind_whitespace_is_still_a_program(tmp_path: Path,
                                                             lead: str) -> None:
    """Issue 30 (3): the loader asked `kind.startswith("cmd:")` of the raw text while the bot
    factory stripped it first, so " cmd:..." ran its program. The seat is read once into a
    `ProgramSpec`; whatever whitespace leads it, resuming without leave starts nothing."""
    path, mark = hostile_save(tmp_path)
    data = json.loads(path.read_text())
    data["seats"][1][1] = f"{lead}cmd:touch {mark}"
    path.write_text(json.dumps(data))
    with pytest.raises(ProgramSeatsError):
        Session.load(path)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    out = subprocess.run([PASSGO, "play", "--plain", "--resume", str(path), "--no-save"],
                         input="1\n" * 50, capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 2 and "would start programs" in out.stderr
    assert not mark.exists()


def test_a_program_stored_as_a_parsed_spec_is_refused_too(tmp_path: Path) -> None:
    path, mark = hostile_save(tmp_path)
    data = json.loads(path.read_text())
    data["seats"][1][1] = {"program": ["touch", str(mark)]}
    path.write_text(json.dumps(data))
    with pytest.raises(ProgramSeatsError) as refused:
        Session.load(path)
    assert refused.value.programs == [f"Bob: touch {mark}"]
    assert not mark.exists()


def test_a_save_stores_each_bot_as_its_parsed_spec(tmp_path: Path) -> None:
    game = Game.new(["Ann", "Bob", "Cy"], seed=3)
    seats = [Seat.parse("Ann", "human"), Seat.parse("Bob", " strategic: reserve=300 "),
             Seat.parse("Cy", "basic")]
    session = Session(game, seats, tmp_path / "s.json")
    session.dirty = True
    session.checkpoint()
    data = json.loads((tmp_path / "s.json").read_text())
    assert data["seats"] == [["Ann", "human"],
                             ["Bob", {"bot": "strategic", "options": {"reserve": "300"}}],
                             ["Cy", {"bot": "basic", "options": {}}]]
    assert [s.bot for s in Session.load(tmp_path / "s.json").seats] == [s.bot for s in seats]
