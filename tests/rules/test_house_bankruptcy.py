"""House rules for mortgages, debts and bankruptcy (004 variant catalogue): no mortgaging,
foreclosure and bank repossession.

Rule file: 004 = commonly missed rules, FAQ and the house-rule variants. How the engine asks
the owner and the lander on a foreclosure is described in `passgo.core.foreclosure`.
"""

from __future__ import annotations

from typing import Any

from passgo.agents import BasicBot
from passgo.core import Game, Rules
from passgo.core.actions import (
    Buy,
    DeclareBankruptcy,
    Foreclose,
    LiftMortgage,
    Mortgage,
    Refuse,
    Roll,
    SellDeed,
    Unmortgage,
)
from passgo.core.board import DECK_CHANCE
from passgo.core.events import DeedSoldToBank, DeedTransferred, ForeclosureOffered, RentWaived
from passgo.core.state import BANK, HOTEL
from passgo.narrate import sentences
from support import assert_illegal, kinds, money_total, only, setup, sq

BOARDWALK = sq("Boardwalk")
PARK_PLACE = sq("Park Place")
DARK_BLUE = (PARK_PLACE, BOARDWALK)
BALTIC = sq("Baltic Avenue")
MEDITERRANEAN = sq("Mediterranean Avenue")
READING = sq("Reading Railroad")
WATER = sq("Water Works")
LUXURY_TAX = sq("Luxury Tax")
ORIENTAL = sq("Oriental Avenue")
LIGHT_BLUE = (ORIENTAL, sq("Vermont Avenue"), sq("Connecticut Avenue"))
THROW = (1, 2)
NAMES3 = ("Ann", "Bob", "Cid")


def rules(**options: Any) -> Rules:
    return Rules.classic().with_options(**options)


# -- no mortgaging ---------------------------------------------------------------------------

NO_MORTGAGES = {"no_mortgaging": True}


def test_no_mortgaging_sell_back_for_half_the_price() -> None:
    """"You cannot mortgage property. You are allowed to sell property back for half the
    printed purchase price." (004 No mortgaging) Ann sells Boardwalk ($400) back for $200; it
    returns to the Bank unowned."""
    g = setup(rules=rules(**NO_MORTGAGES), owners={BOARDWALK: 0})
    total = money_total(g)
    assert_illegal(g, Mortgage(0, BOARDWALK))
    assert SellDeed(0, BOARDWALK) in g.legal_actions(0)
    events = g.apply(SellDeed(0, BOARDWALK))
    assert DeedSoldToBank(0, BOARDWALK, 200) in events
    assert g.owner[BOARDWALK] == BANK and not g.mortgaged[BOARDWALK]
    assert g.cash[0] == 1700 and money_total(g) == total


def test_no_mortgaging_sold_deed_for_sale_again() -> None:
    """The deed sold back is the Bank's again: the next player to land on it may buy it at the
    printed price ("Whenever you land on an unowned property you may buy that property", 000)."""
    g = setup(rules=rules(**NO_MORTGAGES), owners={READING: 1}, pos=[READING - 3, 0],
              dice=[THROW])
    g.apply(SellDeed(1, READING))
    g.apply(Roll(0))
    assert g.pending.kind == "buy"
    g.apply(Buy(0))
    assert g.owner[READING] == 0


def test_no_mortgaging_sell_deed_illegal_cases() -> None:
    """A deed with buildings in its group is not sold back (sell the buildings first, as for a
    mortgage, 000); only its owner sells it; and under the classic rules a deed is mortgaged,
    not sold back."""
    g = setup(rules=rules(**NO_MORTGAGES), owners={s: 0 for s in DARK_BLUE},
              levels={BOARDWALK: 1})
    assert_illegal(g, SellDeed(0, PARK_PLACE))
    assert_illegal(g, SellDeed(1, BOARDWALK))
    assert_illegal(g, SellDeed(0, sq("Go")))
    g = setup(owners={BOARDWALK: 0})
    assert_illegal(g, SellDeed(0, BOARDWALK))


def test_no_mortgaging_bankruptcy_counts_deeds_at_half_price() -> None:
    """"You are declared bankrupt if you owe more than you can pay" (000): without mortgages
    what Ann can pay counts her deeds at half their price. She owes the $75 Luxury Tax with $10
    and Mediterranean Avenue: sold back, it brings $30, not enough; with Reading Railroad too
    ($100 more) she must sell instead of declaring bankruptcy."""
    g = setup(rules=rules(**NO_MORTGAGES), owners={MEDITERRANEAN: 0}, pos=[LUXURY_TAX - 3, 0],
              dice=[THROW], cash=[10, 1500])
    g.apply(Roll(0))
    assert g.pending.kind == "raise_funds"
    assert g.liquidation_value(0) == 10 + 30
    assert DeclareBankruptcy(0) in g.legal_actions(0)
    g = setup(rules=rules(**NO_MORTGAGES), owners={MEDITERRANEAN: 0, READING: 0},
              pos=[LUXURY_TAX - 3, 0], dice=[THROW], cash=[10, 1500])
    g.apply(Roll(0))
    assert_illegal(g, DeclareBankruptcy(0))
    g.apply(SellDeed(0, READING))
    assert g.pending.kind == "end_turn" and g.cash[0] == 10 + 100 - 75


