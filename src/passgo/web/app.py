"""The HTTP and WebSocket routes of `passgo serve` (FastAPI).

    GET  /api/options                 presets, every rules option with its meaning and bounds,
                                      the bots, the server's public address
    GET  /api/games                   the lobby: public games not over (name, rules, free seats)
    POST /api/games                   create a game; answers {"id", "host_token", "url"}
    GET  /api/games/{id}              one game's name, seats and status
    POST /api/games/{id}/join         {"seat": 0, "name": "Ann"} -> {"seat": 0, "token": ...}
    POST /api/games/{id}/host         the host's controls: {"host_token", "do", "seat", "bot"}
    WS   /api/games/{id}/ws           the game itself (see `passgo.web.messages`)
    GET  /healthz, /metrics           liveness (and the database), Prometheus' text format
    GET  /, /game/{id}                the browser client (built into passgo/web/static)

The token a join returns is the seat's secret: the browser keeps it and says it in its
`hello`, also after a reload or a dropped connection, to sit in its seat again. The host token
a creation returns is the secret of the game's host. Bad requests get a one-line
{"error": ...} and change nothing; so does a database that fails (503), and any error of the
server itself (500, logged).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
)
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.websockets import WebSocketState

from passgo.core import Game
from passgo.core.rule_catalogue import CATALOGUE, CATEGORIES, RULE_SETS
from passgo.core.rules import BOUNDS, CHOICES, PRESETS, option_docs
from passgo.rulespec import PRESET_SUMMARIES
from passgo.web import metrics
from passgo.web.bots import BotPool
from passgo.web.computed import Computed
from passgo.web.limits import Connections, Limits, address_key, client_address
from passgo.web.logs import event
from passgo.web.messages import (
    ActionMessage,
    Chat,
    Hello,
    HintRequest,
    HostCommand,
    Message,
    MessageError,
    RateLimit,
    Rematch,
    Sync,
    TakeBack,
    read_message,
)
from passgo.web.notify import listen
from passgo.web.protocol import Created
from passgo.web.review import game_review, position_view
from passgo.web.room import CLOSE, SEAT_CONNECTIONS, Client, Room
from passgo.web.setup import (
    LOBBY_BOTS,
    MAX_AWAY_SECONDS,
    PERSON,
    SetupError,
    check_game_name,
    check_name,
    make_setup,
    web_bot,
)
from passgo.web.store import (
    CHAT,
    DELETED,
    HOUR,
    OVER,
    SEATS,
    DatabaseError,
    Store,
    StoreError,
    seat_dict,
    token_hash,
)
from passgo.web.summary import game_summary

MAX_BODY = 16_384
MAX_SUMMARIES = 64  # finished games whose result figures a process keeps
MAX_POSITIONS = 256  # boards of finished games' steps a process keeps (the review's)
STRIKES_BEFORE_CLOSE = 50  # messages refused in a row by the rate limit
MAX_REASON = 300  # characters of a refusal sent back (it may quote what was sent)
POLICY_VIOLATION = 1008
UNSUPPORTED_DATA = 1003
TRY_AGAIN_LATER = 1013
# A game nobody has asked for in this long, with nothing under way in this process, leaves
# memory (its every action is in the store, and it is loaded again when asked for); the
# sweep looks every `SWEEP_SECONDS`.
IDLE_SECONDS = 600.0
SWEEP_SECONDS = 60.0
# A waiting game nobody has touched for this long leaves the lobby (its link still works).
LOBBY_STALE_SECONDS = 86_400.0


@dataclass(frozen=True, slots=True)
class Serving:
    """How this server serves, as its operator chose (`passgo serve`'s options)."""

    bot_delay: float = 0.5
    rate_limit: tuple[float, float] = (10.0, 30.0)  # messages a second, and the burst
    limits: Limits = field(default_factory=Limits)
    bot_workers: int = 2
    bot_time_limit: float = 1.0  # seconds a bot may think per decision
    public_url: str | None = None  # the address friends use, for links (None: the page's own)


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["person", "bot"]
    bot: Annotated[str, Field(max_length=200)] | None = None


class CreateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=200)] = ""
    public: StrictBool = True
    preset: Annotated[str, Field(max_length=40)] = "classic"
    options: Annotated[dict[str, StrictBool | StrictInt | StrictStr],
                       Field(max_length=100)] = {}
    starting_cash: StrictInt | None = None
    seats: Annotated[list[SeatIn], Field(min_length=2, max_length=8)]
    away_seconds: StrictInt = 0
    away_bot: Annotated[str, Field(max_length=200)] = "basic"
    hints: StrictBool = False


class JoinIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt
    name: Annotated[str, Field(max_length=200)]


class HostIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    host_token: Annotated[str, Field(max_length=100)]
    do: HostCommand
    seat: StrictInt | None = None
    bot: Annotated[str, Field(max_length=40)] = "basic"


class Rooms:
    """The games this process serves, loaded from the store on first use."""

    def __init__(self, store: Store, bot_delay: float, bots: BotPool,
                 idle_seconds: float = IDLE_SECONDS) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.bots = bots
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
                    loaded = await Room.load(self.store, game_id, self.bot_delay, self.bots)
                    if loaded is None:
                        return None
                    self.rooms[game_id] = loaded
                    metrics.GAMES_LOADED.set(len(self.rooms))
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
            await self.drop(game_id)
        return idle

    async def drop(self, game_id: str) -> None:
        room = self.rooms.pop(game_id, None)
        if room is not None:
            await room.close()
            self.bots.forget(game_id)
        metrics.GAMES_LOADED.set(len(self.rooms))

    async def sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            await self.evict_idle()

    async def changed(self, game_id: str, what: str) -> None:
        """A process (maybe this one) committed to `game_id`: a notification."""
        room = self.rooms.get(game_id)
        if room is None:
            return
        if what == DELETED:
            room.gone()
            await self.drop(game_id)
        elif what == CHAT:
            await room.sync_chat()
        elif what == SEATS:
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


Model = TypeVar("Model", bound=BaseModel)


async def _read(request: Request, model: type[Model]) -> Model:
    """The request's body as `model` (HTTPException 400 in one line otherwise)."""
    try:
        return model.model_validate(await _body(request))
    except ValidationError as exc:
        raise HTTPException(400, _validation_line(exc.errors())) from None


def options_payload(serving: Serving) -> dict[str, Any]:
    """What the lobby's form is made from: presets, options with their one-line meaning and
    their values (but those the browser cannot play), and the bots that may sit at a table."""
    return {
        "public_url": serving.public_url, "bot_time_limit": serving.bot_time_limit,
        "presets": [{"name": name, "summary": PRESET_SUMMARIES.get(name, ""),
                     "changed": PRESETS[name]().changed()} for name in PRESETS],
        "options": [{"name": name, "default": default, "doc": doc,
                     "type": type(default).__name__, "choices": list(CHOICES.get(name, ())),
                     "min": BOUNDS.get(name, (None, None))[0],
                     "max": BOUNDS.get(name, (None, None))[1],
                     "title": CATALOGUE[name].name, "category": CATALOGUE[name].category,
                     "origin": CATALOGUE[name].origin, "meaning": CATALOGUE[name].meaning,
                     "on": CATALOGUE[name].on, "with": dict(CATALOGUE[name].with_options)}
                    for name, default, doc, _ in option_docs()],
        "categories": [{"id": key, "title": title} for key, title in CATEGORIES.items()],
        "rule_sets": [{"name": s.name, "meaning": s.meaning, "preset": s.preset,
                       "options": dict(s.options)} for s in RULE_SETS.values()],
        "bots": [{"name": name, "title": title, "doc": doc} for name, title, doc in LOBBY_BOTS],
        "max_away_seconds": MAX_AWAY_SECONDS,
    }


def static_dir() -> Path:
    return Path(str(resources.files("passgo.web") / "static"))


