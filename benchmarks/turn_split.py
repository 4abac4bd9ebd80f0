"""Where a turn's time goes: the engine or the bots. Games of bots are played and timed, then
their recorded actions are played again through the engine alone and timed; the difference is
the bots' deciding.

    python benchmarks/turn_split.py [--bots strategic] [--games 60] [--players 4]
                                    [--max-rounds 40] [--seed 1000] [--json]

Both passes use the simulation path (`Game.apply_unchecked`) and count CPU time (steadier than
the clock on a shared machine). Reported per turn: all of it, the engine's part and the bots'
part, in microseconds. Run it with another interpreter (`.venv-compiled/bin/python`) for the
compiled build, or with `PYTHONPATH=/path/to/checkout/src` for another version (docs/bots.md,
"Speed").
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from typing import TYPE_CHECKING, Any

# Only names every version since b37e911 has, so that an older checkout can be measured too.
from passgo import Game, __version__
from passgo.agents import make_agent, play, spec_problem
from passgo.rulespec import load_rules

if TYPE_CHECKING:
    from passgo import Action


def build() -> str:
    """The build measured: "pure" or "compiled" (versions before the compiled build: pure)."""
    try:
        from passgo.engine_build import engine_build
    except ImportError:
        return "pure"
    return engine_build()


def measure(bots: str, games: int, players: int, max_rounds: int, seed: int) -> dict[str, Any]:
    rules = load_rules("classic")
    names = [f"P{i + 1}" for i in range(players)]
    played: list[tuple[int, list[Action]]] = []
    turns = 0
    cpu = time.process_time()
    for i in range(games):
        g = Game.new(names, rules, seed=seed + i, max_rounds=max_rounds)
        play(g, [make_agent(bots, (seed + i) * 31 + p) for p in range(players)], checked=False)
        turns += g.turns
        played.append((seed + i, list(g.history)))
    whole = time.process_time() - cpu
    cpu = time.process_time()
    for game_seed, actions in played:
        g = Game.new(names, rules, seed=game_seed, max_rounds=max_rounds)
        for action in actions:
            g.apply_unchecked(action)
    engine = time.process_time() - cpu
    return {
        "benchmark": "turn_split",
        "passgo": __version__,
        "build": build(),
        "python": platform.python_version(),
        "bots": bots,
        "games": games,
        "players": players,
        "max_rounds": max_rounds,
        "turns": turns,
        "turns_per_cpu_s": round(turns / whole),
        "us_per_turn": round(1e6 * whole / turns, 1),
        "engine_us_per_turn": round(1e6 * engine / turns, 1),
        "bots_us_per_turn": round(1e6 * (whole - engine) / turns, 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--bots", default="strategic", help="the bot of every seat (a bot spec)")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-rounds", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)
    if args.games < 1 or not 2 <= args.players <= 8 or args.max_rounds < 1:
        print("turn_split: need --games >= 1, --players 2..8 and --max-rounds >= 1",
              file=sys.stderr)
        return 2
    problem = spec_problem(args.bots)
    if problem:
        print(f"turn_split: {problem}", file=sys.stderr)
        return 2
    r = measure(args.bots, args.games, args.players, args.max_rounds, args.seed)
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    print(f"passgo {r['passgo']} ({r['build']} build): {r['games']} games of {r['players']} x "
          f"{r['bots']}, cap {r['max_rounds']} rounds, {r['turns']} turns")
    rows = (("turns per CPU s", f"{r['turns_per_cpu_s']:,}"),
            ("µs per turn", f"{r['us_per_turn']}"),
            ("  the engine", f"{r['engine_us_per_turn']}"),
            ("  the bots", f"{r['bots_us_per_turn']}"))
    for label, value in rows:
        print(f"{label:<18}{value:>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
