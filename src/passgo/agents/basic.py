"""The basic bot: a simple, sensible baseline that plays fast.

It buys what it can afford above a cash reserve, bids up to the printed price, builds evenly at
the end of its turn when it holds a colour group and has cash above the reserve, lifts
mortgages when rich, pays
its way out of jail when it can spare the fine, raises funds by selling buildings and then
mortgaging (cheapest deeds first), and accepts only trades that complete a group for it.
"""

from __future__ import annotations

from passgo.core import Game
from passgo.core import buildings as B
from passgo.core.actions import (
    AcceptTrade,
    Action,
    Bid,
    Build,
    Buy,
    ChooseTax,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    FineOrChance,
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    Pass,
    PayJailFine,
    PlaceBuilding,
    RejectTrade,
    Roll,
    Sell,
    SellDown,
    Unmortgage,
    UseJailCard,
    WantBuildings,
)
from passgo.core.auction import min_bid
from passgo.core.frames import (
    AuctionFrame,
    BuyFrame,
    CallFrame,
    PlaceFrame,
    TradeFrame,
    TransferFrame,
)
from passgo.core.movement import tax_percent
from passgo.core.trades import offer_problem


class BasicBot:
    name = "basic"

    def __init__(self, reserve: int = 150, bid_step_percent: int = 10) -> None:
        self.reserve = reserve
        self.bid_step_percent = bid_step_percent
        # Actions without arguments are immutable values: made once per seat, reused.
        self._simple: dict[tuple[type[Action], int], Action] = {}

    def _once(self, kind: type[Action], player: int) -> Action:
        action = self._simple.get((kind, player))
        if action is None:
            action = self._simple[kind, player] = kind(player)
        return action

    def act(self, game: Game, player: int) -> Action:
        g = game
        top = g.frames[-1]
        kind = top.kind
        cash = g.cash[player]
        if kind == "roll":
            return self._once(Roll, player)
        if kind == "end_turn":
            # Spending waits for the end of the turn: whatever was bought this turn counts,
            # and the buildings stand before any opponent throws.
            business = self._spend(g, player)
            return business if business is not None else self._once(EndTurn, player)
        if kind == "jail":
            if g.cards[player]:
                return self._once(UseJailCard, player)
            if (
                g.jail_turns[player] < g.rules.jail_prepay_turns
                and cash >= g.board.jail_fine + self.reserve
            ):
                return self._once(PayJailFine, player)
            return self._once(Roll, player)
        if kind == "buy":
            assert isinstance(top, BuyFrame)
            price = g.board.squares[top.square].price
            wanted = cash - price >= self.reserve
            return self._once(Buy if wanted else Decline, player)
        if kind == "bid":
            assert isinstance(top, AuctionFrame)
            return self._bid(g, player, top)
        if kind == "raise_funds":
            return self._raise(g, player)
        if kind == "tax":
            flat = g.board.squares[g.pos[player]].amount
            return ChooseTax(player, tax_percent(g, player) < flat)
        if kind == "fine_or_chance":
            return FineOrChance(player, False)  # a known small fine beats an unknown card
        if kind == "trade_reply":
            assert isinstance(top, TradeFrame)
            return self._reply(g, player, top)
        if kind == "mortgaged_deed":
            assert isinstance(top, TransferFrame)
            if cash - g.lift_cost(top.square) >= self.reserve:
                return LiftMortgage(player, top.square)
            return KeepMortgage(player, top.square)
        if kind == "build_demand":
            assert isinstance(top, CallFrame)
            low, high = B.want_limit(g, top, player)
            cost = g.board.squares[top.square].house_cost
            affordable = max(0, (cash - self.reserve) // cost) if cost else high
            return WantBuildings(player, max(low, min(high, affordable)))
        if kind == "place_building":
            assert isinstance(top, PlaceFrame)
            return PlaceBuilding(player, B.place_options(g, top)[0])
        raise AssertionError(f"basic bot has no answer to {kind!r}")

    def _spend(self, g: Game, player: int) -> Action | None:
        """Build evenly, then lift mortgages, while cash stays above the reserve."""
        cash = g.cash[player]
        if cash <= self.reserve:
            return None
        squares = g.board.squares
        for sq in B.buildable_squares(g, player):
            if cash - squares[sq].house_cost >= self.reserve:
                return Build(player, sq)
        if True not in g.mortgaged:
            return None
        for sq in g.board.properties:
            if (
                g.mortgaged[sq]
                and g.owner[sq] == player
                and cash - g.lift_cost(sq) >= 2 * self.reserve
            ):
                return Unmortgage(player, sq)
        return None

    def _bid(self, g: Game, player: int, top: AuctionFrame) -> Action:
        if top.item == "deed":
            value = g.board.squares[top.square].price
        else:
            call = next(f for f in reversed(g.frames) if isinstance(f, CallFrame))
            value = g.board.squares[call.square].house_cost
        limit = min(value, g.cash[player] - self.reserve)
        low = min_bid(g, top)
        if low > limit:
            return self._once(Pass, player)
        step = max(1, value * self.bid_step_percent // 100)
        return Bid(player, min(limit, max(low, top.high + step)))

    def _raise(self, g: Game, player: int) -> Action:
        """Sell buildings first, then mortgage the cheapest deeds, else go bankrupt."""
        for sq, group, levels in B.sell_options(g, player):
            if sq >= 0:
                return Sell(player, sq)
            return SellDown(player, g.board.group_names[group], levels)
        best = -1
        for sq in g.board.properties:
            if g.owner[sq] == player and B.mortgage_problem(g, player, sq) is None and (
                best < 0 or g.board.squares[sq].mortgage < g.board.squares[best].mortgage
            ):
                best = sq
        if best >= 0:
            return Mortgage(player, best)
        return DeclareBankruptcy(player)

    def _reply(self, g: Game, player: int, top: TradeFrame) -> Action:
        offer = top.offer
        if offer_problem(g, offer) is None:
            squares = g.board.squares
            for sq in offer.give.properties:
                group = squares[sq].group
                if group >= 0 and all(
                    g.owner[o] == player or o in offer.give.properties
                    for o in g.board.groups[group]
                ):
                    return AcceptTrade(player)
        return RejectTrade(player)
