"""Storage of online games: the migrated schema, games rebuilt exactly from their action log
and snapshots, actions refused at a stale version, on SQLite and (where one is set up) on a
real PostgreSQL server."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError
from webclient import Player, create, join, make_client

from passgo.agents import make_agent
from passgo.agents.play import bot_step
from passgo.core import Game
from passgo.web.bots import BotPool
from passgo.web.room import Client, Room
from passgo.web.setup import make_setup, new_game
from passgo.web.store import (
    SNAPSHOT_EVERY,
    ActionRow,
    Append,
    Conflict,
    DatabaseError,
    Store,
    StoreError,
)


def test_the_migrated_schema_matches_the_tables(database_url: str) -> None:
    from sqlalchemy import inspect

    from passgo.web.tables import metadata

    store = Store(database_url)
    store.migrate()
    store.migrate()  # a second start finds nothing to do
    found = inspect(store.engine)
    for table in metadata.sorted_tables:
        assert {c["name"] for c in found.get_columns(table.name)} == set(table.columns.keys())
    store.close()


def test_bad_database_urls_are_one_line_errors(tmp_path: Path) -> None:
    for url in ("nonsense", "mysql://x@y/z", f"sqlite:///{tmp_path}/missing/dir/g.db"):
        with pytest.raises(StoreError) as caught:
            Store(url).migrate()
        assert "\n" not in str(caught.value)


def test_a_short_game_with_other_starting_cash_is_dealt_its_deeds() -> None:
    """The lobby's starting cash is a rules option, so a Short game for $300 each still starts
    as the Short Game does ("deals three Title Deed cards to each player", 000), after the
    opening throws; it used to start from a position, with neither."""
    setup = make_setup("short-1", {}, ["person", "person", "basic"], 5, 300, 0, "basic")
    game = new_game(setup, ["Ann", "Bob", "C"])
    assert game.cash == [300, 300, 300] and game.rules.starting_cash == 300
    assert all(sum(1 for o in game.owner if o == p) == 3 for p in range(3))
    assert any(e.kind == "opening" for e in game.events)


def _bot_game(store: Store, actions: int) -> tuple[str, Game]:
    """A game of bots stored action by action, as the server stores it; and the game."""
    setup = make_setup("classic", {}, ["person", "basic", "strategic"], 11, None, 0, "basic")
    store.create_game("g1", setup, {1: "B", 2: "C"})
    store.claim_seat("g1", 0, "Ann", "h")
    game = new_game(setup, ["Ann", "B", "C"])
    agents = [make_agent("random", 1), make_agent("basic"), make_agent("strategic")]
    for version in range(actions):
        step = bot_step(game, agents)
        assert step is not None
        row = ActionRow(version + 1, step[0].player, step[0].text(), [])
        snapshot = game.to_json() if row.version % SNAPSHOT_EVERY == 0 else None
        assert store.append_many([Append("g1", version, [row], "playing", snapshot)]) == [None]
    return "g1", game


def test_a_game_is_rebuilt_exactly_from_snapshot_and_log(database_url: str) -> None:
    store = Store(database_url)
    store.migrate()
    game_id, game = _bot_game(store, SNAPSHOT_EVERY * 2 + 17)
    stored = store.load(game_id)
    assert stored is not None and stored.snapshot is not None
    assert stored.snapshot[0] == SNAPSHOT_EVERY * 2 and len(stored.actions) == 17

    async def rebuilt() -> Game:
        room = await Room.load(store, game_id, bot_delay=3600, bots=BotPool(1, 1.0))
        assert room is not None and room.game is not None
        await room.close()
        return room.game

    again = asyncio.run(rebuilt())
    assert again.to_dict()["state"] == game.to_dict()["state"]
    assert again.view(0) == game.view(0)
    store.close()


def test_an_action_at_a_stale_version_is_not_written(database_url: str) -> None:
    store = Store(database_url)
    store.migrate()
    game_id, _ = _bot_game(store, 3)
    refused = store.append_many([Append(game_id, 2, [ActionRow(3, 0, "roll", [])], "playing")])
    assert [type(r) for r in refused] == [Conflict]
    assert [r.version for r in store.actions_after(game_id, 0)] == [1, 2, 3]
    store.close()


def test_a_restarted_server_gives_the_game_back(tmp_path: Path) -> None:
    from webclient import make_store

    path = tmp_path / "games.sqlite3"
    with make_client(make_store(path)) as client:
        game_id = create(client, ["person", "person", "basic"])
        tokens = [join(client, game_id, 0, "Ann"), join(client, game_id, 1, "Bob")]
        with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            ann = Player(ws, tokens[0])
            while ann.state["view"]["pending"]["player"] == 2:  # the bot's turn goes on
                ann.until_state(ann.state["version"] + 1)
        with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            before = Player(ws, tokens[0]).state  # what a browser gets when it connects
    with make_client(make_store(path)) as client, \
            client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        after = Player(ws, tokens[0]).state
    assert after["version"] == before["version"] and after["view"] == before["view"]
    assert after["seat"] == 0 and after["said"] == before["said"]
    assert json.dumps(after["actions"]) == json.dumps(before["actions"])


def _bare_games(store: Store, *game_ids: str) -> None:
    setup = make_setup("classic", {}, ["person", "basic"], 11, None, 0, "basic")
    for game_id in game_ids:
        store.create_game(game_id, setup, {1: "B"})


def _row(version: int) -> ActionRow:
    return ActionRow(version, 0, "roll", [])


def test_a_batch_writes_each_append_at_its_version_and_refuses_the_rest(
        database_url: str) -> None:
    """A group commit: each append is checked against its own game's version (and against
    an earlier append of the same game in the batch); a refused one writes nothing, the
    others are written."""
    store = Store(database_url)
    store.migrate()
    _bare_games(store, "g1", "g2")
    answers = store.append_many([
        Append("g1", 0, [_row(1)], "playing"), Append("g2", 0, [_row(1), _row(2)], "playing"),
        Append("g1", 5, [_row(6)], "playing"), Append("nope", 0, [_row(1)], "playing"),
        Append("g1", 1, [_row(2)], "over", '{"a snapshot": 1}')])
    assert answers[0] is None and answers[1] is None and answers[4] is None
    assert isinstance(answers[2], Conflict) and "at version 1, not 5" in str(answers[2])
    assert type(answers[3]) is StoreError and "nope" in str(answers[3])
    assert [r.version for r in store.actions_after("g1", 0)] == [1, 2]
    assert [r.version for r in store.actions_after("g2", 0)] == [1, 2]
    g1 = store.load("g1")
    assert g1 is not None and (g1.version, g1.status, g1.snapshot) == (
        2, "over", (2, '{"a snapshot": 1}'))
    store.close()


def test_commits_that_wait_together_are_one_transaction(database_url: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten games' actions committed at once by the server (`Store.commit`) are one batch;
    each caller hears of its own append only."""
    store = Store(database_url)
    store.migrate()
    games = [f"g{i}" for i in range(10)]
    _bare_games(store, *games)
    sizes: list[int] = []
    append_many = store.append_many

    def counted(batch: list[Append]) -> list[StoreError | None]:
        sizes.append(len(batch))
        return append_many(batch)

    monkeypatch.setattr(store, "append_many", counted)

    async def commit_all() -> list[BaseException | None]:
        return await asyncio.gather(*(
            store.commit(Append(g, 3 if g == "g4" else 0, [_row(1)], "playing"))
            for g in games), return_exceptions=True)

    answers = asyncio.run(commit_all())
    assert sizes == [10]
    assert isinstance(answers[4], Conflict)
    assert all(a is None for i, a in enumerate(answers) if i != 4)
    assert [len(store.actions_after(g, 0)) for g in games] == [1, 1, 1, 1, 0, 1, 1, 1, 1, 1]
    store.close()


