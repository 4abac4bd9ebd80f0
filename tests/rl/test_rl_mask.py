"""The action table and its mask are exact: over many random states of many rule sets, every
unmasked index is a legal action that applies, and every legal action the table can express
is unmasked. The expected actions are read from the table's documented labels, not from the
table's own decoding."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from passgo import Game, Rules
from passgo.core import BUSINESS_ACTIONS as BUSINESS
from passgo.core import (
    Action,
    Bid,
    BidDecision,
    Bundle,
    ClaimRent,
    ProposeTrade,
    Repay,
    SealedBidDecision,
    SellDown,
    TradeOffer,
    UseJailCard,
    WantBuildings,
)
from passgo.core.actions import CallTime, LeavePartnership, SmashBoard
from passgo.core.board import load_edition
from passgo.rl.driver import Driver, table_for
from passgo.rl.table import BID_FRACTIONS, ORDER_VALUE, WANT_MAX, ActionTable
from support import RL_REFUSED_OFF, load_fuzz, setup

TABLE = ActionTable(load_edition("us-classic"))


def test_static_labels_are_the_engines_text_of_the_decoded_action() -> None:
    """Every index that needs no state (answers, per-deed actions, `want k`) is labelled with
    the engine's text form of the action it decodes to."""
    game = Game.new(["a", "b", "c"], seed=1)
    checked = 0
    for i, label in enumerate(TABLE.labels()):
        if label.startswith(("bid", "sell-down", "trade:")) or label.startswith("use-card"):
            continue
        for seat in (0, 2):
            assert TABLE.decode(game, seat, i) == Action.parse(label, seat), label
        checked += 1
    assert checked == TABLE.sell_down - (TABLE.want - TABLE.bid_min) - 2


def _template(game: Game, seat: int, label: str) -> TradeOffer | None:
    """The offer a trade label documents, built from its words and the state."""
    words = label.split()
    price = game.board.squares[int(words[2])].price
    if words[1] == "buy":
        sq, k = int(words[2]), float(words[4].rstrip("x"))
        owner = game.owner_of(sq)
        if owner is None or owner == seat:
            return None
        return TradeOffer(seat, owner, Bundle(cash=round(k * price)), Bundle((sq,)))
    if words[1] == "sell":
        sq, offset, k = int(words[2]), int(words[5]), float(words[7].rstrip("x"))
        if game.owner_of(sq) != seat or offset >= game.n:
            return None
        return TradeOffer(seat, (seat + offset) % game.n, Bundle((sq,)),
                          Bundle(cash=round(k * price)))
    mine, theirs = int(words[2]), int(words[4])
    other = game.owner_of(theirs)
    if game.owner_of(mine) != seat or other is None or other == seat:
        return None
    diff = game.board.squares[theirs].price - price
    return TradeOffer(seat, other, Bundle((mine,), max(diff, 0)), Bundle((theirs,),
                                                                      max(-diff, 0)))


def _bid_value(game: Game) -> int:
    match game.pending:
        case BidDecision(item="deed", square=sq) | SealedBidDecision(item="deed", square=sq):
            return game.board.squares[sq].price
        case BidDecision(item="house" | "hotel", square=sq) | SealedBidDecision(
                item="house" | "hotel", square=sq):
            return game.board.squares[sq].house_cost
    return ORDER_VALUE


def _expected(game: Game, seat: int) -> set[int]:
    """The indices the documentation says are legal now, with every window open."""
    labels = table_for(game).labels()
    want: set[int] = set()
    for i, label in enumerate(labels):
        if label.startswith("trade:"):
            offer = _template(game, seat, label)
            if offer is not None and game.trade_problem(offer) is None:
                want.add(i)
    for action in game.legal_actions(seat):
        if isinstance(action, ClaimRent | Repay | LeavePartnership):
            continue  # rent is asked for by the environments; loans name an agreement
        if isinstance(action, Bid):
            span = game.bid_range(seat)
            assert span is not None
            want.add(labels.index("bid min"))
            value = _bid_value(game)
            want.update(labels.index(f"bid {f:g}x") for f in BID_FRACTIONS
                        if span[0] <= round(f * value) <= span[1])
        elif isinstance(action, SellDown):
            want.add(labels.index(f"sell-down {action.group}"))
        elif isinstance(action, UseJailCard) and action.deck is None:
            want.add(labels.index(f"use-card {game.player(seat).jail_cards[0]}"))
        elif isinstance(action, WantBuildings) and action.amount > WANT_MAX:
            continue  # beyond the documented ladder
        else:
            want.add(labels.index(action.text()))
    return want


