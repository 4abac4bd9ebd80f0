"""Business at any time: building, selling, mortgaging and trading by a player who is not the
one the game is waiting for, while another player's decision is pending.

Rule files: 000 = classic Parker Brothers rules, 004 = commonly missed rules and FAQ.
"""

from __future__ import annotations

from typing import Any

from passgo.core import Game
from passgo.core.actions import (
    AcceptTrade,
    Bid,
    Build,
    Bundle,
    Buy,
    Decline,
    EndTurn,
    Mortgage,
    Pass,
    ProposeTrade,
    RejectTrade,
    Roll,
    Sell,
    TradeOffer,
    Unmortgage,
)
from support import assert_illegal, money_total, setup, sq

THROW = (1, 2)
BOARDWALK = sq("Boardwalk")
PARK_PLACE = sq("Park Place")
READING = sq("Reading Railroad")
WATER = sq("Water Works")
GREEN = (sq("Pacific Avenue"), sq("North Carolina Avenue"), sq("Pennsylvania Avenue"))
LIGHT_BLUE = (sq("Oriental Avenue"), sq("Vermont Avenue"), sq("Connecticut Avenue"))
BEFORE_BOARDWALK = BOARDWALK - sum(THROW)
PLAYERS = ("Ann", "Bob", "Cy")


def ann_on_boardwalk(**kw: Any) -> Game:
    """Three players; Ann has thrown onto unowned Boardwalk and must decide whether to buy."""
    g = setup(PLAYERS, dice=[THROW], pos=[BEFORE_BOARDWALK, 0, 0], **kw)
    g.apply(Roll(0))
    assert g.pending.kind == "buy" and g.pending.player == 0
    return g


def test_build_while_another_player_decides() -> None:
    """"Must I wait until my turn to buy houses and hotels? No. You may transact business -
    such as buying and selling houses - any time on your turn or between moves by other
    players." (004, FAQ 5) Bob builds while Ann decides whether to buy Boardwalk."""
    g = ann_on_boardwalk(owners={s: 1 for s in GREEN})
    total = money_total(g)
    assert Build(1, GREEN[0]) in g.legal_actions(1)
    g.apply(Build(1, GREEN[0]))
    assert g.level[GREEN[0]] == 1 and g.cash == [1500, 1300, 1500]
    assert g.pending.kind == "buy" and g.pending.player == 0
    g.apply(Buy(0))
    assert g.owner[BOARDWALK] == 0
    assert money_total(g) == total


def test_sell_houses_on_another_players_turn() -> None:
    """"Houses and hotels may be sold back to the Bank at any time for one-half the price paid
    for them." (000) Bob sells a house while Ann must end her turn."""
    g = setup(PLAYERS, owners={s: 1 for s in GREEN}, levels={s: 1 for s in GREEN}, dice=[THROW])
    g.apply(Roll(0))
    g.apply(Buy(0))  # Baltic
    assert g.pending.kind == "end_turn" and g.pending.player == 0
    g.apply(Sell(1, GREEN[2]))
    assert g.level[GREEN[2]] == 0 and g.cash[1] == 1600
    assert g.pending.kind == "end_turn" and g.pending.player == 0


def test_mortgage_during_an_auction_to_bid_more() -> None:
    """"Unimproved properties can be mortgaged through the Bank at any time." (000) During the
    auction of Boardwalk, Cy, who has $100, mortgages Reading Railroad and then bids $150."""
    g = ann_on_boardwalk(owners={READING: 2}, cash=[1500, 1500, 100])
    g.apply(Decline(0))
    g.apply(Bid(1, 120))
    assert g.pending.kind == "bid" and g.pending.player == 2
    assert g.bid_range(2) is None
    g.apply(Mortgage(2, READING))
    assert g.cash[2] == 200
    assert g.pending.kind == "bid" and g.pending.player == 2
    g.apply(Bid(2, 150))
    g.apply(Pass(0))
    g.apply(Pass(1))
    assert g.owner[BOARDWALK] == 2 and g.cash == [1500, 1500, 50]


def test_mortgage_and_lift_while_another_player_decides() -> None:
    """"Unimproved properties can be mortgaged through the Bank at any time." (000) Bob
    mortgages and lifts Water Works while Ann's buy decision waits."""
    g = ann_on_boardwalk(owners={WATER: 1})
    g.apply(Mortgage(1, WATER))
    g.apply(Unmortgage(1, WATER))
    assert not g.mortgaged[WATER] and g.cash[1] == 1500 + 75 - 83
    assert g.pending.kind == "buy" and g.pending.player == 0


