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
from typing import Any, assert_never

from passgo.agents import trading
from passgo.agents.basic import BasicBot
from passgo.agents.valuation import BANK, Position, Valuer, best_group_step
from passgo.core import (
    AcceptTrade,
    Action,
    AllowTravelDecision,
    AuctionOptionDecision,
    Bid,
    BidDecision,
    Build,
    BuildDemandDecision,
    Buy,
    BuyDecision,
    ChooseTax,
    DeclareBankruptcy,
    Decline,
    DrawCardDecision,
    EndTurn,
    EndTurnDecision,
    FineOrChanceDecision,
    ForeclosureBuyDecision,
    ForeclosureOwnerDecision,
    Game,
    GameOverDecision,
    JailDecision,
    JailExitDecision,
    KeepMortgage,
    LawyerDecision,
    LiftMortgage,
    Mortgage,
    MortgagedDeedDecision,
    Pass,
    PayJailFine,
    PlaceBuilding,
    PlaceBuildingDecision,
    ProposeTrade,
    RaiseFundsDecision,
    RejectTrade,
    Roll,
    RollDecision,
    Rules,
    SealedBidDecision,
    Sell,
    TaxDecision,
    TradeOffer,
    TradeReplyDecision,
    TravelDecision,
    Unmortgage,
    UseJailCard,
    WantBuildings,
)
from passgo.core.board import STREET

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
        match g.pending:
            case RollDecision():
                return Roll(player)
            case EndTurnDecision():
                return self._business(g, Position.of(g), player) or EndTurn(player)
            case JailDecision() as jail:
                return self._jail(Position.of(g), player, jail)
            case BuyDecision(square=sq):
                return self._buy(Position.of(g), player, sq)
            case BidDecision() as bid:
                return self._bid(g, player, bid)
            case RaiseFundsDecision():
                return self._raise(g, Position.of(g), player)
            case TaxDecision(flat=flat):
                return ChooseTax(player, g.percent_tax(player) < flat)
            case TradeReplyDecision(offer=offer, problem=problem):
                proposer, responder = trading.trade_gains(self._valuer(g), Position.of(g), offer)
                if problem is None and trading.fair_enough(
                        responder, proposer, self.params.trade_margin):
                    return AcceptTrade(player)
                return RejectTrade(player)
            case MortgagedDeedDecision(square=sq, lift_cost=cost):
                if g.cash_of(player) - cost >= self._reserve(Position.of(g), player):
                    return LiftMortgage(player, sq)
                return KeepMortgage(player, sq)
            case BuildDemandDecision(square=sq, min_wanted=low, max_wanted=high):
                cost = g.board.squares[sq].house_cost
                spare = g.cash_of(player) - self._reserve(Position.of(g), player)
                return WantBuildings(player, max(low, min(high, spare // cost if cost else high)))
            case PlaceBuildingDecision(squares=squares):
                return PlaceBuilding(player, self._best_street(Position.of(g), list(squares)))
            case (FineOrChanceDecision() | SealedBidDecision() | ForeclosureOwnerDecision()
                  | ForeclosureBuyDecision() | AuctionOptionDecision() | TravelDecision()
                  | AllowTravelDecision() | DrawCardDecision() | LawyerDecision()
                  | JailExitDecision()):
                # Decisions of house rules it has no judgement of its own for: the baseline's.
                return self._baseline.act(g, player)
            case GameOverDecision():
                raise ValueError("the game is over: there is nothing to decide")
            case other:
                assert_never(other)

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
        return self._reserve(Position.of(g), player)

    def _reserve(self, pos: Position, player: int) -> int:
        g = pos.game
        valuer = self._valuer(g)
        rate = valuer.model.rate
        n = len(g.board.squares)
        at = g.square_of(player)
        exposure = []
        for sq in g.board.properties:
            owner = pos.owner[sq]
            if owner in (BANK, player) or pos.mortgaged[sq]:
                continue
            chance = THROW.get((sq - at) % n, 0.0) + rate[sq]
            exposure.append((self._threat(pos, sq, owner), chance))
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
        return self.params.reserve + max(0, danger - self._spare_loans(pos, player))

    @staticmethod
    def _spare_loans(pos: Position, player: int) -> int:
        squares = pos.game.board.squares
        total = 0
        for sq in pos.game.board.properties:
            if pos.owner[sq] == player and not pos.mortgaged[sq]:
                group = squares[sq].group
                if group < 0 or not pos.owns_group(player, group):
                    total += squares[sq].mortgage
        return total

    def _threat(self, pos: Position, sq: int, owner: int) -> int:
        """The rent on `sq` once its owner has built what their cash buys (a complete group
        is built up soon after it is formed, so the reserve must not wait for the houses)."""
        g = pos.game
        rent = self._valuer(g).rent_to(pos, sq)
        square = g.board.squares[sq]
        if square.kind != STREET or not pos.group_buildable(owner, square.group):
            return rent
        streets = len(g.board.groups[square.group])
        top = g.rules.houses_per_hotel + 1
        rank = min(top, pos.rank(pos.level[sq]) + pos.cash[owner] // (square.house_cost * streets))
        return max(rent, square.rents[rank if rank < top else -1])

    def _exposure(self, pos: Position, player: int) -> float:
        """Expected rent per turn of walking round the board as it stands."""
        valuer = self._valuer(pos.game)
        rate = valuer.model.rate
        return sum(rate[sq] * valuer.rent_to(pos, sq) for sq in pos.game.board.properties
                   if pos.owner[sq] not in (BANK, player))

    # -- jail, buying, auctions ----------------------------------------------------------------

    def _jail(self, pos: Position, player: int, jail: JailDecision) -> Action:
        policy = self.params.jail
        if policy == "auto":
            unowned = sum(1 for sq in pos.game.board.properties if pos.owner[sq] == BANK)
            exposure = self._exposure(pos, player)
            policy = "stay" if exposure > 40 or (unowned < 3 and exposure > 15) else "leave"
        if policy == "leave":
            if jail.cards:
                return UseJailCard(player)
            if jail.may_pay_fine and pos.cash[player] - jail.fine >= self.params.reserve:
                return PayJailFine(player)
        return Roll(player)

    def _deed_gain(self, pos: Position, player: int, sq: int, price: int) -> float:
        """What owning `sq` for `price` adds to the bot's position, plus a share of what it is
        worth to an opponent whose group it would complete (keeping it from them)."""
        g = pos.game
        valuer = self._valuer(g)
        owner = list(pos.owner)
        before = valuer.value(pos, player)
        owner[sq] = player
        gain = valuer.value(pos, player, owner, pos.cash[player] - price) - before
        square = g.board.squares[sq]
        if square.kind == STREET:
            streets = g.board.groups[square.group]
            others = {pos.owner[o] for o in streets if o != sq}
            if len(others) == 1:
                rival = others.pop()
                if rival not in (BANK, player):
                    owner[sq] = rival
                    denied = (valuer.value(pos, rival, owner) - valuer.value(pos, rival)
                              - square.price)
                    opponents = max(1, sum(pos.alive) - 1)
                    gain += max(0.0, denied) / opponents
        return gain

    def _buy(self, pos: Position, player: int, sq: int) -> Action:
        price = pos.game.board.squares[sq].price
        cash = pos.cash[player]
        if cash < price:
            return Decline(player)
        gain = self._deed_gain(pos, player, sq, price)
        if gain >= 0 and cash - price >= self._reserve(pos, player):
            return Buy(player)
        # Below the reserve, buy only what matters a lot (it can be mortgaged if need be).
        if gain >= price / 2 and cash - price >= self.params.reserve:
            return Buy(player)
        return Decline(player)

    def _bid(self, g: Game, player: int, bid: BidDecision) -> Action:
        key = (g.turn_number, bid.square, bid.item)
        if self._limit is None or self._limit[0] != key:
            self._limit = (key, self._auction_limit(g, player, bid))
        limit = min(self._limit[1], g.cash_of(player) - self.params.reserve)
        low = bid.min_bid
        if low > limit:
            return Pass(player)
        return Bid(player, low)

    def _auction_limit(self, g: Game, player: int, bid: BidDecision) -> int:
        """The highest bid at which winning is still worth it."""
        if bid.item != "deed":
            cost = g.board.squares[bid.square].house_cost
            return int(cost * (1 + self.params.aggression) / 2)
        pos = Position.of(g)
        low, high = 0, pos.cash[player]
        while high - low > 2:
            mid = (low + high) // 2
            if self._deed_gain(pos, player, bid.square, mid) >= 0:
                low = mid
            else:
                high = mid
        return int(low * self.params.aggression)

    # -- business at the end of the turn -------------------------------------------------------

    def _business(self, g: Game, pos: Position, player: int) -> Action | None:
        offer = self._offer(g, pos, player)
        if offer is not None:
            return ProposeTrade(player, offer)
        spare = pos.cash[player] - self._reserve(pos, player)
        # Lift mortgages that stop a complete group from being built on.
        for gi, streets in enumerate(g.board.groups):
            if pos.owns_group(player, gi):
                for sq in streets:
                    if pos.mortgaged[sq] and g.lift_cost(sq) <= spare:
                        return Unmortgage(player, sq)
        build = self._build(g, pos, player, spare)
        if build is not None:
            return build
        if spare > 2 * self.params.reserve + 200:
            for sq in g.board.properties:
                if (pos.owner[sq] == player and pos.mortgaged[sq]
                        and g.lift_cost(sq) <= spare - 200):
                    return Unmortgage(player, sq)
        return None

    def _build(self, g: Game, pos: Position, player: int, spare: int) -> Action | None:
        groups = [gi for gi in range(len(g.board.groups)) if pos.group_buildable(player, gi)]
        if not groups:
            return None
        model = self._valuer(g).model
        steps = [sum(pos.rank(pos.level[sq]) for sq in g.board.groups[gi]) for gi in groups]
        buildable = set(g.buildable_squares(player))
        while groups:
            i = best_group_step(model, steps, groups, spare)
            if i < 0:
                return None
            options = [sq for sq in g.board.groups[groups[i]] if sq in buildable]
            if options:
                return Build(player, self._best_street(pos, options))
            del groups[i], steps[i]  # the Bank's stock stops this group: try the next best
        return None

    def _best_street(self, pos: Position, options: list[int]) -> int:
        """The street where one more building adds the most rent."""
        g = pos.game
        rate = self._valuer(g).model.rate
        squares = g.board.squares
        hph = g.rules.houses_per_hotel
        level = pos.level

        def added(sq: int) -> float:
            lv = level[sq]
            rents = squares[sq].rents
            nxt = rents[-1] if lv == hph else rents[min(lv + 1, len(rents) - 1)]
            return rate[sq] * (nxt - rents[lv])

        return max(options, key=added)

    def _offer(self, g: Game, pos: Position, player: int) -> TradeOffer | None:
        """The best fair offer that completes a group for the bot, not made recently."""
        turn, made = self._offers_this_turn
        turns = g.turn_number
        if turn == turns and made >= OFFERS_PER_TURN:
            return None
        owners = tuple(pos.owner)
        if owners == self._searched:
            return None  # nothing changed hands since a search that found nothing
        valuer = self._valuer(g)
        best: tuple[float, TradeOffer] | None = None
        for offer in trading.candidate_offers(pos, player):
            key = (offer.responder, offer.give.properties, offer.get.properties)
            if turns - self._offered.get(key, -RETRY_TURNS) < RETRY_TURNS:
                continue
            if g.trade_problem(offer) is not None:
                continue
            priced = trading.priced_offer(valuer, pos, offer, self.params.trade_margin,
                                          self.params.reserve)
            self._offered[key] = turns
            if priced is not None and (best is None or priced[1] > best[0]):
                best = (priced[1], priced[0])
        if best is None:
            self._searched = owners
            return None
        self._offers_this_turn = (turns, made + 1 if turn == turns else 1)
        return best[1]

    # -- raising money -------------------------------------------------------------------------

    def _raise(self, g: Game, pos: Position, player: int) -> Action:
        """The sale or mortgage that loses the least position value per dollar raised."""
        valuer = self._valuer(g)
        before = valuer.value(pos, player)
        best: tuple[float, Action] | None = None
        board = g.board
        squares = board.squares
        for action in g.sale_actions(player):
            if isinstance(action, Sell):
                group = squares[action.square].group
            else:
                group = board.group_names.index(action.group)
            streets = board.groups[group]
            level = list(pos.level)
            for s, lv in zip(streets, g.sale_levels(action), strict=True):
                level[s] = lv
            raised = sum(pos.rank(pos.level[s]) - pos.rank(level[s]) for s in streets)
            raised *= squares[streets[0]].house_cost // 2
            if not g.is_legal(action):
                continue
            lost = before - valuer.value(pos, player, level=level)
            best = _cheaper(best, (lost - raised) / max(1, raised), action)
        mortgaged = list(pos.mortgaged)
        for sq in board.properties:
            if pos.owner[sq] != player or not g.is_legal(Mortgage(player, sq)):
                continue
            mortgaged[sq] = True
            lost = before - valuer.value(pos, player, mortgaged=mortgaged)
            mortgaged[sq] = False
            raised = squares[sq].mortgage
            best = _cheaper(best, (lost - raised) / max(1, raised), Mortgage(player, sq))
        # Nothing left to sell or mortgage: the debt is more than everything is worth.
        return best[1] if best is not None else DeclareBankruptcy(player)


def _cheaper(best: tuple[float, Action] | None, cost: float,
             action: Action) -> tuple[float, Action]:
    return (cost, action) if best is None or cost < best[0] else best
