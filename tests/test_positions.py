"""Positions: the format's fields, its validation messages, and export -> import identity."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from passgo.core import Game, Rules
from passgo.core.actions import Roll
from passgo.core.position import PositionError, parse_position, position_to_toml
from passgo.core.serialize import state_dict
from passgo.core.state import HOTEL
from support import positions_round_trip, sq

EXAMPLE = """
rules = "classic"
to_move = "Ann"
doubles_this_turn = 0

[[players]]
name = "Ann"
cash = 1200
position = 24
in_jail = false
jail_turns = 0
get_out_of_jail_free = ["chance"]

[[players]]
name = "Bob"
cash = 900
position = "Just Visiting"

[properties]
"Boardwalk"        = { owner = "Bob", houses = 2 }
"Park Place"       = { owner = "Bob", houses = 3 }
"Reading Railroad" = { owner = "Ann", mortgaged = true }
"Illinois Avenue"  = { owner = "Ann" }

[bank]
houses = 27
hotels = 12

[decks]
chance = ["go-back-3", "advance-to-go"]
community_chest = []

[dice]
script = [[3, 4], [6, 6]]
"""


def test_the_issue_example_loads() -> None:
    """Every field of the documented example takes effect."""
    g = Game.from_position(EXAMPLE, seed=1)
    assert g.names == ["Ann", "Bob"]
    assert g.cash == [1200, 900]
    assert g.pos == [24, 10]
    assert g.owner[sq("Boardwalk")] == 1 and g.level[sq("Boardwalk")] == 2
    assert g.level[sq("Park Place")] == 3
    assert g.mortgaged[sq("Reading Railroad")] and g.owner[sq("Reading Railroad")] == 0
    assert g.bank_houses == 27 and g.bank_hotels == 12
    assert [d for d, _ in g.cards[0]] == [0]
    assert len(g.decks[0]) == 15  # the held jail card is out of the Chance deck
    assert g.pending.kind == "roll" and g.pending.player == 0
    assert g.dice_script == [(3, 4), (6, 6)]
    assert sum(g.cash) + g.bank_flow == 2 * 1500


def test_scripted_dice_and_stacked_deck_in_order() -> None:
    """Scripted throws come first, in the order given; stacked cards are drawn first."""
    g = Game.from_position(EXAMPLE, seed=1)
    events = g.apply(Roll(0))  # 24 + 7 = 31 Pacific Avenue
    assert events[0].dice == (3, 4)
    assert g.pos[0] == 31
    g2 = Game.from_position(EXAMPLE.replace("position = 24", "position = 0"), seed=1)
    g2.apply(Roll(0))  # 0 + 7 = Chance: "go-back-3" is on top
    assert g2.pos[0] == 4
    assert g2.board.decks[0][g2.decks[0][-1]].id == "go-back-3"
    assert g2.board.decks[0][g2.decks[0][0]].id == "advance-to-go"


def test_json_form_is_the_same_structure() -> None:
    """The same structure in JSON loads to the same game."""
    data = parse_position(EXAMPLE)
    a = Game.from_position(json.dumps(data), seed=4)
    b = Game.from_position(EXAMPLE, seed=4)
    assert state_dict(a) == state_dict(b)


def test_square_names_case_insensitive_and_indices() -> None:
    """Square names match the board's names case-insensitively; indices work too."""
    text = EXAMPLE.replace('"Boardwalk"        =', '"BOARDWALK" =').replace(
        '"Illinois Avenue"  =', '"24" =')
    g = Game.from_position(text)
    assert g.level[39] == 2 and g.owner[24] == 0


def _bad(replace_from: str, replace_to: str, message: str) -> None:
    text = EXAMPLE.replace(replace_from, replace_to)
    assert text != EXAMPLE
    with pytest.raises(PositionError, match=message):
        Game.from_position(text)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"Boardwalk"        =', '"Boardwalkk" =', r"properties\.'Boardwalkk': no square named"),
        ('position = 24', 'position = "Nowhere"', r"players\[0\]\.position: no square named"),
        ('"go-back-3"', '"go-back-4"', r"decks\.chance\[0\]: no card 'go-back-4'"),
        ('"Illinois Avenue"  =', '"39" =', r"Boardwalk is already listed"),
        ("houses = 3", "houses = 4", r"uneven building in the dark_blue group"),
        ('"Park Place"       = { owner = "Bob", houses = 3 }',
         '"Park Place"       = { owner = "Ann" }', r"one owner of the whole group"),
        ('"Park Place"       = { owner = "Bob", houses = 3 }',
         '"Park Place"       = { owner = "Bob", mortgaged = true }', r"mortgaged"),
        ('houses = 3 }', 'houses = 3, hotel = true }', r"houses or a hotel, not both"),
        ('cash = 900', 'cash = -5', r"players\[1\]\.cash: must not be negative"),
        ('in_jail = false', 'in_jail = true', r"players\[0\]\.position: a player in jail"),
        ('to_move = "Ann"', 'to_move = "Zoe"', r"to_move: no player named 'Zoe'"),
        ('houses = 27', 'houses = 26', r"bank\.houses"),
        ('cash = 1200', 'csh = 1200', r"players\[0\]\.csh: unknown key"),
        ('[bank]', '[bnk]', r"bnk: unknown key"),
        ('script = [[3, 4], [6, 6]]', 'script = [[3, 7]]', r"dice\.script\[0\]"),
        ('"Reading Railroad" = { owner = "Ann", mortgaged = true }',
         '"Reading Railroad" = { owner = "Ann", houses = 1 }', r"only streets carry buildings"),
        ('rules = "classic"', 'rules = "monopoly-junior"', r"rules: unknown rule set"),
        ('get_out_of_jail_free = ["chance"]', 'get_out_of_jail_free = ["chance", "chance"]',
         r"has only 1 such card"),
        ('cash = 1200', 'cash = "lots"', r"players\[0\]\.cash: expected an integer"),
    ],
)
def test_validation_names_the_key(old: str, new: str, message: str) -> None:
    """What a person gets wrong writing a position by hand is refused, naming the key."""
    _bad(old, new, message)


