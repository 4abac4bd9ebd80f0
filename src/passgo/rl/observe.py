"""Observations: one seat's view of a game as a flat vector of floats.

Only what the seat may see goes in (the public read model: cash, squares, owners, buildings,
mortgages, cards held, the Bank, whose turn, the pending decision), never deck order or the
PRNG. What the seat has seen is in too: cards go to the bottom of their deck and are never
reshuffled, so the cards of a deck below those nobody has seen are known, in order (from the
game's `chance`, a `passgo.core.chance.Chance` that follows the draws; a game without one has
every card unseen). Seats are numbered from the viewer: relative seat 0 is the viewer, 1 the
next seat to its left, and so on, so a policy plays any seat alike; blocks for seats a game
does not have stay zero, so one layout serves every table size up to `MAX_SEATS`. Money is in
thousands of dollars. `LAYOUT` names every block with its offset; docs/rl.md prints it.

The layout only grows at its end: `PREFIXES` are the sizes of the earlier layouts, which a
policy trained on one reads as the first entries of this one.
"""

from __future__ import annotations

from typing import assert_never

import numpy as np
import numpy.typing as npt

from passgo.core import (
    AllowTravelDecision,
    AskRentDecision,
    AuctionOptionDecision,
    BidDecision,
    BuildDemandDecision,
    BuyDecision,
    ChooseRentDecision,
    Decision,
    DrawCardDecision,
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
    LawyerDecision,
    MortgagedDeedDecision,
    PlaceBuildingDecision,
    RaiseFundsDecision,
    RollDecision,
    SealedBidDecision,
    TaxDecision,
    TradeReplyDecision,
    TravelDecision,
)
from passgo.core.decisions import DecisionKind
from passgo.rl.table import DEEDS, MAX_SEATS, SQUARES, ActionTable

Vector = npt.NDArray[np.float32]

# The decision kinds of the observation's one-hot, in order: the layout is a contract with the
# policies trained on it, so a kind the engine gains later is not appended here silently. Rule
# options whose decisions are outside it are refused by the environments (`UNSUPPORTED`).
KINDS: tuple[DecisionKind, ...] = (
    "roll", "jail", "end_turn", "buy", "bid", "sealed_bid", "tax", "fine_or_chance",
    "raise_funds", "trade_reply", "mortgaged_deed", "build_demand", "place_building", "travel",
    "allow_travel", "draw_card", "lawyer", "jail_exit", "foreclosure_owner", "foreclosure_buy",
    "auction_option", "game_over",
)
# Rules options whose decisions the observation and the action table do not hold, with why.
UNSUPPORTED: dict[str, str] = {
    "initial_auction": "the initial auction's closed bids on every deed at once (initial_bids) "
                       "have no place in the observation or the action table",
    "free_market": "the free market's asked rents and switches to another street (ask_rent, "
                   "choose_rent) have no place in the observation or the action table",
    "double_board": "the observation and the action table hold one board of 40 squares and "
                    "28 deeds; the double board has 80 squares, 56 deeds and the choice of "
                    "board (enter_board)",
    "jail_card_on_arrival": "buying a Get Out of Jail Free card from another player on the way "
                            "to jail (jail_card_purchase) has no place in the observation's "
                            "decision kinds, whose layout the trained policies read",
}
ITEMS = ("deed", "house", "hotel", "order")
DECKS = 2
CARD_PLACES = 16  # every packaged deck has 16 cards
CARD_KINDS = 16  # card indices within a deck (a card printed twice is one index)
MONEY = 1000.0  # money is observed in thousands
OBS_HIGH = 1000.0  # the bound of the observation space: a million dollars
AMOUNTS = ("price", "high", "min", "max", "owed", "cash", "fee", "percent")

# (block, width, what each entry holds), in order.
PLAYER_FIELDS = ("cash", "in_jail", "jail_turns/3", "jail_cards", "loans", "bankrupt",
                 "present", "turn", "deciding")
