"""Two or more versions of passgo side by side: the same seeded games played by each, the runs
interleaved, so that a speed-up is measured against the code before it on the same machine.

    python benchmarks/versions.py [--rev REV ...] [--tree PATH ...] [--python PYTHON ...]
                                  [--bots strategic]
                                  [--games N] [--repeats R] [--players 4] [--max-rounds 1000]
                                  [--seed S] [--json]

A version is a git revision of this repository (`--rev b37e911`, unpacked with `git archive`
into a temporary folder), a source tree (`--tree /path/to/checkout`), or the passgo installed
in another interpreter (`--python .venv-compiled/bin/python`: the compiled build `make
compiled` installs); without any the comparison is HEAD~1 against the working tree. Each
version plays `--games` games of `--bots` at every seat (the simulation path, as `run.py`
does) in a subprocess of its own (a revision or tree with its `src` first on the path and this
interpreter); the versions take turns, `--repeats` times, the order reversed every other
round, so that the machine's load falls on all of them alike. Reported per version: the
median turns/s and actions/s over the repeats, the spread (lowest and highest), the median
turns per CPU second (steadier than the clock on a machine other work shares), the ratios of
its medians to the first version's (by the clock and by CPU time), the games won before the
cap and the median CPU milliseconds per game (what a study of many games waits for: bots
whose games end play fewer turns per game). The games, not just the counts, must be the same
for a pure speed change: the total of turns and actions is printed so that a difference
shows. docs/bots.md ("Speed") has figures and commands.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

# Run in each version's own interpreter process: only calls every version since the first
# `--bots` engine has (Game.new, make_agent, play); the turn counter's name changed once.
MEASURE = """
import json, sys, time
import passgo
from passgo import Game
from passgo.agents import make_agent, play
from passgo.rulespec import load_rules
bots, games, players, max_rounds, seed = sys.argv[1], *map(int, sys.argv[2:6])
rules = load_rules("classic")
names = [f"P{i + 1}" for i in range(players)]
turns = actions = won = 0
start, cpu = time.perf_counter(), time.process_time()
for i in range(games):
    g = Game.new(names, rules, seed=seed + i, max_rounds=max_rounds)
    play(g, [make_agent(bots, (seed + i) * 31 + p) for p in range(players)], checked=False)
    turns += g.turn_number if hasattr(g, "turn_number") else g.turns
    actions += len(g.history)
    won += g.winner is not None
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
print(json.dumps({"file": passgo.__file__, "seconds": seconds, "cpu_seconds": cpu,
                  "turns": turns, "actions": actions, "won": won}))
"""


class _Version(argparse.Action):
    """`--rev` and `--tree` into one list, in the order given (the first is the baseline)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        kind = (option_string or "--tree").removeprefix("--")
        setattr(namespace, self.dest, [*(getattr(namespace, self.dest) or []), (kind, values)])


def add_source_versions(ap: argparse.ArgumentParser) -> None:
    """`--rev` and `--tree`, repeatable, for a benchmark that compares source versions."""
    ap.add_argument("--rev", action=_Version, dest="versions", default=[],
                    help="a git revision (repeatable)")
    ap.add_argument("--tree", action=_Version, dest="versions",
                    help="a source tree holding src/passgo (repeatable)")


def source_versions(ap: argparse.ArgumentParser, args: argparse.Namespace,
                    tmp: Path) -> list[tuple[str, Path]]:
    """The versions `add_source_versions` read, each as (name, its src folder), revisions
    unpacked under `tmp`; by default the commit before and this checkout."""
    versions: list[tuple[str, Path]] = []
    for kind, name in args.versions or [("rev", "HEAD~1"), ("tree", str(ROOT))]:
        path = unpack(name, tmp) if kind == "rev" else Path(name).resolve()
        if not (path / "src" / "passgo").is_dir():
            ap.error(f"--tree {name}: no src/passgo there")
        versions.append((name, path / "src"))
    if len(versions) < 2:
        ap.error("name at least two versions (--rev, --tree)")
    return versions


def unpack(rev: str, into: Path) -> Path:
    """The source of git revision `rev` of this repository, unpacked under `into`."""
    done = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev, "src"],
                          capture_output=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"git archive {rev}: {done.stderr.decode().strip()}")
    target = into / rev.replace("/", "_")
    target.mkdir()
    tar_path = into / f"{target.name}.tar"
    tar_path.write_bytes(done.stdout)
    with tarfile.open(tar_path) as tar:
        tar.extractall(target, filter="data")
    return target


def measure(version: tuple[str, Path], args: argparse.Namespace) -> dict[str, Any]:
    """One run of the games by a version: ("tree", its source tree, whose `src` goes first on
    the path of this interpreter) or ("python", an interpreter whose installed passgo plays,
    run outside the repository so that the source tree is not imported instead)."""
    kind, path = version
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    python, cwd = os.path.abspath(path), tempfile.gettempdir()  # a venv: keep its link
    if kind == "tree":
        env["PYTHONPATH"] = str(path / "src")
        python, cwd = sys.executable, str(ROOT)
    cmd = [python, "-c", MEASURE, args.bots, str(args.games), str(args.players),
           str(args.max_rounds), str(args.seed)]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{path}: the games failed: {done.stderr.strip()[-300:]}")
    row: dict[str, Any] = json.loads(done.stdout)
    if kind == "tree" and not Path(row["file"]).resolve().is_relative_to(path.resolve()):
        raise SystemExit(f"{path}: passgo was imported from {row['file']}, not from the tree")
    return row


