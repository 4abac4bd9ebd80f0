"""A decision a house rule adds to landing on an unowned deed (004 variant catalogue).

Option to auction (`Rules.option_to_auction`): "Whenever a player lands on an unpurchased
property, any other player can immediately start an auction for that property by bidding twice
the normal purchase price." Before the lander decides to buy, every other player who has twice
the price in cash is asked in turn order from the lander's left (`auction_option`:
`force-auction` or `refuse`). The first who forces it opens the auction with that bid; the
lander's purchase at the printed price is gone, and every player still in the game, the lander
included, may bid (open: asked from the opener's left and must outbid the opening bid; sealed:
the opening bid is the opener's bid and the lowest price).
"""


from __future__ import annotations

from passgo.core.actions import Action, ForceAuction, Refuse
from passgo.core.decisions import (
    AuctionOptionDecision,
)
from passgo.core.events import AuctionForced
from passgo.core.frames import (
    AuctionFrame,
    BuyFrame,
    FinderFrame,
    OptionFrame,
    SealedFrame,
    new_auction,
)
from passgo.core.registry import answer, decision, settles
from passgo.core.state import GameState


def offer_option(g: GameState, lander: int, sq: int) -> None:
    """Above the lander's buy decision: the other players may force an auction."""
    asked = g.seats_from(lander)[1:]
    g.frames.append(OptionFrame("auction_option", -1, sq, lander, asked))


def option_price(g: GameState, sq: int) -> int:
    """The bid that forces an auction: "twice the normal purchase price" (004 Option to
    auction), the price the Bank sells the deed for under the rules in play (`deed_price`:
    twice the face value with double prices)."""
    return 2 * g.deed_price(sq)


def _option_answers(g: GameState, f: OptionFrame, p: int) -> list[Action]:
    if g.cash[p] >= option_price(g, f.square):
        return [ForceAuction(p), Refuse(p)]
    return [Refuse(p)]


def _force_problem(g: GameState, f: OptionFrame, a: ForceAuction) -> str | None:
    price = option_price(g, f.square)
    return None if g.cash[a.player] >= price else f"the opening bid is {price}; raise cash first"


decision(
    "auction_option",
    lambda g, f: AuctionOptionDecision(f.player, f.square, f.lander,
                                       option_price(g, f.square)),
    _option_answers,
)


@settles(OptionFrame)
def settle_option(g: GameState, f: OptionFrame) -> bool:
    """Ask the next player who can afford to force the auction; True when nobody is left."""
    price = option_price(g, f.square)
    # Maximum punishment: "A player in Jail may not ... participate in any auctions", and
    # forcing one is its opening bid.
    f.asked = [p for p in f.asked if g.alive[p] and g.cash[p] >= price and not g.punished(p)]
    if f.asked:
        f.player = f.asked[0]
        return False
    g.frames.pop()
    return True


@answer(Refuse, "auction_option")
def _refuse_option(g: GameState, f: OptionFrame, a: Refuse) -> None:
    f.asked.remove(a.player)


@answer(ForceAuction, "auction_option", problem=_force_problem)
def _force_auction(g: GameState, f: OptionFrame, a: ForceAuction) -> None:
    """Open the auction with a bid of twice the price; the lander's offer to buy is gone."""
    player = a.player
    g.frames.pop()
    buy = g.frames.pop()
    assert isinstance(buy, BuyFrame) and buy.square == f.square
    price = option_price(g, f.square)
    g.events.append(AuctionForced(player, f.square, price))
    auction = new_auction(g, "deed", f.square, g.seats_from(player))
    if isinstance(auction, AuctionFrame):
        auction.high, auction.high_bidder = price, player
    else:
        assert isinstance(auction, SealedFrame)
        if player in auction.asked:
            auction.asked.remove(player)
        auction.bids[player] = price
        auction.floor = price
    if g.rules.finders_fee_percent:
        # The lander did not buy it: a finder's fee if another player does (`house_rules.py`).
        g.frames.append(FinderFrame("finder", f.lander, f.square))
    g.frames.append(auction)
