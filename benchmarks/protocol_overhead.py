"""Per-decision overhead of a protocol bot (an outside program over JSON lines).

    python benchmarks/protocol_overhead.py [--games 20] [--players 2] [--max-rounds 200]
                                           [--seed 0] [--json]

The same games are played by a "first legal action" player three ways: in-process (the
baseline), in-process but also building each `decide` message (view, legal actions, JSON: the
game's side of the cost), and as a Python program behind `ProtocolBot` (the whole cost: the
message, the pipe both ways, the program's JSON parsing, checking the answer). The example
JavaScript bot is timed too when `node` is installed (its own play, so its own games). Other
options in BENCH_ARGS (for the other benchmarks) are ignored.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import sys
import time
from pathlib import Path
from typing import Any

from passgo import Action, Game, __version__
from passgo.agents import BasicBot, ProtocolBot, play

HERE = Path(__file__).resolve().parent
# The program side of the in-process baseline: the same choice, made by a separate process.
PYTHON_BOT = """
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"name": "first-legal"}), flush=True)
    elif m["type"] == "decide":
        print(json.dumps({"id": m["id"], "action": m["legal"][0]}), flush=True)
"""


class FirstLegal:
    """The in-process baseline; with `messages`, also builds the protocol's message."""

    name = "first-legal"

    def __init__(self, messages: bool = False) -> None:
        self.messages = messages
        self.decisions = 0

    def act(self, game: Game, player: int) -> Action:
        self.decisions += 1
        legal = game.legal_actions(player)
        if self.messages:
            json.dumps({"type": "decide", "id": self.decisions, "seat": player,
                        "pending": game.pending.to_dict(), "legal": [a.text() for a in legal],
                        "bid_range": game.bid_range(player), "view": game.view(player)})
        return legal[0]


def _run(make: Any, games: int, players: int, max_rounds: int, seed: int) -> dict[str, Any]:
    decisions = 0
    seconds = 0.0
    for i in range(games):
        agent = make()
        game = Game.new([f"P{k + 1}" for k in range(players)], seed=seed + i,
                        max_rounds=max_rounds)
        start = time.perf_counter()
        play(game, [agent] + [BasicBot() for _ in range(players - 1)])
        seconds += time.perf_counter() - start
        decisions += agent.decisions
        if isinstance(agent, ProtocolBot):
            agent.close()
            if agent.incidents:
                raise SystemExit(f"protocol_overhead: incidents {agent.incident_counts()}")
    return {"decisions": decisions, "seconds": seconds}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--max-rounds", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args, _ = ap.parse_known_args(argv)
    if args.games < 1 or not 2 <= args.players <= 8 or args.max_rounds < 1:
        ap.error("need --games >= 1, --players 2..8 and --max-rounds >= 1")
    setup = (args.games, args.players, args.max_rounds, args.seed)
    python_bot = [sys.executable, "-c", PYTHON_BOT]
    runs = {
        "in-process": _run(FirstLegal, *setup),
        "in-process + message": _run(lambda: FirstLegal(messages=True), *setup),
        "protocol (python)": _run(lambda: ProtocolBot(python_bot, time_limit=10), *setup),
    }
    node = shutil.which("node")
    if node:
        example = str(HERE.parent / "examples" / "bots" / "bot.js")
        runs["protocol (node example)"] = _run(
            lambda: ProtocolBot([node, example], time_limit=10), *setup)
    base = runs["in-process"]["seconds"] / runs["in-process"]["decisions"]
    rows = []
    for path, r in runs.items():
        per = r["seconds"] / r["decisions"]
        rows.append({"path": path, "decisions": r["decisions"],
                     "us_per_decision": round(per * 1e6, 1),
                     "overhead_us": round((per - base) * 1e6, 1)})
    report = {"benchmark": "protocol_overhead", "passgo": __version__,
              "python": platform.python_version(), "games": args.games,
              "players": args.players, "results": rows}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"passgo {__version__} protocol overhead: {args.games} games, "
          f"{args.players} players (one first-legal player, the rest basic), "
          f"Python {report['python']}")
    print(f"{'path':>24} {'decisions':>10} {'µs/decision':>12} {'overhead µs':>12}")
    for row in rows:
        print(f"{row['path']:>24} {row['decisions']:>10,} {row['us_per_decision']:>12,.1f} "
              f"{row['overhead_us']:>12,.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
