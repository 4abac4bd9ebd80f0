"""A test-only way into a chosen situation: a game written straight into the store from a
position (the engine's position format, with scripted dice), its seats already taken.

`passgo serve` has no request that does this: games made over HTTP always start from the
opening throws. The game is stored as a snapshot at version 0, which is how the server loads
any game (a snapshot plus the actions after it), so the server under test cannot tell it from
a game that reached the same state by play.
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import insert

from passgo.agents import parse_spec
from passgo.core import Game
from passgo.web.setup import PERSON, GameSetup
from passgo.web.store import Store, token_hash
from passgo.web.tables import snapshots


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
