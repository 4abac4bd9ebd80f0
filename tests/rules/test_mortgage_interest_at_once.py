"""The 10 % interest on a mortgaged deed changing hands is due at once, whoever receives it:
a creditor at the bankruptcy that ends a short game, and a player accepting a trade.

Rule file: 000 = classic Parker Brothers rules: "The new owner ... must at once pay the Bank
the amount of interest on the loan, which is 10% of the value of the property."
"""

from __future__ import annotations

import pytest

from passgo.core import (
    Bundle,
    DeclareBankruptcy,
    IllegalActionError,
    ProposeTrade,
    Roll,
    Rules,
    TradeOffer,
)
from passgo.core.events import INTEREST, GameOver, Payment
from passgo.core.state import HOTEL
from support import setup, sq

BOARDWALK, PARK_PLACE = sq("Boardwalk"), sq("Park Place")
MEDITERRANEAN, BALTIC, ORIENTAL = (sq("Mediterranean Avenue"), sq("Baltic Avenue"),
                                   sq("Oriental Avenue"))


def test_the_creditor_at_a_final_bankruptcy_pays_the_interest_at_once() -> None:
    """Short Game: "The game ends when one player goes bankrupt" (000), and the creditor who
    receives the bankrupt's mortgaged deeds "must at once pay the Bank the amount of interest
    on the loan" (000): $3 + $3 + $5 for Mediterranean, Baltic and Oriental before the worth
    is counted."""
    g = setup(["Ann", "Bob", "Cy"], rules=Rules.preset("short-1"), dice=[(2, 2)],
              pos=[35, 0, 0], cash=[100, 500, 1500],
              owners={MEDITERRANEAN: 0, BALTIC: 0, ORIENTAL: 0, BOARDWALK: 1, PARK_PLACE: 1},
              levels={BOARDWALK: HOTEL, PARK_PLACE: HOTEL},
              mortgaged=[MEDITERRANEAN, BALTIC, ORIENTAL])
    g.apply(Roll(0))
    assert g.pending.kind == "raise_funds"
    events = g.apply(DeclareBankruptcy(0))
    interest = [e for e in events if isinstance(e, Payment) and e.reason == INTEREST]
    assert [(e.payer, e.payee, e.amount) for e in interest] == [(1, None, 3), (1, None, 3),
                                                                 (1, None, 5)]
    assert g.cash_of(1) == 500 + 100 - 11
    over = events[-1]
    assert isinstance(over, GameOver) and g.over


def test_an_offer_whose_receiver_could_not_pay_the_interest_is_refused() -> None:
    """A player with $0 offered a mortgaged deed as a gift could only go bankrupt on
    accepting it (the interest "at once", 000): the offer is refused with the reason, and
    made legal by the $3 of interest in the receiver's hand."""
    gift = TradeOffer(0, 1, Bundle((MEDITERRANEAN,)), Bundle())
    g = setup(cash=[1500, 0], owners={MEDITERRANEAN: 0}, mortgaged=[MEDITERRANEAN])
    problem = g.trade_problem(gift)
    assert problem == ("Bob could not pay the $3 interest due at once on the mortgaged deeds "
                       "received")
    with pytest.raises(IllegalActionError, match="could not pay the \\$3 interest"):
        g.apply(ProposeTrade(0, gift))
    assert g.trade_problem(TradeOffer(0, 1, Bundle((MEDITERRANEAN,), cash=3), Bundle())) is None
    rich = setup(cash=[1500, 3], owners={MEDITERRANEAN: 0}, mortgaged=[MEDITERRANEAN])
    assert rich.trade_problem(gift) is None
    # The side that pays cash for it counts what it gives: $3 held, $1 paid for it: $2 left.
    g2 = setup(cash=[1500, 3], owners={MEDITERRANEAN: 0}, mortgaged=[MEDITERRANEAN])
    assert g2.trade_problem(TradeOffer(0, 1, Bundle((MEDITERRANEAN,)), Bundle(cash=1))) \
        is not None


def test_checking_an_offer_of_mortgaged_deeds_leaves_the_game_as_it_was() -> None:
    """The check works the interest out on the game as the trade would leave it (owners and
    cash changed for a moment, `passgo.core.trades`): refused (Bob holds $0) or not, the game
    is unchanged after it."""
    swap = TradeOffer(0, 1, Bundle((MEDITERRANEAN,), cash=40), Bundle((BALTIC,), cash=7))
    for cash in ([1500, 0], [1500, 300]):
        g = setup(cash=cash, owners={MEDITERRANEAN: 0, BALTIC: 1},
                  mortgaged=[MEDITERRANEAN, BALTIC])
        before = g.to_dict()
        g.trade_problem(swap)
        assert g.to_dict() == before
