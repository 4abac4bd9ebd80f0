"""Corners of the rules a careful player would argue about, each checked in an exact position.

Rule texts (the specification, /work/shared/rules/): 000 = the classic Parker Brothers rules
(the default rule set, with its Short Game and Time Limit Game), 001 = the 2022 Hasbro rule
book, 002 = the classic rules with the older Short Game, 003 = the Wikibooks summary (with the
British board), 004 = commonly missed rules and the FAQ. reference/rules_differences.md names
the differences. Forced dice and stacked decks make every amount and square exact.

These scenarios complement the other files of tests/rules: each looks at a situation those do
not (the fine paid and then three doubles, doubles out of jail onto a card or a utility, a
card's throw among the doubles of a turn, the second doubles passing GO before the third sends
the player to jail, a mortgaged utility or railroad beside unmortgaged ones, mortgaged deeds
changing hands twice, bankruptcy on a doubles turn, the Short Games ending at a bankruptcy to
the Bank, the British board's taxes, the Time Limit Game's deal and count, ...).
"""

from __future__ import annotations

from passgo.core import Game, Rules
from passgo.core.actions import (
    AcceptTrade,
    Bid,
    Build,
    Bundle,
    CallTime,
    ChooseTax,
    DeclareBankruptcy,
    EndTurn,
    KeepMortgage,
    Mortgage,
    Pass,
    PayJailFine,
    ProposeTrade,
    Roll,
    Sell,
    TradeOffer,
    Unmortgage,
)
from passgo.core.events import Bankrupt, CardDrawn, Event, Jailed, LeftJail, Moved, Payment
from passgo.core.state import BANK, HOTEL
from support import assert_illegal, kinds, money_total, only, paid_by_players, salaries, setup, sq

MEDITERRANEAN = sq("Mediterranean Avenue")
BALTIC = sq("Baltic Avenue")
INCOME_TAX = sq("Income Tax")
READING = sq("Reading Railroad")
ORIENTAL = sq("Oriental Avenue")
VERMONT = sq("Vermont Avenue")
CONNECTICUT = sq("Connecticut Avenue")
JAIL = sq("Jail")
ELECTRIC = sq("Electric Company")
VIRGINIA = sq("Virginia Avenue")
PENNSYLVANIA_RR = sq("Pennsylvania Railroad")
ST_JAMES = sq("St. James Place")
NEW_YORK = sq("New York Avenue")
B_AND_O = sq("B. & O. Railroad")
WATER = sq("Water Works")
GO_TO_JAIL = sq("Go To Jail")
SHORT_LINE = sq("Short Line")
PARK_PLACE = sq("Park Place")
LUXURY_TAX = sq("Luxury Tax")
BOARDWALK = sq("Boardwalk")
RAILROADS = (READING, PENNSYLVANIA_RR, B_AND_O, SHORT_LINE)
LIGHT_BLUE = (ORIENTAL, VERMONT, CONNECTICUT)
DARK_BLUE = (PARK_PLACE, BOARDWALK)


def rent_payments(events: list[Event]) -> list[tuple[int | None, int | None, int]]:
    """(payer, owner, amount) of every rent paid in these events."""
    return [(e.payer, e.payee, e.amount) for e in paid_by_players(events) if e.reason == "rent"]


def bob_and_back(g: Game, bob: int = 1) -> None:
    """Ann ends her turn; Bob throws (scripted from Income Tax to Just Visiting) and ends his."""
    g.apply(EndTurn(0))
    assert g.pending.player == bob
    g.apply(Roll(bob))
    g.apply(EndTurn(bob))


# -- jail ----------------------------------------------------------------------------------------


