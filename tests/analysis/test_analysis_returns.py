"""`passgo analyze returns`: rent per opponent turn from the exact landing odds, paybacks, and
the gain of each added house. 000: "If a player owns ALL the Lots of any Color-Group ... the
rent is doubled on Unimproved Lots in that group"; the deed cards give the rents by houses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from passgo.analysis.chain import landing_odds
from passgo.analysis.returns import analyze_returns, returns_figure
from passgo.cli import main
from passgo.core import Rules
from passgo.core.board import load_edition
from passgo.token_model import build_movement

BOARD = load_edition("us-classic")


def level(report: dict, group: str, name: str) -> dict:
    rows = next(g["levels"] for g in report["groups"] if g["group"] == group)
    return next(r for r in rows if r["level"] == name)


def test_rent_is_rent_times_landing_odds() -> None:
    report = analyze_returns(Rules(), "classic", "short", 3)
    odds = landing_odds(build_movement(Rules(), "short")).landings_per_turn
    hotel = level(report, "dark_blue", "hotel")
    assert hotel["rent_per_opponent_turn"] == pytest.approx(1500 * odds[37] + 2000 * odds[39])
    assert hotel["cost"] == 350 + 400 + 2 * 5 * 200
    assert hotel["payback_turns"] == pytest.approx(hotel["cost"] / hotel["rent_per_opponent_turn"])
    assert hotel["payback_rounds"] == pytest.approx(hotel["payback_turns"] / 3)
    bare = level(report, "brown", "group, no houses")
    assert bare["rent_per_opponent_turn"] == pytest.approx(2 * 2 * odds[1] + 2 * 4 * odds[3])


def test_the_third_house_adds_most_on_the_orange_group() -> None:
    rows = next(g["levels"] for g in analyze_returns(Rules(), "classic", "short", 3)["groups"]
                if g["group"] == "orange")
    added = {r["level"]: r["added_rent_per_turn"] for r in rows[1:]}
    assert max(added, key=lambda k: added[k]) == "3 houses"


def test_levels_follow_houses_per_hotel() -> None:
    """Short game: "You need only three houses (instead of four) on each lot of a complete
    color-group before you may buy a hotel." """
    report = analyze_returns(Rules.preset("short-1"), "short-1", "long", 2)
    names = [r["level"] for r in report["groups"][0]["levels"]]
    assert names == ["group, no houses", "1 house", "2 houses", "3 houses", "hotel"]
    assert level(report, "brown", "hotel")["cost"] == 120 + 2 * 4 * 50


def test_double_hotels_and_double_prices_are_priced_as_the_engine_charges() -> None:
    """004 Double hotels: "Rent must be paid on all buildings on a property" (the engine reads
    it as the hotel rent plus the rent of the houses above it, two hotels twice the hotel
    rent), so the levels go on past the hotel; 004 Double prices: "All property costs twice
    the face value"."""
    rules = Rules().with_options(double_hotels=True, double_prices=True)
    report = analyze_returns(rules, "custom", "short", 3)
    odds = landing_odds(build_movement(rules, "short")).landings_per_turn
    names = [r["level"] for r in report["groups"][0]["levels"]]
    assert names[5:] == ["hotel", "hotel and 1 house", "hotel and 2 houses",
                         "hotel and 3 houses", "hotel and 4 houses", "two hotels"]
    assert level(report, "dark_blue", "group, no houses")["cost"] == 2 * (350 + 400)
    two = level(report, "dark_blue", "hotel and 2 houses")
    assert two["rent_per_opponent_turn"] == pytest.approx((1500 + 500) * odds[37]
                                                          + (2000 + 600) * odds[39])
    assert two["cost"] == 2 * (350 + 400) + 2 * 7 * 200
    top = level(report, "dark_blue", "two hotels")
    assert top["rent_per_opponent_turn"] == pytest.approx(2 * 1500 * odds[37]
                                                          + 2 * 2000 * odds[39])
    assert top["cost"] == 2 * (350 + 400) + 2 * 10 * 200


def test_returns_figure_draws_the_headline_and_the_rents() -> None:
    report = analyze_returns(Rules(), "classic", "short", 3)
    figure = returns_figure(report)
    bars, per_dollar, per_turn = figure.axes
    # The ranked bars: best first (at the top), as per cent of the money invested.
    widths = [p.get_width() for p in bars.patches]
    best = report["best_per_dollar"]
    assert widths == pytest.approx([100 * r["return_per_opponent_turn"] for r in best])
    ticks = zip(bars.get_yticks(), (t.get_text() for t in bars.get_yticklabels()), strict=True)
    assert max(ticks)[1] == "orange (hotel)"  # the top bar
    for ax, key, scale in ((per_dollar, "return_per_opponent_turn", 100),
                           (per_turn, "rent_per_opponent_turn", 1)):
        lines = {line.get_label(): list(line.get_ydata()) for line in ax.lines}
        assert set(BOARD.group_names) < set(lines)
        green = next(g for g in report["groups"] if g["group"] == "green")["levels"]
        assert lines["green"] == pytest.approx([scale * r[key] for r in green])


def test_roi_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    svg = tmp_path / "roi.svg"
    assert main(["analyze", "roi", "--json", "--plot", str(svg)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [g["group"] for g in data["groups"]][-2:] == ["railroads", "utilities"]
    assert svg.read_text().lstrip().startswith("<?xml")
    rules = tmp_path / "six.toml"
    rules.write_text('preset = "classic"\nsix_railroads = true\n')
    assert main(["analyze", "returns", "--rules", str(rules)]) == 2
    err = capsys.readouterr().err
    assert "six_railroads" in err and err.count("\n") == 1
    assert main(["analyze", "returns", "--opponents", "0"]) == 2
    assert "--opponents must be at least 1" in capsys.readouterr().err
