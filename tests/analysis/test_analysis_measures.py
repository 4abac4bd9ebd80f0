"""The landing table's measures, each summing to what its name says, against an independent
model of whole turns written here from the rules and the printed cards (not from
`passgo.token_model`), and against the published tables without renormalising.

Rules (000): "If you throw doubles, you move your token as usual ... and then throw again";
"If you throw doubles three times in succession, move your token immediately to the space
marked 'In Jail'"; a jailed player "may pay a fine of $50 before throwing the dice for either
the first turn or the second turn in Jail", and "If you do not throw doubles by your third
turn, you must pay the $50 fine. You then get out of Jail and immediately move forward the
number of spaces shown by your throw"; after escaping on doubles "you do not take another
turn". The cards: /work/shared/reference/cards.json (classic US decks).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from passgo.analysis.chain import ChainResult, landing_odds
from passgo.analysis.landing import MEASURES, analyze_landing, landing_tables
from passgo.analysis.returns import analyze_returns
from passgo.core import Rules
from passgo.token_model import build_movement

REFERENCE = json.loads((Path(__file__).parent / "landing_published.json").read_text())
JAIL, GO_TO_JAIL, IN_JAIL = 10, 30, 40
CHANCE, CHEST = (7, 22, 36), (2, 17, 33)
NEAREST_RAILROAD = {7: 15, 22: 25, 36: 5}
NEAREST_UTILITY = {7: 12, 22: 28, 36: 12}


Placement = tuple[float, int, list[int], bool]


def chance_targets(sq: int) -> list[tuple[int | None, bool]]:
    """The 16 Chance cards drawn on `sq`: (a square, IN_JAIL, or None: the token stays;
    whether it is a nearest-Railroad or nearest-Utility card)."""
    moves = [(0, False), (24, False), (11, False), (NEAREST_UTILITY[sq], True),
             (NEAREST_RAILROAD[sq], True), (NEAREST_RAILROAD[sq], True), ((sq - 3) % 40, False),
             (IN_JAIL, False), (5, False), (39, False)]
    return moves + [(None, False)] * 6


def chest_targets() -> list[tuple[int | None, bool]]:
    return [(0, False), (IN_JAIL, False)] + [(None, False)] * 14


def placements(sq: int, by_nearest: bool = False) -> list[Placement]:
    """(probability, where the token ends, squares it is put on, whether a nearest-square
    card put it there) for a token put on `sq`."""
    if sq == GO_TO_JAIL:
        return [(1.0, IN_JAIL, [sq, IN_JAIL], False)]
    cards = chance_targets(sq) if sq in CHANCE else chest_targets() if sq in CHEST else None
    if cards is None:
        return [(1.0, sq, [sq], by_nearest)]
    out: list[Placement] = []
    for target, nearest in cards:
        if target is None:
            out.append((1 / 16, sq, [sq], False))
        elif target == IN_JAIL:
            out.append((1 / 16, IN_JAIL, [sq, IN_JAIL], False))
        else:
            out += [(p / 16, end, [sq, *path], carded)
                    for p, end, path, carded in placements(target, nearest)]
    return out


class Turns:
    """The turn chain: states are where a turn starts (a square, or In Jail after k failed
    throws: one state for short stays, three for long ones); for each, the distribution of
    where the turn ends and the expected throws ending and placements on each square."""

    def __init__(self, strategy: str) -> None:
        self.jail_states = 1 if strategy == "short" else 3
        self.size = 40 + self.jail_states
        self.ends = np.zeros((self.size, self.size))
        self.landings = np.zeros((self.size, 41))
        self.visits = np.zeros((self.size, 41))
        self.carded = np.zeros((self.size, 41))  # landings by a nearest-square card
        self.thrown = np.zeros((self.size, 41))  # the dice total of the other landings
        for sq in range(40):
            self._throw(sq, sq, 0, 1.0)
        for k in range(self.jail_states):
            if strategy == "short":  # pay at once and throw as in any turn
                self._throw(40 + k, JAIL, 0, 1.0)
            else:
                self._jail_throw(40 + k, k)

    def _land(self, state: int, end: int, weight: float, path: list[int], total: int = 0,
              carded: bool = False) -> None:
        self.landings[state, end] += weight
        if carded:
            self.carded[state, end] += weight
        else:
            self.thrown[state, end] += weight * total
        for sq in path:
            self.visits[state, sq] += weight

    def _throw(self, state: int, sq: int, doubles: int, weight: float) -> None:
        for a in range(1, 7):
            for b in range(1, 7):
                w = weight / 36
                if a == b and doubles == 2:
                    self._land(state, IN_JAIL, w, [IN_JAIL])
                    self.ends[state, 40] += w
                    continue
                for p, end, path, carded in placements((sq + a + b) % 40):
                    self._land(state, end, w * p, path, a + b, carded)
                    if end == IN_JAIL:
                        self.ends[state, 40] += w * p
                    elif a == b:
                        self._throw(state, end, doubles + 1, w * p)
                    else:
                        self.ends[state, end] += w * p

    def _jail_throw(self, state: int, failed: int) -> None:
        for a in range(1, 7):
            for b in range(1, 7):
                w = 1 / 36
                if a == b or failed == 2:
                    for p, end, path, carded in placements((JAIL + a + b) % 40):
                        self._land(state, end, w * p, path, a + b, carded)
                        self.ends[state, 40 if end == IN_JAIL else end] += w * p
                else:
                    self._land(state, IN_JAIL, w, [IN_JAIL])
                    self.ends[state, 40 + failed + 1] += w

    def stationary(self) -> np.ndarray:
        a = self.ends.T - np.eye(self.size)
        a[-1, :] = 1.0
        b = np.zeros(self.size)
        b[-1] = 1.0
        return np.linalg.solve(a, b)


def independent(strategy: str) -> dict[str, np.ndarray]:
    turns = Turns(strategy)
    mu = turns.stationary()
    end = np.zeros(41)
    end[:40] = mu[:40]
    end[40] = mu[40:].sum()
    landings = mu @ turns.landings
    visits = mu @ turns.visits
    return {"end_of_turn": end, "landings_per_turn": landings, "carded": mu @ turns.carded,
            "thrown": mu @ turns.thrown,
            "per_throw": landings / landings.sum(), "visits_per_turn": visits,
            "visits_share": visits / visits.sum()}


@pytest.mark.parametrize("strategy", ["short", "long"])
def test_every_measure_matches_an_independent_turn_model(strategy: str) -> None:
    """Five measures, two models that share no code: equal to 1e-12 on every square."""
    exact = landing_odds(build_movement(Rules(), strategy))
    mine = independent(strategy)
    for key in MEASURES:
        assert np.abs(np.array(getattr(exact, key)) - mine[key]).max() < 1e-12, key
    assert exact.throws_per_turn == pytest.approx(mine["landings_per_turn"].sum(), abs=1e-12)


@pytest.mark.parametrize("strategy", ["short", "long"])
def test_each_measure_sums_to_what_its_name_says(strategy: str) -> None:
    r: ChainResult = landing_odds(build_movement(Rules(), strategy))
    assert sum(r.per_throw) == pytest.approx(1.0, abs=1e-12)
    assert sum(r.end_of_turn) == pytest.approx(1.0, abs=1e-12)
    assert sum(r.visits_share) == pytest.approx(1.0, abs=1e-12)
    assert sum(r.landings_per_turn) == pytest.approx(r.throws_per_turn, abs=1e-12)
    assert sum(r.visits_per_turn) == pytest.approx(sum(r.visits_per_throw) * r.throws_per_turn,
                                                   abs=1e-12)
    # Nothing ends a throw or a turn on Go To Jail, but every throw reaching it visits it.
    assert r.per_throw[GO_TO_JAIL] == r.end_of_turn[GO_TO_JAIL] == 0.0
    assert r.visits_per_throw[GO_TO_JAIL] == pytest.approx(r.go_to_jail_per_throw)


def test_the_columns_match_the_published_tables_as_printed() -> None:
    """Collins' per-roll table (short stays) is the % of throws column and Noe's table (long
    stays) the % of visits column, as they are printed: no division by the column's sum."""
    short = landing_odds(build_movement(Rules(), "short"))
    long = landing_odds(build_movement(Rules(), "long"))
    collins = REFERENCE["collins_short_per_roll_pct"]["values"]
    noe = REFERENCE["noe_1985_visits_pct_long"]["values"]
    assert max(abs(100 * a - b) for a, b in zip(short.per_throw, collins, strict=True)) < 2e-4
    assert max(abs(100 * a - b) for a, b in zip(long.visits_share, noe, strict=True)) < 2e-4
    # What the old "visits %" column printed (visits per throw) was off Noe's In Jail by
    # 0.68 points; the per-turn landing count is not an end-of-turn table either.
    assert 100 * long.visits_per_throw[IN_JAIL] - noe[IN_JAIL] > 0.6
    assert max(abs(a - b) for a, b in zip(long.landings_per_turn, long.end_of_turn,
                                          strict=True)) > 0.005


