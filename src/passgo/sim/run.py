"""Running a simulation: jobs cut into tasks, tasks sent to a backend, results tallied.

Games are cut into chunks of consecutive indices (the cut depends on the number of games
alone); a paired comparison sends the same chunks for both rule sets, interleaved, so both
progress together. The report's `setup` describes what was simulated (never how: workers and
backend are left out), so that the same job gives a byte-identical JSON report on any
backend with any number of workers.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from passgo.agents import make_agent, split_specs
from passgo.core import Game, Rules
from passgo.core.board import load_edition
from passgo.inputs import CommandError
from passgo.sim.backends import BackendError, run_tasks
from passgo.sim.jobs import GameJob, LandingJob
from passgo.sim.landing import run_chunk
from passgo.sim.playout import SimulationError, new_game, play_games
from passgo.sim.progress import progress_bar
from passgo.sim.summary import GameTally, compare_report, landing_report

if TYPE_CHECKING:
    from passgo.sim.dataset import DatasetTarget

# Games per task: enough to make the cost of shipping a task small, few enough to keep the
# workers evenly busy and the progress bar moving.
MAX_CHUNK = 25


def parse_bots(spec: str) -> tuple[str, ...]:
    """ "strategic:reserve=300,jail=stay,basic" -> the bot specs (options stay with their
    bot), each checked by creating it."""
    bots = tuple(split_specs(spec))
    if not 2 <= len(bots) <= 8:
        raise CommandError("--players needs 2 to 8 bots")
    for bot in dict.fromkeys(bots):
        try:
            make_agent(bot, 0)
        except ValueError as exc:
            raise CommandError(f"--players: {exc}") from None
    return bots


def chunks(games: int) -> list[tuple[int, int]]:
    size = max(1, min(MAX_CHUNK, games // 200))
    return [(start, min(games, start + size)) for start in range(0, games, size)]


def simulate(jobs: Sequence[GameJob], games: int, *, workers: int = 1,
             backend: str = "process", address: str | None = None,
             dataset: DatasetTarget | None = None) -> list[GameTally]:
    """Play `games` games of every job (all jobs on the same seeds); one tally per job. With
    `dataset`, every game's rows are also written there (`passgo.sim.dataset`), in the order
    of the tasks whatever order they finish in."""
    board = new_game(jobs[0], 0).board
    tallies = [GameTally(job, games, board) for job in jobs]
    tasks = [(which, start, stop) for start, stop in chunks(games) for which in range(len(jobs))]
    writer = None
    fn: Callable[..., Any] = play_games
    payload: tuple[Any, ...] = tuple(jobs)
    if dataset is not None:
        from passgo.sim.dataset import DatasetJob, DatasetWriter, play_games_to_rows

        fn = play_games_to_rows
        payload = tuple(DatasetJob(job, name)
                        for job, name in zip(jobs, dataset.rules, strict=True))
        writer = DatasetWriter(dataset.folder, dataset.row_group)
    waiting: dict[int, Any] = {}  # rows of tasks done before an earlier one
    written = 0
    try:
        with progress_bar(games * len(jobs), "games", "simulate") as advance:
            for i, result in run_tasks(fn, payload, tasks, workers=workers,
                                       backend=backend, address=address):
                records = result if writer is None else result[0]
                for record in records:
                    tallies[tasks[i][0]].add(record)
                if writer is not None:
                    waiting[i] = result[1]
                    while written in waiting:
                        writer.add(waiting.pop(written))
                        written += 1
                advance(len(records))
    except (SimulationError, BackendError) as exc:
        raise CommandError(str(exc)) from None
    finally:
        if writer is not None:
            writer.close()
    return tallies


def landing_counts(job: LandingJob, *, workers: int = 1, backend: str = "process",
                   address: str | None = None) -> list[int]:
    """Landing counts of the whole run (per square, In Jail last), summed over its chunks."""
    parts = landing_chunk_counts(job, workers=workers, backend=backend, address=address)
    return [sum(column) for column in zip(*parts, strict=True)]


def landing_chunk_counts(job: LandingJob, *, workers: int = 1, backend: str = "process",
                         address: str | None = None) -> list[list[int]]:
    """Landing counts of each chunk of the run, in chunk order (batches for an interval)."""
    parts = job.chunks()
    out: list[list[int]] = [[] for _ in parts]
    try:
        with progress_bar(job.rolls, "rolls", "landing") as advance:
            for i, counts in run_tasks(run_chunk, job, parts, workers=workers,
                                       backend=backend, address=address):
                out[i] = counts
                advance(parts[i][1])
    except (SimulationError, BackendError) as exc:
        raise CommandError(str(exc)) from None
    return out


def _setup(args: argparse.Namespace, bots: Sequence[str], **start: str | None
           ) -> dict[str, Any]:
    """What was simulated; `start` names the rules (or position) the games start from."""
    return {"games": args.games, "players": list(bots), **start, "seed": args.seed,
            "max_rounds": args.max_rounds, "rotate": args.rotate}


def run_games(args: argparse.Namespace, rules: Rules, position: str | None) -> dict[str, Any]:
    bots = parse_bots(args.players)
    if position is not None:
        seats = Game.from_position(position).n
        if seats != len(bots):
            raise CommandError(
                f"the position has {seats} players but --players names {len(bots)} bots"
            )
    job = GameJob(bots, rules, args.seed, args.max_rounds, args.rotate, position)
    name = args.position if position else (args.rules or "classic")
    target = _dataset(args, (name,))
    (tally,) = simulate([job], args.games, workers=args.workers, backend=args.backend,
                        address=args.address, dataset=target)
    setup = _setup(args, bots, rules=None if position else (args.rules or "classic"),
                   position=args.position)
    return {"mode": "games", "setup": setup, **tally.report()}


def _dataset(args: argparse.Namespace, rules: tuple[str, ...]) -> DatasetTarget | None:
    """Where `--dataset` writes (checked and made before any game), or None."""
    if not args.dataset:
        return None
    from passgo.sim.dataset import DatasetError, DatasetTarget, check_folder

    try:
        return DatasetTarget(check_folder(args.dataset), rules)
    except DatasetError as exc:
        raise CommandError(str(exc)) from None


def run_compare(args: argparse.Namespace, rules_a: Rules, rules_b: Rules) -> dict[str, Any]:
    bots = parse_bots(args.players)
    focus = args.focus or bots[0]
    if focus not in bots:
        raise CommandError(f"--focus {focus!r} is not one of the players' bots")
    jobs = [GameJob(bots, rules, args.seed, args.max_rounds, args.rotate)
            for rules in (rules_a, rules_b)]
    a, b = simulate(jobs, args.games, workers=args.workers, backend=args.backend,
                    address=args.address, dataset=_dataset(args, tuple(args.compare)))
    setup = _setup(args, bots, rules_a=args.compare[0], rules_b=args.compare[1])
    return {"mode": "compare", "setup": {**setup, "focus": focus},
            "differences": compare_report(a, b, focus), "a": a.report(), "b": b.report()}


def run_landing(args: argparse.Namespace, rules: Rules) -> dict[str, Any]:
    if rules.round_limit:
        raise CommandError("the landing run never ends; use rules without a round limit")
    if rules.double_board != "off":
        raise CommandError("the landing run counts the squares of one board: double_board is "
                           "not supported")
    if args.method == "batched":
        counts = _batched_counts(rules, args)
    else:
        job = LandingJob(rules, args.rolls, args.jail, args.seed, card=args.jail_card)
        counts = landing_counts(job, workers=args.workers, backend=args.backend,
                                address=args.address)
    board = load_edition(rules.edition)
    setup = {"rolls": args.rolls, "jail": args.jail, "jail_card": args.jail_card,
             "method": args.method, "rules": args.rules or "classic", "seed": args.seed}
    return {"mode": "landing", "setup": setup, "landings": landing_report(board, counts,
                                                                         args.rolls)}


def _batched_counts(rules: Rules, args: argparse.Namespace) -> list[int]:
    """The batched NumPy run (`passgo.sim.batched`), for the rules it models."""
    from passgo.sim.batched import batched_counts
    from passgo.token_model import MovementError, build_movement

    try:
        movement = build_movement(rules, args.jail, args.jail_card)
    except MovementError as exc:
        raise CommandError(f"--method batched: {exc}; use --method engine") from None
    with progress_bar(args.rolls, "rolls", "landing") as advance:
        return batched_counts(movement, args.rolls, args.seed, advance)
