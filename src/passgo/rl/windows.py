"""When a seat may do business, and the steps the environments take for every seat.

The rules let a player build, sell, mortgage, lift and trade "at any time"; an environment
must choose its windows, or one agent could act for ever between two throws. passgo's:

* A seat does business only while the game waits for one of its own decisions (its throw,
  the end of its turn, a bid, a debt, a trade reply, ...): an agent is asked only then.
* At most `business_limit` business actions (build, sell, mortgage, lift, loans) in a row;
  any answer to the decision opens the window again. While a debt leaves nothing to answer
  (`raise_funds` without bankruptcy), business stays open: it is the only way on.
* Trade proposals (the table's templates) only at the end of the seat's own turn or while it
  raises funds, at most `offers_per_turn` per seat and turn; no counter-offers (a reply is
  accept or reject).
* Rent (`Rules.rent_claim`) is asked for at once on behalf of every owner (`claim_rents`):
  forgetting to ask is not a strategy the environments model.
"""

from __future__ import annotations

from passgo.core import Action, ClaimRent, Game, ProposeTrade
from passgo.rl.table import BUSINESS_TYPES, ActionTable, Mask

BUSINESS_LIMIT = 4
OFFERS_PER_TURN = 1
TRADE_KINDS = ("end_turn", "raise_funds")


class Windows:
    """The business windows of one game, seat by seat."""

    def __init__(self, seats: int, business_limit: int = BUSINESS_LIMIT,
                 offers_per_turn: int = OFFERS_PER_TURN) -> None:
        if business_limit < 0 or offers_per_turn < 0:
            raise ValueError("business_limit and offers_per_turn are 0 or more")
        self.business_limit = business_limit
        self.offers_per_turn = offers_per_turn
        self.business = [0] * seats
        self.offers = [0] * seats
        self.turn = -1

    def copy(self) -> Windows:
        new = Windows(len(self.business), self.business_limit, self.offers_per_turn)
        new.business, new.offers, new.turn = list(self.business), list(self.offers), self.turn
        return new

    def open(self, game: Game, seat: int, kind: str) -> tuple[bool, bool]:
        """(business, trades): the windows open to `seat`, deciding a `kind` decision now."""
        if game.turn_number != self.turn:
            self.turn = game.turn_number
            self.offers = [0] * len(self.offers)
        business = self.business[seat] < self.business_limit
        trades = kind in TRADE_KINDS and self.offers[seat] < self.offers_per_turn
        return business, trades

    def left(self, seat: int) -> tuple[float, float]:
        """What is left to `seat`, as observed: the share of its business actions in a row,
        and its trade proposals this turn."""
        return ((self.business_limit - self.business[seat]) / max(1, self.business_limit),
                float(self.offers_per_turn - self.offers[seat]))

    def mask(self, table: ActionTable, game: Game, seat: int, kind: str) -> Mask:
        """The indices open to `seat`, deciding a `kind` decision now, within its windows."""
        business, trades = self.open(game, seat, kind)
        mask = table.mask(game, seat, business=business, trades=trades)
        if not business and not mask.any():  # a debt with nothing else to do: business
            mask = table.mask(game, seat, business=True, trades=trades)
        return mask

    def record(self, seat: int, action: Action) -> None:
        """Count an action `seat` took."""
        if isinstance(action, BUSINESS_TYPES):
            self.business[seat] += 1
        else:
            self.business[seat] = 0
            if type(action) is ProposeTrade:
                self.offers[seat] += 1


def claim_rents(game: Game) -> None:
    """Ask for every rent waiting to be asked for, oldest first, for every owner."""
    while not game.over:
        for waiting in game.rent_claims:
            ask = ClaimRent(waiting.owner, waiting.square)
            if game.is_legal(ask):
                game.apply_unchecked(ask)
                break
        else:
            return


def outcome(game: Game, seat: int) -> int:
    """+1 if `seat` won, -1 if another seat did, 0 while playing or without a winner (a tie
    or a game stopped at its round limit)."""
    if not game.over or game.winner is None:
        return 0
    return 1 if game.winner == seat else -1
