"""Houses, hotels and mortgages: even building and selling, the Bank's limited supply, and
building-shortage auctions.

How the engine learns that several players want short buildings: when a player asks to buy a
house (or hotel) and the Bank's stock is smaller than one plus the number that every other player
could place at that moment, a shortage is possible, so the Bank makes a *call*. Each player who
could build (the requester first, then the others in turn order) says how many they want now
(`want N`). If the total does not exceed the stock, everyone gets what they asked at the printed
price and places it; otherwise the buildings are auctioned one at a time among those who still
want one, until the remaining demand fits the stock (then the rest are bought at the printed
price) or the stock is gone. When the stock is plentiful nobody is asked anything.
"""

from __future__ import annotations

from passgo.core import auction
from passgo.core.board import STREET
from passgo.core.events import Event
from passgo.core.frames import CallFrame, PlaceFrame, TransferFrame
from passgo.core.money import bank_pays, pay_now
from passgo.core.state import BANK, HOTEL, GameState


def group_buildable(g: GameState, player: int, group: int) -> bool:
    """A complete colour group of the player with no street mortgaged."""
    owner, mortgaged = g.owner, g.mortgaged
    return all(owner[sq] == player and not mortgaged[sq] for sq in g.board.groups[group])


def build_problem(g: GameState, player: int, sq: int, check_cash: bool = True) -> str | None:
    """Why the player may not buy a building for this street now (None: they may)."""
    square = g.board.squares[sq]
    if square.kind != STREET:
        return f"{square.name} is not a street"
    if g.owner[sq] != player:
        return f"you do not own {square.name}"
    if not group_buildable(g, player, square.group):
        return "you need the whole colour group, none of it mortgaged, to build"
    lv = g.level[sq]
    if lv == HOTEL:
        return f"{square.name} already has a hotel"
    rank = g.rank
    here = rank(lv)
    if any(rank(g.level[o]) < here for o in g.board.groups[square.group]):
        return "build evenly: another street of the group has fewer buildings"
    if check_cash and g.cash[player] < square.house_cost:
        return "not enough cash"
    hotel = lv == g.rules.houses_per_hotel
    if hotel and g.bank_hotels == 0:
        return "the Bank has no hotels left"
    if not hotel and g.bank_houses == 0:
        return "the Bank has no houses left"
    return None


def buildable_squares(g: GameState, player: int) -> list[int]:
    """Streets the player may build on right now (one building each)."""
    out: list[int] = []
    owner, mortgaged = g.owner, g.mortgaged
    for squares in g.board.groups:
        # Inline `group_buildable`: bots ask this before every throw.
        for sq in squares:
            if owner[sq] != player or mortgaged[sq]:
                break
        else:
            out.extend(sq for sq in squares if build_problem(g, player, sq) is None)
    return out


def capacity(g: GameState, player: int, item: str) -> int:
    """How many houses (or hotels) the player could place now if the Bank had plenty."""
    hph = g.rules.houses_per_hotel
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
    if not total or g.cash[player] < cheapest:
        return 0
    return total


def build(g: GameState, player: int, sq: int) -> None:
    """Buy a building for the street, or open a shortage call if others may want them too."""
    item = "hotel" if g.level[sq] == g.rules.houses_per_hotel else "house"
    stock = g.bank_hotels if item == "hotel" else g.bank_houses
    if g.rules.building_shortage_auctions:
        others = 0
        for other in g.seats_from(player)[1:]:
            others += capacity(g, other, item)
            if others >= stock:
                break
        if stock < 1 + others:
            asked = [p for p in g.seats_from(player) if p == player or capacity(g, p, item)]
            g.events.append(Event("shortage", player, detail=item, amount=stock))
            g.frames.append(CallFrame("build_demand", player, item, player, sq, asked, {}))
            return
    put_building(g, player, sq, g.board.squares[sq].house_cost)


def put_building(g: GameState, player: int, sq: int, price: int) -> None:
    """Place one building on the street, paying `price` to the Bank (0 if paid at auction)."""
    if price:
        pay_now(g, player, BANK, price, "building")
    lv = g.level[sq]
    if lv == g.rules.houses_per_hotel:
        g.bank_hotels -= 1
        g.bank_houses += lv
        g.level[sq] = HOTEL
        g.events.append(Event("build", player, square=sq, amount=price, detail="hotel"))
    else:
        g.bank_houses -= 1
        g.level[sq] = lv + 1
        g.events.append(Event("build", player, square=sq, amount=price, detail="house"))


