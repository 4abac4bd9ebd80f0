"""passgo's bots beside the fastest Python peer's trading bot, on the same 4-player workload:
turns and games per CPU second, side by side, in one run.

    python benchmarks/peer_speed.py PEER_CHECKOUT [--compiled-python PYTHON]
                                    [--bots strategic,basic] [--games 30] [--peer-games 100]
                                    [--repeats 3] [--max-rounds 1000] [--seed 0] [--json]

The peer is gamescomputersplay/monopoly (github.com/gamescomputersplay/monopoly), its four
trading `StandardPlayer`s as its `settings.py` sets them up; PEER_CHECKOUT is a checkout of it
(this script fetches nothing). Its games are played one after the other in a process of its
own, as its `scripts/simulate.py` plays each of them (`monopoly.core.game.monopoly_game` with a
game number and a seed drawn from `random.Random(--seed)`), without its game log and with its
bankruptcy log written to the null device, so that nothing is written into the checkout. A
turn is one seat's move as its game loop makes it (doubles included), counted by wrapping
`Player.make_a_move` (one Python call a turn, charged to the peer); a game ends as the peer
ends it: one player left, every player rich, or its round cap.

passgo plays `--games` games of each bot of `--bots` at all four seats under the classic rules,
capped at `--max-rounds` rounds (the peer's cap is its own, 1,000), through `versions.py`'s
measurement: the pure build from this checkout's `src`, and, with `--compiled-python`, the
passgo installed in that interpreter (`make compiled` installs the compiled build into
`.venv-compiled`). The contenders take turns `--repeats` times, the order reversed every other
round; reported per contender: the median turns per CPU second and games per CPU second, their
ratios to the peer, and the mean turns per game (the ratio per game differs from the one per
turn as games differ in length). docs/bots.md ("Speed") has figures and commands.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from versions import MEASURE

ROOT = Path(__file__).resolve().parents[1]

# Run in a process of its own with the peer's checkout first on the path: only the names its
# `scripts/simulate.py` and `monopoly/core/game.py` use.
PEER = """
import json, os, random, sys, time
checkout, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
sys.path.insert(0, checkout)
from monopoly.log_settings import LogSettings
LogSettings.KEEP_GAME_LOG = False
LogSettings.BANKRUPTCIES_PATH = os.devnull
from monopoly.core import game as peer_game
from monopoly.core.player import Player
turns = depth = 0
move = Player.make_a_move
def counted(self, *args):
    global turns, depth
    if not depth:
        turns += 1
    depth += 1
    try:
        return move(self, *args)
    finally:
        depth -= 1
Player.make_a_move = counted
master = random.Random(seed)
pairs = [(i + 1, master.getrandbits(32)) for i in range(games)]
start, cpu = time.perf_counter(), time.process_time()
for pair in pairs:
    peer_game.monopoly_game(pair)
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
print(json.dumps({"file": peer_game.__file__, "seconds": seconds, "cpu_seconds": cpu,
                  "turns": turns, "games": games}))
"""


def run(cmd: list[str], env: dict[str, str], what: str) -> dict[str, Any]:
    """One contender's run: the JSON line its process prints."""
    done = subprocess.run(cmd, capture_output=True, text=True, env=env,
                          cwd=tempfile.gettempdir(), check=False)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or ["(no message)"]
        raise SystemExit(f"peer_speed: {what} failed: {lines[-1]}")
    row: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return row


def measure_peer(checkout: Path, games: int, seed: int) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    row = run([sys.executable, "-c", PEER, str(checkout), str(games), str(seed)], env,
              "the peer's games")
    if not Path(row["file"]).resolve().is_relative_to(checkout.resolve()):
        raise SystemExit(f"peer_speed: the peer was imported from {row['file']}, "
                         f"not from {checkout}")
    return row


