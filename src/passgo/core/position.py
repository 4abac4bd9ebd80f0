"""Positions: any game state at the start of a throw, in a short human-writable form.

A position (TOML or the same structure as JSON, documented in docs/positions.md) names the
rules, the players in turn order with their cash, squares, jail state and cards, the deeds with
their owners, buildings and mortgages, and optionally the Bank's stock, the cards on top of each
deck and the next throws. `game_from_position` checks everything a person gets wrong when
writing one by hand and refuses the position with a message naming the key; `position_of`
exports a game back (export then import gives the identical state).
"""

from __future__ import annotations

import base64
import difflib
import json
import zlib
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar

from passgo.core.board import DECK_NAMES, JAIL_FREE, STREET, Board, rules_board
from passgo.core.errors import PassgoError
from passgo.core.frames import POST_ROLL, PRE_ROLL, TurnFrame
from passgo.core.rules import Rules
from passgo.core.setup import player_count_problem, player_name_problem
from passgo.core.state import (
    BANK,
    BANK_NAME,
    HOTEL,
    IMMUNITY,
    LOAN_TERM,
    PARTNER,
    SHARE,
    TWO_HOTELS,
    GameState,
    hotels_at,
    houses_at,
    starting_cash,
)
from passgo.core.textdata import load_json, load_toml
from passgo.core.timing import draw_angel

# Scripted throws are for tests, tutorials and what-if positions (`Game.new` and saves take
# the same cap): a hostile file must not make every throw slow (they leave a list's front).
MAX_SCRIPTED_THROWS: Final = 10_000

G = TypeVar("G", bound="GameState")


class PositionError(PassgoError, ValueError):
    """A position that does not describe a legal game state; the message names the key.
    `problems` lists every mistake found (the message joins them), so a person fixing a file
    by hand sees them all at once."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or [message]


def _suggest(word: str, choices: Iterable[str]) -> str:
    """' (did you mean X?)' for a misspelt name, or ''."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


class _Problems:
    """Mistakes gathered while checking a position: each check runs on its own, so one
    mistake does not hide the next."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def attempt(self, check: Callable[..., Any], *args: Any) -> bool:
        try:
            check(*args)
        except PositionError as exc:
            self.found.extend(exc.problems)
            return False
        return True

    def raise_any(self) -> None:
        if self.found:
            raise PositionError("; ".join(self.found), list(self.found))


_TOP_KEYS = {"rules", "to_move", "awaiting", "round_starts", "doubles_this_turn", "players",
             "properties", "bank", "decks", "dice", "turns", "rounds", "engine",
             "free_parking_pot", "tax_man", "go_passed", "agreements", "agreements_made",
             "time_called", "angel_of_death"}
_PLAYER_KEYS = {"name", "cash", "position", "in_jail", "jail_turns", "get_out_of_jail_free",
                "bank_loans", "bank_loans_repayable", "second_token"}
_PROPERTY_KEYS = {"owner", "houses", "hotel", "hotels", "mortgaged", "paid"}


def _expect(value: Any, kind: type | tuple[type, ...], key: str) -> Any:
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise PositionError(f"{key}: expected {_kind_name(kind)}, got {value!r}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {int: "an integer", str: "a string", bool: "true or false", list: "a list",
             dict: "a table"}
    if isinstance(kind, tuple):
        return " or ".join(names.get(k, k.__name__) for k in kind)
    return names.get(kind, kind.__name__)


def _unknown_keys(table: dict[str, Any], allowed: set[str], where: str) -> None:
    for key in table:
        if key not in allowed:
            prefix = f"{where}." if where else ""
            hint = _suggest(key, allowed) or f" (known: {', '.join(sorted(allowed))})"
            raise PositionError(f"{prefix}{key}: unknown key{hint}")


def _rules(value: Any) -> Rules:
    """A preset's name, or a table: `preset` (default classic) plus options."""
    try:
        if value is None:
            return Rules.classic()
        if isinstance(value, str):
            return Rules.preset(value)
        if isinstance(value, dict):
            return Rules.from_table(value)
    except (KeyError, ValueError) as exc:
        raise PositionError(f"rules: {exc.args[0] if exc.args else exc}") from None
    raise PositionError("rules: give a rule set name or a table of options")


