"""Saves carry the engine version (`ENGINE_VERSION`, raised whenever the golden games change
on purpose); a save of another version says so when it is loaded and goes on from its saved
state, even where this engine would play its history otherwise."""

from __future__ import annotations

import json
from pathlib import Path

from passgo.core import ENGINE_VERSION, EndTurn, Game, Roll
from passgo.session import Seat, Session


def _saved(tmp_path: Path) -> Path:
    game = Game.new(["Ann", "Bob"], seed=3, order="given", dice=[(3, 4)])
    seats = [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")]
    session = Session(game, seats, tmp_path / "s.json")
    session.apply(Roll(0))
    if game.is_legal(EndTurn(0)):
        session.apply(EndTurn(0))
    session.checkpoint()
    return tmp_path / "s.json"


def test_a_save_records_the_engine_version(tmp_path: Path) -> None:
    data = json.loads(_saved(tmp_path).read_text())
    assert data["game"]["engine"] == ENGINE_VERSION
    loaded = Session.load(tmp_path / "s.json")
    assert not any("saved by passgo engine" in line for line in loaded.log)


def test_a_save_of_another_engine_says_so_and_goes_on_from_its_state(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    data = json.loads(path.read_text())
    data["game"]["engine"] = "0.0.1"
    # That engine's history: an action this engine would not take (its saved state stands).
    data["game"]["history"].append("1:end")
    path.write_text(json.dumps(data))
    loaded = Session.load(path)
    assert loaded.log[-1] == (f"(This game was saved by passgo engine 0.0.1; this is "
                              f"{ENGINE_VERSION}. It goes on from where it was saved, by this "
                              "engine's rules.)")
    assert loaded.game.to_dict()["state"] == data["game"]["state"]
    data["game"]["engine"] = ENGINE_VERSION  # the same file from this engine is refused
    path.write_text(json.dumps(data))
    try:
        Session.load(path)
    except Exception as exc:
        assert "\n" not in str(exc) and str(path) in str(exc)
    else:
        raise AssertionError("an altered history of this engine's save was accepted")
