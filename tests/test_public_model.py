"""The public game model (docs/api.md): typed decisions, the read model and its JSON view,
typed refusals of malformed actions, positions anywhere a turn may be exported, trade
counter-offers, and the business listing that agents enumerate every step."""

from __future__ import annotations

import json
import math
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, get_args

import pytest

from passgo import (
    DECISION_TYPES,
    AcceptTrade,
    Action,
    Bid,
    Build,
    BuildHotel,
    Bundle,
    ClaimRent,
    DecisionKind,
    EndTurn,
    Game,
    IllegalActionError,
    Mortgage,
    PositionError,
    ProposeTrade,
    RejectTrade,
    RepayLoan,
    Roll,
    Rules,
    Sell,
    SellDeed,
    SellDown,
    TakeLoan,
    TradeOffer,
    TradeReplyDecision,
    Unmortgage,
    UseJailCard,
)
from passgo.agents import RandomBot
from passgo.core import ViewMemo, business
from passgo.core.events import TradeRejected
from passgo.core.position import parse_position, position_to_toml
from passgo.core.rules import PRESETS
from passgo.core.serialize import state_dict
from passgo.engine_build import engine_build
from support import WRONG_TYPE, assert_illegal, load_fuzz, setup

PRESET_NAMES = sorted(PRESETS)


def random_steps(game: Game, seed: int, steps: int) -> Iterator[int]:
    """Play up to `steps` random legal actions, yielding the step number after each."""
    bots = [RandomBot(seed * 10 + i, business_rate=0.3) for i in range(game.n)]
    for step in range(steps):
        if game.over:
            return
        p = game.pending_player
        game.apply(bots[p].act(game, p))
        yield step


# -- decisions -------------------------------------------------------------------------------


def test_every_decision_kind_has_one_class() -> None:
    """The closed set: one exported class per kind of `DecisionKind`, kinds all different."""
    kinds = [cls.__dataclass_fields__["kind"].default for cls in DECISION_TYPES]
    assert sorted(kinds) == sorted(get_args(DecisionKind))
    assert len(set(kinds)) == len(kinds)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_pending_is_a_typed_decision_read_model_agrees(preset: str) -> None:
    """At every step of random games under every preset: `pending` is the decision class of
    its kind, from the deciding seat, JSON-serialisable; the read model and the view say what
    the engine holds; the view never holds the deck order or the PRNG."""
    by_kind = {cls.__dataclass_fields__["kind"].default: cls for cls in DECISION_TYPES}
    for seed in range(3):
        g = Game.new(["Ann", "Bob", "Cy"], Rules.preset(preset), seed=seed, max_rounds=60)
        bots = [RandomBot(seed * 10 + i, business_rate=0.3) for i in range(3)]
        while not g.over:
            d = g.pending
            assert type(d) is by_kind[d.kind]
            assert d.player == g.pending_player
            json.dumps(d.to_dict())
            for p in range(g.n):
                player = g.player(p)
                assert (player.cash, player.square, player.in_jail, player.bankrupt) == (
                    g.cash[p], g.pos[p], g.jailed[p], not g.alive[p])
            for deed in g.deeds:
                raw = g.owner[deed.square]
                assert deed.owner == (None if raw < 0 else raw)
                assert deed.mortgaged == g.mortgaged[deed.square]
            p = d.player
            g.apply(bots[p].act(g, p))
        view = g.view(0)
        assert view["pending"]["kind"] == "game_over"
        text = json.dumps(view)
        assert "rng" not in text and "dice_script" not in text
        assert str(state_dict(g)["decks"][0])[1:-1] not in text


@pytest.mark.parametrize("rules", [Rules(), Rules(auction="closed"), Rules(sudden_death=True)],
                         ids=["classic", "closed_auction", "sudden_death"])
def test_views_of_every_seat_at_once_are_each_seats_view(rules: Rules) -> None:
    """`views(players)` (what a server sends every seat after an action) is `view(p)` for
    each p, spectator included, at every step of random games: a seat's own sealed bid and
    whether it is the Angel of Death reach that seat's view and no other."""
    for seed in range(3):
        g = Game.new(["Ann", "Bob", "Cy"], rules, seed=seed, max_rounds=40)
        viewers = [2, -1, 0, 1]
        for _ in random_steps(g, seed, 400):
            assert g.views(viewers) == [g.view(p) for p in viewers]


@pytest.mark.parametrize("rules", [Rules(), Rules(double_prices=True)],
                         ids=["classic", "double_prices"])