def _square(board: Board, value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise PositionError(f"{key}: give a square index (0-39) or name, not {value!r}")
    try:
        return board.square_index(value)
    except KeyError as exc:
        hint = _suggest(value, (s.name for s in board.squares)) if isinstance(value, str) else ""
        raise PositionError(f"{key}: {exc.args[0]}{hint}") from None


def parse_position(text: str) -> dict[str, Any]:
    """A position's data from its TOML text, or its JSON text (when it starts with `{`)."""
    data, problem = load_json(text) if text.lstrip().startswith("{") else load_toml(text)
    if problem:
        raise PositionError(f"cannot read the position: it is {problem}")
    if not isinstance(data, dict):
        raise PositionError("a position is a table of keys")
    return data


def game_from_position(cls: type[G], source: str | dict[str, Any], seed: int = 0,
                       rules: Rules | str | None = None) -> G:
    """A game (of class `cls`) starting from the position; `seed` drives everything the
    position leaves open; `rules` replaces the position's own."""
    data = parse_position(source) if isinstance(source, str) else dict(source)
    problems = _Problems()
    problems.attempt(_unknown_keys, data, _TOP_KEYS, "")
    if rules is not None:
        data["rules"] = rules if isinstance(rules, str) else rules.table()
    try:
        rules = _rules(data.get("rules"))
    except PositionError as exc:
        problems.found.extend(exc.problems)
        rules = Rules.classic()  # to go on checking the rest
    board = rules_board(rules)
    raw_players = _expect(data.get("players"), list, "players")
    problem = player_count_problem(len(raw_players))  # before reading each of them
    if problem is not None:
        problems.found.append(f"players: {problem}")
        problems.raise_any()
    names: list[str] = []
    for i, raw in enumerate(raw_players):
        problems.attempt(_player_name, raw, f"players[{i}]", names)
    problems.raise_any()  # without the names nothing else can be checked
    g = cls(rules, names, seed)
    # The position itself is the setup: a saved game started from it replays from it.
    g.setup = {"position": data, "seed": seed, "max_turns": None, "max_rounds": None,
               "first": 0}
    held = {0: 0, 1: 0}
    for p, raw in enumerate(raw_players):
        problems.attempt(_player, g, board, p, raw, held)
    # Agreements first: a partnership's group may carry buildings of two owners.
    if "agreements" in data and problems.attempt(_expect, data["agreements"], list,
                                                 "agreements"):
        for i, raw in enumerate(data["agreements"]):
            problems.attempt(_agreement, g, board, i, raw)
        g.agreements_made = max((t[1] + 1 for t in g.contracts), default=0)
    if problems.attempt(_expect, data.get("properties", {}), dict, "properties"):
        _properties(g, board, data.get("properties", {}), problems)
    if problems.attempt(_expect, data.get("bank", {}), dict, "bank"):
        problems.attempt(_bank, g, data.get("bank", {}))
    problems.attempt(_turn, g, data)
    if problems.attempt(_expect, data.get("decks", {}), dict, "decks"):
        problems.attempt(_decks, g, board, data.get("decks", {}))
    if problems.attempt(_expect, data.get("dice", {}), dict, "dice"):
        problems.attempt(_dice, g, data.get("dice", {}))
    problems.attempt(_house, g, board, data, raw_players)
    if problems.attempt(_expect, data.get("agreements_made", 0), int, "agreements_made"):
        made = data.get("agreements_made", g.agreements_made)
        if made < g.agreements_made:
            problems.found.append("agreements_made: less than the agreements numbered")
        g.agreements_made = made
    g.bank_flow = g.n * board.starting_cash - sum(g.cash)
    for key in ("turns", "rounds"):
        problems.attempt(_count, g, data, key)
    if "engine" in data and problems.attempt(_expect, data["engine"], dict, "engine"):
        problems.attempt(_engine, g, data["engine"])
    problems.raise_any()
    return g


def _player_name(raw: Any, key: str, names: list[str]) -> None:
    _expect(raw, dict, key)
    _unknown_keys(raw, _PLAYER_KEYS, key)
    name = _expect(raw.get("name"), str, f"{key}.name").strip()
    problem = player_name_problem(name, names)
    if problem is not None:
        raise PositionError(f"{key}.name: {problem}")
    names.append(name)


def _count(g: GameState, data: dict[str, Any], key: str) -> None:
    value = _expect(data.get(key, 0), int, key)
    if value < 0:
        raise PositionError(f"{key}: must not be negative")
    setattr(g, key, value)


def _player(g: GameState, board: Board, p: int, raw: dict[str, Any],
            held: dict[int, int]) -> None:
    """One player's cash, square, jail state and cards (`held`: cards placed so far)."""
    key = f"players[{p}]"
    cash = _expect(raw.get("cash", starting_cash(g.rules, board)), int, f"{key}.cash")
    if cash < 0:
        raise PositionError(f"{key}.cash: must not be negative ({cash})")
    g.cash[p] = cash
    g.pos[p] = _square(board, raw.get("position", 0), f"{key}.position")
    jailed = _expect(raw.get("in_jail", False), bool, f"{key}.in_jail")
    turns = _expect(raw.get("jail_turns", 0), int, f"{key}.jail_turns")
    if jailed and g.pos[p] != board.jail_of(g.pos[p]):
        raise PositionError(
            f"{key}.position: a player in jail must be on the jail square "
            f"({board.squares[board.jail_of(g.pos[p])].name!r})"
        )
    if not 0 <= turns < g.rules.jail_max_turns:
        raise PositionError(
            f"{key}.jail_turns: must be 0 to {g.rules.jail_max_turns - 1} (turns used)"
        )
    if turns and not jailed:
        raise PositionError(f"{key}.jail_turns: only a player in jail has used jail turns")
    g.jailed[p] = jailed
    g.jail_turns[p] = turns
    for deck_name in _expect(raw.get("get_out_of_jail_free", []), list,
                             f"{key}.get_out_of_jail_free"):
        if deck_name not in DECK_NAMES:
            raise PositionError(
                f"{key}.get_out_of_jail_free: unknown deck {deck_name!r} "
                f"(chance or community_chest)"
            )
        deck = DECK_NAMES.index(deck_name)
        free = sorted({board.card_index(deck, c.id)[0] for c in board.decks[deck]
                       if c.effect == JAIL_FREE})
        if held[deck] >= len(free):
            raise PositionError(
                f"{key}.get_out_of_jail_free: the {deck_name} deck has only "
                f"{len(free)} such card(s)"
            )
        index = free[held[deck]]
        held[deck] += 1
        g.decks[deck].remove(index)
        g.cards[p].append((deck, index))


def _properties(g: GameState, board: Board, raw: dict[str, Any], problems: _Problems) -> None:
    seen: dict[int, str] = {}
    for name, spec in raw.items():
        problems.attempt(_property, g, board, name, spec, seen)
    for group in range(len(board.groups)):
        problems.attempt(_group_buildings, g, board, group)


def _property(g: GameState, board: Board, name: str, spec: Any, seen: dict[int, str]) -> None:
    """One deed of `properties`: its owner, buildings and mortgage."""
    hph = g.rules.houses_per_hotel
    key = f"properties.{name!r}"
    sq = _square(board, int(name) if name.isdigit() else name, key)
    square = board.squares[sq]
    if not square.ownable:
        raise PositionError(f"{key}: {square.name} cannot be owned")
    if sq in seen:
        raise PositionError(f"{key}: {square.name} is already listed as {seen[sq]!r}")
    seen[sq] = name
    _expect(spec, dict, key)
    _unknown_keys(spec, _PROPERTY_KEYS, key)
    owner_name = _expect(spec.get("owner"), str, f"{key}.owner")
    if owner_name not in g.names:
        raise PositionError(f"{key}.owner: no player named {owner_name!r}"
                            f"{_suggest(owner_name, g.names)}")
    g.owner[sq] = g.names.index(owner_name)
    houses = _expect(spec.get("houses", 0), int, f"{key}.houses")
    hotel = _expect(spec.get("hotel", False), bool, f"{key}.hotel")
    g.mortgaged[sq] = _expect(spec.get("mortgaged", False), bool, f"{key}.mortgaged")
    if g.mortgaged[sq] and g.rules.no_mortgaging:
        raise PositionError(f"{key}.mortgaged: mortgages are not played (no_mortgaging)")
    if g.rules.double_hotels or "hotels" in spec:
        _double_hotels(g, sq, spec, key, houses, hotel)
    elif houses or hotel:
        if square.kind != STREET:
            raise PositionError(f"{key}: only streets carry buildings")
        if houses and hotel:
            raise PositionError(f"{key}: a lot has houses or a hotel, not both")
        if not 0 <= houses <= hph:
            raise PositionError(f"{key}.houses: must be 0 to {hph}")
        if g.mortgaged[sq]:
            raise PositionError(f"{key}: a mortgaged lot cannot carry buildings")
        g.level[sq] = HOTEL if hotel else houses
    if "paid" in spec:
        problem = g.paid_problem(sq, spec["paid"])
        if problem:
            raise PositionError(f"{key}.paid: {problem}")
        if any(p != square.house_cost for p in spec["paid"]):  # else the normal price
            g.paid[sq] = list(spec["paid"])


def _group_buildings(g: GameState, board: Board, group: int) -> None:
    """The buildings of one colour group stand as the rules allow."""
    squares = board.groups[group]
    built = [sq for sq in squares if g.level[sq]]
    if not built:
        return
    gname = board.group_names[group]
    if g.rules.partial_building:
        # Buildings on streets of several owners, each even at most among its own when
        # built, but a street bought or received later may leave them uneven.
        return
    owners = {g.owner[sq] for sq in squares}
    # The two members of a partnership in the group build as one owner (`terms.py`).
    partners = {p for t in g.contracts if t[0] == PARTNER and t[4] == group for p in t[2:4]}
    partnered = BANK not in owners and owners <= partners
    if not partnered and (len(owners) != 1 or BANK in owners):
        raise PositionError(
            f"properties: buildings in the {gname} group need one owner of the whole group"
        )
    if any(g.mortgaged[sq] for sq in squares):
        raise PositionError(
            f"properties: buildings in the {gname} group while a street of it is mortgaged"
        )
    ranks = [g.rank(g.level[sq]) for sq in squares
             if not (g.rules.instant_hotels and g.level[sq] >= HOTEL)]
    if ranks and max(ranks) - min(ranks) > 1 and not g.rules.uneven_building:
        raise PositionError(
            f"properties: uneven building in the {gname} group "
            f"({', '.join(str(r) for r in ranks)}): streets may differ by one at most"
        )


def _double_hotels(g: GameState, sq: int, spec: dict[str, Any], key: str, houses: int,
                   hotel: bool) -> None:
    """Double hotels: `hotel = true` with `houses = 1..4` is a hotel with houses on it,
    `hotels = 2` two hotels (`hotels = 1` is the same as `hotel = true`)."""
    if not g.rules.double_hotels:
        raise PositionError(f"{key}.hotels: a second hotel needs the double_hotels rule")
    hotels = _expect(spec.get("hotels", int(hotel)), int, f"{key}.hotels")
    if hotel and hotels != 1:
        raise PositionError(f"{key}: give hotel = true or hotels = N, not both")
    if not 0 <= hotels <= 2:
        raise PositionError(f"{key}.hotels: must be 0 to 2")
    if not 0 <= houses <= 4 or (hotels == 2 and houses):
        raise PositionError(f"{key}.houses: 0 to 4, and none on two hotels")
    if (hotels or houses) and g.board.squares[sq].kind != STREET:
        raise PositionError(f"{key}: only streets carry buildings")
    if (hotels or houses) and g.mortgaged[sq]:
        raise PositionError(f"{key}: a mortgaged lot cannot carry buildings")
    g.level[sq] = (houses, HOTEL + houses, TWO_HOTELS)[hotels]


def _bank(g: GameState, raw: dict[str, Any]) -> None:
    _unknown_keys(raw, {"houses", "hotels"}, "bank")
    board = g.board
    houses = sum(houses_at(lv) for lv in g.level)
    hotels = sum(hotels_at(lv) for lv in g.level)
    for what, count, supply in (("houses", houses, board.houses), ("hotels", hotels, board.hotels)):
        if count > supply and not g.rules.unlimited_housing:
            raise PositionError(f"properties: {count} {what} on the board; the game has {supply}")
    g.bank_houses = board.houses - houses
    g.bank_hotels = board.hotels - hotels
    for key, derived, in_play in (("houses", g.bank_houses, houses),
                                  ("hotels", g.bank_hotels, hotels)):
        if key in raw:
            given = _expect(raw[key], int, f"bank.{key}")
            if given != derived:
                raise PositionError(
                    f"bank.{key}: {given} in the Bank and {in_play} on the board do not make "
                    f"{board.houses if key == 'houses' else board.hotels}"
                )


def _turn(g: GameState, data: dict[str, Any]) -> None:
    to_move = _expect(data.get("to_move", g.names[0]), str, "to_move")
    if to_move not in g.names:
        raise PositionError(f"to_move: no player named {to_move!r}{_suggest(to_move, g.names)}")
    p = g.names.index(to_move)
    starts = _expect(data.get("round_starts", to_move), str, "round_starts")
    if starts not in g.names:
        raise PositionError(f"round_starts: no player named {starts!r}"
                            f"{_suggest(starts, g.names)}")
    awaiting = _expect(data.get("awaiting", "roll"), str, "awaiting")
    if awaiting not in ("roll", "end_turn"):
        raise PositionError("awaiting: 'roll' (the start of a throw) or 'end_turn'")
    doubles = _expect(data.get("doubles_this_turn", 0), int, "doubles_this_turn")
    if not 0 <= doubles <= 2:
        raise PositionError("doubles_this_turn: must be 0, 1 or 2")
    if doubles and g.jailed[p]:
        raise PositionError("doubles_this_turn: a player in jail has not thrown doubles this turn")
    g.current = p
    g.doubles = doubles
    g.setup["first"] = g.names.index(starts)
    if awaiting == "end_turn":
        g.frames = [TurnFrame("end_turn", p, POST_ROLL)]
        return
    g.frames = [TurnFrame("jail" if g.jailed[p] else "roll", p, PRE_ROLL, again=doubles > 0)]


def _decks(g: GameState, board: Board, raw: dict[str, Any]) -> None:
    _unknown_keys(raw, set(DECK_NAMES), "decks")
    for deck, deck_name in enumerate(DECK_NAMES):
        rest = g.decks[deck]
        g.rng.shuffle(rest)
        top: list[int] = []
        for i, card_id in enumerate(_expect(raw.get(deck_name, []), list, f"decks.{deck_name}")):
            key = f"decks.{deck_name}[{i}]"
            _expect(card_id, str, key)
            try:
                (index,) = board.card_index(deck, card_id)
            except KeyError:
                ids = sorted({c.id for c in board.decks[deck]})
                hint = _suggest(card_id, ids) or f" (cards: {', '.join(ids)})"
                raise PositionError(f"{key}: no card {card_id!r}{hint}") from None
            if index not in rest:
                raise PositionError(f"{key}: every {card_id!r} card is already placed or held")
            rest.remove(index)
            top.append(index)
        g.decks[deck] = top + rest


def _dice(g: GameState, raw: dict[str, Any]) -> None:
    _unknown_keys(raw, {"script", "last"}, "dice")
    top = 10 if g.rules.dice == "choice" else 6  # `Rules.dice` "choice": up to a d10
    script = []
    throws = _expect(raw.get("script", []), list, "dice.script")
    if len(throws) > MAX_SCRIPTED_THROWS:
        raise PositionError(f"dice.script: at most {MAX_SCRIPTED_THROWS} throws")
    for i, throw in enumerate(throws):
        key = f"dice.script[{i}]"
        if (not isinstance(throw, list) or len(throw) != 2
                or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= top
                           for d in throw)):
            raise PositionError(f"{key}: a throw is two dice from 1 to {top}, like [3, 4]")
        script.append((throw[0], throw[1]))
    g.dice_script = script
    last = raw.get("last")
    if last is not None:
        if (not isinstance(last, list) or len(last) != 2
                or not all(isinstance(d, int) and 0 <= d <= top for d in last)):
            raise PositionError("dice.last: the last throw is two dice, like [3, 4]")
        g.dice = (last[0], last[1])


