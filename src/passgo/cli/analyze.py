"""`passgo analyze landing|returns|position|rules`: landing odds, returns, win chances, rules.

    passgo analyze landing [--rules SPEC] [--jail short|long|both] [--jail-card return|keep]
                           [--mc batched|engine|none] [--rolls N] [--seed N] [--workers N]
    passgo analyze returns [--rules SPEC] [--jail short|long] [--opponents N]
    passgo analyze position FILE [--players SPECS] [--rollouts N] [--precision P]
                           [--min-rollouts N] [--what-if ACTION] [--max-rounds N] [--seed N]
    passgo analyze rules A B ... [--games N] [--players SPECS] [--max-rounds N] [--seed N]

Every analysis takes `--json`, `--plot FILE.png|.svg` and `--html FILE`. Only the standard
library is imported when the command is registered; NumPy, Matplotlib and Rich (the
`analysis` extra) are imported when it runs.
"""

from __future__ import annotations

import argparse
import os

from passgo.analysis import MC_METHODS
from passgo.inputs import CommandError, finite_float, missing_extra


def _outputs(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--plot", metavar="FILE", help="save the figure as FILE.png or FILE.svg")
    p.add_argument("--html", metavar="FILE",
                   help="write one self-contained page with the tables and figures")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")


def add_analyze(p: argparse.ArgumentParser) -> None:
    p.description = "Analyses of the game with tables, JSON, plots and pages."
    # Each analysis sets `analysis` itself: without a dest, a missing one is named by the
    # choices ("{landing,returns,...}") in the error.
    which = p.add_subparsers(required=True, parser_class=type(p))

    land = which.add_parser("landing", help="exact long-run landing odds (Markov chain) "
                                            "beside a Monte Carlo run")
    land.add_argument("--rules", default="classic", help="a preset or a TOML rules file")
    land.add_argument("--jail", choices=("short", "long", "both"), default="both",
                      help="jail strategy: leave at once (short), stay (long), both (default)")
    land.add_argument("--jail-card", choices=("return", "keep"), default="return",
                      help="Get Out of Jail Free card: back under its deck at once (return, "
                           "the published tables) or kept until played (keep)")
    land.add_argument("--mc", choices=MC_METHODS, default="batched",
                      help="Monte Carlo check: the batched NumPy run (default), the engine's "
                           "token run, or none")
    land.add_argument("--rolls", type=int, default=1_000_000,
                      help="throws of the Monte Carlo run (default 1000000)")
    land.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                      help="worker processes of the engine run (default: all cores)")
    _outputs(land)
    land.set_defaults(func=cmd_analyze, analysis="landing")

    ret = which.add_parser("returns", aliases=["roi"],
                           help="expected rent, payback and the gain of each house per group")
    ret.add_argument("--rules", default="classic", help="a preset or a TOML rules file")
    ret.add_argument("--jail", choices=("short", "long"), default="short",
                     help="the opponents' jail strategy (default short)")
    ret.add_argument("--opponents", type=int, default=3,
                     help="opponents whose turns pay rent, for payback in rounds (default 3)")
    _outputs(ret)
    ret.set_defaults(func=cmd_analyze, analysis="returns")

    pos = which.add_parser("position", help="each player's chance to win from a position")
    pos.add_argument("file", metavar="FILE",
                     help="a position file (TOML or JSON), or a saved game: the position it is at")
    pos.add_argument("--players", help="one bot per seat (default: strategic in every seat)")
    pos.add_argument("--rollouts", type=int, default=1000,
                     help="most rollouts (default 1000)")
    pos.add_argument("--precision", type=finite_float, default=0.02,
                     help="stop when every 95 %% interval is this narrow on each side "
                          "(default 0.02; 0: play all rollouts)")
    pos.add_argument("--min-rollouts", type=int, default=200,
                     help="rollouts before --precision may stop the run (default 200)")
    pos.add_argument("--what-if", metavar="ACTION",
                     help="an action (a trade, a build, a mortgage) compared with the "
                          "position as it is, on the same seeds: 'Ann: trade Bob give $300 "
                          "for 39' (the other side by name or seat number)")
    pos.add_argument("--max-rounds", type=int, default=300,
                     help="rounds a rollout may last before it counts as no winner "
                          "(default 300)")
    pos.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                     help="worker processes (default: all cores)")
    _outputs(pos)
    pos.set_defaults(func=cmd_analyze, analysis="position")

    comp = which.add_parser("rules", help="rule sets compared on the same seeds")
    comp.add_argument("specs", nargs="+", metavar="RULES",
                      help="presets or rules files, two or more")
    comp.add_argument("--games", type=int, default=500, help="games per rule set (default 500)")
    comp.add_argument("--players", default="strategic,strategic,strategic,strategic",
                      help="one bot per seat, in seat order (default four strategic bots: "
                           "alike, so the wins by seat are the seats' doing, and their games "
                           "end)")
    comp.add_argument("--max-rounds", type=int, default=1000,
                      help="rounds before a game is stopped without a winner (default 1000)")
    comp.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                      help="worker processes (default: all cores)")
    _outputs(comp)
    comp.set_defaults(func=cmd_analyze, analysis="rules")


def _check(args: argparse.Namespace) -> None:
    for key in ("rolls", "rollouts", "min_rollouts", "games", "workers", "max_rounds",
                "opponents"):
        value = getattr(args, key, None)
        if value is not None and value < 1:
            raise CommandError(f"--{key.replace('_', '-')} must be at least 1")
    precision = getattr(args, "precision", None)
    if precision is not None and not 0 <= precision < 0.5:
        raise CommandError("--precision must be from 0 up to 0.5")


def cmd_analyze(args: argparse.Namespace) -> int:
    _check(args)
    # One BLAS thread unless the user says otherwise, set before NumPy loads its BLAS: the
    # chain's system is 123 equations, solved in a millisecond on one thread, while a pool of
    # BLAS threads spins for tens of milliseconds of CPU on a busy machine to solve it.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        from passgo.analysis.run import run_analysis
    except ImportError as exc:
        raise missing_extra("analyze", "analysis", exc) from None
    run_analysis(args)
    return 0
