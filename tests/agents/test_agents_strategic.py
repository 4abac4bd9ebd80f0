"""The strategic bot: its single judgements in set positions, and a short strength check."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from passgo.agents import BasicBot, StrategicBot, StrategicParams, make_agent, play
from passgo.agents.landing import landing_rates
from passgo.agents.strategic import PROFILES
from passgo.core import Bundle, Game, Rules, TradeOffer
from passgo.core.actions import (
    AcceptTrade,
    Bid,
    Build,
    Buy,
    EndTurn,
    Mortgage,
    Pass,
    PayJailFine,
    ProposeTrade,
    RejectTrade,
    Roll,
)
from passgo.tournament.match import play_match
from support import setup, sq

ORANGE = [sq("St. James Place"), sq("Tennessee Avenue"), sq("New York Avenue")]
GREEN = [sq("Pacific Avenue"), sq("North Carolina Avenue"), sq("Pennsylvania Avenue")]
DARK_BLUE = [sq("Park Place"), sq("Boardwalk")]


# -- landing rates ----------------------------------------------------------------------------


def test_landing_rates_come_from_the_board_and_cards() -> None:
    """Cards and "Go to Jail" make the squares after Jail the busiest: Illinois Avenue (a
    Chance card's target) is landed on more often than Mediterranean Avenue, and throwing for
    doubles in jail keeps a token off the board."""
    leave = landing_rates("us-classic", 3, "leave")
    stay = landing_rates("us-classic", 3, "stay")
    assert len(leave) == 40 and min(leave) >= 0
    assert leave[sq("Illinois Avenue")] > 1.4 * leave[sq("Mediterranean Avenue")]
    assert max(range(40), key=leave.__getitem__) == sq("Illinois Avenue")
    # More than one landing per turn (doubles, cards that move), fewer when staying in jail.
    assert 1 < sum(stay) < sum(leave) < 1.5
    assert landing_rates("us-classic", 3, "leave") is leave  # computed once
    with pytest.raises(ValueError):
        landing_rates("us-classic", 3, "sometimes")


# -- single decisions -------------------------------------------------------------------------


def test_buys_an_affordable_deed_early() -> None:
    g = setup(dice=[(1, 2)])  # Baltic Avenue
    g.apply(Roll(0))
    assert StrategicBot().act(g, 0) == Buy(0)


def test_bids_above_the_printed_price_for_a_deed_that_completes_its_group() -> None:
    g = setup(dice=[(1, 2)], owners={sq("Mediterranean Avenue"): 1}, cash=[1500, 1500])
    g.apply(Roll(0))
    g.apply(g.legal_actions(0)[-1])  # Ann declines Baltic Avenue: auction, Bob asked first
    bot = StrategicBot()
    g.apply(Bid(1, 61))
    g.apply(Bid(0, 80))
    assert g.pending.player == 1
    answer = bot.act(g, 1)
    assert isinstance(answer, Bid) and answer.amount > 80
    g.apply(Bid(1, 200))
    g.apply(Bid(0, 1400))
    assert bot.act(g, 1) == Pass(1)  # not at any price


def test_builds_on_the_group_that_pays_best_towards_three_houses() -> None:
    """With cash for a few houses, orange (the best rent per dollar up to three houses) is
    built before dark blue."""
    owners = {s: 0 for s in ORANGE + DARK_BLUE}
    g = setup(dice=[(4, 6)], owners=owners, cash=[900, 1500])
    g.apply(Roll(0))
    answer = StrategicBot().act(g, 0)
    assert isinstance(answer, Build) and answer.square in ORANGE


def test_keeps_a_reserve_against_built_up_opponents() -> None:
    hotels = {s: 5 for s in DARK_BLUE}
    owners = {**{s: 1 for s in DARK_BLUE}, **{s: 0 for s in ORANGE},
              sq("North Carolina Avenue"): 0}
    bot = StrategicBot()
    calm = setup(dice=[(4, 6)], owners={s: 0 for s in ORANGE}, cash=[600, 1500])
    tense = setup(dice=[(4, 6)], owners=owners, levels=hotels, cash=[600, 1500],
                  pos=[sq("Kentucky Avenue") + 1, 0])
    assert bot.reserve(calm, 0) == bot.params.reserve
    tense.apply(Roll(0))  # to North Carolina Avenue, five and seven squares before the hotels
    assert bot.reserve(tense, 0) > 1000
    assert bot.act(tense, 0) == EndTurn(0)  # no houses while Boardwalk's hotel is near


@pytest.mark.parametrize(("jail", "built", "expected"), [
    ("auto", False, PayJailFine(0)),  # early: leave and buy
    ("auto", True, Roll(0)),          # late: stay, throwing for doubles
    ("stay", False, Roll(0)),
    ("leave", True, PayJailFine(0)),
])
def test_jail_policy(jail: str, built: bool, expected: object) -> None:
    owners = {s: 1 for s in ORANGE + GREEN} if built else {}
    levels = {s: 5 for s in ORANGE + GREEN} if built else {}
    g = setup(jailed={0: 0}, owners=owners, levels=levels)
    assert StrategicBot(StrategicParams(jail=jail)).act(g, 0) == expected


def test_raises_money_where_it_loses_least() -> None:
    """Owing rent, it mortgages a Utility that earns little rather than sell houses."""
    owners = {**{s: 0 for s in ORANGE}, sq("Water Works"): 0, sq("Pennsylvania Railroad"): 1}
    g = setup(dice=[(1, 2)], owners=owners, levels={s: 3 for s in ORANGE}, cash=[0, 1500],
              pos=[sq("Pennsylvania Railroad") - 3, 0])
    g.apply(Roll(0))  # Pennsylvania Railroad: $25 rent, no cash
    assert g.pending.kind == "raise_funds"
    assert StrategicBot().act(g, 0) == Mortgage(0, sq("Water Works"))


def test_refuses_a_lopsided_offer_and_accepts_a_good_one() -> None:
    owners = {sq("Park Place"): 0, sq("Boardwalk"): 1, sq("Mediterranean Avenue"): 0,
              sq("Baltic Avenue"): 1}
    g = setup(owners=owners)
    bot = StrategicBot()
    # Bob asks for Park Place (his dark blue group) against Mediterranean (Ann's brown).
    lopsided = TradeOffer(1, 0, Bundle((sq("Baltic Avenue"),)), Bundle((sq("Park Place"),)))
    g.apply(ProposeTrade(1, lopsided))
    assert bot.act(g, 0) == RejectTrade(0)
    g.apply(RejectTrade(0))
    good = TradeOffer(1, 0, Bundle((sq("Boardwalk"),), cash=100),
                      Bundle((sq("Mediterranean Avenue"),)))
    g.apply(ProposeTrade(1, good))
    assert bot.act(g, 0) == AcceptTrade(0)


def test_proposes_a_fair_swap_and_does_not_repeat_a_refused_offer() -> None:
    """Ann lacks one orange street that Bob has; Bob lacks one brown street that Ann has.
    Ann offers the swap (with cash, as she values orange far above brown); a refusal is not
    followed by the same offer again and again."""
    owners = {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1,
              sq("Mediterranean Avenue"): 1, sq("Baltic Avenue"): 0}
    g = setup(dice=[(4, 6)], owners=owners)
    g.apply(Roll(0))
    bot = StrategicBot()
    answer = bot.act(g, 0)
    assert isinstance(answer, ProposeTrade)
    offer = answer.offer
    assert offer.responder == 1 and offer.get.properties == (ORANGE[2],)
    assert offer.give.properties == (sq("Baltic Avenue"),)
    g.apply(answer)
    g.apply(RejectTrade(1))
    assert bot.act(g, 0) == EndTurn(0)


def test_profiles_and_parameters_by_spec() -> None:
    assert set(PROFILES) >= {"strategic", "cautious", "aggressive", "homebody"}
    bot = make_agent("strategic:reserve=300,jail=stay")
    assert isinstance(bot, StrategicBot)
    assert bot.params == StrategicParams(reserve=300, jail="stay")
    assert bot.name == "strategic:reserve=300,jail=stay"
    cautious = make_agent("cautious:aggression=0.9")
    assert isinstance(cautious, StrategicBot)
    assert cautious.params.reserve == PROFILES["cautious"].reserve
    assert cautious.params.aggression == 0.9
    for bad, words in [("strategic:jail=sometimes", "jail must be"),
                       ("strategic:reserve=lots", "whole number"),
                       ("strategic:speed=3", "unknown option"),
                       ("strategic:reserve", "KEY=VALUE")]:
        with pytest.raises(ValueError, match=words):
            make_agent(bad)


# -- strength ---------------------------------------------------------------------------------


def test_beats_the_basic_bot_clearly_in_a_short_match() -> None:
    """A smoke test of strength: 120 two-player games against `basic`, seats alternating, a
    capped game counting as lost. The full measurement is benchmarks/strategic_strength.py."""
    wins = 0
    games = 120
    for seed in range(games):
        seat = seed % 2
        specs = ["strategic" if i == seat else "basic" for i in range(2)]
        wins += play_match(specs, seed, max_rounds=300).winner == seat
    assert wins / games > 0.58


SWITCHES = [f.name for f in fields(Rules) if isinstance(getattr(Rules(), f.name), bool)]


@pytest.mark.parametrize("switch", SWITCHES)
def test_plays_legally_under_every_rule_switch(switch: str) -> None:
    """Each on/off switch of the rules flipped in turn (house rules included): its judgement
    assumes the classic rules, but where a switch forbids what it would do it still answers
    legally (the play loop checks every action)."""
    rules = replace(Rules(), **{switch: not getattr(Rules(), switch)})
    game = Game.new(["S", "C", "A"], rules=rules, seed=2, max_rounds=60)
    play(game, [make_agent("strategic"), make_agent("cautious"), make_agent("aggressive")])
    assert game.over


def test_plays_whole_games_against_every_kind_of_bot() -> None:
    game = Game.new(["S", "B", "C", "R"], seed=11, max_rounds=200)
    play(game, [StrategicBot(), BasicBot(), make_agent("cautious"), make_agent("random", 3)])
    assert game.over
