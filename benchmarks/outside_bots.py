"""Opponents written from the public bot API only, in the style of the sample bots of Monopoly
AI tournament frameworks and of how strong people are said to play: rule-of-thumb players by
another hand than the strategic bot's, for `benchmarks/outside_style.py`.

passgo's own bots are tuned and tested against one another; people who judge them bring bots
of their own, which play differently (they swap deeds evenly, overpay for the deed that
completes a group, mortgage to buy), and people who play well trade and build by rules of
thumb of their own. These six stand in for such bots and players. They read the game as
any bot may (`game.pending`, the read model, the queries of `Game`: docs/api.md) and import
nothing from passgo but `passgo` and `passgo.agents.BasicBot`, which answers every decision
they have no opinion on.

* `BuyEverything`: buys every deed it can pay for, bids up to the price, builds while it has
  cash left, never proposes a trade, accepts only offers that complete a group for it.
* `SampleTrader`: keeps $200; offers 1.5, then 1.75, then 2 times the price in cash for the
  one deed missing from a group; sells a deed for 1.5 times its price unless that completes
  the buyer's group; accepts offers that complete a group for it.
* `Swapper`: keeps $100 (buying) and $150 (building); proposes even swaps, as many deeds each
  way, where each side completes a group, and accepts those and any offer that completes a
  group for it without completing one for the other side (paying at most the price in cash).
* `Shark`: mortgages lone deeds to buy, bids 1.25 times the price for a deed that completes
  or blocks a group, leaves jail at once, builds keeping $50, raises money by mortgaging lone
  deeds before selling houses, offers a spare deed and cash for a missing deed, and accepts
  offers worth a quarter more than what it gives.
* `SolidHuman`: a solid human-style player (issue 36). Keeps a reserve of the biggest rent on
  the board (at least $50) and buys nearly everything early, when that reserve is small; bids
  1.5 times the price for a deed that completes or blocks a group, 1.2 for orange, red and
  light blue; proposes swaps where each side completes a group (printed prices evened out in
  cash) and pays a fair 1.5 times the price in cash for the deeds missing from its orange,
  red or light blue group; builds to three houses a street first (past three only with twice
  the reserve left); stays in jail once a rent above $300 stands; accepts up to twice the
  price for deeds that complete its group, a swap of groups when the printed prices come out
  about even, and sells a deed that completes the buyer's group for three times its price.
* `Haggler`: a trade-haggler (issue 36). Asks for the deeds that complete its group for their
  price in cash and raises the offer by a quarter of the price after each refusal, up to 2.5
  times it (`CAP`); between those, offers two of its weak deeds (spare, unmortgaged, completing
  nothing for the other side) for one key deed; takes any offer that completes its group within
  the cap (a counter-offer to its own among them); sells a group-completing deed only for
  three times its price.

Offers: a bot proposes at most one offer a turn, and never the same deeds to the same player
again within `RETRY_TURNS` turns (at any price, so the haggler raises its offer once every
`RETRY_TURNS` turns at most), so no game can loop on offers. Every action
they return is legal: proposals are checked with `game.trade_problem` and `game.is_legal`,
other decisions with `game.is_legal`; a decision of their own that the game would refuse is
counted in `overruled` (a bug of the bot: the test expects none) and replaced by the
fallback's answer. A bot keeps memory of its offers, so each game needs new bots.
"""

from __future__ import annotations

from typing import ClassVar

from passgo import (
    AcceptTrade,
    Action,
    Bid,
    BidDecision,
    Build,
    Bundle,
    Buy,
    BuyDecision,
    Decline,
    EndTurn,
    EndTurnDecision,
    Game,
    JailDecision,
    Mortgage,
    Pass,
    PayJailFine,
    ProposeTrade,
    RaiseFundsDecision,
    RejectTrade,
    Roll,
    TradeOffer,
    TradeReplyDecision,
    Unmortgage,
    UseJailCard,
)
from passgo.agents import BasicBot

RETRY_TURNS = 10
"""Turns (of any player) before a bot proposes the same deeds to the same player again."""

Deeds = tuple[int, ...]
OfferKey = tuple[int, Deeds, Deeds]  # responder, deeds given, deeds asked for


# -- reading the board -----------------------------------------------------------------------

def group_of(g: Game, sq: int) -> int:
    """The colour group's index of a street (-1 for railroads and utilities)."""
    return g.board.squares[sq].group


