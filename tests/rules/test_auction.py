"""Buying property from the Bank and auctions of declined deeds.

Rule files: 000 = classic Parker Brothers rules, 001 = current Hasbro rule book,
003 = Wikibooks summary, 004 = commonly missed rules and FAQ.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from passgo.core import Game
from passgo.core.actions import Bid, Buy, Decline, EndTurn, Mortgage, Pass, Roll
from passgo.core.events import (
    AuctionStarted,
    AuctionUnsold,
    AuctionWon,
    Declined,
    Payment,
    Purchased,
)
from support import assert_illegal, money_total, only, setup, sq

THROW = (1, 2)
BOARDWALK = sq("Boardwalk")
PARK_PLACE = sq("Park Place")
BALTIC = sq("Baltic Avenue")
READING = sq("Reading Railroad")
ELECTRIC = sq("Electric Company")


def landed(
    square: int = BOARDWALK,
    players: Sequence[str] = ("Ann", "Bob"),
    cash: Sequence[int] | None = None,
    **kw: Any,
) -> Game:
    """Ann thrown onto the unowned `square`; the game waits for her buy decision."""
    n = len(players)
    g = setup(
        players,
        dice=[THROW],
        pos=[square - sum(THROW)] + [0] * (n - 1),
        cash=cash or [1500] * n,
        **kw,
    )
    g.apply(Roll(0))
    assert g.pending.kind == "buy" and g.pending.player == 0
    return g


# -- buying at the printed price -------------------------------------------------------------


def test_buy_at_printed_price() -> None:
    """"Whenever you land on an unowned property you may buy that property from the Bank at its
    printed price. You receive the Title Deed card" (000). Boardwalk: $400 to the Bank."""
    g = landed()
    total = money_total(g)
    events = g.apply(Buy(0))
    assert events == [Payment(0, None, 400, "purchase"), Purchased(0, BOARDWALK, 400)]
    assert g.owner[BOARDWALK] == 0
    assert not g.mortgaged[BOARDWALK]
    assert g.cash == [1100, 1500]
    assert g.bank_flow == 400
    assert g.pending.kind == "end_turn" and g.pending.player == 0
    assert money_total(g) == total


def test_railroads_and_utilities_are_bought_too() -> None:
    """"Railroads and utilities are also properties." (003) Reading Railroad $200,
    Electric Company $150."""
    g = landed(READING)
    g.apply(Buy(0))
    assert g.owner[READING] == 0 and g.cash[0] == 1300
    g = landed(ELECTRIC)
    g.apply(Buy(0))
    assert g.owner[ELECTRIC] == 0 and g.cash[0] == 1350


def test_first_time_around_may_buy() -> None:
    """"Must I go around the board once before purchasing property? No. You may begin
    purchasing property with the first available space you land on." (004, FAQ 1)"""
    g = setup(dice=[THROW])
    g.apply(Roll(0))
    assert g.pos[0] == BALTIC
    g.apply(Buy(0))
    assert g.owner[BALTIC] == 0 and g.cash[0] == 1440


def test_cannot_buy_without_the_cash() -> None:
    """"you may buy that property from the Bank at its printed price" (000): with $399 Ann
    cannot pay $400; only declining (to auction) is open, and Buy is refused, nothing changed."""
    g = landed(cash=[399, 1500])
    assert Buy(0) not in g.legal_actions(0)
    assert Decline(0) in g.legal_actions(0)
    assert_illegal(g, Buy(0))
    assert g.owner[BOARDWALK] == -1


def test_may_mortgage_to_buy() -> None:
    """"May I mortgage a piece of property to buy other properties, houses or hotels? Yes. You
    may mortgage property to buy houses, hotels or other properties of any colour group."
    (004, FAQ 6) Ann has $300 and Reading Railroad (mortgage $100): mortgage, then buy."""
    g = landed(cash=[300, 1500], owners={READING: 0})
    total, flow = money_total(g), g.bank_flow
    assert Buy(0) not in g.legal_actions(0)
    g.apply(Mortgage(0, READING))
    assert g.cash[0] == 400 and g.mortgaged[READING]
    assert g.pending.kind == "buy" and g.pending.player == 0
    g.apply(Buy(0))
    assert g.cash == [0, 1500]
    assert g.owner[BOARDWALK] == 0
    assert g.bank_flow - flow == 400 - 100
    assert money_total(g) == total


