"""Win shares of a trained policy heads up against passgo's bots, with 95 % Wilson intervals.

    python examples/rl/evaluate.py examples/rl/heads-up.pt [--games 200]
        [--opponents random,basic,strategic] [--players 2] [--max-rounds 200] [--json]

Each game seats the policy (as the `rl:PATH` bot) and `--players` - 1 copies of one opponent,
the policy in seat g mod players in game g, from seeds 0, 1, 2, ...; a game stopped at the
round limit (or at `passgo tournament`'s step limit for that many rounds) is not a win. A fair
share is 1 / players. The table is what docs/rl.md shows.
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


def win_share(policy: Path, opponent: str, games: int, max_rounds: int,
              players: int = 2) -> dict[str, object]:
    bot = make_agent(f"rl:{policy}")
    wins = capped = 0
    start = time.perf_counter()
    for seed in range(games):
        seat = seed % players
        agents = [make_agent(opponent, seed + k) for k in range(players)]
        agents[seat] = bot
        names = [f"bot{k}" for k in range(players)]
        names[seat] = "policy"
        game = Game.new(names, seed=seed, max_rounds=max_rounds)
        play(game, agents, max_steps=step_limit(players, max_rounds))
        wins += game.winner == seat
        capped += game.winner is None
    low, high = wilson(wins, games)
    return {"opponent": opponent, "players": players, "games": games, "wins": wins,
            "no_winner": capped, "share": wins / games, "low": low, "high": high,
            "seconds": round(time.perf_counter() - start, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("policy", type=Path)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--opponents", default="random,basic,strategic")
    parser.add_argument("--max-rounds", type=int, default=200)
    parser.add_argument("--players", type=int, default=2, help="seats of a game (2 to 8)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        if not 2 <= args.players <= 8:
            raise ValueError("--players is from 2 to 8")
        rows = [win_share(args.policy, spec.strip(), args.games, args.max_rounds, args.players)
                for spec in args.opponents.split(",")]
    except ValueError as exc:
        print(f"evaluate: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print("| opponents | games | policy wins | win share | 95 % Wilson interval | no winner |")
    print("|---|---:|---:|---:|---|---:|")
    for r in rows:
        times = int(str(r["players"])) - 1
        print(f"| {r['opponent']}{f' × {times}' if times > 1 else ''} | {r['games']} | "
              f"{r['wins']} | {r['share']:.1%} | {r['low']:.1%} – {r['high']:.1%} | "
              f"{r['no_winner']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