def owns_group(g: Game, player: int, group: int) -> bool:
    return group >= 0 and all(g.owner_of(sq) == player for sq in g.board.groups[group])


def price_of(g: Game, sqs: Deeds) -> int:
    """What the Bank sells these deeds for under the rules in play."""
    return sum(g.deed_price(sq) for sq in sqs)


def completes_for(g: Game, player: int, received: Deeds, given: Deeds = ()) -> list[int]:
    """The colour groups `player` would own whole after receiving `received` and giving
    `given`, and does not own whole now: what a rule-of-thumb bot looks at first in a trade."""
    out = []
    for group in {group_of(g, sq) for sq in received if group_of(g, sq) >= 0}:
        streets = g.board.groups[group]
        after = all((g.owner_of(sq) == player and sq not in given) or sq in received
                    for sq in streets)
        if after and not owns_group(g, player, group):
            out.append(group)
    return out


def near_groups(g: Game, player: int) -> list[tuple[int, Deeds, int]]:
    """(group, deeds missing, their owner) for the groups of which `player` owns some streets
    and one other player in the game owns all the rest: where one trade completes a group."""
    out = []
    for group, streets in enumerate(g.board.groups):
        mine = [sq for sq in streets if g.owner_of(sq) == player]
        rest = tuple(sq for sq in streets if g.owner_of(sq) != player)
        owners = {g.owner_of(sq) for sq in rest}
        if not mine or len(owners) != 1:
            continue
        (other,) = owners
        if other is not None and g.in_game(other):
            out.append((group, rest, other))
    return out


def bare(g: Game, sqs: Deeds) -> bool:
    """No buildings stand in the colour groups of these deeds (else they cannot be traded)."""
    for sq in sqs:
        group = group_of(g, sq)
        if group >= 0 and any(g.houses_on(o) or g.hotels_on(o) for o in g.board.groups[group]):
            return False
    return True


def lone_deeds(g: Game, player: int) -> list[int]:
    """The player's deeds it may mortgage now outside the groups it owns whole, the smallest
    mortgage first: what a bot parts with first when it needs cash."""
    squares = g.board.squares
    lone = [sq for sq in g.mortgageable_squares(player)
            if not owns_group(g, player, group_of(g, sq))]
    return sorted(lone, key=lambda sq: (squares[sq].mortgage, sq))


def plain(offer: TradeOffer) -> bool:
    """Deeds and cash only: these bots do not weigh jail cards or terms (loans, immunity)."""
    return not (offer.give.cards or offer.get.cards or offer.give.terms or offer.get.terms)


def bid(player: int, low: int, high: int, limit: int, step: int) -> Action:
    """Raise the highest bid by `step` (at least the lowest legal bid) up to `limit`."""
    if low > limit:
        return Pass(player)
    return Bid(player, min(limit, max(low, high + step)))


# -- what the four have in common --------------------------------------------------------------

