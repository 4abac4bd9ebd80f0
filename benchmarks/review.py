"""What a game review and a hint cost (issue 31: a whole 4-player game of 150 turns reviewed
in under 30 s on one core, a hint in under 300 ms).

    python benchmarks/review.py [--turns 150] [--seed 11] [--players 4] [--seats all|one]
                                [--hints 40] [--model FILE] [--json]

A game of strategic bots (one basic) is played for `--turns` turns (or to its end) and saved
as `passgo play` saves it; then it is reviewed with the evaluator `passgo review` uses (the
shipped model when it fits the rules, else short rollouts: the report says which), every
seat (`--seats all`, as for a game of bots) or the first (`one`, as for one person against
bots). Reported: moves, moves judged, the whole review's seconds, and of them the
evaluator's calls and seconds apart from the search's (listing the expert's candidates and
playing them out). Then `--hints` hints at moves spread over the game, each timed: median,
95th percentile and slowest. Seconds by the clock, on one process.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from passgo import Game, __version__
from passgo.agents.spec import parse_spec
from passgo.engine_build import engine_build
from passgo.eval import Evaluator, WinChances
from passgo.review.evaluator import review_evaluator
from passgo.review.hint import hint
from passgo.review.moves import moves
from passgo.review.review import review_game
from passgo.review.source import read_save
from passgo.session import Seat, Session

NAMES = ("Ann", "Bea", "Cy", "Dan", "Eve", "Fay")


class Counted:
    """An evaluator with its calls counted and timed."""

    def __init__(self, inner: Evaluator) -> None:
        self.inner = inner
        self.calls = 0
        self.seconds = 0.0
        self.source = ""

    def win_chances(self, game: Game) -> WinChances:
        start = time.perf_counter()
        out = self.inner.win_chances(game)
        self.seconds += time.perf_counter() - start
        self.calls += 1
        self.source = out.source
        return out


def play_game(players: int, turns: int, seed: int, path: Path) -> Game:
    """Strategic bots (the third seat basic) for `turns` turns, saved at `path`."""
    names = list(NAMES[:players])
    g = Game.new(names, seed=seed)
    seats = [Seat(n, parse_spec("basic" if i == 2 else "strategic"))
             for i, n in enumerate(names)]
    s = Session(g, seats, path)
    while not g.over and g.turn_number < turns and s.bot_step() is not None:
        pass
    s.save_to(path)
    return g


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--turns", type=int, default=150)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--players", type=int, default=4, choices=range(2, 7))
    ap.add_argument("--seats", choices=("all", "one"), default="all")
    ap.add_argument("--hints", type=int, default=40)
    ap.add_argument("--model", type=Path, help="an evaluator model file (default: shipped)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not 1 <= args.turns <= 2000 or not 0 <= args.hints <= 1000:
        sys.exit("benchmarks/review.py: --turns must be 1-2000 and --hints 0-1000")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        g = play_game(args.players, args.turns, args.seed, path)
        saved = read_save(path)
    evaluator, warning = review_evaluator(g.rules, 0, args.model)
    counted = Counted(evaluator)
    seats = tuple(range(g.n)) if args.seats == "all" else (0,)
    review = review_game(saved, counted, seats)
    positions = [(m.before, m.player) for m, _ in moves(saved.data)]
    step = max(1, len(positions) // max(1, args.hints))
    times = []
    for before, player in positions[::step][:args.hints]:
        start = time.perf_counter()
        hint(before, player)
        times.append(time.perf_counter() - start)
    times.sort()
    out: dict[str, Any] = {
        "passgo": __version__, "build": engine_build(), "python": platform.python_version(),
        "turns": g.turn_number, "players": g.n, "seats_reviewed": len(seats),
        "moves": len(review.moves), "judged": sum(m.judged for m in review.moves),
        "review_s": round(review.seconds, 2), "evaluator": counted.source,
        "evaluator_note": warning, "evaluations": counted.calls,
        "evaluator_s": round(counted.seconds, 2),
        "search_s": round(review.seconds - counted.seconds, 2),
        "hints": len(times),
        "hint_median_ms": round(1000 * statistics.median(times), 1) if times else None,
        "hint_p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1) if times else None,
        "hint_max_ms": round(1000 * times[-1], 1) if times else None,
    }
    if args.json:
        print(json.dumps(out, indent=1))
        return
    if warning:
        print(f"note: {warning}")
    width = max(len(k) for k in out)
    print(f"{'figure':<{width}}  value")
    for k, v in out.items():
        if k != "evaluator_note":
            print(f"{k:<{width}}  {v}")


if __name__ == "__main__":
    main()