def _house(g: GameState, board: Board, data: dict[str, Any], raw_players: list[Any]) -> None:
    """House-rule state: the Free Parking pot (default: the seed, as at the start of a game),
    the tax man's square, whether anyone has passed GO (first to go) and each player's Bank
    loans; each only under its rule."""
    rules = g.rules
    g.pot = rules.free_parking_start  # no key: the pot as at the start of a game
    checks = (("free_parking_pot", 0, int, rules.free_parking_jackpot, "free_parking_jackpot"),
              ("tax_man", 0, (int, str), rules.tax_man, "tax_man"),
              ("go_passed", False, bool, rules.first_to_go, "first_to_go"))
    for key, default, kind, allowed, option in checks:
        if key not in data:
            continue
        value = data[key]
        if key == "tax_man":
            value = _square(board, value, key)
        else:
            _expect(value, kind, key)
        if value != default and not allowed:
            raise PositionError(f"{key}: the rules do not play {option}")
        if key == "free_parking_pot" and value < 0:
            raise PositionError(f"{key}: must not be negative")
        setattr(g, {"free_parking_pot": "pot"}.get(key, key), value)
    _time(g, data)
    for p, raw in enumerate(raw_players):
        key = f"players[{p}]"
        if "second_token" in raw:
            if not rules.two_tokens:
                raise PositionError(f"{key}.second_token: the rules do not play two_tokens")
            g.resting[p] = _square(board, raw["second_token"], f"{key}.second_token")
        elif rules.two_tokens:
            g.resting[p] = g.pos[p]  # both tokens where the player stands
        loans = _expect(raw.get("bank_loans", 0), int, f"{key}.bank_loans")
        repayable = _expect(raw.get("bank_loans_repayable", 0), int,
                            f"{key}.bank_loans_repayable")
        if loans and not rules.bank_loans:
            raise PositionError(f"{key}.bank_loans: the rules do not play bank_loans")
        if loans < 0:
            raise PositionError(f"{key}.bank_loans: must not be negative")
        if not 0 <= repayable <= loans:
            raise PositionError(f"{key}.bank_loans_repayable: must be 0 to bank_loans ({loans})")
        g.loans[p] = loans
        g.loans_repayable[p] = repayable


