"""Updates as patches (passgo.web.patch, RFC 6902): a browser that asks for them gets, after a
whole first state, only what changed, and what it makes of them is at every update the whole
state another connection of the same seat is sent; and an action the room cannot commit is
taken back without a copy of the game made before it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webclient import Player, create, join, make_client, make_store

from passgo.web.patch import Differ, PatchError, apply, diff
from passgo.web.store import Append, Conflict, Store, StoreError


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(make_store(tmp_path / "games.sqlite3")) as c, ExitStack() as sockets:
        c.sockets = sockets
        yield c


def _connect(client: TestClient, game_id: str, token: str | None, patches: bool) -> Player:
    return Player(client.sockets.enter_context(
        client.websocket_connect(f"/api/games/{game_id}/ws")), token, patches)


def _json(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON document (keys with `/` and `~` among them; no number equal to a
    boolean or to a number of the other kind, see `passgo.web.patch`)."""
    kind = rng.randrange(7 if depth < 3 else 4)
    if kind == 0:
        return rng.choice([2, -3, 2.5, True, False])
    if kind == 1:
        return rng.choice(["", "a", "b/c", "~0", None])
    if kind == 2:
        return rng.randrange(2, 7)
    if kind == 3:
        return None
    if kind in (4, 5):
        return {rng.choice("abc/~"): _json(rng, depth + 1) for _ in range(rng.randrange(4))}
    return [_json(rng, depth + 1) for _ in range(rng.randrange(4))]


def _changed(rng: random.Random, doc: Any) -> Any:
    """`doc` with a few random changes (a copy)."""
    doc = json.loads(json.dumps(doc))
    if isinstance(doc, dict) and doc and rng.random() < 0.8:
        key = rng.choice(list(doc))
        action = rng.randrange(3)
        if action == 0:
            del doc[key]
        elif action == 1:
            doc[key] = _changed(rng, doc[key])
        else:
            doc[rng.choice("xyz/~")] = _json(rng)
        return doc
    if isinstance(doc, list) and doc and rng.random() < 0.8:
        i = rng.randrange(len(doc))
        doc[i] = _changed(rng, doc[i])
        if rng.random() < 0.3:
            doc.append(_json(rng))
        return doc
    return _json(rng)


def _text(doc: Any) -> str:
    """Equal as JSON (True is not 1 there, the order of keys does not count)."""
    return json.dumps(doc, sort_keys=True)


def test_a_patch_turns_the_old_document_into_the_new_and_leaves_the_old_alone() -> None:
    rng = random.Random(35)
    for _ in range(3000):
        old = _json(rng)
        new = _changed(rng, old) if rng.random() < 0.9 else old
        kept = _text(old)
        ops = diff(old, new)
        patched = apply(old, ops)
        assert _text(patched) == _text(new), (old, new, ops)
        assert _text(old) == kept
        if _text(old) == _text(new):
            assert ops == []


def test_a_value_changed_in_type_only_is_replaced() -> None:
    assert diff({"a": 1, "b": 2}, {"a": True, "b": 3}) == [
        {"op": "replace", "path": "/a", "value": True},
        {"op": "replace", "path": "/b", "value": 3}]
    assert diff({"a/b": 1, "c~": 2}, {"a/b": 2}) == [
        {"op": "replace", "path": "/a~1b", "value": 2}, {"op": "remove", "path": "/c~0"}]


def test_shared_values_are_diffed_once_for_every_document_that_holds_them() -> None:
    old_players, new_players = {"cash": 1500}, {"cash": 1450}
    differ = Differ()
    first = differ.diff({"view": {"p": old_players, "me": 0}}, {"view": {"p": new_players,
                                                                          "me": 0}})
    second = differ.diff({"view": {"p": old_players, "me": 1}}, {"view": {"p": new_players,
                                                                           "me": 1}})
    assert first == second == [{"op": "replace", "path": "/view/p/cash", "value": 1450}]
    assert first[0] is second[0]  # the shared value's operations, made once


def test_a_patch_that_does_not_fit_is_refused() -> None:
    with pytest.raises(PatchError, match="no such place"):
        apply({"a": 1}, [{"op": "replace", "path": "/b", "value": 2}])
    with pytest.raises(PatchError, match="no such place"):
        apply({"a": [1]}, [{"op": "remove", "path": "/a/3"}])


