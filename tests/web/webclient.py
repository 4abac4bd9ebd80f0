"""Helpers for the web tests: a server app over a fresh SQLite file, and a WebSocket player
that reads messages until the one it waits for."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from passgo.web.app import Serving, create_app
from passgo.web.patch import apply
from passgo.web.store import Store


def make_store(path: Path) -> Store:
    store = Store(f"sqlite:///{path}")
    store.migrate()
    return store


def make_client(store: Store, rate_limit: tuple[float, float] = (1000.0, 1000.0)) -> TestClient:
    """The app with bots that move at once and, unless a test says otherwise, a rate limit a
    test playing at full speed stays under."""
    return TestClient(create_app(store, Serving(bot_delay=0, rate_limit=rate_limit)))


def create(client: TestClient, seats: list[str], **extra: Any) -> str:
    """A game with `seats`: "person" or a bot spec; its id."""
    body = {"seats": [{"kind": "person"} if s == "person" else {"kind": "bot", "bot": s}
                      for s in seats], **extra}
    reply = client.post("/api/games", json=body)
    assert reply.status_code == 201, reply.text
    game_id: str = reply.json()["id"]
    return game_id


def join(client: TestClient, game_id: str, seat: int, name: str) -> str:
    reply = client.post(f"/api/games/{game_id}/join", json={"seat": seat, "name": name})
    assert reply.status_code == 200, reply.text
    token: str = reply.json()["token"]
    return token


def assembled(last: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    """A state message as the browser makes it: a patch applied to the last state (whose
    `rev` must be the patch's `base`), with the fields the patch carries whole; a whole state
    as it came."""
    if "patch" not in message:
        return message
    assert last.get("rev") == message["base"], (last.get("rev"), message["base"])
    whole = {key: value for key, value in message.items() if key not in ("patch", "base")}
    return {**apply(last, message["patch"]), **whole}


class Player:
    """One browser's connection, as a test drives it (`patches`: it asks for its updates as
    patches, and `state` is the state they make)."""

    def __init__(self, ws: WebSocketTestSession, token: str | None,
                 patches: bool = False) -> None:
        self.ws = ws
        self.state: dict[str, Any] = {}
        self.messages: list[dict[str, Any]] = []  # as they came (patches as patches)
        ws.send_text(json.dumps({"type": "hello", "token": token, "patches": patches}))
        self.until_state()

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = self.ws.receive_json()
        self.messages.append(message)
        if message["type"] == "state":
            message = self.state = assembled(self.state, message)
        return message

    def until_state(self, version: int | None = None) -> dict[str, Any]:
        """Read until a state (of at least `version`) arrives."""
        while True:
            message = self.receive()
            if message["type"] == "state" and (version is None or message["version"] >= version):
                return message

    def until(self, kind: str) -> dict[str, Any]:
        while True:
            message = self.receive()
            if message["type"] == kind:
                return message

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send_text(message if isinstance(message, str) else json.dumps(message))

    def act(self, text: str, version: int | None = None) -> dict[str, Any]:
        """Send an action on the current version; the next state or refusal."""
        v = self.state["version"] if version is None else version
        self.send({"type": "action", "version": v, "action": text})
        while True:
            message = self.receive()
            if message["type"] in ("refused", "error") or (
                    message["type"] == "state" and message["version"] > v):
                return message

    def actions(self) -> list[str]:
        return [a["text"] for a in self.state.get("actions", [])]
