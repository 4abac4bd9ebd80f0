"""Property-based invariants of whole games, checked after every single action.

Seeded games are played step by step by bots (mostly `RandomBot`, which wanders into auctions,
forced sales, mortgages, building shortages and bankruptcies, mixed with `BasicBot`, the
`StrategicBot` profiles, a `ChaosBot` that also trades, counters and bids all it has, and a
`BuilderBot` that drives the Bank into building shortages), with other players acting out of
turn, under the classic rules and under random rule switches and presets. After every
action `check_invariants` asserts the facts that must hold in every reachable state:

* money is conserved: the players' cash plus the Bank's net takings never changes, and cash is
  never negative;
* the 32 houses and 12 hotels are all somewhere: on the board or in the Bank, whose stock is
  never negative ("The equipment consists of a board, 2 dice, tokens, 32 houses and 12 hotels");
* buildings stand only on complete, unmortgaged colour groups of one owner, built evenly;
* every deed has one owner, the Bank or a player still in the game;
* a bankrupt player has nothing left;
* every Get Out of Jail Free card is in exactly one place (its deck or one player's hand);
* until the game is over, the player the game waits for has a legal action.

Many short games (low round caps) plus some games played to the end keep the file fast.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from passgo.agents import BasicBot, RandomBot, StrategicBot
from passgo.agents.random_bot import random_offer
from passgo.agents.strategic import PROFILES
from passgo.core import BUSINESS_ACTIONS, Bundle, Game, IllegalActionError, Rules, TradeOffer
from passgo.core.actions import (
    AcceptTrade,
    Action,
    Bid,
    Build,
    CallTime,
    ClaimRent,
    CounterTrade,
    DeclareBankruptcy,
    KeepMortgage,
    Mortgage,
    Pass,
    PlaceBuilding,
    ProposeTrade,
    Roll,
    WantBuildings,
)
from passgo.core.board import JAIL_FREE, STREET, Board
from passgo.core.frames import DONE, CallFrame, DebtFrame, TradeFrame, TurnFrame
from passgo.core.state import (
    BANK,
    HOTEL,
    IMMUNITY,
    LOAN_TERM,
    PARTNER,
    TWO_HOTELS,
    hotels_at,
    houses_at,
)
from support import setup

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")


# -- the invariants --------------------------------------------------------------------------


_BOARD_FACTS: dict[int, tuple[Board, tuple[int, ...], tuple[list[int], ...]]] = {}


def board_facts(board: Board) -> tuple[tuple[int, ...], tuple[list[int], ...]]:
    """(squares that cannot be owned, each full deck's card indices sorted), per board; a card
    printed twice is one index twice."""
    facts = _BOARD_FACTS.get(id(board))
    if facts is None or facts[0] is not board:
        unowned = tuple(sq.index for sq in board.squares if not sq.ownable)
        decks = tuple(
            sorted(board.card_index(d, card.id)[0] for card in cards)
            for d, cards in enumerate(board.decks)
        )
        facts = _BOARD_FACTS[id(board)] = (board, unowned, decks)
    return facts[1], facts[2]


def check_invariants(g: Game, total: int) -> None:
    """Assert every whole-game invariant on the current state (`total`: the money at start)."""
    board = g.board
    squares = board.squares
    n = g.n
    alive = g.alive

    # Money: "The Bank collects all taxes, fines, loans and interest ... The Bank pays salaries
    # and bonuses": every transfer is between players or with the Bank, so the sum is constant.
    assert sum(g.cash) + g.bank_flow == total, "money created or destroyed"
    assert min(g.cash) >= 0, f"negative cash {g.cash}"

    # Ownership: one owner per deed, the Bank or a player still in the game.
    unowned, printed_decks = board_facts(board)
    for sq in unowned:
        assert g.owner[sq] == BANK and g.level[sq] == 0 and not g.mortgaged[sq], sq
    for sq in board.properties:
        owner = g.owner[sq]
        assert owner == BANK or (0 <= owner < n and alive[owner]), (sq, owner)
        if g.level[sq]:
            assert squares[sq].kind == STREET, f"a building on non-street {sq}"

    # Buildings: 32 houses and 12 hotels in all; even building on complete unmortgaged groups.
    # The building house rules (004) loosen this: double hotels (levels 6-10: a hotel with
    # houses, two hotels), uneven buildings, buildings on part of a group (non-monopoly, where
    # a street bought later may leave a player's streets uneven or one of them mortgaged),
    # hotels outside even building (instant hotels), a Bank stock below zero (unlimited).
    rules = g.rules
    houses = hotels = 0
    top_rank = rules.houses_per_hotel + 1
    valid = range(TWO_HOTELS + 1) if rules.double_hotels else (
        *range(rules.houses_per_hotel + 1), HOTEL)
    for group in board.groups:
        levels = [g.level[sq] for sq in group]
        for lv in levels:
            assert lv in valid, (group, levels)
            houses += houses_at(lv)
            hotels += hotels_at(lv)
        if not any(levels):
            continue
        if rules.non_monopoly_building or rules.free_market:
            assert all(g.owner[sq] != BANK for sq in group if g.level[sq]), group
            if rules.free_market:
                # 004 Free market: each owner's streets of a group stay even (evened out
                # when a street joins them).
                for holder in {g.owner[sq] for sq in group}:
                    own = [g.level[sq] for sq in group if g.owner[sq] == holder]
                    ranks = [top_rank if lv == HOTEL else lv for lv in own
                             if not (rules.instant_hotels and lv >= HOTEL)]
                    assert not ranks or max(ranks) - min(ranks) <= 1, (group, levels)
            continue
        owner = g.owner[group[0]]
        # A partnership's two players build on a group they own between them (004
        # Partnerships, `Rules.partnerships`).
        members = g.partners(owner, board.groups.index(group)) if owner != BANK else ()
        assert owner != BANK and all(g.owner[sq] in members for sq in group), (
            f"buildings on group {group} not owned entirely by one player or partnership"
        )
        assert not any(g.mortgaged[sq] for sq in group), f"buildings on mortgaged group {group}"
        if rules.uneven_building:
            continue
        ranks = [top_rank if lv == HOTEL else lv for lv in levels
                 if not (rules.instant_hotels and lv >= HOTEL)]
        assert not ranks or max(ranks) - min(ranks) <= 1, f"uneven building on {group}: {levels}"
    if not rules.unlimited_housing:
        assert g.bank_houses >= 0 and g.bank_hotels >= 0, (g.bank_houses, g.bank_hotels)
    assert houses + g.bank_houses == board.houses, (houses, g.bank_houses)
    assert hotels + g.bank_hotels == board.hotels, (hotels, g.bank_hotels)
    if rules.no_mortgaging:
        assert not any(g.mortgaged), "a mortgage without mortgages"

    # Players out of the game own nothing and hold nothing.
    for p in range(n):
        if not alive[p]:
            assert p not in g.owner, f"bankrupt {p} still owns deeds"
            assert not g.cards[p], f"bankrupt {p} still holds cards"
            assert g.cash[p] == 0, f"bankrupt {p} still has cash"

    # Get Out of Jail Free cards: each in exactly one place. "The 'Get Out of Jail Free' card
    # is held until used and then returned to the bottom of the deck." Every deck plus the
    # cards held from it is the printed deck, once (a card printed twice is one index twice).
    for d, deck in enumerate(g.decks):
        held = [c for p in range(n) for dd, c in g.cards[p] if dd == d]
        for c in held:
            assert board.decks[d][c].effect == JAIL_FREE, f"held card {d}:{c} is no jail card"
        assert sorted(deck + held) == printed_decks[d], (
            f"deck {d} {deck} and held {held} do not make up the deck once"
        )

    # The decision stack.
    turn = g.frames[0]
    assert isinstance(turn, TurnFrame) and turn.player == g.current
    assert not any(isinstance(f, TurnFrame) for f in g.frames[1:])
    # Terms of trades in force bind players still in the game (a loan a bankrupt made is
    # owed to their creditor, who may be the Bank); immunities are on deeds, for a while.
    for kind, number, giver, taker, a, b, c, *deeds in g.contracts:
        assert 0 <= number < g.agreements_made and alive[taker] and giver != taker
        assert giver == BANK or alive[giver], g.contracts
        if kind == LOAN_TERM:
            assert a >= c >= 1 and b >= 1 and not deeds and g.rules.player_loans
        elif kind == PARTNER:
            assert g.rules.partnerships and 0 <= a < len(board.groups) and giver != BANK
            assert sum(t[0] == PARTNER and t[4] == a for t in g.contracts) == 1
        else:
            assert deeds and all(squares[s].ownable for s in deeds) and 1 <= a <= 100
            assert giver != BANK and b in (0, 1) and c >= 1
            assert g.rules.immunity if kind == IMMUNITY else g.rules.profit_sharing
    # Rent waiting to be asked for is between two players still in the game.
    for lander, owner, sq, amount, _last in g.claims:
        assert alive[lander] and alive[owner] and lander != owner, g.claims
        assert squares[sq].ownable and amount > 0, g.claims
    if g.over:
        assert g.legal_actions() == []
        if g.end_reason == "last player standing":
            assert sum(alive) == 1 and g.winner is not None and alive[g.winner]
        elif g.stopped_by_limit:
            assert g.winner is None
        else:  # short and time-limit games: the richest player wins (a tie: nobody)
            assert g.winner is None or alive[g.winner], (g.end_reason, g.winner)
        return
    assert sum(alive) >= 2, "the game goes on with one player left"
    # A player who goes bankrupt on their own turn keeps it only until what they left behind
    # (the Bank's auctions of their deeds) is settled; then the turn passes.
    assert alive[g.current] or turn.stage == DONE, "a bankrupt player's turn goes on"
    top = g.pending
    assert 0 <= top.player < n and alive[top.player], f"waiting for {top.player} ({top.kind})"
    legal = g.legal_actions(top.player)
    assert legal, f"no legal action for {top.player} at {top.kind}"
    if isinstance(top, DebtFrame):
        assert g.cash[top.player] < top.amount, "a payable debt is waiting for a decision"


# -- bots and the game loop ------------------------------------------------------------------


class ChaosBot:
    """A random player that also does what the other bots never do: proposes trades (some of
    them illegal), answers offers with counter-offers, and bids everything it has."""

    name = "chaos"

    def __init__(self, seed: int, business_rate: float = 0.3, trade_rate: float = 0.05) -> None:
        self.rng = random.Random(seed)
        self.inner = RandomBot(seed + 1, business_rate=business_rate)
        self.trade_rate = trade_rate

    def act(self, game: Game, player: int) -> Action:
        rng = self.rng
        top = game.pending
        if rng.random() < self.trade_rate:
            offer = random_offer(game, player, rng)
            if offer is not None:
                if isinstance(top, TradeFrame) and top.player == player:
                    counter = CounterTrade(player, offer)
                    if game.is_legal(counter):
                        return counter
                proposal = ProposeTrade(player, offer)
                if game.is_legal(proposal):
                    return proposal
        if top.kind == "bid" and rng.random() < 0.2:
            span = game.bid_range(player)
            if span is not None:
                return Bid(player, span[1])
        return self.inner.act(game, player)


class BuilderBot:
    """Drives games into building shortages: buys everything, offers cash for the deeds that
    complete its colour groups, accepts every legal offer, and builds whenever it can."""

    name = "builder"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.inner = RandomBot(seed + 1, business_rate=0.05)

    def act(self, game: Game, player: int) -> Action:
        rng = self.rng
        top = game.pending
        legal = game.legal_actions(player)
        answers = [a for a in legal if not isinstance(a, BUSINESS_ACTIONS)]
        if top.kind == "trade_reply" and answers[0].word == "accept":
            return answers[0]
        if top.kind == "buy" and answers[0].word == "buy":
            return answers[0]
        builds = [a for a in legal if a.word == "build"]
        if builds and rng.random() < 0.8:
            return rng.choice(builds)
        if top.kind in ("want", "build_demand") and rng.random() < 0.7:
            return answers[-1]  # want as many as possible
        if rng.random() < 0.1:
            offer = completing_offer(game, player, rng)
            if offer is not None and game.trade_problem(offer) is None:
                return ProposeTrade(player, offer)
        return self.inner.act(game, player)


def completing_offer(g: Game, player: int, rng: random.Random) -> TradeOffer | None:
    """Cash for one deed that another player holds in a group `player` mostly owns."""
    wanted: list[int] = []
    for group in g.board.groups:
        mine = sum(g.owner[sq] == player for sq in group)
        if mine:
            wanted.extend(
                sq for sq in group if g.owner[sq] not in (player, BANK) and mine >= len(group) - 1
            )
    if not wanted:
        return None
    sq = rng.choice(wanted)
    cash = min(g.cash[player], rng.randint(0, 2 * g.board.squares[sq].price))
    return TradeOffer(player, g.owner[sq], Bundle((), cash, ()), Bundle((sq,), 0, ()))


def make_bots(kinds: Sequence[str], seed: int, business_rate: float = 0.1) -> list[Any]:
    bots: list[Any] = []
    for i, kind in enumerate(kinds):
        if kind == "basic":
            bots.append(BasicBot())
        elif kind in PROFILES:
            bots.append(StrategicBot(PROFILES[kind], name=kind))
        elif kind == "builder":
            bots.append(BuilderBot(seed * 31 + i))
        elif kind == "chaos":
            bots.append(ChaosBot(seed * 31 + i, business_rate=business_rate))
        else:
            bots.append(RandomBot(seed * 31 + i, business_rate=business_rate))
    return bots


def run_checked(
    g: Game,
    bots: Sequence[Any],
    max_steps: int,
    *,
    meddle: float = 0.0,
    rng: random.Random | None = None,
) -> Game:
    """Play up to `max_steps` actions, checking every invariant after each one.

    With probability `meddle` a random other player acts out of turn first (business, or a
    trade proposal): "at any time" business must not break anything either."""
    total = sum(g.cash) + g.bank_flow
    check_invariants(g, total)
    rng = rng or random.Random(0)
    for _ in range(max_steps):
        if g.over:
            break
        p = g.pending.player
        action: Action | None = None
        if g.claims and rng.random() < 0.4:
            # Where rent must be asked for, owners usually ask (sometimes late, or never).
            _lander, owner, sq, _amount, _last = rng.choice(g.claims)
            action = ClaimRent(owner, sq)
        elif meddle and rng.random() < meddle:
            action = meddling(g, rng)
        if action is None:
            action = bots[p].act(g, p)
        try:
            g.apply(action)
        except IllegalActionError as exc:  # pragma: no cover - a bot bug or an engine bug
            raise AssertionError(f"bot chose illegal {p}:{action.text()}: {exc}") from exc
        check_invariants(g, total)
    return g


def meddling(g: Game, rng: random.Random) -> Action | None:
    """Something a random player may do out of turn, "at any time": business, a random
    trade, a gift of a mortgaged deed (its interest is due at once) or a demand for cash."""
    q = rng.choice(g.alive_players())
    others = [p for p in g.alive_players() if p != q]
    how = rng.randrange(4)
    if rng.random() < 0.01 and g.is_legal(CallTime(q)):
        return CallTime(q)  # the clock of a game that ends by time
    if how == 0:
        business = [a for a in g.legal_actions(q) if isinstance(a, BUSINESS_ACTIONS)]
        return rng.choice(business) if business else None
    if how == 1:
        offer = random_offer(g, q, rng)
    elif how == 2:
        mortgaged = [sq for sq in g.board.properties if g.owner[sq] == q and g.mortgaged[sq]]
        if not mortgaged or not others:
            return None
        offer = TradeOffer(q, rng.choice(others), Bundle((rng.choice(mortgaged),)))
    else:
        if not others:
            return None
        r = rng.choice(others)
        offer = TradeOffer(q, r, Bundle(), Bundle((), g.cash[r]))
    if offer is None or g.trade_problem(offer) is not None:
        return None
    return ProposeTrade(q, offer)


# -- strategies ------------------------------------------------------------------------------

BOT_KINDS = st.sampled_from(("random", "random", "basic", "chaos", "builder", "strategic",
                             "dealer"))


@st.composite
def rules_variants(draw: st.DrawFn) -> Rules:
    """Any valid rule set over the switches the engine implements, drawn independently
    (presets included)."""
    preset = draw(st.sampled_from(("classic", "hasbro2022", "short-1", "short-2", "time-limit")))
    jail_max = draw(st.integers(1, 3))
    options: dict[str, Any] = {
        "edition": draw(st.sampled_from(("us-classic", "us-2008", "uk"))),
        "income_tax": draw(st.sampled_from(("choice", "flat"))),
        "jail_prepay_turns": draw(st.integers(0, jail_max)),
        "jail_max_turns": jail_max,
        "auction_min_bid": draw(st.sampled_from((1, 1, 10))),
        "auction_min_increment": draw(st.sampled_from((1, 1, 5))),
        "auction_reentry": draw(st.booleans()),
        "houses_per_hotel": draw(st.integers(1, 4)),
        "mortgage_interest_percent": draw(st.sampled_from((0, 10, 10, 25))),
        "bank_bankruptcy_cancels_mortgages": draw(st.booleans()),
        "building_shortage_auctions": draw(st.booleans()),
        "rent_claim": draw(st.sampled_from(("always", "before_next_roll", "before_second_roll"))),
        "hotel_sale": draw(st.sampled_from(("breakdown", "exchange"))),
        "deal_deeds": draw(st.sampled_from((0, 0, 1, 3))),
        "dealt_deeds_paid": draw(st.booleans()),
        "end_after_bankruptcies": draw(st.sampled_from((0, 0, 1, 2))),
        "final_bankruptcy_keeps_buildings": draw(st.booleans()),
        "round_limit": draw(st.sampled_from((0, 0, 5, 20))),
        # House rules of building, deeds and auctions (004).
        "double_hotels": draw(st.booleans()),
        "instant_hotels": draw(st.booleans()),
        "uneven_building": draw(st.booleans()),
        "non_monopoly_building": draw(st.booleans()),
        "free_market": draw(st.booleans()),
        "unlimited_housing": draw(st.booleans()),
        "six_railroads": draw(st.booleans()),
        "no_mortgaging": draw(st.booleans()),
        "foreclosure": draw(st.booleans()),
        "bank_repossession": draw(st.booleans()),
        "auction": draw(st.sampled_from(("open", "closed", "vickrey"))),
        "option_to_auction": draw(st.booleans()),
        "order_auction": draw(st.booleans()),
        # House rules of movement, money and jail (004).
        "dice": draw(st.sampled_from(("standard", "choice", "control"))),
        "travelling_railroads": draw(st.sampled_from(("off", "on", "owner_may_forbid"))),
        "start_at_corners": draw(st.booleans()),
        "first_to_go": draw(st.booleans()),
        "doubling_up": draw(st.booleans()),
        "optional_card_draw": draw(st.booleans()),
        "snake_eyes_bonus": draw(st.sampled_from((0, 500))),
        "box_cars_bonus": draw(st.sampled_from((0, 500))),
        "go_landing_salary": draw(st.sampled_from((0, 400, 500, 686))),
        "starting_cash": draw(st.sampled_from((0, 300, 5000))),
        "free_parking_jackpot": draw(st.booleans()),
        "free_parking_seed": draw(st.sampled_from((0, 500))),
        "free_parking_refill": draw(st.sampled_from((0, 50))),
        "free_parking_sources": draw(st.sampled_from(("fines_and_taxes", "luxury_tax"))),
        "bank_loans": draw(st.booleans()),
        "double_prices": draw(st.booleans()),
        "finders_fee_percent": draw(st.sampled_from((0, 10))),
        "maximum_punishment": draw(st.booleans()),
        "jail_lawyer": draw(st.sampled_from((0, 100))),
        "tax_man": draw(st.booleans()),
        "jail_card_after_third_throw": draw(st.booleans()),
        "jail_card_on_arrival": draw(st.booleans()),
        "utility_rent_throw": draw(st.sampled_from(("arrival", "fresh"))),
        # Terms of trades (004 Flexible negotiations).
        "immunity": draw(st.booleans()),
        "player_loans": draw(st.booleans()),
        "profit_sharing": draw(st.booleans()),
        "partnerships": draw(st.booleans()),
        # The end by time: a clock (time called by `meddling`), sudden death.
        "clock_minutes": draw(st.sampled_from((0, 90))),
        "sudden_death": draw(st.booleans()),
        "sudden_death_rounds": draw(st.sampled_from((0, 3, 10))),
        "two_tokens": draw(st.booleans()),
        "double_board": draw(st.sampled_from(("off", "free_parking", "go"))),
        "double_board_local_cards": draw(st.booleans()),
        "initial_auction": draw(st.booleans()),
        "initial_auction_money": draw(st.sampled_from((10000, 6000))),
    }
    # Draw a subset of the switches on top of a preset, so presets are also played as they are.
    chosen = draw(st.sets(st.sampled_from(sorted(options))))
    if "jail_prepay_turns" in chosen or "jail_max_turns" in chosen:
        chosen |= {"jail_prepay_turns", "jail_max_turns"}
    picked = {k: options[k] for k in chosen}
    # Combinations the rules refuse: double hotels need four houses per hotel, sealed bids
    # have no raises, foreclosure needs mortgages.
    if picked.get("double_hotels"):
        picked["houses_per_hotel"] = 4
    if picked.get("auction", "open") != "open":
        picked["auction_min_increment"] = 1
    if picked.get("no_mortgaging"):
        picked["foreclosure"] = False
    if picked.get("free_market"):
        picked["non_monopoly_building"] = picked["uneven_building"] = False
    if picked.get("dice") == "control":
        picked["snake_eyes_bonus"] = picked["box_cars_bonus"] = 0
    if not picked.get("double_prices"):
        picked["finders_fee_percent"] = 0
    if not picked.get("initial_auction"):
        picked["initial_auction_money"] = 10000
    else:
        picked["deal_deeds"] = picked["starting_cash"] = 0  # (its money is its own)
    if not picked.get("sudden_death"):
        picked["sudden_death_rounds"] = 0
    if picked.get("double_board", "off") == "off":
        picked["double_board_local_cards"] = False
    elif picked.get("edition") == "uk" or picked.get("tax_man"):
        # The second board is the UK one; the tax man cannot choose a board where they meet.
        picked["edition"], picked["tax_man"] = "us-classic", False
    if not picked.get("free_parking_jackpot"):
        picked.update(free_parking_seed=0, free_parking_refill=0,
                      free_parking_sources="fines_and_taxes")
    return Rules.preset(preset).with_options(**picked)


def test_rules_variants_cover_every_option() -> None:
    """The random rule sets above can switch every option `Rules` has (a new option must be
    added there, so that the invariants are checked under it too)."""
    from dataclasses import fields
    from pathlib import Path

    text = Path(__file__).read_text(encoding="utf-8")
    source = text[text.index("def rules_variants"):text.index("def test_rules_variants_cover")]
    missing = [f.name for f in fields(Rules) if f'"{f.name}"' not in source]
    assert missing == []


def hot_start(g: Game, rng: random.Random) -> Game:
    """Deal the deeds at random, build on some complete groups down to a short Bank, mortgage
    some deeds and leave players poor, keeping every invariant: the state of a late game,
    where forced sales, shortages, trades and bankruptcies come thick and fast."""
    board, hph = g.board, g.rules.houses_per_hotel
    players = list(range(g.n))
    for sq in board.properties:
        g.owner[sq] = rng.choice([*players, *players, BANK])
    for group in board.groups:
        owner = g.owner[group[0]]
        if owner == BANK or any(g.owner[sq] != owner for sq in group) or rng.random() < 0.2:
            continue
        # The rank of the most built streets; full rows of houses often, so the Bank runs short.
        top = rng.choice((rng.randint(0, hph + 1), hph, hph))
        for i, sq in enumerate(group):
            rank = top if i == 0 or rng.random() < 0.5 else max(0, top - 1)
            if rank == hph + 1 and g.bank_hotels:
                g.level[sq] = HOTEL
                g.bank_hotels -= 1
            elif 0 < rank <= hph and g.bank_houses >= rank:
                g.level[sq] = rank
                g.bank_houses -= rank
        ranks = [g.rank(g.level[sq]) for sq in group]
        if max(ranks) - min(ranks) > 1:  # the Bank ran short: undo this group
            for sq in group:
                if g.level[sq] == HOTEL:
                    g.bank_hotels += 1
                else:
                    g.bank_houses += g.level[sq]
                g.level[sq] = 0
    for sq in board.properties:
        square = board.squares[sq]
        built = square.group >= 0 and any(g.level[o] for o in board.groups[square.group])
        if g.owner[sq] != BANK and not built and not g.rules.no_mortgaging and rng.random() < 0.3:
            g.mortgaged[sq] = True
    for p in players:
        cash = rng.choice((rng.randint(0, 60), rng.randint(0, 400), g.cash[p]))
        g.bank_flow += g.cash[p] - cash
        g.cash[p] = cash
    for d, deck in enumerate(g.decks):
        for card in list(deck):
            if board.decks[d][card].effect == JAIL_FREE and rng.random() < 0.5:
                deck.remove(card)
                g.cards[rng.choice(players)].append((d, card))
    return g


def new_game(
    n: int, seed: int, rules: Rules | None = None, order: str = "roll", **limits: Any
) -> Game:
    return Game.new(list(NAMES[:n]), rules, seed, order=order, **limits)


# -- tests -----------------------------------------------------------------------------------

# Each property runs in a few chunks (one hypothesis run each) so that `pytest -n 2` spreads them.
SLOW_OK = [HealthCheck.too_slow]


@pytest.mark.parametrize("chunk", range(4))
@settings(max_examples=300, deadline=None, suppress_health_check=SLOW_OK)
@given(
    seed=st.integers(0, 2**32 - 1),
    kinds=st.lists(BOT_KINDS, min_size=2, max_size=8),
    business_rate=st.sampled_from((0.05, 0.1, 0.3, 0.6)),
    rounds=st.integers(1, 10),
)
def test_invariants_many_short_classic_games(
    chunk: int, seed: int, kinds: list[str], business_rate: float, rounds: int
) -> None:
    """Every invariant above holds after every action of many short classic games (2-8
    players; random, basic, strategic, chaos and builder bots), from the opening throws on."""
    g = new_game(len(kinds), seed, max_rounds=rounds)
    run_checked(g, make_bots(kinds, seed, business_rate), max_steps=1500)


@pytest.mark.parametrize("chunk", range(2))
@settings(max_examples=80, deadline=None, suppress_health_check=SLOW_OK)
@given(
    seed=st.integers(0, 2**32 - 1),
    kinds=st.lists(BOT_KINDS, min_size=2, max_size=8),
    rules=rules_variants(),
    business_rate=st.sampled_from((0.1, 0.3, 0.6)),
)
def test_invariants_under_every_rules_switch(
    chunk: int, seed: int, kinds: list[str], rules: Rules, business_rate: float
) -> None:
    """The invariants hold whatever the rule switches and presets say (houses per hotel 1-4
    moves the hotel's rank, shortage auctions on or off, hotels exchanged for houses, rent that
    must be claimed, dealt deeds, the game ending at a bankruptcy or a round limit, ...)."""
    g = new_game(len(kinds), seed, rules, order="given", max_rounds=15)
    run_checked(
        g, make_bots(kinds, seed, business_rate), max_steps=2500, meddle=0.05,
        rng=random.Random(seed),
    )


@pytest.mark.parametrize("chunk", range(2))
@settings(max_examples=150, deadline=None, suppress_health_check=SLOW_OK)
@given(
    seed=st.integers(0, 2**32 - 1),
    kinds=st.lists(st.sampled_from(("random", "chaos", "builder", "basic", "aggressive")),
                   min_size=2, max_size=8),
    rules=st.one_of(st.just(Rules.classic()), rules_variants()),
)
def test_invariants_from_late_game_positions(
    chunk: int, seed: int, kinds: list[str], rules: Rules
) -> None:
    """From random late-game positions (deeds dealt, buildings up, a short Bank, mortgages,
    players nearly broke) with players meddling out of turn (business, trades, gifts of
    mortgaged deeds, demands for cash, rent claimed late), every invariant holds."""
    rng = random.Random(seed)
    g = hot_start(new_game(len(kinds), seed, rules, order="given", max_rounds=8), rng)
    run_checked(g, make_bots(kinds, seed, 0.3), max_steps=1500, meddle=0.2, rng=rng)


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW_OK)
@given(
    seed=st.integers(0, 2**32 - 1),
    kinds=st.lists(BOT_KINDS, min_size=2, max_size=5),
)
def test_invariants_games_played_to_the_end(seed: int, kinds: list[str]) -> None:
    """Whole games to their end (bankruptcies, the Bank's auctions of a bankrupt's deeds,
    "The last player left in the game wins."), or to a 150-round safety limit."""
    g = new_game(len(kinds), seed, max_rounds=150)
    run_checked(g, make_bots(kinds, seed, 0.1), max_steps=60_000)
    assert g.over


TERM_KINDS = st.sampled_from(("random", "random", "chaos", "basic", "strategic", "dealer",
                              "cautious"))


@settings(max_examples=25, deadline=None, suppress_health_check=SLOW_OK)
@given(seed=st.integers(0, 2**32 - 1), kinds=st.lists(TERM_KINDS, min_size=2, max_size=5),
       preset=st.sampled_from(("classic", "short-1", "time-limit")))
def test_every_bot_answers_trades_with_terms(seed: int, kinds: list[str], preset: str) -> None:
    """Under rent immunity, profit sharing, loans between players (004 "Flexible
    negotiations") and partnerships, random bots propose trades with random terms ("The details
    of the immunity are up to the players involved in the trade."; "split the rent from a
    property or set of properties"; "at any agreed upon rate or with any agreed upon
    provisions"; "a partnership with a property group in which they have a monopoly between
    them") and every bot answers them with a legal action; the invariants hold after every
    action."""
    rules = Rules.preset(preset).with_options(immunity=True, player_loans=True,
                                              profit_sharing=True, partnerships=True)
    bots = make_bots(kinds, seed, 0.1)
    for bot in bots:
        if isinstance(bot, RandomBot):
            bot.trade_rate = 0.1
    g = new_game(len(kinds), seed, rules, max_rounds=40)
    run_checked(g, bots, max_steps=6000, meddle=0.05, rng=random.Random(seed))


# -- regressions: engine bugs this suite found -------------------------------------------------


def _apply_all(g: Game, actions: Sequence[Action]) -> None:
    total = sum(g.cash) + g.bank_flow
    for action in actions:
        g.apply(action)
        check_invariants(g, total)


def test_a_debt_during_a_shortage_call_leaves_the_call_to_the_others() -> None:
    """Regression: a shortage call remembers the player asked last as its `player`; when that
    player went bankrupt during the call's auction (receiving a mortgaged deed in a trade and
    unable to pay the interest) the whole call was dropped with them, and the house auction
    above it then crashed with StopIteration on finishing. Such a trade is now refused (the
    receiver "must at once pay the Bank the amount of interest on the loan"), so the player
    takes on the interest as a debt and raises it in the middle of the call instead. "If
    there are a limited number of houses and hotels available and two or more players wish to
    buy more than the Bank has, the houses or hotels must be sold at auction to the highest
    bidder": the auction and the call go on among the others."""
    owners = {1: 0, 3: 0, 31: 0, 32: 0, 34: 0, 26: 0, 27: 0, 29: 0, 21: 0, 23: 0, 24: 0,
              6: 1, 8: 1, 9: 1, 5: 1, 11: 2, 13: 2, 14: 2}
    levels = {31: 4, 32: 4, 34: 4, 26: 4, 27: 4, 29: 4, 21: 2, 23: 2, 24: 2}
    g = setup(("Ann", "Bob", "Pat"), owners=owners, levels=levels, mortgaged=[5],
              cash=[1500, 1500, 300])
    assert g.bank_houses == 2
    # Ann asks for a house; Ann wants 2, Bob 1, Pat (asked last) none: the first is auctioned.
    _apply_all(g, [Build(0, 1), WantBuildings(0, 2), WantBuildings(1, 1), WantBuildings(2, 0)])
    assert g.pending.kind == "bid"
    # Pat may not trade everything for Bob's mortgaged Reading Railroad: she could not pay
    # the interest at once.
    everything = TradeOffer(2, 1, Bundle((11, 13, 14), 300), Bundle((5,)))
    assert "could not pay the $10 interest" in (g.trade_problem(everything) or "")
    # Keeping Virginia Avenue, she may: she owes the $10 and mortgages it to pay.
    offer = TradeOffer(2, 1, Bundle((11, 13), 300), Bundle((5,)))
    _apply_all(g, [ProposeTrade(2, offer), AcceptTrade(1), KeepMortgage(2, 5)])
    assert g.pending.kind == "raise_funds" and g.pending.player == 2
    _apply_all(g, [Mortgage(2, 14)])
    assert g.cash_of(2) == 70 and any(isinstance(f, CallFrame) for f in g.frames)
    # Ann wins the first house at $1 and places it; the second is auctioned too (Ann still
    # wants one, Bob one) and Bob wins it.
    _apply_all(g, [Bid(0, 1), Pass(1)])
    assert g.pending.kind == "place_building" and g.pending.player == 0
    _apply_all(g, [PlaceBuilding(0, 1), Bid(0, 1), Bid(1, 2), Pass(0)])
    assert g.pending.kind == "place_building" and g.pending.player == 1
    _apply_all(g, [PlaceBuilding(1, 6)])
    assert g.level[1] == 1 and g.level[6] == 1 and g.bank_houses == 0
    assert g.pending.kind == "roll"


def test_offer_of_a_player_who_goes_bankrupt_lapses() -> None:
    """Regression: an offer stayed on the table when its proposer went bankrupt before the
    answer (rent claimed from them meanwhile), and accepting it paid cash to a player out of
    the game. "A bankrupt player must immediately retire from the game": their offers lapse."""
    rules = Rules().with_options(rent_claim="before_second_roll")
    g = setup(("Ann", "Bob", "Cid"), rules=rules, dice=[(1, 2)], owners={1: 1, 3: 1},
              levels={1: 5, 3: 5}, cash=[10, 1500, 1500])
    _apply_all(g, [Roll(0)])  # Ann lands on Bob's Baltic Avenue with a hotel: $450 due
    assert g.claims
    gift = TradeOffer(0, 2, Bundle(), Bundle((), 1))
    _apply_all(g, [ProposeTrade(0, gift), ClaimRent(1, 3)])
    assert g.pending.kind == "raise_funds" and g.pending.player == 0
    _apply_all(g, [DeclareBankruptcy(0)])
    assert not any(isinstance(f, TradeFrame) for f in g.frames)
    assert not g.is_legal(AcceptTrade(2))
    assert g.cash[0] == 0 and g.pending.kind == "roll" and g.pending.player == 1
