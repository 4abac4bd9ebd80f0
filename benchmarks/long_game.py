"""Long games: `Game.copy()` at the start and after tens of thousands of actions, and the time
to load (and verify) a save of that many actions, in two or more versions side by side.

    python benchmarks/long_game.py [--rev REV ...] [--tree PATH ...] [--rounds 5000]
                                   [--repeats 5] [--json]

The long game is four basic bots (seed 0) capped at `--rounds` rounds (5,000: about 45,000
actions), played once by the first version and saved (later versions read its save; an
older one may not read a newer one's, whose rules name options it does not know); every
version then loads that save with
`Game.from_json` (its history replayed and checked, the default) and copies it, and copies a
new game, in a subprocess of its own with its `src` first on the path, the versions taking
turns `--repeats` times (`--rev`, `--tree` as in `versions.py`; without any, HEAD~1 against
this checkout). Reported per version: the median CPU milliseconds of a load, and the best
microseconds per copy at the start and at the end (each the fastest of several timed batches,
as `timeit` advises: the slower ones measure the machine's other work).
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

from versions import add_source_versions, source_versions

# Run by each version: calls every version has (Game.new, from_json, copy).
MEASURE = """
import json, sys, time, timeit
import passgo
from passgo import Game
text = open(sys.argv[1], encoding="utf-8").read()
cpu = time.process_time()
g = Game.from_json(text)
load = time.process_time() - cpu
fresh = Game.new(list(g.names), g.rules, seed=1)
def best(fn):
    return min(timeit.repeat(fn, number=200, repeat=5)) / 200 * 1e6
print(json.dumps({"file": passgo.__file__, "actions": len(g.history), "load_ms": load * 1e3,
                  "copy_start_us": best(fresh.copy), "copy_end_us": best(g.copy)}))
"""


# Run by the first version: the long game, saved (a later version reads an earlier one's
# saves, not always the other way round: a new rules option is unknown to an old version).
PLAY = """
import sys
from passgo import Game
from passgo.agents import make_agent, play
g = Game.new(["A", "B", "C", "D"], seed=0, max_rounds=int(sys.argv[1]))
play(g, [make_agent("basic", p) for p in range(4)], checked=False)
sys.stdout.write(g.to_json())
"""


def long_save(src: Path, rounds: int) -> str:
    """The save of the long game, played by the version whose source is `src`."""
    done = subprocess.run([sys.executable, "-c", PLAY, str(rounds)], capture_output=True,
                          text=True, env=_env(src), cwd=tempfile.gettempdir(), check=False)
    if done.returncode != 0:
        raise SystemExit(f"{src}: the long game failed: {done.stderr.strip()[-300:]}")
    return done.stdout


def _env(src: Path) -> dict[str, str]:
    """This environment with `src` alone on the path."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(src)
    return env


def measure(src: Path, save: Path) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", MEASURE, str(save)], capture_output=True,
                          text=True, env=_env(src), cwd=tempfile.gettempdir(), check=False)
    if done.returncode != 0:
        raise SystemExit(f"{src}: the measurement failed: {done.stderr.strip()[-300:]}")
    row: dict[str, Any] = json.loads(done.stdout)
    if not Path(row["file"]).resolve().is_relative_to(src.resolve()):
        raise SystemExit(f"{src}: passgo was imported from {row['file']}, not from the tree")
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_source_versions(ap)
    ap.add_argument("--rounds", type=int, default=5000, help="the long game's round cap")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)
    if args.rounds < 1 or args.repeats < 1:
        ap.error("need --rounds >= 1 and --repeats >= 1")
    with tempfile.TemporaryDirectory(prefix="passgo-long-game-") as tmp:
        versions = source_versions(ap, args, Path(tmp))
        save = Path(tmp) / "long.json"
        save.write_text(long_save(versions[0][1], args.rounds), encoding="utf-8")
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in versions}
        for repeat in range(args.repeats):
            for name, src in versions if repeat % 2 == 0 else versions[::-1]:
                runs[name].append(measure(src, save))
    rows = []
    for name, _ in versions:
        r = runs[name]
        rows.append({"version": name, "actions": r[0]["actions"],
                     "load_ms": round(statistics.median(x["load_ms"] for x in r), 1),
                     "copy_start_us": round(min(x["copy_start_us"] for x in r), 1),
                     "copy_end_us": round(min(x["copy_end_us"] for x in r), 1)})
    for r in rows:
        r["load_ratio"] = round(rows[0]["load_ms"] / r["load_ms"], 2)
    load = os.getloadavg()
    report = {"benchmark": "long_game", "python": platform.python_version(),
              "rounds": args.rounds, "repeats": args.repeats,
              "load_average": [round(x, 2) for x in load], "results": rows}
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(f"Long game of {rows[0]['actions']:,} actions (4 basic bots, {args.rounds} rounds), "
          f"{args.repeats} repeats, Python {report['python']}, load average {load[0]:.2f}")
    header = ("version", "load ms", "faster", "copy at start µs", "copy at end µs")
    widths = (max(7, *(len(r["version"]) for r in rows)), 8, 7, 16, 14)
    print("  ".join(f"{h:>{w}}" for h, w in zip(header, widths, strict=True)))
    for r in rows:
        cells = (r["version"], f"{r['load_ms']:,.1f}", f"{r['load_ratio']:.2f}x",
                 f"{r['copy_start_us']:,.1f}", f"{r['copy_end_us']:,.1f}")
        print("  ".join(f"{c:>{w}}" for c, w in zip(cells, widths, strict=True)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
