"""Player names: one rule (`player_names_problem`) for every way into a game, so that a game
`Game.new` accepts can always be exported as a position and read back, with the same names.

The rule: 2 to 8 players, each named by printable text that is not empty and has no space at
either end (a position's names are read trimmed), not "Bank" (a position's loans name the Bank
so), no two alike. `Game.new`, positions, the
terminal's seat list (`parse_seats`) and the web lobby (`check_name`) all ask it.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from passgo.core import Game, PositionError, player_name_problem, player_names_problem
from passgo.core.position import position_to_toml
from passgo.session import SessionError, parse_seats
from passgo.web.setup import SetupError, check_name


@pytest.mark.parametrize(("names", "words"), [
    (["", "Bob"], "cannot be empty"),
    (["  ", "Bob"], "cannot be empty"),
    ([" Ann", "Bob"], "cannot begin or end with a space"),
    (["Ann", "Ann "], "cannot begin or end with a space"),
    (["Ann", "Ann"], "player names must differ"),
    (["Ann", "Bob\x1b[31m"], "printable"),
    (["Ann", "Bob\ud800"], "printable"),
    (["Bank", "Bob"], "names the Bank"),
    (["Ann"], "2 to 8 players"),
    ([f"P{i}" for i in range(9)], "2 to 8 players"),
])
def test_game_new_refuses_names_a_position_could_not_hold(names: list[str], words: str) -> None:
    """`Game.new` refuses, with the rule's reason, what a position would refuse or change on
    reading it back (an empty name, one a position file would trim)."""
    assert words in (player_names_problem(names) or "")
    with pytest.raises(ValueError, match=words):
        Game.new(names)


@given(st.lists(st.text(max_size=5), min_size=2, max_size=3))
@example(["", "Bob"])
@example(["Ann", " Ann"])
@example(["A\u2028", "B"])
def test_every_game_new_accepts_reads_back_from_its_position(names: list[str]) -> None:
    """A game started with any names `Game.new` accepts is exported as a position and read
    back with the same names; `Game.new` refuses exactly the names the rule refuses."""
    problem = player_names_problem(names)
    if problem is not None:
        with pytest.raises(ValueError, match=re.escape(problem)):
            Game.new(names)
        return
    g = Game.new(names, seed=1)
    assert Game.from_position(position_to_toml(g.position())).names == g.names


def test_a_position_names_the_player_whose_name_is_refused() -> None:
    position = {"players": [{"name": "Ann"}, {"name": "Bob\x07"}]}
    with pytest.raises(PositionError, match=r"players\[1\]\.name: a name must be printable"):
        Game.from_position(position)
    position = {"players": [{"name": "Ann"}, {"name": " Ann "}]}
    with pytest.raises(PositionError, match=r"players\[1\]\.name: player names must differ"):
        Game.from_position(position)


def test_the_front_ends_ask_the_same_rule() -> None:
    """The terminal's seat list and the web lobby refuse what the rule refuses, each with its
    own error type."""
    with pytest.raises(SessionError, match="cannot be empty"):
        parse_seats(" :basic,Bob:basic")
    with pytest.raises(SessionError, match="printable"):
        parse_seats("Ann\x07:basic,Bob:basic")
    with pytest.raises(SessionError, match="must differ"):
        parse_seats("Ann:basic,Ann:basic")
    with pytest.raises(SetupError, match="cannot be empty"):
        check_name("   ")
    with pytest.raises(SetupError, match="printable"):
        check_name("Ann\x00")
    assert check_name("  Ann   Lee ") == "Ann Lee"
    assert player_name_problem("Ann Lee", ("Bob",)) is None
