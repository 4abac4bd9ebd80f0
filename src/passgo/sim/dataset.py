"""Game data for notebooks and SQL: `passgo simulate --dataset DIR` as three Parquet tables.

* `games.parquet`, one row per game: its index, seeds, rules, seats and outcome;
* `turns.parquet`, one row per seat at the end of every turn: cash and holdings;
* `events.parquet`, one row per event, in the order the engine made them.

Polars, pandas, DuckDB and anything else that reads Parquet read them; the schemas below are
the documented columns (docs/analyze.md). The turn rows are read from the game's public read
model (`Game.holdings`, `Game.seat_table`, `Game.deeds`), the event rows from `Event.to_dict()`
alone, the documented form of an event: `data` holds the whole of it as JSON (every field, by
the name the event gives it), and the fields most queries want have columns of their own where
the event has them with a value of the column's type (`player`, `square`, `amount`, `payer`,
`payee`, `reason`, `dice`), so a change of an event's fields loses nothing and breaks no row.

Memory stays bounded however many games are played: each worker turns its task's games into
Arrow record batches, the parent writes them in game order as they come (a task that finishes
early waits for the ones before it, and at most `IN_FLIGHT` tasks per worker are out at once,
`passgo.sim.backends`), and each table is written in row groups of about `ROW_GROUP` rows
through one `ParquetWriter` per table. What grows with the games is the report's per-game
length figures (a few dozen bytes a game), not the rows.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import pyarrow as pa
import pyarrow.parquet as pq

from passgo.agents.play import Observer
from passgo.core import Action, Event, Game, hotels_at, houses_at
from passgo.sim.jobs import GameJob
from passgo.sim.playout import collected_less_often, play_game
from passgo.sim.records import GameRecord
from passgo.sim.seeds import derive_seed

TABLES: Final = ("games", "turns", "events")
ROW_GROUP: Final = 256 * 1024  # rows of a table gathered before they are written together

# The columns of each table (one home: the recorder fills them, the writer declares them, the
# docs list them and a test holds the three alike).
SCHEMAS: Final = {
    "games": pa.schema([
        ("game", pa.int64()), ("rules", pa.string()), ("rule_options", pa.string()),
        ("seed", pa.int64()), ("master_seed", pa.int64()), ("players", pa.int8()),
        ("seat_bots", pa.list_(pa.string())), ("seat_players", pa.list_(pa.int8())),
        ("winner", pa.int8()), ("winner_bot", pa.string()), ("winner_player", pa.int8()),
        ("rounds", pa.int32()), ("turns", pa.int32()), ("capped", pa.bool_()),
        ("end_reason", pa.string()), ("bankruptcies", pa.int8()),
    ]),
    "turns": pa.schema([
        ("rules", pa.string()), ("game", pa.int64()), ("turn", pa.int32()),
        ("round", pa.int32()), ("mover", pa.int8()), ("seat", pa.int8()),
        ("cash", pa.int32()), ("square", pa.int8()), ("in_jail", pa.bool_()),
        ("bankrupt", pa.bool_()), ("deeds", pa.int8()), ("deed_value", pa.int32()),
        ("mortgaged", pa.int8()), ("houses", pa.int8()), ("hotels", pa.int8()),
        ("squares", pa.list_(pa.int8())), ("monopolies", pa.list_(pa.string())),
    ]),
    "events": pa.schema([
        ("rules", pa.string()), ("game", pa.int64()), ("turn", pa.int32()),
        ("seq", pa.int32()), ("kind", pa.string()), ("player", pa.int8()),
        ("square", pa.int16()), ("amount", pa.int64()), ("payer", pa.int8()),
        ("payee", pa.int8()), ("reason", pa.string()), ("dice", pa.list_(pa.int8())),
        ("data", pa.string()),
    ]),
}
# `Event.to_dict()` keys with columns of their own, with the values those columns take
# (anything else stays in `data` alone).
EVENT_KEYS: Final = ("player", "square", "amount", "payer", "payee", "reason", "dice")
_INT_KEYS: Final = frozenset(("player", "square", "amount", "payer", "payee"))


def _column_value(key: str, value: Any) -> Any:
    """`value` if the column of `key` can hold it, else None."""
    if key in _INT_KEYS:
        return value if type(value) is int else None
    if key == "reason":
        return value if isinstance(value, str) else None
    ok = isinstance(value, list) and all(type(v) is int and 0 <= v < 128 for v in value)
    return value if ok else None


class DatasetError(ValueError):
    """A dataset folder that cannot be written (it holds a dataset, or cannot be made)."""


@dataclass(frozen=True, slots=True)
class DatasetJob:
    """The games of a simulation job, with the rule set's name as the rows carry it."""

    job: GameJob
    rules: str


