"""The strategic bot: plays the way a strong human does, by prices and probabilities.

* It values deeds by what they earn (`valuation.py`: landing rates times rents over a horizon)
  and compares positions in money, so buying, bidding, trading, building and selling all use one
  yardstick.
* It keeps a cash reserve sized to the rents it may face: the smallest amount that the rents on
  the board exceed with probability below its risk tolerance on its next throw (plus the
  `reserve` floor). Early in the game that is little, so it buys nearly everything; once
  opponents have hotels it holds back enough not to be forced to sell.
* It builds where a dollar earns most, looking ahead to three houses per street, which is where
  rents jump most.
* Jail: with `jail="auto"` it leaves early (card or fine) while deeds are left to buy and the
  rents it would walk into are small, and stays (throws for doubles) once the board is built up.
* Auctions: it bids the minimum step up to what the deed is worth to it, plus part of what it
  would be worth to an opponent whose group it completes.
* Trades: at the end of its turn it proposes offers that complete its colour groups, priced so
  that its gain exceeds the other side's by its `trade_margin` and no more; offers it made are
  not repeated for a while, whatever the answer. It accepts offers by the same rule and so
  refuses lopsided ones.
* Raising money: it takes the step that loses the least value per dollar raised (a mortgage on a
  deed that earns little, before houses on a group that earns much).
* Decisions that only house rules bring (sealed bids, foreclosures, ...) it answers as the
  basic bot does.

Parameters are exposed as `StrategicParams`; a named set of them is a profile (`PROFILES`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from passgo.agents import trading
from passgo.agents.basic import BasicBot
from passgo.agents.valuation import Valuer, best_group_step
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
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    Pass,
    PayJailFine,
    PlaceBuilding,
    ProposeTrade,
    RejectTrade,
    Roll,
    Sell,
    SellDown,
    TradeOffer,
    Unmortgage,
    UseJailCard,
    WantBuildings,
)
from passgo.core.auction import min_bid
from passgo.core.board import STREET
from passgo.core.frames import (
    AuctionFrame,
    BuyFrame,
    CallFrame,
    PlaceFrame,
    TradeFrame,
    TransferFrame,
)
from passgo.core.movement import tax_percent
from passgo.core.rules import Rules
from passgo.core.state import BANK
from passgo.core.trades import offer_problem

JAIL_CHOICES = ("auto", "leave", "stay")
# Probability that one throw moves a token k squares ahead (k = 2..12).
THROW = {k: (6 - abs(k - 7)) / 36 for k in range(2, 13)}
HORIZON = 80  # rounds of rent a deed is valued at
FUTURE_CASH = 300  # what the bot counts on earning soon when planning houses
RETRY_TURNS = 60  # an offer is not made again to the same player for this many turns
OFFERS_PER_TURN = 2


@dataclass(frozen=True, slots=True)
class StrategicParams:
    """The strategic bot's character. `reserve`: cash always kept on top of the reserve the
    board's rents call for. `aggression`: scales auction limits and the risk of a big rent the
    bot accepts (1 = neutral). `trade_margin`: how much more than the other side a trade must
    give the bot, as a share of both gains. `jail`: "auto", "leave" or "stay"."""

    reserve: int = 50
    aggression: float = 1.0
    trade_margin: float = 0.5
    jail: str = "auto"

    def __post_init__(self) -> None:
        if self.reserve < 0:
            raise ValueError("reserve must be 0 or more")
        if not 0 < self.aggression <= 5:
            raise ValueError("aggression must be above 0 and at most 5")
        if not 0 <= self.trade_margin < 1:
            raise ValueError("trade_margin must be at least 0 and below 1")
        if self.jail not in JAIL_CHOICES:
            raise ValueError(f"jail must be one of {', '.join(JAIL_CHOICES)}")

    def with_options(self, options: dict[str, str]) -> StrategicParams:
        """These parameters with some replaced from text (`{"reserve": "300"}`)."""
        types = {f.name: type(getattr(self, f.name)) for f in fields(self)}
        changes: dict[str, Any] = {}
        for key, text in options.items():
            kind = types.get(key)
            if kind is None:
                raise ValueError(f"unknown option {key!r} (known: {', '.join(types)})")
            try:
                changes[key] = kind(text)
            except ValueError:
                what = {int: "a whole number", float: "a number"}.get(kind, "a word")
                raise ValueError(f"option {key!r} needs {what}, not {text!r}") from None
        return replace(self, **changes)


# Named profiles: the default, and characters that differ in one or two traits.
PROFILES: dict[str, StrategicParams] = {
    "strategic": StrategicParams(),
    "cautious": StrategicParams(reserve=250, aggression=0.7, trade_margin=0.7),
    "aggressive": StrategicParams(reserve=0, aggression=1.5, trade_margin=0.35),
    "dealer": StrategicParams(trade_margin=0.2),
    "homebody": StrategicParams(jail="stay"),
}


class StrategicBot:
    """See the module docstring. One instance plays one seat of one game."""

    def __init__(self, params: StrategicParams | None = None, name: str = "strategic") -> None:
        self.params = params or StrategicParams()
        self.name = name
        self._valuers: dict[Rules, Valuer] = {}
        self._last: tuple[Rules, Valuer] | None = None
        self._offered: dict[tuple[int, tuple[int, ...], tuple[int, ...]], int] = {}
        self._offers_this_turn = (-1, 0)
        self._limit: tuple[tuple[int, int, str], int] | None = None
        self._searched: tuple[int, ...] = ()  # ownership when the last search found nothing
        self._baseline = BasicBot(reserve=self.params.reserve)

    # -- the decision --------------------------------------------------------------------------

    def act(self, game: Game, player: int) -> Action:
        action = self._decide(game, player)
        if game.is_legal(action):
            return action
        # A house rule forbids what the bot's judgement assumes (no mortgages, say): the
        # baseline's answer instead.
        return self._baseline.act(game, player)

    def _decide(self, g: Game, player: int) -> Action:
        top = g.frames[-1]
        kind = top.kind
        if kind == "roll":
            return Roll(player)
        if kind == "end_turn":
            return self._business(g, player) or EndTurn(player)
        if kind == "jail":
            return self._jail(g, player)
        if kind == "buy":
            assert isinstance(top, BuyFrame)
            return self._buy(g, player, top.square)
        if kind == "bid":
            assert isinstance(top, AuctionFrame)
            return self._bid(g, player, top)
        if kind == "raise_funds":
            return self._raise(g, player)
        if kind == "tax":
            flat = g.board.squares[g.pos[player]].amount
            return ChooseTax(player, tax_percent(g, player) < flat)
        if kind == "trade_reply":
            assert isinstance(top, TradeFrame)
            proposer, responder = trading.trade_gains(self._valuer(g), g, top.offer)
            if offer_problem(g, top.offer) is None and trading.fair_enough(
                    responder, proposer, self.params.trade_margin):
                return AcceptTrade(player)
            return RejectTrade(player)
        if kind == "mortgaged_deed":
            assert isinstance(top, TransferFrame)
            if g.cash[player] - g.lift_cost(top.square) >= self.reserve(g, player):
                return LiftMortgage(player, top.square)
            return KeepMortgage(player, top.square)
        if kind == "build_demand":
            assert isinstance(top, CallFrame)
            low, high = B.want_limit(g, top, player)
            cost = g.board.squares[top.square].house_cost
            spare = g.cash[player] - self.reserve(g, player)
            return WantBuildings(player, max(low, min(high, spare // cost if cost else high)))
        if kind == "place_building":
            assert isinstance(top, PlaceFrame)
            return PlaceBuilding(player, self._best_street(g, B.place_options(g, top)))
        # Decisions of house rules it has no judgement of its own for: the baseline's answer.
        return self._baseline.act(g, player)

    # -- money ---------------------------------------------------------------------------------

    def _valuer(self, g: Game) -> Valuer:
        # Asked on every decision: compare the rules object by identity before hashing it.
        if self._last is not None and self._last[0] is g.rules:
            return self._last[1]
        valuer = self._valuers.get(g.rules)
        if valuer is None:
            valuer = self._valuers[g.rules] = Valuer(g.rules, HORIZON, FUTURE_CASH)
        self._last = (g.rules, valuer)
        return valuer

    def reserve(self, g: Game, player: int) -> int:
        """Cash to keep: the `reserve` floor plus the rent that the next throw reaches with
        probability above the bot's risk tolerance (a tail quantile of the rents it faces)."""
        valuer = self._valuer(g)
        rate = valuer.model.rate
        n = len(g.board.squares)
        pos = g.pos[player]
        exposure = []
        for sq in g.board.properties:
            owner = g.owner[sq]
            if owner in (BANK, player) or g.mortgaged[sq]:
                continue
            chance = THROW.get((sq - pos) % n, 0.0) + rate[sq]
            exposure.append((self._threat(g, sq, owner), chance))
        exposure.sort(reverse=True)
        tolerance = 0.12 * self.params.aggression
        tail = 0.0
        danger = 0
        for rent, chance in exposure:
            tail += chance
            if tail > tolerance:
                danger = rent
                break
        # Deeds outside complete groups can be mortgaged at little cost when a big rent
        # comes: that loan is part of the reserve, so cash need not cover it.
        return self.params.reserve + max(0, danger - self._spare_loans(g, player))

    def _spare_loans(self, g: Game, player: int) -> int:
        squares = g.board.squares
        total = 0
        for sq in g.board.properties:
            if g.owner[sq] == player and not g.mortgaged[sq]:
                group = squares[sq].group
                if group < 0 or not g.owns_group(player, group):
                    total += squares[sq].mortgage
        return total

    def _threat(self, g: Game, sq: int, owner: int) -> int:
        """The rent on `sq` once its owner has built what their cash buys (a complete group
        is built up soon after it is formed, so the reserve must not wait for the houses)."""
        rent = self._valuer(g).rent_to(g, sq)
        square = g.board.squares[sq]
        if square.kind != STREET or not B.group_buildable(g, owner, square.group):
            return rent
        streets = len(g.board.groups[square.group])
        top = g.rules.houses_per_hotel + 1
        rank = min(top, g.rank(g.level[sq]) + g.cash[owner] // (square.house_cost * streets))
        return max(rent, square.rents[rank if rank < top else -1])

    def _exposure(self, g: Game, player: int) -> float:
        """Expected rent per turn of walking round the board as it stands."""
        valuer = self._valuer(g)
        rate = valuer.model.rate
        return sum(rate[sq] * valuer.rent_to(g, sq) for sq in g.board.properties
                   if g.owner[sq] not in (BANK, player))

    # -- jail, buying, auctions ----------------------------------------------------------------

    def _jail(self, g: Game, player: int) -> Action:
        policy = self.params.jail
        if policy == "auto":
            unowned = sum(1 for sq in g.board.properties if g.owner[sq] == BANK)
            exposure = self._exposure(g, player)
            policy = "stay" if exposure > 40 or (unowned < 3 and exposure > 15) else "leave"
        if policy == "leave":
            if g.cards[player]:
                return UseJailCard(player)
            if (g.jail_turns[player] < g.rules.jail_prepay_turns
                    and g.cash[player] - g.board.jail_fine >= self.params.reserve):
                return PayJailFine(player)
        return Roll(player)

    def _deed_gain(self, g: Game, player: int, sq: int, price: int) -> float:
        """What owning `sq` for `price` adds to the bot's position, plus a share of what it is
        worth to an opponent whose group it would complete (keeping it from them)."""
        valuer = self._valuer(g)
        owner = list(g.owner)
        before = valuer.value(g, player)
        owner[sq] = player
        gain = valuer.value(g, player, owner, g.cash[player] - price) - before
        square = g.board.squares[sq]
        if square.kind == STREET:
            streets = g.board.groups[square.group]
            others = {g.owner[o] for o in streets if o != sq}
            if len(others) == 1:
                rival = others.pop()
                if rival not in (BANK, player):
                    owner[sq] = rival
                    denied = valuer.value(g, rival, owner) - valuer.value(g, rival) - square.price
                    opponents = max(1, sum(g.alive) - 1)
                    gain += max(0.0, denied) / opponents
        return gain

    def _buy(self, g: Game, player: int, sq: int) -> Action:
        price = g.board.squares[sq].price
        cash = g.cash[player]
        if cash < price:
            return Decline(player)
        gain = self._deed_gain(g, player, sq, price)
        if gain >= 0 and cash - price >= self.reserve(g, player):
            return Buy(player)
        # Below the reserve, buy only what matters a lot (it can be mortgaged if need be).
        if gain >= price / 2 and cash - price >= self.params.reserve:
            return Buy(player)
        return Decline(player)

    def _bid(self, g: Game, player: int, top: AuctionFrame) -> Action:
        key = (g.turns, top.square, top.item)
        if self._limit is None or self._limit[0] != key:
            self._limit = (key, self._auction_limit(g, player, top))
        limit = min(self._limit[1], g.cash[player] - self.params.reserve)
        low = min_bid(g, top)
        if low > limit:
            return Pass(player)
        return Bid(player, low)

    def _auction_limit(self, g: Game, player: int, top: AuctionFrame) -> int:
        """The highest bid at which winning is still worth it."""
        if top.item != "deed":
            call = next(f for f in reversed(g.frames) if isinstance(f, CallFrame))
            cost = g.board.squares[call.square].house_cost
            return int(cost * (1 + self.params.aggression) / 2)
        low, high = 0, g.cash[player]
        while high - low > 2:
            mid = (low + high) // 2
            if self._deed_gain(g, player, top.square, mid) >= 0:
                low = mid
            else:
                high = mid
        return int(low * self.params.aggression)

    # -- business at the end of the turn -------------------------------------------------------

    def _business(self, g: Game, player: int) -> Action | None:
        offer = self._offer(g, player)
        if offer is not None:
            return ProposeTrade(player, offer)
        spare = g.cash[player] - self.reserve(g, player)
        # Lift mortgages that stop a complete group from being built on.
        for gi, streets in enumerate(g.board.groups):
            if g.owns_group(player, gi):
                for sq in streets:
                    if g.mortgaged[sq] and g.lift_cost(sq) <= spare:
                        return Unmortgage(player, sq)
        build = self._build(g, player, spare)
        if build is not None:
            return build
        if spare > 2 * self.params.reserve + 200:
            for sq in g.board.properties:
                if g.owner[sq] == player and g.mortgaged[sq] and g.lift_cost(sq) <= spare - 200:
                    return Unmortgage(player, sq)
        return None

    def _build(self, g: Game, player: int, spare: int) -> Action | None:
        groups = [gi for gi, streets in enumerate(g.board.groups)
                  if B.group_buildable(g, player, gi)]
        if not groups:
            return None
        model = self._valuer(g).model
        steps = [sum(g.rank(g.level[sq]) for sq in g.board.groups[gi]) for gi in groups]
        while groups:
            i = best_group_step(model, steps, groups, spare)
            if i < 0:
                return None
            options = [sq for sq in g.board.groups[groups[i]]
                       if B.build_problem(g, player, sq) is None]
            if options:
                return Build(player, self._best_street(g, options))
            del groups[i], steps[i]  # the Bank's stock stops this group: try the next best
        return None

    def _best_street(self, g: Game, options: list[int]) -> int:
        """The street where one more building adds the most rent."""
        rate = self._valuer(g).model.rate
        squares = g.board.squares
        hph = g.rules.houses_per_hotel

        def added(sq: int) -> float:
            lv = g.level[sq]
            rents = squares[sq].rents
            nxt = rents[-1] if lv == hph else rents[min(lv + 1, len(rents) - 1)]
            return rate[sq] * (nxt - rents[lv])

        return max(options, key=added)

    def _offer(self, g: Game, player: int) -> TradeOffer | None:
        """The best fair offer that completes a group for the bot, not made recently."""
        if g.owes(player) or any(isinstance(f, TradeFrame) for f in g.frames):
            return None
        turn, made = self._offers_this_turn
        if turn == g.turns and made >= OFFERS_PER_TURN:
            return None
        owners = tuple(g.owner)
        if owners == self._searched:
            return None  # nothing changed hands since a search that found nothing
        valuer = self._valuer(g)
        best: tuple[float, TradeOffer] | None = None
        for offer in trading.candidate_offers(g, player):
            key = (offer.responder, offer.give.properties, offer.get.properties)
            if g.turns - self._offered.get(key, -RETRY_TURNS) < RETRY_TURNS:
                continue
            if offer_problem(g, offer) is not None:
                continue
            priced = trading.priced_offer(valuer, g, offer, self.params.trade_margin,
                                          self.params.reserve)
            self._offered[key] = g.turns
            if priced is not None and (best is None or priced[1] > best[0]):
                best = (priced[1], priced[0])
        if best is None:
            self._searched = owners
            return None
        self._offers_this_turn = (g.turns, made + 1 if turn == g.turns else 1)
        return best[1]

    # -- raising money -------------------------------------------------------------------------

    def _raise(self, g: Game, player: int) -> Action:
        """The sale or mortgage that loses the least position value per dollar raised."""
        valuer = self._valuer(g)
        before = valuer.value(g, player)
        best: tuple[float, Action] | None = None
        squares = g.board.squares
        for sq, group, levels in B.sell_options(g, player):
            streets = g.board.groups[group]
            level = list(g.level)
            for s, lv in zip(streets, levels, strict=True):
                level[s] = lv
            raised = sum(g.units(g.level[s]) - g.units(level[s]) for s in streets)
            raised *= squares[streets[0]].house_cost // 2
            action: Action = (Sell(player, sq) if sq >= 0
                              else SellDown(player, g.board.group_names[group], levels))
            if not g.is_legal(action):
                continue
            lost = before - valuer.value(g, player, level=level)
            best = _cheaper(best, (lost - raised) / max(1, raised), action)
        mortgaged = list(g.mortgaged)
        for sq in g.board.properties:
            if g.owner[sq] != player or not g.is_legal(Mortgage(player, sq)):
                continue
            mortgaged[sq] = True
            lost = before - valuer.value(g, player, mortgaged=mortgaged)
            mortgaged[sq] = False
            raised = squares[sq].mortgage
            best = _cheaper(best, (lost - raised) / max(1, raised), Mortgage(player, sq))
        # Nothing left to sell or mortgage: the debt is more than everything is worth.
        return best[1] if best is not None else DeclareBankruptcy(player)


def _cheaper(best: tuple[float, Action] | None, cost: float,
             action: Action) -> tuple[float, Action]:
    return (cost, action) if best is None or cost < best[0] else best
