"""Actions: small frozen values with a text form that round-trips (`Action.parse("build 39", 0)`).

Every change a player can make to a game is one of these. The text form leaves out the player
(who acts is said separately), so a log line is `player:text`. Squares are board indices.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Literal

from passgo.core.errors import IllegalActionError

DECK_WORDS = ("chance", "community_chest")  # the decks by index, as actions name them
CARD_WORDS = ("chance-card", "community_chest-card")


TermUnit = Literal["landings", "turns"]
TERM_UNITS: tuple[TermUnit, ...] = ("landings", "turns")


class _Worded:
    """Holds `word`, the word that names an action's kind (the first of its text form) or a
    trade term's.

    Each kind gets its word by an assignment after the classes (actions: the `_BY_WORD` table),
    not from a `ClassVar` in its own dataclass body: compiled with mypyc, a dataclass reads such
    a declaration as a field."""

    __slots__ = ()
    word: ClassVar[str] = ""


@dataclass(frozen=True, slots=True)
class RentTerm(_Worded):
    """A term about the rent of `squares` (deeds the giver owns once the trade is done):
    `percent` % of it, for `count` landings on them or (`unit` "turns") for the next `count`
    turns of the game, the current one included. It binds the giver, not the deed: it lapses
    while another player owns a deed and holds again if the giver gets it back."""

    squares: tuple[int, ...]
    percent: int = 100
    count: int = 1
    unit: TermUnit = "landings"

    def text(self) -> str:
        deeds = "+".join(map(str, self.squares))
        return f"{self.word}:{deeds}:{self.percent}%:{self.count}-{self.unit}"


@dataclass(frozen=True, slots=True)
class Immunity(RentTerm):
    """A term of a trade (`Rules.immunity`): the side that gives it waives `percent` % of the
    rent the other side owes on `squares`, for the other side's landings there (see
    `RentTerm`). Text `immunity:37+39:100%:3-landings`."""


@dataclass(frozen=True, slots=True)
class RentShare(RentTerm):
    """A term of a trade (`Rules.profit_sharing`): the side that gives it pays the other side
    `percent` % of the rent it is paid on `squares` (by the payer, directly), for landings
    there by anyone (see `RentTerm`). Text `share:37+39:50%:10-turns`."""


@dataclass(frozen=True, slots=True)
class Loan(_Worded):
    """A term of a trade (`Rules.player_loans`): the side that gives it lends `amount` to the
    other side at once; the borrower owes it back with `percent` % interest (rounded up) and
    may repay at any time (`Repay`); when round `due_round` begins, what is still owed is
    charged like rent. Text `loan:$500:10%:round-12`."""

    amount: int
    percent: int = 0
    due_round: int = 0

    @property
    def owed(self) -> int:
        """What the borrower pays back: the amount and the interest, rounded up."""
        return self.amount + -(-self.amount * self.percent // 100)

    def text(self) -> str:
        return f"{self.word}:${self.amount}:{self.percent}%:round-{self.due_round}"


@dataclass(frozen=True, slots=True)
class Partnership(_Worded):
    """A term of a trade (`Rules.partnerships`): its two players form a partnership in the
    colour group named `group` (as `SellDown` names groups), whose streets they own between
    them once the trade is done; each may then build on their own streets of it, evenly across
    the whole group. Text `partnership:orange`."""

    group: str

    def text(self) -> str:
        return f"{self.word}:{self.group}"


# The words of the terms (see `_Worded`).
Immunity.word = "immunity"
RentShare.word = "share"
Loan.word = "loan"
Partnership.word = "partnership"
Term = Immunity | RentShare | Loan | Partnership


def _term_parse(item: str) -> Term:
    """A term from its text form (`Immunity.text`, `Loan.text`)."""
    word, *parts = item.split(":")
    try:
        if word == Partnership.word and len(parts) == 1 and parts[0]:
            return Partnership(parts[0])
        if word == Loan.word and len(parts) == 3:
            amount, percent, due = parts
            if (amount.startswith("$") and percent.endswith("%")
                    and due.startswith("round-")):
                return Loan(_whole(amount[1:]), _whole(percent[:-1]), _whole(due[6:]))
        elif word in (Immunity.word, RentShare.word) and len(parts) == 3:
            deeds, percent, span = parts
            count, _, unit = span.partition("-")
            if percent.endswith("%") and unit in TERM_UNITS:
                squares = tuple(_whole(sq) for sq in deeds.split("+"))
                kind = Immunity if word == Immunity.word else RentShare
                return kind(squares, _whole(percent[:-1]), _whole(count),
                            "landings" if unit == "landings" else "turns")
    except ValueError:
        pass
    raise IllegalActionError(
        f"cannot read trade term {item!r} (write immunity:37+39:100%:3-landings, "
        f"share:37:50%:10-turns, loan:$500:10%:round-12 or partnership:orange)")


def _whole(text: str) -> int:
    if not text.isdigit():
        raise ValueError(text)
    return int(text)


@dataclass(frozen=True, slots=True)
class Bundle:
    """One side of a trade: deeds, cash, Get Out of Jail Free cards (by deck: 0 or 1) and the
    terms this side grants (rent immunity on its deeds, a share of their rent, money lent)."""

    properties: tuple[int, ...] = ()
    cash: int = 0
    cards: tuple[int, ...] = ()
    terms: tuple[Term, ...] = ()

    @property
    def empty(self) -> bool:
        return not self.properties and self.cash == 0 and not self.cards and not self.terms

    @property
    def lent(self) -> int:
        """Cash this side lends in the trade (paid at once, like `cash`)."""
        return sum(t.amount for t in self.terms if isinstance(t, Loan))

    def text(self) -> str:
        items = [str(sq) for sq in self.properties]
        if self.cash:
            items.append(f"${self.cash}")
        items.extend(CARD_WORDS[d] for d in self.cards)
        items.extend(t.text() for t in self.terms)
        return ",".join(items) if items else "nothing"

    @classmethod
    def parse(cls, text: str) -> Bundle:
        if text == "nothing":
            return cls()
        props: list[int] = []
        cash = 0
        cards: list[int] = []
        terms: list[Term] = []
        for item in text.split(","):
            if item.startswith("$") and item[1:].isdigit():
                cash += int(item[1:])
            elif item in CARD_WORDS:
                cards.append(CARD_WORDS.index(item))
            elif item.isdigit():
                props.append(int(item))
            elif ":" in item:
                terms.append(_term_parse(item))
            else:
                raise IllegalActionError(f"cannot read trade item {item!r}")
        return cls(tuple(props), cash, tuple(cards), tuple(terms))


@dataclass(frozen=True, slots=True)
class TradeOffer:
    """`proposer` gives `give` to `responder` and receives `get` in return, all at once.

    Each side may also grant terms (`Bundle.terms`: rent immunity, loans) under the house
    rules that allow them; the engine checks and carries out an offer in one place
    (`trades.py`), and honours its terms afterwards (`terms.py`).
    """

    proposer: int
    responder: int
    give: Bundle = field(default_factory=Bundle)
    get: Bundle = field(default_factory=Bundle)

    def text(self) -> str:
        return f"give {self.give.text()} for {self.get.text()}"


@dataclass(frozen=True, slots=True)
class Action(_Worded):
    """Base of every action; `player` is the seat (0-based) that acts."""

    player: int

    def text(self) -> str:
        return self.word

    def __str__(self) -> str:
        """The text form; an action built in code with a malformed field (`field_problem`)
        has none and shows as its repr, so that printing or logging it cannot fail."""
        return self.text() if field_problem(self) is None else repr(self)

    @staticmethod
    def parse(text: str, player: int) -> Action:
        """Read an action from its text form, as written by `text()`."""
        parts = text.strip().split()
        if not parts:
            raise IllegalActionError("empty action")
        word, args = parts[0], parts[1:]
        kind = _BY_WORD.get(word)
        if kind is None:
            raise IllegalActionError(f"unknown action {word!r}")
        try:
            return kind.from_args(player, args)
        except (ValueError, IndexError) as exc:
            if isinstance(exc, IllegalActionError):
                raise
            raise IllegalActionError(f"cannot read action {text!r}") from None

    @classmethod
    def from_args(cls, player: int, args: list[str]) -> Action:
        if args:
            raise IllegalActionError(f"{cls.word!r} takes no arguments")
        return cls(player)


@dataclass(frozen=True, slots=True)
class _SquareAction(Action):
    square: int

    def text(self) -> str:
        return f"{self.word} {self.square}"

    @classmethod
    def from_args(cls, player: int, args: list[str]) -> Action:
        (sq,) = args
        return cls(player, int(sq))


@dataclass(frozen=True, slots=True)
class _AmountAction(Action):
    amount: int

    def text(self) -> str:
        return f"{self.word} {self.amount}"

    @classmethod
    def from_args(cls, player: int, args: list[str]) -> Action:
        (n,) = args
        return cls(player, int(n.lstrip("$")))


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Throw the dice (in jail: try for doubles).

    `dice` names the dice by their sides when the rules let the player choose (`Rules.dice`):
    two of 4, 6, 8, 10 ("choice", text `roll d8,d10`) or one six-sided die ("control", text
    `roll d6`); empty means the usual two six-sided dice."""

    dice: tuple[int, ...] = ()

    def text(self) -> str:
        if not self.dice:
            return "roll"
        return "roll " + ",".join(f"d{sides}" for sides in self.dice)

    @classmethod
    def from_args(cls, player: int, args: list[str]) -> Action:
        if not args:
            return cls(player)
        names = ",".join(args).split(",")
        if not all(n.startswith("d") and n[1:].isdigit() for n in names if n):
            raise IllegalActionError("write the dice as roll d8,d10 (or roll d6 for one die)")
        return cls(player, tuple(int(n[1:]) for n in names if n))


