"""`kill -9` mid-game: a real `passgo serve` process is killed while an action is on its way,
started again on the same database, and must give the game back exactly, with every action it
acknowledged (on SQLite and on PostgreSQL)."""

from __future__ import annotations

import json
import signal
from typing import Any

from webserver import answer, free_port, post, seat_socket, server

from passgo.core import Action
from passgo.web.setup import GameSetup, new_game
from passgo.web.store import Store


def replayed_view(database: str, game_id: str, seat: int) -> tuple[int, dict[str, Any]]:
    """The game rebuilt independently from the stored setup and the whole action log."""
    store = Store(database)
    stored = store.load(game_id)
    assert stored is not None
    setup: GameSetup = stored.setup
    game = new_game(setup, [row.name or "" for row in stored.seats])
    rows = store.actions_after(game_id, 0)
    for row in rows:
        game.apply(Action.parse(row.text, row.seat))
    store.close()
    return len(rows), game.view(seat)


def test_kill_9_mid_game_loses_no_acknowledged_action(database_url: str) -> None:
    port = free_port()
    acknowledged: list[tuple[int, int, str]] = []  # (version, seat, text)
    with server(database_url, port) as proc:
        game_id = post(port, "/api/games", {"seats": [{"kind": "person"}] * 2})["id"]
        tokens = [post(port, f"/api/games/{game_id}/join", {"seat": s, "name": n})["token"]
                  for s, n in ((0, "Ann"), (1, "Bob"))]
        sockets = [seat_socket(port, game_id, t) for t in tokens]
        states = [state for _, state in sockets]
        for step in range(41):
            seat = states[0]["view"]["pending"]["player"]
            ws, state = sockets[seat][0], states[seat]
            text = state["actions"][0]["text"]
            ws.send(json.dumps({"type": "action", "version": state["version"], "action": text}))
            if step == 40:  # on its way: killed before the answer is read
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                break
            for s in (0, 1):
                states[s] = answer(sockets[s][0], state["version"])
                assert states[s]["type"] == "state", states[s]
            acknowledged.append((states[seat]["version"], seat, text))
        for ws, _ in sockets:
            ws.close()
    last_version, _, _ = acknowledged[-1]
    stored_version, replayed = replayed_view(database_url, game_id, 0)
    assert stored_version in (last_version, last_version + 1)  # the one on its way, or not
    store = Store(database_url)
    rows = {r.version: (r.seat, r.text) for r in store.actions_after(game_id, 0)}
    store.close()
    for version, seat, text in acknowledged:
        assert rows[version] == (seat, text)
    with server(database_url, port):
        ws, again = seat_socket(port, game_id, tokens[0])
        ws.close()
    assert again["version"] == stored_version and again["seat"] == 0
    assert again["view"] == replayed
    if stored_version == last_version:
        assert again["view"] == states[0]["view"]
