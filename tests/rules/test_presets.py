"""Scenario tests of every difference between the classic rules and the other presets."""

from __future__ import annotations

import pytest

from passgo.core import Game, Rules
from passgo.core.actions import (
    Bid,
    CallTime,
    ClaimRent,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    Pass,
    PayJailFine,
    Roll,
    Sell,
    SellDown,
)
from passgo.core.errors import DataError, IllegalActionError
from passgo.core.state import BANK, HOTEL
from support import assert_illegal, kinds, money_total, setup, sq

HASBRO = Rules.preset("hasbro2022")
SHORT1 = Rules.preset("short-1")
SHORT2 = Rules.preset("short-2")


def test_presets_exist_and_are_valid() -> None:
    """Every preset named in the rules index exists and passes validation."""
    for name in ("classic", "hasbro2022", "short-1", "short-2", "time-limit"):
        Rules.preset(name).validate()
    with pytest.raises(DataError, match="unknown rule set"):
        Rules.preset("monopoly-junior")


# -- hasbro2022 ------------------------------------------------------------------------------


def test_hasbro_auction_opens_at_ten() -> None:
    """"Bidding starts at $10, and anyone can increase the bid by as little as $1." (001)"""
    g = setup(rules=HASBRO, dice=[(1, 2)])  # Ann to Baltic Avenue
    g.apply(Roll(0))
    g.apply(Decline(0))
    assert g.pending.kind == "bid" and g.pending.player == 1
    assert_illegal(g, Bid(1, 9))
    g.apply(Bid(1, 10))
    assert_illegal(g, Bid(0, 10))
    g.apply(Bid(0, 11))
    g.apply(Pass(1))
    assert g.owner[sq("Baltic Avenue")] == 0
    assert g.cash[0] == 1500 - 11


def test_hasbro_rent_must_be_asked_before_next_roll() -> None:
    """"If they don't ask before the next player rolls the dice, you don't have to pay!" (001)"""
    g = setup(rules=HASBRO, dice=[(1, 2), (2, 3)], owners={sq("Baltic Avenue"): 1})
    events = g.apply(Roll(0))
    assert "rent_due" in kinds(events)
    assert g.cash == [1500, 1500]
    g.apply(EndTurn(0))
    g.apply(Roll(1))  # Bob throws without having asked: the rent is forfeit
    assert g.claims == []
    assert_illegal(g, ClaimRent(1, sq("Baltic Avenue")))
    assert g.cash[0] == 1500


def test_hasbro_rent_paid_when_asked() -> None:
    """"When you land on a property that someone else owns, the owner must ask you for rent.
    If they do, you must pay." (001)"""
    g = setup(rules=HASBRO, dice=[(1, 2)], owners={sq("Baltic Avenue"): 1})
    g.apply(Roll(0))
    # The owner may ask out of turn, while Ann is still to end her turn.
    assert ClaimRent(1, sq("Baltic Avenue")) in g.legal_actions(1)
    g.apply(ClaimRent(1, sq("Baltic Avenue")))
    assert g.cash == [1500 - 4, 1500 + 4]


def test_classic_second_player_window() -> None:
    """"The owner may not collect the rent if he/she fails to ask for it before the second
    player following throws the dice." (000) — the same switch with the longer window."""
    rules = Rules.classic().with_options(rent_claim="before_second_roll")
    g = setup(("Ann", "Bob", "Cy"), rules=rules, dice=[(1, 2), (4, 6)],
              owners={sq("Baltic Avenue"): 2})
    g.apply(Roll(0))
    g.apply(EndTurn(0))
    g.apply(Roll(1))  # the first player following throws: still time
    assert len(g.claims) == 1
    g.apply(EndTurn(1))
    g.apply(ClaimRent(2, sq("Baltic Avenue")))
    assert g.cash[0] == 1500 - 4 and g.cash[2] == 1500 + 4