def test_views_kept_with_a_memo_are_the_views_built_afresh(rules: Rules) -> None:
    """`views(players, memo)` (a server's update after each action) is `views(players)` at
    every step of random games, the deeds traded, built on and mortgaged; the memo reuses the
    deeds' tables exactly while no deed changed owner, buildings or mortgage, and the rules'
    table while the rules are the same object."""
    memo = ViewMemo()
    kept = changed = 0
    for seed in range(3):
        g = Game.new(["Ann", "Bob", "Cy"], rules, seed=seed, max_rounds=60)
        viewers = [0, -1, 2]
        last: list[dict[str, Any]] = []
        before = g.holdings()
        for _ in random_steps(g, seed, 1500):
            views = g.views(viewers, memo)
            assert views == g.views(viewers)
            now = g.holdings()
            if last:
                same = now == before
                assert (views[0]["deeds"] is last[0]["deeds"]) == same
                kept += same
                changed += not same
                assert views[0]["rules"] is last[0]["rules"]
            last, before = views, now
    assert kept > 1000 and changed > 50  # the deeds were seen both kept and made again
    # A new game of the same rules object keeps the rules' table; a game of other rules (other
    # prices: `double_prices`) gets its own, and its own deeds' tables, though its deeds are
    # held as those of the game before.
    start = Game.new(["Ann", "Bob"], rules, seed=0)
    first = start.views([0], memo)[0]
    assert first["rules"] is last[0]["rules"]
    other = Game.new(["Ann", "Bob"], Rules(double_prices=not rules.double_prices), seed=0)
    assert other.holdings() == start.holdings()
    fresh = other.views([0], memo)[0]
    assert fresh == other.view(0) and fresh["rules"] is not first["rules"]
    assert [d["price"] for d in fresh["deeds"]] != [d["price"] for d in first["deeds"]]


@pytest.mark.parametrize("rules", [Rules(), Rules(bank_loans=True)],
                         ids=["classic", "bank_loans"])
def test_the_whole_table_accessors_say_what_the_read_model_says(rules: Rules) -> None:
    """At every step of random games: `seat_table()` is `player(seat)` seat by seat and
    `holdings()` is `deed(square)` deed by deed (the snapshots are the documented facts; the
    whole-table calls are only cheaper), and both hand out fresh lists."""
    for seed in range(3):
        g = Game.new(["Ann", "Bob", "Cy", "Dee"], rules, seed=seed, max_rounds=60)
        for _ in random_steps(g, seed, 3000):
            cash, square, jailed, jail_turns, cards, loans, alive = g.seat_table()
            assert [(cash[p], square[p], jailed[p], jail_turns[p], cards[p], loans[p],
                     not alive[p]) for p in range(g.n)] == [
                (pl.cash, pl.square, pl.in_jail, pl.jail_turns, len(pl.jail_cards), pl.loans,
                 pl.bankrupt) for pl in g.players]
            owner, level, mortgaged = g.holdings()
            for deed in g.deeds:
                sq = deed.square
                assert (None if owner[sq] < 0 else owner[sq], mortgaged[sq]) == (
                    deed.owner, deed.mortgaged)
                assert (level[sq] == 0) == (deed.houses == deed.hotels == 0)
        cash[0] += 1
        square.append(0)
        assert g.seat_table()[0][0] == cash[0] - 1 and len(g.seat_table()[1]) == g.n


def test_a_hotel_reads_as_a_hotel() -> None:
    """The read model counts houses and hotels; the engine's level 5 stays inside."""
    g = setup(owners={37: 0, 39: 0}, levels={37: 5, 39: 4})
    assert (g.deed(37).houses, g.deed(37).hotels) == (0, 1)
    assert (g.houses_on(39), g.hotels_on(39)) == (4, 0)
    assert g.bank.hotels == 11 and g.bank.houses == 32 - 4


def test_a_building_auction_says_its_group() -> None:
    """A building-shortage auction carries the colour group and the square it is for."""
    g = setup(("Ann", "Bob"), cash=[2000, 2000],
              owners={1: 0, 3: 0, 6: 1, 8: 1, 9: 1}, levels={6: 3, 8: 3, 9: 3})
    g.bank_houses = 1  # one house left in the Bank: both want it
    g.apply(Build(0, 1))
    assert g.pending.kind == "build_demand" and g.pending.group == "brown"
    while g.pending.kind == "build_demand":
        d = g.pending
        g.apply(type(g.legal_actions(d.player)[0])(d.player, d.max_wanted))  # type: ignore
    d = g.pending
    assert d.kind == "bid" and d.item == "house" and d.group == "brown" and d.square == 1


# -- malformed actions -----------------------------------------------------------------------


