"""The session and the decision panel speak the public model: sealed bids get the bid box,
bot seats ask for their rent through the shared bot loop, and every decision is worded."""

from __future__ import annotations

import asyncio

from pilot_support import SIZE, button, text_of, until

from passgo.core import (
    Bid,
    CallTime,
    Decline,
    EndTurn,
    Game,
    GameOverDecision,
    Roll,
    Rules,
)
from passgo.narrate import explain, question
from passgo.session import Seat, Session
from passgo.tui.app import PassgoApp
from support import setup, sq

BALTIC = sq("Baltic Avenue")


def test_a_sealed_bid_is_typed_in_the_bid_box() -> None:
    """Closed auctions (`Rules.auction = "closed"`): each person writes any amount in the box,
    not only the lowest bid offered as a choice; the highest bid wins."""
    async def go() -> None:
        g = setup(("Ann", "Bob"), rules=Rules(auction="closed"), dice=[(1, 2)])
        app = PassgoApp(Session(g, [Seat.parse("Ann", "human"), Seat.parse("Bob", "human")]),
                        bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("1")
            await until(pilot, lambda: g.pending.kind == "buy")
            await pilot.click(button(app, Decline))
            for seat, keys in ((1, "50"), (0, "73")):
                await until(pilot, lambda s=seat: g.pending.kind == "sealed_bid"  # type: ignore[misc]
                            and g.pending.player == s)
                assert "sealed bid for Baltic Avenue" in text_of(app)
                amount = app.query_one("#amount")
                amount.value = ""  # type: ignore[attr-defined]
                await pilot.click(amount)
                await pilot.press(*keys, "enter")
                await until(pilot, lambda s=seat, k=keys: Bid(s, int(k)) in g.history)  # type: ignore[misc]
            await until(pilot, lambda: g.owner_of(BALTIC) == 0)
            assert g.cash_of(0) == 1500 - 73

    asyncio.run(go())


def test_a_bot_seat_asks_for_its_rent_while_a_person_decides() -> None:
    """Rent claims (`Rules.rent_claim`): the bot owning the deed asks at once, through the
    shared bot loop, although the game waits for the person who landed."""
    g = setup(("Ann", "Bob"), rules=Rules(rent_claim="before_next_roll"), dice=[(1, 2)],
              owners={BALTIC: 1})
    session = Session(g, [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")])
    session.apply(Roll(0))
    assert g.pending_player == 0 and g.rent_claims
    assert session.bot_to_move()
    said = session.bot_step()
    assert said is not None and any("rent" in line for line in said)
    assert not g.rent_claims and g.cash_of(0) == 1500 - 4 and g.cash_of(1) == 1504
    assert not session.bot_to_move() and session.bot_step() is None
    assert session.dirty and said[-1] == session.log[-1]
    session.apply(EndTurn(0))
    assert session.bot_to_move()  # Bob's turn


def test_a_finished_game_is_worded_too() -> None:
    g = Game.new(["Ann", "Bob"], Rules.preset("time-limit"), seed=1)
    g.apply(CallTime(0))
    assert isinstance(g.pending, GameOverDecision)
    assert question(g).startswith("Game over")
    assert explain(g).startswith(question(g))


def test_a_person_asks_for_rent_with_a_key() -> None:
    """000: "The owner may not collect the rent if he/she fails to ask for it before the
    second player following throws the dice." Under a rule set where owners ask, a person asks
    with the key `a` while the window is open; nothing is asked for them."""
    async def go() -> None:
        g = setup(("Ann", "Bob"), rules=Rules(rent_claim="before_second_roll"),
                  dice=[(1, 2)], owners={BALTIC: 1})
        app = PassgoApp(Session(g, [Seat.parse("Ann", "human"), Seat.parse("Bob", "human")]),
                        bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("1")
            await until(pilot, lambda: bool(g.rent_claims))
            assert g.cash_of(1) == 1500
            await pilot.press("a")
            await until(pilot, lambda: g.cash_of(1) == 1504)
            assert not g.rent_claims and g.cash_of(0) == 1496

    asyncio.run(go())
