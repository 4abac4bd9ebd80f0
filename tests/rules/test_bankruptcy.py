"""Debts and bankruptcy: raising funds, when bankruptcy may be declared, settlement with a player
or with the Bank, debts to several players in turn, and the last player winning.

Rule files: 000 = classic Parker Brothers rules, 003 = Wikibooks summary,
004 = commonly missed rules and FAQ.
"""

from __future__ import annotations

from passgo.core import Game
from passgo.core.actions import (
    AcceptTrade,
    Bid,
    Build,
    Bundle,
    Buy,
    ChooseTax,
    DeclareBankruptcy,
    EndTurn,
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    Pass,
    ProposeTrade,
    Roll,
    Sell,
    TradeOffer,
    Unmortgage,
)
from passgo.core.board import DECK_CHANCE
from passgo.core.events import Bankrupt, Debt, Mortgaged, Payment
from passgo.core.state import HOTEL
from support import assert_illegal, kinds, money_total, only, setup, sq

THROW = (1, 2)
BOARDWALK = sq("Boardwalk")
PARK_PLACE = sq("Park Place")
MEDITERRANEAN = sq("Mediterranean Avenue")
BALTIC = sq("Baltic Avenue")
ORIENTAL = sq("Oriental Avenue")
VERMONT = sq("Vermont Avenue")
CONNECTICUT = sq("Connecticut Avenue")
READING = sq("Reading Railroad")
WATER = sq("Water Works")
INCOME_TAX = sq("Income Tax")
CHANCE_7 = 7
COMMUNITY_CHEST_2 = 2
BROWN = (MEDITERRANEAN, BALTIC)
DARK_BLUE = (PARK_PLACE, BOARDWALK)
LIGHT_BLUE = (ORIENTAL, VERMONT, CONNECTICUT)
BEFORE_BOARDWALK = BOARDWALK - sum(THROW)


# -- raising funds ---------------------------------------------------------------------------


def test_unpaid_rent_becomes_a_debt_to_raise() -> None:
    """"You are declared bankrupt if you owe more than you can pay" (000) - and only then:
    Ann owes $50 with $30 in cash and a Reading Railroad worth $100 on mortgage. She may not
    declare bankruptcy; mortgaging pays the debt at once."""
    g = setup(
        dice=[THROW], pos=[BEFORE_BOARDWALK, 0], cash=[30, 1500],
        owners={BOARDWALK: 1, READING: 0},
    )
    total = money_total(g)
    events = g.apply(Roll(0))
    assert only(Debt, events) == [Debt(0, 1, 50, "rent")]
    assert g.pending.kind == "raise_funds" and g.pending.player == 0
    assert g.cash == [30, 1500]
    assert DeclareBankruptcy(0) not in g.legal_actions(0)
    assert_illegal(g, DeclareBankruptcy(0))
    assert_illegal(g, EndTurn(0))
    events = g.apply(Mortgage(0, READING))
    assert events == [Mortgaged(0, READING, 100), Payment(0, 1, 50, "rent")]
    assert g.cash == [80, 1550]
    assert g.pending.kind == "end_turn" and g.pending.player == 0
    assert money_total(g) == total


def test_raise_funds_by_selling_houses() -> None:
    """"Houses and hotels may be sold back to the Bank at any time for one-half the price paid
    for them." (000) Ann, $10 short of Boardwalk's $50, sells two $50 houses for $25 each."""
    g = setup(
        dice=[THROW], pos=[BEFORE_BOARDWALK, 0], cash=[10, 1500],
        owners={BOARDWALK: 1} | {s: 0 for s in LIGHT_BLUE},
        levels={ORIENTAL: 2, VERMONT: 2, CONNECTICUT: 2},
    )
    g.apply(Roll(0))
    assert g.pending.kind == "raise_funds"
    g.apply(Sell(0, ORIENTAL))
    assert g.pending.kind == "raise_funds" and g.cash == [35, 1500]
    g.apply(Sell(0, VERMONT))
    assert g.cash == [10, 1550]
    assert g.pending.kind == "end_turn"
    assert g.bank_houses == 32 - 4


