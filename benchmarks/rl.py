"""Environment steps per second of passgo.rl, with masked random actions and observations.

    python benchmarks/rl.py [--steps 20000] [--players 4] [--seed 0] [--json]

Three ways: the PettingZoo AEC environment in one process (every seat an agent: each step
builds the deciding seat's observation and mask, picks a random unmasked action and applies
it); the Gymnasium environment heads up against the random bot in one process (a step is one
learner action; the bot's moves between them are included in the time); and the same with
two `gymnasium.vector.AsyncVectorEnv` workers (steps of both workers per second of wall
time). Aim (issue 12): 20,000 AEC steps per second on one core. The one-process runs also
report steps per second of CPU time, which other work on a shared machine does not lower.
Other options in BENCH_ARGS (for the other benchmarks) are ignored.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

import gymnasium
import numpy as np

import passgo.rl as rl
from passgo import __version__


def _pick(rng: np.random.Generator, mask: np.ndarray[Any, Any]) -> int:
    """A random unmasked action; 0 for a finished game (a vector worker resets on the next
    step and ignores the action)."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))]) if len(legal) else 0


def aec_steps(steps: int, players: int, seed: int) -> dict[str, Any]:
    env = rl.raw_env(players=players)
    rng = np.random.default_rng(seed)
    done, games, game_seed = 0, 0, seed
    start, cpu = time.perf_counter(), time.process_time()
    while done < steps:
        env.reset(seed=game_seed)
        game_seed += 1
        games += 1
        while not env.driver.game.over and done < steps:
            obs = env.observe(env.agent_selection)
            env.step(_pick(rng, obs["action_mask"]))
            done += 1
    return {"steps": done, "games": games, "seconds": time.perf_counter() - start,
            "cpu_seconds": time.process_time() - cpu}


def gym_steps(steps: int, seed: int) -> dict[str, Any]:
    env = gymnasium.make(rl.ENV_ID, opponents=["random"], disable_env_checker=True)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    start, cpu = time.perf_counter(), time.process_time()
    games = 1
    for _ in range(steps):
        _, _, term, trunc, _ = env.step(_pick(rng, env.unwrapped.action_masks()))
        if term or trunc:
            env.reset()
            games += 1
    return {"steps": steps, "games": games, "seconds": time.perf_counter() - start,
            "cpu_seconds": time.process_time() - cpu}


def vector_steps(steps: int, seed: int, workers: int = 2) -> dict[str, Any]:
    vec = gymnasium.vector.AsyncVectorEnv(
        [lambda: gymnasium.make(rl.ENV_ID, opponents=["random"], disable_env_checker=True)]
        * workers)
    rng = np.random.default_rng(seed)
    try:
        vec.reset(seed=[seed + w for w in range(workers)])
        start = time.perf_counter()
        for _ in range(steps // workers):
            masks = vec.call("action_masks")
            vec.step(np.array([_pick(rng, m) for m in masks]))
        seconds = time.perf_counter() - start
    finally:
        vec.close()
    return {"steps": steps // workers * workers, "games": None, "seconds": seconds,
            "cpu_seconds": None}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args, _ = ap.parse_known_args(argv)
    if args.steps < 2 or not 2 <= args.players <= 8:
        ap.error("need --steps >= 2 and --players 2..8")
    runs = {
        f"AEC, {args.players} seats, 1 process": aec_steps(args.steps, args.players, args.seed),
        "Gymnasium vs random, 1 process": gym_steps(args.steps, args.seed),
        "Gymnasium vs random, 2 workers": vector_steps(args.steps, args.seed),
    }
    rows = [{"run": name, "steps": r["steps"], "games": r["games"],
             "steps_per_second": round(r["steps"] / r["seconds"]),
             "steps_per_cpu_second": r["cpu_seconds"] and round(r["steps"] / r["cpu_seconds"])}
            for name, r in runs.items()]
    report = {"benchmark": "rl", "passgo": __version__, "python": platform.python_version(),
              "aim_steps_per_second": 20_000, "results": rows}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"passgo {__version__} RL environment steps, masked random actions with "
          f"observations, Python {report['python']}")
    print(f"{'run':>34} {'steps':>8} {'steps/s':>9} {'steps/CPU s':>12}")
    for row in rows:
        per_cpu = row["steps_per_cpu_second"]
        print(f"{row['run']:>34} {row['steps']:>8,} {row['steps_per_second']:>9,} "
              f"{'-' if per_cpu is None else format(per_cpu, ','):>12}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
