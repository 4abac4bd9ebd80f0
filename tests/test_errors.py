"""Refusals: corrupt saves, illegal actions, action texts and what a player may see.

* Every kind of corrupt save is refused with `SaveFileError` and a message that says what is
  wrong: not JSON, not a save, another format version, a missing field, a wrong type, a state
  that does not match its history, a history line that is no action or does not replay.
* `IllegalActionError` is a `ValueError` with a message, and an illegal action leaves the state
  untouched (`state_dict` equal before and after), whatever made it illegal.
* Every action's text reads back as the same action (`Action.parse(a.text(), p) == a`).
* `g.view(p)` shows no deck order, PRNG state or scripted dice.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from passgo.agents import BasicBot, RandomBot, play
from passgo.core import (
    Action,
    Bundle,
    DataError,
    Game,
    IllegalActionError,
    PassgoError,
    Rules,
    SaveFileError,
    TradeOffer,
)
from passgo.core.actions import (
    AcceptTrade,
    Bid,
    Build,
    Buy,
    ChooseTax,
    CounterTrade,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    Mortgage,
    Pass,
    PayJailFine,
    ProposeTrade,
    Roll,
    Sell,
    SellDown,
    Unmortgage,
    UseJailCard,
    WantBuildings,
)
from passgo.core.serialize import state_dict
from support import setup, sq

SLOW_OK = [HealthCheck.too_slow]
BOARDWALK, PARK_PLACE = sq("Boardwalk"), sq("Park Place")
MEDITERRANEAN, BALTIC = sq("Mediterranean Avenue"), sq("Baltic Avenue")


def saved_game() -> dict[str, Any]:
    """A save of a game some way in: deeds bought, money moved, a history to replay."""
    g = Game.new(["Ann", "Bob", "Cid"], seed=3, max_rounds=30)
    play(g, [BasicBot(), BasicBot(), BasicBot()], max_steps=80)
    data: dict[str, Any] = json.loads(g.to_json())
    assert len(data["history"]) >= 60 and any(o >= 0 for o in data["state"]["owner"])
    return data


SAVE = saved_game()


def edited(path: tuple[str, ...], value: Any = None, *, delete: bool = False) -> str:
    """The save's JSON text with one field replaced (or deleted)."""
    data = copy.deepcopy(SAVE)
    table = data
    for key in path[:-1]:
        table = table[key]
    if delete:
        del table[path[-1]]
    else:
        table[path[-1]] = value
    return json.dumps(data)


def refused(text: str, *, verify: bool = True) -> str:
    with pytest.raises(SaveFileError) as info:
        Game.from_json(text, verify=verify)
    message = str(info.value)
    assert message and "\n" not in message.strip()
    return message


# -- corrupt saves -------------------------------------------------------------------------


def test_the_intact_save_loads() -> None:
    """The save the other tests damage loads, verified, to its own state (control case)."""
    g = Game.from_json(json.dumps(SAVE))
    assert state_dict(g) == SAVE["state"]


@pytest.mark.parametrize("text", ["", "{nope", "[1, 2", "passgo", "{'format': 1}", "\ufeff{}x"])
def test_not_json_is_refused(text: str) -> None:
    """A file that is not JSON at all: "not valid JSON"."""
    assert "not valid JSON" in refused(text)


@pytest.mark.parametrize(
    "data", [[], None, 5, "passgo-game", {}, {"format": "other-game"}, [SAVE]],
)
def test_json_that_is_not_a_save_is_refused(data: Any) -> None:
    """JSON that is not a passgo save (no or another `format`): "not a passgo saved game"."""
    assert "not a passgo saved game" in refused(json.dumps(data))


@pytest.mark.parametrize("version", [0, 2, 999, "1", None])
def test_another_format_version_is_refused(version: Any) -> None:
    """A save from another save-format version names both versions."""
    message = refused(edited(("version",), version))
    assert "format" in message and repr(version) in message and "reads 1" in message


@pytest.mark.parametrize("key", ["rules", "players", "seed", "setup", "history", "state"])
def test_a_missing_field_is_refused_by_name(key: str) -> None:
    """A save without one of its fields is refused, naming the field."""
    assert repr(key) in refused(edited((key,), delete=True))


CORE_STATE_FIELDS = [
    "cash", "pos", "jailed", "jail_turns", "alive", "owner", "level", "mortgaged", "bank_houses",
    "bank_hotels", "current", "doubles", "bank_flow", "turns", "rounds", "cards", "decks",
    "frames", "claims", "dice", "dice_script", "rng", "over", "winner", "end_reason",
]