@pytest.mark.parametrize("make", [
    lambda: Roll(True),  # type: ignore[arg-type]
    lambda: Bid(0, float("nan")),  # type: ignore[arg-type]
    lambda: Bid(0, 2.5),  # type: ignore[arg-type]
    lambda: Bid(0, True),  # type: ignore[arg-type]
    lambda: Build(0, "3"),  # type: ignore[arg-type]
    lambda: Mortgage(0, 3.0),  # type: ignore[arg-type]
    lambda: UseJailCard(0, 7),  # type: ignore[arg-type]
    lambda: ProposeTrade(0, TradeOffer(0, 1, Bundle((1,), math.inf))),  # type: ignore[arg-type]
    lambda: ProposeTrade(0, TradeOffer(0, "1", Bundle((1,)))),  # type: ignore[arg-type]
])
def test_wrong_types_are_refused_like_illegal_actions(make: Callable[[], Action]) -> None:
    """A bool, a float (NaN, infinity), a string where a whole number belongs: refused with the
    typed error, and the game is unchanged (its save still loads). The compiled build refuses
    most of them sooner: its typed constructors raise TypeError (a bool still counts as an int
    there, and is refused by `apply`)."""
    g = setup(owners={1: 0}, dice=[(1, 2)])
    g.apply(Roll(0))
    try:
        action = make()
    except TypeError:
        assert engine_build() == "compiled"
    else:
        assert_illegal(g, action)
    Game.from_json(g.to_json())


def test_an_unknown_object_is_refused() -> None:
    g = setup()
    if engine_build() == "compiled":
        with pytest.raises(TypeError, match="Action object expected"):
            g.apply("roll")  # type: ignore[arg-type]
    else:
        with pytest.raises(IllegalActionError, match="unknown action"):
            g.apply("roll")  # type: ignore[arg-type]
    assert g.history == []


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"max_turns": "12"}, WRONG_TYPE), ({"max_rounds": 0}, ValueError),
    ({"seed": 1.5}, WRONG_TYPE), ({"dice": [(0, 3)]}, ValueError),
    ({"dice": [(1, True)]}, ValueError)])
def test_bad_game_arguments_are_value_errors_at_once(
        kwargs: dict[str, Any], error: type[Exception] | tuple[type[Exception], ...]) -> None:
    with pytest.raises(error):
        Game.new(["Ann", "Bob"], **kwargs)


# -- jail cards ------------------------------------------------------------------------------


def test_a_player_holding_both_jail_cards_chooses_which_to_use() -> None:
    """"This card may be kept until needed": each card is used on its own; the one used goes
    back under its own deck."""
    g = setup(jailed={0: 0}, jail_cards={0: ["chance", "community_chest"]})
    options = [a for a in g.legal_actions(0) if isinstance(a, UseJailCard)]
    assert options == [UseJailCard(0, "chance"), UseJailCard(0, "community_chest")]
    cc_before = len(g.decks[1])
    g.apply(UseJailCard(0, "community_chest"))
    assert g.player(0).jail_cards == ("chance",) and not g.player(0).in_jail
    assert len(g.decks[1]) == cc_before + 1
    assert Action.parse("use-card community_chest", 0) == UseJailCard(0, "community_chest")


# -- trades ----------------------------------------------------------------------------------


def test_while_answering_an_offer_a_counter_offer_is_checked_as_one() -> None:
    """One trade at a time: the player answering may counter to the proposer (checked by
    `trade_problem`, made by a proposal or by `CounterTrade`); nobody else may propose."""
    g = setup(("Ann", "Bob", "Cy"), owners={1: 0, 3: 1})
    g.apply(ProposeTrade(0, TradeOffer(0, 1, Bundle((1,)), Bundle((3,)))))
    assert isinstance(g.pending, TradeReplyDecision)
    counter = TradeOffer(1, 0, Bundle((3,)), Bundle((1,), 50))
    assert g.trade_problem(counter) is None
    assert "counter it to its proposer" in str(g.trade_problem(TradeOffer(1, 2, Bundle((3,)))))
    assert "another trade" in str(g.trade_problem(TradeOffer(2, 0, Bundle(), Bundle((1,)))))
    g.apply(ProposeTrade(1, counter))
    assert g.pending.kind == "trade_reply" and g.pending.player == 0
    assert g.pending.offer == counter
    g.apply(AcceptTrade(0))
    assert g.owner_of(1) == 1 and g.owner_of(3) == 0 and g.cash_of(0) == 1450
    assert g.pending.kind == "roll"
    g.apply(ProposeTrade(0, TradeOffer(0, 2, Bundle((3,)))))
    g.apply(RejectTrade(2))
    assert g.trade_problem(TradeOffer(0, 2, Bundle((3,)))) is None


