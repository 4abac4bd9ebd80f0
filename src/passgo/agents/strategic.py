"""The strategic bot: plays the way a strong human does, by prices and probabilities.

* It values deeds by what they earn (`valuation.py`: landing rates times rents over a horizon)
  and compares positions in money, so buying, bidding, trading, building and selling all use one
  yardstick.
* It keeps a cash reserve sized to the rents it may meet before it can next raise money at
  leisure: over its next three turns, the smallest amount the rents on the board (as they stand,
  and as their owners can build them up at once) exceed with probability below its risk
  tolerance, less what mortgaging its deeds outside complete groups would raise (plus the
  `reserve` floor). Early in the game that is the floor alone, so it buys nearly everything;
  once opponents have hotels it holds back enough not to be forced to sell.
* It builds where a dollar earns most, looking ahead to three houses per street, and only with
  cash above the reserve, so it does not build what it would have to sell again.
* Jail: with `jail="auto"` it leaves early (card or fine) while deeds are left to buy and the
  rents it would walk into are small, and stays (throws for doubles) once the board is built up.
* Auctions: it bids a twentieth of the price above the high bid (at least the minimum) up to
  what the deed is worth to it, plus part of what it would be worth to an opponent whose group
  it completes.
* Trades (`trading.py`): it buys and sells deeds for cash and swaps them, in two steps when a
  group is split between two opponents, valuing a trade by what it does for each side against
  the others (the leader's gains weigh most); it accepts offers that are good for it, counters
  those that are not far off, and says why it refuses the others. It sells a deed that
  completes an opponent's group only with a group of its own to build with the money, or
  when no deed has changed hands for `STUCK_ROUNDS` rounds, and asks the buyer's streets of
  groups it has a part of with it. Offers it expects to be refused (no price suits both
  sides as it sees them) ask for a clear advantage, come after the others, and are no longer
  made to a player who refused two such.
* Raising money: it takes the step that loses the least value per dollar raised (a mortgage on a
  deed that earns little, before houses on a group that earns much).
* Decisions that only house rules bring (sealed bids, foreclosures, ...) it answers as the
  basic bot does.

Parameters are exposed as `StrategicParams`; a named set of them is a profile (`PROFILES`).
What the bot computes again and again (the board's rent threats, the landing odds, the value
of building plans) is cached by the state it depends on.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import cache, lru_cache
from typing import Any, Final, assert_never

from mypy_extensions import mypyc_attr

from passgo.agents import trading
from passgo.agents.base import refuse, refuse_unworkable
from passgo.agents.basic import BasicBot, wants_smash
from passgo.agents.landing import reach
from passgo.agents.valuation import (
    BANK,
    HOTEL,
    Holding,
    Position,
    Valuer,
    best_group_step,
    rent_tables,
)
from passgo.core import (
    AcceptTrade,
    Action,
    AllowTravelDecision,
    AskRentDecision,
    AuctionOptionDecision,
    Bid,
    BidDecision,
    Build,
    BuildDemandDecision,
    Buy,
    BuyDecision,
    ChooseRentDecision,
    ChooseTax,
    CounterTrade,
    Decline,
    DrawCardDecision,
    EndTurn,
    EndTurnDecision,
    EnterBoardDecision,
    FineOrChanceDecision,
    ForeclosureBuyDecision,
    ForeclosureOwnerDecision,
    Game,
    GameOverDecision,
    InitialBidsDecision,
    JailCardPurchaseDecision,
    JailDecision,
    JailExitDecision,
    KeepMortgage,
    LawyerDecision,
    LiftMortgage,
    Mortgage,
    MortgagedDeedDecision,
    Pass,
    PayJailFine,
    PlaceBuilding,
    PlaceBuildingDecision,
    ProposeTrade,
    RaiseFundsDecision,
    Roll,
    RollDecision,
    Rules,
    SealedBidDecision,
    Sell,
    SmashBoard,
    TaxDecision,
    TradeOffer,
    TradeReplyDecision,
    TravelDecision,
    Unmortgage,
    UseJailCard,
    WantBuildings,
    street_rent,
)
from passgo.core.board import RAILROAD, STREET, rules_board
from passgo.core.events import TradeAccepted, TradeRejected

JAIL_CHOICES = ("auto", "leave", "stay")
HORIZON: Final = 80  # rounds of rent a deed is valued at when buying and bidding
FUTURE_CASH: Final = 300  # what the bot counts on earning soon when planning houses
# The chance of meeting a rent above the reserve in REACH_TURNS turns, at aggression 1.
RISK: Final = 0.15
REACH_TURNS: Final = 3  # turns ahead the reserve looks
RETRY_TURNS: Final = 24  # the same deeds are not offered to the same player again for this long
# With nothing changed hands, trades are looked for again after this many turns.
SEARCH_TURNS: Final = 24
RESEARCH_TURNS: Final = 8  # after deeds changed hands, after this many (two rounds of four players)
OFFERS_PER_TURN: Final = 2
# Deals newly priced by one search for offers, the most promising first.
PRICED_PER_SEARCH: Final = 3
PROBE_REFUSALS: Final = 2  # a player who refused this many offers it might take is not asked again
# A player who refused this many offers of a kind in a row (offers that give it deeds, or offers
# that give none) is offered that kind again only after a pause that doubles with each further
# refusal, from PAUSE_TURNS up to MAX_PAUSE_TURNS: a partner who takes no offers (a person who
# has said no twice, a bot that only swaps) is not pestered every turn.
FREE_REFUSALS: Final = 2
PAUSE_TURNS: Final = 4
MAX_PAUSE_TURNS: Final = 64
STUCK_ROUNDS: Final = 20  # rounds with every deed owned and none changing hands: the game is stuck
SLACK_PER_ROUND: Final = 0.004  # from then on it accepts a little less than its margin each round
MAX_SLACK: Final = 0.2  # ... down to this share of what a deal is about
PLAN_TURNS: Final = 16  # a plan in two steps is followed this long


@dataclass(frozen=True, slots=True)
class StrategicParams:
    """The strategic bot's character. `reserve`: cash always kept on top of the reserve the
    board's rents call for. `aggression`: scales auction limits and the risk of a big rent the
    bot accepts (1 = neutral). `trade_margin`: how much of a trade's gains the bot wants for
    itself before it agrees (0 <= m < 1), and how little it gives away when it proposes.
    `jail`: "auto", "leave" or "stay"."""

    reserve: int = 50
    aggression: float = 1.0
    trade_margin: float = 0.5
    jail: str = "auto"

    def __post_init__(self) -> None:
        if self.reserve < 0:
            raise ValueError("reserve must be 0 or more")
        if not 0 < self.aggression <= 5:
            raise ValueError("aggression must be above 0 and at most 5")
        if not 0 <= self.trade_margin < 1:
            raise ValueError("trade_margin must be at least 0 and below 1")
        if self.jail not in JAIL_CHOICES:
            raise ValueError(f"jail must be one of {', '.join(JAIL_CHOICES)}")

    def with_options(self, options: dict[str, str]) -> StrategicParams:
        """These parameters with some replaced from text (`{"reserve": "300"}`)."""
        types = {f.name: type(getattr(self, f.name)) for f in fields(self)}
        changes: dict[str, Any] = {}
        for key, text in options.items():
            kind = types.get(key)
            if kind is None:
                raise ValueError(f"unknown option {key!r} (known: {', '.join(types)})")
            try:
                changes[key] = kind(text)
            except ValueError:
                what = {int: "a whole number", float: "a number"}.get(kind, "a word")
                raise ValueError(f"option {key!r} needs {what}, not {text!r}") from None
        return replace(self, **changes)


#: Named profiles: the default, and characters that differ in one or two traits.
PROFILES: dict[str, StrategicParams] = {
    "strategic": StrategicParams(),
    "cautious": StrategicParams(reserve=250, aggression=0.7, trade_margin=0.7),
    "aggressive": StrategicParams(reserve=0, aggression=1.5, trade_margin=0.35),
    "dealer": StrategicParams(trade_margin=0.2),
    "homebody": StrategicParams(jail="stay"),
}


# The answers to throwing the dice and to ending the turn, made once per seat: always legal
# when the game asks for them, so `act` does not check them again.
_ROLLS = tuple(Roll(p) for p in range(8))
_ENDS = tuple(EndTurn(p) for p in range(8))


@cache
def valuers(rules: Rules) -> tuple[Valuer, Valuer]:
    """The yardsticks for one rule set, shared by every bot: (buying and building, trading)."""
    return (Valuer(rules, HORIZON, FUTURE_CASH),
            Valuer(rules, trading.TRADE_HORIZON, trading.FUTURES[0], trading.FUTURES[1:]))


@lru_cache(maxsize=16)
def _odds_by_square(rules: Rules) -> tuple[tuple[float, ...], ...]:
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
def _boards(rules: Rules) -> _Boards:
    """The boards read under one rule set: shared by every bot of a process (see `_Board`);
    the rule sets used last only, as a fuzz run plays thousands."""
    return _Boards()


class _Layout:
    """What `_read_board` needs of every square under one rule set, gathered once: reading a
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
def _layout(rules: Rules) -> _Layout:
    """The `_Layout` of a rule set, made once."""
    return _Layout(rules)