@pytest.mark.parametrize("key", CORE_STATE_FIELDS)
def test_a_missing_state_field_is_refused_by_name(key: str) -> None:
    """A state without one of its core fields is refused, naming the field (with or without
    verification: the state cannot even be rebuilt)."""
    assert repr(key) in refused(edited(("state", key), delete=True))
    assert repr(key) in refused(edited(("state", key), delete=True), verify=False)


WRONG_TYPES: list[tuple[tuple[str, ...], Any, str]] = [
    (("players",), 5, "players"),
    (("players",), "ABC", "players"),
    (("players",), [1, 2, 3], "players"),
    (("seed",), "3", "seed"),
    (("seed",), 3.0, "seed"),
    (("seed",), None, "seed"),
    (("seed",), True, "seed"),
    (("setup",), [], "setup"),
    (("setup",), "roll", "setup"),
    (("history",), "0:roll", "history"),
    (("history",), 5, "history"),
    (("history",), [5, 6], "history"),
    (("rules",), "classic", "rules"),
    (("rules",), {"houses_per_hotel": "4"}, "houses_per_hotel"),
    (("state",), [], "state"),
    (("state",), "x", "state"),
    (("state", "cash"), "abc", "cash"),
    (("state", "cash"), 5, "cash"),
    (("state", "cash"), ["a", "b", "c"], "cash"),
    (("state", "cash"), [1.5, 2, 3], "cash"),
    (("state", "owner"), ["x"] * 40, "owner"),
    (("state", "jailed"), [1, 0, 0], "jailed"),
    (("state", "alive"), ["yes", "yes", "yes"], "alive"),
    (("state", "bank_houses"), "3", "bank_houses"),
    (("state", "turns"), 2.5, "turns"),
    (("state", "over"), "no", "over"),
    (("state", "winner"), "Ann", "winner"),
    (("state", "end_reason"), 0, "end_reason"),
    (("state", "frames"), 5, "frames"),
    (("state", "frames"), [{"frame": "no-such-frame"}], "frame"),
    (("state", "rng"), "x", "rng"),
    (("state", "dice"), "ab", "dice"),
    (("state", "cards"), [[["a", "b"]], [], []], "cards"),
]


@pytest.mark.parametrize(("path", "value", "named"), WRONG_TYPES,
                         ids=[".".join(p) + "=" + repr(v)[:12] for p, v, _ in WRONG_TYPES])
@pytest.mark.parametrize("verify", [True, False])
def test_a_field_of_the_wrong_type_is_refused(
    path: tuple[str, ...], value: Any, named: str, verify: bool
) -> None:
    """A field of the wrong type is refused, naming the field, even without verification
    (a name list given as one string, a seed as text, cash as text, ...)."""
    message = refused(edited(path, value), verify=verify)
    assert named in message


@pytest.mark.parametrize(
    "tamper",
    [
        pytest.param(lambda s: s["cash"].__setitem__(0, s["cash"][0] + 1), id="cash"),
        pytest.param(lambda s: s["owner"].__setitem__(s["owner"].index(-1, 1), 0), id="owner"),
        pytest.param(lambda s: s["decks"][0].reverse(), id="deck-order"),
        pytest.param(lambda s: s["rng"][1].__setitem__(0, s["rng"][1][0] ^ 1), id="rng"),
        pytest.param(lambda s: s.__setitem__("bank_flow", s["bank_flow"] - 100), id="bank"),
        pytest.param(lambda s: s["pos"].__setitem__(0, (s["pos"][0] + 1) % 40), id="pos"),
    ],
)
def test_a_tampered_state_does_not_match_its_history(tamper: Callable[[Any], None]) -> None:
    """Verification replays the history from the seed: an edited state (cash, a deed, the deck
    order, the PRNG, the Bank, a token) is refused as altered."""
    data = copy.deepcopy(SAVE)
    tamper(data["state"])
    assert "does not match its history" in refused(json.dumps(data))


def test_a_tampered_first_player_is_refused() -> None:
    """Who plays first is part of what the history must reproduce (it is settled by the
    opening throws: "The player with the highest total starts the play"); an edited or
    impossible seat is refused."""
    first = SAVE["setup"]["first"]
    assert "does not match its history" in refused(edited(("setup", "first"), (first + 1) % 3))
    assert "'first' must be a seat" in refused(edited(("setup", "first"), 7), verify=False)
    assert "'first' must be a seat" in refused(edited(("setup", "first"), "Ann"), verify=False)


