"""One online game in the server's memory: the engine's `Game`, its seats, its bots and the
browsers connected to it.

The room is the only writer of its game in this process: every change runs under its
`asyncio.Lock`, is checked (`Game.check`), carried out on the room's game, written to the
database (`Store.commit`) and only once committed is it sent to the clients, each its own view
(`game.view(seat)`, its legal actions and their meanings). A stale version, an action of
another seat, text that is no action and an illegal action are refused with the reason and
change nothing. An action that cannot be committed (the database failed, or another process
acted first) is taken back: the game is rebuilt from its last snapshot and the actions
committed since (`Room._restore`), in memory, so a database that is down does not stop it.
No copy of the game is made per action: a copy cost as much as the rest of the engine's part.

What a seat is sent after a change is built once for every connection of that seat (the
spectators share one), and to a browser that asked for patches in its hello as a JSON Patch
(`passgo.web.patch`) of the state it was sent last (`rev` and `base` number them; a browser
that finds a gap asks for the whole state again with `sync`).

Bots (bot seats, and a stand-in bot for a person who let the clock run out: `away_seconds`)
decide in the server's bot worker processes (`passgo.web.bots`), one committed action at a
time, `bot_delay` seconds apart so people can follow them. The room's lock is not held while
a bot thinks: people's actions, chat and joins go on meanwhile, and a bot's move chosen on a
version that has moved on is dropped and chosen again.

Every connection has a bounded queue of messages to send (`Client`): a browser that stops
reading is disconnected instead of slowing the game for everyone. A spectator coming or going
changes no seat: the watchers' count reaches the others at most once a second
(`WATCHERS_EVERY`), so a crowd of spectators costs each of them one update, not one per
newcomer.

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
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

import orjson

from passgo.agents import BotSpec
from passgo.agents.play import bot_to_move
from passgo.core import Action, CallTime, Event, Game, IllegalActionError, ViewMemo
from passgo.core.board import KIND_NAMES
from passgo.core.decisions import TradeReplyDecision
from passgo.core.events import event_from_dict
from passgo.narrate import Voice, debt_line, describe_action, explain, narrated, question
from passgo.review.hint import hint
from passgo.session import BOTS_ALONE_ROUNDS
from passgo.web.bots import BotPool
from passgo.web.messages import CHAT_RATE, HostCommand, RateLimit
from passgo.web.metrics import ACTIONS
from passgo.web.patch import Differ
from passgo.web.protocol import (
    ChatLine,
    ChatMessage,
    DeletedMessage,
    HintMessage,
    Listing,
    RematchMessage,
)
from passgo.web.setup import GameSetup, new_game
from passgo.web.store import (
    OVER,
    PLAYING,
    SNAPSHOT_EVERY,
    WAITING,
    ActionRow,
    Append,
    Conflict,
    GameMeta,
    SeatRow,
    Store,
    StoreError,
    seat_dict,
)

log = logging.getLogger("passgo.web")

LOG_STEPS = 200  # the steps (actions) whose sentences a client gets when it connects
CHAT_LINES = 50  # chat messages a client gets when it connects
QUEUE = 64  # messages waiting to be sent to one browser before it is taken to be gone
WATCHERS_EVERY = 1.0  # seconds: the watchers' count is sent at most this often
CLOSE = "close"  # what a client's queue holds when the room closes it
MAX_CHAT_RATES = 4096  # addresses whose chat rate a game keeps (forgotten all at once beyond)
SEAT_CONNECTIONS = 8  # connections one seat's token may hold at once (tabs, devices)
HINTS_AT_ONCE = 2  # hints worked out at a time in one process (a fifth of a second of CPU each)


class Client:
    """A connected browser: the seat it plays (None: a spectator), its name for the chat, and
    its queue of encoded messages (sent by its connection's writer, `passgo.web.app`)."""

    def __init__(self, address: str = "") -> None:
        self.address = address
        self.seat: int | None = None
        self.name = ""  # a spectator's chosen name for the chat ("" : a spectator)
        self.has_board = False
        self.patches = False  # sent patches of its state (its hello said so), not whole states
        self.rev: int | None = None  # the `rev` of the state it holds (None: none it can patch)
        self.queue: asyncio.Queue[str] = asyncio.Queue(QUEUE + 1)
        self.gone = False
        self.closing: tuple[int, str] = (1000, "")  # the close frame's code and reason

    def put(self, text: str) -> bool:
        """Queue one message; False (and the client is closed) when it is not reading."""
        if self.gone:
            return False
        if self.queue.qsize() >= QUEUE:
            self.close(1008, "not reading: too many messages waiting", drop=True)
            return False
        self.queue.put_nowait(text)
        return True

    def close(self, code: int = 1000, reason: str = "", *, drop: bool = False) -> None:
        """Close the connection once what is queued is sent (`drop`: at once)."""
        if not self.gone:
            self.gone = True
            self.closing = (code, reason)
            while drop and not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(CLOSE)


def encode(message: dict[str, Any]) -> str:
    # orjson: an update (some 9 kB: the seat's view, its actions in words) goes to every
    # browser after every action, and the standard json module took a quarter of the
    # server's time for it. Each message is encoded once, however many receive it.
    return orjson.dumps(message).decode()


def board_payload(game: Game) -> dict[str, Any]:
    """The squares as the client draws them (the same for every seat, sent once)."""
    kinds = {v: k for k, v in KIND_NAMES.items()}
    b = game.board
    return {
        "type": "board", "currency": b.currency, "jail": b.jail,
        # A double board: `ring` squares a board, the shared square at `overlap` of each
        # (-1: one board), the boards' names.
        "ring": b.ring, "overlap": b.overlap, "sides": list(b.side_names),
        "railroad_rents": list(b.railroad_rents),
        "utility_multipliers": list(b.utility_multipliers),
        "squares": [{"index": s.index, "name": s.name, "kind": kinds[s.kind],
                     "group": b.group_names[s.group] if s.group >= 0 else None,
                     "price": s.price, "rents": list(s.rents), "house_cost": s.house_cost,
                     "mortgage": s.mortgage, "lift": game.lift_cost(s.index)}
                    for s in b.squares],
    }


def _viewer(seat: int | None) -> int:
    """The view's viewer for a seat (None, a spectator: -1)."""
    return -1 if seat is None else seat


@dataclass(frozen=True, slots=True)
class Away:
    """What the room itself tells: a person let the clock run out, and a bot plays for them."""

    seat: int

    def words(self, v: Voice) -> str:
        return (f"{v.does(self.seat, 'is', 'are')} away: a bot plays for "
                f"{'you' if v.is_you(self.seat) else 'them'}")


#: What a seat's state message holds that lasts from one update to the next (the rest: the
#: state of the game shared by all, and what this update said), and so what a patch changes.
Doc = dict[str, Any]

#: One entry of a game's log: the events of one step, what the room told (`Away`), or the
#: sentences of an action stored before the log held events (told as they are).
Told = tuple[Event, ...] | Away | tuple[str, ...]


def told_of(stored: list[Any]) -> Told:
    """A stored action's log entry (`ActionRow.told`): its events, or old sentences."""
    if all(isinstance(item, str) for item in stored):
        return tuple(stored)
    return tuple(event_from_dict(item) for item in stored)


def said_to(game: Game, log: Iterable[Told], viewer: int | None) -> list[tuple[str, str]]:
    """The log's sentences as `viewer` (None: a spectator) reads them, each with the kind of
    the event it tells ("away": the room's own; "": a sentence stored before events were)."""
    out: list[tuple[str, str]] = []
    voice = Voice(game, viewer)
    for entry in log:
        if isinstance(entry, Away):
            out.append(("away", entry.words(voice)))
        elif entry and isinstance(entry[0], str):
            out.extend(("", str(line)) for line in entry)
        else:
            out.extend(narrated(game, [e for e in entry if not isinstance(e, str)], viewer))
    return out


class Room:
    """A game being served; create with `Room.load`."""

    hints_running: ClassVar[int] = 0  # hints being worked out in this process

    def __init__(self, store: Store, game_id: str, setup: GameSetup, seats: list[SeatRow],
                 bot_delay: float, bots: BotPool, meta: GameMeta) -> None:
        self.store = store
        self.id = game_id
        self.setup = setup
        self.seats = seats
        self.bot_delay = bot_delay
        self.pool = bots
        self.meta = meta
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_LINES)
        self.watchers_due: asyncio.TimerHandle | None = None
        self.deleted = False
        self.board: str | None = None  # the board's message, encoded once
        self.status = WAITING
        self.game: Game | None = None
        self.version = 0
        self.hints: dict[tuple[int, int], str] = {}  # (seat, version): the hint given
        # What `_restore` rebuilds the game from: the last snapshot's (version, save), or None
        # for the game's start.
        self.base: tuple[int, str] | None = None
        self.rev = 0  # the number of the last update sent (`Client.rev`)
        self.docs: dict[int | None, tuple[int, Doc]] = {}  # seat -> (rev, its state's doc)
        # The views' values kept from one update to the next while unchanged (the rules,
        # the deeds): built once, and skipped at once by the patches.
        self.memo = ViewMemo()
        # Chat's rate by address: a connection closed and opened again starts no new one.
        self.chat_rates: dict[str, RateLimit] = {}
        self.log: deque[Told] = deque(maxlen=LOG_STEPS)
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.bot_seats: list[BotSpec | None] = []  # the bot playing each seat now (None: a person)
        self.bots: asyncio.Task[None] | None = None
        self.away: asyncio.Task[None] | None = None
        self.clock: asyncio.Task[None] | None = None
        self.deadline: float | None = None  # a time-limit game: when time is called
        self.alone_since: int | None = None
        self.used = time.monotonic()  # when it was last asked for (`Rooms.evict_idle`)

    # -- loading -------------------------------------------------------------------------------

    @classmethod
    async def load(cls, store: Store, game_id: str, bot_delay: float, bots: BotPool
                   ) -> Room | None:
        """The game as stored, rebuilt from its snapshot and the actions after it; its bots
        go on at once if it waits for one (after a restart, for example)."""
        stored = await store.run(store.load, game_id)
        meta = await store.run(store.meta, game_id)
        if stored is None or meta is None:
            return None
        room = cls(store, game_id, stored.setup, stored.seats, bot_delay, bots, meta)
        room.chat.extend(await store.run(store.chat_after, game_id, 0, CHAT_LINES))
        room.status = stored.status
        room.deadline = stored.deadline
        if stored.status != WAITING:
            if stored.snapshot is None:
                room.game = new_game(stored.setup, room.names())
            else:
                room.game = Game.from_json(stored.snapshot[1], verify=False)
                room.version = stored.snapshot[0]
                room.base = stored.snapshot
            room._replay(stored.actions)
            room.log.clear()  # the log reaches back before the snapshot: read it whole
            room.log.extend(told_of(told) for told in
                            await store.run(store.recent_told, game_id, LOG_STEPS))
            room._seat_bots()
            room._after_change()
        return room

    def names(self) -> list[str]:
        return [row.name or "" for row in self.seats]

    def _replay(self, rows: list[ActionRow]) -> list[Told]:
        """Apply actions committed elsewhere (or before a restart), in order; what they
        caused."""
        assert self.game is not None
        steps: list[Told] = []
        for row in rows:
            if row.version != self.version + 1:
                raise StoreError(f"game {self.id}: action {row.version} follows {self.version}")
            self.game.apply_parsed(Action.parse(row.text, row.seat))
            self.version = row.version
            steps.append(told_of(row.told))
        self.log.extend(steps)
        return steps

    def _seat_bots(self) -> None:
        """The bot of every seat a bot plays now: bot seats, and persons' seats with a
        stand-in (the setup's away bot); None where a person decides."""
        self.bot_seats = [row.bot if row.bot is not None else
                          self.setup.away_bot if row.standin else None for row in self.seats]

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
            self._seat_bots()
            self._after_change()
        elif self.game is not None:
            self._seat_bots()
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
            self._seat_bots()
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
            if isinstance(action, CallTime):
                # At a table the players call time together; online it is the server's clock
                # that calls it (`_clock`), or one player could end the game when ahead.
                return "time is called by the game's clock, not by a player"
            try:
                return await self._attempt(action)
            except IllegalActionError as exc:
                return f"not allowed now: {exc}"

    async def _attempt(self, action: Action, reason: str = "") -> str | None:
        """Check `action` (IllegalActionError, nothing changed), carry it out on the room's
        game and commit it (`_commit`); None when done, else why it was taken back."""
        g = self.game
        assert g is not None
        g.check(action)
        try:
            events = g.apply_unchecked(action, reason)
        except Exception:  # the engine failed on a legal action: the game as committed
            log.exception("game %s: the engine failed on %r", self.id, action.text())
            self._restore()
            raise
        return await self._commit(action, events)

    async def _commit(self, action: Action, events: list[Event]) -> str | None:
        """Store one action just carried out on the room's game; only once it is committed
        do the clients hear of it, and if it cannot be, the game is taken back (`_restore`)."""
        g = self.game
        assert g is not None
        told = [e.to_dict() for e in events]
        row = ActionRow(self.version + 1, action.player, action.text(), told)
        status = OVER if g.over else PLAYING
        snapshot = g.to_json() if row.version % SNAPSHOT_EVERY == 0 else None
        try:
            await self.store.commit(Append(self.id, self.version, [row], status, snapshot))
        except Conflict:
            self._restore()
            await self._catch_up()
            return "stale: the game moved on meanwhile"
        except Exception as exc:  # the database failed: nothing was acknowledged
            log.warning("game %s: action not stored: %s", self.id, exc)
            self._restore()
            return "the action could not be saved: try again"
        self.version, self.status = row.version, status
        if snapshot is not None:
            self.base = (row.version, snapshot)
        ACTIONS.inc()
        step = tuple(events)
        self.log.append(step)
        self._after_change()
        await self._broadcast([step], told)
        return None

    def _restore(self) -> None:
        """Take the room's game back to its last committed action (`version`): rebuilt from
        the last snapshot (or the start) and the actions after it, in memory (the database
        may be what failed). A new object, so a bot's move chosen on the old one is chosen
        again, and the bot worker is sent the whole game next time."""
        g = self.game
        assert g is not None
        if self.base is None:
            game, start = new_game(self.setup, list(g.names)), 0
        else:
            game, start = Game.from_json(self.base[1], verify=False), self.base[0]
        for action in g.history[start:self.version]:
            game.apply_unchecked(action)
        self.game = game
        self.pool.reset(self.id)

    async def sync(self) -> None:
        """Another process changed this game: read what it committed and tell our clients."""
        async with self.lock:
            if self.game is not None:
                await self._catch_up()

    async def sync_seats(self) -> None:
        """Another process changed a seat (taken, or played by a stand-in bot) or the game's
        listing or rematch."""
        async with self.lock:
            seats = await self.store.run(self.store.seats_of, self.id)
            meta = await self.store.run(self.store.meta, self.id)
            if seats == self.seats and meta == self.meta:
                return
            if meta is not None:
                self.meta = meta
            self._drop_removed(seats)
            await self._take_seats(seats)

    async def _catch_up(self) -> None:
        """The actions another process committed since `version`, carried out and told. The
        seats are not read here: every change of a seat has a notification of its own
        (`sync_seats`), which would otherwise find nothing changed and leave, say, the
        connection of a person the host removed in their seat."""
        rows = await self.store.run(self.store.actions_after, self.id, self.version)
        steps = self._replay(rows)
        if self.game is not None:
            self.status = OVER if self.game.over else PLAYING
            self._seat_bots()
        await self._broadcast(steps)

    # -- bots and stand-ins --------------------------------------------------------------------

    def _after_change(self) -> None:
        """After every change: bots move if the game waits for one; the clock of a person's
        decision starts again."""
        if self.game is None or self.game.over:
            return
        if any(a is not None for a in self.bot_seats) and (self.bots is None or self.bots.done()):
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
        if any(row.person and g.in_game(i) for i, row in enumerate(self.seats)):
            self.alone_since = None
            return False
        if self.alone_since is None:
            self.alone_since = g.round_number
        return g.round_number - self.alone_since >= BOTS_ALONE_ROUNDS

    async def _run_bots(self) -> None:
        """Bots move while the game waits for one. A bot decides in a worker process with the
        lock let go; its move is committed only if the game is still where it was."""
        while True:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            async with self.lock:
                g = self.game
                if g is None or g.over or self._given_up() or not bot_to_move(
                        g, [spec is not None for spec in self.bot_seats]):
                    return
                version, seats = self.version, list(self.bot_seats)
            move = await self.pool.decide(self.id, g, seats, g.seed * 31)
            async with self.lock:
                if self.game is not g or self.version != version or seats != self.bot_seats:
                    continue  # the game moved on while the bot thought: think again
                if move is None:
                    return
                action, reason = move
                try:
                    refused = await self._attempt(action, reason)
                except IllegalActionError:  # a bot's bug must not take the server down
                    log.exception("game %s: a bot chose an illegal action", self.id)
                    return
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
            if self.bot_seats[seat] is not None:
                return
            await self.store.run(self.store.set_standin, self.id, seat, True)
            self.seats = await self.store.run(self.store.seats_of, self.id)
            self._seat_bots()
            self.log.append(Away(seat))
            await self._broadcast([Away(seat)])
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
                if await self._attempt(CallTime(g.turn_player)) is None:
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
        if self.watchers_due is not None:
            self.watchers_due.cancel()
        for task in (self.bots, self.away, self.clock):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    # -- the host's controls, chat and rematch ---------------------------------------------

    def _drop_removed(self, seats: list[SeatRow]) -> None:
        """Connections of a seat whose person the host removed watch from now on."""
        for client in self.clients:
            seat = client.seat
            if seat is not None and self.seats[seat].claimed and not seats[seat].claimed:
                client.seat = None
                client.rev = None  # it holds its seat's state, not the spectators'
                self._send(client, encode({"type": "error", "reason": "the host gave your "
                                           "seat away: you are watching"}))

    async def host(self, command: HostCommand, seat: int | None, bot: BotSpec) -> str | None:
        """One of the host's controls (the caller checked the host's token); None when done,
        else why not (nothing changed)."""
        async with self.lock:
            if command == "start":
                if self.status != WAITING:
                    return "the game has started"
                names = {row.seat: self.setup.bot_name(row.seat, bot) for row in self.seats
                         if row.name is None}
                seats = await self.store.run(self.store.fill_with_bots, self.id, bot, names)
                await self._take_seats(seats)
                return None
            if command in ("public", "private"):
                await self.store.run(self.store.set_public, self.id, command == "public")
                await self._reload_meta()
                self._broadcast_seats()
                return None
            if command == "delete":
                await self.store.run(self.store.delete_game, self.id)
                self.gone()
                return None
            if seat is None or not 0 <= seat < len(self.seats) or not self.seats[seat].person:
                return "name the seat of a person"
            row = self.seats[seat]
            if command == "standin":
                if self.game is None or self.game.over:
                    return "the game is not under way"
                if row.standin:
                    return "a bot already plays that seat"
                if self.seat_online(seat):
                    return f"{row.name} is here and plays their own seat"
                await self.store.run(self.store.set_standin, self.id, seat, True)
                seats = await self.store.run(self.store.seats_of, self.id)
            else:  # remove
                try:
                    seats = await self.store.run(self.store.remove_person, self.id, seat)
                except StoreError as exc:
                    return str(exc)
            self._drop_removed(seats)
            await self._take_seats(seats)
            return None

    async def _reload_meta(self) -> None:
        meta = await self.store.run(self.store.meta, self.id)
        if meta is not None:
            self.meta = meta

    def gone(self) -> None:
        """The game was deleted (here or in another process): every connection is told and
        closed."""
        self.deleted = True
        self.broadcast(asdict(DeletedMessage(self.id)))
        for client in list(self.clients):
            client.close(1000, "the game was deleted")
        self.clients.clear()

    async def say(self, client: Client, text: str) -> str | None:
        """A chat message of a seat or a spectator, stored with the game and sent to all;
        None when sent, else why not."""
        seat = client.seat
        name = (self.seats[seat].name or "") if seat is not None else (
            client.name or "a spectator")
        row = await self.store.run(self.store.add_chat, self.id, seat, name, text)
        self._chat([row])
        return None

    def _chat(self, rows: list[ChatLine]) -> None:
        fresh = [r for r in rows if not self.chat or r.n > self.chat[-1].n]
        if fresh:
            self.chat.extend(fresh)
            self.broadcast(ChatMessage(tuple(fresh)).to_dict())

    async def sync_chat(self) -> None:
        """Another process stored a chat message."""
        rows = await self.store.run(self.store.chat_after, self.id,
                                    self.chat[-1].n if self.chat else 0, CHAT_LINES)
        self._chat(rows)

    async def hint(self, client: Client) -> str | None:
        """The expert's hint for the asking seat's pending decision (`passgo.review.hint`,
        a fifth of a second of search in a worker thread), sent to that connection alone and
        kept for the decision; None when sent, else why not. At most `HINTS_AT_ONCE` hints
        are worked out at a time in a process, whoever asks."""
        if not self.setup.hints:
            return "the host did not allow hints in this game"
        seat, g = client.seat, self.game
        if seat is None:
            return "hints are for the players: take a seat to ask for one"
        if g is None or g.over or g.pending_player != seat:
            return "no decision of yours is pending"
        version = self.version
        text = self.hints.get((seat, version))
        if text is None:
            if Room.hints_running >= HINTS_AT_ONCE:
                return "the server is working out other hints: ask again in a moment"
            Room.hints_running += 1
            try:
                text = await asyncio.to_thread(hint, g.copy(), seat)
            finally:
                Room.hints_running -= 1
            self.hints = {(seat, version): text}  # the hint of the latest decision only
        self._send(client, encode(asdict(HintMessage(version, text))))
        return None

    async def rematch(self, client: Client, new_id: str, seed: int,
                      most_per_hour: int | None = None) -> str | None:
        """A rematch after game over, asked by a seated person: the same seats and rules
        (`Store.make_rematch`, within the games an hour its creator may make); everyone's
        next message names it."""
        if client.seat is None:
            return "spectators cannot ask for a rematch"
        async with self.lock:
            try:
                made = await self.store.run(self.store.make_rematch, self.id, new_id, seed,
                                            most_per_hour)
            except StoreError as exc:
                return str(exc)
            await self._reload_meta()
            self.broadcast(asdict(RematchMessage(made)))
            return None

    def chat_rate(self, address: str) -> RateLimit:
        """The chat rate limit of one address in this game (`CHAT_RATE`), shared by all its
        connections."""
        rate = self.chat_rates.get(address)
        if rate is None:
            if len(self.chat_rates) >= MAX_CHAT_RATES:
                self.chat_rates.clear()
            rate = self.chat_rates[address] = RateLimit(*CHAT_RATE)
        return rate

    # -- what clients see ----------------------------------------------------------------------

    def watchers(self) -> int:
        return sum(client.seat is None for client in self.clients)

    def seat_online(self, seat: int) -> bool:
        return any(client.seat == seat for client in self.clients)

    async def join(self, client: Client) -> None:
        """A new connection: it gets the whole picture, the recent log and chat. Everyone is
        told at once when a seat comes online; a spectator only changes the watchers' count,
        sent with the next update or within `WATCHERS_EVERY`."""
        async with self.lock:
            came = client.seat is not None and not self.seat_online(client.seat)
            self.clients.add(client)
            self._send_whole(client, list(self.log))
            if self.chat:
                self._send(client, encode(ChatMessage(tuple(self.chat)).to_dict()))
            self._seats_moved(came)

    async def resend(self, client: Client) -> None:
        """The whole state again, to a browser that found a gap in its patches (`sync`)."""
        async with self.lock:
            self._send_whole(client, [])

    def _send_whole(self, client: Client, steps: list[Told]) -> None:
        """The whole state to one connection, with what `steps` said (the seat's doc is the
        one its other connections hold, if they are up to date)."""
        seat = client.seat
        entry = self.docs.get(seat)
        if entry is None or entry[0] != self.rev:
            g = self.game
            view = None if g is None else g.views([_viewer(seat)], self.memo)[0]
            entry = self.docs[seat] = (self.rev, self._doc(seat, view))
        self._send(client, encode({**self._shared([]), **self._said(seat, steps), **entry[1],
                                   "rev": self.rev}))
        client.rev = self.rev

    async def leave(self, client: Client) -> None:
        self.clients.discard(client)
        self._seats_moved(client.seat is not None and not self.seat_online(client.seat))

    def _seats_moved(self, seat_changed: bool) -> None:
        """A connection came or went: the seats at once if a seat's online mark changed,
        else the watchers' count once `WATCHERS_EVERY` has passed (one update for a crowd)."""
        if seat_changed:
            self._broadcast_seats()
        elif self.watchers_due is None:
            def due() -> None:
                self.watchers_due = None
                self._broadcast_seats()
            self.watchers_due = asyncio.get_running_loop().call_later(WATCHERS_EVERY, due)

    def _shared(self, steps: list[Told], told: list[Any] | None = None) -> dict[str, Any]:
        """What every seat and spectator is told alike, computed once per change (an update
        goes to every connected browser): the state, and the events of the `steps` it
        brings (`told`: their tables, when the caller has them), for the page to animate
        (docs/api.md, Events). Sent whole in every update, patched or not."""
        out: dict[str, Any] = {
            "type": "state", "game": self.id, "status": self.status, "version": self.version,
            "seats": self._seats(), **self._listing(),
            "events": told if told is not None else [
                e.to_dict() for step in steps if not isinstance(step, Away)
                for e in step if not isinstance(e, str)],
        }
        if self.game is not None:
            out["time_left"] = self.time_left()
        return out

    def _said(self, seat: int | None, steps: list[Told]) -> dict[str, Any]:
        """What the `steps` said, told to `seat` (None: a spectator), each sentence with the
        kind of its event (the log's icon). Sent whole in every update."""
        g = self.game
        if g is None:
            return {"said": []}
        said = said_to(g, steps, seat)
        return {"said": [text for _, text in said], "said_kinds": [kind for kind, _ in said]}

    def _doc(self, seat: int | None, view: dict[str, Any] | None) -> Doc:
        """What one seat (None: a spectator) may see now and keeps until the next update:
        the pending decision in its own person (to the player who decides the question in
        the second person and the explanation; to others who is waited for), its own view of
        the game (`Game.view`) and the actions the rules allow it."""
        out: Doc = {"seat": seat}
        g = self.game
        if g is None:
            return out
        out["question"] = question(g, seat)
        deciding = seat is not None and seat == g.pending_player and not g.over
        out["explain"] = explain(g) if deciding else None
        out["debt"] = debt_line(g, seat, seat) if seat is not None else None
        if isinstance(pending := g.pending, TradeReplyDecision):
            out["offer"] = Voice(g, seat).offer(pending.offer)  # terms and all, in words
        out["view"] = view
        acting = seat is not None and not self.seats[seat].standin and not g.over
        legal = g.legal_actions(seat) if acting and seat is not None else []
        answers = {a.text() for a in g.answers(seat)} if acting and seat is not None else set()
        # `answer`: it answers the pending decision; the others are business open at any time.
        out["actions"] = [{"text": (text := a.text()), "label": describe_action(g, a),
                           "answer": text in answers} for a in legal]
        out["bid_range"] = g.bid_range(seat) if acting and seat is not None else None
        return out

    def _seats(self) -> list[dict[str, Any]]:
        online = {c.seat for c in self.clients}
        return [{**seat_dict(row), "online": row.seat in online} for row in self.seats]

    def _listing(self) -> dict[str, Any]:
        """The game's name and listing, its rematch once made, and how many watch."""
        return Listing(self.meta.name, self.meta.public, self.meta.rematch,
                       self.watchers(), self.setup.hints).to_dict()

    async def _broadcast(self, steps: list[Told], told: list[Any] | None = None) -> None:
        """The update after a change, to every connection: each seat's state built once for
        all its connections, sent whole, or as a patch of the last one to a browser that
        asked for patches and holds it."""
        self.rev += 1
        by_seat: dict[int | None, list[Client]] = {}
        for client in self.clients:
            by_seat.setdefault(client.seat, []).append(client)
        seats = list(by_seat)
        # Every seat's view at once: what they all may see is built a single time.
        g = self.game
        views: list[dict[str, Any] | None] = [None] * len(seats)
        if g is not None:
            views[:] = g.views([_viewer(seat) for seat in seats], self.memo)
        shared = self._shared(steps, told)
        differ = Differ()  # the seats' views share their values: each is diffed once
        docs: dict[int | None, tuple[int, Doc]] = {}
        for seat, view in zip(seats, views, strict=True):
            doc = self._doc(seat, view)
            docs[seat] = (self.rev, doc)
            said = self._said(seat, steps)
            old = self.docs.get(seat)
            whole = patch = None
            for client in by_seat[seat]:
                if client.patches and old is not None and client.rev == old[0]:
                    if patch is None:
                        patch = encode({**shared, **said, "rev": self.rev, "base": old[0],
                                        "patch": differ.diff(old[1], doc)})
                    text = patch
                else:
                    if whole is None:
                        whole = encode({**shared, **said, **doc, "rev": self.rev})
                    text = whole
                self._send(client, text)
                client.rev = self.rev
        self.docs = docs

    def _broadcast_seats(self) -> None:
        self.broadcast({"type": "seats", "seats": self._seats(), **self._listing()})

    def broadcast(self, message: dict[str, Any]) -> None:
        """One message to every connection, encoded once."""
        text = encode(message)
        for client in list(self.clients):
            self._send(client, text)

    def _send(self, client: Client, text: str) -> None:
        if not client.has_board and self.game is not None:
            if self.board is None:
                self.board = encode(board_payload(self.game))
            client.has_board = client.put(self.board)
        if not client.put(text):  # not reading: closed, and it leaves when its reader ends
            self.clients.discard(client)
