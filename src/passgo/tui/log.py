"""The scrolling log of events, in the sentences `passgo.narrate` makes for every front-end."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import RichLog

# The log on screen keeps this many lines; the whole log stays in the session for saving.
SHOWN = 2000


class EventLog(RichLog):
    # Tab moves between the buttons that answer the game; the log scrolls with the mouse.
    can_focus = False

    def __init__(self) -> None:
        super().__init__(id="log", max_lines=SHOWN, wrap=True, markup=False, min_width=20)

    def on_resize(self, event: events.Resize) -> None:
        # The decision panel above grows and shrinks with each decision: keep the newest
        # lines in sight.
        self.scroll_end(animate=False, immediate=True)

    def add(self, lines: list[str]) -> None:
        for line in lines:
            if line.startswith("--- "):
                self.write(Text(line.strip("- "), style="bold dim"))
            else:
                self.write(Text(line))