def test_the_table_shows_every_measure_and_its_sum() -> None:
    report = analyze_landing(Rules(), "classic", ("short",), "return", "none", 1, 0)
    (table,) = landing_tables(report)
    assert table.columns[2:] == ("% of throws", "% of turns ended", "% of visits",
                                 "landings / 100 turns", "visits / 100 turns")
    total = table.rows[-1]
    assert total[1] == "all squares"
    assert total[2:5] == ("100.000", "100.000", "100.000")
    throws = report["strategies"][0]["throws_per_turn"]
    assert total[5] == f"{100 * throws:.3f}"


def test_railroad_and_utility_rents_count_the_cards() -> None:
    """Chance: "Advance token to the nearest Railroad and pay owner twice the rental to which
    he is otherwise entitled"; "Advance token to nearest Utility ... throw dice and pay owner a
    total ten times the amount thrown"; 000: a utility's rent is "4 times amount shown on
    dice" (both owned: 10 times). Rent per opponent turn from the independent turn model."""
    report = analyze_returns(Rules(), "classic", "short", 3)
    mine = independent("short")
    rails, utilities = (5, 15, 25, 35), (12, 28)
    landed, carded, thrown = mine["landings_per_turn"], mine["carded"], mine["thrown"]
    factor = sum(landed[r] + carded[r] for r in rails)  # a card's landing counts twice
    rows = {g["group"]: {r["level"]: r for r in g["levels"]} for g in report["groups"]}
    for k, rent in enumerate((25, 50, 100, 200), start=1):
        row = rows["railroads"][f"{k} owned"]
        assert row["rent_per_opponent_turn"] == pytest.approx(k / 4 * rent * factor, rel=1e-9)
        assert row["cost"] == 200 * k
        assert row["return_per_opponent_turn"] == pytest.approx(
            row["rent_per_opponent_turn"] / (200 * k))
    card_rent = sum(10 * 7 * carded[u] for u in utilities)
    one = rows["utilities"]["1 owned"]["rent_per_opponent_turn"]
    both = rows["utilities"]["2 owned"]["rent_per_opponent_turn"]
    assert one == pytest.approx((4 * sum(thrown[u] for u in utilities) + card_rent) / 2,
                                rel=1e-9)
    assert both == pytest.approx(10 * sum(thrown[u] for u in utilities) + card_rent, rel=1e-9)
    # The cards matter: without them the railroads would earn 8 % less.
    assert factor / sum(landed[r] for r in rails) > 1.07
    effects = report["card_effects"]
    assert effects["railroads"]["card_share_of_landings"] == pytest.approx(
        sum(carded[r] for r in rails) / sum(landed[r] for r in rails))


def test_orange_returns_most_per_dollar_and_all_ten_groups_are_ranked() -> None:
    report = analyze_returns(Rules(), "classic", "short", 3)
    best = report["best_per_dollar"]
    assert len(best) == 10 and {"railroads", "utilities"} <= {r["group"] for r in best}
    assert best[0]["group"] == "orange"
    values = [r["return_per_opponent_turn"] for r in best]
    assert values == sorted(values, reverse=True)
    for r in best:
        assert r["return_per_opponent_turn"] == pytest.approx(
            r["rent_per_opponent_turn"] / r["cost"])
