"""The random bot: a seeded baseline that plays any legal action, uniformly."""

from __future__ import annotations

import random

from passgo.core import (
    Action,
    Bid,
    BidDecision,
    Bundle,
    Game,
    Immunity,
    Loan,
    Partnership,
    ProposeTrade,
    RentShare,
    SealedBidDecision,
    TradeOffer,
)
from passgo.core.actions import TERM_UNITS, Term


class RandomBot:
    """Uniform over the legal actions, with its own seeded PRNG.

    Business (building, selling, mortgaging) is open at every decision, so choosing uniformly
    over everything would make a random player spend most of its moves mortgaging and lifting;
    it takes one of the business actions with probability `business_rate` and otherwise one of
    the actions that answer the pending decision. A bid is a uniform amount between the lowest
    legal bid and that plus the deed's price (never above its cash). Where the rules let trades
    carry terms (`Rules.immunity`, `Rules.profit_sharing`, `Rules.player_loans`,
    `Rules.partnerships`), it also proposes, with probability
    `trade_rate` at any decision of its own, a random trade with random terms (`random_offer`)
    when the engine would take it."""

    name = "random"

    def __init__(self, seed: int = 0, business_rate: float = 0.1,
                 trade_rate: float = 0.02) -> None:
        self.rng = random.Random(seed)
        self.business_rate = business_rate
        self.trade_rate = trade_rate

    def act(self, game: Game, player: int) -> Action:
        answers = game.answers(player)
        rng = self.rng
        rules = game.rules
        if ((rules.immunity or rules.player_loans or rules.profit_sharing
             or rules.partnerships) and rng.random() < self.trade_rate):
            offer = random_offer(game, player, rng)
            if offer is not None and game.trade_problem(offer) is None:
                return ProposeTrade(player, offer)
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


def random_offer(game: Game, player: int, rng: random.Random) -> TradeOffer | None:
    """A random trade between `player` and another player still in the game: some deeds,
    cash and Get Out of Jail Free cards of each side, and the terms the rules allow
    (`random_terms`). It may well be illegal (`game.trade_problem` says why)."""
    others = [p for p in range(game.n) if game.in_game(p) and p != player]
    if not others:
        return None
    other = rng.choice(others)

    def side(seat: int) -> Bundle:
        deeds = [d.square for d in game.deeds if d.owner == seat]
        props = tuple(sq for sq in deeds if rng.random() < 0.3)
        cash = rng.choice((0, 0, rng.randint(0, max(0, game.cash_of(seat)))))
        decks = ("chance", "community_chest")
        cards = tuple(decks.index(d) for d in game.player(seat).jail_cards
                      if rng.random() < 0.5)
        return Bundle(props, cash, cards)

    give, get = side(player), side(other)
    give = Bundle(give.properties, give.cash, give.cards,
                  random_terms(game, player, other, give, get, rng))
    get = Bundle(get.properties, get.cash, get.cards,
                 random_terms(game, other, player, get, give, rng))
    return TradeOffer(player, other, give, get)


def random_terms(game: Game, giver: int, taker: int, side: Bundle, other: Bundle,
                 rng: random.Random) -> tuple[Term, ...]:
    """Random terms `giver` might grant `taker` on `side` of a trade (`taker` gives `other`):
    rent immunity on some of the giver's deeds after the trade, a share of their rent, a loan
    of some of the cash left, each under its rule and about half the time, and a partnership
    in a group the two sides own between them after the trade."""
    terms: list[Term] = []
    rules = game.rules
    deeds = [d.square for d in game.deeds
             if (d.owner == giver and d.square not in side.properties)
             or d.square in other.properties]
    for kind, on in ((Immunity, rules.immunity), (RentShare, rules.profit_sharing)):
        if on and deeds and rng.random() < 0.5:
            chosen = tuple(rng.sample(deeds, rng.randint(1, min(2, len(deeds)))))
            terms.append(kind(chosen, rng.choice((100, 50, 50, rng.randint(1, 100))),
                              rng.randint(1, 6), rng.choice(TERM_UNITS)))
    if rules.partnerships:
        owners = {d.square: d.owner for d in game.deeds}
        owners.update({sq: taker for sq in side.properties})
        owners.update({sq: giver for sq in other.properties})
        for name, streets in zip(game.board.group_names, game.board.groups, strict=True):
            if {owners[sq] for sq in streets} == {giver, taker} and rng.random() < 0.5:
                terms.append(Partnership(name))
    if rules.player_loans and rng.random() < 0.5:
        spare = game.cash_of(giver) - side.cash
        if spare > 0:
            terms.append(Loan(rng.randint(1, spare), rng.choice((0, 10, rng.randint(0, 100))),
                              game.round_number + rng.randint(1, 8)))
    return tuple(terms)
