"""Open ascending auctions, for deeds and for short houses or hotels.

The Banker asks the bidders in turn order, starting on the left of the player who declined
(or of the bankrupt player, or of the player who asked for the short building). Each player
asked either bids more than the highest bid, with cash in hand for it, or passes and is out of
that auction; the highest bidder is not asked again until someone outbids them. The auction ends
when nobody but the highest bidder is left in; with no bid at all the deed stays with the Bank.

With `Rules.auction` "closed" or "vickrey" every auction is a sealed-bid one instead
(`auction_frame`; see `passgo.core.sealed`); both end in `award`.
"""

from __future__ import annotations

from passgo.core import house
from passgo.core.events import Event
from passgo.core.frames import (
    AuctionFrame,
    CallFrame,
    Frame,
    PlaceFrame,
    SealedFrame,
    TransferFrame,
)
from passgo.core.money import charge
from passgo.core.state import BANK, GameState


def open_auction(g: GameState, item: str, square: int, first: int,
                 bidders: list[int] | None = None) -> None:
    """Push an auction; `first` is the seat asked first."""
    order = g.seats_from(first) if bidders is None else bidders
    g.frames.append(auction_frame(g, item, square, list(order)))


def auction_frame(g: GameState, item: str, square: int, bidders: list[int]) -> Frame:
    """A new auction among `bidders`: open, or sealed-bid (`Rules.auction`, see `sealed`)."""
    if g.rules.maximum_punishment:
        # "A player in Jail may not ... participate in any auctions"
        bidders = [p for p in bidders if not g.jailed[p]]
    if g.rules.auction != "open":
        return SealedFrame("sealed_bid", -1, item, square, bidders, {})
    return AuctionFrame("bid", -1, item, square, bidders)


def min_bid(g: GameState, f: AuctionFrame) -> int:
    if f.high_bidder < 0:
        return g.rules.auction_min_bid
    return f.high + g.rules.auction_min_increment


def step(g: GameState, f: AuctionFrame) -> bool:
    """Bring the auction on top to its next question, or finish it. True when finished."""
    if not f.opened:
        f.opened = True
        g.events.append(Event("auction_start", square=f.square, detail=f.item))
        if g.rules.maximum_punishment:
            f.bidders = [p for p in f.bidders if not g.jailed[p]]
    bidders = f.bidders
    if not bidders or (len(bidders) == 1 and bidders[0] == f.high_bidder):
        g.frames.pop()
        _finish(g, f)
        return True
    f.turn %= len(bidders)
    if bidders[f.turn] == f.high_bidder:
        f.turn = (f.turn + 1) % len(bidders)
    f.player = bidders[f.turn]
    return False


def bid(g: GameState, f: AuctionFrame, player: int, amount: int) -> None:
    f.high = amount
    f.high_bidder = player
    f.turn = (f.turn + 1) % len(f.bidders)
    g.events.append(Event("bid", player, amount=amount, square=f.square))


def leave(g: GameState, f: AuctionFrame, player: int) -> None:
    i = f.bidders.index(player)
    f.bidders.pop(i)
    if i < f.turn:
        f.turn -= 1
    g.events.append(Event("pass", player, square=f.square))


def _finish(g: GameState, f: AuctionFrame) -> None:
    award(g, f.item, f.square, f.high_bidder, f.high)


def award(g: GameState, item: str, square: int, winner: int, price: int) -> None:
    """The end of an auction (open or sealed): `winner` (-1: nobody bid) pays `price`."""
    if item == "deed" and g.rules.finders_fee_percent:
        house.finders_fee(g, square, winner, price)
    if item != "deed":
        # A building auction belongs to the shortage call below it: the winner wants one
        # building less; if nobody bid at all, nobody wants them at any price and it ends.
        call = next(c for c in reversed(g.frames) if isinstance(c, CallFrame))
        if winner < 0:
            call.demand.clear()
        else:
            call.demand[winner] -= 1
    if winner < 0:
        if item == "deed":
            # The deed stays with the Bank, whose own loan on it (a bankrupt's mortgage) ends:
            # the next buyer pays the printed price for an unmortgaged deed.
            g.mortgaged[square] = False
        g.events.append(Event("auction_unsold", square=square, detail=item))
        return
    g.events.append(
        Event("auction_won", winner, square=square, amount=price, detail=item)
    )
    if item == "deed":
        sq = square
        g.owner[sq] = winner
        if g.mortgaged[sq]:
            g.frames.append(TransferFrame("mortgaged_deed", winner, sq))
    else:
        g.frames.append(PlaceFrame("place_building", winner, item, price))
    charge(g, winner, BANK, price, "auction")
