"""The PettingZoo and Gymnasium environments: the libraries' own API checks, seeding, rewards,
illegal actions, and whole games under every preset and random house-rule mixes."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import passgo.rl as rl
from passgo import Rules
from passgo.core import IllegalActionError
from passgo.core.rules import PRESETS
from support import RL_REFUSED_OFF, load_fuzz


def _quiet(check: Any, *args: Any, **kwargs: Any) -> None:
    """Run a library check without its advice on dict observations (PettingZoo's classic
    games use them too)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check(*args, **kwargs)


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test(players: int) -> None:
    _quiet(api_test, rl.env(players=players), num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    _quiet(seed_test, lambda: rl.env(players=3), num_cycles=300)


def test_gymnasium_check_env() -> None:
    _quiet(check_env, rl.MonopolyEnv(opponents=["random", "basic"]), skip_render_check=True)


def _masked_random_game(env: Any, rng: random.Random) -> dict[str, float]:
    """Play one game with masked random actions; the cumulative reward of every agent."""
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        assert env.observation_space(agent).contains(obs)
        if term or trunc:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return totals


def _check_outcome(driver: Any, totals: dict[str, float]) -> None:
    """+1 for the winner and -1 for every other seat; 0 for all without a winner."""
    game = driver.game
    assert game.over
    if game.winner is None:
        assert set(totals.values()) == {0.0}
    else:
        assert totals == {f"seat_{p}": 1.0 if p == game.winner else -1.0 for p in range(game.n)}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_whole_games_under_every_preset(preset: str) -> None:
    for seed in range(2):
        env = rl.env(players=2 + 2 * seed, rules=preset, max_rounds=80)
        env.reset(seed=seed)
        totals = _masked_random_game(env, random.Random(seed))
        _check_outcome(env.unwrapped.driver, totals)
        assert env.agents == []


def test_whole_games_under_random_house_rule_mixes() -> None:
    fuzz = load_fuzz()
    rng = random.Random(5)
    for seed in range(8):
        _, rules = fuzz.draw_rules(rng)
        rules = rules.with_options(**RL_REFUSED_OFF)  # refused by the environments
        env = rl.env(players=2 + seed % 5, rules=rules, max_rounds=60)
        env.reset(seed=seed)
        _check_outcome(env.unwrapped.driver, _masked_random_game(env, random.Random(seed)))


def test_reset_with_a_seed_reproduces_the_game() -> None:
    def trace(seed: int) -> list[bytes]:
        env = rl.raw_env(players=3)
        env.reset(seed=seed)
        out = []
        for _ in range(300):
            obs = env.observe(env.agent_selection)
            out.append(obs["observation"].tobytes() + obs["action_mask"].tobytes())
            env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        return out

    assert trace(7) == trace(7)
    assert trace(7) != trace(8)


def test_the_raw_env_refuses_a_masked_action_and_changes_nothing() -> None:
    env = rl.raw_env(players=2)
    env.reset(seed=1)
    seat = env.agent_selection
    before = env.observe(seat)
    masked = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="masked"):
        env.step(masked)
    after = env.observe(seat)
    assert env.agent_selection == seat
    assert np.array_equal(before["observation"], after["observation"])


def test_the_wrapped_env_ends_the_game_with_minus_one_for_an_illegal_action() -> None:
    env = rl.env(players=2)
    env.reset(seed=1)
    seat = env.agent_selection
    masked = int(np.flatnonzero(env.observe(seat)["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        env.step(masked)
    assert env.rewards[seat] == -1
    assert all(env.terminations.values())


def test_only_the_deciding_seat_has_legal_actions() -> None:
    env = rl.raw_env(players=4)
    env.reset(seed=2)
    for _ in range(200):
        seat = env.agent_selection
        masks = {a: env.observe(a)["action_mask"] for a in env.agents}
        assert masks[seat].any()
        assert not any(m.any() for a, m in masks.items() if a != seat)
        env.step(int(np.flatnonzero(masks[seat])[0]))


def test_shaping_adds_the_change_of_worth_share() -> None:
    """With shaping, a seat's rewards over a game add up to its outcome plus `shaping` times
    the change of its worth share from the start to the end."""
    env = rl.raw_env(players=2, max_rounds=30, shaping=2.0)
    env.reset(seed=4)
    start = rl.aec.worth_shares(env.driver)
    cumulative = dict.fromkeys(env.possible_agents, 0.0)
    rng = random.Random(0)
    while not env.driver.game.over:
        seat = env.agent_selection
        env.step(rng.choice(np.flatnonzero(env.observe(seat)["action_mask"])))
        for a in env.possible_agents:
            cumulative[a] += env.rewards[a]
    end = rl.aec.worth_shares(env.driver)
    game = env.driver.game
    for p, a in enumerate(env.possible_agents):
        expected = rl.windows.outcome(game, p) + 2.0 * (end[p] - start[p])
        assert cumulative[a] == pytest.approx(expected)


def test_gymnasium_make_and_a_vector_of_two_workers() -> None:
    env = gymnasium.make("passgo/Monopoly-v0", opponents=["random"])
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs) and info["action_mask"].any()
    env.close()
    vec = gymnasium.vector.AsyncVectorEnv(
        [lambda: gymnasium.make("passgo/Monopoly-v0", opponents=["random"], max_rounds=10)] * 2)
    try:
        obs, infos = vec.reset(seed=[1, 2])
        assert obs.shape == (2, rl.SIZE)
        rng, ended = np.random.default_rng(0), 0
        for _ in range(600):  # random play: episodes end and the workers reset
            masks = vec.call("action_masks")
            actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0
                                for m in masks])
            obs, _, term, trunc, infos = vec.step(actions)
            assert obs.shape == (2, rl.SIZE)
            assert not any(infos.get("illegal_action", [False, False]))
            ended += int(np.sum(np.asarray(term) | np.asarray(trunc)))
        assert ended >= 2  # whole episodes went through the workers
    finally:
        vec.close()


