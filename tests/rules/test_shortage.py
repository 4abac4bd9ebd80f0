"""Building shortages: when the Bank's houses or hotels run short, a call asks every player who
could build how many they want, and the short buildings are auctioned one at a time.

Rule files: 000 = classic Parker Brothers rules, 003 = Wikibooks summary,
004 = commonly missed rules and FAQ. The engine's procedure (a call with `WantBuildings`, then
auctions, then `PlaceBuilding`) is described in `passgo.core.buildings`.
"""

from __future__ import annotations

from typing import Any

import pytest

from passgo.core import Game, IllegalActionError, Rules, SaveFileError
from passgo.core.actions import (
    Bid,
    Build,
    BuildHotel,
    DeclareBankruptcy,
    EndTurn,
    Pass,
    PlaceBuilding,
    Roll,
    Sell,
    SellDown,
    WantBuildings,
)
from passgo.core.events import AuctionWon, Built, Payment, ShortageCalled
from passgo.core.position import PositionError, position_to_toml
from passgo.core.serialize import state_dict
from passgo.core.state import HOTEL
from support import assert_illegal, kinds, money_total, only, setup, sq

BOARDWALK = sq("Boardwalk")
PARK_PLACE = sq("Park Place")
DARK_BLUE = (PARK_PLACE, BOARDWALK)
RED = (sq("Kentucky Avenue"), sq("Indiana Avenue"), sq("Illinois Avenue"))
YELLOW = (sq("Atlantic Avenue"), sq("Ventnor Avenue"), sq("Marvin Gardens"))
GREEN = (sq("Pacific Avenue"), sq("North Carolina Avenue"), sq("Pennsylvania Avenue"))
BROWN = (sq("Mediterranean Avenue"), sq("Baltic Avenue"))
LIGHT_BLUE = (sq("Oriental Avenue"), sq("Vermont Avenue"), sq("Connecticut Avenue"))
PINK = (sq("St. Charles Place"), sq("States Avenue"), sq("Virginia Avenue"))
ORANGE = (sq("St. James Place"), sq("Tennessee Avenue"), sq("New York Avenue"))


def short_of_houses(green: tuple[int, int, int] = (2, 2, 1), **kw: Any) -> Game:
    """Ann owns the dark blues unbuilt; Bob has red and yellow with four houses each and green
    built to `green`: the Bank keeps 32 - 24 - sum(green) houses (3 by default), and both Ann
    and Bob could use more of them."""
    owners = {s: 0 for s in DARK_BLUE}
    owners.update({s: 1 for s in RED + YELLOW + GREEN})
    levels = {s: 4 for s in RED + YELLOW}
    levels.update(dict(zip(GREEN, green, strict=True)))
    owners.update(kw.pop("owners", {}))
    levels.update(kw.pop("levels", {}))
    return setup(owners=owners, levels=levels, **kw)


def short_of_hotels(levels: dict[int, int], **kw: Any) -> Game:
    """Bob has hotels on brown, light blue, pink and orange and red and yellow at four houses;
    Ann's dark blues stand at `levels`: the Bank keeps one hotel."""
    hotel_groups = BROWN + LIGHT_BLUE + PINK + ORANGE
    return short_of_houses(green=(0, 0, 0), owners={s: 1 for s in hotel_groups},
                           levels={s: HOTEL for s in hotel_groups} | levels, **kw)


def win_the_auction(g: Game, price: int) -> None:
    """Ann and Bob each want one of the short buildings Ann asked for; Ann bids `price` and
    Bob passes."""
    g.apply(WantBuildings(0, 1))
    g.apply(WantBuildings(1, 1))
    g.apply(Bid(0, price))
    g.apply(Pass(1))


def want_range(g: Game, player: int) -> list[int]:
    return [a.amount for a in g.legal_actions(player) if isinstance(a, WantBuildings)]


