"""What every event has: a `kind` (a `Literal`, one per class), its facts as read-only
attributes, and `to_dict`, its JSON form; the small `Literal` types the events' facts use.

Events are plain classes with their attributes declared `Final` rather than frozen dataclasses:
mypy refuses any assignment after `__init__`, mypyc (the compiled build) makes the attributes
read-only at run time, and `__init__` is compiled with the rest, which matters because every
action of every simulated game makes events (a frozen dataclass's generated `__init__` stays
interpreted Python).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from passgo.core.actions import Term, TradeOffer
from passgo.core.decisions import offer_from_dict, offer_to_dict, term_from_dict, term_to_dict

#: What a throw was for: the turn's move (a try for doubles in jail too), a tie between bidders
#: of a sealed auction, or a utility's rent thrown afresh (`utility_rent_throw`).
ThrowPurpose = Literal["turn", "tie", "utility"]
#: How a token moved: by the throw, by a card, or back to GO because its square was taken
#: (doubling up).
MoveHow = Literal["throw", "card", "doubled_up"]
#: Why a player went to jail: Go to Jail, a card, a third double, a 1 thrown under dice control.
JailWhy = Literal["square", "card", "doubles", "one_die"]
#: How a player left jail, or kept out of it: doubles, the fine, a card, the last failed throw
#: (the fine or a card follows), a card on arrival, held or bought (`jail_card_on_arrival`).
JailExit = Literal["doubles", "fine", "card", "third_throw", "arrival_card", "bought_card"]
#: Why a landing owes no rent: the deed is mortgaged, or its owner is in jail (maximum
#: punishment).
NoRentWhy = Literal["mortgaged", "owner_jailed"]
#: How a deed changed owner.
TransferHow = Literal["trade", "bankruptcy", "dealt", "foreclosure", "repossessed"]
#: What an auction sells: a deed, a house or hotel of a shortage, the order of play, or every
#: deed at once (the initial auction).
AuctionKind = Literal["deed", "house", "hotel", "order", "initial"]
SealedKind = Literal["deed", "house", "hotel", "order", "initial"]
#: Why an agreement (a term of a trade) ended.
AgreementEnd = Literal["used", "expired", "due", "repaid", "bankruptcy", "left"]


def or_none(index: int) -> int | None:
    """A seat or square as events name it: the engine's -1 (the Bank, nobody, no square) is
    None."""
    return None if index < 0 else index


class EventBase:
    """The methods every event shares. Each event class declares its facts in
    `__match_args__`, which is also the order of its JSON fields."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()
    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON data: `kind` and every fact by name (the schema is in
        docs/api.md); the Bank, or nobody, is `null`."""
        data: dict[str, Any] = {"kind": self.kind}
        for name in self.__match_args__:
            data[name] = _plain(getattr(self, name))
        return data

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            getattr(self, name) == getattr(other, name) for name in self.__match_args__)

    def __hash__(self) -> int:
        return hash((self.kind, *(getattr(self, name) for name in self.__match_args__)))

    def __repr__(self) -> str:
        facts = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__name__}({facts})"


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, TradeOffer):
        return offer_to_dict(value)
    if isinstance(value, Term):
        return term_to_dict(value)
    return value


def load_fact(name: str, value: Any) -> Any:
    """A fact of an event as `to_dict` wrote it, back to its value: lists become tuples, an
    offer and a term their objects (ValueError, KeyError or TypeError when malformed)."""
    if name == "offer":
        if not isinstance(value, dict):
            raise ValueError("an offer is a table")
        return offer_from_dict(value)
    if name == "term":
        if not isinstance(value, dict):
            raise ValueError("a term is a table")
        return term_from_dict(value)
    if isinstance(value, list):
        return tuple(load_fact("", v) for v in value)
    if value is None or isinstance(value, bool | int | str):
        return value
    raise ValueError(f"{name or 'a fact'}: {value!r} is no event value")

