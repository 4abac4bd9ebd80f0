"""Online games in a database: an SQLite file by default, PostgreSQL by URL.

Every action is a row of the action log, written in the same transaction that checks the
game's version under a lock on the game's row, and the server tells the player it was done only
after that transaction has committed: a server killed at any moment loses no action it
acknowledged. The actions of different games that wait to be committed at the same moment
share one transaction (`Store.commit`, a group commit), each checked against its own game's
version: a busy server pays one transaction for many actions, an idle one commits at once.
A snapshot (the engine's save) is rewritten every `SNAPSHOT_EVERY` actions so a
long game loads without replaying its whole log.

On PostgreSQL several server processes may serve the same games: `SELECT ... FOR UPDATE`
serialises the actions of one game between them, and each committed action sends a
notification (`pg_notify` on `CHANNEL`, delivered at commit) that the other processes listen
for (`passgo.web.notify`). SQLite serves one process; its transactions start with
`BEGIN IMMEDIATE` so two games written at once wait for each other instead of failing, and
the server makes its calls to an SQLite store in one thread of their own (`Store.run`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    Engine,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.sql.expression import Executable

from passgo.agents import BotSpec, parse_spec
from passgo.clock import agreed_minutes
from passgo.core import Rules
from passgo.web.protocol import ChatLine
from passgo.web.setup import PERSON, GameSetup
from passgo.web.tables import actions, chat, games, seats, snapshots

SNAPSHOT_EVERY = 50
CHANNEL = "passgo_games"
WAITING, PLAYING, OVER = "waiting", "playing", "over"
SEATS = "seats"  # a notification about seats (or the game's listing), not actions
CHAT = "chat"  # a notification of a chat message
DELETED = "deleted"  # a notification that the game was deleted
HOUR = 3600.0  # seconds: the window of the games an address may create (rematches included)
T = TypeVar("T")


class StoreError(Exception):
    """A database that cannot be used, or a request it refuses; one line for the user."""


class Conflict(StoreError):
    """The game moved on in the database (another process acted first)."""


class DatabaseError(Exception):
    """The database failed (read-only, full, unreachable): nothing was written. One line."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    bot: BotSpec | None  # None: a person's seat
    name: str | None
    claimed: bool
    standin: bool

    @property
    def person(self) -> bool:
        return self.bot is None


@dataclass(frozen=True, slots=True)
class GameMeta:
    """What the host's controls and the lobby read besides the seats."""

    name: str
    public: bool
    host_hash: str | None
    rematch: str | None


@dataclass(frozen=True, slots=True)
class ActionRow:
    version: int
    seat: int
    text: str
    told: list[Any]  # its events' `to_dict()` tables (sentences in rows stored before 0004)


@dataclass(frozen=True, slots=True)
class Append:
    """Actions to commit after `version` of a game, with the game's status after them and,
    every SNAPSHOT_EVERY actions, its snapshot."""

    game_id: str
    version: int
    rows: Sequence[ActionRow]
    status: str
    snapshot: str | None = None

    @property
    def after(self) -> int:
        """The game's version once these actions are committed."""
        return self.version + len(self.rows)


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as the database holds it: enough to rebuild it exactly."""

    id: str
    setup: GameSetup
    status: str
    version: int
    seats: list[SeatRow]
    snapshot: tuple[int, str] | None  # (version, Game.to_json())
    actions: list[ActionRow]  # the actions after the snapshot
    deadline: float | None = None  # a time-limit game: the Unix time its time is up


def token_hash(token: str) -> str:
    """Seats are claimed with secret tokens; only their hashes are stored."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def default_url(path: str = "passgo-games.sqlite3") -> str:
    return f"sqlite:///{path}"


