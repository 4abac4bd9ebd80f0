"""Pure and compiled builds side by side: the engine benchmark (`run.py`, simulation path) run
by each build on the same games, for basic, strategic and random bots.

    python benchmarks/compiled.py [--compiled-python .venv-compiled/bin/python]
                                  [--games N] [--players 4] [--max-rounds 1000] [--seed S]
                                  [--bots basic,strategic,random] [--repeats R] [--json]

The pure side is the interpreter running this script (the developer's `.venv`, source tree);
the compiled side is the venv `make compiled` installs the mypyc-built wheel into. Each side
runs in a subprocess of its own, the two alternating (`--repeats` times per bot, the order
reversed every other time, medians reported), so that both see the same machine. Without
--games, basic and random bots play 100 games and strategic bots 20. The ratio columns are
compiled / pure: turns/s by the clock, and turns per CPU second (steadier on a machine other
work shares). Other options in BENCH_ARGS are ignored.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RUN = ROOT / "benchmarks" / "run.py"
DEFAULT_GAMES = {"strategic": 20}  # others: 100


def measure(python: str, bots: str, games: int, args: argparse.Namespace,
            env: dict[str, str] | None = None) -> dict[str, Any]:
    """One side's simulation-path row for `bots` (run.py --json in a subprocess)."""
    cmd = [python, str(RUN), "--json", "--bots", bots, "--games", str(games),
           "--players", str(args.players), "--max-rounds", str(args.max_rounds),
           "--seed", str(args.seed)]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{python} {RUN.name} failed: {done.stderr.strip()[-300:]}")
    report = json.loads(done.stdout)
    row = next(r for r in report["results"] if r["path"] == "simulation")
    return {"build": report["build"], "games": games, "turns_per_s": row["turns_per_s"],
            "turns_per_cpu_s": row["turns_per_cpu_s"], "actions_per_s": row["actions_per_s"],
            "seconds": row["seconds"]}


def median_row(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One side's runs as one row: the median of each rate, the seconds of every run."""
    row = dict(runs[0])
    for key in ("turns_per_s", "turns_per_cpu_s", "actions_per_s"):
        row[key] = round(statistics.median(r[key] for r in runs))
    row["seconds"] = [r["seconds"] for r in runs]
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compiled-python", default=str(ROOT / ".venv-compiled" / "bin" / "python"))
    ap.add_argument("--games", type=int, default=0, help="games per bot (0: 100, strategic 20)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-rounds", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bots", default="basic,strategic,random",
                    help="comma-separated bots, each playing every seat")
    ap.add_argument("--repeats", type=int, default=1, help="runs of each side per bot")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args, _ = ap.parse_known_args(argv)
    if args.games < 0 or args.repeats < 1:
        ap.error("--games must be 0 or more, --repeats 1 or more")
    if not Path(args.compiled_python).exists():
        ap.error(f"no compiled build at {args.compiled_python} (make compiled installs it)")
    wheel_only = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    rows = []
    for bots in [b.strip() for b in args.bots.split(",") if b.strip()]:
        games = args.games or DEFAULT_GAMES.get(bots, 100)
        runs: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
        for repeat in range(args.repeats):
            sides = ("pure", "compiled") if repeat % 2 == 0 else ("compiled", "pure")
            for side in sides:
                # The compiled side imports its installed wheel, never a source tree on
                # PYTHONPATH.
                runs[side].append(measure(sys.executable, bots, games, args)
                                  if side == "pure" else
                                  measure(args.compiled_python, bots, games, args,
                                          env=wheel_only))
        pure, compiled = median_row(runs["pure"]), median_row(runs["compiled"])
        if (pure["build"], compiled["build"]) != ("pure", "compiled"):
            ap.error(f"expected a pure and a compiled build, got {pure['build']} and "
                     f"{compiled['build']}")
        rows.append({
            "bots": bots,
            "games": games,
            "pure": pure,
            "compiled": compiled,
            "turns_ratio": round(compiled["turns_per_s"] / pure["turns_per_s"], 2),
            "cpu_ratio": round(compiled["turns_per_cpu_s"] / pure["turns_per_cpu_s"], 2),
            "actions_ratio": round(compiled["actions_per_s"] / pure["actions_per_s"], 2),
        })
    report = {"benchmark": "compiled", "python": platform.python_version(),
              "players": args.players, "max_rounds": args.max_rounds,
              "repeats": args.repeats,
              "load_average": [round(x, 2) for x in os.getloadavg()], "results": rows}
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(f"passgo pure vs compiled (mypyc), simulation path, {args.players} players, "
          f"cap {args.max_rounds} rounds, medians of {args.repeats} runs, "
          f"Python {report['python']}, load average {report['load_average'][0]:.2f}")
    header = ("bots", "games", "pure turns/s", "compiled", "ratio", "pure actions/s",
              "compiled", "ratio", "CPU ratio")
    print("  ".join(f"{h:>14}" for h in header))
    for r in rows:
        cells = (r["bots"], str(r["games"]), f"{r['pure']['turns_per_s']:,}",
                 f"{r['compiled']['turns_per_s']:,}", f"{r['turns_ratio']:.2f}x",
                 f"{r['pure']['actions_per_s']:,}", f"{r['compiled']['actions_per_s']:,}",
                 f"{r['actions_ratio']:.2f}x", f"{r['cpu_ratio']:.2f}x")
        print("  ".join(f"{c:>14}" for c in cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
