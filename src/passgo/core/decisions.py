"""Decisions: what the game waits for, as typed values (`game.pending`).

Every moment of a running game waits for exactly one decision from one seat. `game.pending` is
one of the frozen dataclasses below, each with a `Literal` `kind` and the facts a player needs
to make that decision (the square and its price, the bid range and the high bidder, the debt
and the creditor, the offer, the short buildings and their group). The set is closed: `Decision`
is their union, so a front-end or bot that matches on it with `assert_never` in the last case
is checked by mypy to handle every kind::

    match game.pending:
        case BuyDecision(square=sq, price=price): ...
        case BidDecision(high=high, min_bid=low): ...
        ...
        case other: assert_never(other)

Seats are ints (0-based); a creditor, owner or bidder that is nobody or the Bank is `None`.
A decision is a snapshot: it is built from the game when asked for and does not change after.
What the player may answer is `game.legal_actions(player)`; `to_dict` is the decision as JSON
data (documented in docs/api.md).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

from passgo.core.actions import (
    TERM_UNITS,
    Bundle,
    Immunity,
    Loan,
    Partnership,
    RentShare,
    Term,
    TermUnit,
    TradeOffer,
)
from passgo.core.board import DeckName as DeckName

AuctionItem = Literal["deed", "house", "hotel"]
SealedItem = Literal["deed", "house", "hotel", "order"]
BuildingItem = Literal["house", "hotel"]

#: The `kind` of every decision, one word per decision class.
DecisionKind = Literal[
    "roll",
    "jail",
    "end_turn",
    "buy",
    "bid",
    "sealed_bid",
    "tax",
    "fine_or_chance",
    "raise_funds",
    "trade_reply",
    "mortgaged_deed",
    "build_demand",
    "place_building",
    "travel",
    "allow_travel",
    "ask_rent",
    "choose_rent",
    "enter_board",
    "draw_card",
    "lawyer",
    "jail_exit",
    "foreclosure_owner",
    "foreclosure_buy",
    "auction_option",
    "jail_card_purchase",
    "initial_bids",
    "game_over",
]


def _plain(value: Any) -> Any:
    """A decision field as JSON data: tuples as lists, offers as tables."""
    if isinstance(value, TradeOffer):
        return offer_to_dict(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def term_to_dict(term: Term) -> dict[str, Any]:
    """A term of a trade as JSON data: `kind` ("immunity", "share", "loan" or "partnership")
    and its fields."""
    if isinstance(term, Loan):
        return {"kind": "loan", "amount": term.amount, "percent": term.percent,
                "due_round": term.due_round}
    if isinstance(term, Partnership):
        return {"kind": "partnership", "group": term.group}
    return {"kind": term.word, "squares": list(term.squares), "percent": term.percent,
            "count": term.count, "unit": term.unit}


def term_from_dict(data: dict[str, Any]) -> Term:
    """The term `term_to_dict` wrote (KeyError, TypeError or ValueError when malformed)."""
    kind = data["kind"]
    if kind == "partnership":
        return Partnership(str(data["group"]))
    if kind == "loan":
        return Loan(int(data["amount"]), int(data["percent"]), int(data["due_round"]))
    if kind not in ("immunity", "share") or data["unit"] not in TERM_UNITS:
        raise ValueError(f"unknown term {kind!r}")
    unit: TermUnit = "landings" if data["unit"] == "landings" else "turns"
    cls = Immunity if kind == "immunity" else RentShare
    return cls(tuple(int(sq) for sq in data["squares"]), int(data["percent"]),
               int(data["count"]), unit)


def bundle_to_dict(side: Bundle) -> dict[str, Any]:
    data = {"properties": list(side.properties), "cash": side.cash, "cards": list(side.cards)}
    if side.terms:
        data["terms"] = [term_to_dict(t) for t in side.terms]
    return data


def bundle_from_dict(data: dict[str, Any]) -> Bundle:
    """The side `bundle_to_dict` wrote (KeyError, TypeError or ValueError when malformed)."""
    return Bundle(tuple(int(sq) for sq in data["properties"]), int(data["cash"]),
                  tuple(int(d) for d in data["cards"]),
                  tuple(term_from_dict(t) for t in data.get("terms", [])))


def offer_to_dict(offer: TradeOffer) -> dict[str, Any]:
    """A trade offer as JSON data: `proposer` gives `give` to `responder` for `get`."""
    return {
        "proposer": offer.proposer,
        "responder": offer.responder,
        "give": bundle_to_dict(offer.give),
        "get": bundle_to_dict(offer.get),
    }


def offer_from_dict(data: dict[str, Any]) -> TradeOffer:
    """The offer `offer_to_dict` wrote (KeyError, TypeError or ValueError when malformed)."""
    return TradeOffer(int(data["proposer"]), int(data["responder"]),
                      bundle_from_dict(data["give"]), bundle_from_dict(data["get"]))


@dataclass(frozen=True, slots=True)
class _Decision:
    """Base of every decision: `player` is the seat that must decide (-1 once the game is over)."""

    player: int

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON data: `kind`, `player` and its own fields."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}


@dataclass(frozen=True, slots=True)
class RollDecision(_Decision):
    """Throw the dice (`Roll`). `doubles`: doubles already thrown this turn."""

    doubles: int = 0
    kind: Literal["roll"] = "roll"


@dataclass(frozen=True, slots=True)
class JailDecision(_Decision):
    """In jail at the start of a turn: throw for doubles, pay the `fine` first (when
    `may_pay_fine`: only on the first jail turns, with the cash for it) or use one of the
    Get Out of Jail Free `cards` held (`UseJailCard`, naming the deck). `turn`: failed jail
    throws so far."""

    turn: int = 0
    fine: int = 50
    may_pay_fine: bool = False
    cards: tuple[DeckName, ...] = ()
    kind: Literal["jail"] = "jail"


@dataclass(frozen=True, slots=True)
class EndTurnDecision(_Decision):
    """The throws of the turn are played: do business, then end the turn (`EndTurn`)."""

    kind: Literal["end_turn"] = "end_turn"


@dataclass(frozen=True, slots=True)
class BuyDecision(_Decision):
    """Landed on the unowned deed `square`: buy it for `price` (`Buy`) or let the Bank auction
    it (`Decline`)."""

    square: int = -1
    price: int = 0
    kind: Literal["buy"] = "buy"


@dataclass(frozen=True, slots=True)
class BidDecision(_Decision):
    """An open auction of `item`: the deed on `square`, or a short house or hotel for the colour
    `group` (requested for `square`). Bid from `min_bid` to `max_bid` (the bidder's cash) or
    `Pass` (which leaves this auction). `high` is the highest bid so far, by `high_bidder`;
    `bidders` are still in, in the order they are asked."""

    item: AuctionItem = "deed"
    square: int = -1
    group: str | None = None
    high: int = 0
    high_bidder: int | None = None
    min_bid: int = 1
    max_bid: int = 0
    bidders: tuple[int, ...] = ()
    kind: Literal["bid"] = "bid"


@dataclass(frozen=True, slots=True)
class SealedBidDecision(_Decision):
    """A sealed-bid auction (`Rules.auction` "closed" or "vickrey") of `item` (a deed on
    `square`, a short house or hotel of `group`, or the first place in the order of play):
    write one bid from `min_bid` to `max_bid`, or `Pass` (no bid). Other players' bids stay
    hidden until all are in. `asked`: the players still to write, this one first."""

    item: SealedItem = "deed"
    square: int = -1
    group: str | None = None
    min_bid: int = 1
    max_bid: int = 0
    asked: tuple[int, ...] = ()
    kind: Literal["sealed_bid"] = "sealed_bid"


@dataclass(frozen=True, slots=True)
class TaxDecision(_Decision):
    """Income Tax: pay the `flat` amount or `percent` % of total worth (`ChooseTax`), chosen
    before the worth is totalled."""

    square: int = -1
    flat: int = 0
    percent: int = 10
    kind: Literal["tax"] = "tax"


@dataclass(frozen=True, slots=True)
class FineOrChanceDecision(_Decision):
    """"Pay a fine or take a Chance": pay `fine` or draw a Chance card (`FineOrChance`)."""

    fine: int = 0
    kind: Literal["fine_or_chance"] = "fine_or_chance"


@dataclass(frozen=True, slots=True)
class RaiseFundsDecision(_Decision):
    """The player owes `amount` to `creditor` (`None`: the Bank) for `reason` and has only
    `cash`: sell buildings, mortgage or trade until it is covered (it is then paid at once), or
    declare bankruptcy when `may_declare_bankruptcy` (even selling and mortgaging everything
    to the Bank would not cover it). `then`: what they owe right after it for the same reason
    (the other players of "pay each player $50"), which they may raise in the same go."""

    amount: int = 0
    creditor: int | None = None
    reason: str = ""
    cash: int = 0
    may_declare_bankruptcy: bool = False
    then: int = 0
    kind: Literal["raise_funds"] = "raise_funds"


@dataclass(frozen=True, slots=True)
class TradeReplyDecision(_Decision):
    """`offer` was proposed to this player: accept, reject or counter it. `problem` says why
    it could not be carried out now (then only rejecting or countering is legal)."""

    offer: TradeOffer
    problem: str | None = None
    kind: Literal["trade_reply"] = "trade_reply"


@dataclass(frozen=True, slots=True)
class MortgagedDeedDecision(_Decision):
    """The player received the mortgaged deed `square`: lift the mortgage now for `lift_cost`
    (`LiftMortgage`), or pay `interest` now and keep it mortgaged (`KeepMortgage`)."""

    square: int = -1
    lift_cost: int = 0
    interest: int = 0
    kind: Literal["mortgaged_deed"] = "mortgaged_deed"


@dataclass(frozen=True, slots=True)
class BuildDemandDecision(_Decision):
    """A building shortage: `requester` asked for a `item` for `square` (colour `group`) and
    the Bank has only `available`. Say how many you want now, from `min_wanted` to
    `max_wanted` (`WantBuildings`); if more are wanted than there are, they are auctioned."""

    item: BuildingItem = "house"
    square: int = -1
    group: str = ""
    requester: int = -1
    available: int = 0
    min_wanted: int = 0
    max_wanted: int = 0
    kind: Literal["build_demand"] = "build_demand"


@dataclass(frozen=True, slots=True)
class PlaceBuildingDecision(_Decision):
    """Put the `item` obtained in a shortage call on one of `squares` (`PlaceBuilding`).
    `price`: paid at auction already, or `None` when the printed building cost is paid on
    placing it."""

    item: BuildingItem = "house"
    price: int | None = None
    squares: tuple[int, ...] = ()
    kind: Literal["place_building"] = "place_building"


@dataclass(frozen=True, slots=True)
class TravelDecision(_Decision):
    """Travelling railroads: landed on the railroad `square`, move on to one of
    `destinations` (`Travel`) or stay (`NoTravel`)."""

    square: int = -1
    destinations: tuple[int, ...] = ()
    kind: Literal["travel"] = "travel"


@dataclass(frozen=True, slots=True)
class AllowTravelDecision(_Decision):
    """Travelling railroads, the owner may forbid: `lander` owes `rent` on the railroad
    `square`; take it and allow the travel, or refuse it and forbid the travel."""

    square: int = -1
    lander: int = -1
    rent: int = 0
    kind: Literal["allow_travel"] = "allow_travel"


@dataclass(frozen=True, slots=True)
class AskRentDecision(_Decision):
    """Free market: `lander` landed on the owner's improved street `square`; name the rent
    asked (`AskRent`), from 0 up to the normal `rent`. `switched`: the lander came here by
    switching, so must pay what is asked."""

    square: int = -1
    lander: int = -1
    rent: int = 0
    switched: bool = False
    kind: Literal["ask_rent"] = "ask_rent"


@dataclass(frozen=True, slots=True)
class ChooseRentDecision(_Decision):
    """Free market: the `owner` of the improved street `square` asks `asked`; pay it
    (`PayAsked`) or move to one of `switches`, the group's other improved owned streets, and
    pay what their owner asks there (`SwitchRent`)."""

    square: int = -1
    owner: int = -1
    asked: int = 0
    switches: tuple[int, ...] = ()
    kind: Literal["choose_rent"] = "choose_rent"


@dataclass(frozen=True, slots=True)
class EnterBoardDecision(_Decision):
    """Double board: landed on the square the two boards share; choose the board to go on
    along, by the square's index on it (`EnterBoard`): `squares` holds the two."""

    squares: tuple[int, ...] = ()
    kind: Literal["enter_board"] = "enter_board"


@dataclass(frozen=True, slots=True)
class DrawCardDecision(_Decision):
    """Optional card draw: landed on a `deck` square; draw its card or not."""

    deck: DeckName = "chance"
    kind: Literal["draw_card"] = "draw_card"


@dataclass(frozen=True, slots=True)
class LawyerDecision(_Decision):
    """Jail lawyer: just sent to jail, pay `fee` to be on Just Visiting instead, or go."""

    fee: int = 0
    kind: Literal["lawyer"] = "lawyer"


@dataclass(frozen=True, slots=True)
class JailExitDecision(_Decision):
    """After the last failed jail throw: pay the `fine` (raising funds if need be) or use one
    of the Get Out of Jail Free `cards` held."""

    fine: int = 50
    cards: tuple[DeckName, ...] = ()
    kind: Literal["jail_exit"] = "jail_exit"


@dataclass(frozen=True, slots=True)
class JailCardPurchaseDecision(_Decision):
    """`Rules.jail_card_on_arrival`, sent to jail by the Go to Jail square without a Get Out of
    Jail Free card while the `holders` hold one: buy one from one of them now, by proposing a
    trade that gets it (`ProposeTrade`; once it is yours it is used at once, and you are on
    Just Visiting instead), or go to jail (`Refuse`)."""

    holders: tuple[int, ...] = ()
    kind: Literal["jail_card_purchase"] = "jail_card_purchase"


@dataclass(frozen=True, slots=True)
class ForeclosureOwnerDecision(_Decision):
    """Foreclosure: `lander` landed on this owner's mortgaged deed `square`; lift the mortgage
    now for `lift_cost` (`LiftMortgage`), or `Refuse` and let the lander buy it."""

    square: int = -1
    lander: int = -1
    lift_cost: int = 0
    kind: Literal["foreclosure_owner"] = "foreclosure_owner"


@dataclass(frozen=True, slots=True)
class ForeclosureBuyDecision(_Decision):
    """Foreclosure: buy `owner`'s mortgaged deed `square` (`Foreclose`) for `cost` in all
    (the mortgage value to the owner, the value and interest to the Bank), or `Refuse`."""

    square: int = -1
    owner: int = -1
    cost: int = 0
    kind: Literal["foreclosure_buy"] = "foreclosure_buy"


@dataclass(frozen=True, slots=True)
class AuctionOptionDecision(_Decision):
    """Option to auction: `lander` landed on the unowned deed `square`; force an auction by
    opening with `price` (`ForceAuction`), or `Refuse`."""

    square: int = -1
    lander: int = -1
    price: int = 0
    kind: Literal["auction_option"] = "auction_option"


@dataclass(frozen=True, slots=True)
class InitialBidsDecision(_Decision):
    """`Rules.initial_auction`: before the game, write a closed bid for any of the deeds
    `squares` (`InitialBids`), in all at most `budget` (the player's cash). Nobody sees another's
    bids until all are in; `asked` are the players still to write, this one first."""

    squares: tuple[int, ...] = ()
    budget: int = 0
    asked: tuple[int, ...] = ()
    kind: Literal["initial_bids"] = "initial_bids"


@dataclass(frozen=True, slots=True)
class GameOverDecision(_Decision):
    """The game is over: nobody decides anything (`player` is -1). `winner` is `None` after a
    tie or a safety limit; `reason` says how it ended."""

    winner: int | None = None
    reason: str = ""
    kind: Literal["game_over"] = "game_over"


#: What `game.pending` returns: the union of the decision classes, closed, so that a `match`
#: ending in `assert_never` is checked by mypy to handle every kind.
Decision = (
    RollDecision
    | JailDecision
    | EndTurnDecision
    | BuyDecision
    | BidDecision
    | SealedBidDecision
    | TaxDecision
    | FineOrChanceDecision
    | RaiseFundsDecision
    | TradeReplyDecision
    | MortgagedDeedDecision
    | BuildDemandDecision
    | PlaceBuildingDecision
    | TravelDecision
    | AllowTravelDecision
    | AskRentDecision
    | ChooseRentDecision
    | EnterBoardDecision
    | DrawCardDecision
    | LawyerDecision
    | JailExitDecision
    | ForeclosureOwnerDecision
    | ForeclosureBuyDecision
    | JailCardPurchaseDecision
    | AuctionOptionDecision
    | InitialBidsDecision
    | GameOverDecision
)

#: The decision classes, for code that enumerates them (tests, encoders).
DECISION_TYPES: tuple[type[_Decision], ...] = (
    RollDecision,
    JailDecision,
    EndTurnDecision,
    BuyDecision,
    BidDecision,
    SealedBidDecision,
    TaxDecision,
    FineOrChanceDecision,
    RaiseFundsDecision,
    TradeReplyDecision,
    MortgagedDeedDecision,
    BuildDemandDecision,
    PlaceBuildingDecision,
    TravelDecision,
    AllowTravelDecision,
    AskRentDecision,
    ChooseRentDecision,
    EnterBoardDecision,
    DrawCardDecision,
    LawyerDecision,
    JailExitDecision,
    ForeclosureOwnerDecision,
    ForeclosureBuyDecision,
    JailCardPurchaseDecision,
    AuctionOptionDecision,
    InitialBidsDecision,
    GameOverDecision,
)
