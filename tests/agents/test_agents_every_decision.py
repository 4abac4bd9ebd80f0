"""Every built-in bot answers every kind of decision legally, under the presets and under rule
mixes that make the rarer kinds happen.

Walkers (two random bots doing a lot of business, and a dealer and a strategic bot that propose
trades) play seeded games under each rule set below, half of them from a late-game start
(a short Bank, mortgages, poor players: `hot_start`); at the first few decisions of each kind, every
built-in bot is asked for its answer on a copy of the game, and the answer must be legal and
apply. The test then checks that the walk met every kind the engine has (`DECISION_TYPES`):
a new kind of decision needs a rule set here that makes it happen, so that no bot can miss it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from passgo.agents import make_agent, play
from passgo.core import DECISION_TYPES, Game, Rules
from passgo.core.rules import PRESETS
from test_invariants import hot_start

BOTS = ("random", "basic", "strategic", "cautious", "aggressive", "dealer", "homebody",
        "expert:rollouts=1,horizon=1")
WALKERS = ("random:business_rate=0.5", "dealer", "random:business_rate=0.5", "strategic")
PER_KIND = 3  # decisions of each kind put to every bot, per rule set
# Rule mixes that make the rarer decisions happen (with the presets as they are).
MIXES: dict[str, dict[str, Any]] = {
    "sealed bids, initial auctions, auction options, draws, lawyers, forbidden travel": dict(
        auction="closed", option_to_auction=True, optional_card_draw=True, jail_lawyer=100,
        travelling_railroads="owner_may_forbid", jail_card_after_third_throw=True,
        jail_max_turns=1, jail_prepay_turns=1, initial_auction=True,
    ),
    "Vickrey auctions, foreclosure, shortages, travel, dice of choice, loans, jail cards bought "
    "on arrival": dict(
        auction="vickrey", foreclosure=True, building_shortage_auctions=True,
        travelling_railroads="on", dice="choice", bank_loans=True, tax_man=True,
        jail_card_on_arrival=True,
    ),
    "the UK edition, double hotels, instant hotels, jackpot, claims, exchange of hotels": dict(
        edition="uk",
        double_hotels=True, houses_per_hotel=4, instant_hotels=True, free_parking_jackpot=True,
        rent_claim="before_second_roll", hotel_sale="exchange", auction_reentry=True,
    ),
    "free market (rent asked, switches, building on partial sets)": dict(free_market=True),
    "double board (the choice of board where the two meet), local cards": dict(
        double_board="free_parking", double_board_local_cards=True, doubling_up=True,
    ),
}
RULE_SETS: dict[str, Rules] = {
    **{f"preset {name}": Rules.preset(name) for name in sorted(PRESETS)},
    **{mix: Rules.classic().with_options(**options) for mix, options in MIXES.items()},
}
SEEDS = range(16)


def _walk(rules: Rules, seed: int, met: Counter[str], bots: tuple[str, ...] = BOTS) -> None:
    """Play one game with walkers, counting the decisions met by kind; put the first
    `PER_KIND` of each kind to every one of `bots` (each on its own copy of the game, the bot
    fresh from its spec)."""
    game = Game.new(["A", "B", "C", "D"], rules=rules, seed=seed, order="given", max_rounds=40)
    if seed % 2:
        hot_start(game, random.Random(seed))
    walkers = [make_agent(spec, seed * 10 + seat) for seat, spec in enumerate(WALKERS)]
    while not game.over:
        pending = game.pending
        met[pending.kind] += 1
        if met[pending.kind] <= PER_KIND:
            player = game.pending_player
            for spec in bots:
                view = game.copy()
                action = make_agent(spec, seed).act(view, player)
                assert view.history == game.history, f"{spec} changed the game it was shown"
                assert game.is_legal(action), f"{spec} answered {pending} with {action}"
                view.apply(action)
        play(game, walkers, max_steps=1)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_bot_answers_legally(name: str) -> None:
    """Under this rule set, every bot's answer to the decisions met is legal and applies."""
    asked: Counter[str] = Counter()
    for seed in SEEDS:
        _walk(RULE_SETS[name], seed, asked)
    assert asked["roll"] and asked["end_turn"]


def test_the_walks_meet_every_kind_of_decision() -> None:
    """Across the rule sets above every kind of decision is met (all but the game's end), so
    the test above puts every kind to every bot."""
    asked: Counter[str] = Counter()
    for rules in RULE_SETS.values():
        for seed in SEEDS:
            _walk(rules, seed, asked, bots=())
    kinds = {cls.__dataclass_fields__["kind"].default for cls in DECISION_TYPES}
    assert kinds - {"game_over"} - set(asked) == set()

