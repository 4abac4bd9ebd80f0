"""What a simulation job is: everything a worker needs to play its share, as one small value.

A job is frozen and picklable (bot names, rules, position text, caps, master seed). It crosses
a process or cluster boundary once per task together with a range of indices, and each worker
rebuilds games and bots from it, so no game state ever has to be shipped between processes.
"""

from __future__ import annotations

from dataclasses import dataclass

from passgo.core import Rules


@dataclass(frozen=True, slots=True)
class GameJob:
    """Games of bots. Entry j of `bots` is "player j+1" of the reports, whatever seat it has."""

    bots: tuple[str, ...]
    rules: Rules
    seed: int = 0
    max_rounds: int = 1000
    rotate: bool = True
    # Text of a position every game starts from; its own rules then apply, not `rules`.
    position: str | None = None

    @property
    def players(self) -> int:
        return len(self.bots)

    def rotation(self, index: int) -> int:
        """Game `index` seats entry j in seat (j + rotation) mod n, so that over any n
        consecutive games every entry sits in every seat once (seat order is turn order)."""
        return index % len(self.bots) if self.rotate else 0

    def seat_names(self) -> tuple[str, ...] | None:
        """The position's player names when every entry keeps its seat there (no rotation):
        the reports then speak of the players by name. None otherwise."""
        if self.position is None or self.rotate:
            return None
        from passgo.core import Game

        return tuple(Game.from_position(self.position).names)

    def entries_by_seat(self, index: int) -> list[int]:
        """Which entry sits in each seat of game `index`."""
        n, r = len(self.bots), self.rotation(index)
        return [(seat - r) % n for seat in range(n)]


@dataclass(frozen=True, slots=True)
class LandingJob:
    """One long token run: `rolls` throws, cut into chunks of `chunk` throws for the workers.

    The cut depends on the job alone, never on the number of workers, so the counts are the
    same whoever plays which chunk. Each chunk is a fresh game seeded by its index; its tokens
    start on GO, a start that is forgotten within a few dozen throws of the chunk's thousands."""

    rules: Rules
    rolls: int
    jail: str = "short"
    seed: int = 0
    chunk: int = 50_000
    card: str = "return"

    def chunks(self) -> list[tuple[int, int]]:
        """(chunk index, throws in it) for the whole run."""
        full, rest = divmod(self.rolls, self.chunk)
        sizes = [self.chunk] * full + ([rest] if rest else [])
        return list(enumerate(sizes))
