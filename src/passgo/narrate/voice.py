"""Who a sentence is told to, and the words every sentence shares: names in the person the
listener needs, money, squares, buildings, the sides and terms of a trade.

A `Voice` is the game's names and board told to one viewer: the seat at this screen (spoken to
in the second person: "You pay Ann $50 rent", "Ann pays you $50 rent") or `None` for a
spectator, who hears every player by name. Sentences are built from these pieces, so a verb
agrees with its subject when the sentence is made; no finished sentence is ever rewritten.
Everything is read from the public model of `passgo.core` (names, board, rules), never from
what the game looks like now, so the events of any moment read the same later.
"""

from __future__ import annotations

import re

from passgo.core import Bundle, Game, Loan, Partnership, RentShare, TradeOffer
from passgo.core.actions import Term
from passgo.core.board import DECK_NAMES, DeckName
from passgo.core.reasons import SEAT_REF


class Voice:
    """The words of one game for one viewer (`None`: a spectator)."""

    def __init__(self, game: Game, viewer: int | None) -> None:
        self.game = game
        self.viewer = viewer if viewer is not None and 0 <= viewer < game.n else None

    # -- people ----------------------------------------------------------------------------

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.viewer

    def name(self, seat: int | None) -> str:
        """A player inside a sentence: "you", "Ann", "the Bank" (`None`)."""
        if seat is None or seat < 0:
            return "the Bank"
        return "you" if seat == self.viewer else self.game.names[seat]

    def Name(self, seat: int | None) -> str:
        """A player at the start of a sentence: "You", "Ann", "The Bank"."""
        word = self.name(seat)
        return word[0].upper() + word[1:]

    def does(self, seat: int | None, third: str, second: str) -> str:
        """Subject and verb agreeing, at the start of a sentence: "Ann owes", "You owe"."""
        return f"{self.Name(seat)} {second if self.is_you(seat) else third}"

    def verb(self, seat: int | None, third: str, second: str) -> str:
        """The verb alone, for a subject said before: "owes" or "owe"."""
        return second if self.is_you(seat) else third

    def poss(self, seat: int | None) -> str:
        """Whose, inside a sentence: "your", "Ann's", "the Bank's"."""
        if self.is_you(seat):
            return "your"
        return f"{self.name(seat)}'s"

    def Poss(self, seat: int | None) -> str:
        word = self.poss(seat)
        return word[0].upper() + word[1:]

    # -- things ----------------------------------------------------------------------------

    def money(self, amount: int) -> str:
        return money(self.game, amount)

    def square(self, sq: int | None) -> str:
        return "the street" if sq is None else self.game.board.squares[sq].name

    def squares(self, sqs: tuple[int, ...] | list[int]) -> str:
        return listing([self.square(sq) for sq in sqs])

    def deck(self, deck: DeckName | int) -> str:
        """ "Chance", "Community Chest"."""
        name = DECK_NAMES[deck] if isinstance(deck, int) else deck
        return name.replace("_", " ").title()

    def board_name(self, sq: int) -> str:
        """The name of the board square `sq` lies on (a double board's "US" or "UK")."""
        board = self.game.board
        return board.side_names[board.side(sq)] if board.side_names else board.name

    def group(self, name: str) -> str:
        return name.replace("_", " ")

    # -- trades ----------------------------------------------------------------------------

    def side(self, bundle: Bundle) -> str:
        """One side of a trade: "Boardwalk, Park Place, $100 and a Get Out of Jail Free card"."""
        items = [self.square(sq) for sq in bundle.properties]
        if bundle.cash:
            items.append(self.money(bundle.cash))
        items.extend(f"a Get Out of Jail Free card ({self.deck(deck)})" for deck in bundle.cards)
        items.extend(self.term(t) for t in bundle.terms)
        return listing(items) if items else "nothing"

    def offer(self, offer: TradeOffer) -> str:
        """ "Ann offers you Boardwalk and $100 for Park Place": the proposer gives the first
        side and asks for the second."""
        return (f"{self.does(offer.proposer, 'offers', 'offer')} {self.name(offer.responder)} "
                f"{self.side(offer.give)} for {self.side(offer.get)}")

    def term(self, term: Term) -> str:
        """A term of a trade: "immunity from all of the rent on Boardwalk for 3 landings", "a
        loan of $500, repaid with $550 when round 12 begins"."""
        if isinstance(term, Partnership):
            return f"a partnership in the {self.group(term.group)} group"
        if isinstance(term, Loan):
            return (f"a loan of {self.money(term.amount)}, repaid with "
                    f"{self.money(term.owed)} when round {term.due_round} begins")
        share = "all" if term.percent == 100 else f"{term.percent}%"
        span = f"{term.count} {term.unit if term.count != 1 else term.unit[:-1]}"
        deeds = self.squares(term.squares)
        if isinstance(term, RentShare):
            return f"{share} of the rent paid on {deeds} for {span}"
        return f"immunity from {share} of the rent on {deeds} for {span}"

    # -- reasons ---------------------------------------------------------------------------

    def reason(self, text: str) -> str:
        """A bot's reason, with its seat references in the viewer's person: a reason names a
        player as `{p2}` (the name, or "you") or `{p2's}` ("Dana's", or "your"), so that "it
        blocks {p3's} yellow group" reads "it blocks your yellow group" to Dana."""
        def seat(m: re.Match[str]) -> str:
            p = int(m.group(1))
            if not 0 <= p < self.game.n:
                return m.group(0)
            return self.poss(p) if m.group(2) else self.name(p)
        return SEAT_REF.sub(seat, text)

    def because(self, reason: str) -> str:
        """ ": it blocks Dana's yellow group" after a sentence, or nothing."""
        return f": {self.reason(reason)}" if reason else ""


def money(game: Game, amount: int) -> str:
    return game.board.money(amount)


def listing(items: list[str], word: str = "and") -> str:
    """ "a", "a and b", "a, b and c" (or another joining `word`: "a, b or c")."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def buildings(houses: int, hotels: int) -> str:
    """A street's buildings in words: "3 houses", "a hotel", "a hotel and 2 houses", "two
    hotels" (`Rules.double_hotels`), "0 houses"."""
    counted = f"{houses} house{'s' if houses != 1 else ''}"
    if hotels >= 2:
        return "two hotels" if not houses else f"{hotels} hotels and {counted}"
    if hotels == 1:
        return f"a hotel and {counted}" if houses else "a hotel"
    return counted