@dataclass(frozen=True, slots=True)
class PayJailFine(Action):
    """Pay the fine to leave jail."""


@dataclass(frozen=True, slots=True)
class UseJailCard(Action):
    """Play a held Get Out of Jail Free card: the one of `deck` ("chance" or
    "community_chest", text `use-card chance`), or the first one held when `deck` is None."""

    deck: str | None = None

    def text(self) -> str:
        return self.word if self.deck is None else f"{self.word} {self.deck}"

    @classmethod
    def from_args(cls, player: int, args: list[str]) -> Action:
        if not args:
            return cls(player)
        (deck,) = args
        if deck not in DECK_WORDS:
            raise IllegalActionError("use-card takes 'chance' or 'community_chest'")
        return cls(player, deck)


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy the deed landed on at its printed price."""


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Do not buy at the printed price: the Bank auctions the deed."""


@dataclass(frozen=True, slots=True)
class Bid(_AmountAction):
    """Bid `amount` in the auction under way."""


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Leave the auction (a player who passes does not bid again in it)."""


@dataclass(frozen=True, slots=True)
class ChooseTax(Action):
    """Income Tax: the flat amount, or 10 % of total worth; chosen before worth is totalled."""

    percent: bool

    def text(self) -> str:
        return "tax percent" if self.percent else "tax flat"

    @classmethod
    def from_args(cls, player: int, args: list[str]) -> Action:
        (how,) = args
        if how not in ("flat", "percent"):
            raise IllegalActionError("tax takes 'flat' or 'percent'")
        return cls(player, how == "percent")


@dataclass(frozen=True, slots=True)
class FineOrChance(Action):
    """"Pay a fine or take a Chance": pay the fine, or draw from the Chance deck."""

    chance: bool

    def text(self) -> str:
        return "choose chance" if self.chance else "choose fine"

    @classmethod
    def from_args(cls, player: int, args: list[str]) -> Action:
        (how,) = args
        if how not in ("fine", "chance"):
            raise IllegalActionError("choose takes 'fine' or 'chance'")
        return cls(player, how == "chance")


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn."""


