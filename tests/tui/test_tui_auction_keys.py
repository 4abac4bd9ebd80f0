"""In an auction the bid box has the keyboard and takes the digits; leaving is the key p,
which works from the box (pressing 2 types a 2, it does not leave)."""

from __future__ import annotations

import asyncio

from pilot_support import SIZE, button, until

from passgo.core import Bid, Decline, Pass
from passgo.session import Seat, Session
from passgo.tui.app import PassgoApp
from support import setup


def test_digits_go_to_the_bid_box_and_p_leaves_the_auction() -> None:
    async def go() -> None:
        g = setup(("Ann", "Bob"), dice=[(1, 2)])
        app = PassgoApp(Session(g, [Seat.parse("Ann", "human"), Seat.parse("Bob", "human")]),
                        bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("1")
            await until(pilot, lambda: g.pending.kind == "buy")
            await pilot.click(button(app, Decline))
            await until(pilot, lambda: g.pending.kind == "bid")
            first = g.pending.player
            amount = app.query_one("#amount")
            amount.value = ""  # type: ignore[attr-defined]
            await pilot.click(amount)
            assert app.focused is amount
            await pilot.press("2", "5")
            assert amount.value == "25"  # type: ignore[attr-defined]
            assert not any(isinstance(a, Pass) for a in g.history)
            await pilot.press("enter")
            await until(pilot, lambda: Bid(first, 25) in g.history)
            await until(pilot, lambda: g.pending.kind == "bid" and g.pending.player != first)
            other = g.pending.player
            leave = button(app, Pass)
            assert str(leave.label).startswith("p ")
            amount = app.query_one("#amount")
            await pilot.click(amount)
            await pilot.press("p")  # from inside the bid box
            await until(pilot, lambda: Pass(other) in g.history)
            await until(pilot, lambda: g.owner_of(3) == first)

    asyncio.run(go())
