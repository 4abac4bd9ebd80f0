"""What a review reads: a saved game's history and who sat in each seat.

Two kinds of file hold a finished or running game: the terminal game's save (`passgo play`,
`passgo.session`: the game wrapped with its seats) and a bare saved game (`Game.to_json`,
as the browser's store and the simulations write it, with no seats: every seat counts as a
person's). Either is read here, or refused in one line (`ReviewError`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from passgo.core import Game, SaveFileError
from passgo.core.textdata import load_json
from passgo.session import HUMAN, SAVE_KIND, SessionError, read_save_file


class ReviewError(Exception):
    """A file or option a review cannot use; the message is one line."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game's save data (`Game.to_dict`) and, per seat, whether a person played it."""

    data: dict[str, Any]
    names: tuple[str, ...]
    people: tuple[bool, ...]


def read_save(path: Path) -> SavedGame:
    """The saved game at `path`, checked by replaying its history (`ReviewError` in one line
    when the file is missing, damaged or no saved game)."""
    try:
        raw = read_save_file(path)
    except SessionError as exc:
        raise ReviewError(str(exc)) from None
    data, problem = load_json(raw)
    if problem:
        raise ReviewError(f"{path}: not a saved game (it is {problem})")
    return saved_game(str(path), data)


def saved_game(where: str, data: Any) -> SavedGame:
    """A saved game from its JSON data, a terminal save or a bare `Game.to_dict`."""
    seats: Any = None
    if isinstance(data, dict) and data.get("kind") == SAVE_KIND:
        seats = data.get("seats")
        data = data.get("game")
    if not isinstance(data, dict) or "history" not in data:
        raise ReviewError(f"{where} is not a passgo saved game")
    try:
        names = tuple(Game.from_dict(data).names)  # replays and checks the whole history
    except SaveFileError as exc:
        raise ReviewError(f"{where}: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise ReviewError(f"{where}: saved game is damaged ({exc})") from None
    people = tuple(True for _ in names)
    if seats is not None:
        if not (isinstance(seats, list) and len(seats) == len(names)
                and all(isinstance(s, list) and len(s) == 2 for s in seats)):
            raise ReviewError(f"{where}: saved game is damaged (its seats are not the game's "
                              "players)")
        people = tuple(s[1] == HUMAN for s in seats)
    return SavedGame(data, names, people)

