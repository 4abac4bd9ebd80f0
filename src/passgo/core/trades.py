"""Trades between two players: deeds without buildings in their group, cash and Get Out of
Jail Free cards, exchanged at once, and under the house rules that allow them terms that last
(rent immunity, loans: `terms.py`). A trade is proposed, then accepted, rejected or countered
by the other player. Whoever receives a mortgaged deed pays the Bank 10 %
interest at once and chooses to lift the mortgage now or later (see `TransferFrame`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from passgo.core import terms
from passgo.core.actions import (
    AcceptTrade,
    Action,
    Bundle,
    CounterTrade,
    ProposeTrade,
    RejectTrade,
    RentTerm,
    TradeOffer,
)
from passgo.core.decisions import TradeReplyDecision
from passgo.core.events import DeedTransferred, TradeAccepted, TradeOffered, TradeRejected
from passgo.core.frames import DebtFrame, TradeFrame, TransferFrame
from passgo.core.money import pay_now, raisable
from passgo.core.registry import answer, business, decision
from passgo.core.state import BANK, GameState


def _deed_problem(g: GameState, player: int, sq: int, who: str) -> str | None:
    """Why `player` may not put the deed on `sq` into a trade now (None: they may)."""
    board = g.board
    if not 0 <= sq < len(board.squares) or not board.squares[sq].ownable:
        return f"square {sq} is not a deed"
    if g.owner[sq] != player:
        return f"{who} does not own {board.squares[sq].name}"
    group = board.squares[sq].group
    if group >= 0 and any(map(g.level.__getitem__, board.groups[group])):
        return f"sell the buildings of {board.squares[sq].name}'s group before trading it"
    for f in g.frames:
        if isinstance(f, TransferFrame) and f.square == sq:
            return f"first decide whether to lift {board.squares[sq].name}'s mortgage now"
    return None


def _side_problem(g: GameState, player: int, side: Bundle, who: str) -> str | None:
    if side.cash < 0:
        return "cash in a trade cannot be negative"
    paid = side.cash + side.lent
    if paid > g.spendable(player):
        if paid <= g.cash[player]:
            return f"{who} must keep the winning bid for the auction: it is paid in cash"
        return f"{who} does not have {paid} in cash"
    if len(set(side.properties)) != len(side.properties):
        return "a deed is listed twice"
    for sq in side.properties:
        problem = _deed_problem(g, player, sq, who)
        if problem is not None:
            return problem
    held = [deck for deck, _ in g.cards[player]]
    for deck in side.cards:  # each a deck, 0 or 1 (`actions.field_problem`)
        if held.count(deck) < side.cards.count(deck):
            return f"{who} does not hold that Get Out of Jail Free card"
    return None


def offer_problem(g: GameState, offer: TradeOffer) -> str | None:
    """Why this offer cannot be carried out now (None: it can)."""
    a, b = offer.proposer, offer.responder
    if not 0 <= b < g.n or a == b:
        return "a trade needs another player"
    if not g.alive[b]:
        return f"{g.names[b]} is out of the game"
    if offer.give.empty and offer.get.empty:
        return "the trade is empty"
    jail_of = g.board.jail_of
    if (g.punished(a) or g.punished(b)) and (jail_of(g.pos[a]) != g.pos[a]
                                              or jail_of(g.pos[b]) != g.pos[b]):
        # "He or she may only make trades with another player in Jail or any player at Just
        # Visiting": both tokens on the Jail square (on a double board, either board's).
        return ("a player in jail trades only with players in jail or on Just Visiting "
                "(maximum punishment)")
    return (_side_problem(g, a, offer.give, g.names[a])
            or _side_problem(g, b, offer.get, g.names[b])
            or _debtor_problem(g, a, offer.give, offer.get)
            or _debtor_problem(g, b, offer.get, offer.give)
            or _interest_problem(g, a, offer.give, offer.get)
            or _interest_problem(g, b, offer.get, offer.give)
            or _terms_problem(g, offer))


def _interest_problem(g: GameState, player: int, gives: Bundle, gets: Bundle) -> str | None:
    """The receiver of a mortgaged deed "must at once pay the Bank the amount of interest on
    the loan" (000): an offer whose receiver could not pay that interest even by raising
    everything they could after the trade (selling, mortgaging) cannot be accepted: it would
    leave bankruptcy as the only move. (Interest that must be raised is a debt, as usual.)"""
    mortgaged = [sq for sq in gets.properties if g.mortgaged[sq]]
    if not mortgaged:
        return None
    interest = sum(g.interest(sq) for sq in mortgaged)
    # The game as the trade would leave it, for a moment and put back as it was: a copy of the
    # whole game per offer was most of the time of an RL step, whose mask checks such offers.
    owner, cash = g.owner, g.cash
    was = [(sq, owner[sq]) for sq in (*gives.properties, *gets.properties)]
    held = cash[player]
    try:
        for sq in gives.properties:
            owner[sq] = BANK
        for sq in gets.properties:
            owner[sq] = player
        cash[player] += gets.cash + gets.lent - gives.cash - gives.lent
        short = raisable(g, player) < interest
    finally:
        for sq, who in reversed(was):
            owner[sq] = who
        cash[player] = held
    if short:
        return (f"{g.names[player]} could not pay the {g.board.money(interest)} interest due at "
                f"once on the mortgaged deeds received")
    return None


def _terms_problem(g: GameState, offer: TradeOffer) -> str | None:
    if not offer.give.terms and not offer.get.terms:
        return None
    a, b = offer.proposer, offer.responder
    return (terms.terms_problem(g, a, b, offer.give, offer.get)
            or terms.terms_problem(g, b, a, offer.get, offer.give)
            or terms.count_problem(g, offer.give, offer.get))


def _debt(g: GameState, player: int) -> DebtFrame | None:
    """The player's latest unsettled debt, if any."""
    return next((f for f in reversed(g.frames)
                 if isinstance(f, DebtFrame) and f.player == player), None)


