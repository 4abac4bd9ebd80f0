"""004 Initial auction: every deed sold by closed bids before the game begins.

"Before the game begins, everyone writes down how much they will pay for every property on the
board in a closed auction. ... The game then begins by checking everyone's bids and selling the
properties to the highest bidder for each property, with ties broken by die roll. In this
variation, start the game with more money: $10,000 divided by the number of players should be
about right."

Readings where the text leaves a choice (also in docs/engine.md):

* Every player starts with `Rules.initial_auction_money` divided by the number of players
  (rounded down) instead of the edition's starting cash; the opening throws for the first turn
  come first, and the players then write their bids one at a time in turn order.
* A player's bids together may not exceed their cash, so that whatever they win they can pay:
  a written bid is a promise to pay, and a debt before the first throw is no game.
* Each deed goes to its highest bidder, who pays the Bank that bid; tied bidders throw the
  game's dice, the highest total wins (ties throw again). A deed nobody bid for stays with the
  Bank, to be bought on landing as usual. Deeds are settled in board order.
* Nobody sees another's bids until all are in (`Game.view` shows none, and the event of writing
  them names only the bidder); then every sale is shown.
"""

from __future__ import annotations

from passgo.core.actions import Action, InitialBids
from passgo.core.decisions import InitialBidsDecision
from passgo.core.events import AuctionStarted, AuctionWon, SealedBidWritten, TurnStarted
from passgo.core.frames import InitialFrame, TurnFrame
from passgo.core.money import pay_now
from passgo.core.registry import answer, decision, settles
from passgo.core.sealed import throw_off
from passgo.core.state import BANK, GameState


def open_initial_auction(g: GameState, first: int) -> None:
    """The start of the game under the rule: the money, and the bids asked from `first` on."""
    cash = g.rules.initial_auction_money // g.n
    g.cash = [cash] * g.n
    g.bank_flow = g.n * g.board.starting_cash - g.n * cash  # the ledger starts balanced
    g.frames.append(InitialFrame("initial_bids", first, g.seats_from(first)))
    g.events.append(AuctionStarted("initial", None))


def bids_problem(g: GameState, a: InitialBids) -> str | None:
    """Why these bids may not be written (None: they may)."""
    if len(a.squares) != len(a.amounts):
        return "give one amount for each deed"
    if len(set(a.squares)) != len(a.squares):
        return "bid for each deed at most once"
    deeds = set(g.board.properties)
    for sq, amount in zip(a.squares, a.amounts, strict=True):
        if sq not in deeds:
            return f"square {sq} is not a deed"
        if amount < 1:
            return "a bid is at least 1 (leave a deed out for no bid)"
    total = sum(a.amounts)
    if total > g.cash[a.player]:
        return f"your bids add up to {total}, more than your cash ({g.cash[a.player]})"
    return None


def _view(g: GameState, f: InitialFrame) -> InitialBidsDecision:
    return InitialBidsDecision(f.player, g.board.properties, g.cash[f.player], tuple(f.asked))


def _answers(g: GameState, f: InitialFrame, p: int) -> list[Action]:
    """No bid at all; the printed prices of the cheapest deeds the cash covers; and the cash
    spread over every deed in proportion to its price (a bid of at least 1 on each). Other
    bids are written as text (`bids 1:60,39:500`)."""
    squares = g.board.squares
    deeds = sorted(g.board.properties, key=lambda sq: (squares[sq].price, sq))
    cash = g.cash[p]
    cheap: list[int] = []
    spent = 0
    for sq in deeds:
        if spent + squares[sq].price <= cash:
            cheap.append(sq)
            spent += squares[sq].price
    out: list[Action] = [InitialBids(p)]
    if cheap:
        out.append(InitialBids(p, tuple(cheap), tuple(squares[sq].price for sq in cheap)))
    total = sum(squares[sq].price for sq in deeds)
    spread = tuple(max(1, squares[sq].price * cash // total) for sq in g.board.properties)
    if sum(spread) <= cash:
        out.append(InitialBids(p, g.board.properties, spread))
    return out


decision("initial_bids", _view, _answers)


@answer(InitialBids, "initial_bids", problem=lambda g, f, a: bids_problem(g, a))
def _write(g: GameState, f: InitialFrame, a: InitialBids) -> None:
    f.asked.remove(a.player)
    row = [a.player]
    for sq, amount in zip(a.squares, a.amounts, strict=True):
        row += [sq, amount]
    f.written.append(row)
    g.events.append(SealedBidWritten(a.player, "initial", None))


@settles(InitialFrame)
def _step(g: GameState, f: InitialFrame) -> bool:
    """Ask the next player, or sell every deed to its highest bidder."""
    if f.asked:
        f.player = f.asked[0]
        return False
    g.frames.pop()
    bids: dict[int, dict[int, int]] = {}
    for seat, *pairs in f.written:
        for i in range(0, len(pairs), 2):
            bids.setdefault(pairs[i], {})[seat] = pairs[i + 1]
    for sq in g.board.properties:
        offers = bids.get(sq)
        if not offers or g.owner[sq] != BANK:  # (a deed placed by hand meanwhile stays put)
            continue
        high = max(offers.values())
        tied = [p for p, b in offers.items() if b == high]
        winner = tied[0] if len(tied) == 1 else throw_off(g, tied)  # "ties broken by die roll"
        g.owner[sq] = winner
        pay_now(g, winner, BANK, high, "initial auction")
        g.events.append(AuctionWon(winner, "deed", sq, high))
    if isinstance(g.frames[-1], TurnFrame):  # no order auction still to come
        g.events.append(TurnStarted(g.current, g.rounds))
    return True