@pytest.mark.parametrize("cut", [slice(None, -1), slice(1, None)])
def test_a_cut_history_does_not_match_the_state(cut: slice) -> None:
    """A history with a line missing at the end no longer reaches the saved state; one missing
    its first line does not even replay."""
    message = refused(edited(("history",), SAVE["history"][cut]))
    assert "does not match its history" in message or "does not replay" in message


@pytest.mark.parametrize("line", ["0:fly away", "roll", "x:roll", "0:build", "0:bid lots",
                                  "0:trade 1 give 1 for", "0:tax maybe", "0:"])
def test_a_history_line_that_is_not_an_action(line: str) -> None:
    """A history line that cannot be read as an action is refused with its line number."""
    history = [*SAVE["history"][:3], line, *SAVE["history"][3:]]
    message = refused(edited(("history",), history))
    assert "history line 4" in message and "not an action" in message


def test_a_history_line_that_is_illegal_does_not_replay() -> None:
    """A history line that is an action the rules refuse at that point is refused with its
    line number and the reason."""
    history = list(SAVE["history"])
    who = int(history[3].split(":")[0])
    history.insert(3, f"{(who + 1) % 3}:roll")
    message = refused(edited(("history",), history))
    assert "history line 4" in message and "does not replay" in message and "roll" in message


def test_save_file_error_is_a_value_error() -> None:
    """`SaveFileError` is a `ValueError` (and a `PassgoError`), so callers can catch either."""
    assert issubclass(SaveFileError, ValueError) and issubclass(SaveFileError, PassgoError)


# -- illegal actions -------------------------------------------------------------------------


def test_illegal_action_error_is_a_value_error_with_a_message() -> None:
    """`IllegalActionError` is a `ValueError` (and a `PassgoError`) that says why."""
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(IllegalActionError, PassgoError)
    g = Game.new(["Ann", "Bob"], order="given")
    with pytest.raises(ValueError, match=r"\S") as info:
        g.apply(Roll(1))
    assert isinstance(info.value, IllegalActionError)
    assert "Ann" in str(info.value)


def refuse_and_keep(g: Game, action: Action, reason: str) -> None:
    """The action is refused with a message containing `reason`; nothing changed."""
    before = state_dict(g)
    history = list(g.history)
    text = g.to_json()
    assert not g.is_legal(action)
    assert action not in g.legal_actions(action.player)
    with pytest.raises(IllegalActionError, match=reason):
        g.apply(action)
    assert state_dict(g) == before
    assert g.history == history
    assert g.to_json() == text


def landed_on_boardwalk(cash: int = 1500) -> Game:
    g = setup(dice=[(1, 2)], pos=[36, 0], cash=[cash, 1500])
    g.apply(Roll(0))
    assert g.pending.kind == "buy"
    return g


def test_an_action_by_the_wrong_player_changes_nothing() -> None:
    """Only the player the game waits for answers its decision ("each player in turn throws
    the dice"): Bob may not throw on Ann's turn."""
    g = setup()
    refuse_and_keep(g, Roll(1), "waiting for Ann")
    refuse_and_keep(g, EndTurn(1), "not possible now")


def test_an_answer_to_another_decision_changes_nothing() -> None:
    """An action that answers a decision other than the pending one is refused: no buying, no
    bidding and no ending the turn before the throw; no throwing again while buying."""
    g = setup()
    for action in (Buy(0), Bid(0, 10), EndTurn(0), PayJailFine(0), UseJailCard(0),
                   ChooseTax(0, True), AcceptTrade(0), WantBuildings(0, 1),
                   DeclareBankruptcy(0)):
        refuse_and_keep(g, action, r"\S")
    g = landed_on_boardwalk()
    refuse_and_keep(g, Roll(0), "not possible now")


def test_bids_too_low_or_above_cash_change_nothing() -> None:
    """"The buyer pays the Bank the amount of the bid in cash": a bid above the bidder's cash is
    refused, and so is a bid that does not beat the highest bid."""
    g = landed_on_boardwalk()
    g.apply(Decline(0))
    bidder = g.pending.player
    refuse_and_keep(g, Bid(bidder, 1501), "above your cash")
    refuse_and_keep(g, Bid(bidder, 0), "lowest bid")
    g.apply(Bid(bidder, 100))
    other = g.pending.player
    refuse_and_keep(g, Bid(other, 100), "lowest bid now is 101")
    refuse_and_keep(g, Bid(other, 50), "lowest bid")
    refuse_and_keep(g, Bid(bidder, 150), r"\S")  # not their turn to bid
    g.apply(Pass(other))


