"""The read model: players, deeds and the Bank as documented, frozen values.

These are what front-ends, bots and environments read (`game.player(p)`, `game.deed(sq)`,
`game.bank`); the engine's own state is plain lists laid out for speed, and its encodings (a
hotel stored as building level 5, the Bank as seat -1) stay inside the core. Each value is a
snapshot taken when asked for. `to_dict` gives the JSON form documented in docs/api.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, Final, Literal

from passgo.core.board import RAILROAD, STREET, UTILITY
from passgo.core.decisions import DeckName
from passgo.core.frames import SealedFrame
from passgo.core.movement import rent_due
from passgo.core.rules import Rules
from passgo.core.state import (
    BANK,
    IMMUNITY,
    LOAN_TERM,
    PARTNER,
    GameState,
    hotels_at,
    houses_at,
)

DeedKind = Literal["street", "railroad", "utility"]


def _fields_dict(value: Any) -> dict[str, Any]:
    """A read-model value's fields as a dict, one level deep: every field is a number, a
    string, None or a tuple of those. `dataclasses.asdict` copies deeply and field by field
    through its generic recursion, which made a view (built for every seat after every action
    of an online game) several times dearer than the values it holds."""
    names = _FIELD_NAMES.get(type(value))
    if names is None:
        names = _FIELD_NAMES[type(value)] = tuple(f.name for f in fields(value))
    return {name: getattr(value, name) for name in names}


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}  # each read-model class's fields, in order


@dataclass(frozen=True, slots=True)
class Player:
    """One seat. `square` is the token's square (0 = GO); `in_jail` is true only for a player
    in jail (a token on the Jail square that is not is Just Visiting); `jail_turns` counts the
    failed throws of this jail stay. `jail_cards` are the decks of the Get Out of Jail Free
    cards held. `loans` is the number of $500 Bank loans outstanding (`Rules.bank_loans`), of
    which `loans_repayable` may be repaid now (their holder has passed GO since taking them).
    `bankrupt` players keep their seat and name but are out of the game. `second_token`
    (`Rules.two_tokens`; else None) is the square of the token that rests this turn: `square`
    is always the token the player moves."""

    seat: int
    name: str
    cash: int
    square: int
    in_jail: bool
    jail_turns: int
    jail_cards: tuple[DeckName, ...]
    loans: int
    loans_repayable: int
    bankrupt: bool
    second_token: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data = _fields_dict(self)
        data["jail_cards"] = list(self.jail_cards)
        return data


@dataclass(frozen=True, slots=True)
class Deed:
    """A square that can be owned. `owner` is a seat, or `None` for the Bank; `group` is the
    colour group's name for a street (`None` for railroads and utilities). `price` is what the
    Bank sells it for under the rules in play. `houses` and `hotels` stand on it now (with
    `Rules.double_hotels` a street may carry a hotel and houses, or two hotels)."""

    square: int
    name: str
    kind: DeedKind
    group: str | None
    price: int
    owner: int | None
    houses: int
    hotels: int
    mortgaged: bool

    def to_dict(self) -> dict[str, Any]:
        return _fields_dict(self)


@dataclass(frozen=True, slots=True)
class Bank:
    """What the Bank holds for the players: `houses` and `hotels` in stock (with
    `Rules.unlimited_housing` the count goes on below zero: building is never refused), the
    Free Parking `pot` (`Rules.free_parking_jackpot`), and the square of the tax man's token
    (`Rules.tax_man`; `None` without it)."""

    houses: int
    hotels: int
    pot: int
    tax_man: int | None

    def to_dict(self) -> dict[str, Any]:
        return _fields_dict(self)


@dataclass(frozen=True, slots=True)
class RentClaim:
    """Rent that `owner` may still ask `lander` for (`Rules.rent_claim`): `amount` on
    `square`, forfeit once turn number `last_turn` is over."""

    lander: int
    owner: int
    square: int
    amount: int
    last_turn: int

    def to_dict(self) -> dict[str, Any]:
        return _fields_dict(self)


AgreementKind = Literal["immunity", "share", "loan", "partnership"]


@dataclass(frozen=True, slots=True)
class Agreement:
    """A term of an accepted trade still in force (`Rules.immunity`, `Rules.player_loans`;
    see `passgo.core.terms`), numbered in the order made. `giver` granted it to `receiver`.

    An immunity: `giver` waives `percent` % of the rent `receiver` owes on `squares` while
    `giver` owns them, for `landings_left` more landings, or until turn number `until_turn`
    (the other is `None`). A share: `receiver` is paid `percent` % of the rent paid to
    `giver` on `squares`, for as long, counting everyone's landings. A loan: `giver` (`None`:
    the Bank, which took it over in a bankruptcy) lent `amount` to `receiver`, who owes `owed`
    and must pay it when round `due_round` begins (`Repay` pays it earlier). A partnership:
    `giver` and `receiver` build together in the colour `group` (`LeavePartnership` ends
    it)."""

    number: int
    kind: AgreementKind
    giver: int | None
    receiver: int
    squares: tuple[int, ...] = ()
    percent: int = 0
    landings_left: int | None = None
    until_turn: int | None = None
    amount: int = 0
    owed: int = 0
    due_round: int | None = None
    group: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data = _fields_dict(self)
        data["squares"] = list(self.squares)
        return data


_DECKS: tuple[DeckName, DeckName] = ("chance", "community_chest")
_DEED_KINDS: dict[int, DeedKind] = {STREET: "street", RAILROAD: "railroad", UTILITY: "utility"}


def player_of(g: GameState, p: int) -> Player:
    return Player(p, g.names[p], g.cash[p], g.pos[p], g.jailed[p], g.jail_turns[p],
                  tuple(_DECKS[d] for d, _ in g.cards[p]), g.loans[p], g.loans_repayable[p],
                  not g.alive[p], g.resting[p] if g.rules.two_tokens else None)


def deed_of(g: GameState, sq: int) -> Deed:
    square = g.board.squares[sq]
    if not square.ownable:
        raise KeyError(f"{square.name} is not a deed")
    owner = g.owner[sq]
    lv = g.level[sq]
    group = g.board.group_names[square.group] if square.group >= 0 else None
    return Deed(sq, square.name, _DEED_KINDS[square.kind], group, g.deed_price(sq),
                None if owner == BANK else owner, houses_at(lv), hotels_at(lv), g.mortgaged[sq])


def agreement_of(g: GameState, t: list[int]) -> Agreement:
    kind, number, giver, receiver, a, b, c, *squares = t
    if kind == PARTNER:
        return Agreement(number, "partnership", giver, receiver, group=g.board.group_names[a])
    if kind == LOAN_TERM:
        return Agreement(number, "loan", None if giver == BANK else giver, receiver,
                         amount=c, owed=a, due_round=b)
    by_landings = b == 0
    return Agreement(number, "immunity" if kind == IMMUNITY else "share", giver, receiver,
                     tuple(squares), a, c if by_landings else None, None if by_landings else c)


def bank_of(g: GameState) -> Bank:
    return Bank(g.bank_houses, g.bank_hotels, g.pot, g.tax_man if g.rules.tax_man else None)


def rent_now(g: GameState, sq: int, dice_total: int) -> int:
    """What landing on `sq` by a throw of `dice_total` would cost its owner's opponent now."""
    if not g.board.squares[sq].ownable or g.owner[sq] == BANK or g.mortgaged[sq]:
        return 0
    return rent_due(g, sq, dice_total)


