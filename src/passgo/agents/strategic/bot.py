"""The strategic bot itself: what it answers to each decision, from the appraisals of
`appraisal.py` and the negotiation of `negotiation.py`."""

from __future__ import annotations

from typing import assert_never

from passgo.agents.basic import BasicBot, wants_smash
from passgo.agents.strategic.appraisal import Appraiser
from passgo.agents.strategic.caches import Caches
from passgo.agents.strategic.negotiation import Negotiator
from passgo.agents.strategic.params import StrategicParams
from passgo.agents.strategic.reasons import Explainer
from passgo.agents.valuation import BANK, Position
from passgo.core import (
    Action,
    AllowTravelDecision,
    AskRentDecision,
    AuctionOptionDecision,
    Bid,
    BidDecision,
    Build,
    BuildDemandDecision,
    Buy,
    BuyDecision,
    ChooseRentDecision,
    ChooseTax,
    Decline,
    DrawCardDecision,
    EndTurn,
    EndTurnDecision,
    EnterBoardDecision,
    FineOrChanceDecision,
    ForeclosureBuyDecision,
    ForeclosureOwnerDecision,
    Game,
    GameOverDecision,
    InitialBidsDecision,
    JailCardPurchaseDecision,
    JailDecision,
    JailExitDecision,
    KeepMortgage,
    LawyerDecision,
    LiftMortgage,
    MortgagedDeedDecision,
    Pass,
    PayJailFine,
    PlaceBuilding,
    PlaceBuildingDecision,
    ProposeTrade,
    RaiseFundsDecision,
    Roll,
    RollDecision,
    SealedBidDecision,
    SmashBoard,
    TaxDecision,
    TradeReplyDecision,
    TravelDecision,
    Unmortgage,
    UseJailCard,
    WantBuildings,
)

# The answers to throwing the dice and to ending the turn, made once per seat: always legal
# when the game asks for them, so `act` does not check them again.
_ROLLS = tuple(Roll(p) for p in range(8))
_ENDS = tuple(EndTurn(p) for p in range(8))


