"""Houses, hotels and mortgages: even building and selling, the Bank's limited supply, and
building-shortage auctions.

How the engine learns that several players want short buildings: when a player asks to buy a
house (or hotel) and the Bank's stock is smaller than one plus the number that every other player
could place at that moment and pay for (`capacity`), a shortage is possible, so the Bank makes a
*call*. Each player who
could build (the requester first, then the others in turn order) says how many they want now
(`want N`). If the total does not exceed the stock, everyone gets what they asked at the printed
price and places it; otherwise the buildings are auctioned one at a time among those who still
want one, until the remaining demand fits the stock (then the rest are bought at the printed
price) or the stock is gone. When the stock is plentiful nobody is asked anything.

House rules (004 variant catalogue), each read only when its `Rules` switch is on:

* `double_hotels`: after a hotel a street takes up to four more houses (levels 6-9) and then a
  second hotel (level 10; its four houses go back to the Bank), so no street ever carries more
  than four houses. Even building and selling work on this extended scale (a level is its
  rank). Rent is the hotel rent plus the rent of the buildings above it: a hotel and k houses
  pays hotel rent + the k-house rent, two hotels twice the hotel rent (`state.street_rent`).
  Selling goes back down the same scale; the second hotel breaks down into four houses.
* `instant_hotels`: `BuildHotel` buys a hotel for a street of a complete group for five houses'
  price (houses per hotel + 1) less the houses already on it, which go back to the Bank; the
  Bank needs a hotel but no houses. Hotels rank above every house and stand outside the even
  building of houses: houses must be even among the group's streets without a hotel, and a
  hotel may go on any of them. A hotel sold breaks down into as many houses as keep that
  evenness (at most four).
* `uneven_building`: no even-building rule for building or selling; a street still needs its
  own four houses before a normal hotel, and (unless `non_monopoly_building`) the whole group.
* `non_monopoly_building`: a player may build on their streets of a group they do not own
  whole (none of their streets of it mortgaged) for double the house price; the Bank buys
  back at half the normal price. Even building applies among the player's own streets of the
  group: build on a street with no fewer buildings than another, sell from streets that end
  within one building of the highest. Buying or receiving a street can leave them uneven.
  A deed is traded only while no street of its group carries buildings (anyone's).
* `free_market`: building on partial sets as under `non_monopoly_building`, at the normal
  price; `market.py` evens out an owner's streets of a group a street joins.
* `unlimited_housing`: the Bank's stock is still counted (on the board + in the Bank = the
  edition's 32 and 12) but may go below zero: building is never refused for want of houses or
  hotels, hotels always break down, and no shortage call is ever made.
* `partnerships` (a term of trades, `terms.py`): two partners who own a group between them
  build as one owner would, each on their own streets (`GameState.partners` names them):
  even building and selling across the whole group, each selling only their own buildings.
* `no_mortgaging`: no mortgages; `SellDeed` sells a deed (no buildings of the owner in its
  group) back to the Bank for half its printed price; it returns to the Bank unowned.
"""

from __future__ import annotations

from typing import Any

from passgo.core import auction
from passgo.core.actions import (
    Action,
    Build,
    BuildHotel,
    PlaceBuilding,
    Sell,
    SellDown,
    WantBuildings,
)
from passgo.core.board import STREET
from passgo.core.decisions import BuildDemandDecision, BuildingItem, PlaceBuildingDecision
from passgo.core.events import (
    BUILDING,
    BuildingsSold,
    BuildingsWanted,
    Built,
    ShortageCalled,
)
from passgo.core.frames import CallFrame, PlaceFrame
from passgo.core.money import bank_pays, pay_now, square_problem
from passgo.core.registry import answer, business, decision, settles
from passgo.core.state import BANK, HOTEL, TWO_HOTELS, GameState, hotels_at, houses_at


