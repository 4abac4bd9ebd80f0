"""`passgo serve` in a process of its own, for the tests that need a real server (kill -9,
several processes, the browser)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

# How long a server may take to answer its first request: generous, for a loaded machine
# (a test's own time limits start after that).
START_SECONDS = 180
STOP_SECONDS = 20


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(database: str, port: int, *, bot_delay: float = 0, workers: int = 1,
           args: Sequence[str] = (), log: Path | None = None
           ) -> Iterator[subprocess.Popen[bytes]]:
    """`passgo serve` in a process of its own (with `workers` worker processes and any more
    `args`), ready to answer; at the end it and every process it started are stopped
    (SIGTERM, then SIGKILL after STOP_SECONDS), even if it was killed already: its own session
    holds them all. Its log (one line per event) goes to `log`, or to a temporary file (a pipe
    nobody reads would fill and stop the server)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with contextlib.ExitStack() as stack:
        if log is None:
            log = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "server.log"
        err = stack.enter_context(log.open("wb"))
        proc = subprocess.Popen(
            [sys.executable, "-m", "passgo.cli", "serve", "--port", str(port), "--database",
             database, "--bot-delay", str(bot_delay), "--workers", str(workers), *args],
            env=env, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
        try:
            deadline = time.monotonic() + START_SECONDS
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/options", timeout=5)
                    break
                except OSError:
                    if proc.poll() is not None:
                        said = log.read_text(errors="replace")
                        raise RuntimeError(f"passgo serve ended before it answered on port "
                                           f"{port}: {said[-2000:]}") from None
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"passgo serve did not answer on port {port} within "
                                           f"{START_SECONDS} s") from None
                    time.sleep(0.2)
            yield proc
        finally:
            stop_session(proc)


def stop_session(proc: subprocess.Popen[bytes]) -> None:
    """End a process started with `start_new_session=True` and everything in its session:
    SIGTERM, then SIGKILL for whatever is still there after STOP_SECONDS."""
    for sig, wait in ((signal.SIGTERM, STOP_SECONDS), (signal.SIGKILL, None)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break  # nothing left in the session
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
        if not _session_alive(proc.pid):
            break
    proc.wait()


def _session_alive(session: int) -> bool:
    try:
        os.killpg(session, 0)
    except ProcessLookupError:
        return False
    return True


def call(port: int, method: str, path: str, body: Any = None,
         headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """A request's status and JSON answer, errors included."""
    data = None if body is None else (body if isinstance(body, bytes) else
                                      json.dumps(body).encode())
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                     method=method, headers={
                                         "Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=20) as reply:
            raw = reply.read()
            status = reply.status
    except urllib.error.HTTPError as exc:
        raw, status = exc.read(), exc.code
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode("utf-8", "replace")


def metric(port: int, name: str) -> float:
    """One sample of /metrics (0 when the series has none yet)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as reply:
        for line in reply.read().decode().splitlines():
            if line.startswith(name + " ") or line.startswith(name + "{"):
                return float(line.rsplit(" ", 1)[1])
    return 0.0


def children(pid: int) -> list[int]:
    """The processes `pid` started (its bot workers), from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                     data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        data: dict[str, Any] = json.loads(reply.read())
        return data




def seat_socket(port: int, game_id: str, token: str | None) -> tuple[ClientConnection,
                                                                      dict[str, Any]]:
    """A WebSocket that said hello with `token` (None: a spectator), and its first state."""
    # Opened here and closed by the caller (`legacy=True`: not as a context manager).
    ws = connect(f"ws://127.0.0.1:{port}/api/games/{game_id}/ws", open_timeout=10, legacy=True)
    ws.send(json.dumps({"type": "hello", "token": token}))
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == "state":
            return ws, message


def answer(ws: ClientConnection, after: int) -> dict[str, Any]:
    """The next state past version `after`, or a refusal."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if message["type"] == "refused" or (message["type"] == "state"
                                             and message["version"] > after):
            return message