class OutsideBot:
    """A rule-of-thumb bot: its own answers where it has an opinion (`decide`, `business`,
    `reply`), the basic bot's elsewhere. Subclasses set `name` and `build_keep`."""

    name: str = "outside"
    build_keep: ClassVar[int] = 0
    """Cash kept after building a house or lifting a mortgage in a complete group."""
    buy_keep: ClassVar[int] = 0
    """Cash kept after buying a deed (`decide`)."""

    def __init__(self) -> None:
        self.basic = BasicBot()
        self.overruled = 0
        self._last_proposed: dict[OfferKey, int] = {}  # turn of the last proposal
        self._proposals: dict[OfferKey, int] = {}  # how many times proposed
        self._offer_turn = -1

    def act(self, g: Game, p: int) -> Action:
        pending = g.pending
        if isinstance(pending, TradeReplyDecision):
            offer = pending.offer
            if pending.problem is None and plain(offer) and self.reply(g, p, offer):
                return self._checked(g, AcceptTrade(p)) or RejectTrade(p)
            return RejectTrade(p)
        if isinstance(pending, EndTurnDecision):
            action = self.business(g, p)
            return (self._checked(g, action) if action else None) or EndTurn(p)
        action = self.decide(g, p)
        return (self._checked(g, action) if action else None) or self.basic.act(g, p)

    def _checked(self, g: Game, action: Action) -> Action | None:
        """The action if the game allows it; else None, and count the bot's mistake."""
        if g.is_legal(action):
            return action
        self.overruled += 1
        return None

    def decide(self, g: Game, p: int) -> Action | None:
        """The answer to the pending decision (not a trade reply, not the end of the turn);
        None leaves it to the basic bot. By default: buy a deed that leaves `buy_keep` in
        hand, and bid for one up to its price while that much stays."""
        cash = g.cash_of(p)
        match g.pending:
            case BuyDecision(price=price):
                return Buy(p) if cash - price >= self.buy_keep else Decline(p)
            case BidDecision(item="deed", square=sq, min_bid=low, high=high):
                return bid(p, low, high, min(cash - self.buy_keep, g.deed_price(sq)), 10)
        return None

    def business(self, g: Game, p: int) -> Action | None:
        """What to do before ending the turn (None: end it)."""
        return self.build(g, p, self.build_keep)

    def reply(self, g: Game, p: int, offer: TradeOffer) -> bool:
        """Accept an offer of deeds and cash? By default: only when it completes a group."""
        return bool(completes_for(g, p, offer.give.properties, offer.get.properties))

    def build(self, g: Game, p: int, keep: int) -> Action | None:
        """Lift a mortgage in a complete group, else build a house on the dearest group, while
        `keep` stays in hand: the one plan every sample bot has."""
        cash = g.cash_of(p)
        for sq in g.unmortgageable_squares(p):
            if owns_group(g, p, group_of(g, sq)) and cash - g.lift_cost(sq) >= keep:
                return Unmortgage(p, sq)
        squares = g.board.squares
        options = [sq for sq in g.buildable_squares(p) if cash - squares[sq].house_cost >= keep]
        if options:
            return Build(p, max(options, key=lambda sq: (squares[sq].house_cost, sq)))
        return None

    def propose(self, g: Game, p: int, offer: TradeOffer) -> Action | None:
        """`ProposeTrade` for the offer, unless the bot proposed this turn already, proposed
        the same deeds to the same player within `RETRY_TURNS` turns, or the game would refuse
        it; None then."""
        turn = g.turn_number
        if turn < self._offer_turn:  # a new game: forget the last one's offers
            self._last_proposed.clear()
            self._proposals.clear()
        if turn == self._offer_turn:
            return None
        key = (offer.responder, offer.give.properties, offer.get.properties)
        last = self._last_proposed.get(key)
        if last is not None and turn - last < RETRY_TURNS:
            return None
        action = ProposeTrade(p, offer)
        if g.trade_problem(offer) is not None or not g.is_legal(action):
            return None
        self._last_proposed[key] = turn
        self._proposals[key] = self._proposals.get(key, 0) + 1
        self._offer_turn = turn
        return action

    def times_proposed(self, responder: int, give: Deeds, get: Deeds) -> int:
        return self._proposals.get((responder, give, get), 0)


# -- 1. buy everything -------------------------------------------------------------------------

class BuyEverything(OutsideBot):
    """The simplest sample bot of every framework: buy whatever it lands on while the cash
    lasts, build whenever it can. It never proposes a trade."""

    name = "buy-everything"
    build_keep = 1  # "while cash > $0 after building"


# -- 2. sample trader --------------------------------------------------------------------------

class SampleTrader(OutsideBot):
    """The trading sample bot: pays cash for the deed it lacks, raising its price each time it
    asks, and sells for cash at a premium, but never a group to its buyer."""

    name = "sample-trader"
    build_keep = 200
    buy_keep = 200
    RAISES: ClassVar[tuple[float, ...]] = (1.5, 1.75, 2.0)

    def business(self, g: Game, p: int) -> Action | None:
        built = self.build(g, p, self.build_keep)
        if built is not None:
            return built
        cash = g.cash_of(p)
        for _, missing, other in near_groups(g, p):
            if len(missing) != 1 or not bare(g, missing):
                continue
            asked = self.times_proposed(other, (), missing)
            amount = int(price_of(g, missing) * self.RAISES[min(asked, len(self.RAISES) - 1)])
            if amount > cash - 50:  # keeps a little cash
                continue
            action = self.propose(g, p, TradeOffer(p, other, Bundle((), amount), Bundle(missing)))
            if action is not None:
                return action
        return None

    def reply(self, g: Game, p: int, offer: TradeOffer) -> bool:
        got, gave = offer.give.properties, offer.get.properties
        if completes_for(g, p, got, gave):
            return True
        if not gave or completes_for(g, offer.proposer, gave, got):
            return False
        return offer.give.cash - offer.get.cash >= 1.5 * price_of(g, gave)


# -- 3. swapper --------------------------------------------------------------------------------