# -- positions -------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_position_names_any_preset(preset: str) -> None:
    """`rules = "NAME"` in a position is that preset; a table is a preset plus options."""
    data = setup().position()
    g = Game.from_position({**data, "rules": preset})
    assert g.rules == Rules.preset(preset)
    table = {"preset": preset, "auction_min_increment": 5}
    assert Game.from_position({**data, "rules": table}).rules == Rules.preset(
        preset).with_options(auction_min_increment=5)
    assert Game.from_position(data, rules=preset).rules == Rules.preset(preset)
    with pytest.raises(PositionError, match="rules"):
        Game.from_position({**data, "rules": "no-such-rules"})


def test_export_import_and_play_on_is_the_game_played_on() -> None:
    """A position taken at the start of a throw or when only the end of a turn is pending,
    imported and played on with the same decisions, is the same game as playing on; the
    round's first player is part of it, so rounds count alike."""
    checked = 0
    for seed in range(12):
        g = Game.new(["Ann", "Bob", "Cy"], seed=seed, max_rounds=80)
        for step in random_steps(g, seed, 400):
            if g.over or g.pending.kind not in ("roll", "jail", "end_turn") or len(g.frames) > 1:
                continue
            if step % 7:
                continue
            text = position_to_toml(g.position())
            again = Game.from_position(parse_position(text), seed=seed)
            assert again.position() == g.position()
            a, b = Game.from_json(g.to_json()), again
            bots_a = [RandomBot(99 + i) for i in range(3)]
            bots_b = [RandomBot(99 + i) for i in range(3)]
            for _ in range(150):
                if a.over:
                    break
                p = a.pending_player
                assert b.pending_player == p
                a.apply(bots_a[p].act(a, p))
                b.apply(bots_b[p].act(b, p))
            assert state_dict(a) == state_dict(b)
            assert (a.round_number, a.turn_number) == (b.round_number, b.turn_number)
            checked += 1
    assert checked >= 20


def test_a_position_says_who_starts_the_round() -> None:
    """Rounds are counted from the round's first player, which a position names: with Bob
    starting the round, Cy's turn does not end it, Ann's does."""

    def play_turn(g: Game) -> None:
        while g.pending.kind != "end_turn":
            g.apply(g.legal_actions(g.pending_player)[-1] if g.pending.kind != "roll"
                    else Roll(g.pending_player))
        g.apply(EndTurn(g.pending_player))

    data = setup(("Ann", "Bob", "Cy")).position()
    g = Game.from_position({**data, "to_move": "Cy", "round_starts": "Bob"})
    play_turn(g)
    assert (g.round_number, g.turn_player) == (0, 0)
    play_turn(g)
    assert (g.round_number, g.turn_player) == (1, 1)
    default = Game.from_position({**data, "to_move": "Cy"})
    play_turn(default)
    assert default.round_number == 1
    with pytest.raises(PositionError, match="round_starts"):
        Game.from_position({**data, "round_starts": "Dee"})


# -- business listing ------------------------------------------------------------------------


BUSINESS_KINDS = (Build, Sell, Mortgage, Unmortgage, BuildHotel, SellDeed, ClaimRent)


@pytest.mark.parametrize("preset", ["classic", "hasbro2022", "short-1"])
def test_business_listing_is_exactly_the_legal_business(preset: str) -> None:
    """`legal_actions` lists exactly the square-valued business that `apply` accepts, loans
    included, for every player, at every step of random games (with the listing's fast path
    and each action's own check as two independent answers)."""
    rules = Rules.preset(preset).with_options(bank_loans=True)
    for seed in range(4):
        g = Game.new(["Ann", "Bob", "Cy"], rules, seed=seed, max_rounds=40)
        for _ in random_steps(g, seed, 300):
            for p in range(g.n):
                listed = {a for a in g.business_actions(p)
                          if isinstance(a, (*BUSINESS_KINDS, TakeLoan, RepayLoan))}
                candidates: set[Action] = {TakeLoan(p), RepayLoan(p)}
                candidates |= {k(p, sq) for k in BUSINESS_KINDS for sq in g.board.properties}
                assert listed == {a for a in candidates if g.is_legal(a)}


RAISING = (Sell, SellDown, Mortgage, SellDeed, TakeLoan)