def test_bots_always_claim() -> None:
    """Bots always ask for rent (hasbro2022 makes rent forfeit if not asked): the play loop
    claims every rent before any bot is asked to decide, and money is conserved."""
    from passgo.agents import BasicBot, play

    class Watching:
        """A basic bot that checks, each time it is asked, that no claim is waiting."""

        def __init__(self) -> None:
            self.bot = BasicBot()

        def act(self, game: Game, player: int):  # type: ignore[no-untyped-def]
            assert game.claims == []
            return self.bot.act(game, player)

    g = Game.new(["A", "B", "C"], rules=HASBRO, seed=5, max_rounds=300)
    play(g, [Watching(), Watching(), Watching()])
    assert g.over
    assert money_total(g) == 3 * 1500
    assert any(a.text().startswith("claim") for a in g.history)


def test_hasbro_pay_fine_on_every_jail_turn() -> None:
    """"Pay $50 at the start of your next turn, then roll and move as normal." (001) — on
    each of the three jail turns, unlike the classic "either of your next two turns"."""
    g = setup(rules=HASBRO, jailed={0: 2})
    assert PayJailFine(0) in g.legal_actions(0)
    g.apply(PayJailFine(0))
    assert not g.jailed[0] and g.cash[0] == 1450
    classic = setup(jailed={0: 2})
    assert_illegal(classic, PayJailFine(0))


def test_hasbro_flat_income_tax() -> None:
    """"Pay the Bank the amount shown on the space." (001): no 10 % choice."""
    g = setup(rules=HASBRO, dice=[(1, 3)])
    g.apply(Roll(0))
    assert g.pending.kind == "end_turn"
    assert g.cash[0] == 1300


def test_hasbro_utility_rent_is_a_roll_of_its_own() -> None:
    """"Utilities: Roll the dice to determine rent. If the owner has 1 utility, rent is 4x the
    dice roll. If the owner has 2 utilities, rent is 10x the dice roll." (001) Ann arrives on
    the Electric Company by 5 + 6 and rolls 2 + 3 for the rent: Bob asks 4 x 5, not 4 x 11;
    with both utilities, 10 x 5. The roll for rent is no throw of the turn: no doubles."""
    electric, water = sq("Electric Company"), sq("Water Works")
    for owners, rent in (({electric: 1}, 20), ({electric: 1, water: 1}, 50)):
        g = setup(rules=HASBRO, pos=[1, 0], owners=owners, dice=[(5, 6), (2, 3)])
        events = g.apply(Roll(0))
        assert [e.dice for e in events if e.kind == "dice"] == [(5, 6), (2, 3)]
        g.apply(ClaimRent(1, electric))
        assert g.cash == [1500 - rent, 1500 + rent]
    g = setup(rules=HASBRO, pos=[1, 0], owners={electric: 1}, dice=[(5, 6), (3, 3)])
    g.apply(Roll(0))
    g.apply(ClaimRent(1, electric))
    assert g.cash == [1476, 1524] and g.pending.kind == "end_turn"


def test_hasbro_hotel_exchanged_for_four_houses() -> None:
    """"Sell Hotels to the Bank for half the cost, and exchange them immediately for 4
    Houses." (001): with fewer than 4 houses in the Bank a hotel cannot be exchanged, so it
    is not broken down into houses; the classic rules break it down into what the Bank has."""
    owners = {sq("Park Place"): 0, sq("Boardwalk"): 0}
    levels = {sq("Park Place"): HOTEL, sq("Boardwalk"): HOTEL}
    g = setup(rules=HASBRO, owners=owners, levels=levels)
    g.apply(Sell(0, sq("Boardwalk")))
    assert g.level[sq("Boardwalk")] == 4 and g.cash[0] == 1500 + 100
    g.bank_houses = 3  # a shortage: the exchange is impossible
    assert_illegal(g, Sell(0, sq("Park Place")))
    downs = [a for a in g.legal_actions(0) if isinstance(a, SellDown)]
    assert downs and all(a.levels[0] == 0 for a in downs)  # Park Place's hotel sold bare only
    g = setup(rules=HASBRO, owners=owners, levels=levels)
    g.bank_houses = 3
    assert [a.text() for a in g.legal_actions(0) if a.text().startswith("sell")] == [
        "sell-down dark_blue 0,0"]  # bare (below): the 8 houses exchanged go straight back
    classic = setup(owners=owners, levels=levels)
    classic.bank_houses = 3
    assert "sell-down dark_blue 1,1" in [a.text() for a in classic.legal_actions(0)]


