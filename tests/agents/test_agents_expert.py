"""The expert (search) bot: legal answers under every preset, reproducibility under a seed,
the search never touching the real game, and the moves it should find in set positions.

Every test fixes the number of rollouts (`rollouts=N`): wall-clock budgets are not
reproducible. The strength measurement is benchmarks/expert_strength.py."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from passgo.agents import ExpertBot, ExpertParams, StrategicBot, make_agent, play
from passgo.agents.expert import completing_offers, selling_offers
from passgo.agents.search import (
    Candidate,
    PolicyFactory,
    RolloutStrategic,
    Scorer,
    mix,
    play_out,
    rollout,
    search,
)
from passgo.core import (
    AcceptTrade,
    Action,
    Bid,
    Bundle,
    Buy,
    BuyDecision,
    Decline,
    EndTurn,
    Game,
    Pass,
    ProposeTrade,
    RejectTrade,
    Roll,
    Rules,
    TradeOffer,
)
from passgo.core.rules import PRESETS
from support import WRONG_TYPE, setup, sq

ORANGE = [sq("St. James Place"), sq("Tennessee Avenue"), sq("New York Avenue")]
FAST = "expert:rollouts=2,horizon=2"


class Spy:
    """Counts the kinds of decision an agent answers."""

    def __init__(self, agent: ExpertBot, kinds: Counter[str]) -> None:
        self.agent = agent
        self.name = agent.name
        self.kinds = kinds

    def act(self, game: Game, player: int) -> Action:
        self.kinds[game.pending.kind] += 1
        return self.agent.act(game, player)


def _expert(spec: str = FAST, seed: int = 0) -> ExpertBot:
    bot = make_agent(spec, seed)
    assert isinstance(bot, ExpertBot)
    return bot


# -- the spec ---------------------------------------------------------------------------------


def test_spec_and_options() -> None:
    bot = _expert("expert:ms=50,rollouts=3,horizon=4,policy=basic,confidence=1.5", seed=7)
    assert bot.params == ExpertParams(ms=50, rollouts=3, horizon=4, policy="basic",
                                      confidence=1.5)
    assert bot.seed == 7 and bot.name.startswith("expert:")
    assert _expert("expert").params == ExpertParams()
    for bad, words in [("expert:policy=psychic", "policy must be"),
                       ("expert:ms=fast", "whole number"),
                       ("expert:rollouts=-1", "rollouts must be"),
                       ("expert:depth=3", "unknown option")]:
        with pytest.raises(ValueError, match=words):
            make_agent(bad)


# -- legal answers ----------------------------------------------------------------------------

HOUSE_RULES = replace(Rules(), auction="vickrey", travelling_railroads="owner_may_forbid",
                      optional_card_draw=True, jail_lawyer=50, foreclosure=True,
                      option_to_auction=True, bank_loans=True, free_parking_jackpot=True)
MORE_HOUSE_RULES = replace(Rules(), auction="closed", order_auction=True,
                           maximum_punishment=True, tax_man=True, dice="choice",
                           jail_card_after_third_throw=True, no_mortgaging=True)


def test_answers_every_decision_legally_under_presets_and_house_rules() -> None:
    """Short games (checked: an illegal answer raises) under every preset and two bundles of
    house rules, against the strategic and the basic bot; together they bring most kinds of
    decision to the expert."""
    kinds: Counter[str] = Counter()
    rule_sets = [Rules.preset(name) for name in sorted(PRESETS)]
    for seed, rules in enumerate([*rule_sets, HOUSE_RULES, MORE_HOUSE_RULES]):
        game = Game.new(["E", "S", "B"], rules=rules, seed=seed + 3, max_rounds=25)
        play(game, [Spy(_expert(seed=seed), kinds), make_agent("strategic"),
                    make_agent("basic")])
        assert game.over
    assert {"roll", "end_turn", "buy", "bid", "raise_funds", "sealed_bid",
            "trade_reply"} <= set(kinds)
    assert len(kinds) >= 10


def test_trivial_decisions_are_not_searched() -> None:
    """Throwing the dice has one sensible answer: it is given without a search."""
    g = setup(dice=[(1, 2)])
    bot = _expert("expert:rollouts=50")
    assert bot.act(g, 0) == Roll(0)
    assert bot.stats.searches == 0 and bot.stats.decisions == 1


# -- the search never changes the real game ---------------------------------------------------


def test_searching_never_changes_the_real_game() -> None:
    """Decisions with searches of every sort (trades, building plans, buying, an auction
    limit): the saved game is the same before and after each."""
    owners = {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1, sq("Baltic Avenue"): 0}
    g = setup(dice=[(4, 6), (1, 2)], owners=owners, cash=[1500, 1500])
    bot = _expert("expert:rollouts=3,horizon=3")
    other = StrategicBot()  # one bot a seat: it remembers the offers refused
    steps = 0
    while g.round_number < 3 and steps < 400:
        p = g.pending_player
        if p == 0:
            before = g.to_json()
            action = bot.act(g, 0)
            assert g.to_json() == before
        else:
            action = other.act(g, p)
        g.apply(action)
        steps += 1
    assert bot.stats.searches >= 3


def test_reseed_makes_up_new_luck_for_a_copy_only() -> None:
    g = setup(dice=[(3, 4)], chance=["walk-on-boardwalk"], jail_cards={1: ["chance"]})
    before = g.to_json()
    copy = g.copy()
    copy.reseed(5)
    assert g.to_json() == before
    assert sorted(copy.decks[0]) == sorted(g.decks[0])  # the same cards, the held one out
    assert len(copy.decks[0]) == len(g.decks[0]) == 15
    assert copy.decks != g.decks
    again = g.copy()
    again.reseed(5)
    assert again.decks == copy.decks and again.to_json() == copy.to_json()
    copy.apply(Roll(0))
    assert copy.last_dice != (3, 4) or copy.decks[0] != g.decks[0]  # the script is dropped
    with pytest.raises(WRONG_TYPE):
        g.copy().reseed("5")  # type: ignore[arg-type]


# -- reproducibility --------------------------------------------------------------------------


def _history(seed: int) -> list[Action]:
    game = Game.new(["E", "S"], seed=seed, max_rounds=20)
    play(game, [_expert("expert:rollouts=3,horizon=3", seed=11), make_agent("strategic")])
    return game.history


def test_same_seed_and_game_give_the_same_choices() -> None:
    first = _history(4)
    assert _history(4) == first
    bot = _expert("expert:rollouts=3,horizon=3")
    assert bot.act(setup(), 0) == Roll(0)


def test_search_is_reproducible_and_paired() -> None:
    """The same seed gives the same scores; every candidate of a sample sees the same luck,
    so two candidates that are the same move score alike sample by sample."""
    g = setup(dice=[(1, 2)])
    g.apply(Roll(0))  # Baltic Avenue
    scorer = Scorer(g.rules)
    same = [Candidate.single(Buy(0)), Candidate.single(Buy(0), "again")]
    kwargs = {"policy": lambda seat: StrategicBot(), "horizon": 3, "scorer": scorer,
              "samples": 3}
    a = search(g, 0, same, seed=9, **kwargs)  # type: ignore[arg-type]
    b = search(g, 0, same, seed=9, **kwargs)  # type: ignore[arg-type]
    assert a.scores == b.scores and a.scores[0] == a.scores[1]
    assert a.chosen == 0 and a.rollouts == 6 and a.samples == 3
    one = rollout(g, mix(1, 2), 0, same[0], lambda seat: StrategicBot(), 2, scorer)
    assert 0.0 <= one <= 1.0


def test_default_rollouts_trade_as_the_opponents_do() -> None:
    """The expert's default rollouts (`policy=trading`) play the strategic bot whole, so two
    opponents who can complete each other's groups by a swap make it in the rollout, as they
    would in the game; `policy=strategic` looks for no trades (docs/bots.md, the expert)."""
    red = [sq("Kentucky Avenue"), sq("Indiana Avenue"), sq("Illinois Avenue")]
    g = setup(("Ann", "Bob", "Cy"), cash=[1500, 1500, 1500],
              owners={ORANGE[0]: 1, ORANGE[1]: 1, red[0]: 1,
                      red[1]: 2, red[2]: 2, ORANGE[2]: 2})
    assert ExpertParams().policy == "trading"
    assert isinstance(_expert("expert:rollouts=1")._policy(1), StrategicBot)
    assert isinstance(_expert("expert:rollouts=1,policy=strategic")._policy(1),
                      RolloutStrategic)

    def owners(policy: PolicyFactory) -> tuple[set[int | None], set[int | None]]:
        """Who owns the orange and the red deeds after a round of the rollout."""
        end = play_out(g, 5, 0, None, policy, 1)
        return {end.owner_of(s) for s in ORANGE}, {end.owner_of(s) for s in red}

    assert owners(_expert("expert:rollouts=1,policy=strategic")._policy) == ({1, 2}, {1, 2})
    orange, reds = owners(_expert("expert:rollouts=1")._policy)
    assert len(orange) == len(reds) == 1 and orange | reds == {1, 2}


# -- the moves it should find -----------------------------------------------------------------


def test_buys_the_deed_that_completes_its_group() -> None:
    g = setup(dice=[(4, 6)], owners={ORANGE[0]: 0, ORANGE[1]: 0}, cash=[1500, 1500],
              pos=[ORANGE[2] - 10, 0])
    g.apply(Roll(0))
    assert g.pending.kind == "buy"
    before = g.to_json()
    assert _expert("expert:rollouts=4,horizon=4").act(g, 0) == Buy(0)
    assert g.to_json() == before


def test_bids_high_for_the_deed_that_completes_its_group() -> None:
    g = setup(dice=[(4, 6), (4, 6)], owners={ORANGE[0]: 0, ORANGE[1]: 0}, cash=[1500, 1500],
              pos=[0, ORANGE[2] - 10])
    g.apply(Roll(0))
    g.apply(EndTurn(0))
    g.apply(Roll(1))  # Bob lands on New York Avenue and lets the Bank auction it
    assert g.pending == BuyDecision(1, ORANGE[2], 200)
    g.apply(Decline(1))
    bot = _expert("expert:rollouts=4,horizon=4")
    while g.pending.kind == "bid":
        p = g.pending_player
        if p == 0:
            action = bot.act(g, 0)
            assert action != Pass(0) or g.bid_range(0) is None or g.bid_range(0)[0] > 200
        else:
            span = g.bid_range(1)
            action = Bid(1, span[0]) if span and span[0] <= 240 else Pass(1)
        g.apply(action)
    assert g.owner_of(ORANGE[2]) == 0


def test_trade_offers_are_priced_for_a_strategic_partner() -> None:
    """The offers it weighs complete one of its groups, at a price a strategic bot in the
    partner's seat accepts."""
    owners = {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1, sq("Mediterranean Avenue"): 1,
              sq("Baltic Avenue"): 0}
    g = setup(dice=[(1, 1), (2, 3)], owners=owners, cash=[900, 700], pos=[28, 0])
    g.apply(Roll(0))
    while g.pending.kind != "end_turn":
        g.apply(g.answers(0)[0])
    offers = completing_offers(g, 0)
    assert offers  # (which deals the partner accepts is the strategic bot's valuation)
    for offer in offers:
        assert offer.responder == 1
        taken = set(offer.get.properties)
        assert any(taken | {s for s in group if g.owner_of(s) == 0} == set(group)
                   for group in g.board.groups if taken & set(group))
        c = g.copy()
        c.apply(ProposeTrade(0, offer))
        assert StrategicBot().act(c, 1) == AcceptTrade(1)


