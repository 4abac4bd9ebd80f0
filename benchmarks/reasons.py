"""What a bot's reasons cost: games played through `bot_step` (as the terminal and web games
play them), with each bot's `act` and `explain` timed apart.

    python benchmarks/reasons.py [--bots strategic,cautious,expert:rollouts=4,basic]
                                 [--games 4] [--players 4] [--max-rounds 60] [--seed 2000]
                                 [--json]

Every seat of a game is played by the same bot. Reported per bot: its decisions, the share of
them that came with a reason, the CPU time `explain` took per decision (mean, and the slowest
one) and, beside it, what `act` took per decision. Simulations never ask for reasons
(`agents.play.play`), so these figures are what a person watching a game waits for reasons,
and nothing else pays them. CPU time (steadier than the clock on a shared machine).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from typing import Any

from passgo import Action, Game, __version__
from passgo.agents import bot_step, make_agent, spec_problem, split_specs
from passgo.agents.base import Agent, explainer
from passgo.engine_build import engine_build
from passgo.rulespec import load_rules


class Timed:
    """A bot with its `act` and `explain` timed (CPU seconds), as `bot_step` calls them."""

    def __init__(self, bot: Agent) -> None:
        self.bot = bot
        self.name = bot.name
        self.acting = 0.0
        self.explaining = 0.0
        self.slowest = 0.0
        self.decisions = 0
        self.reasons = 0

    def act(self, game: Game, player: int) -> Action:
        start = time.process_time()
        action = self.bot.act(game, player)
        self.acting += time.process_time() - start
        self.decisions += 1
        return action

    def explain(self, game: Game, player: int, action: Action) -> str:
        explain = explainer(self.bot)
        if explain is None:
            return ""
        start = time.process_time()
        reason = explain(game, player, action)
        took = time.process_time() - start
        self.explaining += took
        self.slowest = max(self.slowest, took)
        self.reasons += bool(reason)
        return reason


def measure(bot: str, games: int, players: int, max_rounds: int, seed: int) -> dict[str, Any]:
    """One bot in every seat of `games` classic games, played through `bot_step`."""
    rules = load_rules("classic")
    timed: list[Timed] = []
    for i in range(games):
        g = Game.new([f"P{p + 1}" for p in range(players)], rules, seed=seed + i,
                     max_rounds=max_rounds)
        seats = [Timed(make_agent(bot, (seed + i) * 31 + p)) for p in range(players)]
        timed += seats
        while bot_step(g, seats) is not None:
            pass
    decisions = sum(t.decisions for t in timed)
    return {
        "bot": bot,
        "decisions": decisions,
        "share_with_reason": round(sum(t.reasons for t in timed) / max(1, decisions), 3),
        "explain_us_per_decision": round(1e6 * sum(t.explaining for t in timed)
                                         / max(1, decisions), 1),
        "explain_ms_slowest": round(1e3 * max(t.slowest for t in timed), 2),
        "act_us_per_decision": round(1e6 * sum(t.acting for t in timed) / max(1, decisions), 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--bots", default="strategic,cautious,expert:rollouts=4,basic",
                    help="bot specs, comma-separated: one row each")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-rounds", type=int, default=60)
    ap.add_argument("--seed", type=int, default=2000)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)
    if args.games < 1 or not 2 <= args.players <= 8 or args.max_rounds < 1:
        print("reasons: need --games >= 1, --players 2..8 and --max-rounds >= 1",
              file=sys.stderr)
        return 2
    bots = split_specs(args.bots)
    for spec in bots:
        problem = spec_problem(spec)
        if problem:
            print(f"reasons: {problem}", file=sys.stderr)
            return 2
    rows = [measure(b, args.games, args.players, args.max_rounds, args.seed) for b in bots]
    result = {"benchmark": "reasons", "passgo": __version__, "build": engine_build(),
              "python": platform.python_version(), "games": args.games,
              "players": args.players, "max_rounds": args.max_rounds, "bots": rows}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"passgo {__version__} ({result['build']} build): {args.games} games of "
          f"{args.players} x each bot, cap {args.max_rounds} rounds; CPU time")
    print(f"{'bot':<22}{'decisions':>10}{'reasons':>9}{'explain µs':>12}{'slowest ms':>12}"
          f"{'act µs':>10}")
    for r in rows:
        print(f"{r['bot']:<22}{r['decisions']:>10,}{r['share_with_reason']:>9.0%}"
              f"{r['explain_us_per_decision']:>12}{r['explain_ms_slowest']:>12}"
              f"{r['act_us_per_decision']:>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
