"""Pending decisions ("frames"): what the game waits for, and from whom.

The game keeps a stack of frames. The bottom one is the turn of the player whose turn it is;
decisions that arise while it is played (buy or auction, a bid, a debt to settle, a trade reply,
...) are pushed on top and the top frame is what the game waits for. Some frames resolve by
themselves as soon as they reach the top (a debt the debtor can pay, a move after the third jail
throw): they are marked `auto` and carried out by the engine without asking anyone.
"""

from __future__ import annotations

from typing import Any, ClassVar

from passgo.core.actions import Bundle, TradeOffer

# Stages of a turn.
PRE_ROLL = 0  # the player must throw (or choose how to leave jail)
MOVED = 1  # the throw has been played; the engine decides whether the player throws again
POST_ROLL = 2  # the player may do business and must end the turn
DONE = 3  # the turn is over; the engine passes the dice


class Frame:
    """A pending decision. `kind` names it; `player` is the seat that must decide."""

    __slots__ = ("kind", "player")
    tag: ClassVar[str] = ""

    def __init__(self, kind: str, player: int) -> None:
        self.kind = kind
        self.player = player

    def fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for cls in type(self).__mro__:
            for name in getattr(cls, "__slots__", ()):
                value = getattr(self, name)
                if isinstance(value, TradeOffer):
                    value = _offer_to_dict(value)
                elif isinstance(value, dict):
                    value = {str(k): v for k, v in value.items()}
                out[name] = value
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"frame": self.tag, **self.fields()}


class TurnFrame(Frame):
    __slots__ = ("stage", "again")
    tag = "turn"

    def __init__(self, kind: str, player: int, stage: int = PRE_ROLL, again: bool = False):
        super().__init__(kind, player)
        self.stage = stage
        self.again = again  # the last throw was doubles: throw again after it is played


class DebtFrame(Frame):
    """`player` owes `amount` to `creditor` (-1 = the Bank); raising funds until paid."""

    __slots__ = ("creditor", "amount", "reason", "announced")
    tag = "debt"

    def __init__(
        self,
        kind: str,
        player: int,
        creditor: int,
        amount: int,
        reason: str,
        announced: bool = False,
    ):
        super().__init__(kind, player)
        self.creditor = creditor
        self.amount = amount
        self.reason = reason
        self.announced = announced  # the "debt" event has been sent


class MoveFrame(Frame):
    """Move `player` forward by `steps` once what is above it is settled (third jail throw)."""

    __slots__ = ("steps",)
    tag = "move"

    def __init__(self, kind: str, player: int, steps: int):
        super().__init__(kind, player)
        self.steps = steps


class BuyFrame(Frame):
    __slots__ = ("square",)
    tag = "buy"

    def __init__(self, kind: str, player: int, square: int):
        super().__init__(kind, player)
        self.square = square


class AuctionFrame(Frame):
    """An open auction. `bidders` are still in, asked in turn from `turn`; `item` is
    "deed" (of `square`), "house" or "hotel"."""

    __slots__ = ("item", "square", "bidders", "turn", "high", "high_bidder", "opened")
    tag = "auction"

    def __init__(
        self,
        kind: str,
        player: int,
        item: str,
        square: int,
        bidders: list[int],
        turn: int = 0,
        high: int = 0,
        high_bidder: int = -1,
        opened: bool = False,
    ):
        super().__init__(kind, player)
        self.opened = opened  # the auction_start event has been sent
        self.item = item
        self.square = square
        self.bidders = bidders
        self.turn = turn
        self.high = high
        self.high_bidder = high_bidder


class TaxFrame(Frame):
    __slots__ = ()
    tag = "tax"


class FineFrame(Frame):
    """"Pay a fine or take a Chance" card: `player` pays `amount` or draws a Chance card."""

    __slots__ = ("amount",)
    tag = "fine"

    def __init__(self, kind: str, player: int, amount: int):
        super().__init__(kind, player)
        self.amount = amount


class TradeFrame(Frame):
    """`player` (the offer's responder) must accept, reject or counter `offer`."""

    __slots__ = ("offer",)
    tag = "trade"

    def __init__(self, kind: str, player: int, offer: TradeOffer):
        super().__init__(kind, player)
        self.offer = offer


class TransferFrame(Frame):
    """`player` received the mortgaged deed `square`: lift now or pay interest and keep."""

    __slots__ = ("square",)
    tag = "transfer"

    def __init__(self, kind: str, player: int, square: int):
        super().__init__(kind, player)
        self.square = square


class CallFrame(Frame):
    """A building-shortage call: each player in `asked` says how many `item`s they want."""

    __slots__ = ("item", "requester", "square", "asked", "demand")
    tag = "call"

    def __init__(
        self,
        kind: str,
        player: int,
        item: str,
        requester: int,
        square: int,
        asked: list[int],
        demand: dict[int, int],
    ):
        super().__init__(kind, player)
        self.item = item
        self.requester = requester
        self.square = square
        self.asked = asked
        self.demand = demand


class PlaceFrame(Frame):
    """`player` puts a `item` on one of their streets; `price` was paid at auction, or is -1
    when the printed building cost is paid on placing it."""

    __slots__ = ("item", "price")
    tag = "place"

    def __init__(self, kind: str, player: int, item: str, price: int):
        super().__init__(kind, player)
        self.item = item
        self.price = price


