"""`passgo simulate`: many games of bots, a paired comparison of two rule sets, or a landing
run, reported as tables, JSON or CSV.

    passgo simulate [--games N] [--players basic,basic,...] [--rules SPEC | --position FILE]
                    [--seed N] [--max-rounds N] [--no-rotate] [--workers N]
                    [--backend process|ray [--address ADDR]] [--json | --csv]
    passgo simulate --compare A.toml B.toml [--focus BOT] ...
    passgo simulate ... --dataset DIR   (games, turns and events as Parquet: the dataset extra)
    passgo simulate --landing [--rolls N] [--jail short|long] [--jail-card return|keep]
                    [--method engine|batched] [--rules SPEC] ...

Only the standard library is imported when the command is registered; NumPy, SciPy and Rich
(the `sim` extra) are imported when it runs, so `passgo play` works without them.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from passgo.inputs import CommandError, load_position, missing_extra, position_text, rules_of
from passgo.sim.backends import BACKENDS
from passgo.token_model import CARD_CONVENTIONS, JAIL_STRATEGIES

DEFAULT_PLAYERS = "basic,basic,basic,basic"
# Options of game runs, with their defaults; a landing run refuses them when given.
GAME_DEFAULTS: dict[str, Any] = {
    "games": 1000, "players": DEFAULT_PLAYERS, "max_rounds": 1000, "rotate": True,
}
LANDING_DEFAULTS: dict[str, Any] = {"rolls": 1_000_000, "jail": "short", "jail_card": "return",
                                    "method": "engine"}


def add_simulate(p: argparse.ArgumentParser) -> None:
    p.description = ("Play many games of bots with the real engine and report wins (95 % "
                     "Wilson intervals), game length, bankruptcies, rent and landings.")
    p.add_argument("--games", type=int, help="number of games (default 1000)")
    p.add_argument("--players", help="one bot per player, in seat order of game 0 "
                                     f"(default {DEFAULT_PLAYERS})")
    p.add_argument("--rules", help="rule set: a preset name or a TOML file (default classic)")
    p.add_argument("--position", metavar="FILE",
                   help="every game starts from this position (a position file, or a saved "
                        "game: the position it is at)")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    p.add_argument("--max-rounds", type=int,
                   help="stop a game after this many rounds, without a winner (default 1000)")
    p.add_argument("--rotate", action=argparse.BooleanOptionalAction, default=None,
                   help="rotate the seats game by game so every bot sits in every seat "
                        "equally (default on; off from a --position)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                   help="worker processes, or CPUs of a local Ray instance (default: all "
                        "cores); results do not depend on it")
    p.add_argument("--backend", choices=BACKENDS, default="process",
                   help="process pool (default) or a Ray cluster")
    p.add_argument("--address", help="Ray cluster address (default: start a local instance)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the report as JSON")
    out.add_argument("--csv", action="store_true", help="print the report as CSV")
    p.add_argument("--compare", nargs=2, metavar=("A", "B"),
                   help="run the games under rule sets A and B on the same seeds and report "
                        "B − A")
    p.add_argument("--focus", metavar="BOT",
                   help="bot whose win share --compare reports (default: the first player's)")
    p.add_argument("--dataset", metavar="DIR",
                   help="also write every game as rows (games, turns, events) in Parquet "
                        "files in DIR, made if missing (needs the dataset extra)")
    p.add_argument("--landing", action="store_true",
                   help="landing frequencies of one long token run instead of games")
    p.add_argument("--rolls", type=int, help="throws in the landing run (default 1000000)")
    p.add_argument("--jail", choices=JAIL_STRATEGIES,
                   help="landing run: leave jail at once (short, default) or stay (long)")
    p.add_argument("--jail-card", choices=CARD_CONVENTIONS,
                   help="landing run: a Get Out of Jail Free card goes back under its deck at "
                        "once (return, default: the published tables) or is kept until the "
                        "jail strategy plays it (keep; long: never)")
    p.add_argument("--method", choices=("engine", "batched"),
                   help="landing run: the engine's own token run (default) or the batched "
                        "NumPy run (many tokens at once, for the rules it models)")
    p.set_defaults(func=cmd_simulate)


def cmd_simulate(args: argparse.Namespace) -> int:
    _check_modes(args)
    try:
        from passgo.sim.run import run_compare, run_games, run_landing
    except ImportError as exc:
        raise missing_extra("simulate", "sim", exc) from None
    if args.dataset:
        try:
            import pyarrow  # noqa: F401  (the dataset extra, checked before any game)
        except ImportError as exc:
            raise missing_extra("simulate --dataset", "dataset", exc) from None
    if args.landing:
        report = run_landing(args, rules_of(args.rules or "classic"))
    elif args.compare:
        report = run_compare(args, *(rules_of(spec) for spec in args.compare))
    else:
        report = run_games(args, rules_of(args.rules or "classic"), _position(args))
    _write(report, args)
    return 0


def _check_modes(args: argparse.Namespace) -> None:
    """Refuse options that do not apply to the chosen mode; fill in the defaults."""
    if args.landing:
        given = [k for k in (*GAME_DEFAULTS, "position", "compare", "focus", "dataset")
                 if getattr(args, k) is not None]
        if given:
            raise CommandError(f"--{given[0].replace('_', '-')} does not apply to --landing")
        defaults = LANDING_DEFAULTS
    else:
        given = [k for k in LANDING_DEFAULTS if getattr(args, k) is not None]
        if given:
            raise CommandError(f"--{given[0].replace('_', '-')} applies to --landing only")
        defaults = GAME_DEFAULTS
    if args.position and args.rotate is None:
        args.rotate = False  # a position's players keep their seats unless asked
    for key, value in defaults.items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    if args.compare and (args.rules or args.position):
        raise CommandError("--compare names both rule sets; drop --rules and --position")
    if args.focus and not args.compare:
        raise CommandError("--focus applies to --compare only")
    if args.rules and args.position:
        raise CommandError("a position names its own rules; drop --rules")
    if args.address and args.backend != "ray":
        raise CommandError("--address applies to --backend ray only")
    for key in ("games", "rolls", "max_rounds", "workers"):
        value = getattr(args, key, None)
        if value is not None and value < 1:
            raise CommandError(f"--{key.replace('_', '-')} must be at least 1")
    if args.compare and args.games < 2:
        raise CommandError("--compare needs at least 2 games")


def _position(args: argparse.Namespace) -> str | None:
    if args.position is None:
        return None
    load_position(args.position)  # a one-line error naming the key, before any work
    return position_text(args.position)


def _write(report: dict[str, Any], args: argparse.Namespace) -> None:
    from rich.console import Console

    from passgo.sim.report import incident_warning, print_tables, write_csv, write_json

    warning = incident_warning(report) if report["mode"] != "landing" else None
    if warning:
        print(warning, file=sys.stderr)
    if args.json:
        write_json(report, sys.stdout)
    elif args.csv:
        write_csv(report, sys.stdout)
    else:
        # Piped or redirected: as wide as the tables need, never wrapped or cut at 80.
        print_tables(report, Console() if sys.stdout.isatty() else Console(width=10_000))
