"""Determinism, saving and replaying: a game is a pure function of its seed, setup and actions.

* The same seed and the same bots give the identical history and state (`state_dict`), event
  for event; different seeds give different games.
* A save loaded with `verify=True` replays its history to the identical state, at any point of
  any game, and play continued from the loaded copy has exactly the future of the original.
* The JSON round trip (`to_json` / `from_json`), `copy()` and `replay()` reproduce the state.
* Golden games: for three fixed seeds a game of four basic bots ends exactly as recorded below.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from passgo.agents import BasicBot, RandomBot, play
from passgo.core import DataError, Game, Rules
from passgo.core.actions import Action
from passgo.core.events import Event
from passgo.core.serialize import replay, state_dict

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")
SLOW_OK = [HealthCheck.too_slow]

KINDS = st.lists(st.sampled_from(("random", "random", "basic")), min_size=2, max_size=8)
PRESETS = st.sampled_from(("classic", "classic", "hasbro2022", "short-1", "short-2",
                           "time-limit"))
# House rules that keep state of their own (a pot, loans, an order of play, sealed bids, ...).
HOUSE_RULES = st.fixed_dictionaries({}, optional={
    "free_parking_jackpot": st.just(True),
    "bank_loans": st.just(True),
    "order_auction": st.just(True),
    "auction": st.sampled_from(("closed", "vickrey")),
    "option_to_auction": st.just(True),
    "foreclosure": st.just(True),
    "tax_man": st.just(True),
    "first_to_go": st.just(True),
    "dice": st.sampled_from(("choice", "control")),
    "travelling_railroads": st.sampled_from(("on", "owner_may_forbid")),
    "double_hotels": st.just(True),
    "no_mortgaging": st.just(True),
    "start_at_corners": st.just(True),
    # Terms of trades (agreements in force; random bots propose them).
    "immunity": st.just(True),
    "player_loans": st.just(True),
    "profit_sharing": st.just(True),
    "partnerships": st.just(True),
})


def bots_for(kinds: Sequence[str], seed: int, business_rate: float = 0.2) -> list[Any]:
    return [
        BasicBot() if kind == "basic" else RandomBot(seed * 17 + i, business_rate=business_rate)
        for i, kind in enumerate(kinds)
    ]


def new_game(kinds: Sequence[str], seed: int, preset: str = "classic", **limits: Any) -> Game:
    return Game.new(list(NAMES[: len(kinds)]), Rules.preset(preset), seed, **limits)


def record(
    g: Game, bots: Sequence[Any], max_steps: int | None = None, checked: bool = True
) -> list[Any]:
    """Play (rent claims included, as `play` does) and return everything that happened: each
    action's text with the events it caused."""
    log: list[Any] = []

    def observe(action: Action, events: list[Event]) -> None:
        log.append((action.player, action.text(), [e.to_dict() for e in events]))

    play(g, bots, max_steps=max_steps, observe=observe, checked=checked)
    return log


def history(g: Game) -> list[str]:
    return [f"{a.player}:{a.text()}" for a in g.history]


def digest(g: Game) -> str:
    return hashlib.sha256(json.dumps(state_dict(g), sort_keys=True).encode()).hexdigest()


# -- same seed, same game --------------------------------------------------------------------