def test_fine_paid_then_three_doubles_send_the_player_back_to_jail() -> None:
    """000: "paying a fine of $50 before you roll the dice" frees the player for an ordinary
    turn, so "If you throw doubles three times in succession, move your token immediately to the
    space marked 'In Jail'" holds as on any turn: 1+1 to Electric Company, 2+2 to St. James
    Place (both Ann's), 3+3 not moved but jailed, and the new stay starts afresh (the fine may
    again be paid before throwing)."""
    g = setup(jailed={0: 0}, pos=[JAIL, INCOME_TAX], owners={ELECTRIC: 0, ST_JAMES: 0},
              dice=[(1, 1), (2, 2), (3, 3), (2, 4)])
    g.apply(PayJailFine(0))
    assert g.cash == [1450, 1500]
    g.apply(Roll(0))
    assert g.pos[0] == ELECTRIC and g.pending.kind == "roll"
    g.apply(Roll(0))
    assert g.pos[0] == ST_JAMES and g.pending.kind == "roll" and g.doubles == 2
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "jail"]
    assert events[1] == Jailed(0, JAIL, "doubles")
    assert g.pos[0] == JAIL and g.jailed[0] and g.jail_turns[0] == 0
    assert g.cash == [1450, 1500]
    assert g.pending.kind == "end_turn"
    assert_illegal(g, Roll(0))
    bob_and_back(g)
    assert g.pending.kind == "jail" and g.pending.player == 0
    assert PayJailFine(0) in g.legal_actions(0)


def test_fine_is_not_paid_on_the_turn_of_arrival_nor_on_another_players_turn() -> None:
    """000: "paying a fine of $50 before you roll the dice on either of your next two turns":
    not on the turn that sent the player to jail, and not during another player's turn; only
    when the player's own next turn begins."""
    g = setup(pos=[GO_TO_JAIL - 5, INCOME_TAX], dice=[(2, 3), (2, 4)])
    g.apply(Roll(0))
    assert g.jailed[0] and g.pending.kind == "end_turn"
    assert_illegal(g, PayJailFine(0))
    g.apply(EndTurn(0))
    assert g.pending.kind == "roll" and g.pending.player == 1
    assert_illegal(g, PayJailFine(0))
    g.apply(Roll(1))
    assert_illegal(g, PayJailFine(0))
    g.apply(EndTurn(1))
    assert g.pending.kind == "jail" and g.pending.player == 0
    g.apply(PayJailFine(0))
    assert g.cash[0] == 1450 and not g.jailed[0]


def test_doubles_out_of_jail_onto_chance_advance_to_go_and_no_other_throw() -> None:
    """000: doubles in jail: "you immediately move forward the number of spaces shown by your
    doubles throw; even though you had thrown doubles, you do not take another turn"; the card
    is obeyed ("Each time a player's token lands on or passes over GO, whether by throwing the
    dice or drawing a card, the Banker pays him/her a $200 salary"): 6+6 to Chance (22),
    Advance to GO, $200, and the turn is over."""
    g = setup(jailed={0: 1}, dice=[(6, 6), (1, 2)], chance=["advance-to-go"])
    events = g.apply(Roll(0))
    assert kinds(events)[:3] == ["dice", "jail_free", "move"]
    assert events[1] == LeftJail(0, "doubles")
    assert events[2] == Moved(0, JAIL, 22, 12, False, "throw")
    assert [e.card for e in only(CardDrawn, events)] == ["advance-to-go"]
    assert salaries(events) == [200]
    assert g.pos[0] == 0 and not g.jailed[0] and g.cash[0] == 1700
    assert g.pending.kind == "end_turn" and g.pending.player == 0
    assert_illegal(g, Roll(0))
    assert g.dice_script == [(1, 2)]


def test_doubles_out_of_jail_onto_a_utility_pay_on_that_throw() -> None:
    """000: "you immediately move forward the number of spaces shown by your doubles throw" and
    the square reached is played: 1+1 to Bob's Electric Company, "4 times amount shown on dice"
    = $8 (Bob owns one utility), and no other throw."""
    g = setup(jailed={0: 0}, owners={ELECTRIC: 1}, dice=[(1, 1), (6, 6)])
    events = g.apply(Roll(0))
    assert rent_payments(events) == [(0, 1, 8)]
    assert g.cash == [1492, 1508]
    assert g.pending.kind == "end_turn"
    assert g.dice_script == [(6, 6)]


def test_third_jail_turn_fine_then_rent_where_the_throw_lands() -> None:
    """000: "If you do not throw doubles by your third turn, you must pay the $50 fine. You
    then get out of Jail and immediately move forward the number of spaces shown by your
    throw." 2+3 on the third turn: $50 to the Bank, then $25 rent on Bob's Pennsylvania
    Railroad."""
    g = setup(jailed={0: 2}, owners={PENNSYLVANIA_RR: 1}, dice=[(2, 3)])
    flow = g.bank_flow
    events = g.apply(Roll(0))
    fines = [e.amount for e in paid_by_players(events) if e.payee is None]
    assert fines == [50]
    assert rent_payments(events) == [(0, 1, 25)]
    assert g.pos[0] == PENNSYLVANIA_RR and not g.jailed[0]
    assert g.cash == [1425, 1525] and g.bank_flow - flow == 50
    assert g.pending.kind == "end_turn"


