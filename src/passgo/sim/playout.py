"""Playing the games of a job: the function every worker (process or Ray task) runs.

Game `index` of a job is fully determined by the job and the index: its seed, its seating
and its bots' seeds all derive from the master seed, so it plays out identically wherever and
whenever it is played. Actions are checked (`Game.apply`): bots may be outside programs, and
an illegal action must stop the run with a message rather than corrupt the statistics.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Final

from passgo.agents import make_agent, play
from passgo.agents.base import Agent
from passgo.agents.play import Observer, close_agents, incidents
from passgo.core import Action, Event, Game, IllegalActionError
from passgo.sim.jobs import GameJob
from passgo.sim.records import GameRecord, GameRecorder
from passgo.sim.seeds import derive_seed

# Objects the youngest generation of the garbage collector holds before it is walked, while a
# task of games runs (Python's default is 700).
YOUNG_THRESHOLD: Final = 20_000


class SimulationError(Exception):
    """A game could not be played (a bot answered with an illegal action)."""


def new_game(job: GameJob, index: int) -> Game:
    """Game `index` of the job before its first action, seats filled by `entries_by_seat`."""
    seed = derive_seed(job.seed, "game", index)
    if job.position is not None:
        return Game.from_position(job.position, seed, max_rounds=job.max_rounds)
    names = [f"P{entry + 1}" for entry in job.entries_by_seat(index)]
    return Game.new(names, job.rules, seed, max_rounds=job.max_rounds)


def seat_agents(job: GameJob, index: int) -> list[Agent]:
    """The bots of game `index` in seat order; a bot's seed follows its entry, not its seat."""
    return [
        make_agent(job.bots[entry], derive_seed(job.seed, "bot", index, entry))
        for entry in job.entries_by_seat(index)
    ]


def play_game(job: GameJob, index: int,
              watch: Callable[[Game], Observer] | None = None) -> GameRecord:
    """Game `index` of the job played out; `watch` makes another observer of the game (the
    dataset's rows) that sees every action after the record's own."""
    game = new_game(job, index)
    recorder = GameRecorder(game, job.entries_by_seat(index))
    observe: Observer = recorder
    if watch is not None:
        other = watch(game)

        def both(action: Action, events: list[Event]) -> None:
            recorder(action, events)
            other(action, events)

        observe = both
    agents = seat_agents(job, index)
    try:
        play(game, agents, observe=observe)
    except IllegalActionError as exc:
        raise SimulationError(f"game {index}: a bot made an illegal move: {exc}") from None
    finally:
        close_agents(agents)
    # Protocol bots never stop a game: what went wrong (crashes, garbage, illegal answers,
    # time-outs) is reported with the statistics rather than hidden behind them.
    return recorder.record(index, incidents(agents))


def play_games(jobs: Sequence[GameJob], which: int, start: int, stop: int) -> list[GameRecord]:
    """Games start..stop-1 of `jobs[which]`: one task for a worker. All the jobs of a run
    travel together (two for a paired comparison), so one backend call serves them all."""
    with collected_less_often():
        return [play_game(jobs[which], index) for index in range(start, stop)]


@contextmanager
def collected_less_often() -> Iterator[None]:
    """The youngest generation of the garbage collector walked after `YOUNG_THRESHOLD` new
    objects instead of 700, until the block ends. A game keeps thousands of the objects it
    makes to its end (its history, the bots' caches of boards and holdings), so at the default
    the collector walks the same survivors again and again: 5 to 10 % of a game of strategic
    bots. Nothing is left uncollected, only collected in larger batches; the threshold the
    process had is put back (a run in the command's own process leaves it as it was). The
    threshold is the process's: tasks run one after another in a process (the backends' way),
    never in threads that could interleave their blocks."""
    before = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
