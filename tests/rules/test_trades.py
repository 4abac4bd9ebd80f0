"""Trades between players: deeds (none with buildings in their group), cash and Get Out of Jail
Free cards; counter-offers; mortgaged deeds received (10 % now, lift now or later).

Rule files: 000 = classic Parker Brothers rules, 003 = Wikibooks summary,
004 = commonly missed rules and FAQ.
"""

from __future__ import annotations

import json

from passgo.core.actions import (
    AcceptTrade,
    Build,
    Bundle,
    CounterTrade,
    EndTurn,
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    ProposeTrade,
    RejectTrade,
    Roll,
    Sell,
    TradeOffer,
    Unmortgage,
)
from passgo.core.board import DECK_CHANCE, DECK_COMMUNITY_CHEST
from passgo.core.events import (
    DeedTransferred,
    MortgageLifted,
    Payment,
    TradeAccepted,
    TradeOffered,
    TradeRejected,
)
from support import assert_illegal, kinds, money_total, setup, sq

BOARDWALK = sq("Boardwalk")
PARK_PLACE = sq("Park Place")
ORIENTAL = sq("Oriental Avenue")
VERMONT = sq("Vermont Avenue")
CONNECTICUT = sq("Connecticut Avenue")
READING = sq("Reading Railroad")
SHORT_LINE = sq("Short Line")
ELECTRIC = sq("Electric Company")
WATER = sq("Water Works")
LIGHT_BLUE = (ORIENTAL, VERMONT, CONNECTICUT)


def offer(
    proposer: int,
    responder: int,
    give: tuple[int, ...] = (),
    give_cash: int = 0,
    get: tuple[int, ...] = (),
    get_cash: int = 0,
    give_cards: tuple[int, ...] = (),
    get_cards: tuple[int, ...] = (),
) -> TradeOffer:
    return TradeOffer(
        proposer,
        responder,
        give=Bundle(properties=give, cash=give_cash, cards=give_cards),
        get=Bundle(properties=get, cash=get_cash, cards=get_cards),
    )


# -- plain trades ----------------------------------------------------------------------------


def test_sell_a_deed_for_cash() -> None:
    """"Unimproved properties, railroads and utilities (but not buildings) may be sold to any
    player as a private transaction for any amount the owner can get" (000). Ann sells
    Boardwalk to Bob for $500; the Bank takes nothing."""
    g = setup(owners={BOARDWALK: 0})
    total = money_total(g)
    sale = offer(0, 1, give=(BOARDWALK,), get_cash=500)
    events = g.apply(ProposeTrade(0, sale))
    assert events == [TradeOffered(sale)]
    assert g.pending.kind == "trade_reply" and g.pending.player == 1
    assert g.owner[BOARDWALK] == 0 and g.cash == [1500, 1500]
    events = g.apply(AcceptTrade(1))
    assert sorted(kinds(events)) == ["payment", "trade_accept", "transfer"]
    assert TradeAccepted(sale) in events
    assert Payment(1, 0, 500, "trade") in events
    assert DeedTransferred(BOARDWALK, 0, 1, "trade") in events
    assert g.owner[BOARDWALK] == 1
    assert g.cash == [2000, 1000]
    assert g.bank_flow == 0
    assert g.pending.kind == "roll" and g.pending.player == 0
    assert money_total(g) == total


def test_sale_below_the_printed_price() -> None:
    """"for any amount the owner can get" (000): Boardwalk for $1 is a trade like any other."""
    g = setup(owners={BOARDWALK: 0})
    g.apply(ProposeTrade(0, offer(0, 1, give=(BOARDWALK,), get_cash=1)))
    g.apply(AcceptTrade(1))
    assert g.owner[BOARDWALK] == 1 and g.cash == [1501, 1499]


def test_swap_railroads_and_utilities_for_a_street_and_cash() -> None:
    """"Unimproved properties, railroads and utilities (but not buildings) may be sold to any
    player" (000): Ann's Reading Railroad and Electric Company for Bob's Park Place and $50."""
    g = setup(owners={READING: 0, ELECTRIC: 0, PARK_PLACE: 1})
    total = money_total(g)
    g.apply(ProposeTrade(0, offer(0, 1, give=(READING, ELECTRIC), get=(PARK_PLACE,),
                                  get_cash=50)))
    g.apply(AcceptTrade(1))
    assert (g.owner[READING], g.owner[ELECTRIC], g.owner[PARK_PLACE]) == (1, 1, 0)
    assert g.cash == [1550, 1450]
    assert money_total(g) == total


