"""Do the levels climb? Each level heads-up against the one below, with the bots' manners counted.

    python benchmarks/levels.py [--games 200] [--pairs 1-2,2-3,3-4,4-5] [--max-rounds 500]
        [--seed 0] [--jobs 2] [--json]

A pair `A-B` plays `level:B` against `level:A` heads-up (`passgo.agents.spec.LEVELS`). Game i
plays from seed `seed + i`, the higher level in seat i mod 2 (each seat equally often). A game
stopped at the round cap has no winner and counts as not won. Columns: games, the higher
level's wins, their share with its 95 % Wilson interval, the share of capped games, median
rounds, and over both seats the trade offers made, the offers that give nothing and the
give-away sales (deeds that complete the buyer's group for less than their printed price;
`passgo.agents.manners`), both of which should be 0; seconds. The search levels (4 and 5) take
seconds a game: give their pairs fewer games (`--games` applies to every pair).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from multiprocessing import Pool
from typing import Any

from passgo import Game, __version__
from passgo.agents import LEVELS, make_agent, play
from passgo.agents.manners import Manners
from passgo.agents.play import step_limit
from passgo.tournament.stats import wilson

DEFAULT_PAIRS = "1-2,2-3,3-4,4-5"


def _game(job: tuple[int, int, int, int]) -> tuple[bool, bool, int, int, int, int]:
    """One game: (the higher level won, capped, rounds, offers, gives-nothing, give-aways)."""
    low, high, max_rounds, seed = job
    seat = seed % 2
    specs = [f"level:{high}" if i == seat else f"level:{low}" for i in range(2)]
    game = Game.new(["P1", "P2"], None, seed, max_rounds=max_rounds)
    agents = [make_agent(spec, seed * 31 + i) for i, spec in enumerate(specs)]
    manners = Manners()
    play(game, agents, max_steps=step_limit(2, max_rounds), observe=manners.observer(game))
    return (game.winner == seat, game.winner is None, game.round_number, manners.offers,
            manners.gives_nothing, manners.give_aways)


def measure(low: int, high: int, games: int, max_rounds: int, seed: int,
            jobs: int) -> dict[str, Any]:
    start = time.perf_counter()
    work = [(low, high, max_rounds, seed + i) for i in range(games)]
    with Pool(jobs) as pool:
        results = pool.map(_game, work, chunksize=1)
    wins = sum(r[0] for r in results)
    share_low, share_high = wilson(wins, games)
    return {
        "pair": f"{low}-{high}",
        "higher": f"level:{LEVELS[high - 1][0]}",
        "lower": f"level:{LEVELS[low - 1][0]}",
        "games": games,
        "wins": wins,
        "share": round(wins / games, 4),
        "wilson95": [round(share_low, 4), round(share_high, 4)],
        "capped": round(sum(r[1] for r in results) / games, 4),
        "median_rounds": statistics.median(r[2] for r in results),
        "offers": sum(r[3] for r in results),
        "gives_nothing": sum(r[4] for r in results),
        "give_aways": sum(r[5] for r in results),
        "seconds": round(time.perf_counter() - start, 1),
    }


def _pairs(text: str) -> list[tuple[int, int]]:
    out = []
    for item in text.split(","):
        low, dash, high = item.strip().partition("-")
        if not dash or not low.isdigit() or not high.isdigit() or not (
                1 <= int(low) < int(high) <= len(LEVELS)):
            raise ValueError(f"a pair is LOW-HIGH with 1 <= LOW < HIGH <= {len(LEVELS)}, "
                             f"not {item!r}")
        out.append((int(low), int(high)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--pairs", default=DEFAULT_PAIRS)
    ap.add_argument("--max-rounds", type=int, default=500)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)
    try:
        pairs = _pairs(args.pairs)
    except ValueError as exc:
        print(f"levels: {exc}", file=sys.stderr)
        return 2
    if args.games < 1 or args.max_rounds < 1 or args.jobs < 1:
        print("levels: need --games, --max-rounds and --jobs >= 1", file=sys.stderr)
        return 2
    rows = [measure(low, high, args.games, args.max_rounds, args.seed, args.jobs)
            for low, high in pairs]
    if args.json:
        print(json.dumps({"passgo": __version__, "seed": args.seed, "jobs": args.jobs,
                          "max_rounds": args.max_rounds, "pairs": rows}, indent=2))
        return 0
    print(f"{'higher vs lower':<34} {'games':>5} {'wins':>5} {'share':>6} {'95 % interval':>15} "
          f"{'capped':>6} {'rounds':>6} {'offers':>6} {'nothing':>7} {'give-away':>9} "
          f"{'s':>5}")
    for r in rows:
        low, high = r["wilson95"]
        print(f"{r['higher'] + ' vs ' + r['lower']:<34} {r['games']:>5} {r['wins']:>5} "
              f"{r['share']:>6.1%} {f'{low:.1%}..{high:.1%}':>15} {r['capped']:>6.1%} "
              f"{r['median_rounds']:>6.0f} {r['offers']:>6} {r['gives_nothing']:>7} "
              f"{r['give_aways']:>9} {r['seconds']:>5.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
