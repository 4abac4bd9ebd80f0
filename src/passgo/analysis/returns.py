"""`passgo analyze returns` (`roi`): what each group and building level pays back.

Rent is paid on landing, so a street's expected rent per opponent turn is its rent at that
level times the chance an opponent lands there per turn: the exact chain's per-turn odds
(`chain.py`) under the chosen rules and the opponents' jail strategy. For each colour group
and level (the whole group unimproved, paying double, then each house on every street, then
the hotel, and under double hotels the houses on it and the second hotel), the report gives
what the group has cost by then, its rent per opponent turn, the payback in opponent turns
and in rounds against `opponents` players, and what the last step added: rent per turn,
cost, and the step's own payback, where the third house stands out. Prices and rents are the
core's (`deed_price`, `street_rent`, `building_levels`), so the rules that change them count.
Railroads are priced by how many are owned and utilities at a throw of 7 (the mean throw:
the rent of a utility is a multiple of the throw that brought the player there, which the
chain does not keep).
"""

from __future__ import annotations

from typing import Any

from passgo.analysis.chain import landing_odds
from passgo.analysis.errors import AnalysisError
from passgo.analysis.output import TableData
from passgo.analysis.plots import curves
from passgo.core import Rules, building_levels, deed_price, hotels_at, houses_at, street_rent
from passgo.core.board import Board, load_edition
from passgo.token_model import build_movement

MEAN_THROW = 7
# Line colours of the usual colour groups (other editions' groups take the default cycle).
GROUP_COLOURS = {"brown": "saddlebrown", "light_blue": "lightskyblue", "pink": "orchid",
                 "orange": "darkorange", "red": "red", "yellow": "gold", "green": "green",
                 "dark_blue": "navy"}


class ReturnsError(AnalysisError):
    """A rule set whose rents this analysis does not price."""


def _label(level: int) -> str:
    """A level of a complete group's streets in the report's words."""
    houses, hotels = houses_at(level), hotels_at(level)
    counted = f"{houses} house{'s' if houses > 1 else ''}"
    if hotels == 2:
        return "two hotels"
    if hotels:
        return f"hotel and {counted}" if houses else "hotel"
    return counted if houses else "group, no houses"


def _rows(label: str, steps: list[tuple[str, int, float]], opponents: int
          ) -> list[dict[str, Any]]:
    """Report rows from (level, cumulative cost, rent per opponent turn) steps."""
    rows: list[dict[str, Any]] = []
    for i, (level, cost, rent) in enumerate(steps):
        row: dict[str, Any] = {"group": label, "level": level, "cost": cost,
                               "rent_per_opponent_turn": rent,
                               "payback_turns": cost / rent if rent else None,
                               "payback_rounds": cost / (rent * opponents) if rent else None}
        if i:
            added_rent = rent - steps[i - 1][2]
            added_cost = cost - steps[i - 1][1]
            row["added_rent_per_turn"] = added_rent
            row["added_cost"] = added_cost
            row["added_payback_turns"] = added_cost / added_rent if added_rent > 0 else None
        rows.append(row)
    return rows


def analyze_returns(rules: Rules, rules_name: str, jail: str, opponents: int
                    ) -> dict[str, Any]:
    if rules.six_railroads:
        raise ReturnsError("returns does not price six_railroads (utilities as railroads)")
    board = load_edition(rules.edition)
    per_turn = landing_odds(build_movement(rules, jail)).per_turn
    groups: list[dict[str, Any]] = []
    levels = building_levels(rules)
    for g, name in enumerate(board.group_names):
        streets = [board.squares[sq] for sq in board.groups[g]]
        deeds = sum(deed_price(rules, s.price) for s in streets)
        # `levels[k]` is reached by k purchases at the house price on every street.
        steps = [(_label(level), deeds + k * sum(s.house_cost for s in streets),
                  sum(street_rent(s.rents, level, True) * per_turn[s.index] for s in streets))
                 for k, level in enumerate(levels)]
        groups.append({"group": name, "levels": _rows(name, steps, opponents)})
    groups.extend(_stations(board, rules, per_turn, opponents))
    return {"analysis": "returns",
            "setup": {"rules": rules_name, "edition": rules.edition, "opponents_jail": jail,
                      "opponents": opponents},
            "groups": groups}


def _stations(board: Board, rules: Rules, per_turn: tuple[float, ...], opponents: int
              ) -> list[dict[str, Any]]:
    """Railroads by how many are owned, utilities at the mean throw."""
    out = []
    railroad_rents = board.railroad_rents
    utility_rents = tuple(m * MEAN_THROW for m in board.utility_multipliers)
    for label, squares, rents in (("railroads", board.railroads, railroad_rents),
                                  ("utilities", board.utilities, utility_rents)):
        mean_odds = sum(per_turn[sq] for sq in squares) / len(squares)
        price = sum(deed_price(rules, board.squares[sq].price) for sq in squares) / len(squares)
        steps = [(f"{k} owned", round(k * price), k * mean_odds * rents[k - 1])
                 for k in range(1, len(squares) + 1)]
        out.append({"group": label, "levels": _rows(label, steps, opponents)})
    return out


def _money(x: float | None, places: int = 2) -> str:
    return "–" if x is None else f"{x:,.{places}f}"


def returns_tables(report: dict[str, Any]) -> list[TableData]:
    n = report["setup"]["opponents"]
    columns = ("group", "level", "cost", "rent / opp. turn", "payback (opp. turns)",
               f"payback (rounds, {n} opp.)", "added rent / turn", "added cost",
               "added payback (turns)")
    rows: list[tuple[str, ...]] = []
    for g in report["groups"]:
        for r in g["levels"]:
            rows.append((str(r["group"]), str(r["level"]), f"{r['cost']:,}",
                         _money(r["rent_per_opponent_turn"]), _money(r["payback_turns"], 1),
                         _money(r["payback_rounds"], 1), _money(r.get("added_rent_per_turn")),
                         _money(r.get("added_cost"), 0),
                         _money(r.get("added_payback_turns"), 1)))
    notes = ["Rent per opponent turn = rent × the chance an opponent lands there in a turn "
             "(exact chain); utilities at a throw of 7. The added columns are the last step "
             "alone (one more house on every street of the group): its rent, cost and payback."]
    return [TableData("Returns by group and building level", columns, rows, notes, left=2)]


def returns_figure(report: dict[str, Any]) -> Any:
    """Rent per opponent turn by building level, one line per colour group."""
    colour_groups = [g for g in report["groups"] if g["group"] not in ("railroads", "utilities")]
    levels = len(colour_groups[0]["levels"])
    series = {g["group"]: [r["rent_per_opponent_turn"] for r in g["levels"]]
              for g in colour_groups}
    return curves(range(levels), series, f"Rent per opponent turn, {report['setup']['rules']}",
                  "level (0: whole group unimproved; then a building more per street)",
                  "expected rent per turn", GROUP_COLOURS)