def test_jailed_player_receives_a_card_payment_and_builds_with_it() -> None:
    """000: "Even though you are in Jail, you may buy and sell property, buy and sell houses and
    hotels and collect rents." Bob draws Chance "Elected Chairman of the Board - Pay each player
    $50"; jailed Ann, with $20, is paid and builds a $50 house on Mediterranean Avenue during
    Bob's turn."""
    g = setup(jailed={1: 0}, pos=[0, 0], cash=[1500, 20], owners={MEDITERRANEAN: 1, BALTIC: 1},
              dice=[(3, 4)], chance=["chairman-of-the-board"])
    assert_illegal(g, Build(1, MEDITERRANEAN))  # $20 is not enough for a $50 house
    g.apply(Roll(0))
    assert g.cash == [1450, 70]
    g.apply(Build(1, MEDITERRANEAN))
    assert g.level[MEDITERRANEAN] == 1 and g.cash[1] == 20 and g.jailed[1]


# -- doubles, GO and cards -------------------------------------------------------------------


def test_salary_of_an_earlier_doubles_throw_is_kept_when_the_third_sends_to_jail() -> None:
    """000: "When you are sent to Jail you cannot collect your $200 salary in that move": the
    salary of the second doubles, which passed GO, was collected in an earlier move and stays.
    2+2 from Short Line to Boardwalk, 1+1 past GO to Mediterranean Avenue (+$200), 3+3 to
    jail."""
    g = setup(pos=[SHORT_LINE, 0], owners={SHORT_LINE: 0, BOARDWALK: 0, MEDITERRANEAN: 0},
              dice=[(2, 2), (1, 1), (3, 3)])
    g.apply(Roll(0))
    assert g.pos[0] == BOARDWALK
    events = g.apply(Roll(0))
    assert salaries(events) == [200] and g.pos[0] == MEDITERRANEAN
    events = g.apply(Roll(0))
    assert salaries(events) == []
    assert g.pos[0] == JAIL and g.jailed[0]
    assert g.cash[0] == 1700


def test_nearest_utility_card_throw_is_not_one_of_the_turns_throws() -> None:
    """Chance "Advance token to nearest Utility ... throw dice and pay owner a total ten times
    the amount thrown" after doubles: the card's throw sets the rent only. The doubles that
    reached Chance still give another throw (000: "Retaining the dice, throw again"), and the
    card's 3+3 is not counted toward "doubles three times in succession" (000): after it, 1+1
    and 1+4 leave the player free on New York Avenue."""
    g = setup(pos=[3, 0], owners={ELECTRIC: 1, VIRGINIA: 0, NEW_YORK: 0},
              dice=[(2, 2), (3, 3), (1, 1), (1, 4)], chance=["nearest-utility"])
    events = g.apply(Roll(0))
    assert rent_payments(events) == [(0, 1, 60)]
    assert g.pos[0] == ELECTRIC and g.doubles == 1
    assert g.pending.kind == "roll" and g.pending.player == 0
    g.apply(Roll(0))
    assert g.pos[0] == VIRGINIA and g.doubles == 2 and g.pending.kind == "roll"
    g.apply(Roll(0))
    assert g.pos[0] == NEW_YORK and not g.jailed[0]
    assert g.pending.kind == "end_turn"
    assert g.cash == [1440, 1560]


def test_nearest_railroad_twice_the_rent_of_four_with_one_mortgaged() -> None:
    """004 FAQ 7: "If you own all four railroads and mortgage one or more of them, you may
    still collect $200 rent when an opponent lands on an un-mortgaged railroad"; the Chance card
    says "pay owner twice the rental to which he is otherwise entitled": $400."""
    g = setup(owners=dict.fromkeys(RAILROADS, 1), mortgaged=[READING], dice=[(3, 4)],
              chance=["nearest-railroad"])
    events = g.apply(Roll(0))
    assert g.pos[0] == PENNSYLVANIA_RR
    assert rent_payments(events) == [(0, 1, 400)]
    assert g.cash == [1100, 1900]


