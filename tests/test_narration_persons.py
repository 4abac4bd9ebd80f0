"""Narration speaks to a viewer: the player it is told to in the second person ("You owe $50 to
Bob", "Buy Boardwalk for $400?"), everyone else and spectators by name, with verbs that agree
(no "You gives", no "You has"); card texts as printed.

Every event kind is told in both persons from events made here field by field, and every
decision kind from games of random bots under every preset and mixes of house rules."""

from __future__ import annotations

import random
import re
import typing
from typing import Any, Literal, get_args, get_origin

import pytest

from passgo.agents.random_bot import RandomBot
from passgo.core import Build, Bundle, Game, Immunity, Mortgage, Roll, Rules, TradeOffer
from passgo.core.decisions import DECISION_TYPES
from passgo.core.events import CHOICE_EVENTS, EVENT_TYPES, Event
from passgo.core.rules import PRESETS
from passgo.engine_build import engine_build
from passgo.narrate import Voice, debt_line, describe, describe_action, explain, question, sentences
from support import load_fuzz, setup, sq

NAMES = ["Ann", "Bob", "Cy"]
# A verb in the third person after "you": what rewriting finished sentences used to leave.
BAD_AGREEMENT = re.compile(
    r"\b[Yy]ou (gives|has|is|was|owes|pays|wins|keeps|stays|wants|asks|goes|starts|forces|"
    r"enters|grants|takes|collects|moves|leaves|offers|accepts|needs|holds|receives|"
    r"chooses|buys|gets|must raises|does|smashes|collects)\b")
SECOND_PERSON = re.compile(r"\b([Yy]ou|[Yy]our)\b")
QUOTED = re.compile(r'"[^"]*"')
SEAT_FIELDS = {"player", "payer", "payee", "debtor", "creditor", "lander", "owner", "winner",
               "first", "giver", "taker", "receiver"}


def _value(cls: type, name: str, hint: Any, variant: int) -> Any:
    """A plausible value for an event field: seat 0 or 1 (varied), a real square, amounts."""
    if get_origin(hint) is typing.Final:
        hint = get_args(hint)[0]
    args = get_args(hint)
    if get_origin(hint) is Literal:
        return args[variant % len(args)]
    if hint is bool:
        return bool(variant % 2)
    if name in SEAT_FIELDS:
        return variant % 2 if name in ("player", "payer", "debtor", "lander", "giver",
                                       "winner", "first") else 1 - variant % 2
    if name in ("square", "start", "end", "resting"):
        return (39, 5, 37)[variant % 3]
    if name == "dice":
        return (3, 4) if "int, int]" in str(hint) else ((3, 4), (5,), (2, 2))[variant % 3]
    if name == "throws":
        return ((0, 3, 4), (1, 6, 5))
    if name == "bids":
        return ((0, 120), (1, 80))
    if name == "order":
        return (1, 0, 2)
    if name == "offer":
        return TradeOffer(variant % 2, 1 - variant % 2, Bundle((39,), 100), Bundle((37,)))
    if name == "term":
        return Immunity((39,), 100, 2, "landings")
    if name == "reason" and cls in CHOICE_EVENTS:
        return "" if variant % 2 else "it blocks {p1's} orange group"
    if name == "text":
        return "You are assessed for street repairs: $40 per house, $115 per hotel."
    if name == "card":
        return "street-repairs"
    if hint is int or int in args:
        return 50 + variant
    if hint is str:
        return "rent"
    raise AssertionError(f"no test value for {name}: {hint}")


def _events() -> list[Event]:
    made: list[Event] = []
    for cls in EVENT_TYPES.values():
        hints = typing.get_type_hints(cls)
        for variant in range(4):
            made.append(cls(*(_value(cls, n, hints[n], variant) for n in cls.__match_args__)))
    return made