class Swapper(OutsideBot):
    """The even-swap sample bot: each side completes a group, as many deeds each way, no cash;
    it trades deeds often, and a bot that keeps proposing to it must know when to stop."""

    name = "swapper"
    build_keep = 150
    buy_keep = 100

    def business(self, g: Game, p: int) -> Action | None:
        built = self.build(g, p, self.build_keep)
        if built is not None:
            return built
        for group, missing, other in near_groups(g, p):
            if not bare(g, missing):
                continue
            for theirs_group, theirs, holder in near_groups(g, other):
                if (holder != p or theirs_group == group or not bare(g, theirs)
                        or len(theirs) != len(missing)):
                    continue
                action = self.propose(g, p, TradeOffer(p, other, Bundle(theirs), Bundle(missing)))
                if action is not None:
                    return action
        return None

    def reply(self, g: Game, p: int, offer: TradeOffer) -> bool:
        got, gave = offer.give.properties, offer.get.properties
        if not completes_for(g, p, got, gave):
            return False
        if gave and completes_for(g, offer.proposer, gave, got) and len(gave) > len(got):
            return False  # a swap, but not an even one
        return offer.get.cash <= price_of(g, got)


# -- 4. shark ----------------------------------------------------------------------------------

class Shark(OutsideBot):
    """The aggressive design of tournament entries: deeds before cash, mortgages to buy, pays
    over the price for the deed that decides a group, and trades value for value."""

    name = "shark"
    build_keep = 50

    def decide(self, g: Game, p: int) -> Action | None:
        cash = g.cash_of(p)
        match g.pending:
            case BuyDecision(price=price):
                if cash >= price:
                    return Buy(p)
                spare = lone_deeds(g, p)
                raised = sum(g.board.squares[sq].mortgage for sq in spare)
                return Mortgage(p, spare[0]) if spare and cash + raised >= price else Decline(p)
            case BidDecision(item="deed", square=sq, min_bid=low, high=high):
                factor = 1.0
                group = group_of(g, sq)
                if group >= 0:
                    owners = {g.owner_of(o) for o in g.board.groups[group] if o != sq}
                    if len(owners) == 1 and None not in owners:
                        factor = 1.25  # completes its group or blocks someone's
                return bid(p, low, high, min(cash, int(g.deed_price(sq) * factor)), 5)
            case JailDecision(cards=cards, may_pay_fine=may_pay):
                if cards:
                    return UseJailCard(p, cards[0])
                return PayJailFine(p) if may_pay else None
            case RaiseFundsDecision():
                spare = lone_deeds(g, p)
                return Mortgage(p, spare[0]) if spare else None  # else sell, as basic does
        return None

    def business(self, g: Game, p: int) -> Action | None:
        built = self.build(g, p, self.build_keep)
        if built is not None:
            return built
        cash = g.cash_of(p)
        if cash > 600:  # rich: lift the mortgages on lone deeds too
            for sq in g.unmortgageable_squares(p):
                if cash - g.lift_cost(sq) >= 400:
                    return Unmortgage(p, sq)
        near = near_groups(g, p)
        keep = {group for group, _, _ in near}
        for _, missing, other in near:
            if len(missing) != 1 or not bare(g, missing):
                continue
            # a spare deed: not of a group it is near or owns, not completing one for them
            spares = [sq for sq in g.trade_limits(p).deeds
                      if group_of(g, sq) not in keep and not owns_group(g, p, group_of(g, sq))
                      and not completes_for(g, other, (sq,))]
            give: Deeds = (min(spares, key=lambda sq: (g.deed_price(sq), sq)),) if spares else ()
            amount = max(0, int(1.5 * price_of(g, missing)) - price_of(g, give))
            if amount > cash - 100:
                continue
            action = self.propose(g, p, TradeOffer(p, other, Bundle(give, amount),
                                                   Bundle(missing)))
            if action is not None:
                return action
        return None

    def reply(self, g: Game, p: int, offer: TradeOffer) -> bool:
        got, gave = offer.give.properties, offer.get.properties
        pays = offer.get.cash - offer.give.cash
        if completes_for(g, p, got, gave):
            return pays <= 2 * price_of(g, got) and g.cash_of(p) >= pays
        if completes_for(g, offer.proposer, gave, got):
            return -pays >= 2.5 * price_of(g, gave) + 200  # a group is sold only dearly
        return bool(gave) and price_of(g, got) - pays >= 1.25 * price_of(g, gave)


