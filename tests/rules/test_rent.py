"""Rent: streets, complete colour groups, houses and hotels, railroads, utilities, mortgages.

Every test lands Ann (seat 0) on a deed with a scripted throw and checks the exact rent paid.
Rule files: 000 = classic Parker Brothers rules, 003 = Wikibooks summary, 004 = FAQ.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from passgo.core import Game
from passgo.core.actions import Buy, EndTurn, Roll
from passgo.core.events import Event, RentWaived
from support import assert_illegal, kinds, money_total, paid_by_players, setup, sq

THROW = (1, 2)

BOARDWALK = sq("Boardwalk")
PARK_PLACE = sq("Park Place")
BALTIC = sq("Baltic Avenue")
MEDITERRANEAN = sq("Mediterranean Avenue")
ORIENTAL = sq("Oriental Avenue")
VERMONT = sq("Vermont Avenue")
CONNECTICUT = sq("Connecticut Avenue")
READING = sq("Reading Railroad")
PENNSYLVANIA_RR = sq("Pennsylvania Railroad")
BO = sq("B. & O. Railroad")
SHORT_LINE = sq("Short Line")
ELECTRIC = sq("Electric Company")
WATER = sq("Water Works")


def before(square: int, throw: tuple[int, int] = THROW) -> int:
    """Where a token stands so that `throw` brings it onto `square` without passing GO."""
    start = square - sum(throw)
    assert start >= 0, "this helper does not pass GO"
    return start


def land(
    square: int,
    throw: tuple[int, int] = THROW,
    cash: Sequence[int] = (1500, 1500),
    **kw: Any,
) -> tuple[Game, list[Event], int]:
    """Set up the game, throw Ann onto `square`; returns (game, events, money total before)."""
    g = setup(dice=[throw], pos=[before(square, throw), 0], cash=cash, **kw)
    total = money_total(g)
    events = g.apply(Roll(0))
    return g, events, total


def rent_paid(events: list[Event]) -> list[tuple[int, int | None, int]]:
    """(payer, payee, amount) of every payment a player made (payee None: the Bank)."""
    return [(e.payer, e.payee, e.amount) for e in paid_by_players(events)]


# -- streets ---------------------------------------------------------------------------------


def test_unimproved_street_pays_printed_rent() -> None:
    """"When you land on property owned by another player, the owner collects rent from you in
    accordance with the list printed on its Title Deed card." (000) Baltic alone: $4."""
    g, events, total = land(BALTIC, owners={BALTIC: 1})
    assert rent_paid(events) == [(0, 1, 4)]
    assert g.cash == [1496, 1504]
    assert g.pending.kind == "end_turn" and g.pending.player == 0
    assert money_total(g) == total


def test_complete_group_doubles_unimproved_rent() -> None:
    """"the owner may then charge double rent for unimproved properties in that color-group"
    (000). Bob owns Mediterranean and Baltic: Baltic's $4 becomes $8."""
    g, events, total = land(BALTIC, owners={MEDITERRANEAN: 1, BALTIC: 1})
    assert rent_paid(events) == [(0, 1, 8)]
    assert g.cash == [1492, 1508]
    assert money_total(g) == total


def test_incomplete_group_pays_single_rent() -> None:
    """"It is an advantage to hold all the Title Deed cards in a color-group (e.g., ...
    Connecticut, Vermont and Oriental Avenues)" (000): two of the three are not enough,
    Vermont pays its single $6."""
    _g, events, _ = land(VERMONT, owners={ORIENTAL: 1, VERMONT: 1, CONNECTICUT: 0})
    assert rent_paid(events) == [(0, 1, 6)]


def test_double_rent_when_another_street_of_the_group_is_mortgaged() -> None:
    """"This rule applies to unmortgaged properties even if another property in that
    color-group is mortgaged." (000) Oriental mortgaged: Connecticut still pays 2 x $8."""
    g, events, total = land(
        CONNECTICUT,
        owners={ORIENTAL: 1, VERMONT: 1, CONNECTICUT: 1},
        mortgaged=[ORIENTAL],
    )
    assert rent_paid(events) == [(0, 1, 16)]
    assert g.cash == [1484, 1516]
    assert money_total(g) == total


def test_double_rent_faq_even_after_lots_are_mortgaged() -> None:
    """"Even after one or more lots of a complete colour group have been mortgaged, you may
    still collect double rent on the un-mortgaged lots of that group." (004, FAQ 7)
    Oriental and Vermont mortgaged, Connecticut still doubles."""
    _g, events, _ = land(
        CONNECTICUT,
        owners={ORIENTAL: 1, VERMONT: 1, CONNECTICUT: 1},
        mortgaged=[ORIENTAL, VERMONT],
    )
    assert rent_paid(events) == [(0, 1, 16)]


