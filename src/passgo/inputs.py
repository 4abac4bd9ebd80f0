"""What the person running a command hands it: the files it names (positions, rule sets) and
`CommandError`, the one-line report of a problem with them (exit status 2).

The commands (`passgo.cli`, `passgo.cli_*`) and the library code they run (simulation,
analysis, tournaments) read their input through here, so that every command reports the same
mistake in the same words; this module stands on the core alone and imports no command.
"""

from __future__ import annotations

from pathlib import Path

from passgo.core import DataError, Game, PositionError, Rules
from passgo.core.textdata import MAX_CHARS
from passgo.rulespec import load_rules


class CommandError(Exception):
    """A problem with the user's input, reported in one line with exit status 2."""


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


def load_position(path: str, seed: int = 0, *, max_rounds: int | None = None) -> Game:
    """A game from a position file, or a one-line error naming the file and the key;
    `max_rounds` is the game's safety stop (see `Game.from_position`)."""
    try:
        return Game.from_position(read_text(path), seed=seed, max_rounds=max_rounds)
    except (PositionError, DataError) as exc:
        raise CommandError(f"{path}: {exc}") from None


def rules_of(spec: str) -> Rules:
    """The rules a preset name or a rules file gives (`rulespec.load_rules`), or a one-line
    error."""
    try:
        return load_rules(spec)
    except DataError as exc:
        raise CommandError(str(exc)) from None