def test_raise_funds_by_selling_a_deed_to_a_player() -> None:
    """"Unimproved properties, railroads and utilities ... may be sold to any player as a
    private transaction for any amount the owner can get" (000): the debtor sells Water Works
    to Cy for $120, and the $50 rent is paid at once."""
    g = setup(
        ("Ann", "Bob", "Cy"), dice=[THROW], pos=[BEFORE_BOARDWALK, 0, 0], cash=[0, 1500, 1500],
        owners={BOARDWALK: 1, WATER: 0},
    )
    g.apply(Roll(0))
    g.apply(ProposeTrade(0, TradeOffer(0, 2, give=Bundle(properties=(WATER,)),
                                       get=Bundle(cash=120))))
    g.apply(AcceptTrade(2))
    assert g.owner[WATER] == 2
    assert g.cash == [70, 1550, 1380]
    assert g.pending.kind == "end_turn"


def test_a_debtor_may_not_spend() -> None:
    """"Money can be loaned to a player only by the Bank and then only by mortgaging property."
    (000) While owing, Ann may sell and mortgage but neither build nor lift a mortgage."""
    g = setup(
        dice=[THROW], pos=[BEFORE_BOARDWALK, 0], cash=[40, 1500],
        owners={BOARDWALK: 1, READING: 0} | {s: 0 for s in LIGHT_BLUE},
        levels={ORIENTAL: 1, VERMONT: 1, CONNECTICUT: 1}, mortgaged=[READING],
    )
    g.apply(Roll(0))
    assert g.pending.kind == "raise_funds"
    assert_illegal(g, Build(0, ORIENTAL))
    assert_illegal(g, Unmortgage(0, READING))
    assert not [a for a in g.legal_actions(0) if isinstance(a, (Build, Unmortgage))]
    g.apply(Sell(0, ORIENTAL))
    assert g.cash == [15, 1550]


def test_bankruptcy_only_when_liquidation_cannot_cover() -> None:
    """"You are declared bankrupt if you owe more than you can pay either to another player or
    to the Bank." (000) Ann has $20 and Mediterranean (mortgage $30): $50 rent can be raised,
    so bankruptcy is refused; $100 rent cannot, so it is allowed."""
    g = setup(
        dice=[THROW], pos=[BEFORE_BOARDWALK, 0], cash=[20, 1500],
        owners={BOARDWALK: 1, MEDITERRANEAN: 0},
    )
    g.apply(Roll(0))
    assert_illegal(g, DeclareBankruptcy(0))
    g.apply(Mortgage(0, MEDITERRANEAN))
    assert g.cash == [0, 1550]

    g = setup(
        dice=[THROW], pos=[BEFORE_BOARDWALK, 0], cash=[20, 1500],
        owners={BOARDWALK: 1, PARK_PLACE: 1, MEDITERRANEAN: 0},
    )
    g.apply(Roll(0))
    assert g.pending.kind == "raise_funds"
    assert DeclareBankruptcy(0) in g.legal_actions(0)


def test_bankruptcy_needs_a_debt() -> None:
    """"You are declared bankrupt if you owe more than you can pay" (000): without a debt,
    declaring bankruptcy is refused and changes nothing."""
    g = setup(cash=[0, 1500])
    assert_illegal(g, DeclareBankruptcy(0))
    assert_illegal(g, DeclareBankruptcy(1))


# -- bankrupt to a player --------------------------------------------------------------------


