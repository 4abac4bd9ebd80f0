"""Houses and hotels: building on complete groups, even building and selling, hotels, the
32 houses / 12 hotels supply, and hotels broken down into houses.

Rule files: 000 = classic Parker Brothers rules, 003 = Wikibooks summary,
004 = commonly missed rules and FAQ.
"""

from __future__ import annotations

from typing import Any

import pytest

from passgo.core import Game, Rules
from passgo.core.actions import Build, Sell, SellDown
from passgo.core.events import BuildingsSold, Built, Payment
from passgo.core.state import HOTEL
from support import assert_illegal, money_total, only, setup, sq

BOARDWALK = sq("Boardwalk")
PARK_PLACE = sq("Park Place")
ORIENTAL = sq("Oriental Avenue")
VERMONT = sq("Vermont Avenue")
CONNECTICUT = sq("Connecticut Avenue")
READING = sq("Reading Railroad")
ELECTRIC = sq("Electric Company")
LIGHT_BLUE = (ORIENTAL, VERMONT, CONNECTICUT)
DARK_BLUE = (PARK_PLACE, BOARDWALK)
RED = (sq("Kentucky Avenue"), sq("Indiana Avenue"), sq("Illinois Avenue"))
YELLOW = (sq("Atlantic Avenue"), sq("Ventnor Avenue"), sq("Marvin Gardens"))
GREEN = (sq("Pacific Avenue"), sq("North Carolina Avenue"), sq("Pennsylvania Avenue"))


def ann_owns(group: tuple[int, ...], built: tuple[int, ...] | None = None, **kw: Any) -> Game:
    """Ann (seat 0) owns the whole group, built to `built`; other `owners`/`levels` added."""
    owners = {s: 0 for s in group}
    owners.update(kw.pop("owners", {}))
    lv = dict(zip(group, built, strict=True)) if built else {}
    lv.update(kw.pop("levels", {}))
    return setup(owners=owners, levels=lv, **kw)


def bob_holds_houses(n: int) -> tuple[dict[int, int], dict[int, int]]:
    """Owners and levels giving Bob red, yellow and green with `n` houses on them (each group
    built evenly, red filled first), to empty the Bank's stock of 32 realistically."""
    assert 0 <= n <= 32
    owners = {s: 1 for s in RED + YELLOW + GREEN}
    levels: dict[int, int] = {}
    for group in (RED, YELLOW, GREEN):
        here, n = min(n, 12), n - min(n, 12)
        for i, s in enumerate(group):
            levels[s] = here // 3 + (1 if i < here % 3 else 0)
    return owners, levels