_AGREEMENT_KEYS = {"number", "kind", "giver", "receiver", "squares", "percent", "landings_left",
                   "until_turn", "amount", "owed", "due_round", "group"}


def _agreement(g: GameState, board: Board, i: int, raw: Any) -> None:
    """One term of a trade in force (`Rules.immunity`, `Rules.player_loans`): its giver and
    receiver by name (a loan's giver may be "Bank"), and the fields of `Agreement`."""
    key = f"agreements[{i}]"
    _expect(raw, dict, key)
    _unknown_keys(raw, _AGREEMENT_KEYS, key)
    number = _expect(raw.get("number", i), int, f"{key}.number")
    if number < 0 or any(t[1] == number for t in g.contracts):
        raise PositionError(f"{key}.number: {number} is negative or used twice")
    seats = {name: p for p, name in enumerate(g.names)}
    kind = raw.get("kind")
    if kind == "loan":
        seats[BANK_NAME] = BANK
    people = []
    for role in ("giver", "receiver"):
        name = _expect(raw.get(role), str, f"{key}.{role}")
        if name not in seats or (role == "receiver" and name == BANK_NAME):
            raise PositionError(f"{key}.{role}: no player named {name!r}"
                                f"{_suggest(name, g.names)}")
        people.append(seats[name])
    giver, receiver = people
    if giver == receiver:
        raise PositionError(f"{key}: the giver and the receiver must differ")
    if kind == "loan":
        if not g.rules.player_loans:
            raise PositionError(f"{key}: the rules do not play player_loans")
        amount = _expect(raw.get("amount"), int, f"{key}.amount")
        owed = _expect(raw.get("owed", amount), int, f"{key}.owed")
        due = _expect(raw.get("due_round"), int, f"{key}.due_round")
        if not 1 <= amount <= owed or due < 1:
            raise PositionError(f"{key}: a loan of 1 or more, owed at least that, due in a "
                                f"round from 1")
        g.contracts.append([LOAN_TERM, number, giver, receiver, owed, due, amount])
        return
    if kind == "partnership":
        if not g.rules.partnerships:
            raise PositionError(f"{key}: the rules do not play partnerships")
        name = _expect(raw.get("group"), str, f"{key}.group")
        if name not in board.group_names:
            raise PositionError(f"{key}.group: no colour group {name!r}"
                                f"{_suggest(name, board.group_names)}")
        group = board.group_names.index(name)
        if any(t[0] == PARTNER and t[4] == group for t in g.contracts):
            raise PositionError(f"{key}.group: two partnerships in {name}")
        g.contracts.append([PARTNER, number, giver, receiver, group, 0, 0])
        return
    if kind not in ("immunity", "share"):
        raise PositionError(f"{key}.kind: 'immunity', 'share', 'loan' or 'partnership', "
                            f"not {kind!r}")
    if not (g.rules.immunity if kind == "immunity" else g.rules.profit_sharing):
        raise PositionError(f"{key}: the rules do not play "
                            f"{'immunity' if kind == 'immunity' else 'profit_sharing'}")
    squares = [_square(board, s, f"{key}.squares")
               for s in _expect(raw.get("squares"), list, f"{key}.squares")]
    if not squares or any(not board.squares[s].ownable for s in squares):
        raise PositionError(f"{key}.squares: one or more deeds")
    percent = _expect(raw.get("percent", 100), int, f"{key}.percent")
    if not 1 <= percent <= 100:
        raise PositionError(f"{key}.percent: 1 to 100")
    if ("landings_left" in raw) == ("until_turn" in raw):
        raise PositionError(f"{key}: give landings_left or until_turn")
    unit = 0 if "landings_left" in raw else 1
    left = _expect(raw.get("landings_left", raw.get("until_turn")), int, key)
    if left < 1:
        raise PositionError(f"{key}: landings_left or until_turn must be at least 1")
    g.contracts.append([IMMUNITY if kind == "immunity" else SHARE, number, giver, receiver,
                        percent, unit, left, *squares])


