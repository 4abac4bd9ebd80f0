"""Win shares of a trained policy heads up against passgo's bots, with 95 % Wilson intervals.

    python examples/rl/evaluate.py examples/rl/heads-up.pt [--games 200]
        [--opponents random,basic,strategic] [--max-rounds 200] [--json]

Each game seats the policy (as the `rl:PATH` bot) and one opponent, the policy first in even
games and second in odd ones, from seeds 0, 1, 2, ...; a game stopped at the round limit (or
at `passgo tournament`'s step limit for that many rounds) is not a win. The table is what
docs/rl.md shows.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from passgo import Game
from passgo.agents import make_agent, play
from passgo.agents.play import step_limit
from passgo.tournament.stats import wilson


def win_share(policy: Path, opponent: str, games: int, max_rounds: int) -> dict[str, object]:
    bot = make_agent(f"rl:{policy}")
    wins = capped = 0
    start = time.perf_counter()
    for seed in range(games):
        other = make_agent(opponent, seed)
        first = seed % 2 == 0
        agents = [bot, other] if first else [other, bot]
        game = Game.new(["policy", "bot"] if first else ["bot", "policy"], seed=seed,
                        max_rounds=max_rounds)
        play(game, agents, max_steps=step_limit(2, max_rounds))
        wins += game.winner == (0 if first else 1)
        capped += game.winner is None
    low, high = wilson(wins, games)
    return {"opponent": opponent, "games": games, "wins": wins, "no_winner": capped,
            "share": wins / games, "low": low, "high": high,
            "seconds": round(time.perf_counter() - start, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("policy", type=Path)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--opponents", default="random,basic,strategic")
    parser.add_argument("--max-rounds", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        rows = [win_share(args.policy, spec.strip(), args.games, args.max_rounds)
                for spec in args.opponents.split(",")]
    except ValueError as exc:
        print(f"evaluate: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print("| opponent | games | policy wins | win share | 95 % Wilson interval | no winner |")
    print("|---|---:|---:|---:|---|---:|")
    for r in rows:
        print(f"| {r['opponent']} | {r['games']} | {r['wins']} | {r['share']:.1%} | "
              f"{r['low']:.1%} – {r['high']:.1%} | {r['no_winner']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
