"""`passgo tournament`: matches among bots (built-in, profiles, protocol bots) and ratings.

`run_tournament` plays the schedule (`schedule.py`), in parallel processes if asked, and
returns the games in schedule order, so the ratings (`ratings.py`) do not depend on which
process finished first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import Pool

from passgo.core import Rules
from passgo.tournament.match import GameResult, play_match
from passgo.tournament.schedule import schedule


@dataclass(frozen=True, slots=True)
class Settings:
    players: int = 2
    mode: str = "round-robin"
    repeat: int = 5
    max_rounds: int = 1000
    seed: int = 0
    jobs: int = 1
    time_limit: float | None = None
    rules: Rules | None = None


def _play(job: tuple[Sequence[str], tuple[int, ...], int, Settings]) -> GameResult:
    specs, entries, deal, s = job
    return play_match([specs[e] for e in entries], s.seed * 1_000_003 + deal, entries=entries,
                      max_rounds=s.max_rounds, rules=s.rules, time_limit=s.time_limit)


def run_tournament(specs: Sequence[str], settings: Settings) -> list[GameResult]:
    """Every game of the schedule, in schedule order."""
    jobs = [(tuple(specs), entries, deal, settings)
            for deal, entries in schedule(len(specs), settings.players, settings.mode,
                                          settings.repeat)]
    if settings.jobs <= 1:
        return [_play(job) for job in jobs]
    with Pool(settings.jobs) as pool:
        return pool.map(_play, jobs, chunksize=max(1, len(jobs) // (settings.jobs * 8)))


__all__ = ["GameResult", "Settings", "play_match", "run_tournament", "schedule"]
