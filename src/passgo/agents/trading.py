"""Trades for the strategic bot: what a trade does for each side, offers worth making, and
answers (acceptance, a counter-offer, or a refusal that says why).

**The yardstick.** Each player's position is valued as in `valuation.py` (cash, deeds, and the
rent its deeds are expected to earn over `TRADE_HORIZON` rounds, with its colour groups built up
as far as its cash allows). A trade is judged by what it does to the *standing* of a player
against the others: its own gain, less what the others gain, where a rival's gain counts more
the stronger that rival is (the weights are the rivals' position values squared, summing to
one). Rent is what makes the difference: a colour group completed for Bob is income for Bob
*and* a cost for everyone who walks past it, so

    standing gain of p = value gain of p - horizon x rent per turn p will pay to the traders
    judged gain of p   = standing gain of p - sum over rivals o of w_o x standing gain of o

Two players who each complete a group by a swap both gain against the others; giving the
leader a group costs more the further ahead the leader is, and only a price that pays for it
makes it acceptable; between two players alone (heads-up) a trade is zero-sum.

**Accepting.** A bot accepts when its judged gain is positive and at least `margin` x 0.5 of
both sides' judged gains together (`margin` is the bot's `trade_margin`): small trades need
small advantages, and a trade that hands the other side much more is refused.

**Proposing.** For each deal worth considering (below) the bot finds the cash, either way, at
which the other side, judged with the same yardstick and the default margin, would just accept
(plus a small cushion), checks that the deal is still good enough for itself at that price, and
gives away a part of the rest (more with a low margin). The deals considered are: buying the
deeds of one opponent that complete one of its groups (for cash, or against deeds that complete
one of that opponent's groups), selling its own deeds that complete an opponent's group (for
cash, or for cash and the buyer's streets of groups the bot has a part of; the bot decides
when it sells at all), and, when a group is split between two opponents, a plan in two steps:
buy one opponent's part now if the second step (priced the same way, for cash or against deeds
that complete a group of the second owner, in the position after the first) makes the whole
worth it. Where no price suits both sides as the bot sees them (between two players alone no
trade does), it may still offer one that is clearly good for itself (a gain of at least
`PROBE` times what the deal is about): others value things their own way, and may take it.

**Answering.** An offer is judged by the same rule; when it is not good enough the bot
counter-offers (the same deeds at the price it would accept, or its own best deal with that
player), and otherwise refuses with a short reason in plain words ("it would complete Ann's
orange group, and $150 does not pay for that").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from mypy_extensions import mypyc_attr

from passgo.agents.valuation import BANK, Holding, Position, Valuer
from passgo.core import Bundle, Immunity, Loan, Partnership, TradeOffer
from passgo.core.board import RAILROAD

TRADE_HORIZON: Final = 40  # rounds of rent a trade is valued over
# Cash a player is taken to add to what it holds when building up its groups: the mean of
# the rents these reach (over the horizon, a player short of cash builds later, not never).
FUTURES = (200, 700, 1200)
CARD_VALUE: Final = 40  # a Get Out of Jail Free card, in cash
SHARE: Final = 0.5  # the margin is a share of both sides' judged gains times this
DEFAULT_MARGIN: Final = 0.5  # what a bot assumes of the other side's margin
CUSHION: Final = 15.0  # what a proposer leaves above the other side's bare acceptance
MIN_GAIN: Final = 5.0  # a trade must gain at least this much to be worth the trouble
PROBE: Final = 0.8  # an offer the other side may refuse must gain this share of what is at stake
CASH_STEP: Final = 5  # offers name cash in multiples of this
NO_BOUND: Final = -(1 << 40)  # a floor on cash that bounds nothing
SWEETENER: Final = 25  # the least by which a refused deal offered again is made better
# Prices are found to within this much (on the side of the party's margin).
PRICE_TOLERANCE: Final = 20


@mypyc_attr(acyclic=True, free_list_len=1)
class Deal:
    """A trade (or a plan of two) as the change it makes: the players it involves, their
    holdings afterwards, and their cash afterwards before any price is paid (interest on
    mortgaged deeds received, cards counted as cash). `owner` is the ownership afterwards.
    Read-only once made (a plain class, as `valuation.Position` says why)."""

    def __init__(self, parties: tuple[int, ...], holdings: tuple[Holding, ...],
                 cash: tuple[float, ...], owner: list[int]) -> None:
        self.parties = parties
        self.holdings = holdings
        self.cash = cash
        self.owner = owner


@mypyc_attr(acyclic=True, free_list_len=1)
class Market:
    """Every player's standing in one position (or in one that is only being considered),
    and the judged gain of deals from it for any player. `like`: a market of a position with
    the same deeds, buildings, mortgages, cash and players in the game, whose standing is
    taken as it is rather than worked out again (`Caches.market`); its lists are shared, which
    is why no market changes them once made."""

    earn: float
    horizon: float
    alive: list[int]
    holding: list[Holding | None]
    value: list[float]
    income: list[float]
    rivals: list[list[int]]
    weights: list[list[float]]

    def __init__(self, valuer: Valuer, pos: Position, owner: list[int] | None = None,
                 cash: Sequence[float] | None = None, like: Market | None = None) -> None:
        self.valuer = valuer
        self.pos = pos
        self.owner: list[int] = pos.owner if owner is None else owner
        self.cash: Sequence[float] = pos.cash if cash is None else cash
        if like is not None:
            self.earn, self.horizon, self.alive = like.earn, like.horizon, like.alive
            self.holding, self.value, self.income = like.holding, like.value, like.income
            self.rivals, self.weights = like.rivals, like.weights
            return
        self.earn = valuer.earn(pos)
        self.horizon = valuer.horizon
        self.alive = [p for p, alive in enumerate(pos.alive) if alive]
        n = len(pos.alive)
        self.holding = [None] * n
        self.value = [0.0] * n
        self.income = [0.0] * n
        for p in self.alive:
            h = valuer.holding(pos, p, self.owner)
            self.holding[p] = h
            c = self.cash[p]
            income, spent = valuer.income(h, c)
            self.income[p] = income
            self.value[p] = c + h.assets + self.earn * income - spent / 2
        strength = [0.0] * n
        total = 0.0
        for p in self.alive:
            strength[p] = s = max(1.0, self.value[p]) ** 2
            total += s
        # By seat: every rival of the player (none for a player out), and its weight.
        self.rivals = [[] for _ in range(n)]
        self.weights = [[] for _ in range(n)]
        for p in self.alive:
            rest = total - strength[p]
            self.rivals[p] = [o for o in self.alive if o != p]
            self.weights[p] = [strength[o] / rest if rest > 0 else 0.0 for o in self.alive
                               if o != p]

    def stakes(self, deal: Deal) -> float:
        """What a deal is about: the change of every party's rent over the horizon, at no
        price."""
        total = 0.0
        for p, h, c in zip(deal.parties, deal.holdings, deal.cash, strict=True):
            income, _ = self.valuer.income(h, c)
            total += abs(income - self.income[p])
        return self.earn * total

    def leader(self) -> int | None:
        """The player clearly ahead (a fifth above the next), if any."""
        ranked = sorted(self.alive, key=lambda p: -self.value[p])
        if len(ranked) >= 2 and self.value[ranked[0]] > 1.2 * max(1.0, self.value[ranked[1]]):
            return ranked[0]
        return None

    def deal(self, moves: Sequence[tuple[int, int, Sequence[int]]],
             cards: Sequence[tuple[int, int, int]] = ()) -> Deal:
        """The deal in which each (giver, taker, deeds) moves deeds, and each (giver, taker,
        count) moves Get Out of Jail Free cards."""
        pos = self.pos
        owner = list(self.owner)
        mortgaged = pos.mortgaged
        parties: list[int] = []  # in the order they first appear
        cash: list[float] = []  # by party
        for giver, taker, deeds in moves:
            self._party(parties, cash, giver)
            t = self._party(parties, cash, taker)
            for sq in deeds:
                owner[sq] = taker
                if mortgaged[sq]:
                    cash[t] -= pos.game.interest(sq)  # paid at once by whoever receives it
        for giver, taker, count in cards:
            cash[self._party(parties, cash, giver)] -= CARD_VALUE * count
            cash[self._party(parties, cash, taker)] += CARD_VALUE * count
        valuer = self.valuer
        return Deal(tuple(parties), tuple([valuer.holding(pos, p, owner) for p in parties]),
                    tuple(cash), owner)

    def _party(self, parties: list[int], cash: list[float], p: int) -> int:
        """The index of player `p` among a deal's parties, added with its cash if new."""
        for i in range(len(parties)):
            if parties[i] == p:
                return i
        parties.append(p)
        cash.append(float(self.cash[p]) if self.pos.alive[p] else 0.0)
        return len(parties) - 1

    def gains(self, deal: Deal, paid: Sequence[float],
              later: Sequence[float] = ()) -> list[float]:
        """The judged gain of every party of `deal` (in its order) when party i also pays
        `paid[i]` in cash (negative: receives it) and gains `later[i]` in money that is not
        cash now (the terms of a trade: a loan to be repaid, rent waived)."""
        earn, horizon = self.earn, self.horizon
        valuer = self.valuer
        parties, holdings, cash = deal.parties, deal.holdings, deal.cash
        value, income_now = self.value, self.income
        n = len(parties)
        d_value = [0.0] * n
        d_income = [0.0] * n
        total_income = 0.0
        for i in range(n):
            p = parties[i]
            h = holdings[i]
            c = cash[i] - paid[i]
            income, spent = valuer.income(h, c)
            d_value[i] = (c + h.assets + earn * income - spent / 2 - value[p]
                          + (later[i] if later else 0.0))
            d = income - income_now[p]
            d_income[i] = d
            total_income += d
        # Standing, by seat: own value gain less the rent the traders will now charge this
        # player (for one outside the deal, that rent alone).
        standing = [-horizon * total_income] * len(value)
        for i in range(n):
            standing[parties[i]] = d_value[i] - horizon * (total_income - d_income[i])
        out = [0.0] * n
        for i in range(n):
            p = parties[i]
            judged = standing[p]
            rivals, weights = self.rivals[p], self.weights[p]
            for j in range(len(rivals)):
                judged -= weights[j] * standing[rivals[j]]
            out[i] = judged
        return out


