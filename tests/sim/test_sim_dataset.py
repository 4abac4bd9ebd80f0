"""`passgo simulate --dataset DIR`: one row per game, per seat and turn, and per event, as
Parquet that Polars, pandas and DuckDB read alike; the events exactly as `Event.to_dict()`
gives them, the turns as the read model says, written in bounded memory."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import duckdb
import pandas as pd
import polars as pl
import pyarrow.parquet as pq
import pytest

from passgo.agents.play import Observer
from passgo.cli import main
from passgo.core import Action, Event, Game, Rules
from passgo.sim.dataset import SCHEMAS, TABLES, DatasetTarget, check_folder
from passgo.sim.jobs import GameJob
from passgo.sim.playout import play_game
from passgo.sim.run import simulate
from passgo.sim.seeds import derive_seed

PLAYERS = "strategic,basic,basic"


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The rows of 12 games under each of two rule sets, on the same seeds."""
    folder = tmp_path_factory.mktemp("data") / "run"
    code = main(["simulate", "--compare", "classic", "short-1", "--games", "12", "--players",
                 PLAYERS, "--max-rounds", "80", "--seed", "5", "--workers", "2", "--json",
                 "--dataset", str(folder)])
    assert code == 0
    return folder


def read(folder: Path, table: str) -> pl.DataFrame:
    return pl.read_parquet(folder / f"{table}.parquet")


