"""Typed events: one frozen class per kind with the facts a front-end needs, a JSON form with a
documented schema (docs/events.schema.json, docs/api.md) that reads back to the same event,
and a browser type written from the same classes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest

from passgo.agents.random_bot import RandomBot
from passgo.core import Game, Rules
from passgo.core.events import EVENT_TYPES, Event, EventBase, Moved, Payment, event_from_dict
from passgo.core.rules import PRESETS
from passgo.engine_build import engine_build
from support import load_fuzz, setup

ROOT = Path(__file__).parents[1]
SCHEMA = ROOT / "docs" / "events.schema.json"


def _games_events(count: int, seed: int) -> list[Event]:
    """The events of short games of random bots under every preset and drawn house rules."""
    rng = random.Random(seed)
    draw = load_fuzz().draw_rules
    rule_sets = [Rules.preset(name) for name in PRESETS] + [draw(rng)[1] for _ in range(count)]
    found: list[Event] = []
    for index, rules in enumerate(rule_sets):
        game = Game.new(["Ann", "Bob", "Cy"], rules, seed=index, max_rounds=25)
        found.extend(game.events)
        bots = [RandomBot(seed=index * 3 + i) for i in range(3)]
        for _ in range(800):
            if game.over:
                break
            p = game.pending_player
            found.extend(game.apply(bots[p].act(game, p)))
    return found


@pytest.fixture(scope="module")
def played() -> list[Event]:
    return _games_events(20, seed=5)


def test_every_event_class_has_its_own_kind_and_facts() -> None:
    kinds = [cls.kind for cls in EVENT_TYPES.values()]
    assert len(kinds) == len(set(kinds)) == len(EVENT_TYPES)
    for kind, cls in EVENT_TYPES.items():
        assert cls.kind == kind and issubclass(cls, EventBase)
        if engine_build() == "compiled":
            continue  # mypyc keeps no docstrings or slots: the pure build checks the source
        assert cls.__doc__, f"{cls.__name__} says nothing of what it means"
        assert cls.__match_args__ == cls.__slots__


def test_events_round_trip_through_json(played: list[Event]) -> None:
    assert len({e.kind for e in played}) > 30
    for event in played:
        data = json.loads(json.dumps(event.to_dict()))
        assert event_from_dict(data) == event, data


def test_the_json_of_events_follows_the_documented_schema(played: list[Event]) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    for event in played:
        errors = list(validator.iter_errors(event.to_dict()))
        assert not errors, (event, errors[0].message)


def test_data_that_is_no_event_is_refused_in_one_line() -> None:
    for bad in ({}, {"kind": "nonsense"}, {"kind": "move", "player": 0},
                {"kind": "payment", "payer": None, "payee": 0, "amount": 200, "reason": "salary",
                 "extra": 1},
                {"kind": "turn", "player": 0.5 + 1j, "round": 0}):
        with pytest.raises(ValueError, match=r"^not an event: ") as info:
            event_from_dict(bad)  # type: ignore[arg-type]
        assert "\n" not in str(info.value)


def test_a_throw_and_its_move_carry_what_an_animation_needs() -> None:
    """"Players ... move their tokens clockwise the number of spaces shown on the dice"
    (000): the move names the squares it left and reached, and a salary follows GO."""
    g = setup(dice=[(3, 4)], pos=[35, 0])
    events = g.apply(g.legal_actions(0)[0])
    dice, move = events[0], events[1]
    assert dice.kind == "dice"
    assert dice.to_dict()["dice"] == [3, 4] and not dice.to_dict()["doubles"]
    assert isinstance(move, Moved)
    assert (move.start, move.end, move.steps, move.passed_go, move.how) == (35, 2, 7, True, "throw")
    salary = events[2]
    assert isinstance(salary, Payment)
    assert (salary.payer, salary.payee, salary.amount, salary.reason) == (None, 0, 200, "salary")


@pytest.mark.skipif(engine_build() != "compiled", reason="the compiled build enforces Final")
def test_an_event_cannot_be_changed() -> None:
    event = Payment(0, None, 50, "rent")
    with pytest.raises(AttributeError):
        event.amount = 60  # type: ignore[misc]