def test_go_back_three_spaces_after_passing_go_pays_one_salary() -> None:
    """000: the salary is paid each time a token "lands on or passes over GO" and "only once
    each time around the board"; Chance "Go back 3 spaces" moves backwards: Ann passes GO by
    the dice from Boardwalk (5+3, +$200) to Chance (7) and goes back to Income Tax, without a
    second salary, then pays the flat $200."""
    g = setup(pos=[BOARDWALK, 0], dice=[(5, 3)], chance=["go-back-3"])
    events = g.apply(Roll(0))
    assert salaries(events) == [200]
    assert g.pos[0] == INCOME_TAX and g.pending.kind == "tax"
    g.apply(ChooseTax(0, False))
    assert g.cash[0] == 1500


# -- rent ------------------------------------------------------------------------------------


def test_both_utilities_owned_one_mortgaged_still_ten_times() -> None:
    """000: "No rent can be collected on mortgaged properties or utilities, but rent can be
    collected on unmortgaged properties in the same group." 001: "The increased rent on
    unmortgaged railroads and utilities may be collected in the same way." Bob owns both
    utilities, Water Works mortgaged: 2+3 onto Electric Company costs 10 x 5 = $50."""
    g = setup(pos=[ELECTRIC - 5, 0], owners={ELECTRIC: 1, WATER: 1}, mortgaged=[WATER],
              dice=[(2, 3)])
    events = g.apply(Roll(0))
    assert rent_payments(events) == [(0, 1, 50)]
    assert g.cash == [1450, 1550]


def test_rent_on_the_mortgaged_utility_itself_is_nothing_even_with_both_owned() -> None:
    """000: "No rent can be collected on mortgaged properties or utilities": Bob owns both,
    Water Works mortgaged; 4+4 onto it costs nothing (and the doubles throw again)."""
    g = setup(pos=[WATER - 8, 0], owners={ELECTRIC: 1, WATER: 1}, mortgaged=[WATER],
              dice=[(4, 4)])
    events = g.apply(Roll(0))
    assert rent_payments(events) == []
    assert g.cash == [1500, 1500]
    assert g.pending.kind == "roll" and g.pending.player == 0


# -- building --------------------------------------------------------------------------------


def test_two_houses_on_park_place_at_most_three_on_boardwalk() -> None:
    """004: "You must build evenly, if you have two houses on Park Place, you can have no more
    than three houses on Boardwalk." From (2, 3) Boardwalk may not get a fourth; Park Place may
    get its third; selling must be even too (Park Place may not go down to 1)."""
    g = setup(owners=dict.fromkeys(DARK_BLUE, 0), levels={PARK_PLACE: 2, BOARDWALK: 3})
    assert_illegal(g, Build(0, BOARDWALK))
    assert_illegal(g, Sell(0, PARK_PLACE))
    g.apply(Build(0, PARK_PLACE))
    assert (g.level[PARK_PLACE], g.level[BOARDWALK]) == (3, 3)
    g.apply(Build(0, BOARDWALK))
    assert (g.level[PARK_PLACE], g.level[BOARDWALK]) == (3, 4)
    assert g.cash[0] == 1500 - 400


def test_selling_evenly_beside_a_hotel() -> None:
    """000: hotels "may be sold one house at a time (one hotel equals five houses), evenly, in
    reverse of the manner in which they were erected." With a hotel on Oriental and four houses
    on Vermont and Connecticut, a house from Vermont cannot go first (5, 3, 4); the hotel is
    broken down first, into four houses, for half a house's price ($25)."""
    g = setup(owners=dict.fromkeys(LIGHT_BLUE, 0), levels={ORIENTAL: HOTEL, VERMONT: 4,
                                                           CONNECTICUT: 4})
    houses = g.bank_houses
    assert_illegal(g, Sell(0, VERMONT))
    assert_illegal(g, Sell(0, CONNECTICUT))
    g.apply(Sell(0, ORIENTAL))
    assert [g.level[s] for s in LIGHT_BLUE] == [4, 4, 4]
    assert g.cash[0] == 1525 and g.bank_houses == houses - 4 and g.bank_hotels == 12
    g.apply(Sell(0, VERMONT))
    assert [g.level[s] for s in LIGHT_BLUE] == [4, 3, 4]


