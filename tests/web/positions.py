"""A test-only way into a chosen situation: a game written straight into the store from a
position (the engine's position format, with scripted dice), its seats already taken; or a
game made in the lobby, its seats taken by the people, set to a position (`restage`).

`passgo serve` has no request that does this: games made over HTTP always start from the
opening throws. The game is stored as a snapshot at version 0, which is how the server loads
any game (a snapshot plus the actions after it), so the server under test cannot tell it from
a game that reached the same state by play.
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import delete, insert

from passgo.agents import parse_spec
from passgo.core import Game
from passgo.web.setup import PERSON, GameSetup
from passgo.web.store import Store, token_hash
from passgo.web.tables import actions, snapshots


def store_position(database: str, position: dict[str, Any], seats: list[str],
                   seed: int = 1) -> tuple[str, dict[int, str]]:
    """Write a game starting at `position` into `database` (migrated here if new): seat i is
    position player i, a person (PERSON) or a bot spec. The game's id and each person's seat
    token (what a browser keeps after joining)."""
    game = Game.from_position(position, seed=seed)
    names = [p["name"] for p in position["players"]]
    store = Store(database)
    try:
        store.migrate()
        game_id = secrets.token_urlsafe(9)
        setup = GameSetup(game.rules.to_dict(),
                          tuple(None if k == PERSON else parse_spec(k) for k in seats), seed)
        store.create_game(game_id, setup, {i: names[i] for i, kind in enumerate(seats)
                                           if kind != PERSON})
        tokens = {}
        for i, kind in enumerate(seats):
            if kind == PERSON:
                tokens[i] = secrets.token_urlsafe(24)
                store.claim_seat(game_id, i, names[i], token_hash(tokens[i]))
        with store.engine.begin() as conn:
            conn.execute(insert(snapshots).values(game_id=game_id, version=0,
                                                  data=game.to_json()))
    finally:
        store.close()
    return game_id, tokens


def restage(database: str, game_id: str, position: dict[str, Any], seed: int = 1) -> None:
    """Set a stored game under way to `position` (with the game's own rules and its seats'
    names, in seat order; written while no server has the game loaded): its snapshot at its
    current version, and no actions after it, so the server loads it as a game that reached
    that position by play. The lobby's game keeps its id, seats, tokens and setup, so a
    rematch of it is made from what the lobby chose."""
    store = Store(database)
    try:
        stored = store.load(game_id)
        if stored is None:
            raise LookupError(f"no game {game_id}")
        names = [row.name for row in stored.seats]
        players = position["players"]
        if [p["name"] for p in players] != names:
            raise ValueError(f"the position's players {[p['name'] for p in players]} "
                             f"are not the seats {names}")
        game = Game.from_position({**position, "rules": stored.setup.rules}, seed=seed)
        with store.engine.begin() as conn:
            conn.execute(delete(actions).where(actions.c.game_id == game_id))
            conn.execute(delete(snapshots).where(snapshots.c.game_id == game_id))
            conn.execute(insert(snapshots).values(game_id=game_id, version=stored.version,
                                                  data=game.to_json()))
    finally:
        store.close()
