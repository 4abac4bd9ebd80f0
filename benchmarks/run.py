"""Engine benchmark: full games of bots in one process, full rules (classic by default).

    python benchmarks/run.py [--games N] [--players 4] [--max-rounds 1000] [--seed S]
                              [--bots basic|random|strategic|SPEC] [--rules NAME|FILE] [--json]

Each game runs to its end or to the round cap, every seat played by the bot `--bots` (basic by
default; any spec of docs/bots.md) through the bot loop (`passgo.agents.play`). A turn is one
player's turn, doubles re-rolls included. Two rows: the simulation path (`apply_unchecked`,
bots answer with legal actions) and the checked path (`apply`, every action checked as for a
human or a server). Other options in BENCH_ARGS (for the other benchmarks) are ignored.
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import sys
import time
from typing import Any

from passgo import Game, Rules, __version__
from passgo.agents import make_agent, play, spec_problem
from passgo.core.errors import DataError
from passgo.engine_build import engine_build
from passgo.rulespec import load_rules


def run(games: int, players: int, max_rounds: int, seed: int, checked: bool,
        rules: Rules, bots: str = "basic") -> dict[str, Any]:
    names = [f"P{i + 1}" for i in range(players)]
    turns = rounds = capped = actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        g = Game.new(names, rules, seed=seed + i, max_rounds=max_rounds)
        play(g, [make_agent(bots, (seed + i) * 31 + p) for p in range(players)],
             checked=checked)
        turns += g.turn_number
        rounds += g.round_number
        capped += g.stopped_by_limit
        actions += len(g.history)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "path": "checked" if checked else "simulation",
        "games": games,
        "seconds": round(seconds, 3),
        "turns_per_s": round(turns / seconds),
        # By the process's CPU time: steadier than the clock on a machine other work shares.
        "turns_per_cpu_s": round(turns / cpu),
        "actions_per_s": round(actions / seconds),
        "games_per_s": round(games / seconds, 2),
        "mean_rounds": round(rounds / games, 1),
        "share_capped": round(capped / games, 4),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-rounds", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rules", default="classic", help="a preset name or a TOML rules file")
    ap.add_argument("--bots", default="basic",
                    help="the bot of every seat: basic (default), random, strategic, ...")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args, _ = ap.parse_known_args(argv)
    if args.games < 1 or not 2 <= args.players <= 8 or args.max_rounds < 1:
        ap.error("need --games >= 1, --players 2..8 and --max-rounds >= 1")
    problem = spec_problem(args.bots)
    if problem:
        ap.error(f"--bots: {problem}")
    try:
        rules = load_rules(args.rules)
    except DataError as exc:
        ap.error(str(exc))
    rows = [
        run(args.games, args.players, args.max_rounds, args.seed, checked=False, rules=rules,
            bots=args.bots),
        run(args.games, args.players, args.max_rounds, args.seed, checked=True, rules=rules,
            bots=args.bots),
    ]
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    report = {
        "benchmark": "engine",
        "passgo": __version__,
        "build": engine_build(),
        "python": platform.python_version(),
        "players": args.players,
        "bots": args.bots,
        "rules": args.rules,
        "max_rounds": args.max_rounds,
        "peak_memory_mib": round(peak_mib, 1),
        "results": rows,
    }
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(
        f"passgo {__version__} ({report['build']} build) engine benchmark: {args.games} games, "
        f"{args.players} {args.bots} bots, "
        f"{args.rules} rules, cap {args.max_rounds} rounds, Python {report['python']}"
    )
    header = ("path", "turns/s", "actions/s", "games/s", "mean rounds", "capped", "seconds")
    print("  ".join(f"{h:>12}" for h in header))
    for r in rows:
        cells = (
            r["path"],
            f"{r['turns_per_s']:,}",
            f"{r['actions_per_s']:,}",
            f"{r['games_per_s']:.2f}",
            f"{r['mean_rounds']:.1f}",
            f"{r['share_capped']:.1%}",
            f"{r['seconds']:.1f}",
        )
        print("  ".join(f"{c:>12}" for c in cells))
    print(f"peak memory: {peak_mib:.1f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
