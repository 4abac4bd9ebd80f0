"""`passgo serve`: the browser game's server (FastAPI on uvicorn).

    passgo serve [--host 127.0.0.1] [--port 8000] [--database URL] [--workers N]
                 [--bot-delay SECONDS]

Games are stored in an SQLite file (`~/.local/state/passgo/games.sqlite3`) unless `--database`
or `PASSGO_DATABASE_URL` names another SQLite file or a PostgreSQL server
(`postgresql://user:password@host/db`). Several workers (or several `passgo serve` processes)
need PostgreSQL: they serve the same games through it (docs/web.md).
"""

from __future__ import annotations

import argparse
import errno
import os
import socket
from typing import TYPE_CHECKING, Any

from passgo.inputs import CommandError, finite_float

if TYPE_CHECKING:
    from fastapi import FastAPI

DATABASE_VARIABLE = "PASSGO_DATABASE_URL"
BOT_DELAY_VARIABLE = "PASSGO_BOT_DELAY"
BACKLOG = 2048  # connections waiting to be accepted (uvicorn's default)


def default_database() -> str:
    from passgo.web.store import default_url

    base = os.environ.get("XDG_STATE_HOME") or os.path.expanduser("~/.local/state")
    os.makedirs(os.path.join(base, "passgo"), exist_ok=True)
    return default_url(os.path.join(base, "passgo", "games.sqlite3"))


def app_from_env() -> FastAPI:
    """The app as uvicorn's workers build it: configured by the environment that `cmd_serve`
    sets (each worker is a process of its own)."""
    from passgo.web.app import create_app
    from passgo.web.store import Store

    store = Store(os.environ.get(DATABASE_VARIABLE) or default_database())
    return create_app(store, bot_delay=float(os.environ.get(BOT_DELAY_VARIABLE, "0.5")))


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
        from passgo.web.store import Store, StoreError
    except ImportError as exc:
        raise CommandError(f"passgo serve needs the web extra: pip install 'passgo[web]' "
                           f"({exc.name} is missing)") from None

    if not 1 <= args.port <= 65535:
        raise CommandError("--port must be from 1 to 65535")
    if not 0 <= args.bot_delay <= 10:
        raise CommandError("--bot-delay must be from 0 to 10 seconds")
    if not 1 <= args.workers <= 64:
        raise CommandError("--workers must be from 1 to 64")
    sock = _listen(args.host, args.port)  # before the database: a taken port changes nothing
    try:
        url = args.database or os.environ.get(DATABASE_VARIABLE) or default_database()
        try:
            store = Store(url)
            if args.workers > 1 and not store.postgres:
                raise CommandError("several workers need PostgreSQL "
                                   "(--database postgresql://...)")
            store.migrate()
        except StoreError as exc:
            raise CommandError(str(exc)) from None
        # The socket listens (or, for several workers, the port was free): browsers may come.
        print(f"passgo: serving on http://{args.host}:{args.port}/ (games in "
              f"{store.url.render_as_string(hide_password=True)})", flush=True)
        if args.workers > 1:
            # uvicorn's supervisor binds the port for its workers itself: the socket above
            # only made sure the port is free (a one-line error if not) and is let go.
            sock.close()
            store.close()
            os.environ[DATABASE_VARIABLE] = url
            os.environ[BOT_DELAY_VARIABLE] = str(args.bot_delay)
            uvicorn.run("passgo.cli.serve:app_from_env", factory=True, host=args.host,
                        port=args.port, workers=args.workers, log_level="warning",
                        backlog=BACKLOG)
        else:
            config = uvicorn.Config(create_app(store, bot_delay=args.bot_delay),
                                    log_level="warning", backlog=BACKLOG)
            uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl+C is how a server is stopped
        pass
    finally:
        sock.close()
    return 0


def add_serve(sub: Any) -> None:
    serve = sub.add_parser("serve", help="the browser game: lobby and online games")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on")
    serve.add_argument("--database", help=f"database URL (default: ${DATABASE_VARIABLE} or "
                       "an SQLite file in ~/.local/state/passgo)")
    serve.add_argument("--workers", type=int, default=1,
                       help="server processes (more than one needs PostgreSQL)")
    serve.add_argument("--bot-delay", type=finite_float, default=0.5,
                       help="seconds between bot moves, so people can follow them")
    serve.set_defaults(func=cmd_serve)
