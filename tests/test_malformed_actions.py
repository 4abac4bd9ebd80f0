"""Malformed actions built in code: `Game.apply` refuses every one with `IllegalActionError`
and leaves the game as it was (its save unchanged), whatever field is wrong and however deep in
a trade offer it sits; the refusal names the wrong field.

An action is malformed when one of its fields holds a value of the wrong type (a bool, float,
NaN, string or None where a whole number belongs, ...) or a value out of every legal range (a
seat or square that does not exist, a negative amount, a card of no deck, a term of 0 %). The
other fields hold values a legal action could have, so the malformed one is what is refused.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import passgo.core as core
from passgo.agents import RandomBot, play
from passgo.core import (
    Action,
    Bundle,
    CounterTrade,
    Decline,
    Game,
    IllegalActionError,
    Immunity,
    Loan,
    Partnership,
    ProposeTrade,
    RentShare,
    Roll,
    Rules,
    SellDown,
    TradeOffer,
)
from passgo.engine_build import engine_build
from support import setup

TERMS = Rules.classic().with_options(immunity=True, profit_sharing=True, player_loans=True,
                                     partnerships=True)
KINDS = sorted((k for k in vars(core).values()
                if isinstance(k, type) and issubclass(k, Action) and k is not Action),
               key=lambda k: k.__name__)


def mid_game(rules: Rules, seed: int, steps: int) -> Game:
    g = Game.new(["Ann", "Bob", "Cy"], rules, seed, max_rounds=40)
    play(g, [RandomBot(seed + i, business_rate=0.3) for i in range(3)], max_steps=steps)
    assert not g.over
    return g


def offer_on_the_table() -> Game:
    """Bob answering Ann's offer, under the rules that allow terms."""
    g = setup(("Ann", "Bob", "Cy"), rules=TERMS, owners={1: 0, 3: 0, 37: 1, 39: 1})
    g.apply(ProposeTrade(0, TradeOffer(0, 1, Bundle((1,), 50), Bundle((37,)))))
    assert g.pending.kind == "trade_reply"
    return g


def auction() -> Game:
    g = setup(("Ann", "Bob", "Cy"), dice=[(1, 2)], pos=[36, 0, 0])
    g.apply(Roll(0))
    g.apply(Decline(0))
    assert g.pending.kind == "bid"
    return g


STATES = [
    mid_game(Rules.classic(), 7, 120),
    mid_game(Rules.classic().with_options(dice="choice", double_hotels=True, bank_loans=True,
                                          instant_hotels=True), 11, 200),
    mid_game(TERMS, 5, 150),
    offer_on_the_table(),
    auction(),
]
SAVES = [g.to_json() for g in STATES]

# Values of the wrong type for each type of field.
NOT_INT = [True, False, 1.5, math.nan, math.inf, "3", None, (1,), b"1"]
NOT_BOOL = [0, 1, None, "yes", 1.0]
NOT_STR = [None, 3, b"brown", ("brown",)]
NOT_INTS = [None, [1], 1, "1", (1.0,), (True,), ("1",), (None,), (1, 2.5)]


def _wrong_or(out_of_range: list[Any], wrong: list[Any]) -> st.SearchStrategy[Any]:
    return st.sampled_from(wrong + out_of_range)


# Each field's malformed values, by its name: wrong types, then values no legal action has.
BAD: dict[str, st.SearchStrategy[Any]] = {
    "player": _wrong_or([-1, 3, 99, 10**20, -(10**20)], NOT_INT),
    "square": _wrong_or([-1, 40, 10**20, -(10**20)], NOT_INT),
    "amount": _wrong_or([-1, -(10**20), 10**20], NOT_INT),
    "number": _wrong_or([-1, 10**20], NOT_INT),
    "percent": st.sampled_from(NOT_BOOL),
    "chance": st.sampled_from(NOT_BOOL),
    "group": _wrong_or(["nowhere", ""], NOT_STR),
    "reason": _wrong_or(["two\nlines", " spaced", "x" * 201], NOT_STR),
    "deck": _wrong_or(["nowhere", ""], NOT_STR),
    "dice": _wrong_or([(0, 0), (-1,), (3, 5), (6, 6, 6), (13,)], NOT_INTS),
    "levels": _wrong_or([(-1, 0), (99, 99), (-1, -1, -1)], NOT_INTS),
    "squares": _wrong_or([(-1,), (40,), (10**20,)], NOT_INTS),
    "amounts": _wrong_or([(-1,), (-1, -1)], NOT_INTS),
}
# Values a legal action could hold, for the fields that are not the malformed one.
GOOD: dict[str, st.SearchStrategy[Any]] = {
    "square": st.integers(0, 39),
    "amount": st.integers(0, 1600),
    "number": st.integers(0, 3),
    "percent": st.booleans(),
    "chance": st.booleans(),
    "group": st.sampled_from(["brown", "orange", "dark_blue"]),
    "reason": st.sampled_from(["", "no thanks"]),
    "deck": st.sampled_from([None, "chance", "community_chest"]),
    "dice": st.sampled_from([(), (6,), (4, 6), (8, 10)]),
    "levels": st.sampled_from([(0, 0), (0, 0, 0), (1, 1), (5, 5)]),
    "squares": st.sampled_from([(), (1,), (1, 3)]),
    "amounts": st.sampled_from([(), (60,), (60, 60)]),
}

