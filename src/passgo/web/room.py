"""One online game in the server's memory: the engine's `Game`, its seats, its bots and the
browsers connected to it.

The room is the only writer of its game in this process: every change runs under its
`asyncio.Lock`, is tried on a copy of the game, written to the database (`Store.append`) and
only then becomes the room's game and is sent to the clients, each its own view
(`game.view(seat)`, its legal actions and their meanings). A stale version, an action of
another seat, text that is no action and an illegal action are refused with the reason and
change nothing.

Bots (bot seats, and a stand-in bot for a person who let the clock run out: `away_seconds`)
move through the shared bot loop, `passgo.agents.play.bot_step`, one committed action at a
time, `bot_delay` seconds apart so people can follow them.

A time-limit game (`Rules.clock_minutes`, or sudden death's two hours) has a deadline, stored
when the game starts; at the deadline the room commits the core's `CallTime` like any other
action. A server that was down at the deadline calls time when it loads the game again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from passgo.agents import make_agent
from passgo.agents.base import Agent
from passgo.agents.play import bot_step
from passgo.core import Action, CallTime, Event, Game, IllegalActionError
from passgo.core.board import KIND_NAMES
from passgo.core.decisions import TradeReplyDecision
from passgo.narrate import Voice, describe_action, explain, question, sentences
from passgo.session import BOTS_ALONE_ROUNDS
from passgo.web.setup import PERSON, GameSetup, new_game
from passgo.web.store import (
    OVER,
    PLAYING,
    SNAPSHOT_EVERY,
    WAITING,
    ActionRow,
    Conflict,
    SeatRow,
    Store,
    StoreError,
    seat_dict,
)

log = logging.getLogger("passgo.web")

LOG_LINES = 200  # sentences a client gets when it connects
Send = Callable[[dict[str, Any]], Awaitable[None]]


class Client:
    """A connected browser: the seat it plays (None: a spectator) and how to reach it."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.seat: int | None = None
        self.has_board = False


def board_payload(game: Game) -> dict[str, Any]:
    """The squares as the client draws them (the same for every seat, sent once)."""
    kinds = {v: k for k, v in KIND_NAMES.items()}
    b = game.board
    return {
        "type": "board", "currency": b.currency, "jail": b.jail,
        "squares": [{"index": s.index, "name": s.name, "kind": kinds[s.kind],
                     "group": b.group_names[s.group] if s.group >= 0 else None,
                     "price": s.price, "rents": list(s.rents), "house_cost": s.house_cost,
                     "mortgage": s.mortgage} for s in b.squares],
    }


def _viewer(seat: int | None) -> int:
    """The view's viewer for a seat (None, a spectator: -1)."""
    return -1 if seat is None else seat


