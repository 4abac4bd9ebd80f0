"""Sealed-bid auctions: closed and Vickrey auctions (004), and the auction for the order of play.

`Rules.auction = "closed"`: "All auctions are done by players writing down a bid and then
showing in unison." `"vickrey"`: the same, and "The highest bidder pays the amount that the
second highest bidder bid." They replace the open auction everywhere one is held: a declined
deed, a deed forced to auction (`Rules.option_to_auction`), a bankrupt's deeds taken by the
Bank, and the houses or hotels of a building shortage.

How the engine runs one (`SealedFrame`): the players are asked one at a time, in turn order
from the auction's first seat, each writing one bid: `bid N` (from the lowest bid,
`Rules.auction_min_bid`, up to their cash) or `pass` (no bid; `bid 0` means the same). Nobody
sees another's bid until all are in: `Game.view` shows each player only their own, and the
event of a bid names the bidder, not the amount. When the last bid is in, all are shown
(`bids_revealed`); the highest bid wins, ties broken by throws of the game's dice (the tied
bidders throw, the highest total wins, ties throw again). The winner pays their own bid
(closed) or the second-highest bid (Vickrey; the lowest bid when no one else bid), but never
less than an opening bid that forced the auction. With no bid at all nothing is sold.

`Rules.order_auction` ("Before the game begins, players bid for the right to go first. The
order of play is based upon the amount of money bid."): the engine holds it as one sealed-bid
round before the first throw, every seat writing a bid (0 allowed). The order of play is by
bid, highest first, tied bids ranked by throws; each player pays the Bank what they bid. A
game that starts this way plays in that order all game (`GameState.order`).
"""

from __future__ import annotations

from passgo.core.actions import Action, Bid, Pass
from passgo.core.auction import auctioned_square, award
from passgo.core.decisions import SealedBidDecision
from passgo.core.events import (
    AuctionStarted,
    BidsRevealed,
    DiceThrown,
    PlayOrderSet,
    SealedBidWritten,
    TurnStarted,
    or_none,
)
from passgo.core.frames import SealedFrame, TurnFrame
from passgo.core.money import charge
from passgo.core.registry import answer, decision, settles
from passgo.core.state import BANK, GameState


def open_order_auction(g: GameState) -> None:
    """Push the auction for the order of play (before the game begins)."""
    g.frames.append(SealedFrame("sealed_bid", 0, "order", -1, list(range(g.n)), {}, 0, True))
    g.events.append(AuctionStarted("order", None))


def min_bid(g: GameState, f: SealedFrame) -> int:
    """The lowest bid but 0 (no bid): $1 for the order of play, else the auction's minimum."""
    return 1 if f.item == "order" else g.rules.auction_min_bid


def bid_problem(g: GameState, f: SealedFrame, player: int, amount: int) -> str | None:
    if amount == 0:
        return None
    low = min_bid(g, f)
    if amount < low:
        return f"the lowest bid is {low} (or 0: no bid)"
    if amount > g.cash[player]:
        return f"a bid cannot be above your cash ({g.cash[player]})"
    return None


def bid(g: GameState, f: SealedFrame, player: int, amount: int) -> None:
    """Write down a bid (0: none). Its amount stays hidden until every bid is in."""
    f.asked.remove(player)
    if amount > 0:
        f.bids[player] = amount
    g.events.append(SealedBidWritten(player, f.item, or_none(f.square)))


def _view(g: GameState, f: SealedFrame) -> SealedBidDecision:
    square, group = ((-1, None) if f.item == "order"
                     else auctioned_square(g, f.item, f.square))
    return SealedBidDecision(f.player, f.item, square, group,
                             min_bid(g, f), g.cash[f.player], tuple(f.asked))


def _answers(g: GameState, f: SealedFrame, p: int) -> list[Action]:
    low = min_bid(g, f)
    return [Bid(p, low), Pass(p)] if g.cash[p] >= low else [Pass(p)]


decision("sealed_bid", _view, _answers)


@answer(Bid, "sealed_bid", problem=lambda g, f, a: bid_problem(g, f, a.player, a.amount))
def _bid(g: GameState, f: SealedFrame, a: Bid) -> None:
    bid(g, f, a.player, a.amount)


@answer(Pass, "sealed_bid")
def _pass(g: GameState, f: SealedFrame, a: Pass) -> None:
    bid(g, f, a.player, 0)


@settles(SealedFrame)
def step(g: GameState, f: SealedFrame) -> bool:
    """Ask the next bidder, or show the bids and settle the auction. True when finished."""
    if not f.opened:
        f.opened = True
        g.events.append(AuctionStarted(f.item, or_none(f.square), f.floor))
    if f.asked:
        f.asked = [p for p in f.asked if g.alive[p]]
    if f.asked:
        f.player = f.asked[0]
        return False
    g.frames.pop()
    bids = {p: b for p, b in f.bids.items() if g.alive[p]}
    if f.item == "order":
        _order_of_play(g, bids)
        return True
    g.events.append(BidsRevealed(f.item, or_none(f.square), tuple(bids.items()),
                                 max(bids.values(), default=0)))
    if not bids:
        award(g, f.item, f.square, -1, 0)
        return True
    high = max(bids.values())
    tied = [p for p, b in bids.items() if b == high]
    winner = tied[0] if len(tied) == 1 else throw_off(g, tied)
    if g.rules.auction == "vickrey":
        others = [b for p, b in bids.items() if p != winner]
        price = max(max(others, default=min_bid(g, f)), f.floor)
    else:
        price = high
    award(g, f.item, f.square, winner, price)
    return True


def throw_off(g: GameState, tied: list[int]) -> int:
    """Tied bidders throw the game's dice; the highest total wins, ties throw again."""
    while len(tied) > 1:
        totals: dict[int, int] = {}
        for p in tied:
            d = g.throw()
            totals[p] = d[0] + d[1]
            g.events.append(DiceThrown(p, d, d[0] == d[1], "tie"))
        best = max(totals.values())
        tied = [p for p in tied if totals[p] == best]
    return tied[0]


def _order_of_play(g: GameState, bids: dict[int, int]) -> None:
    """Seat the order of play by the bids (ties by throws) and collect every bid."""
    n = g.n
    amounts = {p: bids.get(p, 0) for p in range(n)}
    g.events.append(BidsRevealed("order", None, tuple(amounts.items()), max(amounts.values())))
    ranked: list[int] = []
    for amount in sorted(set(amounts.values()), reverse=True):
        group = [p for p in range(n) if amounts[p] == amount]
        while group:
            first = group[0] if len(group) == 1 else throw_off(g, list(group))
            ranked.append(first)
            group.remove(first)
    first = ranked[0]
    g.order = [] if ranked == [(first + i) % n for i in range(n)] else ranked
    g.current = first
    g.setup["first"] = first
    turn = g.frames[0]
    assert isinstance(turn, TurnFrame)
    turn.player = first
    turn.kind = "roll"
    g.events.append(PlayOrderSet(first, tuple(ranked)))
    for p in reversed(ranked):
        charge(g, p, BANK, amounts[p], "order of play")
    g.events.append(TurnStarted(first, g.rounds))
