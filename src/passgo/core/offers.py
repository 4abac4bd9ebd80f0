"""Decisions that two house rules add to landing on a deed (004 variant catalogue).

Foreclosure (`Rules.foreclosure`): "When a player lands on a mortgaged property, the owner may
immediately unmortgage the property by paying the mortgage value plus %10 interest. If the
owner does not do this, the player may purchase it by paying the player the mortgage value and
the bank the mortgage value plus the %10 interest. Either way the player still pays no rent."
The owner decides first (`foreclosure_owner`: `lift` or `refuse`), then, if the mortgage is
still on, the lander (`foreclosure_buy`: `foreclose` or `refuse`). A lander who forecloses has
repaid the Bank's loan, so the deed passes to them unmortgaged (and no further interest is
due). No rent is paid either way.

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

from passgo.core import mortgages
from passgo.core.actions import Action, ForceAuction, Foreclose, LiftMortgage, Refuse
from passgo.core.decisions import (
    AuctionOptionDecision,
    ForeclosureBuyDecision,
    ForeclosureOwnerDecision,
)
from passgo.core.events import Event
from passgo.core.frames import (
    AuctionFrame,
    BuyFrame,
    FinderFrame,
    ForeclosureFrame,
    OptionFrame,
    SealedFrame,
    new_auction,
)
from passgo.core.money import pay_now
from passgo.core.registry import answer, decision, settles
from passgo.core.state import BANK, GameState

# -- foreclosure -----------------------------------------------------------------------------


def offer_foreclosure(g: GameState, lander: int, sq: int) -> None:
    """The lander reached another player's mortgaged deed: its owner decides first."""
    owner = g.owner[sq]
    g.events.append(Event("foreclosure", lander, square=sq, other=owner))
    g.frames.append(ForeclosureFrame("foreclosure_owner", owner, sq, lander))


def foreclose_cost(g: GameState, sq: int) -> tuple[int, int]:
    """(to the owner, to the Bank): the mortgage value, and the value plus interest."""
    return g.board.squares[sq].mortgage, g.lift_cost(sq)


def foreclose_problem(g: GameState, f: ForeclosureFrame, player: int, sq: int) -> str | None:
    if sq != f.square:
        return f"the deed to decide on is square {f.square}"
    owner_part, bank_part = foreclose_cost(g, sq)
    if g.cash[player] < owner_part + bank_part:
        return f"foreclosing costs {owner_part + bank_part}; raise cash first"
    return None


def _owner_answers(g: GameState, f: ForeclosureFrame, p: int) -> list[Action]:
    lift = [LiftMortgage(p, f.square)] if g.cash[p] >= g.lift_cost(f.square) else []
    return [*lift, Refuse(p)]


def _buy_answers(g: GameState, f: ForeclosureFrame, p: int) -> list[Action]:
    buy = [Foreclose(p, f.square)] if g.cash[p] >= sum(foreclose_cost(g, f.square)) else []
    return [*buy, Refuse(p)]


decision(
    "foreclosure_owner",
    lambda g, f: ForeclosureOwnerDecision(f.player, f.square, f.lander, g.lift_cost(f.square)),
    _owner_answers,
)
decision(
    "foreclosure_buy",
    lambda g, f: ForeclosureBuyDecision(f.player, f.square, g.owner[f.square],
                                        sum(foreclose_cost(g, f.square))),
    _buy_answers,
)


@answer(LiftMortgage, "foreclosure_owner",
        problem=lambda g, f, a: mortgages.lift_problem(g, f.square, a))
def _lift(g: GameState, f: ForeclosureFrame, a: LiftMortgage) -> None:
    g.frames.pop()
    mortgages.unmortgage(g, a.player, a.square)


@answer(Refuse, "foreclosure_owner", "foreclosure_buy")
def _refuse_foreclosure(g: GameState, f: ForeclosureFrame, a: Refuse) -> None:
    """The owner does not lift the mortgage: the lander may buy; the lander refuses: done."""
    g.frames.pop()
    if f.kind == "foreclosure_owner":
        g.frames.append(ForeclosureFrame("foreclosure_buy", f.lander, f.square, f.lander))


@answer(Foreclose, "foreclosure_buy",
        problem=lambda g, f, a: foreclose_problem(g, f, a.player, a.square))
def _foreclose(g: GameState, f: ForeclosureFrame, a: Foreclose) -> None:
    """The lander buys the mortgaged deed; the Bank's loan is repaid, so it is unmortgaged."""
    g.frames.pop()
    sq, lander = f.square, f.lander
    owner = g.owner[sq]
    owner_part, bank_part = foreclose_cost(g, sq)
    pay_now(g, lander, owner, owner_part, "foreclosure")
    pay_now(g, lander, BANK, bank_part, "foreclosure")
    g.owner[sq] = lander
    g.mortgaged[sq] = False
    g.events.append(Event("transfer", owner, square=sq, other=lander, detail="foreclosed"))


# -- option to auction -----------------------------------------------------------------------


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
    g.events.append(Event("auction_forced", player, square=f.square, amount=price))
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
        # The lander did not buy it: a finder's fee if another player does (`house.py`).
        g.frames.append(FinderFrame("finder", f.lander, f.square))
    g.frames.append(auction)