def test_patched_states_are_the_whole_states_at_every_update(client: TestClient) -> None:
    """Two connections of each seat and two spectators, one of each asking for patches: at
    every update what the patches make is the whole state (but its number), and smaller."""
    game_id = create(client, ["person", "person"])
    tokens = [join(client, game_id, seat, name) for seat, name in ((0, "Ann"), (1, "Bob"))]
    pairs = [(_connect(client, game_id, token, False), _connect(client, game_id, token, True))
             for token in [*tokens, None]]
    rng = random.Random(7)
    sizes = {False: 0, True: 0}
    for _ in range(60):
        state = pairs[0][0].state
        if state["view"]["over"]:
            break
        mover = state["view"]["pending"]["player"]
        answers = [a["text"] for a in pairs[mover][1].state["actions"] if a["answer"]]
        version = state["version"] + 1
        reply = pairs[mover][1].act(rng.choice(answers))
        assert reply["type"] == "state", reply
        for whole, patched in pairs:
            full, made = (p.state if p.state["version"] >= version else p.until_state(version)
                          for p in (whole, patched))
            assert {**made, "rev": None} == {**full, "rev": None}
            assert patched.messages[-1].keys() >= {"patch", "base"}
            assert "view" not in patched.messages[-1]
            sizes[True] += len(json.dumps(patched.messages[-1]))
            sizes[False] += len(json.dumps(whole.messages[-1]))
    assert sizes[True] * 3 < sizes[False]


def test_a_browser_that_asks_again_gets_the_whole_state(client: TestClient) -> None:
    game_id = create(client, ["person", "person"])
    tokens = [join(client, game_id, seat, name) for seat, name in ((0, "Ann"), (1, "Bob"))]
    player = _connect(client, game_id, tokens[0], True)
    first = player.state
    player.send({"type": "sync"})
    again = player.until_state()
    assert "patch" not in player.messages[-1] and again["said"] == []
    assert {**again, "said": None, "said_kinds": None} == {
        **first, "said": None, "said_kinds": None}


def _failing(store: Store, error: Exception, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The store's next commit fails with `error` (nothing written): raised by the database
    when an OSError, else the append's refusal; the calls made."""
    calls: list[int] = []
    append_many = store.append_many

    def once(batch: Sequence[Append]) -> list[StoreError | None]:
        calls.append(1)
        if len(calls) == 1:
            if isinstance(error, StoreError):
                return [error for _ in batch]
            raise error
        return append_many(batch)

    monkeypatch.setattr(store, "append_many", once)
    return calls


@pytest.mark.parametrize("snapshot_every", [50, 2])
@pytest.mark.parametrize(("error", "reason"), [
    (OSError("disk full"), "could not be saved"),
    (Conflict("the game is at version 9"), "stale: the game moved on"),
])
def test_an_action_not_committed_is_taken_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                error: Exception, reason: str,
                                                snapshot_every: int) -> None:
    """Acknowledged after commit: an action the database did not take changes nothing, in
    memory too (the room's game is rebuilt from the start, or from the last snapshot, not a
    copy kept), and the game goes on."""
    monkeypatch.setattr("passgo.web.room.SNAPSHOT_EVERY", snapshot_every)
    store = make_store(tmp_path / "games.sqlite3")
    with make_client(store) as client, ExitStack() as sockets:
        client.sockets = sockets
        game_id = create(client, ["person", "person"])
        tokens = [join(client, game_id, seat, name) for seat, name in ((0, "Ann"), (1, "Bob"))]
        players = [_connect(client, game_id, token, True) for token in tokens]
        for _ in range(3):  # a few actions in, so the game is not the one it started as
            mover = players[0].state["view"]["pending"]["player"]
            players[mover].act(next(a["text"] for a in players[mover].state["actions"]
                                    if a["answer"]))
            players[1 - mover].until_state(players[mover].state["version"])
        room = client.app.state.rooms.rooms[game_id]
        assert (room.base is None) is (snapshot_every > 3)
        before = room.game.to_dict()
        mover = players[0].state["view"]["pending"]["player"]
        text = next(a["text"] for a in players[mover].state["actions"] if a["answer"])
        calls = _failing(store, error, monkeypatch)
        refused = players[mover].act(text)
        assert refused["type"] == "refused" and reason in refused["reason"]
        assert room.game.to_dict() == before and room.version == players[mover].state["version"]
        done = players[mover].act(text)
        assert done["type"] == "state" and len(calls) == 2
        stored = store.load(game_id)
        assert stored is not None and stored.version == done["version"]
        assert len(room.game.history) == room.version
