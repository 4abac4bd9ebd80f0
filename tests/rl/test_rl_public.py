"""The environments' public information and research hooks: the card history, the offer block
of the two sides of a trade, reset from a position, snapshots, and per-state action texts.

Rule text (000): "return the card face down to the bottom of the deck" (so the order below the
cards nobody has seen is known to every attentive player).
"""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest

import passgo.rl as rl
from passgo.core import Bundle, ProposeTrade, TradeOffer
from passgo.core.board import DECK_CHANCE, DECK_COMMUNITY_CHEST
from passgo.core.position import position_to_toml
from passgo.rl.driver import Driver
from passgo.rl.observe import CARD_KINDS, CARD_PLACES, DEEDS, OFFSETS
from support import setup, sq

DECK_WIDTH = 1 + CARD_PLACES * CARD_KINDS


def cards_block(vector: np.ndarray, deck: int) -> tuple[float, np.ndarray]:
    at = OFFSETS["cards"] + deck * DECK_WIDTH
    return float(vector[at]), vector[at + 1:at + DECK_WIDTH].reshape(CARD_PLACES, CARD_KINDS)


def test_the_card_history_shows_the_seen_cards_and_never_the_unseen_ones() -> None:
    """At every step of masked random games each seat's card block holds the share of unseen
    cards and, below them, the deck's real order; once a whole deck has gone by, its first
    place is the card that is drawn next. Games are played until one has gone through a whole
    deck and drawn from it again (random games often end before)."""
    predicted = 0
    for seed in range(1, 12):
        if predicted:
            break
        driver = Driver(3, max_rounds=150)
        driver.start(seed)
        rng, viewer = random.Random(seed), random.Random(-seed)
        while not driver.game.over:
            game = driver.game
            before = [list(d) for d in game.decks]
            vector = driver.observe(viewer.randrange(3))
            nexts = []
            for d in (DECK_CHANCE, DECK_COMMUNITY_CHEST):
                share, places = cards_block(vector, d)
                unseen = game.chance.unseen[d]
                assert share == unseen / 16
                assert not places[:unseen].any()  # nothing of the unseen cards leaks
                for place, card in enumerate(game.decks[d][unseen:], unseen):
                    assert places[place].argmax() == card and places[place].sum() == 1
                nexts.append(int(places[0].argmax()) if unseen == 0 else None)
            driver.act(rng.choice(np.flatnonzero(driver.mask).tolist()))
            for d, deck in enumerate(driver.game.decks):
                drawn = deck == before[d][1:] + before[d][:1] or deck == before[d][1:]
                if drawn and nexts[d] is not None:
                    assert before[d][0] == nexts[d]
                    predicted += 1
    assert predicted > 0


def _reply(proposer: int, responder: int) -> Driver:
    """A driver whose game waits for seat `responder`'s reply to seat `proposer`'s offer of
    Boardwalk and $50 for Park Place."""
    game = setup(("A", "B", "C"), owners={sq("Boardwalk"): proposer, sq("Park Place"): responder},
                 to_move=proposer)
    driver = Driver(3)
    driver.start(0, game)
    game.apply(ProposeTrade(proposer, TradeOffer(proposer, responder,
                                                 Bundle((sq("Boardwalk"),), 50),
                                                 Bundle((sq("Park Place"),)))))
    driver._refresh()
    assert driver.decision.kind == "trade_reply"
    return driver


def test_the_offer_block_is_the_two_sides_each_from_its_own_side() -> None:
    driver = _reply(0, 1)
    at = OFFSETS["offer"]
    walk, park = 27, 26  # deed numbers of Boardwalk and Park Place
    responder, proposer, other = (driver.observe(p)[at:at + DEEDS + 4] for p in (1, 0, 2))
    assert responder[walk] == 1 and responder[park] == -1
    assert responder[DEEDS:DEEDS + 2].tolist() == pytest.approx([0.05, 0.0])
    assert proposer[walk] == -1 and proposer[park] == 1
    assert proposer[DEEDS:DEEDS + 2].tolist() == pytest.approx([0.0, 0.05])
    assert not other.any()


