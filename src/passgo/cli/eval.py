"""`passgo eval train|check|position`: the win-chance evaluator's training and calibration.

    passgo eval train [--rules SPEC] [--games N] [--every N] [--hidden N] [--seed N]
                      [--workers N] [--out FILE]
    passgo eval check [--rules SPEC] [--model FILE] [--games N] [--per-game N]
                      [--rollouts N] [--seed N] [--workers N] [--json] [--plot FILE]
                      [--html FILE]
    passgo eval position FILE [--model FILE] [--rollouts N] [--json]

Only the standard library is imported when the command is registered; training needs the
`sim` and `analysis` extras (NumPy, SciPy), checking the `analysis` extra (Matplotlib).
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from passgo.inputs import CommandError, load_position, missing_extra, rules_of

HIDDEN = 0  # hidden units of the trained scoring network by default (see docs/eval.md)
MAX_GAMES = 1_000_000
MAX_HIDDEN = 64
MAX_EVERY = 100
MAX_PER_GAME = 100
MAX_WORKERS = 256


def add_eval(p: argparse.ArgumentParser) -> None:
    p.description = ("Each player's chance to win from a position: the learned evaluator's "
                     "training, its calibration, and its answer for a position.")
    which = p.add_subparsers(required=True, parser_class=type(p))

    train = which.add_parser("train", help="train the evaluator on simulated games")
    train.add_argument("--rules", default="classic", help="a preset or a TOML rules file")
    train.add_argument("--games", type=int, default=2000,
                       help="games of strategic bots to learn from (default 2000; 15 %% of "
                            "them are held out for the test figures)")
    train.add_argument("--every", type=int, default=6,
                       help="turns between the positions sampled from a game (default 6)")
    train.add_argument("--hidden", type=int, default=HIDDEN,
                       help=f"hidden units of the scoring network (default {HIDDEN}: a "
                            "linear score, which generalises best on a few hundred games; "
                            "the shipped model has 16, on 2,000)")
    train.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    train.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                       help="worker processes (default: all cores)")
    train.add_argument("--out", default="evaluator.json",
                       help="the model file to write (default evaluator.json; the shipped "
                            "one is src/passgo/agents/models/RULES.json)")
    train.set_defaults(func=cmd_eval, what="train")

    check = which.add_parser("check", help="the evaluator's calibration on new games")
    check.add_argument("--rules", default="classic", help="a preset or a TOML rules file")
    check.add_argument("--model", help="a model file (default: the shipped one for the rules)")
    check.add_argument("--games", type=int, default=200,
                       help="new games of strategic bots to check on (default 200)")
    check.add_argument("--per-game", type=int, default=2,
                       help="positions taken from each game (default 2)")
    check.add_argument("--rollouts", type=int, default=0,
                       help="rollouts per position for the rollout comparison (default 0: "
                            "none; the issue's figure asks 1000)")
    check.add_argument("--seed", type=int, default=2,
                       help="master seed (default 2; keep it off the training seed)")
    check.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                       help="worker processes (default: all cores)")
    check.add_argument("--json", action="store_true", help="print the report as JSON")
    check.add_argument("--plot", metavar="FILE",
                       help="save the reliability plot as FILE.png or FILE.svg")
    check.add_argument("--html", metavar="FILE",
                       help="write one self-contained page with the tables and the plot")
    check.set_defaults(func=cmd_eval, what="check")

    pos = which.add_parser("position", help="each player's chance to win from a position")
    pos.add_argument("file", metavar="FILE", help="a position file or a saved game")
    pos.add_argument("--model", help="a model file (default: the shipped one for the rules)")
    pos.add_argument("--rollouts", type=int, default=200,
                     help="playouts when no model fits the rules (default 200)")
    pos.add_argument("--json", action="store_true", help="print the chances as JSON")
    pos.set_defaults(func=cmd_eval, what="position")


def _check(args: argparse.Namespace) -> None:
    bounds = {"games": (1, MAX_GAMES), "every": (1, MAX_EVERY), "hidden": (0, MAX_HIDDEN),
              "per_game": (1, MAX_PER_GAME), "workers": (1, MAX_WORKERS),
              "rollouts": (0 if args.what == "check" else 1, 100_000)}
    for key, (low, high) in bounds.items():
        value = getattr(args, key, None)
        if value is not None and not low <= value <= high:
            raise CommandError(f"--{key.replace('_', '-')} must be from {low} to {high:,}")
    if args.what == "train" and args.games < 20:
        raise CommandError("--games must be at least 20 (15 % of them are held out)")


def cmd_eval(args: argparse.Namespace) -> int:
    _check(args)
    if args.what == "position":
        return _position(args)
    try:
        if args.what == "train":
            from passgo.eval.run import run_train as run
        else:
            from passgo.eval.run import run_check as run
    except ImportError as exc:
        raise missing_extra(f"eval {args.what}", "analysis", exc) from None
    run(args, rules_of(args.rules))
    return 0


def _position(args: argparse.Namespace) -> int:
    from passgo.eval import default_evaluator

    game = load_position(args.file)
    model = None if args.model is None else Path(args.model)
    chances = default_evaluator(game.rules, args.rollouts, model=model).win_chances(game)
    if args.json:
        print(json.dumps({"players": list(game.names), "chances": list(chances.chances),
                          "source": chances.source, "note": chances.note}))
        return 0
    for name, chance in zip(game.names, chances.chances, strict=True):
        print(f"{name:<16} {100 * chance:5.1f} %")
    print(f"({chances.source}{': ' + chances.note if chances.note else ''})")
    return 0