def test_a_mortgage_in_another_group_pays_for_houses() -> None:
    """004 FAQ 6: "You may mortgage property to buy houses, hotels or other properties of any
    colour group." 000: only a mortgage in the group itself stops building ("When all the
    properties of a color-group are no longer mortgaged, the owner may begin to buy back
    houses"). Ann, with $40, mortgages Boardwalk ($200) and builds on the browns."""
    g = setup(cash=[40, 1500], owners={MEDITERRANEAN: 0, BALTIC: 0, BOARDWALK: 0})
    assert_illegal(g, Build(0, MEDITERRANEAN))
    g.apply(Mortgage(0, BOARDWALK))
    assert g.cash[0] == 240
    g.apply(Build(0, MEDITERRANEAN))
    g.apply(Build(0, BALTIC))
    assert (g.level[MEDITERRANEAN], g.level[BALTIC]) == (1, 1)
    assert g.cash[0] == 140


def test_received_mortgaged_deed_stops_building_until_lifted() -> None:
    """000: "When all the properties of a color-group are no longer mortgaged, the owner may
    begin to buy back houses at full price." Ann buys Boardwalk, mortgaged, from Bob and keeps
    the mortgage ($20 interest): no house on the dark blues until she lifts it ($220)."""
    g = setup(owners={PARK_PLACE: 0, BOARDWALK: 1}, mortgaged=[BOARDWALK])
    g.apply(ProposeTrade(0, TradeOffer(0, 1, give=Bundle(cash=150),
                                       get=Bundle(properties=(BOARDWALK,)))))
    g.apply(AcceptTrade(1))
    assert g.pending.kind == "mortgaged_deed" and g.pending.player == 0
    g.apply(KeepMortgage(0, BOARDWALK))
    assert g.cash == [1500 - 150 - 20, 1650]
    assert_illegal(g, Build(0, PARK_PLACE))
    g.apply(Unmortgage(0, BOARDWALK))
    assert g.cash[0] == 1330 - 220
    g.apply(Build(0, PARK_PLACE))
    assert g.level[PARK_PLACE] == 1 and g.cash[0] == 1110 - 200


def test_a_hotel_bought_returns_four_houses_another_player_may_buy() -> None:
    """000: "When the Bank has no houses to sell, players wishing to build must wait for some
    player to return or sell his/her houses to the Bank before building", and a hotel's buyer
    "returns the four houses from that property to the Bank". All 32 houses stand on the
    board; Bob may not build on his light blues until Ann buys a hotel on Boardwalk."""
    green = (sq("Pacific Avenue"), sq("North Carolina Avenue"), sq("Pennsylvania Avenue"))
    orange = (sq("St. James Place"), sq("Tennessee Avenue"), sq("New York Avenue"))
    owners = dict.fromkeys((*DARK_BLUE, *green), 0) | dict.fromkeys((*orange, *LIGHT_BLUE), 1)
    g = setup(owners=owners, levels=dict.fromkeys((*DARK_BLUE, *green, *orange), 4))
    assert g.bank_houses == 0
    assert_illegal(g, Build(1, ORIENTAL))
    g.apply(Build(0, BOARDWALK))
    assert g.level[BOARDWALK] == HOTEL and g.bank_houses == 4 and g.bank_hotels == 11
    g.apply(Build(1, ORIENTAL))
    assert g.level[ORIENTAL] == 1 and g.bank_houses == 3
    assert g.cash == [1300, 1450]


# -- trades and mortgages --------------------------------------------------------------------


