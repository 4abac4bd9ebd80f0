"""Why the strategic bot chose an action, in one line, from the numbers it chose by
(`StrategicBot.explain`, asked only where someone reads the answer: `agents.play.bot_step`).

Each reason is worked out again from the game as `act` saw it, with the same appraisals (the
reserve, the deed's gain at a price, the auction limit of the bot's memory, the offer as it
was priced, the judgement of an offer made to it), so it states the fact that decided and
never one that would have decided otherwise: "worth $520 to me: it completes my orange group;
$640 stays, above the $150 I keep for the rents ahead", "$440 is past the $435 it is worth to
me", "it completes my orange group and {p2's} red group". Players are named by seat reference
(`passgo.core.reasons.seat_ref`), so each viewer reads them in their own person. Nothing here
changes what the bot remembers or decides.
"""

from __future__ import annotations

from typing import Final, assert_never

from passgo.agents import trading
from passgo.agents.basic import BasicBot
from passgo.agents.strategic.appraisal import Appraiser, DeedGain
from passgo.agents.strategic.negotiation import Negotiator, Weighing, face_value_sale
from passgo.agents.strategic.params import StrategicParams
from passgo.agents.valuation import BANK, Position
from passgo.core import (
    AcceptTrade,
    Action,
    AllowTravelDecision,
    AskRentDecision,
    AuctionOptionDecision,
    Bid,
    BidDecision,
    Build,
    BuildDemandDecision,
    Bundle,
    Buy,
    BuyDecision,
    ChooseRentDecision,
    CounterTrade,
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
    Mortgage,
    MortgagedDeedDecision,
    Pass,
    PlaceBuilding,
    PlaceBuildingDecision,
    ProposeTrade,
    RaiseFundsDecision,
    Roll,
    RollDecision,
    SealedBidDecision,
    Sell,
    SellDown,
    TaxDecision,
    TradeOffer,
    TradeReplyDecision,
    TravelDecision,
    Unmortgage,
)
from passgo.core.board import RAILROAD, STREET, UTILITY
from passgo.core.reasons import ORDINALS, seat_ref

#: A newcomer's reason for leaving a railroad or utility alone (`StrategicParams.stations`).
SHUNNED: Final = "I do not see the point of railroads and utilities"