_KIND_NAMES = {IMMUNITY: "immunity", LOAN_TERM: "loan", SHARE: "share", PARTNER: "partnership"}


def _agreements_of(g: GameState) -> list[dict[str, Any]]:
    """The agreements in force as a position lists them (`_agreement` reads them back)."""
    out = []
    for kind, number, giver, receiver, a, b, c, *squares in g.contracts:
        entry: dict[str, Any] = {
            "number": number, "kind": _KIND_NAMES[kind],
            "giver": BANK_NAME if giver == BANK else g.names[giver], "receiver": g.names[receiver]}
        if kind == LOAN_TERM:
            entry.update(amount=c, owed=a, due_round=b)
        elif kind == PARTNER:
            entry["group"] = g.board.group_names[a]
        else:
            entry.update(squares=[_square_ref(g.board, s) for s in squares], percent=a)
            entry["landings_left" if b == 0 else "until_turn"] = c
        out.append(entry)
    return out


def _time(g: GameState, data: dict[str, Any]) -> None:
    """Sudden death: whether time is called, and the Angel of Death (a player's name; drawn by
    the seed when the position does not say, as a position exported for a player leaves it
    out unless that player is the Angel)."""
    rules = g.rules
    called = _expect(data.get("time_called", False), bool, "time_called")
    if called and not rules.sudden_death:
        raise PositionError("time_called: only sudden death goes on after time is called")
    g.time_called = called
    if "angel_of_death" in data and not rules.sudden_death:
        raise PositionError("angel_of_death: the rules do not play sudden_death")
    if not rules.sudden_death:
        return
    name = data.get("angel_of_death")
    if name is None:
        draw_angel(g)
        return
    _expect(name, str, "angel_of_death")
    if name not in g.names:
        raise PositionError(f"angel_of_death: no player named {name!r}"
                            f"{_suggest(name, g.names)}")
    g.angel = g.names.index(name)


