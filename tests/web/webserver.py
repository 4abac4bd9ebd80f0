"""`passgo serve` in a process of its own, for the tests that need a real server (kill -9,
several processes, the browser)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from websockets.sync.client import ClientConnection, connect

START_SECONDS = 30


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(database: str, port: int, *, bot_delay: float = 0,
           workers: int = 1) -> Iterator[subprocess.Popen[bytes]]:
    """`passgo serve` in a process of its own (with `workers` worker processes), ready to
    answer; killed at the end if alive."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "passgo.cli", "serve", "--port", str(port), "--database",
         database, "--bot-delay", str(bot_delay), "--workers", str(workers)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/options", timeout=2)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    err = proc.stderr.read().decode() if proc.stderr else ""
                    raise RuntimeError(f"passgo serve did not start: {err[-2000:]}") from None
                time.sleep(0.1)
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        if proc.stderr:
            proc.stderr.close()


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