def test_mortgaged_deed_changing_hands_twice_pays_interest_each_time() -> None:
    """003: "Whenever a mortgaged property changes hands between players, the new owner must
    immediately pay another 10% interest on the mortgage price". Reading Railroad (mortgage
    $100) goes from Ann to Bob ($10), from Bob to Cy ($10); Cy lifts it later ($110): the
    Bank takes $130."""
    g = setup(("Ann", "Bob", "Cy"), owners={READING: 0}, mortgaged=[READING])
    total, flow = money_total(g), g.bank_flow
    g.apply(ProposeTrade(0, TradeOffer(0, 1, give=Bundle(properties=(READING,)),
                                       get=Bundle(cash=50))))
    g.apply(AcceptTrade(1))
    g.apply(KeepMortgage(1, READING))
    g.apply(ProposeTrade(1, TradeOffer(1, 2, give=Bundle(properties=(READING,)),
                                       get=Bundle(cash=60))))
    g.apply(AcceptTrade(2))
    assert g.pending.kind == "mortgaged_deed" and g.pending.player == 2
    g.apply(KeepMortgage(2, READING))
    assert g.owner[READING] == 2 and g.mortgaged[READING]
    g.apply(Unmortgage(2, READING))
    assert not g.mortgaged[READING]
    assert g.cash == [1550, 1500 - 50 - 10 + 60, 1500 - 60 - 10 - 110]
    assert g.bank_flow - flow == 130
    assert money_total(g) == total


# -- bankruptcy ------------------------------------------------------------------------------


def test_bankrupt_on_a_doubles_throw_the_turn_passes_to_the_left() -> None:
    """000: "A bankrupt player must immediately retire from the game" and "the turn passes to
    the left": Ann, bankrupt to Cy on Boardwalk reached by doubles, throws no more; Bob, on her
    left, throws next, not the creditor Cy."""
    g = setup(("Ann", "Bob", "Cy"), pos=[BOARDWALK - 4, 0, 0], cash=[10, 1500, 1500],
              owners=dict.fromkeys(DARK_BLUE, 2), levels={PARK_PLACE: 1, BOARDWALK: 1},
              dice=[(2, 2), (1, 2)])
    g.apply(Roll(0))
    assert g.pending.kind == "raise_funds" and g.pending.player == 0
    g.apply(DeclareBankruptcy(0))
    assert not g.alive[0] and g.cash == [0, 1500, 1510]
    assert g.pending.kind == "roll" and g.pending.player == 1
    assert_illegal(g, Roll(0))


def test_short_game_ends_at_a_bankruptcy_to_the_bank_without_an_auction() -> None:
    """000 Short Game: "The game ends when one player goes bankrupt. The remaining players
    value their property": Ann owes the Bank $200 Income Tax and owns only mortgaged Baltic
    Avenue; her bankruptcy ends the game at once: Baltic goes to the Bank and is not auctioned
    (nobody buys more after the end); Bob, $1,500 and mortgaged Reading Railroad at half its
    price ($100), is richer than Cy's $1,550."""
    g = setup(("Ann", "Bob", "Cy"), rules=Rules.preset("short-1"), cash=[10, 1500, 1550],
              owners={BALTIC: 0, READING: 1}, mortgaged=[BALTIC, READING], dice=[(1, 3)])
    g.apply(Roll(0))  # flat Income Tax in the Short Game
    assert g.pending.kind == "raise_funds"
    g.apply(DeclareBankruptcy(0))
    assert g.over
    assert g.pending.kind == "game_over"
    assert g.owner[BALTIC] == BANK
    assert_illegal(g, Bid(1, 10))
    assert g.valuation(1) == 1500 + 100 and g.valuation(2) == 1550
    assert g.winner == 1


def test_second_short_game_ends_at_a_second_bankruptcy_to_the_bank_without_an_auction() -> None:
    """002 Short Game: "when the second bankruptcy occurs, the game ends. Game play immediately
    ceases, with the bankrupt player's turning over to his/her creditor all that he/she has of
    value, including buildings and any other properties. This happens whether the creditor is a
    rival player or the Bank." Ann's deeds go to the Bank, no auction is held, the richest of
    Bob and Cy wins."""
    g = setup(("Ann", "Bob", "Cy", "Dee"), rules=Rules.preset("short-2"),
              cash=[10, 1500, 1400, 0], owners={ORIENTAL: 0, VERMONT: 0, CONNECTICUT: 0},
              mortgaged=LIGHT_BLUE, dice=[(1, 3)])
    g.alive[3] = False  # Dee was the first bankrupt
    g.apply(Roll(0))
    g.apply(ChooseTax(0, False))
    g.apply(DeclareBankruptcy(0))
    assert g.over and g.pending.kind == "game_over"
    assert all(g.owner[s] == BANK for s in LIGHT_BLUE)
    assert_illegal(g, Bid(1, 10))
    assert g.winner == 1 and g.end_reason == "bankruptcy 2"
    assert g.cash == [0, 1500, 1400, 0]