def levels_of(g: Game, group: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(g.level[s] for s in group)


# -- when a call is made ---------------------------------------------------------------------


def test_no_call_while_the_bank_has_plenty() -> None:
    """"If there are a limited number of houses and hotels available and two or more players
    wish to buy more than the Bank has, the houses or hotels must be sold at auction" (000):
    with 32 houses nobody is asked; the house is bought at once."""
    g = setup(owners={s: 0 for s in DARK_BLUE} | {s: 1 for s in GREEN})
    events = g.apply(Build(0, BOARDWALK))
    assert events == [Payment(0, None, 200, "building"), Built(0, BOARDWALK, "house", 200, 1, 0)]
    assert g.pending.kind == "roll" and g.pending.player == 0
    assert g.bank_houses == 31


def test_no_call_when_nobody_else_could_build() -> None:
    """The auction is for when "two or more players wish to buy more than the Bank has" (000):
    three houses are left, Bob's groups all have four houses (he could only buy hotels), so Ann
    buys a house at once."""
    owners = {s: 0 for s in DARK_BLUE + LIGHT_BLUE} | {s: 1 for s in RED + YELLOW}
    levels = {s: 4 for s in RED + YELLOW} | dict(zip(LIGHT_BLUE, (2, 2, 1), strict=True))
    g = setup(owners=owners, levels=levels)
    assert g.bank_houses == 3
    events = g.apply(Build(0, BOARDWALK))
    assert events == [Payment(0, None, 200, "building"), Built(0, BOARDWALK, "house", 200, 1, 0)]
    assert g.bank_houses == 2 and g.cash[0] == 1300


def test_no_call_when_the_others_could_not_pay_for_more_than_the_stock() -> None:
    """A call is for when "two or more players wish to buy more than the Bank has" (000), and
    nobody buys more than they can pay for: eight houses are left and Bob's greens could take
    twelve, but his $300 and all the Bank would lend on his deeds ($460) buy three at $200;
    so Ann buys her house at once, and Bob, unasked, is not kept waiting."""
    owners = {s: 0 for s in DARK_BLUE + RED + YELLOW} | {s: 1 for s in GREEN}
    levels = {s: 4 for s in RED + YELLOW}
    g = setup(owners=owners, levels=levels, cash=[1500, 300])
    assert g.bank_houses == 8
    events = g.apply(Build(0, BOARDWALK))
    assert events == [Payment(0, None, 200, "building"), Built(0, BOARDWALK, "house", 200, 1, 0)]
    assert g.bank_houses == 7
    richer = setup(owners=owners, levels=levels, cash=[1500, 1500])  # 1500 + 460: nine
    assert richer.apply(Build(0, BOARDWALK)) == [ShortageCalled(0, "house", 8)]


def test_short_stock_asks_each_player_how_many() -> None:
    """"If there are a limited number of houses and hotels available and two or more players
    wish to buy more than the Bank has" (000): Ann asks for a house with three left and Bob
    able to build; each says how many they want, the asker first (at least one)."""
    g = short_of_houses()
    assert g.bank_houses == 3
    events = g.apply(Build(0, BOARDWALK))
    assert events == [ShortageCalled(0, "house", 3)]
    assert g.pending.kind == "build_demand" and g.pending.player == 0
    assert want_range(g, 0) == list(range(1, 9))
    assert g.cash == [1500, 1500] and g.bank_houses == 3
    g.apply(WantBuildings(0, 2))
    assert g.pending.kind == "build_demand" and g.pending.player == 1
    assert want_range(g, 1) == list(range(0, 8))


def test_demand_within_the_stock_is_bought_at_the_printed_price() -> None:
    """Only when players "wish to buy more than the Bank has" (000) is there an auction: Ann
    wants 1 and Bob 2 of the 3 houses; each places theirs at the deed's price, Ann first."""
    g = short_of_houses()
    total = money_total(g)
    g.apply(Build(0, BOARDWALK))
    g.apply(WantBuildings(0, 1))
    events = g.apply(WantBuildings(1, 2))
    assert "auction_start" not in kinds(events)
    assert g.pending.kind == "place_building" and g.pending.player == 0
    assert set(g.legal_actions(0)) >= {PlaceBuilding(0, BOARDWALK), PlaceBuilding(0, PARK_PLACE)}
    g.apply(PlaceBuilding(0, BOARDWALK))
    assert g.pending.kind == "place_building" and g.pending.player == 1
    g.apply(PlaceBuilding(1, GREEN[2]))
    assert g.pending.kind == "place_building" and g.pending.player == 1
    g.apply(PlaceBuilding(1, GREEN[0]))
    assert levels_of(g, DARK_BLUE) == (0, 1)
    assert levels_of(g, GREEN) == (3, 2, 2)
    assert g.bank_houses == 0
    assert g.cash == [1300, 1100]
    assert g.pending.kind == "roll" and g.pending.player == 0
    assert money_total(g) == total


def test_no_new_request_while_the_call_s_buildings_are_placed() -> None:
    """The call settles "two or more players wish to buy more than the Bank has" (000) for
    the buildings it counted: until they are all placed, nobody asks for more. Ann, placing
    the house she declared, may not ask for another (found when a learned policy asked again
    at every placement, opening call after call while no house was ever placed)."""
    g = short_of_houses()
    g.apply(Build(0, BOARDWALK))
    g.apply(WantBuildings(0, 1))
    g.apply(WantBuildings(1, 2))
    assert g.pending.kind == "place_building" and g.pending.player == 0
    assert not any(isinstance(a, Build) for a in g.legal_actions(0))
    assert g.buildable_squares(0) == []
    assert_illegal(g, Build(0, PARK_PLACE))
    assert_illegal(g, Build(1, GREEN[2]))
    g.apply(PlaceBuilding(0, BOARDWALK))
    g.apply(PlaceBuilding(1, GREEN[2]))
    g.apply(PlaceBuilding(1, GREEN[0]))
    assert g.pending.kind == "roll" and g.bank_houses == 0


def test_demand_above_the_stock_is_auctioned_one_at_a_time() -> None:
    """"If there are a limited number of houses and hotels available and two or more players
    wish to buy more than the Bank has, the houses or hotels must be sold at auction to the
    highest bidder." (000) "the houses are auctioned off one at a time to the highest bidder"
    (003). Ann wants 2, Bob 3, the Bank has 3."""
    g = short_of_houses()
    total = money_total(g)
    g.apply(Build(0, BOARDWALK))
    g.apply(WantBuildings(0, 2))
    events = g.apply(WantBuildings(1, 3))
    assert kinds(events)[-1] == "auction_start"
    # First house: Ann (the asker) is asked first.
    assert g.pending.kind == "bid" and g.pending.player == 0
    g.apply(Bid(0, 120))
    g.apply(Bid(1, 130))
    g.apply(Bid(0, 150))
    events = g.apply(Pass(1))
    assert [e for e in events if isinstance(e, AuctionWon | Payment)] == [
        AuctionWon(0, "house", None, 150),
        Payment(0, None, 150, "auction"),
    ]
    assert g.pending.kind == "place_building" and g.pending.player == 0
    events = g.apply(PlaceBuilding(0, BOARDWALK))
    assert [e.cost for e in only(Built, events)] == [0]
    assert g.bank_houses == 2
    # Second house: still 1 + 3 wanted for 2 left. Ann passes; Bob takes it for $1.
    assert g.pending.kind == "bid" and g.pending.player == 0
    g.apply(Pass(0))
    assert g.pending.kind == "bid" and g.pending.player == 1
    g.apply(Bid(1, 1))
    assert g.pending.kind == "place_building" and g.pending.player == 1
    g.apply(PlaceBuilding(1, GREEN[2]))
    assert g.bank_houses == 1
    # Third and last house: 1 + 2 wanted for 1 left; Ann, who passed before, bids again.
    assert g.pending.kind == "bid" and g.pending.player == 0
    g.apply(Bid(0, 90))
    g.apply(Bid(1, 95))
    g.apply(Bid(0, 210))
    g.apply(Pass(1))
    g.apply(PlaceBuilding(0, PARK_PLACE))
    assert levels_of(g, DARK_BLUE) == (1, 1)
    assert levels_of(g, GREEN) == (2, 2, 2)
    assert g.bank_houses == 0
    assert g.cash == [1500 - 150 - 210, 1499]
    assert g.bank_flow == 150 + 1 + 210
    # The stock is gone: the call is over and Ann's turn goes on.
    assert g.pending.kind == "roll" and g.pending.player == 0
    assert money_total(g) == total


def test_auction_price_is_not_the_house_price() -> None:
    """"the auction price of a house is not tied to the value of the property on which it will
    be placed" (003): Ann's Boardwalk house, bought at auction for $10, costs $10."""
    g = short_of_houses()
    g.apply(Build(0, BOARDWALK))
    g.apply(WantBuildings(0, 3))
    g.apply(WantBuildings(1, 1))
    g.apply(Bid(0, 10))
    g.apply(Pass(1))
    g.apply(PlaceBuilding(0, BOARDWALK))
    assert g.cash[0] == 1490 and g.level[BOARDWALK] == 1
    # Bob got none and still wants one: 2 + 1 wanted for 2 left, so a second auction.
    assert g.pending.kind == "bid" and g.pending.player == 0
    g.apply(Pass(0))
    g.apply(Pass(1))
    assert g.cash == [1490, 1500] and g.bank_houses == 2
    assert g.pending.kind == "roll"


def test_demand_that_fits_after_an_auction_is_sold_at_the_printed_price() -> None:
    """Auctions are needed only while players "wish to buy more than the Bank has" (000): once
    Bob has his one house, Ann's remaining 2 fit the 2 left and cost the printed $200 each."""
    g = short_of_houses()
    g.apply(Build(0, BOARDWALK))
    g.apply(WantBuildings(0, 2))
    g.apply(WantBuildings(1, 2))
    g.apply(Pass(0))
    g.apply(Bid(1, 5))
    g.apply(PlaceBuilding(1, GREEN[2]))
    # 2 + 1 wanted for 2 left: another auction, which Ann wins.
    g.apply(Bid(0, 6))
    g.apply(Pass(1))
    g.apply(PlaceBuilding(0, BOARDWALK))
    # 1 + 1 wanted for 1 left... still one more than the stock: auctioned.
    assert g.pending.kind == "bid"
    g.apply(Pass(0))
    g.apply(Bid(1, 7))
    g.apply(PlaceBuilding(1, GREEN[0]))
    assert g.bank_houses == 0
    assert g.cash == [1494, 1488]
    assert levels_of(g, GREEN) == (3, 2, 2) and levels_of(g, DARK_BLUE) == (0, 1)


def test_no_bid_no_house() -> None:
    """"the houses or hotels must be sold at auction to the highest bidder" (000): when nobody
    bids at all, nobody gets one; the stock stays with the Bank and play goes on."""
    g = short_of_houses()
    g.apply(Build(0, BOARDWALK))
    g.apply(WantBuildings(0, 2))
    g.apply(WantBuildings(1, 2))
    g.apply(Pass(0))
    events = g.apply(Pass(1))
    assert "auction_unsold" in kinds(events)
    assert g.bank_houses == 3
    assert g.cash == [1500, 1500]
    assert levels_of(g, DARK_BLUE) == (0, 0)
    assert g.pending.kind == "roll" and g.pending.player == 0


def test_a_single_player_gets_at_most_the_stock() -> None:
    """"When the Bank has no houses to sell, players wishing to build must wait" (000): Ann
    alone wants 5 of the 3 left; she gets 3 at the printed price, no auction."""
    g = short_of_houses()
    g.apply(Build(0, BOARDWALK))
    g.apply(WantBuildings(0, 5))
    events = g.apply(WantBuildings(1, 0))
    assert "auction_start" not in kinds(events)
    for street in (BOARDWALK, PARK_PLACE, BOARDWALK):
        assert g.pending.kind == "place_building" and g.pending.player == 0
        g.apply(PlaceBuilding(0, street))
    assert levels_of(g, DARK_BLUE) == (1, 2)
    assert g.bank_houses == 0 and g.cash[0] == 900
    assert g.pending.kind == "roll"
    assert_illegal(g, Build(0, PARK_PLACE))


def test_returned_house_is_sought_again() -> None:
    """"players wishing to build must wait for some player to return or sell his/her houses to
    the Bank before building" (000): Bob sells one house back; when Ann asks for it, Bob, who
    could build it again himself, is asked too."""
    g = short_of_houses(green=(3, 3, 2))
    assert g.bank_houses == 0
    assert_illegal(g, Build(0, BOARDWALK))
    g.apply(Sell(1, GREEN[0]))
    assert g.bank_houses == 1 and g.cash[1] == 1600
    g.apply(Build(0, BOARDWALK))
    assert g.pending.kind == "build_demand"
    g.apply(WantBuildings(0, 1))
    g.apply(WantBuildings(1, 0))
    g.apply(PlaceBuilding(0, BOARDWALK))
    assert g.level[BOARDWALK] == 1 and g.bank_houses == 0
    assert g.cash == [1300, 1600]


def test_hotel_shortage_is_auctioned_too() -> None:
    """"the houses or hotels must be sold at auction to the highest bidder" (000). One hotel
    is left; Ann (dark blue at 4,4) and Bob (red and yellow at 4 houses) both want it. The
    winner pays the bid, puts the hotel up and returns four houses to the Bank."""
    g = short_of_hotels({BOARDWALK: 4, PARK_PLACE: 4})
    assert (g.bank_houses, g.bank_hotels) == (0, 1)
    total = money_total(g)
    events = g.apply(Build(0, BOARDWALK))
    assert events == [ShortageCalled(0, "hotel", 1)]

    assert want_range(g, 0) == [1, 2]
    g.apply(WantBuildings(0, 1))
    assert want_range(g, 1) == list(range(0, 7))
    g.apply(WantBuildings(1, 1))
    assert g.pending.kind == "bid" and g.pending.player == 0
    g.apply(Bid(0, 300))
    g.apply(Bid(1, 400))
    g.apply(Bid(0, 401))
    g.apply(Pass(1))
    assert g.pending.kind == "place_building" and g.pending.player == 0
    g.apply(PlaceBuilding(0, PARK_PLACE))
    assert levels_of(g, DARK_BLUE) == (HOTEL, 4)
    assert (g.bank_houses, g.bank_hotels) == (4, 0)
    assert g.cash == [1099, 1500]
    assert g.pending.kind == "roll"
    assert_illegal(g, Build(0, BOARDWALK))
    assert money_total(g) == total


def test_call_during_another_players_decision() -> None:
    """"Buildings can be bought or sold, and other business can be conducted, at any time"
    (004): while Ann decides whether to buy Baltic, Bob asks for a short house; Bob is asked
    first, then Ann; then Ann's decision is waited for again."""
    g = short_of_houses(dice=[(1, 2)])
    g.apply(Roll(0))
    assert g.pending.kind == "buy" and g.pending.player == 0
    g.apply(Build(1, GREEN[2]))
    assert g.pending.kind == "build_demand" and g.pending.player == 1
    assert want_range(g, 1)[0] == 1
    g.apply(WantBuildings(1, 1))
    assert g.pending.kind == "build_demand" and g.pending.player == 0
    assert want_range(g, 0)[0] == 0
    g.apply(WantBuildings(0, 0))
    g.apply(PlaceBuilding(1, GREEN[2]))
    assert levels_of(g, GREEN) == (2, 2, 2) and g.cash == [1500, 1300]
    assert g.pending.kind == "buy" and g.pending.player == 0


def test_shortage_illegal_actions_change_nothing() -> None:
    """"the houses or hotels must be sold at auction to the highest bidder" (000): answers out
    of turn or out of range, a bid above the bidder's cash and an uneven placement are refused
    without any change."""
    g = short_of_houses(cash=[1500, 250])
    g.apply(Build(0, BOARDWALK))
    assert_illegal(g, WantBuildings(0, 0))  # the asker wants at least one
    assert_illegal(g, WantBuildings(0, 9))  # more than the group can take
    assert_illegal(g, WantBuildings(1, 1))  # not Bob's turn to answer
    assert_illegal(g, EndTurn(0))
    g.apply(WantBuildings(0, 2))
    g.apply(WantBuildings(1, 2))
    g.apply(Bid(0, 50))
    assert_illegal(g, Bid(1, 251))  # Bob has $250
    assert_illegal(g, Bid(1, 50))
    g.apply(Bid(1, 250))
    g.apply(Bid(0, 251))
    g.apply(Pass(1))
    assert g.pending.kind == "place_building" and g.pending.player == 0
    g.apply(PlaceBuilding(0, BOARDWALK))
    g.apply(Bid(0, 1))
    g.apply(Pass(1))
    assert_illegal(g, PlaceBuilding(0, BOARDWALK))  # (0,2) would be uneven
    assert_illegal(g, PlaceBuilding(0, GREEN[0]))  # not Ann's street
    assert_illegal(g, PlaceBuilding(1, GREEN[2]))
    g.apply(PlaceBuilding(0, PARK_PLACE))
    assert levels_of(g, DARK_BLUE) == (1, 1)
    assert g.cash == [1500 - 251 - 1, 250]


def test_no_new_request_while_a_shortage_call_is_open() -> None:
    """"two or more players wish to buy more than the Bank has, the houses or hotels must be
    sold at auction" (000): while the Bank is finding out who wants the short houses, nobody
    may ask for more outside the call."""
    from passgo.core import Game
    from passgo.core.actions import Build

    g = Game.from_position({
        "players": [{"name": "Ann", "cash": 3000}, {"name": "Bob", "cash": 3000}],
        "properties": {
            "Park Place": {"owner": "Ann", "houses": 1}, "Boardwalk": {"owner": "Ann"},
            "Mediterranean Avenue": {"owner": "Bob"}, "Baltic Avenue": {"owner": "Bob"},
            "Oriental Avenue": {"owner": "Ann", "houses": 4},
            "Vermont Avenue": {"owner": "Ann", "houses": 4},
            "Connecticut Avenue": {"owner": "Ann", "houses": 4},
            "St. Charles Place": {"owner": "Ann", "houses": 4},
            "States Avenue": {"owner": "Ann", "houses": 4},
            "Virginia Avenue": {"owner": "Ann", "houses": 4},
            "St. James Place": {"owner": "Ann", "houses": 2},
            "Tennessee Avenue": {"owner": "Ann", "houses": 2},
            "New York Avenue": {"owner": "Ann", "houses": 2},
        },
    })
    assert g.bank_houses == 1
    g.apply(Build(0, 39))
    assert g.pending.kind == "build_demand"
    assert not any(isinstance(a, Build) for a in g.legal_actions(1))
    assert_illegal(g, Build(1, 1))


# -- buildings bought at auction, sold back -----------------------------------------------------
# 000: "Houses and hotels may be sold back to the Bank at any time for one-half the price paid
# for them." A building bought at a shortage auction was paid the bid, not the printed cost.


def auction_house_on_boardwalk(price: int = 10, **kw: Any) -> Game:
    """Ann buys the short house for Boardwalk at auction for `price` (Bob passes); Bob's
    three wanted then fit the two left, which he buys at the printed price: the Bank has no
    house left."""
    g = short_of_houses(**kw)
    g.apply(Build(0, BOARDWALK))
    g.apply(WantBuildings(0, 1))
    g.apply(WantBuildings(1, 3))
    g.apply(Bid(0, price))
    g.apply(Pass(1))
    g.apply(PlaceBuilding(0, BOARDWALK))
    for street in (GREEN[2], GREEN[0]):
        g.apply(PlaceBuilding(1, street))
    assert g.level[BOARDWALK] == 1 and g.bank_houses == 0
    return g


def test_a_house_bought_at_auction_sells_for_half_its_bid() -> None:
    """"sold back to the Bank at any time for one-half the price paid for them" (000): Ann's
    Boardwalk house cost $10 at auction, so the Bank pays $5 for it, not half of the printed
    $200 (which would pay her $90 for nothing)."""
    g = auction_house_on_boardwalk()
    cash = g.cash[0]
    assert g.sale_price(Sell(0, BOARDWALK)) == 5
    assert g.liquidation_value(0) == cash + 5 + 175 + 200  # the house, then both mortgages
    total = money_total(g)
    events = g.apply(Sell(0, BOARDWALK))
    assert Payment(None, 0, 5, "buildings sold") in events
    assert g.cash[0] == cash + 5 and g.level[BOARDWALK] == 0
    assert money_total(g) == total
    # Built again at the printed price (Bob wants none of the house back), it sells for half
    # of that.
    g.apply(Build(0, BOARDWALK))
    g.apply(WantBuildings(0, 1))
    g.apply(WantBuildings(1, 0))
    g.apply(PlaceBuilding(0, BOARDWALK))
    assert g.cash[0] == cash + 5 - 200
    assert g.sale_price(Sell(0, BOARDWALK)) == 100


def test_the_latest_building_bought_is_the_first_sold() -> None:
    """"one-half the price paid for them" (000): the hotel Ann bought at auction for $401 on
    Park Place (over four houses at $200) is what a sale takes first: $200; then the houses
    pay $100 each; selling the group bare at once pays half of everything paid, rounded
    down."""
    g = short_of_hotels({BOARDWALK: 4, PARK_PLACE: 4})
    g.apply(Build(0, BOARDWALK))
    win_the_auction(g, 401)
    g.apply(PlaceBuilding(0, PARK_PLACE))
    assert levels_of(g, DARK_BLUE) == (HOTEL, 4) and g.bank_houses == 4
    assert g.sale_price(SellDown(0, "dark_blue", (0, 0))) == (4 * 200 + 401 + 4 * 200) // 2
    assert g.sale_price(SellDown(0, "dark_blue", (4, 4))) == 200
    cash = g.cash[0]
    g.apply(Sell(0, PARK_PLACE))
    assert levels_of(g, DARK_BLUE) == (4, 4) and g.cash[0] == cash + 200
    # Every building left cost the printed price.
    assert g.sale_price(Sell(0, PARK_PLACE)) == 100
    g.apply(SellDown(0, "dark_blue", (0, 0)))
    assert g.cash[0] == cash + 200 + 800


def test_bankruptcy_pays_half_the_price_paid_to_the_creditor() -> None:
    """A bankrupt's buildings go "to the Bank in exchange for money to the extent of one-half
    the amount paid for them and this cash is given to the creditor" (000): Ann, with $190
    left after her $10 auction house, lands on Bob's Kentucky Avenue (four houses: $700),
    which all she has cannot pay, and gives up; Bob gets her $190 and $5 for the house."""
    g = auction_house_on_boardwalk(cash=[200, 1500], pos=[14, 0], dice=[(3, 4)])
    assert g.cash[0] == 190 and g.liquidation_value(0) < 700
    total = money_total(g)
    g.apply(Roll(0))
    assert g.pending.kind == "raise_funds" and g.pending.player == 0
    g.apply(DeclareBankruptcy(0))
    assert g.cash[1] == 1500 - 400 + 190 + 5
    assert g.level[BOARDWALK] == 0 and not g.paid
    assert money_total(g) == total


def test_prices_paid_are_saved_and_copied() -> None:
    """"one-half the price paid for them" (000) holds after a save and a reload, and in an
    independent copy: what was paid at auction is part of the state."""
    g = auction_house_on_boardwalk()
    again = Game.from_json(g.to_json())
    assert again.sale_price(Sell(0, BOARDWALK)) == 5
    assert again.to_json() == g.to_json()
    position = g.position()
    assert position["properties"]["Boardwalk"]["paid"] == [10]
    assert "paid" not in position["properties"]["Park Place"]
    placed = Game.from_position(position_to_toml(position), seed=999)
    assert state_dict(placed) == state_dict(g)
    position["properties"]["Boardwalk"]["paid"] = [10, 10]
    with pytest.raises(PositionError, match="worth 1 house: give 1 price paid, not 2") as info:
        Game.from_position(position)
    assert "\n" not in str(info.value)
    copy = g.copy()
    copy.apply(Sell(0, BOARDWALK))
    assert g.sale_price(Sell(0, BOARDWALK)) == 5 and g.paid == {BOARDWALK: [10]}
    assert not copy.paid


@pytest.mark.parametrize("paid", [
    "nothing", [[BOARDWALK]], [[BOARDWALK, [10, 20]]], [[BOARDWALK, [-1]]],
    [[BOARDWALK, [10]], [BOARDWALK, [10]]], [[BOARDWALK, [200]], [BOARDWALK, [10]]],
    [[99, [10]]], [[BOARDWALK, [True]]], [[PARK_PLACE, [10]]],
])
def test_a_corrupt_price_paid_is_refused(paid: Any) -> None:
    """The prices paid ("one-half the price paid for them", 000) come from the save: one for
    each house on the street, whole and bounded, or the save is refused in one line."""
    data = auction_house_on_boardwalk().to_dict()
    data["state"]["paid"] = paid
    with pytest.raises(SaveFileError) as info:
        Game.from_dict(data, verify=False)
    assert "paid" in str(info.value) and "\n" not in str(info.value)


def test_an_instant_hotel_at_auction_spreads_its_price() -> None:
    """"one-half the price paid for them" (000) with instant hotels ("at the cost of five
    houses, less any houses already owned", 004): the $401 hotel Ann put on bare Boardwalk
    stands for five houses' worth at $81, $80, $80, $80, $80; sold down to one house it pays
    half of $320, and that house half of $81."""
    g = short_of_hotels({}, rules=Rules.classic().with_options(instant_hotels=True))
    assert g.bank_hotels == 1
    g.apply(BuildHotel(0, BOARDWALK))
    win_the_auction(g, 401)
    g.apply(PlaceBuilding(0, BOARDWALK))
    assert levels_of(g, DARK_BLUE) == (0, HOTEL)
    assert g.paid == {BOARDWALK: [81, 80, 80, 80, 80]}
    cash = g.cash[0]
    g.apply(Sell(0, BOARDWALK))
    assert levels_of(g, DARK_BLUE) == (0, 1) and g.cash[0] == cash + 160
    g.apply(Sell(0, BOARDWALK))
    assert g.cash[0] == cash + 160 + 40 and not g.paid


def test_a_save_from_before_the_prices_paid_were_kept_still_loads() -> None:
    """"one-half the price paid for them" (000): a save written before the state kept the
    prices paid has no `paid` field; its history says what was paid, so it loads and the
    auction house still sells for $5."""
    data = auction_house_on_boardwalk().to_dict()
    del data["state"]["paid"]
    g = Game.from_dict(data)
    assert g.sale_price(Sell(0, BOARDWALK)) == 5


def test_the_price_of_a_sale_the_rules_refuse_is_refused() -> None:
    """Houses are sold back "at any time" (000), but only one's own and only down: the price of
    a sale that is not allowed is an `IllegalActionError`, not a number."""
    g = auction_house_on_boardwalk()
    for sale in (SellDown(0, "dark_blue", (4, 4)), SellDown(1, "dark_blue", (0, 0)),
                 SellDown(0, "dark_blue", (0, 7)), Sell(1, BOARDWALK), Sell(0, PARK_PLACE),
                 SellDown(0, "violet", (0, 0))):
        with pytest.raises(IllegalActionError):
            g.sale_price(sale)


def test_half_the_price_paid_is_the_same_sold_at_once_or_one_by_one() -> None:
    """"one-half the price paid for them" (000) for each house: two $11 auction houses pay $5
    each, whether sold one at a time, all at once, counted by `liquidation_value` or paid to
    a creditor; their "cost price" in the Income Tax's total worth (000) is the $22 paid."""
    g = auction_house_on_boardwalk(11)
    # Bob got the other two; a second auction house: Bob sells one back and Ann buys it at
    # auction against him.
    g.apply(Sell(1, GREEN[0]))
    g.apply(Build(0, PARK_PLACE))
    win_the_auction(g, 11)
    g.apply(PlaceBuilding(0, PARK_PLACE))
    assert g.paid == {PARK_PLACE: [11], BOARDWALK: [11]}
    cash = g.cash[0]
    assert g.worth(0) == cash + 350 + 400 + 22
    assert g.liquidation_value(0) == cash + 5 + 5 + 175 + 200
    assert g.sale_price(SellDown(0, "dark_blue", (0, 0))) == 10
    g.apply(Sell(0, PARK_PLACE))
    g.apply(Sell(0, BOARDWALK))
    assert g.cash[0] == cash + 10 and not g.paid


def test_the_sell_buttons_say_half_the_price_paid() -> None:
    """"one-half the price paid for them" (000) is what the player is offered: the browser's
    and the terminal's buttons for selling the $10 auction house say $5."""
    from passgo.narrate import describe_action
    from passgo.tui.deeds import button_text

    g = auction_house_on_boardwalk()
    assert describe_action(g, Sell(0, BOARDWALK)) == "Sell a building on Boardwalk for $5"
    assert button_text(g, Sell(0, BOARDWALK)) == "- sell house +$5"
    down = describe_action(g, SellDown(0, "dark_blue", (0, 0)))
    assert down.startswith("Sell the ") and down.endswith(" for $5")