@dataclass(frozen=True, slots=True)
class Build(_SquareAction):
    """Buy one house for a street (a hotel when it has the full number of houses)."""


@dataclass(frozen=True, slots=True)
class Sell(_SquareAction):
    """Sell one building of a street back to the Bank (a hotel breaks down into houses)."""


@dataclass(frozen=True, slots=True)
class SellDown(Action):
    """Sell a colour group's buildings down to the given levels at once (5 = hotel).

    Needed when a hotel cannot be broken into houses one step at a time because the Bank has
    too few houses ("one hotel equals five houses").
    """

    group: str
    levels: tuple[int, ...]

    def text(self) -> str:
        return f"sell-down {self.group} {','.join(map(str, self.levels))}"

    @classmethod
    def from_args(cls, player: int, args: list[str]) -> Action:
        group, levels = args
        return cls(player, group, tuple(int(x) for x in levels.split(",")))


@dataclass(frozen=True, slots=True)
class Mortgage(_SquareAction):
    """Mortgage your deed on `square`."""


@dataclass(frozen=True, slots=True)
class Unmortgage(_SquareAction):
    """Pay off the mortgage on your deed on `square`."""


@dataclass(frozen=True, slots=True)
class LiftMortgage(_SquareAction):
    """New owner of a mortgaged deed: lift the mortgage now (value + 10 %)."""


