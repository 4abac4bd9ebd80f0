"""The strategic bot: its single judgements in set positions, and a short strength check."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import fields, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from passgo.agents import BasicBot, StrategicBot, StrategicParams, make_agent, play
from passgo.agents.landing import landing_rates
from passgo.agents.strategic import PROFILES
from passgo.agents.strategic.negotiation import FREE_REFUSALS, MAX_PAUSE_TURNS, PAUSE_TURNS
from passgo.agents.valuation import Holding, Valuer
from passgo.core import Game, Rules
from passgo.core.actions import (
    Action,
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
    Sell,
)
from passgo.core.rules import PRESETS
from passgo.tournament.match import play_match
from support import setup, sq
from test_invariants import NAMES, rules_variants

ORANGE = [sq("St. James Place"), sq("Tennessee Avenue"), sq("New York Avenue")]
GREEN = [sq("Pacific Avenue"), sq("North Carolina Avenue"), sq("Pennsylvania Avenue")]
DARK_BLUE = [sq("Park Place"), sq("Boardwalk")]
RED = [sq("Kentucky Avenue"), sq("Indiana Avenue"), sq("Illinois Avenue")]
BROWN = [sq("Mediterranean Avenue"), sq("Baltic Avenue")]


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


def test_a_board_read_in_a_smaller_game_is_not_taken_for_a_larger_one() -> None:
    """Bots of one process share the boards they read (by owners, buildings and mortgages):
    a board first read in a two-player game must still give the third and fourth seats of a
    four-player game the rents they would walk into. With hotels on the orange and green
    groups, the jailed fourth player stays in jail (throws for doubles), as alone."""
    owners = {s: 0 for s in ORANGE + GREEN}
    levels = {s: 5 for s in ORANGE + GREEN}
    bot = StrategicBot()
    assert bot.act(setup(jailed={1: 0}, owners=owners, levels=levels, to_move=1), 1) == Roll(1)
    four = setup(("Ann", "Bob", "Cid", "Dee"), jailed={3: 0}, owners=owners, levels=levels,
                 to_move=3)
    assert bot.act(four, 3) == Roll(3)


def test_raises_money_where_it_loses_least() -> None:
    """Owing rent, it mortgages a Utility that earns little rather than sell houses."""
    owners = {**{s: 0 for s in ORANGE}, sq("Water Works"): 0, sq("Pennsylvania Railroad"): 1}
    g = setup(dice=[(1, 2)], owners=owners, levels={s: 3 for s in ORANGE}, cash=[0, 1500],
              pos=[sq("Pennsylvania Railroad") - 3, 0])
    g.apply(Roll(0))  # Pennsylvania Railroad: $25 rent, no cash
    assert g.pending.kind == "raise_funds"
    assert StrategicBot().act(g, 0) == Mortgage(0, sq("Water Works"))


def test_raises_funds_in_the_cheapest_order() -> None:
    """$500 rent with $100 in hand: first the mortgages of deeds that earn little (Oriental
    Avenue alone, Water Works), then the houses of the group that earns least (brown), and
    the houses of orange, which earns most, last."""
    owners = {**{s: 0 for s in ORANGE + BROWN}, sq("Water Works"): 0,
              sq("Oriental Avenue"): 0, **{s: 1 for s in DARK_BLUE}}
    levels = {s: 2 for s in ORANGE + BROWN + DARK_BLUE}
    g = setup(owners=owners, levels=levels, cash=[100, 1500], pos=[DARK_BLUE[0] - 3, 0],
              dice=[(1, 2)])
    g.apply(Roll(0))  # Park Place with two houses: $500
    assert g.pending.kind == "raise_funds"
    bot = StrategicBot()
    steps = []
    while g.pending.kind == "raise_funds":
        action = bot.act(g, 0)
        g.apply(action)
        steps.append(action)
    assert g.pending.kind == "end_turn" and g.cash_of(0) >= 0
    assert set(steps[:2]) == {Mortgage(0, sq("Oriental Avenue")), Mortgage(0, sq("Water Works"))}
    sales = [a.square for a in steps if isinstance(a, Sell)]
    assert sales and set(sales[:4]) == set(BROWN)  # brown's four houses before orange's
    assert all(s in ORANGE for s in sales[4:])


def test_does_not_build_below_its_reserve() -> None:
    """With orange complete and $1,000, it builds while its cash stays above the reserve
    the rents ahead call for, and no further: with Bob's red group built up a few throws
    ahead it keeps enough not to have to sell the houses again."""
    owners = {**{s: 0 for s in ORANGE}, **{s: 1 for s in RED}}
    for levels, builds in (({}, True), ({s: 3 for s in RED}, False)):
        g = setup(owners=owners, levels=levels, cash=[1000, 1500], dice=[(4, 6)])
        g.apply(Roll(0))  # Just Visiting: red is three to five throws ahead
        bot = StrategicBot()
        built = 0
        while (action := bot.act(g, 0)) != EndTurn(0):
            assert isinstance(action, Build)
            g.apply(action)
            built += 1
            assert g.cash_of(0) >= bot.reserve(g, 0)
        assert (built > 0) is builds
        assert g.cash_of(0) - 100 < bot.reserve(g, 0)  # one more house would go below it


def test_makes_offers_without_repeating_a_refused_one() -> None:
    """Ann lacks one orange street that Bob has; Bob lacks one brown street that Ann has.
    Ann offers a deal for New York Avenue; a refusal is not followed by the same offer
    again, and she makes at most two offers a turn."""
    owners = {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1,
              sq("Mediterranean Avenue"): 1, sq("Baltic Avenue"): 0}
    g = setup(dice=[(4, 6)], owners=owners)
    g.apply(Roll(0))
    bot = StrategicBot()
    offers = []
    while isinstance(answer := bot.act(g, 0), ProposeTrade):
        assert answer.offer.responder == 1 and answer.offer.get.properties == (ORANGE[2],)
        offers.append(answer.offer)
        g.apply(answer)
        g.apply(RejectTrade(1))
    assert answer == EndTurn(0)
    assert 1 <= len(offers) <= 2 and len(set(offers)) == len(offers)


class _NaySayer:
    """Refuses every offer; otherwise plays as the basic bot."""

    name = "naysayer"

    def __init__(self) -> None:
        self._basic = BasicBot()

    def act(self, game: Game, player: int) -> Action:
        if game.pending.kind == "trade_reply":
            return RejectTrade(player, "no")
        return self._basic.act(game, player)


def test_leaves_a_player_who_keeps_refusing_alone_for_longer_and_longer() -> None:
    """A player who refused two offers of a kind in a row (offers giving it deeds, or offers
    giving none) is offered nothing of that kind for `PAUSE_TURNS` turns after the last
    refusal, and the pause doubles with each further refusal up to `MAX_PAUSE_TURNS`: a
    person who keeps saying no is not asked every turn."""
    for seed in range(3):
        g = Game.new(NAMES[:4], Rules.classic(), seed=seed, max_rounds=300)
        refusals: dict[tuple[int, bool], list[int]] = {}
        asked: list[tuple[int, bool]] = []

        def seen(action: Action, events: object, g: Game = g,
                 refusals: dict[tuple[int, bool], list[int]] = refusals,
                 asked: list[tuple[int, bool]] = asked) -> None:
            if isinstance(action, ProposeTrade):
                asked[:] = [(action.offer.responder, bool(action.offer.give.properties))]
            elif isinstance(action, RejectTrade):
                refusals.setdefault(asked[0], []).append(g.turn_number)

        play(g, [StrategicBot(), _NaySayer(), _NaySayer(), _NaySayer()], observe=seen)
        assert sum(map(len, refusals.values())) >= 8  # offers were made and refused
        for turns in refusals.values():
            for k in range(FREE_REFUSALS, len(turns)):
                pause = min(MAX_PAUSE_TURNS, PAUSE_TURNS << (k - FREE_REFUSALS))
                assert turns[k] - turns[k - 1] >= pause, (seed, k, turns)


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
    assert wins / games > 0.8


SWITCHES = [f.name for f in fields(Rules) if isinstance(getattr(Rules(), f.name), bool)]
# Switches that are a variation of another option, with the value that option then needs.
NEEDS: dict[str, dict[str, object]] = {"double_board_local_cards": {"double_board": "go"}}


@pytest.mark.parametrize("switch", SWITCHES)
def test_plays_legally_under_every_rule_switch(switch: str) -> None:
    """Each on/off switch of the rules flipped in turn (house rules included): its judgement
    assumes the classic rules, but where a switch forbids what it would do it still answers
    legally (the play loop checks every action)."""
    rules = replace(Rules(), **{switch: not getattr(Rules(), switch)}, **NEEDS.get(switch, {}))
    game = Game.new(["S", "C", "A"], rules=rules, seed=2, max_rounds=60)
    play(game, [make_agent("strategic"), make_agent("cautious"), make_agent("aggressive")])
    assert game.over


def test_plays_whole_games_against_every_kind_of_bot() -> None:
    game = Game.new(["S", "B", "C", "R"], seed=11, max_rounds=200)
    play(game, [StrategicBot(), BasicBot(), make_agent("cautious"), make_agent("random", 3)])
    assert game.over


PROFILE_SEATS = ["strategic", "cautious", "aggressive", "dealer", "homebody"]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_answers_legally_under_every_preset(preset: str) -> None:
    """The strategic bot and every profile around one table, under each preset, to the end
    of the game or a round cap: every answer is legal (the loop checks each one)."""
    for seed in range(3):
        game = Game.new(PROFILE_SEATS, rules=Rules.preset(preset), seed=seed, max_rounds=80)
        play(game, [make_agent(spec) for spec in PROFILE_SEATS])
        assert game.over


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), rules=rules_variants(),
       seats=st.lists(st.sampled_from(PROFILE_SEATS), min_size=2, max_size=6))
def test_answers_legally_under_random_rule_mixes(seed: int, rules: Rules,
                                                 seats: list[str]) -> None:
    """Random mixes of every rules option (as the invariant tests draw them: house rules,
    double hotels, no mortgages, loans, sealed bids, ...): legal answers throughout, and the
    same game from the same seed."""
    def game() -> Game:
        g = Game.new(list(NAMES[:len(seats)]), rules=rules, seed=seed, order="given",
                     max_rounds=25)
        return play(g, [make_agent(spec) for spec in seats])

    first = game()
    assert first.over
    assert game().history == first.history


def test_reads_double_hotels() -> None:
    """Under double hotels a street may carry a hotel and houses, or two hotels (levels 6-10,
    past the end of the printed rents): the bot's reserve, building and fund raising read
    them through the rules' own rent (this raised IndexError before)."""
    rules = Rules().with_options(double_hotels=True, houses_per_hotel=4)
    owners = {**{s: 1 for s in ORANGE}, **{s: 0 for s in RED}}
    g = setup(rules=rules, owners=owners, levels={ORANGE[0]: 7, ORANGE[1]: 7, ORANGE[2]: 6,
                                                    RED[0]: 6, RED[1]: 6, RED[2]: 6},
              cash=[100, 1500], dice=[(4, 5)], pos=[sq("St. James Place") - 9, 0])
    bot = StrategicBot()
    assert bot.reserve(g, 0) > 1000
    g.apply(Roll(0))  # St. James Place: a hotel and two houses
    assert g.pending.kind == "raise_funds"
    while g.pending.kind == "raise_funds":
        g.apply(bot.act(g, 0))


