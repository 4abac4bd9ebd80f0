"""The manners of the bots' trading (issue 36): no offer gives nothing; a deed that completes
the buyer's group is not sold, mortgaged or not, below its printed price and what it adds to
the buyer; no group for the leader at a price that leaves it stronger; refusals are forgotten
in time, and a refused deal comes back only on better terms."""

from __future__ import annotations

from itertools import pairwise

import pytest

from passgo.agents import StrategicBot, make_agent, play, trading
from passgo.agents.manners import Manners, give_away
from passgo.agents.strategic import valuers
from passgo.agents.strategic.negotiation import FORGET_TURNS, RETRY_TURNS
from passgo.agents.valuation import Position
from passgo.core import (
    AcceptTrade,
    Bundle,
    Game,
    ProposeTrade,
    RejectTrade,
    Roll,
    Rules,
    TradeOffer,
)
from support import setup, sq

ORANGE = [sq("St. James Place"), sq("Tennessee Avenue"), sq("New York Avenue")]
RED = [sq("Kentucky Avenue"), sq("Indiana Avenue"), sq("Illinois Avenue")]
GREEN = [sq("Pacific Avenue"), sq("North Carolina Avenue"), sq("Pennsylvania Avenue")]
MEDITERRANEAN, BALTIC = sq("Mediterranean Avenue"), sq("Baltic Avenue")


def test_offers_give_something_and_purchases_pay_at_least_the_mortgage_value() -> None:
    """Ann lacks New York Avenue (mortgaged or not) for her orange group: whatever she offers
    Bob gives him something, and cash alone for a deed is at least what Bob could raise by
    mortgaging it ($100), or $5 for a deed already mortgaged."""
    for mortgaged in ([], [ORANGE[2]]):
        g = setup(("Ann", "Bob"), owners={ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1},
                  mortgaged=mortgaged, dice=[(4, 6)])
        g.apply(Roll(0))
        bot = StrategicBot()
        offers = []
        while isinstance(answer := bot.act(g, 0), ProposeTrade):
            offers.append(answer.offer)
            g.apply(answer)
            g.apply(RejectTrade(1))
        assert offers
        for offer in offers:
            assert not trading.gives_nothing(offer)
            if not offer.give.properties:
                least = 5 if mortgaged else g.board.squares[ORANGE[2]].mortgage
                assert offer.give.cash >= least


def test_a_mortgaged_deed_that_completes_a_group_is_not_sold_cheaply() -> None:
    """At a table of four, Bob holds two orange streets and Ann's New York Avenue is
    mortgaged: it is still worth more than its printed price to Bob (its floor counts it
    lifted), and $100 or $1,000 for it is refused with that reason, where the floor of a
    mortgaged deed used to be nothing."""
    g = setup(("Ann", "Bob", "Cy", "Dee"),
              owners={ORANGE[0]: 1, ORANGE[1]: 1, ORANGE[2]: 0, **{s: 2 for s in RED},
                      **{s: 0 for s in GREEN}},
              mortgaged=[ORANGE[2]], levels={s: 3 for s in RED}, cash=[500, 1500, 1500, 1500])
    pos = Position.of(g)
    floor = trading.group_floor(pos, valuers(g.rules)[1], (ORANGE[2],), 1)
    assert floor > g.deed_price(ORANGE[2])
    assert trading.group_floor(pos, valuers(g.rules)[1], (ORANGE[2],), 2) == 0  # Cy: no group
    for cash in (100, 1000):
        trial = g.copy()
        trial.apply(ProposeTrade(1, TradeOffer(1, 0, Bundle((), cash), Bundle((ORANGE[2],)))))
        answer = StrategicBot().act(trial, 0)
        assert isinstance(answer, RejectTrade)
        assert f"it would complete Bob's orange group, which I sell for no less than ${floor:,}" \
            in answer.reason


def test_never_sells_a_group_completing_deed_below_its_floor_in_its_own_offers() -> None:
    """Ann has two orange streets and Bob's New York Avenue is mortgaged, and Bob holds
    Ann's missing brown street: none of Bob's offers sells New York Avenue to her for less
    than its floor, however often she refuses."""
    owners = {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1, MEDITERRANEAN: 1, BALTIC: 0}
    for t in range(0, 200, 40):
        g = setup(("Ann", "Bob", "Cy"), owners=owners, mortgaged=[ORANGE[2]], dice=[(4, 6)],
                  to_move=1, turns=t + 1)
        g.apply(Roll(1))
        bot = StrategicBot()
        while isinstance(answer := bot.act(g, 1), ProposeTrade):
            offer = answer.offer
            assert trading.short_of_floor(Position.of(g), valuers(g.rules)[1], offer.give,
                                          offer.get, offer.responder) == 0
            assert give_away(g, offer) < 0
            g.apply(answer)
            g.apply(RejectTrade(offer.responder))