# -- 5. solid human --------------------------------------------------------------------------

def biggest_rent(g: Game, p: int) -> int:
    """The largest rent `p` could owe on one throw now: the most any opponent's deed asks
    (a Utility at a throw of 12), what a careful player keeps in hand."""
    squares = g.board.squares
    return max((g.rent(sq, 12) for sq, square in enumerate(squares)
                if square.ownable and g.owner_of(sq) not in (None, p)), default=0)


def weak_deeds(g: Game, p: int, other: int, count: int) -> Deeds:
    """`count` of `p`'s cheapest deeds that it may trade now and can spare: of no colour group
    it owns whole or could complete by one trade, completing no group for `other`; () if it
    has fewer."""
    near = {group for group, _, _ in near_groups(g, p)}
    spare = sorted((sq for sq in g.trade_limits(p).deeds
                    if group_of(g, sq) not in near and not owns_group(g, p, group_of(g, sq))
                    and not g.is_mortgaged(sq) and not completes_for(g, other, (sq,))),
                   key=lambda sq: (g.deed_price(sq), sq))
    return tuple(sorted(spare[:count])) if len(spare) >= count else ()


def cost_of(g: Game, offer: TradeOffer) -> int:
    """What the responder pays if it accepts, net, deeds counted at their printed price: the
    cash and deeds it gives less the cash it receives."""
    return offer.get.cash + price_of(g, offer.get.properties) - offer.give.cash


