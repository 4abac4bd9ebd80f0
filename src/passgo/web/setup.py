"""What a new online game is made of, checked once when it is created.

A game is created in the lobby before its people are known: the rules, the starting cash and
one entry per seat (a person to come, or a built-in bot). The engine's `Game` is made only when
every person's seat has a name (`new_game`), from the setup and a seed drawn at creation, so
the stored setup plus the action log rebuild the game exactly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from passgo.agents import AGENTS, LEVELS, PLAY_STYLES, BotSpec, BuiltinSpec, parse_spec
from passgo.agents.spec import LEVEL_PREFIX, spec_from_json, to_json
from passgo.core import MAX_PLAYERS, MIN_PLAYERS, DataError, Game, Rules, player_name_problem
from passgo.core.rules import PRESETS

PERSON = "person"
MAX_NAME = 24
MAX_GAME_NAME = 40
MAX_CASH = 1_000_000
MAX_AWAY_SECONDS = 3600
# Bots a web request may seat, by name only: the built-in bots and profiles, never an outside
# program (cmd:) or a file (rl:), and no options (a search budget is the operator's:
# `passgo serve --bot-time-limit`).
WEB_BOTS = tuple(name for name in AGENTS if name not in ("cmd", "rl"))
# The lobby offers each bot once, as (the name a request seats it by, its title, what it plays
# like in words): the levels, weakest first, then the built-in bots no level is made from (a
# level stands for the bot it is made from: `level:club` for `strategic`, `level:expert` for
# `expert`, which the lobby would otherwise offer twice under two names).
_LEVEL_BASES = {spec.split(":", 1)[0] for _, spec, _ in LEVELS}
LOBBY_BOTS: tuple[tuple[str, str, str], ...] = (
    *((f"{LEVEL_PREFIX}{name}", name.capitalize(), what) for name, _, what in LEVELS),
    *((name, name.capitalize(), PLAY_STYLES[name]) for name in WEB_BOTS
      if not name.startswith(LEVEL_PREFIX) and name not in _LEVEL_BASES),
)


STAND_IN: BotSpec = BuiltinSpec("basic")  # the bot that plays for an away person unless chosen


class SetupError(ValueError):
    """A game setup, seat or name that cannot be used; the message is one line."""


def _seat_json(spec: BotSpec | None) -> Any:
    return PERSON if spec is None else to_json(spec)


def _seat_of(data: Any) -> BotSpec | None:
    """A stored seat: PERSON, a spec's stored form, or (games stored before) its text."""
    return None if data == PERSON else spec_from_json(data)


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything a game is created from besides the people's names."""

    rules: dict[str, Any]
    seats: tuple[BotSpec | None, ...]  # per seat: its bot, or None for a person
    seed: int
    starting_cash: int | None = None  # None: the edition's own
    away_seconds: int = 0  # 0: a person's seat is never handed to a bot
    away_bot: BotSpec = STAND_IN
    hints: bool = False  # a seat may ask for the expert's hint (games stored before: no)

    def to_json(self) -> str:
        return json.dumps({
            "rules": self.rules, "seats": [_seat_json(s) for s in self.seats],
            "seed": self.seed, "starting_cash": self.starting_cash,
            "away_seconds": self.away_seconds, "away_bot": to_json(self.away_bot),
            "hints": self.hints})

    @classmethod
    def from_json(cls, text: str) -> GameSetup:
        data = json.loads(text)
        data["seats"] = tuple(_seat_of(s) for s in data["seats"])
        data["away_bot"] = spec_from_json(data.get("away_bot", "basic"))
        return cls(**data)

    def bot_name(self, seat: int, spec: BotSpec | None = None) -> str:
        """The name a bot seat plays under: its bot and its seat, so names never clash."""
        bot = spec or self.seats[seat]
        word = bot.name if isinstance(bot, BuiltinSpec) else "bot"
        return f"{word.title()} {seat + 1}"


def web_bot(name: str) -> BuiltinSpec:
    """The built-in bot a web request names (SetupError otherwise, in one line). Never looks
    at the file system and never starts a program: anything but a name is refused before it
    is read as a spec."""
    word = name.strip()
    if word not in WEB_BOTS:
        if word.startswith(("cmd:", "rl:")):
            raise SetupError("outside programs (cmd:) and policy files (rl:) cannot be seated "
                             "from the web")
        if ":" in word and word.split(":", 1)[0].strip() in WEB_BOTS:
            raise SetupError("bots are chosen by name only (their search budget is the "
                             "server's: passgo serve --bot-time-limit)")
        raise SetupError(f"not a bot of this server (known: {', '.join(WEB_BOTS)})")
    spec = parse_spec(word)
    assert isinstance(spec, BuiltinSpec)
    return spec


def make_setup(preset: str, options: dict[str, Any], seats: list[str], seed: int,
               starting_cash: int | None, away_seconds: int, away_bot: str,
               hints: bool = False) -> GameSetup:
    """A checked setup from a request: `seats` holds PERSON or a built-in bot's name per
    seat. SetupError says what is wrong, in one line."""
    if preset not in PRESETS:
        raise SetupError(f"unknown rule set {preset!r} (known: {', '.join(PRESETS)})")
    if starting_cash is not None:
        if not 1 <= starting_cash <= MAX_CASH:
            raise SetupError(f"starting cash must be from 1 to {MAX_CASH}")
        options = {**options, "starting_cash": starting_cash}  # (the API's older field)
    try:
        rules = Rules.preset(preset).with_options(**options)
        rules.validate()
    except (DataError, TypeError) as exc:
        raise SetupError(str(exc)) from None
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise SetupError(f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} seats")
    if PERSON not in seats:
        raise SetupError("a game needs at least one seat for a person")
    specs: list[BotSpec | None] = []
    for i, kind in enumerate(seats):
        try:
            specs.append(None if kind == PERSON else web_bot(kind))
        except SetupError as exc:
            raise SetupError(f"seat {i + 1}: {exc}") from None
    if not 0 <= away_seconds <= MAX_AWAY_SECONDS:
        raise SetupError(f"the time before a bot stands in must be 0 to {MAX_AWAY_SECONDS} s")
    try:
        stand_in = web_bot(away_bot)
    except SetupError as exc:
        raise SetupError(f"stand-in bot: {exc}") from None
    return GameSetup(rules.to_dict(), tuple(specs), seed, starting_cash, away_seconds,
                     stand_in, hints)


def check_game_name(name: str) -> str:
    """A game's name for the lobby, trimmed (may be empty); SetupError if it cannot be
    shown."""
    name = " ".join(name.split())
    if not name.isprintable():
        raise SetupError("a game's name must be printable text")
    if len(name) > MAX_GAME_NAME:
        raise SetupError(f"a game's name has at most {MAX_GAME_NAME} characters")
    return name


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
    """The game of a setup once every seat has a name: the opening throws decide who starts,
    and the rule set's start (deeds dealt in a short game, an initial auction) is played,
    whatever the starting cash (`Rules.starting_cash`)."""
    rules = Rules.from_dict(setup.rules)
    if setup.starting_cash is not None:  # a setup stored before the cash was a rules option
        rules = rules.with_options(starting_cash=setup.starting_cash)
    return Game.new(names, rules, setup.seed)
