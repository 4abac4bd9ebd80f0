"""Storage of online games: the migrated schema, games rebuilt exactly from their action log
and snapshots, actions refused at a stale version, on SQLite and (where one is set up) on a
real PostgreSQL server."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from webclient import Player, create, join, make_client

from passgo.agents import make_agent
from passgo.agents.play import bot_step
from passgo.core import Game
from passgo.web.bots import BotPool
from passgo.web.room import Room
from passgo.web.setup import make_setup, new_game
from passgo.web.store import SNAPSHOT_EVERY, ActionRow, Conflict, Store, StoreError


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
        store.append("g1", version, [row], "playing", snapshot)
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
    with pytest.raises(Conflict):
        store.append(game_id, 2, [ActionRow(3, 0, "roll", [])], "playing", None)
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
