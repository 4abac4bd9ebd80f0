"""Events: what happened, in order, as `apply` returns them for front-ends and logs.

One small record type serves every event so that producing them stays cheap in simulations;
`kind` says which fields are meaningful (see `EVENT_KINDS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

EVENT_KINDS = {
    "order": "player: seat that starts; detail: the opening throws",
    "turn": "player starts a turn",
    "dice": "player threw dice (d1, d2)",
    "doubles_jail": "player threw a third double and goes to jail",
    "move": "player moved to square (amount: steps; negative = backwards)",
    "card": "player drew card detail from deck square",
    "keep_card": "player keeps a Get Out of Jail Free card",
    "jail": "player was sent to jail",
    "jail_free": "player left jail (detail: doubles, fine, card, third-roll)",
    "jail_stay": "player failed to throw doubles and stays in jail",
    "buy": "player bought square for amount",
    "auction_start": "square (or detail house/hotel) put up for auction",
    "bid": "player bid amount",
    "pass": "player left the auction",
    "auction_won": "player won square (or detail house/hotel) for amount",
    "auction_unsold": "nobody bid: square stays with the Bank",
    "pay": "player paid amount to other (-1 = the Bank); detail says why",
    "receive": "player received amount from the Bank; detail says why (salary: passing GO)",
    "debt": "player owes amount to other (-1 = the Bank) and must raise funds",
    "rent_due": "player owes amount rent on square to other, if other asks for it in time",
    "build": "player built on square (amount: cost; detail house or hotel)",
    "sell": "player sold buildings on square back for amount (detail: new level)",
    "mortgage": "player mortgaged square for amount",
    "unmortgage": "player lifted the mortgage on square for amount",
    "trade_offer": "player offered a trade to other (detail: offer text)",
    "trade_accept": "player accepted the trade from other",
    "trade_reject": "player rejected the trade from other (detail: why, or 'counter' when a "
    "counter-offer follows)",
    "transfer": "square passed from player to other",
    "interest": "player paid amount interest on a mortgaged deed received",
    "shortage": "houses or hotels are short; detail names them",
    "want": "player wants amount buildings in a shortage call",
    "bankrupt": "player went bankrupt to other (-1 = the Bank)",
    "game_over": "the game ended; player is the winner (-1: none), detail the reason",
    # House rules of the 004 catalogue (movement, money, jail).
    "start": "player's token starts on square (start at corners)",
    "one_die_jail": "player threw a 1 on one die and goes to jail (dice control)",
    "travel": "player travelled by railroad from square amount to square",
    "travel_forbidden": "player (the owner) refused the rent on square: other may not travel",
    "doubled_up": "player landed on square, occupied by another token, and goes back to GO",
    "no_sale": "player landed on square, which cannot be bought until someone passes GO",
    "no_draw": "player chose not to draw a card (amount: the deck)",
    "pot": "amount paid by player (detail: why) went into the Free Parking pot",
    "jackpot": "player took the Free Parking pot of amount",
    "pot_refill": "the Bank put amount into the Free Parking pot",
    "loan": "player borrowed amount from the Bank",
    "loan_repaid": "player repaid a loan of amount to the Bank",
    "loan_passed": "player's amount loans passed to other (-1: the Bank dissolved them)",
    "rent_waived": "player owes no rent on square: its owner (other) is in jail",
    "lawyer": "player paid amount to a lawyer and is Just Visiting instead of in jail",
    "jail_card": "player used a Get Out of Jail Free card (amount: its deck) after the last "
    "jail throw",
    "tax_man": "the Bank's tax man threw dice and moved to square",
    "board_entered": "player, on the square both boards share, goes on along the board of "
    "its index square (double board)",
    "token_switch": "player's next turn moves the token on square; the other rests on square "
    "amount (two tokens)",
    # House rules of the 004 catalogue (building, deeds, auctions).
    "deed_sold": "player sold square back to the Bank for amount (no mortgaging)",
    "foreclosure": "player landed on square, mortgaged by other: the owner may lift it, else "
    "the lander may buy it",
    "auction_forced": "player forced an auction of square, opening at amount",
    "sealed_bid": "player wrote a sealed bid (amount hidden) for square or detail",
    "bids_revealed": "the sealed bids are shown: detail 'seat:amount ...' (amount: highest)",
    "order_of_play": "the order of play won by bids: detail lists the seats, player starts",
    # Terms of trades (004 Flexible negotiations).
    "agreement": "player granted other the term detail (its text form) in an accepted trade; "
    "amount: the agreement's number",
    "agreement_ended": "agreement amount between player (giver) and other ended; detail: "
    "used, expired, due, repaid or bankruptcy",
    "agreement_passed": "the loan amount made by bankrupt player now belongs to other (-1: the "
    "Bank)",
    "immunity": "player owed amount less rent on square to other (detail: the agreement)",
    "rent_share": "of player's rent on square, amount is other's share (detail: the agreement)",
    # The end by time (clock, sudden death).
    "time_called": "time is called: the Angel of Death may now smash the board (sudden death)",
    "board_smashed": "player, the Angel of Death, smashed the board: the game ends without a "
    "winner",
}

# Reasons of payments and debts (the `detail` of "pay", "receive" and "debt" events) that the
# engine and front-ends look up, e.g. the taxes and fines that feed the Free Parking pot.
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


@dataclass(slots=True, init=False)
class Event:
    """One event. The engine's hot paths pass fields by position, which is cheaper.

    Its `__init__` is written out, the same as the one `dataclass` would write (a test holds
    them alike): compiled with mypyc, the generated one stays interpreted Python, and every
    action makes events."""

    kind: str
    player: int = -1
    square: int = -1
    amount: int = 0
    other: int = -1
    detail: str = ""
    dice: tuple[int, int] | None = None

    def __init__(self, kind: str, player: int = -1, square: int = -1, amount: int = 0,
                 other: int = -1, detail: str = "", dice: tuple[int, int] | None = None
                 ) -> None:
        self.kind = kind
        self.player = player
        self.square = square
        self.amount = amount
        self.other = other
        self.detail = detail
        self.dice = dice

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.player >= 0:
            data["player"] = self.player
        if self.square >= 0:
            data["square"] = self.square
        if self.amount:
            data["amount"] = self.amount
        if self.other != -1:
            data["other"] = self.other
        if self.detail:
            data["detail"] = self.detail
        if self.dice is not None:
            data["dice"] = list(self.dice)
        return data