def test_bankrupt_to_a_player_hands_everything_to_the_creditor() -> None:
    """"If your debt is to another player, you must turn over to that player all that you have
    of value and retire from the game. In making this settlement, if you own houses or hotels,
    you must return these to the Bank in exchange for money to the extent of one-half the amount
    paid for them; this cash is given to the creditor. If you have mortgaged property you also
    turn this property over to your creditor but the new owner must at once pay the Bank the
    amount of interest on the loan, which is 10% of the value of the property." (000)"""
    g = setup(
        ("Ann", "Bob", "Cy"),
        dice=[THROW],
        pos=[BEFORE_BOARDWALK, 0, 0],
        cash=[100, 1500, 1500],
        owners={s: 1 for s in DARK_BLUE} | {s: 0 for s in LIGHT_BLUE} | {READING: 0},
        levels={PARK_PLACE: HOTEL, BOARDWALK: HOTEL, ORIENTAL: 1, VERMONT: 1, CONNECTICUT: 1},
        mortgaged=[READING],
        jail_cards={0: ["chance"]},
    )
    card = g.cards[0][0]
    total = money_total(g)
    g.apply(Roll(0))
    assert g.pending.kind == "raise_funds"
    # $100 + 3 houses at $25 + mortgages $50 + $50 + $60 = $335 < $2000.
    assert g.liquidation_value(0) == 335
    events = g.apply(DeclareBankruptcy(0))
    assert [(e.player, e.creditor) for e in only(Bankrupt, events)] == [(0, 1)]
    assert not g.alive[0]
    assert g.cash == [0, 1500 + 100 + 75, 1500]
    assert [g.level[s] for s in LIGHT_BLUE] == [0, 0, 0]
    assert g.bank_houses == 32 and g.bank_hotels == 10
    assert all(g.owner[s] == 1 for s in (*LIGHT_BLUE, READING))
    assert g.cards[1] == [card] and g.cards[0] == []
    # The mortgaged railroad: Bob pays the 10 % now or lifts it.
    assert g.pending.kind == "mortgaged_deed" and g.pending.player == 1
    assert g.mortgaged[READING]
    g.apply(KeepMortgage(1, READING))
    assert g.cash[1] == 1675 - 10 and g.mortgaged[READING]
    # Ann's turn is over: Bob throws next.
    assert g.pending.kind == "roll" and g.pending.player == 1
    assert not g.over
    assert money_total(g) == total


def test_creditor_may_lift_the_received_mortgage_at_once() -> None:
    """"The new owner who does this may then, at his/her option, pay the principal or hold the
    property until some later turn, then lift the mortgage." (000) Bob lifts Reading Railroad
    at once: $10 interest + $100 principal."""
    g = setup(
        ("Ann", "Bob", "Cy"), dice=[THROW], pos=[BEFORE_BOARDWALK, 0, 0], cash=[0, 1500, 1500],
        owners={BOARDWALK: 1, READING: 0}, mortgaged=[READING],
    )
    g.apply(Roll(0))
    g.apply(DeclareBankruptcy(0))
    assert g.legal_actions(1)[:2] == [LiftMortgage(1, READING), KeepMortgage(1, READING)]
    g.apply(LiftMortgage(1, READING))
    assert not g.mortgaged[READING] and g.owner[READING] == 1
    assert g.cash == [0, 1390, 1500]


def test_held_mortgage_pays_interest_again_when_lifted() -> None:
    """"If he/she holds property in this way until a later turn, he/she must pay the interest
    again upon lifting the mortgage." (000) Bob keeps Reading for $10, lifts it later for $110."""
    g = setup(
        ("Ann", "Bob", "Cy"), dice=[THROW], pos=[BEFORE_BOARDWALK, 0, 0], cash=[0, 1500, 1500],
        owners={BOARDWALK: 1, READING: 0}, mortgaged=[READING],
    )
    g.apply(Roll(0))
    g.apply(DeclareBankruptcy(0))
    g.apply(KeepMortgage(1, READING))
    g.apply(Unmortgage(1, READING))
    assert g.cash == [0, 1500 - 10 - 110, 1500]


def test_hotels_of_the_bankrupt_are_sold_for_the_creditor() -> None:
    """"you must return these to the Bank in exchange for money to the extent of one-half the
    amount paid for them; this cash is given to the creditor" (000): two brown hotels (5 x $50
    each) give Bob $250."""
    g = setup(
        ("Ann", "Bob", "Cy"), dice=[THROW], pos=[BEFORE_BOARDWALK, 0, 0], cash=[0, 1500, 1500],
        owners={s: 1 for s in DARK_BLUE} | {s: 0 for s in BROWN},
        levels={PARK_PLACE: 4, BOARDWALK: 4, MEDITERRANEAN: HOTEL, BALTIC: HOTEL},
    )
    total = money_total(g)
    g.apply(Roll(0))
    g.apply(DeclareBankruptcy(0))
    assert g.cash == [0, 1750, 1500]
    assert (g.level[MEDITERRANEAN], g.level[BALTIC]) == (0, 0)
    assert (g.bank_houses, g.bank_hotels) == (24, 12)
    assert g.owner[MEDITERRANEAN] == 1 and not g.mortgaged[MEDITERRANEAN]
    assert money_total(g) == total


