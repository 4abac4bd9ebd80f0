"""Events: what happened, in order, as `Game.apply` returns them for front-ends, bots and logs.

Every event is a value of one of the classes of this package, each with a `Literal` `kind` and
the facts a front-end needs to tell it, animate it or count it (the two dice, the squares a
token moved between, who paid whom how much and why, the card's text as printed, ...). `Event`
is their union: a `match` over an event that ends in `assert_never` is checked by mypy to
handle every kind::

    match event:
        case Payment(payer=payer, payee=payee, amount=amount): ...
        case Moved(player=p, start=start, end=end): ...
        ...
        case other: assert_never(other)

Seats are ints (0-based); the Bank, or nobody, is `None`. An event's facts cannot be changed.
`event.to_dict()` is its JSON form (`kind` and every fact by name; the schema is in
docs/api.md) and `event_from_dict` reads it back.
"""

from __future__ import annotations

from typing import Any, Final, get_args

from passgo.core.events.base import (
    AgreementEnd,
    AuctionKind,
    EventBase,
    JailExit,
    JailWhy,
    MoveHow,
    NoRentWhy,
    SealedKind,
    ThrowPurpose,
    TransferHow,
    load_fact,
    or_none,
)
from passgo.core.events.deeds import (
    AuctionLeft,
    AuctionStarted,
    AuctionUnsold,
    AuctionWon,
    BidPlaced,
    BuildingsSold,
    BuildingsWanted,
    Built,
    Declined,
    DeedEvent,
    Mortgaged,
    MortgageLifted,
    Purchased,
    ShortageCalled,
    TradeAccepted,
    TradeOffered,
    TradeRejected,
)
from passgo.core.events.money import (
    AUCTION,
    BUILDING,
    FINE,
    INCOME_TAX,
    INCOME_TAX_PERCENT,
    INTEREST,
    JAIL_FINE,
    LENT,
    LOAN_DUE,
    LOAN_REPAID,
    LUXURY_TAX,
    PAYMENT_REASONS,
    PURCHASE,
    RENT,
    RENT_SHARE,
    SALARY,
    SALARY_ON_GO,
    Bankrupt,
    Debt,
    DeedTransferred,
    MoneyEvent,
    Payment,
    RentDue,
    RentWaived,
)
from passgo.core.events.play import (
    BoardSmashed,
    CardDrawn,
    DiceThrown,
    GameOver,
    JailCardKept,
    Jailed,
    LeftJail,
    Moved,
    OpeningThrows,
    PlayEvent,
    StayedInJail,
    TimeCalled,
    TurnStarted,
)
from passgo.core.events.variants import (
    AgreementEnded,
    AgreementMade,
    AuctionForced,
    BidsRevealed,
    BoardEntered,
    CardNotDrawn,
    DeedSoldToBank,
    DoubledUp,
    ForeclosureOffered,
    ImmunityUsed,
    JackpotTaken,
    JailCardUsed,
    LawyerHired,
    LoanAgreementPassed,
    LoanRepaid,
    LoansPassed,
    LoanTaken,
    NotForSale,
    PlayOrderSet,
    PotPaid,
    PotRefilled,
    RentAsked,
    RentShared,
    RentSwitched,
    SealedBidWritten,
    StartedOn,
    TaxManMoved,
    TokensSwitched,
    TravelForbidden,
    Travelled,
    VariantEvent,
)

Event = PlayEvent | MoneyEvent | DeedEvent | VariantEvent

#: The events of a player's own choice, which carry the chooser's one-line `reason` (given to
#: `Game.apply`); the `reason` of other events (a payment's, the end of the game's) is the
#: engine's.
CHOICE_EVENTS: Final[tuple[type[Event], ...]] = (
    Purchased, Declined, BidPlaced, AuctionLeft, Built, BuildingsSold, Mortgaged, MortgageLifted,
    DeedSoldToBank, TradeOffered, TradeAccepted, TradeRejected)

#: Every event class by its kind.
EVENT_TYPES: Final[dict[str, type[Event]]] = {cls.kind: cls for cls in get_args(Event)}


def event_from_dict(data: dict[str, Any]) -> Event:
    """The event `Event.to_dict` wrote; ValueError, with the reason in one line, when the data
    is no event."""
    try:
        cls = EVENT_TYPES[data["kind"]]
        names = cls.__match_args__
        if set(data) != {"kind", *names}:
            raise ValueError(f"the facts of a {data['kind']!r} event are {', '.join(names)}")
        return cls(*(load_fact(name, data[name]) for name in names))
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not an event: {exc}") from None


__all__ = [
    "AUCTION",
    "BUILDING",
    "CHOICE_EVENTS",
    "EVENT_TYPES",
    "FINE",
    "INCOME_TAX",
    "INCOME_TAX_PERCENT",
    "INTEREST",
    "JAIL_FINE",
    "LENT",
    "LOAN_DUE",
    "LOAN_REPAID",
    "LUXURY_TAX",
    "PAYMENT_REASONS",
    "PURCHASE",
    "RENT",
    "RENT_SHARE",
    "SALARY",
    "SALARY_ON_GO",
    "AgreementEnd",
    "AgreementEnded",
    "AgreementMade",
    "AuctionForced",
    "AuctionKind",
    "AuctionLeft",
    "AuctionStarted",
    "AuctionUnsold",
    "AuctionWon",
    "Bankrupt",
    "BidPlaced",
    "BidsRevealed",
    "BoardEntered",
    "BoardSmashed",
    "BuildingsSold",
    "BuildingsWanted",
    "Built",
    "CardDrawn",
    "CardNotDrawn",
    "Debt",
    "Declined",
    "DeedEvent",
    "DeedSoldToBank",
    "DeedTransferred",
    "DiceThrown",
    "DoubledUp",
    "Event",
    "EventBase",
    "ForeclosureOffered",
    "GameOver",
    "ImmunityUsed",
    "JackpotTaken",
    "JailCardKept",
    "JailCardUsed",
    "JailExit",
    "JailWhy",
    "Jailed",
    "LawyerHired",
    "LeftJail",
    "LoanAgreementPassed",
    "LoanRepaid",
    "LoanTaken",
    "LoansPassed",
    "MoneyEvent",
    "MortgageLifted",
    "Mortgaged",
    "MoveHow",
    "Moved",
    "NoRentWhy",
    "NotForSale",
    "OpeningThrows",
    "Payment",
    "PlayEvent",
    "PlayOrderSet",
    "PotPaid",
    "PotRefilled",
    "Purchased",
    "RentAsked",
    "RentDue",
    "RentShared",
    "RentSwitched",
    "RentWaived",
    "SealedBidWritten",
    "SealedKind",
    "ShortageCalled",
    "StartedOn",
    "StayedInJail",
    "TaxManMoved",
    "ThrowPurpose",
    "TimeCalled",
    "TokensSwitched",
    "TradeAccepted",
    "TradeOffered",
    "TradeRejected",
    "TransferHow",
    "TravelForbidden",
    "Travelled",
    "TurnStarted",
    "VariantEvent",
    "event_from_dict",
    "or_none",
]
