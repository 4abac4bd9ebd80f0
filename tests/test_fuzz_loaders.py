"""Fuzzing every loader: arbitrary and mutated input gives the loader's typed error, never
another exception (a KeyError, TypeError, RecursionError ... would be a traceback for a user
or a crash of a server). Saves: `SaveFileError`; positions: `PositionError`; rules files:
`DataError`; actions (protocol messages): `IllegalActionError`. Kept fast: few examples, no
deadline; `make fuzz` is the long random-play fuzz."""

from __future__ import annotations

import contextlib
import json
import random
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from passgo import Game, PositionError, Rules, SaveFileError
from passgo.core import Action, IllegalActionError
from passgo.core.errors import DataError

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

POSITION = """\
[[players]]
name = "Ann"
cash = 1200
square = 5
jail_cards = ["chance"]

[[players]]
name = "Bob"
cash = 800
in_jail = true

[properties]
Boardwalk = { owner = "Bob", houses = 2 }
"Park Place" = { owner = "Bob", houses = 3 }
"Reading Railroad" = { owner = "Ann", mortgaged = true }
"""

RULES = """\
preset = "hasbro2022"
houses_per_hotel = 3
auction = "closed"
jail_max_turns = 2
jail_prepay_turns = 1
"""


@cache
def a_save() -> str:
    """A short real game's save: some history, some deeds owned."""
    from passgo.agents import RandomBot, play

    g = Game.new(["Ann", "Bob", "Cid"], seed=5, max_rounds=6)
    play(g, [RandomBot(i) for i in range(3)])
    return g.to_json()