@pytest.mark.parametrize("error", [
    OSError("disk full\nsecond line"),
    OperationalError("INSERT", {}, Exception("database is locked")),
])
def test_a_database_that_fails_refuses_each_commit_and_then_commits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    """The database failing under a batch is a one-line DatabaseError for every commit in
    it (none was written), and once it works again the commits after it are written."""
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    store.migrate()
    _bare_games(store, "g1", "g2")
    append_many = store.append_many
    down = [True]

    def failing(batch: list[Append]) -> list[StoreError | None]:
        if down[0]:
            raise error
        return append_many(batch)

    monkeypatch.setattr(store, "append_many", failing)

    async def commit_twice() -> tuple[list[BaseException | None], None]:
        first = await asyncio.gather(*(store.commit(Append(g, 0, [_row(1)], "playing"))
                                       for g in ("g1", "g2")), return_exceptions=True)
        down[0] = False
        return first, await store.commit(Append("g1", 0, [_row(1)], "playing"))

    failed, _ = asyncio.run(commit_twice())
    assert [type(f) for f in failed] == [DatabaseError, DatabaseError]
    why = str(failed[0])
    assert why.startswith("the database failed: ") and "\n" not in why
    assert why.count("the database failed") == 1
    assert [len(store.actions_after(g, 0)) for g in ("g1", "g2")] == [1, 0]
    store.close()


