"""`Game.trade_limits` keeps its documented contract: for an offer of deeds and cash only,
`trade_problem` is None exactly when the offer is within both sides' limits (deeds among the
side's `deeds`, cash at most its `cash`, a side giving deeds keeping at least its `keep`) and
the two players may trade at all, which is the same answer for every offer within the limits.
An offer that hands over a mortgaged deed is legal only within the limits too, but may be refused
within them: its receiver must be able to pay the interest at once (the scenario tests of
tests/rules/test_mortgage_interest_at_once.py check that rule). Checked on states of many
seeded games under random house-rule mixes, with random offers around the limits' edges."""

from __future__ import annotations

import random
from collections.abc import Iterator

from passgo import Game, Rules
from passgo.core import Bundle, ProposeTrade, TradeLimits, TradeOffer
from support import load_fuzz


def _within(game: Game, offer: TradeOffer, limits: list[TradeLimits]) -> bool:
    a, b = offer.proposer, offer.responder
    give, get = offer.give, offer.get
    held_a = game.cash_of(a) - give.cash + get.cash
    held_b = game.cash_of(b) - get.cash + give.cash
    return (set(give.properties) <= set(limits[a].deeds)
            and set(get.properties) <= set(limits[b].deeds)
            and give.cash <= limits[a].cash and get.cash <= limits[b].cash
            and (not give.properties or held_a >= limits[a].keep)
            and (not get.properties or held_b >= limits[b].keep))


def _cash(rng: random.Random, game: Game, payer: int, other: int,
          limits: list[TradeLimits]) -> int:
    """An amount near an edge of the limits: the payer's `cash`, the cash that leaves the
    payer (or the other side) just at its `keep`, or anything up to the cash held."""
    mine, theirs = limits[payer], limits[other]
    edges = [0, mine.cash, mine.cash + 1, game.cash_of(payer) - mine.keep,
             theirs.keep - game.cash_of(other), theirs.keep - game.cash_of(other) - 1,
             rng.randint(0, max(0, game.cash_of(payer)))]
    return max(0, rng.choice(edges))


def _offers(rng: random.Random, game: Game, a: int, b: int,
            limits: list[TradeLimits]) -> Iterator[TradeOffer]:
    owned = {p: [sq for sq in game.board.properties if game.owner_of(sq) == p] for p in (a, b)}
    for _ in range(6):
        give = rng.sample(owned[a], min(len(owned[a]), rng.randint(0, 2)))
        get = rng.sample(owned[b], min(len(owned[b]), rng.randint(0, 2)))
        if rng.random() < 0.1 and owned[b]:
            give.append(rng.choice(owned[b]))  # a deed the giver does not own
        offer = TradeOffer(a, b, Bundle(tuple(give), _cash(rng, game, a, b, limits)),
                           Bundle(tuple(get), _cash(rng, game, b, a, limits)))
        if not offer.give.empty or not offer.get.empty:
            yield offer


def test_trade_problem_follows_the_trade_limits() -> None:
    fuzz = load_fuzz()
    rng = random.Random(7)
    within_legal = outside = debts = reserved = refused_pairs = 0
    for seed in range(14):
        _, rules = fuzz.draw_rules(rng)
        if seed % 3 == 0:
            rules = Rules.classic()
        game = Game.new([f"p{i}" for i in range(2 + seed % 4)], rules, seed, max_rounds=150)
        for step in range(900):
            if game.over:
                break
            if step % 10 == 0 or game.pending.kind == "raise_funds":
                limits = [game.trade_limits(p) for p in range(game.n)]
                debts += any(lim.keep > 0 for lim in limits)
                reserved += any(lim.cash < game.cash_of(p) for p, lim in enumerate(limits))
                for a in range(game.n):
                    for b in range(game.n):
                        if a == b:
                            continue
                        answers: set[bool] = set()
                        for offer in _offers(rng, game, a, b, limits):
                            legal = game.trade_problem(offer) is None
                            mortgaged = any(game.is_mortgaged(sq) for sq in
                                            offer.give.properties + offer.get.properties)
                            if _within(game, offer, limits):
                                if not mortgaged:
                                    answers.add(legal)
                                within_legal += legal
                            else:
                                assert not legal, offer
                                outside += 1
                        assert len(answers) <= 1, (a, b, game.pending)
                        refused_pairs += answers == {False}
            player = game.pending_player
            actions = game.legal_actions(player)
            if rng.random() < 0.15:  # trades too, for their frames and the deeds they move
                offer = next(_offers(rng, game, player, (player + 1) % game.n,
                                     [game.trade_limits(p) for p in range(game.n)]), None)
                if offer is not None and game.trade_problem(offer) is None:
                    actions = [ProposeTrade(player, offer)]
            game.apply(rng.choice(actions))
    # The states reach every part of the limits: legal offers, refused ones, debts, cash kept
    # back for a winning bid, and pairs of players who may not trade at all.
    assert within_legal > 500 and outside > 500
    assert debts > 10 and reserved > 10 and refused_pairs > 100