@dataclass(slots=True)
class Columns:
    """A table's columns as lists, filled row by row."""

    names: tuple[str, ...]
    lists: tuple[list[Any], ...] = field(default=())

    def __post_init__(self) -> None:
        self.lists = tuple([] for _ in self.names)

    def add(self, *values: Any) -> None:
        for column, value in zip(self.lists, values, strict=True):
            column.append(value)

    def batch(self, table: str) -> pa.RecordBatch:
        return pa.RecordBatch.from_pydict(dict(zip(self.names, self.lists, strict=True)),
                                          schema=SCHEMAS[table])


def new_columns() -> dict[str, Columns]:
    return {table: Columns(tuple(SCHEMAS[table].names)) for table in TABLES}


class DatasetRecorder:
    """The `observe` callback of one game: a turn row per seat whenever a turn ends (and at
    the end), an event row per event."""

    def __init__(self, game: Game, index: int, rules: str, out: dict[str, Columns]) -> None:
        self.game = game
        self.index = index
        self.rules = rules
        self.turns = out["turns"]
        self.events = out["events"]
        self.turn = game.turn_number + 1  # the turn the next event belongs to
        self.recorded = game.turn_number
        self.mover = game.turn_player
        self.seq = 0
        self.since = False  # actions since the last turn rows
        # What does not change in a game, read once: each deed's square, price and group.
        self.deeds = [(d.square, d.price) for d in game.deeds]
        groups: dict[str, list[int]] = {}
        for d in game.deeds:
            if d.group is not None:
                groups.setdefault(d.group, []).append(d.square)
        self.groups = list(groups.items())

    def __call__(self, action: Action, events: list[Event]) -> None:
        for event in events:
            self._event(event.to_dict())
        self.since = True
        if self.game.turn_number > self.recorded:
            self.finish_turn(self.game.turn_number)

    def _event(self, data: dict[str, Any]) -> None:
        kind = data.pop("kind")
        if kind == "turn":
            self.turn += 1
        values = [_column_value(key, data.get(key)) for key in EVENT_KEYS]
        self.events.add(self.rules, self.index, self.turn, self.seq, kind, *values,
                        json.dumps(data, separators=(",", ":")))
        self.seq += 1

    def finish_turn(self, turn: int) -> None:
        """A row per seat: the state at the end of turn `turn`, from the read model (the
        whole board and every seat in one call each: `Game.holdings`, `Game.seat_table`)."""
        g = self.game
        owner, level, mortgaged = g.holdings()
        cash, square, jailed, _, _, _, alive = g.seat_table()
        n = g.n
        held: list[list[int]] = [[] for _ in range(n)]
        value = [0] * n
        pledged = [0] * n
        houses = [0] * n
        hotels = [0] * n
        for sq, price in self.deeds:
            seat = owner[sq]
            if seat < 0:
                continue
            held[seat].append(sq)
            if mortgaged[sq]:
                pledged[seat] += 1
            else:
                value[seat] += price
            houses[seat] += houses_at(level[sq])
            hotels[seat] += hotels_at(level[sq])
        monopolies: list[list[str]] = [[] for _ in range(n)]
        for group, squares in self.groups:
            first = owner[squares[0]]
            if first >= 0 and all(owner[sq] == first for sq in squares):
                monopolies[first].append(group)
        rounds, mover = g.round_number, self.mover
        for seat in range(n):
            self.turns.add(self.rules, self.index, turn, rounds, mover, seat, cash[seat],
                           square[seat], jailed[seat], not alive[seat], len(held[seat]),
                           value[seat], pledged[seat], houses[seat], hotels[seat], held[seat],
                           monopolies[seat])
        self.recorded = turn
        self.mover = g.turn_player
        self.since = False

    def finish(self) -> None:
        """The game is over: the rows of the turn it ended in, if not yet written."""
        if self.since:
            self.finish_turn(max(self.recorded + 1, self.game.turn_number))