def test_trade_completes_a_group_for_building() -> None:
    """"When you own all the properties in a color-group you may buy houses" (000): the deed
    bought from Bob completes Ann's light blues, and she may build at once."""
    g = setup(owners={ORIENTAL: 0, VERMONT: 0, CONNECTICUT: 1})
    assert_illegal(g, Build(0, ORIENTAL))
    g.apply(ProposeTrade(0, offer(0, 1, give_cash=200, get=(CONNECTICUT,))))
    g.apply(AcceptTrade(1))
    g.apply(Build(0, ORIENTAL))
    assert g.level[ORIENTAL] == 1 and g.cash == [1250, 1700]


def test_no_sale_while_the_group_has_buildings() -> None:
    """"no property can be sold to another player if buildings are standing on any properties
    of that color-group. Any buildings so located must be sold back to the Bank before the owner
    can sell any property of that color-group." (000) Vermont has the house; Oriental cannot be
    sold until it is gone."""
    g = setup(owners={s: 0 for s in LIGHT_BLUE}, levels={VERMONT: 1})
    bad = offer(0, 1, give=(ORIENTAL,), get_cash=100)
    assert g.trade_problem(bad) is not None
    assert_illegal(g, ProposeTrade(0, bad))
    g.apply(Sell(0, VERMONT))
    assert g.trade_problem(bad) is None
    g.apply(ProposeTrade(0, bad))
    g.apply(AcceptTrade(1))
    assert g.owner[ORIENTAL] == 1 and g.cash == [1625, 1400]


def test_sell_a_get_out_of_jail_free_card() -> None:
    """"If the player who draws it does not wish to use it, he/she may sell it, at any time, to
    another player at a price agreeable to both." (000) Ann sells her Chance card for $30."""
    g = setup(jail_cards={0: ["chance"]})
    card = g.cards[0][0]
    total = money_total(g)
    g.apply(ProposeTrade(0, offer(0, 1, give_cards=(DECK_CHANCE,), get_cash=30)))
    g.apply(AcceptTrade(1))
    assert g.cards == [[], [card]]
    assert g.cash == [1530, 1470]
    assert money_total(g) == total


def test_card_for_card_and_deed() -> None:
    """"Property, cash and "get out of jail free" cards can be traded, with the seller getting
    whatever they can for assets." (004) Ann's Chance card for Bob's Community Chest card and
    Water Works."""
    g = setup(jail_cards={0: ["chance"], 1: ["community_chest"]}, owners={WATER: 1})
    ann_card, bob_card = g.cards[0][0], g.cards[1][0]
    g.apply(ProposeTrade(0, offer(0, 1, give_cards=(DECK_CHANCE,),
                                  get_cards=(DECK_COMMUNITY_CHEST,), get=(WATER,))))
    g.apply(AcceptTrade(1))
    assert g.cards == [[bob_card], [ann_card]]
    assert g.owner[WATER] == 0


def test_reject_changes_nothing() -> None:
    """A private transaction needs both players: "at a price agreeable to both" (000). Bob
    rejects; nothing moves and Ann's turn goes on."""
    g = setup(owners={BOARDWALK: 0})
    before = json.loads(g.to_json())["state"]
    g.apply(ProposeTrade(0, offer(0, 1, give=(BOARDWALK,), get_cash=500)))
    events = g.apply(RejectTrade(1))
    assert kinds(events) == ["trade_reject"]
    assert isinstance(events[0], TradeRejected) and not events[0].counter
    assert g.owner[BOARDWALK] == 0 and g.cash == [1500, 1500]
    assert g.pending.kind == "roll" and g.pending.player == 0
    assert json.loads(g.to_json())["state"] == before


def test_counter_offer_accepted() -> None:
    """"for any amount the owner can get" (000): Ann asks $500 for Boardwalk, Bob counters
    with $350, Ann accepts the counter."""
    g = setup(owners={BOARDWALK: 0})
    g.apply(ProposeTrade(0, offer(0, 1, give=(BOARDWALK,), get_cash=500)))
    counter = offer(1, 0, give_cash=350, get=(BOARDWALK,))
    events = g.apply(CounterTrade(1, counter))
    assert kinds(events) == ["trade_reject", "trade_offer"]
    assert isinstance(events[0], TradeRejected) and events[0].counter
    assert events[1] == TradeOffered(counter)
    assert g.pending.kind == "trade_reply" and g.pending.player == 0
    assert g.owner[BOARDWALK] == 0 and g.cash == [1500, 1500]
    g.apply(AcceptTrade(0))
    assert g.owner[BOARDWALK] == 1
    assert g.cash == [1850, 1150]


