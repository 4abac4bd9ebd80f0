"""`passgo simulate --workers 2` leaves no process behind: when the command has ended, nothing
it started (the pool's workers, multiprocessing's resource tracker) is still running."""

from __future__ import annotations

import subprocess
import sys

import pytest

from support import session_processes

pytest.importorskip("scipy", reason="the sim extra is not installed")


def test_simulate_with_workers_leaves_no_process() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "passgo.cli", "simulate", "--games", "8", "--workers", "2",
         "--max-rounds", "20", "--players", "basic,random", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err.decode()
    assert b'"games": 8' in out
    # Everything the command started was waited for before it exited, so nothing of its
    # session may be left at the moment it has ended: not even a zombie.
    assert session_processes(proc.pid) == []