class Store:
    """The games' database. Calls block; the server runs them in worker threads."""

    def __init__(self, url: str) -> None:
        try:
            parsed = make_url(url)
        except ArgumentError:
            raise StoreError(f"not a database URL: {url!r}") from None
        if parsed.drivername in ("postgresql", "postgres"):
            parsed = parsed.set(drivername="postgresql+psycopg")
        self.url = parsed
        self.postgres = parsed.get_backend_name() == "postgresql"
        if parsed.get_backend_name() not in ("sqlite", "postgresql"):
            raise StoreError(f"passgo stores games in SQLite or PostgreSQL, not {url!r}")
        try:
            self.engine: Engine = create_engine(parsed, pool_pre_ping=self.postgres)
        except (ArgumentError, ImportError) as exc:
            raise StoreError(f"cannot use database {url!r}: {exc}") from None
        # SQLite has one writer at a time: threads racing for its write lock would wait in
        # its busy handler's sleeps (milliseconds each), so its calls queue in one thread.
        # PostgreSQL serves many connections at once: the event loop's default pool.
        self.thread: ThreadPoolExecutor | None = None
        self._waiting: list[tuple[Append, asyncio.Future[StoreError | None]]] = []
        self._writer: asyncio.Task[None] | None = None
        if not self.postgres:
            _sqlite_transactions(self.engine)
            self.thread = ThreadPoolExecutor(1, thread_name_prefix="passgo-sqlite")

    def migrate(self) -> None:
        """Bring the schema to the newest migration (Alembic), creating it on first use."""
        config = Config()
        config.set_main_option("script_location",
                               str(resources.files("passgo.web") / "migrations"))
        try:
            with self.engine.begin() as conn:
                config.attributes["connection"] = conn
                command.upgrade(config, "head")
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot open the database: {_first_line(exc)}") from None

    def close(self) -> None:
        if self.thread is not None:
            self.thread.shutdown()
        self.engine.dispose()

    async def run(self, call: Callable[..., T], *args: Any) -> T:
        """`call(*args)`, one of this store's blocking methods, run off the event loop; a
        failing database is DatabaseError in one line."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self.thread, call, *args)
        except SQLAlchemyError as exc:
            raise _failed(exc) from None

    def check_writable(self) -> None:
        """Refuse a database this server could read but not write (a read-only file, a role
        without the right), before any browser is told the server serves: a probe row is
        written and rolled back."""
        try:
            with self.engine.connect() as conn:
                transaction = conn.begin()
                try:
                    conn.execute(insert(games).values(
                        id="passgo-write-probe", created=0.0, setup="{}", status=OVER,
                        version=0))
                finally:
                    transaction.rollback()
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot write to the database: {_first_line(exc)}") from None

    # -- lobby ---------------------------------------------------------------------------------

    def create_game(self, game_id: str, setup: GameSetup, bot_names: dict[int, str], *,
                    name: str = "", public: bool = True, host_hash: str | None = None,
                    creator: str | None = None) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(insert(games).values(
                id=game_id, created=now, touched=now, setup=setup.to_json(), status=WAITING,
                version=0, name=name, public=public, host_hash=host_hash, creator=creator))
            conn.execute(insert(seats), [
                {"game_id": game_id, "seat": i, "kind": _kind(spec), "name": bot_names.get(i),
                 "token_hash": None, "standin": False}
                for i, spec in enumerate(setup.seats)])

    def created_since(self, creator: str, since: float) -> int:
        """How many games `creator` (an address's hash) made since `since` (Unix time)."""
        with self.engine.begin() as conn:
            return _created_since(conn, creator, since)

    def claim_seat(self, game_id: str, seat: int, name: str, hashed: str) -> list[SeatRow]:
        """Give an open seat a person; the seats after it. The game starts (status
        'playing') when the last open seat is taken, and a time-limit game's clock with it:
        its deadline is stored then, so a restarted server keeps the same hour of
        termination. StoreError says why a claim fails."""
        with self.engine.begin() as conn:
            status = self._lock(conn, game_id)[1]
            rows = self._seats(conn, game_id)
            if status != WAITING:
                raise StoreError("the game has started: every seat is taken")
            if not 0 <= seat < len(rows):
                raise StoreError(f"there is no seat {seat} (the seats are 0 to "
                                 f"{len(rows) - 1})")
            if not rows[seat].person or rows[seat].name is not None:
                raise StoreError(f"seat {seat + 1} is not open")
            if any(r.name is not None and r.name.lower() == name.lower() for r in rows):
                raise StoreError(f"the name {name!r} is taken in this game")
            conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
                         .values(name=name, token_hash=hashed))
            return self._start_if_full(conn, game_id)

    def _start_if_full(self, conn: Connection, game_id: str) -> list[SeatRow]:
        """The seats; a waiting game whose every seat has a name starts (and its clock)."""
        rows = self._seats(conn, game_id)
        values: dict[str, Any] = {"touched": time.time()}
        if all(r.name is not None for r in rows):
            setup = GameSetup.from_json(conn.execute(
                select(games.c.setup).where(games.c.id == game_id)).scalar_one())
            minutes = agreed_minutes(Rules.from_dict(setup.rules))
            values.update(status=PLAYING,
                          deadline=time.time() + minutes * 60 if minutes else None)
        conn.execute(update(games).where(games.c.id == game_id, games.c.status == WAITING)
                     .values(**values))
        self._notify(conn, game_id, SEATS)
        return rows

    def seat_of_token(self, game_id: str, hashed: str) -> int | None:
        with self.engine.begin() as conn:
            found = conn.execute(select(seats.c.seat).where(
                seats.c.game_id == game_id, seats.c.token_hash == hashed)).scalar()
            return None if found is None else int(found)

    def set_standin(self, game_id: str, seat: int, standin: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
                         .values(standin=standin))
            self._notify(conn, game_id, SEATS)

    def list_games(self, limit: int = 50, stale_before: float = 0.0) -> list[dict[str, Any]]:
        """The lobby: the newest public games not over, but the waiting games nobody has
        touched since `stale_before`; each with its name, rule set and free seats."""
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(games.c.id, games.c.status, games.c.created, games.c.name,
                       games.c.setup)
                .where(games.c.status != OVER, games.c.public.is_(True),
                       (games.c.status != WAITING) | (games.c.touched >= stale_before))
                .order_by(games.c.created.desc()).limit(limit)).all()
            out = []
            for game_id, status, created, name, setup in rows:
                listed = [_seat_dict(r) for r in self._seats(conn, game_id)]
                out.append({"id": game_id, "name": name, "status": status, "created": created,
                            "rules": Rules.from_dict(json.loads(setup)["rules"]).table(),
                            "free": sum(s["open"] for s in listed), "seats": listed})
            return out

    # -- the host's controls -------------------------------------------------------------------

    def meta(self, game_id: str) -> GameMeta | None:
        with self.engine.begin() as conn:
            row = conn.execute(select(games.c.name, games.c.public, games.c.host_hash,
                                      games.c.rematch).where(games.c.id == game_id)).first()
        return None if row is None else GameMeta(str(row[0]), bool(row[1]), row[2], row[3])

    def set_public(self, game_id: str, public: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id)
                         .values(public=public, touched=time.time()))
            self._notify(conn, game_id, SEATS)

    def delete_game(self, game_id: str) -> None:
        """The game, its seats, actions, chat and snapshot, gone."""
        with self.engine.begin() as conn:
            self._lock(conn, game_id)
            for table in (chat, actions, snapshots, seats):
                conn.execute(delete(table).where(table.c.game_id == game_id))
            conn.execute(delete(games).where(games.c.id == game_id))
            self._notify(conn, game_id, DELETED)

    def fill_with_bots(self, game_id: str, bot: BotSpec, names: dict[int, str]
                       ) -> list[SeatRow]:
        """A waiting game's open seats (`names`: seat -> the bot's name) played by `bot`; the
        game starts. StoreError if it is not waiting or a seat is no longer open."""
        with self.engine.begin() as conn:
            if self._lock(conn, game_id)[1] != WAITING:
                raise StoreError("the game has started: its seats are all taken")
            rows = self._seats(conn, game_id)
            for seat, name in names.items():
                if not rows[seat].person or rows[seat].name is not None:
                    raise StoreError(f"seat {seat + 1} is not open")
                conn.execute(update(seats).where(seats.c.game_id == game_id,
                                                 seats.c.seat == seat)
                             .values(kind=_kind(bot), name=name))
            return self._start_if_full(conn, game_id)

    def remove_person(self, game_id: str, seat: int) -> list[SeatRow]:
        """The person leaves seat `seat`: their token no longer holds it. A waiting game's
        seat opens again; in a game under way a bot plays it to the end (the engine's
        player keeps the name). StoreError if no person sits there."""
        with self.engine.begin() as conn:
            status = self._lock(conn, game_id)[1]
            rows = self._seats(conn, game_id)
            if not 0 <= seat < len(rows) or not rows[seat].person or not rows[seat].claimed:
                raise StoreError(f"no person sits in seat {seat + 1}")
            values: dict[str, Any] = (
                {"name": None, "token_hash": None} if status == WAITING
                else {"token_hash": None, "standin": True})
            conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
                         .values(**values))
            conn.execute(update(games).where(games.c.id == game_id).values(touched=time.time()))
            self._notify(conn, game_id, SEATS)
            return self._seats(conn, game_id)

    def make_rematch(self, game_id: str, new_id: str, seed: int,
                     most_per_hour: int | None = None) -> str:
        """The rematch of a game that is over: a new game with the same rules, seats (the
        same people by the same tokens, the same bots), name, host and listing, starting at
        once; made once (a second ask gets the same game). Its id. It counts as a game made
        by the first game's creator, refused (StoreError) when that creator has made
        `most_per_hour` games in the last hour already."""
        with self.engine.begin() as conn:
            status = self._lock(conn, game_id)[1]
            row = conn.execute(select(games.c.setup, games.c.name, games.c.public,
                                      games.c.host_hash, games.c.creator, games.c.rematch)
                               .where(games.c.id == game_id)).one()
            if row[5] is not None:
                return str(row[5])
            if status != OVER:
                raise StoreError("a rematch is made once the game is over")
            setup = GameSetup.from_json(row[0])
            now = time.time()
            if (most_per_hour is not None
                    and _created_since(conn, row[4], now - HOUR) >= most_per_hour):
                raise StoreError(f"at most {most_per_hour} new games an hour from one "
                                 "address, rematches included: try again later")
            conn.execute(insert(games).values(
                id=new_id, created=now, touched=now, setup=replace(setup, seed=seed).to_json(),
                status=WAITING, version=0, name=row[1], public=row[2], host_hash=row[3],
                creator=row[4]))
            old = conn.execute(select(seats).where(seats.c.game_id == game_id)).mappings().all()
            conn.execute(insert(seats), [
                {**dict(r), "game_id": new_id, "standin": False,
                 "name": r["name"] if r["token_hash"] is not None or r["kind"] != PERSON
                 else None} for r in old])
            conn.execute(update(games).where(games.c.id == game_id).values(rematch=new_id))
            self._start_if_full(conn, new_id)
            self._notify(conn, game_id, SEATS)
            return new_id

    # -- chat ----------------------------------------------------------------------------------

    def add_chat(self, game_id: str, seat: int | None, name: str, text: str) -> ChatLine:
        with self.engine.begin() as conn:
            self._lock(conn, game_id)
            n = int(conn.execute(select(func.coalesce(func.max(chat.c.n), 0))
                                 .where(chat.c.game_id == game_id)).scalar_one()) + 1
            row = ChatLine(n, seat, name, text, time.time())
            conn.execute(insert(chat).values(game_id=game_id, n=n, seat=seat, name=name,
                                             text=text, at=row.at))
            self._notify(conn, game_id, CHAT)
            return row

    def chat_after(self, game_id: str, after: int, limit: int) -> list[ChatLine]:
        """Up to the last `limit` messages after number `after`, oldest first."""
        with self.engine.begin() as conn:
            rows = conn.execute(select(chat.c.n, chat.c.seat, chat.c.name, chat.c.text,
                                       chat.c.at)
                                .where(chat.c.game_id == game_id, chat.c.n > after)
                                .order_by(chat.c.n.desc()).limit(limit)).all()
        return [ChatLine(int(n), s, str(w), str(t), float(a)) for n, s, w, t, a in reversed(rows)]

    # -- games ---------------------------------------------------------------------------------

    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.begin() as conn:
            row = conn.execute(select(games.c.setup, games.c.status, games.c.version,
                                      games.c.deadline)
                               .where(games.c.id == game_id)).first()
            if row is None:
                return None
            snap = conn.execute(select(snapshots.c.version, snapshots.c.data)
                                .where(snapshots.c.game_id == game_id)).first()
            after = 0 if snap is None else int(snap[0])
            return StoredGame(
                game_id, GameSetup.from_json(row[0]), row[1], int(row[2]),
                self._seats(conn, game_id),
                None if snap is None else (int(snap[0]), str(snap[1])),
                self._actions(conn, game_id, after), row[3])

    def deadline_of(self, game_id: str) -> float | None:
        """When a time-limit game's time is up (None: it has no clock, or has not started)."""
        with self.engine.begin() as conn:
            found = conn.execute(select(games.c.deadline)
                                 .where(games.c.id == game_id)).scalar()
            return None if found is None else float(found)

    def actions_after(self, game_id: str, version: int) -> list[ActionRow]:
        with self.engine.begin() as conn:
            return self._actions(conn, game_id, version)

    def seats_of(self, game_id: str) -> list[SeatRow]:
        with self.engine.begin() as conn:
            return self._seats(conn, game_id)

    def recent_told(self, game_id: str, limit: int) -> list[list[Any]]:
        """What the last `limit` actions caused (`ActionRow.told`), oldest first."""
        with self.engine.begin() as conn:
            rows = conn.execute(select(actions.c.told).where(actions.c.game_id == game_id)
                                .order_by(actions.c.version.desc()).limit(limit)).all()
        return [json.loads(told) for (told,) in reversed(rows)]

    def append_many(self, batch: Sequence[Append]) -> list[StoreError | None]:
        """Commit several games' actions in one transaction, under their rows' locks taken
        in the order of the games' ids (so two processes committing batches cannot deadlock).
        In the answer, in each append's place: None when written, or why it was refused
        (Conflict: its game is no longer at its version; StoreError: no such game), and then
        nothing of it is written, while the rest of the batch is."""
        with self.engine.begin() as conn:
            at: dict[str, int] = {str(g): int(v) for g, v in conn.execute(
                _LOCK_GAMES, {"ids": sorted({a.game_id for a in batch})})}
            answers: list[StoreError | None] = []
            taken: list[Append] = []
            for a in batch:
                stored = at.get(a.game_id)
                if stored is None:
                    answers.append(StoreError(f"no game {a.game_id!r}"))
                elif stored != a.version:
                    answers.append(Conflict(f"the game is at version {stored}, not {a.version}"))
                else:
                    at[a.game_id] = a.after
                    answers.append(None)
                    taken.append(a)
            if not taken:
                return answers
            _execute(conn, _INSERT_ACTIONS, [
                {"game_id": a.game_id, "version": r.version, "seat": r.seat, "text": r.text,
                 "told": json.dumps(r.told)} for a in taken for r in a.rows])
            now = time.time()
            _execute(conn, _MOVE_GAME, [{"game": a.game_id, "new": a.after,
                                         "new_status": a.status, "now": now} for a in taken])
            for a in taken:
                if a.snapshot is not None:
                    self._write_snapshot(conn, a.game_id, a.after, a.snapshot)
                self._notify(conn, a.game_id, str(a.after))
        return answers

    async def commit(self, entry: Append) -> None:
        """`append_many` for one append, off the event loop, in one transaction with the
        other games' actions waiting to be committed meanwhile (a group commit: a busy server
        pays one transaction for many actions, an idle one commits at once). Each is still
        acknowledged only once committed. Raises what `append_many` answered for it, or
        DatabaseError when it could not be written. A store serves one event loop at a time:
        what waited on a loop that has gone is dropped, never written."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[StoreError | None] = loop.create_future()
        if self._writer is None or self._writer.done() or self._writer.get_loop() is not loop:
            self._waiting = [(e, d) for e, d in self._waiting if d.get_loop() is loop]
            # A task of its own, so a caller that stops waiting cannot strand the others.
            self._writer = loop.create_task(self._write_waiting())
        self._waiting.append((entry, done))
        refused = await done
        if refused is not None:
            raise refused

    async def _write_waiting(self) -> None:
        """Commit what waits (`commit`) in batches until nothing does. An action whose caller
        stopped waiting before its batch was taken is not written (nobody would be told)."""
        while self._waiting:
            batch = [(e, d) for e, d in self._waiting if not d.done()]
            self._waiting = []
            try:
                await self._write(batch)
            finally:  # cancelled (the server stops): nobody is left waiting for ever
                for _, done in batch:
                    if not done.done():
                        done.set_exception(DatabaseError("the server stopped while storing"))

    async def _write(self, batch: list[tuple[Append, asyncio.Future[StoreError | None]]]
                     ) -> None:
        """One transaction for `batch`, each caller told its own answer. When it fails and
        holds several appends, each is tried on its own: one at fault (or a game whose row
        the database will not take) is refused alone, not with the games beside it."""
        if not batch:
            return
        try:
            answers = await self.run(self.append_many, [entry for entry, _ in batch])
        except Exception as exc:  # the database or its driver failed: none was written
            if len(batch) > 1:
                for one in batch:
                    await self._write([one])
                return
            done = batch[0][1]
            if not done.done():
                done.set_exception(exc if isinstance(exc, DatabaseError) else _failed(exc))
            return
        for (_, done), refused in zip(batch, answers, strict=True):
            if not done.done():  # else its caller stopped waiting
                done.set_result(refused)

    # -- helpers -------------------------------------------------------------------------------

    def _notify(self, conn: Connection, game_id: str, what: str) -> None:
        """Tell the other processes (PostgreSQL only; sent when the transaction commits):
        "ID VERSION" after actions, "ID seats" after a seat changed."""
        if self.postgres:
            conn.execute(_NOTIFY, {"payload": f"{game_id} {what}"})

    def _lock(self, conn: Connection, game_id: str) -> tuple[int, str]:
        row = conn.execute(select(games.c.version, games.c.status)
                           .where(games.c.id == game_id).with_for_update()).first()
        if row is None:
            raise StoreError(f"no game {game_id!r}")
        return int(row[0]), str(row[1])

    @staticmethod
    def _seats(conn: Connection, game_id: str) -> list[SeatRow]:
        rows = conn.execute(select(seats.c.seat, seats.c.kind, seats.c.name,
                                   seats.c.token_hash, seats.c.standin)
                            .where(seats.c.game_id == game_id).order_by(seats.c.seat)).all()
        return [SeatRow(int(s), None if k == PERSON else parse_spec(str(k)), n, h is not None,
                        bool(b)) for s, k, n, h, b in rows]

    @staticmethod
    def _actions(conn: Connection, game_id: str, after: int) -> list[ActionRow]:
        rows = conn.execute(select(actions.c.version, actions.c.seat, actions.c.text,
                                   actions.c.told)
                            .where(actions.c.game_id == game_id, actions.c.version > after)
                            .order_by(actions.c.version)).all()
        return [ActionRow(int(v), int(s), str(t), json.loads(d)) for v, s, t, d in rows]

    @staticmethod
    def _write_snapshot(conn: Connection, game_id: str, version: int, data: str) -> None:
        done = conn.execute(update(snapshots).where(snapshots.c.game_id == game_id)
                            .values(version=version, data=data))
        if done.rowcount == 0:
            conn.execute(insert(snapshots).values(game_id=game_id, version=version, data=data))


def _kind(spec: BotSpec | None) -> str:
    """A seat's `kind` column: PERSON or the bot's spec as text."""
    return PERSON if spec is None else spec.text()


def _seat_dict(row: SeatRow) -> dict[str, Any]:
    return {"seat": row.seat, "kind": "person" if row.person else "bot",
            "bot": None if row.bot is None else row.bot.text(), "name": row.name,
            "open": row.person and row.name is None}


def seat_dict(row: SeatRow) -> dict[str, Any]:
    """A seat as the lobby and the game page show it (never its token)."""
    return {**_seat_dict(row), "standin": row.standin}


# The group commit's statements, built once (building one costs more than running it).
_LOCK_GAMES = (select(games.c.id, games.c.version)
               .where(games.c.id.in_(bindparam("ids", expanding=True)))
               .order_by(games.c.id).with_for_update())
_INSERT_ACTIONS = insert(actions)
_MOVE_GAME = (update(games).where(games.c.id == bindparam("game"))
              .values(version=bindparam("new"), status=bindparam("new_status"),
                      touched=bindparam("now")))
_NOTIFY = select(func.pg_notify(CHANNEL, bindparam("payload")))


def _execute(conn: Connection, statement: Executable, rows: list[dict[str, Any]]) -> None:
    """`statement` for each of `rows`: one execution for one row (the driver's executemany
    costs more than a plain execute for a single row, the common case of an idle server)."""
    conn.execute(statement, rows if len(rows) > 1 else rows[0])


def _failed(exc: Exception) -> DatabaseError:
    """What a caller is told when the database (or its driver) raised `exc`: one line."""
    return DatabaseError(f"the database failed: {_first_line(exc)}")


def _first_line(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _sqlite_transactions(engine: Engine) -> None:
    """SQLite: WAL (readers never wait for the writer), commits durable against a killed
    process (synchronous=NORMAL in WAL mode), foreign keys on, and transactions that take the
    write lock at BEGIN, so concurrent writers queue (busy_timeout) instead of deadlocking."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON",
                       "busy_timeout=10000"):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def _created_since(conn: Connection, creator: str, since: float) -> int:
    """`Store.created_since` within a transaction."""
    return int(conn.execute(select(func.count()).select_from(games).where(
        games.c.creator == creator, games.c.created >= since)).scalar_one())
