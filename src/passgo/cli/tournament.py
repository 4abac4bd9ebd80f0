"""`passgo tournament BOT BOT ...`: play the schedule and print the leaderboard.

    passgo tournament strategic cautious basic random --players 4 --repeat 10 --jobs 2
    passgo tournament strategic "cmd:node examples/bots/bot.js" --time-limit 1 --json
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from passgo.agents import spec_problem
from passgo.core.errors import DataError
from passgo.inputs import CommandError, finite_float
from passgo.rulespec import load_rules
from passgo.tournament import Settings, run_tournament
from passgo.tournament.ratings import RatingsUnavailable, Standing, leaderboard
from passgo.tournament.schedule import MODES, schedule


def _labels(specs: list[str]) -> list[str]:
    """Entry names for the table: the spec, numbered when a spec is entered twice."""
    seen: dict[str, int] = {}
    labels = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        labels.append(spec if specs.count(spec) == 1 else f"{spec} #{seen[spec]}")
    return labels


def _settings(args: argparse.Namespace) -> Settings:
    for spec in args.bots:
        problem = spec_problem(spec)
        if problem:
            raise CommandError(problem)
    if args.repeat < 1 or args.max_rounds < 1 or args.jobs < 1:
        raise CommandError("--repeat, --max-rounds and --jobs must be at least 1")
    if args.time_limit is not None and args.time_limit <= 0:
        raise CommandError("--time-limit must be positive")
    try:
        rules = load_rules(args.rules) if args.rules else None
        schedule(len(args.bots), args.players, args.mode, 1)
    except (DataError, ValueError) as exc:
        raise CommandError(str(exc)) from None
    return Settings(players=args.players, mode=args.mode, repeat=args.repeat,
                    max_rounds=args.max_rounds, seed=args.seed, jobs=args.jobs,
                    time_limit=args.time_limit, rules=rules)


def _table(rows: list[Standing], games: int, capped: int, settings: Settings) -> str:
    lines = [f"{games} games of {settings.players} players ({settings.mode}, "
             f"{capped} stopped at {settings.max_rounds} rounds)", ""]
    # The bot column is as wide as the longest name: names are never cut.
    width = max([28, *(len(row.label) for row in rows)])
    header = f"{'#':>2}  {'bot':<{width}} {'rating':>7} {'mu±sigma':>12} {'games':>6} " \
             f"{'wins':>5} {'win share (95 %)':>22} {'place':>5}  incidents"
    lines += [header, "-" * len(header)]
    for i, row in enumerate(rows, 1):
        d = row.to_dict()
        low, high = d["win_share_95"]
        share = f"{d['win_share']:.1%} ({low:.1%}-{high:.1%})"
        incidents = ", ".join(f"{k} {v}" for k, v in sorted(row.incidents.items())) or "-"
        lines.append(f"{i:>2}  {row.label:<{width}} {row.ordinal:>7.2f} "
                     f"{f'{row.mu:.1f}±{row.sigma:.1f}':>12} {row.games:>6} {row.wins:>5} "
                     f"{share:>22} {d['mean_place']:>5.2f}  {incidents}")
    return "\n".join(lines)


def cmd_tournament(args: argparse.Namespace) -> int:
    settings = _settings(args)
    labels = _labels(args.bots)
    results = run_tournament(args.bots, settings)
    try:
        rows = leaderboard(labels, results)
    except RatingsUnavailable as exc:
        raise CommandError(str(exc)) from None
    capped = sum(r.capped for r in results)
    if args.json:
        report: dict[str, Any] = {
            "entries": labels,
            "players": settings.players,
            "mode": settings.mode,
            "repeat": settings.repeat,
            "max_rounds": settings.max_rounds,
            "seed": settings.seed,
            "games": len(results),
            "capped": capped,
            "rating": "openskill plackett-luce, sorted by mu - 3 sigma",
            "leaderboard": [row.to_dict() for row in rows],
            "results": [r.to_dict() for r in results],
        }
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        print(_table(rows, len(results), capped, settings))
    return 0


def add_tournament(p: argparse.ArgumentParser) -> None:
    p.description = ("Every set of PLAYERS bots meets in every seat rotation (or seat order); "
                     "OpenSkill ratings and win shares.")
    p.add_argument("bots", nargs="+", metavar="BOT",
                   help="bot specs: basic, strategic:reserve=300, cautious, cmd:COMMAND, ... "
                        "(docs/bots.md)")
    p.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    p.add_argument("--mode", choices=MODES, default="round-robin",
                   help="round-robin: every seat rotation; permutations: every seat order")
    p.add_argument("--repeat", type=int, default=5, help="times the schedule is played")
    p.add_argument("--max-rounds", type=int, default=1000,
                   help="round cap; a capped game has no winner (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="seed of the dice and cards")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--time-limit", type=finite_float,
                   help="seconds per decision for protocol bots (default 2)")
    p.add_argument("--rules", help="rule set: a preset name or a TOML file")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.set_defaults(func=cmd_tournament)