def _engine(g: GameState, raw: dict[str, Any]) -> None:
    """Exact continuation of an exported game: the PRNG state (opaque) and full deck order."""
    _unknown_keys(raw, {"rng"}, "engine")
    try:
        blob = zlib.decompress(base64.b64decode(_expect(raw.get("rng"), str, "engine.rng")))
        version, internal, gauss = json.loads(blob)
        g.rng.setstate((version, tuple(internal), gauss))
    except (ValueError, TypeError, OverflowError, zlib.error):
        raise PositionError("engine.rng: not a PRNG state written by passgo") from None


def position_of(g: GameState, viewer: int | None = None) -> dict[str, Any]:
    """The game as a position: at the start of a throw, or when only the end of the turn is
    pending (no other decision, no rent waiting to be asked for). For a `viewer` (a seat) the
    position holds only what that player may know: no PRNG state, deck order or scripted
    dice, and the Angel of Death (sudden death) only if the viewer is the Angel."""
    if g.over:
        raise PositionError("the game is over: a finished game has no position to export")
    top = g.frames[-1]
    if len(g.frames) != 1 or top.kind not in ("roll", "jail", "end_turn"):
        raise PositionError(
            f"a position describes the start of a throw or the end of a turn; this game is "
            f"waiting for {top.kind!r}"
        )
    if g.claims:
        raise PositionError("a position cannot hold rent waiting to be asked for; "
                            "export it once the rent is claimed or forfeit")
    board = g.board
    rules = g.rules.table()
    players = []
    # Players in order of play (an order auction may have changed it from the seating).
    for p in g.order or range(g.n):
        if not g.alive[p]:
            raise PositionError(f"{g.names[p]} is out of the game; positions list players in it")
        entry: dict[str, Any] = {"name": g.names[p], "cash": g.cash[p],
                                 "position": _square_ref(board, g.pos[p])}
        if g.jailed[p]:
            entry["in_jail"] = True
            entry["jail_turns"] = g.jail_turns[p]
        if g.cards[p]:
            entry["get_out_of_jail_free"] = [DECK_NAMES[d] for d, _ in g.cards[p]]
        if g.rules.two_tokens:
            entry["second_token"] = _square_ref(board, g.resting[p])
        if g.loans[p]:
            entry["bank_loans"] = g.loans[p]
            entry["bank_loans_repayable"] = g.loans_repayable[p]
        players.append(entry)
    properties: dict[str, Any] = {}
    for sq in board.properties:
        if g.owner[sq] == BANK:
            continue
        spec: dict[str, Any] = {"owner": g.names[g.owner[sq]]}
        lv = g.level[sq]
        if lv == TWO_HOTELS:
            spec["hotels"] = 2
        elif lv >= HOTEL:
            spec["hotel"] = True
            if lv > HOTEL:  # double hotels: houses on the hotel
                spec["houses"] = lv - HOTEL
        elif lv:
            spec["houses"] = lv
        if g.mortgaged[sq]:
            spec["mortgaged"] = True
        if sq in g.paid:
            spec["paid"] = list(g.paid[sq])
        properties[board.squares[sq].name] = spec
    version, internal, gauss = g.rng.getstate()
    rng = base64.b64encode(zlib.compress(json.dumps([version, list(internal), gauss]).encode()))
    data: dict[str, Any] = {
        "rules": rules,
        "to_move": g.names[g.current],
        "round_starts": g.names[g.setup.get("first", 0)],
        "doubles_this_turn": g.doubles,
        "turns": g.turns,
        "rounds": g.rounds,
        "players": players,
        "properties": properties,
        "bank": {"houses": g.bank_houses, "hotels": g.bank_hotels},
        "decks": {name: [board.decks[d][c].id for c in g.decks[d]]
                  for d, name in enumerate(DECK_NAMES)},
        "dice": {"script": [list(t) for t in g.dice_script], "last": list(g.dice)},
        "engine": {"rng": rng.decode()},
    }
    if top.kind == "end_turn":
        data["awaiting"] = "end_turn"
    if g.rules.free_parking_jackpot:
        data["free_parking_pot"] = g.pot
    if g.rules.tax_man:
        data["tax_man"] = _square_ref(board, g.tax_man)
    if g.rules.first_to_go:
        data["go_passed"] = g.go_passed
    if g.contracts:
        data["agreements"] = _agreements_of(g)
    if g.agreements_made:
        data["agreements_made"] = g.agreements_made
    if g.rules.sudden_death:
        data["time_called"] = g.time_called
        if viewer is None or viewer == g.angel:
            data["angel_of_death"] = g.names[g.angel]
    if viewer is not None:
        for secret in ("engine", "decks"):
            del data[secret]
        data["dice"] = {"last": list(g.dice)}
    return data


