"""House rules for building and deeds (004 variant catalogue): double hotels, instant hotels,
uneven buildings, non-monopoly building, unlimited housing and six railroads.

Rule file: 004 = commonly missed rules, FAQ and the house-rule variants. Each test switches on
one option (`Rules.with_options`) and checks what it changes against the classic rules.
"""

from __future__ import annotations

from typing import Any

from passgo.core import Game, Rules
from passgo.core.actions import (
    Build,
    BuildHotel,
    Buy,
    Decline,
    Mortgage,
    Roll,
    Sell,
    SellDown,
)
from passgo.core.events import Built, DiceThrown, Payment
from passgo.core.movement import rent_due
from passgo.core.position import position_to_toml
from passgo.core.state import HOTEL, TWO_HOTELS, hotels_at, houses_at
from support import assert_illegal, money_total, only, paid_by_players, setup, sq

BOARDWALK = sq("Boardwalk")
PARK_PLACE = sq("Park Place")
DARK_BLUE = (PARK_PLACE, BOARDWALK)
ORIENTAL = sq("Oriental Avenue")
VERMONT = sq("Vermont Avenue")
CONNECTICUT = sq("Connecticut Avenue")
LIGHT_BLUE = (ORIENTAL, VERMONT, CONNECTICUT)
RED = (sq("Kentucky Avenue"), sq("Indiana Avenue"), sq("Illinois Avenue"))
YELLOW = (sq("Atlantic Avenue"), sq("Ventnor Avenue"), sq("Marvin Gardens"))
GREEN = (sq("Pacific Avenue"), sq("North Carolina Avenue"), sq("Pennsylvania Avenue"))
RAILROADS = (sq("Reading Railroad"), sq("Pennsylvania Railroad"), sq("B. & O. Railroad"),
             sq("Short Line"))
ELECTRIC = sq("Electric Company")
WATER = sq("Water Works")
CHANCE_7 = 7
CHANCE_22 = 22
THROW = (1, 2)


def rules(**options: Any) -> Rules:
    return Rules.classic().with_options(**options)


def ann_builds(group: tuple[int, ...], built: tuple[int, ...], options: dict[str, Any],
               **kw: Any) -> Game:
    """Ann (seat 0) owns `group` built to `built`, under the classic rules plus `options`."""
    owners = {s: 0 for s in group}
    owners.update(kw.pop("owners", {}))
    levels = dict(zip(group, built, strict=True))
    levels.update(kw.pop("levels", {}))
    return setup(rules=rules(**options), owners=owners, levels=levels, **kw)


def bob_holds_all_houses() -> tuple[dict[int, int], dict[int, int]]:
    """Bob owns red and yellow with four houses on each street and green with 3, 3 and 2: the
    Bank's 32 houses all stand on his streets."""
    owners = {s: 1 for s in RED + YELLOW + GREEN}
    levels = {s: 4 for s in RED + YELLOW}
    levels.update({GREEN[0]: 3, GREEN[1]: 3, GREEN[2]: 2})
    return owners, levels