def test_unimproved_street_of_a_built_group_still_doubles() -> None:
    """"The owner still collects double rent from an opponent who lands on the unimproved
    properties of his/her complete color-group." (000) Oriental has a house, Vermont none."""
    _g, events, _ = land(
        VERMONT,
        owners={ORIENTAL: 1, VERMONT: 1, CONNECTICUT: 1},
        levels={ORIENTAL: 1},
    )
    assert rent_paid(events) == [(0, 1, 12)]


@pytest.mark.parametrize(
    ("level", "rent"), [(1, 200), (2, 600), (3, 1400), (4, 1700), (5, 2000)]
)
def test_houses_and_hotel_rent_on_boardwalk(level: int, rent: int) -> None:
    """"It is even more advantageous to have houses or hotels on properties because rents are
    much higher than for unimproved properties." (000) Boardwalk: $200, 600, 1400, 1700 with
    1-4 houses, $2000 with a hotel (level 5), as printed on the deed."""
    g, events, total = land(
        BOARDWALK,
        cash=[3000, 1500],
        owners={PARK_PLACE: 1, BOARDWALK: 1},
        levels={PARK_PLACE: level, BOARDWALK: level},
    )
    assert rent_paid(events) == [(0, 1, rent)]
    assert g.cash == [3000 - rent, 1500 + rent]
    assert money_total(g) == total


@pytest.mark.parametrize(
    ("level", "rent"), [(1, 30), (2, 90), (3, 270), (4, 400), (5, 550)]
)
def test_houses_and_hotel_rent_on_oriental(level: int, rent: int) -> None:
    """"the owner collects rent from you in accordance with the list printed on its Title Deed
    card" (000): Oriental Avenue $30, 90, 270, 400 with houses, $550 with a hotel."""
    levels = {ORIENTAL: level, VERMONT: min(level, 4), CONNECTICUT: min(level, 4)}
    _g, events, _ = land(
        ORIENTAL, owners={ORIENTAL: 1, VERMONT: 1, CONNECTICUT: 1}, levels=levels
    )
    assert rent_paid(events) == [(0, 1, rent)]


# -- railroads -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("owned", "rent"),
    [
        ((READING,), 25),
        ((READING, BO), 50),
        ((READING, BO, SHORT_LINE), 100),
        ((READING, PENNSYLVANIA_RR, BO, SHORT_LINE), 200),
    ],
)
def test_railroad_rent_by_number_owned(owned: tuple[int, ...], rent: int) -> None:
    """Railroads: "railroads $25/50/100/200" (reference rules_differences, unchanged in both
    books); the owner "collects rent from you in accordance with the list printed on its Title
    Deed card" (000)."""
    g, events, total = land(READING, owners={r: 1 for r in owned})
    assert rent_paid(events) == [(0, 1, rent)]
    assert g.cash == [1500 - rent, 1500 + rent]
    assert money_total(g) == total


def test_mortgaged_railroads_still_count() -> None:
    """"If you own all four railroads and mortgage one or more of them, you may still collect
    $200 rent when an opponent lands on an un-mortgaged railroad" (004, FAQ 7)."""
    _g, events, _ = land(
        READING,
        owners={READING: 1, PENNSYLVANIA_RR: 1, BO: 1, SHORT_LINE: 1},
        mortgaged=[BO, SHORT_LINE],
    )
    assert rent_paid(events) == [(0, 1, 200)]


def test_mortgaged_railroad_itself_pays_nothing() -> None:
    """"No rent can be collected on mortgaged properties or utilities" (000): all four owned,
    the one landed on is mortgaged."""
    g, events, _ = land(
        READING,
        owners={READING: 1, PENNSYLVANIA_RR: 1, BO: 1, SHORT_LINE: 1},
        mortgaged=[READING],
    )
    assert rent_paid(events) == []
    assert g.cash == [1500, 1500]


# -- utilities -------------------------------------------------------------------------------


@pytest.mark.parametrize(("throw", "rent"), [((2, 3), 20), ((4, 1), 20), ((6, 5), 44)])
def test_one_utility_is_four_times_the_throw(throw: tuple[int, int], rent: int) -> None:
    """Utility deed: "4 times amount shown on dice" (reference rules_differences, the arriving
    throw) when one utility is owned."""
    g, events, _ = land(ELECTRIC, throw=throw, owners={ELECTRIC: 1})
    assert rent_paid(events) == [(0, 1, rent)]
    assert g.cash == [1500 - rent, 1500 + rent]


