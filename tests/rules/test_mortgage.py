"""Mortgages: the printed mortgage value, lifting at +10 %, no buildings in a mortgaged group.

Rule files: 000 = classic Parker Brothers rules, 003 = Wikibooks summary,
004 = commonly missed rules and FAQ; reference = shared/reference/board.json.
"""

from __future__ import annotations

import pytest

from passgo.core.actions import Build, Mortgage, Sell, SellDown, Unmortgage
from passgo.core.events import Mortgaged, MortgageLifted
from support import assert_illegal, kinds, money_total, setup, sq

BOARDWALK = sq("Boardwalk")
PARK_PLACE = sq("Park Place")
MEDITERRANEAN = sq("Mediterranean Avenue")
ORIENTAL = sq("Oriental Avenue")
VERMONT = sq("Vermont Avenue")
CONNECTICUT = sq("Connecticut Avenue")
READING = sq("Reading Railroad")
ELECTRIC = sq("Electric Company")
WATER = sq("Water Works")
DARK_BLUE = (PARK_PLACE, BOARDWALK)
LIGHT_BLUE = (ORIENTAL, VERMONT, CONNECTICUT)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("Mediterranean Avenue", 30),
        ("Connecticut Avenue", 60),
        ("Boardwalk", 200),
        ("Reading Railroad", 100),
        ("Electric Company", 75),
    ],
)
def test_mortgage_pays_the_printed_value(name: str, value: int) -> None:
    """"Unimproved properties can be mortgaged through the Bank at any time. ... The mortgage
    value is printed on each Title Deed card." (000)"""
    square = sq(name)
    g = setup(owners={square: 0})
    total = money_total(g)
    events = g.apply(Mortgage(0, square))
    assert events == [Mortgaged(0, square, value)]
    assert g.mortgaged[square] and g.owner[square] == 0
    assert g.cash == [1500 + value, 1500]
    assert g.bank_flow == -value
    assert money_total(g) == total


@pytest.mark.parametrize(
    ("name", "cost"),
    [
        ("Mediterranean Avenue", 33),
        ("Oriental Avenue", 55),
        ("Connecticut Avenue", 66),
        ("Boardwalk", 220),
        ("Reading Railroad", 110),
        ("Electric Company", 83),
        ("Water Works", 83),
    ],
)
def test_lifting_costs_mortgage_plus_ten_percent(name: str, cost: int) -> None:
    """"In order to lift the mortgage, the owner must pay the Bank the amount of the mortgage
    plus 10% interest." (000) Utilities: 75 * 1.1 = 82.5, rounded up to $83 (reference
    board.json: "unmortgage_cost": 83)."""
    square = sq(name)
    g = setup(owners={square: 0}, mortgaged=[square])
    total = money_total(g)
    events = g.apply(Unmortgage(0, square))
    assert events == [MortgageLifted(0, square, cost)]

    assert not g.mortgaged[square] and g.owner[square] == 0
    assert g.cash == [1500 - cost, 1500]
    assert money_total(g) == total


def test_mortgage_and_lift_round_trip_costs_the_interest() -> None:
    """"the owner must pay the Bank the amount of the mortgage plus 10% interest" (000):
    mortgaging Boardwalk and lifting it again costs $20 net."""
    g = setup(owners={BOARDWALK: 0})
    g.apply(Mortgage(0, BOARDWALK))
    g.apply(Unmortgage(0, BOARDWALK))
    assert g.cash[0] == 1480 and g.bank_flow == 20


def test_lifting_needs_the_cash() -> None:
    """"the owner must pay the Bank the amount of the mortgage plus 10% interest" (000):
    with $219 Boardwalk's $220 cannot be paid."""
    g = setup(owners={BOARDWALK: 0}, mortgaged=[BOARDWALK], cash=[219, 1500])
    assert Unmortgage(0, BOARDWALK) not in g.legal_actions(0)
    assert_illegal(g, Unmortgage(0, BOARDWALK))
    g.cash[0] = 220
    g.apply(Unmortgage(0, BOARDWALK))
    assert g.cash[0] == 0 and not g.mortgaged[BOARDWALK]


def test_no_mortgage_while_the_group_has_buildings() -> None:
    """"Before an improved property can be mortgaged, all the buildings on all the properties of
    its color-group must be sold back to the Bank at half price." (000) Oriental has no house
    but Vermont has one: Oriental cannot be mortgaged until it is sold."""
    g = setup(owners={s: 0 for s in LIGHT_BLUE}, levels={VERMONT: 1})
    assert_illegal(g, Mortgage(0, ORIENTAL))
    assert_illegal(g, Mortgage(0, VERMONT))
    assert Mortgage(0, ORIENTAL) not in g.legal_actions(0)
    g.apply(Sell(0, VERMONT))
    assert g.cash[0] == 1525
    g.apply(Mortgage(0, ORIENTAL))
    assert g.mortgaged[ORIENTAL] and g.cash[0] == 1575