def test_uneven_building_changes_nothing() -> None:
    """"You cannot erect more than one house on any one property of any color-group until you
    have built one house on every property of that group.\""""
    g = setup(owners={BOARDWALK: 0, PARK_PLACE: 0}, levels={BOARDWALK: 1})
    refuse_and_keep(g, Build(0, BOARDWALK), "evenly")
    g.apply(Build(0, PARK_PLACE))
    g.apply(Build(0, PARK_PLACE))
    refuse_and_keep(g, Build(0, PARK_PLACE), "evenly")


def test_building_without_the_whole_group_changes_nothing() -> None:
    """"When you own all the properties in a color-group you may buy houses": not before, and
    not on a group with a mortgaged street ("When all the properties of a color-group are no
    longer mortgaged, the owner may begin to buy back houses")."""
    g = setup(owners={BOARDWALK: 0, PARK_PLACE: 1})
    refuse_and_keep(g, Build(0, BOARDWALK), "whole colour group")
    g = setup(owners={BOARDWALK: 0, PARK_PLACE: 0}, mortgaged=[PARK_PLACE])
    refuse_and_keep(g, Build(0, BOARDWALK), "mortgaged")


def test_mortgaging_with_buildings_in_the_group_changes_nothing() -> None:
    """"Before an improved property can be mortgaged, all the buildings on all the properties
    of its color-group must be sold back to the Bank at half price.\""""
    g = setup(owners={BOARDWALK: 0, PARK_PLACE: 0}, levels={BOARDWALK: 1})
    refuse_and_keep(g, Mortgage(0, PARK_PLACE), "sell every building")
    refuse_and_keep(g, Mortgage(0, BOARDWALK), "sell every building")


def test_uneven_selling_changes_nothing() -> None:
    """"All houses on one color-group must be sold one by one, evenly, in reverse of the manner
    in which they were erected.\""""
    g = setup(owners={BOARDWALK: 0, PARK_PLACE: 0}, levels={BOARDWALK: 2, PARK_PLACE: 1})
    refuse_and_keep(g, Sell(0, PARK_PLACE), "evenly")
    refuse_and_keep(g, SellDown(0, "dark_blue", (0, 2)), "evenly")
    refuse_and_keep(g, Sell(0, MEDITERRANEAN), "no building")


def test_trading_what_you_do_not_own_changes_nothing() -> None:
    """A player trades only their own deeds, cash and cards, and no deed of a group with
    buildings: "no property can be sold to another player if buildings are standing on any
    properties of that color-group.\""""
    g = setup(owners={BOARDWALK: 1, MEDITERRANEAN: 0, BALTIC: 0}, levels={MEDITERRANEAN: 1,
              BALTIC: 1}, cash=[100, 1500])
    give_boardwalk = TradeOffer(0, 1, Bundle((BOARDWALK,)), Bundle((), 10))
    refuse_and_keep(g, ProposeTrade(0, give_boardwalk), "does not own")
    too_much = TradeOffer(0, 1, Bundle((), 101), Bundle((BOARDWALK,)))
    refuse_and_keep(g, ProposeTrade(0, too_much), "does not have 101")
    built = TradeOffer(0, 1, Bundle((BALTIC,)), Bundle((), 10))
    refuse_and_keep(g, ProposeTrade(0, built), "sell the buildings")
    card = TradeOffer(0, 1, Bundle((), 0, (0,)), Bundle((), 10))
    refuse_and_keep(g, ProposeTrade(0, card), "Get Out of Jail Free")
    refuse_and_keep(g, ProposeTrade(0, TradeOffer(0, 0, Bundle((), 1))), "another player")
    refuse_and_keep(g, ProposeTrade(0, TradeOffer(0, 1)), "empty")


def test_lifting_a_mortgage_without_the_cash_changes_nothing() -> None:
    """"In order to lift the mortgage, the owner must pay the Bank the amount of the mortgage
    plus 10% interest": $220 for Boardwalk, refused with $219."""
    g = setup(owners={BOARDWALK: 0}, mortgaged=[BOARDWALK], cash=[219, 1500])
    refuse_and_keep(g, Unmortgage(0, BOARDWALK), "220")


