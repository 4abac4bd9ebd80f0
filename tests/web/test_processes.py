"""Several `passgo serve` processes on one PostgreSQL database serve the same games: actions of
one game are serialised in the database (the game's row is locked), and every action reaches
the clients of every process (LISTEN/NOTIFY)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import fresh_postgres_database, postgres_url
from webserver import answer, free_port, post, seat_socket, server
from websockets.sync.client import ClientConnection

from passgo.web.store import Store


@pytest.fixture
def postgres() -> Iterator[str]:
    url = postgres_url()
    assert url is not None
    yield from fresh_postgres_database(url)


def until_playing(ws: ClientConnection) -> dict[str, Any]:
    """The first state of the game under way (with the seat's view)."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if message["type"] == "state" and "view" in message:
            return message


def test_two_processes_serve_one_game(postgres: str) -> None:
    ports = [free_port(), free_port()]
    with server(postgres, ports[0]), server(postgres, ports[1]):
        game_id = post(ports[0], "/api/games", {"seats": [{"kind": "person"}] * 2})["id"]
        tokens = [post(ports[s], f"/api/games/{game_id}/join",
                       {"seat": s, "name": n})["token"] for s, n in ((0, "Ann"), (1, "Bob"))]
        # Ann plays through the first process, Bob through the second.
        sockets = [seat_socket(ports[s], game_id, tokens[s]) for s in (0, 1)]
        # The first process learns of Bob's seat, taken through the second, by the
        # database's notification: its first state may still be the waiting game's.
        states = [state if "view" in state else until_playing(ws) for ws, state in sockets]
        assert states[0]["version"] == states[1]["version"]
        for _ in range(30):
            seat = states[0]["view"]["pending"]["player"]
            text = states[seat]["actions"][0]["text"]
            version = states[seat]["version"]
            sockets[seat][0].send(json.dumps({"type": "action", "version": version,
                                              "action": text}))
            states = [answer(sockets[s][0], version) for s in (0, 1)]
            assert [s["type"] for s in states] == ["state", "state"]
            assert states[0]["version"] == states[1]["version"] == version + 1
            assert states[0]["view"]["players"] == states[1]["view"]["players"]
            assert states[0]["events"] == states[1]["events"] and states[0]["events"]
        # The same action sent to both processes at once, on the same version: the database
        # lets one through; the other is refused as stale.
        seat = states[0]["view"]["pending"]["player"]
        twin, _ = seat_socket(ports[1 - seat], game_id, tokens[seat])
        version = states[seat]["version"]
        text = states[seat]["actions"][0]["text"]
        message = json.dumps({"type": "action", "version": version, "action": text})
        replies: dict[int, dict[str, Any]] = {}

        def send(key: int, ws: ClientConnection) -> None:
            ws.send(message)
            replies[key] = answer(ws, version)

        threads = [threading.Thread(target=send, args=(k, ws))
                   for k, ws in ((0, sockets[seat][0]), (1, twin))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        store = Store(postgres)
        rows = store.actions_after(game_id, version)
        store.close()
        assert [(r.version, r.text) for r in rows] == [(version + 1, text)]
        refusals = [r for r in replies.values() if r["type"] == "refused"]
        assert all("stale" in r["reason"] for r in refusals)
        for ws, _ in sockets:
            ws.close()
        twin.close()