@dataclass(frozen=True, slots=True)
class KeepMortgage(_SquareAction):
    """New owner of a mortgaged deed: pay the 10 % interest now and lift it later."""


@dataclass(frozen=True, slots=True)
class ClaimRent(_SquareAction):
    """Ask for the rent due on this deed (rule sets where the owner must ask for it)."""


@dataclass(frozen=True, slots=True)
class DeclareBankruptcy(Action):
    """Declare bankruptcy: give up instead of raising the funds for the debt being settled."""


@dataclass(frozen=True, slots=True)
class WantBuildings(_AmountAction):
    """Answer to a building-shortage call: how many of the short buildings you want now."""


@dataclass(frozen=True, slots=True)
class PlaceBuilding(_SquareAction):
    """Put a building obtained in a shortage call on one of your streets."""


@dataclass(frozen=True, slots=True)
class ProposeTrade(Action):
    offer: TradeOffer

    def text(self) -> str:
        return f"trade {self.offer.responder} {self.offer.text()}"

    @classmethod
    def from_args(cls, player: int, args: list[str]) -> Action:
        responder, give_kw, give, for_kw, get = args
        if give_kw != "give" or for_kw != "for":
            raise IllegalActionError("write: trade SEAT give ITEMS for ITEMS")
        offer = TradeOffer(player, int(responder), Bundle.parse(give), Bundle.parse(get))
        return cls(player, offer)


@dataclass(frozen=True, slots=True)
class CounterTrade(Action):
    """Refuse the offer on the table and propose another to its proposer."""

    offer: TradeOffer

    def text(self) -> str:
        return f"counter {self.offer.text()}"

    @classmethod
    def from_args(cls, player: int, args: list[str]) -> Action:
        give_kw, give, for_kw, get = args
        if give_kw != "give" or for_kw != "for":
            raise IllegalActionError("write: counter give ITEMS for ITEMS")
        # The responder of a counter is filled in by the engine (the proposer on the table).
        offer = TradeOffer(player, -1, Bundle.parse(give), Bundle.parse(get))
        return cls(player, offer)


@dataclass(frozen=True, slots=True)
class AcceptTrade(Action):
    """Accept the offer pending for you."""


@dataclass(frozen=True, slots=True)
class RejectTrade(Action):
    """Turn the offer down; `reason`, if given, says why in one line (a bot's explanation,
    shown to the proposer): text `reject because REASON`."""

    reason: str = ""

    def text(self) -> str:
        return f"reject because {self.reason}" if self.reason else self.word

    @classmethod
    def from_args(cls, player: int, args: list[str]) -> Action:
        if not args:
            return cls(player)
        if args[0] != "because" or len(args) < 2:
            raise IllegalActionError("write: reject, or reject because REASON")
        return cls(player, " ".join(args[1:]))


# -- house rules: building, deeds and auctions (004 variant catalogue) ------------------------


@dataclass(frozen=True, slots=True)
class BuildHotel(_SquareAction):
    """`Rules.instant_hotels`: buy a hotel for this street at once, for five houses' price less
    the houses already on it (they go back to the Bank)."""


@dataclass(frozen=True, slots=True)
class SellDeed(_SquareAction):
    """`Rules.no_mortgaging`: sell a deed back to the Bank for half its printed price."""


@dataclass(frozen=True, slots=True)
class Foreclose(_SquareAction):
    """`Rules.foreclosure`: buy the mortgaged deed you landed on (the mortgage value to its
    owner, the value plus interest to the Bank)."""