def levels_of(g: Game, group: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(g.level[s] for s in group)


# -- the supply ------------------------------------------------------------------------------


def test_bank_holds_32_houses_and_12_hotels() -> None:
    """"The equipment consists of a board, 2 dice, tokens, 32 houses and 12 hotels." (000)"""
    g = Game.new(["Ann", "Bob"], order="given")
    assert (g.bank_houses, g.bank_hotels) == (32, 12)


# -- building --------------------------------------------------------------------------------


def test_building_needs_the_whole_colour_group() -> None:
    """"When you own all the properties in a color-group you may buy houses from the Bank and
    erect them on those properties." (000) Ann has Boardwalk, Bob has Park Place."""
    g = setup(owners={BOARDWALK: 0, PARK_PLACE: 1})
    assert_illegal(g, Build(0, BOARDWALK))
    assert g.level[BOARDWALK] == 0 and g.bank_houses == 32


def test_house_costs_the_price_on_the_deed() -> None:
    """"The price you must pay the Bank for each house is shown on your Title Deed card for the
    property on which you erect the house." (000) Boardwalk $200, Oriental $50."""
    g = ann_owns(DARK_BLUE, owners={s: 0 for s in LIGHT_BLUE})
    total = money_total(g)
    events = g.apply(Build(0, BOARDWALK))
    assert events == [Payment(0, None, 200, "building"), Built(0, BOARDWALK, "house", 200, 1, 0)]
    assert g.level[BOARDWALK] == 1 and g.cash[0] == 1300
    g.apply(Build(0, ORIENTAL))
    assert g.level[ORIENTAL] == 1 and g.cash[0] == 1250
    assert g.bank_houses == 30
    assert g.bank_flow == 250
    assert money_total(g) == total


def test_houses_only_on_streets() -> None:
    """Houses are erected on "the properties" of "a color-group" (000): railroads and
    utilities belong to none and take no buildings."""
    g = setup(owners={READING: 0, ELECTRIC: 0, sq("Water Works"): 0})
    assert_illegal(g, Build(0, READING))
    assert_illegal(g, Build(0, ELECTRIC))


def test_building_needs_the_cash() -> None:
    """"you may buy and erect at any time as many houses as your judgment and financial
    standing will allow" (000): with $199 Ann cannot buy a $200 house."""
    g = ann_owns(DARK_BLUE, cash=[199, 1500])
    assert Build(0, BOARDWALK) not in g.legal_actions(0)
    assert_illegal(g, Build(0, BOARDWALK))


@pytest.mark.parametrize(
    ("start", "street", "after"),
    [
        ((2, 2, 2), VERMONT, (2, 3, 2)),  # 003: (2,3,2) is legal
        ((0, 1, 0), CONNECTICUT, (0, 1, 1)),  # 003: (0,1,1) is legal
        ((4, 3, 3), VERMONT, (4, 4, 3)),  # 003: (4,4,3) is legal
        ((0, 0, 0), ORIENTAL, (1, 0, 0)),
    ],
)
def test_even_building_legal_examples(
    start: tuple[int, int, int], street: int, after: tuple[int, int, int]
) -> None:
    """"For example, houses in a group may be distributed (2,3,2) or (0,1,1) or (4,4,3) but
    not (1,2,3) or (0,4,4)." (003)"""
    g = ann_owns(LIGHT_BLUE, start)
    g.apply(Build(0, street))
    assert levels_of(g, LIGHT_BLUE) == after


@pytest.mark.parametrize(
    ("start", "street"),
    [
        ((1, 2, 2), CONNECTICUT),  # would be (1,2,3), refused by 003
        ((1, 2, 2), VERMONT),  # would be (1,3,2): 3 houses beside 1
        ((0, 1, 1), VERMONT),  # toward (0,2,1): two beside none
        ((1, 0, 0), ORIENTAL),  # FAQ 4: no second house before each has one
    ],
)
def test_uneven_building_is_refused(start: tuple[int, int, int], street: int) -> None:
    """"you cannot erect more than one house on any one property of any color-group until you
    have built one house on every property of that group ... For example, you cannot build three
    houses on one property if you have only one house on another property of that group."
    (000); "(2,3,2) or (0,1,1) or (4,4,3) but not (1,2,3) or (0,4,4)" (003)."""
    g = ann_owns(LIGHT_BLUE, start)
    assert Build(0, street) not in g.legal_actions(0)
    assert_illegal(g, Build(0, street))
    assert levels_of(g, LIGHT_BLUE) == start


def test_faq_three_houses_on_only_one_property() -> None:
    """"If I own all the properties of one colour group, may I put three houses on only one
    property? No. Remember to build evenly at all times." (004, FAQ 4)"""
    g = ann_owns(LIGHT_BLUE)
    g.apply(Build(0, ORIENTAL))
    assert_illegal(g, Build(0, ORIENTAL))
    g.apply(Build(0, VERMONT))
    g.apply(Build(0, CONNECTICUT))
    g.apply(Build(0, ORIENTAL))
    assert levels_of(g, LIGHT_BLUE) == (2, 1, 1)
    assert g.cash[0] == 1500 - 4 * 50


def test_four_houses_is_the_limit_before_a_hotel() -> None:
    """"up to a limit of four houses to a property" (000): on (4,4) the next building of
    Boardwalk is a hotel, not a fifth house."""
    g = ann_owns(DARK_BLUE, (4, 4))
    events = g.apply(Build(0, BOARDWALK))
    assert [e.item for e in only(Built, events)] == ["hotel"]
    assert g.level[BOARDWALK] == HOTEL


# -- hotels ----------------------------------------------------------------------------------


def test_hotel_returns_four_houses_and_costs_one_house_price() -> None:
    """"When a player has four houses on each property of a complete color-group, he/she may
    buy a hotel from the Bank and erect it on any property of the color-group. He/she returns
    the four houses from that property to the Bank and pays the price for the hotel as shown on
    the Title Deed card." (000)"""
    g = ann_owns(DARK_BLUE, (4, 4))
    assert (g.bank_houses, g.bank_hotels) == (24, 12)
    total = money_total(g)
    g.apply(Build(0, PARK_PLACE))
    assert levels_of(g, DARK_BLUE) == (HOTEL, 4)
    assert (g.bank_houses, g.bank_hotels) == (28, 11)
    assert g.cash[0] == 1300
    g.apply(Build(0, BOARDWALK))
    assert levels_of(g, DARK_BLUE) == (HOTEL, HOTEL)
    assert (g.bank_houses, g.bank_hotels) == (32, 10)
    assert g.cash[0] == 1100
    assert money_total(g) == total


def test_hotel_needs_four_houses_on_every_street() -> None:
    """"When a player has four houses on each property of a complete color-group, he/she may
    buy a hotel" (000): with (3,4) Boardwalk cannot take a hotel yet."""
    g = ann_owns(DARK_BLUE, (3, 4))
    assert_illegal(g, Build(0, BOARDWALK))
    g.apply(Build(0, PARK_PLACE))
    assert levels_of(g, DARK_BLUE) == (4, 4)
    g.apply(Build(0, BOARDWALK))
    assert levels_of(g, DARK_BLUE) == (4, HOTEL)


def test_only_one_hotel_per_property() -> None:
    """"Only one hotel may be erected on any one property." (000)"""
    g = ann_owns(DARK_BLUE, (HOTEL, HOTEL))
    assert_illegal(g, Build(0, BOARDWALK))
    assert_illegal(g, Build(0, PARK_PLACE))
    assert not [a for a in g.legal_actions(0) if isinstance(a, Build)]


def test_no_hotel_without_the_houses_first() -> None:
    """"If there are not enough houses in the bank for a player to build four houses on each
    property before building a hotel, the player may not skip directly to buying a hotel by
    paying the full price at one go." (003) The Bank has no houses; Ann at (3,3) is stuck."""
    owners, levels = bob_holds_houses(26)
    g = ann_owns(DARK_BLUE, (3, 3), owners=owners, levels=levels)
    assert (g.bank_houses, g.bank_hotels) == (0, 12)
    assert_illegal(g, Build(0, BOARDWALK))
    assert_illegal(g, Build(0, PARK_PLACE))


def test_no_house_when_the_bank_has_none() -> None:
    """"When the Bank has no houses to sell, players wishing to build must wait for some player
    to return or sell his/her houses to the Bank before building." (000) Once Bob sells one
    back (and cannot pay for another himself), Ann may build."""
    owners, levels = bob_holds_houses(32)
    g = ann_owns(DARK_BLUE, (0, 0), owners=owners, levels=levels, cash=[1500, 0])
    assert g.bank_houses == 0
    assert_illegal(g, Build(0, BOARDWALK))
    g.apply(Sell(1, GREEN[0]))
    assert g.bank_houses == 1 and g.cash[1] == 100
    g.apply(Build(0, BOARDWALK))
    assert g.level[BOARDWALK] == 1 and g.bank_houses == 0


def test_no_hotel_when_the_bank_has_none() -> None:
    """"Once the 32 houses or 12 hotels have all been purchased, no more can be acquired."
    (004) Bob's twelve hotels leave none for Ann's (4,4)."""
    hotels = (
        sq("Mediterranean Avenue"), sq("Baltic Avenue"), *RED, *YELLOW, *GREEN,
        sq("St. Charles Place"),
    )
    pink = (sq("St. Charles Place"), sq("States Avenue"), sq("Virginia Avenue"))
    owners = {s: 1 for s in (*hotels, *pink)}
    levels = {s: HOTEL for s in hotels}
    levels.update({pink[1]: 4, pink[2]: 4})
    g = ann_owns(DARK_BLUE, (4, 4), owners=owners, levels=levels)
    assert g.bank_hotels == 0
    assert_illegal(g, Build(0, BOARDWALK))


# -- selling ---------------------------------------------------------------------------------


def test_houses_sell_back_for_half_price() -> None:
    """"Houses and hotels may be sold back to the Bank at any time for one-half the price paid
    for them." (000) A Boardwalk house returns $100."""
    g = ann_owns(DARK_BLUE, (1, 1))
    total = money_total(g)
    events = g.apply(Sell(0, BOARDWALK))
    assert events == [BuildingsSold(0, BOARDWALK, 0, 0), Payment(None, 0, 100, "buildings sold")]

    assert levels_of(g, DARK_BLUE) == (1, 0)
    assert g.cash[0] == 1600 and g.bank_houses == 31
    assert money_total(g) == total


def test_selling_must_be_even() -> None:
    """"As you build evenly, you must also break down evenly if you sell houses back to the
    Bank" (000): from (2,3,2) Oriental cannot go to 1 while Vermont has 3."""
    g = ann_owns(LIGHT_BLUE, (2, 3, 2))
    assert_illegal(g, Sell(0, ORIENTAL))
    assert_illegal(g, SellDown(0, "light_blue", (1, 3, 2)))
    g.apply(Sell(0, VERMONT))
    assert levels_of(g, LIGHT_BLUE) == (2, 2, 2)
    assert g.cash[0] == 1525
    g.apply(Sell(0, ORIENTAL))
    assert levels_of(g, LIGHT_BLUE) == (1, 2, 2)


def test_hotels_of_a_group_may_be_sold_at_once() -> None:
    """"All hotels on one color-group may be sold at once" (000): two Boardwalk-group hotels,
    each worth five $200 houses, return $1000; no house moves."""
    g = ann_owns(DARK_BLUE, (HOTEL, HOTEL))
    total = money_total(g)
    g.apply(SellDown(0, "dark_blue", (0, 0)))
    assert levels_of(g, DARK_BLUE) == (0, 0)
    assert (g.bank_houses, g.bank_hotels) == (32, 12)
    assert g.cash[0] == 2500
    assert money_total(g) == total


def test_hotel_sold_one_house_at_a_time() -> None:
    """"or they may be sold one house at a time (one hotel equals five houses), evenly, in
    reverse of the manner in which they were erected." (000) The hotel gives way to four
    houses from the Bank for $100 (half of one house)."""
    g = ann_owns(DARK_BLUE, (HOTEL, HOTEL))
    g.apply(Sell(0, BOARDWALK))
    assert levels_of(g, DARK_BLUE) == (HOTEL, 4)
    assert (g.bank_houses, g.bank_hotels) == (28, 11)
    assert g.cash[0] == 1600
    assert_illegal(g, Sell(0, BOARDWALK))  # (5,3) would be uneven
    g.apply(Sell(0, PARK_PLACE))
    assert levels_of(g, DARK_BLUE) == (4, 4)
    assert (g.bank_houses, g.bank_hotels) == (24, 12)
    g.apply(Sell(0, BOARDWALK))
    assert levels_of(g, DARK_BLUE) == (4, 3)
    assert g.cash[0] == 1800 and g.bank_houses == 25


def test_hotel_break_down_into_two_houses_each() -> None:
    """"hotels in one color group may be replaced by two houses each, and for each hotel thus
    broken down, the player receives half the cost of three houses." (003)"""
    g = ann_owns(DARK_BLUE, (HOTEL, HOTEL))
    total = money_total(g)
    g.apply(SellDown(0, "dark_blue", (2, 2)))
    assert levels_of(g, DARK_BLUE) == (2, 2)
    assert (g.bank_houses, g.bank_hotels) == (28, 12)
    assert g.cash[0] == 1500 + 2 * (3 * 200 // 2)
    assert money_total(g) == total


def test_hotel_break_down_needs_the_bank_houses() -> None:
    """"If there are sufficient houses in the bank, hotels may also be "broken down" into a
    number of houses" (003): with no house in the Bank a hotel cannot become four houses;
    selling the group's hotels at once ("one hotel equals five houses", 000) is still open."""
    owners, levels = bob_holds_houses(32)
    g = ann_owns(DARK_BLUE, (HOTEL, HOTEL), owners=owners, levels=levels)
    assert g.bank_houses == 0
    assert_illegal(g, Sell(0, BOARDWALK))
    assert_illegal(g, SellDown(0, "dark_blue", (HOTEL, 4)))
    assert_illegal(g, SellDown(0, "dark_blue", (1, 1)))
    assert SellDown(0, "dark_blue", (0, 0)) in g.legal_actions(0)
    g.apply(SellDown(0, "dark_blue", (0, 0)))
    assert levels_of(g, DARK_BLUE) == (0, 0)
    assert (g.bank_houses, g.bank_hotels) == (0, 12)
    assert g.cash[0] == 2500


def test_hotel_break_down_into_the_houses_the_bank_has() -> None:
    """"one hotel equals five houses" (000), broken down "if there are sufficient houses in the
    bank" (003): with three houses left, (5,5) may go to (2,1) for $700 but not to (2,2)."""
    owners, levels = bob_holds_houses(29)
    g = ann_owns(DARK_BLUE, (HOTEL, HOTEL), owners=owners, levels=levels)
    assert g.bank_houses == 3
    offered = {a.levels for a in g.legal_actions(0) if isinstance(a, SellDown)}
    assert sorted(sum(lv) for lv in offered) == [0, 1, 2, 3]  # one even spread per total
    assert (2, 1) in offered or (1, 2) in offered
    assert g.is_legal(SellDown(0, "dark_blue", (1, 2)))
    assert_illegal(g, SellDown(0, "dark_blue", (2, 2)))
    assert_illegal(g, SellDown(0, "dark_blue", (3, 0)))  # uneven
    g.apply(SellDown(0, "dark_blue", (2, 1)))
    assert levels_of(g, DARK_BLUE) == (2, 1)
    assert (g.bank_houses, g.bank_hotels) == (0, 12)
    assert g.cash[0] == 1500 + (3 + 4) * 200 // 2


def test_building_illegal_actions_change_nothing() -> None:
    """"But you must build evenly" (000): building or selling out of order, selling what is
    not there and building on another's street are refused without any change."""
    g = ann_owns(LIGHT_BLUE, (1, 1, 0), owners={BOARDWALK: 1, PARK_PLACE: 1})
    assert_illegal(g, Build(0, ORIENTAL))
    assert_illegal(g, Sell(0, CONNECTICUT))
    assert_illegal(g, Build(0, BOARDWALK))
    assert_illegal(g, Build(1, CONNECTICUT))
    assert_illegal(g, Sell(1, ORIENTAL))
    assert_illegal(g, SellDown(0, "light_blue", (1, 1, 1)))
    assert_illegal(g, SellDown(0, "no_such_group", (0, 0)))
    assert_illegal(g, Build(0, 99))


def test_short_game_hotel_after_three_houses() -> None:
    """Short Game: "You need only three houses (instead of four) on each lot of a complete
    color-group before you may buy a hotel. Hotel rent remains the same. The turn-in value is
    still one-half the purchase price, which in this game is one house less than in the regular
    game." (000)"""
    g = ann_owns(DARK_BLUE, (3, 3), rules=Rules(houses_per_hotel=3))
    total = money_total(g)
    events = g.apply(Build(0, BOARDWALK))
    assert [e.item for e in only(Built, events)] == ["hotel"]
    assert levels_of(g, DARK_BLUE) == (3, HOTEL)
    assert (g.bank_houses, g.bank_hotels) == (32 - 3, 11)
    assert g.cash[0] == 1300
    # Turn-in value of the hotel: four $200 houses' worth (3 turned in + 1), half = $400.
    g.apply(Sell(0, BOARDWALK))
    assert levels_of(g, DARK_BLUE) == (3, 3)
    assert g.cash[0] == 1400
    g.apply(Build(0, BOARDWALK))
    g.apply(SellDown(0, "dark_blue", (0, 0)))
    assert g.cash[0] == 1200 + (3 + 4) * 200 // 2
    assert (g.bank_houses, g.bank_hotels) == (32, 12)
    assert money_total(g) == total