@mypyc_attr(acyclic=True)
class _Board:
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
    the seat stands only changes the odds of each), each as one int: `rent << _SQUARE_BITS |
    square`. Flat lists of ints rather than tuples: boards are made by the thousand and
    kept, and ints are not objects the garbage collector tracks. A plain class, as
    `valuation.Position` says why."""

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
class _Seen:
    """A board with the lists it was read from (a position's, not changed once made)."""

    def __init__(self, pos: Position, board: _Board) -> None:
        self.owner = pos.owner
        self.level = pos.level
        self.mortgaged = pos.mortgaged
        self.seats = len(pos.cash)
        self.board = board


class _Boards:
    """The boards read under one rule set (`_board`): `by_key`, by owners, levels, mortgages
    and seats; and `last`, the board given last, since the next bot to decide most often
    sees the same board (one object, replaced whole, so that bots deciding in other threads
    never see half of one board and half of another)."""

    def __init__(self) -> None:
        self.by_key: dict[bytes, _Board] = {}
        self.last: _Seen | None = None


_BOARDS_KEPT: Final = 512  # boards kept per rule set
# A rent and its square in one int (`_Board.ranked`): boards have fewer than 256 squares.
_SQUARE_BITS: Final = 8
_SQUARE_MASK: Final = (1 << _SQUARE_BITS) - 1


class StrategicBot:
    """See the module docstring. One instance plays one seat of one game."""

    def __init__(self, params: StrategicParams | None = None, name: str = "strategic") -> None:
        self.params = params or StrategicParams()
        self.name = name
        self._rules: Rules | None = None
        self._pair: tuple[Valuer, Valuer] | None = None
        self._boards = _Boards()  # those of the rules in play, once a game is seen
        self._layout: _Layout | None = None  # the rules' `_Layout`, with the boards
        self._odds: tuple[tuple[float, ...], ...] = ()  # `reach` under the rules, once needed
        self._offered: dict[bytes, int] = {}  # by `Proposal.key`: the turn it was made
        self._offers_this_turn = (-1, 0)
        self._limit: tuple[tuple[int, int, str], int] | None = None
        # The ownership and turn of the last search for offers, and the offers it priced.
        self._search: tuple[list[int], int, list[trading.Proposal]] | None = None
        # (turn, partner, probing, giving deeds) of the last offer made; partner -1 once the
        # answer has been learnt from.
        self._proposed: tuple[int, int, bool, bool] = (-1, -1, False, False)
        # By seat and whether deeds are given: offers refused that it might have taken.
        self._stubborn: dict[tuple[int, bool], int] = {}
        # By seat and whether deeds are given: offers refused in a row (counter-offers aside),
        # and the turn of the last.
        self._refusals: dict[tuple[int, bool], tuple[int, int]] = {}
        # (turn, actions in the history, reserve) when it last built: the next house of the
        # same turn needs no new look at offers or rents.
        self._spree: tuple[int, int, int] = (-1, -1, 0)
        self._last_reserve: tuple[Position | None, int, int] = (None, -1, 0)
        # The ownership of every deed, and the round since which it has not changed.
        self._locked: tuple[list[int], int] | None = None
        # Deals priced lately, by partner and deeds: (turn priced, the offer or None).
        self._priced: dict[tuple[Any, ...], tuple[int, trading.Proposal | None]] = {}
        self._countered: tuple[int, int] = (-1, -1)  # (turn, partner) of the last counter
        self._plan: tuple[int, tuple[int, ...], int, tuple[int, ...], int] | None = None
        self._baseline = BasicBot(reserve=self.params.reserve)

    # -- the decision --------------------------------------------------------------------------

    def act(self, game: Game, player: int) -> Action:
        if game.time_called and wants_smash(game, player):
            return SmashBoard(player)
        action = self._decide(game, player)
        if action is _ROLLS[player] or action is _ENDS[player] or game.is_legal(action):
            return action
        # A house rule forbids what the bot's judgement assumes (no mortgages, say): the
        # baseline's answer instead.
        return self._baseline.act(game, player)

    def _decide(self, g: Game, player: int) -> Action:
        match g.pending:
            case RollDecision():
                return _ROLLS[player]
            case EndTurnDecision():
                return self._business(g, Position.of(g), player) or _ENDS[player]
            case JailDecision() as jail:
                return self._jail(Position.of(g), player, jail)
            case BuyDecision(square=sq, price=price):
                return self._buy(Position.of(g), player, sq, price)
            case BidDecision() as bid:
                return self._bid(g, player, bid)
            case RaiseFundsDecision(amount=amount):
                return self._raise(g, Position.of(g), player, amount)
            case TaxDecision(flat=flat):
                return ChooseTax(player, g.percent_tax(player) < flat)
            case TradeReplyDecision(offer=offer, problem=problem):
                return self._reply(g, Position.of(g), player, offer, problem)
            case MortgagedDeedDecision(square=sq, lift_cost=cost):
                if g.cash_of(player) - cost >= self._reserve(Position.of(g), player):
                    return LiftMortgage(player, sq)
                return KeepMortgage(player, sq)
            case BuildDemandDecision(square=sq, min_wanted=low, max_wanted=high):
                cost = g.board.squares[sq].house_cost
                spare = g.cash_of(player) - self._reserve(Position.of(g), player)
                return WantBuildings(player, max(low, min(high, spare // cost if cost else high)))
            case PlaceBuildingDecision(squares=squares):
                return PlaceBuilding(player, self._best_street(Position.of(g), list(squares)))
            case (FineOrChanceDecision() | SealedBidDecision() | ForeclosureOwnerDecision()
                  | ForeclosureBuyDecision() | AuctionOptionDecision() | InitialBidsDecision()
                  | TravelDecision()
                  | AllowTravelDecision() | AskRentDecision() | ChooseRentDecision()
                  | EnterBoardDecision()
                  | DrawCardDecision() | LawyerDecision()
                  | JailExitDecision() | JailCardPurchaseDecision()):
                # Decisions of house rules it has no judgement of its own for: the baseline's.
                return self._baseline.act(g, player)
            case GameOverDecision():
                raise ValueError("the game is over: there is nothing to decide")
            case other:
                assert_never(other)

    # -- money ---------------------------------------------------------------------------------

    def _valuers(self, g: Game) -> tuple[Valuer, Valuer]:
        # Asked on every decision: compare the rules object by identity before hashing it.
        pair = self._pair
        if pair is None or self._rules is not g.rules:
            self._rules = g.rules
            pair = self._pair = valuers(g.rules)
            self._boards = _boards(g.rules)
            self._layout = _layout(g.rules)
            self._odds = ()
        return pair

    def _valuer(self, g: Game) -> Valuer:
        return self._valuers(g)[0]

    def reserve(self, g: Game, player: int) -> int:
        """Cash to keep: the `reserve` floor plus the rent that the next three turns reach with
        probability above the bot's risk tolerance, less what mortgaging deeds outside
        complete groups would raise."""
        return self._reserve(Position.of(g), player)

    def _board(self, pos: Position) -> _Board:
        """The cached facts of the board as it stands in `pos`."""
        self._valuers(pos.game)  # the boards of the game's rules
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
            if len(by_key) >= _BOARDS_KEPT:
                by_key.clear()
            board = by_key[key] = self._read_board(pos)
        boards.last = _Seen(pos, board)
        return board

    def _read_board(self, pos: Position) -> _Board:
        g = pos.game
        layout = self._layout
        assert layout is not None  # `_board` asked `_valuers` for the game's rules
        rents, mortgage_of = layout.rents, layout.mortgage
        owners, mortgaged, level = pos.owner, pos.mortgaged, pos.level
        fixed: list[int] = []
        fixed_owners: list[int] = []
        threats: list[int] = []
        builders: list[int] = []
        seats = len(pos.cash)  # as `_board` keys the boards
        loans = [0] * seats
        paid = [0.0] * seats  # expected rent per turn, by the owner it goes to
        rate = self._valuer(g).model.rate
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
                    fixed.append(rent << _SQUARE_BITS | sq)
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
            fixed.append(rent << _SQUARE_BITS | sq)
            fixed_owners.append(owner)
        total = 0.0
        for owed in paid:
            total += owed  # (a player out of the game owns nothing: it adds 0)
        exposure = [total - owed for owed in paid]
        return _Board(fixed, fixed_owners, threats, builders, layout.ladder, loans, exposure)

    def _reserve(self, pos: Position, player: int) -> int:
        last = self._last_reserve
        if last[0] is pos and last[1] == player:
            return last[2]
        reserve = self._work_out_reserve(pos, player)
        self._last_reserve = (pos, player, reserve)
        return reserve

    def _work_out_reserve(self, pos: Position, player: int) -> int:
        g = pos.game
        board = self._board(pos)
        cash = pos.cash
        at = g.square_of(player)
        tolerance = RISK * self.params.aggression
        # What the owners of buildable groups can build at once changes with their cash.
        builders = board.builders
        bumps = tuple([cash[builders[i]] // builders[i + 1]
                       for i in range(0, len(builders), 2)])
        key = (player, at, tolerance, bumps)
        danger = board.dangers.get(key)
        if danger is None:
            danger = board.dangers[key] = self._danger(g, board, player, bumps, at, tolerance)
        # Deeds outside complete groups can be mortgaged at little cost when a big rent
        # comes: that loan is part of the reserve, so cash need not cover it.
        return self.params.reserve + max(0, danger - board.loans[player])

    def _danger(self, g: Game, board: _Board, player: int, bumps: tuple[int, ...], at: int,
                tolerance: float) -> int:
        """The rent the next turns reach from `at` with a probability above `tolerance`
        (`bumps`: what the owner of each group that can be built on can build at once)."""
        seen = board.ranked.get((player, bumps))
        if seen is None:
            seen = board.ranked[(player, bumps)] = self._rents_met(g, board, player)
        if not seen:
            return 0
        odds = self._odds
        if not odds:
            odds = self._odds = _odds_by_square(g.rules)
        here = odds[at]
        tail = 0.0
        for met in seen:
            tail += here[met & _SQUARE_MASK]
            if tail > tolerance:
                return met >> _SQUARE_BITS
        return 0

    @staticmethod
    def _rents_met(g: Game, board: _Board, player: int) -> list[int]:
        """The rents `player` may meet on the board, highest first, with their squares (as
        `_Board.ranked` keeps them: ints sort faster than pairs, in the same order, and
        are not objects the garbage collector tracks)."""
        seen = []
        fixed, owners = board.fixed, board.owners
        for i in range(len(fixed)):
            if owners[i] != player:
                seen.append(fixed[i])
        threats, ladder = board.threats, board.ladder
        for i in range(0, len(threats), 5):
            owner = threats[i + 1]
            if owner == player:
                continue
            sq, rent, cost, rank = threats[i], threats[i + 2], threats[i + 3], threats[i + 4]
            rents = ladder[sq]
            # The owner builds evenly with the cash it has: rent soon, not just now.
            rank = min(len(rents) - 1, rank + g.cash_of(owner) // cost)
            seen.append(max(rent, rents[rank]) << _SQUARE_BITS | sq)
        seen.sort(reverse=True)
        return seen

    def _exposure(self, pos: Position, player: int) -> float:
        """Expected rent per turn of walking round the board as it stands."""
        return self._board(pos).exposure[player]

    # -- jail, buying, auctions ----------------------------------------------------------------

    def _jail(self, pos: Position, player: int, jail: JailDecision) -> Action:
        policy = self.params.jail
        if policy == "auto":
            unowned = sum(1 for sq in pos.game.board.properties if pos.owner[sq] == BANK)
            exposure = self._exposure(pos, player)
            policy = "stay" if exposure > 40 or (unowned < 3 and exposure > 15) else "leave"
        if policy == "leave":
            if jail.cards:
                return UseJailCard(player)
            if jail.may_pay_fine and pos.cash[player] - jail.fine >= self.params.reserve:
                return PayJailFine(player)
        if pos.game.rules.dice != "standard":
            return self._baseline.act(pos.game, player)
        return Roll(player)

    def _deed_gain(self, pos: Position, player: int, sq: int) -> _DeedGain:
        """What owning `sq` adds to the bot's position, plus a share of what it is worth to an
        opponent whose group it would complete (keeping it from them), by the price paid."""
        g = pos.game
        valuer = self._valuer(g)
        earn = valuer.earn(pos)
        cash = pos.cash[player]
        before = valuer.worth(valuer.holding(pos, player), cash, earn)
        owner = list(pos.owner)
        owner[sq] = player
        after = valuer.holding(pos, player, owner)
        denied = 0.0
        square = g.board.squares[sq]
        if square.kind == STREET:
            streets = g.board.groups[square.group]
            others = {pos.owner[o] for o in streets if o != sq}
            if len(others) == 1:
                rival = others.pop()
                if rival not in (BANK, player):
                    owner[sq] = rival
                    theirs = valuer.value(pos, rival, owner) - valuer.value(pos, rival)
                    opponents = max(1, sum(pos.alive) - 1)
                    denied = max(0.0, theirs - valuer.price[sq]) / opponents
        return _DeedGain(valuer, after, cash, earn, before, denied)

    def _buy(self, pos: Position, player: int, sq: int, price: int) -> Action:
        cash = pos.cash[player]
        if cash < price:
            return Decline(player)
        gain = self._deed_gain(pos, player, sq).at(price)
        if gain >= 0 and cash - price >= self._reserve(pos, player):
            return Buy(player)
        # Below the reserve, buy only what matters a lot (it can be mortgaged if need be).
        if gain >= price / 2 and cash - price >= self.params.reserve:
            return Buy(player)
        return Decline(player)

    def _bid(self, g: Game, player: int, bid: BidDecision) -> Action:
        key = (g.turn_number, bid.square, bid.item)
        if self._limit is None or self._limit[0] != key:
            self._limit = (key, self._auction_limit(g, player, bid))
        limit = min(self._limit[1], g.cash_of(player) - self.params.reserve)
        low = bid.min_bid
        if low > limit:
            return Pass(player)
        # Raise in steps of a twentieth of the deed's price (a building's cost), not by the
        # least the rules allow: an auction takes a few dozen bids, not hundreds.
        square = g.board.squares[bid.square]
        step = max(1, (square.price if bid.item == "deed" else square.house_cost) // 20)
        return Bid(player, max(low, min(limit, bid.high + step)))

    def _auction_limit(self, g: Game, player: int, bid: BidDecision) -> int:
        """The highest bid at which winning is still worth it."""
        if bid.item != "deed":
            cost = g.board.squares[bid.square].house_cost
            return int(cost * (1 + self.params.aggression) / 2)
        pos = Position.of(g)
        gain = self._deed_gain(pos, player, bid.square)
        low, high = 0, pos.cash[player]
        while high - low > 2:
            mid = (low + high) // 2
            if gain.at(mid) >= 0:
                low = mid
            else:
                high = mid
        return int(low * self.params.aggression)

    # -- business at the end of the turn -------------------------------------------------------

    def _business(self, g: Game, pos: Position, player: int) -> Action | None:
        history = g.history
        spree = self._spree
        if (spree[0] == g.turn_number and spree[1] == len(history) - 1
                and type(history[-1]) is Build and history[-1].player == player):
            # The next house of the same turn: its own building changes neither the offers
            # worth making nor the rents it may meet, so neither is looked at again.
            reserve = spree[2]
        else:
            self._answered(g)
            offer = self._offer(g, pos, player)
            if offer is not None:
                return ProposeTrade(player, offer)
            owner, mortgaged = pos.owner, pos.mortgaged
            if not any(owner[sq] == player and mortgaged[sq] for sq in g.board.properties) and (
                    not any(pos.group_buildable(player, gi)
                            for gi in range(len(g.board.groups)))):
                return None  # nothing to build on or to lift: no need to know the reserve
            reserve = self._reserve(pos, player)
        action = self._spend(g, pos, player, pos.cash[player] - reserve)
        self._spree = (g.turn_number, len(history), reserve) if type(action) is Build else (
            -1, -1, 0)
        return action

    def _spend(self, g: Game, pos: Position, player: int, spare: int) -> Action | None:
        """Lifting mortgages and building with the cash above the reserve."""
        if spare <= 0:
            return None
        # Lift mortgages that stop a complete group from being built on.
        squares = g.board.squares
        for gi, streets in enumerate(g.board.groups):
            if pos.owns_group(player, gi):
                for sq in streets:
                    if pos.mortgaged[sq] and g.lift_cost(sq) <= spare:
                        return Unmortgage(player, sq)
        build = self._build(g, pos, player, spare)
        if build is not None:
            return build
        if spare > 2 * self.params.reserve + 200:
            for sq in g.board.properties:
                if (pos.owner[sq] == player and pos.mortgaged[sq]
                        and g.lift_cost(sq) <= spare - 200 and squares[sq].price):
                    return Unmortgage(player, sq)
        return None

    def _build(self, g: Game, pos: Position, player: int, spare: int) -> Action | None:
        groups = [gi for gi in range(len(g.board.groups)) if pos.group_buildable(player, gi)]
        if not groups:
            return None
        model = self._valuer(g).model
        steps = [min(model.max_steps[gi], sum(pos.rank(pos.level[sq])
                                              for sq in g.board.groups[gi])) for gi in groups]
        buildable: set[int] | None = None  # asked of the game once a group is chosen
        while groups:
            i = best_group_step(model, steps, groups, spare)
            if i < 0:
                return None
            if buildable is None:
                buildable = set(g.buildable_squares(player))
            options = [sq for sq in g.board.groups[groups[i]] if sq in buildable]
            if options:
                return Build(player, self._best_street(pos, options))
            del groups[i], steps[i]  # the Bank's stock stops this group: try the next best
        return None

    def _best_street(self, pos: Position, options: list[int]) -> int:
        """The street where one more building adds the most rent."""
        g = pos.game
        rate = self._valuer(g).model.rate
        squares = g.board.squares
        hph = g.rules.houses_per_hotel
        level = pos.level

        def added(sq: int) -> float:
            rents = squares[sq].rents
            lv = min(level[sq], hph + 1)
            if lv > hph:
                return 0.0
            now = rents[min(lv, len(rents) - 1)]
            nxt = rents[-1] if lv == hph else rents[min(lv + 1, len(rents) - 1)]
            return rate[sq] * (nxt - now)

        return max(options, key=added)

    # -- trades --------------------------------------------------------------------------------

    def _offer(self, g: Game, pos: Position, player: int) -> TradeOffer | None:
        """The best offer worth making now, not made recently to the same player. Offers are
        priced when deeds have changed hands (or every `SEARCH_TURNS` turns, as cash
        changes), and the priced list serves until then."""
        turn, made = self._offers_this_turn
        turns = g.turn_number
        if turn == turns and made >= OFFERS_PER_TURN:
            return None
        owners = pos.owner  # (a position's lists are not changed once made)
        search = self._search
        moved = search is not None and search[0] != owners
        # Its deeds changed by a trade (not a purchase from the Bank): the prices are stale.
        mine = search is not None and moved and any(
            (a == player) != (b == player) and b != BANK
            for a, b in zip(owners, search[0], strict=True))
        if mine:
            self._priced.clear()
        if search is None or mine or turns - search[1] >= SEARCH_TURNS or (
                moved and turns - search[1] >= RESEARCH_TURNS):
            # Searched again: after a while, after deeds changed hands a while ago, and at
            # once when its own deeds changed hands (a trade it made, the step of a plan).
            search = self._search = (owners, turns, self._proposals(g, pos, player))
        cash = pos.cash
        for found in search[2]:
            offer = found.offer
            other = offer.responder
            key = found.key
            if turns - self._offered.get(key, -RETRY_TURNS) < RETRY_TURNS:
                continue
            kind = found.kind
            if found.probe and self._stubborn.get(kind, 0) >= PROBE_REFUSALS:
                continue
            if self._paused(kind, turns):
                continue
            if (offer.give.cash > cash[player] - min(cash[player], self.params.reserve)
                    or offer.get.cash > cash[other] or g.trade_problem(offer) is not None
                    or trading.short_of_floor(pos, offer.give, offer.get)):
                continue  # (priced while a deed was mortgaged, say: the floor has risen)
            self._offered[key] = turns
            self._offers_this_turn = (turns, made + 1 if turn == turns else 1)
            self._proposed = (turns, other, found.probe, kind[1])
            if found.then is not None:
                second, part2 = found.then
                self._plan = (other, offer.get.properties, second, part2, turns)
            return offer
        return None

    def _proposals(self, g: Game, pos: Position, player: int) -> list[trading.Proposal]:
        """Every offer worth making now, priced, the best first. A deal priced less than
        `SEARCH_TURNS` turns ago keeps its price (the other side judges the offer afresh).
        It sells a deed that completes an opponent's group for cash alone only when it has a
        group of its own to build with the money, or when the game is stuck."""
        sales = bool(self._valuer(g).holding(pos, player).costs) or self._stuck(g, pos)
        candidates = trading.candidate_deals(pos, player, sales=sales)
        splits = trading.split_groups(pos, player)
        if not candidates and not splits:
            return []
        turns = g.turn_number
        priced = self._priced
        market: trading.Market | None = None
        margin = self.params.trade_margin
        keep = -1  # the cash to keep, once a deal is priced (no board read for a search without)
        slack = self._slack(g, pos)
        out: list[trading.Proposal] = []
        fresh: list[tuple[float, int, tuple[int, ...], tuple[int, ...], bool,
                          trading.Deal]] = []
        for other, give, get in candidates:
            probing = self._stubborn.get((other, bool(give)), 0) < PROBE_REFUSALS
            key = (other, give, get, probing)
            known = priced.get(key)
            if known is not None and turns - known[0] < SEARCH_TURNS:
                if known[1] is not None:
                    out.append(known[1])
                continue
            if market is None:
                market = trading.Market(self._valuers(g)[1], pos)
            deal = market.deal([(player, other, give), (other, player, get)])
            fresh.append((trading.promise(market, deal), other, give, get, probing, deal))
        # Only the most promising deals not priced lately are priced now (pricing is most of
        # the search); the others wait for the next search.
        fresh.sort(key=lambda lead: -lead[0])
        for _, other, give, get, probing, deal in fresh[:PRICED_PER_SEARCH]:
            assert market is not None
            if keep < 0:
                keep = min(pos.cash[player], self._reserve(pos, player))
            found = trading.price_deal(market, player, other, give, get, margin, keep, probing,
                                       slack, deal)
            priced[(other, give, get, probing)] = (turns, found)
            if found is not None:
                out.append(found)
        for first, part1, second, part2 in splits:
            plan = (first, (), part1, second, part2)
            known = priced.get(plan)
            if known is not None and turns - known[0] < SEARCH_TURNS:
                found = known[1]
            else:
                if market is None:
                    market = trading.Market(self._valuers(g)[1], pos)
                if keep < 0:
                    keep = min(pos.cash[player], self._reserve(pos, player))
                found = trading.plan_in_two(market, player, first, part1, second, part2,
                                            margin, keep)
                priced[plan] = (turns, found)
            if found is not None:
                out.append(found)
        if len(priced) > 512:
            for key in [k for k, (t, _) in priced.items() if turns - t >= SEARCH_TURNS]:
                del priced[key]
        out.sort(key=lambda p: (p.probe, -p.gain))  # offers it expects taken first
        return out

    def _stuck(self, g: Game, pos: Position) -> bool:
        """No deed has changed hands for `STUCK_ROUNDS` rounds while every deed is owned:
        the game goes nowhere without a trade."""
        return self._stuck_for(g, pos) >= STUCK_ROUNDS

    def _stuck_for(self, g: Game, pos: Position) -> int:
        """Rounds since a deed last changed hands, while every deed is owned (0 otherwise)."""
        owners = pos.owner  # (a position's lists are not changed once made)
        locked = self._locked
        if locked is None or locked[0] != owners or any(
                owners[sq] == BANK for sq in g.board.properties):
            self._locked = (owners, g.round_number)
            return 0
        return g.round_number - locked[1]

    def _slack(self, g: Game, pos: Position) -> float:
        """How far short of its margin it will go, as a share of what a deal is about, in a
        game that is stuck: more the longer it has been (a game nobody wins is lost by all, so
        even a trade that favours the other side a little is worth a chance)."""
        stuck = self._stuck_for(g, pos) - STUCK_ROUNDS
        return 0.0 if stuck < 0 else min(MAX_SLACK, (stuck + 1) * SLACK_PER_ROUND)

    def _answered(self, g: Game) -> None:
        """Learn from the answer to the bot's last offer: a player who keeps refusing offers
        that it could only take by valuing things differently is not offered such again, and
        one who refuses offers in a row is given a pause before the next."""
        turn, other, probing, giving = self._proposed
        if other < 0:
            return
        self._proposed = (turn, -1, False, giving)
        kind = (other, giving)
        for event in g.events:
            if not isinstance(event, TradeRejected | TradeAccepted) or \
                    event.offer.responder != other:
                continue
            if isinstance(event, TradeRejected):
                if event.counter:
                    continue
                if probing:
                    self._stubborn[kind] = self._stubborn.get(kind, 0) + 1
                refused = self._refusals.get(kind, (0, turn))[0]
                self._refusals[kind] = (refused + 1, turn)
            else:
                if probing:
                    self._stubborn[kind] = 0
                self._refusals.pop(kind, None)

    def _paused(self, kind: tuple[int, bool], turns: int) -> bool:
        """Whether a player has refused enough offers of a kind (`kind`: the player and
        whether the bot gives deeds) in a row lately to be offered no more of them now: one
        who never sells may still buy."""
        refused, since = self._refusals.get(kind, (0, 0))
        if refused < FREE_REFUSALS:
            return False
        pause = min(MAX_PAUSE_TURNS, PAUSE_TURNS << min(refused - FREE_REFUSALS, 8))
        return turns - since < pause

    def _reply(self, g: Game, pos: Position, player: int, offer: TradeOffer,
               problem: str | None) -> Action:
        if problem is not None:
            return refuse_unworkable(player, problem)
        market = trading.Market(self._valuers(g)[1], pos)
        margin = self.params.trade_margin
        verdict = trading.judge(market, offer, margin)
        clears = verdict.clears
        plan = self._plan_clears(market, offer, player, margin)
        if plan is not None:
            clears = max(clears, plan)
        slack = self._slack(g, pos)
        if slack:
            clears += slack * market.stakes(verdict.deal)
        keep = min(pos.cash[player], self._reserve(pos, player))
        short = pos.cash[player] + verdict.x < keep  # it would pay more than it can spare
        cheap = trading.short_of_floor(pos, offer.get, offer.give)
        if clears >= 0 and not short and not cheap:
            return AcceptTrade(player)
        turns = g.turn_number
        mine = self._proposed[0] == turns and self._proposed[1] == offer.proposer
        if mine and self._proposed[2]:
            # The answer to an offer the bot expected might be refused: a counter-offer.
            kind = (offer.proposer, self._proposed[3])
            self._stubborn[kind] = self._stubborn.get(kind, 0) + 1
            self._proposed = (turns, offer.proposer, False, kind[1])
        if not mine and self._countered != (turns, offer.proposer):
            counter = trading.counter_price(market, offer, margin, keep)
            if counter is None:
                found = self._best_with(market, g, pos, player, offer.proposer, keep)
                counter = found.offer if found is not None else None
            if counter is not None:
                action = CounterTrade(player, counter)
                if g.is_legal(action):
                    self._countered = (turns, offer.proposer)
                    return action
        if clears >= 0 and cheap:
            return refuse(player, f"mortgaging would raise ${cheap:,} and I would keep the deeds")
        if clears >= 0:
            return refuse(player, f"paying ${-verdict.x:,} would leave me too little cash for "
                                  "the rents ahead")
        return refuse(player, trading.reason(market, offer, verdict))

    def _best_with(self, market: trading.Market, g: Game, pos: Position, player: int,
                   other: int, keep: int) -> trading.Proposal | None:
        """The bot's best deal with one player (for a counter-offer)."""
        best: trading.Proposal | None = None
        turns = g.turn_number
        for partner, give, get in trading.candidate_deals(pos, player, (other,)):
            key = (partner, give, get, False)
            known = self._priced.get(key)
            if known is not None and turns - known[0] < SEARCH_TURNS:
                found = known[1]
            else:
                found = trading.price_deal(market, player, partner, give, get,
                                           self.params.trade_margin, keep, probing=False)
                self._priced[key] = (turns, found)
            if found is not None and (best is None or found.gain > best.gain):
                best = found
        return best

    def _plan_clears(self, market: trading.Market, offer: TradeOffer, player: int,
                     margin: float) -> float | None:
        """An offer that is the first step of the bot's plan in two (its counter-offer, say)
        judged as part of the whole plan: how far the whole clears the bot's margin."""
        plan = self._plan
        if plan is None:
            return None
        first, part1, second, part2, since = plan
        g = market.pos.game
        if (g.turn_number - since > PLAN_TURNS or offer.proposer != first
                or offer.give.properties != part1 or offer.get.properties
                or offer.give.cards or offer.get.cards):
            return None
        x1 = offer.get.cash - offer.give.cash  # what the bot pays
        keep = min(market.pos.cash[player], self._reserve(market.pos, player))
        whole = trading.second_step(market, player, first, part1, x1, second, part2, margin,
                                    keep)
        return None if whole is None else whole[0]

    # -- raising money -------------------------------------------------------------------------

    def _rent_lost(self, pos: Position, player: int, sq: int) -> float | None:
        """The expected rent per opponent turn that mortgaging `sq` takes away, as the
        valuation counts it; None for a street of a whole group with no mortgage yet (its
        building plan goes too)."""
        g = pos.game
        valuer = self._valuer(g)
        board = valuer.board
        square = board.squares[sq]
        model = valuer.model
        owner, mortgaged = pos.owner, pos.mortgaged
        if square.kind == STREET:
            streets = board.groups[square.group]
            if not all(owner[s] == player for s in streets):
                return model.single_income[sq]
            if any(mortgaged[s] for s in streets):
                return 2 * model.single_income[sq]
            return None
        railroads, utilities = rent_tables(board)
        _, table, times = railroads if square.kind == RAILROAD else utilities
        if not table:
            return 0.0
        count = sum(1 for s in board.kin(sq) if owner[s] == player)
        return model.rate[sq] * (table[min(count, len(table)) - 1] * times)

    def _raise(self, g: Game, pos: Position, player: int, owed: int) -> Action:
        """The sale or mortgage that loses the least position value per dollar raised. The
        debt is counted as paid, so no building is planned with money that is owed."""
        valuer = self._valuer(g)
        earn = valuer.earn(pos)
        cash = pos.cash[player] - owed - valuer.future_cash
        before = valuer.worth(valuer.holding(pos, player), cash, earn)
        best: tuple[float, Action] | None = None
        board = g.board
        squares = board.squares
        hph = g.rules.houses_per_hotel
        # The valuation counts a group's building steps, not which street carries them: one
        # sale per group and number of steps left is valued.
        costs: dict[tuple[int, int], float] = {}
        for action in g.sale_actions(player):
            if isinstance(action, Sell):
                group = squares[action.square].group
            else:
                group = board.group_names.index(action.group)
            streets = board.groups[group]
            levels = g.sale_levels(action)
            steps = sum(_units(lv, hph) for lv in levels)
            cost = costs.get((group, steps))
            if cost is None:
                level = list(pos.level)
                for s, lv in zip(streets, levels, strict=True):
                    level[s] = lv
                raised = sum(_units(pos.level[s], hph) for s in streets) - steps
                raised *= squares[streets[0]].house_cost // 2
                sold = valuer.holding(pos, player, level=level)
                lost = before - valuer.worth(sold, cash + raised, earn)
                cost = costs[(group, steps)] = lost / max(1, raised)
            if best is None or cost < best[0]:
                best = (cost, action)
        if not g.rules.no_mortgaging:
            mortgaged = list(pos.mortgaged)
            holding = valuer.holding(pos, player)
            for sq in g.mortgageable_squares(player):
                raised = squares[sq].mortgage
                rent = self._rent_lost(pos, player, sq)
                if rent is None:  # a whole group: its building plan goes
                    mortgaged[sq] = True
                    after = valuer.worth(valuer.holding(pos, player, mortgaged=mortgaged),
                                         cash + raised, earn)
                    mortgaged[sq] = False
                else:  # the deed's own rent goes, and lifting it later costs more
                    after = (valuer.worth(holding, cash + raised, earn) - g.lift_cost(sq)
                             - earn * rent)
                cost = (before - after) / max(1, raised)
                if best is None or cost < best[0]:  # the action made only for a better step
                    best = (cost, Mortgage(player, sq))
        if best is None:
            # Nothing left it knows how to sell: the baseline's answer (deeds sold back under
            # no mortgages, a Bank loan, or bankruptcy when the debt is more than all it has).
            return self._baseline.act(g, player)
        return best[1]


@mypyc_attr(acyclic=True, free_list_len=1)
class _DeedGain:
    """What owning one deed adds to the bot's position as a function of the price paid, the
    holdings valued once (`StrategicBot._deed_gain`): an object with a method rather than a
    closure, which mypyc compiles to a native call."""

    def __init__(self, valuer: Valuer, after: Holding, cash: int, earn: float, before: float,
                 denied: float) -> None:
        self.valuer = valuer
        self.after = after
        self.cash = cash
        self.earn = earn
        self.before = before
        self.denied = denied

    def at(self, price: int) -> float:
        return (self.valuer.worth(self.after, self.cash - price, self.earn) - self.before
                + self.denied)


def _units(level: int, houses_per_hotel: int) -> int:
    """Building steps standing at a level: a hotel is one step above the full row of houses
    (the levels of double hotels count as they are)."""
    return houses_per_hotel + 1 if level == HOTEL else level