class StrategicBot:
    """See the package docstring. One instance plays one seat of one game."""

    def __init__(self, params: StrategicParams | None = None, name: str = "strategic",
                 seed: int = 0) -> None:
        self.params = params or StrategicParams()
        self.name = name
        caches = Caches()
        # (`seed` draws the misjudgements of the easy levels: `StrategicParams.noise`.)
        self._appraiser = appraiser = Appraiser(self.params, caches, seed)
        self._negotiator = Negotiator(self.params, caches, appraiser)
        # The open auction's limit: ((turn, square, item), limit).
        self._limit: tuple[tuple[int, int, str], int] | None = None
        # (turn, actions in the history, reserve) when it last built: the next house of the
        # same turn needs no new look at offers or rents.
        self._spree: tuple[int, int, int] = (-1, -1, 0)
        self._baseline = BasicBot(reserve=self.params.reserve)
        self._explainer: Explainer | None = None  # made when a reason is first asked for

    def explain(self, game: Game, player: int, action: Action) -> str:
        """Why `act` chose `action` (`base.Explaining`), from the numbers it chose by
        (`reasons.py`)."""
        explainer = self._explainer
        if explainer is None:
            explainer = self._explainer = Explainer(self.params, self._appraiser,
                                                    self._negotiator, self._baseline)
        return explainer.explain(game, player, action, self._limit, self._spree)

    def reserve(self, g: Game, player: int) -> int:
        """Cash to keep: the `reserve` floor plus the rent that the next three turns reach with
        probability above the bot's risk tolerance, less what mortgaging deeds outside
        complete groups would raise."""
        return self._appraiser.reserve(Position.of(g), player)

    # -- the decision --------------------------------------------------------------------------

    def act(self, game: Game, player: int) -> Action:
        if game.time_called and wants_smash(game, player):
            return SmashBoard(player)
        action = self._decide(game, player)
        if action is _ROLLS[player] or action is _ENDS[player] or game.is_legal(action):
            return action
        # A house rule forbids what the bot's judgement assumes (no mortgages, say): the
        # baseline's answer instead.
        return self._baseline.act(game, player)

    def _decide(self, g: Game, player: int) -> Action:
        match g.pending:
            case RollDecision():
                return _ROLLS[player]
            case EndTurnDecision():
                return self._business(g, Position.of(g), player) or _ENDS[player]
            case JailDecision() as jail:
                return self._jail(Position.of(g), player, jail)
            case BuyDecision(square=sq, price=price):
                return self._buy(Position.of(g), player, sq, price)
            case BidDecision() as bid:
                return self._bid(g, player, bid)
            case RaiseFundsDecision(amount=amount):
                sale = self._appraiser.cheapest_sale(g, Position.of(g), player, amount)
                if sale is not None:
                    return sale
                # Nothing left it knows how to sell: the baseline's answer (deeds sold back
                # under no mortgages, a Bank loan, or bankruptcy when the debt is more than all
                # it has).
                return self._baseline.act(g, player)
            case TaxDecision(flat=flat):
                return ChooseTax(player, g.percent_tax(player) < flat)
            case TradeReplyDecision(offer=offer, problem=problem):
                return self._negotiator.reply(g, Position.of(g), player, offer, problem)
            case MortgagedDeedDecision(square=sq, lift_cost=cost):
                reserve = self._appraiser.reserve(Position.of(g), player)
                if g.cash_of(player) - cost >= reserve:
                    return LiftMortgage(player, sq)
                return KeepMortgage(player, sq)
            case BuildDemandDecision(square=sq, min_wanted=low, max_wanted=high):
                cost = g.board.squares[sq].house_cost
                spare = g.cash_of(player) - self._appraiser.reserve(Position.of(g), player)
                return WantBuildings(player, max(low, min(high, spare // cost if cost else high)))
            case PlaceBuildingDecision(squares=squares):
                street = self._appraiser.best_street(Position.of(g), list(squares))
                return PlaceBuilding(player, street)
            case (FineOrChanceDecision() | SealedBidDecision() | ForeclosureOwnerDecision()
                  | ForeclosureBuyDecision() | AuctionOptionDecision() | InitialBidsDecision()
                  | TravelDecision()
                  | AllowTravelDecision() | AskRentDecision() | ChooseRentDecision()
                  | EnterBoardDecision()
                  | DrawCardDecision() | LawyerDecision()
                  | JailExitDecision() | JailCardPurchaseDecision()):
                # Decisions of house rules it has no judgement of its own for: the baseline's.
                return self._baseline.act(g, player)
            case GameOverDecision():
                raise ValueError("the game is over: there is nothing to decide")
            case other:
                assert_never(other)

    # -- jail, buying, auctions ----------------------------------------------------------------

    def _jail(self, pos: Position, player: int, jail: JailDecision) -> Action:
        policy = self.params.jail
        if policy == "auto":
            unowned = sum(1 for sq in pos.game.board.properties if pos.owner[sq] == BANK)
            exposure = self._appraiser.exposure(pos, player)
            policy = "stay" if exposure > 40 or (unowned < 3 and exposure > 15) else "leave"
        if policy == "leave":
            if jail.cards:
                return UseJailCard(player)
            if jail.may_pay_fine and pos.cash[player] - jail.fine >= self.params.reserve:
                return PayJailFine(player)
        if pos.game.rules.dice != "standard":
            return self._baseline.act(pos.game, player)
        return Roll(player)

    def _buy(self, pos: Position, player: int, sq: int, price: int) -> Action:
        cash = pos.cash[player]
        if cash < price or self.params.shuns(pos.game.board.squares[sq].kind):
            return Decline(player)
        gain = self._appraiser.deed_gain(pos, player, sq).at(price)
        if gain >= 0 and cash - price >= self._appraiser.reserve(pos, player):
            return Buy(player)
        # Below the reserve, buy only what matters a lot (it can be mortgaged if need be).
        if gain >= price / 2 and cash - price >= self.params.reserve:
            return Buy(player)
        return Decline(player)

    def _bid(self, g: Game, player: int, bid: BidDecision) -> Action:
        key = (g.turn_number, bid.square, bid.item)
        if self._limit is None or self._limit[0] != key:
            self._limit = (key, self._appraiser.auction_limit(g, player, bid))
        limit = min(self._limit[1], g.cash_of(player) - self.params.reserve)
        low = bid.min_bid
        square = g.board.squares[bid.square]
        if low > limit or (bid.item == "deed" and self.params.shuns(square.kind)):
            return Pass(player)
        # Raise in steps of a twentieth of the deed's price (a building's cost), not by the
        # least the rules allow: an auction takes a few dozen bids, not hundreds.
        step = max(1, (square.price if bid.item == "deed" else square.house_cost) // 20)
        return Bid(player, max(low, min(limit, bid.high + step)))

    # -- business at the end of the turn -------------------------------------------------------

    def _business(self, g: Game, pos: Position, player: int) -> Action | None:
        history = g.history
        spree = self._spree
        if (spree[0] == g.turn_number and spree[1] == len(history) - 1
                and type(history[-1]) is Build and history[-1].player == player):
            # The next house of the same turn: its own building changes neither the offers
            # worth making nor the rents it may meet, so neither is looked at again.
            reserve = spree[2]
        else:
            self._negotiator.answered(g)
            # (A newcomer looks for a trade in one round of `offer_every`.)
            if g.round_number % self.params.offer_every == 0:
                offer = self._negotiator.offer(g, pos, player)
                if offer is not None:
                    return ProposeTrade(player, offer)
            owner, mortgaged = pos.owner, pos.mortgaged
            if not any(owner[sq] == player and mortgaged[sq] for sq in g.board.properties) and (
                    not any(pos.group_buildable(player, gi)
                            for gi in range(len(g.board.groups)))):
                return None  # nothing to build on or to lift: no need to know the reserve
            reserve = self._appraiser.reserve(pos, player)
        action = self._spend(g, pos, player, pos.cash[player] - reserve)
        # (The reserve is kept for the reasons of what it does: `explain`.)
        self._spree = (g.turn_number if type(action) is Build else -1, len(history), reserve)
        return action

    def _spend(self, g: Game, pos: Position, player: int, spare: int) -> Action | None:
        """Lifting mortgages and building with the cash above the reserve."""
        if spare <= 0:
            return None
        # Lift mortgages that stop a complete group from being built on.
        squares = g.board.squares
        for gi, streets in enumerate(g.board.groups):
            if pos.owns_group(player, gi):
                for sq in streets:
                    if pos.mortgaged[sq] and g.lift_cost(sq) <= spare:
                        return Unmortgage(player, sq)
        cushion = self.params.build_cushion  # (a newcomer's: it builds late)
        build = (self._appraiser.build(g, pos, player, spare - cushion) if spare > cushion
                 else None)
        if build is not None:
            return build
        if spare > 2 * self.params.reserve + 200:
            for sq in g.board.properties:
                if (pos.owner[sq] == player and pos.mortgaged[sq]
                        and g.lift_cost(sq) <= spare - 200 and squares[sq].price):
                    return Unmortgage(player, sq)
        return None
