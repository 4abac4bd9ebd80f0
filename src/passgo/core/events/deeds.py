"""Events of deeds: purchases, auctions, buildings, mortgages and trades.

The events of a player's own choices (buying, declining, bidding, passing, building, selling,
mortgaging, lifting, offering and answering trades) carry `reason`: a bot's one-line reason
for the choice, given to `Game.apply` (empty when nobody gave one).
"""

from __future__ import annotations

from typing import ClassVar, Final, Literal, final

from passgo.core.actions import TradeOffer
from passgo.core.decisions import AuctionItem, BuildingItem
from passgo.core.events.base import AuctionKind, EventBase


@final
class Purchased(EventBase):
    """A player bought a deed from the Bank at its price."""

    __slots__ = ("player", "square", "price", "reason")
    __match_args__ = ("player", "square", "price", "reason")
    kind: ClassVar[Literal["buy"]] = "buy"
    player: Final[int]
    square: Final[int]
    price: Final[int]
    reason: Final[str]

    def __init__(self, player: int, square: int, price: int, reason: str = "") -> None:
        self.player = player
        self.square = square
        self.price = price
        self.reason = reason


@final
class Declined(EventBase):
    """A player did not buy the deed they landed on: it goes to auction."""

    __slots__ = ("player", "square", "reason")
    __match_args__ = ("player", "square", "reason")
    kind: ClassVar[Literal["decline"]] = "decline"
    player: Final[int]
    square: Final[int]
    reason: Final[str]

    def __init__(self, player: int, square: int, reason: str = "") -> None:
        self.player = player
        self.square = square
        self.reason = reason


@final
class AuctionStarted(EventBase):
    """An auction opened: of a deed, a house or a hotel (with its square), or the house rules'
    auctions of the order of play and of every deed; `opening`: the lowest bid a sealed auction
    takes."""

    __slots__ = ("item", "square", "opening")
    __match_args__ = ("item", "square", "opening")
    kind: ClassVar[Literal["auction_start"]] = "auction_start"
    item: Final[AuctionKind]
    square: Final[int | None]
    opening: Final[int]

    def __init__(self, item: AuctionKind, square: int | None, opening: int = 0) -> None:
        self.item = item
        self.square = square
        self.opening = opening


@final
class BidPlaced(EventBase):
    """A bid in an open auction of `item` (the deed on `square`, or a house or hotel asked for
    the street `square`)."""

    __slots__ = ("player", "item", "square", "amount", "reason")
    __match_args__ = ("player", "item", "square", "amount", "reason")
    kind: ClassVar[Literal["bid"]] = "bid"
    player: Final[int]
    item: Final[AuctionItem]
    square: Final[int | None]
    amount: Final[int]
    reason: Final[str]

    def __init__(self, player: int, item: AuctionItem, square: int | None, amount: int,
                 reason: str = "") -> None:
        self.player = player
        self.item = item
        self.square = square
        self.amount = amount
        self.reason = reason


@final
class AuctionLeft(EventBase):
    """A player passed in an open auction (out of it, unless `auction_reentry`)."""

    __slots__ = ("player", "square", "reason")
    __match_args__ = ("player", "square", "reason")
    kind: ClassVar[Literal["pass"]] = "pass"
    player: Final[int]
    square: Final[int | None]
    reason: Final[str]

    def __init__(self, player: int, square: int | None, reason: str = "") -> None:
        self.player = player
        self.square = square
        self.reason = reason


@final
class AuctionWon(EventBase):
    """The auction's winner and the price paid."""

    __slots__ = ("player", "item", "square", "price")
    __match_args__ = ("player", "item", "square", "price")
    kind: ClassVar[Literal["auction_won"]] = "auction_won"
    player: Final[int]
    item: Final[AuctionItem]
    square: Final[int | None]
    price: Final[int]

    def __init__(self, player: int, item: AuctionItem, square: int | None, price: int) -> None:
        self.player = player
        self.item = item
        self.square = square
        self.price = price


@final
class AuctionUnsold(EventBase):
    """Nobody bid: the item stays with the Bank."""

    __slots__ = ("item", "square")
    __match_args__ = ("item", "square")
    kind: ClassVar[Literal["auction_unsold"]] = "auction_unsold"
    item: Final[AuctionItem]
    square: Final[int | None]

    def __init__(self, item: AuctionItem, square: int | None) -> None:
        self.item = item
        self.square = square


@final
class Built(EventBase):
    """A house or hotel was built on a street; the street's buildings after it, and what it cost."""

    __slots__ = ("player", "square", "item", "cost", "houses", "hotels", "reason")
    __match_args__ = ("player", "square", "item", "cost", "houses", "hotels", "reason")
    kind: ClassVar[Literal["build"]] = "build"
    player: Final[int]
    square: Final[int]
    item: Final[BuildingItem]
    cost: Final[int]
    houses: Final[int]
    hotels: Final[int]
    reason: Final[str]

    def __init__(
        self, player: int, square: int, item: BuildingItem, cost: int, houses: int, hotels: int,
        reason: str = ""
    ) -> None:
        self.player = player
        self.square = square
        self.item = item
        self.cost = cost
        self.houses = houses
        self.hotels = hotels
        self.reason = reason