def test_bankruptcy_while_assets_cover_the_debt_changes_nothing() -> None:
    """"You are declared bankrupt if you owe more than you can pay": not while selling and
    mortgaging would still cover the debt."""
    g = setup(dice=[(1, 2)], owners={BALTIC: 1, PARK_PLACE: 0}, levels={BALTIC: 0},
              cash=[0, 1500])
    g.apply(Roll(0))  # $4 rent on Baltic Avenue, with no cash but Park Place to mortgage
    assert g.pending.kind == "raise_funds"
    refuse_and_keep(g, DeclareBankruptcy(0), "raise the money")


def test_actions_after_the_game_is_over_change_nothing() -> None:
    """Once the game is over nothing more is legal."""
    g = Game.new(["Ann", "Bob"], seed=4, max_turns=3)
    play(g, [BasicBot(), BasicBot()])
    assert g.over and g.legal_actions(0) == [] and g.legal_actions(1) == []
    refuse_and_keep(g, Roll(g.current), "over")


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW_OK)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6), steps=st.integers(0, 300))
def test_random_illegal_actions_change_nothing(seed: int, n: int, steps: int) -> None:
    """At random points of random games, random actions that are not legal are refused with a
    message and change nothing; those that are legal are among `legal_actions` or business."""
    g = Game.new([f"P{i}" for i in range(n)], seed=seed, max_rounds=30)
    play(g, [RandomBot(seed + i) for i in range(n)], max_steps=steps)
    rng = random.Random(seed)
    makers: list[Callable[[int], Action]] = [
        Roll, Buy, Decline, EndTurn, Pass, PayJailFine, UseJailCard, DeclareBankruptcy,
        AcceptTrade,
        lambda p: Bid(p, rng.randint(-5, 2000)),
        lambda p: Build(p, rng.randint(-1, 41)),
        lambda p: Sell(p, rng.randint(-1, 41)),
        lambda p: Mortgage(p, rng.randint(-1, 41)),
        lambda p: Unmortgage(p, rng.randint(-1, 41)),
        lambda p: WantBuildings(p, rng.randint(-1, 5)),
        lambda p: ChooseTax(p, rng.random() < 0.5),
        lambda p: SellDown(p, rng.choice(("brown", "green", "nowhere")), (0, 0)),
        lambda p: ProposeTrade(p, TradeOffer(p, rng.randint(-1, n), Bundle(
            (rng.randint(0, 39),), rng.randint(0, 3000)), Bundle((), rng.randint(0, 50)))),
    ]
    for _ in range(60):
        action = rng.choice(makers)(rng.randint(-1, n))
        if g.is_legal(action):
            continue
        before = state_dict(g)
        with pytest.raises(IllegalActionError, match=r"\S"):
            g.apply(action)
        assert state_dict(g) == before


# -- action texts ----------------------------------------------------------------------------


HOUSE_RULES = st.fixed_dictionaries({}, optional={
    "dice": st.sampled_from(("choice", "control")),
    "no_mortgaging": st.just(True),
    "instant_hotels": st.just(True),
    "double_hotels": st.just(True),
    "bank_loans": st.just(True),
    "jail_lawyer": st.just(100),
    "auction": st.sampled_from(("closed", "vickrey")),
    "option_to_auction": st.just(True),
    "foreclosure": st.just(True),
    "travelling_railroads": st.sampled_from(("on", "owner_may_forbid")),
    "optional_card_draw": st.just(True),
    "order_auction": st.just(True),
    "rent_claim": st.sampled_from(("before_next_roll", "before_second_roll")),
})


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW_OK)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(2, 8),
    preset=st.sampled_from(("classic", "hasbro2022", "short-1", "short-2")),
    house_rules=HOUSE_RULES,
)
def test_every_legal_action_text_reads_back(
    seed: int, n: int, preset: str, house_rules: dict[str, Any]
) -> None:
    """For every action in `legal_actions` of every player at every step of a random game,
    under the presets and the house rules that bring actions of their own, `Action.parse(
    a.text(), p) == a`: the text form (saves, logs, the terminal) is exact."""
    try:
        rules = Rules.preset(preset).with_options(**house_rules)
    except DataError:
        assume(False)
    g = Game.new([f"P{i}" for i in range(n)], rules, seed, max_rounds=12)
    bots = [RandomBot(seed + i, business_rate=0.3) for i in range(n)]
    seen = 0
    while not g.over and seen < 4000:
        for p in range(n):
            for action in g.legal_actions(p):
                assert Action.parse(action.text(), p) == action, action
                seen += 1
        play(g, bots, max_steps=1)


