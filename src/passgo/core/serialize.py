"""Saving and loading games as JSON, replaying histories, and per-player views.

A save holds the engine version, the rules, the seed and setup, the full state (PRNG state and
deck order included) and the history of actions. Loading checks the format and version, rebuilds
the state, and (by default) replays the history from the seed and refuses the file if the
replay does not reach the identical state: a save cannot silently be wrong.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from passgo.core.actions import Action
from passgo.core.errors import DataError, IllegalActionError, SaveFileError
from passgo.core.frames import frame_from_dict
from passgo.core.rules import Rules
from passgo.core.version import ENGINE_VERSION, SAVE_FORMAT_VERSION

if TYPE_CHECKING:
    from passgo.core.game import Game

FORMAT = "passgo-game"

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


def state_dict(g: Game) -> dict[str, Any]:
    """The whole state as plain JSON-able data (the PRNG state included)."""
    version, internal, gauss = g.rng.getstate()
    data: dict[str, Any] = {name: list(getattr(g, name)) for name in _LIST_FIELDS}
    data.update({name: getattr(g, name) for name in _INT_FIELDS})
    data["cards"] = [[list(c) for c in held] for held in g.cards]
    data["decks"] = [list(d) for d in g.decks]
    data["frames"] = [f.to_dict() for f in g.frames]
    data["claims"] = [list(c) for c in g.claims]
    data["dice"] = list(g.dice)
    data["dice_script"] = [list(d) for d in g.dice_script]
    data["rng"] = [version, list(internal), gauss]
    data["over"] = g.over
    data["winner"] = g.winner
    data["end_reason"] = g.end_reason
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


def new_from_setup(names: list[str], rules: Rules, seed: int, setup: dict[str, Any]) -> Game:
    from passgo.core.game import Game
    from passgo.core.position import game_from_position

    if "position" in setup:
        g = game_from_position(setup["position"], seed)
        g.max_turns = g.setup["max_turns"] = setup.get("max_turns")
        g.max_rounds = g.setup["max_rounds"] = setup.get("max_rounds")
        return g
    return Game.new(
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


def replay(names: list[str], rules: Rules, seed: int, setup: dict[str, Any],
           history: list[str]) -> Game:
    """Play a history again from the start; every action is checked on the way."""
    g = new_from_setup(names, rules, seed, setup)
    for i, line in enumerate(history):
        try:
            g.apply(_parse_line(i, line))
        except IllegalActionError as exc:
            raise SaveFileError(f"history line {i + 1} ({line!r}) does not replay: {exc}") from None
    return g


def game_from_dict(data: dict[str, Any], verify: bool = True) -> Game:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError("not a passgo saved game")
    if data.get("version") != SAVE_FORMAT_VERSION:
        raise SaveFileError(
            f"saved game format {data.get('version')!r}; this engine reads {SAVE_FORMAT_VERSION}"
        )
    try:
        rules = Rules.from_dict(data["rules"])
        names = [str(n) for n in data["players"]]
        seed = data["seed"]
        setup = dict(data["setup"])
        history = [str(h) for h in data["history"]]
        g = new_from_setup(names, rules, seed, setup)
        _load_state(g, data["state"])
        g.history = [_parse_line(i, line) for i, line in enumerate(history)]
    except SaveFileError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, DataError) as exc:
        raise SaveFileError(f"saved game is damaged: {type(exc).__name__}: {exc}") from None
    if verify:
        replayed = replay(names, rules, seed, setup, history)
        if state_dict(replayed) != state_dict(g):
            raise SaveFileError("saved state does not match its history: the file was altered")
    return g


def _load_state(g: Game, s: dict[str, Any]) -> None:
    n, nsq = g.n, len(g.board.squares)
    for name in _LIST_FIELDS:
        values = list(s[name])
        size = nsq if name in ("owner", "level", "mortgaged") else n
        if len(values) != size:
            raise SaveFileError(f"state field {name!r} has {len(values)} entries, not {size}")
        setattr(g, name, values)
    for name in _INT_FIELDS:
        value = s[name]
        if not isinstance(value, int):
            raise SaveFileError(f"state field {name!r} must be an integer")
        setattr(g, name, value)
    g.cards = [[(int(d), int(c)) for d, c in held] for held in s["cards"]]
    g.decks = [[int(c) for c in d] for d in s["decks"]]
    g.frames = [frame_from_dict(f) for f in s["frames"]]
    if not g.frames:
        raise SaveFileError("state has no pending decision")
    g.claims = [[int(x) for x in c] for c in s["claims"]]
    g.dice = (int(s["dice"][0]), int(s["dice"][1]))
    g.dice_script = [(int(a), int(b)) for a, b in s["dice_script"]]
    version, internal, gauss = s["rng"]
    g.rng.setstate((version, tuple(internal), gauss))
    g.over = bool(s["over"])
    g.winner = s["winner"]
    g.end_reason = str(s["end_reason"])
    g.events = []


def game_from_json(text: str, verify: bool = True) -> Game:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SaveFileError(f"saved game is not valid JSON: {exc}") from None
    return game_from_dict(data, verify=verify)


def player_view(g: Game, player: int) -> dict[str, Any]:
    """The public state plus the viewer's own facts; no deck order, PRNG or scripted dice."""
    s = state_dict(g)
    for secret in ("decks", "rng", "dice_script"):
        s.pop(secret)
    s["deck_sizes"] = [len(d) for d in g.decks]
    top = g.frames[-1]
    return {
        "viewer": player,
        "players": list(g.names),
        "rules": g.rules.to_dict(),
        "state": s,
        "pending": {"kind": top.kind, "player": top.player},
    }