class SealedFrame(Frame):
    """A sealed-bid auction (`Rules.auction` "closed" or "vickrey") of `item`: "deed" (of
    `square`), "house", "hotel", or "order" (the order of play, `Rules.order_auction`). Each
    player in `asked` writes a bid in turn (`player` is the one asked now); `bids` are hidden
    from the others until all are in. `floor` is the lowest price (an opening bid forced by
    `Rules.option_to_auction`, else 0)."""

    __slots__ = ("item", "square", "asked", "bids", "floor", "opened")
    tag = "sealed"

    def __init__(
        self,
        kind: str,
        player: int,
        item: str,
        square: int,
        asked: list[int],
        bids: dict[int, int],
        floor: int = 0,
        opened: bool = False,
    ):
        super().__init__(kind, player)
        self.item = item
        self.square = square
        self.asked = asked
        self.bids = bids
        self.floor = floor
        self.opened = opened  # the auction_start event has been sent


class ForeclosureFrame(Frame):
    """`Rules.foreclosure`: `lander` landed on the mortgaged deed `square` of its owner. Kind
    "foreclosure_owner": the owner (`player`) may lift the mortgage at once; kind
    "foreclosure_buy": the lander (`player`) may buy the deed."""

    __slots__ = ("square", "lander")
    tag = "foreclosure"

    def __init__(self, kind: str, player: int, square: int, lander: int):
        super().__init__(kind, player)
        self.square = square
        self.lander = lander


class OptionFrame(Frame):
    """`Rules.option_to_auction`: `lander` landed on the unowned deed `square`; each player in
    `asked` in turn (`player`: the one asked now) may force an auction by bidding twice the
    price."""

    __slots__ = ("square", "lander", "asked")
    tag = "option"

    def __init__(self, kind: str, player: int, square: int, lander: int, asked: list[int]):
        super().__init__(kind, player)
        self.square = square
        self.lander = lander
        self.asked = asked


class RailFrame(Frame):
    """Travelling railroads (`Rules.travelling_railroads`) after landing on the railroad
    `square`. Kind "travel": `player` (the lander) may move to another railroad of its owner;
    kind "allow_travel": `player` (the owner) takes the `rent` due from `lander` and allows the
    travel, or refuses the rent and forbids it."""

    __slots__ = ("square", "lander", "rent")
    tag = "rail"

    def __init__(self, kind: str, player: int, square: int, lander: int = -1, rent: int = 0):
        super().__init__(kind, player)
        self.square = square
        self.lander = lander
        self.rent = rent


class DrawFrame(Frame):
    """`Rules.optional_card_draw`: `player` landed on a card square and may draw from `deck`
    or not."""

    __slots__ = ("deck",)
    tag = "draw"

    def __init__(self, kind: str, player: int, deck: int):
        super().__init__(kind, player)
        self.deck = deck


class DecisionFrame(Frame):
    """A house-rule decision whose details are all in the state. Kind "lawyer"
    (`Rules.jail_lawyer`): pay the fee to leave jail for Just Visiting at once, or stay; kind
    "jail_exit" (`Rules.jail_card_after_third_throw`): after the last failed jail throw, pay
    the fine or use a Get Out of Jail Free card."""

    __slots__ = ()
    tag = "decision"


class FinderFrame(Frame):
    """`Rules.finders_fee_percent`: a marker under the auction of the deed `square` that
    `player` landed on and declined; whoever else buys it at that auction, the Bank pays
    `player` the finder's fee. It needs nobody's answer and goes when the auction ends."""

    __slots__ = ("square",)
    tag = "finder"

    def __init__(self, kind: str, player: int, square: int):
        super().__init__(kind, player)
        self.square = square


FRAME_TYPES: dict[str, type[Frame]] = {
    cls.tag: cls
    for cls in (
        TurnFrame,
        DebtFrame,
        MoveFrame,
        BuyFrame,
        AuctionFrame,
        TaxFrame,
        FineFrame,
        TradeFrame,
        TransferFrame,
        CallFrame,
        PlaceFrame,
        RailFrame,
        DrawFrame,
        DecisionFrame,
        FinderFrame,
        SealedFrame,
        ForeclosureFrame,
        OptionFrame,
    )
}


def _offer_to_dict(offer: TradeOffer) -> dict[str, Any]:
    def side(b: Bundle) -> dict[str, Any]:
        return {"properties": list(b.properties), "cash": b.cash, "cards": list(b.cards)}

    return {
        "proposer": offer.proposer,
        "responder": offer.responder,
        "give": side(offer.give),
        "get": side(offer.get),
    }


def _offer_from_dict(data: dict[str, Any]) -> TradeOffer:
    def side(d: dict[str, Any]) -> Bundle:
        return Bundle(tuple(d["properties"]), int(d["cash"]), tuple(d["cards"]))

    return TradeOffer(
        int(data["proposer"]), int(data["responder"]), side(data["give"]), side(data["get"])
    )


def frame_from_dict(data: dict[str, Any]) -> Frame:
    """Rebuild a frame written by `Frame.to_dict` (raises KeyError/TypeError when malformed)."""
    data = dict(data)
    cls = FRAME_TYPES[data.pop("frame")]
    if "offer" in data:
        data["offer"] = _offer_from_dict(data["offer"])
    if "demand" in data:
        data["demand"] = {int(k): int(v) for k, v in data["demand"].items()}
    if "bidders" in data:
        data["bidders"] = [int(x) for x in data["bidders"]]
    if "asked" in data:
        data["asked"] = [int(x) for x in data["asked"]]
    if "bids" in data:
        data["bids"] = {int(k): int(v) for k, v in data["bids"].items()}
    return cls(**data)
