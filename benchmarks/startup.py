"""Start-up: the CPU seconds of short commands, each run in a fresh process, in two or more
versions of passgo side by side (issue 35: commands import only what they use).

    python benchmarks/startup.py [--rev REV ...] [--tree PATH ...] [--repeats 7] [--json]

A version is a git revision (`--rev`, unpacked with `git archive` as `versions.py` does) or a
source tree (`--tree`); without any, HEAD~1 against this checkout. Each command runs in a
subprocess of this interpreter with the version's `src` first on the path, its bytecode
cached in a folder of its own (written by a first run that is not counted: what a user's
installed package has), the versions taking turns `--repeats` times. A command's CPU seconds
are the user and system time of its process and of every process it waited for (a
simulation's workers), from `resource.getrusage(RUSAGE_CHILDREN)`; the table gives the median
per version and its ratio to the first version's. CPU time, not the clock: on a machine that
other work shares, the clock counts the waiting too.

Rows: `passgo --help`; `passgo rules list` (a command with no extra); `passgo analyze landing
--mc none` (the exact chain alone); what a `passgo simulate` worker imports before its first
game (a "spawn" worker loads the command's main module, then its task's modules); and a
whole small simulation on two workers (the parent, its workers and their games).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from versions import add_source_versions, source_versions

# (row, arguments of the interpreter): each a fresh process of one command.
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("passgo --help", ("-m", "passgo", "--help")),
    ("passgo rules list", ("-m", "passgo", "rules", "list")),
    ("passgo analyze landing --mc none", ("-m", "passgo", "analyze", "landing", "--mc", "none")),
    ("a simulate worker's imports", ("-c", "import passgo.cli, passgo.sim.playout, "
                                            "passgo.sim.landing, passgo.sim.jobs")),
    ("passgo simulate --games 2 --workers 2 (all processes)",
     ("-m", "passgo", "simulate", "--games", "2", "--workers", "2", "--max-rounds", "5",
      "--json")),
)


def cpu_seconds(args: tuple[str, ...], src: Path, cache: Path) -> float:
    """User and system CPU seconds of one run of `args` and the processes it waited for."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
    env.update(PYTHONPATH=str(src), PYTHONPYCACHEPREFIX=str(cache))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env,
                          cwd=tempfile.gettempdir(), check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{src}: {' '.join(args)} failed: {done.stderr.strip()[-300:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_source_versions(ap)
    ap.add_argument("--repeats", type=int, default=7, help="runs of each command per version")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)
    if args.repeats < 1:
        ap.error("need --repeats >= 1")
    with tempfile.TemporaryDirectory(prefix="passgo-startup-") as tmp:
        versions = source_versions(ap, args, Path(tmp))
        caches = {name: Path(tmp) / f"pycache-{i}" for i, (name, _) in enumerate(versions)}
        runs: dict[tuple[str, str], list[float]] = {}
        for label, command in COMMANDS:
            for name, src in versions:  # the bytecode, written once and not counted
                cpu_seconds(command, src, caches[name])
            for repeat in range(args.repeats):
                for name, src in versions if repeat % 2 == 0 else versions[::-1]:
                    runs.setdefault((label, name), []).append(
                        cpu_seconds(command, src, caches[name]))
    rows = []
    for label, _ in COMMANDS:
        base = statistics.median(runs[(label, versions[0][0])])
        for name, _ in versions:
            median = statistics.median(runs[(label, name)])
            rows.append({"command": label, "version": name, "cpu_seconds": round(median, 3),
                         "low": round(min(runs[(label, name)]), 3),
                         "high": round(max(runs[(label, name)]), 3),
                         "ratio": round(median / base, 3)})
    load = os.getloadavg()
    report = {"benchmark": "startup", "python": platform.python_version(),
              "cpus": os.cpu_count(), "repeats": args.repeats,
              "load_average": [round(x, 2) for x in load], "results": rows}
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(f"Start-up, CPU seconds per run (median of {args.repeats}, each a fresh process), "
          f"Python {report['python']}, load average {load[0]:.2f}")
    widths = (max(len(r["command"]) for r in rows), max(7, *(len(r["version"]) for r in rows)),
              8, 6, 6, 6)
    header = ("command", "version", "CPU s", "low", "high", "ratio")
    print("  ".join(f"{h:<{w}}" if i < 2 else f"{h:>{w}}"
                    for i, (h, w) in enumerate(zip(header, widths, strict=True))))
    for r in rows:
        cells = (r["command"], r["version"], f"{r['cpu_seconds']:.3f}", f"{r['low']:.3f}",
                 f"{r['high']:.3f}", f"{r['ratio']:.2f}x")
        print("  ".join(f"{c:<{w}}" if i < 2 else f"{c:>{w}}"
                        for i, (c, w) in enumerate(zip(cells, widths, strict=True))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