def measure_passgo(python: str | None, bots: str, games: int, max_rounds: int,
                   seed: int) -> dict[str, Any]:
    """`versions.py`'s games: this checkout's source (python None) or the passgo installed in
    another interpreter."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if python is None:
        env["PYTHONPATH"] = str(ROOT / "src")
    cmd = [python or sys.executable, "-c", MEASURE, bots, str(games), "4", str(max_rounds),
           str(seed)]
    row = run(cmd, env, f"passgo's {bots} games")
    row["games"] = games
    return row


def summary(name: str, bots: str, runs: list[dict[str, Any]],
            peer: dict[str, Any] | None) -> dict[str, Any]:
    turns = statistics.median(r["turns"] / r["cpu_seconds"] for r in runs)
    games = statistics.median(r["games"] / r["cpu_seconds"] for r in runs)
    return {
        "contender": name,
        "bots": bots,
        "games": runs[0]["games"],
        "turns": runs[0]["turns"],
        "turns_per_game": round(runs[0]["turns"] / runs[0]["games"], 1),
        "turns_per_cpu_s": round(turns),
        "games_per_cpu_s": round(games, 2),
        "turn_ratio": round(turns / peer["turns_per_cpu_s"], 3) if peer else 1.0,
        "game_ratio": round(games / peer["games_per_cpu_s"], 3) if peer else 1.0,
        "runs_turns_per_cpu_s": [round(r["turns"] / r["cpu_seconds"]) for r in runs],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="peer_speed", description=__doc__.splitlines()[0])
    ap.add_argument("peer", type=Path, help="a checkout of gamescomputersplay/monopoly")
    ap.add_argument("--compiled-python", help="an interpreter with the compiled passgo")
    ap.add_argument("--bots", default="strategic,basic",
                    help="passgo's bots, comma-separated: each plays all four seats")
    ap.add_argument("--games", type=int, default=30, help="passgo's games per run")
    ap.add_argument("--peer-games", type=int, default=100, help="the peer's games per run")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--max-rounds", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)
    if min(args.games, args.peer_games, args.repeats, args.max_rounds) < 1:
        print("peer_speed: need --games, --peer-games, --repeats and --max-rounds >= 1",
              file=sys.stderr)
        return 2
    if not (args.peer / "monopoly" / "core" / "game.py").is_file():
        print(f"peer_speed: {args.peer}: not a checkout of gamescomputersplay/monopoly "
              "(no monopoly/core/game.py)", file=sys.stderr)
        return 2
    # Absolute but not resolved: a venv's interpreter is known by its link, and the
    # measurements run in another directory.
    python = None if args.compiled_python is None else os.path.abspath(args.compiled_python)
    if python is not None and not os.access(python, os.X_OK):
        print(f"peer_speed: --compiled-python {python}: not an interpreter that can be run",
              file=sys.stderr)
        return 2
    bots = [b for b in args.bots.split(",") if b]
    contenders: list[tuple[str, str, str | None]] = [("peer", "", None)]
    for b in bots:
        contenders.append(("passgo pure", b, None))
        if python is not None:
            contenders.append(("passgo compiled", b, python))
    runs: dict[tuple[str, str], list[dict[str, Any]]] = {(n, b): [] for n, b, _ in contenders}
    for repeat in range(args.repeats):
        for name, b, py in contenders if repeat % 2 == 0 else contenders[::-1]:
            if name == "peer":
                row = measure_peer(args.peer, args.peer_games, args.seed)
            else:
                row = measure_passgo(py, b, args.games, args.max_rounds, args.seed)
            runs[(name, b)].append(row)
    peer = summary("peer", "StandardPlayer (trading)", runs[("peer", "")], None)
    rows = [peer] + [summary(n, b, runs[(n, b)], peer) for n, b, _ in contenders[1:]]
    load = os.getloadavg()
    report = {"benchmark": "peer_speed", "python": platform.python_version(),
              "peer": str(args.peer), "repeats": args.repeats, "players": 4,
              "max_rounds": args.max_rounds, "seed": args.seed,
              "load_average": [round(x, 2) for x in load], "results": rows}
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(f"passgo beside gamescomputersplay/monopoly: 4 players, {args.repeats} repeats, "
          f"Python {report['python']}, load average {load[0]:.2f}")
    header = ("contender", "bots", "games", "turns/game", "turns/CPU s", "x peer",
              "games/CPU s", "x peer")
    widths = (15, max(24, *(len(r["bots"]) for r in rows)), 6, 10, 11, 7, 11, 7)
    print("  ".join(f"{h:<{w}}" if i < 2 else f"{h:>{w}}"
                    for i, (h, w) in enumerate(zip(header, widths, strict=True))))
    for r in rows:
        cells = (r["contender"], r["bots"], str(r["games"]), f"{r['turns_per_game']:,}",
                 f"{r['turns_per_cpu_s']:,}", f"{r['turn_ratio']:.2f}",
                 f"{r['games_per_cpu_s']:,}", f"{r['game_ratio']:.2f}")
        print("  ".join(f"{c:<{w}}" if i < 2 else f"{c:>{w}}"
                        for i, (c, w) in enumerate(zip(cells, widths, strict=True))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