def _debtor_problem(g: GameState, player: int, gives: Bundle, gets: Bundle) -> str | None:
    """004: "the debtor may not sell or trade any of his or her properties unless it gives
    enough money to pay the debt" (000: a bankrupt turns over "all that you have of value"
    to the creditor, so nothing of it may go to a third player for less). Rent immunity on
    the debtor's deeds, or a share of their rent, is a part of their value given away too."""
    if not gives.properties and not gives.cards and not any(
            isinstance(t, RentTerm) for t in gives.terms):
        return None
    debt = _debt(g, player)
    if debt is None:
        return None
    if g.cash[player] - gives.cash - gives.lent + gets.cash + gets.lent < debt.amount:
        return (f"{g.names[player]} owes {debt.amount}: a deed or card is traded away only for "
                f"enough cash to pay the debt")
    return None


@dataclass(frozen=True, slots=True)
class TradeLimits:
    """What one player may put into an offer of deeds and cash now (`Game.trade_limits`):
    the `deeds` it may give (its own, no buildings in their group, no mortgage decision
    pending on them), the `cash` it may pay (`spendable`: a winning bid not yet paid is kept),
    and the cash it must still hold after a trade that gives deeds away (`keep`: the amount
    of an unsettled debt, 004's debtor rule; 0 without one)."""

    deeds: tuple[int, ...]
    cash: int
    keep: int


def trade_limits(g: GameState, player: int) -> TradeLimits:
    """The limits `offer_problem` puts on one side of an offer of deeds and cash, from the
    same per-deed, cash and debt checks."""
    debt = _debt(g, player)
    deeds = tuple(sq for sq in g.board.properties
                  if g.owner[sq] == player and _deed_problem(g, player, sq, "") is None)
    return TradeLimits(deeds, g.spendable(player), 0 if debt is None else debt.amount)


def propose(g: GameState, offer: TradeOffer) -> None:
    g.events.append(TradeOffered(offer, g.reason))
    g.frames.append(TradeFrame("trade_reply", offer.responder, offer))


def negotiating(g: GameState) -> TradeFrame | None:
    """The offer waiting for its answer, if any (one trade is negotiated at a time)."""
    for f in g.frames:
        if isinstance(f, TradeFrame):
            return f
    return None


def _counters(g: GameState, offer: TradeOffer) -> TradeFrame | None:
    """The offer on the table that `offer` answers, when its proposer is the player asked to
    answer it: a proposal then is a counter-offer."""
    table = negotiating(g)
    if table is not None and table is g.frames[-1] and table.player == offer.proposer:
        return table
    return None