def acceptable(mine: float, others: float, margin: float) -> float:
    """How far a judged gain `mine` clears the bot's margin (`others`: the sum of the other
    parties' judged gains in absolute value); a trade is good enough at 0 or more."""
    return min(mine - MIN_GAIN, mine - margin * SHARE * (abs(mine) + others))


def _clears(market: Market, deal: Deal, x: float, who: int, margin: float) -> float:
    """`acceptable` for party `who` (0: the proposer, 1: the responder) of a two-party deal in
    which the proposer pays `x` (negative: receives it)."""
    g = market.gains(deal, (x, -x))
    return acceptable(g[who], abs(g[1 - who]), margin)


def lowest_price(market: Market, deal: Deal, low: int, high: int, who: int, margin: float,
                 cushion: float) -> int | None:
    """For a two-party deal, the price x in [low, high] the proposer pays (negative: receives)
    that is best for the proposer while party `who` still clears its margin by `cushion`:
    the least x for the responder (who=1), the most x for the proposer (who=0), to within
    `PRICE_TOLERANCE` (on the side where the party clears). None: no such price."""
    if low > high:
        return None
    sign = 1.0 if who == 1 else -1.0  # the responder likes more cash, the proposer less
    # f(x) = sign * (_clears(x) - cushion) rises with x; find where it crosses 0 (false
    # position, Illinois variant: the rent a party reaches by building is a step function of
    # its cash, so f is only piecewise straight).
    a, b = low, high
    # The end that can rule out every price first (a party that does not clear at its best
    # price clears at none), then the other.
    if who == 1:
        fb = sign * (_clears(market, deal, b, who, margin) - cushion)
        if fb < 0:
            return None
        fa = sign * (_clears(market, deal, a, who, margin) - cushion)
        if fa >= 0:
            return a
    else:
        fa = sign * (_clears(market, deal, a, who, margin) - cushion)
        if fa > 0:
            return None
        fb = sign * (_clears(market, deal, b, who, margin) - cushion)
        if fb <= 0:
            return b
    side = 0
    for _ in range(12):
        if b - a <= PRICE_TOLERANCE:
            break
        x = int(a + (b - a) * (-fa) / (fb - fa)) if fb != fa else (a + b) // 2
        x = min(max(x, a + 1), b - 1)
        fx = sign * (_clears(market, deal, x, who, margin) - cushion)
        if fx >= 0 if who == 1 else fx > 0:
            b, fb = x, fx
            if side == 1:
                fa /= 2
            side = 1
        else:
            a, fa = x, fx
            if side == -1:
                fb /= 2
            side = -1
    return b if who == 1 else a


