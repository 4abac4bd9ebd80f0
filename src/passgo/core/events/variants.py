"""Events that only the house rules of the 004 variant catalogue make, and the terms of trades
(004 Flexible negotiations).
"""

from __future__ import annotations

from typing import ClassVar, Final, Literal, final

from passgo.core.actions import Term
from passgo.core.decisions import DeckName
from passgo.core.events.base import AgreementEnd, EventBase, SealedKind


@final
class StartedOn(EventBase):
    """Start at corners: a player's token starts on this square."""

    __slots__ = ("player", "square")
    __match_args__ = ("player", "square")
    kind: ClassVar[Literal["start"]] = "start"
    player: Final[int]
    square: Final[int]

    def __init__(self, player: int, square: int) -> None:
        self.player = player
        self.square = square


@final
class Travelled(EventBase):
    """Travelling railroads: the token went from one of the owner's railroads to another."""

    __slots__ = ("player", "start", "end")
    __match_args__ = ("player", "start", "end")
    kind: ClassVar[Literal["travel"]] = "travel"
    player: Final[int]
    start: Final[int]
    end: Final[int]

    def __init__(self, player: int, start: int, end: int) -> None:
        self.player = player
        self.start = start
        self.end = end


@final
class TravelForbidden(EventBase):
    """Travelling railroads: the owner refused the rent, so the lander may not travel."""

    __slots__ = ("owner", "lander", "square")
    __match_args__ = ("owner", "lander", "square")
    kind: ClassVar[Literal["travel_forbidden"]] = "travel_forbidden"
    owner: Final[int]
    lander: Final[int]
    square: Final[int]

    def __init__(self, owner: int, lander: int, square: int) -> None:
        self.owner = owner
        self.lander = lander
        self.square = square


@final
class DoubledUp(EventBase):
    """Doubling up: the square was taken by another token; the player goes back to GO (a move
    follows)."""

    __slots__ = ("player", "square")
    __match_args__ = ("player", "square")
    kind: ClassVar[Literal["doubled_up"]] = "doubled_up"
    player: Final[int]
    square: Final[int]

    def __init__(self, player: int, square: int) -> None:
        self.player = player
        self.square = square


@final
class NotForSale(EventBase):
    """First to go: nobody has passed GO yet, so the deed cannot be bought."""

    __slots__ = ("player", "square")
    __match_args__ = ("player", "square")
    kind: ClassVar[Literal["no_sale"]] = "no_sale"
    player: Final[int]
    square: Final[int]

    def __init__(self, player: int, square: int) -> None:
        self.player = player
        self.square = square


@final
class CardNotDrawn(EventBase):
    """Optional card draw: the player left the card."""

    __slots__ = ("player", "deck")
    __match_args__ = ("player", "deck")
    kind: ClassVar[Literal["no_draw"]] = "no_draw"
    player: Final[int]
    deck: Final[DeckName]

    def __init__(self, player: int, deck: DeckName) -> None:
        self.player = player
        self.deck = deck


@final
class PotPaid(EventBase):
    """Free Parking jackpot: a payment to the Bank went into the pot instead."""

    __slots__ = ("player", "amount", "reason")
    __match_args__ = ("player", "amount", "reason")
    kind: ClassVar[Literal["pot"]] = "pot"
    player: Final[int]
    amount: Final[int]
    reason: Final[str]

    def __init__(self, player: int, amount: int, reason: str) -> None:
        self.player = player
        self.amount = amount
        self.reason = reason


@final
class JackpotTaken(EventBase):
    """Free Parking jackpot: the player took the pot."""

    __slots__ = ("player", "amount")
    __match_args__ = ("player", "amount")
    kind: ClassVar[Literal["jackpot"]] = "jackpot"
    player: Final[int]
    amount: Final[int]

    def __init__(self, player: int, amount: int) -> None:
        self.player = player
        self.amount = amount


