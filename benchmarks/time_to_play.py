"""How long a newcomer waits for the board: `make play` on a fresh clone, measured.

    python benchmarks/time_to_play.py [--repo PATH_OR_URL] [--rev HEAD] [--keep-cache]
                                      [--limit 300] [--json]

The repository (this checkout by default) is cloned at `--rev` into a temporary folder, and
`make play` runs there in a detached tmux session of 120 x 40 characters, as a person would
start it: a new `.venv`, the core and the `play` extra installed, the full-screen game started.
The screen is read twice a second until it shows the board (the four corner squares), and the
seconds from `make play` to that moment are the figure. pip's download cache is replaced by an
empty one, as on a fresh machine, unless `--keep-cache` (then the figure is a returning
developer's). Nothing is left behind: the tmux session is killed and the clone deleted, also
on Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What the full-screen board shows once it is drawn: the four corners of the classic board, as
# its squares abbreviate them.
CORNERS = ("GO", "Jail", "Free P", "Go To J")


def screen(session: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True,
                          text=True, check=False).stdout


def measure(repo: str, rev: str, keep_cache: bool, limit: float) -> dict[str, object]:
    session = f"passgo-time-to-play-{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory(prefix="passgo-time-to-play-") as tmp:
        clone = Path(tmp) / "passgo"
        subprocess.run(["git", "clone", "-q", repo, str(clone)], check=True)
        subprocess.run(["git", "-C", str(clone), "checkout", "-q", rev], check=True)
        env = dict(os.environ)
        if not keep_cache:
            env["PIP_CACHE_DIR"] = str(Path(tmp) / "pip-cache")
        env["XDG_STATE_HOME"] = str(Path(tmp) / "state")  # the game's autosave, removed too
        start = time.monotonic()
        # remain-on-exit keeps the screen of a make that failed, to show what it said.
        subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "40",
                        "-c", str(clone), "make play; sleep 600"], check=True, env=env)
        try:
            seconds, text = None, ""
            while time.monotonic() - start < limit:
                text = screen(session)
                if all(corner in text for corner in CORNERS):
                    seconds = time.monotonic() - start
                    break
                time.sleep(0.5)
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        problem = None if seconds is not None else text
    return {"rev": rev, "fresh_cache": not keep_cache, "seconds_to_board": seconds,
            "limit": limit, "problem": problem}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repo", default=str(ROOT), help="repository to clone (default: this)")
    parser.add_argument("--rev", default="HEAD", help="revision to check out (default: HEAD)")
    parser.add_argument("--keep-cache", action="store_true",
                        help="use pip's cache as it is (default: an empty one)")
    parser.add_argument("--limit", type=float, default=300.0,
                        help="give up after this many seconds (default 300)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        print("time_to_play.py needs tmux", file=sys.stderr)
        return 2
    result = measure(args.repo, args.rev, args.keep_cache, args.limit)
    if args.json:
        print(json.dumps(result, indent=2))
    elif result["seconds_to_board"] is None:
        print(f"no board within {args.limit:.0f} s:\n{result['problem']}")
    else:
        cache = "an empty pip cache" if result["fresh_cache"] else "pip's cache"
        print(f"make play on a fresh clone of {args.rev} ({cache}): the board after "
              f"{result['seconds_to_board']:.1f} s")
    return 0 if result["seconds_to_board"] is not None else 1


if __name__ == "__main__":
    raise SystemExit(main())
