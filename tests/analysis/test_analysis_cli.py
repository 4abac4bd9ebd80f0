"""`passgo analyze` from the command line: JSON, tables, plots and pages, and bad arguments."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from passgo.analysis.landing import analyze_landing, landing_figure
from passgo.analysis.plots import board_cell
from passgo.cli import main
from passgo.core import Rules

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["analyze", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_landing_json_plot_and_page(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    png, svg, page = tmp_path / "odds.png", tmp_path / "odds.svg", tmp_path / "odds.html"
    code, out, err = run(capsys, "landing", "--rolls", "20000", "--json", "--plot", str(png),
                         "--html", str(page))
    assert code == 0, err
    report = json.loads(out)
    assert [s["jail"] for s in report["strategies"]] == ["short", "long"]
    short = report["strategies"][0]["squares"]
    assert len(short) == 41 and short[40]["name"] == "In Jail"
    assert sum(r["mc"]["landings"] for r in short) == 20000
    assert png.read_bytes().startswith(PNG_MAGIC)
    text = page.read_text()
    assert text.count('src="data:image/png;base64,') == 1 and "In Jail" in text
    assert "http" not in text.replace("http-equiv", "")  # nothing loaded from elsewhere
    code, out, err = run(capsys, "landing", "--mc", "none", "--jail", "long", "--plot", str(svg))
    assert code == 0, err
    assert ET.parse(svg).getroot().tag.endswith("svg")
    assert "In Jail" in out and "MC" not in out


def test_heat_map_draws_the_chain_values() -> None:
    report = analyze_landing(Rules(), "classic", ("short", "long"), "return", "none", 1, 0)
    figure = landing_figure(report)
    boards = [ax for ax in figure.axes if ax.images]
    for ax, strategy in zip(boards, report["strategies"], strict=True):
        grid = np.asarray(ax.images[0].get_array())
        for row in strategy["squares"][:40]:
            assert grid[board_cell(row["index"])] == pytest.approx(100 * row["per_throw"])
        texts = [t.get_text().replace("\n", " ") for t in ax.texts]
        assert f"In Jail: {100 * strategy['squares'][40]['per_throw']:.2f} % of throws" in texts
        # Every square by its full name, on the square the board puts it.
        for row in strategy["squares"][:40]:
            assert row["name"] in texts, row["name"]
    # The boards fill the figure: no band of it left blank.
    figure.canvas.draw()
    for ax in boards:
        box = ax.get_position()
        assert box.height > 0.8 and box.width > 0.4


def test_tables_are_not_wrapped_when_piped(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "landing", "--mc", "none", "--jail", "short")
    assert code == 0
    assert "North Carolina Avenue" in out and "…" not in out


@pytest.mark.parametrize(("args", "message"), [
    (["landing", "--rolls", "0"], "--rolls must be at least 1"),
    (["landing", "--plot", "odds.gif"], "must end in .png or .svg"),
    (["landing", "--html", "/no/such/folder/x.html"], "no folder /no/such/folder"),
    (["landing", "--rules", "nosuch"], "unknown rule set 'nosuch'"),
    (["landing", "--jail", "short", "--jail-card", "keep"], "keep convention"),
    (["landing", "--jail", "sideways"], "invalid choice"),
])
def test_bad_arguments_give_one_line(capsys: pytest.CaptureFixture[str], args: list[str],
                                     message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_simulate_landing_batched_refuses_unmodelled_rules(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rules = tmp_path / "doubling.toml"
    rules.write_text('preset = "classic"\ndoubling_up = true\n')
    code = main(["simulate", "--landing", "--method", "batched", "--rules", str(rules)])
    err = capsys.readouterr().err
    assert code == 2 and "doubling_up" in err and err.count("\n") == 1
    code = main(["simulate", "--landing", "--method", "batched", "--rolls", "5000", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["setup"]["method"] == "batched"
    assert sum(s["landings"] for s in data["landings"]["squares"]) == 5000


def test_simulate_landing_refuses_the_double_board(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The landing run reports the squares of one board: a double board is refused by name."""
    rules = tmp_path / "double.toml"
    rules.write_text('preset = "classic"\ndouble_board = "free_parking"\n')
    code = main(["simulate", "--landing", "--rules", str(rules)])
    err = capsys.readouterr().err
    assert code == 2 and "double_board" in err and err.count("\n") == 1


def test_missing_extra_is_one_line(capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "passgo.analysis.run", None)
    code, out, err = run(capsys, "landing")
    assert code == 2 and out == ""
    assert "passgo analyze needs the analysis extra" in err and err.count("\n") == 1
    assert "pip install 'passgo[analysis]'" in err