@final
class PotRefilled(EventBase):
    """Free Parking jackpot: the Bank put money back into the pot."""

    __slots__ = ("amount",)
    __match_args__ = ("amount",)
    kind: ClassVar[Literal["pot_refill"]] = "pot_refill"
    amount: Final[int]

    def __init__(self, amount: int) -> None:
        self.amount = amount


@final
class LoanTaken(EventBase):
    """Bank loans: the player borrowed from the Bank."""

    __slots__ = ("player", "amount")
    __match_args__ = ("player", "amount")
    kind: ClassVar[Literal["loan"]] = "loan"
    player: Final[int]
    amount: Final[int]

    def __init__(self, player: int, amount: int) -> None:
        self.player = player
        self.amount = amount


@final
class LoanRepaid(EventBase):
    """Bank loans: the player repaid a loan."""

    __slots__ = ("player", "amount")
    __match_args__ = ("player", "amount")
    kind: ClassVar[Literal["loan_repaid"]] = "loan_repaid"
    player: Final[int]
    amount: Final[int]

    def __init__(self, player: int, amount: int) -> None:
        self.player = player
        self.amount = amount


@final
class LoansPassed(EventBase):
    """Bank loans: a bankrupt's loans passed to the creditor (None: the Bank dissolved them)."""

    __slots__ = ("player", "count", "creditor")
    __match_args__ = ("player", "count", "creditor")
    kind: ClassVar[Literal["loan_passed"]] = "loan_passed"
    player: Final[int]
    count: Final[int]
    creditor: Final[int | None]

    def __init__(self, player: int, count: int, creditor: int | None) -> None:
        self.player = player
        self.count = count
        self.creditor = creditor


@final
class LawyerHired(EventBase):
    """Jail lawyer: the player paid a fee and is Just Visiting instead of in jail."""

    __slots__ = ("player", "fee", "square")
    __match_args__ = ("player", "fee", "square")
    kind: ClassVar[Literal["lawyer"]] = "lawyer"
    player: Final[int]
    fee: Final[int]
    square: Final[int]

    def __init__(self, player: int, fee: int, square: int) -> None:
        self.player = player
        self.fee = fee
        self.square = square


@final
class JailCardUsed(EventBase):
    """After the last failed jail throw, a Get Out of Jail Free card instead of the fine."""

    __slots__ = ("player", "deck")
    __match_args__ = ("player", "deck")
    kind: ClassVar[Literal["jail_card"]] = "jail_card"
    player: Final[int]
    deck: Final[DeckName]

    def __init__(self, player: int, deck: DeckName) -> None:
        self.player = player
        self.deck = deck


@final
class TaxManMoved(EventBase):
    """The tax man: the Bank's token threw the dice and moved."""

    __slots__ = ("dice", "square")
    __match_args__ = ("dice", "square")
    kind: ClassVar[Literal["tax_man"]] = "tax_man"
    dice: Final[tuple[int, int]]
    square: Final[int]

    def __init__(self, dice: tuple[int, int], square: int) -> None:
        self.dice = dice
        self.square = square


@final
class BoardEntered(EventBase):
    """Double board: on the shared square, the player goes on along the board of `square`."""

    __slots__ = ("player", "square")
    __match_args__ = ("player", "square")
    kind: ClassVar[Literal["board_entered"]] = "board_entered"
    player: Final[int]
    square: Final[int]

    def __init__(self, player: int, square: int) -> None:
        self.player = player
        self.square = square


@final
class TokensSwitched(EventBase):
    """Two tokens: the next turn moves the token on `square`; the other rests on `resting`."""

    __slots__ = ("player", "square", "resting")
    __match_args__ = ("player", "square", "resting")
    kind: ClassVar[Literal["token_switch"]] = "token_switch"
    player: Final[int]
    square: Final[int]
    resting: Final[int]

    def __init__(self, player: int, square: int, resting: int) -> None:
        self.player = player
        self.square = square
        self.resting = resting