# -- auctions --------------------------------------------------------------------------------


def test_declining_opens_an_auction_on_the_left() -> None:
    """"If you do not wish to buy the property, the Banker sells it at auction to the highest
    bidder." (000) The first bidder asked is the next player (Bob); the deed is still the
    Bank's."""
    g = landed(players=("Ann", "Bob", "Cy"))
    events = g.apply(Decline(0))
    assert events == [Declined(0, BOARDWALK), AuctionStarted("deed", BOARDWALK)]
    assert g.pending.kind == "bid" and g.pending.player == 1
    assert g.owner[BOARDWALK] == -1
    assert g.cash == [1500, 1500, 1500]


def test_auction_bidders_in_turn_order_decliner_last() -> None:
    """"Any player, including the one who declined the option to buy it at the printed price,
    may bid." (000) Bidders are asked Bob, Cy, then Ann who declined."""
    g = landed(players=("Ann", "Bob", "Cy"))
    g.apply(Decline(0))
    asked = []
    for amount in (10, 20, 30):
        asked.append(g.pending.player)
        g.apply(Bid(g.pending.player, amount))
    assert asked == [1, 2, 0]
    assert g.pending.kind == "bid" and g.pending.player == 1


def test_decliner_may_bid_and_win() -> None:
    """"Any player, including the one who declined the option to buy it at the printed price,
    may bid." (000) Ann declines at $400, then wins the auction at $160."""
    g = landed()
    total = money_total(g)
    g.apply(Decline(0))
    g.apply(Bid(1, 150))
    assert g.pending.kind == "bid" and g.pending.player == 0
    g.apply(Bid(0, 160))
    events = g.apply(Pass(1))
    assert only(AuctionWon, events) == [AuctionWon(0, "deed", BOARDWALK, 160)]
    assert g.owner[BOARDWALK] == 0
    assert g.cash == [1340, 1500]
    assert g.pending.kind == "end_turn" and g.pending.player == 0
    assert money_total(g) == total


def test_auction_price_is_paid_to_the_bank() -> None:
    """"The buyer pays the Bank the amount of the bid in cash and receives the Title Deed card
    for that property." (000) Bob wins at $250: the Bank takes $250, nobody else is paid."""
    g = landed(players=("Ann", "Bob", "Cy"))
    g.apply(Decline(0))
    g.apply(Bid(1, 200))
    g.apply(Bid(2, 240))
    g.apply(Pass(0))
    g.apply(Bid(1, 250))
    events = g.apply(Pass(2))
    assert only(Payment, events) == [Payment(1, None, 250, "auction")]
    assert g.owner[BOARDWALK] == 1
    assert g.cash == [1500, 1250, 1500]
    assert g.bank_flow == 250


def test_bidding_may_start_at_any_price() -> None:
    """"Bidding may start at any price." (000) A $1 opening bid on Boardwalk stands and wins."""
    g = landed()
    g.apply(Decline(0))
    assert g.bid_range(1) == (1, 1500)
    g.apply(Bid(1, 1))
    g.apply(Pass(0))
    assert g.owner[BOARDWALK] == 1
    assert g.cash == [1500, 1499]
    assert g.bank_flow == 1


def test_auction_may_exceed_printed_price() -> None:
    """"the Banker sells it at auction to the highest bidder" (000): the highest bid wins even
    above the printed price ($450 for the $400 Boardwalk)."""
    g = landed()
    g.apply(Decline(0))
    g.apply(Bid(1, 400))
    g.apply(Bid(0, 450))
    g.apply(Pass(1))
    assert g.owner[BOARDWALK] == 0 and g.cash == [1050, 1500]