def create_app(store: Store, serving: Serving | None = None, *,
               bots: BotPool | None = None) -> FastAPI:
    """The server's app over `store` (migrated by the caller), served as `serving` says; its
    bots decide in `bots` (by default `serving.bot_workers` worker processes, started when a
    bot first moves and stopped with the app)."""
    serving = serving or Serving()
    pool = bots or BotPool(serving.bot_workers, serving.bot_time_limit)
    rooms = Rooms(store, serving.bot_delay, pool)
    connections = Connections()
    limits = serving.limits

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        tasks = [loop.create_task(rooms.sweep()), loop.create_task(metrics.watch_lag())]
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
            await pool.close()

    app = FastAPI(title="passgo", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.rooms = rooms
    app.state.bots = pool

    def address(request: Request | WebSocket) -> str:
        peer = request.client.host if request.client else None
        return client_address(peer, request.headers.get("x-forwarded-for"),
                              limits.trusted_proxies)

    def link(request: Request, game_id: str) -> str:
        base = serving.public_url or str(request.base_url)
        return base.rstrip("/") + f"/game/{game_id}"

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(400, _validation_line(exc.errors()))

    @app.exception_handler(StarletteHTTPException)  # (the router's 404 and 405 too)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        answer = _error(exc.status_code, str(exc.detail))
        answer.headers.update(exc.headers or {})  # (a 405's Allow)
        return answer

    @app.exception_handler(DatabaseError)
    async def _database(request: Request, exc: DatabaseError) -> JSONResponse:
        metrics.DATABASE_ERRORS.inc()
        event("database_error", 30, path=request.url.path, error=str(exc))
        return _error(503, f"{exc}: nothing was changed, try again later")

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> JSONResponse:
        if isinstance(exc, ClientDisconnect):
            # The client went away mid-request: nobody to answer, and no failure of ours.
            return _error(400, "the request was not sent completely")
        metrics.SERVER_ERRORS.inc()
        event("server_error", 40, path=request.url.path, error=f"{type(exc).__name__}: {exc}")
        return _error(500, "the server failed on this request (it is logged)")

    @app.get("/healthz")
    async def healthz() -> JSONResponse:
        """Up, and the database answers."""
        await store.run(store.deadline_of, "")
        return JSONResponse({"ok": True, "games_loaded": len(rooms.rooms),
                             "bot_workers": len(pool.pids())})

    @app.get("/metrics")
    async def get_metrics() -> Response:
        return PlainTextResponse(generate_latest(), media_type=CONTENT_TYPE_LATEST)

    @app.get("/api/options")
    async def get_options() -> dict[str, Any]:
        return options_payload(serving)

    @app.get("/api/games")
    async def get_games(request: Request) -> dict[str, Any]:
        games = await store.run(store.list_games, 50, time.time() - LOBBY_STALE_SECONDS)
        return {"games": [{**g, "url": link(request, g["id"])} for g in games]}

    async def room_of(game_id: str) -> Room:
        room = await rooms.get(game_id)
        if room is None:
            raise HTTPException(404, "no such game")
        return room

    @app.post("/api/games")
    async def post_game(request: Request) -> JSONResponse:
        req = await _read(request, CreateIn)
        kinds = [PERSON if s.kind == "person" else (s.bot or "") for s in req.seats]
        try:
            name = check_game_name(req.name)
            setup = make_setup(req.preset, dict(req.options), kinds, secrets.randbits(31),
                               req.starting_cash, req.away_seconds, req.away_bot,
                               req.hints)
        except SetupError as exc:
            return _error(400, str(exc))
        who = address(request)
        creator = address_key(who)
        made = await store.run(store.created_since, creator, time.time() - HOUR)
        if made >= limits.games_per_hour:
            metrics.REFUSED.labels("games_per_hour").inc()
            event("refused", what="games_per_hour", address=who)
            return _error(429, f"at most {limits.games_per_hour} new games an hour from one "
                          "address: try again later")
        game_id = secrets.token_urlsafe(9)
        host_token = secrets.token_urlsafe(24)
        bots = {i: setup.bot_name(i) for i, spec in enumerate(setup.seats) if spec is not None}
        await store.run(lambda: store.create_game(
            game_id, setup, bots, name=name, public=req.public,
            host_hash=token_hash(host_token), creator=creator))
        metrics.GAMES_CREATED.inc()
        event("game_created", game=game_id, address=who, seats=len(setup.seats),
              public=req.public)
        return JSONResponse(asdict(Created(game_id, host_token, link(request, game_id))),
                            status_code=201)

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str, request: Request) -> JSONResponse:
        room = await room_of(game_id)
        return JSONResponse({"id": game_id, "status": room.status, "name": room.meta.name,
                             "public": room.meta.public, "rematch": room.meta.rematch,
                             "url": link(request, game_id),
                             "seats": [seat_dict(r) for r in room.seats]})

    summaries = Computed(keep=MAX_SUMMARIES, at_once=2)
    # A review takes seconds of CPU (minutes for rules without a trained evaluator): one at
    # a time, whoever asks.
    reviews = Computed(keep=MAX_SUMMARIES, at_once=1)
    # A step's board is a replay of up to the whole history (milliseconds; a second for the
    # longest games): two at a time, so that requests cannot start as many as they like.
    positions = Computed(keep=MAX_POSITIONS, at_once=2)

    async def over(game_id: str) -> tuple[Room, Game] | JSONResponse:
        """A finished game's room and game (over: no action changes it any more), or the 409
        before its end."""
        room = await room_of(game_id)
        if room.game is None or room.status != OVER:
            return _error(409, "the game is not over yet")
        return room, room.game

    def busy(text: str, retry: int) -> JSONResponse:
        """The 503 of work bounded by a `Computed` whose bound is reached."""
        response = _error(503, text)
        response.headers["Retry-After"] = str(retry)
        return response

    async def finished(cache: Computed, game_id: str, what: str,
                       work: Callable[[Room, Game], dict[str, Any]]) -> JSONResponse:
        """A finished game's figures (409 before the end; 503 while the bound is reached)."""
        found = await over(game_id)
        if isinstance(found, JSONResponse):
            return found
        room, game = found
        # Copied only when worked out, not for every request the cache answers.
        figures = await cache.get(game_id, lambda: work(room, game.copy()))
        if figures is None:
            return busy(f"the server is working out another game's {what}: try again in a "
                        "minute", 60)
        return JSONResponse(figures)

    @app.get("/api/games/{game_id}/summary")
    async def get_summary(game_id: str) -> JSONResponse:
        """The result screen's figures, from a replay of the finished game's history."""
        return await finished(summaries, game_id, "summary",
                              lambda room, game: game_summary(game))

    @app.get("/api/games/{game_id}/review")
    async def get_review(game_id: str) -> JSONResponse:
        """The review of a finished game (docs/review.md#json), in a worker thread."""
        return await finished(reviews, game_id, "review", lambda room, game: game_review(
            game, [r.person for r in sorted(room.seats, key=lambda r: r.seat)]))

    @app.get("/api/games/{game_id}/position/{at}")
    async def get_position(game_id: str, at: int) -> JSONResponse:
        """A finished game's board after its first `at` actions, as a spectator sees it (the
        review's step-through), from a replay in a worker thread."""
        found = await over(game_id)
        if isinstance(found, JSONResponse):
            return found
        _, game = found
        if not 0 <= at <= len(game.history):
            return _error(404, f"the game has {len(game.history)} actions")
        view = await positions.get(f"{game_id}/{at}", lambda: position_view(game, at))
        if view is None:
            return busy("the server is busy with other boards: try again", 1)
        return JSONResponse(view)

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, request: Request) -> JSONResponse:
        req = await _read(request, JoinIn)
        room = await room_of(game_id)
        try:
            name = check_name(req.name)
            token = secrets.token_urlsafe(24)
            seats = await store.run(store.claim_seat, game_id, req.seat, name,
                                    token_hash(token))
        except (SetupError, StoreError) as exc:
            return _error(409 if isinstance(exc, StoreError) else 400, str(exc))
        await room.seats_changed(seats)
        event("seat_taken", game=game_id, seat=req.seat, address=address(request))
        return JSONResponse({"seat": req.seat, "token": token})

    @app.post("/api/games/{game_id}/host")
    async def host(game_id: str, request: Request) -> JSONResponse:
        req = await _read(request, HostIn)
        room = await room_of(game_id)
        if room.meta.host_hash is None or not secrets.compare_digest(
                room.meta.host_hash, token_hash(req.host_token)):
            metrics.REFUSED.labels("host_token").inc()
            return _error(403, "only the game's host may do that (the host token is wrong)")
        try:
            bot = web_bot(req.bot)
        except SetupError as exc:
            return _error(400, str(exc))
        refused = await room.host(req.do, req.seat, bot)
        if refused is not None:
            return _error(409, refused)
        event("host", game=game_id, do=req.do, seat=req.seat, address=address(request))
        if req.do == "delete":
            await rooms.drop(game_id)
            return JSONResponse({"deleted": game_id})
        return JSONResponse({"id": game_id, "status": room.status, "public": room.meta.public,
                             "seats": [seat_dict(r) for r in room.seats]})

    @app.websocket("/api/games/{game_id}/ws")
    async def game_socket(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        who = address(ws)
        if not connections.add(who, limits.connections_per_address):
            metrics.REFUSED.labels("connections_per_address").inc()
            await ws.close(TRY_AGAIN_LATER, f"at most {limits.connections_per_address} "
                           "connections from one address")
            return
        metrics.CONNECTIONS.inc()
        try:
            try:
                room = await rooms.get(game_id)
            except DatabaseError:
                metrics.DATABASE_ERRORS.inc()
                await ws.close(TRY_AGAIN_LATER, "the database failed: try again later")
                return
            if room is None:
                await ws.send_json({"type": "error", "reason": "no such game"})
                await ws.close()
                return
            if await _game_full(ws, room, limits.connections_per_game):
                return
            await serve_client(ws, room, store, serving, Client(who))
        finally:
            connections.remove(who)
            metrics.CONNECTIONS.dec()

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


async def _write(ws: WebSocket, client: Client) -> None:
    """Send a client's queued messages until it is closed."""
    while True:
        text = await client.queue.get()
        if text == CLOSE:
            if ws.client_state == WebSocketState.CONNECTED:
                await ws.close(*client.closing)
            return
        await ws.send_text(text)


async def _receive(ws: WebSocket) -> str | None:
    """The next text frame (None: the connection ended); a binary frame closes it with a
    reason, since every message is JSON text."""
    frame = await ws.receive()
    if frame["type"] == "websocket.disconnect":
        return None
    text = frame.get("text")
    if text is None:
        await ws.close(UNSUPPORTED_DATA, "messages are JSON text frames, not binary")
        return None
    return str(text)


async def serve_client(ws: WebSocket, room: Room, store: Store, serving: Serving,
                       client: Client) -> None:
    """One browser's connection: its seat (by token), then its messages, each answered by an
    update to everyone or a refusal to it alone. Its messages are sent by a writer task from
    its queue (`Client`)."""
    limit, chat_limit = RateLimit(*serving.rate_limit), room.chat_rate(client.address)
    writer = asyncio.get_running_loop().create_task(_write(ws, client))

    def tell(message: dict[str, Any]) -> None:
        reason = message.get("reason")
        if isinstance(reason, str) and len(reason) > MAX_REASON:
            # (A refusal may quote what was sent, and what was sent may be 4 KiB of it.)
            message = {**message, "reason": reason[:MAX_REASON - 1] + "…"}
        client.put(json.dumps(message))

    joined = False
    try:
        while not client.gone and not room.deleted:
            raw = await _receive(ws)
            if raw is None:
                break
            if not limit.allow():
                metrics.REFUSED.labels("rate_limit").inc()
                if limit.strikes > STRIKES_BEFORE_CLOSE:
                    await ws.close(POLICY_VIOLATION, "too many messages")
                    break
                tell({"type": "error", "reason": "too many messages: slow down"})
                continue
            try:
                message = read_message(raw)
            except MessageError as exc:
                tell({"type": "error", "reason": str(exc)})
                continue
            if not joined:
                if isinstance(message, Hello):
                    try:
                        joined = await _hello(ws, room, store, serving, client, message)
                    except DatabaseError:
                        metrics.DATABASE_ERRORS.inc()
                        await ws.close(TRY_AGAIN_LATER, "the database failed: try again later")
                    if not joined:
                        break
                else:
                    tell({"type": "error", "reason": "say hello first"})
                continue
            try:
                refused = await _handle(room, client, message, chat_limit,
                                        serving.limits.games_per_hour)
            except DatabaseError as exc:  # nothing was written: said, and the game goes on
                metrics.DATABASE_ERRORS.inc()
                event("database_error", 30, game=room.id, error=str(exc))
                refused = f"{exc}: nothing was changed, try again"
            if refused is not None:
                tell({"type": "refused", "reason": refused, "version": room.version})
    except WebSocketDisconnect:
        pass
    finally:
        if joined:
            await room.leave(client)
        client.close()
        with contextlib.suppress(Exception):
            await writer


async def _handle(room: Room, client: Client, message: Message, chat_limit: RateLimit,
                  games_per_hour: int) -> str | None:
    """One message of a seated (or watching) connection; None when done, else why not."""
    started = time.perf_counter()
    if isinstance(message, Hello):
        return "hello comes once"
    if isinstance(message, ActionMessage):
        refused = await room.act(client, message.version, message.action)
        if refused is None:
            metrics.ACTION_SECONDS.observe(time.perf_counter() - started)
        return refused
    if isinstance(message, TakeBack):
        return await room.take_back(client)
    if isinstance(message, Chat):
        if not chat_limit.allow():
            return "chat: too many lines, slow down"
        return await room.say(client, message.text)
    if isinstance(message, Sync):
        await room.resend(client)
        return None
    if isinstance(message, HintRequest):
        return await room.hint(client)
    assert isinstance(message, Rematch)
    return await room.rematch(client, secrets.token_urlsafe(9), secrets.randbits(31),
                              games_per_hour)


async def _game_full(ws: WebSocket, room: Room, most: int) -> bool:
    """Whether the game has `most` connections joined already (`--max-connections-per-game`);
    if so the new one is closed, saying so."""
    if len(room.clients) < most:
        return False
    metrics.REFUSED.labels("connections_per_game").inc()
    await ws.close(TRY_AGAIN_LATER, f"this game has {len(room.clients)} connections, the most "
                   "it takes")
    return True


async def _hello(ws: WebSocket, room: Room, store: Store, serving: Serving, client: Client,
                 message: Hello) -> bool:
    """Seat a new connection by its token (or as a spectator, if the game takes more);
    False when it was turned away (and closed)."""
    client.patches = message.patches
    # Connections opened before any of them said hello are counted again here, where they
    # join: the limit holds however many were opened at once.
    if await _game_full(ws, room, serving.limits.connections_per_game):
        return False
    if message.token is not None:
        seat = await store.run(store.seat_of_token, room.id, token_hash(message.token))
        if seat is None:
            client.put(json.dumps({"type": "error",
                                   "reason": "this token holds no seat here: watching"}))
        elif sum(c.seat == seat for c in room.clients) >= SEAT_CONNECTIONS:
            metrics.REFUSED.labels("connections_per_seat").inc()
            await ws.close(TRY_AGAIN_LATER, f"this seat has {SEAT_CONNECTIONS} connections "
                           "open, the most it takes: close one")
            return False
        client.seat = seat
    if client.seat is None:
        most = serving.limits.spectators_per_game
        if room.watchers() >= most:
            metrics.REFUSED.labels("spectators_per_game").inc()
            await ws.close(TRY_AGAIN_LATER, f"{most} people watch this game already, the "
                           "most it takes")
            return False
        if message.name:
            try:
                client.name = check_name(message.name)
            except SetupError:
                client.name = ""
    await room.join(client)
    return True


def _validation_line(errors: Any) -> str:
    """Pydantic's first complaint as one line: `seats.0.kind: Input should be ...`."""
    if not errors:
        return "the request is not valid"
    first = errors[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    return f"{where}: {first.get('msg', 'not valid')}" if where else str(first.get("msg"))
