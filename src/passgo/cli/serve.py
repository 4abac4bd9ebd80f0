"""`passgo serve`: the browser game's server (FastAPI on uvicorn).

    passgo serve [--host 127.0.0.1] [--port 8000] [--database URL] [--workers N]
                 [--bot-delay SECONDS] [--bot-workers N] [--bot-time-limit SECONDS]
                 [--public-url URL] [--trusted-proxy ADDRESS ...] [--max-games-per-hour N]
                 [--max-connections-per-address N] [--max-connections-per-game N]
                 [--max-spectators N] [--websocket-deflate] [--log-json]

Games are stored in an SQLite file (`~/.local/state/passgo/games.sqlite3`) unless `--database`
or `PASSGO_DATABASE_URL` names another SQLite file or a PostgreSQL server
(`postgresql://user:password@host/db`). Several workers (or several `passgo serve` processes)
need PostgreSQL: they serve the same games through it (docs/web.md). docs/host.md says how to
host for friends on a home network and for the public behind a TLS proxy.

WebSocket messages go uncompressed unless `--websocket-deflate` turns on per-message deflate
(RFC 7692) for browsers that offer it: on loopback and a home network compressing costs the
server more CPU than the bytes it saves are worth (it was a third of the server's time per
action); over the internet, where a slow link is the wait, it may be worth it.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import socket
from dataclasses import asdict
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from passgo.inputs import CommandError, finite_float

if TYPE_CHECKING:
    from fastapi import FastAPI

    from passgo.web.app import Serving

DATABASE_VARIABLE = "PASSGO_DATABASE_URL"
SERVING_VARIABLE = "PASSGO_SERVING"  # how uvicorn's worker processes learn `Serving`
BACKLOG = 2048  # connections waiting to be accepted (uvicorn's default)
# HTTP is read by h11, which bounds what it holds of a request not yet complete: headers of
# more than this many bytes are refused (400) at once, not kept in memory as they grow.
MAX_HEADERS = 16_384
# Connections and requests one process serves at once; beyond it a request is answered 503
# at once, so that no number of idle connections takes every file the process may open.
MAX_CONCURRENCY = 4096


def default_database() -> str:
    from passgo.web.store import default_url

    base = os.environ.get("XDG_STATE_HOME") or os.path.expanduser("~/.local/state")
    os.makedirs(os.path.join(base, "passgo"), exist_ok=True)
    return default_url(os.path.join(base, "passgo", "games.sqlite3"))


def _serving_json(serving: Serving) -> str:
    data = asdict(serving)
    data["limits"]["trusted_proxies"] = [str(n) for n in serving.limits.trusted_proxies]
    return json.dumps(data)


def _serving_of(text: str) -> Serving:
    from passgo.web.app import Serving
    from passgo.web.limits import Limits, parse_networks

    data = json.loads(text)
    limits = data.pop("limits")
    limits["trusted_proxies"] = parse_networks(limits["trusted_proxies"])
    data["rate_limit"] = tuple(data["rate_limit"])
    return Serving(**data, limits=Limits(**limits))


def app_from_env() -> FastAPI:
    """The app as uvicorn's workers build it: configured by the environment that `cmd_serve`
    sets (each worker is a process of its own)."""
    from passgo.web.app import create_app
    from passgo.web.logs import configure
    from passgo.web.store import Store

    serving = _serving_of(os.environ[SERVING_VARIABLE])
    configure(os.environ.get("PASSGO_LOG_JSON") == "1")
    store = Store(os.environ.get(DATABASE_VARIABLE) or default_database())
    return create_app(store, serving)


def _serving(args: argparse.Namespace) -> Serving:
    """The options as a `Serving`, each checked (CommandError in one line)."""
    from passgo.web.app import Serving
    from passgo.web.limits import Limits, parse_networks

    if not 0 <= args.bot_delay <= 10:
        raise CommandError("--bot-delay must be from 0 to 10 seconds")
    if not 1 <= args.bot_workers <= 64:
        raise CommandError("--bot-workers must be from 1 to 64")
    if not 0.01 <= args.bot_time_limit <= 60:
        raise CommandError("--bot-time-limit must be from 0.01 to 60 seconds")
    public_url = args.public_url
    if public_url is not None:
        parts = urlsplit(public_url)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
            raise CommandError(f"--public-url must be an http:// or https:// address, not "
                               f"{public_url!r}")
        public_url = public_url.rstrip("/")
    try:
        limits = Limits(args.max_games_per_hour, args.max_connections_per_address,
                        args.max_connections_per_game, args.max_spectators,
                        parse_networks(args.trusted_proxy))
        limits.check()
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    return Serving(bot_delay=args.bot_delay, limits=limits, bot_workers=args.bot_workers,
                   bot_time_limit=args.bot_time_limit, public_url=public_url)


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on `host`:`port` (an IPv6 address when the host has a colon, as
    uvicorn reads it), or a one-line error: the port taken, an address not of this machine."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except OSError as exc:
        sock.close()
        taken = ("; is another server running there? Choose another --port"
                 if exc.errno == errno.EADDRINUSE else "")
        raise CommandError(f"cannot listen on {host}:{port}: {exc.strerror or exc}{taken}"
                           ) from None
    return sock


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from passgo.web.app import create_app
        from passgo.web.logs import configure, event
        from passgo.web.messages import MAX_FRAME
        from passgo.web.store import Store, StoreError
    except ImportError as exc:
        raise CommandError(f"passgo serve needs the web extra: pip install 'passgo[web]' "
                           f"({exc.name} is missing)") from None

    if not 1 <= args.port <= 65535:
        raise CommandError("--port must be from 1 to 65535")
    if not 1 <= args.workers <= 64:
        raise CommandError("--workers must be from 1 to 64")
    serving = _serving(args)
    sock = _listen(args.host, args.port)  # before the database: a taken port changes nothing
    try:
        url = args.database or os.environ.get(DATABASE_VARIABLE) or default_database()
        try:
            store = Store(url)
            if args.workers > 1 and not store.postgres:
                raise CommandError("several workers need PostgreSQL "
                                   "(--database postgresql://...)")
            store.migrate()
            store.check_writable()
        except StoreError as exc:
            raise CommandError(str(exc)) from None
        configure(args.log_json)
        # The socket listens (or, for several workers, the port was free): browsers may come.
        print(f"passgo: serving on http://{args.host}:{args.port}/ (games in "
              f"{store.url.render_as_string(hide_password=True)})", flush=True)
        event("serving", host=args.host, port=args.port, workers=args.workers,
              bot_workers=serving.bot_workers, public_url=serving.public_url or "")
        if args.workers > 1:
            # uvicorn's supervisor binds the port for its workers itself: the socket above
            # only made sure the port is free (a one-line error if not) and is let go.
            sock.close()
            store.close()
            os.environ[DATABASE_VARIABLE] = url
            os.environ[SERVING_VARIABLE] = _serving_json(serving)
            os.environ["PASSGO_LOG_JSON"] = "1" if args.log_json else "0"
            uvicorn.run("passgo.cli.serve:app_from_env", factory=True, host=args.host,
                        port=args.port, workers=args.workers, log_level="warning",
                        backlog=BACKLOG, proxy_headers=False, log_config=None,
                        ws_per_message_deflate=args.websocket_deflate, ws_max_size=MAX_FRAME,
                        http="h11", h11_max_incomplete_event_size=MAX_HEADERS,
                        limit_concurrency=MAX_CONCURRENCY)
        else:
            # proxy_headers off: the app reads X-Forwarded-For itself, from the operator's
            # trusted proxies only (uvicorn would trust 127.0.0.1's).
            config = uvicorn.Config(create_app(store, serving), log_level="warning",
                                    backlog=BACKLOG, proxy_headers=False, log_config=None,
                                    ws_per_message_deflate=args.websocket_deflate,
                                    ws_max_size=MAX_FRAME, http="h11",
                                    h11_max_incomplete_event_size=MAX_HEADERS,
                                    limit_concurrency=MAX_CONCURRENCY)
            uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl+C is how a server is stopped
        pass
    finally:
        sock.close()
    return 0


def add_serve(serve: argparse.ArgumentParser) -> None:
    from passgo.web.limits import Limits

    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (0.0.0.0: every network of this computer)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on")
    serve.add_argument("--database", help=f"database URL (default: ${DATABASE_VARIABLE} or "
                       "an SQLite file in ~/.local/state/passgo)")
    serve.add_argument("--workers", type=int, default=1,
                       help="server processes (more than one needs PostgreSQL)")
    serve.add_argument("--bot-delay", type=finite_float, default=0.5,
                       help="seconds between bot moves, so people can follow them")
    serve.add_argument("--bot-workers", type=int, default=2,
                       help="processes in which bots decide, per server process (default 2)")
    serve.add_argument("--bot-time-limit", type=finite_float, default=1.0,
                       help="seconds a bot may think per decision: the expert's search budget "
                       "is cut to it, and a bot past it plays the basic bot's move (default 1)")
    serve.add_argument("--public-url",
                       help="the address friends use to reach this server (https://example.org)"
                       ": invite links and the lobby are made with it")
    serve.add_argument("--trusted-proxy", action="append", default=[],
                       help="an address or network of a reverse proxy whose X-Forwarded-For "
                       "names the client (repeat for several; none by default)")
    defaults = Limits()
    serve.add_argument("--max-games-per-hour", type=int, default=defaults.games_per_hour,
                       help="games one client address may create an hour")
    serve.add_argument("--max-connections-per-address", type=int,
                       default=defaults.connections_per_address,
                       help="connections one client address may keep open")
    serve.add_argument("--max-connections-per-game", type=int,
                       default=defaults.connections_per_game,
                       help="connections one game takes (seats and spectators)")
    serve.add_argument("--max-spectators", type=int, default=defaults.spectators_per_game,
                       help="spectators one game takes")
    serve.add_argument("--websocket-deflate", action="store_true",
                       help="compress WebSocket messages (per-message deflate) for browsers "
                       "that offer it: for the internet; off by default, since on loopback "
                       "and home networks it costs more server CPU than it saves")
    serve.add_argument("--log-json", action="store_true",
                       help="log one JSON object per line instead of text")
    serve.set_defaults(func=cmd_serve)