def test_bid_above_the_bidders_cash_is_refused() -> None:
    """"The buyer pays the Bank the amount of the bid in cash" (000): Bob, with $120, may not
    bid $121; the refusal changes nothing, and $120 is accepted."""
    g = landed(cash=[1500, 120])
    g.apply(Decline(0))
    assert g.bid_range(1) == (1, 120)
    assert_illegal(g, Bid(1, 121))
    g.apply(Bid(1, 120))
    g.apply(Pass(0))
    assert g.owner[BOARDWALK] == 1 and g.cash == [1500, 0]


def test_bid_must_beat_the_highest_bid() -> None:
    """"sells it at auction to the highest bidder" (000): a bid equal to the highest bid so far
    does not raise it and is refused."""
    g = landed()
    g.apply(Decline(0))
    g.apply(Bid(1, 100))
    assert g.bid_range(0) == (101, 1500)
    assert_illegal(g, Bid(0, 100))
    assert_illegal(g, Bid(0, 0))


def test_no_bid_leaves_the_deed_with_the_bank() -> None:
    """"If no one wants to bid on the property, that's fine. No one pays anything, and the
    Title Deed stays with the Bank." (001; the classic text 000 does not address it)."""
    g = landed(players=("Ann", "Bob", "Cy"))
    total = money_total(g)
    g.apply(Decline(0))
    g.apply(Pass(1))
    g.apply(Pass(2))
    events = g.apply(Pass(0))
    assert AuctionUnsold("deed", BOARDWALK) in events

    assert g.owner[BOARDWALK] == -1
    assert g.cash == [1500, 1500, 1500]
    assert g.bank_flow == 0
    assert g.pending.kind == "end_turn" and g.pending.player == 0
    assert money_total(g) == total


def test_unsold_deed_can_be_bought_by_the_next_lander() -> None:
    """"Whenever you land on an unowned property you may buy that property from the Bank at
    its printed price." (000) After an auction without bids, Bob lands there and buys it."""
    g = setup(dice=[THROW, (2, 1)], pos=[BOARDWALK - 3, BOARDWALK - 3])
    g.apply(Roll(0))
    g.apply(Decline(0))
    g.apply(Pass(1))
    g.apply(Pass(0))
    g.apply(EndTurn(0))
    g.apply(Roll(1))
    assert g.pending.kind == "buy" and g.pending.player == 1
    g.apply(Buy(1))
    assert g.owner[BOARDWALK] == 1 and g.cash == [1500, 1100]


def test_deed_won_at_auction_completes_a_group() -> None:
    """Deeds bought at auction are owned like any other: "the owner may then charge double
    rent for unimproved properties in that color-group" (000). Bob buys Boardwalk at auction
    holding Park Place; Ann then lands on Boardwalk and pays $100."""
    g = setup(dice=[THROW, (6, 4), (5, 5)], pos=[BOARDWALK - 3, 0], owners={PARK_PLACE: 1})
    g.apply(Roll(0))
    g.apply(Decline(0))
    g.apply(Bid(1, 300))
    g.apply(Pass(0))
    assert g.owner[BOARDWALK] == 1 and g.cash == [1500, 1200]
    g.apply(EndTurn(0))
    g.apply(Roll(1))  # Bob 6+4: to Jail, just visiting
    g.apply(EndTurn(1))
    g.pos[0] = BOARDWALK - 10  # put Ann back ten squares before Boardwalk
    g.apply(Roll(0))  # Ann 5+5 onto Boardwalk
    assert g.pos[0] == BOARDWALK
    assert g.cash == [1400, 1300]


def test_auction_illegal_actions_change_nothing() -> None:
    """Only the bidder asked may bid or pass; "the Banker sells it at auction" (000), so the
    decliner cannot buy at the printed price any more, and nobody may end the turn meanwhile."""
    g = landed(players=("Ann", "Bob", "Cy"))
    g.apply(Decline(0))
    assert g.pending.player == 1
    assert_illegal(g, Buy(0))
    assert_illegal(g, Bid(2, 50))
    assert_illegal(g, Pass(0))
    assert_illegal(g, EndTurn(0))
    assert_illegal(g, Decline(0))
    assert_illegal(g, Bid(1, -5))
