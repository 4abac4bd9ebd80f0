"""Rule bugs found in review (issue 14), each with the sentence it checks."""

from __future__ import annotations

from passgo import (
    AcceptTrade,
    Bid,
    Build,
    Bundle,
    CallTime,
    DeclareBankruptcy,
    Decline,
    Game,
    Pass,
    ProposeTrade,
    Roll,
    Rules,
    Sell,
    SellDown,
    TakeLoan,
    TradeOffer,
)
from passgo.agents import BasicBot, play
from passgo.core.events import Payment
from passgo.core.money import charge
from passgo.core.state import BANK
from support import assert_illegal, setup


def test_a_hotel_that_cannot_be_exchanged_is_sold_bare_to_pay_a_debt() -> None:
    """001: "Sell Hotels to the Bank for half the cost, and exchange them immediately for 4
    Houses." With fewer than 4 houses in the Bank no hotel can be broken down into houses,
    but a debtor is not put out while holding hotels the Bank would buy: the group sold to
    bare streets raises half their cost ($250 for the browns' two hotels) and pays the debt;
    bankruptcy is not open while it can."""
    g = setup(("Ann", "Bob"), rules=Rules.preset("hasbro2022"), cash=[10, 1500],
              owners={1: 0, 3: 0}, levels={1: 5, 3: 5})
    g.bank_houses = 3
    charge(g, 0, BANK, 200, "test")  # less than selling both hotels raises
    g._settle()
    assert g.pending.kind == "raise_funds"
    legal = g.legal_actions(0)
    assert [a for a in legal if isinstance(a, Sell | SellDown)] == [SellDown(0, "brown", (0, 0))]
    assert DeclareBankruptcy(0) not in legal
    g.apply(SellDown(0, "brown", (0, 0)))
    assert not g.over and g.alive[0] and g.cash[0] == 10 + 250 - 200


def test_basic_bots_finish_hasbro2022_games() -> None:
    """Bots never meet a debt without a legal answer under the 2022 rules."""
    for seed in range(6):
        g = Game.new(["A", "B", "C"], Rules.preset("hasbro2022"), seed=seed, max_rounds=300)
        play(g, [BasicBot(), BasicBot(), BasicBot()])
        assert g.over


def test_a_bank_loan_does_not_make_a_player_richer_when_time_is_called() -> None:
    """004 Bank loans: "A player without an outstanding loan may at any time take out a $500
    loan" - cash that is owed back. The Time Limit Game's richest player ("cash, property,
    buildings") is counted with the loan as a debt: borrowing just before time is called
    changes nothing."""
    rules = Rules.preset("time-limit").with_options(bank_loans=True)
    g = setup(("Ann", "Bob"), rules=rules, cash=[1000, 1100], owners={1: 0})
    before = g.valuation(0)
    g.apply(TakeLoan(0))
    assert g.cash_of(0) == 1500 and g.valuation(0) == before
    g.apply(CallTime(0))
    assert g.winner == 1


def test_first_to_go_a_bankrupts_deeds_are_not_auctioned_before_anyone_passes_go() -> None:
    """004 First to go: "Players may not purchase properties until one player has passed Go."
    A player bankrupt to the Bank before that: the deeds go back to the Bank unsold."""
    rules = Rules.classic().with_options(first_to_go=True)
    g = setup(("Ann", "Bob", "Cy"), rules=rules, cash=[0, 1500, 1500], owners={1: 0, 3: 0},
              mortgaged=[1, 3])
    charge(g, 0, BANK, 100, "test")
    g._settle()
    g.apply(DeclareBankruptcy(0))
    assert g.pending.kind == "roll"
    assert g.owner_of(1) is None and g.owner_of(3) is None


def test_a_debtor_trades_deeds_away_only_for_enough_cash_to_pay() -> None:
    """004: "As with the normal rules, the debtor may not sell or trade any of his or her
    properties unless it gives enough money to pay the debt." Two railroads for $1 to a third
    player is refused; a sale that covers the debt is not."""
    g = setup(("Ann", "Bob", "Cy"), cash=[50, 1500, 1500], owners={5: 0, 15: 0})
    charge(g, 0, 1, 300, "rent")
    g._settle()
    assert g.pending.kind == "raise_funds"
    cheap = TradeOffer(0, 2, Bundle((5, 15)), Bundle((), 1))
    assert "enough cash to pay the debt" in str(g.trade_problem(cheap))
    assert_illegal(g, ProposeTrade(0, cheap))
    fair = TradeOffer(0, 2, Bundle((5, 15)), Bundle((), 250))
    assert g.trade_problem(fair) is None
    g.apply(ProposeTrade(0, fair))
    g.apply(AcceptTrade(2))
    assert g.cash_of(0) == 0 and g.cash_of(1) == 1800 and g.owner_of(5) == 2