def test_supply_limits() -> None:
    """More than 32 houses or 12 hotels on the board is refused."""
    streets = [s for s in range(40) if Game.new(["a", "b"]).board.squares[s].kind == 1]
    lines = ["[[players]]\nname = \"A\"", "[[players]]\nname = \"B\"", "[properties]"]
    lines += [f'"{s}" = {{ owner = "A", houses = 2 }}' for s in streets]
    with pytest.raises(PositionError, match="44 houses on the board; the game has 32"):
        Game.from_position("\n".join(lines))
    lines = lines[:3] + [f'"{s}" = {{ owner = "A", hotel = true }}' for s in streets]
    with pytest.raises(PositionError, match="22 hotels on the board; the game has 12"):
        Game.from_position("\n".join(lines))


def test_export_import_identity_over_random_games() -> None:
    """Export -> import gives the identical game state (PRNG and deck order included), at the
    start of every throw of some random games; and both continue identically."""
    assert sum(positions_round_trip(Rules.classic(), seed, 60) for seed in range(6)) > 100


def test_doubles_this_turn_means_throwing_again() -> None:
    """`doubles_this_turn` > 0: the player has thrown that many doubles and throws again; a
    third double sends them to jail."""
    text = EXAMPLE.replace("doubles_this_turn = 0", "doubles_this_turn = 2").replace(
        "script = [[3, 4], [6, 6]]", "script = [[2, 2]]")
    g = Game.from_position(text)
    g.apply(Roll(0))
    assert g.jailed[0] and g.pos[0] == 10


def test_position_of_mid_decision_is_refused() -> None:
    """A position describes the start of a throw; exporting during a decision says so."""
    g = Game.from_position(EXAMPLE.replace("position = 24", "position = 17").replace(
        "script = [[3, 4], [6, 6]]", "script = [[1, 2]]"))
    g.apply(Roll(0))  # Chance at 20? 17 + 3 = Free Parking... any pending decision works
    if g.pending.kind in ("roll", "jail", "end_turn") and len(g.frames) == 1:
        g.frames.append(g.frames[0].__class__("buy", 0))  # force a decision on top
    with pytest.raises(PositionError, match="start of a throw"):
        g.position()


def test_position_of_a_finished_game_says_it_is_over() -> None:
    """A finished game has no position: the refusal says the game is over, not what it would
    be waiting for (a game over waits for nothing)."""
    g = Game.new(["Ann", "Bob"], seed=4, max_turns=1)
    while not g.over:
        g.apply(g.legal_actions()[-1])
    with pytest.raises(PositionError) as refused:
        g.position()
    assert str(refused.value) == "the game is over: a finished game has no position to export"


def test_names_beyond_ascii_are_written_as_toml_reads_them() -> None:
    """The written position is TOML that reads back: names with letters beyond the Basic
    Multilingual Plane (which a JSON escape would write as a surrogate pair, refused by TOML)
    and beyond ASCII come back as they were."""
    g = Game.new(["Zoë", "\U0001d505ob", "\U0001f3b2"], seed=2)
    text = position_to_toml(g.position())
    assert Game.from_position(text).names == ["Zoë", "\U0001d505ob", "\U0001f3b2"]


def test_hotel_and_jail_fields_round_trip() -> None:
    """Hotels, jailed players and jail turns survive export and import."""
    text = """
to_move = "B"
[[players]]
name = "A"
position = "Jail"
in_jail = true
jail_turns = 2
[[players]]
name = "B"
[properties]
"Park Place" = { owner = "B", hotel = true }
"Boardwalk" = { owner = "B", hotel = true }
"""
    g = Game.from_position(text)
    assert g.level[37] == HOTEL and g.bank_hotels == 10 and g.bank_houses == 32
    assert g.jailed[0] and g.jail_turns[0] == 2
    again = Game.from_position(position_to_toml(g.position()))
    assert state_dict(again) == state_dict(g)


