"""How strong is a bot against a field of baselines? Win share with a 95 % Wilson interval.

    python benchmarks/strategic_strength.py [--bot strategic] [--opponent basic]
        [--players 4] [--games 2000] [--max-rounds 1000] [--jobs 2] [--seed 0] [--json]

Game i seats the bot at seat i mod players (seat rotation: every seat equally often) and the
opponents everywhere else, from seed `seed + i`. A game stopped at the round cap has no winner
and counts as not won. The targets (issue 10): 4 players, share >= 60 % (a fair share is
25 %); 2 players, share >= 80 %; measured on 2,000 games each, with the 95 % interval.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from typing import Any

from passgo import __version__
from passgo.agents import spec_problem
from passgo.tournament.match import play_match
from passgo.tournament.stats import wilson


def _game(job: tuple[str, str, int, int, int]) -> tuple[bool, bool, int]:
    bot, opponent, players, max_rounds, seed = job
    seat = seed % players
    specs = [bot if i == seat else opponent for i in range(players)]
    result = play_match(specs, seed, max_rounds=max_rounds)
    return result.winner == seat, result.capped, result.rounds


def measure(bot: str, opponent: str, players: int, games: int, max_rounds: int, jobs: int,
            seed: int) -> dict[str, Any]:
    start = time.perf_counter()
    work = [(bot, opponent, players, max_rounds, seed + i) for i in range(games)]
    with Pool(jobs) as pool:
        results = pool.map(_game, work, chunksize=8)
    wins = sum(won for won, _, _ in results)
    low, high = wilson(wins, games)
    return {
        "bot": bot,
        "opponent": opponent,
        "players": players,
        "games": games,
        "max_rounds": max_rounds,
        "wins": wins,
        "share": round(wins / games, 4),
        "wilson95": [round(low, 4), round(high, 4)],
        "fair_share": round(1 / players, 4),
        "capped": round(sum(c for _, c, _ in results) / games, 4),
        "mean_rounds": round(sum(r for _, _, r in results) / games, 1),
        "seconds": round(time.perf_counter() - start, 1),
        "jobs": jobs,
        "passgo": __version__,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default="strategic")
    ap.add_argument("--opponent", default="basic")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--max-rounds", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a line")
    args = ap.parse_args(argv)
    for spec in (args.bot, args.opponent):
        problem = spec_problem(spec)
        if problem:
            print(f"strategic_strength: {problem}", file=sys.stderr)
            return 2
    if args.games < 1 or not 2 <= args.players <= 8 or args.max_rounds < 1 or args.jobs < 1:
        print("strategic_strength: need --games >= 1, --players 2..8, --max-rounds >= 1, "
              "--jobs >= 1", file=sys.stderr)
        return 2
    r = measure(args.bot, args.opponent, args.players, args.games, args.max_rounds, args.jobs,
                args.seed)
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    low, high = r["wilson95"]
    print(f"{r['bot']} vs {args.players - 1} x {r['opponent']}: {r['wins']}/{r['games']} won "
          f"= {r['share']:.1%} (95 % Wilson {low:.1%}..{high:.1%}; fair {r['fair_share']:.0%}), "
          f"capped {r['capped']:.1%}, mean {r['mean_rounds']:.0f} rounds, "
          f"{r['seconds']:.0f} s on {r['jobs']} processes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