DEEDS = st.sampled_from([(), (1,), (3,), (37,), (1, 39), (5, 12)])
GOOD_TERMS = st.sampled_from([(), (Immunity((39,), 100, 2),), (RentShare((1,), 50, 3, "turns"),),
                              (Loan(100, 10, 5),), (Partnership("dark_blue"),)])
GOOD_BUNDLE = st.builds(Bundle, DEEDS, st.sampled_from([0, 10, 100]),
                        st.sampled_from([(), (0,), (1,)]), GOOD_TERMS)


def built(kind: Any, *args: Any) -> Any:
    """`kind(*args)`; None when the compiled build's typed constructor refuses a wrong type
    first (it raises TypeError, before any action exists to refuse), or converts it (a native
    int field stores True as 1: a well-formed action, not the malformed one drawn)."""
    try:
        action = kind(*args)
    except TypeError:
        assert engine_build() == "compiled"
        return None
    for f, arg in zip(fields(kind) if is_dataclass(kind) else (), args, strict=False):
        if type(getattr(action, f.name)) is not type(arg):
            assert engine_build() == "compiled"
            return None
    return action


@st.composite
def bad_term(draw: st.DrawFn) -> Any:
    """A trade term with one malformed field, or no term at all."""
    kind = draw(st.sampled_from(["immunity", "share", "loan", "partnership", "other"]))
    if kind == "loan":
        good = [draw(st.sampled_from([100, 500])), draw(st.sampled_from([0, 10])), 6]
        bad = [[0, -1, 10**20], [-1, 101], [0, -1]]
        i = draw(st.integers(0, 2))
        good[i] = draw(_wrong_or(bad[i], NOT_INT))
        return built(Loan, *good)
    if kind == "partnership":
        return built(Partnership, draw(BAD["group"]))
    if kind == "other":
        return draw(st.sampled_from([None, "immunity:39:100%:1-landings", 3, Bundle()]))
    term = Immunity if kind == "immunity" else RentShare
    args: list[Any] = [(39,), 100, 2, "landings"]
    i = draw(st.integers(0, 3))
    args[i] = draw([_wrong_or([(), (-1,), (0,), (39, 39)], NOT_INTS),
                    _wrong_or([0, -1, 101], NOT_INT), _wrong_or([0, -1], NOT_INT),
                    _wrong_or(["x", "landing"], NOT_STR)][i])
    return built(term, *args)


@st.composite
def bad_bundle(draw: st.DrawFn) -> Any:
    """One side of a trade with one malformed field, or no side at all."""
    which = draw(st.sampled_from(["properties", "cash", "cards", "terms", "itself"]))
    if which == "itself":
        return draw(st.sampled_from([None, (), TradeOffer(0, 1), "39,$50"]))
    args: list[Any] = [draw(DEEDS), 0, (), ()]
    if which == "properties":
        args[0] = draw(_wrong_or([(-1,), (40,), (10**20,), (39, 39)], NOT_INTS))
    elif which == "cash":
        args[1] = draw(_wrong_or([-1, 10**20], NOT_INT))
    elif which == "cards":
        args[2] = draw(_wrong_or([(2,), (-1,), (5,), (0, 1, 7)], NOT_INTS))
    else:
        term = draw(bad_term())
        args[3] = draw(st.sampled_from([[Immunity((39,))], None, (term,),
                                        (Loan(100, 10, 5), term)]))
    return built(Bundle, *args)


