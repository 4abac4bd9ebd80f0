"""Simulation benchmark: `passgo simulate` throughput with 1 and 2 workers, and the landing run.

    python benchmarks/simulate.py [--games N] [--players 4] [--max-rounds 1000] [--seed S]
                                  [--bots basic|random|strategic|SPEC] [--rolls N] [--json]

Rows: games of bots (basic by default) through the process pool with 1 worker (in-process) and
2 workers (games/s, turns/s, and the speed-up over 1 worker), and a landing run (rolls/s) with
1 worker.
Both game rows play the same games (same master seed), so their turn counts are equal and the
speed-up is pure scaling; it includes starting the worker processes, as a user's run does.
Other options in BENCH_ARGS (for the other benchmarks) are ignored.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from typing import Any

from passgo import Rules, __version__
from passgo.agents import spec_problem
from passgo.sim.jobs import GameJob, LandingJob
from passgo.sim.run import landing_counts, simulate


def games_row(job: GameJob, games: int, workers: int) -> dict[str, Any]:
    start = time.perf_counter()
    (tally,) = simulate([job], games, workers=workers)
    seconds = time.perf_counter() - start
    turns = sum(tally.turns)
    return {
        "run": f"simulate, {workers} worker{'s' if workers > 1 else ''}",
        "workers": workers,
        "units": games,
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 2),
        "turns_per_s": round(turns / seconds),
    }


def landing_row(rolls: int, seed: int) -> dict[str, Any]:
    start = time.perf_counter()
    landing_counts(LandingJob(Rules.classic(), rolls, "short", seed))
    seconds = time.perf_counter() - start
    return {
        "run": "landing run, 1 worker",
        "workers": 1,
        "units": rolls,
        "seconds": round(seconds, 3),
        "rolls_per_s": round(rolls / seconds),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-rounds", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rolls", type=int, default=200_000)
    ap.add_argument("--bots", default="basic",
                    help="the bot of every seat: basic (default), random, strategic, ...")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args, _ = ap.parse_known_args(argv)
    if args.games < 1 or not 2 <= args.players <= 8 or args.max_rounds < 1 or args.rolls < 1:
        ap.error("need --games >= 1, --players 2..8, --max-rounds >= 1 and --rolls >= 1")
    problem = spec_problem(args.bots)
    if problem:
        ap.error(f"--bots: {problem}")
    job = GameJob((args.bots,) * args.players, Rules.classic(), args.seed, args.max_rounds)
    rows = [games_row(job, args.games, 1), games_row(job, args.games, 2)]
    rows[1]["speedup"] = round(rows[1]["games_per_s"] / rows[0]["games_per_s"], 2)
    rows.append(landing_row(args.rolls, args.seed))
    report = {
        "benchmark": "simulate",
        "passgo": __version__,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "players": args.players,
        "bots": args.bots,
        "max_rounds": args.max_rounds,
        "results": rows,
    }
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(
        f"passgo {__version__} simulate benchmark: {args.games} games of {args.players} "
        f"{args.bots} bots (cap {args.max_rounds} rounds), {args.rolls:,} landing rolls, "
        f"{report['cpus']} CPUs, Python {report['python']}"
    )
    header = ("run", "games/s", "turns/s", "rolls/s", "speed-up", "seconds")
    print(f"{header[0]:<24}" + "".join(f"{h:>12}" for h in header[1:]))
    for r in rows:
        cells = (
            f"{r['games_per_s']:.2f}" if "games_per_s" in r else "",
            f"{r['turns_per_s']:,}" if "turns_per_s" in r else "",
            f"{r['rolls_per_s']:,}" if "rolls_per_s" in r else "",
            f"{r['speedup']:.2f}x" if "speedup" in r else "",
            f"{r['seconds']:.1f}",
        )
        print(f"{r['run']:<24}" + "".join(f"{c:>12}" for c in cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
