"""The game state: every fact of a game in plain lists and ints, including its randomness.

Nothing here is hidden in a module: the PRNG (its full state), the order of both decks and any
scripted dice are fields, so a state serialises to JSON and a game replays bit for bit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, TypeVar

from passgo.core.board import Board, rules_board
from passgo.core.chance import TWO_D6, Chance
from passgo.core.events import FINE, INCOME_TAX, INCOME_TAX_PERCENT, JAIL_FINE, LUXURY_TAX, Event
from passgo.core.frames import AuctionFrame, Frame, InitialFrame, SealedFrame, TurnFrame
from passgo.core.history import History
from passgo.core.rules import CLASSIC, HOT_PATH_OPTIONS, Rules

HOTEL: Final = 5  # the level of a street with a hotel (0-4 = number of houses)
# Double hotels (`Rules.double_hotels`) extend the scale: 6-9 = a hotel and 1-4 houses on it,
# 10 = two hotels. On this scale (houses per hotel is 4) a level is also its rank for even
# building and its worth in houses, so `rank` and `units` need no special case.
TWO_HOTELS: Final = 10
BANK: Final = -1  # the owner or creditor that is the Bank
BANK_NAME: Final = "Bank"  # how positions name the Bank as a lender; no player may take it
MAX_PAID: Final = 10**9  # a bound on a price paid for a building (no auction comes near it)
BANK_LOAN: Final = 500  # one Bank loan (`Rules.bank_loans`): "a $500 loan"
# Agreements in force from the terms of trades (`terms.py`), each a list of ints:
# [kind, number, giver, receiver, a, b, c, *squares]. Immunity and rent share: a = percent,
# b = unit (0: landings, 1: turns), c = landings left, or the turn number at which it ends.
# Loan: a = owed, b = due round, c = the amount lent. Partnership: a = the colour group.
IMMUNITY, LOAN_TERM, SHARE, PARTNER = 0, 1, 2, 3
S = TypeVar("S", bound="GameState")


def houses_at(level: int) -> int:
    """Houses standing on a street at this level (a hotel's turned-in houses are not)."""
    if level < HOTEL:
        return level
    return level - HOTEL if level < TWO_HOTELS else 0


def hotels_at(level: int) -> int:
    """Hotels standing on a street at this level."""
    if level < HOTEL:
        return 0
    return 1 if level < TWO_HOTELS else 2


# What the rules make of a deed's printed figures, as pure functions: the engine asks them for
# the squares of a game, and planners that have rules but no game (analyses, bots) ask them
# directly rather than keep copies of the rules.


def building_levels(rules: Rules) -> tuple[int, ...]:
    """The levels a street of a complete group goes up through, one building bought at a time
    (as `SellDown` counts them): none, each house up to `Rules.houses_per_hotel`, the hotel,
    and with `Rules.double_hotels` the houses on the hotel and the second hotel. Reaching
    `levels[k]` takes k purchases at the street's house price (a hotel is one, its houses
    turned in)."""
    houses = tuple(range(rules.houses_per_hotel + 1))
    if rules.double_hotels:
        return (*houses, *range(HOTEL, TWO_HOTELS + 1))
    return (*houses, HOTEL)


def street_rent(rents: Sequence[int], level: int, whole_group: bool) -> int:
    """The rent of a street with the printed `rents` (unimproved, one to four houses, hotel)
    at a building `level` (see `building_levels`); `whole_group`: its owner owns the whole
    colour group."""
    if not level:
        # Double rent on unimproved streets of a complete group, "even if another property in
        # that color-group is mortgaged".
        return rents[0] * 2 if whole_group else rents[0]
    if level <= HOTEL:
        return rents[level]
    # Double hotels: "Rent must be paid on all buildings on a property" - read as the hotel
    # rent plus the rent of the buildings above it: a hotel and k houses pays the hotel rent
    # plus the k-house rent, two hotels twice the hotel rent.
    if level >= TWO_HOTELS:
        return 2 * rents[HOTEL]
    return rents[HOTEL] + rents[level - HOTEL]


def starting_cash(rules: Rules, board: Board) -> int:
    """The cash each player starts with: `Rules.starting_cash`, else the edition's (000: "Each
    player is given $1500")."""
    return rules.starting_cash or board.starting_cash


def deed_price(rules: Rules, printed: int) -> int:
    """What the Bank sells a deed printed at `printed` for: the printed price, twice it with
    `Rules.double_prices` ("All property costs twice the face value.")."""
    return printed * 2 if rules.double_prices else printed


class GameState:
    """All mutable facts of one game. The rules engine (`game.py` and friends) changes it."""

    __slots__ = (
        "rules",
        "board",
        "names",
        "n",
        "cash",
        "pos",
        "jailed",
        "jail_turns",
        "alive",
        "cards",
        "owner",
        "level",
        "paid",
        "mortgaged",
        "bank_houses",
        "bank_hotels",
        "decks",
        "frames",
        "current",
        "doubles",
        "dice",
        "rng",
        "dice_script",
        "bank_flow",
        "claims",
        "turns",
        "rounds",
        "max_turns",
        "max_rounds",
        "over",
        "winner",
        "end_reason",
        "seed",
        "history",
        "events",
        "reason",
        "setup",
        "order",
        "house_rules",
        "pot",
        "pot_sources",
        "tax_man",
        "go_passed",
        "loans",
        "loans_repayable",
        "lift_costs",
        "contracts",
        "agreements_made",
        "time_called",
        "angel",
        "resting",
        "chance",
    )

    def __new__(cls: type[S], *args: Any, **kwargs: Any) -> S:
        """A bare state, which `__init__` fills or `clone` copies into. Declared because a class
        compiled by mypyc without its own `__new__` runs `__init__` on every allocation."""
        return super().__new__(cls)

    def __init__(self, rules: Rules, names: list[str], seed: int) -> None:
        board = rules_board(rules)
        n = len(names)
        self.rules = rules
        self.board: Board = board
        self.names = list(names)
        self.n = n  # number of seats (players out of the game keep theirs)
        start = starting_cash(rules, board)
        self.cash = [start] * n
        self.pos = [0] * n
        self.jailed = [False] * n
        self.jail_turns = [0] * n
        self.alive = [True] * n
        # Get Out of Jail Free cards held: (deck, card index) pairs.
        self.cards: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        nsq = len(board.squares)
        self.owner = [BANK] * nsq
        self.level = [0] * nsq
        # 000: houses and hotels "may be sold back to the Bank at any time for one-half the
        # price paid for them". A building bought at a shortage auction may have cost anything,
        # so a street carrying one keeps the price paid for each of its houses' worth of
        # buildings (`units`), the latest on top: those sold go first (`take_refund`). Every
        # other building cost the normal price, and streets with only those are not listed.
        self.paid: dict[int, list[int]] = {}
        self.mortgaged = [False] * nsq
        self.bank_houses = board.houses
        self.bank_hotels = board.hotels
        # Card indices in draw order, top card first; a held jail card is in no deck. A card
        # printed twice (the nearest-Railroad card) is one index twice: the copies are alike.
        self.decks: list[list[int]] = [
            [board.card_index(deck, card.id)[0] for card in cards]
            for deck, cards in enumerate(board.decks)
        ]
        self.frames: list[Frame] = [TurnFrame("roll", 0)]
        self.current = 0
        self.doubles = 0
        self.dice: tuple[int, int] = (0, 0)
        self.rng = random.Random(seed)
        self.dice_script: list[tuple[int, int]] = []
        # Net money the Bank has taken in since each player held the edition's starting cash;
        # players' cash + bank_flow is constant.
        self.bank_flow = n * (board.starting_cash - start)
        # Rent not yet asked for (rules.rent_claim): [lander, owner, square, amount, last turn
        # in which the owner may still ask].
        self.claims: list[list[int]] = []
        self.turns = 0
        self.rounds = 0
        self.max_turns: int | None = None
        self.max_rounds: int | None = None
        self.over = False
        self.winner: int | None = None
        self.end_reason = ""
        self.seed = seed
        # Every action applied, in order; shared with copies up to its latest actions.
        self.history = History()
        self.events: list[Event] = []
        # The one-line reason given with the action being applied (`Game.apply`), which the
        # events of a player's own choice carry (`Purchased.reason`, ...); "" when none.
        self.reason = ""
        self.setup: dict[str, Any] = {}
        # Seats in order of play when it is not the seating order (`Rules.order_auction`);
        # empty: play passes from each seat to the next.
        self.order: list[int] = []
        # House rules of the 004 catalogue (all inert under the classic rules). `house_rules`:
        # one of those that hook into throwing, moving and landing is on (`house_rules.py`); the
        # classic rules test only this flag on those hot paths.
        self.house_rules = _house_rules(rules)
        # the Free Parking pot (`Rules.free_parking_jackpot`). Its money counts as the Bank's
        # in `bank_flow` (paid in: the Bank took it; taken: the Bank paid it), so the ledger
        # `sum(cash) + bank_flow` stays constant; `pot_sources` are the payment reasons that go
        # into it instead of the Bank's till.
        self.pot = 0
        self.pot_sources: frozenset[str] = (
            _pot_sources(rules, board) if rules.free_parking_jackpot else frozenset()
        )
        self.tax_man = 0  # square of the Bank's token (`Rules.tax_man`)
        self.go_passed = False  # some player has passed GO (kept only for `Rules.first_to_go`)
        # Bank loans (`Rules.bank_loans`): $500 loans outstanding per player, and how many of
        # them may be repaid (the holder has passed GO since taking them).
        self.loans = [0] * n
        self.loans_repayable = [0] * n
        # What lifting each deed's mortgage costs (value plus interest): fixed by the board
        # and the rules, asked for on every listing of business.
        self.lift_costs = tuple(sq.mortgage + self.interest(sq.index) for sq in board.squares)
        # Terms of trades in force (`Rules.immunity`, `Rules.player_loans`; layout above),
        # and how many agreements have been made (the next one's number).
        self.contracts: list[list[int]] = []
        self.agreements_made = 0
        # The end by time (`timing.py`): time has been called (under `Rules.sudden_death`: the
        # Angel of Death's option is open), and the seat of the Angel of Death (-1: none; a
        # secret that no view shows to anyone else).
        self.time_called = False
        self.angel = -1
        # Two tokens (`Rules.two_tokens`): the square of each player's other token, the one
        # not moved this turn (`pos` is always the token in play; the two swap as a turn ends).
        self.resting = [0] * n
        # A caller's view of the throws and draws (`chance.py`): none unless one is attached.
        self.chance: Chance | None = None

    # -- copying -----------------------------------------------------------------------------

    def clone(self: S) -> S:
        """An independent copy of the state (search and what-if analysis copy games millions
        of times): lists are copied, frames copied with their lists, the PRNG gets its own
        state; immutable values (rules, board, actions) are shared."""
        c = type(self).__new__(type(self))
        for name in _FLAT_LISTS:
            setattr(c, name, getattr(self, name)[:])
        for name in _NESTED_LISTS:
            setattr(c, name, [x[:] for x in getattr(self, name)])
        for name in _SHARED:
            setattr(c, name, getattr(self, name))
        c.frames = [f.copy() for f in self.frames]
        c.history = self.history.copy()  # its chunks shared: as cheap at 45,000 actions as at 0
        c.setup = dict(self.setup)
        c.paid = {sq: prices[:] for sq, prices in self.paid.items()} if self.paid else {}
        c.events = []
        rng = random.Random.__new__(random.Random)
        rng.setstate(self.rng.getstate())
        c.rng = rng
        c.chance = None  # a copy is nobody's: whoever wants to watch it attaches a Chance
        return c

    # -- chance ------------------------------------------------------------------------------

    def throw(self) -> tuple[int, int]:
        """Two dice: the next scripted throw if any, else from the game's own PRNG."""
        if self.dice_script:
            return self.dice_script.pop(0)
        if self.chance is not None:
            chosen = self.chance.throw(TWO_D6)
            if chosen is not None:
                return chosen
        x = int(self.rng.random() * 36)  # one draw gives both dice, uniformly
        return (x // 6 + 1, x % 6 + 1)

    def take_card(self, deck: int) -> int:
        """The top card of `deck`, taken off it (an attached `chance` may choose it first)."""
        cards = self.decks[deck]
        if self.chance is not None:
            self.chance.draw(cards, deck)
        return cards.pop(0)

    # -- derived facts the rules use -----------------------------------------------------------

    def owns_group(self, player: int, group: int) -> bool:
        owner = self.owner
        # A loop, not all(): cheaper on two or three squares, and rent asks on every landing.
        for sq in self.board.groups[group]:  # noqa: SIM110
            if owner[sq] != player:
                return False
        return True

    def partners(self, player: int, group: int) -> tuple[int, ...]:
        """Who builds together with `player` in colour `group`: the members of a partnership
        in force there (`Rules.partnerships`: they own every street of it between them), or
        the player alone."""
        for t in self.contracts:
            if t[0] == PARTNER and t[4] == group and player in (t[2], t[3]):
                members = (t[2], t[3])
                owner = self.owner
                if all(owner[sq] in members for sq in self.board.groups[group]):
                    return members
        return (player,)

    def rank(self, level: int) -> int:
        """Building level on the even-building scale (a hotel ranks one above full houses;
        with double hotels, levels 6-10 rank as themselves: one building more each)."""
        return self.rules.houses_per_hotel + 1 if level == HOTEL else level

    def units(self, level: int) -> int:
        """Houses' worth of a level: a hotel counts as its houses turned in plus one (with
        double hotels a hotel and k houses is 5 + k, two hotels 10)."""
        return self.rules.houses_per_hotel + 1 if level == HOTEL else level

    def paid_for(self, sq: int) -> int:
        """The price paid for the buildings on street `sq`: their "cost price" (000, Income
        Tax) or "purchase price" (000, the Short Game), the printed cost for each houses'
        worth except what `paid` keeps."""
        prices = self.paid.get(sq) if self.paid else None
        if prices is None:
            return self.units(self.level[sq]) * self.board.squares[sq].house_cost
        return sum(prices)

    def refund_above(self, sq: int, level: int) -> int:
        """What the Bank pays for the buildings of street `sq` above `level`: "one-half the
        price paid for them" (000), each houses' worth rounded down on its own, so that a
        sale pays the same one building at a time or all at once (the latest bought go
        first)."""
        prices = self.paid.get(sq) if self.paid else None
        if prices is None:
            half = self.board.squares[sq].house_cost // 2
            return (self.units(self.level[sq]) - self.units(level)) * half
        return sum(p // 2 for p in prices[self.units(level):])

    def take_refund(self, sq: int, level: int) -> int:
        """`refund_above`, as the buildings above `level` leave the street."""
        refund = self.refund_above(sq, level)
        prices = self.paid.get(sq) if self.paid else None
        if prices is not None:
            del prices[self.units(level):]
            cost = self.board.squares[sq].house_cost
            if all(p == cost for p in prices):
                del self.paid[sq]
        return refund

    def paid_problem(self, sq: int, prices: Any) -> str | None:
        """Why `prices` cannot be the prices paid for the buildings now on street `sq` (from a
        save or a position), or None: one whole number up to `MAX_PAID` per houses' worth."""
        if not isinstance(prices, list) or not all(
                type(p) is int and 0 <= p <= MAX_PAID for p in prices):
            return f"the prices paid must be a list of whole numbers from 0 to {MAX_PAID}"
        units = self.units(self.level[sq])
        name = self.board.squares[sq].name
        if not units:
            return f"{name} carries no buildings to have paid for"
        if len(prices) != units:
            many = "s" if units > 1 else ""
            return (f"{name}'s buildings are worth {units} house{many}: give {units} "
                    f"price{many} paid, not {len(prices)}")
        return None

    def add_paid(self, sq: int, units: int, price: int) -> None:
        """`units` houses' worth of buildings join street `sq` for `price` in all (split
        evenly, the remainder on the first). Called before its level rises."""
        cost = self.board.squares[sq].house_cost
        prices = self.paid.get(sq)
        if prices is None:
            if price == units * cost:
                return
            prices = self.paid[sq] = [cost] * self.units(self.level[sq])
        share, extra = divmod(price, units)
        prices.append(share + extra)
        prices.extend([share] * (units - 1))
        if all(p == cost for p in prices):
            del self.paid[sq]

    def interest(self, square: int) -> int:
        """Mortgage interest on a deed, rounded up to whole money (Utilities: 75 -> 8)."""
        value = self.board.squares[square].mortgage * self.rules.mortgage_interest_percent
        return -(-value // 100)

    def lift_cost(self, square: int) -> int:
        """The mortgage value plus the interest: what lifting the mortgage costs."""
        return self.lift_costs[square]

    def deed_price(self, square: int) -> int:
        """What the Bank sells the deed on `square` for (`deed_price` of its printed price)."""
        return deed_price(self.rules, self.board.squares[square].price)

    def alive_players(self) -> list[int]:
        return [p for p in range(self.n) if self.alive[p]]

    def seats_from(self, start: int) -> list[int]:
        """Players still in the game, in turn order beginning with `start`."""
        n = self.n
        if self.order:
            order = self.order
            i = order.index(start)
            return [order[(i + k) % n] for k in range(n) if self.alive[order[(i + k) % n]]]
        return [(start + i) % n for i in range(n) if self.alive[(start + i) % n]]

    def left_of(self, seat: int) -> int:
        """The seat that plays after `seat` (in the game or not)."""
        if self.order:
            order = self.order
            return order[(order.index(seat) + 1) % self.n]
        return (seat + 1) % self.n

    def buildings_of(self, player: int, side: int = -1) -> tuple[int, int]:
        """(houses, hotels) standing on the player's streets (of board `side` only, on a
        double board, when it is given)."""
        houses = hotels = 0
        owner, level, ring = self.owner, self.level, self.board.ring
        for sq in self.board.properties:
            if owner[sq] == player and (side < 0 or sq // ring == side):
                lv = level[sq]
                if lv < HOTEL:
                    houses += lv
                else:  # a hotel, and with double hotels the houses or hotel on top of it
                    houses += houses_at(lv)
                    hotels += hotels_at(lv)
        return houses, hotels

    def worth(self, player: int) -> int:
        """Total worth as the Income Tax rule counts it: cash, printed price of every deed
        (mortgaged or not) and the cost price of every building."""
        total = self.cash[player]
        squares = self.board.squares
        for sq in self.board.properties:
            if self.owner[sq] == player:
                total += squares[sq].price + self.paid_for(sq)
        return total

    def valuation(self, player: int) -> int:
        """Worth by the Short Game's count: cash, deeds at the printed price (mortgaged ones at
        half), houses at their price, hotels at their price including the houses turned in."""
        total = self.cash[player]
        squares = self.board.squares
        for sq in self.board.properties:
            if self.owner[sq] == player:
                s = squares[sq]
                total += s.price // 2 if self.mortgaged[sq] else s.price
                total += self.paid_for(sq)
        # A Bank loan (`Rules.bank_loans`) is cash owed back: it counts against the worth, or
        # borrowing just before time is called would win the game. So does a loan from a
        # player (`Rules.player_loans`); one made to a player counts for the lender.
        total -= self.loans[player] * BANK_LOAN
        for t in self.contracts:
            if t[0] == LOAN_TERM:
                if t[3] == player:
                    total -= t[4]
                elif t[2] == player:
                    total += t[4]
        return total

    def liquidation_value(self, player: int) -> int:
        """Cash the player could raise from the Bank alone: buildings sold for half the price
        paid and every unimproved deed mortgaged (with `no_mortgaging`: sold back for half its
        price)."""
        total = self.cash[player]
        squares = self.board.squares
        paid = self.paid
        sell_deeds = self.rules.no_mortgaging
        for sq in self.board.properties:
            if self.owner[sq] == player:
                s = squares[sq]
                if paid and sq in paid:
                    total += self.refund_above(sq, 0)
                else:
                    total += self.units(self.level[sq]) * (s.house_cost // 2)
                if sell_deeds:
                    total += s.price // 2
                elif not self.mortgaged[sq]:
                    total += s.mortgage
        return total

    def spendable(self, player: int) -> int:
        """Cash the player may spend now: what they hold less a winning bid not yet paid (000:
        "The buyer pays the Bank the amount of the bid in cash": the high bidder of an open
        auction keeps that much, and a sealed bid written is held the same way, as are the
        bids written in the initial auction, each of which may win)."""
        cash = self.cash[player]
        if len(self.frames) > 1:
            for f in self.frames:
                if isinstance(f, AuctionFrame):
                    if f.high_bidder == player:
                        cash -= f.high
                elif isinstance(f, SealedFrame):
                    cash -= f.bids.get(player, 0)
                elif isinstance(f, InitialFrame):
                    cash -= sum(sum(row[2::2]) for row in f.written if row[0] == player)
        return cash

    def punished(self, player: int) -> bool:
        """Maximum punishment (`Rules.maximum_punishment`) holds the player: they are in jail,
        and (004) "A player in Jail may not collect rent, buy buildings, participate in any
        auctions, or mortgage property. He or she may only make trades with another player in
        Jail or any player at Just Visiting." (Selling buildings and lifting mortgages stay
        open.)"""
        return self.rules.maximum_punishment and self.jailed[player]

    def owes(self, player: int) -> bool:
        """The player has an unsettled debt somewhere on the stack of decisions."""
        return any(f.tag == "debt" and f.player == player for f in self.frames)


# How `clone` copies each field (a test checks that every slot is named once).
_FLAT_LISTS = ("cash", "pos", "jailed", "jail_turns", "alive", "owner", "level", "mortgaged",
               "dice_script", "order", "loans", "loans_repayable", "resting")
_NESTED_LISTS = ("cards", "decks", "claims", "contracts")
_SHARED = ("rules", "board", "names", "n", "bank_houses", "bank_hotels", "current", "doubles",
           "dice", "bank_flow", "turns", "rounds", "max_turns", "max_rounds", "over", "winner",
           "end_reason", "seed", "house_rules", "pot", "pot_sources", "tax_man", "go_passed",
           "lift_costs", "agreements_made", "time_called", "angel", "reason")
COPIED_FIELDS = frozenset((*_FLAT_LISTS, *_NESTED_LISTS, *_SHARED, "frames", "setup", "paid",
                           "events",
                           "rng", "chance", "history"))


def _house_rules(r: Rules) -> bool:
    """Any option whose hooks sit on the hot paths of throwing, moving and landing
    (`rules.HOT_PATH_OPTIONS`) differs from the classic rules."""
    classic = CLASSIC
    return any(getattr(r, name) != getattr(classic, name) for name in HOT_PATH_OPTIONS)


def _pot_sources(rules: Rules, board: Board) -> frozenset[str]:
    """Reasons of payments to the Bank that go into the Free Parking pot instead: "Any time a
    player must pay a fine or tax" (Income and Luxury Tax, jail fines, the fees, fines and
    repairs of the cards), or the Luxury Tax only ("Some players only put Luxury Tax money
    there")."""
    if rules.free_parking_sources == "luxury_tax":
        return frozenset({LUXURY_TAX})
    from passgo.core.board import PAY, REPAIRS

    cards = {c.id for deck in board.decks for c in deck if c.effect in (PAY, REPAIRS)}
    return frozenset({INCOME_TAX, INCOME_TAX_PERCENT, LUXURY_TAX, JAIL_FINE, FINE,
                      *cards})