def test_reset_from_a_position_and_a_bad_one_changes_nothing() -> None:
    game = setup(("A", "B"), cash=[321, 1500], owners={sq("Boardwalk"): 0})
    env = rl.raw_env(players=2)
    env.reset(seed=1, options={"position": position_to_toml(game.position())})
    assert env.driver.game.cash_of(0) == 321 and env.driver.game.owner_of(39) == 0
    before = env.observe(env.agent_selection)["observation"].copy()
    with pytest.raises(ValueError, match="3 players"):
        env.reset(options={"position": setup(("A", "B", "C")).position()})
    with pytest.raises(ValueError, match="TOML or JSON text"):
        env.reset(options={"position": 7})
    assert np.array_equal(env.observe(env.agent_selection)["observation"], before)
    gym_env = gymnasium.make("passgo/Monopoly-v0", opponents=["basic"])
    gym_env.reset(seed=2, options={"position": game.position()})
    assert gym_env.unwrapped.driver.game.cash_of(0) == 321


def _play(env: rl.raw_env, steps: int, rng: random.Random) -> list[tuple[bytes, float]]:
    seen = []
    for _ in range(steps):
        agent = env.agent_selection
        obs, reward, done, cut, _ = env.last()
        seen.append((obs["observation"].tobytes(), reward))
        if done or cut:
            break
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        assert agent in env.agents
    return seen


def test_restoring_a_snapshot_replays_the_same_game() -> None:
    env = rl.raw_env(players=3)
    env.reset(seed=4)
    _play(env, 200, random.Random(0))
    saved = env.snapshot()
    first = _play(env, 300, random.Random(1))
    env.restore(saved)
    assert _play(env, 300, random.Random(1)) == first
    env.restore(saved)  # a snapshot can be restored again
    assert _play(env, 300, random.Random(1)) == first


def test_restoring_a_gym_snapshot_brings_the_opponents_back_too() -> None:
    env = gymnasium.make("passgo/Monopoly-v0", opponents=["strategic", "random"]).unwrapped
    env.reset(seed=3)

    def run(rng: random.Random) -> list[tuple[bytes, float]]:
        out = []
        for _ in range(150):
            mask = env.action_masks()
            obs, reward, done, cut, _ = env.step(rng.choice(np.flatnonzero(mask).tolist()))
            out.append((obs.tobytes(), reward))
            if done or cut:
                break
        return out

    run(random.Random(5))
    saved = env.snapshot()
    first = run(random.Random(6))
    env.restore(saved)
    assert run(random.Random(6)) == first


def test_action_texts_say_the_amounts_of_the_state() -> None:
    """Declining Baltic Avenue ($60) opens its auction: the texts name the dollars."""
    game = setup(("A", "B"), dice=[(1, 2)])
    env = rl.raw_env(players=2, action_texts=True)
    env.reset(options={"position": game.position()})
    env.step(0)  # roll: Baltic Avenue
    agent = env.agent_selection
    env.step(15)  # auction it
    bidder = env.agent_selection
    texts = env.infos[bidder]["action_texts"]
    mask = env.observe(bidder)["action_mask"]
    assert len(texts) == mask.sum() and "bid 30" in texts and "bid 60" in texts
    assert agent == "seat_0"
    gym_env = gymnasium.make("passgo/Monopoly-v0", opponents=["basic"], action_texts=True)
    _, info = gym_env.reset(seed=1)
    assert len(info["action_texts"]) == info["action_mask"].sum() > 0


def test_render_fps_is_declared() -> None:
    assert rl.raw_env.metadata["render_fps"] > 0
    assert gymnasium.make("passgo/Monopoly-v0", opponents=["random"]).metadata["render_fps"] > 0


class _Uncopyable:
    """An opponent without state of its own that refuses to be copied, as the compiled
    build's bots do: snapshots replay the game instead."""

    name = "uncopyable"

    def act(self, game, seat):  # type: ignore[no-untyped-def]
        return game.legal_actions(seat)[0]

    def __deepcopy__(self, memo):  # type: ignore[no-untyped-def]
        raise TypeError("cannot copy")


def test_a_snapshot_of_opponents_that_cannot_be_copied_is_replayed() -> None:
    env = gymnasium.make("passgo/Monopoly-v0", opponents=[_Uncopyable()]).unwrapped
    env.reset(seed=8)
    rng = random.Random(2)

    def run(rng: random.Random, steps: int) -> list[tuple[bytes, float]]:
        out = []
        for _ in range(steps):
            obs, reward, done, cut, _ = env.step(
                rng.choice(np.flatnonzero(env.action_masks()).tolist()))
            out.append((obs.tobytes(), reward))
            if done or cut:
                break
        return out

    run(rng, 60)
    saved = env.snapshot()
    first = run(random.Random(3), 80)
    env.restore(saved)
    assert run(random.Random(3), 80) == first
