"""The HTTP and WebSocket routes of `passgo serve` (FastAPI).

    GET  /api/options                 presets, every rules option with its meaning, the bots
    GET  /api/games                   the lobby: games not over, with their seats
    POST /api/games                   create a game; answers {"id": ...}
    GET  /api/games/{id}              one game's seats and status
    POST /api/games/{id}/join         {"seat": 0, "name": "Ann"} -> {"seat": 0, "token": ...}
    WS   /api/games/{id}/ws           the game itself (see `passgo.web.messages`)
    GET  /, /game/{id}                the browser client (built into passgo/web/static)

The token a join returns is the seat's secret: the browser keeps it and says it in its
`hello`, also after a reload or a dropped connection, to sit in its seat again. Bad requests
get a one-line {"error": ...} and change nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

import orjson
from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from passgo.agents import AGENTS
from passgo.core.rules import CHOICES, PRESETS, option_docs
from passgo.rulespec import PRESET_SUMMARIES
from passgo.web.messages import ActionMessage, Hello, MessageError, RateLimit, read_message
from passgo.web.notify import listen
from passgo.web.room import Client, Room
from passgo.web.setup import (
    MAX_AWAY_SECONDS,
    PERSON,
    WEB_BOTS,
    WEB_REFUSED,
    SetupError,
    check_name,
    make_setup,
)
from passgo.web.store import SEATS, Store, StoreError, seat_dict, token_hash

MAX_BODY = 16_384
STRIKES_BEFORE_CLOSE = 50  # messages refused in a row by the rate limit
POLICY_VIOLATION = 1008
# A game nobody has asked for in this long, with nothing under way in this process, leaves
# memory (its every action is in the store, and it is loaded again when asked for); the
# sweep looks every `SWEEP_SECONDS`.
IDLE_SECONDS = 600.0
SWEEP_SECONDS = 60.0


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["person", "bot"]
    bot: Annotated[str, Field(max_length=200)] | None = None


class CreateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    preset: Annotated[str, Field(max_length=40)] = "classic"
    options: Annotated[dict[str, StrictBool | StrictInt | StrictStr],
                       Field(max_length=100)] = {}
    starting_cash: StrictInt | None = None
    seats: Annotated[list[SeatIn], Field(min_length=2, max_length=8)]
    away_seconds: StrictInt = 0
    away_bot: Annotated[str, Field(max_length=200)] = "basic"


class JoinIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt
    name: Annotated[str, Field(max_length=200)]


class Rooms:
    """The games this process serves, loaded from the store on first use."""

    def __init__(self, store: Store, bot_delay: float, idle_seconds: float = IDLE_SECONDS) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.idle_seconds = idle_seconds
        self.rooms: dict[str, Room] = {}
        self.loading = asyncio.Lock()

    async def get(self, game_id: str) -> Room | None:
        room = self.rooms.get(game_id)
        if room is None:
            if len(game_id) > 32:
                return None
            async with self.loading:
                if game_id not in self.rooms:
                    loaded = await Room.load(self.store, game_id, self.bot_delay)
                    if loaded is None:
                        return None
                    self.rooms[game_id] = loaded
                room = self.rooms[game_id]
        room.used = time.monotonic()
        return room

    async def evict_idle(self) -> list[str]:
        """Unload the games nobody has asked for in `idle_seconds` and that have nothing
        under way here (`Room.busy`), so a long-running server's memory follows the games
        being played, not every game it ever served. Their ids, in order."""
        now = time.monotonic()
        idle = [game_id for game_id, room in self.rooms.items()
                if not room.busy() and now - room.used >= self.idle_seconds]
        for game_id in idle:
            await self.rooms.pop(game_id).close()
        return idle

    async def sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            await self.evict_idle()

    async def changed(self, game_id: str, what: str) -> None:
        """A process (maybe this one) committed to `game_id`: a notification."""
        room = self.rooms.get(game_id)
        if room is None:
            return
        if what == SEATS:
            await room.sync_seats()
        elif what.isdigit() and int(what) > room.version:
            await room.sync()

    async def close(self) -> None:
        for room in self.rooms.values():
            await room.close()


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> Any:
    """The request's JSON, read with a size limit (HTTPException 413/400 otherwise)."""
    size = int(request.headers.get("content-length") or 0)
    if size > MAX_BODY:
        raise HTTPException(413, f"request too large (at most {MAX_BODY} bytes)")
    chunks, total = [], 0
    async for chunk in request.stream():
        total += len(chunk)
        if total > MAX_BODY:
            raise HTTPException(413, f"request too large (at most {MAX_BODY} bytes)")
        chunks.append(chunk)
    try:
        return json.loads(b"".join(chunks))
    except (ValueError, RecursionError):
        raise HTTPException(400, "the request must be JSON") from None


def options_payload() -> dict[str, Any]:
    """What the lobby's form is made from: presets, options with their one-line meaning and
    their values (but those the browser cannot play), and the bots that may sit at a table."""
    return {
        "presets": [{"name": name, "summary": PRESET_SUMMARIES.get(name, ""),
                     "changed": PRESETS[name]().changed()} for name in PRESETS],
        "options": [{"name": name, "default": default, "doc": doc,
                     "type": type(default).__name__, "choices": list(CHOICES.get(name, ()))}
                    for name, default, doc, _ in option_docs() if name not in WEB_REFUSED],
        "bots": [{"name": name, "doc": AGENTS[name]} for name in WEB_BOTS],
        "max_away_seconds": MAX_AWAY_SECONDS,
    }


def static_dir() -> Path:
    return Path(str(resources.files("passgo.web") / "static"))