def test_no_mortgaging_basic_bot_sells_deeds_to_pay() -> None:
    """The basic bot raises funds by selling its cheapest deed back to the Bank."""
    g = setup(rules=rules(**NO_MORTGAGES), owners={WATER: 0, READING: 0},
              pos=[LUXURY_TAX - 3, 0], dice=[THROW], cash=[10, 1500])
    g.apply(Roll(0))
    assert BasicBot().act(g, 0) == SellDeed(0, WATER)


# -- foreclosure -----------------------------------------------------------------------------

FORECLOSURE = {"foreclosure": True}


def landed_on_mortgaged(**kw: Any) -> Game:
    """Bob owns Boardwalk, mortgaged ($200); Ann throws onto it."""
    g = setup(rules=rules(**FORECLOSURE), owners={BOARDWALK: 1}, mortgaged=[BOARDWALK],
              pos=[BOARDWALK - 3, 0], dice=[THROW], **kw)
    events = g.apply(Roll(0))
    assert events[-2:] == [RentWaived(0, 1, BOARDWALK, "mortgaged"),
                           ForeclosureOffered(0, 1, BOARDWALK)]
    assert "Ann rolled 1+2 and landed on Boardwalk owned by Bob, mortgaged: no rent" in sentences(
        g, events)
    return g


def test_foreclosure_owner_may_lift_at_once() -> None:
    """"When a player lands on a mortgaged property, the owner may immediately unmortgage the
    property by paying the mortgage value plus %10 interest." (004 Foreclosure) Bob pays $220;
    "Either way the player still pays no rent."""
    g = landed_on_mortgaged()
    total = money_total(g)
    assert g.pending.kind == "foreclosure_owner" and g.pending.player == 1
    g.apply(LiftMortgage(1, BOARDWALK))
    assert not g.mortgaged[BOARDWALK] and g.owner[BOARDWALK] == 1
    assert g.cash == [1500, 1280] and money_total(g) == total
    assert g.pending.kind == "end_turn" and g.pending.player == 0


def test_foreclosure_lander_may_buy() -> None:
    """"If the owner does not do this, the player may purchase it by paying the player the
    mortgage value and the bank the mortgage value plus the %10 interest." (004) Ann pays Bob
    $200 and the Bank $220; the Bank's loan is repaid, so Boardwalk is hers, unmortgaged."""
    g = landed_on_mortgaged()
    total = money_total(g)
    g.apply(Refuse(1))
    assert g.pending.kind == "foreclosure_buy" and g.pending.player == 0
    g.apply(Foreclose(0, BOARDWALK))
    assert g.owner[BOARDWALK] == 0 and not g.mortgaged[BOARDWALK]
    assert g.cash == [1500 - 420, 1700]
    assert money_total(g) == total


def test_foreclosure_both_refuse_no_rent() -> None:
    """"Either way the player still pays no rent." (004) Neither lifts nor buys: nothing
    changes hands."""
    g = landed_on_mortgaged()
    g.apply(Refuse(1))
    g.apply(Refuse(0))
    assert g.owner[BOARDWALK] == 1 and g.mortgaged[BOARDWALK]
    assert g.cash == [1500, 1500]
    assert g.pending.kind == "end_turn"


def test_foreclosure_illegal_actions() -> None:
    """The lander cannot buy before the owner has declined, nor without the $420; the owner
    cannot lift without the $220; only the player asked answers; and without the option a
    mortgaged deed asks nothing ("No rent can be collected on mortgaged properties", 000)."""
    g = landed_on_mortgaged(cash=[400, 100])
    assert_illegal(g, Foreclose(0, BOARDWALK))
    assert_illegal(g, LiftMortgage(1, BOARDWALK))
    assert_illegal(g, Refuse(0))
    g.apply(Refuse(1))
    assert_illegal(g, Foreclose(0, BOARDWALK))  # $400 < $420
    assert_illegal(g, Foreclose(0, PARK_PLACE))
    assert_illegal(g, Unmortgage(1, BOARDWALK))  # $100 < $220
    g = setup(owners={BOARDWALK: 1}, mortgaged=[BOARDWALK], pos=[BOARDWALK - 3, 0],
              dice=[THROW])
    g.apply(Roll(0))
    assert g.pending.kind == "end_turn"
    assert_illegal(g, Foreclose(0, BOARDWALK))
    assert_illegal(g, Refuse(0))


