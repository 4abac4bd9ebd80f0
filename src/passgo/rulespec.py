"""Rules named on a command line: a preset name or the path of a TOML rules file."""

from __future__ import annotations

from pathlib import Path

from passgo.core import DataError, Rules
from passgo.core.rules import PRESETS
from passgo.core.textdata import MAX_CHARS

# One line on each preset, for `passgo rules list`, docs/rules.md and the browser's lobby.
PRESET_SUMMARIES = {
    "classic": "the classic Parker Brothers rules, the default",
    "hasbro2022": "the current Hasbro rule book (2022) on the 2008 board",
    "short-1": "Short Game with five changes (the classic rules): three free deeds, ends at the "
    "first bankruptcy",
    "short-2": "Short Game with three changes (the older classic printing): two paid deeds, ends "
    "at the second bankruptcy",
    "time-limit": "Time Limit Game (the classic rules): two paid deeds, richest after the agreed "
    "rounds wins",
}


def load_rules(spec: str) -> Rules:
    """`classic` (or another preset) or `./house.toml`; raises DataError with a clear message."""
    if spec in PRESETS:
        return Rules.preset(spec)
    path = Path(spec)
    if path.suffix == ".toml" or path.exists():
        try:
            if path.stat().st_size > MAX_CHARS:
                raise DataError(f"cannot read rules file {spec}: larger than any rules file")
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise DataError(f"cannot read rules file {spec}: {exc.strerror or exc}") from None
        except UnicodeDecodeError as exc:
            raise DataError(f"cannot read rules file {spec}: not UTF-8 text "
                            f"(byte {exc.start})") from None
        try:
            return Rules.from_toml(text)
        except DataError as exc:
            raise DataError(f"{spec}: {exc}") from None
    return Rules.preset(spec)