@final
class BuildingsSold(EventBase):
    """Buildings of a street went back to the Bank; the street's buildings after it (the refund
    follows as a payment)."""

    __slots__ = ("player", "square", "houses", "hotels", "reason")
    __match_args__ = ("player", "square", "houses", "hotels", "reason")
    kind: ClassVar[Literal["sell"]] = "sell"
    player: Final[int]
    square: Final[int]
    houses: Final[int]
    hotels: Final[int]
    reason: Final[str]

    def __init__(
        self, player: int, square: int, houses: int, hotels: int, reason: str = ""
    ) -> None:
        self.player = player
        self.square = square
        self.houses = houses
        self.hotels = hotels
        self.reason = reason


@final
class Mortgaged(EventBase):
    """A deed was mortgaged to the Bank for its mortgage value."""

    __slots__ = ("player", "square", "amount", "reason")
    __match_args__ = ("player", "square", "amount", "reason")
    kind: ClassVar[Literal["mortgage"]] = "mortgage"
    player: Final[int]
    square: Final[int]
    amount: Final[int]
    reason: Final[str]

    def __init__(self, player: int, square: int, amount: int, reason: str = "") -> None:
        self.player = player
        self.square = square
        self.amount = amount
        self.reason = reason


@final
class MortgageLifted(EventBase):
    """A mortgage was lifted: the value plus 10 % interest."""

    __slots__ = ("player", "square", "cost", "reason")
    __match_args__ = ("player", "square", "cost", "reason")
    kind: ClassVar[Literal["unmortgage"]] = "unmortgage"
    player: Final[int]
    square: Final[int]
    cost: Final[int]
    reason: Final[str]

    def __init__(self, player: int, square: int, cost: int, reason: str = "") -> None:
        self.player = player
        self.square = square
        self.cost = cost
        self.reason = reason


@final
class ShortageCalled(EventBase):
    """The Bank has fewer houses or hotels than could be wanted: who else wants some?"""

    __slots__ = ("player", "item", "available")
    __match_args__ = ("player", "item", "available")
    kind: ClassVar[Literal["shortage"]] = "shortage"
    player: Final[int]
    item: Final[BuildingItem]
    available: Final[int]

    def __init__(self, player: int, item: BuildingItem, available: int) -> None:
        self.player = player
        self.item = item
        self.available = available


@final
class BuildingsWanted(EventBase):
    """How many of the short buildings a player wants."""

    __slots__ = ("player", "item", "count")
    __match_args__ = ("player", "item", "count")
    kind: ClassVar[Literal["want"]] = "want"
    player: Final[int]
    item: Final[BuildingItem]
    count: Final[int]

    def __init__(self, player: int, item: BuildingItem, count: int) -> None:
        self.player = player
        self.item = item
        self.count = count


@final
class TradeOffered(EventBase):
    """A trade was proposed (or a counter-offer made): the whole offer."""

    __slots__ = ("offer", "reason")
    __match_args__ = ("offer", "reason")
    kind: ClassVar[Literal["trade_offer"]] = "trade_offer"
    offer: Final[TradeOffer]
    reason: Final[str]

    def __init__(self, offer: TradeOffer, reason: str = "") -> None:
        self.offer = offer
        self.reason = reason


@final
class TradeAccepted(EventBase):
    """The responder accepted the offer: both sides change hands now."""

    __slots__ = ("offer", "reason")
    __match_args__ = ("offer", "reason")
    kind: ClassVar[Literal["trade_accept"]] = "trade_accept"
    offer: Final[TradeOffer]
    reason: Final[str]

    def __init__(self, offer: TradeOffer, reason: str = "") -> None:
        self.offer = offer
        self.reason = reason


@final
class TradeRejected(EventBase):
    """The responder turned the offer down (`counter`: a counter-offer follows)."""

    __slots__ = ("offer", "counter", "reason")
    __match_args__ = ("offer", "counter", "reason")
    kind: ClassVar[Literal["trade_reject"]] = "trade_reject"
    offer: Final[TradeOffer]
    counter: Final[bool]
    reason: Final[str]

    def __init__(self, offer: TradeOffer, counter: bool, reason: str = "") -> None:
        self.offer = offer
        self.counter = counter
        self.reason = reason


#: The events of deeds, for code that tells them apart.
DeedEvent = (
    Purchased
    | Declined
    | AuctionStarted
    | BidPlaced
    | AuctionLeft
    | AuctionWon
    | AuctionUnsold
    | Built
    | BuildingsSold
    | Mortgaged
    | MortgageLifted
    | ShortageCalled
    | BuildingsWanted
    | TradeOffered
    | TradeAccepted
    | TradeRejected
)