VIEW_FORMAT: Final = "passgo-view"
VIEW_VERSION: Final = 1


def view_of(g: GameState, viewer: int, pending: dict[str, Any]) -> dict[str, Any]:
    """The game as `viewer` may see it, as JSON data (docs/api.md): players, deeds, the Bank,
    whose turn, deck sizes and the pending decision; never deck order, the PRNG, scripted
    dice, another player's sealed bid (no decision carries one) or who the Angel of Death is
    (`angel_of_death` says only whether the viewer is)."""
    return views_of(g, [viewer], pending)[0]


class ViewMemo:
    """What `views_of` built last for one game, with the state it was built from, so that the
    next views reuse the values that have not changed (the same objects, which a diff of two
    updates skips at once): the rules' table, while the rules are the same object, and the
    deeds', while no deed has changed owner, buildings or mortgage (most actions change
    none). A server keeps one per game it sends views of; every view built with it shares
    those values with the views built before and after: read them, do not change them."""

    __slots__ = ("rules", "rules_dict", "holdings", "deeds")

    def __init__(self) -> None:
        self.rules: Rules | None = None  # the rules the table was made of (by identity)
        self.rules_dict: dict[str, Any] = {}
        # (owners, levels, mortgages) the deeds' tables were made of, copied; None: none yet.
        self.holdings: tuple[list[int], list[int], list[bool]] | None = None
        self.deeds: list[dict[str, Any]] = []