def levels_of(g: Game, group: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(g.level[s] for s in group)


def stock(g: Game) -> tuple[int, int]:
    return g.bank_houses, g.bank_hotels


def supply_conserved(g: Game) -> bool:
    """Houses and hotels standing plus the Bank's stock make the edition's 32 and 12."""
    return (sum(houses_at(lv) for lv in g.level) + g.bank_houses == g.board.houses
            and sum(hotels_at(lv) for lv in g.level) + g.bank_hotels == g.board.hotels)


DOUBLE = {"double_hotels": True}
UNEVEN = {"uneven_building": True}

# -- double hotels ---------------------------------------------------------------------------


def test_double_hotels_houses_after_a_hotel() -> None:
    """"After a player has raised a hotel on a property, he or she may purchase up to four
    more houses on that property" (004 Double hotels): a house on Boardwalk's hotel costs the
    house price, $200, and comes from the Bank's houses."""
    g = ann_builds(DARK_BLUE, (HOTEL, HOTEL), DOUBLE)
    total = money_total(g)
    before = stock(g)
    events = g.apply(Build(0, BOARDWALK))
    assert events == [Payment(0, None, 200, "building"),
                      Built(0, BOARDWALK, "house", 200, 1, 1)]
    assert g.level[BOARDWALK] == HOTEL + 1 and g.cash[0] == 1300
    assert stock(g) == (before[0] - 1, before[1])
    assert money_total(g) == total and supply_conserved(g)


def test_double_hotels_a_hotel_on_a_street_is_the_top_without_the_option() -> None:
    """Classic contrast: "Only one hotel may be erected on any one property." (000) Without
    double hotels a street with a hotel takes nothing more."""
    g = ann_builds(DARK_BLUE, (HOTEL, HOTEL), {})
    assert_illegal(g, Build(0, BOARDWALK))


def test_double_hotels_second_hotel_returns_its_four_houses() -> None:
    """"... and then may purchase a second hotel for that property." (004) On a hotel and four
    houses the next building is the second hotel: the four houses go back to the Bank and a
    hotel comes out of it; nothing more can be built after two hotels."""
    g = ann_builds(DARK_BLUE, (HOTEL + 4, HOTEL + 4), DOUBLE)
    houses, hotels = stock(g)
    events = g.apply(Build(0, BOARDWALK))
    assert isinstance(events[-1], Built) and events[-1].item == "hotel"
    assert (events[-1].houses, events[-1].hotels) == (0, 2)
    assert g.level[BOARDWALK] == TWO_HOTELS
    assert stock(g) == (houses + 4, hotels - 1)
    assert supply_conserved(g)
    g.apply(Build(0, PARK_PLACE))
    assert levels_of(g, DARK_BLUE) == (TWO_HOTELS, TWO_HOTELS)
    assert_illegal(g, Build(0, BOARDWALK))


def test_double_hotels_never_more_than_four_houses_on_a_street() -> None:
    """"A player may not have more than four houses on a property." (004) Climbing from a
    bare street to two hotels, no level ever stands more than four houses on the street."""
    g = ann_builds(DARK_BLUE, (0, 0), DOUBLE, cash=[20_000, 1500])
    seen = []
    while True:
        options = [a for a in g.legal_actions(0) if isinstance(a, Build)]
        if not options:
            break
        g.apply(options[0])
        seen.extend(levels_of(g, DARK_BLUE))
        assert all(houses_at(lv) <= 4 for lv in levels_of(g, DARK_BLUE))
    assert levels_of(g, DARK_BLUE) == (TWO_HOTELS, TWO_HOTELS)
    assert set(seen) == set(range(TWO_HOTELS + 1))
    assert supply_conserved(g)


def test_double_hotels_even_building_on_the_extended_scale() -> None:
    """"You must build evenly" (004 Commonly missed rules) holds on the extended scale: with a
    hotel and a house on Boardwalk, Park Place must get its house first."""
    g = ann_builds(DARK_BLUE, (HOTEL, HOTEL + 1), DOUBLE)
    assert_illegal(g, Build(0, BOARDWALK))
    g.apply(Build(0, PARK_PLACE))
    assert levels_of(g, DARK_BLUE) == (HOTEL + 1, HOTEL + 1)
    # Selling evenly too: Boardwalk may not drop two below Park Place.
    g.apply(Sell(0, BOARDWALK))
    assert_illegal(g, Sell(0, BOARDWALK))


def test_double_hotels_rent_on_all_buildings() -> None:
    """"Rent must be paid on all buildings on a property." (004) Read as the hotel rent plus
    the rent of the buildings above it: Park Place (hotel $1,500; two houses $500) pays $2,000
    with a hotel and two houses; Boardwalk (hotel $2,000) pays $4,000 with two hotels. (Uneven
    buildings let the two streets differ.)"""
    g = setup(rules=rules(**DOUBLE, **UNEVEN), owners={PARK_PLACE: 1, BOARDWALK: 1},
              levels={PARK_PLACE: HOTEL + 2, BOARDWALK: TWO_HOTELS},
              pos=[BOARDWALK - 3, 0], dice=[THROW], cash=[5000, 1500])
    assert rent_due(g, PARK_PLACE, 7) == 2000
    events = g.apply(Roll(0))
    assert g.pos[0] == BOARDWALK
    assert [(e.amount, e.payee) for e in paid_by_players(events)] == [(4000, 1)]
    g = setup(rules=rules(**DOUBLE), owners={PARK_PLACE: 1, BOARDWALK: 1},
              levels={PARK_PLACE: HOTEL + 1, BOARDWALK: HOTEL + 1})
    assert rent_due(g, BOARDWALK, 7) == 2000 + 200


def test_double_hotels_selling_back_in_reverse() -> None:
    """Selling goes back down the same steps ("When houses or hotels are sold back to the bank,
    you only get half what you paid for them", 004): the second hotel breaks down into four
    houses on the first hotel, for half a house's price ($100 on Boardwalk)."""
    g = ann_builds(DARK_BLUE, (TWO_HOTELS, TWO_HOTELS), DOUBLE)
    houses, hotels = stock(g)
    g.apply(Sell(0, BOARDWALK))
    assert g.level[BOARDWALK] == HOTEL + 4 and g.cash[0] == 1600
    assert stock(g) == (houses - 4, hotels + 1)
    g.apply(Sell(0, PARK_PLACE))
    g.apply(Sell(0, BOARDWALK))
    assert g.level[BOARDWALK] == HOTEL + 3
    assert supply_conserved(g)


def test_double_hotels_repairs_count_every_hotel_and_house() -> None:
    """"When assessed for street repairs, pay for all houses and hotels you own" (004 FAQ 8):
    a hotel with four houses and two hotels are three hotels and four houses; general repairs
    ($25 a house, $100 a hotel) cost $400."""
    g = ann_builds(DARK_BLUE, (HOTEL + 4, TWO_HOTELS), DOUBLE, pos=[CHANCE_7 - 3, 0],
                   dice=[THROW], chance=["general-repairs"])
    assert g.buildings_of(0) == (4, 3)
    events = g.apply(Roll(0))
    assert [e.amount for e in paid_by_players(events)] == [400]


def test_double_hotels_worth_and_liquidation_count_the_extended_levels() -> None:
    """The Income Tax worth counts "houses and hotels" at cost (004 FAQ 8): a hotel and two
    houses on Boardwalk is seven houses' worth ($1,400) besides the $400 deed; sold back, half
    of it (and the deeds' mortgages, $175 and $200)."""
    g = ann_builds(DARK_BLUE, (HOTEL + 1, HOTEL + 2), DOUBLE)
    assert g.worth(0) == 1500 + 350 + 6 * 200 + 400 + 7 * 200
    assert g.liquidation_value(0) == 1500 + (6 + 7) * 200 // 2 + 175 + 200


def test_double_hotels_position_round_trip() -> None:
    """A game under double hotels exports and imports its extended levels unchanged (a hotel
    with houses, two hotels)."""
    g = ann_builds(DARK_BLUE, (HOTEL + 4, TWO_HOTELS), DOUBLE)
    text = position_to_toml(g.position())
    assert "hotels = 2" in text
    again = Game.from_position(text)
    assert levels_of(again, DARK_BLUE) == (HOTEL + 4, TWO_HOTELS)
    assert stock(again) == stock(g)


# -- instant hotels --------------------------------------------------------------------------

INSTANT = {"instant_hotels": True}


def test_instant_hotel_costs_five_houses() -> None:
    """"A player may purchase hotels for one of his or her monopolies at the cost of five
    houses, less any houses already owned" (004 Instant hotels): a hotel on a bare Boardwalk
    costs 5 x $200."""
    g = ann_builds(DARK_BLUE, (0, 0), INSTANT)
    houses, hotels = stock(g)
    events = g.apply(BuildHotel(0, BOARDWALK))
    assert events == [Payment(0, None, 1000, "building"), Built(0, BOARDWALK, "hotel", 1000, 0, 1)]
    assert g.level[BOARDWALK] == HOTEL and g.cash[0] == 500
    assert stock(g) == (houses, hotels - 1)


def test_instant_hotel_less_the_houses_already_there() -> None:
    """"... less any houses already owned" (004): on Oriental Avenue with two houses ($50
    each), the hotel costs three houses' price, $150, and the two houses go back."""
    g = ann_builds(LIGHT_BLUE, (2, 2, 2), INSTANT)
    houses, hotels = stock(g)
    g.apply(BuildHotel(0, ORIENTAL))
    assert g.cash[0] == 1350
    assert levels_of(g, LIGHT_BLUE) == (HOTEL, 2, 2)
    assert stock(g) == (houses + 2, hotels - 1)


def test_instant_hotel_even_when_the_bank_lacks_houses() -> None:
    """"... even if there are not enough houses for each property on the group to own four."
    (004) The Bank has no houses left: Ann cannot buy a house, but may buy instant hotels."""
    owners, levels = bob_holds_all_houses()
    g = ann_builds(DARK_BLUE, (0, 0), INSTANT, owners=owners, levels=levels, cash=[3000, 1500])
    assert g.bank_houses == 0
    assert_illegal(g, Build(0, BOARDWALK))
    assert BuildHotel(0, BOARDWALK) in g.legal_actions(0)
    g.apply(BuildHotel(0, BOARDWALK))
    g.apply(BuildHotel(0, PARK_PLACE))
    assert levels_of(g, DARK_BLUE) == (HOTEL, HOTEL) and g.bank_houses == 0


def test_instant_hotel_houses_still_even() -> None:
    """Even building still holds for houses ("You must build evenly", 004); a hotel stands
    outside it: with a hotel on Oriental and one house on Vermont, Connecticut (none) must get
    its house before Vermont's second."""
    g = ann_builds(LIGHT_BLUE, (HOTEL, 1, 0), INSTANT)
    assert_illegal(g, Build(0, VERMONT))
    g.apply(Build(0, CONNECTICUT))
    g.apply(Build(0, VERMONT))
    assert levels_of(g, LIGHT_BLUE) == (HOTEL, 2, 1)


def test_instant_hotel_sold_breaks_down_evenly() -> None:
    """A hotel sold back ("half what you paid", 004) breaks down into as many houses as keep
    the houses even: with nothing on Park Place, Boardwalk's hotel becomes one house, and Ann
    gets half of four houses' price ($400)."""
    g = ann_builds(DARK_BLUE, (0, HOTEL), INSTANT)
    g.apply(Sell(0, BOARDWALK))
    assert levels_of(g, DARK_BLUE) == (0, 1) and g.cash[0] == 1900


def test_instant_hotel_illegal_cases() -> None:
    """Instant hotels are "for one of his or her monopolies" (004): not without the whole
    group, not on a hotel, not beyond the cash, and not at all under the classic rules."""
    g = setup(rules=rules(**INSTANT), owners={BOARDWALK: 0, PARK_PLACE: 1})
    assert_illegal(g, BuildHotel(0, BOARDWALK))
    g = ann_builds(DARK_BLUE, (0, HOTEL), INSTANT, cash=[999, 1500])
    assert_illegal(g, BuildHotel(0, BOARDWALK))  # already a hotel
    assert_illegal(g, BuildHotel(0, PARK_PLACE))  # $1,000 with $999
    assert_illegal(g, BuildHotel(0, sq("Reading Railroad")))
    g = ann_builds(DARK_BLUE, (0, 0), {})
    assert_illegal(g, BuildHotel(0, BOARDWALK))


# -- uneven buildings ------------------------------------------------------------------------


def test_uneven_building_any_way_he_chooses() -> None:
    """"Once a monopoly is gained, the owner is allowed to build houses or hotels on the
    monopoly in any way he chooses." (004 Uneven buildings) Four houses and then a hotel on
    Boardwalk while Park Place stays bare."""
    g = ann_builds(DARK_BLUE, (0, 0), UNEVEN)
    for _ in range(5):
        g.apply(Build(0, BOARDWALK))
    assert levels_of(g, DARK_BLUE) == (0, HOTEL)
    g = ann_builds(DARK_BLUE, (0, 0), {})
    g.apply(Build(0, BOARDWALK))
    assert_illegal(g, Build(0, BOARDWALK))  # classic: build evenly


def test_uneven_building_selling_any_way() -> None:
    """Selling is free of the even rule too: Ann sells Park Place's only house while Boardwalk
    keeps three."""
    g = ann_builds(DARK_BLUE, (1, 3), UNEVEN)
    g.apply(Sell(0, PARK_PLACE))
    assert levels_of(g, DARK_BLUE) == (0, 3)


def test_uneven_building_still_needs_the_monopoly() -> None:
    """"Once a monopoly is gained" (004): without Park Place, no house on Boardwalk."""
    g = setup(rules=rules(**UNEVEN), owners={BOARDWALK: 0, PARK_PLACE: 1})
    assert_illegal(g, Build(0, BOARDWALK))


# -- non-monopoly building -------------------------------------------------------------------

NON_MONOPOLY = {"non_monopoly_building": True}


def test_non_monopoly_building_at_double_price() -> None:
    """"You may build houses on properties for which you do not own all the properties of a
    set, but the houses cost double their normal price." (004 Non-monopoly building) Ann owns
    Boardwalk, Bob Park Place: a house costs Ann $400."""
    g = setup(rules=rules(**NON_MONOPOLY), owners={BOARDWALK: 0, PARK_PLACE: 1})
    total = money_total(g)
    g.apply(Build(0, BOARDWALK))
    assert g.level[BOARDWALK] == 1 and g.cash[0] == 1100
    assert money_total(g) == total
    assert_illegal(g, Build(0, PARK_PLACE))  # Bob's street


def test_non_monopoly_sold_back_at_half_the_normal_price() -> None:
    """"If you sell them back to the bank, you still only get half of their normal cost."
    (004) The house that cost $400 sells for $100."""
    g = setup(rules=rules(**NON_MONOPOLY), owners={BOARDWALK: 0, PARK_PLACE: 1})
    g.apply(Build(0, BOARDWALK))
    g.apply(Sell(0, BOARDWALK))
    assert g.level[BOARDWALK] == 0 and g.cash[0] == 1200


def test_non_monopoly_rent_as_printed() -> None:
    """The rent of a street with houses is the printed rent (000: "the rent ... with houses"):
    Boardwalk with one house $200, whether or not its owner holds Park Place; unimproved, the
    single rent $50, not doubled."""
    g = setup(rules=rules(**NON_MONOPOLY), owners={BOARDWALK: 0, PARK_PLACE: 1},
              levels={BOARDWALK: 1})
    assert rent_due(g, BOARDWALK, 7) == 200
    assert rent_due(g, PARK_PLACE, 7) == 35


def test_non_monopoly_full_group_at_normal_price() -> None:
    """The double price is for sets not owned whole: with both dark blues a house is $200."""
    g = ann_builds(DARK_BLUE, (0, 0), NON_MONOPOLY)
    g.apply(Build(0, BOARDWALK))
    assert g.cash[0] == 1300


def test_non_monopoly_even_within_own_streets() -> None:
    """Even building ("You must build evenly", 004) applies among the streets the player owns
    of the group: Ann, with Oriental (one house) and Vermont (none) but not Connecticut, must
    build on Vermont next."""
    g = setup(rules=rules(**NON_MONOPOLY), owners={ORIENTAL: 0, VERMONT: 0, CONNECTICUT: 1},
              levels={ORIENTAL: 1})
    assert_illegal(g, Build(0, ORIENTAL))
    g.apply(Build(0, VERMONT))
    assert g.cash[0] == 1400  # $50 houses at double price
    g.apply(Build(0, ORIENTAL))
    assert levels_of(g, LIGHT_BLUE) == (2, 1, 0)


def test_non_monopoly_not_on_a_mortgaged_part() -> None:
    """No building while one of the player's streets of the group is mortgaged (000: "no
    buildings ... on any property of that color-group" mortgaged); mortgaging needs the
    player's own buildings of the group sold, not Bob's."""
    g = setup(rules=rules(**NON_MONOPOLY), owners={ORIENTAL: 0, VERMONT: 0, CONNECTICUT: 1},
              mortgaged=[VERMONT])
    assert_illegal(g, Build(0, ORIENTAL))
    g = setup(rules=rules(**NON_MONOPOLY), owners={ORIENTAL: 0, VERMONT: 1, CONNECTICUT: 1},
              levels={VERMONT: 1})
    g.apply(Mortgage(0, ORIENTAL))
    assert g.mortgaged[ORIENTAL]


# -- unlimited housing -----------------------------------------------------------------------

UNLIMITED = {"unlimited_housing": True}


def test_unlimited_housing_builds_past_the_32_houses() -> None:
    """"There is no limit to the number of houses and hotels in the game." (004 Unlimited
    housing) All 32 houses stand on Bob's streets; Ann still buys one, with no shortage call.
    The engine keeps counting: the Bank's stock goes below zero."""
    owners, levels = bob_holds_all_houses()
    g = ann_builds(DARK_BLUE, (0, 0), UNLIMITED, owners=owners, levels=levels)
    assert g.bank_houses == 0
    events = g.apply(Build(0, BOARDWALK))
    assert events == [Payment(0, None, 200, "building"), Built(0, BOARDWALK, "house", 200, 1, 0)]
    assert g.bank_houses == -1 and supply_conserved(g)
    g = ann_builds(DARK_BLUE, (0, 0), {}, owners=owners, levels=levels)
    assert_illegal(g, Build(0, BOARDWALK))  # classic: "no more can be acquired" (004)


def test_unlimited_housing_hotels_and_breakdown() -> None:
    """Hotels are unlimited too, and a hotel always breaks down into houses: with no house and
    no hotel in the Bank, Ann sells Boardwalk's hotel for four houses."""
    owners, levels = bob_holds_all_houses()
    g = ann_builds(DARK_BLUE, (HOTEL, HOTEL), UNLIMITED, owners=owners, levels=levels)
    g.bank_hotels = 0  # the other ten hotels are imagined elsewhere
    g.apply(Sell(0, BOARDWALK))
    assert levels_of(g, DARK_BLUE) == (HOTEL, 4) and g.bank_houses == -4
    g.apply(Build(0, BOARDWALK))
    assert levels_of(g, DARK_BLUE) == (HOTEL, HOTEL) and g.bank_hotels == 0


def test_unlimited_housing_no_sell_down_needed() -> None:
    """Without the option, a hotel the Bank cannot break down is sold with `SellDown`; with
    unlimited housing every single sale is open, so none is offered."""
    owners, levels = bob_holds_all_houses()
    g = ann_builds(DARK_BLUE, (HOTEL, HOTEL), UNLIMITED, owners=owners, levels=levels)
    assert not [a for a in g.legal_actions(0) if isinstance(a, SellDown)]
    assert Sell(0, BOARDWALK) in g.legal_actions(0)


# -- six railroads ---------------------------------------------------------------------------

SIX = {"six_railroads": True}


def test_six_railroads_utilities_cost_200() -> None:
    """"The two utilities are treated like additional railroads. They cost $200 to buy and can
    be mortgaged for $100." (004 Six railroads)"""
    g = setup(rules=rules(**SIX), pos=[ELECTRIC - 3, 0], dice=[THROW])
    g.apply(Roll(0))
    assert g.pending.kind == "buy"
    g.apply(Buy(0))
    assert g.cash[0] == 1300 and g.owner[ELECTRIC] == 0
    g.apply(Mortgage(0, ELECTRIC))
    assert g.cash[0] == 1400
    classic = setup(owners={ELECTRIC: 0})
    assert classic.board.squares[ELECTRIC].price == 150


def test_six_railroads_rent_for_five_and_six() -> None:
    """"The rent for five railroads is $300 and for six railroads is $400." (004) Bob lands on
    Water Works: with the four railroads and Electric Company Ann asks $300; with Water Works
    too, $400 - not four or ten times the throw."""
    owners = {r: 0 for r in RAILROADS} | {ELECTRIC: 0, WATER: 0}
    g = setup(rules=rules(**SIX), owners=owners)
    assert rent_due(g, WATER, 7) == 400
    g.owner[WATER] = 1
    assert rent_due(g, RAILROADS[0], 7) == 200 + 100  # five of six: $300
    assert rent_due(g, ELECTRIC, 7) == 300
    g.owner[WATER] = 0
    g.owner[ELECTRIC] = 1
    assert rent_due(g, WATER, 12) == 300


def test_six_railroads_nearest_utility_card_charges_railroad_rent() -> None:
    """The nearest-Utility card still moves to the nearest utility square, which is now a
    railroad: its owner gets the railroad rent (here two of six: $50), not ten times a throw.
    (004 Six railroads; the engine's reading)"""
    g = setup(rules=rules(**SIX), owners={ELECTRIC: 1, RAILROADS[0]: 1},
              pos=[CHANCE_7 - 3, 0], dice=[THROW], chance=["nearest-utility"])
    events = g.apply(Roll(0))
    assert g.pos[0] == ELECTRIC
    assert [e.amount for e in paid_by_players(events)] == [50]
    assert not [e for e in only(DiceThrown, events) if e.player == 0][1:]


def test_six_railroads_nearest_railroad_card_doubles_the_rent() -> None:
    """The nearest-Railroad card ("pay owner twice the rental", 000) goes to the nearest of
    the four printed railroads and doubles the six-railroad rent: Bob owns Pennsylvania
    Railroad and both utilities, three of six, $100 doubled."""
    g = setup(rules=rules(**SIX), owners={RAILROADS[2]: 1, ELECTRIC: 1, WATER: 1},
              pos=[CHANCE_22 - 3, 0], dice=[THROW], chance=["nearest-railroad"])
    events = g.apply(Roll(0))
    assert g.pos[0] == RAILROADS[2]
    assert [e.amount for e in paid_by_players(events)] == [200]



def test_six_railroads_declined_utility_is_auctioned_as_usual() -> None:
    """A declined utility goes to auction as any deed ("the bank immediately puts that property
    up for auction", 004)."""
    g = setup(rules=rules(**SIX), pos=[ELECTRIC - 3, 0], dice=[THROW])
    g.apply(Roll(0))
    g.apply(Decline(0))
    assert g.pending.kind == "bid"
