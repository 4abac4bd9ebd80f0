"""The clock of a game that ends by time (`passgo play --time`): the terminal's, not the core's.

000 Time Limit Game: "Before starting, agree upon a definite hour of termination, when the
richest player will be declared the winner." The clock lives in the terminal layer; the core
only hears `call-time`.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from pilot_support import SIZE, until

from passgo.clock import GameClock, agreed_minutes, describe, parse_duration
from passgo.core import CallTime, Game, Rules, SmashBoard
from passgo.session import Seat, Session
from passgo.tui.app import PassgoApp
from passgo.tui.dialogs import ConfirmScreen


async def confirm(pilot: Any, app: PassgoApp) -> None:
    """Say yes in the confirmation dialog, once its buttons are on screen."""
    await until(pilot, lambda: isinstance(app.screen, ConfirmScreen)
                and bool(app.screen.query("#yes")))
    await pilot.pause()
    await pilot.click("#yes")


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_durations_are_read_in_minutes_and_hours() -> None:
    assert [parse_duration(t) for t in ("90m", "90", "2h", "1h30m", " 45M ")] == [
        90, 90, 120, 90, 45]
    for bad in ("", "m", "1.5h", "ninety", "0m", "-5"):
        with pytest.raises(ValueError, match="time"):
            parse_duration(bad)
    assert describe(5399.2) == "1:30:00 left" and describe(250) == "4:10 left"


def test_the_clock_counts_the_time_played_across_sittings() -> None:
    fake = FakeTime()
    clock = GameClock(90, played=600.0, now=fake)
    assert clock.left() == 90 * 60 - 600
    fake.now += 90 * 60 - 600 - 1
    assert not clock.expired()
    fake.now += 1
    assert clock.expired() and clock.left() == 0
    # Sudden death without an agreed clock: "once the game has been played for two hours".
    assert agreed_minutes(Rules.classic().with_options(sudden_death=True)) == 120
    assert agreed_minutes(Rules.classic()) == 0


def test_when_the_clock_runs_out_the_session_calls_time(tmp_path: Path) -> None:
    """"agree upon a definite hour of termination, when the richest player will be declared
    the winner": at the end of the agreed time the session applies `call-time`; the save
    keeps the seconds played and the call, and replays."""
    rules = Rules.classic().with_options(clock_minutes=30)
    g = Game.new(["You", "Bob"], rules, seed=4)
    fake = FakeTime()
    s = Session(g, [Seat.parse("You", "human"), Seat.parse("Bob", "basic")], tmp_path / "save.json")
    assert s.clock is not None
    s.clock = GameClock(30, now=fake)
    assert s.tick() == [] and s.time_left() == 1800
    fake.now += 1800
    said = s.tick()
    assert g.over and g.history[-1] == CallTime(0) and said[-1].startswith("Game over")
    assert s.time_left() is None
    s.dirty = True
    s.checkpoint()
    data = json.loads((tmp_path / "save.json").read_text())
    assert data["clock_played"] == 1800.0
    assert Session.load(tmp_path / "save.json").game.over


def test_the_session_asks_its_clock_whether_time_is_up(tmp_path: Path) -> None:
    """"Time is up" has one home, `GameClock.expired`: the session's tick asks it."""
    asked: list[bool] = []

    class Watched(GameClock):
        def expired(self) -> bool:
            asked.append(super().expired())
            return asked[-1]

    fake = FakeTime()
    g = Game.new(["You", "Bob"], Rules.classic().with_options(clock_minutes=30), seed=4)
    s = Session(g, [Seat.parse("You", "human"), Seat.parse("Bob", "basic")], tmp_path / "save.json")
    s.clock = Watched(30, now=fake)
    assert s.tick() == [] and asked == [False]
    fake.now += 1800
    assert s.tick() and asked == [False, True] and g.over


def test_a_resumed_game_counts_on_from_the_time_played(tmp_path: Path) -> None:
    rules = Rules.classic().with_options(clock_minutes=60)
    s = Session(Game.new(["You", "Bob"], rules, seed=4),
                [Seat.parse("You", "human"), Seat.parse("Bob", "basic")], tmp_path / "save.json")
    s.clock = GameClock(60, played=1200.0)
    s.dirty = True
    s.checkpoint()
    again = Session.load(tmp_path / "save.json")
    assert again.clock is not None and 1200 <= again.clock.played < 1260


def test_a_key_calls_time_early_and_the_time_left_is_shown() -> None:
    """In the terminal game the time left is on the top line, and `c` (confirmed) calls time
    before the clock runs out: the richest player wins."""
    async def go() -> None:
        rules = Rules.classic().with_options(clock_minutes=90)
        g = Game.new(["You", "Bob"], rules, seed=4, order="given")
        seats = [Seat.parse("You", "human"), Seat.parse("Bob", "basic")]
        app = PassgoApp(Session(g, seats), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            top = str(app.query_one("#top").render())
            assert re.search(r"1:(30:00|2\d:\d\d) left", top), top
            await pilot.pause()  # the app settled (its first draw done) before the key
            await pilot.press("c")
            await confirm(pilot, app)
            await until(pilot, lambda: g.over)
            assert g.history[-1] == CallTime(0) and g.end_reason.startswith("time called")

    asyncio.run(go())


def test_the_person_who_is_the_angel_smashes_with_a_key() -> None:
    """004 Sudden death: "The Angel of Death player has the option, once the game has been
    played for two hours, of smashing the board"; the person is told they are the Angel, and
    `x` (confirmed) smashes once time is called."""
    async def go() -> None:
        rules = Rules.classic().with_options(sudden_death=True)
        seed = next(s for s in range(50) if Game.new(["You", "Bob"], rules, seed=s).angel == 0)
        g = Game.new(["You", "Bob"], rules, seed=seed, order="given")
        seats = [Seat.parse("You", "human"), Seat.parse("Bob", "basic")]
        app = PassgoApp(Session(g, seats), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            assert "you are the Angel of Death" in str(app.query_one("#top").render())
            await pilot.press("x")  # too early: nothing happens
            assert len(app.screen_stack) == 1
            await pilot.press("c")
            await confirm(pilot, app)
            await until(pilot, lambda: g.time_called)
            await pilot.press("x")
            await confirm(pilot, app)
            await until(pilot, lambda: g.over)
            assert g.history[-1] == SmashBoard(0) and g.winner is None

    asyncio.run(go())


def test_the_seconds_spent_at_a_decision_are_saved(tmp_path: Path) -> None:
    """A game on the clock quit while a person thinks keeps the seconds thought: every
    checkpoint writes the clock, so quitting and resuming gives no time back."""
    fake = FakeTime()
    g = Game.new(["You", "Bob"], Rules.classic().with_options(clock_minutes=5), seed=4)
    s = Session(g, [Seat.parse("You", "human"), Seat.parse("Bob", "basic")], tmp_path / "save.json")
    s.clock = GameClock(5, now=fake)
    s.dirty = True
    s.checkpoint()
    fake.now += 45  # the person thinks; nothing is played
    s.checkpoint()  # (what quitting does)
    data = json.loads((tmp_path / "save.json").read_text())
    assert data["clock_played"] == 45.0
    assert Session.load(tmp_path / "save.json").time_left() == pytest.approx(255, abs=1)