def test_short_game_bankruptcy_to_a_player_counts_the_received_deeds() -> None:
    """000 Short Game: "The game ends when one player goes bankrupt. The remaining players value
    their property: cash on hand; lots, utilities and railroads owned, at the price printed on
    the board" and 000: a bankrupt "must turn over to that player all that you have of value".
    Ann ($0, unmortgaged Mediterranean Avenue, mortgage $30) cannot pay Bob's $50 Boardwalk
    rent; Bob receives Mediterranean: $1,500 + Boardwalk $400 + Mediterranean $60 = $1,960
    beats Cy's $1,900."""
    g = setup(("Ann", "Bob", "Cy"), rules=Rules.preset("short-1"), cash=[0, 1500, 1900],
              pos=[BOARDWALK - 3, 0, 0], owners={MEDITERRANEAN: 0, BOARDWALK: 1}, dice=[(1, 2)])
    g.apply(Roll(0))
    assert g.pending.kind == "raise_funds"
    g.apply(DeclareBankruptcy(0))
    assert g.over and g.owner[MEDITERRANEAN] == 1
    assert g.valuation(1) == 1960 and g.valuation(2) == 1900
    assert g.winner == 1


# -- editions and the Time Limit Game --------------------------------------------------------


def test_british_board_income_tax_has_no_ten_percent_option() -> None:
    """003: "If the player lands on Income Tax he must pay the Bank $200 or 10% of his assets
    ... (The 10% option is not available on the British board.)": on the uk edition the classic
    rules' choice is not offered; £200 is paid on landing."""
    g = setup(rules=Rules(edition="uk"), dice=[(1, 3)])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "payment"]
    assert events[2] == Payment(0, None, 200, "income tax")
    assert g.pending.kind == "end_turn"
    assert_illegal(g, ChooseTax(0, True))
    assert g.cash == [1300, 1500]


def test_british_board_super_tax_is_100() -> None:
    """003: "If the player lands on Luxury Tax/Super Tax, he must pay the Bank $75/£100.": on
    the uk edition, square 38 costs £100."""
    g = setup(rules=Rules(edition="uk"), pos=[LUXURY_TAX - 3, 0], dice=[(1, 2)])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "payment"]
    assert events[2] == Payment(0, None, 100, "luxury tax")
    assert g.cash == [1400, 1500]


def test_time_limit_game_deals_two_deeds_each_paid_for() -> None:
    """000 Time Limit Game: "Before starting, the Banker shuffles and cuts the Title Deed cards
    and deals two to each player. Players immediately pay the Bank the price of the properties
    dealt to them.\""""
    g = Game.new(["A", "B", "C", "D"], rules=Rules.preset("time-limit"), seed=7)
    for p in range(4):
        deeds = [s for s, o in enumerate(g.owner) if o == p]
        assert len(deeds) == 2
        assert g.cash[p] == 1500 - sum(g.board.squares[s].price for s in deeds)
    assert sum(1 for o in g.owner if o != BANK) == 8
    assert money_total(g) == 4 * 1500


def test_time_limit_game_richest_by_the_valuation() -> None:
    """000 Time Limit Game: "agree upon a definite hour of termination, when the richest player
    will be declared the winner"; holdings are valued as in the Short Game (rules_differences.md
    §2b: "cash, property at printed price, mortgaged at ½, buildings at purchase price"). Ann:
    $1,000 + Park Place and Boardwalk with a hotel each (350 + 400 + 2 x 5 x 200) = $3,750; Bob:
    $3,400 + mortgaged Reading ($100) + Short Line ($200) = $3,700: Ann wins."""
    g = setup(rules=Rules.preset("time-limit"), cash=[1000, 3400],
              owners=dict.fromkeys(DARK_BLUE, 0) | {READING: 1, SHORT_LINE: 1},
              levels=dict.fromkeys(DARK_BLUE, HOTEL), mortgaged=[READING])
    assert g.valuation(0) == 3750 and g.valuation(1) == 3700
    g.apply(CallTime(0))
    assert g.over and g.winner == 0


# -- the 2022 rule book (001, preset hasbro2022) ---------------------------------------------

HASBRO = Rules.preset("hasbro2022")


