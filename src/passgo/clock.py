"""The wall clock of a game that ends by time, for the terminal game (`passgo play --time`).

000's Time Limit Game ends at "a definite hour of termination", and 004's Sudden death lets
the Angel of Death end the game "once the game has been played for two hours". Hours are read
from a clock, and a clock is input: the rules core never reads one. This module keeps the
time agreed (`Rules.clock_minutes`) against the time played and says when it is up; the
session then applies the core's `CallTime`, which is recorded and replayed like any action.

The clock counts only while the game is open: a saved game keeps the seconds played and a
resumed one counts on from there (a game left overnight does not end in the night).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from passgo.core import Rules

# Sudden death without an agreed clock: "once the game has been played for two hours".
SUDDEN_DEATH_MINUTES = 120

_DURATION = re.compile(r"^(?:(\d+)h)?(?:(\d+)m?)?$")


def parse_duration(text: str) -> int:
    """Minutes from "90m", "90", "2h" or "1h30m" (ValueError with the accepted forms)."""
    found = _DURATION.match(text.strip().lower())
    if not text.strip() or found is None or not any(found.groups()):
        raise ValueError(f"cannot read the time {text!r}: write minutes or hours, like 90m, "
                         "2h or 1h30m")
    hours, minutes = (int(x) if x else 0 for x in found.groups())
    total = hours * 60 + minutes
    if total < 1:
        raise ValueError("the time must be at least one minute")
    return total


def agreed_minutes(rules: Rules) -> int:
    """The minutes a clock runs for these rules: the agreed `clock_minutes`, else the two
    hours of sudden death; 0 when the game does not end by the clock."""
    if rules.clock_minutes:
        return rules.clock_minutes
    return SUDDEN_DEATH_MINUTES if rules.sudden_death else 0


def describe(seconds: float) -> str:
    """Time left in words for a status line: "1:29:05 left", "4:10 left"."""
    whole = max(0, int(seconds + 0.999))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
    return f"{text} left"


class GameClock:
    """Time agreed against time played; `now` is the monotonic clock (a test passes its own)."""

    def __init__(self, minutes: int, played: float = 0.0,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.limit = minutes * 60.0
        self._before = played  # seconds played in earlier sittings
        self._now = now
        self._since = now()

    @property
    def played(self) -> float:
        """Seconds played so far, this sitting included."""
        return self._before + self._now() - self._since

    def left(self) -> float:
        return max(0.0, self.limit - self.played)

    def expired(self) -> bool:
        return self.played >= self.limit
