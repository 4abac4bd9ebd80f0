"""The progress bar of a long run: done/total, rate and ETA, on standard error.

It is drawn only when standard error is a terminal, so output piped or redirected (and the
tests) never contain it, and it never mixes with a report on standard output.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class RateColumn(ProgressColumn):
    """Units per second ("games/s", "rolls/s"), as Rich estimates it over recent updates."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        figure = "–" if speed is None else f"{speed:,.1f}"
        return Text(f"{figure} {self.unit}/s", style="progress.data.speed")


@contextmanager
def progress_bar(total: int, unit: str, label: str) -> Iterator[Callable[[int], None]]:
    """A function to call with the units just completed; a no-op when not on a terminal."""
    if not sys.stderr.isatty():
        yield lambda done: None
        return
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(unit),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(stderr=True)) as progress:
        task = progress.add_task(label, total=total)
        yield lambda done: progress.advance(task, done)
