"""The `passgo analyze` subcommands' work: check the outputs, run the analysis, write it."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from passgo.analysis.movement import MovementError
from passgo.analysis.output import (
    OutputError,
    TableData,
    check_html_path,
    check_plot_path,
    write_report,
)
from passgo.cli_position import CommandError

Analysis = tuple[dict[str, Any], list[TableData], Callable[[dict[str, Any]], Any], str]


def _landing(args: argparse.Namespace) -> Analysis:
    from passgo.analysis.landing import analyze_landing, landing_figure, landing_tables
    from passgo.cli_analyze import rules_of

    rules = rules_of(args.rules)
    strategies = ("short", "long") if args.jail == "both" else (args.jail,)
    report = analyze_landing(rules, args.rules, strategies, args.jail_card, args.mc,
                             args.rolls, args.seed, args.workers)
    return report, landing_tables(report), landing_figure, "Landing odds"


ANALYSES: dict[str, Callable[[argparse.Namespace], Analysis]] = {
    "landing": _landing,
}


def run_analysis(args: argparse.Namespace) -> None:
    try:
        if args.plot:
            check_plot_path(args.plot)
        if args.html:
            check_html_path(args.html)
        report, tables, figure, title = ANALYSES[args.analysis](args)
        figures = [figure(report)] if args.plot or args.html else []
        write_report(report, tables, figures, as_json=args.json, plot=args.plot,
                     page=args.html, title=title)
    except (OutputError, MovementError) as exc:
        raise CommandError(str(exc)) from None
