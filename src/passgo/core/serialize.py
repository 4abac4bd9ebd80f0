"""Saving and loading games as JSON, replaying histories, and per-player views.

A save holds the engine version, the rules, the seed and setup, the full state (PRNG state and
deck order included) and the history of actions. Loading checks the format and version, rebuilds
the state, and (by default) replays the history from the seed and refuses the file if the
replay does not reach the identical state: a save cannot silently be wrong.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

from passgo.core.actions import Action
from passgo.core.errors import DataError, SaveFileError
from passgo.core.events import Event
from passgo.core.frames import frame_from_dict
from passgo.core.history import History
from passgo.core.position import MAX_SCRIPTED_THROWS, game_from_position
from passgo.core.rules import Rules
from passgo.core.state import IMMUNITY, LOAN_TERM, PARTNER, SHARE, GameState
from passgo.core.textdata import load_json
from passgo.core.version import ENGINE_VERSION, SAVE_FORMAT_VERSION

if TYPE_CHECKING:
    from passgo.core.game import Game

FORMAT: Final = "passgo-game"

_LIST_FIELDS = ("cash", "pos", "jailed", "jail_turns", "alive", "owner", "level", "mortgaged")
_INT_FIELDS = (
    "bank_houses",
    "bank_hotels",
    "current",
    "doubles",
    "bank_flow",
    "turns",
    "rounds",
)


def state_dict(g: GameState) -> dict[str, Any]:
    """The whole state as plain JSON-able data, secrets (deck order, PRNG state, scripted
    dice) included: what a save holds and what replays are compared by."""
    data: dict[str, Any] = {name: list(getattr(g, name)) for name in _LIST_FIELDS}
    data.update({name: getattr(g, name) for name in _INT_FIELDS})
    data["cards"] = [[list(c) for c in held] for held in g.cards]
    data["decks"] = [list(d) for d in g.decks]
    data["frames"] = [f.to_dict() for f in g.frames]
    data["claims"] = [list(c) for c in g.claims]
    data["dice"] = list(g.dice)
    data["dice_script"] = [list(d) for d in g.dice_script]
    version, internal, gauss = g.rng.getstate()
    data["rng"] = [version, list(internal), gauss]
    data["over"] = g.over
    data["winner"] = g.winner
    data["end_reason"] = g.end_reason
    # House rules (004): the Free Parking pot, the tax man's square, whether anyone has passed
    # GO (first to go), Bank loans.
    data["pot"] = g.pot
    data["tax_man"] = g.tax_man
    data["go_passed"] = g.go_passed
    data["loans"] = list(g.loans)
    data["loans_repayable"] = list(g.loans_repayable)
    # Terms of trades (rent immunity, loans between players), once any has been agreed (a
    # game without them saves as before they existed).
    if g.agreements_made:
        data["agreements"] = [list(t) for t in g.contracts]
        data["agreements_made"] = g.agreements_made
    # The order of play won in an order auction (empty: the seating order).
    data["order"] = list(g.order)
    # The streets carrying a building bought at a shortage auction, with the price paid for
    # each of their houses' worth (`GameState.paid`); saved only when there are any.
    if g.paid:
        data["paid"] = [[sq, list(prices)] for sq, prices in sorted(g.paid.items())]
    # Only under their rules (the classic state, and its golden hashes, stay as they were):
    # sudden death's call and Angel of Death, two tokens' resting squares.
    if g.rules.sudden_death:
        data["time_called"] = g.time_called
        data["angel"] = g.angel
    if g.rules.two_tokens:
        data["resting"] = list(g.resting)
    return data


def game_to_dict(g: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": SAVE_FORMAT_VERSION,
        "engine": ENGINE_VERSION,
        "rules": g.rules.to_dict(),
        "players": list(g.names),
        "seed": g.seed,
        "setup": dict(g.setup),
        "history": [f"{a.player}:{a.text()}" for a in g.history],
        "state": state_dict(g),
    }


def game_to_json(g: Game) -> str:
    return json.dumps(game_to_dict(g), separators=(",", ":"))


def new_from_setup(cls: type[Game], names: list[str], rules: Rules, seed: int,
                   setup: dict[str, Any]) -> Game:
    if "position" in setup:
        g = game_from_position(cls, setup["position"], seed)
        g.max_turns = g.setup["max_turns"] = setup.get("max_turns")
        g.max_rounds = g.setup["max_rounds"] = setup.get("max_rounds")
        return g
    return cls.new(
        names,
        rules,
        seed,
        order=setup.get("order", "roll"),
        dice=[tuple(d) for d in setup.get("dice", [])],
        max_turns=setup.get("max_turns"),
        max_rounds=setup.get("max_rounds"),
    )


def _parse_line(i: int, line: str) -> Action:
    who, _, text = line.partition(":")
    try:
        return Action.parse(text, int(who))
    except ValueError as exc:
        raise SaveFileError(f"history line {i + 1} ({line!r}) is not an action: {exc}") from None


def parse_history(history: list[str]) -> list[Action]:
    """The actions of a save's history lines, each distinct line read once: a long game says
    "0:roll" and "0:end" thousands of times, and actions are immutable values that may be
    shared (a game's copies share theirs already)."""
    read: dict[str, Action] = {}
    out = []
    for i, line in enumerate(history):
        action = read.get(line)
        if action is None:
            action = read[line] = _parse_line(i, line)
        out.append(action)
    return out


def _steps(g: Game, history: list[str], actions: list[Action]
           ) -> Iterator[tuple[Action, list[Event]]]:
    """Apply a saved history (its lines and their actions) to `g`, every action checked,
    yielding each with its events."""
    problem, carry_out = g._problem, g.apply_unchecked  # (`apply_parsed`, as `replay` does)
    for i, action in enumerate(actions):
        why = problem(action, False)
        if why is not None:
            raise _not_replayed(history, i, why)
        yield action, carry_out(action)


def _not_replayed(history: list[str], i: int, why: str) -> SaveFileError:
    return SaveFileError(f"history line {i + 1} ({history[i]!r}) does not replay: {why}")


def replay(cls: type[Game], names: list[str], rules: Rules, seed: int, setup: dict[str, Any],
           history: list[str], actions: list[Action] | None = None) -> Game:
    """Play a history again from the start; every action is checked on the way (`actions`:
    the lines' actions when they have been read already)."""
    g = new_from_setup(cls, names, rules, seed, setup)
    # `_steps` without its generator, in one loop: a long save replays tens of thousands of
    # actions, each checked as `apply_parsed` checks it.
    problem, carry_out = g._problem, g.apply_unchecked
    for i, action in enumerate(parse_history(history) if actions is None else actions):
        why = problem(action, False)
        if why is not None:
            raise _not_replayed(history, i, why)
        carry_out(action)
    return g


def _header(data: Any) -> tuple[Rules, list[str], int, dict[str, Any], list[str]]:
    """A save's rules, players, seed, setup and history lines, checked field by field."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError("not a passgo saved game")
    try:
        rules = Rules.from_dict(_field(data, "rules", dict, "a table of rules options"))
    except DataError as exc:
        raise SaveFileError(f"saved game is damaged: {exc}") from None
    names = _list_of(data, "players", str, "a list of player names")
    seed = _field(data, "seed", int, "an integer")
    setup = dict(_field(data, "setup", dict, "a table"))
    history = _list_of(data, "history", str, "a list of action lines")
    return rules, names, seed, setup, history


def _damage(exc: Exception) -> SaveFileError:
    return SaveFileError(f"saved game is damaged: {type(exc).__name__}: {exc}")


_DAMAGE = (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError, DataError)


def replay_steps(cls: type[Game], data: dict[str, Any]
                 ) -> Iterator[tuple[Game, Action | None, list[Event]]]:
    """Replay a save's history from its start, every action checked: first (game, None, the
    setup's events), then (game, action, its events) for each action in turn."""
    rules, names, seed, setup, history = _header(data)
    try:
        g = new_from_setup(cls, names, rules, seed, setup)
    except SaveFileError:
        raise
    except _DAMAGE as exc:
        raise _damage(exc) from None
    yield g, None, g.events
    for action, events in _steps(g, history, parse_history(history)):
        yield g, action, events


def game_from_dict(cls: type[Game], data: Any, verify: bool = True) -> Game:
    rules, names, seed, setup, history = _header(data)
    if data.get("version") != SAVE_FORMAT_VERSION:
        raise SaveFileError(
            f"saved game format {data.get('version')!r}; this engine reads {SAVE_FORMAT_VERSION}"
        )
    try:
        g = new_from_setup(cls, names, rules, seed, setup)
        _load_state(g, _field(data, "state", dict, "a table"))
        if "first" in setup:
            # Who plays first can be settled during the game (`Rules.order_auction`); the
            # round count goes by it.
            first = _field(setup, "first", int, "a seat", "setup")
            if not 0 <= first < g.n:
                raise SaveFileError(f"setup field 'first' must be a seat, not {first}")
            g.setup["first"] = first
        actions = parse_history(history)
        g.history = History(actions)
    except SaveFileError:
        raise
    except _DAMAGE as exc:
        raise _damage(exc) from None
    if verify:
        replayed = replay(cls, names, rules, seed, setup, history, actions)
        if "paid" not in data["state"]:
            # A save from before the prices paid were kept: its history says what they were.
            g.paid = replayed.paid
        if (state_dict(replayed) != state_dict(g)
                or replayed.setup.get("first") != g.setup.get("first")):
            raise SaveFileError("saved state does not match its history: the file was altered")
    return g


def _field(data: dict[str, Any], key: str, kind: type, what: str,
           where: str = "saved game") -> Any:
    """`data[key]`, refused with a message naming it when missing or not of type `kind`."""
    if key not in data:
        raise SaveFileError(f"{where} has no field {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise SaveFileError(f"{where} field {key!r} must be {what}, not {value!r:.40}")
    return value


def _list_of(data: dict[str, Any], key: str, kind: type, what: str,
             where: str = "saved game") -> list[Any]:
    """`data[key]` as a list whose items are all exactly of type `kind` (a bool is no int)."""
    values: list[Any] = _field(data, key, list, what, where)
    if any(type(v) is not kind for v in values):
        raise SaveFileError(f"{where} field {key!r} must be {what}, not {values!r:.40}")
    return values


def _parsed(s: dict[str, Any], key: str, parse: Any) -> Any:
    """`parse(s[key])`, refused with a message naming the field when it cannot be read."""
    if key not in s:
        raise SaveFileError(f"state has no field {key!r}")
    try:
        return parse(s[key])
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as exc:
        raise SaveFileError(
            f"state field {key!r} is damaged: {type(exc).__name__}: {exc}") from None


_BOOL_LISTS = ("jailed", "alive", "mortgaged")


def _load_state(g: Game, s: dict[str, Any]) -> None:
    n, nsq = g.n, len(g.board.squares)
    for name in _LIST_FIELDS:
        kind, what = (bool, "a list of true/false") if name in _BOOL_LISTS else (
            int, "a list of integers")
        values = list(_list_of(s, name, kind, what, "state"))
        size = nsq if name in ("owner", "level", "mortgaged") else n
        if len(values) != size:
            raise SaveFileError(f"state field {name!r} has {len(values)} entries, not {size}")
        setattr(g, name, values)
    for name in _INT_FIELDS:
        setattr(g, name, _field(s, name, int, "an integer", "state"))
    g.cards = _parsed(s, "cards", lambda v: [[(int(d), int(c)) for d, c in held] for held in v])
    g.decks = _parsed(s, "decks", lambda v: [[int(c) for c in d] for d in v])
    g.frames = _parsed(s, "frames", lambda v: [frame_from_dict(f) for f in v])
    if not g.frames:
        raise SaveFileError("state has no pending decision")
    g.claims = _parsed(s, "claims", lambda v: [[int(x) for x in c] for c in v])
    g.dice = _parsed(s, "dice", lambda v: (int(v[0]), int(v[1])))
    g.dice_script = _parsed(s, "dice_script", lambda v: [(int(a), int(b)) for a, b in v])
    if len(g.dice_script) > MAX_SCRIPTED_THROWS:
        raise SaveFileError(f"state field 'dice_script' holds more than {MAX_SCRIPTED_THROWS} "
                            f"throws")
    version, internal, gauss = _parsed(s, "rng", lambda v: (v[0], tuple(v[1]), v[2]))
    _parsed(s, "rng", lambda v: g.rng.setstate((version, internal, gauss)))
    g.over = _field(s, "over", bool, "true or false", "state")
    if "winner" not in s:
        raise SaveFileError("state has no field 'winner'")
    winner = s["winner"]
    if winner is not None and (type(winner) is not int or not 0 <= winner < n):
        raise SaveFileError(f"state field 'winner' must be a seat or null, not {winner!r:.40}")
    g.winner = winner
    g.end_reason = _field(s, "end_reason", str, "a text", "state")
    _load_house_state(g, s)
    order = [int(x) for x in s.get("order", [])]
    if order and sorted(order) != list(range(n)):
        raise SaveFileError("state field 'order' must list every seat once")
    g.order = order
    g.paid = _paid(g, s.get("paid", []))
    g.events = []


def _paid(g: Game, raw: Any) -> dict[int, list[int]]:
    """The state's `paid` field: [square, prices paid] for each street that keeps them."""
    paid: dict[int, list[int]] = {}
    if not isinstance(raw, list):
        raise SaveFileError("state field 'paid' must be a list of [square, prices] pairs")
    seen: set[int] = set()
    for entry in raw:
        if (not isinstance(entry, list) or len(entry) != 2 or type(entry[0]) is not int
                or not 0 <= entry[0] < len(g.board.squares) or entry[0] in seen):
            raise SaveFileError("state field 'paid' must pair each street once with its prices")
        sq, prices = entry
        seen.add(sq)
        problem = g.paid_problem(sq, prices)
        if problem:
            raise SaveFileError(f"state field 'paid': {problem}")
        if any(p != g.board.squares[sq].house_cost for p in prices):  # else the normal price
            paid[sq] = list(prices)
    return paid


def _load_house_state(g: Game, s: dict[str, Any]) -> None:
    """The house-rule fields; saves written before they existed lack them (all inert)."""
    for name in ("pot", "tax_man"):
        value = s.get(name, 0)
        if not isinstance(value, int) or value < 0:
            raise SaveFileError(f"state field {name!r} must be a whole number")
        setattr(g, name, value)
    g.go_passed = bool(s.get("go_passed", False))
    resting = [int(x) for x in s.get("resting", [0] * g.n)]
    if len(resting) != g.n or not all(0 <= x < len(g.board.squares) for x in resting):
        raise SaveFileError("state field 'resting' must hold a square for every seat")
    g.resting = resting
    g.time_called = bool(s.get("time_called", False))
    angel = s.get("angel", -1)
    if type(angel) is not int or not -1 <= angel < g.n:
        raise SaveFileError(f"state field 'angel' must be a seat or -1, not {angel!r:.40}")
    g.angel = angel
    for name in ("loans", "loans_repayable"):
        values = [int(x) for x in s.get(name, [0] * g.n)]
        if len(values) != g.n:
            raise SaveFileError(f"state field {name!r} has {len(values)} entries, not {g.n}")
        setattr(g, name, values)
    g.contracts = [[int(x) for x in t] for t in s.get("agreements", [])]
    made = s.get("agreements_made", 0)
    if type(made) is not int or made < 0:
        raise SaveFileError("state field 'agreements_made' must be a whole number")
    g.agreements_made = made
    groups = len(g.board.groups)
    if any(len(t) < 7 or t[0] not in (IMMUNITY, LOAN_TERM, SHARE, PARTNER)
           or (t[0] == PARTNER and not 0 <= t[4] < groups) or not 0 <= t[1] < made
           for t in g.contracts):
        raise SaveFileError("state field 'agreements' is damaged")


def game_from_json(cls: type[Game], text: str, verify: bool = True) -> Game:
    data, problem = load_json(text)
    if problem:
        raise SaveFileError(f"saved game is {problem}")
    return game_from_dict(cls, data, verify=verify)