def summary(name: str, runs: list[dict[str, Any]], first: dict[str, Any] | None,
            games: int) -> dict[str, Any]:
    """One version's row (`games` per run); `first`: the first version's row, which the ratios
    divide by."""
    turns = [r["turns"] / r["seconds"] for r in runs]
    actions = [r["actions"] / r["seconds"] for r in runs]
    cpu = [r["turns"] / r["cpu_seconds"] for r in runs]
    median = statistics.median(turns)
    median_cpu = statistics.median(cpu)
    return {
        "version": name,
        "turns": runs[0]["turns"],
        "actions": runs[0]["actions"],
        "turns_per_s": round(median),
        "turns_per_s_low": round(min(turns)),
        "turns_per_s_high": round(max(turns)),
        "actions_per_s": round(statistics.median(actions)),
        "turns_per_cpu_s": round(median_cpu),
        "ratio": round(median / first["turns_per_s"], 2) if first else 1.0,
        "cpu_ratio": round(median_cpu / first["turns_per_cpu_s"], 2) if first else 1.0,
        "won": runs[0].get("won"),  # versions before the count was kept: absent
        "cpu_ms_per_game": round(
            statistics.median(r["cpu_seconds"] for r in runs) * 1000 / games, 1),
        "runs_turns_per_s": [round(t) for t in turns],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rev", action=_Version, dest="versions", default=[],
                    help="a git revision (repeatable)")
    ap.add_argument("--tree", action=_Version, dest="versions",
                    help="a source tree holding src/passgo (repeatable)")
    ap.add_argument("--python", action=_Version, dest="versions",
                    help="an interpreter whose installed passgo plays (repeatable)")
    ap.add_argument("--bots", default="strategic", help="the bot of every seat")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-rounds", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)
    if args.games < 1 or args.repeats < 1 or not 2 <= args.players <= 8:
        ap.error("need --games >= 1, --repeats >= 1 and --players 2..8")
    with tempfile.TemporaryDirectory(prefix="passgo-versions-") as tmp:
        versions: list[tuple[str, str, Path]] = []  # (name, "tree" or "python", path)
        for kind, name in args.versions or [("rev", "HEAD~1"), ("tree", str(ROOT))]:
            path = Path(name)
            if kind == "rev":
                versions.append((name, "tree", unpack(name, Path(tmp))))
            elif kind == "python":
                if not os.access(path, os.X_OK):
                    ap.error(f"--python {name}: not an interpreter that can be run")
                versions.append((name, "python", path))
            elif not (path / "src" / "passgo").is_dir():
                ap.error(f"--tree {name}: no src/passgo there")
            else:
                versions.append((name, "tree", path))
        if len(versions) < 2:
            ap.error("name at least two versions (--rev, --tree, --python)")
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name, _, _ in versions}
        for repeat in range(args.repeats):
            order = versions if repeat % 2 == 0 else versions[::-1]
            for name, kind, path in order:
                runs[name].append(measure((kind, path), args))
    rows: list[dict[str, Any]] = []
    for name, _, _ in versions:
        rows.append(summary(name, runs[name], rows[0] if rows else None, args.games))
    load = os.getloadavg()
    report = {"benchmark": "versions", "python": platform.python_version(), "bots": args.bots,
              "games": args.games, "repeats": args.repeats, "players": args.players,
              "max_rounds": args.max_rounds, "seed": args.seed,
              "load_average": [round(x, 2) for x in load], "results": rows}
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(f"passgo versions side by side: {args.games} games x {args.repeats} repeats, "
          f"{args.players} {args.bots} bots, cap {args.max_rounds} rounds, simulation path, "
          f"Python {report['python']}, load average {load[0]:.2f}")
    header = ("version", "turns/s", "low", "high", "actions/s", "turns/CPU s", "ratio",
              "CPU ratio", "turns", "actions", "won", "CPU ms/game")
    widths = (max(14, *(len(r["version"]) for r in rows)), 10, 10, 10, 10, 11, 7, 9, 9, 9, 5,
              11)
    print("  ".join(f"{h:>{w}}" for h, w in zip(header, widths, strict=True)))
    for r in rows:
        cells = (r["version"], f"{r['turns_per_s']:,}", f"{r['turns_per_s_low']:,}",
                 f"{r['turns_per_s_high']:,}", f"{r['actions_per_s']:,}",
                 f"{r['turns_per_cpu_s']:,}", f"{r['ratio']:.2f}x", f"{r['cpu_ratio']:.2f}x",
                 str(r["turns"]), str(r["actions"]), str(r["won"]),
                 f"{r['cpu_ms_per_game']:,}")
        print("  ".join(f"{c:>{w}}" for c, w in zip(cells, widths, strict=True)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