def test_hasbro2022_a_player_who_passed_may_bid_again() -> None:
    """001: "You don't need to follow turn order, and the Banker ends the auction when no
    player is willing to increase the bid." Under hasbro2022 a pass is not final: Bob passes,
    Cy bids, Bob outbids Cy; the auction ends when nobody raises Bob's bid."""
    g = setup(("Ann", "Bob", "Cy"), rules=Rules.preset("hasbro2022"), dice=[(1, 2)])
    g.apply(Roll(0))
    g.apply(Decline(0))
    assert g.pending.kind == "bid" and g.pending.player == 1
    g.apply(Pass(1))
    g.apply(Bid(2, 10))
    g.apply(Pass(0))
    assert g.pending.player == 1  # asked again after a higher bid
    g.apply(Bid(1, 20))
    g.apply(Pass(2))
    g.apply(Pass(0))
    assert g.owner_of(3) == 1 and g.cash_of(1) == 1480


def test_classic_a_pass_leaves_the_auction() -> None:
    """The classic reading stays: a player who passes is out of that auction."""
    g = setup(("Ann", "Bob", "Cy"), dice=[(1, 2)])
    g.apply(Roll(0))
    g.apply(Decline(0))
    g.apply(Pass(1))
    g.apply(Bid(2, 10))
    g.apply(Bid(0, 11))
    g.apply(Bid(2, 12))
    g.apply(Pass(0))
    assert g.owner_of(3) == 2


def test_the_high_bidder_keeps_the_bid_in_cash() -> None:
    """000: "The buyer pays the Bank the amount of the bid in cash." While Bob's bid of $300
    is the highest, he may not spend that money on a house or in a trade; what is left above
    it he may spend."""
    g = setup(("Ann", "Bob"), cash=[1500, 450], owners={6: 1, 8: 1, 9: 1}, dice=[(1, 2)])
    g.apply(Roll(0))
    g.apply(Decline(0))
    g.apply(Bid(1, 300))
    assert g.pending.kind == "bid" and g.pending.player == 0
    assert g.buildable_squares(1) == [6, 8, 9]  # $150 above the bid pays a $50 house
    g.apply(Build(1, 6))
    g.apply(Build(1, 8))
    g.apply(Build(1, 9))
    assert g.spendable(1) == 0 and g.buildable_squares(1) == []
    assert_illegal(g, Build(1, 6))
    offer = TradeOffer(1, 0, Bundle((), 100), Bundle())
    assert "winning bid" in str(g.trade_problem(offer))
    g.apply(Pass(0))
    assert g.owner_of(3) == 1 and g.cash_of(1) == 0


def test_hasbro2022_plays_with_the_tax_man() -> None:
    """004 Tax man: "If it lands on any owned property, the owner pays the bank the amount
    that would normally be charged in rent." Nothing in it clashes with 001's asking for rent
    (the Bank collects at once), so the combination is allowed and plays."""
    rules = Rules.preset("hasbro2022").with_options(tax_man=True)
    paid: list[object] = []
    for seed in range(3):
        g = Game.new(["A", "B", "C"], rules, seed=seed, max_rounds=200)
        play(g, [BasicBot(), BasicBot(), BasicBot()],
             observe=lambda a, ev: paid.extend(e for e in ev
                                               if isinstance(e, Payment) and e.reason == "tax man"))
        assert g.over
    assert paid


def test_a_card_held_is_used_on_landing_on_go_to_jail() -> None:
    """003: "If the player lands on the Go to Jail square, he must move his token to Jail ...
    If the player has a Get Out of Jail Free card ..., he moves his token to the 'Just
    Visiting' part of the square." (`jail_card_on_arrival`)."""
    rules = Rules.classic().with_options(jail_card_on_arrival=True)
    g = setup(rules=rules, pos=[25, 0], dice=[(2, 3)], jail_cards={0: ["chance"]})
    chance_cards = len(g.decks[0])
    g.apply(Roll(0))
    me = g.player(0)
    assert me.square == 10 and not me.in_jail and me.jail_cards == ()
    assert len(g.decks[0]) == chance_cards + 1
    assert g.pending.kind == "end_turn"
    classic = setup(pos=[25, 0], dice=[(2, 3)], jail_cards={0: ["chance"]})
    classic.apply(Roll(0))
    assert classic.player(0).in_jail and classic.player(0).jail_cards == ("chance",)


def test_utility_rent_by_a_fresh_throw() -> None:
    """001: "Roll the dice to determine rent. If the owner has 1 utility, rent is 4x the dice
    roll." Read as a throw of its own (`utility_rent_throw = "fresh"`): Ann arrives on the
    Electric Company by 11 and throws 2 + 3: she owes 4 x 5; by the arrival throw, 4 x 11."""
    for reading, rent in (("fresh", 20), ("arrival", 44)):
        rules = Rules.classic().with_options(utility_rent_throw=reading)
        g = setup(rules=rules, pos=[1, 0], owners={12: 1}, dice=[(5, 6), (2, 3)])
        g.apply(Roll(0))
        assert g.cash_of(1) == 1500 + rent, reading