def test_hasbro_hotels_short_of_houses_are_sold_bare() -> None:
    """"Sell Hotels to the Bank for half the cost, and exchange them immediately for 4
    Houses. ... Sell Houses to the Bank for half their cost." (001, silent on a Bank short
    of houses): a hotel exchanged for houses that are all sold back at once needs none of the
    Bank's, so the group's hotels can always be sold to bare streets; half the cost of each
    hotel and its four houses, the Bank's houses unchanged and its hotels back."""
    owners = {sq("Park Place"): 0, sq("Boardwalk"): 0}
    levels = {sq("Park Place"): HOTEL, sq("Boardwalk"): HOTEL}
    g = setup(rules=HASBRO, owners=owners, levels=levels)
    g.bank_houses, hotels = 3, g.bank_hotels
    g.apply(SellDown(0, "dark_blue", (0, 0)))
    assert g.level[sq("Park Place")] == g.level[sq("Boardwalk")] == 0
    assert g.cash[0] == 1500 + 2 * 5 * 100
    assert g.bank_houses == 3 and g.bank_hotels == hotels + 2
    g = setup(rules=HASBRO, owners=owners, levels=levels)
    g.bank_houses = 3
    assert_illegal(g, SellDown(0, "dark_blue", (1, 1)))  # 1,1 keeps two of the eight


def test_hasbro_bankruptcy_to_bank_cancels_mortgages() -> None:
    """"Return all your properties to the Bank. Any mortgages are canceled." (001)"""
    g = setup(rules=HASBRO, dice=[(1, 3)], cash=[10, 1500],
              owners={sq("Oriental Avenue"): 0}, mortgaged=[sq("Oriental Avenue")])
    g.apply(Roll(0))  # Income Tax $200, flat
    g.apply(DeclareBankruptcy(0))
    assert g.over and g.winner == 1
    assert not g.mortgaged[sq("Oriental Avenue")]
    assert g.owner[sq("Oriental Avenue")] == BANK


def test_classic_bankruptcy_to_bank_keeps_mortgage_for_auction() -> None:
    """Classic: "the Bank immediately sells by auction all property so taken" (000); the deed
    is auctioned as it is, mortgaged, and its buyer takes on the mortgage."""
    g = setup(("Ann", "Bob", "Cy"), dice=[(1, 3)], cash=[10, 1500, 1500],
              owners={sq("Oriental Avenue"): 0}, mortgaged=[sq("Oriental Avenue")])
    g.apply(Roll(0))
    g.apply(_tax_flat(0))
    g.apply(DeclareBankruptcy(0))
    assert g.pending.kind == "bid"
    assert g.mortgaged[sq("Oriental Avenue")]
    g.apply(Bid(g.pending.player, 5))
    g.apply(Pass(g.pending.player))
    assert g.pending.kind == "mortgaged_deed"


def _tax_flat(p: int) -> object:
    from passgo.core.actions import ChooseTax

    return ChooseTax(p, False)


# -- short-1 ---------------------------------------------------------------------------------


def test_short1_three_free_deeds() -> None:
    """"the Banker shuffles then deals three Title Deed cards to each player. These are free
    no payment to the Bank is required." (000 Short Game)"""
    g = Game.new(["A", "B", "C", "D"], rules=SHORT1, seed=3)
    for p in range(4):
        assert sum(1 for o in g.owner if o == p) == 3
        assert g.cash[p] == 1500
    again = Game.new(["A", "B", "C", "D"], rules=SHORT1, seed=3)
    assert again.owner == g.owner


def test_other_starting_cash_keeps_the_rule_sets_start() -> None:
    """"Each player is given $1500" (000), or what the table agrees (`starting_cash`): the
    Short Game still "deals three Title Deed cards to each player", the older one's two are
    still paid for, the opening throws still choose who starts, and the Bank's ledger starts
    balanced; the cash survives a save."""
    rules = SHORT1.with_options(starting_cash=300)
    g = Game.new(["A", "B", "C", "D"], rules=rules, seed=3)
    assert g.cash == [300] * 4
    assert all(sum(1 for o in g.owner if o == p) == 3 for p in range(4))
    assert "opening" in kinds(g.events)
    assert money_total(g) == 4 * 1500  # (the ledger counts from the edition's $1,500 each)
    assert Game.from_json(g.to_json()).cash == [300] * 4
    paid = Game.new(["A", "B", "C"], rules=SHORT2.with_options(starting_cash=2000), seed=11)
    for p in range(3):
        deeds = [s for s, o in enumerate(paid.owner) if o == p]
        assert len(deeds) == 2
        assert paid.cash[p] == 2000 - sum(paid.board.squares[s].price for s in deeds)
    with pytest.raises(DataError, match="starting_cash"):
        Rules.classic().with_options(starting_cash=500, initial_auction=True)