def _check_state(game: Game, seat: int, apply_each: bool) -> int:
    table = table_for(game)  # the game's own board (editions, six railroads)
    mask = table.mask(game, seat, business=True, trades=True)
    got = set(np.flatnonzero(mask).tolist())
    assert got == _expected(game, seat), game.pending
    for i in got:
        action = table.decode(game, seat, i)
        assert game.is_legal(action), (table.labels()[i], action)
        if apply_each:
            game.copy().apply(action)  # raises if it does not apply
    return len(got)


def _random_states(rules: Rules, players: int, seed: int, steps: int) -> Any:
    """States of a game played by masked random choices, with the deciding seat."""
    driver = Driver(players, rules, max_rounds=60, business_limit=3, offers_per_turn=2)
    driver.start(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if driver.game.over:
            return
        yield driver.game, driver.seat
        driver.act(rng.choice(np.flatnonzero(driver.mask).tolist()))


@pytest.mark.parametrize("preset", ["classic", "hasbro2022", "short-1"])
def test_the_mask_is_exact_under_the_presets(preset: str) -> None:
    unmasked = 0
    for seed in range(3):
        for n, (game, seat) in enumerate(_random_states(Rules.preset(preset), 2 + seed, seed,
                                                         400)):
            unmasked += _check_state(game, seat, apply_each=n % 10 == 0)
    assert unmasked > 1000


def test_the_mask_is_exact_under_random_house_rule_mixes() -> None:
    fuzz = load_fuzz()
    rng = random.Random(12)
    kinds: set[str] = set()
    for seed in range(16):
        _, rules = fuzz.draw_rules(rng)
        rules = rules.with_options(**RL_REFUSED_OFF)  # refused by the environments
        for n, (game, seat) in enumerate(_random_states(rules, 2 + seed % 4, seed, 250)):
            kinds.add(game.pending.kind)
            _check_state(game, seat, apply_each=n % 20 == 0)
    # The mixes reach the house rules' decisions, not only the classic ones.
    assert {"bid", "raise_funds", "trade_reply", "jail", "buy"} <= kinds
    assert len(kinds) >= 10


def test_a_proposal_from_the_mask_reaches_its_responder_as_documented() -> None:
    """A trade index decodes to the documented template (here: buying a deed at 1.5x)."""
    game = Game.new(["a", "b"], Rules.classic().with_options(deal_deeds=3), seed=3)
    owned = [sq for sq in game.board.properties if game.owner_of(sq) == 1]
    label = f"trade: buy {owned[0]} for 1.5x price"
    index = TABLE.labels().index(label)
    action = TABLE.decode(game, 0, index)
    price = game.board.squares[owned[0]].price
    assert action == ProposeTrade(0, TradeOffer(0, 1, Bundle(cash=round(1.5 * price)),
                                                Bundle((owned[0],))))


def test_business_types_of_the_table_are_the_engines_business() -> None:
    """The windows count as business exactly the engine's business actions that the table
    holds (trades and rent claims have windows of their own; repaying a player loan and leaving
    a partnership name an agreement, which the fixed table cannot; the environments end games
    by their round cap, not by calling time; the Sudden death Angel's smash is not in it)."""
    from passgo.rl.table import BUSINESS_TYPES

    assert set(BUSINESS_TYPES) == set(BUSINESS) - {ProposeTrade, ClaimRent, Repay,
                                                      LeavePartnership, CallTime, SmashBoard}


@pytest.mark.parametrize(("cards", "open_decks"), [
    (("chance",), {"chance"}),
    (("community_chest",), {"community_chest"}),
    (("chance", "community_chest"), {"chance", "community_chest"}),
])
def test_a_jailed_seat_may_play_each_kind_of_card_it_holds(
        cards: tuple[str, ...], open_decks: set[str]) -> None:
    """000: "Use the 'Get Out of Jail Free' card if you have it" — one index per deck held."""
    game = setup(jailed={0: 0}, jail_cards={0: cards})
    _check_state(game, 0, apply_each=True)
    mask = TABLE.mask(game, 0, business=True, trades=True)
    labels = TABLE.labels()
    assert {d for d in ("chance", "community_chest")
            if mask[labels.index(f"use-card {d}")]} == open_decks


def test_docs_give_the_tables_index_ranges_and_the_observation_layout() -> None:
    """docs/rl.md's tables follow the code: every index range of the action table and every
    block's offset and width of the observation."""
    from pathlib import Path

    from passgo.rl.observe import LAYOUT, OFFSETS

    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    t = TABLE
    for first, last in [(t.bid_min + 1, t.want - 1), (t.want, t.per_deed - 1),
                        (t.per_deed, t.sell_down - 1), (t.sell_down, t.buy - 1),
                        (t.buy, t.sell - 1), (t.sell, t.swap - 1), (t.swap, t.size - 1)]:
        assert f"| {first}-{last} |" in text
    assert f"`Discrete({t.size})`" in text
    for name, width, _ in LAYOUT:
        assert f"| {OFFSETS[name]} | {width} |" in text, name
