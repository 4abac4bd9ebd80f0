"""How fast bots move on screen: a delay before each bot move, and skipping ahead.

A person needs a moment to see what a bot did, so bots wait `delay` seconds before each move;
`faster`/`slower` step through comfortable delays, and skipping lets the bots play at once
until a person must decide (or, with no person left, to the end of the game).
"""

from __future__ import annotations

from dataclasses import dataclass

STEPS = (3.0, 2.0, 1.2, 0.8, 0.6, 0.4, 0.25, 0.1, 0.0)


@dataclass
class Pace:
    delay: float
    skipping: bool = False

    def faster(self) -> None:
        self.delay = next((d for d in STEPS if d < self.delay), 0.0)

    def slower(self) -> None:
        self.delay = next((d for d in reversed(STEPS) if d > self.delay), self.delay)

    @property
    def instant(self) -> bool:
        return self.skipping or self.delay == 0

    def describe(self) -> str:
        if self.skipping:
            return "skipping ahead"
        if self.delay == 0:
            return "bots move at once"
        return f"bots wait {self.delay:g} s per move"
