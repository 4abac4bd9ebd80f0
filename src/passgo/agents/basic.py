"""The basic bot: a simple, sensible baseline that plays fast.

It buys what it can afford above a cash reserve, bids up to the printed price, builds evenly at
the end of its turn when it holds a colour group and has cash above the reserve, lifts
mortgages when rich, pays
its way out of jail when it can spare the fine, raises funds by selling buildings and then
mortgaging (cheapest deeds first), and accepts only trades that complete a group for it.
"""

from __future__ import annotations

from passgo.core import Game, house
from passgo.core import buildings as B
from passgo.core import mortgages as M
from passgo.core.actions import (
    AcceptTrade,
    Action,
    AllowTravel,
    Bid,
    Build,
    Buy,
    ChooseTax,
    DeclareBankruptcy,
    Decline,
    DrawCard,
    EndTurn,
    FineOrChance,
    ForceAuction,
    Foreclose,
    HireLawyer,
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    NoDraw,
    NoLawyer,
    NoTravel,
    Pass,
    PayJailFine,
    PlaceBuilding,
    Refuse,
    RejectTrade,
    RepayLoan,
    Roll,
    Sell,
    SellDeed,
    SellDown,
    TakeLoan,
    Travel,
    Unmortgage,
    UseJailCard,
    WantBuildings,
)
from passgo.core.auction import min_bid
from passgo.core.frames import (
    AuctionFrame,
    BuyFrame,
    CallFrame,
    ForeclosureFrame,
    Frame,
    OptionFrame,
    PlaceFrame,
    RailFrame,
    SealedFrame,
    TradeFrame,
    TransferFrame,
)
from passgo.core.money import LOAN
from passgo.core.movement import rent_due, tax_percent
from passgo.core.offers import foreclose_cost, option_price
from passgo.core.trades import offer_problem

# Decisions of the movement, money and jail house rules (`_house_rules`).
_HOUSE_KINDS = frozenset({"travel", "allow_travel", "draw_card", "lawyer", "jail_exit"})
# (total, ways out of 36) for two six-sided dice.
_THROWS = tuple((t, 6 - abs(t - 7)) for t in range(2, 13))

# Decisions of the deed and auction house rules (`_deed_rules`).
_DEED_RULE_KINDS = frozenset({"sealed_bid", "foreclosure_owner", "foreclosure_buy",
                              "auction_option"})


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
            if g.rules.dice == "choice":
                return Roll(player, (4, 4))  # dice choice: the best odds of doubles, 1 in 4
            return self._once(Roll, player)
        if kind == "buy":
            assert isinstance(top, BuyFrame)
            price = g.deed_price(top.square)
            wanted = cash - price >= self.reserve
            return self._once(Buy if wanted else Decline, player)
        if kind == "bid":
            assert isinstance(top, AuctionFrame)
            return self._bid(g, player, top)
        if kind == "raise_funds":
            action = self._raise(g, player)
            if isinstance(action, DeclareBankruptcy) and g.rules.bank_loans and not g.loans[player]:
                return TakeLoan(player)  # a Bank loan before giving up
            return action
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
        if kind in _DEED_RULE_KINDS:
            return self._deed_rules(g, player, top)
        if kind in _HOUSE_KINDS:
            return self._house_rules(g, player, top)
        raise AssertionError(f"basic bot has no answer to {kind!r}")

    def _deed_rules(self, g: Game, player: int, top: Frame) -> Action:
        """Sealed bids, foreclosure and the option to auction (house rules): a sealed bid of
        the value (Vickrey: truthfully; closed: three quarters of it), nothing for the order
        of play; lift or foreclose when the cash stays above the reserve; force an auction
        only of a deed that would complete one of its groups."""
        cash = g.cash[player]
        if isinstance(top, SealedFrame):
            if top.item == "order":
                return self._once(Pass, player)
            if top.item == "deed":
                value = g.board.squares[top.square].price
            else:
                call = next(f for f in reversed(g.frames) if isinstance(f, CallFrame))
                value = g.board.squares[call.square].house_cost
            if g.rules.auction == "closed":
                value = value * 3 // 4
            amount = min(value, cash - self.reserve)
            if amount < max(top.floor + 1, g.rules.auction_min_bid):
                return self._once(Pass, player)
            return Bid(player, amount)
        if isinstance(top, ForeclosureFrame):
            sq = top.square
            if top.kind == "foreclosure_owner":
                if cash - g.lift_cost(sq) >= self.reserve:
                    return LiftMortgage(player, sq)
            elif cash - sum(foreclose_cost(g, sq)) >= self.reserve:
                return Foreclose(player, sq)
            return self._once(Refuse, player)
        assert isinstance(top, OptionFrame)
        square = g.board.squares[top.square]
        completes = square.group >= 0 and all(
            g.owner[o] == player for o in g.board.groups[square.group] if o != top.square)
        if completes and cash - option_price(g, top.square) >= self.reserve:
            return self._once(ForceAuction, player)
        return self._once(Refuse, player)

    def _house_rules(self, g: Game, player: int, top: Frame) -> Action:
        """Movement, money and jail house rules: travel by railroad to where the next throw
        risks the least rent; as an owner, take the rent; draw a card unless it could cost
        repairs; hire the lawyer when the fee leaves the reserve; use a held card rather than
        pay the fine after the last jail throw."""
        kind = top.kind
        if kind == "travel":
            assert isinstance(top, RailFrame)
            best, risk = -1, self._rent_risk(g, player, g.pos[player])
            for dest in house.travel_destinations(g, top.square):
                r = self._rent_risk(g, player, dest)
                if r < risk:
                    best, risk = dest, r
            return Travel(player, best) if best >= 0 else self._once(NoTravel, player)
        if kind == "allow_travel":
            return self._once(AllowTravel, player)
        if kind == "draw_card":
            houses, hotels = g.buildings_of(player)
            return self._once(NoDraw if houses or hotels else DrawCard, player)
        if kind == "lawyer":
            if g.cash[player] >= g.rules.jail_lawyer + self.reserve:
                return self._once(HireLawyer, player)
            return self._once(NoLawyer, player)
        assert kind == "jail_exit"
        return self._once(UseJailCard, player)

    @staticmethod
    def _rent_risk(g: Game, player: int, start: int) -> float:
        """Expected rent of the next two-dice throw from `start` (36ths of a dollar)."""
        n = len(g.board.squares)
        risk = 0.0
        for total, ways in _THROWS:
            sq = (start + total) % n
            owner = g.owner[sq]
            if owner >= 0 and owner != player and not g.mortgaged[sq]:
                risk += ways * rent_due(g, sq, total)
        return risk

    def _spend(self, g: Game, player: int) -> Action | None:
        """Build evenly, then lift mortgages, while cash stays above the reserve."""
        cash = g.cash[player]
        if cash <= self.reserve:
            return None
        if g.loans[player] and cash - LOAN >= 2 * self.reserve and g.loans_repayable[player]:
            return self._once(RepayLoan, player)  # Bank loans: repay when rich
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
        if g.rules.no_mortgaging:
            deeds = [sq for sq in g.board.properties
                     if g.owner[sq] == player and M.sell_deed_problem(g, player, sq) is None]
            if deeds:
                return SellDeed(player, min(deeds, key=lambda sq: g.board.squares[sq].price))
            return DeclareBankruptcy(player)
        best = -1
        for sq in g.board.properties:
            if g.owner[sq] == player and M.mortgage_problem(g, player, sq) is None and (
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