def _check(text: str, viewer: int | None, spectators: str = "") -> None:
    """`text` told to `viewer` reads right; `spectators`: the same told to a spectator, which
    names the viewer wherever the viewer's own text must say "you"."""
    plain = QUOTED.sub('""', text)  # a card's printed text speaks to whoever draws it
    assert not BAD_AGREEMENT.search(plain), text
    assert plain[:1].isupper() or plain[:1] in "-$£", text
    if viewer is None:
        assert not SECOND_PERSON.search(plain), f"a spectator is told {text!r}"
        return
    name = re.compile(rf"\b{NAMES[viewer]}\b")
    assert not name.search(plain), f"{NAMES[viewer]} is told {text!r}"
    if name.search(QUOTED.sub('""', spectators)):
        assert SECOND_PERSON.search(plain), f"{NAMES[viewer]} is not spoken to: {text!r}"


@pytest.mark.skipif(engine_build() == "compiled",
                    reason="compiled event classes keep no annotations to make test values "
                           "from; the pure build walks the same classes (the narration is "
                           "pure Python in both builds)")
@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_every_event_kind_reads_right_in_both_persons(viewer: int | None) -> None:
    game = Game.new(NAMES, Rules(), seed=1)
    told = set()
    for event in _events():
        text = describe(Voice(game, viewer), event)
        assert text, f"{event!r} says nothing"
        spectators = describe(Voice(game, None), event) or ""
        # A bot's reason names seat 1 through a seat reference: it reads in the viewer's person.
        if isinstance(event, CHOICE_EVENTS) and event.reason:
            assert ("your orange" if viewer == 1 else "Bob's orange") in text, text
        _check(text, viewer, spectators)
        told.add(event.kind)
        for line, seen in zip(sentences(game, [event], viewer), sentences(game, [event]),
                              strict=True):
            _check(line, viewer, seen)
    assert told == set(EVENT_TYPES)


def test_card_texts_are_shown_as_printed() -> None:
    game = Game.new(NAMES, Rules(), seed=1)
    event = EVENT_TYPES["card"](0, "community_chest", "street-repairs",
                                "You are assessed for street repairs: $40 per house, $115 per "
                                "hotel.")
    for viewer in (None, 0, 1):
        assert '"You are assessed for street repairs' in describe(Voice(game, viewer), event)


def _mixes() -> list[Rules]:
    """Every preset, and seeded mixes of house rules drawn as `make fuzz` draws them."""
    rng = random.Random(28)
    draw = load_fuzz().draw_rules
    return [Rules.preset(name) for name in PRESETS] + [draw(rng)[1] for _ in range(30)]


def _walk(game: Game, seed: int, steps: int, asked: set[str]) -> None:
    """Random bots play `game` on; every decision and every step's events are checked."""
    bots = [RandomBot(seed=seed * 7 + i) for i in range(game.n)]
    for _ in range(steps):
        d = game.pending
        asked.add(d.kind)
        spectators = question(game, None)
        if game.over:
            for viewer in (None, *range(game.n)):
                _check(question(game, viewer), viewer, spectators)
            return
        mine = question(game, d.player)
        _check(mine, d.player)  # (an order needs no "you")
        assert not mine.startswith("Waiting"), mine
        for other in (None, *(p for p in range(game.n) if p != d.player)):
            theirs = question(game, other)
            _check(theirs, other, spectators)
            assert theirs.startswith("Waiting for"), theirs
        _check(explain(game), d.player)
        for action in game.legal_actions(d.player)[:12]:
            _check(describe_action(game, action), d.player)
        events = game.apply(bots[d.player].act(game, d.player))
        told = sentences(game, events)
        for viewer in range(game.n):
            for line, seen in zip(sentences(game, events, viewer), told, strict=True):
                _check(line, viewer, seen)