def create_app(store: Store, *, bot_delay: float = 0.5,
               rate_limit: tuple[float, float] = (10.0, 30.0)) -> FastAPI:
    """The server's app over `store` (migrated by the caller). `rate_limit`: messages a
    second per connection, and the burst allowed above it."""
    rooms = Rooms(store, bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        tasks = [loop.create_task(rooms.sweep())]
        if store.postgres:
            tasks.append(loop.create_task(listen(store, rooms.changed)))
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            await rooms.close()

    app = FastAPI(title="passgo", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.rooms = rooms

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(400, _validation_line(exc.errors()))

    @app.exception_handler(HTTPException)
    async def _http(_: Request, exc: HTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail))

    @app.get("/api/options")
    async def get_options() -> dict[str, Any]:
        return options_payload()

    @app.get("/api/games")
    async def get_games() -> dict[str, Any]:
        return {"games": await store.run(store.list_games)}

    @app.post("/api/games")
    async def post_game(request: Request) -> JSONResponse:
        try:
            req = CreateIn.model_validate(await _body(request))
        except ValueError as exc:
            return _error(400, _validation_line(getattr(exc, "errors", lambda: [])()))
        kinds = [PERSON if s.kind == "person" else (s.bot or "") for s in req.seats]
        try:
            setup = make_setup(req.preset, dict(req.options), kinds, secrets.randbits(31),
                               req.starting_cash, req.away_seconds, req.away_bot)
        except SetupError as exc:
            return _error(400, str(exc))
        game_id = secrets.token_urlsafe(9)
        bots = {i: setup.bot_name(i) for i, kind in enumerate(kinds) if kind != PERSON}
        await store.run(store.create_game, game_id, setup, bots)
        return JSONResponse({"id": game_id}, status_code=201)

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str) -> JSONResponse:
        room = await rooms.get(game_id)
        if room is None:
            return _error(404, "no such game")
        return JSONResponse({"id": game_id, "status": room.status,
                             "seats": [seat_dict(r) for r in room.seats]})

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, request: Request) -> JSONResponse:
        try:
            req = JoinIn.model_validate(await _body(request))
        except ValueError as exc:
            return _error(400, _validation_line(getattr(exc, "errors", lambda: [])()))
        room = await rooms.get(game_id)
        if room is None:
            return _error(404, "no such game")
        try:
            name = check_name(req.name)
            token = secrets.token_urlsafe(24)
            seats = await store.run(store.claim_seat, game_id, req.seat, name,
                                            token_hash(token))
        except (SetupError, StoreError) as exc:
            return _error(409 if isinstance(exc, StoreError) else 400, str(exc))
        await room.seats_changed(seats)
        return JSONResponse({"seat": req.seat, "token": token})

    @app.websocket("/api/games/{game_id}/ws")
    async def game_socket(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        room = await rooms.get(game_id)
        if room is None:
            await ws.send_json({"type": "error", "reason": "no such game"})
            await ws.close()
            return
        await serve_client(ws, room, store, RateLimit(*rate_limit))

    static = static_dir()
    if (static / "assets").is_dir():
        app.mount("/assets", StaticFiles(directory=static / "assets"), name="assets")

    @app.get("/")
    @app.get("/game/{game_id}")
    async def page(game_id: str = "") -> Response:
        index = static / "index.html"
        if not index.is_file():
            return _error(503, "the browser client is not built: run `make serve` (or "
                          "`make client`) in a passgo checkout")
        return FileResponse(index)

    return app


async def serve_client(ws: WebSocket, room: Room, store: Store, limit: RateLimit) -> None:
    """One browser's connection: its seat (by token), then its actions, each answered by an
    update to everyone or a refusal to it alone."""

    async def send(message: dict[str, Any]) -> None:
        # orjson: an update (some 9 kB: the seat's view, its actions in words) goes to every
        # browser after every action, and the standard json module took a quarter of the
        # server's time for it.
        await ws.send_text(orjson.dumps(message).decode())

    client = Client(send)
    joined = False
    try:
        while True:
            raw = await ws.receive_text()
            if not limit.allow():
                if limit.strikes > STRIKES_BEFORE_CLOSE:
                    await ws.close(POLICY_VIOLATION, "too many messages")
                    return
                await send({"type": "error", "reason": "too many messages: slow down"})
                continue
            try:
                message = read_message(raw)
            except MessageError as exc:
                await send({"type": "error", "reason": str(exc)})
                continue
            if isinstance(message, Hello):
                if joined:
                    await send({"type": "error", "reason": "hello comes once"})
                    continue
                if message.token is not None:
                    seat = await store.run(store.seat_of_token, room.id,
                                                   token_hash(message.token))
                    if seat is None:
                        await send({"type": "error",
                                    "reason": "this token holds no seat here: watching"})
                    client.seat = seat
                joined = True
                await room.join(client)
                continue
            if not joined:
                await send({"type": "error", "reason": "say hello first"})
                continue
            if isinstance(message, ActionMessage):
                refused = await room.act(client, message.version, message.action)
            else:
                refused = await room.take_back(client)
            if refused is not None:
                await send({"type": "refused", "reason": refused, "version": room.version})
    except WebSocketDisconnect:
        pass
    finally:
        if joined:
            await room.leave(client)


def _validation_line(errors: Any) -> str:
    """Pydantic's first complaint as one line: `seats.0.kind: Input should be ...`."""
    if not errors:
        return "the request is not valid"
    first = errors[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    return f"{where}: {first.get('msg', 'not valid')}" if where else str(first.get("msg"))
