"""`benchmarks/web_load.py` stopped early (SIGTERM, or SIGINT as Ctrl-C sends it) stops the
server it started, with every process of it, and removes its temporary database."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from support import session_processes

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 180


def _server_of(parent: int) -> int | None:
    """The pid of the `passgo serve` process that `parent` started, if it runs yet."""
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            words = cmdline.read_bytes().split(b"\0")
            stat = (cmdline.parent / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        if ppid == parent and b"serve" in words and b"--port" in words:
            return int(cmdline.parent.name)
    return None


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_stopping_the_web_benchmark_stops_its_server(tmp_path: Path, sig: int) -> None:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "benchmarks" / "web_load.py"), "--games", "2", "--seats",
         "2", "--seconds", "600"],
        env={**os.environ, "TMPDIR": str(tmp), "PYTHONPATH": os.pathsep.join(sys.path)},
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + START_SECONDS
        server = None
        while server is None or not list(tmp.glob("*/games.sqlite3")):
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            assert time.monotonic() < deadline, (
                f"web_load.py started no server with a database within {START_SECONDS} s")
            time.sleep(0.2)
            server = server or _server_of(proc.pid)
        time.sleep(1)  # the games being made or played: in the middle of the benchmark
        os.kill(proc.pid, sig)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 128 + sig, err.decode()
    assert err.decode().count("\n") == 1 and "server was stopped" in err.decode()
    assert session_processes(proc.pid) == []
    assert session_processes(server) == []
    assert list(tmp.iterdir()) == []