def test_may_raise_is_the_listing_s_answer() -> None:
    """`business.may_raise` (a debtor's bankruptcy hangs on it) says whether `business_actions`
    lists any business that raises cash from the Bank, for every player at every step of
    random games under random rule mixes: the quick walk and the whole list agree."""
    fuzz = load_fuzz()
    rng = random.Random(11)
    answers: Counter[tuple[bool, bool]] = Counter()
    for seed in range(120):
        _, rules = fuzz.draw_rules(rng)
        g = Game.new([f"p{i}" for i in range(2 + seed % 4)], rules, seed, max_rounds=60)
        for _ in range(500):
            if g.over:
                break
            for p in range(g.n):
                if not g.alive[p]:
                    continue
                listed = any(isinstance(a, RAISING) for a in business.business_actions(g, p))
                assert business.may_raise(g, p) == listed
                answers[listed, g.owes(p)] += 1
            g.apply(fuzz.random_action(g, rng))
    assert min(answers.values()) >= 10, answers  # both answers, by debtors and others


# -- copies ----------------------------------------------------------------------------------


def test_copy_names_every_field_once() -> None:
    """`Game.copy` copies each field of the state by a rule of its own: none is forgotten."""
    from passgo.core.state import COPIED_FIELDS, GameState

    if engine_build() == "compiled":
        pytest.skip("a class compiled by mypyc lists no __slots__ (the pure run checks them)")
    assert set(GameState.__slots__) == COPIED_FIELDS


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_copy_plays_on_as_the_game_and_apart_from_it(preset: str) -> None:
    """A copy taken anywhere is the same game from there on (same state, same dice and cards
    to come) and changing it leaves the original alone, auctions and trades in flight too."""
    for seed in range(3):
        g = Game.new(["Ann", "Bob", "Cy"], Rules.preset(preset), seed=seed, max_rounds=50)
        for step in random_steps(g, seed, 500):
            if step % 37:
                continue
            before = state_dict(g)
            c = g.copy()
            assert state_dict(c) == before
            bots_c = [RandomBot(7 + i) for i in range(3)]
            for _ in range(60):
                if c.over:
                    break
                c.apply(bots_c[c.pending_player].act(c, c.pending_player))
            assert state_dict(g) == before
            replay = Game.from_json(g.to_json())
            bots_r = [RandomBot(7 + i) for i in range(3)]
            for _ in range(60):
                if replay.over:
                    break
                replay.apply(bots_r[replay.pending_player].act(replay, replay.pending_player))
            assert state_dict(replay) == state_dict(c)


def test_a_refusal_can_say_why() -> None:
    """A refusal may carry one line of reason, kept in its text form and its event; a reason
    that would not read back is refused."""
    g = setup(("Ann", "Bob"), owners={1: 0})
    g.apply(ProposeTrade(0, TradeOffer(0, 1, Bundle((1,)), Bundle((), 300))))
    assert_illegal(g, RejectTrade(1, "two\nlines"))
    assert_illegal(g, RejectTrade(1, "x" * 201))
    reject = Action.parse("reject because $300 is more than it earns me", 1)
    assert reject == RejectTrade(1, "$300 is more than it earns me")
    assert reject.text() == "reject because $300 is more than it earns me"
    (event,) = g.apply(reject)
    assert isinstance(event, TradeRejected) and not event.counter
    assert event.reason == "$300 is more than it earns me"


def test_an_action_read_from_its_text_is_checked_by_the_rules_as_apply_checks_it() -> None:
    """`apply_parsed` (a save's replay) refuses what `apply` refuses, with the same reason and
    nothing changed, and carries out what `apply` carries out: at every step of random games,
    every seat's throw, end of turn and the legal actions, each read back from its text."""
    for seed in range(3):
        g = Game.new(["Ann", "Bob", "Cy"], seed=seed, max_rounds=40)
        for _ in random_steps(g, seed, 300):
            if g.over:
                break
            texts = {f"{a.player}:{a.text()}" for a in g.legal_actions()}
            texts |= {f"{p}:{word}" for p in range(g.n) for word in ("roll", "end", "buy")}
            before = state_dict(g)
            for line in sorted(texts):
                who, _, text = line.partition(":")
                action = Action.parse(text, int(who))
                try:
                    g.check(action)
                except IllegalActionError as exc:
                    with pytest.raises(IllegalActionError, match=re.escape(str(exc))):
                        g.apply_parsed(action)
                    assert state_dict(g) == before
                    continue
                copy, twin = g.copy(), g.copy()
                assert copy.apply_parsed(action) == twin.apply(action)
                assert state_dict(copy) == state_dict(twin)
    with pytest.raises(IllegalActionError, match="the game is over"):
        over = Game.new(["Ann", "Bob"], seed=0, max_rounds=1)
        while not over.over:
            over.apply(over.legal_actions()[0])
        over.apply_parsed(Roll(0))