def test_short1_hotel_after_three_houses() -> None:
    """"You need only three houses (instead of four) on each lot of a complete color-group
    before you may buy a hotel. Hotel rent remains the same." (000 Short Game)"""
    from passgo.core.actions import Build

    owners = {sq("Park Place"): 1, sq("Boardwalk"): 1}
    g = setup(("Bob", "Ann"), rules=SHORT1, owners=owners, dice=[(1, 3)],
              levels={sq("Park Place"): 3, sq("Boardwalk"): 3}, pos=[sq("Boardwalk") - 4, 0],
              cash=[3000, 1500])
    houses = g.bank_houses
    g.apply(Build(1, sq("Boardwalk")))  # Ann builds while Bob is about to throw
    assert g.level[sq("Boardwalk")] == HOTEL
    assert g.bank_houses == houses + 3
    assert g.cash[1] == 1500 - 200
    g.apply(Roll(0))
    assert g.cash == [3000 - 2000, 1300 + 2000]


def test_short1_hotel_turn_in_value() -> None:
    """"The turn-in value is still one-half the purchase price, which in this game is one house
    less than in the regular game." (000): a hotel sold outright returns half of 4 houses."""
    from passgo.core.actions import SellDown

    owners = {sq("Park Place"): 0, sq("Boardwalk"): 0}
    g = setup(rules=SHORT1, owners=owners,
              levels={sq("Park Place"): HOTEL, sq("Boardwalk"): HOTEL})
    g.apply(SellDown(0, "dark_blue", (0, 0)))
    assert g.cash[0] == 1500 + 2 * (4 * 200 // 2)


def test_short1_leave_jail_on_next_turn() -> None:
    """"you may try to roll doubles and, failing to do so, pay the $50 on the same turn."
    (000 Short Game)"""
    g = setup(rules=SHORT1, jailed={0: 0}, dice=[(1, 2)])
    g.apply(Roll(0))
    assert not g.jailed[0]
    assert g.cash[0] == 1450
    assert g.pos[0] == 13


def test_short1_flat_income_tax() -> None:
    """"The penalty for landing on 'Income Tax' is a flat $200." (000 Short Game)"""
    g = setup(rules=SHORT1, dice=[(1, 3)])
    g.apply(Roll(0))
    assert g.cash[0] == 1300 and g.pending.kind == "end_turn"


def test_short1_ends_at_first_bankruptcy_richest_wins() -> None:
    """"The game ends when one player goes bankrupt. The remaining players value their
    property: cash on hand; lots ... at the price printed on the board; any mortgaged property
    ... at one-half the price ...; houses, valued at purchase price; hotels, valued at purchase
    price including the value of the three houses turned in. The richest player wins!" (000)"""
    owners = {sq("Park Place"): 1, sq("Boardwalk"): 1, sq("Reading Railroad"): 2}
    g = setup(("Ann", "Bob", "Cy"), rules=SHORT1, dice=[(1, 3)], cash=[10, 500, 1200],
              owners=owners, levels={sq("Park Place"): HOTEL, sq("Boardwalk"): 3},
              mortgaged=[sq("Reading Railroad")])
    g.apply(Roll(0))  # Income Tax, flat $200, Ann cannot pay
    g.apply(DeclareBankruptcy(0))
    assert g.over
    bob = 500 + 350 + 400 + 4 * 200 + 3 * 200
    cy = 1200 + 100
    assert g.valuation(1) == bob and g.valuation(2) == cy
    assert g.winner == 1
    assert g.end_reason == "bankruptcy 1"


# -- short-2 ---------------------------------------------------------------------------------


def test_short2_two_paid_deeds() -> None:
    """"deals out two, one at a time, to each player. The players must immediately pay the
    Bank the printed price of each." (002 Short Game)"""
    g = Game.new(["A", "B", "C"], rules=SHORT2, seed=11)
    for p in range(3):
        deeds = [s for s, o in enumerate(g.owner) if o == p]
        assert len(deeds) == 2
        assert g.cash[p] == 1500 - sum(g.board.squares[s].price for s in deeds)
    assert money_total(g) == 3 * 1500


def test_short2_second_bankruptcy_passes_buildings_to_creditor() -> None:
    """"when the second bankruptcy occurs, the game ends. Game play immediately ceases, with
    the bankrupt player's turning over to his/her creditor all that he/she has of value,
    including buildings and any other properties." (002 Short Game)"""
    brown = {sq("Mediterranean Avenue"): 0, sq("Baltic Avenue"): 0}
    blue = {sq("Park Place"): 2, sq("Boardwalk"): 2}
    g = setup(("Ann", "Bob", "Cy"), rules=SHORT2, cash=[0, 0, 100], owners={**brown, **blue},
              levels={sq("Mediterranean Avenue"): 1, sq("Baltic Avenue"): 1,
                      sq("Boardwalk"): HOTEL, sq("Park Place"): HOTEL},
              pos=[sq("Boardwalk") - 3, 0, 0], dice=[(1, 2)])
    g.alive[1] = False  # Bob was the first bankrupt
    houses = g.bank_houses
    g.apply(Roll(0))  # Boardwalk with a hotel: $2,000; selling and mortgaging raise $110
    g.apply(DeclareBankruptcy(0))
    assert g.over and g.winner == 2 and g.end_reason == "bankruptcy 2"
    for street in brown:
        assert g.owner[street] == 2 and g.level[street] == 1
    assert g.bank_houses == houses
    assert g.valuation(2) == 100 + 60 + 60 + 2 * 50 + 350 + 400 + 2 * 4 * 200


def test_short2_first_bankruptcy_does_not_end_the_game() -> None:
    """"The first player to go bankrupt retires from game play, as in the regular game" (002)"""
    g = setup(("Ann", "Bob", "Cy"), rules=SHORT2, cash=[10, 1500, 1500], dice=[(1, 3)])
    g.apply(Roll(0))
    g.apply(_tax_flat(0))
    g.apply(DeclareBankruptcy(0))
    assert not g.over and not g.alive[0]


# -- time limit ------------------------------------------------------------------------------


def test_time_limit_richest_wins_after_the_agreed_rounds() -> None:
    """"agree upon a definite hour of termination, when the richest player will be declared
    the winner" (000 Time Limit Game): here the agreed length is a number of rounds."""
    from passgo.agents import BasicBot, play

    rules = Rules.preset("time-limit").with_options(round_limit=5)
    g = Game.new(["A", "B", "C"], rules=rules, seed=2)
    play(g, [BasicBot(), BasicBot(), BasicBot()])
    assert g.over and g.end_reason.startswith("time limit")
    assert g.rounds == 5
    if g.winner is not None:
        assert g.valuation(g.winner) == max(g.valuation(p) for p in g.alive_players())


def test_call_time_ends_by_valuation() -> None:
    """000 Time Limit Game: "agree upon a definite hour of termination, when the richest player
    will be declared the winner". The hour is the front-end's clock; the core hears `call-time`
    (recorded and replayed like any action) and ends the game by the valuation."""
    g = setup(cash=[1000, 1200], rules=Rules.classic().with_options(clock_minutes=90))
    events = g.apply(CallTime(0))
    assert g.over and g.winner == 1 and kinds(events) == ["game_over"]
    assert g.end_reason == "time called" and g.history[-1] == CallTime(0)
    with pytest.raises(IllegalActionError):
        g.apply(CallTime(1))
    assert Game.from_json(g.to_json()).over


def test_time_is_called_only_in_a_game_that_ends_by_time() -> None:
    """The classic game ends "when one player is left": no hour of termination was agreed, so
    nobody may call time; a time-limit game by rounds (simulations) may be called early."""
    g = setup()
    assert_illegal(g, CallTime(0))
    assert CallTime(0) not in g.legal_actions(0)  # the clock's, never a bot's choice
    timed = setup(cash=[1500, 900], rules=Rules.preset("time-limit"))
    timed.apply(CallTime(1))
    assert timed.winner == 0
