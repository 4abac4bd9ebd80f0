"""Why money moved, in the words of a sentence: "(rent)", "(fine to leave jail)"."""

from __future__ import annotations

from passgo.core import Game
from passgo.core.events import (
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
    PURCHASE,
    RENT,
    RENT_SHARE,
    SALARY,
    SALARY_ON_GO,
)

#: The words of every payment reason the engine gives (`PAYMENT_REASONS`; a test holds the two
#: tables to the same keys) but a card's id, which reads "card".
REASON_WORDS: dict[str, str] = {
    SALARY: "salary",
    SALARY_ON_GO: "salary for landing on GO",
    PURCHASE: "purchase",
    AUCTION: "auction",
    RENT: "rent",
    JAIL_FINE: "fine to leave jail",
    INCOME_TAX: "Income Tax",
    INCOME_TAX_PERCENT: "Income Tax, 10% of total worth",
    LUXURY_TAX: "Luxury Tax",
    FINE: "fine",
    INTEREST: "10% interest on a mortgaged deed",
    BUILDING: "building",
    "buildings": "buildings returned to the Bank at half price",
    "buildings sold": "buildings sold back at half price",
    "mortgage": "mortgage",
    "deed sold": "deed sold back to the Bank",
    "dealt deed": "deed dealt at the start",
    "refund": "refund",
    "snake eyes bonus": "snake eyes bonus",
    "box cars bonus": "box cars bonus",
    "finder's fee": "finder's fee",
    "order of play": "bid for the order of play",
    "initial auction": "initial auction",
    "tax man": "rent to the tax man",
    "foreclosure": "foreclosure",
    "lawyer": "lawyer's fee",
    "trade": "trade",
    "bankruptcy": "everything left, in bankruptcy",
    LENT: "money lent",
    LOAN_REPAID: "a loan repaid",
    LOAN_DUE: "a loan due",
    RENT_SHARE: "a share of the rent",
}


def why(game: Game, reason: str) -> str:
    """A payment's reason in words; a card's id becomes "card" (the card's text was said when
    it was drawn)."""
    words = REASON_WORDS.get(reason)
    if words is not None:
        return words
    if any(card.id == reason for deck in game.board.decks for card in deck):
        return "card"
    return reason
