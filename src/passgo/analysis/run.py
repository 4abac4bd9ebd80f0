"""The `passgo analyze` subcommands' work: check the outputs, run the analysis, write it."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from passgo.analysis.errors import AnalysisError
from passgo.analysis.output import (
    TableData,
    check_html_path,
    check_plot_path,
    write_report,
)
from passgo.inputs import CommandError, rules_of
from passgo.token_model import MovementError

Analysis = tuple[dict[str, Any], list[TableData], Callable[[dict[str, Any]], Any], str]


def _landing(args: argparse.Namespace) -> Analysis:
    from passgo.analysis.landing import analyze_landing, landing_figure, landing_tables

    rules = rules_of(args.rules)
    strategies = ("short", "long") if args.jail == "both" else (args.jail,)
    report = analyze_landing(rules, args.rules, strategies, args.jail_card, args.mc,
                             args.rolls, args.seed, args.workers)
    return report, landing_tables(report), landing_figure, "Landing odds"


def _returns(args: argparse.Namespace) -> Analysis:
    from passgo.analysis.returns import analyze_returns, returns_figure, returns_tables

    report = analyze_returns(rules_of(args.rules), args.rules, args.jail, args.opponents)
    return report, returns_tables(report), returns_figure, "Returns on deeds and houses"


def _position(args: argparse.Namespace) -> Analysis:
    from passgo.analysis.position import analyze_position, position_figure, position_tables

    report = analyze_position(args)
    return report, position_tables(report), position_figure, "Win chances from a position"


def _rules(args: argparse.Namespace) -> Analysis:
    from passgo.analysis.compare import analyze_rules, rules_figure, rules_tables

    report = analyze_rules(args)
    return report, rules_tables(report), rules_figure, "Rule sets compared"


ANALYSES: dict[str, Callable[[argparse.Namespace], Analysis]] = {
    "landing": _landing, "returns": _returns, "position": _position,
    "rules": _rules,
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
    except (AnalysisError, MovementError) as exc:
        raise CommandError(str(exc)) from None
