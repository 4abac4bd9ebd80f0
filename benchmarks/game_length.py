"""Do games of bots end? Share of games won within a round cap, and how long they last.

    python benchmarks/game_length.py [--games 200] [--max-rounds 500] [--seed 0] [--jobs 1]
        [--table SPEC,SPEC,...]... [--json]

Each table (by default 4 x strategic, and strategic, cautious, aggressive, dealer) plays
`--games` games from seeds `seed`, `seed + 1`, ...; game i rotates the seats by i, so every bot
sits in every seat equally often. A game ends with a winner when one player is left; a game
stopped at the round cap has none, and counts as lasting the cap in the length figures (so
the median and the 95th percentile are lower bounds when games are capped). Columns: games,
share ended with a winner within the cap, median and 95th-percentile length in rounds, mean
length, seconds. The issue's target (issue 10): at least 98 % of games end within 500 rounds
for both default tables.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from multiprocessing import Pool
from typing import Any

from passgo import __version__
from passgo.agents import spec_problem, split_specs
from passgo.tournament.match import play_match

DEFAULT_TABLES = (
    "strategic,strategic,strategic,strategic",
    "strategic,cautious,aggressive,dealer",
)


def _game(job: tuple[tuple[str, ...], int, int, int]) -> tuple[bool, int]:
    specs, max_rounds, seed, shift = job
    seats = [specs[(i + shift) % len(specs)] for i in range(len(specs))]
    result = play_match(seats, seed, max_rounds=max_rounds)
    return result.winner is not None, result.rounds


def percentile(values: list[int], share: float) -> float:
    """The `share` quantile of `values` (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(round(share * len(ordered), 9))))
    return float(ordered[rank - 1])


def measure(table: str, games: int, max_rounds: int, seed: int, jobs: int) -> dict[str, Any]:
    specs = tuple(split_specs(table))
    start = time.perf_counter()
    work = [(specs, max_rounds, seed + i, i) for i in range(games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(_game, work, chunksize=4)
    else:
        results = [_game(job) for job in work]
    ended = sum(won for won, _ in results)
    lengths = [rounds for _, rounds in results]
    return {
        "table": list(specs),
        "games": games,
        "max_rounds": max_rounds,
        "ended": ended,
        "share_ended": round(ended / games, 4),
        "median_rounds": float(statistics.median(lengths)),
        "p95_rounds": percentile(lengths, 0.95),
        "mean_rounds": round(sum(lengths) / games, 1),
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--max-rounds", type=int, default=500)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--table", action="append", default=None,
                    help="comma-separated bot specs of one table (repeatable)")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)
    tables = args.table or list(DEFAULT_TABLES)
    if args.games < 1 or args.max_rounds < 1 or args.jobs < 1:
        print("game_length: need --games >= 1, --max-rounds >= 1, --jobs >= 1", file=sys.stderr)
        return 2
    for table in tables:
        specs = split_specs(table)
        if not 2 <= len(specs) <= 8:
            print(f"game_length: a table has 2 to 8 seats, not {table!r}", file=sys.stderr)
            return 2
        for spec in specs:
            problem = spec_problem(spec)
            if problem:
                print(f"game_length: {problem}", file=sys.stderr)
                return 2
    rows = [measure(t, args.games, args.max_rounds, args.seed, args.jobs) for t in tables]
    if args.json:
        print(json.dumps({"benchmark": "game_length", "passgo": __version__, "seed": args.seed,
                          "jobs": args.jobs, "tables": rows}, indent=2))
        return 0
    print(f"passgo {__version__}: games of bots, cap {args.max_rounds} rounds, seeds "
          f"{args.seed}..{args.seed + args.games - 1}")
    header = ("table", "games", "won", "median", "p95", "mean", "seconds")
    width = max(len(h) for h in (", ".join(r["table"]) for r in rows))
    print(f"{header[0]:<{width}}" + "".join(f"{h:>9}" for h in header[1:]))
    for r in rows:
        cells = (str(r["games"]), f"{r['share_ended']:.1%}", f"{r['median_rounds']:.0f}",
                 f"{r['p95_rounds']:.0f}", f"{r['mean_rounds']:.0f}", f"{r['seconds']:.0f}")
        print(f"{', '.join(r['table']):<{width}}" + "".join(f"{c:>9}" for c in cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
