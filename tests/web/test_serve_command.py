"""`passgo serve`'s command line: a port it cannot listen on is refused in one line before
anything starts, and "serving on" is printed only once the port listens."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest

from passgo.cli import main

uvicorn = pytest.importorskip("uvicorn")


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """uvicorn never runs: each call it gets is recorded instead (a test never blocks)."""
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: calls.append({"run": (a, kw)}))
    monkeypatch.setattr(uvicorn.Server, "run",
                        lambda self, sockets=None: calls.append({"sockets": sockets}))
    return calls


def _serve(tmp_path: Path, *args: str) -> int:
    return main(["serve", "--database", f"sqlite:///{tmp_path / 'games.sqlite3'}", *args])


@pytest.mark.parametrize("port", ["0", "-1", "65536", "70000"])
def test_a_port_out_of_range_is_refused(tmp_path: Path, port: str,
                                        served: list[dict[str, Any]],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert _serve(tmp_path, "--port", port) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == "passgo: error: --port must be from 1 to 65535\n"
    assert served == [] and not (tmp_path / "games.sqlite3").exists()


def test_a_port_in_use_is_refused_in_one_line(tmp_path: Path, served: list[dict[str, Any]],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert _serve(tmp_path, "--port", str(port)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"passgo: error: cannot listen on 127.0.0.1:{port}: Address "
                          "already in use")
    assert served == [] and not (tmp_path / "games.sqlite3").exists()


def test_serving_on_is_printed_once_the_port_listens(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    seen: list[str] = []

    def run(self: Any, sockets: list[socket.socket] | None = None) -> None:
        seen.append(capsys.readouterr().out)
        assert sockets is not None and sockets[0].getsockname() == ("127.0.0.1", port)
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass  # the port accepts connections before the server loop runs

    monkeypatch.setattr(uvicorn.Server, "run", run)
    assert _serve(tmp_path, "--port", str(port)) == 0
    assert seen == [f"passgo: serving on http://127.0.0.1:{port}/ (games in "
                    f"sqlite:///{tmp_path / 'games.sqlite3'})\n"]


@pytest.mark.parametrize(("args", "message"), [
    (["--bot-time-limit", "0"], "--bot-time-limit must be from 0.01 to 60 seconds"),
    (["--bot-time-limit", "1e9"], "--bot-time-limit must be from 0.01 to 60 seconds"),
    (["--bot-workers", "0"], "--bot-workers must be from 1 to 64"),
    (["--public-url", "ftp://example.org"], "--public-url must be an http:// or https://"),
    (["--public-url", "example.org"], "--public-url must be an http:// or https://"),
    (["--trusted-proxy", "the-proxy"], "--trusted-proxy: 'the-proxy' is no address"),
    (["--max-spectators", "0"], "--max-spectators must be from 1 to 100000"),
    (["--max-games-per-hour", "1000000"], "--max-games-per-hour must be from 1 to 100000"),
])
def test_a_bad_hosting_option_is_refused_in_one_line(
        tmp_path: Path, args: list[str], message: str, served: list[dict[str, Any]],
        capsys: pytest.CaptureFixture[str]) -> None:
    assert _serve(tmp_path, *args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and message in err
    assert served == [] and not (tmp_path / "games.sqlite3").exists()


@pytest.mark.parametrize(("args", "deflate"), [([], False), (["--websocket-deflate"], True)])
def test_per_message_deflate_is_off_unless_asked_for(tmp_path: Path, args: list[str],
                                                     deflate: bool) -> None:
    """A browser offers per-message deflate (RFC 7692) on every connection; the server takes
    it only with `--websocket-deflate` (on loopback and home networks compressing every update
    costs more CPU than it saves)."""
    from webserver import free_port, post, server
    from websockets.sync.client import connect

    port = free_port()
    with server(f"sqlite:///{tmp_path / 'games.sqlite3'}", port, args=args):
        game = post(port, "/api/games", {"seats": [{"kind": "person"}] * 2})["id"]
        with connect(f"ws://127.0.0.1:{port}/api/games/{game}/ws", open_timeout=10) as ws:
            assert ws.response is not None
            agreed = ws.response.headers.get("Sec-WebSocket-Extensions") or ""
            ws.send('{"type": "hello", "token": null}')
            assert '"type":"state"' in str(ws.recv(timeout=10))
    assert ("permessage-deflate" in agreed) is deflate