PLAYER_WIDTH = len(PLAYER_FIELDS) + SQUARES
DEED_WIDTH = 1 + MAX_SEATS + 2  # owner: Bank, relative seats; buildings/5; mortgaged
LAYOUT: tuple[tuple[str, int, str], ...] = (
    ("players", MAX_SEATS * PLAYER_WIDTH,
     "per relative seat: " + ", ".join(PLAYER_FIELDS) + ", square one-hot (40)"),
    ("deeds", DEEDS * DEED_WIDTH,
     "per deed in board order: owner one-hot (Bank, relative seats 0-7), buildings/5 "
     "(5 = a hotel), mortgaged"),
    ("bank", 6, "houses/32, hotels/12, Free Parking pot, tax man square/40 (-1: none), "
                "Chance and Community Chest cards left /16"),
    ("turn", 4, "rounds played/round limit, doubles this turn/3, last dice/10"),
    ("decision", len(KINDS), "pending decision kind one-hot: " + ", ".join(KINDS)),
    ("item", len(ITEMS), "auctioned or demanded item one-hot: " + ", ".join(ITEMS)),
    ("square", DEEDS, "the decision's deed one-hot"),
    ("seat", MAX_SEATS, "the other seat the decision names (creditor, high bidder, lander, "
                        "owner, requester, proposer) one-hot by relative seat"),
    ("amounts", len(AMOUNTS), "the decision's money: " + ", ".join(AMOUNTS)),
    ("counts", 4, "buildings available/12, wanted min/12, max/12, destinations or squares/6"),
    ("flags", 4, "may pay the fine, may declare bankruptcy, the offer cannot be carried out, "
                 "the viewer is the high bidder"),
    ("offer", DEEDS + 4, "the trade awaiting a reply, from the viewer's side when the viewer "
                         "proposed it or must answer it (zero for other seats): per deed +1 "
                         "received / -1 given, cash received, cash given, cards received, "
                         "cards given"),
    ("windows", 2, "business actions left in a row/limit, trade proposals left this turn"),
    ("cards", DECKS * (1 + CARD_PLACES * CARD_KINDS),
     "per deck (Chance, Community Chest): cards at its top nobody has seen/16, then for each "
     f"of its first {CARD_PLACES} places from the top a one-hot of the card there (its index "
     "in the edition's deck) when everyone has seen it go under, zero when not"),
)
OFFSETS: dict[str, int] = {}
_at = 0
for _name, _width, _ in LAYOUT:
    OFFSETS[_name] = _at
    _at += _width
SIZE = _at
# The sizes of the earlier layouts, each a prefix of this one: 822 had no card history (and
# filled the offer block for every seat with the responder's signs).
PREFIXES = (822,)


_BUILDINGS, _MORTGAGED = 1 + MAX_SEATS, 2 + MAX_SEATS  # in a deed's row, after its owner
_IN_JAIL, _JAIL_TURNS, _JAIL_CARDS, _LOANS, _BANKRUPT, _PRESENT, _TURN, _DECIDING = (
    PLAYER_FIELDS.index(f) for f in ("in_jail", "jail_turns/3", "jail_cards", "loans",
                                     "bankrupt", "present", "turn", "deciding"))


