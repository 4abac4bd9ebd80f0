"""The board, title deeds and card decks of an edition, loaded from the package's data files.

An edition is data (`data/<id>.toml`), never code: the engine reads squares, prices, rents and
cards from it, so another edition is another file. Squares are plain ints (0 = GO) and square
kinds are small int constants, because the rules engine looks them up on every move.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from itertools import islice
from typing import TYPE_CHECKING, Final, Literal

from passgo.core.errors import DataError

if TYPE_CHECKING:
    from passgo.core.rules import Rules

# Square kinds.
GO: Final = 0
STREET: Final = 1
RAILROAD: Final = 2
UTILITY: Final = 3
CHANCE: Final = 4
COMMUNITY_CHEST: Final = 5
INCOME_TAX: Final = 6
LUXURY_TAX: Final = 7
JAIL: Final = 8
FREE_PARKING: Final = 9
GO_TO_JAIL: Final = 10

KIND_NAMES = {
    "go": GO,
    "street": STREET,
    "railroad": RAILROAD,
    "utility": UTILITY,
    "chance": CHANCE,
    "community_chest": COMMUNITY_CHEST,
    "income_tax": INCOME_TAX,
    "luxury_tax": LUXURY_TAX,
    "jail": JAIL,
    "free_parking": FREE_PARKING,
    "go_to_jail": GO_TO_JAIL,
}

# Card effects.
ADVANCE: Final = "advance"
ADVANCE_NEAREST: Final = "advance_nearest"
BACK: Final = "back"
GO_TO_JAIL_CARD: Final = "go_to_jail"
JAIL_FREE: Final = "get_out_of_jail_free"
COLLECT: Final = "collect"
PAY: Final = "pay"
PAY_EACH_PLAYER: Final = "pay_each_player"
COLLECT_FROM_EACH: Final = "collect_from_each_player"
REPAIRS: Final = "repairs"
BACK_TO: Final = "back_to"
FINE_OR_CHANCE: Final = "fine_or_chance"
EFFECTS = frozenset(
    {
        ADVANCE,
        ADVANCE_NEAREST,
        BACK,
        GO_TO_JAIL_CARD,
        JAIL_FREE,
        COLLECT,
        PAY,
        PAY_EACH_PLAYER,
        COLLECT_FROM_EACH,
        REPAIRS,
        BACK_TO,
        FINE_OR_CHANCE,
    }
)

DECK_CHANCE: Final = 0
DECK_COMMUNITY_CHEST: Final = 1
#: The two card decks, as decisions, events, views and jail cards name them (by deck index).
DeckName = Literal["chance", "community_chest"]
DECK_NAMES: Final[tuple[DeckName, DeckName]] = ("chance", "community_chest")


@dataclass(frozen=True, slots=True)
class Square:
    """One square of the board; the deed figures are zero on squares that cannot be owned."""

    index: int
    name: str
    kind: int
    group: int = -1
    price: int = 0
    rents: tuple[int, ...] = ()
    house_cost: int = 0
    mortgage: int = 0
    amount: int = 0

    @property
    def ownable(self) -> bool:
        return self.kind in (STREET, RAILROAD, UTILITY)


@dataclass(frozen=True, slots=True)
class Card:
    """A Chance or Community Chest card: its stable id, printed text and effect parameters."""

    id: str
    text: str
    effect: str
    square: int = -1
    spaces: int = 0
    amount: int = 0
    kind: int = -1
    multiplier: int = 1
    per_house: int = 0
    per_hotel: int = 0


@dataclass(frozen=True, slots=True)
class Board:
    """An edition: squares, colour groups, constants and the two decks."""

    id: str
    name: str
    currency: str
    starting_cash: int
    go_salary: int
    jail_fine: int
    houses: int
    hotels: int
    railroad_rents: tuple[int, ...]
    utility_multipliers: tuple[int, ...]
    squares: tuple[Square, ...]
    group_names: tuple[str, ...]
    groups: tuple[tuple[int, ...], ...]
    decks: tuple[tuple[Card, ...], tuple[Card, ...]]
    jail: int
    properties: tuple[int, ...]
    railroads: tuple[int, ...]
    utilities: tuple[int, ...]
    nearest: tuple[tuple[int, ...], ...]  # nearest[kind][square]: next square of that kind ahead
    income_tax_percent: bool = True  # the Income Tax square offers the 10 % option
    # A double board (`double_board`) joins two editions' boards of `ring` squares each: square
    # `sq` lies on board `sq // ring`, and the ring position `overlap` is one shared square
    # (two indices, one per board). A single board is one ring with no overlap.
    ring: int = 40
    overlap: int = -1
    flat_tax_squares: tuple[int, ...] = ()  # Income Tax squares without the 10 % option
    side_names: tuple[str, ...] = ()  # a double board's two boards, by side ("US", "UK")

    def money(self, amount: int) -> str:
        """An amount in the edition's currency: "$1,500", "£200"."""
        return f"{self.currency}{amount:,}"

    def side(self, sq: int) -> int:
        """The board (0 or 1) square `sq` lies on; always 0 on a single board."""
        return sq // self.ring

    def on_overlap(self, sq: int) -> bool:
        """Whether `sq` is the square the two boards of a double board share."""
        return sq % self.ring == self.overlap

    def same_square(self, a: int, b: int) -> bool:
        """Whether indices `a` and `b` are one square: equal, or the shared square of a double
        board by its two indices."""
        return a == b or (self.on_overlap(a) and self.on_overlap(b))

    def kin(self, sq: int) -> tuple[int, ...]:
        """The railroads (or utilities) whose number owned sets the rent of the one on `sq`:
        those of its own board."""
        group = self.railroads if self.squares[sq].kind == RAILROAD else self.utilities
        if self.overlap < 0:
            return group  # a single board is one ring: all of them (bots ask on every move)
        side = sq // self.ring
        return tuple(r for r in group if r // self.ring == side)

    def jail_of(self, sq: int) -> int:
        """The jail a token on `sq` is sent to: the one of the board it is on."""
        return sq - sq % self.ring + self.jail

    def ahead(self, sq: int) -> Iterator[int]:
        """The squares forward from `sq`, one by one, for ever. On a double board the path is
        a figure eight: a token that passes the shared square goes on along the other board
        (one that stops there chooses, so the path from it stays on the board `sq` names)."""
        ring, overlap = self.ring, self.overlap
        side, i = divmod(sq, ring)
        while True:
            i = (i + 1) % ring
            yield side * ring + i
            if i == overlap:
                side = 1 - side

    def walk(self, sq: int, steps: int) -> tuple[int, int]:
        """Where `steps` squares forward from `sq` end, and how many GO squares are passed or
        reached on the way (a card's trip round the figure eight may pass two)."""
        if self.overlap < 0:
            return (sq + steps) % self.ring, (sq + steps) // self.ring
        end, gos = sq, 0
        for end in islice(self.ahead(sq), steps):
            gos += end % self.ring == 0
        return end, gos

    def steps_to(self, sq: int, target: int) -> int:
        """Squares forward from `sq` to `target` along the path (the shared square is reached
        by either of its indices)."""
        if self.overlap < 0:
            return (target - sq) % self.ring
        want = target % self.ring if self.on_overlap(target) else -1
        for steps, end in enumerate(islice(self.ahead(sq), 2 * self.ring), 1):
            if end == target or end % self.ring == want:
                return steps
        raise ValueError(f"square {target} is not on the path from {sq}")

    def square_index(self, name_or_index: str | int) -> int:
        """Square by index or by name (case-insensitive)."""
        if isinstance(name_or_index, int):
            if 0 <= name_or_index < len(self.squares):
                return name_or_index
            raise KeyError(f"no square {name_or_index} (0..{len(self.squares) - 1})")
        key = name_or_index.strip().lower()
        if key.isdigit():
            return self.square_index(int(key))
        # "Jail / Just Visiting" also answers to "Jail" and to "Just Visiting".
        found = [sq.index for sq in self.squares
                 if sq.name.lower() == key or key in sq.name.lower().split(" / ")]
        if len(found) > 1:
            where = ", ".join(map(str, found))
            raise KeyError(f"{name_or_index!r} names squares {where}: give the index")
        if not found:
            raise KeyError(f"no square named {name_or_index!r}")
        return found[0]

    def group_index(self, name: str) -> int:
        try:
            return self.group_names.index(name)
        except ValueError:
            raise KeyError(f"no colour group {name!r}") from None

    def card_index(self, deck: int, card_id: str) -> list[int]:
        """[index] of the card with this id in a deck: the first printing of it, which also
        stands for its copies (the nearest-Railroad card is printed twice)."""
        for i, c in enumerate(self.decks[deck]):
            if c.id == card_id:
                return [i]
        raise KeyError(f"no card {card_id!r} in the {DECK_NAMES[deck]} deck")


def _int(table: dict[str, object], key: str, where: str, default: int | None = None) -> int:
    value = table.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise DataError(f"{where}: {key} must be an integer")
    return value


def _card(raw: dict[str, object], where: str, kinds_by_name: dict[str, int]) -> Card:
    effect = raw.get("effect")
    if effect not in EFFECTS:
        raise DataError(f"{where}: unknown effect {effect!r}")
    assert isinstance(effect, str)
    card_id, text = raw.get("id"), raw.get("text")
    if not isinstance(card_id, str) or not isinstance(text, str):
        raise DataError(f"{where}: id and text must be strings")
    kind = -1
    multiplier = 1
    if effect == ADVANCE_NEAREST:
        kind_name = raw.get("kind")
        if kind_name not in ("railroad", "utility"):
            raise DataError(f"{where}: kind must be railroad or utility")
        assert isinstance(kind_name, str)
        kind = kinds_by_name[kind_name]
        key = "rent_multiplier" if kind == RAILROAD else "dice_multiplier"
        multiplier = _int(raw, key, where)
    return Card(
        id=card_id,
        text=text,
        effect=effect,
        square=_int(raw, "square", where, -1),
        spaces=_int(raw, "spaces", where, 0),
        amount=_int(raw, "amount", where, 0),
        kind=kind,
        multiplier=multiplier,
        per_house=_int(raw, "per_house", where, 0),
        per_hotel=_int(raw, "per_hotel", where, 0),
    )


def parse_edition(data: dict[str, object]) -> Board:
    """Build a Board from the parsed TOML of an edition file, checking what the engine relies on."""
    ed = data.get("edition")
    raw_squares = data.get("squares")
    if not isinstance(ed, dict) or not isinstance(raw_squares, list):
        raise DataError("edition file needs [edition] and [[squares]]")
    squares: list[Square] = []
    group_names: list[str] = []
    for i, raw in enumerate(raw_squares):
        where = f"squares[{i}]"
        kind = KIND_NAMES.get(raw.get("kind", ""))
        if kind is None:
            raise DataError(f"{where}: unknown kind {raw.get('kind')!r}")
        group = -1
        if kind == STREET:
            gname = raw.get("group")
            if not isinstance(gname, str):
                raise DataError(f"{where}: a street needs a group")
            if gname not in group_names:
                group_names.append(gname)
            group = group_names.index(gname)
        rents = tuple(raw.get("rents", ()))
        if kind == STREET and len(rents) != 6:
            raise DataError(f"{where}: a street needs 6 rents (unimproved, 1-4 houses, hotel)")
        ownable = kind in (STREET, RAILROAD, UTILITY)
        squares.append(
            Square(
                index=i,
                name=str(raw.get("name")),
                kind=kind,
                group=group,
                price=_int(raw, "price", where) if ownable else 0,
                rents=rents,
                house_cost=_int(raw, "house_cost", where) if kind == STREET else 0,
                mortgage=_int(raw, "mortgage", where) if ownable else 0,
                amount=_int(raw, "amount", where) if kind in (INCOME_TAX, LUXURY_TAX) else 0,
            )
        )
    n = len(squares)
    kinds_by_name = {"railroad": RAILROAD, "utility": UTILITY}
    decks = []
    for name in DECK_NAMES:
        raw_cards = data.get(name)
        if not isinstance(raw_cards, list) or not raw_cards:
            raise DataError(f"edition file needs [[{name}]] cards")
        decks.append(
            tuple(_card(c, f"{name}[{i}]", kinds_by_name) for i, c in enumerate(raw_cards))
        )
    income_tax_percent = ed.get("income_tax_percent", True)
    if not isinstance(income_tax_percent, bool):
        raise DataError("edition: income_tax_percent must be true or false")
    for gi, gname in enumerate(group_names):
        costs = {s.house_cost for s in squares if s.kind == STREET and s.group == gi}
        if len(costs) > 1:
            # The rules price building by the group ("the price of a house", one row of houses
            # at a time when building evenly), and so does the engine.
            raise DataError(f"edition: the streets of the {gname} group need one house_cost")
    jails = [s.index for s in squares if s.kind == JAIL]
    if len(jails) != 1 or squares[0].kind != GO:
        raise DataError("the board needs GO at index 0 and exactly one jail")
    nearest: list[tuple[int, ...]] = []
    for kind in range(len(KIND_NAMES)):
        row = []
        for start in range(n):
            target = -1
            for step in range(1, n + 1):
                if squares[(start + step) % n].kind == kind:
                    target = (start + step) % n
                    break
            row.append(target)
        nearest.append(tuple(row))
    return Board(
        id=str(ed.get("id")),
        name=str(ed.get("name")),
        currency=str(ed.get("currency", "$")),
        starting_cash=_int(ed, "starting_cash", "edition"),
        go_salary=_int(ed, "go_salary", "edition"),
        jail_fine=_int(ed, "jail_fine", "edition"),
        houses=_int(ed, "houses", "edition"),
        hotels=_int(ed, "hotels", "edition"),
        railroad_rents=tuple(ed.get("railroad_rents", ())),
        utility_multipliers=tuple(ed.get("utility_multipliers", ())),
        squares=tuple(squares),
        group_names=tuple(group_names),
        groups=tuple(
            tuple(s.index for s in squares if s.group == g) for g in range(len(group_names))
        ),
        decks=(decks[0], decks[1]),
        jail=jails[0],
        properties=tuple(s.index for s in squares if s.ownable),
        railroads=tuple(s.index for s in squares if s.kind == RAILROAD),
        utilities=tuple(s.index for s in squares if s.kind == UTILITY),
        nearest=tuple(nearest),
        income_tax_percent=income_tax_percent,
        ring=n,
    )


EDITIONS = ("us-classic", "us-2008", "uk")


@cache
def load_edition(edition_id: str) -> Board:
    """The Board of a packaged edition, read once per process."""
    if edition_id not in EDITIONS:
        raise DataError(f"unknown edition {edition_id!r} (known: {', '.join(EDITIONS)})")
    text = resources.files("passgo.core.data").joinpath(f"{edition_id}.toml").read_text("utf-8")
    return parse_edition(tomllib.loads(text))


@cache
def six_railroads_board(board: Board) -> Board:
    """The board under `Rules.six_railroads` (004 "Six railroads"): "The two utilities are
    treated like additional railroads. They cost $200 to buy and can be mortgaged for $100. The
    rent for five railroads is $300 and for six railroads is $400."

    The utilities take a railroad's price and mortgage from the edition's data and count as
    railroads for rent (25/50/100/200/300/400). The cards still move by the printed squares:
    "nearest Railroad" goes to one of the four railroads, "nearest Utility" to a utility
    square, which now charges the railroad rent (once: the 10x-throw rule no longer applies)."""
    rail = board.squares[board.railroads[0]]
    squares = tuple(
        replace(s, kind=RAILROAD, price=rail.price, mortgage=rail.mortgage)
        if s.kind == UTILITY else s
        for s in board.squares
    )
    rents = board.railroad_rents
    decks = tuple(
        tuple(replace(c, multiplier=1) if c.effect == ADVANCE_NEAREST and c.kind == UTILITY
              else c for c in deck)
        for deck in board.decks
    )
    return replace(
        board,
        squares=squares,
        railroads=tuple(sorted(board.railroads + board.utilities)),
        utilities=(),
        railroad_rents=(*rents, rents[-1] * 3 // 2, rents[-1] * 2),
        decks=(decks[0], decks[1]),
    )


OVERLAPS = {"free_parking": FREE_PARKING, "go": GO}
# The other board of a double board: "a standard board and an English board".
SECOND_BOARD: Final = "uk"


@cache
def double_board(first: Board, second: Board, overlap: str) -> Board:
    """Two editions' boards as one board of their squares (`Rules.double_board`, 004 "Double
    board"), sharing the square of kind `overlap` ("free_parking" or "go"): the first board's
    squares keep their indices, the second's follow. Each board keeps its colour groups (the
    second's named with its id: "brown_uk"), its railroads and utilities (`Board.kin`), its jail
    (`Board.jail_of`) and its bank of buildings (the two banks together); the decks are the
    first edition's, whose squares are those of the first board. Squares whose name the first
    board also has are named with the second's id ("Jail / Just Visiting (UK)")."""
    ring = len(first.squares)
    kind = OVERLAPS[overlap]
    spot = next((s.index for s in first.squares if s.kind == kind), -1)
    if (len(second.squares) != ring or second.jail != first.jail or spot < 0
            or second.squares[spot].kind != kind):
        raise DataError(f"{first.id} and {second.id} cannot share a square: their boards differ")
    tag = second.id
    names = {s.name for s in first.squares}
    groups = len(first.group_names)
    squares = first.squares + tuple(
        replace(s, index=s.index + ring, group=s.group + groups if s.group >= 0 else -1,
                name=f"{s.name} ({tag.upper()})" if s.name in names else s.name)
        for s in second.squares)
    joined = replace(
        first,
        name=f"{first.name} + {second.name}",
        squares=squares,
        group_names=first.group_names + tuple(f"{g}_{tag}" for g in second.group_names),
        groups=first.groups + tuple(tuple(sq + ring for sq in group) for group in second.groups),
        houses=first.houses + second.houses,
        hotels=first.hotels + second.hotels,
        properties=first.properties + tuple(sq + ring for sq in second.properties),
        railroads=first.railroads + tuple(sq + ring for sq in second.railroads),
        utilities=first.utilities + tuple(sq + ring for sq in second.utilities),
        ring=ring,
        overlap=spot,
        side_names=(first.id.split("-")[0].upper(), tag.upper()),
        flat_tax_squares=(
            (() if first.income_tax_percent else
             tuple(s.index for s in first.squares if s.kind == INCOME_TAX))
            + (() if second.income_tax_percent else
               tuple(s.index + ring for s in second.squares if s.kind == INCOME_TAX))),
    )
    # The nearest square of each kind ahead along the figure eight.
    paths = [list(islice(joined.ahead(sq), 2 * ring)) for sq in range(2 * ring)]
    nearest = tuple(
        tuple(next((end for end in path if squares[end].kind == kind), -1) for path in paths)
        for kind in range(len(KIND_NAMES)))
    return replace(joined, nearest=nearest)


@cache
def rules_board(rules: Rules) -> Board:
    """The board a game under `rules` is played on: the edition's, with the utilities made
    railroads under `Rules.six_railroads`, joined to the UK board under `Rules.double_board`
    (the same data as `game.board`, for the bots that plan with a game's rules)."""
    board = load_edition(rules.edition)
    if rules.double_board != "off":
        board = double_board(board, load_edition(SECOND_BOARD), rules.double_board)
    return six_railroads_board(board) if rules.six_railroads else board
