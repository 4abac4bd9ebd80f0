"""The full-screen app's other promises: a too-small terminal, bot pace and skipping, hot
seat with a counter-offer, autosave and resume, saving to and opening a chosen file."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from pilot_support import SIZE, button, screen_text, text_of, until

from passgo.core import AcceptTrade, Game
from passgo.plain import PlainGame
from passgo.session import Seat, Session, parse_seats
from passgo.tui.app import PassgoApp
from passgo.tui.decision import DecisionPanel
from passgo.tui.deeds import DeedsScreen
from passgo.tui.dialogs import PathScreen, SeatScreen, TooSmallScreen
from passgo.tui.log import EventLog
from passgo.tui.trade import TradeScreen
from support import setup, sq

ANN_BOB = [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")]


def test_too_small_terminal_says_so_and_the_game_comes_back(tmp_path: Path) -> None:
    async def go() -> None:
        app = PassgoApp(Session(Game.new(["Ann", "Bob"], seed=1), ANN_BOB, tmp_path / "s.json"),
                        bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TooSmallScreen)
            message = str(app.screen.query_one("#too-small").render())
            assert "80×24" in message and "at least 118×35" in message
            assert "--plain" in message
            await pilot.resize_terminal(*SIZE)
            await until(pilot, lambda: not isinstance(app.screen, TooSmallScreen))
            assert app.query_one(DecisionPanel).query("Button")

    asyncio.run(go())


def test_bot_pace_keys_and_skip_ahead() -> None:
    """Bots wait their delay; + and - change it; s lets them play at once until a person
    must decide."""
    async def go() -> None:
        g = Game.new(["Ann", "Bob", "Cy"], seed=3, order="given")
        session = Session(g, [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic"),
                              Seat.parse("Cy", "basic")])
        app = PassgoApp(session, bot_delay=30)
        async with app.run_test(size=SIZE) as pilot:
            while g.pending.player == 0:
                await pilot.press("1")
                await pilot.pause(0.05)
            await pilot.pause(0.3)
            assert g.pending.player != 0  # a bot is waiting out its 30 seconds
            assert "is deciding" in text_of(app)
            await pilot.press("plus")
            assert app.pace.delay == 3.0
            await pilot.press("minus")
            assert app.pace.delay == 3.0
            await pilot.press("plus", "plus")
            assert app.pace.delay == 1.2
            await pilot.press("s")
            await until(pilot, lambda: g.pending.player == 0, timeout=5)
            assert not app.pace.skipping
            assert g.turn_number >= 2

    asyncio.run(go())


def test_hot_seat_trade_with_a_counter_offer() -> None:
    """Two people at one keyboard: Ann proposes a trade to Cy, Cy counters with cash added,
    Ann accepts. Business asks which person is acting."""
    async def go() -> None:
        baltic, med = sq("Baltic Avenue"), sq("Mediterranean Avenue")
        g = setup(("Ann", "Bob", "Cy"), owners={baltic: 0, med: 2})
        seats = [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic"), Seat.parse("Cy", "human")]
        app = PassgoApp(Session(g, seats), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("b")
            await until(pilot, lambda: isinstance(app.screen, SeatScreen))
            await pilot.click("#seat-2")
            await until(pilot, lambda: isinstance(app.screen, DeedsScreen))
            assert app.screen.player == 2  # type: ignore[attr-defined]
            await pilot.press("escape")

            await pilot.press("t")
            await until(pilot, lambda: isinstance(app.screen, SeatScreen))
            await pilot.click("#seat-0")
            await until(pilot, lambda: isinstance(app.screen, TradeScreen))
            await pilot.click("#with-2")
            await until(pilot, lambda: app.screen.responder == 2)  # type: ignore[attr-defined]
            await pilot.pause()
            app.screen.query_one("#give-deeds").select(baltic)  # type: ignore[attr-defined]
            app.screen.query_one("#get-deeds").select(med)  # type: ignore[attr-defined]
            await pilot.pause()
            await pilot.click("#send")
            await until(pilot, lambda: g.pending.kind == "trade_reply" and g.pending.player == 2)
            assert "Ann offers you Baltic Avenue for Mediterranean Avenue" in text_of(app)

            await pilot.click("#counter")
            await until(pilot, lambda: isinstance(app.screen, TradeScreen))
            counter = app.screen
            assert isinstance(counter, TradeScreen) and counter.counter is not None
            # Told to Cy, who composes it: to the other player only, and "you give".
            lines = [line.strip() for line in screen_text(app).splitlines()]
            assert lines[0] == "Counter-offer to Ann"
            assert "You give" in lines and "Ann gives" in lines
            # The counter starts from the offer on the table; Cy asks for $10 more.
            await pilot.click("#get-cash")
            await pilot.press("1", "0")
            await pilot.pause()
            await pilot.click("#send")
            await until(pilot, lambda: g.pending.kind == "trade_reply" and g.pending.player == 0)
            assert "Cy offers you Mediterranean Avenue for Baltic Avenue and $10" in text_of(app)
            await pilot.click(button(app, AcceptTrade))
            await until(pilot, lambda: g.owner_of(baltic) == 2)
            assert g.owner_of(med) == 0
            assert [p.cash for p in g.players] == [1490, 1500, 1510]

    asyncio.run(go())


def test_autosave_resume_save_as_and_open(tmp_path: Path) -> None:
    """Every action is saved; a new app on the saved game continues it with its log; a game
    saved to a chosen file opens again in the app, and the game it replaces is kept."""
    auto = tmp_path / "auto.json"

    async def first() -> Game:
        g = Game.new(["Ann", "Bob"], seed=4)
        app = PassgoApp(Session(g, ANN_BOB, auto), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(6):
                await until(pilot, lambda: g.pending.player == 0)
                await pilot.press("1")
            await until(pilot, lambda: g.pending.player == 0)
            # Saved after the last action, before anyone quit.
            assert Session.load(auto).game.to_dict()["state"] == g.to_dict()["state"]
            await pilot.press("q")
        return g

    async def second(before: Game) -> None:
        session = Session.load(auto, auto)
        assert session.game.to_dict()["state"] == before.to_dict()["state"]
        app = PassgoApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert len(app.query_one(EventLog).lines) >= len(session.log)
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, PathScreen))
            chosen = tmp_path / "chosen.json"
            app.screen.query_one("#path").value = str(chosen)  # type: ignore[attr-defined]
            await pilot.click("#ok")
            await until(pilot, chosen.exists)
            await pilot.press("1")  # play on, then open the chosen file again
            await until(pilot, lambda: len(app.session.game.history) > len(before.history))
            left = app.session.game.to_dict()["state"]
            await pilot.press("ctrl+o")
            await until(pilot, lambda: isinstance(app.screen, PathScreen))
            app.screen.query_one("#path").value = str(chosen)  # type: ignore[attr-defined]
            await pilot.click("#ok")
            await until(pilot, lambda: app.session is not session)
            assert app.session.game.to_dict()["state"] == before.to_dict()["state"]
            # The game that was left is kept beside the autosave, not overwritten.
            (kept,) = tmp_path.glob("auto-*.json")
            assert Session.load(kept).game.to_dict()["state"] == left
            await pilot.press("q")
        assert Session.load(auto).game.to_dict()["state"] == before.to_dict()["state"]

    before = asyncio.run(first())
    asyncio.run(second(before))


def test_bots_left_alone_get_a_bounded_number_of_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no person left, bots that cannot finish are stopped and the standings shown."""
    monkeypatch.setattr("passgo.session.BOTS_ALONE_ROUNDS", 5)
    monkeypatch.setattr("passgo.plain.BOTS_ALONE_ROUNDS", 5)
    seats = parse_seats("A:basic,B:basic")
    session = Session(Game.new([s.name for s in seats], seed=0), seats)
    out = io.StringIO()
    assert PlainGame(session, out, io.StringIO()).run() == 0
    text = out.getvalue()
    assert "No person is left in the game" in text
    assert "The bots played 5 rounds without a winner" in text
    assert session.finished and not session.game.over
    assert "Final standings:" in text
