"""Pending decisions ("frames"): what the game waits for, and from whom.

The game keeps a stack of frames. The bottom one is the turn of the player whose turn it is;
decisions that arise while it is played (buy or auction, a bid, a debt to settle, a trade reply,
...) are pushed on top and the top frame is what the game waits for. Some frames resolve by
themselves as soon as they reach the top (a debt the debtor can pay, a move after the third jail
throw): they are marked `auto` and carried out by the engine without asking anyone.
"""

from __future__ import annotations

from copy import copy as _copy
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal, get_args

from passgo.core.actions import TradeOffer
from passgo.core.decisions import (
    AuctionItem,
    BuildingItem,
    DecisionKind,
    SealedItem,
    offer_from_dict,
    offer_to_dict,
)

if TYPE_CHECKING:
    from passgo.core.state import GameState

#: What a frame waits for: a decision of a player, or one of the two steps the engine carries
#: out by itself when they reach the top (the move after the last jail throw; a finder's fee).
FrameKind = DecisionKind | Literal["move", "finder"]

FRAME_KINDS: Final = frozenset(k for part in get_args(FrameKind) for k in get_args(part))

# Stages of a turn.
PRE_ROLL: Final = 0  # the player must throw (or choose how to leave jail)
MOVED: Final = 1  # the throw has been played; the engine decides whether the player throws again
POST_ROLL: Final = 2  # the player may do business and must end the turn
DONE: Final = 3  # the turn is over; the engine passes the dice
WAITING = (PRE_ROLL, POST_ROLL)  # stages at which the turn waits for its player


class _Tagged:
    """Holds `tag`, the name of a frame's type in saved games.

    Each frame type gets its tag from the `FRAME_TYPES` table below, not from a `ClassVar` in its
    own dataclass body: compiled with mypyc, a dataclass reads such a declaration as a field."""

    __slots__ = ()
    tag: ClassVar[str] = ""


@dataclass(slots=True, eq=False)
class Frame(_Tagged):
    """A pending decision. `kind` names it; `player` is the seat that must decide.

    Frames are the engine's working records (mutable, compared by identity); front-ends read
    the typed `passgo.core.decisions` values that `game.pending` builds from them."""

    kind: FrameKind
    player: int

    def fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, TradeOffer):
                value = offer_to_dict(value)
            elif isinstance(value, dict):
                value = {str(k): v for k, v in value.items()}
            elif isinstance(value, list):
                value = list(value)
            out[f.name] = value
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"frame": self.tag, **self.fields()}

    def copy(self) -> Frame:
        """An independent copy (its lists and tables copied too)."""
        c = _copy(self)
        for name in _MUTABLE_FIELDS.get(type(self), ()):
            value = getattr(self, name)
            setattr(c, name, value.copy())
        return c


@dataclass(slots=True, eq=False)
class TurnFrame(Frame):
    """The turn of `player`: kind "roll", "jail" (in jail at the start of the turn) or
    "end_turn"; `again`: the last throw was doubles, throw again after it is played."""

    stage: int = PRE_ROLL
    again: bool = False


@dataclass(slots=True, eq=False)
class DebtFrame(Frame):
    """`player` owes `amount` to `creditor` (-1 = the Bank); raising funds until paid.
    `announced`: the "debt" event has been sent."""

    creditor: int
    amount: int
    reason: str
    announced: bool = False


@dataclass(slots=True, eq=False)
class MoveFrame(Frame):
    """Move `player` forward by `steps` once what is above it is settled (third jail throw)."""

    steps: int


@dataclass(slots=True, eq=False)
class BuyFrame(Frame):
    """`player` landed on the unowned deed `square`: buy it or decline."""

    square: int


@dataclass(slots=True, eq=False)
class AuctionFrame(Frame):
    """An open auction. `bidders` are still in, asked in turn from `turn`; `item` is
    "deed" (of `square`), "house" or "hotel". `opened`: the auction_start event was sent.
    `passed`: with `Rules.auction_reentry`, the bidders who passed since the last bid (they
    stay in, and are asked again after a higher bid)."""

    item: AuctionItem
    square: int
    bidders: list[int]
    turn: int = 0
    high: int = 0
    high_bidder: int = -1
    opened: bool = False
    passed: list[int] = field(default_factory=list)


