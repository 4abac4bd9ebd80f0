"""004 Initial auction: every deed sold by closed bids before the game begins."""

from __future__ import annotations

import pytest

from passgo.agents import BasicBot, RandomBot, StrategicBot, play
from passgo.core import (
    Action,
    Bundle,
    DataError,
    Game,
    IllegalActionError,
    InitialBids,
    InitialBidsDecision,
    ProposeTrade,
    Roll,
    Rules,
    TradeOffer,
)
from support import kinds, money_total

RULES = Rules.classic().with_options(initial_auction=True)


def new(n: int = 2, dice: list[tuple[int, int]] | None = None) -> Game:
    return Game.new(["Ann", "Bob", "Cy", "Dee"][:n], RULES, seed=5, order="given",
                    dice=dice or [])


def test_players_start_with_ten_thousand_divided_among_them() -> None:
    """004: "start the game with more money: $10,000 divided by the number of players should
    be about right." Rounded down; the Bank's ledger starts balanced."""
    for n, cash in ((2, 5000), (3, 3333), (4, 2500)):
        g = new(n)
        assert g.cash == [cash] * n
        assert money_total(g) == n * 1500  # the ledger's constant is the edition's
    rules = RULES.with_options(initial_auction_money=6000)
    assert Game.new(["A", "B"], rules, seed=1).cash == [3000, 3000]


def test_everyone_writes_closed_bids_before_the_first_throw() -> None:
    """"Before the game begins, everyone writes down how much they will pay for every property
    on the board in a closed auction." Asked one at a time; nobody's view shows another's
    bids; the first throw waits until all are in."""
    g = new(3)
    d = g.pending
    assert isinstance(d, InitialBidsDecision) and d.player == 0 and d.budget == 3333
    assert d.squares == g.board.properties and d.asked == (0, 1, 2)
    before = g.view(1)
    events = g.apply(InitialBids(0, (1, 39), (100, 900)))
    assert kinds(events) == ["sealed_bid"] and "900" not in str(g.view(1))
    assert g.view(1)["deeds"] == before["deeds"] and g.pending.player == 1
    assert Roll(0) not in g.legal_actions(0)


def test_each_deed_goes_to_its_highest_bidder_who_pays_it() -> None:
    """"The game then begins by checking everyone's bids and selling the properties to the
    highest bidder for each property". Deeds nobody bid for stay with the Bank."""
    g = new(3)
    g.apply(InitialBids(0, (1, 39), (100, 900)))
    g.apply(InitialBids(1, (39, 5), (950, 200)))
    events = g.apply(InitialBids(2))
    assert g.owner_of(1) == 0 and g.owner_of(39) == 1 and g.owner_of(5) == 1
    assert g.owner_of(3) is None
    assert g.cash_of(0) == 3333 - 100 and g.cash_of(1) == 3333 - 1150 and g.cash_of(2) == 3333
    assert kinds(events)[-1] == "turn" and g.pending.kind == "roll"
    assert money_total(g) == 3 * 1500


def test_bids_written_are_held_until_the_deeds_are_sold() -> None:
    """"selling the properties to the highest bidder": every bid written may win and must then
    be paid, so a bidder may not give away the cash the bids hold before the sale (000: "The
    buyer pays the Bank the amount of the bid in cash"); it would leave them below zero."""
    g = new(3)
    g.apply(InitialBids(0, (1, 39), (1000, 2333)))
    gift = ProposeTrade(0, TradeOffer(0, 1, Bundle(cash=100), Bundle()))
    assert not g.is_legal(gift)
    assert g.is_legal(ProposeTrade(0, TradeOffer(0, 1, Bundle(cash=0), Bundle(cash=5))))
    g.apply(InitialBids(1))
    g.apply(InitialBids(2))
    assert g.cash_of(0) == 0 and g.owner_of(39) == 0


def test_ties_are_broken_by_die_roll() -> None:
    """"with ties broken by die roll": the tied bidders throw; the higher total wins."""
    g = new(2, dice=[(1, 2), (5, 5)])
    g.apply(InitialBids(0, (39,), (400,)))
    events = g.apply(InitialBids(1, (39,), (400,)))
    assert [e.dice for e in events if e.kind == "dice"] == [(1, 2), (5, 5)]
    assert g.owner_of(39) == 1 and g.cash_of(1) == 4600 and g.cash_of(0) == 5000


@pytest.mark.parametrize("bids", [
    InitialBids(0, (1, 1), (10, 10)),      # a deed twice
    InitialBids(0, (2,), (10,)),           # Community Chest is no deed
    InitialBids(0, (1,), (0,)),            # a bid of nothing
    InitialBids(0, (1, 39), (2500, 2501)),  # more than the cash (5000)
    InitialBids(0, (1,), ()),              # no amount
])
def test_bids_that_cannot_be_paid_or_make_no_sense_are_refused(bids: Action) -> None:
    """Reading: a player's bids together may not exceed their cash, so whatever they win they
    can pay."""
    g = new(2)
    before = g.to_json()
    with pytest.raises(IllegalActionError):
        g.apply(bids)
    assert g.to_json() == before


def test_the_bids_round_trip_as_text_and_replay() -> None:
    a = InitialBids(1, (1, 39), (60, 400))
    assert Action.parse(a.text(), 1) == a and a.text() == "bids 1:60,39:400"
    assert Action.parse("bids none", 0) == InitialBids(0)
    g = new(2)
    g.apply(InitialBids(0, (1, 39), (60, 400)))
    g.apply(InitialBids(1, (39,), (401,)))
    assert Game.from_json(g.to_json()).owner_of(39) == 1


def test_the_rule_combines_with_the_order_auction_and_not_with_dealt_deeds() -> None:
    with pytest.raises(DataError, match="deal_deeds"):
        Rules.preset("short-1").with_options(initial_auction=True)
    with pytest.raises(DataError, match="initial_auction_money"):
        Rules.classic().with_options(initial_auction_money=5000)
    g = Game.new(["A", "B"], RULES.with_options(order_auction=True), seed=2)
    assert g.pending.kind == "initial_bids"
    g.apply(InitialBids(g.pending.player))
    g.apply(InitialBids(g.pending.player))
    assert g.pending.kind == "sealed_bid"  # then the order of play


def test_every_bot_writes_bids_and_plays_on() -> None:
    for seed in range(4):
        g = Game.new(["A", "B", "C"], RULES, seed=seed, max_rounds=150)
        play(g, [RandomBot(seed), BasicBot(), StrategicBot()])
        assert g.over and g.history[0].word == "bids"
    g = new(2)
    action = BasicBot().act(g, 0)
    assert isinstance(action, InitialBids) and len(action.squares) == 28
    assert g.is_legal(action)
