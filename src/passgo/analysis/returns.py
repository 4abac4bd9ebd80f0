"""`passgo analyze returns` (`roi`): what each of the ten groups pays back, per dollar invested
and per opponent turn.

Rent is paid on landing, so a deed's expected rent per opponent turn is its rent times the
landings an opponent makes on it per turn: the exact chain's `landings_per_turn`
(`chain.py`) under the chosen rules and the opponents' jail strategy. For each colour group and
level (the whole group unimproved, paying double, then each house on every street, then the
hotel, and under double hotels the houses on it and the second hotel), and for the railroads
and the utilities by how many are owned, the report gives what the holding has cost by then
(deeds plus buildings), its rent per opponent turn, that rent per dollar invested (the return
per opponent turn as a share of the cost), the payback in opponent turns and in rounds against
`opponents` players, and what the last step added, where the third house stands out. Prices
and rents are the core's (`deed_price`, `street_rent`, `building_levels`), so the rules that
change them count.

The cards count where they change the rent: Chance's "advance to the nearest Railroad" cards
make the token "pay owner twice the rental", and its "nearest Utility" card "ten times the
amount thrown" on a fresh throw (mean 7); the chain tells those arrivals apart
(`ChainResult.carded_per_throw`). A utility's rent otherwise multiplies the throw that brought
the token there (the chain keeps its mean), or a fresh one under `utility_rent_throw = fresh`.
Owning k of the railroads (or utilities) is averaged over which k.
"""

from __future__ import annotations

from typing import Any

from passgo.analysis.chain import ChainResult, landing_odds
from passgo.analysis.errors import AnalysisError
from passgo.analysis.output import TableData
from passgo.core import Rules, building_levels, deed_price, hotels_at, houses_at, street_rent
from passgo.core.board import Board, load_edition
from passgo.token_model import build_movement

MEAN_THROW = 7  # of two six-sided dice: a fresh throw's expected total
STATIONS = ("railroads", "utilities")
# Colours of the usual groups (other editions' groups take the default cycle).
GROUP_COLOURS = {"brown": "saddlebrown", "light_blue": "lightskyblue", "pink": "orchid",
                 "orange": "darkorange", "red": "red", "yellow": "gold", "green": "green",
                 "dark_blue": "navy", "railroads": "black", "utilities": "grey"}


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
                               "return_per_opponent_turn": rent / cost,
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
    """The returns report (JSON-ready): every group's levels, the best level of each per
    dollar invested, and how the cards' rent multipliers were counted."""
    if rules.six_railroads:
        raise ReturnsError("returns does not price six_railroads (utilities as railroads)")
    board = load_edition(rules.edition)
    odds = landing_odds(build_movement(rules, jail))
    per_turn = odds.landings_per_turn
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
    stations, cards = _stations(board, rules, odds, opponents)
    groups.extend(stations)
    best = sorted(({"group": g["group"],
                    **max(g["levels"], key=lambda r: r["return_per_opponent_turn"])}
                   for g in groups), key=lambda r: -r["return_per_opponent_turn"])
    return {"analysis": "returns",
            "setup": {"rules": rules_name, "edition": rules.edition, "opponents_jail": jail,
                      "opponents": opponents},
            "groups": groups, "best_per_dollar": best, "card_effects": cards}