@dataclass(slots=True, eq=False)
class TaxFrame(Frame):
    """Income Tax: `player` chooses the flat amount or the percentage."""


@dataclass(slots=True, eq=False)
class FineFrame(Frame):
    """"Pay a fine or take a Chance" card: `player` pays `amount` or draws a Chance card."""

    amount: int


@dataclass(slots=True, eq=False)
class TradeFrame(Frame):
    """`player` (the offer's responder) must accept, reject or counter `offer`."""

    offer: TradeOffer


@dataclass(slots=True, eq=False)
class TransferFrame(Frame):
    """`player` received the mortgaged deed `square`: lift now or pay interest and keep."""

    square: int


@dataclass(slots=True, eq=False)
class CallFrame(Frame):
    """A building-shortage call: each player in `asked` says how many `item`s they want."""

    item: BuildingItem
    requester: int
    square: int
    asked: list[int]
    demand: dict[int, int]


@dataclass(slots=True, eq=False)
class PlaceFrame(Frame):
    """`player` puts a `item` on one of their streets; `price` was paid at auction, or is -1
    when the printed building cost is paid on placing it."""

    item: BuildingItem
    price: int


@dataclass(slots=True, eq=False)
class SealedFrame(Frame):
    """A sealed-bid auction (`Rules.auction` "closed" or "vickrey") of `item`: "deed" (of
    `square`), "house", "hotel", or "order" (the order of play, `Rules.order_auction`). Each
    player in `asked` writes a bid in turn (`player` is the one asked now); `bids` are hidden
    from the others until all are in. `floor` is the lowest price (an opening bid forced by
    `Rules.option_to_auction`, else 0). `opened`: the auction_start event was sent."""

    item: SealedItem
    square: int
    asked: list[int]
    bids: dict[int, int]
    floor: int = 0
    opened: bool = False


@dataclass(slots=True, eq=False)
class ForeclosureFrame(Frame):
    """`Rules.foreclosure`: `lander` landed on the mortgaged deed `square` of its owner. Kind
    "foreclosure_owner": the owner (`player`) may lift the mortgage at once; kind
    "foreclosure_buy": the lander (`player`) may buy the deed."""

    square: int
    lander: int


@dataclass(slots=True, eq=False)
class OptionFrame(Frame):
    """`Rules.option_to_auction`: `lander` landed on the unowned deed `square`; each player in
    `asked` in turn (`player`: the one asked now) may force an auction by bidding twice the
    price."""

    square: int
    lander: int
    asked: list[int]


@dataclass(slots=True, eq=False)
class RailFrame(Frame):
    """Travelling railroads (`Rules.travelling_railroads`) after landing on the railroad
    `square`. Kind "travel": `player` (the lander) may move to another railroad of its owner;
    kind "allow_travel": `player` (the owner) takes the `rent` due from `lander` and allows the
    travel, or refuses the rent and forbids it."""

    square: int
    lander: int = -1
    rent: int = 0


@dataclass(slots=True, eq=False)
class MarketFrame(Frame):
    """Free market (`Rules.free_market`) after `lander` landed on the improved street `square`.
    Kind "ask_rent": `player` (its owner) names the rent asked, up to the normal `rent`;
    kind "choose_rent": `player` (the lander) pays the `ask` of `owner` or switches to another
    improved street of the group. `switched`: the lander came here by switching (no second
    switch)."""

    square: int
    lander: int
    owner: int
    rent: int = 0
    ask: int = 0
    switched: bool = False


@dataclass(slots=True, eq=False)
class DrawFrame(Frame):
    """`Rules.optional_card_draw`: `player` landed on a card square and may draw from `deck`
    or not."""

    deck: int


@dataclass(slots=True, eq=False)
class DecisionFrame(Frame):
    """A house-rule decision whose details are all in the state. Kind "lawyer"
    (`Rules.jail_lawyer`): pay the fee to leave jail for Just Visiting at once, or stay; kind
    "jail_exit" (`Rules.jail_card_after_third_throw`): after the last failed jail throw, pay
    the fine or use a Get Out of Jail Free card."""


