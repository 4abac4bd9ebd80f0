"""Offers from players the bots do not know: people, protocol bots and bots written elsewhere
propose whatever the rules allow. Every bot answers every legal offer legally, in any state of
a game, and a refusal says why in one short line the terminal can show."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from passgo.agents import BasicBot, make_agent, play
from passgo.agents.base import REASON_LIMIT
from passgo.core import (
    Action,
    Bundle,
    CounterTrade,
    Game,
    ProposeTrade,
    RejectTrade,
    Rules,
    TradeOffer,
)
from passgo.core.board import DECK_NAMES

BOTS = ["basic", "strategic", "cautious", "aggressive", "dealer", "homebody",
        "expert:rollouts=1,horizon=1", "random"]
RULES = {
    "classic": Rules.classic(),
    "double hotels, bank loans": Rules.classic().with_options(double_hotels=True,
                                                              bank_loans=True),
}


def game_after(rules: Rules, seed: int, steps: int) -> Game:
    """A game of four basic bots stopped after `steps` of their actions, at the end of a
    turn (when a player may propose a trade), or at its end if it ended first."""
    g = Game.new(["Ann", "Bob", "Cy", "Dee"], rules, seed, max_rounds=200)
    play(g, [BasicBot() for _ in range(4)], max_steps=steps)
    while not g.over and g.pending.kind != "end_turn":
        play(g, [BasicBot() for _ in range(4)], max_steps=1)
    return g


@st.composite
def offers(draw: st.DrawFn, g: Game) -> TradeOffer:
    """Any offer the rules allow from the player whose turn ends to another player: deeds
    each may trade, cash each holds, Get Out of Jail Free cards each holds."""
    me = g.pending_player
    others = [p for p in range(g.n) if p != me and g.in_game(p)]
    other = draw(st.sampled_from(others))

    def side(p: int) -> Bundle:
        limits = g.trade_limits(p)
        deeds = draw(st.lists(st.sampled_from(limits.deeds), unique=True, max_size=4)
                     if limits.deeds else st.just([]))
        cash = draw(st.integers(0, max(0, limits.cash)))
        held = tuple(DECK_NAMES.index(d) for d in g.player(p).jail_cards)
        cards = draw(st.sampled_from([(), held[:1], held]))
        return Bundle(tuple(sorted(deeds)), cash, cards)

    return TradeOffer(me, other, side(me), side(other))


@pytest.mark.parametrize("rules", list(RULES.values()), ids=list(RULES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(40, 900), bot=st.sampled_from(BOTS),
       data=st.data())
def test_every_bot_answers_every_legal_offer_legally(rules: Rules, seed: int, steps: int,
                                                     bot: str, data: st.DataObject) -> None:
    g = game_after(rules, seed, steps)
    if g.over:
        return
    offer = data.draw(offers(g))
    if g.trade_problem(offer) is not None:
        return  # (an empty offer, a side that would leave its debts unpaid, ...)
    g.apply(ProposeTrade(offer.proposer, offer))
    responder = offer.responder
    answer: Action = make_agent(bot, seed).act(g, responder)
    assert g.is_legal(answer), f"{bot} answered {answer.text()!r} to {offer.text()!r}"
    if isinstance(answer, RejectTrade) and bot != "random":
        reason = answer.reason
        assert reason and "\n" not in reason and len(reason) <= REASON_LIMIT, reason
    if isinstance(answer, CounterTrade):
        assert answer.offer.responder == offer.proposer
    g.apply(answer)
