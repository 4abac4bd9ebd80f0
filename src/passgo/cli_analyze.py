"""`passgo analyze landing`: analyses of the game with tables, JSON, plots and pages.

    passgo analyze landing [--rules SPEC] [--jail short|long|both] [--jail-card return|keep]
                           [--mc batched|engine|none] [--rolls N] [--seed N] [--workers N]

Every analysis takes `--json`, `--plot FILE.png|.svg` and `--html FILE`. Only the standard
library is imported when the command is registered; NumPy, Matplotlib and Rich (the
`analysis` extra) are imported when it runs.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from passgo.cli_position import CommandError
from passgo.core import Rules
from passgo.core.errors import DataError
from passgo.rulespec import load_rules


def _outputs(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--plot", metavar="FILE", help="save the figure as FILE.png or FILE.svg")
    p.add_argument("--html", metavar="FILE",
                   help="write one self-contained page with the tables and figures")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")


def add_analyze(sub: Any) -> None:
    p = sub.add_parser("analyze", help="exact landing odds beside a Monte Carlo run",
                       description="Analyses of the game with tables, JSON, plots and pages.")
    which = p.add_subparsers(dest="analysis", required=True, parser_class=type(p))

    land = which.add_parser("landing", help="exact long-run landing odds (Markov chain) "
                                            "beside a Monte Carlo run")
    land.add_argument("--rules", default="classic", help="a preset or a TOML rules file")
    land.add_argument("--jail", choices=("short", "long", "both"), default="both",
                      help="jail strategy: leave at once (short), stay (long), both (default)")
    land.add_argument("--jail-card", choices=("return", "keep"), default="return",
                      help="Get Out of Jail Free card: back under its deck at once (return, "
                           "the published tables) or kept until played (keep)")
    land.add_argument("--mc", choices=("batched", "engine", "none"), default="batched",
                      help="Monte Carlo check: the batched NumPy run (default), the engine's "
                           "token run, or none")
    land.add_argument("--rolls", type=int, default=1_000_000,
                      help="throws of the Monte Carlo run (default 1000000)")
    land.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                      help="worker processes of the engine run (default: all cores)")
    _outputs(land)
    land.set_defaults(func=cmd_analyze)



def rules_of(spec: str) -> Rules:
    try:
        return load_rules(spec)
    except DataError as exc:
        raise CommandError(str(exc)) from None


def _check(args: argparse.Namespace) -> None:
    for key in ("rolls", "workers"):
        value = getattr(args, key, None)
        if value is not None and value < 1:
            raise CommandError(f"--{key.replace('_', '-')} must be at least 1")


def cmd_analyze(args: argparse.Namespace) -> int:
    _check(args)
    try:
        from passgo.analysis.run import run_analysis
    except ImportError as exc:
        raise CommandError(
            f"passgo analyze needs the analysis extra ({exc.name} is missing): "
            "pip install 'passgo[analysis]'"
        ) from None
    run_analysis(args)
    return 0