@final
class DeedSoldToBank(EventBase):
    """No mortgaging: a deed sold back to the Bank for half its price."""

    __slots__ = ("player", "square", "amount", "reason")
    __match_args__ = ("player", "square", "amount", "reason")
    kind: ClassVar[Literal["deed_sold"]] = "deed_sold"
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
class ForeclosureOffered(EventBase):
    """Foreclosure: the lander reached another player's mortgaged deed; its owner may lift the
    mortgage, else the lander may buy it."""

    __slots__ = ("lander", "owner", "square")
    __match_args__ = ("lander", "owner", "square")
    kind: ClassVar[Literal["foreclosure"]] = "foreclosure"
    lander: Final[int]
    owner: Final[int]
    square: Final[int]

    def __init__(self, lander: int, owner: int, square: int) -> None:
        self.lander = lander
        self.owner = owner
        self.square = square


@final
class AuctionForced(EventBase):
    """Option to auction: a player forced an auction of the deed, opening at twice its price."""

    __slots__ = ("player", "square", "price")
    __match_args__ = ("player", "square", "price")
    kind: ClassVar[Literal["auction_forced"]] = "auction_forced"
    player: Final[int]
    square: Final[int]
    price: Final[int]

    def __init__(self, player: int, square: int, price: int) -> None:
        self.player = player
        self.square = square
        self.price = price


@final
class SealedBidWritten(EventBase):
    """A sealed bid was written (its amount stays hidden until all are in)."""

    __slots__ = ("player", "item", "square")
    __match_args__ = ("player", "item", "square")
    kind: ClassVar[Literal["sealed_bid"]] = "sealed_bid"
    player: Final[int]
    item: Final[SealedKind]
    square: Final[int | None]

    def __init__(self, player: int, item: SealedKind, square: int | None) -> None:
        self.player = player
        self.item = item
        self.square = square


@final
class BidsRevealed(EventBase):
    """The sealed bids, shown: (seat, amount) pairs, and the highest."""

    __slots__ = ("item", "square", "bids", "high")
    __match_args__ = ("item", "square", "bids", "high")
    kind: ClassVar[Literal["bids_revealed"]] = "bids_revealed"
    item: Final[SealedKind]
    square: Final[int | None]
    bids: Final[tuple[tuple[int, int], ...]]
    high: Final[int]

    def __init__(
        self, item: SealedKind, square: int | None, bids: tuple[tuple[int, int], ...], high: int
    ) -> None:
        self.item = item
        self.square = square
        self.bids = bids
        self.high = high


@final
class PlayOrderSet(EventBase):
    """Order auction: the order of play won by the bids."""

    __slots__ = ("first", "order")
    __match_args__ = ("first", "order")
    kind: ClassVar[Literal["order_of_play"]] = "order_of_play"
    first: Final[int]
    order: Final[tuple[int, ...]]

    def __init__(self, first: int, order: tuple[int, ...]) -> None:
        self.first = first
        self.order = order


@final
class AgreementMade(EventBase):
    """A term of an accepted trade took effect: agreement `number`, granted by `giver` to `taker`.
    """

    __slots__ = ("giver", "taker", "number", "term")
    __match_args__ = ("giver", "taker", "number", "term")
    kind: ClassVar[Literal["agreement"]] = "agreement"
    giver: Final[int]
    taker: Final[int]
    number: Final[int]
    term: Final[Term]

    def __init__(self, giver: int, taker: int, number: int, term: Term) -> None:
        self.giver = giver
        self.taker = taker
        self.number = number
        self.term = term


@final
class AgreementEnded(EventBase):
    """An agreement ended, and why."""

    __slots__ = ("giver", "taker", "number", "why")
    __match_args__ = ("giver", "taker", "number", "why")
    kind: ClassVar[Literal["agreement_ended"]] = "agreement_ended"
    giver: Final[int]
    taker: Final[int]
    number: Final[int]
    why: Final[AgreementEnd]

    def __init__(self, giver: int, taker: int, number: int, why: AgreementEnd) -> None:
        self.giver = giver
        self.taker = taker
        self.number = number
        self.why = why


