"""Position analysis benchmark: `passgo analyze position` rollouts of strategic bots, timed.

    python benchmarks/position.py [--rollouts N] [--workers N] [--bots SPEC] [--seed S] [--json]

Plays N rollouts (default 1000, no early stop) from the mid-game position of docs/positions.md
(Ann's oranges with three houses, Bob's dark blues with two, Cy's railroads) with the given bot
in every seat, on `--workers` processes (default 2), and prints rollouts/s with the wall time,
worker start-up included as a user's run has it. Other options in BENCH_ARGS are ignored.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

from passgo import __version__
from passgo.analysis.position import analyze_position

MID_GAME = """
rules = "classic"
to_move = "Bob"

[[players]]
name = "Ann"
cash = 430
position = "St. Charles Place"

[[players]]
name = "Bob"
cash = 610
position = 12

[[players]]
name = "Cy"
cash = 1120
position = "Free Parking"
get_out_of_jail_free = ["community_chest"]

[properties]
"St. James Place"       = { owner = "Ann", houses = 3 }
"Tennessee Avenue"      = { owner = "Ann", houses = 3 }
"New York Avenue"       = { owner = "Ann", houses = 3 }
"Park Place"            = { owner = "Bob", houses = 2 }
"Boardwalk"             = { owner = "Bob", houses = 2 }
"Reading Railroad"      = { owner = "Cy" }
"Pennsylvania Railroad" = { owner = "Cy", mortgaged = true }
"B. & O. Railroad"      = { owner = "Cy" }
"Short Line"            = { owner = "Cy" }
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rollouts", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--bots", default="strategic", help="the bot of every seat")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args, _ = ap.parse_known_args(argv)
    if args.rollouts < 1 or args.workers < 1:
        ap.error("need --rollouts >= 1 and --workers >= 1")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mid-game.toml"
        path.write_text(MID_GAME)
        options = argparse.Namespace(
            file=str(path), players=",".join([args.bots] * 3), rollouts=args.rollouts,
            precision=0.0, min_rollouts=1, what_if=None, max_rounds=300, seed=args.seed,
            workers=args.workers)
        start = time.perf_counter()
        report = analyze_position(options)
        seconds = time.perf_counter() - start
    row = {"run": f"position, {args.bots} bots", "workers": args.workers,
           "rollouts": report["rollouts"], "seconds": round(seconds, 2),
           "rollouts_per_s": round(report["rollouts"] / seconds, 1)}
    result = {"benchmark": "position", "passgo": __version__,
              "python": platform.python_version(), "cpus": os.cpu_count(), "results": [row]}
    if args.json:
        json.dump(result, sys.stdout, indent=2)
        print()
        return 0
    print(f"passgo {__version__} position benchmark: {result['cpus']} CPUs, "
          f"Python {result['python']}")
    print(f"{'run':<28}{'workers':>8}{'rollouts':>10}{'seconds':>10}{'rollouts/s':>12}")
    print(f"{row['run']:<28}{row['workers']:>8}{row['rollouts']:>10,}{row['seconds']:>10.1f}"
          f"{row['rollouts_per_s']:>12.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