@pytest.mark.parametrize(("throw", "rent"), [((2, 3), 50), ((6, 5), 110)])
def test_both_utilities_are_ten_times_the_throw(throw: tuple[int, int], rent: int) -> None:
    """Utilities "4×/10×" (reference rules_differences): with both owned, 10 times the throw."""
    _g, events, _ = land(ELECTRIC, throw=throw, owners={ELECTRIC: 1, WATER: 1})
    assert rent_paid(events) == [(0, 1, rent)]


def test_utility_rent_on_a_doubles_throw() -> None:
    """Utility rent is the throw that brought the token there, doubles included; "If you throw
    doubles, you move your token as usual ... and are subject to any privileges or penalties
    pertaining to the space on which you land." (000) 3+3 on Water Works: 4 x 6 = $24."""
    g, events, _ = land(WATER, throw=(3, 3), owners={WATER: 1})
    assert rent_paid(events) == [(0, 1, 24)]
    assert g.pending.kind == "roll" and g.pending.player == 0


# -- mortgaged and own property -------------------------------------------------------------


def test_mortgaged_street_collects_no_rent() -> None:
    """"If the property is mortgaged, no rent can be collected." (000)"""
    g, events, total = land(
        BOARDWALK, owners={PARK_PLACE: 1, BOARDWALK: 1}, mortgaged=[BOARDWALK]
    )
    assert rent_paid(events) == []
    assert "payment" not in kinds(events) and "debt" not in kinds(events)
    assert events[-1] == RentWaived(0, 1, BOARDWALK, "mortgaged")

    assert g.cash == [1500, 1500]
    assert g.pending.kind == "end_turn"
    assert money_total(g) == total


def test_mortgaged_utility_collects_no_rent() -> None:
    """"No rent can be collected on mortgaged properties or utilities" (000)."""
    g, events, _ = land(ELECTRIC, owners={ELECTRIC: 1, WATER: 1}, mortgaged=[ELECTRIC])
    assert rent_paid(events) == []
    assert g.cash == [1500, 1500]


def test_own_property_costs_nothing() -> None:
    """"If the player lands on his own property, or on property which is owned by another
    player but currently mortgaged, nothing happens." (003)"""
    g, events, total = land(
        BOARDWALK, owners={PARK_PLACE: 0, BOARDWALK: 0}, levels={PARK_PLACE: 5, BOARDWALK: 5}
    )
    assert kinds(events) == ["dice", "move"]
    assert g.cash == [1500, 1500]
    assert g.owner[BOARDWALK] == 0
    assert g.pending.kind == "end_turn" and g.pending.player == 0
    assert money_total(g) == total


def test_rent_goes_to_owner_in_jail() -> None:
    """"Even though you are in Jail, you may ... collect rents." (000)"""
    g = setup(
        dice=[THROW], pos=[before(BALTIC), 0], owners={BALTIC: 1}, jailed={1: 0}
    )
    g.apply(Roll(0))
    assert g.cash == [1496, 1504]


def test_honest_game_rent_is_paid_without_asking() -> None:
    """"Players must always pay rent, even if the owner does not ask." (004 Honest game, the
    default `rent_claim = "always"`): the rent is paid on landing, with no claim left open for
    the owner to ask for, and it stays paid after the next throws."""
    g = setup(dice=[THROW, (1, 2)], pos=[before(BALTIC), 0], owners={BALTIC: 1})
    events = g.apply(Roll(0))
    assert rent_paid(events) == [(0, 1, 4)] and g.rent_claims == ()
    g.apply(EndTurn(0))
    g.apply(Roll(1))  # the next player's throw (onto his own Baltic): nothing forfeit
    assert g.cash == [1496, 1504]


def test_rent_to_the_owner_three_players() -> None:
    """"the owner collects rent from you" (000): the owner, not another player, is paid."""
    g = setup(
        players=("Ann", "Bob", "Cy"),
        dice=[THROW],
        pos=[before(BALTIC), 0, 0],
        owners={BALTIC: 2, MEDITERRANEAN: 2},
    )
    events = g.apply(Roll(0))
    assert rent_paid(events) == [(0, 2, 8)]
    assert g.cash == [1492, 1500, 1508]


def test_rent_area_illegal_action_changes_nothing() -> None:
    """Rent is owed, not bought: "When you land on property owned by another player, the owner
    collects rent from you" (000). Buying the owned deed is refused and changes nothing."""
    g, _, _ = land(BALTIC, owners={BALTIC: 1})
    assert_illegal(g, Buy(0))
    assert_illegal(g, EndTurn(1))
    assert g.owner[BALTIC] == 1
    assert g.cash == [1496, 1504]