TRADES = [
    TradeOffer(0, 1, Bundle((39,)), Bundle((), 250)),
    TradeOffer(2, 0, Bundle((1, 3, 5), 10, (0,)), Bundle((), 0, (1, 0))),
    TradeOffer(1, 3, Bundle(), Bundle((12, 28))),
    TradeOffer(0, 7, Bundle((), 1)),
    TradeOffer(3, 2, Bundle((), 0, (1,)), Bundle((6,), 99)),
]


@pytest.mark.parametrize("offer", TRADES, ids=[t.text() for t in TRADES])
def test_trade_texts_read_back(offer: TradeOffer) -> None:
    """Trade offers of every shape (deeds, cash, Get Out of Jail Free cards by deck, nothing on
    one side) round-trip through their text, as proposals and as counter-offers (whose other
    side the engine fills in)."""
    proposal = ProposeTrade(offer.proposer, offer)
    assert Action.parse(proposal.text(), offer.proposer) == proposal
    counter = CounterTrade(offer.proposer, TradeOffer(offer.proposer, -1, offer.give, offer.get))
    assert Action.parse(counter.text(), offer.proposer) == counter
    assert Bundle.parse(offer.give.text()) == offer.give
    assert Bundle.parse(offer.get.text()) == offer.get


def test_trade_text_examples() -> None:
    """The written forms people type: "trade SEAT give ITEMS for ITEMS", items separated by
    commas, "$" before cash, "nothing" for an empty side."""
    action = Action.parse("trade 1 give 39,$50,chance-card for 1,3", 0)
    assert action == ProposeTrade(0, TradeOffer(0, 1, Bundle((39,), 50, (0,)), Bundle((1, 3))))
    assert Action.parse("trade 2 give nothing for $10", 1) == ProposeTrade(
        1, TradeOffer(1, 2, Bundle(), Bundle((), 10)))
    assert Action.parse("bid $25", 0) == Bid(0, 25)


@pytest.mark.parametrize("text", ["", "   ", "fly", "build", "build x", "build 1 2", "bid",
                                  "tax maybe", "trade 1 give 1 for", "trade 1 take 1 for 2",
                                  "trade 1 give 1,hat for 2", "counter give 1", "end now",
                                  "sell-down brown"])
def test_unreadable_action_texts_are_refused(text: str) -> None:
    """Text that is no action raises `IllegalActionError` (a `ValueError`) saying so."""
    with pytest.raises(IllegalActionError, match=r"\S"):
        Action.parse(text, 0)


# -- what a player sees ----------------------------------------------------------------------


def all_keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in all_keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in all_keys(v)}
    return set()


@settings(max_examples=25, deadline=None, suppress_health_check=SLOW_OK)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6), steps=st.integers(0, 200))
def test_a_players_view_hides_the_decks_the_prng_and_the_dice_script(
    seed: int, n: int, steps: int
) -> None:
    """"put the Chance and Community Chest cards face down": a player's view has the public
    state (cash, deeds, the pending decision, how many cards each deck holds) but not the order
    of the decks, the PRNG state or the scripted dice that decide what comes next."""
    dice = [(random.Random(seed).randint(1, 6), 3)] * 5
    g = Game.new([f"P{i}" for i in range(n)], seed=seed, dice=dice, max_rounds=30)
    play(g, [RandomBot(seed + i) for i in range(n)], max_steps=steps)
    full = json.dumps(state_dict(g))
    for p in range(n):
        view = g.view(p)
        assert not all_keys(view) & {"decks", "rng", "dice_script"}
        assert [v["cash"] for v in view["players"]] == g.cash
        assert {d["square"]: d["owner"] for d in view["deeds"]} == {
            sq: (None if g.owner[sq] < 0 else g.owner[sq]) for sq in g.board.properties}
        assert view["deck_sizes"] == {"chance": len(g.decks[0]), "community_chest": len(g.decks[1])}
        assert view["pending"] == g.pending.to_dict()
        text = json.dumps(view)
        internal = state_dict(g)["rng"][1]
        assert json.dumps(internal)[1:-1] not in text
        assert len(text) < len(full)