@st.composite
def bad_offer(draw: st.DrawFn, player: int, counter: bool) -> Any:
    """An offer with one malformed field, or no offer at all. A counter-offer's proposer and
    responder are filled in by the engine, so there only their types matter."""
    which = draw(st.sampled_from(["proposer", "responder", "give", "get", "itself"]))
    if which == "itself":
        return draw(st.sampled_from([None, Bundle(), "give 1 for 3", (player, 1)]))
    args: list[Any] = [player, draw(st.sampled_from([r for r in range(3) if r != player])),
                       draw(GOOD_BUNDLE), draw(GOOD_BUNDLE)]
    if which in ("proposer", "responder"):
        out_of_range = [] if counter else [-1, 3, 99, 10**20]
        if which == "responder" and not counter:
            out_of_range.append(player)  # a trade with oneself
        args[0 if which == "proposer" else 1] = draw(_wrong_or(out_of_range, NOT_INT))
    else:
        args[2 if which == "give" else 3] = draw(bad_bundle())
    return built(TradeOffer, *args)


@st.composite
def malformed_actions(draw: st.DrawFn, player: int) -> Any:
    """An action of any kind with exactly one malformed field (or a field inside it)."""
    kind = draw(st.sampled_from(KINDS))
    names = [f.name for f in fields(kind)]
    bad = draw(st.sampled_from(names))
    seat = draw(BAD["player"]) if bad == "player" else player
    me = seat if type(seat) is int else player  # an offer's proposer
    values: list[Any] = []
    for name in names[1:]:
        if name == "offer":
            values.append(draw(bad_offer(me, kind is CounterTrade)) if bad == name
                          else TradeOffer(me, (me + 1) % 3, draw(GOOD_BUNDLE), draw(GOOD_BUNDLE)))
        else:
            values.append(draw(BAD[name] if bad == name else GOOD[name]))
    return built(kind, seat, *values)


def test_every_kind_of_action_is_fuzzed() -> None:
    """The fuzzing below reaches every action kind `passgo.core` exports, and every field of
    them has malformed values (a new field needs its row in `BAD`)."""
    assert len(KINDS) >= 49
    for kind in KINDS:
        for f in fields(kind):
            assert f.name in BAD or f.name == "offer", (kind, f.name)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), state=st.integers(0, len(STATES) - 1))
def test_malformed_actions_are_refused_and_change_nothing(data: st.DataObject,
                                                          state: int) -> None:
    """`apply` refuses a malformed action with `IllegalActionError`, never another exception
    (an IndexError from a card of no deck, a TypeError from a levels field of None), and the
    game's save is unchanged; the action still prints."""
    g = STATES[state].copy()
    action = data.draw(malformed_actions(g.pending_player))
    if action is None:
        return  # the compiled build's constructor refused it
    str(action)
    assert not g.is_legal(action)
    with pytest.raises(IllegalActionError):
        g.apply(action)
    assert g.to_json() == SAVES[state]


@pytest.mark.parametrize(("make", "named"), [
    (lambda: CounterTrade(1, TradeOffer(1, 0, Bundle((), 0, (5,)), Bundle())),
     "'counter': offer.give.cards[0] must be a deck: 0 (Chance) or 1 (Community Chest), not 5"),
    (lambda: ProposeTrade(0, TradeOffer(0, 1, Bundle(), Bundle((1,), 1.5))),  # type: ignore[arg-type]
     "'trade': offer.get.cash must be int, not 1.5"),
    (lambda: ProposeTrade(0, TradeOffer(0, 1, Bundle(terms=(Loan(100, 10, 2.5),)))),  # type: ignore[arg-type]
     "'trade': offer.give.terms[0].due_round must be int, not 2.5"),
    (lambda: ProposeTrade(0, TradeOffer(0, 1, Bundle((1, "3")))),  # type: ignore[arg-type]
     "'trade': offer.give.properties[1] must be int, not '3'"),
    (lambda: SellDown(0, "orange", None),  # type: ignore[arg-type]
     "'sell-down': levels must be tuple[int, ...], not None"),
])
def test_the_refusal_names_the_malformed_field(make: Callable[[], Action], named: str) -> None:
    """The message names the wrong field itself, however deep in an offer, not the offer
    around it; and printing the action does not fail."""
    action = built(make)
    if action is None:
        return  # the compiled build's constructor refused the wrong type itself
    g = Game.new(["A", "B"], Rules.classic(), seed=1)
    before = g.to_json()
    with pytest.raises(IllegalActionError) as refused:
        g.apply(action)
    assert str(refused.value) == named
    assert g.to_json() == before
    assert str(action) == repr(action)