class Explainer:
    """The reasons of one strategic bot (made the first time one is asked for), from its
    parameters, appraisals, negotiation and the basic bot it hands house rules to."""

    def __init__(self, params: StrategicParams, appraiser: Appraiser, negotiator: Negotiator,
                 baseline: BasicBot) -> None:
        self.params = params
        self.appraiser = appraiser
        self.negotiator = negotiator
        self.baseline = baseline

    def explain(self, g: Game, player: int, action: Action,
                limit: tuple[tuple[int, int, str], int] | None,
                spree: tuple[int, int, int]) -> str:
        """The reason for `action` (`limit`: the bot's auction limit; `spree`: the turn, the
        length of the history and the reserve of its last business at the end of a turn)."""
        kind = type(action)
        if kind is Roll or kind is EndTurn:
            return ""
        d = g.pending
        if d.player != player:
            return ""
        match d:
            case BuyDecision(square=sq, price=price):
                if isinstance(action, Buy | Decline):
                    return self._purchase(Position.of(g), player, sq, price,
                                          isinstance(action, Buy))
            case BidDecision() as bid:
                key = (g.turn_number, bid.square, bid.item)
                if isinstance(action, Bid | Pass) and limit is not None and limit[0] == key:
                    return self._bid(Position.of(g), player, bid, action, limit[1])
            case EndTurnDecision():
                reserve = spree[2] if spree[1] == len(g.history) else -1
                if isinstance(action, ProposeTrade):
                    return self._offer(Position.of(g), action.offer)
                if isinstance(action, Build) and reserve >= 0:
                    return self._build(Position.of(g), player, action.square, reserve)
                if isinstance(action, Unmortgage) and reserve >= 0:
                    return self._lift(Position.of(g), player, action.square, reserve)
            case TradeReplyDecision(offer=offer, problem=problem):
                # (A refusal carries its own reason.)
                if problem is None and isinstance(action, AcceptTrade | CounterTrade):
                    if (isinstance(action, AcceptTrade)
                            and face_value_sale(g, offer, self.params.face_value)):
                        printed = sum(g.board.squares[s].price for s in offer.get.properties)
                        return (f"{self._money(g, offer.give.cash)} is a good price for what is "
                                f"printed at {self._money(g, printed)}")
                    pos = Position.of(g)
                    weighed = self.negotiator.weigh(g, pos, player, offer)
                    if isinstance(action, AcceptTrade):
                        return self._accept(pos, player, offer, weighed)
                    return self._counter(pos, player, offer, action.offer, weighed)
            case RaiseFundsDecision(amount=amount, cash=cash):
                if isinstance(action, Mortgage | Sell | SellDown):
                    return (f"to raise the {self._money(g, amount - cash)} still owed, at the "
                            "least cost to my position per dollar")
                # Nothing of its own to sell: the baseline chose.
                return self.baseline.explain(g, player, action)
            case MortgagedDeedDecision(lift_cost=cost):
                pos = Position.of(g)
                left = pos.cash[player] - cost
                if isinstance(action, LiftMortgage):
                    return f"lifted now, {self._stays(pos, player, left)}"
                if isinstance(action, KeepMortgage) and left < 0:
                    return (f"lifting it costs {self._money(g, cost)}, more than the "
                            f"{self._money(g, pos.cash[player])} I have")
                if isinstance(action, KeepMortgage):
                    return (f"lifting it now would leave {self._money(g, left)}, below "
                            f"{self._kept(pos, player)}")
            case PlaceBuildingDecision():
                if isinstance(action, PlaceBuilding):
                    return ("of the streets it may go on, it adds the most rent there"
                            + self._added(Position.of(g), action.square))
            case (RollDecision() | JailDecision() | TaxDecision() | BuildDemandDecision()
                  | GameOverDecision()):
                pass  # no choice the events tell with a reason
            case (FineOrChanceDecision() | SealedBidDecision() | ForeclosureOwnerDecision()
                  | ForeclosureBuyDecision() | AuctionOptionDecision() | InitialBidsDecision()
                  | TravelDecision()
                  | AllowTravelDecision() | AskRentDecision() | ChooseRentDecision()
                  | EnterBoardDecision()
                  | DrawCardDecision() | LawyerDecision()
                  | JailExitDecision() | JailCardPurchaseDecision()):
                # Decisions of house rules the bot hands to the baseline: its reasons too.
                return self.baseline.explain(g, player, action)
            case other:
                assert_never(other)
        return ""

    # -- words ---------------------------------------------------------------------------------

    @staticmethod
    def _money(g: Game, amount: float) -> str:
        return g.board.money(round(amount))

    def _kept(self, pos: Position, player: int, reserve: int = -1) -> str:
        """ "the $310 I keep for the rents ahead", or "the $50 I always keep" when the board
        calls for no more than the floor (`reserve`: the reserve decided by, if known)."""
        if reserve < 0:
            reserve = self.appraiser.reserve(pos, player)
        money = self._money(pos.game, reserve)
        if reserve <= self.params.reserve:
            return f"the {money} I always keep"
        return f"the {money} I keep for the rents ahead"

    def _stays(self, pos: Position, player: int, left: int, reserve: int = -1) -> str:
        """ "$640 stays, above the $150 I keep for the rents ahead" (`left` at least the
        reserve), or "$640 stays" when the bot keeps nothing back."""
        if reserve < 0:
            reserve = self.appraiser.reserve(pos, player)
        stays = f"{self._money(pos.game, left)} stays"
        return f"{stays}, above {self._kept(pos, player, reserve)}" if reserve > 0 else stays

    @staticmethod
    def _group(g: Game, gi: int) -> str:
        return trading.group_word(g.board.group_names[gi])

    def _deed(self, pos: Position, player: int, sq: int, gain: DeedGain) -> str:
        """What owning `sq` does for the bot, in words ("" when nothing in particular)."""
        g = pos.game
        board = g.board
        square = board.squares[sq]
        owner = pos.owner
        if square.kind == STREET:
            streets = board.groups[square.group]
            group = self._group(g, square.group)
            if all(owner[o] == player for o in streets if o != sq):
                return f"it completes my {group} group"
            if gain.rival != BANK:
                return f"it blocks {seat_ref(gain.rival, True)} {group} group"
            if any(owner[o] == player for o in streets):
                return f"it adds to my part of the {group} group"
            return ""
        if square.kind in (RAILROAD, UTILITY):
            held = sum(1 for o in board.kin(sq) if owner[o] == player)
            word = "railroad" if square.kind == RAILROAD else "utility"
            if held and held < len(ORDINALS):
                return f"it would be my {ORDINALS[held]} {word}"
        return ""

    # -- buying and bidding --------------------------------------------------------------------

    def _purchase(self, pos: Position, player: int, sq: int, price: int, bought: bool) -> str:
        g = pos.game
        cash = pos.cash[player]
        if not bought and cash < price:
            return f"I have {self._money(g, cash)}, less than the price"
        if not bought and self.params.shuns(g.board.squares[sq].kind):
            return SHUNNED
        gain = self.appraiser.deed_gain(pos, player, sq)
        worth = gain.most(cash)
        what = self._deed(pos, player, sq, gain)
        reserve = self.appraiser.reserve(pos, player)
        left = cash - price
        if bought:
            head = (f"worth {self._money(g, max(worth, price))} to me" if worth < cash - 2
                    else "worth all my cash to me")
            head += f": {what}" if what else f", more than its {self._money(g, price)} price"
            if left >= reserve:
                return f"{head}; {self._stays(pos, player, left, reserve)}"
            return (f"{head}, enough to go below the {self._money(g, reserve)} I keep for the "
                    "rents ahead (mortgages cover the rest)")
        if gain.at(price) < 0:
            # (Its worth to the bot is not told: the auction that follows would know its limit.)
            text = f"worth less to me than its {self._money(g, price)} price"
            building = _building(pos, player)
            if building >= 0:  # the valuation builds with the cash a purchase would take
                text += f": the cash earns more as houses on my {self._group(g, building)} group"
            return text
        return (f"buying would leave {self._money(g, left)}, below "
                f"{self._kept(pos, player, reserve)}")

    def _bid(self, pos: Position, player: int, bid: BidDecision, action: Action,
             limit: int) -> str:
        """A bid or a pass, from the limit the bot set when the auction came to it. A bid does
        not tell the limit (a person at the table does not say how far they will go: the
        others would bid one dollar more); a pass, which ends the bot's part, may."""
        g = pos.game
        if (isinstance(action, Pass) and bid.item == "deed"
                and self.params.shuns(g.board.squares[bid.square].kind)):
            return SHUNNED
        if not isinstance(action, Pass):
            if bid.item != "deed":
                return f"a {bid.item} in short supply is worth more to me than this bid"
            what = self._deed(pos, player, bid.square,
                              self.appraiser.deed_gain(pos, player, bid.square))
            return what or "it is worth more to me than this bid"
        floor = self.params.reserve
        if pos.cash[player] - floor < limit:  # the cash it may spend stops it before the limit
            return (f"more would leave less than the {self._money(g, floor)} I always keep"
                    if floor else "I have no more cash")
        if bid.item != "deed":
            worth = f"{self._money(g, limit)}, what a {bid.item} in short supply is worth to me"
        else:
            gain = self.appraiser.deed_gain(pos, player, bid.square)
            aggression = self.params.aggression
            worth = (f"{self._money(g, limit)}, what it is worth to me" if aggression == 1 else
                     f"{self._money(g, limit)}, {aggression:g} times the "
                     f"{self._money(g, gain.most(pos.cash[player]))} it is worth to me")
        return f"{self._money(g, bid.min_bid)} is past my limit of {worth}"

    # -- business ------------------------------------------------------------------------------

    def _added(self, pos: Position, sq: int) -> str:
        """ " (about $14 more rent a round)": what one more building on `sq` adds, as
        `Appraiser.best_street` counts it, over a round of the opponents' turns."""
        g = pos.game
        hph = g.rules.houses_per_hotel
        lv = min(pos.level[sq], hph + 1)
        if lv > hph:
            return ""
        rents = g.board.squares[sq].rents
        now = rents[min(lv, len(rents) - 1)]
        nxt = rents[-1] if lv == hph else rents[min(lv + 1, len(rents) - 1)]
        added = self.appraiser.caches.valuer(g).model.rate[sq] * (nxt - now) * (
            sum(pos.alive) - 1)
        return f" (about {self._money(g, added)} more rent a round)" if added >= 1 else ""

    def _build(self, pos: Position, player: int, sq: int, reserve: int) -> str:
        g = pos.game
        groups = sum(1 for gi in range(len(g.board.groups)) if pos.group_buildable(player, gi))
        group = self._group(g, g.board.squares[sq].group)
        head = (f"of the groups I can build on now, my {group} group earns most per dollar"
                if groups > 1 else f"building on my {group} group pays") + self._added(pos, sq)
        left = pos.cash[player] - g.build_price(player, sq)
        return f"{head}; {self._stays(pos, player, left, reserve)}" if left >= reserve else head

    def _lift(self, pos: Position, player: int, sq: int, reserve: int) -> str:
        g = pos.game
        group = g.board.squares[sq].group
        if group >= 0 and pos.owns_group(player, group):
            return f"so that my {self._group(g, group)} group can be built on"
        spare = pos.cash[player] - reserve
        return (f"I have {self._money(g, spare)} to spare above "
                f"{self._kept(pos, player, reserve)}")

    # -- trades --------------------------------------------------------------------------------

    def _offer(self, pos: Position, offer: TradeOffer) -> str:
        made = self.negotiator.made
        if made is None or made.offer != offer:
            return ""
        g = pos.game
        me, other = offer.proposer, offer.responder
        if made.then is not None:
            group = g.board.squares[offer.get.properties[0]].group
            return (f"the first step to my {self._group(g, group)} group (the rest is with "
                    f"{seat_ref(made.then[0])})")
        mine, theirs = completions(pos, offer)
        text = deal_words(pos, offer)
        if theirs and not mine and offer.get.cash > 0:
            # A sale: the bot sells only with a group to build with the money, or when the
            # game is stuck.
            if self.negotiator.stuck(g, pos):
                text += "; no deed has changed hands for a long time"
            elif (building := _building(pos, me)) >= 0:
                text += f"; the money goes into my {self._group(g, building)} group"
        if not text:
            text = (f"by my count it leaves me {self._money(g, made.gain)} better off "
                    "against the others")
        if made.sweetened:
            text += "; better terms than the same deal refused before"
        if made.probe:
            return f"{text}; by my count it favours me, but {seat_ref(other)} may see it otherwise"
        return f"{text}; by my count {seat_ref(other)} should take it"

    def _accept(self, pos: Position, player: int, offer: TradeOffer, weighed: Weighing) -> str:
        g = pos.game
        verdict = weighed.verdict
        if verdict.clears < 0 and weighed.plan is not None and weighed.plan > verdict.clears:
            group = g.board.squares[offer.give.properties[0]].group
            return f"it is the first step of my plan for the {self._group(g, group)} group"
        if verdict.clears < 0 and not self.negotiator.stuck(g, pos):
            # (An easy level's `gullibility`.)
            return "by my count it is nearly even, and that is good enough for me"
        if verdict.clears < 0:
            return (f"no deed has changed hands for {self.negotiator.stuck_for(g, pos)} rounds, "
                    "and a trade a little against me is better than a game that goes nowhere")
        owner = verdict.deal.owner
        mine = trading.completed(pos, player, owner)
        theirs = trading.completed(pos, offer.proposer, owner)
        who = seat_ref(offer.proposer, True)
        if mine and theirs:
            return (f"it completes my {self._group(g, mine[0])} group and {who} "
                    f"{self._group(g, theirs[0])} group, good for us both against the others")
        if mine:
            return f"it completes my {self._group(g, mine[0])} group"
        paid = verdict.x
        if theirs and paid > 0:
            return (f"{self._money(g, paid)} pays for completing {who} "
                    f"{self._group(g, theirs[0])} group")
        return (f"by my count it leaves me {self._money(g, verdict.gain)} better off against "
                "the others")

    def _counter(self, pos: Position, player: int, offer: TradeOffer, counter: TradeOffer,
                 weighed: Weighing) -> str:
        g = pos.game
        if weighed.clears >= 0 and (weighed.cheap or weighed.leads >= 0):
            why = self.negotiator.floor_words(g, offer, weighed)
        elif weighed.clears >= 0:
            why = (f"paying {self._money(g, -weighed.verdict.x)} would leave me too little cash "
                   "for the rents ahead")
        else:
            why = "as offered it is not good enough for me"
        if (counter.give.properties == offer.get.properties
                and counter.get.properties == offer.give.properties):
            x = counter.give.cash - counter.get.cash  # what the bot pays in the counter
            price = ("with no cash either way" if x == 0 else
                     f"for {self._money(g, x)} from me" if x > 0 else
                     f"for {self._money(g, -x)} from {seat_ref(offer.proposer)}")
            return f"{why}; the same deeds suit me {price}"
        words = deal_words(pos, TradeOffer(player, offer.proposer, counter.give, counter.get))
        return f"{why}; this suits me better: {words}" if words else f"{why}; this suits me better"


