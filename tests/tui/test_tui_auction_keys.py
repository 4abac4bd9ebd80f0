"""In an auction the bid box has the keyboard and takes the digits; no button is numbered, so
typing an amount never presses one: Enter bids, and leaving is the key p, which works from the
box (pressing 2 types a 2, it does not leave) and without a box as well."""

from __future__ import annotations

import asyncio
from typing import Any

from pilot_support import SIZE, button, until

from passgo.core import Bid, Decline, Game, Pass
from passgo.session import Seat, Session
from passgo.tui.app import PassgoApp
from passgo.tui.decision import DecisionPanel
from support import setup

ANN_BOB = [Seat.parse("Ann", "human"), Seat.parse("Bob", "human")]


def keys_on_buttons(app: PassgoApp) -> list[str]:
    """The key each answer button of the decision panel names (its label's first word)."""
    panel = app.query_one(DecisionPanel)
    return [str(b.label).split()[0] for b in panel.query(".choice, .keyed")]


async def to_the_auction(pilot: Any, app: PassgoApp, g: Game) -> int:
    """Ann throws onto Baltic Avenue and lets the Bank auction it: the first bidder's seat."""
    await pilot.press("1")
    await until(pilot, lambda: g.pending.kind == "buy")
    await pilot.click(button(app, Decline))
    await until(pilot, lambda: g.pending.kind == "bid")
    return g.pending.player


def test_digits_go_to_the_bid_box_and_p_leaves_the_auction() -> None:
    async def go() -> None:
        g = setup(("Ann", "Bob"), dice=[(1, 2)])
        app = PassgoApp(Session(g, ANN_BOB), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            first = await to_the_auction(pilot, app, g)
            amount = app.query_one("#amount")
            assert keys_on_buttons(app) == ["Enter", "p"]
            # The box has the keyboard from the start: the digits are the bid's, even "1".
            await until(pilot, lambda: app.focused is amount)
            await pilot.press("1", "2", "5")
            assert amount.value == "125"  # type: ignore[attr-defined]
            assert not any(isinstance(a, Bid | Pass) for a in g.history)
            await pilot.press("enter")
            await until(pilot, lambda: Bid(first, 125) in g.history)
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


def test_a_bid_below_the_lowest_is_not_sent_and_the_lowest_is_said() -> None:
    async def go() -> None:
        g = setup(("Ann", "Bob"), dice=[(1, 2)])
        app = PassgoApp(Session(g, ANN_BOB), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            first = await to_the_auction(pilot, app, g)
            await until(pilot, lambda: app.focused is app.query_one("#amount"))
            await pilot.press("4", "0", "enter")
            await until(pilot, lambda: g.pending.kind == "bid" and g.pending.player != first)
            amount = app.query_one("#amount")
            await until(pilot, lambda: app.focused is amount)
            before = len(g.history)
            await pilot.press("3", "0", "enter")
            await until(pilot, lambda: bool(app._notifications))
            assert [n.message for n in app._notifications] == ["The lowest bid is $41."]
            assert len(g.history) == before and g.pending.kind == "bid"

    asyncio.run(go())


def test_p_leaves_an_auction_the_player_cannot_bid_in() -> None:
    """Without the cash for the lowest bid the only answer is to leave: p leaves, as the help
    says, with no bid box."""
    async def go() -> None:
        g = setup(("Ann", "Bob"), dice=[(1, 2)], cash=[1500, 0])
        app = PassgoApp(Session(g, ANN_BOB), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("1")
            await until(pilot, lambda: g.pending.kind == "buy")
            await pilot.click(button(app, Decline))
            await until(pilot, lambda: g.pending.kind == "bid" and g.pending.player == 1)
            assert g.bid_range(1) is None and not app.query("#amount")
            assert keys_on_buttons(app) == ["p"]
            await pilot.press("p")
            await until(pilot, lambda: Pass(1) in g.history)

    asyncio.run(go())
