"""The real `passgo play` command in a pseudo-terminal: the full-screen board is drawn, and
q quits cleanly, saying where the game was saved."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

PASSGO = str(Path(sys.executable).with_name("passgo"))
# Escape sequences: CSI (colours, cursor moves), OSC, and two-character escapes.
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-_]")


def read_until(fd: int, wanted: list[str], timeout: float) -> str:
    """Read the terminal until every wanted text has appeared on it (escapes removed)."""
    seen = ""
    deadline = time.monotonic() + timeout
    while not all(w in ANSI.sub("", seen) for w in wanted):
        left = deadline - time.monotonic()
        assert left > 0, f"not drawn in time; screen text: {ANSI.sub('', seen)[-2000:]!r}"
        ready, _, _ = select.select([fd], [], [], min(left, 0.5))
        if ready:
            try:
                seen += os.read(fd, 65536).decode("utf-8", "replace")
            except OSError:  # the other side closed
                break
    return ANSI.sub("", seen)


def test_real_binary_draws_the_board_and_quits(tmp_path: Path) -> None:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 150, 0, 0))
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "TERM": "xterm-256color",
           "XDG_STATE_HOME": str(tmp_path / "state")}
    proc = subprocess.Popen([PASSGO, "play", "--seed", "1", "--bot-delay", "0.2"],
                            stdin=slave, stdout=slave, stderr=slave, env=env,
                            start_new_session=True)
    os.close(slave)
    try:
        screen = read_until(master, ["Boardwalk", "GO", "Y · You (person)"], timeout=40)
        assert "Dana (casual bot)" in screen and "Help" in screen
        os.write(master, b"q")
        tail = read_until(master, ["Game saved to"], timeout=20)
        assert proc.wait(timeout=20) == 0
        assert "passgo play --resume" in tail
        assert (tmp_path / "state" / "passgo" / "autosave.json").exists()
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
