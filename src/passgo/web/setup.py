"""What a new online game is made of, checked once when it is created.

A game is created in the lobby before its people are known: the rules, the starting cash and
one entry per seat (a person to come, or a built-in bot). The engine's `Game` is made only when
every person's seat has a name (`new_game`), from the setup and a seed drawn at creation, so
the stored setup plus the action log rebuild the game exactly.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from passgo.agents import AGENTS, PROTOCOL_PREFIX, make_agent
from passgo.core import MAX_PLAYERS, MIN_PLAYERS, DataError, Game, Rules, player_name_problem
from passgo.core.rules import PRESETS

PERSON = "person"
MAX_NAME = 24
MAX_CASH = 1_000_000
MAX_AWAY_SECONDS = 3600
# Bots a web request may name: the built-in ones; never an outside program.
WEB_BOTS = tuple(name for name in AGENTS if name != PROTOCOL_PREFIX.rstrip(":"))
# Rules options the browser game cannot play, with why: the lobby leaves them out, and a request
# that turns one on is refused (the page draws one ring of 40 squares; the variation without
# double_board is refused by the rules themselves).
WEB_REFUSED: dict[str, str] = {
    "double_board": "the browser draws one board of 40 squares: double_board is played in the "
                    "terminal (passgo play)",
    "double_board_local_cards": "a variation of double_board, which the browser cannot draw",
}


class SetupError(ValueError):
    """A game setup, seat or name that cannot be used; the message is one line."""


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything a game is created from besides the people's names."""

    rules: dict[str, Any]
    seats: tuple[str, ...]  # PERSON or a bot spec, per seat
    seed: int
    starting_cash: int | None = None  # None: the edition's own
    away_seconds: int = 0  # 0: a person's seat is never handed to a bot
    away_bot: str = "basic"

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> GameSetup:
        data = json.loads(text)
        data["seats"] = tuple(data["seats"])
        return cls(**data)

    def bot_name(self, seat: int) -> str:
        """The name a bot seat plays under: its spec and its seat, so names never clash."""
        return f"{self.seats[seat].split(':')[0].title()} {seat + 1}"


def bot_problem(spec: str) -> str | None:
    """Why `spec` is not a bot a web request may seat (None: it is). Never starts a program."""
    if spec.strip().startswith(PROTOCOL_PREFIX):
        return "outside programs (cmd:) cannot be seated from the web"
    if spec.split(":", 1)[0].strip() not in WEB_BOTS:
        return f"unknown bot {spec!r} (known: {', '.join(WEB_BOTS)})"
    try:
        make_agent(spec)
    except ValueError as exc:
        return str(exc)
    return None


def make_setup(preset: str, options: dict[str, Any], seats: list[str], seed: int,
               starting_cash: int | None, away_seconds: int, away_bot: str) -> GameSetup:
    """A checked setup; SetupError says what is wrong, in one line."""
    if preset not in PRESETS:
        raise SetupError(f"unknown rule set {preset!r} (known: {', '.join(PRESETS)})")
    try:
        rules = Rules.preset(preset).with_options(**options)
        rules.validate()
    except (DataError, TypeError) as exc:
        raise SetupError(str(exc)) from None
    off = Rules.classic()  # where each refused option is off
    for option, why in WEB_REFUSED.items():
        if getattr(rules, option) != getattr(off, option):
            raise SetupError(why)
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise SetupError(f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} seats")
    if PERSON not in seats:
        raise SetupError("a game needs at least one seat for a person")
    for i, kind in enumerate(seats):
        if kind != PERSON and (problem := bot_problem(kind)):
            raise SetupError(f"seat {i + 1}: {problem}")
    if starting_cash is not None and not 1 <= starting_cash <= MAX_CASH:
        raise SetupError(f"starting cash must be from 1 to {MAX_CASH}")
    if not 0 <= away_seconds <= MAX_AWAY_SECONDS:
        raise SetupError(f"the time before a bot stands in must be 0 to {MAX_AWAY_SECONDS} s")
    if problem := bot_problem(away_bot):
        raise SetupError(f"stand-in bot: {problem}")
    return GameSetup(rules.to_dict(), tuple(seats), seed, starting_cash, away_seconds,
                     away_bot)


def check_name(name: str) -> str:
    """A player's name, trimmed; SetupError when the engine refuses it (`player_name_problem`:
    empty, not printable) or it is too long for the page."""
    name = " ".join(name.split())
    problem = player_name_problem(name)
    if problem is not None:
        raise SetupError(problem)
    if len(name) > MAX_NAME:
        raise SetupError(f"a name has at most {MAX_NAME} characters")
    return name


def new_game(setup: GameSetup, names: list[str]) -> Game:
    """The game of a setup once every seat has a name. With the edition's starting cash the
    opening throws decide who starts; with other cash the game starts from a position in seat
    order (positions are how the engine takes a different starting state)."""
    rules = Rules.from_dict(setup.rules)
    if setup.starting_cash is None:
        return Game.new(names, rules, setup.seed)
    position = {
        "rules": setup.rules,
        "players": [{"name": n, "cash": setup.starting_cash} for n in names],
    }
    return Game.from_position(position, seed=setup.seed)
