"""Open ascending auctions, for deeds and for short houses or hotels.

The Banker asks the bidders in turn order, starting on the left of the player who declined
(or of the bankrupt player, or of the player who asked for the short building). Each player
asked either bids more than the highest bid, with cash in hand for it, or passes and is out of
that auction; the highest bidder is not asked again until someone outbids them. The auction ends
when nobody but the highest bidder is left in; with no bid at all the deed stays with the Bank.

With `Rules.auction` "closed" or "vickrey" every auction is a sealed-bid one instead
(`frames.new_auction`; see `passgo.core.sealed`); both end in `award`.
"""

from __future__ import annotations

from passgo.core import house_rules
from passgo.core.actions import Action, Bid, Buy, Decline, Pass
from passgo.core.decisions import AuctionItem, BidDecision, BuyDecision
from passgo.core.events import (
    AUCTION,
    PURCHASE,
    AuctionLeft,
    AuctionStarted,
    AuctionUnsold,
    AuctionWon,
    BidPlaced,
    Declined,
    Purchased,
    or_none,
)
from passgo.core.frames import (
    AuctionFrame,
    BuyFrame,
    CallFrame,
    FinderFrame,
    PlaceFrame,
    TransferFrame,
    new_auction,
)
from passgo.core.money import charge, pay_now
from passgo.core.registry import answer, decision, settles
from passgo.core.state import BANK, GameState

# -- buy or auction --------------------------------------------------------------------------


def _buy_view(g: GameState, f: BuyFrame) -> BuyDecision:
    return BuyDecision(f.player, f.square, g.deed_price(f.square))


def _buy_answers(g: GameState, f: BuyFrame, p: int) -> list[Action]:
    return [Buy(p), Decline(p)] if g.cash[p] >= g.deed_price(f.square) else [Decline(p)]


def _buy_problem(g: GameState, f: BuyFrame, a: Buy) -> str | None:
    price = g.deed_price(f.square)
    return None if g.cash[a.player] >= price else f"the price is {price}; raise cash first"


decision("buy", _buy_view, _buy_answers)


@answer(Buy, "buy", problem=_buy_problem)
def _buy(g: GameState, f: BuyFrame, a: Buy) -> None:
    g.frames.pop()
    price = g.deed_price(f.square)
    pay_now(g, a.player, BANK, price, PURCHASE)
    g.owner[f.square] = a.player
    g.events.append(Purchased(a.player, f.square, price, g.reason))


@answer(Decline, "buy")
def _decline(g: GameState, f: BuyFrame, a: Decline) -> None:
    g.frames.pop()
    g.events.append(Declined(a.player, f.square, g.reason))
    if g.rules.finders_fee_percent:
        g.frames.append(FinderFrame("finder", a.player, f.square))
    # "Any player, including the one who declined the option to buy it ..., may bid."
    open_auction(g, "deed", f.square, g.left_of(a.player))


# -- bidding ---------------------------------------------------------------------------------


def shortage_call(g: GameState) -> CallFrame:
    """The building-shortage call a building auction belongs to (the nearest below it)."""
    return next(c for c in reversed(g.frames) if isinstance(c, CallFrame))


def auctioned_square(g: GameState, item: str, square: int) -> tuple[int, str | None]:
    """The square an auction is about (for a short building: the square it was requested
    for) and its colour group's name."""
    if item in ("house", "hotel"):
        square = shortage_call(g).square
    group = g.board.squares[square].group if square >= 0 else -1
    return square, (g.board.group_names[group] if group >= 0 else None)


def _bid_view(g: GameState, f: AuctionFrame) -> BidDecision:
    square, group = auctioned_square(g, f.item, f.square)
    return BidDecision(
        f.player, f.item, square, group, f.high,
        f.high_bidder if f.high_bidder >= 0 else None, min_bid(g, f), g.cash[f.player],
        tuple(f.bidders),
    )


def _bid_answers(g: GameState, f: AuctionFrame, p: int) -> list[Action]:
    low = min_bid(g, f)
    return [Bid(p, low), Pass(p)] if g.cash[p] >= low else [Pass(p)]