class Observer:
    """Encodes views for one action table's board; `max_rounds` scales the round count."""

    def __init__(self, table: ActionTable, max_rounds: int) -> None:
        self.table = table
        self.max_rounds = max(1, max_rounds)
        self._kind = {k: i for i, k in enumerate(KINDS)}
        self._deed_rows = [(OFFSETS["deeds"] + d * DEED_WIDTH, sq)
                           for d, sq in enumerate(table.deeds)]

    def encode(self, game: Game, seat: int, decision: Decision,
               windows: tuple[float, float] = (0.0, 0.0)) -> Vector:
        """The view of `seat` as a vector of `SIZE` floats; `decision` is `game.pending`,
        `windows` the business and trade windows left (fractions). Entries are written one
        by one and only where they are not zero: for these few, a NumPy array built from a
        Python list costs more than the writes."""
        out = np.zeros(SIZE, np.float32)
        n = game.n
        cash, square, jailed, jail_turns, cards, loans, alive = game.seat_table()
        at = OFFSETS["players"]
        for rel in range(n):
            p = (seat + rel) % n
            base = at + rel * PLAYER_WIDTH
            out[base] = cash[p] / MONEY
            if jailed[p]:
                out[base + _IN_JAIL] = 1.0
            if jail_turns[p]:
                out[base + _JAIL_TURNS] = jail_turns[p] / 3
            if cards[p]:
                out[base + _JAIL_CARDS] = cards[p]
            if loans[p]:
                out[base + _LOANS] = loans[p]
            if alive[p]:
                out[base + len(PLAYER_FIELDS) + square[p]] = 1.0
            else:
                out[base + _BANKRUPT] = 1.0
            out[base + _PRESENT] = 1.0
        out[at + (game.turn_player - seat) % n * PLAYER_WIDTH + _TURN] = 1.0
        deciding = game.pending_player
        if deciding >= 0:
            out[at + (deciding - seat) % n * PLAYER_WIDTH + _DECIDING] = 1.0
        # The deeds block: a row per deed, its owner's column (Bank, relative seats), its
        # buildings and its mortgage.
        owner, level, mortgaged = game.holdings()
        column = [0] + [(p - seat) % n + 1 for p in range(n)]  # by owner + 1
        for base, sq in self._deed_rows:
            out[base + column[owner[sq] + 1]] = 1.0
            if level[sq]:
                out[base + _BUILDINGS] = level[sq] / 5
            if mortgaged[sq]:
                out[base + _MORTGAGED] = 1.0
        bank = game.bank
        decks = game.deck_sizes
        dice = game.last_dice
        doubles = decision.doubles if isinstance(decision, RollDecision) else 0
        # The bank and turn blocks, one after the other.
        out[OFFSETS["bank"]:OFFSETS["decision"]] = (
            bank.houses / 32, bank.hotels / 12, bank.pot / MONEY,
            -1.0 if bank.tax_man is None else bank.tax_man / SQUARES,
            decks["chance"] / 16, decks["community_chest"] / 16,
            game.round_number / self.max_rounds, doubles / 3, dice[0] / 10, dice[1] / 10)
        self._decision(game, seat, decision, out)
        at = OFFSETS["windows"]
        out[at], out[at + 1] = windows
        self._cards(game, out)
        return out

    def _cards(self, game: Game, out: Vector) -> None:
        """The card history: per deck, the share of cards nobody has seen at its top, and the
        card at each place below them (places beyond `CARD_PLACES` are not observed)."""
        chance = game.chance
        at = OFFSETS["cards"]
        for d, deck in enumerate(game.decks[:DECKS]):
            unseen = min(len(deck), chance.unseen[d]) if chance is not None else len(deck)
            out[at] = unseen / CARD_PLACES
            for place in range(unseen, min(len(deck), CARD_PLACES)):
                kind = deck[place]
                if kind < CARD_KINDS:
                    out[at + 1 + place * CARD_KINDS + kind] = 1.0
            at += 1 + CARD_PLACES * CARD_KINDS

    def _decision(self, game: Game, seat: int, decision: Decision, out: Vector) -> None:
        """The pending decision's kind and details (zero where a kind has no such field)."""
        if isinstance(decision, InitialBidsDecision):
            raise ValueError(UNSUPPORTED["initial_auction"])
        if isinstance(decision, AskRentDecision | ChooseRentDecision):
            raise ValueError(UNSUPPORTED["free_market"])
        if isinstance(decision, EnterBoardDecision):
            raise ValueError(UNSUPPORTED["double_board"])
        if isinstance(decision, JailCardPurchaseDecision):
            raise ValueError(UNSUPPORTED["jail_card_on_arrival"])
        out[OFFSETS["decision"] + self._kind[decision.kind]] = 1.0
        n = game.n
        square = -1
        other: int | None = None
        item = ""
        amounts: dict[str, int] = {}
        counts: tuple[float, ...] = ()
        flags = [0.0] * 4
        match decision:
            case RollDecision() | EndTurnDecision() | DrawCardDecision():
                pass
            case JailDecision(fine=fine, may_pay_fine=may):
                amounts["fee"] = fine
                flags[0] = may
            case JailExitDecision(fine=fine):
                amounts["fee"] = fine
            case BuyDecision(square=square, price=price):
                amounts["price"] = price
            case BidDecision(item=item, square=square, high=high, high_bidder=other,
                             min_bid=low, max_bid=high_cash):
                amounts.update(high=high, min=low, max=high_cash)
                flags[3] = other == seat
            case SealedBidDecision(item=item, square=square, min_bid=low, max_bid=high_cash):
                amounts.update(min=low, max=high_cash)
            case TaxDecision(flat=flat):
                amounts.update(fee=flat, percent=game.percent_tax(decision.player))
            case FineOrChanceDecision(fine=fine):
                amounts["fee"] = fine
            case RaiseFundsDecision(amount=owed, creditor=other, cash=cash,
                                    may_declare_bankruptcy=may):
                amounts.update(owed=owed, cash=cash)
                flags[1] = may
            case TradeReplyDecision(offer=offer, problem=problem):
                flags[2] = problem is not None
                other = offer.responder if seat == offer.proposer else offer.proposer
                if seat in (offer.responder, offer.proposer):  # only the two sides see it
                    to_me, from_me = ((offer.give, offer.get) if seat == offer.responder
                                      else (offer.get, offer.give))
                    self._offer(to_me.properties, from_me.properties, out)
                    at = OFFSETS["offer"] + DEEDS
                    out[at:at + 4] = (to_me.cash / MONEY, from_me.cash / MONEY,
                                      len(to_me.cards), len(from_me.cards))
            case MortgagedDeedDecision(square=square, lift_cost=cost, interest=interest):
                amounts.update(price=cost, fee=interest)
            case BuildDemandDecision(item=item, square=square, requester=other, available=avail,
                                     min_wanted=low, max_wanted=high_count):
                counts = (avail / 12, low / 12, high_count / 12)
            case PlaceBuildingDecision(item=item, price=price, squares=squares):
                amounts["price"] = price or 0
                counts = (0.0, 0.0, 0.0, len(squares) / 6)
            case TravelDecision(square=square, destinations=dest):
                counts = (0.0, 0.0, 0.0, len(dest) / 6)
            case AllowTravelDecision(square=square, lander=other, rent=rent):
                amounts["owed"] = rent
            case LawyerDecision(fee=fee):
                amounts["fee"] = fee
            case ForeclosureOwnerDecision(square=square, lander=other, lift_cost=cost):
                amounts["price"] = cost
            case ForeclosureBuyDecision(square=square, owner=other, cost=cost):
                amounts["price"] = cost
            case AuctionOptionDecision(square=square, lander=other, price=price):
                amounts["price"] = price
            case GameOverDecision():
                return
            case unknown:
                assert_never(unknown)
        if item:
            out[OFFSETS["item"] + ITEMS.index(item)] = 1.0
        d = self.table.deed_index(square)
        if d is not None:
            out[OFFSETS["square"] + d] = 1.0
        if other is not None and other >= 0:
            out[OFFSETS["seat"] + (other - seat) % n] = 1.0
        at = OFFSETS["amounts"]
        for key, value in amounts.items():
            out[at + AMOUNTS.index(key)] = value / MONEY
        at = OFFSETS["counts"]
        for i, count in enumerate(counts):
            out[at + i] = count
        at = OFFSETS["flags"]
        for i, flag in enumerate(flags):
            if flag:
                out[at + i] = flag

    def _offer(self, to_me: tuple[int, ...], from_me: tuple[int, ...], out: Vector) -> None:
        """An offer's deeds as one side of it sees them: those it receives +1, those it
        gives -1."""
        at = OFFSETS["offer"]
        for sq, sign in [(sq, 1.0) for sq in to_me] + [(sq, -1.0) for sq in from_me]:
            d = self.table.deed_index(sq)
            if d is not None:
                out[at + d] = sign