def test_last_player_left_wins() -> None:
    """"A bankrupt player must immediately retire from the game. The last player left in the
    game wins." (000)"""
    g = setup(
        dice=[THROW], pos=[BEFORE_BOARDWALK, 0], cash=[10, 1500],
        owners={s: 1 for s in DARK_BLUE},
    )
    total = money_total(g)
    g.apply(Roll(0))
    events = g.apply(DeclareBankruptcy(0))
    assert kinds(events)[-1] == "game_over"
    assert g.over and g.winner == 1
    assert g.alive == [False, True]
    assert g.cash == [0, 1510]
    assert g.legal_actions(1) == []
    assert_illegal(g, Roll(1))
    assert_illegal(g, Mortgage(1, BOARDWALK))
    assert money_total(g) == total


# -- bankrupt to the Bank --------------------------------------------------------------------


def bankrupt_to_the_bank() -> tuple[Game, int, int]:
    """Ann ($20, brown with a house each, mortgaged Reading Railroad, a Chance jail card) owes
    $200 Income Tax; she can raise only $130, and declares bankruptcy."""
    g = setup(
        ("Ann", "Bob", "Cy"),
        dice=[THROW],
        pos=[INCOME_TAX - sum(THROW), 0, 0],
        cash=[20, 1500, 1500],
        owners={MEDITERRANEAN: 0, BALTIC: 0, READING: 0},
        levels={MEDITERRANEAN: 1, BALTIC: 1},
        mortgaged=[READING],
        jail_cards={0: ["chance"]},
    )
    card = g.cards[0][0][1]
    total = money_total(g)
    g.apply(Roll(0))
    g.apply(ChooseTax(0, False))
    assert g.pending.kind == "raise_funds" and g.pending.player == 0
    assert g.liquidation_value(0) == 130
    g.apply(DeclareBankruptcy(0))
    return g, card, total


def test_bankrupt_to_the_bank_returns_everything() -> None:
    """"Should you owe the Bank, instead of another player, more than you can pay (because of
    taxes or penalties) even by selling off buildings and mortgaging property, you must turn
    over all assets to the Bank. In this case, the Bank immediately sells by auction all
    property so taken, except buildings." (000) The cash goes to the Bank, the houses go back
    without payment, the jail card goes under its deck, and the auctions begin at once."""
    g, card, total = bankrupt_to_the_bank()
    assert not g.alive[0]
    assert g.cash == [0, 1500, 1500]
    assert g.bank_houses == 32
    assert g.level[MEDITERRANEAN] == 0 and g.level[BALTIC] == 0
    assert g.cards[0] == []
    assert g.decks[DECK_CHANCE][-1] == card
    assert [g.owner[s] for s in (MEDITERRANEAN, BALTIC, READING)] == [-1, -1, -1]
    assert g.pending.kind == "bid" and g.pending.player == 1
    assert money_total(g) == total


def test_every_deed_is_auctioned_at_once() -> None:
    """"the Bank immediately sells by auction all property so taken" (000): Mediterranean,
    Baltic and Reading Railroad are auctioned one after another, bidders from the bankrupt's
    left; the price goes to the Bank; an unbid deed stays with the Bank."""
    g, _, total = bankrupt_to_the_bank()
    flow = g.bank_flow
    assert g.frames[-1].square == MEDITERRANEAN  # type: ignore[attr-defined]
    g.apply(Bid(1, 10))
    g.apply(Pass(2))
    assert g.owner[MEDITERRANEAN] == 1 and g.cash == [0, 1490, 1500]
    assert g.pending.kind == "bid" and g.pending.player == 1
    assert g.frames[-1].square == BALTIC  # type: ignore[attr-defined]
    g.apply(Pass(1))
    events = g.apply(Pass(2))
    assert "auction_unsold" in kinds(events)
    assert g.owner[BALTIC] == -1
    assert g.frames[-1].square == READING  # type: ignore[attr-defined]
    g.apply(Pass(1))
    g.apply(Bid(2, 40))
    # The railroad is still mortgaged (classic rules): Cy pays 10 % or lifts it.
    assert g.owner[READING] == 2
    assert g.pending.kind == "mortgaged_deed" and g.pending.player == 2
    g.apply(KeepMortgage(2, READING))
    assert g.cash == [0, 1490, 1450]
    assert g.bank_flow - flow == 10 + 40 + 10
    # Ann's turn is over; Bob throws next.
    assert g.pending.kind == "roll" and g.pending.player == 1
    assert money_total(g) == total