def _stations(board: Board, rules: Rules, odds: ChainResult, opponents: int
              ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Railroads and utilities by how many are owned (any k of them, averaged), with the
    rent the nearest-square cards multiply, and what those cards add."""
    tpt = odds.throws_per_turn
    landed, carded = odds.per_throw, odds.carded_per_throw
    multiplied, thrown = odds.multiplied_per_throw, odds.throw_total_per_throw
    fresh = rules.utility_rent_throw == "fresh"
    # Per square, per opponent turn: the rent factor of one deed, to multiply by the rent of
    # owning k (railroads: the table's rent; utilities: the multiplier of the dice).
    rail = {sq: tpt * (landed[sq] - carded[sq] + multiplied[sq]) for sq in board.railroads}
    # A utility's card arrival pays its card's multiple of a fresh throw whatever is owned:
    # kept apart as a fixed rent, the rest multiplies the dice by the owned count's factor.
    dice = {sq: tpt * (MEAN_THROW * (landed[sq] - carded[sq]) if fresh else thrown[sq])
            for sq in board.utilities}
    card_rent = {sq: tpt * MEAN_THROW * multiplied[sq] for sq in board.utilities}
    out = []
    for label, squares in (("railroads", board.railroads), ("utilities", board.utilities)):
        price = sum(deed_price(rules, board.squares[sq].price) for sq in squares) / len(squares)
        steps = []
        for k in range(1, len(squares) + 1):
            if label == "railroads":
                rent = board.railroad_rents[k - 1] * sum(rail.values())
            else:
                rent = sum(board.utility_multipliers[k - 1] * dice[sq] + card_rent[sq]
                           for sq in squares)
            steps.append((f"{k} owned", round(k * price), k * rent / len(squares)))
        out.append({"group": label, "levels": _rows(label, steps, opponents)})
    cards = {
        "railroads": {
            "card_share_of_landings": sum(carded[sq] for sq in board.railroads)
            / sum(landed[sq] for sq in board.railroads),
            "rent_factor": sum(rail.values()) / (tpt * sum(landed[sq] for sq in board.railroads)),
            "rule": "a nearest-Railroad card's arrival pays its multiple of the rent "
                    "(classic: twice)"},
        "utilities": {
            "card_share_of_landings": sum(carded[sq] for sq in board.utilities)
            / sum(landed[sq] for sq in board.utilities),
            "rule": "a nearest-Utility card's arrival pays its multiple (classic: ten times) "
                    "of a fresh throw, whatever is owned; other arrivals the owned count's "
                    "multiple of " + ("a fresh throw" if fresh else "the throw that brought "
                                      "the token there")},
    }
    return out, cards


def _money(x: float | None, places: int = 2) -> str:
    return "–" if x is None else f"{x:,.{places}f}"


def _pct(x: float) -> str:
    return f"{100 * x:.2f} %"


def returns_tables(report: dict[str, Any]) -> list[TableData]:
    n = report["setup"]["opponents"]
    best = TableData(
        "Best return per dollar invested, by group",
        ("rank", "group", "at", "cost", "rent / opp. turn", "return / opp. turn",
         f"return / round ({n} opp.)", f"payback (rounds, {n} opp.)"),
        [(str(i + 1), r["group"], r["level"], f"{r['cost']:,}",
          _money(r["rent_per_opponent_turn"]), _pct(r["return_per_opponent_turn"]),
          _pct(n * r["return_per_opponent_turn"]), _money(r["payback_rounds"], 1))
         for i, r in enumerate(report["best_per_dollar"])],
        ["Return = expected rent per opponent turn ÷ the cost (deeds plus buildings): the share "
         "of the money invested that comes back each opponent turn. Each group at the level "
         "where it returns most."], left=3)
    columns = ("group", "level", "cost", "rent / opp. turn", "return / opp. turn",
               "payback (opp. turns)", f"payback (rounds, {n} opp.)", "added rent / turn",
               "added cost", "added payback (turns)")
    rows: list[tuple[str, ...]] = []
    for g in report["groups"]:
        for r in g["levels"]:
            rows.append((str(r["group"]), str(r["level"]), f"{r['cost']:,}",
                         _money(r["rent_per_opponent_turn"]),
                         _pct(r["return_per_opponent_turn"]), _money(r["payback_turns"], 1),
                         _money(r["payback_rounds"], 1), _money(r.get("added_rent_per_turn")),
                         _money(r.get("added_cost"), 0),
                         _money(r.get("added_payback_turns"), 1)))
    cards = report["card_effects"]
    notes = [
        "Rent per opponent turn = rent × the landings an opponent makes there per turn (exact "
        "chain). The added columns are the last step alone (one more house on every street "
        "of the group): its rent, cost and payback.",
        f"Cards counted: {_pct(cards['railroads']['card_share_of_landings'])} of railroad "
        "landings come by Chance's nearest-Railroad cards and pay twice the rent (railroad "
        f"rent × {cards['railroads']['rent_factor']:.3f} on average); "
        f"{_pct(cards['utilities']['card_share_of_landings'])} of utility landings come by "
        "its nearest-Utility card and pay ten times a fresh throw (mean 7). Owning k "
        "railroads or utilities: any k of them, averaged.",
    ]
    return [best, TableData("Returns by group and building level", columns, rows, notes,
                            left=2)]


def returns_figure(report: dict[str, Any]) -> Any:
    """The headline (each group's best return per dollar, ranked) above the return per dollar
    and the rent per opponent turn by building level, one line per colour group."""
    from passgo.analysis.plots import returns_panels  # Matplotlib: for --plot, --html only

    colour = [g for g in report["groups"] if g["group"] not in STATIONS]
    stations = {g["group"]: g["levels"][-1] for g in report["groups"] if g["group"] in STATIONS}
    return returns_panels(
        best=[(r["group"], r["level"], r["return_per_opponent_turn"])
              for r in report["best_per_dollar"]],
        levels=[r["level"] for r in colour[0]["levels"]],
        per_dollar={g["group"]: [r["return_per_opponent_turn"] for r in g["levels"]]
                    for g in colour},
        per_turn={g["group"]: [r["rent_per_opponent_turn"] for r in g["levels"]]
                  for g in colour},
        stations={name: (row["level"], row["return_per_opponent_turn"],
                         row["rent_per_opponent_turn"]) for name, row in stations.items()},
        rules=report["setup"]["rules"], opponents=report["setup"]["opponents"],
        colours=GROUP_COLOURS)