def game_row(out: Columns, task: DatasetJob, record: GameRecord, game_seed: int) -> None:
    job = task.job
    entries = job.entries_by_seat(record.index)
    bots = [job.bots[e] for e in entries]
    winner_seat = entries.index(record.winner) if record.winner >= 0 else None
    out.add(record.index, task.rules, json.dumps(job.rules.changed(), sort_keys=True),
            game_seed, job.seed, len(bots), bots, [e + 1 for e in entries], winner_seat,
            None if winner_seat is None else bots[winner_seat],
            None if winner_seat is None else record.winner + 1, record.rounds, record.turns,
            record.capped, record.end_reason, len(record.bankruptcies))


class _Watch:
    """Makes the dataset recorder of each game `play_game` starts, and keeps it."""

    def __init__(self, index: int, rules: str, out: dict[str, Columns]) -> None:
        self.index, self.rules, self.out = index, rules, out
        self.recorder: DatasetRecorder | None = None

    def __call__(self, game: Game) -> Observer:
        self.recorder = DatasetRecorder(game, self.index, self.rules, self.out)
        return self.recorder


def play_games_to_rows(tasks: Sequence[DatasetJob], which: int, start: int, stop: int
                       ) -> tuple[list[GameRecord], dict[str, pa.RecordBatch]]:
    """Games start..stop-1 of `tasks[which]`: their records for the report and their rows
    as one Arrow record batch per table (built here, in the worker)."""
    task = tasks[which]
    out = new_columns()
    records = []
    with collected_less_often():
        for index in range(start, stop):
            watch = _Watch(index, task.rules, out)
            record = play_game(task.job, index, watch)
            assert watch.recorder is not None  # play_game made the game and its recorder
            watch.recorder.finish()
            records.append(record)
            game_row(out["games"], task, record, derive_seed(task.job.seed, "game", index))
    return records, {table: out[table].batch(table) for table in TABLES}


@dataclass(frozen=True, slots=True)
class DatasetTarget:
    """Where `simulate` writes the rows, and the rule set names of its jobs, in order."""

    folder: Path
    rules: tuple[str, ...]
    row_group: int = ROW_GROUP


def check_folder(folder: str) -> Path:
    """The dataset folder, made if missing; one that already holds a table is refused (a
    dataset is never overwritten or mixed with another run's)."""
    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise DatasetError(f"--dataset {folder}: not a folder")
    taken = [t for t in TABLES if (path / f"{t}.parquet").exists()]
    if taken:
        raise DatasetError(f"--dataset {folder}: it already holds {taken[0]}.parquet; "
                           "choose a new folder")
    try:
        path.mkdir(parents=False, exist_ok=True)
    except OSError as exc:
        raise DatasetError(f"--dataset {folder}: {exc.strerror or exc}") from None
    return path


class DatasetWriter:
    """One `ParquetWriter` per table; batches are gathered into row groups of `ROW_GROUP`
    rows and written in the order given."""

    def __init__(self, folder: Path, row_group: int = ROW_GROUP) -> None:
        self.row_group = row_group
        self.writers = {t: pq.ParquetWriter(folder / f"{t}.parquet", SCHEMAS[t],
                                            compression="zstd") for t in TABLES}
        self.pending: dict[str, list[pa.RecordBatch]] = {t: [] for t in TABLES}
        self.rows = dict.fromkeys(TABLES, 0)

    def add(self, batches: dict[str, pa.RecordBatch]) -> None:
        for table, batch in batches.items():
            self.pending[table].append(batch)
            self.rows[table] += batch.num_rows
            if sum(b.num_rows for b in self.pending[table]) >= self.row_group:
                self._flush(table)

    def _flush(self, table: str) -> None:
        if self.pending[table]:
            self.writers[table].write_table(pa.Table.from_batches(self.pending[table]),
                                            row_group_size=self.row_group)
            self.pending[table] = []

    def close(self) -> None:
        for table in TABLES:
            self._flush(table)
            self.writers[table].close()
