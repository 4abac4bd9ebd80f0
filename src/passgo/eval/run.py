"""What `passgo eval train` and `passgo eval check` run, once their arguments are checked."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from passgo.agents.winmodel import ModelError, WinModel, load_model, model_for
from passgo.analysis.errors import AnalysisError
from passgo.analysis.output import check_html_path, check_plot_path, write_report
from passgo.core import Rules
from passgo.eval.check import check_figure, check_model, check_tables
from passgo.eval.train import train_model
from passgo.inputs import CommandError


def run_train(args: argparse.Namespace, rules: Rules) -> None:
    out = Path(args.out)
    if not out.parent.is_dir():
        raise CommandError(f"--out {args.out}: no folder {out.parent}")
    command = " ".join(["passgo eval train", "--rules", shlex.quote(args.rules),
                        f"--games {args.games} --every {args.every} --hidden {args.hidden} "
                        f"--seed {args.seed}"])
    model = train_model(rules, args.games, args.seed, args.every, args.workers, args.hidden,
                        command)
    out.write_text(model.to_json(), encoding="utf-8")
    t = model.trained
    print(f"wrote {out}: {t['train_positions']:,} positions of {t['games'] - t['held_out_games']}"
          f" games; held out {t['test_positions']:,} positions of {t['held_out_games']} games: "
          f"Brier {t['test_brier']:.4f}, log loss {t['test_log_loss']:.4f}", file=sys.stderr)


def _model(args: argparse.Namespace, rules: Rules) -> WinModel:
    if args.model is not None:
        try:
            return load_model(Path(args.model))
        except ModelError as exc:
            raise CommandError(str(exc)) from None
    model, reason = model_for(rules)
    if model is None:
        raise CommandError(f"no shipped model for --rules {args.rules}: {reason}")
    return model


def run_check(args: argparse.Namespace, rules: Rules) -> None:
    try:
        if args.plot:
            check_plot_path(args.plot)
        if args.html:
            check_html_path(args.html)
        model = _model(args, rules)
        report = check_model(model, rules, args.games, args.per_game, args.rollouts,
                             args.seed, args.workers)
        figures = [check_figure(report)] if args.plot or args.html else []
        write_report(report, check_tables(report), figures, as_json=args.json, plot=args.plot,
                     page=args.html, title="Evaluator calibration")
    except AnalysisError as exc:
        raise CommandError(str(exc)) from None