@dataclass(frozen=True, slots=True)
class ForceAuction(Action):
    """`Rules.option_to_auction`: put the deed another player landed on up for auction at once,
    opening with a bid of twice its price."""


@dataclass(frozen=True, slots=True)
class Refuse(Action):
    """Say no to the offer pending for you (lift a mortgage on foreclosure, buy a foreclosed
    deed, force an auction)."""


# -- house rules: movement, money and jail (004 variant catalogue) -----------------------------


@dataclass(frozen=True, slots=True)
class Travel(_SquareAction):
    """`Rules.travelling_railroads`: move from the railroad you landed on to this other railroad
    of the same owner (no salary, no rent there)."""


@dataclass(frozen=True, slots=True)
class NoTravel(Action):
    """Stay on the railroad you landed on."""


@dataclass(frozen=True, slots=True)
class AllowTravel(Action):
    """Owner of the railroad landed on (travelling railroads, owner may forbid): take the rent
    and let the lander travel."""


@dataclass(frozen=True, slots=True)
class ForbidTravel(Action):
    """Owner of the railroad landed on: refuse the rent and so forbid the lander to travel."""


@dataclass(frozen=True, slots=True)
class AskRent(_AmountAction):
    """`Rules.free_market`: the owner of the improved street landed on names the rent asked,
    from nothing up to the normal rent."""


@dataclass(frozen=True, slots=True)
class PayAsked(Action):
    """`Rules.free_market`: pay the rent the owner asked."""


@dataclass(frozen=True, slots=True)
class SwitchRent(_SquareAction):
    """`Rules.free_market`: instead, move to this other improved street of the group and pay
    whatever its owner asks there (nothing on one's own street)."""


@dataclass(frozen=True, slots=True)
class EnterBoard(_SquareAction):
    """`Rules.double_board`: landed on the square the two boards share, go on along the board
    of this index of it (text `enter 60`)."""


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """`Rules.optional_card_draw`: draw the card of the square you landed on."""


@dataclass(frozen=True, slots=True)
class NoDraw(Action):
    """`Rules.optional_card_draw`: do not draw a card."""


@dataclass(frozen=True, slots=True)
class HireLawyer(Action):
    """`Rules.jail_lawyer`: just sent to jail, pay the lawyer's fee to be on Just Visiting."""


@dataclass(frozen=True, slots=True)
class NoLawyer(Action):
    """`Rules.jail_lawyer`: go to jail as usual."""


@dataclass(frozen=True, slots=True)
class TakeLoan(Action):
    """`Rules.bank_loans`: borrow $500 from the Bank (only without a loan outstanding)."""


@dataclass(frozen=True, slots=True)
class RepayLoan(Action):
    """`Rules.bank_loans`: pay back a $500 loan (after passing GO once since taking it)."""


@dataclass(frozen=True, slots=True)
class _AgreementAction(Action):
    """An action on the agreement numbered `number` (`Agreement.number`)."""

    number: int

    def text(self) -> str:
        return f"{self.word} {self.number}"

    @classmethod
    def from_args(cls, player: int, args: list[str]) -> Action:
        (n,) = args
        return cls(player, int(n))


@dataclass(frozen=True, slots=True)
class Repay(_AgreementAction):
    """`Rules.player_loans`: pay back, in full, the loan from another player numbered `number`
    (text `repay 3`)."""


@dataclass(frozen=True, slots=True)
class LeavePartnership(_AgreementAction):
    """`Rules.partnerships`: leave the partnership numbered `number`; every building of its
    group is sold to the Bank at half price, each owner paid for their own (text `leave 3`)."""


@dataclass(frozen=True, slots=True)
class CallTime(Action):
    """The agreed time is up (000 Time Limit Game: "agree upon a definite hour of
    termination"; 004 Sudden death: "once the game has been played for two hours"). The clock
    is the front-end's: the core never reads one, it only hears that time is called."""


@dataclass(frozen=True, slots=True)
class SmashBoard(Action):
    """`Rules.sudden_death`: the Angel of Death ends the game without a winner."""