def test_hotels_sold_then_mortgage() -> None:
    """"all the buildings on all the properties of its color-group must be sold back to the
    Bank at half price" (000): Boardwalk-group hotels sold for $1000, then both deeds
    mortgaged for $375."""
    g = setup(owners={s: 0 for s in DARK_BLUE}, levels={PARK_PLACE: 5, BOARDWALK: 5})
    total = money_total(g)
    assert_illegal(g, Mortgage(0, BOARDWALK))
    g.apply(SellDown(0, "dark_blue", (0, 0)))
    g.apply(Mortgage(0, BOARDWALK))
    g.apply(Mortgage(0, PARK_PLACE))
    assert g.cash[0] == 1500 + 1000 + 200 + 175
    assert (g.bank_houses, g.bank_hotels) == (32, 12)
    assert money_total(g) == total


def test_other_groups_buildings_do_not_block_a_mortgage() -> None:
    """"all the buildings on all the properties of its color-group" (000): buildings on
    another group, or none for a railroad, do not stop a mortgage."""
    g = setup(
        owners={s: 0 for s in (*DARK_BLUE, MEDITERRANEAN, READING)},
        levels={PARK_PLACE: 3, BOARDWALK: 3},
    )
    g.apply(Mortgage(0, MEDITERRANEAN))
    g.apply(Mortgage(0, READING))
    assert g.cash[0] == 1630


def test_no_building_while_a_street_of_the_group_is_mortgaged() -> None:
    """"When all the properties of a color-group are no longer mortgaged, the owner may begin
    to buy back houses at full price." (000); "A property does not collect rent while mortgaged
    and may not be developed." (003) Oriental mortgaged: no house on Vermont either."""
    g = setup(owners={s: 0 for s in LIGHT_BLUE}, mortgaged=[ORIENTAL])
    for street in LIGHT_BLUE:
        assert_illegal(g, Build(0, street))
    assert not [a for a in g.legal_actions(0) if isinstance(a, Build)]
    g.apply(Unmortgage(0, ORIENTAL))
    assert g.cash[0] == 1445
    g.apply(Build(0, VERMONT))
    assert g.level[VERMONT] == 1 and g.cash[0] == 1395


def test_only_the_owner_may_lift() -> None:
    """"The player who mortgages property retains possession of it and no other player may
    secure it by lifting the mortgage from the Bank." (000)"""
    g = setup(owners={BOARDWALK: 0}, mortgaged=[BOARDWALK])
    assert_illegal(g, Unmortgage(1, BOARDWALK))
    assert g.owner[BOARDWALK] == 0 and g.mortgaged[BOARDWALK]


def test_mortgaged_deed_stays_with_its_owner() -> None:
    """"The player who mortgages property retains possession of it" (000)."""
    g = setup(owners={READING: 1})
    g.apply(Mortgage(1, READING))
    assert g.owner[READING] == 1 and g.mortgaged[READING]


def test_mortgage_illegal_actions_change_nothing() -> None:
    """"Unimproved properties can be mortgaged through the Bank" (000): mortgaging twice,
    lifting what is not mortgaged, mortgaging another's deed or a square that is no deed,
    are all refused without any change."""
    g = setup(owners={BOARDWALK: 0, READING: 1}, mortgaged=[READING])
    assert_illegal(g, Mortgage(0, READING))
    assert_illegal(g, Mortgage(1, READING))
    assert_illegal(g, Unmortgage(0, BOARDWALK))
    assert_illegal(g, Mortgage(1, BOARDWALK))
    assert_illegal(g, Mortgage(0, sq("GO")))
    assert_illegal(g, Mortgage(0, PARK_PLACE))
    assert_illegal(g, Mortgage(0, 40))
    assert_illegal(g, Unmortgage(0, -1))


def test_mortgage_events_name_the_square() -> None:
    """"When a property is mortgaged, its Title Deed card is placed face down in front of the
    owner." (000) The mortgage and lifting are reported for the deed."""
    g = setup(owners={WATER: 0, ELECTRIC: 0})
    events = g.apply(Mortgage(0, WATER)) + g.apply(Unmortgage(0, WATER))
    assert kinds(events) == ["mortgage", "unmortgage"]
    assert [e.square for e in events] == [WATER, WATER]
    assert g.cash[0] == 1500 + 75 - 83