@settings(max_examples=80, deadline=None, suppress_health_check=SLOW_OK)
@given(seed=st.integers(0, 2**32 - 1), kinds=KINDS, preset=PRESETS)
def test_same_seed_same_bots_same_game(seed: int, kinds: list[str], preset: str) -> None:
    """Two games with the same seed, setup and bots are identical: the same actions, the same
    events (dice, cards, payments) and the same final state, the PRNG state included. The
    simulations' fast path (`apply_unchecked`, `play(checked=False)`) plays the same game."""
    games, logs = [], []
    for checked in (True, False):
        g = new_game(kinds, seed, preset, max_rounds=20)
        logs.append(record(g, bots_for(kinds, seed), checked=checked))
        games.append(g)
    a, b = games
    assert logs[0] == logs[1]
    assert history(a) == history(b)
    assert state_dict(a) == state_dict(b)
    assert (a.turns, a.winner, a.end_reason) == (b.turns, b.winner, b.end_reason)


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW_OK)
@given(seed=st.integers(0, 2**32 - 2), kinds=KINDS)
def test_different_seeds_give_different_games(seed: int, kinds: list[str]) -> None:
    """The seed drives the dice and the shuffle: with the same bots, seeds `s` and `s + 1`
    throw different dice, stack the decks differently and end in different states."""
    dice, decks, states = [], [], []
    for s in (seed, seed + 1):
        g = new_game(kinds, s, max_rounds=5)
        decks.append([list(d) for d in g.decks])
        log = record(g, bots_for(kinds, 7))
        dice.append([e["dice"] for _, _, events in log for e in events if "dice" in e])
        states.append(state_dict(g))
    assert dice[0] != dice[1]
    assert decks[0] != decks[1]
    assert states[0] != states[1]


def test_scripted_dice_come_first_then_the_seed() -> None:
    """Scripted throws (`dice=`) are used first, in order, then the seeded PRNG takes over: a
    game with a script is as reproducible as one without."""
    script = [(3, 4), (1, 2), (6, 6), (2, 5), (4, 4), (1, 3)]
    logs = []
    for _ in range(2):
        g = Game.new(["Ann", "Bob"], seed=11, order="given", dice=script, max_rounds=10)
        logs.append(record(g, [BasicBot(), BasicBot()]))
    assert logs[0] == logs[1]
    thrown = [tuple(e["dice"]) for _, _, events in logs[0] for e in events if "dice" in e]
    assert thrown[: len(script)] == script


# -- saves: replay and the same future --------------------------------------------------------


@settings(max_examples=80, deadline=None, suppress_health_check=SLOW_OK)
@given(
    seed=st.integers(0, 2**32 - 1),
    kinds=KINDS,
    preset=PRESETS,
    house_rules=HOUSE_RULES,
    cut=st.integers(0, 600),
)
def test_save_replays_to_the_same_state_and_the_same_future(
    seed: int, kinds: list[str], preset: str, house_rules: dict[str, Any], cut: int
) -> None:
    """At a random point of a random game (presets and house rules with state of their own
    included), `Game.from_json(g.to_json(), verify=True)` replays the history to the
    identical state; continuing both games with bots in the same state gives the identical
    future (actions, events and final state)."""
    try:
        rules = Rules.preset(preset).with_options(**house_rules)
    except DataError:
        assume(False)
    g = Game.new(list(NAMES[: len(kinds)]), rules, seed, max_rounds=40)
    bots = bots_for(kinds, seed)
    record(g, bots, max_steps=cut)
    loaded = Game.from_json(g.to_json(), verify=True)
    assert state_dict(loaded) == state_dict(g)
    assert history(loaded) == history(g)
    assert loaded.names == g.names and loaded.rules == g.rules and loaded.seed == g.seed
    twin_bots = copy.deepcopy(bots)
    future = record(g, bots)
    twin_future = record(loaded, twin_bots)
    assert twin_future == future
    assert state_dict(loaded) == state_dict(g)
    assert history(loaded) == history(g)


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW_OK)
@given(
    seed=st.integers(0, 2**32 - 1),
    kinds=KINDS,
    preset=PRESETS,
    cuts=st.lists(st.integers(0, 150), min_size=1, max_size=4),
)
def test_json_round_trip_and_copy_at_random_points(
    seed: int, kinds: list[str], preset: str, cuts: list[int]
) -> None:
    """At several random points: the state is plain JSON data (`json` round trip equal), a save
    loads back to an equal state (with and without verification), `copy()` is equal and
    independent of the original, and `replay()` of the history reaches the same state."""
    g = new_game(kinds, seed, preset, max_rounds=40)
    bots = bots_for(kinds, seed)
    for cut in cuts:
        record(g, bots, max_steps=cut)
        state = state_dict(g)
        assert json.loads(json.dumps(state)) == state
        text = g.to_json()
        assert state_dict(Game.from_json(text, verify=False)) == state
        assert state_dict(Game.from_json(text)) == state
        assert Game.from_json(text).to_json() == text
        twin = g.copy()
        assert state_dict(twin) == state and history(twin) == history(g)
        if not twin.over:
            record(twin, bots_for(kinds, seed + 1), max_steps=5)
            assert state_dict(g) == state, "playing a copy changed the original"
        again = replay(Game, list(g.names), g.rules, g.seed, dict(g.setup), history(g))
        assert state_dict(again) == state
        if g.over:
            break