def completions(pos: Position, offer: TradeOffer) -> tuple[list[int], list[int]]:
    """The colour groups an offer of deeds completes for its proposer and for its responder."""
    owner = list(pos.owner)
    for sq in offer.give.properties:
        owner[sq] = offer.responder
    for sq in offer.get.properties:
        owner[sq] = offer.proposer
    return (trading.completed(pos, offer.proposer, owner),
            trading.completed(pos, offer.responder, owner))


def deal_words(pos: Position, offer: TradeOffer) -> str:
    """What an offer of deeds does for both sides, from the proposer's side, as groups it
    completes ("it completes my orange group and {p2's} red group"); "" when it completes none.
    Shared with the expert, whose own offers are described the same way."""
    g = pos.game
    mine, theirs = completions(pos, offer)
    names = g.board.group_names
    who = seat_ref(offer.responder, True)
    if mine and theirs:
        return (f"it completes my {trading.group_word(names[mine[0]])} group and {who} "
                f"{trading.group_word(names[theirs[0]])} group")
    if mine:
        return (f"it completes my {trading.group_word(names[mine[0]])} group"
                f"{_paid(g, offer.give)}")
    if theirs:
        return (f"it completes {who} {trading.group_word(names[theirs[0]])} group"
                f"{_paid(g, offer.get)}")
    return ""


def _paid(g: Game, side: Bundle) -> str:
    """ " for $300", " for $300 and 2 deeds": what one side of an offer pays."""
    items = [g.board.money(side.cash)] if side.cash else []
    if side.properties:
        count = len(side.properties)
        items.append(f"{count} deed{'s' if count > 1 else ''}")
    return f" for {' and '.join(items)}" if items else ""


def _building(pos: Position, player: int) -> int:
    """A colour group the player can build on (-1: none)."""
    for gi in range(len(pos.game.board.groups)):
        if pos.group_buildable(player, gi):
            return gi
    return -1