def test_sale_offers_complete_a_group_for_cash_a_strategic_buyer_pays() -> None:
    """The sales it weighs give an opponent the deed that completes its group, for cash
    that a strategic bot in the buyer's seat pays."""
    owners = {ORANGE[0]: 1, ORANGE[1]: 1, ORANGE[2]: 0}
    g = setup(("Ann", "Bob", "Cy"), dice=[(1, 1), (2, 3)], owners=owners,
              cash=[900, 1200, 900], pos=[28, 0, 0])
    g.apply(Roll(0))
    while g.pending.kind != "end_turn":
        g.apply(g.answers(0)[0])
    offers = selling_offers(g, 0)
    assert [(o.responder, o.give.properties, o.get.properties) for o in offers] == [
        (1, (ORANGE[2],), ())]
    sale = offers[0]
    assert 0 < sale.get.cash <= g.cash_of(1) and sale.give.cash == 0
    c = g.copy()
    c.apply(ProposeTrade(0, sale))
    assert StrategicBot().act(c, 1) == AcceptTrade(1)
    assert selling_offers(g, 2) == []  # Cy holds no deed another player needs


@pytest.mark.parametrize(("give", "get", "expected"), [
    ((ORANGE[2],), (), AcceptTrade(0)),        # Bob gives Ann her orange group for nothing
    ((), (ORANGE[0], ORANGE[1]), RejectTrade(0)),  # Bob asks for both her streets for nothing
])
def test_accepts_a_gift_and_refuses_to_give_a_group_away(
        give: tuple[int, ...], get: tuple[int, ...], expected: Action) -> None:
    owners = {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1}
    g = setup(dice=[(1, 2)], owners=owners, cash=[1500, 1500])
    g.apply(Roll(0))
    g.apply(Buy(0) if g.pending.kind == "buy" else EndTurn(0))
    while g.pending_player != 1 or g.pending.kind != "end_turn":
        g.apply(g.answers(g.pending_player)[0])
    g.apply(ProposeTrade(1, TradeOffer(1, 0, Bundle(give), Bundle(get))))
    before = g.to_json()
    answer = _expert("expert:rollouts=4,horizon=4").act(g, 0)
    assert type(answer) is type(expected) and answer.player == expected.player
    if isinstance(answer, RejectTrade):  # a refusal says why in words (the strategic bot's)
        assert "orange" in answer.reason
    assert g.to_json() == before