def test_counter_to_a_counter_then_reject() -> None:
    """"at a price agreeable to both" (000): offers go back and forth until one is accepted or
    rejected; a rejected counter leaves everything as it was."""
    g = setup(owners={BOARDWALK: 0})
    g.apply(ProposeTrade(0, offer(0, 1, give=(BOARDWALK,), get_cash=500)))
    g.apply(CounterTrade(1, offer(1, 0, give_cash=300, get=(BOARDWALK,))))
    g.apply(CounterTrade(0, offer(0, 1, give=(BOARDWALK,), get_cash=450)))
    assert g.pending.kind == "trade_reply" and g.pending.player == 1
    g.apply(RejectTrade(1))
    assert g.owner[BOARDWALK] == 0 and g.cash == [1500, 1500]
    assert g.pending.kind == "roll" and g.pending.player == 0


def test_trading_while_in_jail() -> None:
    """"Even though you are in Jail, you may buy and sell property" (000)."""
    g = setup(owners={READING: 0}, jailed={0: 0})
    g.apply(ProposeTrade(0, offer(0, 1, give=(READING,), get_cash=150)))
    g.apply(AcceptTrade(1))
    assert g.owner[READING] == 1 and g.cash == [1650, 1350]
    assert g.pending.kind == "jail" and g.pending.player == 0


# -- mortgaged deeds received ----------------------------------------------------------------


def test_mortgaged_deed_received_lifted_at_once() -> None:
    """"If you are the new owner, you may lift the mortgage at once if you wish by paying off
    the mortgage plus 10% interest to the Bank." (000) "Boardwalk is mortgaged, mortgage value
    is $200. If you are the new owner, you must pay $220, this un-mortgages the property." (004)
    """
    g = setup(owners={BOARDWALK: 0}, mortgaged=[BOARDWALK])
    total = money_total(g)
    g.apply(ProposeTrade(0, offer(0, 1, give=(BOARDWALK,), get_cash=100)))
    g.apply(AcceptTrade(1))
    assert g.owner[BOARDWALK] == 1 and g.mortgaged[BOARDWALK]
    assert g.pending.kind == "mortgaged_deed" and g.pending.player == 1
    assert g.legal_actions(1)[:2] == [LiftMortgage(1, BOARDWALK), KeepMortgage(1, BOARDWALK)]
    assert g.cash == [1600, 1400]
    events = g.apply(LiftMortgage(1, BOARDWALK))
    assert events == [MortgageLifted(1, BOARDWALK, 220)]
    assert not g.mortgaged[BOARDWALK]
    assert g.cash == [1600, 1180]
    assert g.bank_flow == 220
    assert g.pending.kind == "roll" and g.pending.player == 0
    assert money_total(g) == total


def test_mortgaged_deed_received_kept_then_lifted_later() -> None:
    """"If the mortgage is not lifted at once, you must pay the Bank 10% interest when you buy
    the property and if you lift the mortgage later you must pay the Bank an additional 10%
    interest as well as the amount of the mortgage." (000) "you must pay 10% of the mortgage
    value, i.e. $20. Later you have to pay $220 to un-mortgage the property. Total cost = $240."
    (004)"""
    g = setup(owners={BOARDWALK: 0}, mortgaged=[BOARDWALK])
    total = money_total(g)
    g.apply(ProposeTrade(0, offer(0, 1, give=(BOARDWALK,), get_cash=100)))
    g.apply(AcceptTrade(1))
    events = g.apply(KeepMortgage(1, BOARDWALK))
    assert events == [Payment(1, None, 20, "interest")]

    assert g.mortgaged[BOARDWALK] and g.owner[BOARDWALK] == 1
    assert g.cash == [1600, 1380]
    assert g.pending.kind == "roll" and g.pending.player == 0
    g.apply(Unmortgage(1, BOARDWALK))
    assert not g.mortgaged[BOARDWALK]
    assert g.cash == [1600, 1160]
    assert g.bank_flow == 240
    assert money_total(g) == total


