"""Landing benchmark: the exact chain's time, and throws/s of the engine's token run against
the batched NumPy run, measured in one run.

    python benchmarks/landing.py [--rolls N] [--batched-rolls N] [--jail short|long] [--seed S]
                                 [--json]

Rows: the exact chain (seconds to build and solve), the engine token run with 1 worker
(throws/s) and the batched run (throws/s, and its ratio to the engine run). Other options in
BENCH_ARGS (for the other benchmarks) are ignored.
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
from passgo.analysis.chain import landing_odds
from passgo.sim.batched import batched_counts
from passgo.sim.jobs import LandingJob
from passgo.sim.run import landing_counts
from passgo.token_model import build_movement


def timed(label: str, throws: int, fn: Any) -> dict[str, Any]:
    start = time.perf_counter()
    fn()
    seconds = time.perf_counter() - start
    return {"run": label, "throws": throws, "seconds": round(seconds, 4),
            "throws_per_s": round(throws / seconds) if throws else None}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rolls", type=int, default=200_000, help="throws of the engine run")
    ap.add_argument("--batched-rolls", type=int, default=5_000_000,
                    help="throws of the batched run")
    ap.add_argument("--jail", choices=("short", "long"), default="short")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args, _ = ap.parse_known_args(argv)
    if args.rolls < 1 or args.batched_rolls < 1:
        ap.error("need --rolls >= 1 and --batched-rolls >= 1")
    rules = Rules.classic()
    movement = build_movement(rules, args.jail)
    rows = [
        timed("exact chain", 0, lambda: landing_odds(build_movement(rules, args.jail))),
        timed("engine token run, 1 worker", args.rolls, lambda: landing_counts(
            LandingJob(rules, args.rolls, args.jail, args.seed))),
        timed("batched NumPy run", args.batched_rolls, lambda: batched_counts(
            movement, args.batched_rolls, args.seed)),
    ]
    rows[2]["ratio"] = round(rows[2]["throws_per_s"] / rows[1]["throws_per_s"], 1)
    report = {"benchmark": "landing", "passgo": __version__,
              "python": platform.python_version(), "cpus": os.cpu_count(), "jail": args.jail,
              "results": rows}
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(f"passgo {__version__} landing benchmark: {args.jail} jail stays, "
          f"{report['cpus']} CPUs, Python {report['python']}")
    print(f"{'run':<30}{'throws':>12}{'seconds':>10}{'throws/s':>14}{'ratio':>8}")
    for r in rows:
        rate = f"{r['throws_per_s']:,}" if r["throws_per_s"] else ""
        ratio = f"{r['ratio']}x" if "ratio" in r else ""
        print(f"{r['run']:<30}{r['throws']:>12,}{r['seconds']:>10.3f}{rate:>14}{ratio:>8}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