@dataclass(slots=True, eq=False)
class ArrivalFrame(Frame):
    """`Rules.jail_card_on_arrival`: `player`, sent to jail by the Go to Jail square without a
    Get Out of Jail Free card, may buy one from another player now (kind
    "jail_card_purchase"); it resolves itself as soon as they hold one, or nobody else does."""


@dataclass(slots=True, eq=False)
class FinderFrame(Frame):
    """`Rules.finders_fee_percent`: a marker under the auction of the deed `square` that
    `player` landed on and declined; whoever else buys it at that auction, the Bank pays
    `player` the finder's fee. It needs nobody's answer and goes when the auction ends."""

    square: int


@dataclass(slots=True, eq=False)
class InitialFrame(Frame):
    """`Rules.initial_auction`: each player in `asked` writes closed bids for the deeds in
    turn (`player` is the one asked now); `written` holds them, hidden until all are in, one
    list per bidder: [seat, square, amount, square, amount, ...]."""

    asked: list[int]
    written: list[list[int]] = field(default_factory=list)


def new_auction(g: GameState, item: AuctionItem, square: int, bidders: list[int]) -> Frame:
    """A new auction among `bidders`: open, or sealed-bid (`Rules.auction`, see `sealed`)."""
    if g.rules.maximum_punishment:
        # "A player in Jail may not ... participate in any auctions"
        bidders = [p for p in bidders if not g.punished(p)]
    if g.rules.auction != "open":
        return SealedFrame("sealed_bid", -1, item, square, bidders, {})
    return AuctionFrame("bid", -1, item, square, bidders)


FRAME_TYPES: dict[str, type[Frame]] = {
    "turn": TurnFrame,
    "debt": DebtFrame,
    "move": MoveFrame,
    "buy": BuyFrame,
    "auction": AuctionFrame,
    "tax": TaxFrame,
    "fine": FineFrame,
    "trade": TradeFrame,
    "transfer": TransferFrame,
    "call": CallFrame,
    "place": PlaceFrame,
    "rail": RailFrame,
    "market": MarketFrame,
    "draw": DrawFrame,
    "decision": DecisionFrame,
    "finder": FinderFrame,
    "arrival": ArrivalFrame,
    "sealed": SealedFrame,
    "foreclosure": ForeclosureFrame,
    "option": OptionFrame,
    "initial": InitialFrame,
}
for _tag, _frame_type in FRAME_TYPES.items():
    _frame_type.tag = _tag

def _holds_container(annotation: object) -> bool:
    """Whether a field is declared a list or a table: its annotation is the text written here
    (`list[int]`), or the bare class (`list`) when the module is compiled with mypyc."""
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    return text.startswith(("list", "dict"))


# The fields of each frame type that hold a list or a table (copied by `Frame.copy`).
_MUTABLE_FIELDS: dict[type[Frame], tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls) if _holds_container(f.type))
    for cls in FRAME_TYPES.values()
}


def frame_from_dict(data: dict[str, Any]) -> Frame:
    """Rebuild a frame written by `Frame.to_dict` (KeyError, TypeError or ValueError when
    malformed)."""
    data = dict(data)
    cls = FRAME_TYPES[data.pop("frame")]
    if data.get("kind") not in FRAME_KINDS:
        raise ValueError(f"unknown frame kind {data.get('kind')!r}")
    if "offer" in data:
        data["offer"] = offer_from_dict(data["offer"])
    if "demand" in data:
        data["demand"] = {int(k): int(v) for k, v in data["demand"].items()}
    if "bidders" in data:
        data["bidders"] = [int(x) for x in data["bidders"]]
    if "asked" in data:
        data["asked"] = [int(x) for x in data["asked"]]
    if "written" in data:
        data["written"] = [[int(x) for x in row] for row in data["written"]]
    if "bids" in data:
        data["bids"] = {int(k): int(v) for k, v in data["bids"].items()}
    return cls(**data)
