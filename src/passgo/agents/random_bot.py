"""The random bot: a seeded baseline that plays any legal action, uniformly."""

from __future__ import annotations

import random

from passgo.core import Action, Bid, BidDecision, Game, SealedBidDecision


class RandomBot:
    """Uniform over the legal actions, with its own seeded PRNG.

    Business (building, selling, mortgaging) is open at every decision, so choosing uniformly
    over everything would make a random player spend most of its moves mortgaging and lifting;
    it takes one of the business actions with probability `business_rate` and otherwise one of
    the actions that answer the pending decision. A bid is a uniform amount between the lowest
    legal bid and that plus the deed's price (never above its cash)."""

    name = "random"

    def __init__(self, seed: int = 0, business_rate: float = 0.1) -> None:
        self.rng = random.Random(seed)
        self.business_rate = business_rate

    def act(self, game: Game, player: int) -> Action:
        answers = game.answers(player)
        rng = self.rng
        # Business is listed only when it is to be chosen from (or nothing else is legal).
        if not answers or rng.random() < self.business_rate:
            business = game.business_actions(player)
            if business:
                return rng.choice(business)
        choice = rng.choice(answers)
        if isinstance(choice, Bid):
            span = game.bid_range(player)
            assert span is not None
            low, high = span
            top = max(low, min(high, low + self._price(game)))
            return Bid(player, rng.randint(low, top))
        return choice

    @staticmethod
    def _price(game: Game) -> int:
        """The printed price of the deed auctioned (of the street a building is asked for);
        100 for the order of play."""
        match game.pending:
            case BidDecision(square=square) | SealedBidDecision(square=square) if square >= 0:
                return game.board.squares[square].price
            case _:
                return 100
