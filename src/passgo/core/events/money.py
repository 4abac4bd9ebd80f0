"""Events of money: payments, debts, bankruptcy, and deeds changing owner.
"""

from __future__ import annotations

from typing import ClassVar, Final, Literal, final

from passgo.core.events.base import EventBase, NoRentWhy, TransferHow

# Why money moved (`Payment.reason`, `Debt.reason`, `Bankrupt.reason`): the reasons the engine
# and the front-ends look up by name. A payment a card asks for has the card's id as its reason.
SALARY: Final = "salary"
SALARY_ON_GO: Final = "salary on GO"
PURCHASE: Final = "purchase"
AUCTION: Final = "auction"
RENT: Final = "rent"
JAIL_FINE: Final = "jail fine"
INCOME_TAX: Final = "income tax"
INCOME_TAX_PERCENT: Final = "income tax (10%)"
LUXURY_TAX: Final = "luxury tax"
FINE: Final = "fine"
INTEREST: Final = "interest"
BUILDING: Final = "building"
LENT: Final = "loan"
LOAN_REPAID: Final = "loan repaid"
LOAN_DUE: Final = "loan due"
RENT_SHARE: Final = "rent share"

#: Every reason a payment or a debt may give besides a card's id, with what it means (for
#: docs/api.md and the narration, which a test holds to this table).
PAYMENT_REASONS: Final[dict[str, str]] = {
    SALARY: "the salary for passing GO",
    SALARY_ON_GO: "the salary for landing exactly on GO (`go_landing_salary`)",
    PURCHASE: "a deed bought from the Bank",
    AUCTION: "a deed or a building won at auction",
    RENT: "rent",
    JAIL_FINE: "the fine to leave jail",
    INCOME_TAX: "the flat Income Tax",
    INCOME_TAX_PERCENT: "Income Tax as 10 % of the player's total worth",
    LUXURY_TAX: "the Luxury Tax (Super Tax)",
    FINE: "the fine of a card that offers a fine or a Chance card",
    INTEREST: "10 % interest on a mortgaged deed received",
    BUILDING: "a house or hotel built",
    "buildings": "a bankrupt's buildings returned to the Bank at half their cost",
    "buildings sold": "buildings sold back to the Bank at half their cost",
    "mortgage": "a deed mortgaged to raise a bankrupt's cash (Bank repossession)",
    "deed sold": "a deed sold back to the Bank (`no_mortgaging`)",
    "dealt deed": "a deed dealt at the start and paid for (short games)",
    "refund": "a building bought at a shortage auction that could not be placed",
    "snake eyes bonus": "the bonus for double ones",
    "box cars bonus": "the bonus for double sixes",
    "finder's fee": "the finder's fee for a deed the lander did not buy",
    "order of play": "a bid for the order of play",
    "initial auction": "a deed won in the initial auction",
    "tax man": "rent owed to the tax man",
    "foreclosure": "a mortgaged deed bought by foreclosure",
    "lawyer": "a lawyer's fee to stay out of jail",
    "trade": "the cash of a trade",
    "bankruptcy": "everything a bankrupt had left",
    LENT: "money lent by one player to another",
    LOAN_REPAID: "a loan between players repaid",
    LOAN_DUE: "a loan between players that fell due",
    RENT_SHARE: "a share of the rent (profit sharing)",
}


@final
class Payment(EventBase):
    """Money changed hands: from `payer` to `payee` (None: the Bank, either side), and why (a
    `PaymentReason`, or the id of the card that asked for it)."""

    __slots__ = ("payer", "payee", "amount", "reason")
    __match_args__ = ("payer", "payee", "amount", "reason")
    kind: ClassVar[Literal["payment"]] = "payment"
    payer: Final[int | None]
    payee: Final[int | None]
    amount: Final[int]
    reason: Final[str]

    def __init__(self, payer: int | None, payee: int | None, amount: int, reason: str) -> None:
        self.payer = payer
        self.payee = payee
        self.amount = amount
        self.reason = reason


@final
class Debt(EventBase):
    """A debt the debtor cannot pay from cash: they must raise funds (or go bankrupt) before play
    goes on."""

    __slots__ = ("debtor", "creditor", "amount", "reason")
    __match_args__ = ("debtor", "creditor", "amount", "reason")
    kind: ClassVar[Literal["debt"]] = "debt"
    debtor: Final[int]
    creditor: Final[int | None]
    amount: Final[int]
    reason: Final[str]

    def __init__(self, debtor: int, creditor: int | None, amount: int, reason: str) -> None:
        self.debtor = debtor
        self.creditor = creditor
        self.amount = amount
        self.reason = reason


@final
class RentDue(EventBase):
    """Under `rent_claim`, rent the lander owes if the owner asks for it in time."""

    __slots__ = ("lander", "owner", "square", "amount")
    __match_args__ = ("lander", "owner", "square", "amount")
    kind: ClassVar[Literal["rent_due"]] = "rent_due"
    lander: Final[int]
    owner: Final[int]
    square: Final[int]
    amount: Final[int]

    def __init__(self, lander: int, owner: int, square: int, amount: int) -> None:
        self.lander = lander
        self.owner = owner
        self.square = square
        self.amount = amount


@final
class RentWaived(EventBase):
    """No rent for the landing: the deed is mortgaged ("No rent can be collected on mortgaged
    properties", 000), or its owner is held in jail (`maximum_punishment`: "A player in Jail
    may not collect rent", 004)."""

    __slots__ = ("lander", "owner", "square", "why")
    __match_args__ = ("lander", "owner", "square", "why")
    kind: ClassVar[Literal["rent_waived"]] = "rent_waived"
    lander: Final[int]
    owner: Final[int]
    square: Final[int]
    why: Final[NoRentWhy]

    def __init__(self, lander: int, owner: int, square: int, why: NoRentWhy) -> None:
        self.lander = lander
        self.owner = owner
        self.square = square
        self.why = why


@final
class Bankrupt(EventBase):
    """A player went bankrupt to a creditor (None: the Bank) over a debt of the given reason."""

    __slots__ = ("player", "creditor", "reason")
    __match_args__ = ("player", "creditor", "reason")
    kind: ClassVar[Literal["bankrupt"]] = "bankrupt"
    player: Final[int]
    creditor: Final[int | None]
    reason: Final[str]

    def __init__(self, player: int, creditor: int | None, reason: str) -> None:
        self.player = player
        self.creditor = creditor
        self.reason = reason


@final
class DeedTransferred(EventBase):
    """A deed passed from one owner to another (None: the Bank): in a trade, a bankruptcy, the deal
    of a short game, a foreclosure, or the Bank's repossession."""

    __slots__ = ("square", "giver", "taker", "how")
    __match_args__ = ("square", "giver", "taker", "how")
    kind: ClassVar[Literal["transfer"]] = "transfer"
    square: Final[int]
    giver: Final[int | None]
    taker: Final[int | None]
    how: Final[TransferHow]

    def __init__(self, square: int, giver: int | None, taker: int | None, how: TransferHow) -> None:
        self.square = square
        self.giver = giver
        self.taker = taker
        self.how = how


#: The events of money, for code that tells them apart.
MoneyEvent = (
    Payment
    | Debt
    | RentDue
    | RentWaived
    | Bankrupt
    | DeedTransferred
)
