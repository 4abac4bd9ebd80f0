"""`passgo analyze rules A B ...`: rule sets compared on the same seeds.

Every rule set plays the same games (same seeds, the same bots in the same seats: no seat
rotation, so a player is a seat and the wins by seat show the first player's advantage)
through `passgo.sim.run.simulate`, which pairs the jobs game by game. The default table is four
`strategic` bots: alike, so a seat's share of the wins is its seat's doing, and their games
end (`benchmarks/game_length.py`: all of 1,000 within 500 rounds), so the lengths describe
games rather than the cap.

A game stopped at the round cap has no winner and did not last the cap: it was cut there.
Every figure says so: the share capped is a column of its own, the length percentiles of all
games are marked as lower bounds ("≥") where they reach into the capped games, the ended
games' own lengths stand beside them, and the histograms draw the capped games apart. Wins are
each seat's share of all games (the no-winner share completes them to 100 %); each rule set
after the first gets its paired difference from the first for every seat's win share, the
share capped and the length.
"""

from __future__ import annotations

import argparse
from typing import Any

from passgo.analysis.output import TableData
from passgo.core import Rules
from passgo.inputs import CommandError, rules_of
from passgo.sim.jobs import GameJob
from passgo.sim.run import parse_bots, simulate
from passgo.sim.stats import spread
from passgo.sim.summary import GameTally, paired_rows

DEFAULT_PLAYERS = "strategic,strategic,strategic,strategic"


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
        ended = [x for x, capped in zip(tally.rounds, tally.capped, strict=True) if not capped]
        out.append({
            "rules": spec, "rounds": list(tally.rounds), "capped": list(tally.capped),
            "length": r["length"]["rounds"],
            "length_ended": spread(ended) if ended else None,
            "ended": 1.0 - r["capped"]["share"],
            "capped_share": r["capped"],
            "wins_by_seat": [{"seat": w["player"], "bot": w["bot"],
                              **{k: w[k] for k in ("count", "share", "ci95")}}
                             for w in r["wins"]["by_player"]],
            "no_winner": r["wins"]["no_winner"],
            "bankruptcies_per_game": r["bankruptcies"]["per_game"], "rent": r["rent"],
            "against_first": None if tally is tallies[0]
            else paired_report(tallies[0], tally, args.max_rounds),
        })
    return {"analysis": "rules",
            "setup": {"rules": ",".join(args.specs), "games": args.games,
                      "players": ",".join(bots), "max_rounds": args.max_rounds,
                      "seed": args.seed},
            "rule_sets": out}


def paired_report(a: GameTally, b: GameTally, cap: int) -> list[dict[str, Any]]:
    """B minus A, game by game: each seat's win share (of all games), the share stopped at
    the cap, and the length (a capped game counted at the cap)."""
    seats = range(len(a.job.bots))
    metrics = [
        *((f"seat {s + 1} win share", [int(w == s) for w in a.winner],
           [int(w == s) for w in b.winner]) for s in seats),
        (f"share capped at {cap} rounds", [int(c) for c in a.capped], [int(c) for c in b.capped]),
        (f"rounds per game (capped at {cap})", a.rounds, b.rounds),
        (f"turns per game (capped at {cap} rounds)", a.turns, b.turns),
    ]
    return paired_rows(metrics)


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _rounds(stats: dict[str, Any], key: str, capped: int, cap: int) -> str:
    """A length statistic of all games; "≥" where it reaches into the capped games (a mean
    with any capped game, a percentile at the cap): the true length is longer."""
    value = stats[key]
    bound = "≥ " if capped and (key == "mean" or value >= cap) else ""
    return f"{bound}{value:.1f}" if key == "mean" else f"{bound}{value:.0f}"


def rules_tables(report: dict[str, Any]) -> list[TableData]:
    sets = report["rule_sets"]
    cap = report["setup"]["max_rounds"]
    seats = [f"seat {w['seat']} ({w['bot']}) wins" for w in sets[0]["wins_by_seat"]]
    rows = []
    for s in sets:
        capped = s["capped_share"]["count"]
        ended = s["length_ended"]
        rows.append((
            s["rules"], _pct(s["ended"]), _pct(s["capped_share"]["share"]),
            *(_rounds(s["length"], k, capped, cap) for k in ("mean", "median", "p95")),
            *((f"{ended['median']:.0f}", f"{ended['p95']:.0f}") if ended else ("–", "–")),
            f"{s['bankruptcies_per_game']:.2f}",
            *(f"{_pct(w['share'])} ({_pct(w['ci95'][0])}–{_pct(w['ci95'][1])})"
              for w in s["wins_by_seat"]),
            _pct(s["no_winner"]["share"])))
    summary = TableData(
        "Rule sets on the same seeds",
        ("rules", "games ended", f"capped at {cap} rounds", "mean rounds", "median", "p95",
         "median, ended games", "p95, ended games", "bankruptcies / game", *seats,
         "no winner"),
        rows,
        ["Seats play in order (seat 1 first), the same bots in the same seats in every game; "
         "each seat's wins are its share of all games, with the 95 % Wilson interval, and "
         "with the no-winner share they make 100 %.",
         f"A game stopped at {cap} rounds has no winner and was cut there: mean, median and "
         "p95 of all games count it at the cap, and are marked ≥ (a lower bound) where they "
         "reach into such games; the ended games' own median and p95 stand beside them."])
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
    """Histograms of game length in rounds, one per rule set on the same bins, the games
    stopped at the cap drawn apart."""
    from passgo.analysis.plots import length_histograms  # Matplotlib: for --plot, --html only

    cap = report["setup"]["max_rounds"]
    return length_histograms({s["rules"]: (s["rounds"], s["capped"])
                              for s in report["rule_sets"]},
                             "Game length on the same seeds", cap)
