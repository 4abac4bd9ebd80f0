"""Helpers for driving the full-screen app with Textual's pilot."""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from textual.widgets import Static

from passgo.tui.app import PassgoApp
from passgo.tui.decision import ActionButton, DecisionPanel

SIZE = (140, 45)


async def until(pilot: Any, test: Callable[[], bool], timeout: float = 30) -> None:
    """Let the app run (bots move on timers) until `test()` holds."""
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, "the app did not get there in time"
        await pilot.pause(0.02)
    await pilot.pause()


def button(app: PassgoApp, kind: type, **fields: Any) -> ActionButton:
    """The button on the current screen that carries an action of this kind."""
    for b in app.screen.query(ActionButton):
        a = b.game_action
        if isinstance(a, kind) and all(getattr(a, k) == v for k, v in fields.items()):
            return b
    raise AssertionError(f"no {kind.__name__} button {fields} on {app.screen}")


def text_of(app: PassgoApp) -> str:
    """Everything the decision panel says, as plain text."""
    panel = app.query_one(DecisionPanel)
    return " ".join(str(w.render()) for w in panel.query("Static"))


def screen_text(app: PassgoApp) -> str:
    """Everything the screen on top says (a dialog's texts and tables), as plain text in one
    wide line per row, so that long file names are not wrapped."""
    console = Console(width=400, record=True, file=io.StringIO())
    for widget in app.screen.query(Static):
        console.print(widget.content)
    return console.export_text()
