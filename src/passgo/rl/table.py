"""The fixed action table: every index of the `Discrete` action space and what it does.

The engine's actions take any amount and any mix of assets; a policy network needs a fixed,
finite set. The table is that set, the same for every game with an edition of 40 squares, 28
deeds and 8 colour groups (every packaged edition) and up to `MAX_SEATS` players, so that a
policy trained at one table size plays at another. `labels()` lists it in order; docs/rl.md
has it as a table. Amounts are ladders and trades are templates:

* bids: the lowest legal bid, then fixed fractions of the item's printed value (the deed's
  price; the house cost of the street a building is asked for; $100 for the order of play);
* building demand: `want k` for k from 0 to `WANT_MAX`;
* trades: buy a deed from its owner for k × its price, sell one's own deed to the seat o places
  to the left for k × its price, swap one's own deed X for the owner's deed Y with the
  difference of the printed prices paid in cash by the side receiving the dearer deed.

`mask` says which indices are legal now (exactly: an unmasked index decodes to a legal action,
and every legal action the table can express is unmasked, within the business windows the
caller opens); `decode` turns an index into the engine's action. Rent claims are not in the
table: the environments ask for every rent as soon as it is due (see `windows.claim_rents`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, cast

import numpy as np
import numpy.typing as npt

from passgo.core import (
    AcceptTrade,
    Action,
    AllowTravel,
    Bid,
    BidDecision,
    Build,
    BuildHotel,
    Bundle,
    Buy,
    ChooseTax,
    DeclareBankruptcy,
    Decline,
    DrawCard,
    EndTurn,
    FineOrChance,
    ForbidTravel,
    ForceAuction,
    Foreclose,
    Game,
    HireLawyer,
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    NoDraw,
    NoLawyer,
    NoTravel,
    Pass,
    PayJailFine,
    PlaceBuilding,
    ProposeTrade,
    Refuse,
    RejectTrade,
    RepayLoan,
    Roll,
    SealedBidDecision,
    Sell,
    SellDeed,
    SellDown,
    TakeLoan,
    TradeOffer,
    Travel,
    Unmortgage,
    UseJailCard,
    WantBuildings,
)
from passgo.core.board import Board

Mask = npt.NDArray[np.int8]

MAX_SEATS = 8
SQUARES = 40
DEEDS = 28
GROUPS = 8

# Dice a player may name under `Rules.dice = "choice"`: two of d4, d6, d8, d10 (two d6 is
# plain `roll`); "control" adds one d6.
_SIDES = (4, 6, 8, 10)
DICE_PAIRS = tuple((a, b) for i, a in enumerate(_SIDES) for b in _SIDES[i:] if (a, b) != (6, 6))
BID_FRACTIONS = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0)
ORDER_VALUE = 100  # the reference value of a bid for the first place in the order of play
WANT_MAX = 12
BUY_FACTORS = (1.0, 1.5, 2.0)
SELL_FACTORS = (1.0, 1.5)

# Answers that take no argument besides the player, in table order.
_SIMPLE: tuple[tuple[str, Callable[[int], Action]], ...] = (
    ("roll", Roll),
    *((f"roll d{a},d{b}", lambda p, a=a, b=b: Roll(p, (a, b))) for a, b in DICE_PAIRS),
    ("roll d6", lambda p: Roll(p, (6,))),
    ("pay-fine", PayJailFine),
    ("use-card chance", lambda p: UseJailCard(p, "chance")),
    ("use-card community_chest", lambda p: UseJailCard(p, "community_chest")),
    ("buy", Buy),
    ("auction", Decline),
    ("pass", Pass),
    ("tax flat", lambda p: ChooseTax(p, False)),
    ("tax percent", lambda p: ChooseTax(p, True)),
    ("choose fine", lambda p: FineOrChance(p, False)),
    ("choose chance", lambda p: FineOrChance(p, True)),
    ("end", EndTurn),
    ("bankrupt", DeclareBankruptcy),
    ("accept", AcceptTrade),
    ("reject", RejectTrade),
    ("refuse", Refuse),
    ("force-auction", ForceAuction),
    ("no-travel", NoTravel),
    ("allow-travel", AllowTravel),
    ("forbid-travel", ForbidTravel),
    ("draw", DrawCard),
    ("no-draw", NoDraw),
    ("lawyer", HireLawyer),
    ("no-lawyer", NoLawyer),
    ("loan", TakeLoan),
    ("repay-loan", RepayLoan),
)

class _OnSquare(Protocol):
    square: int


# Actions on one deed, in table order (a block of `DEEDS` indices each).
_PER_DEED: tuple[tuple[str, Callable[[int, int], Action]], ...] = (
    ("build", Build),
    ("build-hotel", BuildHotel),
    ("sell", Sell),
    ("mortgage", Mortgage),
    ("unmortgage", Unmortgage),
    ("sell-deed", SellDeed),
    ("lift", LiftMortgage),
    ("keep", KeepMortgage),
    ("place", PlaceBuilding),
    ("travel", Travel),
    ("foreclose", Foreclose),
)

# The business the rules allow at any time (the windows of `windows.py` limit it).
BUSINESS_TYPES = (Build, BuildHotel, Sell, SellDown, Mortgage, Unmortgage, SellDeed, TakeLoan,
                  RepayLoan)


class ActionTable:
    """The action table for one board (its deeds in board order give the deed indices)."""

    def __init__(self, board: Board) -> None:
        if (len(board.squares), len(board.properties), len(board.group_names)) != (
                SQUARES, DEEDS, GROUPS):
            raise ValueError(f"the RL action table needs a board of {SQUARES} squares, "
                             f"{DEEDS} deeds and {GROUPS} colour groups")
        self.board = board
        self.deeds = board.properties
        self.prices = tuple(board.squares[sq].price for sq in self.deeds)
        labels = [text for text, _ in _SIMPLE]
        self.bid_min = len(labels)
        labels.append("bid min")
        labels += [f"bid {f:g}x" for f in BID_FRACTIONS]
        self.want = len(labels)
        labels += [f"want {k}" for k in range(WANT_MAX + 1)]
        self.per_deed = len(labels)
        for word, _ in _PER_DEED:
            labels += [f"{word} {sq}" for sq in self.deeds]
        self.sell_down = len(labels)
        labels += [f"sell-down {name}" for name in board.group_names]
        self.buy = len(labels)
        labels += [f"trade: buy {sq} for {k:g}x price" for sq in self.deeds for k in BUY_FACTORS]
        self.sell = len(labels)
        labels += [f"trade: sell {sq} to seat +{o} for {k:g}x price" for sq in self.deeds
                   for o in range(1, MAX_SEATS) for k in SELL_FACTORS]
        self.swap = len(labels)
        labels += [f"trade: swap {x} for {y}" for x in self.deeds for y in self.deeds]
        self.size = len(labels)
        self._labels = tuple(labels)
        # The actions that do not depend on the state, made once per seat, and their indices.
        self._static: list[list[Action | None]] = []
        self._index: dict[Action, int] = {}
        for p in range(MAX_SEATS):
            row: list[Action | None] = [None] * self.size
            for i, (_, make) in enumerate(_SIMPLE):
                row[i] = make(p)
            for k in range(WANT_MAX + 1):
                row[self.want + k] = WantBuildings(p, k)
            for block, (_, make_sq) in enumerate(_PER_DEED):
                for d, sq in enumerate(self.deeds):
                    row[self.per_deed + block * DEEDS + d] = make_sq(p, sq)
            for i, action in enumerate(row):
                if action is not None:
                    self._index[action] = i
            self._static.append(row)
        self._deed_index = {sq: d for d, sq in enumerate(self.deeds)}
        # The trade templates' (index, cash) by deed: buying it, selling it to seat +1.
        nb, ns = len(BUY_FACTORS), len(SELL_FACTORS)
        self._buy_rows = [[(self.buy + d * nb + k, round(f * price))
                           for k, f in enumerate(BUY_FACTORS)]
                          for d, price in enumerate(self.prices)]
        self._sell_rows = [[(self.sell + d * (MAX_SEATS - 1) * ns + k, round(f * price))
                            for k, f in enumerate(SELL_FACTORS)]
                           for d, price in enumerate(self.prices)]
        self._group_index = {name: g for g, name in enumerate(board.group_names)}
        self._per_deed_block: dict[type[Action], int] = {
            type(make_sq(0, self.deeds[0])): self.per_deed + block * DEEDS
            for block, (_, make_sq) in enumerate(_PER_DEED)}

    def labels(self) -> tuple[str, ...]:
        """What each index does, in order (docs/rl.md lists them)."""
        return self._labels

    # -- the mask ------------------------------------------------------------------------------

    def mask(self, game: Game, seat: int, *, business: bool, trades: bool) -> Mask:
        """The legal indices for `seat` now (1 = legal). `business` opens building, selling,
        mortgaging, lifting and loans; `trades` opens the trade templates. Answers to the
        pending decision are always open to the seat that must decide."""
        m = np.zeros(self.size, np.int8)
        for action in game.answers(seat):
            i = self._index_of(action)
            if i is not None:
                m[i] = 1
            elif type(action) is Bid:
                self._bid_mask(game, seat, m)
            elif type(action) is UseJailCard:  # one deck held: `use-card` names none
                for deck in game.player(seat).jail_cards[:1]:
                    m[self._index[UseJailCard(seat, deck)]] = 1
        if business:
            for action in game.business_actions(seat):
                i = self._index_of(action)
                if i is not None:
                    m[i] = 1
                elif type(action) is SellDown:
                    m[self.sell_down + self._group_index[action.group]] = 1
        if trades:
            self._trades(game, seat, m)
        return m

    def _index_of(self, action: Action) -> int | None:
        """The index of an action that needs no state (None: a bid, a named sell-down, an
        unnamed card, or an action outside the table). An action on one deed is found from its
        kind and square: hashing a frozen action costs more than the rest of a mask."""
        block = self._per_deed_block.get(type(action))
        if block is not None:
            return block + self._deed_index[cast(_OnSquare, action).square]
        return self._index.get(action)

    def _trades(self, game: Game, seat: int, m: Mask) -> None:
        """The trade templates open to `seat`, from each seat's `trade_limits` (which deeds
        it may give, the cash it may pay, the cash a debt makes it keep) and one engine check
        per partner: by `Game.trade_limits`' contract an offer of deeds and cash that hands
        over no mortgaged deed is legal exactly when it is within both sides' limits and the
        two may trade at all, which any one such offer within the limits answers. Within the
        limits, each template's cash lies in a range: a side pays at most its `cash` (so
        neither side may be short of cash at all), and a side giving a deed ends with at least
        its `keep`. A template that hands over a mortgaged deed (its receiver must be able to
        pay the interest at once, raising funds if need be) is asked of the engine itself. The
        exactness tests compare this with `trade_problem` on every template."""
        n = game.n
        cash, _, _, _, _, _, alive = game.seat_table()
        limits = [game.trade_limits(p) for p in range(n)]
        deed, prices, buy_rows, sell_rows = (
            self._deed_index, self.prices, self._buy_rows, self._sell_rows)
        pay, keep, held = limits[seat].cash, limits[seat].keep, cash[seat]
        if pay < 0:
            return  # every template has `seat` pay, or give a deed for cash it could not pay
        mine = [(self.swap + deed[sq] * DEEDS, prices[deed[sq]], sell_rows[deed[sq]],
                 game.is_mortgaged(sq)) for sq in limits[seat].deeds]
        for o in range(1, n):
            q = (seat + o) % n
            q_pay, q_keep, q_held = limits[q].cash, limits[q].keep, cash[q]
            if not alive[q] or q_pay < 0:
                continue
            theirs = [(deed[sq], prices[deed[sq]], game.is_mortgaged(sq))
                      for sq in limits[q].deeds]
            found: list[int] = []  # templates within the limits that hand over no mortgage
            asked: list[int] = []  # those that do, for the engine to check one by one
            # Buy: `seat` pays `given`; the partner gives a deed, so keeps its `keep`.
            low = q_keep - q_held
            for y, _, held_y in theirs:
                (asked if held_y else found).extend(
                    i for i, given in buy_rows[y] if low <= given <= pay)
            # Sell: the partner pays `got`; `seat` gives a deed, so keeps its `keep`.
            low, shift = keep - held, (o - 1) * len(SELL_FACTORS)
            for _, _, rows, held_x in mine:
                (asked if held_x else found).extend(
                    i + shift for i, got in rows if low <= got <= q_pay)
            # Swap: `seat` pays the difference (the partner pays when it is negative); both
            # give a deed.
            low, high = max(-q_pay, q_keep - q_held), min(pay, held - keep)
            for row, px, _, held_x in mine:
                for y, py, held_y in theirs:
                    if low <= py - px <= high:
                        (asked if held_x or held_y else found).append(row + y)
            if found:
                offer = self.offer(game, seat, found[0])
                if offer is not None and game.trade_problem(offer) is None:
                    m[found] = 1
            for i in asked:
                offer = self.offer(game, seat, i)
                if offer is not None and game.trade_problem(offer) is None:
                    m[i] = 1

    def _bid_mask(self, game: Game, seat: int, m: Mask) -> None:
        span = game.bid_range(seat)
        if span is None:
            return
        low, high = span
        m[self.bid_min] = 1
        value = self._bid_value(game)
        for k, f in enumerate(BID_FRACTIONS):
            if low <= round(f * value) <= high:
                m[self.bid_min + 1 + k] = 1

    def _bid_value(self, game: Game) -> int:
        """The printed value the bid ladder is measured in, for the auction pending."""
        match game.pending:
            case BidDecision(item=item, square=sq) | SealedBidDecision(item=item, square=sq):
                if item == "deed":
                    return self.board.squares[sq].price
                if item in ("house", "hotel"):
                    return self.board.squares[sq].house_cost
        return ORDER_VALUE

    # -- trade templates -----------------------------------------------------------------------

    def offer(self, game: Game, seat: int, i: int) -> TradeOffer | None:
        """The offer of trade index `i` by `seat` now (None: the deeds are not held so)."""
        nb, ns = len(BUY_FACTORS), len(SELL_FACTORS)
        if self.buy <= i < self.sell:
            d, k = divmod(i - self.buy, nb)
            sq = self.deeds[d]
            owner = game.owner_of(sq)
            if owner is None or owner == seat:
                return None
            cash = self._buy_rows[d][k][1]
            return TradeOffer(seat, owner, Bundle(cash=cash), Bundle((sq,)))
        if self.sell <= i < self.swap:
            rest, k = divmod(i - self.sell, ns)
            d, o = divmod(rest, MAX_SEATS - 1)
            sq = self.deeds[d]
            if o + 1 >= game.n or game.owner_of(sq) != seat:
                return None
            cash = self._sell_rows[d][k][1]
            return TradeOffer(seat, (seat + o + 1) % game.n, Bundle((sq,)), Bundle(cash=cash))
        x, y = divmod(i - self.swap, DEEDS)
        sx, sy = self.deeds[x], self.deeds[y]
        other = game.owner_of(sy)
        if game.owner_of(sx) != seat or other is None or other == seat:
            return None
        diff = self.prices[y] - self.prices[x]
        return TradeOffer(seat, other, Bundle((sx,), max(diff, 0)), Bundle((sy,), max(-diff, 0)))

    # -- decoding ------------------------------------------------------------------------------

    def decode(self, game: Game, seat: int, i: int) -> Action:
        """The engine action of index `i` for `seat` in the state now (legal when the mask
        has it). A `ValueError` for an index the state gives no meaning to."""
        if not 0 <= i < self.size:
            raise ValueError(f"action index {i} is outside the table (0 to {self.size - 1})")
        action = self._static[seat][i]
        if action is not None:
            if type(action) is UseJailCard and len(set(game.player(seat).jail_cards)) == 1:
                return UseJailCard(seat)  # the engine names no deck when one kind is held
            return action
        if self.bid_min <= i < self.want:
            span = game.bid_range(seat)
            if span is None:
                raise ValueError(f"{self._labels[i]!r}: no bid is open to seat {seat}")
            if i == self.bid_min:
                return Bid(seat, span[0])
            return Bid(seat, round(BID_FRACTIONS[i - self.bid_min - 1] * self._bid_value(game)))
        if self.sell_down <= i < self.buy:
            group = self.board.group_names[i - self.sell_down]
            for sale in game.sale_actions(seat):
                if type(sale) is SellDown and sale.group == group:
                    return sale
            raise ValueError(f"{self._labels[i]!r}: nothing to sell down in {group}")
        offer = self.offer(game, seat, i)
        if offer is None:
            raise ValueError(f"{self._labels[i]!r}: the deeds are not held that way now")
        return ProposeTrade(seat, offer)

    def deed_index(self, square: int) -> int | None:
        """The deed index of a square (None: not a deed)."""
        return self._deed_index.get(square)