def test_no_group_for_the_leader_at_a_price_that_leaves_it_stronger() -> None:
    """Ann leads (red with three houses, two railroads) and offers Bob Mediterranean Avenue
    (his brown group) and $2,000 for New York Avenue (her orange group). By Bob's own count
    the price pays him, but Ann comes out stronger still: he refuses and says why."""
    owners = {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1, **{s: 0 for s in RED}, MEDITERRANEAN: 0,
              sq("Reading Railroad"): 0, sq("Short Line"): 0, BALTIC: 1,
              sq("Vermont Avenue"): 2}
    g = setup(("Ann", "Bob", "Cy"), owners=owners, levels={s: 3 for s in RED},
              cash=[2500, 900, 900])
    g.apply(ProposeTrade(0, TradeOffer(0, 1, Bundle((MEDITERRANEAN,), 2000),
                                       Bundle((ORANGE[2],)))))
    bot = StrategicBot()
    offer = g.pending.offer  # type: ignore[attr-defined]
    weighed = bot._negotiator.weigh(g, Position.of(g), 1, offer)
    assert weighed.clears >= 0 and weighed.verdict.other > 0  # good for Bob, better for Ann
    answer = bot.act(g, 1)
    assert isinstance(answer, RejectTrade)
    assert "Ann is leading: no price makes that good" in answer.reason


def test_refusals_are_forgotten_and_a_refused_deal_returns_on_better_terms() -> None:
    """Heads-up, Ann lacks New York Avenue and Bob refuses every offer. Her offers for it
    come back every so often, long after two refusals (refusals are forgotten, one every
    `FORGET_TURNS` turns), and each offers Bob more than the one he refused before."""
    bot = StrategicBot()
    asked: list[tuple[int, int]] = []
    gap = max(RETRY_TURNS, FORGET_TURNS) + 6
    for t in range(10, 10 + 5 * gap, gap):
        g = setup(("Ann", "Bob"), owners={ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1},
                  dice=[(4, 6)], turns=t)
        g.apply(Roll(0))
        while isinstance(answer := bot.act(g, 0), ProposeTrade):
            offer = answer.offer
            if offer.get.properties == (ORANGE[2],) and not offer.give.properties:
                asked.append((t, offer.give.cash - offer.get.cash))
            g.apply(answer)
            g.apply(RejectTrade(1))
    assert [t for t, _ in asked] == list(range(10, 10 + 5 * gap, gap))
    cash = [x for _, x in asked]
    assert all(later > earlier for earlier, later in pairwise(cash))


@pytest.mark.parametrize("specs", [("strategic",) * 4, ("strategic", "strategic"),
                                   ("strategic", "random", "basic", "aggressive")])
def test_seeded_games_have_no_give_away_sales_and_no_gives_nothing_offers(
        specs: tuple[str, ...]) -> None:
    """Over whole seeded games, the strategic bots (and their profiles) make no offer that
    gives nothing and sell no group-completing deed below its printed price (a random bot
    accepts anything, and its own offers are not counted)."""
    seats = [i for i, spec in enumerate(specs) if spec != "random"]
    manners = Manners(seats)
    for seed in range(4):
        g = Game.new([f"P{i}" for i in range(len(specs))], Rules.classic(), seed=seed,
                     max_rounds=300)
        play(g, [make_agent(spec, seed) for spec in specs], observe=manners.observer(g))
    assert manners.offers > 0
    assert (manners.gives_nothing, manners.give_aways) == (0, 0), manners.seen


def test_counts_a_give_away_sale_and_a_gives_nothing_offer() -> None:
    """The counter itself: $40 for New York Avenue, which completes Bob's orange group, is a
    give-away sale once accepted; an offer asking for a deed and giving nothing counts too."""
    g = setup(("Ann", "Bob"), owners={ORANGE[0]: 1, ORANGE[1]: 1, ORANGE[2]: 0})
    manners = Manners()
    watch = manners.observer(g)
    for action in (ProposeTrade(1, TradeOffer(1, 0, Bundle(), Bundle((ORANGE[2],)))),
                   RejectTrade(0),
                   ProposeTrade(1, TradeOffer(1, 0, Bundle((), 40), Bundle((ORANGE[2],)))),
                   AcceptTrade(0)):
        watch(action, g.apply(action))
    assert (manners.offers, manners.gives_nothing, manners.give_aways) == (2, 1, 1)