def test_trade_between_two_others_while_one_decides() -> None:
    """"Buildings can be bought or sold, and other business can be conducted, at any time,
    between rolls of the dice." (004) While Ann decides, Bob offers Cy $200 for Water Works;
    Cy answers first, then Ann's decision is waited for again."""
    g = ann_on_boardwalk(owners={WATER: 2})
    offer = TradeOffer(1, 2, give=Bundle(cash=200), get=Bundle(properties=(WATER,)))
    g.apply(ProposeTrade(1, offer))
    assert g.pending.kind == "trade_reply" and g.pending.player == 2
    assert_illegal(g, Buy(0))
    g.apply(AcceptTrade(2))
    assert g.owner[WATER] == 1 and g.cash == [1500, 1300, 1700]
    assert g.pending.kind == "buy" and g.pending.player == 0


def test_trade_offered_to_the_player_who_decides() -> None:
    """"Buildings can be bought or sold, and other business can be conducted, at any time,
    between rolls of the dice." (004) Bob offers Ann a trade while her buy decision is open:
    she answers it first (rejects), then buys."""
    g = ann_on_boardwalk(owners={READING: 1})
    offer = TradeOffer(1, 0, give=Bundle(properties=(READING,)), get=Bundle(cash=300))
    g.apply(ProposeTrade(1, offer))
    assert g.pending.kind == "trade_reply" and g.pending.player == 0
    g.apply(RejectTrade(0))
    assert g.pending.kind == "buy" and g.pending.player == 0
    g.apply(Buy(0))
    assert g.cash == [1100, 1500, 1500]


def test_debtor_sells_a_deed_to_a_third_player() -> None:
    """"Unimproved properties, railroads and utilities ... may be sold to any player as a
    private transaction for any amount the owner can get" (000): while Ann raises funds for
    Bob's rent, Cy offers $150 for her Water Works; she accepts and the rent is paid at once."""
    g = setup(
        PLAYERS, dice=[THROW], pos=[BEFORE_BOARDWALK, 0, 0], cash=[20, 1500, 1500],
        owners={BOARDWALK: 1, PARK_PLACE: 1, WATER: 0},
    )
    total = money_total(g)
    g.apply(Roll(0))
    assert g.pending.kind == "raise_funds" and g.pending.player == 0
    offer = TradeOffer(2, 0, give=Bundle(cash=150), get=Bundle(properties=(WATER,)))
    g.apply(ProposeTrade(2, offer))
    g.apply(AcceptTrade(0))
    assert g.owner[WATER] == 2
    assert g.cash == [70, 1600, 1350]
    assert g.pending.kind == "end_turn" and g.pending.player == 0
    assert money_total(g) == total


def test_jailed_player_builds_on_another_turn() -> None:
    """"Even though you are in Jail, you may buy and sell property, buy and sell houses and
    hotels and collect rents." (000) Bob is in jail; during Ann's turn he builds."""
    g = setup(PLAYERS, owners={s: 1 for s in LIGHT_BLUE}, jailed={1: 1}, dice=[THROW])
    g.apply(Roll(0))
    g.apply(Build(1, LIGHT_BLUE[0]))
    g.apply(Build(1, LIGHT_BLUE[1]))
    assert g.cash[1] == 1400 and g.jailed[1]
    assert g.pending.kind == "buy" and g.pending.player == 0


def test_others_are_offered_business_only() -> None:
    """"You may transact business ... any time on your turn or between moves by other players"
    (004, FAQ 5): business yes, but another player's decision no. Bob's legal actions while
    Ann decides are building, selling, mortgaging and lifting."""
    g = ann_on_boardwalk(owners={s: 1 for s in LIGHT_BLUE} | {WATER: 1}, mortgaged=[WATER])
    actions = g.legal_actions(1)
    assert {type(a).__name__ for a in actions} == {"Build", "Mortgage", "Unmortgage"}
    assert Buy(0) in g.legal_actions(0) and Decline(0) in g.legal_actions(0)


def test_business_illegal_actions_change_nothing() -> None:
    """Business is "buying and selling houses" and the like (004, FAQ 5), not another player's
    decision: Bob cannot buy, decline, throw or end Ann's turn for her."""
    g = ann_on_boardwalk(owners={s: 1 for s in GREEN})
    assert_illegal(g, Buy(1))
    assert_illegal(g, Decline(1))
    assert_illegal(g, Roll(1))
    assert_illegal(g, EndTurn(1))
    assert_illegal(g, Bid(1, 10))
    assert_illegal(g, Build(2, GREEN[0]))
    assert_illegal(g, Sell(1, GREEN[0]))
    assert g.pending.kind == "buy" and g.pending.player == 0