def _scenarios() -> list[Game]:
    """Games that reach the decisions random play seldom meets: the UK's fine-or-Chance
    card, the initial auction, a card after the last jail throw, the double board, a building
    shortage (Ann asks for a house with three left in the Bank)."""
    out = [Game.new(NAMES, Rules(edition="uk"), seed=3, max_rounds=60),
           Game.new(NAMES, Rules(initial_auction=True), seed=4, max_rounds=30),
           Game.new(NAMES, Rules(double_board="go"), seed=6, max_rounds=30)]
    jailed = setup(NAMES, rules=Rules(jail_card_after_third_throw=True), dice=[(1, 2)],
                   jailed={0: 2}, jail_cards={0: ["chance"]})
    jailed.apply(Roll(0))  # the third failed throw: the fine, or the card
    out.append(jailed)
    arrival = setup(NAMES, rules=Rules(jail_card_on_arrival=True), dice=[(2, 3)],
                    pos=[25, 0, 0], jail_cards={1: ["chance"]})
    arrival.apply(Roll(0))  # Go to Jail, and Bob has a card to sell
    out.append(arrival)
    owners = {s: 0 for s in (37, 39)} | {s: 1 for s in (21, 23, 24, 26, 27, 29, 31, 32, 34)}
    levels = {s: 4 for s in (21, 23, 24, 26, 27, 29)} | {31: 2, 32: 2, 34: 1}
    short = setup(NAMES, owners=owners, levels=levels)
    short.apply(Build(0, 39))
    out.append(short)
    return out


def test_every_decision_kind_reads_right_for_the_decider_and_for_others() -> None:
    """Games of random bots under every preset and house-rule mix, and scenarios: the pending
    decision is asked of its player in the second person ("Buy Boardwalk for $400 or let it go
    to auction?") and told to the others by name ("Waiting for Ann to ..."), and every step's
    events read right for every seat and a spectator."""
    asked: set[str] = set()
    for index, rules in enumerate(_mixes()):
        _walk(Game.new(NAMES, rules, seed=index, max_rounds=40), index, 1500, asked)
    for index, game in enumerate(_scenarios()):
        _walk(game, 100 + index, 600, asked)
    kinds = {cls.__dataclass_fields__["kind"].default for cls in DECISION_TYPES}
    assert kinds == asked, sorted(kinds - asked)


def test_a_deed_the_lander_cannot_pay_for_yet_says_what_to_do() -> None:
    """Buying is offered only once the cash is there (000: "you may buy that property from the
    Bank at its printed price"; the FAQ lets a player mortgage to buy): to a lander short of
    cash the question says how much to raise first, or, when nothing they hold would raise
    it, that the deed goes to auction, instead of asking to buy without a way to."""
    g = setup(dice=[(1, 2)], cash=[49, 1500], owners={sq("Boardwalk"): 0})
    g.apply(Roll(0))  # 0 -> Baltic Avenue, $60
    assert question(g, 0) == ("Raise $11 (sell or mortgage) to buy Baltic Avenue for $60, or "
                              "let it go to auction?")
    assert question(g, 1) == ("Waiting for Ann to raise $11 (sell or mortgage) to buy Baltic "
                              "Avenue for $60, or let it go to auction")
    poor = setup(dice=[(1, 2)], cash=[49, 1500])
    poor.apply(Roll(0))
    assert question(poor, 0) == "Let Baltic Avenue go to auction (its $60 price is out of reach)"


def test_debts_to_several_players_at_once_are_told_as_one_bill() -> None:
    """"You have been elected Chairman of the Board. Pay each player $50." (000's Chance
    card), with $39: the debts are settled one creditor at a time from the drawer's left, and
    the first already says what follows, so that the whole bill can be raised in one go."""
    g = setup(("Ann", "Bob", "Cy"), dice=[(3, 4)], cash=[39, 1500, 1500],
              owners={sq("Baltic Avenue"): 0, sq("Oriental Avenue"): 0},
              chance=["chairman-of-the-board"])
    g.apply(Roll(0))  # 0 -> 7, Chance
    assert g.pending.kind == "raise_funds" and g.pending.then == 50
    assert question(g, 0) == "Raise $61 to pay $50 to Bob and $50 more right after"
    line = debt_line(g, 0, 0)
    assert line is not None and line.endswith(", then $50 more, and have $39: $61 still to raise")
    g.apply(Mortgage(0, sq("Oriental Avenue")))  # $50: Bob is paid, Cy's debt is next
    assert g.cash == [39, 1550, 1500] and g.pending.then == 0
    assert question(g, 0) == "Raise $11 to pay $50 to Cy"
