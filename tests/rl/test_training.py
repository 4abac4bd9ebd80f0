"""examples/rl's self-play pieces: the league of opponents, imitation samples of a bot, callable
opponents, and a run resumed from its checkpoint."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import gymnasium
import numpy as np
import pytest

import passgo.rl
from passgo.core import Action, Bid, EndTurn, Game, RejectTrade, Roll

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples" / "rl"))

from imitate import collect, index_of  # noqa: E402
from league import SELF, League, LeagueEnv, parse  # noqa: E402


def test_league_specs_and_weights_are_parsed() -> None:
    assert parse("strategic@3,basic, rl:a.pt@0.5,self") == [
        ("strategic", 3.0), ("basic", 1.0), ("rl:a.pt", 0.5), (SELF, 1.0)]


def test_the_league_draws_snapshots_only_once_there_are_some() -> None:
    league = League([("basic", 1.0), (SELF, 3.0)], window=2)
    rng = random.Random(0)
    assert {league.draw(rng)[0] for _ in range(50)} == {"basic"}
    for path in ("a.pt", "b.pt", "c.pt"):
        league.add_snapshot(path)
    drawn = [league.draw(rng)[0] for _ in range(400)]
    assert set(drawn) == {"basic", "rl:b.pt", "rl:c.pt"}  # the window keeps the last two
    assert 0.65 < sum(d != "basic" for d in drawn) / 400 < 0.85  # weight 3 of 4


def test_the_league_env_names_each_games_opponent() -> None:
    env = LeagueEnv(gymnasium.make("passgo/Monopoly-v0", opponents=["random"]),
                    League([("random", 1.0), ("basic", 1.0)]), seed=1)
    seen = set()
    for seed in range(12):
        _, info = env.reset(seed=seed)
        seen.add(info["opponent"])
        assert [type(a).__name__ for a in env.unwrapped._agents.values()] == [
            {"random": "RandomBot", "basic": "BasicBot"}[info["opponent"]]]
    assert seen == {"random", "basic"}


def test_any_callable_plays_as_an_opponent() -> None:
    calls = []

    def lazy(game: Game, seat: int) -> Action:
        calls.append(seat)
        return game.legal_actions(seat)[0]

    env = gymnasium.make("passgo/Monopoly-v0", opponents=[lazy])
    env.reset(seed=0)
    for _ in range(40):
        mask = env.unwrapped.action_masks()
        _, _, done, cut, _ = env.step(int(np.flatnonzero(mask)[0]))
        if done or cut:
            break
    assert calls and set(calls) == {1 - env.unwrapped.learner}
    with pytest.raises(ValueError, match="bot spec, a bot or a callable"):
        env.unwrapped.set_opponents([42])


def test_index_of_finds_what_a_bot_did_or_nothing() -> None:
    from passgo.rl.driver import Driver

    driver = Driver(2)
    driver.start(0)
    game, seat = driver.game, driver.seat
    assert index_of(driver.table, game, seat, Roll(seat), driver.mask) == 0
    assert index_of(driver.table, game, seat, EndTurn(seat), driver.mask) is None


def test_imitation_samples_are_the_bots_own_decisions() -> None:
    """Each recorded index decodes to the bot's action in that state or to the nearest bid on
    the ladder, is unmasked, and carries the game's outcome for the bot's seat."""
    data = collect("strategic", ["random"], 2, max_rounds=30, business_limit=4,
                   offers_per_turn=1, seed=3)
    assert len(data.actions) > 50 and data.games == 2
    assert all(data.masks[k, a] for k, a in enumerate(data.actions))
    assert set(np.unique(data.outcomes)) <= {-1.0, 0.0, 1.0}
    assert data.obs.shape == (len(data.actions), passgo.rl.SIZE)


def test_a_bid_is_taken_at_the_nearest_amount_of_the_ladder() -> None:
    from passgo.core import Decline
    from passgo.rl.driver import Driver
    from support import setup

    driver = Driver(2)
    driver.start(0, setup(("A", "B"), dice=[(1, 2)]))
    driver.act(0)  # roll: Baltic Avenue ($60)
    driver.game.apply(Decline(driver.seat))
    driver._refresh()
    seat = driver.seat
    i = index_of(driver.table, driver.game, seat, Bid(seat, 33), driver.mask)
    assert driver.table.decode(driver.game, seat, i) == Bid(seat, 30)
    assert index_of(driver.table, driver.game, seat, RejectTrade(seat, "why"),
                    driver.mask) is None  # no offer to refuse


def _train(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "examples" / "rl" / "train.py"),
                           "--envs", "1", *args],
                          capture_output=True, text=True, check=False, timeout=900)


def test_a_run_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    """A run with a league (a bot and the learner's snapshots) and an imitation start saves
    its checkpoint; resumed, it goes on from its steps and keeps its snapshots."""
    ck = tmp_path / "run"
    first = _train("--steps", "1024", "--opponents", "random,self", "--snapshot-every", "512",
                   "--checkpoint", str(ck), "--checkpoint-every", "512", "--imitate",
                   "basic", "--imitate-games", "2", "--max-rounds", "30",
                   "--out", str(tmp_path / "p.pt"))
    assert first.returncode == 0, first.stderr[-2000:]
    assert "imitated basic" in first.stdout
    state = json.loads((ck / "state.json").read_text())
    assert state["steps"] == 1024 and len(state["snapshots"]) == 2
    again = _train("--resume", str(ck), "--steps", "2048")
    assert again.returncode == 0, again.stderr[-2000:]
    state = json.loads((ck / "state.json").read_text())
    assert state["steps"] == 2048 and len(state["snapshots"]) == 4
    assert "trained 2048 steps" in again.stdout