def test_an_append_at_fault_is_refused_alone(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch whose transaction fails is tried append by append, so only the one the
    database will not take is refused and the games beside it are written."""
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    store.migrate()
    _bare_games(store, "g1", "bad", "g2")
    append_many = store.append_many
    sizes: list[int] = []

    def refusing_bad(batch: list[Append]) -> list[StoreError | None]:
        sizes.append(len(batch))
        if any(a.game_id == "bad" for a in batch):
            raise OSError("no room for this row")
        return append_many(batch)

    monkeypatch.setattr(store, "append_many", refusing_bad)

    async def commit_all() -> list[BaseException | None]:
        return await asyncio.gather(*(store.commit(Append(g, 0, [_row(1)], "playing"))
                                      for g in ("g1", "bad", "g2")), return_exceptions=True)

    answers = asyncio.run(commit_all())
    assert sizes == [3, 1, 1, 1]
    assert answers[0] is None and answers[2] is None and isinstance(answers[1], DatabaseError)
    assert [len(store.actions_after(g, 0)) for g in ("g1", "bad", "g2")] == [1, 0, 1]
    store.close()


def test_a_caller_that_stops_waiting_leaves_the_others_committed(tmp_path: Path) -> None:
    """A commit whose caller is cancelled while it waits does not strand the commits
    waiting with it, and its action, which nobody would be told of, is not written."""
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    store.migrate()
    _bare_games(store, "g1", "g2")

    async def one_cancelled() -> None:
        first = asyncio.ensure_future(store.commit(Append("g1", 0, [_row(1)], "playing")))
        second = asyncio.ensure_future(store.commit(Append("g2", 0, [_row(1)], "playing")))
        await asyncio.sleep(0)
        first.cancel()
        await asyncio.wait_for(second, 10)

    asyncio.run(one_cancelled())
    assert [len(store.actions_after(g, 0)) for g in ("g1", "g2")] == [0, 1]
    store.close()


def test_a_seat_given_away_in_another_process_reaches_its_connections_there(
        database_url: str) -> None:
    """Processes learn of each other's changes by notifications, in commit order: an action
    by its version (`Room.sync`), a change of seats by its own (`Room.sync_seats`). An action
    committed elsewhere just before the host gave a person's seat away is caught up on here
    without the seats as they now stand, so the seats' notification that follows still finds
    the seat given away and moves that person's connections here to watching (a catch-up that
    read the seats left the person seated in this process, where the stand-in could be taken
    back)."""
    store = Store(database_url)
    store.migrate()
    game_id, game = _bot_game(store, 3)  # Ann (a person) in seat 0, bots in seats 1 and 2

    async def other_process() -> tuple[int | None, int | None, int, bool]:
        room = await Room.load(store, game_id, bot_delay=3600, bots=BotPool(1, 1.0))
        assert room is not None and room.version == 3
        ann = Client()
        ann.seat = 0
        room.clients.add(ann)
        # Elsewhere: an action, then the host gives seat 0 away.
        step = bot_step(game, [make_agent("basic", p) for p in range(3)])
        assert step is not None
        row = ActionRow(4, step[0].player, step[0].text(), [])
        assert store.append_many([Append(game_id, 3, [row], "playing")]) == [None]
        store.remove_person(game_id, 0)
        await room.sync()  # the action's notification
        seated = ann.seat
        await room.sync_seats()  # the seats'
        await room.close()
        return seated, ann.seat, room.version, room.seats[0].standin

    seated, watching, version, standin = asyncio.run(other_process())
    assert seated == 0 and watching is None and version == 4 and standin
    store.close()
