"""`passgo analyze rules A B ...`: rule sets compared on the same seeds.

Every rule set plays the same games (same seeds, the same bots in the same seats: no seat
rotation, so a player is a seat and the winner by seat shows the first player's advantage)
through `passgo.sim.run.simulate`, which pairs the jobs game by game. The report keeps, per
rule set, the game length distribution (rounds), the share of games that end within the round
cap, wins by seat with 95 % intervals, bankruptcies per game and rent by group; each rule set
after the first also gets its paired difference from the first (`compare_report`).
"""

from __future__ import annotations

import argparse
from typing import Any

from passgo.analysis.output import TableData
from passgo.analysis.plots import histograms
from passgo.core import Rules
from passgo.inputs import CommandError, rules_of
from passgo.sim.jobs import GameJob
from passgo.sim.run import parse_bots, simulate
from passgo.sim.summary import compare_report


def analyze_rules(args: argparse.Namespace) -> dict[str, Any]:
    if len(args.specs) < 2:
        raise CommandError("name two rule sets or more to compare")
    rule_sets: list[Rules] = [rules_of(spec) for spec in args.specs]
    bots = parse_bots(args.players)
    jobs = [GameJob(bots, rules, args.seed, args.max_rounds, rotate=False) for rules in rule_sets]
    tallies = simulate(jobs, args.games, workers=args.workers)
    out = []
    for spec, tally in zip(args.specs, tallies, strict=True):
        r = tally.report()
        out.append({
            "rules": spec, "rounds": list(tally.rounds),
            "length": r["length"]["rounds"], "ended": 1.0 - r["capped"]["share"],
            "wins_by_seat": r["wins"]["by_player"], "no_winner": r["wins"]["no_winner"],
            "bankruptcies_per_game": r["bankruptcies"]["per_game"], "rent": r["rent"],
            "against_first": None if tally is tallies[0]
            else compare_report(tallies[0], tally, bots[0]),
        })
    return {"analysis": "rules",
            "setup": {"rules": ",".join(args.specs), "games": args.games,
                      "players": ",".join(bots), "max_rounds": args.max_rounds,
                      "seed": args.seed},
            "rule_sets": out}


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def rules_tables(report: dict[str, Any]) -> list[TableData]:
    sets = report["rule_sets"]
    seats = len(sets[0]["wins_by_seat"])
    summary = TableData(
        "Rule sets on the same seeds",
        ("rules", "games ended", "mean rounds", "median", "p95", "bankruptcies / game",
         *(f"seat {k + 1} wins" for k in range(seats))),
        [(s["rules"], _pct(s["ended"]), f"{s['length']['mean']:.1f}",
          f"{s['length']['median']:.0f}", f"{s['length']['p95']:.0f}",
          f"{s['bankruptcies_per_game']:.2f}",
          *(f"{_pct(w['share'])} ({_pct(w['ci95'][0])}–{_pct(w['ci95'][1])})"
            for w in s["wins_by_seat"]))
         for s in sets],
        ["Seats play in order (seat 1 first); wins with 95 % Wilson intervals."])
    groups = [r["group"] for r in sets[0]["rent"]]
    rent = TableData("Rent by group (share of all rent)", ("group", *(s["rules"] for s in sets)),
                     [(g, *(_pct(s["rent"][i]["share"]) for s in sets))
                      for i, g in enumerate(groups)])
    tables = [summary, rent]
    for s in sets[1:]:
        tables.append(TableData(
            f"{s['rules']} − {sets[0]['rules']}, paired game by game",
            ("metric", sets[0]["rules"], s["rules"], "difference", "95 % interval"),
            [(d["metric"], f"{d['a']:.4f}", f"{d['b']:.4f}", f"{d['difference']:+.4f}",
              f"{d['ci95'][0]:+.4f} … {d['ci95'][1]:+.4f}") for d in s["against_first"]]))
    return tables


def rules_figure(report: dict[str, Any]) -> Any:
    """Histograms of game length in rounds, one per rule set, on the same bins."""
    return histograms({s["rules"]: s["rounds"] for s in report["rule_sets"]},
                      "Game length", "rounds")
