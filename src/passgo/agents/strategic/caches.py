"""What the strategic bot works out once and then looks up: the yardsticks of a rule set, the
odds of landing on each square within the next turns from every square, a layout of the
squares in flat lists, and the boards read from it (the rents a seat may meet and what
mortgaging raises, for one state of owners, buildings and mortgages), shared by every bot of
a process; `Caches` is one bot's hold on those of the rules in play.

Boards are kept as flat lists of ints rather than tuples and dicts: boards are made by the
thousand and kept, and ints are not objects the garbage collector tracks. The classes are plain
(as `valuation.Position` says why) and the values marked `acyclic` for mypyc.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Final

from mypy_extensions import mypyc_attr

from passgo.agents import trading
from passgo.agents.landing import reach
from passgo.agents.valuation import BANK, HOTEL, Position, Valuer, rent_tables
from passgo.core import Game, Rules, street_rent
from passgo.core.board import STREET, rules_board

HORIZON: Final = 80  # rounds of rent a deed is valued at when buying and bidding
FUTURE_CASH: Final = 300  # what the bot counts on earning soon when planning houses
REACH_TURNS: Final = 3  # turns ahead the reserve looks
BOARDS_KEPT: Final = 512  # boards kept per rule set
# A rent and its square in one int (`Board.ranked`): boards have fewer than 256 squares.
SQUARE_BITS: Final = 8
SQUARE_MASK: Final = (1 << SQUARE_BITS) - 1


@cache
def valuers(rules: Rules) -> tuple[Valuer, Valuer]:
    """The yardsticks for one rule set, shared by every bot: (buying and building, trading)."""
    return (Valuer(rules, HORIZON, FUTURE_CASH),
            Valuer(rules, trading.TRADE_HORIZON, trading.FUTURES[0], trading.FUTURES[1:]))


@lru_cache(maxsize=16)
def odds_by_square(rules: Rules) -> tuple[tuple[float, ...], ...]:
    """`reach` under `rules`, by square of the game's board: `[start][sq]`. On a double board
    each start's odds on the edition's board are laid along the figure eight ahead of it (its
    own board up to the shared square, the other board past it)."""
    odds = reach(rules.edition, rules.jail_max_turns, REACH_TURNS)
    board = rules_board(rules)
    if board.overlap < 0:
        return odds
    ring, n = board.ring, len(board.squares)
    laid = []
    for at in range(n):
        here, row = odds[at % ring], [0.0] * n
        for steps in range(ring):
            row[board.walk(at, steps)[0]] += here[(at + steps) % ring]
        laid.append(tuple(row))
    return tuple(laid)


@lru_cache(maxsize=16)
def _boards(rules: Rules) -> Boards:
    """The boards read under one rule set: shared by every bot of a process (see `Board`);
    the rule sets used last only, as a fuzz run plays thousands."""
    return Boards()


class Layout:
    """What `read_board` needs of every square under one rule set, gathered once: reading a
    board then touches lists of ints, not the squares. `groups`: each colour group's streets
    and the cost of a row of houses on it; `rents[sq]`: a street's printed rents, `ladder[sq]`
    the rents its owner can build it up to (the houses the rules allow, then the hotel);
    `mortgage[sq]`: a deed's mortgage value; `others`: the railroads, then the utilities, each
    with the deeds that set its rent (`Board.kin`), its rent table and the factor applied to
    it (a Utility's multiplier times a mean throw)."""

    def __init__(self, rules: Rules) -> None:
        board = rules_board(rules)
        squares = board.squares
        top = rules.houses_per_hotel + 1
        self.groups = [(streets, squares[streets[0]].house_cost * len(streets))
                       for streets in board.groups]
        self.rents = [s.rents for s in squares]
        self.ladder = [s.rents[:top] + s.rents[-1:] if s.kind == STREET else ()
                       for s in squares]
        self.mortgage = [s.mortgage for s in squares]
        self.others = [(sq, board.kin(sq), table, times)
                       for kind, table, times in rent_tables(board) for sq in kind]


@lru_cache(maxsize=16)
def _layout(rules: Rules) -> Layout:
    """The `Layout` of a rule set, made once."""
    return Layout(rules)


@mypyc_attr(acyclic=True)
class Board:
    """What the bots derive from one state of the board (owners, buildings, mortgages):
    cached for every bot of a process, since that state changes far less often than bots
    decide. The deeds an opponent may charge rent on: `fixed` (rent and square as `ranked`
    keeps them) with their `owners`, for deeds whose rent stays as it is, and `threats`, the
    streets their owners can build on, five ints each (square, owner, rent now, cost of a row
    of houses on the group, level; its rents up to a hotel are `ladder[square]`);
    `builders`: (owner, cost of a row of houses) of each group with such streets, two ints
    each; `loans`, by seat: what mortgaging deeds outside complete groups raises;
    `exposure`, by seat: expected rent per turn of walking round the board. `dangers` keeps
    the reserves already worked out on it, and `ranked`, by seat and what the builders can
    build at once, the rents that seat may meet, highest first, with their squares (where
    the seat stands only changes the odds of each), each as one int: `rent << SQUARE_BITS |
    square`."""

    def __init__(self, fixed: list[int], owners: list[int], threats: list[int],
                 builders: list[int], ladder: list[tuple[int, ...]], loans: list[int],
                 exposure: list[float]) -> None:
        self.fixed = fixed
        self.owners = owners
        self.threats = threats
        self.builders = builders
        self.ladder = ladder
        self.loans = loans
        self.exposure = exposure
        self.dangers: dict[tuple[int, int, float, tuple[int, ...]], int] = {}
        self.ranked: dict[tuple[int, tuple[int, ...]], list[int]] = {}


@mypyc_attr(acyclic=True)
class Seen:
    """A board with the lists it was read from (a position's, not changed once made)."""

    def __init__(self, pos: Position, board: Board) -> None:
        self.owner = pos.owner
        self.level = pos.level
        self.mortgaged = pos.mortgaged
        self.seats = len(pos.cash)
        self.board = board


class Boards:
    """The boards read under one rule set (`Caches.board`): `by_key`, by owners, levels,
    mortgages and seats; and `last`, the board given last, since the next bot to decide most
    often sees the same board (one object, replaced whole, so that bots deciding in other
    threads never see half of one board and half of another). `market`: likewise the trading
    market made last (`Caches.market`): the responder to an offer weighs it in the standing
    the proposer priced it in."""

    def __init__(self) -> None:
        self.by_key: dict[bytes, Board] = {}
        self.last: Seen | None = None
        self.market: trading.Market | None = None


class Caches:
    """One bot's hold on what is worked out for the rules of its game: the yardsticks, the
    boards (shared with the other bots of the process), the layout and the landing odds, found
    again when the rules change."""

    def __init__(self) -> None:
        self._rules: Rules | None = None
        self._pair: tuple[Valuer, Valuer] | None = None
        self._boards = Boards()  # those of the rules in play, once a game is seen
        self._layout: Layout | None = None  # the rules' `Layout`, with the boards
        self._odds: tuple[tuple[float, ...], ...] = ()  # `reach` under the rules, once needed

    def valuers(self, g: Game) -> tuple[Valuer, Valuer]:
        """The yardsticks of the game's rules: (buying and building, trading)."""
        # Asked on every decision: compare the rules object by identity before hashing it.
        pair = self._pair
        if pair is None or self._rules is not g.rules:
            self._rules = g.rules
            pair = self._pair = valuers(g.rules)
            self._boards = _boards(g.rules)
            self._layout = _layout(g.rules)
            self._odds = ()
        return pair

    def valuer(self, g: Game) -> Valuer:
        """The yardstick of buying and building."""
        return self.valuers(g)[0]

    def odds(self, g: Game) -> tuple[tuple[float, ...], ...]:
        """`odds_by_square` of the game's rules (asked after `valuers`, on a board)."""
        odds = self._odds
        if not odds:
            odds = self._odds = odds_by_square(g.rules)
        return odds

    def market(self, pos: Position) -> trading.Market:
        """The trading yardstick's `trading.Market` of `pos`: the standing of the market made
        last by any bot of the process when its position had the same deeds, buildings,
        mortgages, cash and players in the game (most decisions between two offers change
        none of them: five list comparisons instead of every player's holding valued again),
        else worked out."""
        valuer = self.valuers(pos.game)[1]
        boards = self._boards
        last = boards.market
        if last is not None and last.pos is pos:
            return last
        like = None
        if last is not None and last.valuer is valuer:
            seen = last.pos
            if (seen.cash == pos.cash and seen.owner == pos.owner and seen.level == pos.level
                    and seen.mortgaged == pos.mortgaged and seen.alive == pos.alive):
                like = last
        market = boards.market = trading.Market(valuer, pos, like=like)
        return market

    def board(self, pos: Position) -> Board:
        """The cached facts of the board as it stands in `pos`."""
        self.valuers(pos.game)  # the boards of the game's rules
        boards = self._boards
        last = boards.last
        if (last is not None and last.seats == len(pos.cash) and last.owner == pos.owner
                and last.level == pos.level and last.mortgaged == pos.mortgaged):
            # The board of the last decision (most change no deed, building or mortgage):
            # three list comparisons instead of a key to make and hash.
            return last.board
        # Owners (the Bank's -1 as 0), levels, mortgages and the number of seats in one bytes
        # object, hashed and compared faster than a tuple of ints (every square's owner and
        # level is below 255). The seats too: a board is shared by the games of a process,
        # whatever their size.
        key = b"".join((bytes([o + 1 for o in pos.owner]), bytes(pos.level),
                        bytes(pos.mortgaged), bytes((len(pos.cash),))))
        by_key = boards.by_key
        board = by_key.get(key)
        if board is None:
            if len(by_key) >= BOARDS_KEPT:
                by_key.clear()
            layout = self._layout
            assert layout is not None  # `valuers` found the game's rules
            board = by_key[key] = read_board(pos, layout, self.valuer(pos.game).model.rate)
        boards.last = Seen(pos, board)
        return board


def read_board(pos: Position, layout: Layout, rate: tuple[float, ...]) -> Board:
    """The `Board` of `pos` (`rate`: the landing rate of each square)."""
    rents, mortgage_of = layout.rents, layout.mortgage
    owners, mortgaged, level = pos.owner, pos.mortgaged, pos.level
    fixed: list[int] = []
    fixed_owners: list[int] = []
    threats: list[int] = []
    builders: list[int] = []
    seats = len(pos.cash)  # as `Caches.board` keys the boards
    loans = [0] * seats
    paid = [0.0] * seats  # expected rent per turn, by the owner it goes to
    for streets, cost in layout.groups:
        first = owners[streets[0]]
        whole = True
        buildable = True
        for sq in streets:
            if owners[sq] != first:
                whole = buildable = False
                break
            if mortgaged[sq]:
                buildable = False
        listed = False  # the group's entry in `builders` is made
        for sq in streets:
            owner = owners[sq]
            if owner == BANK or mortgaged[sq]:
                continue
            if not whole:
                loans[owner] += mortgage_of[sq]
            lv = level[sq]
            rent = street_rent(rents[sq], lv, whole)  # what `game.rent` charges
            paid[owner] += rate[sq] * rent
            if buildable and cost > 0 and lv < HOTEL:
                threats += (sq, owner, rent, cost, lv)
                if not listed:
                    listed = True
                    builders += (owner, cost)
            else:
                fixed.append(rent << SQUARE_BITS | sq)
                fixed_owners.append(owner)
    for sq, kin, table, times in layout.others:
        owner = owners[sq]
        if owner == BANK or mortgaged[sq]:
            continue
        loans[owner] += mortgage_of[sq]
        count = 0
        for o in kin:
            if owners[o] == owner:
                count += 1
        rent = table[min(count, len(table)) - 1] * times if table else 0
        paid[owner] += rate[sq] * rent
        fixed.append(rent << SQUARE_BITS | sq)
        fixed_owners.append(owner)
    total = 0.0
    for owed in paid:
        total += owed  # (a player out of the game owns nothing: it adds 0)
    exposure = [total - owed for owed in paid]
    return Board(fixed, fixed_owners, threats, builders, layout.ladder, loans, exposure)
