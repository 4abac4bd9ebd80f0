"""Trades for the strategic bot: judging offers and finding offers that complete its groups.

Both sides of a trade are priced with the same `Valuer`: the change in the proposer's and in
the responder's position value. An offer is *fair enough* to a bot when it gains and gains at
least `margin` more than the other side, measured against the size of both gains:

    mine > 0  and  mine - theirs >= margin * (|mine| + |theirs|)

so small trades need small advantages and a trade that hands the other player a much better
colour group than the bot gets is refused, however it is dressed up. When the bot proposes, it
adds the cash that brings the offer down to exactly its margin (or asks for cash when it gives
more than it gets): it pays what the trade is worth to it, not what it could squeeze out.
"""

from __future__ import annotations

from passgo.agents.valuation import Position, Valuer
from passgo.core import Bundle, TradeOffer


def trade_gains(valuer: Valuer, pos: Position, offer: TradeOffer,
                before: tuple[float, float] | None = None) -> tuple[float, float]:
    """(gain of the proposer, gain of the responder) if `offer` were carried out now;
    `before` may pass both players' current values when they are known already."""
    a, b = offer.proposer, offer.responder
    g = pos.game
    owner = list(pos.owner)
    cash = list(pos.cash)
    interest = [0, 0]
    for giver, taker, side, who in ((a, b, offer.give, 1), (b, a, offer.get, 0)):
        cash[giver] -= side.cash
        cash[taker] += side.cash
        for sq in side.properties:
            owner[sq] = taker
            if pos.mortgaged[sq]:
                interest[who] += g.interest(sq)  # paid at once by whoever receives it
    if before is None:
        before = (valuer.value(pos, a), valuer.value(pos, b))
    mine = valuer.value(pos, a, owner, cash[a]) - interest[0] - before[0]
    theirs = valuer.value(pos, b, owner, cash[b]) - interest[1] - before[1]
    return mine, theirs


def fair_enough(mine: float, theirs: float, margin: float) -> bool:
    return mine > 0 and mine - theirs >= margin * (abs(mine) + abs(theirs))


def _with_cash(offer: TradeOffer, x: int) -> TradeOffer:
    """The offer with `x` paid by the proposer (negative: asked from the responder)."""
    give = Bundle(offer.give.properties, max(0, x), offer.give.cards)
    get = Bundle(offer.get.properties, max(0, -x), offer.get.cards)
    return TradeOffer(offer.proposer, offer.responder, give, get)


def priced_offer(valuer: Valuer, pos: Position, offer: TradeOffer, margin: float,
                 keep: int) -> tuple[TradeOffer, float] | None:
    """The most generous cash term for this exchange of deeds that is still fair enough to the
    proposer, with the proposer's gain; None if no cash term makes it fair. The proposer keeps
    at least `keep` in cash; the responder is never asked for more than they hold."""
    a, b = offer.proposer, offer.responder
    low, high = -pos.cash[b], max(0, pos.cash[a] - keep)
    before = (valuer.value(pos, a), valuer.value(pos, b))

    def ok(x: int) -> tuple[bool, float]:
        mine, theirs = trade_gains(valuer, pos, _with_cash(offer, x), before)
        return fair_enough(mine, theirs, margin), mine

    fits, gain = ok(low)
    if not fits:
        return None
    # Fairness falls as the proposer pays more: find the largest payment that keeps it.
    while high - low > 5:
        mid = (low + high) // 2
        fits_mid, gain_mid = ok(mid)
        if fits_mid:
            low, gain = mid, gain_mid
        else:
            high = mid
    priced = _with_cash(offer, low)
    if priced.give.empty and priced.get.empty:
        return None
    return priced, gain


def completing_groups(pos: Position, taker: int, giver: int) -> list[tuple[int, ...]]:
    """Deeds of `giver` that would complete a colour group for `taker`, group by group: the
    groups where `taker` owns some streets and `giver` owns all the others."""
    out = []
    owner = pos.owner
    for streets in pos.game.board.groups:
        held = [sq for sq in streets if owner[sq] == taker]
        missing = [sq for sq in streets if owner[sq] != taker]
        if held and missing and all(owner[sq] == giver for sq in missing):
            out.append(tuple(missing))
    return out


def candidate_offers(pos: Position, player: int) -> list[TradeOffer]:
    """Exchanges of deeds (cash still to be set) that complete a group for `player`: each
    group it could complete from one opponent, alone or against deeds that complete one of
    that opponent's groups in return."""
    out = []
    for other, alive in enumerate(pos.alive):
        if other == player or not alive:
            continue
        wanted = completing_groups(pos, player, other)
        if not wanted:
            continue
        returns: list[tuple[int, ...]] = [(), *completing_groups(pos, other, player)]
        for want in wanted:
            for give in returns:
                out.append(TradeOffer(player, other, Bundle(give), Bundle(want)))
    return out

