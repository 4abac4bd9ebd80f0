"""`passgo review SAVE`: every decision of a saved game with each player's win chance
before and after it, the reviewed players' mistakes marked and the better move in words.

    passgo review SAVE [--player NAME] [--json] [--html FILE] [--model FILE] [--seed N]

The table is drawn with Rich (the `play` extra); `--json` and `--html` need nothing more
than passgo itself. A missing or damaged save is refused in one line (docs/review.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from passgo.inputs import CommandError, missing_extra


def add_review(p: argparse.ArgumentParser) -> None:
    p.description = ("Review a saved game (passgo play's save or a saved game file): each "
                     "player's win chance before and after every decision, the reviewed "
                     "players' inaccuracies, mistakes and blunders with the better move, and "
                     "a summary per player.")
    p.add_argument("save", metavar="SAVE", help="the saved game")
    p.add_argument("--player", metavar="NAME",
                   help="review this player's decisions (default: every person's seat; "
                   "every seat in a game of bots)")
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    p.add_argument("--html", metavar="FILE",
                   help="write one self-contained page with the chart and the table")
    p.add_argument("--model", metavar="FILE", type=Path,
                   help="the evaluator model file to use (default: the one shipped; see "
                   "passgo eval)")
    p.add_argument("--seed", type=int, default=0,
                   help="seed of the made-up luck the moves are judged on (default 0)")
    p.set_defaults(func=cmd_review)


def cmd_review(args: argparse.Namespace) -> int:
    from passgo.core import Game
    from passgo.review.evaluator import review_evaluator
    from passgo.review.report import to_dict, to_html
    from passgo.review.review import review_game, reviewed_seats
    from passgo.review.source import ReviewError, read_save

    try:
        saved = read_save(Path(args.save))
        seats = reviewed_seats(saved, args.player)
    except ReviewError as exc:
        raise CommandError(str(exc)) from None
    table = None
    if not args.json:
        try:
            from passgo.review.table import review_table
        except ImportError as exc:
            raise missing_extra("review", "play", exc) from None
        table = review_table
    if args.model is not None:
        # A model file named on the command line must be read; only one that does not fit
        # the game's rules gives way to rollouts (with the warning below).
        from passgo.agents.winmodel import ModelError, load_model
        try:
            load_model(Path(args.model))
        except ModelError as exc:
            raise CommandError(str(exc)) from None
    evaluator, warning = review_evaluator(
        Game.from_dict(saved.data, verify=False).rules, args.seed, args.model)
    if warning:
        print(f"passgo: {warning}", file=sys.stderr)
    review = review_game(saved, evaluator, seats, seed=args.seed)
    if args.html:
        try:
            Path(args.html).write_text(to_html(review), encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"cannot write {args.html}: {exc.strerror or exc}") from None
    if args.json:
        print(json.dumps(to_dict(review), indent=1))
    elif table is not None:
        table(review)
    return 0
