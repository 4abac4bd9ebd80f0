"""Environment steps per second of passgo.rl, with masked random actions and observations.

    python benchmarks/rl.py [--steps 20000] [--players 4] [--seed 0] [--json]
                            [--openspiel-steps 5000] [--compiled-python .venv-compiled/bin/python]

Three ways: the PettingZoo AEC environment in one process (every seat an agent: each step
builds the deciding seat's observation and mask, picks a random unmasked action and applies
it); the Gymnasium environment heads up against the random bot in one process (a step is one
learner action; the bot's moves between them are included in the time); and the same with
two `gymnasium.vector.AsyncVectorEnv` workers (steps of both workers per second of wall
time); then the OpenSpiel game `passgo_monopoly` at the same table (each player step takes
the deciding seat's observation tensor and a random legal action, each chance node samples
its outcomes' distribution; `--openspiel-steps` actions of both kinds): its player steps and
its chance nodes per second of the same run, reported as two rows. Aim (issue 12): 20,000 AEC
steps per second on one core. The one-process runs also
report steps per second of CPU time, which other work on a shared machine does not lower.
Each row names the build that ran it (`pure`, or `compiled`: the core and the bots compiled
with mypyc; `passgo.rl` itself is Python in both). With --compiled-python the same runs are
made again by that interpreter (the venv `make compiled` installs the wheel into, importing
the installed package, never src/) in a subprocess, after this one's. The random choice is
Python's `random` on the mask's nonzero indices, so that the policy costs the steps little.
Other options in BENCH_ARGS (for the other benchmarks) are ignored.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

import passgo.rl as rl
from passgo import __version__
from passgo.engine_build import engine_build

ROOT = Path(__file__).resolve().parents[1]


def _pick(rng: random.Random, mask: np.ndarray[Any, Any]) -> int:
    """A random unmasked action; 0 for a finished game (a vector worker resets on the next
    step and ignores the action)."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))]) if len(legal) else 0


def aec_steps(steps: int, players: int, seed: int) -> dict[str, Any]:
    env = rl.raw_env(players=players)
    rng = random.Random(seed)
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
    rng = random.Random(seed)
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
    rng = random.Random(seed)
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


def openspiel_steps(steps: int, players: int, seed: int) -> tuple[dict[str, Any], ...]:
    """Random play of the OpenSpiel game: (player steps, chance nodes), timed together."""
    import pyspiel

    import passgo.rl.openspiel  # noqa: F401  (registers passgo_monopoly)

    game = pyspiel.load_game("passgo_monopoly", {"players": players})
    rng = random.Random(seed)
    moves = chances = games = 0
    start, cpu = time.perf_counter(), time.process_time()
    while moves + chances < steps:
        state = game.new_initial_state()
        games += 1
        while not state.is_terminal() and moves + chances < steps:
            if state.is_chance_node():
                outcomes, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, odds)[0])
                chances += 1
            else:
                state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                moves += 1
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
    return tuple({"steps": n, "games": games, "seconds": seconds, "cpu_seconds": cpu_seconds}
                 for n in (moves, chances))


def measure(steps: int, players: int, seed: int,
            spiel_steps: int = 5000) -> list[dict[str, Any]]:
    """The runs in this interpreter, as rows."""
    moves, chances = openspiel_steps(spiel_steps, players, seed)
    runs = {
        f"AEC, {players} seats, 1 process": aec_steps(steps, players, seed),
        "Gymnasium vs random, 1 process": gym_steps(steps, seed),
        "Gymnasium vs random, 2 workers": vector_steps(steps, seed),
        f"OpenSpiel, {players} seats: player steps": moves,
        f"OpenSpiel, {players} seats: chance nodes": chances,
    }
    return [{"run": name, "build": engine_build(), "steps": r["steps"], "games": r["games"],
             "steps_per_second": round(r["steps"] / r["seconds"]),
             "steps_per_cpu_second": r["cpu_seconds"] and round(r["steps"] / r["cpu_seconds"])}
            for name, r in runs.items()]


def measure_compiled(python: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    """The same rows from another build's interpreter (this script, --json, in a subprocess
    whose environment has no PYTHONPATH: it imports its installed passgo)."""
    cmd = [python, str(Path(__file__).resolve()), "--json", "--steps", str(args.steps),
           "--players", str(args.players), "--seed", str(args.seed),
           "--openspiel-steps", str(args.openspiel_steps)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{python} {Path(__file__).name} failed: {done.stderr.strip()[-300:]}")
    rows: list[dict[str, Any]] = json.loads(done.stdout)["results"]
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--openspiel-steps", type=int, default=5000,
                    help="actions (player and chance) of the OpenSpiel run")
    ap.add_argument("--compiled-python", default=None,
                    help="also run under this interpreter's build (e.g. .venv-compiled/bin/python)")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args, _ = ap.parse_known_args(argv)
    if args.steps < 2 or args.openspiel_steps < 1 or not 2 <= args.players <= 8:
        ap.error("need --steps >= 2, --openspiel-steps >= 1 and --players 2..8")
    if args.compiled_python is not None and not Path(args.compiled_python).exists():
        ap.error(f"no interpreter at {args.compiled_python} (make compiled installs "
                 f"{ROOT / '.venv-compiled'})")
    rows = measure(args.steps, args.players, args.seed, args.openspiel_steps)
    if args.compiled_python is not None:
        rows += measure_compiled(args.compiled_python, args)
    report = {"benchmark": "rl", "passgo": __version__, "python": platform.python_version(),
              "load_average": [round(x, 2) for x in os.getloadavg()],
              "aim_steps_per_second": 20_000, "results": rows}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"passgo {__version__} RL environment steps, masked random actions with "
          f"observations, Python {report['python']}, load average "
          f"{', '.join(map(str, report['load_average']))}")
    print(f"{'run':>40} {'build':>9} {'steps':>8} {'steps/s':>9} {'steps/CPU s':>12}")
    for row in rows:
        per_cpu = row["steps_per_cpu_second"]
        print(f"{row['run']:>40} {row['build']:>9} {row['steps']:>8,} "
              f"{row['steps_per_second']:>9,} "
              f"{'-' if per_cpu is None else format(per_cpu, ','):>12}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