class Room:
    """A game being served; create with `Room.load`."""

    def __init__(self, store: Store, game_id: str, setup: GameSetup, seats: list[SeatRow],
                 bot_delay: float) -> None:
        self.store = store
        self.id = game_id
        self.setup = setup
        self.seats = seats
        self.bot_delay = bot_delay
        self.status = WAITING
        self.game: Game | None = None
        self.version = 0
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.agents: list[Agent | None] = []
        self.bots: asyncio.Task[None] | None = None
        self.away: asyncio.Task[None] | None = None
        self.clock: asyncio.Task[None] | None = None
        self.deadline: float | None = None  # a time-limit game: when time is called
        self.alone_since: int | None = None
        self.used = time.monotonic()  # when it was last asked for (`Rooms.evict_idle`)

    # -- loading -------------------------------------------------------------------------------

    @classmethod
    async def load(cls, store: Store, game_id: str, bot_delay: float) -> Room | None:
        """The game as stored, rebuilt from its snapshot and the actions after it; its bots
        go on at once if it waits for one (after a restart, for example)."""
        stored = await store.run(store.load, game_id)
        if stored is None:
            return None
        room = cls(store, game_id, stored.setup, stored.seats, bot_delay)
        room.status = stored.status
        room.deadline = stored.deadline
        if stored.status != WAITING:
            if stored.snapshot is None:
                room.game = new_game(stored.setup, room.names())
            else:
                room.game = Game.from_json(stored.snapshot[1], verify=False)
                room.version = stored.snapshot[0]
            room._replay(stored.actions)
            room.log.clear()  # the log reaches back before the snapshot: read it whole
            room.log.extend(await store.run(store.recent_said, game_id, LOG_LINES))
            room._make_agents()
            room._after_change()
        return room

    def names(self) -> list[str]:
        return [row.name or "" for row in self.seats]

    def _replay(self, rows: list[ActionRow]) -> None:
        """Apply actions committed elsewhere (or before a restart), in order."""
        assert self.game is not None
        for row in rows:
            if row.version != self.version + 1:
                raise StoreError(f"game {self.id}: action {row.version} follows {self.version}")
            self.game.apply(Action.parse(row.text, row.seat))
            self.version = row.version
            self.log.extend(row.said)

    def _make_agents(self) -> None:
        """One agent per seat that a bot plays now: bot seats, and persons' seats with a
        stand-in; None where a person decides."""
        assert self.game is not None
        seed = self.game.seed * 31
        self.agents = [
            None if row.kind == PERSON and not row.standin else
            make_agent(row.kind if row.kind != PERSON else self.setup.away_bot, seed + i)
            for i, row in enumerate(self.seats)]

    # -- seats ---------------------------------------------------------------------------------

    async def seats_changed(self, seats: list[SeatRow]) -> None:
        """A seat was taken (here or in another process): tell everyone, and start the game
        once every seat has a name."""
        async with self.lock:
            await self._take_seats(seats)

    async def _take_seats(self, seats: list[SeatRow]) -> None:
        self.seats = seats
        if self.status == WAITING and all(row.name is not None for row in seats):
            self.status = PLAYING
            self.deadline = await self.store.run(self.store.deadline_of, self.id)
            self.game = new_game(self.setup, self.names())
            self._make_agents()
            self._after_change()
        await self._broadcast([])

    async def take_back(self, client: Client) -> str | None:
        """The person plays their seat again after a stand-in bot played it."""
        async with self.lock:
            seat = client.seat
            if seat is None or not self.seats[seat].standin:
                return "no bot is standing in for you"
            await self.store.run(self.store.set_standin, self.id, seat, False)
            self.seats = await self.store.run(self.store.seats_of, self.id)
            self._make_agents()
            self._after_change()
            await self._broadcast([])
            return None

    # -- acting --------------------------------------------------------------------------------

    async def act(self, client: Client, version: int, text: str) -> str | None:
        """A person's action; None when it was committed and sent to everyone, else why it
        was refused (nothing changed)."""
        async with self.lock:
            if client.seat is None:
                return "spectators cannot act: take a seat to play"
            if self.game is None:
                return "the game has not started: seats are still open"
            if self.seats[client.seat].standin:
                return "a bot is playing your seat: take it back first"
            if version != self.version:
                return (f"stale: you chose on version {version}, the game is at version "
                        f"{self.version}")
            try:
                action = Action.parse(text, client.seat)
            except IllegalActionError as exc:
                return f"not an action: {exc}"
            game = self.game.copy()
            try:
                events = game.apply(action)
            except IllegalActionError as exc:
                return f"not allowed now: {exc}"
            return await self._commit(game, action, events)

    async def _commit(self, game: Game, action: Action, events: list[Event]) -> str | None:
        """Store one action applied to `game` (a copy of the room's); only once it is
        committed does `game` become the room's game and the clients hear of it."""
        said = sentences(game, events)
        row = ActionRow(self.version + 1, action.player, action.text(), said)
        status = OVER if game.over else PLAYING
        snapshot = game.to_json() if row.version % SNAPSHOT_EVERY == 0 else None
        try:
            await self.store.run(self.store.append, self.id, self.version, [row], status,
                                    snapshot)
        except Conflict:
            await self._catch_up()
            return "stale: the game moved on meanwhile"
        except Exception as exc:  # the database failed: nothing was acknowledged
            log.warning("game %s: action not stored: %s", self.id, exc)
            return "the action could not be saved: try again"
        self.game, self.version, self.status = game, row.version, status
        self.log.extend(said)
        self._after_change()
        await self._broadcast(said)
        return None

    async def sync(self) -> None:
        """Another process changed this game: read what it committed and tell our clients."""
        async with self.lock:
            if self.game is not None:
                await self._catch_up()

    async def sync_seats(self) -> None:
        """Another process changed a seat (taken, or played by a stand-in bot)."""
        async with self.lock:
            seats = await self.store.run(self.store.seats_of, self.id)
            if seats == self.seats:
                return
            await self._take_seats(seats)
            if self.game is not None:
                self._make_agents()

    async def _catch_up(self) -> None:
        rows = await self.store.run(self.store.actions_after, self.id, self.version)
        self.seats = await self.store.run(self.store.seats_of, self.id)
        before = len(self.log)
        self._replay(rows)
        if self.game is not None:
            self.status = OVER if self.game.over else PLAYING
            self._make_agents()
        said = list(self.log)[before:] if len(self.log) > before else []
        await self._broadcast(said)

    # -- bots and stand-ins --------------------------------------------------------------------

    def _after_change(self) -> None:
        """After every change: bots move if the game waits for one; the clock of a person's
        decision starts again."""
        if self.game is None or self.game.over:
            return
        if any(a is not None for a in self.agents) and (self.bots is None or self.bots.done()):
            self.bots = asyncio.get_running_loop().create_task(self._run_bots())
        if self.deadline is not None and self.clock is None and not self.game.time_called:
            self.clock = asyncio.get_running_loop().create_task(self._call_time())
        if self.setup.away_seconds > 0:
            if self.away is not None:
                self.away.cancel()
            self.away = asyncio.get_running_loop().create_task(
                self._stand_in_after(self.version, self.setup.away_seconds))

    def _given_up(self) -> bool:
        """With no person left in the game, the bots get `BOTS_ALONE_ROUNDS` rounds to end it
        (bots that never trade could play for ever)."""
        g = self.game
        assert g is not None
        if any(row.kind == PERSON and g.in_game(i) for i, row in enumerate(self.seats)):
            self.alone_since = None
            return False
        if self.alone_since is None:
            self.alone_since = g.round_number
        return g.round_number - self.alone_since >= BOTS_ALONE_ROUNDS

    async def _run_bots(self) -> None:
        while True:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            async with self.lock:
                if self.game is None or self.game.over or self._given_up():
                    return
                game = self.game.copy()
                try:
                    step = bot_step(game, self.agents)
                except Exception:  # a bot's bug must not take the server down
                    log.exception("game %s: a bot failed", self.id)
                    return
                if step is None:
                    return
                version = self.version
                refused = await self._commit(game, *step)
                if refused is not None and self.version == version:
                    return  # not stored (the database failed): a later change retries

    async def _stand_in_after(self, version: int, seconds: float) -> None:
        """When a person has not decided within `seconds`, a bot takes their seat (until they
        take it back)."""
        await asyncio.sleep(seconds)
        async with self.lock:
            g = self.game
            if g is None or g.over or self.version != version:
                return
            seat = g.pending_player
            if self.agents[seat] is not None:
                return
            await self.store.run(self.store.set_standin, self.id, seat, True)
            self.seats = await self.store.run(self.store.seats_of, self.id)
            self._make_agents()
            self.log.append(f"{g.names[seat]} is away: a bot plays for them")
            await self._broadcast([f"{g.names[seat]} is away: a bot plays for them"])
            if self.bots is None or self.bots.done():
                self.bots = asyncio.get_running_loop().create_task(self._run_bots())

    async def _call_time(self) -> None:
        """At the deadline, time is called: the core's `CallTime`, in the name of the player
        whose turn it is, committed like any action (retried while the database fails)."""
        assert self.deadline is not None
        while True:
            await asyncio.sleep(max(0.0, self.deadline - time.time()))
            async with self.lock:
                g = self.game
                if g is None or g.over or g.time_called:
                    return
                game = g.copy()
                action = CallTime(g.turn_player)
                if await self._commit(game, action, game.apply(action)) is None:
                    return
            await asyncio.sleep(1.0)

    def time_left(self) -> float | None:
        """Seconds until time is called (None: no clock, or it was called, or it is over)."""
        g = self.game
        if self.deadline is None or g is None or g.over or g.time_called:
            return None
        return max(0.0, self.deadline - time.time())

    def busy(self) -> bool:
        """Something of this game lives only in this process now: a connection, an action
        being committed, a bot's turn, a person's away timer or the clock."""
        return bool(self.clients) or self.lock.locked() or any(
            task is not None and not task.done() for task in (self.bots, self.away, self.clock))

    async def close(self) -> None:
        for task in (self.bots, self.away, self.clock):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    # -- what clients see ----------------------------------------------------------------------

    async def join(self, client: Client) -> None:
        """A new connection: it gets the whole picture and the recent log."""
        async with self.lock:
            self.clients.add(client)
            view = None if self.game is None else self.game.view(_viewer(client.seat))
            await self._send(client, self._picture(client.seat, self._shared(list(self.log)),
                                                   view))
            await self._broadcast_seats()

    async def leave(self, client: Client) -> None:
        self.clients.discard(client)
        async with self.lock:
            await self._broadcast_seats()

    def _shared(self, said: list[str]) -> dict[str, Any]:
        """What every seat and spectator is told alike, computed once per change (an update
        goes to every connected browser)."""
        out: dict[str, Any] = {
            "type": "state", "game": self.id, "status": self.status, "version": self.version,
            "seats": self._seats(), "said": said,
        }
        g = self.game
        if g is not None:
            out["question"] = question(g)
            out["explain"] = explain(g)
            out["time_left"] = self.time_left()
            if isinstance(pending := g.pending, TradeReplyDecision):
                out["offer"] = Voice(g, None).offer(pending.offer)  # terms and all, in words
        return out

    def _picture(self, seat: int | None, shared: dict[str, Any],
                 view: dict[str, Any] | None) -> dict[str, Any]:
        """Everything one seat (None: a spectator) may see now: the shared part, its own view
        of the game (`Game.view`) and the actions the rules allow it."""
        out = {**shared, "seat": seat}
        g = self.game
        if g is None:
            return out
        out["view"] = view
        acting = seat is not None and not self.seats[seat].standin and not g.over
        legal = g.legal_actions(seat) if acting and seat is not None else []
        answers = {a.text() for a in g.answers(seat)} if acting and seat is not None else set()
        # `answer`: it answers the pending decision; the others are business open at any time.
        out["actions"] = [{"text": a.text(), "label": describe_action(g, a),
                           "answer": a.text() in answers} for a in legal]
        out["bid_range"] = g.bid_range(seat) if acting and seat is not None else None
        return out

    def _seats(self) -> list[dict[str, Any]]:
        online = {c.seat for c in self.clients}
        return [{**seat_dict(row), "online": row.seat in online} for row in self.seats]

    async def _broadcast(self, said: list[str]) -> None:
        clients = list(self.clients)
        seats = list(dict.fromkeys(client.seat for client in clients))
        # Every seat's view at once: what they all may see is built a single time.
        g = self.game
        views: list[dict[str, Any] | None] = [None] * len(seats)
        if g is not None:
            views[:] = g.views([_viewer(seat) for seat in seats])
        shared = self._shared(said)
        pictures = {seat: self._picture(seat, shared, view)
                    for seat, view in zip(seats, views, strict=True)}
        for client in clients:
            await self._send(client, pictures[client.seat])

    async def _broadcast_seats(self) -> None:
        message = {"type": "seats", "seats": self._seats()}
        for client in list(self.clients):
            await self._send(client, message)

    async def _send(self, client: Client, message: dict[str, Any]) -> None:
        try:
            if not client.has_board and self.game is not None:
                await client.send(board_payload(self.game))
                client.has_board = True
            await client.send(message)
        except Exception:  # a closed connection: it leaves when its reader notices
            self.clients.discard(client)
