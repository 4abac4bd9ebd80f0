"""Counting the manners of the bots over games they play (tests and benchmarks watch games
through `Manners.observer`).

Two things no bot of passgo does (`trading.impolite` keeps its own offers from them), counted
whoever makes them:

* a *gives-nothing* offer: an offer or counter-offer one side of which gives nothing at all;
* a *give-away sale*: a trade accepted in which deeds that complete a colour group for the
  side that receives them go for less than their printed price, counting the cash and the
  printed price of the deeds given back (a swap in which both sides complete a group is not
  a sale). Trades are never a way to pay a debt, so no such sale is forced.
"""

from __future__ import annotations

from collections.abc import Sequence

from passgo.agents.play import Observer
from passgo.agents.trading import completed, gives_nothing
from passgo.agents.valuation import Position
from passgo.core import Action, Game, TradeOffer
from passgo.core.events import Event, TradeAccepted, TradeOffered


def give_away(game: Game, offer: TradeOffer) -> int:
    """The seat that gives deeds away if `offer` is accepted in `game` as it stands (a
    give-away sale, see the module docstring); -1: nobody does."""
    pos = Position.of(game)
    owner = list(pos.owner)
    for sq in offer.give.properties:
        owner[sq] = offer.responder
    for sq in offer.get.properties:
        owner[sq] = offer.proposer
    for taker, giver, sold, paid in ((offer.responder, offer.proposer, offer.give, offer.get),
                                     (offer.proposer, offer.responder, offer.get, offer.give)):
        if (sold.properties and completed(pos, taker, owner)
                and not completed(pos, giver, owner)
                and paid.cash + _printed(game, paid.properties) - sold.cash
                < _printed(game, sold.properties)):
            return giver
    return -1


def _printed(game: Game, deeds: Sequence[int]) -> int:
    return sum(game.deed_price(sq) for sq in deeds)


class Manners:
    """Offers made (`offers`), gives-nothing offers (`gives_nothing`) and give-away sales
    (`give_aways`) in the games watched, with the offending offers (`seen`); only those made
    (offers) or given away (sales) by the seats `seats` of each game, if given."""

    def __init__(self, seats: Sequence[int] | None = None) -> None:
        self.seats = None if seats is None else frozenset(seats)
        self.offers = 0
        self.gives_nothing = 0
        self.give_aways = 0
        self.seen: list[TradeOffer] = []

    def observer(self, game: Game) -> Observer:
        """An observer for `agents.play` on `game`."""
        pending: list[tuple[TradeOffer, int]] = []  # the offer on the table, who gives away
        seats = self.seats

        def observe(action: Action, events: list[Event]) -> None:
            for event in events:
                if isinstance(event, TradeOffered):  # (nothing has changed hands yet)
                    offer = event.offer
                    pending[:] = [(offer, give_away(game, offer))]
                    if seats is not None and offer.proposer not in seats:
                        continue
                    self.offers += 1
                    if gives_nothing(offer):
                        self.gives_nothing += 1
                        self.seen.append(offer)
                elif isinstance(event, TradeAccepted) and pending and pending[0][1] >= 0 and (
                        seats is None or pending[0][1] in seats):
                    self.give_aways += 1
                    self.seen.append(pending[0][0])

        return observe