@final
class LoanAgreementPassed(EventBase):
    """A loan made by a bankrupt player is now owed to their creditor (None: the Bank)."""

    __slots__ = ("player", "number", "creditor")
    __match_args__ = ("player", "number", "creditor")
    kind: ClassVar[Literal["agreement_passed"]] = "agreement_passed"
    player: Final[int]
    number: Final[int]
    creditor: Final[int | None]

    def __init__(self, player: int, number: int, creditor: int | None) -> None:
        self.player = player
        self.number = number
        self.creditor = creditor


@final
class ImmunityUsed(EventBase):
    """Rent immunity: the lander owed `amount` less rent."""

    __slots__ = ("lander", "owner", "square", "amount", "number")
    __match_args__ = ("lander", "owner", "square", "amount", "number")
    kind: ClassVar[Literal["immunity"]] = "immunity"
    lander: Final[int]
    owner: Final[int]
    square: Final[int]
    amount: Final[int]
    number: Final[int]

    def __init__(self, lander: int, owner: int, square: int, amount: int, number: int) -> None:
        self.lander = lander
        self.owner = owner
        self.square = square
        self.amount = amount
        self.number = number


@final
class RentShared(EventBase):
    """Profit sharing: `amount` of the rent goes to `receiver`."""

    __slots__ = ("lander", "receiver", "square", "amount", "number")
    __match_args__ = ("lander", "receiver", "square", "amount", "number")
    kind: ClassVar[Literal["rent_share"]] = "rent_share"
    lander: Final[int]
    receiver: Final[int]
    square: Final[int]
    amount: Final[int]
    number: Final[int]

    def __init__(self, lander: int, receiver: int, square: int, amount: int, number: int) -> None:
        self.lander = lander
        self.receiver = receiver
        self.square = square
        self.amount = amount
        self.number = number


@final
class RentAsked(EventBase):
    """Free market: the rent the owner asks of the lander."""

    __slots__ = ("owner", "lander", "square", "amount")
    __match_args__ = ("owner", "lander", "square", "amount")
    kind: ClassVar[Literal["rent_asked"]] = "rent_asked"
    owner: Final[int]
    lander: Final[int]
    square: Final[int]
    amount: Final[int]

    def __init__(self, owner: int, lander: int, square: int, amount: int) -> None:
        self.owner = owner
        self.lander = lander
        self.square = square
        self.amount = amount


@final
class RentSwitched(EventBase):
    """Free market: the lander switched to another improved street of the group."""

    __slots__ = ("player", "start", "square", "owner")
    __match_args__ = ("player", "start", "square", "owner")
    kind: ClassVar[Literal["rent_switch"]] = "rent_switch"
    player: Final[int]
    start: Final[int]
    square: Final[int]
    owner: Final[int | None]

    def __init__(self, player: int, start: int, square: int, owner: int | None) -> None:
        self.player = player
        self.start = start
        self.square = square
        self.owner = owner


#: The events of the house rules and of the terms of trades (front-ends tell them apart).
VariantEvent = (
    StartedOn
    | Travelled
    | TravelForbidden
    | DoubledUp
    | NotForSale
    | CardNotDrawn
    | PotPaid
    | JackpotTaken
    | PotRefilled
    | LoanTaken
    | LoanRepaid
    | LoansPassed
    | LawyerHired
    | JailCardUsed
    | TaxManMoved
    | BoardEntered
    | TokensSwitched
    | DeedSoldToBank
    | ForeclosureOffered
    | AuctionForced
    | SealedBidWritten
    | BidsRevealed
    | PlayOrderSet
    | AgreementMade
    | AgreementEnded
    | LoanAgreementPassed
    | ImmunityUsed
    | RentShared
    | RentAsked
    | RentSwitched
)
