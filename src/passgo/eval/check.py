"""`passgo eval check`: how well calibrated the model is, against outcomes and rollouts.

Positions are sampled from new games of strategic bots (a master seed other than training's,
`per_game` positions a game), and at each the model's chances are set beside the game's
outcome and, with `rollouts`, beside the rollout estimate of the same position
(`RolloutEvaluator`). The figures:

* the Brier score against the outcomes, of the model and of the rollouts: the squared error
  of the chances summed over the seats, averaged over positions (0 is perfect; always saying
  1/n for n players scores 1 - 1/n);
* the mean squared distance of the model's chances from the rollouts' (summed over seats
  likewise): how far the fast estimate is from the slow one;
* reliability: the seats' chances in ten bins, and in each the mean chance against the share
  won (a calibrated evaluator lies on the diagonal), drawn as a reliability plot.

A rollout estimate of R playouts carries its own noise (about 0.25/R in Brier terms at a
50 % chance), so the rollouts' Brier score is a yardstick, not a floor; their bots are the
games' bots (the strategic bot, trades included).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from passgo.agents.winmodel import WinModel
from passgo.analysis.output import TableData
from passgo.core import Rules
from passgo.eval.samples import Checked, CheckJob, SampleJob, by_games, checked_samples

BINS: Final = 10
CHECK_EVERY: Final = 6  # turns between the positions a check game offers
TASK: Final = 4  # games per worker task


def check_model(model: WinModel, rules: Rules, games: int, per_game: int, rollouts: int,
                seed: int, workers: int) -> dict[str, Any]:
    """The calibration report of `model` on `games` games under `rules`."""
    job = CheckJob(SampleJob(rules, seed, CHECK_EVERY), model.to_json(), per_game, rollouts)
    rows = by_games(checked_samples, job, games, TASK, "checked positions", workers)
    return calibration(rows, rules, games, per_game, rollouts, seed)


def _brier(chances: list[list[float]], outcomes: list[list[float]]) -> float:
    return float(np.mean([sum((c - o) ** 2 for c, o in zip(cs, os_, strict=True))
                          for cs, os_ in zip(chances, outcomes, strict=True)]))


def reliability(chances: list[list[float]], outcomes: list[list[float]]
                ) -> list[dict[str, float]]:
    """Per bin of the seats' chances (seats in the game): how many, mean chance, share won."""
    seats = [(c, o) for cs, os_ in zip(chances, outcomes, strict=True)
             for c, o in zip(cs, os_, strict=True) if c > 0 or o > 0]
    out = []
    for b in range(BINS):
        low, high = b / BINS, (b + 1) / BINS
        inside = [(c, o) for c, o in seats if low <= c < high or (b == BINS - 1 and c == 1)]
        if inside:
            out.append({"low": low, "high": high, "seats": len(inside),
                        "chance": float(np.mean([c for c, _ in inside])),
                        "won": float(np.mean([o for _, o in inside]))})
    return out


def calibration(rows: list[Checked], rules: Rules, games: int, per_game: int, rollouts: int,
                seed: int) -> dict[str, Any]:
    """The report (see the module docstring) from the checked positions."""
    if not rows:
        raise ValueError("the games offered no position to check: give more --games")
    model = [m for _, m, _, _ in rows]
    outcome = [o for _, _, _, o in rows]
    report: dict[str, Any] = {
        "analysis": "evaluator check",
        "setup": {"rules": rules.table(), "games": games, "per_game": per_game,
                  "rollouts": rollouts, "seed": seed},
        "positions": len(rows),
        "model": {"brier": _brier(model, outcome), "reliability": reliability(model, outcome)},
        "by_players": {},
    }
    if rollouts:
        rolled = [r for _, _, r, _ in rows]
        report["rollouts"] = {"brier": _brier(rolled, outcome),
                              "reliability": reliability(rolled, outcome)}
        report["model_vs_rollouts"] = {"distance": _brier(model, rolled),
                                       "reliability": reliability(model, rolled)}
    for n in sorted({n for n, _, _, _ in rows}):
        mine = [row for row in rows if row[0] == n]
        entry = {"positions": len(mine),
                 "model_brier": _brier([m for _, m, _, _ in mine], [o for *_, o in mine])}
        if rollouts:
            entry["rollouts_brier"] = _brier([r for _, _, r, _ in mine], [o for *_, o in mine])
        report["by_players"][str(n)] = entry
    return report


def check_tables(report: dict[str, Any]) -> list[TableData]:
    rolled = "rollouts" in report
    columns = ("players in", "positions", "model Brier", *(("rollouts Brier",) if rolled else ()))
    rows = [(n, str(e["positions"]), f"{e['model_brier']:.4f}",
             *((f"{e['rollouts_brier']:.4f}",) if rolled else ()))
            for n, e in report["by_players"].items()]
    rows.append(("all", str(report["positions"]), f"{report['model']['brier']:.4f}",
                 *((f"{report['rollouts']['brier']:.4f}",) if rolled else ())))
    setup = report["setup"]
    notes = [f"{setup['games']} games ({setup['rules']}, seed {setup['seed']}), up to "
             f"{setup['per_game']} positions each; Brier: squared error summed over the seats."]
    if rolled:
        notes.append(f"Rollouts: {setup['rollouts']} a position; the model's mean squared "
                     f"distance from them: {report['model_vs_rollouts']['distance']:.4f}.")
    tables = [TableData("Evaluator calibration against outcomes", columns, rows, notes)]
    bins: list[tuple[str, ...]] = [
        (f"{b['low']:.1f}–{b['high']:.1f}", str(b["seats"]), f"{100 * b['chance']:.1f} %",
         f"{100 * b['won']:.1f} %") for b in report["model"]["reliability"]]
    tables.append(TableData("Reliability of the model", ("chance", "seats", "mean chance",
                                                         "share won"), bins))
    return tables


def check_figure(report: dict[str, Any]) -> Any:
    """The reliability plot: mean chance against share won per bin, for the model (and the
    rollouts, and the model against the rollouts' estimates)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    figure = Figure(figsize=(6, 6))
    ax = figure.add_subplot()
    ax.plot([0, 1], [0, 1], color="grey", linestyle=":", label="calibrated")
    curves = [("model", report["model"]["reliability"], "won")]
    if "rollouts" in report:
        curves += [("rollouts", report["rollouts"]["reliability"], "won"),
                   ("model vs rollouts", report["model_vs_rollouts"]["reliability"], "rollouts")]
    for label, bins, against in curves:
        ax.plot([b["chance"] for b in bins], [b["won"] for b in bins], marker="o",
                label=f"{label} (against {'outcomes' if against == 'won' else 'rollouts'})")
    ax.set_xlabel("estimated chance to win")
    ax.set_ylabel("share won (or the rollouts' estimate)")
    ax.set_title(f"Reliability: {report['positions']} positions, {report['setup']['rules']}")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend(loc="upper left")
    return figure