def test_mortgaged_utility_received_interest_rounds_up() -> None:
    """"you must pay the Bank 10% interest when you buy the property" (000): 10% of Electric
    Company's $75 is $7.50, paid as $8; lifting costs $83 (reference board.json)."""
    g = setup(owners={ELECTRIC: 0, WATER: 0}, mortgaged=[ELECTRIC, WATER])
    g.apply(ProposeTrade(0, offer(0, 1, give=(ELECTRIC, WATER), get_cash=10)))
    g.apply(AcceptTrade(1))
    # One decision per deed, in the order listed.
    assert g.pending.kind == "mortgaged_deed" and g.pending.player == 1
    assert_illegal(g, KeepMortgage(1, WATER))
    g.apply(KeepMortgage(1, ELECTRIC))
    assert g.pending.kind == "mortgaged_deed"
    assert_illegal(g, LiftMortgage(1, ELECTRIC))
    g.apply(LiftMortgage(1, WATER))
    assert g.mortgaged[ELECTRIC] and not g.mortgaged[WATER]
    assert g.cash == [1510, 1500 - 10 - 8 - 83]
    assert g.pending.kind == "roll"


def test_both_sides_receive_mortgaged_deeds() -> None:
    """"Whenever a mortgaged property changes hands between players, the new owner must
    immediately pay another 10% interest on the mortgage price" (003): each new owner decides
    for the deed they receive."""
    g = setup(owners={READING: 0, SHORT_LINE: 1}, mortgaged=[READING, SHORT_LINE])
    g.apply(ProposeTrade(0, offer(0, 1, give=(READING,), get=(SHORT_LINE,))))
    g.apply(AcceptTrade(1))
    deciders = []
    while g.pending.kind == "mortgaged_deed":
        p = g.pending.player
        deciders.append(p)
        g.apply(KeepMortgage(p, READING if p == 1 else SHORT_LINE))
    assert sorted(deciders) == [0, 1]
    assert g.cash == [1490, 1490]
    assert g.owner[READING] == 1 and g.owner[SHORT_LINE] == 0


def test_new_owner_without_cash_for_lifting_must_keep() -> None:
    """"If the mortgage is not lifted at once, you must pay the Bank 10% interest when you buy
    the property" (000): with $50, Bob cannot lift Boardwalk ($220) at once and keeps it for
    $20."""
    g = setup(owners={BOARDWALK: 0}, mortgaged=[BOARDWALK], cash=[1500, 50])
    g.apply(ProposeTrade(0, offer(0, 1, give=(BOARDWALK,))))
    g.apply(AcceptTrade(1))
    assert LiftMortgage(1, BOARDWALK) not in g.legal_actions(1)
    assert_illegal(g, LiftMortgage(1, BOARDWALK))
    g.apply(KeepMortgage(1, BOARDWALK))
    assert g.cash == [1500, 30] and g.mortgaged[BOARDWALK]


def test_interest_the_new_owner_cannot_pay_is_a_debt() -> None:
    """"If you are the new owner ... you must pay the Bank 10% interest when you buy the
    property" (000): with $15 Bob owes $20 and must raise it, here by mortgaging Water Works."""
    g = setup(owners={BOARDWALK: 0, WATER: 1}, mortgaged=[BOARDWALK], cash=[1500, 15])
    g.apply(ProposeTrade(0, offer(0, 1, give=(BOARDWALK,))))
    g.apply(AcceptTrade(1))
    g.apply(KeepMortgage(1, BOARDWALK))
    assert g.pending.kind == "raise_funds" and g.pending.player == 1
    g.apply(Mortgage(1, WATER))
    assert g.cash == [1500, 15 + 75 - 20]
    assert g.pending.kind == "roll" and g.pending.player == 0