def test_an_order_of_play_won_at_auction_survives_a_save() -> None:
    """Regression: who plays first, settled during the game by an order auction ("players bid
    for the order of play", 004), was kept only in the game's setup, which loading rebuilt from
    the seed: the loaded game counted rounds from the wrong seat and stopped at its round limit
    two turns early (seed 2, three basic bots: 7 turns instead of 9)."""
    rules = Rules().with_options(order_auction=True)
    g = Game.new(["Ann", "Bob", "Cid"], rules, seed=2, max_rounds=3)
    bots = [BasicBot() for _ in range(3)]
    while g.pending.kind != "roll":
        play(g, bots, max_steps=1)
    assert g.setup["first"] == 2 and not g.order
    loaded = Game.from_json(g.to_json())
    assert loaded.setup["first"] == 2
    play(g, bots)
    play(loaded, [BasicBot() for _ in range(3)])
    assert (loaded.turns, loaded.rounds) == (g.turns, g.rounds) == (9, 3)
    assert state_dict(loaded) == state_dict(g)


# -- golden games ----------------------------------------------------------------------------

# seed: (g.turns, g.winner, sha256 of the final state), recorded from the engine on
# 2026-11-22 (see the test's docstring). Change them only on purpose.
GOLDEN: dict[int, tuple[int, int | None, str]] = {
    4: (219, 3, "0bafd0a2fd5d40a8623bacabf06bafbbeec2388f5447ef969d1e8843ba91c408"),
    9: (124, 1, "bccf38fcb90dab1e31d432b40f8090a9b62b5219274346f968f42d361055f46b"),
    30: (116, 2, "f569dc39c67abdc4a9adb397d9a835a2b542013a0cc88aec7f535ca939b946a1"),
}


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_games_of_four_basic_bots(seed: int) -> None:
    """Guards against unintended behaviour changes: a classic game of four basic bots with a
    fixed seed ends after the recorded number of turns, with the recorded winner, in exactly the
    recorded state (sha256 of `json.dumps(state_dict(g), sort_keys=True)`). A deliberate change
    to the classic rules, the bots, the PRNG use or the state format changes these values:
    check that the change is meant, then record the new values here. (Seeds 4, 9 and 30 are
    games that end with a winner; the round limit of 1000 is only a safety net.)"""
    g = Game.new(["Ann", "Bob", "Cid", "Dee"], seed=seed, max_rounds=1000)
    play(g, [BasicBot() for _ in range(4)])
    assert g.over and g.end_reason == "last player standing"
    assert (g.turns, g.winner, digest(g)) == GOLDEN[seed]


def test_golden_state_digest_is_stable_across_save_and_load() -> None:
    """The digest the golden test records does not depend on how the game was reached: a
    loaded save has the same digest as the game it was saved from."""
    g = Game.new(["Ann", "Bob", "Cid", "Dee"], seed=5, max_rounds=30)
    play(g, [BasicBot() for _ in range(4)], max_steps=200)
    assert digest(Game.from_json(g.to_json())) == digest(g)


def test_bots_do_not_share_randomness_with_the_game() -> None:
    """The game's PRNG is its own: a random bot's choices come from the bot's seed, and the
    dice of a game do not depend on what the module-level `random` did meanwhile."""
    logs = []
    for noise in (1, 2):
        random.seed(noise)
        random.random()
        g = Game.new(["Ann", "Bob", "Cid"], seed=99, max_rounds=10)
        logs.append(record(g, bots_for(["random", "basic", "random"], 3)))
    assert logs[0] == logs[1]