@dataclass(frozen=True, slots=True)
class InitialBids(Action):
    """`Rules.initial_auction`: one player's closed bids for the deeds before the game, bid
    `amounts[i]` for `squares[i]` (text `bids 1:60,3:55`; `bids none`: no bid at all)."""

    squares: tuple[int, ...] = ()
    amounts: tuple[int, ...] = ()

    def text(self) -> str:
        pairs = ",".join(f"{sq}:{a}" for sq, a in zip(self.squares, self.amounts, strict=False))
        return f"{self.word} {pairs or 'none'}"

    @classmethod
    def from_args(cls, player: int, args: list[str]) -> Action:
        (text,) = args
        if text == "none":
            return cls(player)
        pairs = [item.split(":") for item in text.split(",")]
        if any(len(pair) != 2 for pair in pairs):
            raise IllegalActionError("bids takes square:amount pairs, like bids 1:60,3:55")
        return cls(player, tuple(int(sq) for sq, _ in pairs), tuple(int(a) for _, a in pairs))


# Every kind of action by its word, the first word of its text form; this table is where each
# kind gets its `word` (see `_Worded`).
_BY_WORD: dict[str, type[Action]] = {
    "roll": Roll,
    "pay-fine": PayJailFine,
    "use-card": UseJailCard,
    "buy": Buy,
    "auction": Decline,
    "bid": Bid,
    "pass": Pass,
    "tax": ChooseTax,
    "choose": FineOrChance,
    "end": EndTurn,
    "build": Build,
    "sell": Sell,
    "sell-down": SellDown,
    "mortgage": Mortgage,
    "unmortgage": Unmortgage,
    "lift": LiftMortgage,
    "keep": KeepMortgage,
    "claim": ClaimRent,
    "bankrupt": DeclareBankruptcy,
    "want": WantBuildings,
    "place": PlaceBuilding,
    "trade": ProposeTrade,
    "counter": CounterTrade,
    "accept": AcceptTrade,
    "reject": RejectTrade,
    "build-hotel": BuildHotel,
    "sell-deed": SellDeed,
    "foreclose": Foreclose,
    "force-auction": ForceAuction,
    "refuse": Refuse,
    "travel": Travel,
    "no-travel": NoTravel,
    "allow-travel": AllowTravel,
    "forbid-travel": ForbidTravel,
    "ask-rent": AskRent,
    "pay-asked": PayAsked,
    "switch-rent": SwitchRent,
    "enter": EnterBoard,
    "draw": DrawCard,
    "no-draw": NoDraw,
    "lawyer": HireLawyer,
    "no-lawyer": NoLawyer,
    "loan": TakeLoan,
    "repay-loan": RepayLoan,
    "repay": Repay,
    "leave": LeavePartnership,
    "call-time": CallTime,
    "smash": SmashBoard,
    "bids": InitialBids,
}
for _word, _kind in _BY_WORD.items():
    _kind.word = _word


# -- checking the fields of an action built in code --------------------------------------------
#
# An action built in code (not parsed from text) may hold anything in its fields. Each check
# says why a value is malformed (None: it is not), naming it by `at`, its path from the action
# (`offer.give.cards[0]`), so that a bad field deep inside a trade offer is named itself.
# Once an action passes, its `text()` is total: nothing in it can fail on a well-formed value.

_Check = Callable[[Any, str], "str | None"]


def _wrong(at: str, kind: str, value: Any) -> str:
    return f"{at} must be {kind}, not {value!r:.40}"


def _int_problem(v: Any, at: str) -> str | None:
    return None if type(v) is int else _wrong(at, "int", v)  # not a bool, a float or a string


def _bool_problem(v: Any, at: str) -> str | None:
    return None if type(v) is bool else _wrong(at, "bool", v)


def _str_problem(v: Any, at: str) -> str | None:
    return None if type(v) is str else _wrong(at, "str", v)


def _str_or_none_problem(v: Any, at: str) -> str | None:
    return None if v is None or type(v) is str else _wrong(at, "str | None", v)


def _ints_problem(v: Any, at: str) -> str | None:
    if type(v) is not tuple:
        return _wrong(at, "tuple[int, ...]", v)
    for i, x in enumerate(v):
        if type(x) is not int:
            return _wrong(f"{at}[{i}]", "int", x)
    return None