# JSON values of any shape, with the types a save holds.
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                               max_size=4),
    max_leaves=20,
)


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside nested dicts and lists."""
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data[:6]):
            out += paths(v, (*prefix, i))
    return out


def mutate(data: Any, rng: random.Random, value: Any) -> Any:
    """Replace, delete or duplicate one value somewhere inside `data` (in place)."""
    value = json.loads(json.dumps(value))  # a fresh copy: never inside itself
    path = rng.choice(paths(data)[1:])
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    how = rng.randrange(3)
    if how == 0 or not isinstance(parent, (dict, list)):
        parent[key] = value
    elif how == 1:
        del parent[key]
    elif isinstance(parent, list):
        parent.insert(key, value)
    else:
        parent[f"{key}_"] = value
    return data


def mutate_text(text: str, rng: random.Random, junk: str) -> str:
    """Cut, insert or overwrite a piece of a text."""
    i = rng.randrange(len(text) + 1)
    j = min(len(text), i + rng.randrange(20))
    how = rng.randrange(3)
    if how == 0:
        return text[:i] + text[j:]
    if how == 1:
        return text[:i] + junk + text[i:]
    return text[:i] + junk + text[j:]


# -- saves ----------------------------------------------------------------------------------


@FUZZ
@given(st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_arbitrary_text_is_no_save(text: str) -> None:
    with contextlib.suppress(SaveFileError):
        Game.from_json(text)


@FUZZ
@given(JSON)
def test_arbitrary_json_is_no_save(data: Any) -> None:
    with contextlib.suppress(SaveFileError):
        Game.from_json(json.dumps(data))


@FUZZ
@given(st.randoms(use_true_random=False), JSON, st.integers(1, 3))
def test_mutated_saves_load_or_give_a_save_file_error(
        rng: random.Random, value: Any, times: int) -> None:
    data = json.loads(a_save())
    for _ in range(times):
        mutate(data, rng, value)
    try:
        game = Game.from_json(json.dumps(data))
    except SaveFileError:
        return
    game.legal_actions(game.pending_player)  # what loads is a game that can be played


@FUZZ
@given(st.randoms(use_true_random=False), st.text(max_size=8))
def test_mutated_save_text_loads_or_gives_a_save_file_error(rng: random.Random,
                                                             junk: str) -> None:
    with contextlib.suppress(SaveFileError):
        Game.from_json(mutate_text(a_save(), rng, junk))


# -- positions ------------------------------------------------------------------------------

TOML_JUNK = st.sampled_from(['"', "[", "]", "=", "\n", "[[players]]\n", "true", "-1", "9" * 30,
                             "houses = 9", 'owner = "Zed"', "{", "}", ",", "1e400", "nan",
                             "\x00", "square = 99", "cash = -5"]) | st.text(max_size=6)


@FUZZ
@given(st.text(max_size=200))
def test_arbitrary_text_is_no_position(text: str) -> None:
    with contextlib.suppress(PositionError):
        Game.from_position(text)


@FUZZ
@given(st.randoms(use_true_random=False), st.lists(TOML_JUNK, min_size=1, max_size=3))
def test_mutated_positions_load_or_give_a_position_error(rng: random.Random,
                                                         junk: list[str]) -> None:
    text = POSITION
    for piece in junk:
        text = mutate_text(text, rng, piece)
    try:
        game = Game.from_position(text, seed=1)
    except PositionError:
        return
    game.legal_actions(game.pending_player)


# -- rules files ----------------------------------------------------------------------------


@FUZZ
@given(st.text(max_size=200))
def test_arbitrary_text_is_no_rules_file(text: str) -> None:
    with contextlib.suppress(DataError):
        Rules.from_toml(text)


@FUZZ
@given(st.randoms(use_true_random=False), st.lists(TOML_JUNK, min_size=1, max_size=3))
def test_mutated_rules_files_load_or_give_a_data_error(rng: random.Random,
                                                       junk: list[str]) -> None:
    text = RULES
    for piece in junk:
        text = mutate_text(text, rng, piece)
    with contextlib.suppress(DataError):
        Rules.from_toml(text)


@FUZZ
@given(st.dictionaries(st.sampled_from([f.split()[0] for f in RULES.splitlines()]
                                       + ["edition", "dice", "round_limit", "deal_deeds"]),
                       JSON, max_size=4))
def test_rules_tables_with_wrong_values_give_a_data_error(table: dict[str, Any]) -> None:
    with contextlib.suppress(DataError):
        Rules.from_table(table)


# -- actions (protocol messages) --------------------------------------------------------------

WORDS = st.sampled_from(["roll", "buy", "auction", "bid", "pass", "end", "build", "sell",
                         "mortgage", "unmortgage", "trade", "accept", "reject", "counter",
                         "pay-fine", "use-card", "tax", "want", "place", "claim", "travel",
                         "bankrupt", "loan", "repay", "sell-deed", "lawyer", "draw"])
ARGS = st.sampled_from(["0", "1", "-1", "39", "40", "99999999999999999999", "x", "$", "|",
                        "chance", "house", "hotel", ":", "1,2", "flat", "percent", "", "+3"])


@FUZZ
@given(st.text(max_size=60), st.integers(-2, 9))
def test_arbitrary_action_text_parses_or_is_illegal(text: str, player: int) -> None:
    with contextlib.suppress(IllegalActionError):
        Action.parse(text, player)


@FUZZ
@given(WORDS, st.lists(ARGS | st.text(max_size=5), max_size=6), st.integers(0, 3))
def test_action_words_with_any_arguments_parse_or_are_illegal(
        word: str, args: list[str], player: int) -> None:
    text = " ".join([word, *args])
    try:
        action = Action.parse(text, player)
    except IllegalActionError:
        return
    # What parses can be offered to a game: it is applied or refused as illegal.
    game = Game.new(["Ann", "Bob", "Cid", "Dee"], seed=3)
    with contextlib.suppress(IllegalActionError):
        game.apply(action)


@FUZZ
@given(st.randoms(use_true_random=False), st.text(max_size=4))
def test_mutated_legal_actions_parse_or_are_illegal(rng: random.Random, junk: str) -> None:
    game = Game.from_json(a_save())
    texts = [a.text() for a in game.legal_actions(game.pending_player)] or ["roll"]
    text = mutate_text(rng.choice(texts), rng, junk)
    try:
        action = Action.parse(text, game.pending_player)
    except IllegalActionError:
        return
    with contextlib.suppress(IllegalActionError):
        game.apply(action)