def test_unsold_mortgaged_deed_returns_to_the_bank_unmortgaged() -> None:
    """"Whenever you land on an unowned property you may buy that property from the Bank at its
    printed price." (000) Nobody bids for the bankrupt's mortgaged Reading Railroad: it stays
    with the Bank, and the Bank's own loan on it ends, so the next buyer pays $200 for a deed
    that collects rent."""
    g, _, total = bankrupt_to_the_bank()
    for _ in range(3):  # no bids for any of the three deeds
        g.apply(Pass(1))
        g.apply(Pass(2))
    assert [g.owner[s] for s in (MEDITERRANEAN, BALTIC, READING)] == [-1, -1, -1]
    assert not g.mortgaged[READING]
    g.dice_script.append((2, 3))
    g.apply(Roll(1))  # Bob from GO to Reading Railroad
    assert g.pending.kind == "buy" and g.pending.player == 1
    g.apply(Buy(1))
    assert g.owner[READING] == 1 and not g.mortgaged[READING]
    assert g.cash == [0, 1300, 1500]
    assert g.pending.kind == "end_turn"
    assert money_total(g) == total


# -- several creditors ------------------------------------------------------------------------


def test_pay_each_player_in_turn_bankrupt_on_the_second() -> None:
    """"Elected Chairman of the Board - Pay each player $50" with $70: Bob, on Ann's left, is
    paid first; then Ann owes Cy $50 and has $20 - "If your debt is to another player, you must
    turn over to that player all that you have of value" (000): Cy gets the $20."""
    g = setup(
        ("Ann", "Bob", "Cy"), dice=[(3, 4)], cash=[70, 1500, 1500],
        chance=["chairman-of-the-board"],
    )
    total = money_total(g)
    g.apply(Roll(0))
    assert g.pos[0] == CHANCE_7
    assert g.cash == [20, 1550, 1500]
    assert g.pending.kind == "raise_funds" and g.pending.player == 0
    events = g.apply(DeclareBankruptcy(0))
    assert [(e.player, e.creditor) for e in only(Bankrupt, events)] == [(0, 2)]

    assert g.cash == [0, 1550, 1520]
    assert g.alive == [False, True, True]
    assert g.pending.kind == "roll" and g.pending.player == 1
    assert money_total(g) == total


def test_pay_each_player_raising_funds_for_the_second() -> None:
    """"You are declared bankrupt if you owe more than you can pay" (000): with Boardwalk to
    mortgage, Ann pays Bob, then raises the $50 for Cy."""
    g = setup(
        ("Ann", "Bob", "Cy"), dice=[(3, 4)], cash=[70, 1500, 1500],
        owners={BOARDWALK: 0}, chance=["chairman-of-the-board"],
    )
    g.apply(Roll(0))
    assert g.pending.kind == "raise_funds" and g.pending.player == 0
    assert_illegal(g, DeclareBankruptcy(0))
    g.apply(Mortgage(0, BOARDWALK))
    assert g.cash == [170, 1550, 1550]
    assert g.pending.kind == "end_turn" and g.pending.player == 0


def test_collect_from_every_player_a_payer_goes_bankrupt() -> None:
    """"Grand Opera Night - collect $50 from every player": Bob has $30 and nothing else, so he
    goes bankrupt to Ann, who gets his $30 - "you must turn over to that player all that you
    have of value and retire from the game" (000); Cy pays in full; Ann's turn goes on."""
    g = setup(
        ("Ann", "Bob", "Cy"), dice=[(1, 1)], cash=[1500, 30, 1500],
        community_chest=["grand-opera"],
    )
    total = money_total(g)
    g.apply(Roll(0))
    assert g.pos[0] == COMMUNITY_CHEST_2
    assert g.pending.kind == "raise_funds" and g.pending.player == 1
    g.apply(DeclareBankruptcy(1))
    assert g.alive == [True, False, True]
    assert g.cash == [1580, 0, 1450]
    # Ann threw doubles: she throws again.
    assert g.pending.kind == "roll" and g.pending.player == 0
    assert money_total(g) == total