def _square_ref(board: Board, sq: int) -> str | int:
    """A square's name where it is unique on the board, else its index (Chance, ...)."""
    name = board.squares[sq].name
    return name if sum(s.name == name for s in board.squares) == 1 else sq


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}"
                                for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} as TOML")


def _toml_key(key: str) -> str:
    return key if key.replace("_", "").isalnum() and key.isascii() else _toml_string(key)


def _toml_string(text: str) -> str:
    """A TOML basic string: JSON's escapes, except that characters beyond ASCII stand as
    themselves (JSON escapes those beyond the Basic Multilingual Plane as surrogate pairs,
    which TOML refuses) and DEL is escaped (JSON leaves it, TOML may not)."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def position_to_toml(data: dict[str, Any]) -> str:
    """Write a position in the layout of docs/positions.md."""
    lines = []
    for key in ("rules", "to_move", "awaiting", "round_starts", "doubles_this_turn", "turns",
                "rounds", "free_parking_pot",
                "tax_man", "go_passed", "agreements_made"):
        if key in data:
            lines.append(f"{key} = {_toml_value(data[key])}")
    for array in ("players", "agreements"):
        for entry in data.get(array, []):
            lines += ["", f"[[{array}]]"]
            lines += [f"{k} = {_toml_value(v)}" for k, v in entry.items()]
    for table in ("properties", "bank", "decks", "dice", "engine"):
        if table in data:
            lines += ["", f"[{table}]"]
            lines += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in data[table].items()]
    return "\n".join(lines) + "\n"

