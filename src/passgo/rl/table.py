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
    EndTurnDecision,
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
        self._group_index = {name: g for g, name in enumerate(board.group_names)}

    def labels(self) -> tuple[str, ...]:
        """What each index does, in order (docs/rl.md lists them)."""
        return self._labels

    # -- the mask ------------------------------------------------------------------------------

    def mask(self, game: Game, seat: int, *, business: bool, trades: bool) -> Mask:
        """The legal indices for `seat` now (1 = legal). `business` opens building, selling,
        mortgaging, lifting and loans; `trades` opens the trade templates. Answers to the
        pending decision are always open to the seat that must decide."""
        m = np.zeros(self.size, np.int8)
        index = self._index
        for action in game.answers(seat):
            i = index.get(action)
            if i is not None:
                m[i] = 1
            elif type(action) is Bid:
                self._bid_mask(game, seat, m)
            elif type(action) is UseJailCard:  # one deck held: `use-card` names none
                for deck in game.player(seat).jail_cards[:1]:
                    m[index[UseJailCard(seat, deck)]] = 1
        if business:
            for action in game.business_actions(seat):
                i = index.get(action)
                if i is not None:
                    m[i] = 1
                elif type(action) is SellDown:
                    m[self.sell_down + self._group_index[action.group]] = 1
        if trades and type(game.pending) is EndTurnDecision:
            self._end_of_turn_trades(game, seat, m)
        elif trades:
            for i in self.trade_candidates(game, seat):
                offer = self.offer(game, seat, i)
                if offer is not None and game.trade_problem(offer) is None:
                    m[i] = 1
        return m

    def _end_of_turn_trades(self, game: Game, seat: int, m: Mask) -> None:
        """The trade templates at the end of a turn, from one engine check per deed and
        partner instead of one per template: with no debt and no auction open (the turn's
        own frame is on top), an offer may be made when each deed may change hands alone
        between the two and each side holds the cash it gives. The exactness test compares
        this with `trade_problem` on every template."""
        n = game.n
        owners = [game.owner_of(sq) for sq in self.deeds]
        cash = [game.cash_of(p) for p in range(n)]
        mine = [d for d, o in enumerate(owners) if o == seat]
        partners = [o for o in range(1, n) if game.in_game((seat + o) % n)]
        give: dict[tuple[int, int], bool] = {}  # (deed, partner seat): may go to them
        for d in mine:
            for o in partners:
                q = (seat + o) % n
                offer = TradeOffer(seat, q, Bundle((self.deeds[d],)), Bundle())
                give[d, q] = game.trade_problem(offer) is None
        nb, ns = len(BUY_FACTORS), len(SELL_FACTORS)
        for y, owner in enumerate(owners):
            if owner is None or owner == seat:
                continue
            offer = TradeOffer(seat, owner, Bundle(), Bundle((self.deeds[y],)))
            if game.trade_problem(offer) is not None:
                continue
            for k, f in enumerate(BUY_FACTORS):
                if round(f * self.prices[y]) <= cash[seat]:
                    m[self.buy + y * nb + k] = 1
            for x in mine:
                diff = self.prices[y] - self.prices[x]
                if give[x, owner] and max(diff, 0) <= cash[seat] and max(-diff, 0) <= cash[owner]:
                    m[self.swap + x * DEEDS + y] = 1
        for x in mine:
            for o in partners:
                q = (seat + o) % n
                for k, f in enumerate(SELL_FACTORS):
                    if give[x, q] and round(f * self.prices[x]) <= cash[q]:
                        m[self.sell + (x * (MAX_SEATS - 1) + o - 1) * ns + k] = 1

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

    def trade_candidates(self, game: Game, seat: int) -> list[int]:
        """The trade indices whose deeds are held by the right seats now (each still needs
        `game.trade_problem` to say yes)."""
        owners = [game.owner_of(sq) for sq in self.deeds]
        mine = [d for d, o in enumerate(owners) if o == seat]
        theirs = [d for d, o in enumerate(owners) if o is not None and o != seat]
        nb, ns = len(BUY_FACTORS), len(SELL_FACTORS)
        out = [self.buy + d * nb + k for d in theirs for k in range(nb)]
        seats = [o for o in range(1, game.n) if game.in_game((seat + o) % game.n)]
        out += [self.sell + (d * (MAX_SEATS - 1) + o - 1) * ns + k
                for d in mine for o in seats for k in range(ns)]
        out += [self.swap + x * DEEDS + y for x in mine for y in theirs]
        return out

    def offer(self, game: Game, seat: int, i: int) -> TradeOffer | None:
        """The offer of trade index `i` by `seat` now (None: the deeds are not held so)."""
        nb, ns = len(BUY_FACTORS), len(SELL_FACTORS)
        if self.buy <= i < self.sell:
            d, k = divmod(i - self.buy, nb)
            sq = self.deeds[d]
            owner = game.owner_of(sq)
            if owner is None or owner == seat:
                return None
            cash = round(BUY_FACTORS[k] * self.prices[d])
            return TradeOffer(seat, owner, Bundle(cash=cash), Bundle((sq,)))
        if self.sell <= i < self.swap:
            rest, k = divmod(i - self.sell, ns)
            d, o = divmod(rest, MAX_SEATS - 1)
            sq = self.deeds[d]
            if o + 1 >= game.n or game.owner_of(sq) != seat:
                return None
            cash = round(SELL_FACTORS[k] * self.prices[d])
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