def test_gym_env_plays_a_whole_game_against_bots() -> None:
    env = rl.MonopolyEnv(opponents=["basic", "random"], max_rounds=60)
    env.reset(seed=9)
    rng = random.Random(9)
    total, done = 0.0, False
    while not done:
        action = rng.choice(np.flatnonzero(env.action_masks()).tolist())
        _, reward, term, trunc, info = env.step(action)
        total += reward
        done = term or trunc
    game = env.driver.game
    assert game.over and total == rl.windows.outcome(game, info["seat"])
    assert trunc == game.stopped_by_limit


def test_gym_env_ends_an_episode_with_minus_one_for_a_masked_action() -> None:
    env = rl.MonopolyEnv(opponents=["random"])
    env.reset(seed=1)
    masked = int(np.flatnonzero(env.action_masks() == 0)[0])
    _, reward, term, _, info = env.step(masked)
    assert (reward, term, info["illegal_action"]) == (-1.0, True, True)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": 1}, "players must be from 2 to 8"),
    ({"players": 9}, "players must be from 2 to 8"),
    ({"rules": "monopoly-deluxe"}, "unknown"),
    ({"max_rounds": 0}, "max_rounds must be a positive integer"),
])
def test_bad_arguments_are_refused_in_one_line(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rl.env(**kwargs)


def test_bad_opponents_are_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        rl.MonopolyEnv(opponents=["nobody"])
    with pytest.raises(ValueError, match="list of 1 to 7 bot specs"):
        rl.MonopolyEnv(opponents="random")


def test_any_rules_value_is_taken() -> None:
    env = rl.raw_env(players=2, rules=Rules.classic().with_options(dice="choice"))
    env.reset(seed=0)
    labels = env.driver.table.labels()
    legal = {labels[i] for i in np.flatnonzero(env.observe(env.agent_selection)["action_mask"])}
    assert "roll d4,d10" in legal


def test_importing_passgo_or_its_environments_loads_no_torch() -> None:
    """torch is for training and the rl: bot only; `import passgo` loads no RL library."""
    code = ("import sys, passgo; light = not {'torch', 'gymnasium', 'pettingzoo'} & "
            "set(sys.modules); import passgo.rl; print(light, 'torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["True", "False"]


def test_rules_outside_the_observation_are_refused_by_name() -> None:
    """Every decision kind of the engine is in the observation's one-hot, or the option that
    brings it is refused when an environment is made (with the reason), never met mid-game."""
    from typing import get_args

    from passgo.core.decisions import DecisionKind
    from passgo.rl.observe import KINDS, UNSUPPORTED

    assert set(get_args(DecisionKind)) - set(KINDS) == {"initial_bids", "ask_rent",
                                                         "choose_rent", "enter_board",
                                                         "jail_card_purchase"}
    on = {"initial_auction": True, "free_market": True, "double_board": "go",
          "jail_card_on_arrival": True}
    assert set(UNSUPPORTED) == set(on)
    for option, value in on.items():
        rules = Rules.classic().with_options(**{option: value})
        with pytest.raises(ValueError, match=option):
            rl.env(players=2, rules=rules)
        with pytest.raises(ValueError, match=option):
            gymnasium.make("passgo/Monopoly-v0", rules=rules)