def _cards_problem(v: Any, at: str) -> str | None:
    """Get Out of Jail Free cards are named by their deck, the only names their text form has
    (`CARD_WORDS`)."""
    problem = _ints_problem(v, at)
    if problem is not None:
        return problem
    for i, deck in enumerate(v):
        if not 0 <= deck < len(CARD_WORDS):
            return _wrong(f"{at}[{i}]", "a deck: 0 (Chance) or 1 (Community Chest)", deck)
    return None


def _term_problem(v: Any, at: str) -> str | None:
    kind = type(v)
    if kind is Partnership:
        return _str_problem(v.group, f"{at}.group")
    if kind is Loan:
        return (_int_problem(v.amount, f"{at}.amount") or _int_problem(v.percent, f"{at}.percent")
                or _int_problem(v.due_round, f"{at}.due_round"))
    if kind is Immunity or kind is RentShare:
        problem = (_ints_problem(v.squares, f"{at}.squares")
                   or _int_problem(v.percent, f"{at}.percent")
                   or _int_problem(v.count, f"{at}.count"))
        if problem is None and not (type(v.unit) is str and v.unit in TERM_UNITS):
            problem = _wrong(f"{at}.unit", "'landings' or 'turns'", v.unit)
        return problem
    return _wrong(at, "a trade term (Immunity, RentShare, Loan or Partnership)", v)


def _bundle_problem(v: Any, at: str) -> str | None:
    if type(v) is not Bundle:
        return _wrong(at, "Bundle", v)
    problem = (_ints_problem(v.properties, f"{at}.properties")
               or _int_problem(v.cash, f"{at}.cash") or _cards_problem(v.cards, f"{at}.cards"))
    if problem is not None:
        return problem
    # Its items as objects: read as trade terms, the compiled build would refuse a malformed
    # one with a TypeError before the check below could name it.
    terms: tuple[object, ...] = v.terms
    if type(terms) is not tuple:
        return _wrong(f"{at}.terms", "a tuple of trade terms", terms)
    for i, term in enumerate(terms):
        problem = _term_problem(term, f"{at}.terms[{i}]")
        if problem is not None:
            return problem
    return None


def _offer_problem(v: Any, at: str) -> str | None:
    if type(v) is not TradeOffer:
        return _wrong(at, "TradeOffer", v)
    return (_int_problem(v.proposer, f"{at}.proposer")
            or _int_problem(v.responder, f"{at}.responder")
            or _bundle_problem(v.give, f"{at}.give") or _bundle_problem(v.get, f"{at}.get"))


# Each action field's check, by the field's name (a name has one type in every kind; a new
# field name needs its row). Read from this table rather than from the annotations: compiled
# with mypyc, a dataclass field's annotation is a bare class (`tuple`, or `type` for
# `str | None`).
_FIELD_CHECKS: dict[str, _Check] = {
    "square": _int_problem,
    "amount": _int_problem,
    "number": _int_problem,
    "percent": _bool_problem,
    "chance": _bool_problem,
    "group": _str_problem,
    "reason": _str_problem,
    "deck": _str_or_none_problem,
    "dice": _ints_problem,
    "levels": _ints_problem,
    "squares": _ints_problem,
    "amounts": _ints_problem,
    "offer": _offer_problem,
}


def field_problem(value: Action | TradeOffer) -> str | None:
    """Why an action (or offer) built in code is malformed, naming the field: a value of the
    wrong type (a bool, float, NaN or string where a whole number belongs) or one no text
    form has (a card of no deck), as text would never parse to."""
    if isinstance(value, TradeOffer):
        return _offer_problem(value, "offer")
    checks = _CHECKS_BY_TYPE.get(type(value))
    if checks is None:
        return f"unknown action {value!r:.80}"
    problem = _int_problem(value.player, "player")
    for name, check in checks:
        if problem is not None:
            break
        problem = check(getattr(value, name), name)
    return None if problem is None else f"{value.word!r}: {problem}"


_CHECKS_BY_TYPE = {  # (the player, checked first, is left out)
    k: tuple((f.name, _FIELD_CHECKS[f.name]) for f in fields(k) if f.name != "player")
    for k in _BY_WORD.values()
}
