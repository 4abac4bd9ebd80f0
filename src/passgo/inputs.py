"""What the person running a command hands it: the files it names (positions, saved games, rule
sets), the numbers it passes, and `CommandError`, the one-line report of a problem with them
(exit status 2).

The commands (the `passgo.cli` package) and the library code they run (simulation,
analysis, tournaments) read their input through here, so that every command reports the same
mistake in the same words; this module stands on the core and `rulespec` and imports no
command.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from passgo.core import (
    DataError,
    EndTurn,
    EndTurnDecision,
    Game,
    PositionError,
    Rules,
    SaveFileError,
)
from passgo.core.position import position_to_toml
from passgo.core.serialize import FORMAT
from passgo.core.textdata import MAX_CHARS, load_json
from passgo.rulespec import load_rules


class CommandError(Exception):
    """A problem with the user's input, reported in one line with exit status 2."""


def finite_float(text: str) -> float:
    """A number of an option (argparse's `type`): no option means "nan" or "inf", which
    would pass every range check written as `value < 0` and then freeze or crash what runs."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"must be a finite number, not {text!r}")
    return value


def missing_extra(command: str, extra: str, exc: ImportError) -> CommandError:
    """The one-line error of a command run without the extra that brings its libraries."""
    return CommandError(f"passgo {command} needs the {extra} extra ({exc.name} is missing): "
                        f"pip install 'passgo[{extra}]'")


def read_text(path: str) -> str:
    """A text file's contents, or a one-line error naming it (missing, unreadable, or not
    UTF-8 text)."""
    try:
        if Path(path).stat().st_size > MAX_CHARS:
            raise CommandError(f"cannot read {path}: larger than a position, rules or save file")
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise CommandError(f"cannot read {path}: not UTF-8 text (byte {exc.start})") from None


def _game_of_save(path: str, data: Any) -> Game:
    if isinstance(data, dict) and "game" in data:  # a `passgo play` save wraps the game
        data = data["game"]
    try:
        return Game.from_dict(data)
    except SaveFileError as exc:
        raise CommandError(f"{path}: {exc}") from None


def _is_save(data: Any) -> bool:
    """A saved game: `Game.to_dict`'s data, or a `passgo play` save that wraps it (a
    position has neither key)."""
    return isinstance(data, dict) and ("game" in data or data.get("format") == FORMAT)


def load_saved_game(path: str) -> Game:
    """The game saved in `path` (by `passgo play` or `Game.to_json`), or a one-line error."""
    data, problem = load_json(read_text(path))
    if problem:
        raise CommandError(f"{path}: not a saved game (it is {problem})")
    return _game_of_save(path, data)


def position_at(path: str, game: Game, viewer: int | None = None) -> dict[str, Any]:
    """The position the saved `game` (read from `path`) is at, as `Game.position` exports it
    for `viewer`; when only the end of a turn is pending, the position after it ends (ending
    a turn involves no chance). A game at another decision gives a one-line error."""
    top = game.pending
    if isinstance(top, EndTurnDecision):
        game = game.copy()
        game.apply(EndTurn(top.player))
    try:
        return game.position(viewer)
    except PositionError as exc:
        raise CommandError(f"{path}: {exc}") from None


def position_text(path: str) -> str:
    """The text of the position in `path`: a position file (TOML or JSON) as it is, or for a
    saved game the position it is at, as `passgo position show` prints it."""
    text = read_text(path)
    if text.lstrip().startswith("{"):
        data, problem = load_json(text)
        if not problem and _is_save(data):
            return position_to_toml(position_at(path, _game_of_save(path, data)))
    return text


def load_position(path: str, seed: int = 0, *, max_rounds: int | None = None) -> Game:
    """A game from a position file or a saved game's position (`position_text`), or a
    one-line error naming the file and the key; `max_rounds` is the game's safety stop (see
    `Game.from_position`)."""
    try:
        return Game.from_position(position_text(path), seed=seed, max_rounds=max_rounds)
    except (PositionError, DataError) as exc:
        raise CommandError(f"{path}: {exc}") from None


def rules_of(spec: str) -> Rules:
    """The rules a preset name or a rules file gives (`rulespec.load_rules`), or a one-line
    error."""
    try:
        return load_rules(spec)
    except DataError as exc:
        raise CommandError(str(exc)) from None
