"""The board shows what each owned square charges now, and deed cards open from the keyboard
(d), stepping through every deed with the arrows."""

from __future__ import annotations

import asyncio

from pilot_support import SIZE, until

from passgo.session import Seat, Session
from passgo.tui.app import PassgoApp
from passgo.tui.board import SquareCell
from passgo.tui.dialogs import DeedCardScreen
from support import setup, sq

BOARDWALK, PARK_PLACE = sq("Boardwalk"), sq("Park Place")


def test_owned_squares_show_their_rent_now() -> None:
    async def go() -> None:
        g = setup(("Ann", "Bob"), owners={BOARDWALK: 1, PARK_PLACE: 1,
                                          sq("Reading Railroad"): 0,
                                          sq("Electric Company"): 0},
                  levels={BOARDWALK: 2, PARK_PLACE: 2})
        app = PassgoApp(Session(g, [Seat.parse("Ann", "human"), Seat.parse("Bob", "human")]),
                        bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            cells = {c.square: c for c in app.query(SquareCell)}
            assert f"${g.rent(BOARDWALK)}" in cells[BOARDWALK].render().plain
            assert g.rent(BOARDWALK) == 600
            assert "$25" in cells[sq("Reading Railroad")].render().plain
            assert "4×" in cells[sq("Electric Company")].render().plain
            # The Bank's deeds show their price, as before.
            assert cells[sq("Baltic Avenue")].render().plain.split("\n")[1].strip() == "$60"

    asyncio.run(go())


def test_deed_cards_open_and_step_from_the_keyboard() -> None:
    async def go() -> None:
        g = setup(("Ann", "Bob"), dice=[(1, 2)])
        app = PassgoApp(Session(g, [Seat.parse("Ann", "human"), Seat.parse("Bob", "human")]),
                        bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("1")
            await until(pilot, lambda: g.pending.kind == "buy")
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, DeedCardScreen))
            screen = app.screen
            assert isinstance(screen, DeedCardScreen) and screen.square == sq("Baltic Avenue")
            await pilot.press("right")
            assert screen.square == sq("Reading Railroad")
            await pilot.press("left", "left")
            assert screen.square == sq("Mediterranean Avenue")
            await pilot.press("left")
            assert screen.square == BOARDWALK  # round the board
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, DeedCardScreen))
            assert g.pending.kind == "buy"

    asyncio.run(go())
