"""Level 1's newcomer habits (issue 36: "a bot that makes human-sized mistakes"): each a
mistake people make in their first games, not a random move, and each said in its reason."""

from __future__ import annotations

from dataclasses import replace

import pytest

from passgo.agents import StrategicBot, make_agent
from passgo.agents.strategic import PROFILES, StrategicParams
from passgo.agents.strategic.reasons import SHUNNED
from passgo.core import (
    AcceptTrade,
    Bid,
    Build,
    Bundle,
    Buy,
    Decline,
    EndTurn,
    Pass,
    PayJailFine,
    ProposeTrade,
    Roll,
    TradeOffer,
)
from support import setup, sq

BEGINNER = PROFILES["beginner"]
ORANGE = [sq("St. James Place"), sq("Tennessee Avenue"), sq("New York Avenue")]
LIGHT_BLUE = [sq("Oriental Avenue"), sq("Vermont Avenue"), sq("Connecticut Avenue")]


def test_a_beginner_does_not_see_the_point_of_railroads() -> None:
    """Landing on Reading Railroad with $1,500, the club player buys it; the beginner leaves
    it to the auction and passes there too, saying it sees no point in railroads."""
    for spec, expected in (("level:club", Buy), ("level:beginner", Decline)):
        g = setup(dice=[(2, 3)])
        g.apply(Roll(0))
        assert g.pending.kind == "buy" and g.pending.square == sq("Reading Railroad")
        bot = make_agent(spec, 0)
        assert isinstance(bot, StrategicBot)
        action = bot.act(g, 0)
        assert isinstance(action, expected)
        if expected is Decline:
            assert bot.explain(g, 0, action) == SHUNNED
            g.apply(action)
            g.apply(Bid(1, 10))  # Bob opens the auction at $10
            assert g.pending.kind == "bid" and g.pending.player == 0
            assert bot.act(g, 0) == Pass(0)
            assert bot.explain(g, 0, Pass(0)) == SHUNNED


def test_a_beginner_pays_to_leave_jail_at_once() -> None:
    """In jail with orange and green hotels on the board, the club player stays and throws
    for doubles; the beginner pays the fine at once."""
    owners = {s: 1 for s in ORANGE}
    levels = {s: 5 for s in ORANGE}
    assert make_agent("level:club", 0).act(setup(jailed={0: 0}, owners=owners, levels=levels),
                                           0) == Roll(0)
    assert make_agent("level:beginner", 0).act(
        setup(jailed={0: 0}, owners=owners, levels=levels), 0) == PayJailFine(0)


def test_a_beginner_builds_only_with_a_large_cushion() -> None:
    """With the light blue group and $650 at Just Visiting, the same player builds a house
    without a cushion and keeps the cash with the beginner's $300 cushion."""
    owners = {s: 0 for s in LIGHT_BLUE}
    plain = StrategicParams(reserve=400)
    for params, builds in ((plain, True), (replace(plain, build_cushion=300), False)):
        g = setup(dice=[(4, 6)], cash=[650, 1500], owners=owners)
        g.apply(Roll(0))
        action = StrategicBot(params).act(g, 0)
        assert isinstance(action, Build) if builds else action == EndTurn(0)


def test_a_beginner_looks_for_trades_one_round_in_four() -> None:
    """Ann lacks one orange street that Bob has, and Bob one brown street that Ann has: the
    strategic bot proposes a deal in any round; with `offer_every=4` only in rounds 0, 4, 8."""
    owners = {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1,
              sq("Mediterranean Avenue"): 1, sq("Baltic Avenue"): 0}
    for every, turns, proposes in ((1, 2, True), (4, 2, False), (4, 6, False), (4, 8, True)):
        g = setup(dice=[(4, 6)], owners=owners, turns=turns)
        g.apply(Roll(0))
        action = StrategicBot(StrategicParams(offer_every=every)).act(g, 0)
        assert isinstance(action, ProposeTrade) == proposes, (every, turns)


def test_a_beginner_sells_for_cash_at_face_value() -> None:
    """Bob offers cash for New York Avenue, the street that completes his orange group: the
    strategic bot refuses $300 (1.5 times the $200 printed price); the beginner takes it and
    says the price is good, but not $290; no deed goes below its printed price this way."""
    owners = {ORANGE[0]: 1, ORANGE[1]: 1, ORANGE[2]: 0}
    for params, cash, takes in ((StrategicParams(), 300, False), (BEGINNER, 300, True),
                                (BEGINNER, 290, False)):
        g = setup(owners=owners, to_move=1)
        g.apply(ProposeTrade(1, TradeOffer(1, 0, Bundle((), cash), Bundle((ORANGE[2],)))))
        bot = StrategicBot(params)
        action = bot.act(g, 0)
        assert (action == AcceptTrade(0)) == takes, (params, cash)
        if takes:
            assert bot.explain(g, 0, action).startswith("$300 is a good price")
    with pytest.raises(ValueError, match="face_value"):  # it would sell below the price
        StrategicParams(face_value=0.9)