def proposal_problem(g: GameState, offer: TradeOffer) -> str | None:
    """Why `offer` may not be proposed now. One trade is negotiated at a time: while an offer
    waits for its answer, only the player asked may propose, and only to its proposer (a
    counter-offer, which rejects the offer on the table)."""
    if not 0 <= offer.proposer < g.n:
        return f"no player {offer.proposer}"
    table = negotiating(g)
    if table is not None:
        if _counters(g, offer) is None:
            return "another trade is being negotiated; wait for its answer"
        if offer.responder != table.offer.proposer:
            return "while answering an offer, counter it to its proposer"
    return offer_problem(g, offer)


def _propose_problem(g: GameState, f: Any, a: ProposeTrade) -> str | None:
    if a.offer.proposer != a.player:
        return "the proposer of an offer is the player who makes it"
    return proposal_problem(g, a.offer)


@business(ProposeTrade, _propose_problem)
def _propose(g: GameState, f: Any, a: ProposeTrade) -> None:
    table = _counters(g, a.offer)
    if table is not None:
        counter(g, table, a.offer)
    else:
        propose(g, a.offer)


def _reply_view(g: GameState, f: TradeFrame) -> TradeReplyDecision:
    return TradeReplyDecision(f.player, f.offer, offer_problem(g, f.offer))


def _reply_answers(g: GameState, f: TradeFrame, p: int) -> list[Action]:
    if offer_problem(g, f.offer) is None:
        return [AcceptTrade(p), RejectTrade(p)]
    return [RejectTrade(p)]


decision("trade_reply", _reply_view, _reply_answers)


@answer(AcceptTrade, "trade_reply", problem=lambda g, f, a: offer_problem(g, f.offer))
def _accept(g: GameState, f: TradeFrame, a: AcceptTrade) -> None:
    accept(g, f)


REASON_LIMIT: Final = 200  # characters in a refusal's reason


def _reject_problem(g: GameState, f: TradeFrame, a: RejectTrade) -> str | None:
    """A reason is one line of words, as its text form reads back."""
    if len(a.reason) > REASON_LIMIT:
        return f"a reason is at most {REASON_LIMIT} characters"
    if " ".join(a.reason.split()) != a.reason:
        return "a reason is one line of words separated by single spaces"
    return None


@answer(RejectTrade, "trade_reply", problem=_reject_problem)
def _reject(g: GameState, f: TradeFrame, a: RejectTrade) -> None:
    reject(g, f, a.reason)


def _counter_offer(f: TradeFrame, a: CounterTrade) -> TradeOffer:
    """The counter as an offer: from the player answering to the proposer on the table."""
    return TradeOffer(a.player, f.offer.proposer, a.offer.give, a.offer.get)


@answer(CounterTrade, "trade_reply",
        problem=lambda g, f, a: offer_problem(g, _counter_offer(f, a)))
def _counter(g: GameState, f: TradeFrame, a: CounterTrade) -> None:
    counter(g, f, _counter_offer(f, a))


def counter(g: GameState, f: TradeFrame, offer: TradeOffer) -> None:
    g.events.append(TradeRejected(f.offer, True, g.reason))
    g.frames.pop()
    propose(g, offer)


def reject(g: GameState, f: TradeFrame, reason: str = "") -> None:
    g.frames.pop()
    g.events.append(TradeRejected(f.offer, False, reason or g.reason))


def accept(g: GameState, f: TradeFrame) -> None:
    g.frames.pop()
    offer = f.offer
    a, b = offer.proposer, offer.responder
    g.events.append(TradeAccepted(offer, g.reason))
    received: list[tuple[int, int]] = []
    for giver, taker, side in ((a, b, offer.give), (b, a, offer.get)):
        if side.cash:
            pay_now(g, giver, taker, side.cash, "trade")
        for sq in side.properties:
            g.owner[sq] = taker
            g.events.append(DeedTransferred(sq, giver, taker, "trade"))
            if g.mortgaged[sq]:
                received.append((taker, sq))
        for deck in side.cards:
            held = g.cards[giver]
            card = next(c for c in held if c[0] == deck)
            held.remove(card)
            g.cards[taker].append(card)
        if side.terms:
            terms.record(g, giver, taker, side.terms)
    for taker, sq in reversed(received):
        g.frames.append(TransferFrame("mortgaged_deed", taker, sq))