def test_games_rows_are_the_reports_games(dataset: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    folder = dataset
    games = read(folder, "games")
    assert games.height == 24 and games["rules"].to_list() == ["classic", "short-1"] * 12
    assert games.schema == pl.from_arrow(SCHEMAS["games"].empty_table()).schema
    classic = games.filter(pl.col("rules") == "classic").sort("game")
    assert classic["game"].to_list() == list(range(12))
    assert classic["seed"].to_list() == [derive_seed(5, "game", i) for i in range(12)]
    # Seats rotate: game i seats player j in seat (j + i) mod 3.
    assert classic["seat_players"].to_list()[1] == [3, 1, 2]
    assert classic["seat_bots"].to_list()[1] == ["basic", "strategic", "basic"]
    short = games.filter(pl.col("rules") == "short-1")
    assert json.loads(short["rule_options"][0]) == Rules.preset("short-1").changed()
    # The winners and lengths are the report's.
    assert main(["simulate", "--compare", "classic", "short-1", "--games", "12", "--players",
                 PLAYERS, "--max-rounds", "80", "--seed", "5", "--workers", "1",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for name, side in (("classic", "a"), ("short-1", "b")):
        rows = games.filter(pl.col("rules") == name)
        wins = [w["count"] for w in report[side]["wins"]["by_player"]]
        assert [rows.filter(pl.col("winner_player") == j + 1).height
                for j in range(3)] == wins
        assert rows.filter(pl.col("winner").is_null()).height == (
            report[side]["wins"]["no_winner"]["count"])
        assert rows["capped"].sum() == report[side]["capped"]["count"]
        assert rows["rounds"].mean() == pytest.approx(report[side]["length"]["rounds"]["mean"])
    won = games.filter(pl.col("winner").is_not_null())
    assert all(bots[w] == bot for bots, w, bot in zip(
        won["seat_bots"], won["winner"], won["winner_bot"], strict=True))


class Replay:
    """Game `index` of the job played again: each event's `to_dict()` and, after every
    action that ends a turn, the players and deeds the read model gives."""

    def __init__(self, job: GameJob, index: int) -> None:
        self.events: list[dict[str, Any]] = []
        self.game: Game | None = None
        play_game(job, index, self.watch)

    def watch(self, game: Game) -> Observer:
        self.game = game

        def observe(action: Action, events: list[Event]) -> None:
            self.events.extend(e.to_dict() for e in events)

        return observe


def event_dicts(rows: pl.DataFrame) -> list[dict[str, Any]]:
    """The rows back as `Event.to_dict()` forms: `kind` and `data`; each column of a field
    holds the field's value where the event has it."""
    out = []
    for row in rows.iter_rows(named=True):
        data: dict[str, Any] = {"kind": row["kind"], **json.loads(row["data"])}
        for key in ("player", "square", "amount", "payer", "payee", "reason", "dice"):
            if row[key] is not None:
                assert data[key] == row[key], (key, row)
        out.append(data)
    return out


@pytest.mark.parametrize(("rules", "index"), [("classic", 0), ("short-1", 7)])
def test_events_are_exactly_to_dict(dataset: Path, rules: str,
                                    index: int) -> None:
    folder = dataset
    job = GameJob(tuple(PLAYERS.split(",")), Rules.preset(rules), 5, 80)
    replay = Replay(job, index)
    events = read(folder, "events").filter((pl.col("rules") == rules)
                                          & (pl.col("game") == index)).sort("seq")
    assert events["seq"].to_list() == list(range(len(replay.events)))
    assert event_dicts(events) == replay.events
    # The columns are filled wherever the event has the field with a value they hold.
    for key in ("player", "amount", "payer", "reason", "dice"):
        assert events.filter(pl.col(key).is_not_null()).height == sum(
            e.get(key) is not None for e in replay.events) > 0
    # The turn column counts the "turn" events (turn 1 has none before it).
    turns = events.filter(pl.col("kind") == "turn")["turn"].to_list()
    assert turns == list(range(2, len(turns) + 2))


def test_turn_rows_end_where_the_game_ends(dataset: Path) -> None:
    folder = dataset
    job = GameJob(tuple(PLAYERS.split(",")), Rules.preset("classic"), 5, 80)
    games = read(folder, "games").filter(pl.col("rules") == "classic")
    turns = read(folder, "turns").filter(pl.col("rules") == "classic")
    for index in (0, 3):
        game = Replay(job, index).game
        assert game is not None
        rows = turns.filter(pl.col("game") == index)
        numbers = rows["turn"].unique().sort().to_list()
        assert numbers == list(range(1, len(numbers) + 1))  # every turn, once per seat
        assert rows.height == 3 * len(numbers)
        assert len(numbers) in (game.turn_number, game.turn_number + 1)
        assert games.filter(pl.col("game") == index)["turns"][0] == game.turn_number
        last = rows.filter(pl.col("turn") == numbers[-1]).sort("seat")
        assert last["cash"].to_list() == [p.cash for p in game.players]
        assert last["bankrupt"].to_list() == [p.bankrupt for p in game.players]
        for seat in range(3):
            owned = sorted(d.square for d in game.deeds if d.owner == seat)
            assert sorted(last["squares"][seat]) == owned
            assert last["houses"][seat] == sum(d.houses for d in game.deeds if d.owner == seat)


def test_monopolies_are_whole_colour_groups(dataset: Path) -> None:
    """A seat holds a group in `monopolies` exactly when `squares` has all its streets."""
    folder = dataset
    board = Game.new(["a", "b"]).board
    groups = {name: set(board.groups[g]) for g, name in enumerate(board.group_names)}
    turns = read(folder, "turns")
    held = turns.filter(pl.col("monopolies").list.len() > 0)
    assert held.height > 0
    for squares, monopolies in zip(turns["squares"], turns["monopolies"], strict=True):
        assert sorted(monopolies) == sorted(
            name for name, members in groups.items() if members <= set(squares))


def test_polars_pandas_and_duckdb_read_the_same(dataset: Path) -> None:
    folder = dataset
    for table in TABLES:
        path = folder / f"{table}.parquet"
        frame = pl.read_parquet(path)
        assert len(pd.read_parquet(path)) == frame.height
        [(count,)] = duckdb.sql(f"SELECT count(*) FROM '{path}'").fetchall()
        assert count == frame.height
    path = folder / "turns.parquet"
    [(mean_cash,)] = duckdb.sql(f"SELECT avg(cash) FROM '{path}'").fetchall()
    assert pd.read_parquet(path)["cash"].mean() == pytest.approx(mean_cash)
    assert pl.read_parquet(path)["cash"].mean() == pytest.approx(mean_cash)


def test_a_folder_with_a_dataset_is_refused(dataset: Path,
                                            capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    folder = dataset
    before = (folder / "games.parquet").read_bytes()
    for args, message in (
            (["--dataset", str(folder)], "already holds games.parquet"),
            (["--dataset", str(tmp_path / "no" / "such")], "No such file"),
            (["--landing", "--dataset", str(tmp_path / "x")], "does not apply to --landing")):
        assert main(["simulate", "--games", "2", *args]) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1
    assert (folder / "games.parquet").read_bytes() == before


PEAK = """
import sys, tempfile, tracemalloc
import pyarrow as pa
from passgo.core import Rules
from passgo.sim.dataset import DatasetTarget, check_folder
from passgo.sim.jobs import GameJob
from passgo.sim.run import simulate

def run(games):
    target = DatasetTarget(check_folder(tempfile.mkdtemp() + "/run"), ("classic",),
                           row_group=int(sys.argv[2]))
    simulate([GameJob(("basic", "basic"), Rules(), 1, 25)], games, dataset=target)

run(2)  # imports and first-use allocations before anything is measured
arrow = pa.default_memory_pool().max_memory()
tracemalloc.start()
run(int(sys.argv[1]))
print(tracemalloc.get_traced_memory()[1] + pa.default_memory_pool().max_memory() - arrow)
"""


def peak(games: int, row_group: int) -> int:
    """Peak bytes of Python objects and Arrow buffers while `games` short games are played
    and written in one process (one worker), measured in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", PEAK, str(games), str(row_group)],
                          capture_output=True, text=True, check=True)
    return int(done.stdout)


def test_memory_stays_bounded_as_games_grow(tmp_path: Path) -> None:
    """Four times the games, not four times the memory: rows leave in row groups of a few
    thousand as they come. Holding them to the end (one row group for the whole run) grows
    with the games, and this measure tells the two apart."""
    small, large = peak(30, 2_000), peak(120, 2_000)
    assert large < 1.5 * small, (small, large)
    held_small, held_large = peak(30, 10**9), peak(120, 10**9)
    assert held_large > 2.5 * held_small, (held_small, held_large)
    job = GameJob(("basic", "basic"), Rules(), 1, 25)
    simulate([job], 40, dataset=DatasetTarget(check_folder(str(tmp_path / "run")),
                                              ("classic",), row_group=2_000))
    assert pq.ParquetFile(tmp_path / "run" / "events.parquet").metadata.num_row_groups > 2