def offer_of(proposer: int, responder: int, give: Sequence[int], get: Sequence[int],
             x: int) -> TradeOffer:
    """The offer in which `proposer` gives `give` and receives `get`, and pays `x` in cash
    (negative: asks for it)."""
    return TradeOffer(proposer, responder, Bundle(tuple(give), max(0, x)),
                      Bundle(tuple(get), max(0, -x)))


def round_up(x: float) -> int:
    return int(-(-x // CASH_STEP) * CASH_STEP)


def round_down(x: float) -> int:
    return int(x // CASH_STEP * CASH_STEP)


@mypyc_attr(acyclic=True)
class Proposal:
    """An offer the bot may make, its judged gain for the bot, for a plan in two steps the
    square set bought in the second step and from whom, and whether the other side, as the
    bot sees it, would refuse (`probe`). `key`: the responder, how many deeds the bot gives,
    and the deeds each way, as bytes (squares are below 256; a bytes object keeps its hash, and
    the bot looks its offers up by it at every end of turn); `kind`: the responder and whether
    the bot gives deeds.
    Read-only once made (a plain class, as `valuation.Position` says why)."""

    def __init__(self, offer: TradeOffer, gain: float,
                 then: tuple[int, tuple[int, ...]] | None = None, probe: bool = False,
                 sweetened: bool = False) -> None:
        self.offer = offer
        self.gain = gain
        self.then = then
        self.probe = probe
        self.sweetened = sweetened  # better terms than the same deal refused before
        self.key = deal_key(offer)
        self.kind = (offer.responder, bool(offer.give.properties))
        # The first step of a plan through a third player (`brokered_plans`): a swap in which
        # each side completes a group, which `impolite` judges by printed prices.
        self.brokered = then is not None and bool(offer.give.properties)


def deal_key(offer: TradeOffer) -> bytes:
    """An offer's deeds and responder, whatever the cash (`Proposal.key`)."""
    return deeds_key(offer.responder, offer.give.properties, offer.get.properties)


def deeds_key(responder: int, give: Sequence[int], get: Sequence[int]) -> bytes:
    """`deal_key` of an offer to `responder` of deeds `give` for deeds `get`."""
    return bytes((responder, len(give), *give, *get))


def sweetened(market: Market, refused: TradeOffer, margin: float, keep: int,
              probe: bool) -> Proposal | None:
    """The deal of a `refused` offer on better terms for the other side: `SWEETENER` or a
    tenth of the cash more from the proposer (or asked less), if that is still good enough
    for the proposer by its margin and keeps its floors; None when it is not (the deal is
    then not offered again as it was)."""
    me, other = refused.proposer, refused.responder
    give, get = refused.give.properties, refused.get.properties
    x = refused.give.cash - refused.get.cash
    x += max(SWEETENER, round_up(abs(x) / 10))
    high = min(int(market.cash[me]) - keep,
               -least_cash(market.pos, market.valuer, give, get, other))
    if x > high or -x > market.cash[other]:
        return None
    deal = market.deal([(me, other, give), (other, me, get)])
    gain, theirs = market.gains(deal, (x, -x))
    if (acceptable(gain, abs(theirs), margin) < 0
            or leader_group(market, deal, other, theirs) >= 0):
        return None
    return Proposal(offer_of(me, other, give, get, x), gain, probe=probe, sweetened=True)


def price_deal(market: Market, me: int, other: int, give: Sequence[int], get: Sequence[int],
               margin: float, keep: int, probing: bool = True,
               slack: float = 0.0, deal: Deal | None = None) -> Proposal | None:
    """The offer of `give` against `get` (with cash either way) that `other` would just accept
    (judged with the default margin, plus the cushion), with part of the rest given away as
    the bot's `margin` allows; None when no price suits both. `slack` (a share of what the
    deal is about) is how far short of its margin each side will go in a stuck game; `deal`,
    the exchange's `Deal` if the caller has made it (`promise`)."""
    if not give and not get:
        return None
    if deal is None:
        deal = market.deal([(me, other, give), (other, me, get)])
    # Manners: deeds are never bought for nothing, nor sold below their floor (`least_cash`).
    low = max(-int(market.cash[other]), buying_floor(market.pos, give, get))
    high = min(int(market.cash[me]) - keep, -least_cash(market.pos, market.valuer, give, get,
                                                        other))
    floor = -slack * market.stakes(deal) if slack else 0.0
    theirs = lowest_price(market, deal, low, high, 1, DEFAULT_MARGIN, CUSHION + floor)
    mine = None
    if theirs is not None:
        at = _clears(market, deal, theirs, 0, margin) - floor
        if at >= 0:
            mine = _most(market, deal, theirs, high, margin, floor, at)
    if theirs is None or mine is None:
        if not probing:
            return None
        # No price suits both sides as the bot sees them (between two players alone a
        # trade is zero-sum): offer one that is clearly good for the bot; others value
        # things their own way, and may take it.
        probe = lowest_price(market, deal, low, high, 0, margin, PROBE * market.stakes(deal))
        if probe is None:
            return None
        x = max(round_down(probe), round_up(low))
        gain, theirs_gain = market.gains(deal, (x, -x))
        if x > high or leader_group(market, deal, other, theirs_gain) >= 0:
            return None
        return Proposal(offer_of(me, other, give, get, x), gain, probe=True)
    x = min(round_up(theirs + concession(margin) * (mine - theirs)), mine)
    if x > theirs and _clears(market, deal, x, 0, margin) < floor:
        x = theirs
    gain, theirs_gain = market.gains(deal, (x, -x))
    if leader_group(market, deal, other, theirs_gain) >= 0:
        return None
    return Proposal(offer_of(me, other, give, get, x), gain)


def sale_floor(pos: Position, deeds: Sequence[int]) -> int:
    """The least cash worth taking for `deeds` alone: the loan on those not yet mortgaged."""
    squares, mortgaged = pos.game.board.squares, pos.mortgaged
    return sum(squares[sq].mortgage for sq in deeds if not mortgaged[sq])


def group_floor(pos: Position, valuer: Valuer, deeds: Sequence[int], buyer: int) -> int:
    """The least cash deeds that complete a colour group for `buyer` are sold for, mortgaged
    or not: their printed price, or what they are worth to the buyer when that is more: the
    most it could pay and be no worse off, valued with the mortgages lifted and with the
    price and the lifting paid out of its cash (a group is worth less to a buyer left with
    no money to build on it); 0 for deeds that complete no group of the buyer's."""
    owner = list(pos.owner)
    for sq in deeds:
        owner[sq] = buyer
    if not deeds or not completed(pos, buyer, owner):
        return 0
    g = pos.game
    lifted = list(pos.mortgaged)
    lift = 0
    for sq in deeds:
        if lifted[sq]:
            lifted[sq] = False
            lift += g.lift_cost(sq)
    after = valuer.holding(pos, buyer, owner, lifted)
    earn = valuer.earn(pos)
    before = valuer.value(pos, buyer)
    cash = pos.cash[buyer]
    printed = valuer.price_of(deeds)
    low, high = 0, cash - lift
    if high <= 0 or valuer.worth(after, 0, earn) >= before:
        # It could pay all its cash and gain: worth what the group adds at its cash.
        return max(printed, round_up(valuer.worth(after, cash, earn) - before - lift))
    if valuer.worth(after, high, earn) < before:
        return printed  # worth nothing to it
    while high - low > CASH_STEP:  # the break-even price, where its judged gain is 0
        mid = (low + high) // 2
        if valuer.worth(after, cash - lift - mid, earn) >= before:
            low = mid
        else:
            high = mid
    return max(printed, round_up(low))


def least_cash(pos: Position, valuer: Valuer, give: Sequence[int], get: Sequence[int],
               buyer: int) -> int:
    """The least cash a bot takes from `buyer` with `get` for its deeds `give` (`NO_BOUND`:
    it may pay some too): for cash alone, what mortgaging them would raise (`sale_floor`:
    less is worse than keeping them mortgaged); for deeds that complete one of the buyer's
    groups while `get` completes none of the bot's, their `group_floor` less the printed
    price of `get`."""
    if not give:
        return NO_BOUND
    least = NO_BOUND if get else sale_floor(pos, give)
    owner = list(pos.owner)
    seller = owner[give[0]]
    for sq in get:
        owner[sq] = seller
    if not get or not completed(pos, seller, owner):
        floor = group_floor(pos, valuer, give, buyer)
        if floor:
            least = max(least, floor - valuer.price_of(get))
    return least


def buying_floor(pos: Position, give: Sequence[int], get: Sequence[int]) -> int:
    """The least cash a bot pays (negative: the most it asks) for deeds `get` with `give`:
    when it gives no deeds, what mortgaging `get` would raise and at least `CASH_STEP`, so
    that no offer of its gives nothing (manners); otherwise `NO_BOUND`."""
    if give or not get:
        return NO_BOUND
    return max(CASH_STEP, sale_floor(pos, get))


def short_of_floor(pos: Position, valuer: Valuer, sold: Bundle, paid: Bundle,
                   buyer: int) -> int:
    """For deeds `sold` to `buyer` against `paid`: the `least_cash` that the cash paid falls
    short of; 0 when it does not, or when the bundles hold more than deeds and cash."""
    if (paid.cards or paid.terms or paid.lent or not sold.properties
            or sold.cash or sold.cards or sold.terms or sold.lent):
        return 0
    floor = least_cash(pos, valuer, sold.properties, paid.properties, buyer)
    return floor if paid.cash < floor else 0


def gives_nothing(offer: TradeOffer) -> bool:
    """One side of the offer gives nothing at all: no offer a bot makes is like that."""
    return offer.give.empty or offer.get.empty


def impolite(market: Market, offer: TradeOffer, brokered: bool = False) -> bool:
    """An offer no bot makes (its manners): one side gives nothing, deeds are bought for less
    than `buying_floor` or sold for less than `least_cash` (for the first step of a
    `brokered_plans` plan, a swap in which each side completes a group: for less than their
    printed price, the deeds received counted at theirs), or the responder leads and comes
    out of it stronger with a group it completes (`leader_group`)."""
    if gives_nothing(offer):
        return True
    pos = market.pos
    give, get = offer.give, offer.get
    if (not give.properties and not give.cards and not give.terms
            and give.cash < buying_floor(pos, (), get.properties)):
        return True
    if brokered:
        price_of = market.valuer.price_of
        if get.cash - give.cash + price_of(get.properties) < price_of(give.properties):
            return True
    elif short_of_floor(pos, market.valuer, give, get, offer.responder):
        return True
    verdict = judge(market, offer, DEFAULT_MARGIN)
    return leader_group(market, verdict.deal, offer.responder, verdict.gain) >= 0


def leader_group(market: Market, deal: Deal, taker: int, gain: float) -> int:
    """The colour group a deal completes for `taker` when `taker` leads clearly and comes
    out of it stronger (its judged gain `gain` above 0); -1 when it does not: no bot gives
    the leader a group at any price that leaves the leader stronger."""
    if gain <= 0 or market.leader() != taker:
        return -1
    groups = completed(market.pos, taker, deal.owner)
    return groups[0] if groups else -1


def _most(market: Market, deal: Deal, theirs: int, high: int, margin: float, floor: float,
          at: float) -> int:
    """About the most the proposer would pay (from `theirs`, where it still clears its
    margin less `floor` by `at`, up to `high`): one step along the slope of its judged gain,
    which is nearly straight in the price (only the proposer's concession depends on it)."""
    if high <= theirs:
        return theirs
    step = min(high - theirs, 200)
    then = _clears(market, deal, theirs + step, 0, margin) - floor
    if then >= 0:
        if then >= at:
            return high
        return min(high, int(theirs + step + then * step / (at - then)))
    return int(theirs + step * at / (at - then))


def promise(market: Market, deal: Deal) -> float:
    """How promising a two-party deal looks before it is priced (the proposer first): both
    sides' judged gains together with no cash paid (what a price can share out between
    them), or, when that is not positive, a number below every positive one that grows with
    the proposer's own gain."""
    mine, theirs = market.gains(deal, (0.0, 0.0))
    if mine + theirs > 0:
        return mine + theirs
    return -1e9 + mine


def concession(margin: float) -> float:
    """The share of the room between the other side's price and its own that a bot gives
    away: more with a low margin (a dealer), less with a high one."""
    return 0.3 * (1 - margin)


def completing_groups(pos: Position, taker: int, giver: int,
                      owner: list[int] | None = None) -> list[tuple[int, ...]]:
    """Deeds of `giver` that would complete a colour group for `taker`, group by group: the
    groups where `taker` owns some streets and `giver` owns all the others."""
    out = []
    owner = pos.owner if owner is None else owner
    for streets in pos.game.board.groups:
        held = False
        missing = []
        for sq in streets:
            o = owner[sq]
            if o == taker:
                held = True
            elif o == giver:
                missing.append(sq)
            else:
                break
        else:
            if held and missing:
                out.append(tuple(missing))
    return out


def split_groups(pos: Position, player: int) -> list[tuple[int, tuple[int, ...], int,
                                                           tuple[int, ...]]]:
    """Groups the player has a part of whose other streets two opponents hold between them:
    (first opponent, its streets, second opponent, its streets), both orders."""
    out = []
    owner = pos.owner
    for streets in pos.game.board.groups:
        if not any(owner[sq] == player for sq in streets):
            continue
        rest = [sq for sq in streets if owner[sq] != player]
        holders = sorted({owner[sq] for sq in rest})
        if len(holders) != 2 or BANK in holders:
            continue
        a, b = holders
        part_a = tuple(sq for sq in rest if owner[sq] == a)
        part_b = tuple(sq for sq in rest if owner[sq] == b)
        out.append((a, part_a, b, part_b))
        out.append((b, part_b, a, part_a))
    return out


def tradeable(pos: Position, deeds: Sequence[int]) -> bool:
    """No building stands in the groups of these deeds (the rules trade only bare groups)."""
    board = pos.game.board
    level = pos.level
    for sq in deeds:
        group = board.squares[sq].group
        if group >= 0 and any(level[o] for o in board.groups[group]):
            return False
    return True


def candidate_deals(pos: Position, me: int, partners: Sequence[int] | None = None,
                    sales: bool = True, even: bool = False,
                    ) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """Exchanges of deeds (partner, deeds given, deeds received; cash still to be set) worth
    pricing: a group of the bot's completed from one opponent, alone or against deeds that
    complete one of that opponent's groups, and (with `sales`) the bot's deeds that complete
    an opponent's group sold alone. With `even` (a game that is stuck), a swap in which the
    bot receives more deeds than it gives is also offered deed for deed (`padded`)."""
    out: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
    for other, alive in enumerate(pos.alive):
        if other == me or not alive or (partners is not None and other not in partners):
            continue
        wanted = [w for w in completing_groups(pos, me, other) if tradeable(pos, w)]
        returns = [r for r in completing_groups(pos, other, me) if tradeable(pos, r)]
        board = pos.game.board
        for want in wanted:
            out.append((other, (), want))
            group = board.squares[want[0]].group
            for give in returns:
                if board.squares[give[0]].group != group:  # not a swap within one group
                    out.append((other, give, want))
                    if even and len(give) < len(want):
                        padding = padded(pos, me, other, give, want)
                        if padding:
                            out.append((other, padding, want))
        if not sales:
            continue
        for give in returns:
            out.append((other, give, ()))
            # Sold with the buyer's streets of groups the bot has a part of: a step towards
            # a group of its own (the buyer's blocking streets).
            group = board.squares[give[0]].group
            chips = tuple(sq for sq in pos.game.board.properties
                          if pos.owner[sq] == other and board.squares[sq].group not in
                          (-1, group) and any(pos.owner[o] == me for o in
                                              board.groups[board.squares[sq].group])
                          and tradeable(pos, (sq,)))
            if chips:
                out.append((other, give, chips))
    return out


def padded(pos: Position, me: int, other: int, give: tuple[int, ...],
           want: tuple[int, ...]) -> tuple[int, ...]:
    """`give` with as many more of the bot's deeds as make it as many as `want`, the deeds
    that matter least first: players who trade a group for a group often want deed for deed,
    and a swap that is even in count as well as in groups is what they take. The deeds added
    complete no group for `other`, lie outside the groups of `give` and `want` and outside
    every group of which the bot owns more than one street, and are the lowest printed
    first; () when the bot has too few such deeds."""
    board = pos.game.board
    squares, owner = board.squares, pos.owner
    taken = {squares[sq].group for sq in (*give, *want)}
    completing = {sq for part in completing_groups(pos, other, me) for sq in part}
    spare = []
    for sq in board.properties:
        group = squares[sq].group
        if owner[sq] != me or sq in completing or (group >= 0 and group in taken):
            continue
        if group >= 0 and sum(owner[o] == me for o in board.groups[group]) > 1:
            continue
        if tradeable(pos, (sq,)):
            spare.append(sq)
    need = len(want) - len(give)
    if len(spare) < need:
        return ()
    spare.sort(key=lambda sq: (squares[sq].price, sq))
    return tuple(sorted((*give, *spare[:need])))


def plan_in_two(market: Market, me: int, first: int, part1: tuple[int, ...], second: int,
                part2: tuple[int, ...], margin: float, keep: int,
                give1: tuple[int, ...] = ()) -> Proposal | None:
    """Buy `part1` from `first` now (for cash, or against `give1`: deeds that complete one of
    `first`'s groups) and `part2` from `second` later, completing a group: the first step
    priced for `first` (`give1` never below its printed price, nor a group for the leader), the
    second (for cash, or against deeds that complete one of `second`'s groups, `part1` among
    them) for `second` in the position after the first; proposed when the whole is good
    enough for the bot."""
    pos = market.pos
    if not tradeable(pos, part1) or not tradeable(pos, part2) or not tradeable(pos, give1):
        return None
    # The first step as an offer of the bot's: it pays x1 for `part1` (negative: asks it).
    step1 = market.deal([(me, first, give1), (first, me, part1)])
    low = max(-int(market.cash[first]), buying_floor(pos, give1, part1))
    high = int(market.cash[me]) - keep
    if give1:
        # The whole is a swap in which each side completes a group, not a sale (manners),
        # but `give1` still goes for no less than its printed price, `part1` counted at its.
        price_of = market.valuer.price_of
        high = min(high, price_of(part1) - price_of(give1))
    x1 = lowest_price(market, step1, low, high, 1, DEFAULT_MARGIN, CUSHION)
    if x1 is None:
        return None
    # Against deeds, at even printed prices: what players who trade only for a group of
    # their own take, and the whole must still be good enough for the bot below.
    x1 = high if give1 else round_up(x1)
    if give1 and leader_group(market, step1, first, market.gains(step1, (x1, -x1))[1]) >= 0:
        return None
    both = second_step(market, me, first, part1, x1, second, part2, margin, keep, step1, give1)
    if both is None or both[0] < 0:
        return None
    return Proposal(offer_of(me, first, give1, part1, x1), both[1], (second, part2))


def brokered_plans(pos: Position, me: int) -> list[tuple[int, tuple[int, ...], tuple[int, ...],
                                                         int, tuple[int, ...]]]:
    """Plans in two through a third player, for a game that is stuck: the deeds `part2` that
    complete a group of the bot's are held by `second`, who takes none of the bot's deeds
    for them, while `first` holds deeds `part1` that complete a group of `second`'s and the
    bot holds deeds `give1` that complete a group of `first`'s. The bot swaps `give1` for
    `part1`, then `part1` for `part2`: each of the three completes a group, and opponents who
    trade only for a group of their own can be dealt with. (first, give1, part1, second,
    part2), at most one `give1` for each of the rest."""
    out: list[tuple[int, tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]] = []
    squares = pos.game.board.squares
    players = [p for p, alive in enumerate(pos.alive) if alive and p != me]
    for second in players:
        for part2 in completing_groups(pos, me, second):
            if not tradeable(pos, part2):
                continue
            for first in players:
                if first == second:
                    continue
                gives = [d for d in completing_groups(pos, first, me) if tradeable(pos, d)]
                if not gives:
                    continue
                for part1 in completing_groups(pos, second, first):
                    if not tradeable(pos, part1):
                        continue
                    taken = {squares[part1[0]].group, squares[part2[0]].group}
                    give1 = next((d for d in gives if squares[d[0]].group not in taken), None)
                    if give1 is not None:
                        out.append((first, give1, part1, second, part2))
    return out


def second_step(market: Market, me: int, first: int, part1: tuple[int, ...], x1: int,
                second: int, part2: tuple[int, ...], margin: float, keep: int,
                step1: Deal | None = None,
                give1: tuple[int, ...] = ()) -> tuple[float, float] | None:
    """A plan in two judged as a whole once its first step (`part1` from `first` for `x1`
    and `give1`; `step1`, its deal, if the caller has it) is known: (how far it clears the
    bot's margin, the bot's judged gain) with the best second step `second` would accept;
    None if it would accept none."""
    pos = market.pos
    if step1 is None:
        step1 = market.deal([(me, first, give1), (first, me, part1)])
    after = list(market.cash)
    after[me] -= x1
    after[first] += x1
    later = Market(market.valuer, pos, step1.owner, after)
    returns: list[tuple[int, ...]] = [()]
    returns += [r for r in completing_groups(pos, second, me, step1.owner) if tradeable(pos, r)]
    best: tuple[float, float] | None = None
    for give2 in returns:
        step2 = later.deal([(me, second, give2), (second, me, part2)])
        x2 = lowest_price(later, step2, max(-int(after[second]),
                                            buying_floor(pos, give2, part2)),
                          int(after[me]) - keep, 1, DEFAULT_MARGIN, CUSHION)
        if x2 is None:
            continue
        whole = market.deal([(me, first, give1), (first, me, part1), (second, me, part2),
                             (me, second, give2)])
        paid = {me: x1 + x2, first: -x1, second: -x2}
        g = market.gains(whole, [paid.get(p, 0.0) for p in whole.parties])
        i = whole.parties.index(me)
        others = sum((abs(v) for j, v in enumerate(g) if j != i), 0.0)
        clears = acceptable(g[i], others, margin)
        if best is None or clears > best[0]:
            best = (clears, g[i])
    return best


@mypyc_attr(acyclic=True, free_list_len=1)
class Judgement:
    """What the bot makes of an offer to it: its judged gain, the proposer's, how far its own
    clears its margin, the deal, and `x`, the cash the proposer pays (negative: asks).
    Read-only once made (a plain class, as `valuation.Position` says why)."""

    def __init__(self, gain: float, other: float, clears: float, deal: Deal, x: int) -> None:
        self.gain = gain
        self.other = other
        self.clears = clears
        self.deal = deal
        self.x = x


def judge(market: Market, offer: TradeOffer, margin: float) -> Judgement:
    """An offer to the bot (the responder) judged by its yardstick; money lent is paid now
    (it builds houses like any cash), and the terms are valued by `term_values`."""
    a, b = offer.proposer, offer.responder
    moves = [(a, b, offer.give.properties), (b, a, offer.get.properties)]
    cards = [(a, b, len(offer.give.cards)), (b, a, len(offer.get.cards))]
    deal = market.deal(moves, [c for c in cards if c[2]])
    x = offer.give.cash + offer.give.lent - offer.get.cash - offer.get.lent
    paid = [x if p == a else -x if p == b else 0.0 for p in deal.parties]
    later: list[float] = []
    if offer.give.terms or offer.get.terms:
        values = term_values(market, offer, deal.owner)
        later = [values.get(p, 0.0) for p in deal.parties]
    g = market.gains(deal, paid, later)
    mine = g[deal.parties.index(b)]
    other = g[deal.parties.index(a)]
    return Judgement(mine, other, acceptable(mine, abs(other), margin), deal, x)


def term_values(market: Market, offer: TradeOffer, owner: list[int]) -> dict[int, float]:
    """What the terms of an offer are worth to each side, in money beyond the cash of the
    trade (`owner`: the ownership after it). A loan: the borrower owes it back in full; the
    lender counts on it in full only from a borrower whose cash and unmortgaged deeds cover
    twice the debt, else on half. An immunity: the rent its receiver is expected to be spared
    (their landings on the deeds over the horizon, or over the turns agreed, up to the
    landings agreed), at what the deeds charge now or a complete group with three houses
    would charge; the giver loses as much. A share of the rent: the same, for the landings
    of every player but the giver."""
    out: dict[int, float] = {}
    pos = market.pos
    rate = market.valuer.model.rate
    sides = ((offer.proposer, offer.responder, offer.give),
             (offer.responder, offer.proposer, offer.get))
    for giver, taker, side in sides:
        for term in side.terms:
            if isinstance(term, Loan):
                sure = 1.0 if _covers(pos, taker, 2 * term.owed) else 0.5
                value = sure * term.owed
                out[giver] = out.get(giver, 0.0) + value
                out[taker] = out.get(taker, 0.0) - term.owed
                continue
            if isinstance(term, Partnership):
                continue  # valued by neither side: building together is beyond the model
            per_landing = sum(rate[sq] * _rent_guess(pos, owner, sq, giver)
                              for sq in term.squares)
            landings = sum(rate[sq] for sq in term.squares)
            if landings <= 0:
                continue
            players = len(market.alive)
            # The turns of the players who would pay: the receiver (immunity), or everyone
            # but the giver (a share), over the horizon or the turns agreed.
            payers = 1 if isinstance(term, Immunity) else max(1, players - 1)
            turns = payers * (market.horizon if term.unit == "landings"
                              else min(market.horizon, term.count / max(1, players)))
            covered = landings * turns
            if term.unit == "landings":
                covered = min(covered, term.count)
            value = term.percent / 100 * covered * per_landing / landings
            out[giver] = out.get(giver, 0.0) - value
            out[taker] = out.get(taker, 0.0) + value
    return out


RAILROAD_GUESS: Final = 50  # a railroad's rent per landing when nothing better is known
UTILITY_GUESS: Final = 28  # four times a mean throw


def _rent_guess(pos: Position, owner: list[int], sq: int, giver: int) -> float:
    """A deed's rent per landing while `giver` owns it (`owner`: after the trade)."""
    g = pos.game
    square = g.board.squares[sq]
    now = g.rent(sq) if pos.owner[sq] == giver else 0
    if not square.rents:
        return max(now, RAILROAD_GUESS if square.kind == RAILROAD else UTILITY_GUESS)
    whole = all(owner[o] == giver for o in g.board.groups[square.group])
    return max(now, square.rents[3] if whole else square.rents[0])


def _covers(pos: Position, player: int, amount: int) -> bool:
    """The player's cash and what mortgaging their bare deeds would raise reach `amount`."""
    squares = pos.game.board.squares
    raised = sum(squares[sq].mortgage for sq, o in enumerate(pos.owner)
                 if o == player and not pos.mortgaged[sq])
    return pos.cash[player] + raised >= amount


def counter_price(market: Market, offer: TradeOffer, margin: float,
                  keep: int) -> TradeOffer | None:
    """The same deeds at a price the bot (the responder) accepts, if the proposer, judged with
    the default margin, would accept it too: the counter-offer, made by the bot."""
    a, b = offer.proposer, offer.responder
    if offer.give.cards or offer.get.cards:
        return None
    deal = market.deal([(b, a, offer.get.properties), (a, b, offer.give.properties)])
    # In the counter the bot is the proposer and pays x (negative: asks for it).
    give, get = offer.get.properties, offer.give.properties  # the bot's, in the counter
    low = max(-int(market.cash[a]), buying_floor(market.pos, give, get))
    high = min(int(market.cash[b]) - keep,
               -least_cash(market.pos, market.valuer, give, get, a))
    mine = lowest_price(market, deal, low, high, 0, margin, CUSHION)
    if mine is None:
        return None
    x = max(round_down(mine), round_up(low))
    if x > high or _clears(market, deal, x, 1, DEFAULT_MARGIN) < 0:
        return None
    theirs = market.gains(deal, (x, -x))[1]
    if leader_group(market, deal, a, theirs) >= 0:
        return None
    counter = offer_of(b, a, give, get, x)
    if (counter.give == offer.get and counter.get == offer.give) or gives_nothing(counter):
        return None
    return counter


def group_word(name: str) -> str:
    return name.replace("_", " ")


def _money(cash: int) -> str:
    return f"${cash:,}"


def _bundle_words(pos: Position, deeds: Sequence[int], cash: int) -> str:
    names = [pos.game.board.squares[sq].name for sq in deeds]
    if cash:
        names.append(_money(cash))
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def completed(pos: Position, player: int, owner: list[int]) -> list[int]:
    """Colour groups the player owns whole under `owner` but not in the position."""
    out = []
    for gi, streets in enumerate(pos.game.board.groups):
        if all(owner[sq] == player for sq in streets) and not pos.owns_group(player, gi):
            out.append(gi)
    return out


def lost(pos: Position, player: int, owner: list[int]) -> list[int]:
    """Colour groups the player owns whole in the position but no longer under `owner`."""
    out = []
    for gi, streets in enumerate(pos.game.board.groups):
        if pos.owns_group(player, gi) and not all(owner[sq] == player for sq in streets):
            out.append(gi)
    return out


def reason(market: Market, offer: TradeOffer, verdict: Judgement) -> str:
    """Why the bot (the responder) turns the offer down, in plain words (`base.refuse` makes
    them one line)."""
    pos = market.pos
    g = pos.game
    a, b = offer.proposer, offer.responder
    name = g.names[a]
    groups = g.board.group_names
    owner = verdict.deal.owner
    what = _bundle_words(pos, offer.give.properties, offer.give.cash)
    theirs = completed(pos, a, owner)
    mine = completed(pos, b, owner)
    given_up = lost(pos, b, owner)
    leader = market.leader()
    lead = f"; {name} is leading already" if leader == a else ""
    asked_terms = [t.word for t in offer.get.terms]
    if given_up:
        text = f"I would give up my {group_word(groups[given_up[0]])} group"
    elif any(isinstance(t, Partnership) for t in (*offer.give.terms, *offer.get.terms)):
        text = "I do not go into partnerships"
    elif asked_terms:
        text = (f"{what} does not pay for the {' and the '.join(sorted(set(asked_terms)))} "
                f"asked of me")
    elif any(isinstance(t, Loan) for t in offer.give.terms):
        text = "the loan would cost me more than it brings"
    elif theirs and not mine:
        pays = ("nothing is offered for that" if what == "nothing"
                else f"{what} does not pay for that")
        text = f"it would complete {name}'s {group_word(groups[theirs[0]])} group, and {pays}"
    elif theirs and mine:
        text = (f"{name}'s {group_word(groups[theirs[0]])} group would be worth more than "
                f"my {group_word(groups[mine[0]])} group")
        if offer.give.cash:
            text += f", and {_money(offer.give.cash)} does not make up for it"
    elif offer.get.cash and offer.get.cash >= offer.give.cash:
        asked = _bundle_words(pos, offer.get.properties, 0)
        text = (f"{_money(offer.get.cash)} is too much for "
                f"{asked if asked != 'nothing' else 'what I would get'}")
        if offer.get.properties:
            text = f"{_money(offer.get.cash)} and {asked} are more than {what} is worth to me"
    else:
        asked = _bundle_words(pos, offer.get.properties, offer.get.cash)
        text = f"{what} is worth less to me than {asked}"
    return text + lead  # (`base.refuse` makes it one line)