def place_problem(g: GameState, player: int, sq: int, item: str, price: int) -> str | None:
    """Why an obtained building may not go on this street (None: it may)."""
    problem = build_problem(g, player, sq, check_cash=price < 0)
    if problem:
        return problem
    is_hotel = g.level[sq] == g.rules.houses_per_hotel
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
    put_building(g, f.player, sq, g.board.squares[sq].house_cost if f.price < 0 else 0)


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
    g.events.append(Event("want", player, amount=count, detail=f.item))


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
    if any(g.owner[sq] != player for sq in squares):
        return "you do not own that whole group"
    rank = g.rank
    current = [g.level[sq] for sq in squares]
    hph = g.rules.houses_per_hotel
    if any(lv not in (*range(hph + 1), HOTEL) for lv in levels):
        return "a level is 0 to the houses per hotel, or 5 for a hotel"
    if any(rank(new) > rank(old) for new, old in zip(levels, current, strict=True)):
        return "selling cannot add buildings"
    if tuple(current) == levels:
        return "nothing to sell"
    ranks = [rank(lv) for lv in levels]
    if max(ranks) - min(ranks) > 1:
        return "sell evenly: the streets of a group may differ by one building at most"
    if g.rules.hotel_sale == "exchange":
        # "Sell Hotels to the Bank for half the cost, and exchange them immediately for 4
        # Houses": each hotel sold needs those houses in the Bank first.
        exchanged = sum(1 for old, new in zip(current, levels, strict=True)
                        if old == HOTEL and new != HOTEL)
        if exchanged * hph > g.bank_houses:
            return f"the Bank must exchange each hotel for {hph} houses and has {g.bank_houses}"
    houses_now = sum(lv for lv in current if lv != HOTEL)
    houses_after = sum(lv for lv in levels if lv != HOTEL)
    if houses_after - houses_now > g.bank_houses:
        return "the Bank does not have the houses to break the hotel down into"
    return None


def sell_down(g: GameState, player: int, group: int, levels: tuple[int, ...]) -> None:
    squares = g.board.groups[group]
    refund = 0
    cost = g.board.squares[squares[0]].house_cost
    for sq, new in zip(squares, levels, strict=True):
        old = g.level[sq]
        if old == new:
            continue
        refund += (g.units(old) - g.units(new)) * cost
        if old == HOTEL:
            g.bank_hotels += 1
        else:
            g.bank_houses += old
        if new == HOTEL:
            g.bank_hotels -= 1
        else:
            g.bank_houses -= new
        g.level[sq] = new
        g.events.append(Event("sell", player, square=sq, amount=new))
    bank_pays(g, player, refund // 2, "buildings sold")


def sell_one_levels(g: GameState, sq: int) -> tuple[int, ...]:
    """The group's levels after selling one building of `sq` (a hotel becomes houses)."""
    group = g.board.squares[sq].group
    lv = g.level[sq]
    new = g.rules.houses_per_hotel if lv == HOTEL else lv - 1
    return tuple(new if o == sq else g.level[o] for o in g.board.groups[group])


def sell_options(g: GameState, player: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """(square or -1, group, levels) for every legal one-building sale, and, in a group where a
    hotel cannot break down for lack of houses, every even sale of several buildings at once."""
    out: list[tuple[int, int, tuple[int, ...]]] = []
    for group, squares in enumerate(g.board.groups):
        if g.owner[squares[0]] != player or not any(g.level[sq] for sq in squares):
            continue
        singles = []
        for sq in squares:
            if g.level[sq] and sell_problem(g, player, group, sell_one_levels(g, sq)) is None:
                singles.append((sq, group, sell_one_levels(g, sq)))
        out.extend(singles)
        if singles:
            continue
        units = [g.rank(g.level[sq]) for sq in squares]
        for total in range(sum(units) - 1, -1, -1):
            levels = _even_levels(g, squares, total)
            if sell_problem(g, player, group, levels) is None:
                out.append((-1, group, levels))
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


def mortgage_problem(g: GameState, player: int, sq: int) -> str | None:
    square = g.board.squares[sq]
    if not square.ownable or g.owner[sq] != player:
        return f"you do not own {square.name}"
    if g.mortgaged[sq]:
        return f"{square.name} is already mortgaged"
    if square.kind == STREET and any(g.level[o] for o in g.board.groups[square.group]):
        return "sell every building of the group first"
    return None


def mortgage(g: GameState, player: int, sq: int) -> None:
    g.mortgaged[sq] = True
    value = g.board.squares[sq].mortgage
    g.cash[player] += value
    g.bank_flow -= value
    g.events.append(Event("mortgage", player, square=sq, amount=value))


def unmortgage_problem(g: GameState, player: int, sq: int) -> str | None:
    square = g.board.squares[sq]
    if not square.ownable or g.owner[sq] != player:
        return f"you do not own {square.name}"
    if not g.mortgaged[sq]:
        return f"{square.name} is not mortgaged"
    if any(isinstance(f, TransferFrame) and f.square == sq for f in g.frames):
        # A mortgaged deed just received is lifted at once (`lift`) or kept (`keep`), once.
        return f"first decide whether to lift {square.name}'s mortgage now (lift or keep)"
    if g.cash[player] < g.lift_cost(sq):
        return f"lifting the mortgage costs {g.lift_cost(sq)}"
    return None


def unmortgage(g: GameState, player: int, sq: int) -> None:
    cost = g.lift_cost(sq)
    g.mortgaged[sq] = False
    g.cash[player] -= cost
    g.bank_flow += cost
    g.events.append(Event("unmortgage", player, square=sq, amount=cost))
