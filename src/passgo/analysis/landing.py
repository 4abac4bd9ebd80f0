"""`passgo analyze landing`: the exact chain's landing odds beside a Monte Carlo run.

For each jail strategy asked for: the chain's measures (`chain.py`, `MEASURES`: the published
tables' conventions side by side, each named for what it is counted per and summed in the
table's last row), throws that reach Go To Jail and throws that end in jail kept apart, and a Monte
Carlo estimate with 95 % intervals from batch means, by the batched NumPy run
(`passgo.sim.batched`, the default) or the engine's own token run (`passgo.sim.landing`).
The chain is timed: it is the figure a reader can trust, the runs are its check.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from passgo.analysis.chain import landing_odds
from passgo.analysis.output import TableData
from passgo.core import Rules
from passgo.core.board import load_edition
from passgo.sim.batched import batched_groups
from passgo.sim.records import landing_labels
from passgo.sim.stats import mean_interval
from passgo.token_model import CARD_CONVENTION_TEXT, build_movement

BATCHES = 20  # batches of the Monte Carlo run behind its intervals

# The chain's measures the report gives for every square (`ChainResult`), each named for what
# it is counted per, with the convention of the published table it matches.
MEASURES = {
    "per_throw": "share of throws that leave the token there, after Go To Jail and cards; In "
                 "Jail apart from Just Visiting (Collins' per-roll tables); sums to 100 %",
    "end_of_turn": "share of turns that end there (the last throw of the turn; end-of-turn "
                   "tables); sums to 100 %",
    "visits_share": "every placement (the square the dice reach, each card's destination, each "
                    "throw spent in jail) as a share of all placements (Noe's table); sums to "
                    "100 %",
    "landings_per_turn": "throws per turn that leave the token there (per throw x throws per "
                         "turn: what rent is paid by); sums to the throws per turn",
    "visits_per_turn": "placements per turn; sums to the placements per turn",
}
# Table headers of the measures, per 100 throws, turns or placements as the name says.
HEADERS = {"per_throw": "% of throws", "end_of_turn": "% of turns ended",
           "visits_share": "% of visits", "landings_per_turn": "landings / 100 turns",
           "visits_per_turn": "visits / 100 turns"}


def monte_carlo(rules: Rules, jail: str, card: str, method: str, rolls: int, seed: int,
                workers: int = 1, progress: Callable[[int], None] | None = None
                ) -> np.ndarray:
    """Landing counts of a run, one row per independent batch (per square, In Jail last)."""
    if method == "batched":
        return batched_groups(build_movement(rules, jail, card), rolls, seed, BATCHES, progress)
    # The engine's run, with its pool of workers and progress bar: only this method needs it.
    from passgo.sim.jobs import LandingJob
    from passgo.sim.run import landing_chunk_counts

    chunk = max(1_000, math.ceil(rolls / BATCHES))
    job = LandingJob(rules, rolls, jail, seed, chunk, card)
    return np.array(landing_chunk_counts(job, workers=workers))


def analyze_landing(rules: Rules, rules_name: str, strategies: tuple[str, ...], card: str,
                    method: str, rolls: int, seed: int, workers: int = 1) -> dict[str, Any]:
    """The landing report (JSON-ready) for each jail strategy."""
    board = load_edition(rules.edition)
    names = landing_labels(board)
    out = []
    for jail in strategies:
        start = time.perf_counter()
        exact = landing_odds(build_movement(rules, jail, card))
        seconds = time.perf_counter() - start
        mc = None if method == "none" else monte_carlo(rules, jail, card, method, rolls, seed,
                                                       workers)
        rows = []
        for i, name in enumerate(names):
            row: dict[str, Any] = {"index": i, "name": name,
                                   **{key: getattr(exact, key)[i] for key in MEASURES}}
            if mc is not None:
                shares = mc[:, i] / mc.sum(axis=1)
                share = float(mc[:, i].sum() / mc.sum())
                _, low, high = mean_interval(shares)
                row["mc"] = {"landings": int(mc[:, i].sum()), "per_throw": share,
                             "ci95": [low, high]}
            rows.append(row)
        out.append({
            "jail": jail, "chain_seconds": round(seconds, 4),
            "throws_per_turn": exact.throws_per_turn,
            "go_to_jail_per_throw": exact.go_to_jail_per_throw,
            "jail_entries_per_throw": exact.jail_entries_per_throw,
            "mc_rolls": None if mc is None else int(mc.sum()),
            "squares": rows,
        })
    setup = {"rules": rules_name, "edition": rules.edition, "jail": ",".join(strategies),
             "jail_card": card, "monte_carlo": method,
             "rolls": None if method == "none" else rolls,
             "seed": None if method == "none" else seed}
    return {"analysis": "landing", "setup": setup,
            "conventions": {"jail_card": CARD_CONVENTION_TEXT, "measures": MEASURES},
            "strategies": out}


def _pct(x: float, places: int = 3) -> str:
    return f"{100 * x:.{places}f}"


def landing_tables(report: dict[str, Any]) -> list[TableData]:
    tables = []
    for s in report["strategies"]:
        mc = s["mc_rolls"] is not None
        columns = ("#", "square", *HEADERS.values(),
                   *(("MC % of throws", "MC 95 % interval") if mc else ()))
        rows = []
        for r in s["squares"]:
            cells = [str(r["index"]), r["name"], *(_pct(r[key]) for key in HEADERS)]
            if mc:
                lo, hi = r["mc"]["ci95"]
                cells += [_pct(r["mc"]["per_throw"]), f"{_pct(lo)} – {_pct(hi)}"]
            rows.append(tuple(cells))
        rows.append(("", "all squares", *(_pct(sum(r[key] for r in s["squares"]))
                                          for key in HEADERS),
                     *(("100.000", "") if mc else ())))
        notes = [
            "% of throws: where each throw leaves the token (Collins' measure); % of turns "
            "ended: where the last throw of each turn leaves it; % of visits: every square the "
            "token is put on (the dice's square, each card's destination, each throw in jail) "
            "as a share of all (Noe's measure); landings and visits per 100 turns: the same "
            "counts per turn, what rent is paid by (they sum to more than 100: a turn can have "
            "several throws and a throw several placements).",
            f"Throws per turn {s['throws_per_turn']:.4f}; throws reaching Go To Jail "
            f"{_pct(s['go_to_jail_per_throw'])} %; throws sending the token to jail (Go To "
            f"Jail, a card, a third double) {_pct(s['jail_entries_per_throw'])} %; the chain "
            f"took {s['chain_seconds']:.3f} s.",
        ]
        if mc:
            notes.append(f"Monte Carlo: {s['mc_rolls']:,} throws ({report['setup']['monte_carlo']}"
                         f"), 95 % intervals from {BATCHES} batch means.")
        tables.append(TableData(
            f"Landing odds, {s['jail']} jail stays, card: {report['setup']['jail_card']} "
            "(exact chain)", columns, rows, notes, left=2))
    return tables


def landing_figure(report: dict[str, Any]) -> Any:
    """A board heat map of the per-throw odds, one board per jail strategy."""
    from passgo.analysis.plots import board_heatmap  # Matplotlib: for --plot, --html only

    names = [r["name"] for r in report["strategies"][0]["squares"]]
    panels = {f"{s['jail']} jail stays": [100 * r["per_throw"] for r in s["squares"]]
              for s in report["strategies"]}
    return board_heatmap(names, panels, f"Landing odds per throw, {report['setup']['rules']}")