def group_buildable(g: GameState, player: int, group: int) -> bool:
    """A complete colour group of the player (or of a partnership of theirs, `partners`) with
    no street mortgaged."""
    owner, mortgaged = g.owner, g.mortgaged
    squares = g.board.groups[group]
    # A loop, not all(): most groups fail at their first street, and every request to build
    # asks this of every group for every other player (`capacity`).
    for sq in squares:
        if owner[sq] != player or mortgaged[sq]:
            break
    else:
        return True
    if not g.contracts:
        return False
    members = g.partners(player, group)
    return len(members) > 1 and not any(mortgaged[sq] for sq in squares)


def _own_unmortgaged(g: GameState, player: int, group: int) -> bool:
    """Non-monopoly building: the player owns streets of the group, none of them mortgaged."""
    owner, mortgaged = g.owner, g.mortgaged
    own = [sq for sq in g.board.groups[group] if owner[sq] == player]
    return bool(own) and not any(mortgaged[sq] for sq in own)


def hotel_next(g: GameState, lv: int) -> bool:
    """The next building on a street at this level is a hotel."""
    return lv == g.rules.houses_per_hotel or lv == TWO_HOTELS - 1


def build_price(g: GameState, player: int, sq: int) -> int:
    """The price of the next house or hotel for a street: double without the whole group."""
    square = g.board.squares[sq]
    if g.rules.non_monopoly_building and not g.owns_group(player, square.group):
        return 2 * square.house_cost
    return square.house_cost


def instant_price(g: GameState, sq: int) -> int:
    """Instant hotels: five houses' price less the houses already on the street."""
    return (g.rules.houses_per_hotel + 1 - g.level[sq]) * g.board.squares[sq].house_cost


def build_problem(g: GameState, player: int, sq: int, check_cash: bool = True) -> str | None:
    """Why the player may not buy a building for this street now (None: they may)."""
    square = g.board.squares[sq]
    if square.kind != STREET:
        return f"{square.name} is not a street"
    if g.owner[sq] != player:
        return f"you do not own {square.name}"
    if g.house_rules and g.punished(player):
        return "a player in jail may not buy buildings (maximum punishment)"
    rules = g.rules
    if not group_buildable(g, player, square.group):
        if not rules.partial_building:
            return "you need the whole colour group, none of it mortgaged, to build"
        if not _own_unmortgaged(g, player, square.group):
            return "none of your streets of the group may be mortgaged to build"
    lv = g.level[sq]
    if lv >= HOTEL:
        if not rules.double_hotels:
            return f"{square.name} already has a hotel"
        if lv == TWO_HOTELS:
            return f"{square.name} already has two hotels"
        hotel = lv == TWO_HOTELS - 1
    else:
        hotel = lv == rules.houses_per_hotel
    if not rules.uneven_building and not (hotel and rules.instant_hotels):
        rank = g.rank
        here = rank(lv)
        owner, level = g.owner, g.level
        # Streets of other owners count only under non-monopoly building (else there are none),
        # and a partner's streets as one's own.
        members = g.partners(player, square.group) if g.contracts else (player,)
        for o in g.board.groups[square.group]:  # a loop, not any(): asked for every street
            if rank(level[o]) < here and owner[o] in members:
                return "build evenly: another street of the group has fewer buildings"
    if check_cash:
        price = square.house_cost
        if rules.non_monopoly_building and not g.owns_group(player, square.group):
            price *= 2
        if g.spendable(player) < price:
            return "not enough cash"
    if rules.unlimited_housing:
        return None
    if hotel and g.bank_hotels <= 0:
        return "the Bank has no hotels left"
    if not hotel and g.bank_houses <= 0:
        return "the Bank has no houses left"
    return None