class SolidHuman(OutsideBot):
    """How a strong club player is usually described: buy nearly everything early, trade at
    fair prices for the groups that pay best for their cost (orange, red, light blue), build
    to three houses fast (the rent jumps most up to the third), and always keep enough cash
    for the biggest rent on the board."""

    name = "solid-human"
    FAVOURED: ClassVar[tuple[str, ...]] = ("orange", "red", "light_blue")
    FAIR: ClassVar[float] = 1.5
    """A fair price for the deeds that complete a group, in printed prices."""
    MOST: ClassVar[float] = 2.0
    """The most it pays, in printed prices, for deeds that complete one of its groups."""

    def reserve(self, g: Game, p: int) -> int:
        return max(50, biggest_rent(g, p))

    def favoured(self, g: Game, group: int) -> bool:
        return group >= 0 and g.board.group_names[group] in self.FAVOURED

    def decide(self, g: Game, p: int) -> Action | None:
        cash = g.cash_of(p)
        keep = self.reserve(g, p)
        match g.pending:
            case BuyDecision(square=sq, price=price):
                wanted = bool(completes_for(g, p, (sq,))) or self.blocks(g, p, sq)
                return Buy(p) if cash - price >= (0 if wanted else keep) else Decline(p)
            case BidDecision(item="deed", square=sq, min_bid=low, high=high):
                factor = 1.0
                if completes_for(g, p, (sq,)) or self.blocks(g, p, sq):
                    factor = 1.5
                elif self.favoured(g, group_of(g, sq)):
                    factor = 1.2
                return bid(p, low, high, min(cash - keep // 2, int(g.deed_price(sq) * factor)),
                           10)
            case JailDecision(cards=cards, may_pay_fine=may_pay):
                if biggest_rent(g, p) > 300 and g.is_legal(Roll(p)):
                    return Roll(p)  # the board is dangerous: stay in, throwing for doubles
                if cards:
                    return UseJailCard(p, cards[0])
                return PayJailFine(p) if may_pay else None
            case RaiseFundsDecision():
                spare = lone_deeds(g, p)
                return Mortgage(p, spare[0]) if spare else None
        return None

    def blocks(self, g: Game, p: int, sq: int) -> bool:
        """Would `sq` complete a group for an opponent (so a careful player takes it)?"""
        return any(completes_for(g, o, (sq,)) for o in range(len(g.players))
                   if o != p and g.in_game(o))

    def business(self, g: Game, p: int) -> Action | None:
        built = self.build_three(g, p)
        if built is not None:
            return built
        cash, keep = g.cash_of(p), self.reserve(g, p)
        for group, missing, other in near_groups(g, p):
            if not bare(g, missing):
                continue
            # a fair swap first: each side completes a group, the printed prices evened out
            for theirs_group, theirs, holder in near_groups(g, other):
                if holder != p or theirs_group == group or not bare(g, theirs):
                    continue
                diff = price_of(g, missing) - price_of(g, theirs)
                if diff > cash - keep:
                    continue
                offer = TradeOffer(p, other, Bundle(theirs, max(diff, 0)),
                                   Bundle(missing, max(-diff, 0)))
                action = self.propose(g, p, offer)
                if action is not None:
                    return action
            if not self.favoured(g, group):
                continue
            amount = int(price_of(g, missing) * self.FAIR)
            if amount > cash - keep:
                continue
            action = self.propose(g, p, TradeOffer(p, other, Bundle((), amount), Bundle(missing)))
            if action is not None:
                return action
        return None

    def build_three(self, g: Game, p: int) -> Action | None:
        """Lift mortgages in complete groups, then a house where the fewest stand, up to three
        a street while the reserve stays; past three only with twice the reserve left."""
        cash, keep = g.cash_of(p), self.reserve(g, p)
        for sq in g.unmortgageable_squares(p):
            if owns_group(g, p, group_of(g, sq)) and cash - g.lift_cost(sq) >= keep:
                return Unmortgage(p, sq)
        squares = g.board.squares
        options = [sq for sq in g.buildable_squares(p)
                   if cash - squares[sq].house_cost
                   >= (keep if g.houses_on(sq) < 3 and not g.hotels_on(sq) else 2 * keep)]
        if options:
            return Build(p, min(options, key=lambda sq: (g.houses_on(sq) + 5 * g.hotels_on(sq),
                                                         -squares[sq].house_cost, sq)))
        return None

    def reply(self, g: Game, p: int, offer: TradeOffer) -> bool:
        got, gave = offer.give.properties, offer.get.properties
        cost = cost_of(g, offer)
        mine = completes_for(g, p, got, gave)
        theirs = completes_for(g, offer.proposer, gave, got)
        if g.cash_of(p) - offer.get.cash < self.reserve(g, p) // 2:
            return False
        if mine and theirs:  # a swap: fair if the printed prices come out about even
            return cost <= price_of(g, got) // 4
        if mine:
            return cost <= self.MOST * price_of(g, got)
        if theirs:  # it sells a group only at a price that pays for what it hands over
            return -cost >= 2 * self.FAIR * price_of(g, gave)
        return bool(gave) and -cost >= 0.2 * price_of(g, gave)


# -- 6. trade-haggler --------------------------------------------------------------------------

class Haggler(OutsideBot):
    """The negotiator of trading-bot contests: asks for the deed that completes its group
    with a cash offer it raises step by step after each refusal, offers two weak deeds for one
    key deed, and takes a counter-offer that stays within its cap."""

    name = "haggler"
    build_keep = 150
    buy_keep = 100
    START: ClassVar[float] = 1.0
    STEP: ClassVar[float] = 0.25
    CAP: ClassVar[float] = 2.5
    """The most it pays for deeds that complete one of its groups, in printed prices: its
    offers rise to it and a counter-offer within it is taken."""

    def business(self, g: Game, p: int) -> Action | None:
        built = self.build(g, p, self.build_keep)
        if built is not None:
            return built
        cash = g.cash_of(p)
        for _, missing, other in near_groups(g, p):
            if not bare(g, missing):
                continue
            price = price_of(g, missing)
            asked = self.times_proposed(other, (), missing)
            amount = int(price * min(self.CAP, self.START + self.STEP * asked))
            if amount <= cash - 50:
                action = self.propose(g, p, TradeOffer(p, other, Bundle((), amount),
                                                       Bundle(missing)))
                if action is not None:
                    return action
            if len(missing) == 1:
                weak = weak_deeds(g, p, other, 2)
                if weak:
                    action = self.propose(g, p, TradeOffer(p, other, Bundle(weak),
                                                           Bundle(missing)))
                    if action is not None:
                        return action
        return None

    def reply(self, g: Game, p: int, offer: TradeOffer) -> bool:
        got, gave = offer.give.properties, offer.get.properties
        cost = cost_of(g, offer)
        if g.cash_of(p) - offer.get.cash < 50:
            return False
        if completes_for(g, p, got, gave):
            return cost <= self.CAP * price_of(g, got)
        if completes_for(g, offer.proposer, gave, got):
            return -cost >= 3 * price_of(g, gave)
        return bool(gave) and -cost >= 0.5 * price_of(g, gave)


OPPONENTS: dict[str, type[OutsideBot]] = {
    bot.name: bot for bot in (BuyEverything, SampleTrader, Swapper, Shark, SolidHuman,
                               Haggler)
}
"""The opponents by name, as the tables of `benchmarks/outside_style.py` name them."""