def bid_problem(g: GameState, low: int, a: Bid) -> str | None:
    """A bid from `low` up to the bidder's cash."""
    if a.amount < low:
        return f"the lowest bid now is {low}"
    if a.amount > g.cash[a.player]:
        return f"a bid cannot be above your cash ({g.cash[a.player]})"
    return None


decision("bid", _bid_view, _bid_answers)


@answer(Bid, "bid", problem=lambda g, f, a: bid_problem(g, min_bid(g, f), a))
def _bid(g: GameState, f: AuctionFrame, a: Bid) -> None:
    bid(g, f, a.player, a.amount)


@answer(Pass, "bid")
def _pass(g: GameState, f: AuctionFrame, a: Pass) -> None:
    leave(g, f, a.player)


def open_auction(g: GameState, item: AuctionItem, square: int, first: int,
                 bidders: list[int] | None = None) -> None:
    """Push an auction; `first` is the seat asked first."""
    order = g.seats_from(first) if bidders is None else bidders
    g.frames.append(new_auction(g, item, square, list(order)))


def min_bid(g: GameState, f: AuctionFrame) -> int:
    if f.high_bidder < 0:
        return g.rules.auction_min_bid
    return f.high + g.rules.auction_min_increment


@settles(AuctionFrame)
def step(g: GameState, f: AuctionFrame) -> bool:
    """Bring the auction on top to its next question, or finish it. True when finished."""
    if not f.opened:
        f.opened = True
        g.events.append(AuctionStarted(f.item, or_none(f.square)))
        if g.rules.maximum_punishment:
            f.bidders = [p for p in f.bidders if not g.punished(p)]
    bidders = f.bidders
    if g.rules.auction_reentry:
        # "the Banker ends the auction when no player is willing to increase the bid": asked
        # in turn, skipping the high bidder and those who passed since the last bid.
        if bidders:
            f.turn %= len(bidders)
            for k in range(len(bidders)):
                p = bidders[(f.turn + k) % len(bidders)]
                if p != f.high_bidder and p not in f.passed:
                    f.turn = (f.turn + k) % len(bidders)
                    f.player = p
                    return False
        g.frames.pop()
        _finish(g, f)
        return True
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
    f.passed.clear()
    f.turn = (f.turn + 1) % len(f.bidders)
    g.events.append(BidPlaced(player, f.item, or_none(f.square), amount, g.reason))


def leave(g: GameState, f: AuctionFrame, player: int) -> None:
    if g.rules.auction_reentry:  # a pass until someone bids higher
        f.passed.append(player)
        f.turn = (f.bidders.index(player) + 1) % len(f.bidders)
        g.events.append(AuctionLeft(player, or_none(f.square), g.reason))
        return
    i = f.bidders.index(player)
    f.bidders.pop(i)
    if i < f.turn:
        f.turn -= 1
    g.events.append(AuctionLeft(player, or_none(f.square), g.reason))


def _finish(g: GameState, f: AuctionFrame) -> None:
    award(g, f.item, f.square, f.high_bidder, f.high)


def award(g: GameState, item: AuctionItem, square: int, winner: int, price: int) -> None:
    """The end of an auction (open or sealed): `winner` (-1: nobody bid) pays `price`."""
    if item == "deed" and g.rules.finders_fee_percent:
        house_rules.finders_fee(g, square, winner, price)
    if item != "deed":
        # A building auction belongs to the shortage call below it: the winner wants one
        # building less; if nobody bid at all, nobody wants them at any price and it ends.
        call = shortage_call(g)
        if winner < 0:
            call.demand.clear()
        else:
            call.demand[winner] -= 1
    if winner < 0:
        if item == "deed":
            # The deed stays with the Bank, whose own loan on it (a bankrupt's mortgage) ends:
            # the next buyer pays the printed price for an unmortgaged deed.
            g.mortgaged[square] = False
        g.events.append(AuctionUnsold(item, or_none(square)))
        return
    g.events.append(AuctionWon(winner, item, or_none(square), price))
    if item == "deed":
        sq = square
        g.owner[sq] = winner
        if g.mortgaged[sq]:
            g.frames.append(TransferFrame("mortgaged_deed", winner, sq))
    else:
        g.frames.append(PlaceFrame("place_building", winner, item, price))
    charge(g, winner, BANK, price, AUCTION)