def hotel_problem(g: GameState, player: int, sq: int, check_cash: bool = True) -> str | None:
    """Why the player may not buy an instant hotel for this street now (None: they may)."""
    if not g.rules.instant_hotels:
        return "hotels are bought on full houses (instant hotels are not played)"
    square = g.board.squares[sq]
    if square.kind != STREET:
        return f"{square.name} is not a street"
    if g.owner[sq] != player:
        return f"you do not own {square.name}"
    if g.punished(player):
        return "a player in jail may not buy buildings (maximum punishment)"
    if not group_buildable(g, player, square.group):
        return "an instant hotel needs the whole colour group, none of it mortgaged"
    if g.level[sq] >= HOTEL:
        return f"{square.name} already has a hotel"
    if check_cash and g.spendable(player) < instant_price(g, sq):
        return f"the hotel costs {instant_price(g, sq)} here"
    if g.bank_hotels <= 0 and not g.rules.unlimited_housing:
        return "the Bank has no hotels left"
    return None


def buildable_squares(g: GameState, player: int) -> list[int]:
    """Streets the player may build on right now (one building each)."""
    if g.rules.partial_building:
        owner = g.owner
        return [sq for sq in g.board.properties
                if owner[sq] == player and build_problem(g, player, sq) is None]
    out: list[int] = []
    owner, mortgaged = g.owner, g.mortgaged
    for group, squares in enumerate(g.board.groups):
        # Inline `group_buildable`: bots ask this before every throw.
        for sq in squares:
            if owner[sq] != player or mortgaged[sq]:
                break
        else:
            out.extend(sq for sq in squares if build_problem(g, player, sq) is None)
            continue
        if g.contracts and group_buildable(g, player, group):  # a partnership's group
            out.extend(sq for sq in squares
                       if owner[sq] == player and build_problem(g, player, sq) is None)
    return out


def hotel_squares(g: GameState, player: int) -> list[int]:
    """Instant hotels: streets below full houses where a hotel may be bought now (on full
    houses `Build` buys the hotel at the same price)."""
    hph = g.rules.houses_per_hotel
    return [sq for sq in g.board.properties
            if g.owner[sq] == player and g.level[sq] < hph
            and hotel_problem(g, player, sq) is None]


def call_open(g: GameState) -> bool:
    """A building-shortage call is under way, its buildings being placed included: until it
    ends, nobody asks for more buildings (a new request would jump the queue of those who
    declared what they want, and a request made while placing could open call after call
    without a building ever being placed)."""
    return any(isinstance(f, (CallFrame, PlaceFrame)) for f in g.frames)


def capacity(g: GameState, player: int, item: BuildingItem) -> int:
    """How many houses (or hotels) the player could place now, and pay for, if the Bank had
    plenty."""
    rules = g.rules
    if g.house_rules and g.punished(player):
        return 0  # "A player in Jail may not ... buy buildings"
    if (rules.double_hotels or rules.instant_hotels or rules.uneven_building
            or rules.partial_building or g.contracts):
        return _capacity_variant(g, player, item)
    hph = rules.houses_per_hotel
    total = 0
    cheapest = 0
    for group, squares in enumerate(g.board.groups):
        if not group_buildable(g, player, group):
            continue
        levels = [g.level[sq] for sq in squares]
        if item == "house":
            n = sum(hph - lv for lv in levels if lv < hph)
        else:
            n = sum(1 for lv in levels if lv == hph) if all(
                lv >= hph for lv in levels) else 0
        if n:
            total += n
            cost = g.board.squares[squares[0]].house_cost
            cheapest = cost if not cheapest else min(cheapest, cost)
    return _payable(g, player, total, cheapest)


