"""The full-screen terminal game (Textual): `passgo play` when run in a terminal.

Modules: `app` (the App and the flow of the game), `board` (the ring of squares), `players`
(a panel per player), `log` (the events in sentences), `decision` (the choices for the
pending decision), `deeds` (building and mortgaging), `trade` (the trade composer),
`dialogs` (help, deed cards, files, results), `pace` (bot speed), `theme` (colours, names).
"""

from __future__ import annotations

import sys

from passgo.session import Session, resume_command
from passgo.tui.app import PassgoApp


def run(session: Session, bot_delay: float = 0.6, notice: str | None = None) -> int:
    """Play the session full-screen until the player quits; then say where the game is.
    `notice` is shown when the game starts."""
    code = PassgoApp(session, bot_delay=bot_delay, notice=notice).run()
    path = session.save_path
    if path is not None and not session.finished:
        print(f"Game saved to {path}; continue with: {resume_command(path)}", file=sys.stderr)
    return code or 0


__all__ = ["PassgoApp", "run"]