def _rules_dict(g: GameState, memo: ViewMemo | None) -> dict[str, Any]:
    if memo is None:
        return g.rules.to_dict()
    if memo.rules is not g.rules:
        memo.rules, memo.rules_dict, memo.holdings = g.rules, g.rules.to_dict(), None
    return memo.rules_dict


def _deeds(g: GameState, memo: ViewMemo | None) -> list[dict[str, Any]]:
    """The deeds' tables: those of `memo` while the deeds are as they were (`_rules_dict`,
    asked first, forgets them when the rules, and so the board and prices, are others)."""
    if memo is not None:
        held = memo.holdings
        if (held is not None and held[0] == g.owner and held[1] == g.level
                and held[2] == g.mortgaged):
            return memo.deeds
    deeds = [deed_of(g, sq).to_dict() for sq in g.board.properties]
    if memo is not None:
        memo.holdings, memo.deeds = (g.owner[:], g.level[:], g.mortgaged[:]), deeds
    return deeds


def views_of(g: GameState, viewers: Sequence[int], pending: dict[str, Any],
             memo: ViewMemo | None = None) -> list[dict[str, Any]]:
    """`view_of` for each of `viewers`, what they all may see built once: the dicts share
    their common values (a server sends every seat its view after every action), and with
    `memo` those of earlier views that have not changed (`ViewMemo`)."""
    rules = _rules_dict(g, memo)
    shared = {
        "format": VIEW_FORMAT,
        "version": VIEW_VERSION,
        "viewer": None,  # each viewer's own, below
        "rules": rules,
        "edition": g.board.id,
        "players": [player_of(g, p).to_dict() for p in range(g.n)],
        "deeds": _deeds(g, memo),
        "bank": bank_of(g).to_dict(),
        "turn": {"player": g.current, "number": g.turns, "round": g.rounds,
                 "doubles": g.doubles, "last_dice": list(g.dice)},
        "deck_sizes": {"chance": len(g.decks[0]), "community_chest": len(g.decks[1])},
        "rent_claims": [RentClaim(*c).to_dict() for c in g.claims],
        "agreements": [agreement_of(g, t).to_dict() for t in g.contracts],
        "pending": pending,
        "sealed_bids": None,  # each viewer's own, below
        "angel_of_death": None,  # each viewer's own, below
        "time_called": g.time_called,
        "over": g.over,
        "winner": g.winner,
        "end_reason": g.end_reason,
    }
    # Keys set again keep their place: every view lists its keys in the same order.
    return [{**shared, "viewer": viewer, "sealed_bids": _own_sealed_bid(g, viewer),
             # Sudden death: each player learns only whether they are the Angel of Death.
             "angel_of_death": g.angel >= 0 and viewer == g.angel}
            for viewer in viewers]


def _own_sealed_bid(g: GameState, viewer: int) -> dict[str, int]:
    """The viewer's own bid in an open sealed-bid auction (the others' stay hidden until all
    are in): {"seat": amount}, or {}."""
    for f in reversed(g.frames):
        if isinstance(f, SealedFrame) and viewer in f.bids:
            return {str(viewer): f.bids[viewer]}
    return {}