def _payable(g: GameState, player: int, total: int, cheapest: int) -> int:
    """Of `total` buildings the player's streets could take, those they could pay for: none
    without the cash for the cheapest now, else at most what their cash and all they could
    raise from the Bank buys at the cheapest price. (000: "two or more players wish to buy
    more than the Bank has": nobody buys more than they can pay for, so 29 houses in the Bank
    are no shortage for players who could pay for ten.)"""
    if not total or g.cash[player] < cheapest:
        return 0
    return min(total, g.liquidation_value(player) // cheapest)


def _capacity_variant(g: GameState, player: int, item: str) -> int:
    """`capacity` under the building house rules (and partnerships): an upper bound, street by
    street, of the houses (up to the next hotel) or hotels the player's streets could take."""
    rules = g.rules
    hph = rules.houses_per_hotel
    total = 0
    cheapest = 0
    for group, squares in enumerate(g.board.groups):
        complete = group_buildable(g, player, group)
        if not complete and not (rules.partial_building
                                 and _own_unmortgaged(g, player, group)):
            continue
        n = 0
        for sq in squares:
            if g.owner[sq] != player:
                continue
            lv = g.level[sq]
            if item == "house":
                if lv < hph:
                    n += hph - lv
                elif rules.double_hotels and HOTEL <= lv < TWO_HOTELS - 1:
                    n += TWO_HOTELS - 1 - lv
            elif hotel_next(g, lv) or (rules.instant_hotels and complete and lv < HOTEL):
                n += 1
        if n:
            total += n
            cost = g.board.squares[squares[0]].house_cost * (1 if complete else 2)
            cheapest = cost if not cheapest else min(cheapest, cost)
    return _payable(g, player, total, cheapest)


def _shortage_call(g: GameState, player: int, sq: int, item: BuildingItem) -> bool:
    """Open a building-shortage call for the player's request if others may want the short
    buildings too (True: the call is open and decides who gets them)."""
    rules = g.rules
    if not rules.building_shortage_auctions or rules.unlimited_housing:
        return False
    stock = g.bank_hotels if item == "hotel" else g.bank_houses
    others = 0
    for other in g.seats_from(player)[1:]:
        others += capacity(g, other, item)
        if others >= stock:
            break
    if stock >= 1 + others:
        return False
    asked = [p for p in g.seats_from(player) if p == player or capacity(g, p, item)]
    g.events.append(ShortageCalled(player, item, stock))
    g.frames.append(CallFrame("build_demand", player, item, player, sq, asked, {}))
    return True


def build(g: GameState, player: int, sq: int) -> None:
    """Buy a building for the street, or open a shortage call if others may want them too."""
    item: BuildingItem = "hotel" if hotel_next(g, g.level[sq]) else "house"
    if _shortage_call(g, player, sq, item):
        return
    put_building(g, player, sq, build_price(g, player, sq))


def build_hotel(g: GameState, player: int, sq: int) -> None:
    """Instant hotels: buy a hotel for the street, or open a shortage call for hotels."""
    if _shortage_call(g, player, sq, "hotel"):
        return
    put_instant_hotel(g, player, sq, instant_price(g, sq))


def put_building(g: GameState, player: int, sq: int, price: int, paid: int = -1) -> None:
    """Place one building on the street, paying `price` to the Bank (0 if paid at auction);
    `paid`: the auction's price, which a sale refunds half of (-1: the normal price, also
    under the house rule that charges double for a partial group: "If you sell them back to
    the bank, you still only get half of their normal cost", 004)."""
    if price:
        pay_now(g, player, BANK, price, BUILDING)
    lv = g.level[sq]
    if paid >= 0 or g.paid:
        g.add_paid(sq, 1, g.board.squares[sq].house_cost if paid < 0 else paid)
    if lv == g.rules.houses_per_hotel or lv == TWO_HOTELS - 1:
        # A hotel: the houses under it go back to the Bank.
        g.bank_hotels -= 1
        g.bank_houses += houses_at(lv)
        g.level[sq] = lv = HOTEL if lv < HOTEL else TWO_HOTELS
        g.events.append(Built(player, sq, "hotel", price, houses_at(lv), hotels_at(lv),
                              g.reason))
    else:
        g.bank_houses -= 1
        g.level[sq] = lv = lv + 1
        g.events.append(Built(player, sq, "house", price, houses_at(lv), hotels_at(lv),
                              g.reason))


def put_instant_hotel(g: GameState, player: int, sq: int, price: int, paid: int = -1) -> None:
    """Instant hotels: a hotel on a street with fewer houses; those houses go back (`price`
    and `paid` as for `put_building`)."""
    if price:
        pay_now(g, player, BANK, price, BUILDING)
    if paid >= 0 or g.paid:
        g.add_paid(sq, g.units(HOTEL) - g.level[sq], instant_price(g, sq) if paid < 0 else paid)
    g.bank_hotels -= 1
    g.bank_houses += g.level[sq]
    g.level[sq] = HOTEL
    g.events.append(Built(player, sq, "hotel", price, 0, 1, g.reason))


def place_problem(g: GameState, player: int, sq: int, item: str, price: int) -> str | None:
    """Why an obtained building may not go on this street (None: it may)."""
    lv = g.level[sq]
    if item == "hotel" and g.rules.instant_hotels and lv < HOTEL and not hotel_next(g, lv):
        return hotel_problem(g, player, sq, check_cash=price < 0)
    problem = build_problem(g, player, sq, check_cash=price < 0)
    if problem:
        return problem
    is_hotel = hotel_next(g, lv)
    if is_hotel != (item == "hotel"):
        return f"this street needs a {'hotel' if is_hotel else 'house'}, not a {item}"
    return None


def place_options(g: GameState, f: PlaceFrame) -> list[int]:
    return [
        sq
        for sq in g.board.properties
        if g.owner[sq] == f.player and place_problem(g, f.player, sq, f.item, f.price) is None
    ]


def place(g: GameState, f: PlaceFrame, sq: int) -> None:
    g.frames.pop()
    if f.item == "hotel" and not hotel_next(g, g.level[sq]):
        put_instant_hotel(g, f.player, sq, instant_price(g, sq) if f.price < 0 else 0, f.price)
    else:
        put_building(g, f.player, sq, build_price(g, f.player, sq) if f.price < 0 else 0,
                     f.price)


@settles(PlaceFrame)
def settle_place(g: GameState, f: PlaceFrame) -> bool:
    """A placement with nowhere legal to go lapses (an auction price is refunded)."""
    if place_options(g, f):
        return False
    g.frames.pop()
    if f.price > 0:
        bank_pays(g, f.player, f.price, "refund")
    return True


def want_limit(g: GameState, f: CallFrame, player: int) -> tuple[int, int]:
    """The range of answers to a shortage call: the requester wants at least one."""
    cap = capacity(g, player, f.item)
    low = 1 if player == f.requester else 0
    return min(low, cap), cap


def want(g: GameState, f: CallFrame, player: int, count: int) -> None:
    f.asked.pop(0)
    if count:
        f.demand[player] = count
    g.events.append(BuildingsWanted(player, f.item, count))


@settles(CallFrame)
def settle_call(g: GameState, f: CallFrame) -> bool:
    """Move a call forward: ask the next player, auction one building, or hand out the rest."""
    f.demand = {p: n for p, n in f.demand.items() if n > 0 and g.alive[p]}
    if f.asked:
        f.asked = [p for p in f.asked if g.alive[p]]
    if f.asked:
        f.player = f.asked[0]
        return False
    stock = g.bank_hotels if f.item == "hotel" else g.bank_houses
    total = sum(f.demand.values())
    if stock and total > stock and len(f.demand) > 1:
        # One building is auctioned; the call stays below and is looked at again once the
        # winner has placed it (`auction._finish` lowers their demand).
        bidders = [p for p in g.seats_from(f.requester) if p in f.demand]
        auction.open_auction(g, f.item, -1, f.requester, bidders)
        return True
    g.frames.pop()
    # No shortage among those who want them: everyone buys what they asked at the price.
    for p in reversed(g.seats_from(f.requester)):
        n = min(f.demand.get(p, 0), stock)
        for _ in range(n):
            g.frames.append(PlaceFrame("place_building", p, f.item, -1))
    return True


def sell_problem(g: GameState, player: int, group: int, levels: tuple[int, ...]) -> str | None:
    """Why the group's buildings may not be sold down to `levels` (None: they may)."""
    squares = g.board.groups[group]
    if len(levels) != len(squares):
        return f"give one level for each of the {len(squares)} streets of the group"
    # Loops rather than any(): a group has two to four streets, and bots raising funds ask
    # this of every sale they could make, at every step.
    rules = g.rules
    owner, level = g.owner, g.level
    current = [level[sq] for sq in squares]
    members = g.partners(player, group) if g.contracts else (player,)
    if not rules.partial_building:
        for sq in squares:
            if owner[sq] not in members:
                return "you do not own that whole group"
    if len(members) > 1 or rules.partial_building:
        for sq, new, old in zip(squares, levels, current, strict=True):
            if owner[sq] != player and new != old:
                return "you may sell only the buildings on your own streets"
    rank = g.rank
    hph = rules.houses_per_hotel
    if rules.double_hotels:
        for lv in levels:
            if not 0 <= lv <= TWO_HOTELS:
                return ("a level is 0-4 houses, 5 a hotel, 6-9 a hotel and 1-4 houses,"
                        " 10 two hotels")
    else:
        for lv in levels:
            if not (0 <= lv <= hph or lv == HOTEL):
                return "a level is 0 to the houses per hotel, or 5 for a hotel"
    for new, old in zip(levels, current, strict=True):
        if rank(new) > rank(old):
            return "selling cannot add buildings"
    if tuple(current) == levels:
        return "nothing to sell"
    if not rules.uneven_building:
        if rules.partial_building or rules.instant_hotels:
            problem = _uneven_sale(g, player, squares, current, levels)
            if problem:
                return problem
        else:
            ranks = [rank(lv) for lv in levels]
            if max(ranks) - min(ranks) > 1:
                return "sell evenly: the streets of a group may differ by one building at most"
    if rules.unlimited_housing:
        return None
    if rules.hotel_sale == "exchange":
        # "Sell Hotels to the Bank for half the cost, and exchange them immediately for 4
        # Houses": each hotel sold needs those houses in the Bank first, unless its street is
        # sold bare (its houses would go straight back): a player short of cash can always
        # sell a group's hotels, however few houses the Bank has (001 is silent there).
        exchanged = sum(max(0, hotels_at(old) - hotels_at(new))
                        for old, new in zip(current, levels, strict=True) if new)
        if exchanged * hph > g.bank_houses:
            return f"the Bank must exchange each hotel for {hph} houses and has {g.bank_houses}"
    houses_now = sum(houses_at(lv) for lv in current)
    houses_after = sum(houses_at(lv) for lv in levels)
    if houses_after - houses_now > g.bank_houses:
        return "the Bank does not have the houses to break the hotel down into"
    return None


def _uneven_sale(g: GameState, player: int, squares: tuple[int, ...], current: list[int],
                 levels: tuple[int, ...]) -> str | None:
    """Even selling among the player's own streets of the group (non-monopoly building), and
    among the streets without a hotel (instant hotels): every street sold from ends within one
    building of the highest, and the spread does not grow beyond one."""
    rank = g.rank
    skip_hotels = g.rules.instant_hotels
    before = [rank(old) for sq, old in zip(squares, current, strict=True)
              if g.owner[sq] == player and not (skip_hotels and old >= HOTEL)]
    after: list[int] = []
    sold: list[int] = []
    for sq, old, new in zip(squares, current, levels, strict=True):
        if g.owner[sq] != player or (skip_hotels and new >= HOTEL):
            continue
        after.append(rank(new))
        if new != old:
            sold.append(rank(new))
    if not after:
        return None
    spread = max(before) - min(before) if before else 0
    if max(after) - min(after) > max(1, spread) or any(r < max(after) - 1 for r in sold):
        return "sell evenly: sell from the streets with the most buildings"
    return None


def sale_refund(g: GameState, group: int, levels: tuple[int, ...]) -> int:
    """What the Bank pays for selling the group down to `levels`: half the price paid for the
    buildings sold (000: "for one-half the price paid for them")."""
    return sum(g.refund_above(sq, new)
               for sq, new in zip(g.board.groups[group], levels, strict=True)
               if g.level[sq] != new)


def sell_down(g: GameState, player: int, group: int, levels: tuple[int, ...]) -> None:
    squares = g.board.groups[group]
    refund = 0
    for sq, new in zip(squares, levels, strict=True):
        old = g.level[sq]
        if old == new:
            continue
        refund += g.take_refund(sq, new)
        g.bank_hotels += hotels_at(old) - hotels_at(new)
        g.bank_houses += houses_at(old) - houses_at(new)
        g.level[sq] = new
        g.events.append(BuildingsSold(player, sq, houses_at(new), hotels_at(new), g.reason))
    bank_pays(g, player, refund, "buildings sold")


def sell_one_levels(g: GameState, sq: int) -> tuple[int, ...]:
    """The group's levels after selling one building of `sq` (a hotel becomes houses)."""
    group = g.board.squares[sq].group
    lv = g.level[sq]
    if lv == HOTEL:
        rules = g.rules
        new = rules.houses_per_hotel
        if rules.instant_hotels and not rules.uneven_building:
            # As many houses as keep the houses of the streets without a hotel even.
            owner, level = g.owner, g.level
            others = [level[o] for o in g.board.groups[group]
                      if o != sq and owner[o] == owner[sq] and level[o] < HOTEL]
            if others:
                new = min(new, min(others) + 1)
    else:
        new = lv - 1
    return tuple(new if o == sq else g.level[o] for o in g.board.groups[group])


def sell_options(g: GameState, player: int,
                 first: bool = False) -> list[tuple[int, int, tuple[int, ...]]]:
    """(square or -1, group, levels) for every legal one-building sale, and, in a group where a
    hotel cannot break down for lack of houses, every even sale of several buildings at once.
    `first`: only the first, for a caller asking whether any sale is legal
    (`business.may_raise`)."""
    out: list[tuple[int, int, tuple[int, ...]]] = []
    rules = g.rules
    owner, level = g.owner, g.level
    variant = rules.partial_building or rules.instant_hotels or rules.uneven_building
    anyone = variant or bool(g.contracts)  # groups the player does not own whole count
    for group, squares in enumerate(g.board.groups):
        if not anyone and owner[squares[0]] != player:
            continue
        for sq in squares:  # a loop, not any(): a building of the player's in the group?
            if level[sq] and (owner[sq] == player or not anyone):
                break
        else:
            continue
        singles = len(out)
        for sq in squares:
            if level[sq] and owner[sq] == player:
                levels = sell_one_levels(g, sq)
                if sell_problem(g, player, group, levels) is None:
                    out.append((sq, group, levels))
                    if first:
                        return out
        if len(out) > singles:
            continue
        candidates: list[tuple[int, ...]] = []
        if all(owner[sq] == player for sq in squares):
            units = [g.rank(level[sq]) for sq in squares]
            candidates.extend(_even_levels(g, squares, total)
                              for total in range(sum(units) - 1, -1, -1))
        if variant:
            candidates.extend(_street_sales(g, player, squares))
        seen: set[tuple[int, ...]] = set()
        for levels in candidates:
            if levels not in seen and sell_problem(g, player, group, levels) is None:
                seen.add(levels)
                out.append((-1, group, levels))
                if first:
                    return out
    return out


def _street_sales(g: GameState, player: int, squares: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Sales of several buildings of one street at once (a hotel down to fewer houses), and of
    every building of the player's in the group, for the house rules' uneven groups."""
    current = [g.level[sq] for sq in squares]
    out: list[tuple[int, ...]] = []
    for i, sq in enumerate(squares):
        if g.owner[sq] == player and current[i] >= HOTEL:
            for new in range(current[i] - 1, -1, -1):
                out.append(tuple(new if j == i else lv for j, lv in enumerate(current)))
    out.append(tuple(0 if g.owner[sq] == player else lv
                     for sq, lv in zip(squares, current, strict=True)))
    return out


def _even_levels(g: GameState, squares: tuple[int, ...], total: int) -> tuple[int, ...]:
    """An even spread of `total` ranks over the group, extras on the most built streets."""
    n = len(squares)
    base, extra = divmod(total, n)
    order = sorted(range(n), key=lambda i: -g.rank(g.level[squares[i]]))
    ranks = [base] * n
    for i in order[:extra]:
        ranks[i] += 1
    hotel_rank = g.rules.houses_per_hotel + 1
    return tuple(HOTEL if r == hotel_rank else r for r in ranks)


# -- registrations ---------------------------------------------------------------------------


def _spending_problem(g: GameState, player: int, square: int) -> str | None:
    if problem := square_problem(g, square):
        return problem
    if g.owes(player):
        return "settle your debt before spending"
    return None


def _build_problem(g: GameState, f: Any, a: Build | BuildHotel) -> str | None:
    if problem := _spending_problem(g, a.player, a.square):
        return problem
    if call_open(g):
        return "a building-shortage call is open: buildings are handed out by it first"
    if isinstance(a, BuildHotel):
        return hotel_problem(g, a.player, a.square)
    return build_problem(g, a.player, a.square)


@business(Build, _build_problem)
def _build(g: GameState, f: Any, a: Build) -> None:
    build(g, a.player, a.square)


@business(BuildHotel, _build_problem)
def _build_hotel(g: GameState, f: Any, a: BuildHotel) -> None:
    build_hotel(g, a.player, a.square)


def sale_levels(g: GameState, a: Sell | SellDown) -> tuple[int, tuple[int, ...]] | str:
    """(group, levels after the sale) of a sale, or why it names nothing to sell."""
    if isinstance(a, Sell):
        if problem := square_problem(g, a.square):
            return problem
        square = g.board.squares[a.square]
        if g.owner[a.square] != a.player or not g.level[a.square]:
            return f"you have no building on {square.name}"
        return square.group, sell_one_levels(g, a.square)
    try:
        group = g.board.group_index(a.group)
    except KeyError as exc:
        return str(exc.args[0])
    return group, tuple(a.levels)


def _sale_problem(g: GameState, f: Any, a: Sell | SellDown) -> str | None:
    found = sale_levels(g, a)
    if isinstance(found, str):
        return found
    return sell_problem(g, a.player, *found)


def _sell(g: GameState, f: Any, a: Sell | SellDown) -> None:
    found = sale_levels(g, a)
    assert not isinstance(found, str)
    sell_down(g, a.player, *found)


business(Sell, _sale_problem)(_sell)
business(SellDown, _sale_problem)(_sell)


def _demand_view(g: GameState, f: CallFrame) -> BuildDemandDecision:
    low, high = want_limit(g, f, f.player)
    group = g.board.squares[f.square].group
    stock = g.bank_hotels if f.item == "hotel" else g.bank_houses
    return BuildDemandDecision(f.player, f.item, f.square,
                               g.board.group_names[group], f.requester, stock, low, high)


def _demand_answers(g: GameState, f: CallFrame, p: int) -> list[Action]:
    low, high = want_limit(g, f, p)
    return [WantBuildings(p, n) for n in range(low, high + 1)]


def _want_problem(g: GameState, f: CallFrame, a: WantBuildings) -> str | None:
    low, high = want_limit(g, f, a.player)
    return None if low <= a.amount <= high else f"answer between {low} and {high}"


decision("build_demand", _demand_view, _demand_answers)


@answer(WantBuildings, "build_demand", problem=_want_problem)
def _want(g: GameState, f: CallFrame, a: WantBuildings) -> None:
    want(g, f, a.player, a.amount)


def _place_view(g: GameState, f: PlaceFrame) -> PlaceBuildingDecision:
    return PlaceBuildingDecision(f.player, f.item,
                                 f.price if f.price >= 0 else None,
                                 tuple(place_options(g, f)))


decision("place_building", _place_view,
         lambda g, f, p: [PlaceBuilding(p, sq) for sq in place_options(g, f)])


@answer(PlaceBuilding, "place_building",
        problem=lambda g, f, a: square_problem(g, a.square)
        or place_problem(g, a.player, a.square, f.item, f.price))
def _place(g: GameState, f: PlaceFrame, a: PlaceBuilding) -> None:
    place(g, f, a.square)