def test_hasbro_luxury_tax_is_the_100_shown_on_the_space() -> None:
    """001: "Pay the Bank the amount shown on the space." The 2022 board (us-2008 edition)
    shows Luxury Tax $100 (rules_differences.md row 9)."""
    g = setup(rules=HASBRO, pos=[LUXURY_TAX - 3, 0], dice=[(1, 2)])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "payment"]
    assert events[2] == Payment(0, None, 100, "luxury tax")
    assert g.cash == [1400, 1500]


def test_hasbro_fine_on_the_third_jail_turn_then_doubles_throw_again() -> None:
    """001: "Pay $50 at the start of your next turn, then roll and move as normal." — on the
    third jail turn too; the throw is then a normal one, and doubles (3+3 to St. James Place)
    throw again (1+2 to New York Avenue)."""
    g = setup(rules=HASBRO, jailed={0: 2}, owners={ST_JAMES: 0, NEW_YORK: 0},
              dice=[(3, 3), (1, 2)])
    g.apply(PayJailFine(0))
    assert g.cash[0] == 1450 and not g.jailed[0]
    g.apply(Roll(0))
    assert g.pos[0] == ST_JAMES and g.pending.kind == "roll"
    g.apply(Roll(0))
    assert g.pos[0] == NEW_YORK and g.pending.kind == "end_turn"


def test_hasbro_bankruptcy_to_the_bank_auctions_the_deeds_unmortgaged() -> None:
    """001: "Return all your properties to the Bank. Any mortgages are canceled. All your
    properties must immediately be put up for auction. Return any Get Out of Jail Free cards to
    the bottom of the appropriate deck." Ann's mortgaged Oriental Avenue is auctioned free of its
    mortgage: Cy's $10 buys it with no interest to pay; her card goes under the Chance deck."""
    g = setup(("Ann", "Bob", "Cy"), rules=HASBRO, cash=[10, 1500, 1500],
              owners={ORIENTAL: 0}, mortgaged=[ORIENTAL], jail_cards={0: ["chance"]},
              dice=[(1, 3)])
    card = g.cards[0][0]
    g.apply(Roll(0))  # Income Tax, a flat $200
    g.apply(DeclareBankruptcy(0))
    assert g.decks[card[0]][-1] == card[1] and g.cards[0] == []
    assert g.owner[ORIENTAL] == BANK and not g.mortgaged[ORIENTAL]
    assert g.pending.kind == "bid" and g.pending.player == 1
    assert g.bid_range(1) == (10, 1500)
    g.apply(Pass(1))
    g.apply(Bid(2, 10))
    # "the Banker ends the auction when no player is willing to increase the bid" (001)
    assert g.pending.kind == "bid" and g.pending.player == 1
    g.apply(Pass(1))
    assert g.owner[ORIENTAL] == 2 and not g.mortgaged[ORIENTAL]
    assert g.cash == [0, 1500, 1490]
    assert g.pending.kind == "roll" and g.pending.player == 1


def test_third_failed_jail_throw_without_the_fine_bankrupts_to_the_bank_without_moving() -> None:
    """"If you do not throw doubles by your third turn, you must pay the $50 fine. You then get
    out of Jail and immediately move forward the number of spaces shown by your throw." (000)
    and "Should you owe the Bank ... more than you can pay (because of taxes or penalties) even
    by selling off buildings and mortgaging property, you must turn over all assets to the
    Bank." (000) Ann, with $10 and nothing else, fails her third throw (1 + 2): the fine is a
    debt she cannot raise; bankrupt to the Bank, her $10 goes to it, her token never reaches
    States Avenue and the dice pass to Bob."""
    g = setup(("Ann", "Bob", "Cy"), cash=[10, 1500, 1500], jailed={0: 2}, dice=[(1, 2)])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "jail_free", "debt"]
    assert events[1] == LeftJail(0, "third_throw")
    assert g.pending.kind == "raise_funds" and g.legal_actions(0) == [DeclareBankruptcy(0)]
    events = g.apply(DeclareBankruptcy(0))
    assert [e for e in events if isinstance(e, Bankrupt | Payment)] == [
        Bankrupt(0, None, "jail fine"), Payment(0, None, 10, "bankruptcy")]

    assert "move" not in kinds(events)
    assert g.pos[0] == 10 and g.player(0).bankrupt
    assert g.pending.kind == "roll" and g.pending.player == 1
