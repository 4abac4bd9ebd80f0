"""The deed card the terminal shows: the game's rules, not only the printed card."""

from __future__ import annotations

from dataclasses import replace

from rich.console import Console

from passgo.core import Game, Rules
from passgo.tui.dialogs import deed_card
from support import sq


def _card(rules: Rules, square: str) -> str:
    g = Game.new(["Ann", "Bob"], rules, seed=1)
    console = Console(width=80, record=True, color_system=None)
    console.print(deed_card(g, sq(square)))
    return console.export_text()


def _rows(text: str) -> dict[str, str]:
    rows = {}
    for line in text.splitlines():
        words = line.split()
        if words:
            rows[" ".join(words[:-1])] = words[-1]
    return rows


def test_the_classic_card_is_the_printed_card() -> None:
    """Boardwalk: price $400, rent $50, $100 with the whole group, $200 to $2,000 with one to
    four houses and a hotel, houses $200."""
    rows = _rows(_card(Rules.classic(), "Boardwalk"))
    assert rows["Price"] == "$400"
    assert rows["Rent"] == "$50" and rows["whole group, no houses"] == "$100"
    assert [rows[f"with {n}"] for n in ("1 house", "2 houses", "3 houses", "4 houses",
                                         "a hotel")] == ["$200", "$600", "$1,400", "$1,700",
                                                         "$2,000"]
    assert rows["House or hotel costs"] == "$200"


def test_the_card_follows_the_rules_in_play() -> None:
    """Short Game: "You need only three houses (instead of four) on each lot ... before you may
    buy a hotel": no four-house row. Double prices: "All property costs twice the face
    value." Double hotels: a hotel with houses on it, and two hotels."""
    short = _rows(_card(Rules.preset("short-1"), "Boardwalk"))
    assert "with 4 houses" not in short and short["with a hotel"] == "$2,000"
    assert _rows(_card(replace(Rules.classic(), double_prices=True), "Boardwalk"))[
        "Price"] == "$800"
    double = _rows(_card(replace(Rules.classic(), double_hotels=True), "Boardwalk"))
    assert double["with a hotel and 1 house"] == "$2,200"
    assert double["with two hotels"] == "$4,000"