def test_received_mortgage_is_decided_before_anything_else_on_that_deed() -> None:
    """"If you are the new owner, you may lift the mortgage at once if you wish by paying off
    the mortgage plus 10% interest to the Bank. If the mortgage is not lifted at once, you must
    pay the Bank 10% interest when you buy the property" (000). Lifting at once costs $220 once:
    while the choice is open, Bob can neither lift Boardwalk a second way nor pass it on."""
    g = setup(("Ann", "Bob", "Cy"), owners={BOARDWALK: 0}, mortgaged=[BOARDWALK])
    total = money_total(g)
    g.apply(ProposeTrade(0, offer(0, 1, give=(BOARDWALK,))))
    g.apply(AcceptTrade(1))
    assert g.pending.kind == "mortgaged_deed" and g.pending.player == 1
    assert Unmortgage(1, BOARDWALK) not in g.legal_actions(1)
    assert_illegal(g, Unmortgage(1, BOARDWALK))
    assert_illegal(g, ProposeTrade(1, offer(1, 2, give=(BOARDWALK,), get_cash=10)))
    g.apply(LiftMortgage(1, BOARDWALK))
    assert g.cash == [1500, 1280, 1500]
    assert not g.mortgaged[BOARDWALK]
    assert g.pending.kind == "roll" and g.pending.player == 0
    # Decided: now Boardwalk may be sold on like any deed.
    g.apply(ProposeTrade(1, offer(1, 2, give=(BOARDWALK,), get_cash=10)))
    g.apply(AcceptTrade(2))
    assert g.owner[BOARDWALK] == 2 and g.pending.kind == "roll"
    assert money_total(g) == total


# -- refused offers --------------------------------------------------------------------------


def test_accepting_is_refused_when_the_offer_no_longer_holds() -> None:
    """"for any amount the owner can get" (000) is paid in cash: Ann offered $1500, then spent
    $50 on a house before Bob answered; the offer cannot be carried out and only rejecting is
    open to Bob."""
    g = setup(owners={s: 0 for s in LIGHT_BLUE} | {READING: 1})
    g.apply(ProposeTrade(0, offer(0, 1, give_cash=1500, get=(READING,))))
    g.apply(Build(0, ORIENTAL))
    assert g.cash[0] == 1450
    assert [a for a in g.legal_actions(1) if isinstance(a, AcceptTrade)] == []
    assert_illegal(g, AcceptTrade(1))
    g.apply(RejectTrade(1))
    assert g.owner[READING] == 1


def test_one_trade_at_a_time() -> None:
    """Trades are "a private transaction" between two players (000): while Bob considers Ann's
    offer, Cy's offer must wait."""
    g = setup(("Ann", "Bob", "Cy"), owners={READING: 0, WATER: 2})
    g.apply(ProposeTrade(0, offer(0, 1, give=(READING,), get_cash=100)))
    assert_illegal(g, ProposeTrade(2, offer(2, 1, give=(WATER,), get_cash=100)))
    g.apply(RejectTrade(1))
    g.apply(ProposeTrade(2, offer(2, 1, give=(WATER,), get_cash=100)))
    assert g.pending.kind == "trade_reply" and g.pending.player == 1


def test_trade_illegal_actions_change_nothing() -> None:
    """"Players cannot lend money to one another, or transfer houses between properties. They
    can however, buy and sell anything else." (004) Offers of what a player does not have, of
    negative cash, with oneself, empty, or answered by the wrong player, are refused."""
    g = setup(owners={BOARDWALK: 0, READING: 1}, jail_cards={1: ["chance"]}, cash=[100, 1500])
    assert_illegal(g, ProposeTrade(0, offer(0, 1, give_cash=101, get=(READING,))))
    assert_illegal(g, ProposeTrade(0, offer(0, 1, give_cash=-5, get=(READING,))))
    assert_illegal(g, ProposeTrade(0, offer(0, 1, give=(READING,))))
    assert_illegal(g, ProposeTrade(0, offer(0, 1, get=(BOARDWALK,))))
    assert_illegal(g, ProposeTrade(0, offer(0, 1, give=(sq("GO"),))))
    assert_illegal(g, ProposeTrade(0, offer(0, 1, give=(BOARDWALK, BOARDWALK))))
    assert_illegal(g, ProposeTrade(0, offer(0, 1, give_cards=(DECK_CHANCE,))))
    assert_illegal(g, ProposeTrade(0, offer(0, 1, get_cards=(DECK_COMMUNITY_CHEST,))))
    assert_illegal(g, ProposeTrade(0, offer(0, 0, give=(BOARDWALK,))))
    assert_illegal(g, ProposeTrade(0, offer(0, 1)))
    assert_illegal(g, ProposeTrade(1, offer(0, 1, give=(BOARDWALK,))))
    assert_illegal(g, AcceptTrade(1))
    g.apply(ProposeTrade(0, offer(0, 1, give=(BOARDWALK,), get=(READING,))))
    assert_illegal(g, AcceptTrade(0))
    assert_illegal(g, RejectTrade(0))
    assert_illegal(g, Roll(0))
    assert_illegal(g, EndTurn(0))
    assert_illegal(g, CounterTrade(1, offer(1, 0, give_cash=2000)))