def _passgo(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "passgo.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_cli_check_and_show(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`passgo position check` prints the board; a bad file gives one line and exit 2;
    `passgo position show` prints a saved game's position; `passgo cards list` the ids."""
    good = tmp_path / "p.toml"
    good.write_text(EXAMPLE)
    out = _passgo("position", "check", str(good))
    assert out.returncode == 0 and "Boardwalk" in out.stdout and "Ann" in out.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLE.replace("houses = 3", "houses = 4"))
    out = _passgo("position", "check", str(bad))
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "uneven building" in out.stderr
    save = tmp_path / "save.json"
    save.write_text(Game.from_position(EXAMPLE, seed=2).to_json())
    out = _passgo("position", "show", str(save))
    assert out.returncode == 0
    assert Game.from_position(out.stdout).cash == [1200, 900]
    out = _passgo("cards", "list")
    assert "go-back-3" in out.stdout and "advance-to-go" in out.stdout


def test_ambiguous_square_name_is_refused() -> None:
    """Names that several squares share (Chance, Community Chest) need the index."""
    _bad("position = 24", 'position = "Chance"', r"'Chance' names squares 7, 22, 36")


def test_docs_worked_examples_load() -> None:
    """Every TOML example in docs/positions.md is a valid position."""
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "positions.md").read_text()
    blocks = re.findall(r"```toml\n(.*?)```", doc, re.S)
    assert len(blocks) == 3
    games = [Game.from_position(b) for b in blocks]
    assert games[2].bank_houses == 3
    assert games[1].jailed[1] and games[1].jail_turns[1] == 1


def test_every_mistake_is_reported_with_did_you_mean() -> None:
    """A position written by hand with several mistakes: all of them are reported at once,
    and misspelt square, card and player names get a suggestion."""
    text = """
to_move = "Anne"

[[players]]
name = "Ann"
cash = -5

[[players]]
name = "Bob"
position = "Bordwalk"

[properties]
"Park Plac" = { owner = "Ann" }
"Boardwalk" = { owner = "Bobb" }

[decks]
chance = ["advance-to-go-x"]
"""
    with pytest.raises(PositionError) as refused:
        Game.from_position(text)
    problems = refused.value.problems
    assert len(problems) == 6, problems
    joined = str(refused.value)
    for expected in ("players[0].cash", "did you mean 'Boardwalk'", "did you mean 'Park Place'",
                     "did you mean 'Bob'", "to_move: no player named 'Anne' (did you mean "
                     "'Ann'?)", "decks.chance[0]"):
        assert expected in joined, expected


def _play_save(game: Game) -> str:
    """The file `passgo play` writes: the game wrapped with its seats."""
    return json.dumps({"kind": "passgo-play", "seats": [[n, "human"] for n in game.names],
                       "game": game.to_dict()})


def test_a_saved_game_is_read_as_the_position_it_is_at(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Where a command takes a position file, a saved game (a `passgo play` save or
    `Game.to_json`) gives the position `passgo position show` prints for it."""
    from passgo.inputs import load_position

    game = Game.from_position(EXAMPLE, seed=2)
    game.apply(Roll(0))  # 3 and 4: Ann goes from Illinois Avenue to Pacific Avenue
    while game.pending.kind != "end_turn":  # her first choices until the end of her turn
        game.apply(game.legal_actions()[0])
    play_save, bare_save = tmp_path / "autosave.json", tmp_path / "game.json"
    play_save.write_text(_play_save(game))
    bare_save.write_text(game.to_json())
    shown = _passgo("position", "show", str(play_save))
    assert shown.returncode == 0, shown.stderr
    for save in (play_save, bare_save):
        assert state_dict(load_position(str(save), seed=5)) == state_dict(
            Game.from_position(shown.stdout, seed=5))
    out = _passgo("position", "check", str(play_save))
    assert out.returncode == 0 and "a valid position; Bob to move" in out.stdout


def test_a_saved_game_at_another_decision_is_refused_in_one_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    game = Game.from_position(EXAMPLE.replace("[[3, 4], [6, 6]]", "[[1, 2], [6, 6]]"), seed=2)
    game.apply(Roll(0))  # Ann lands on Ventnor Avenue, the Bank's: buy it or not
    save = tmp_path / "autosave.json"
    save.write_text(_play_save(game))
    out = _passgo("play", "--plain", "--no-save", "--position", str(save))
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert out.stderr.startswith(f"passgo: error: {save}: a position describes the start of "
                                 "a throw or the end of a turn; this game is waiting for 'buy'")


def test_the_format_table_lists_every_key_a_position_may_hold() -> None:
    """docs/positions.md documents each key the reader accepts (and `position()` writes)."""
    from pathlib import Path

    from passgo.core.position import _PLAYER_KEYS, _PROPERTY_KEYS, _TOP_KEYS

    doc = (Path(__file__).resolve().parents[1] / "docs" / "positions.md").read_text()
    table = doc[doc.index("## The format"):doc.index("Square names are matched")]
    missing = sorted(key for key in _TOP_KEYS | _PLAYER_KEYS | _PROPERTY_KEYS
                     if f"`{key}`" not in table and f"`[{key}]`" not in table
                     and f"`[[{key}]]`" not in table and f"`{key} =" not in table)
    assert missing == []