@pytest.mark.parametrize("seed", range(4))
def test_answers_legally_with_double_hotels(seed: int) -> None:
    """Whole games under double hotels, random bots building past the hotel: legal answers
    throughout."""
    rules = Rules().with_options(double_hotels=True, houses_per_hotel=4)
    game = Game.new(["S", "R1", "R2", "C"], rules=rules, seed=seed, max_rounds=300)
    agents = [make_agent("strategic"), make_agent("random:business_rate=0.6", seed),
              make_agent("random:business_rate=0.6", seed + 1), make_agent("cautious")]
    play(game, agents)
    assert game.over


@settings(max_examples=300, deadline=None)
@given(
    steps=st.lists(st.floats(0, 400), max_size=12),
    futures=st.lists(st.integers(-500, 2000), min_size=1, max_size=4),
    cash=st.floats(-300, 3000),
)
def test_income_counts_the_building_steps_each_future_pays_for(
        steps: list[float], futures: list[int], cash: float) -> None:
    """The valuation's rent after building: with each amount of future cash, the building
    steps the cash then pays for (the most whose cumulative cost it reaches), whatever the
    order of the futures (rising, falling, repeated) and with steps that cost nothing."""
    costs, total = [], 0.0
    for step in steps:
        total += step
        costs.append(total)
    gains = tuple(float(3 * k + 1) for k in range(len(costs)))
    valuer = Valuer(Rules(), 40, futures[0], futures[1:])
    holding = Holding(0.0, 2.5, 1.5, tuple(costs), gains, ())
    income = spent = 0.0
    for future in futures:  # the definition, step by step
        k = bisect_right(costs, cash + future)
        income += 4.0 + (gains[k - 1] if k else 0.0)
        spent += costs[k - 1] if k else 0.0
    assert valuer.income(holding, cash) == (income / len(futures), spent / len(futures))
