"""Updates between server processes on PostgreSQL: every committed action sends a notification
on `store.CHANNEL` (`Store.append_many`, delivered at commit); each process listens on its own
connection and has the game's room read what was committed (`Room.sync`), so clients of every
process see every action. A lost listening connection is opened again."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import psycopg
from sqlalchemy.engine import make_url

from passgo.web.store import CHANNEL, Store

log = logging.getLogger("passgo.web")
RETRY_SECONDS = 1.0


def _dsn(store: Store) -> str:
    return make_url(store.url).set(drivername="postgresql").render_as_string(
        hide_password=False)


async def listen(store: Store, changed: Callable[[str, str], Awaitable[None]]) -> None:
    """Run until cancelled: `changed(game_id, what)` for every notification (`what`: the
    game's new version, or "seats")."""
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(_dsn(store),
                                                             autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                async for note in conn.notifies():
                    game_id, _, what = note.payload.partition(" ")
                    try:
                        await changed(game_id, what)
                    except Exception:
                        log.exception("game %s: cannot read another process's change",
                                      game_id)
        except psycopg.Error as exc:
            log.warning("listening for other processes failed (%s); retrying", exc)
            await asyncio.sleep(RETRY_SECONDS)