# -- bank repossession -----------------------------------------------------------------------

REPOSSESSION = {"bank_repossession": True}


def bankrupt_to_bob(**options: Any) -> tuple[Game, list[Any]]:
    """Ann owns the light blues with a house on each and Reading Railroad (mortgaged, unless
    mortgages are not played) and holds a Chance jail card; she lands on Bob's Boardwalk with
    a hotel and owes $2,000 she cannot raise."""
    mortgaged = [] if options.get("no_mortgaging") else [READING]
    g = setup(
        NAMES3,
        rules=rules(**options),
        owners={s: 0 for s in LIGHT_BLUE} | {READING: 0} | {s: 1 for s in DARK_BLUE},
        levels={s: 1 for s in LIGHT_BLUE} | {s: HOTEL for s in DARK_BLUE},
        mortgaged=mortgaged,
        pos=[BOARDWALK - 3, 0, 0],
        dice=[THROW],
        cash=[0, 1500, 1500],
        jail_cards={0: ["chance"]},
    )
    g.apply(Roll(0))
    assert g.pending.kind == "raise_funds"
    events = g.apply(DeclareBankruptcy(0))
    return g, events


def test_bank_repossession_deeds_return_to_the_bank() -> None:
    """"When a player is bankrupted by debts to another player, the debtor must mortgage all
    his or her properties, pay the creditor as much as possible, and then return all of the
    debtor's properties to the bank." (004 Bank repossession) Ann's three houses sell for
    $75, the light blues are mortgaged for $50 + $50 + $60: Bob gets $235, the Bank the deeds,
    unmortgaged."""
    g, events = bankrupt_to_bob(**REPOSSESSION)
    assert g.cash[1] == 1500 + 75 + 160
    for s in (*LIGHT_BLUE, READING):
        assert g.owner[s] == BANK and not g.mortgaged[s] and g.level[s] == 0
    assert [(e.giver, e.taker, e.how) for e in only(DeedTransferred, events)] == [
        (0, None, "repossessed")] * 4

    assert g.bank_houses == 32 - 0  # the houses went back; Bob's hotels hold none


def test_bank_repossession_no_auction() -> None:
    """"... this auction does not occur, and players must land on the properties in question
    to be able to purchase them." (004) No auction follows; the next turn is Bob's, and the
    Get Out of Jail Free card goes back under its deck."""
    g, events = bankrupt_to_bob(**REPOSSESSION)
    assert "auction_start" not in kinds(events)
    assert g.pending.kind == "roll" and g.pending.player == 1
    card = g.decks[DECK_CHANCE][-1]
    assert g.board.decks[DECK_CHANCE][card].effect == "get_out_of_jail_free"
    assert not g.cards[1]


def test_bank_repossession_landing_later_offers_the_deed() -> None:
    """"These properties are then available for purchase by other players as usual." (004)
    Bob then lands on Oriental Avenue and may buy it at the printed price."""
    g, _ = bankrupt_to_bob(**REPOSSESSION)
    g.pos[1] = ORIENTAL - 3
    g.dice_script = [THROW]
    g.apply(Roll(1))
    assert g.pos[1] == ORIENTAL and g.pending.kind == "buy"
    g.apply(Buy(1))
    assert g.owner[ORIENTAL] == 1


def test_without_repossession_the_creditor_takes_the_deeds() -> None:
    """Classic contrast: "he/she must turn over to that player all that he/she has of value"
    (000): Bob receives the light blues and Reading Railroad, and the jail card."""
    g, _ = bankrupt_to_bob()
    assert all(g.owner[s] == 1 for s in (*LIGHT_BLUE, READING))
    assert len(g.cards[1]) == 1


def test_bank_repossession_applies_only_to_player_creditors() -> None:
    """A debt to the Bank is settled as usual: the Bank auctions the deeds ("the bank must
    immediately auction that player's property", 004)."""
    g = setup(NAMES3, rules=rules(**REPOSSESSION), owners={READING: 0}, mortgaged=[READING],
              pos=[LUXURY_TAX - 3, 0, 0], dice=[THROW], cash=[10, 1500, 1500])
    g.apply(Roll(0))
    events = g.apply(DeclareBankruptcy(0))
    assert "auction_start" in kinds(events) and g.pending.kind == "bid"


def test_bank_repossession_with_no_mortgaging() -> None:
    """Without mortgages, "mortgage all his or her properties" is read as selling them back:
    Ann's deeds bring half their price ($50 + $50 + $60 + $100) before the Bank takes them."""
    g, _ = bankrupt_to_bob(**REPOSSESSION, **NO_MORTGAGES)
    assert g.cash[1] == 1500 + 75 + 260
    assert g.owner[READING] == BANK

