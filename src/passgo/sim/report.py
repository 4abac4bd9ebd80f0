"""The three ways a report leaves `passgo simulate`: Rich tables, JSON and CSV.

The tables are for reading; JSON is the report data itself (`summary.py`), whole; CSV is the
same numbers in long form, one value per row (`section,item,metric,value`), so that a
spreadsheet or a data frame can filter and pivot it without knowing the report's shape.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from typing import IO, Any

from rich.console import Console
from rich.table import Table

Row = tuple[str, str, str, Any]


def write_json(report: dict[str, Any], out: IO[str]) -> None:
    json.dump(report, out, indent=2)
    out.write("\n")


def write_csv(report: dict[str, Any], out: IO[str]) -> None:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("section", "item", "metric", "value"))
    writer.writerows(csv_rows(report))


def csv_rows(report: dict[str, Any]) -> Iterator[Row]:
    """Every number of a report (any mode) as (section, item, metric, value)."""
    for key, value in report["setup"].items():
        yield "setup", key, "value", ",".join(value) if isinstance(value, list) else value
    mode = report["mode"]
    if mode == "landing":
        yield from _landing_rows(report["landings"], "landings")
    elif mode == "games":
        yield from _game_rows(report, "")
    else:
        for d in report["differences"]:
            yield from _share_rows("difference", d["metric"], d, ("a", "b", "difference"))
        yield from _game_rows(report["a"], "a.")
        yield from _game_rows(report["b"], "b.")


def _share_rows(section: str, item: str, d: dict[str, Any], keys: tuple[str, ...]
                ) -> Iterator[Row]:
    for key in keys:
        yield section, item, key, d[key]
    yield section, item, "ci95_low", d["ci95"][0]
    yield section, item, "ci95_high", d["ci95"][1]


def _landing_rows(landings: dict[str, Any], section: str) -> Iterator[Row]:
    yield section, "all", "rolls", landings["rolls"]
    for row in landings["squares"]:
        item = f"{row['index']}:{row['name']}"
        yield section, item, "landings", row["landings"]
        yield section, item, "per_roll", row["per_roll"]


def _game_rows(report: dict[str, Any], prefix: str) -> Iterator[Row]:
    wins = report["wins"]
    for w in wins["by_player"]:
        yield from _share_rows(f"{prefix}wins_by_player", f"{w['player']}:{w['bot']}", w,
                               ("count", "share"))
    for w in wins["by_bot"]:
        yield from _share_rows(f"{prefix}wins_by_bot", w["bot"], w, ("count", "share"))
    yield from _share_rows(f"{prefix}wins", "no winner", wins["no_winner"], ("count", "share"))
    yield from _share_rows(f"{prefix}capped", "round cap", report["capped"], ("count", "share"))
    for name, dist in report["length"].items():
        for metric, value in dist.items():
            yield f"{prefix}length", name, metric, value
    for reason, count in report["end_reasons"].items():
        yield f"{prefix}end_reasons", reason, "count", count
    b = report["bankruptcies"]
    for key in ("total", "per_game", "to_bank", "to_players"):
        yield f"{prefix}bankruptcies", "all", key, b[key]
    for creditor, count in b["by_creditor"].items():
        yield f"{prefix}bankruptcies_by_creditor", creditor, "count", count
    for r in report["rent"]:
        for key in ("total", "per_game", "share"):
            yield f"{prefix}rent", r["group"], key, r[key]
    yield from _landing_rows(report["landings"], f"{prefix}landings")
    incidents = report["incidents"]
    yield f"{prefix}incidents", "all", "total", incidents["total"]
    for row in incidents["by_player"]:
        item = f"{row['player']}:{row['bot']}"
        yield f"{prefix}incidents", item, "games", row["games"]
        for kind, count in row["by_kind"].items():
            yield f"{prefix}incidents", item, kind, count


# -- tables --------------------------------------------------------------------------------


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _ci(pair: list[float]) -> str:
    return f"{100 * pair[0]:.1f} – {100 * pair[1]:.1f} %"


def print_tables(report: dict[str, Any], console: Console) -> None:
    setup = report["setup"]
    console.print(", ".join(f"{k.replace('_', ' ')}: {_setup_value(v)}"
                            for k, v in setup.items() if v is not None))
    mode = report["mode"]
    if mode == "landing":
        console.print(_landing_table(report["landings"]))
    elif mode == "games":
        _game_tables(report, console)
    else:
        console.print(_difference_table(report["differences"]))
        for key, title in (("a", "A"), ("b", "B")):
            console.print(_wins_table(report[key], f"Wins, {title}: {setup[f'rules_{key}']}"))
            _print_incidents(report[key], console, f", {title}")


def incident_warning(report: dict[str, Any]) -> str | None:
    """One line for standard error when protocol bots misbehaved, else None."""
    parts = [report[k]["incidents"] for k in ("a", "b") if k in report]
    if "incidents" in report:
        parts.append(report["incidents"])
    total = sum(p["total"] for p in parts)
    if not total:
        return None
    bots = dict.fromkeys(row["bot"] for p in parts for row in p["by_player"] if row["total"])
    return (f"warning: {total} protocol bot incident{'s' if total != 1 else ''} "
            f"({', '.join(bots)}): a safe default played in their place; see the report")


def _print_incidents(report: dict[str, Any], console: Console, title: str = "") -> None:
    """The Protocol bot incidents table, when any protocol bot misbehaved."""
    incidents = report["incidents"]
    if not incidents["total"]:
        return
    table = Table(title=f"Protocol bot incidents{title} (a safe default played instead)")
    for header in ("player", "bot", "games", "incidents"):
        table.add_column(header, justify="right" if header == "games" else "left",
                         overflow="fold")
    for row in incidents["by_player"]:
        kinds = ", ".join(f"{k} {v}" for k, v in row["by_kind"].items()) or "-"
        table.add_row(str(row["player"]), row["bot"], str(row["games"]), kinds)
    console.print(table)


def _setup_value(v: Any) -> str:
    if isinstance(v, bool):
        return "on" if v else "off"
    return ",".join(v) if isinstance(v, list) else str(v)


def _wins_table(report: dict[str, Any], title: str) -> Table:
    table = Table(title=title)
    for header in ("player", "bot", "wins", "share", "95 % interval"):
        table.add_column(header, justify="left" if header in ("player", "bot") else "right")
    wins = report["wins"]
    for w in wins["by_player"]:
        table.add_row(w.get("name", str(w["player"])), w["bot"], str(w["count"]), _pct(w["share"]),
                      _ci(w["ci95"]))
    if len(wins["by_bot"]) < len(wins["by_player"]):
        for w in wins["by_bot"]:
            table.add_row("all", f"{w['bot']} ×{w['players']}", str(w["count"]),
                          _pct(w["share"]), _ci(w["ci95"]))
    nw = wins["no_winner"]
    table.add_row("none", "", str(nw["count"]), _pct(nw["share"]), _ci(nw["ci95"]))
    return table


def _game_tables(report: dict[str, Any], console: Console) -> None:
    console.print(_wins_table(report, "Wins"))
    length = Table(title="Game length")
    columns = ("mean", "sd", "min", "p5", "p25", "median", "p75", "p95", "max")
    length.add_column("")
    for c in columns:
        length.add_column(c, justify="right")
    for name, dist in report["length"].items():
        length.add_row(name, *(f"{dist[c]:.1f}" if c in ("mean", "sd") else f"{dist[c]:.0f}"
                               for c in columns))
    console.print(length)
    capped = report["capped"]
    ends = Table(title="How games ended")
    for header in ("end", "games", "share"):
        ends.add_column(header, justify="left" if header == "end" else "right")
    for reason, count in report["end_reasons"].items():
        ends.add_row(reason or "?", str(count), _pct(count / report["games"]))
    console.print(ends)
    console.print(f"Stopped by the round cap: {capped['count']} games, {_pct(capped['share'])} "
                  f"({_ci(capped['ci95'])})")
    b = report["bankruptcies"]
    bankrupt = Table(title="Bankruptcies by creditor")
    for header in ("creditor", "bankruptcies", "per game"):
        bankrupt.add_column(header, justify="left" if header == "creditor" else "right")
    for creditor, count in b["by_creditor"].items():
        bankrupt.add_row(creditor, str(count), f"{count / report['games']:.3f}")
    bankrupt.add_row("all (Bank / players)", f"{b['total']} ({b['to_bank']} / {b['to_players']})",
                     f"{b['per_game']:.3f}")
    console.print(bankrupt)
    rent = Table(title="Rent collected")
    for header in ("group", "total", "per game", "share"):
        rent.add_column(header, justify="left" if header == "group" else "right")
    for r in report["rent"]:
        rent.add_row(r["group"], f"{r['total']:,}", f"{r['per_game']:,.0f}", _pct(r["share"]))
    console.print(rent)
    console.print(_landing_table(report["landings"]))
    _print_incidents(report, console)


def _landing_table(landings: dict[str, Any]) -> Table:
    table = Table(title=f"Landings per roll ({landings['rolls']:,} rolls)")
    for header in ("#", "square", "landings", "per roll"):
        table.add_column(header, justify="left" if header == "square" else "right")
    for row in landings["squares"]:
        table.add_row(str(row["index"]), row["name"], f"{row['landings']:,}",
                      f"{100 * row['per_roll']:.3f} %")
    return table


def _difference_table(differences: list[dict[str, Any]]) -> Table:
    table = Table(title="B − A on common random numbers (paired games)")
    for header in ("metric", "A", "B", "B − A", "95 % interval"):
        table.add_column(header, justify="left" if header == "metric" else "right")
    for d in differences:
        table.add_row(d["metric"], f"{d['a']:.4f}", f"{d['b']:.4f}", f"{d['difference']:+.4f}",
                      f"{d['ci95'][0]:+.4f} … {d['ci95'][1]:+.4f}")
    return table
