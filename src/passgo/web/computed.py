"""Figures of finished games that take a worker thread to work out (the result screen's
summary, the game review), each worked out once and kept.

A review takes seconds of CPU (minutes for house rules the evaluator was not trained for),
so requests must not be able to start as many as they like: at most `at_once` are worked
out at a time, a request for one already under way waits for that same work instead of
starting it again, and a request beyond the bound is told to come back (`get` returns None;
the caller answers 503 with Retry-After). Work that a client stopped waiting for runs on and
is kept for the next request.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

Figures = dict[str, Any]


class Computed:
    """The figures of up to `keep` games, at most `at_once` of them worked out at a time."""

    def __init__(self, *, keep: int, at_once: int) -> None:
        self.keep = keep
        self.at_once = at_once
        self.results: dict[str, Figures] = {}
        self.running: dict[str, asyncio.Future[Figures]] = {}

    async def get(self, key: str, work: Callable[[], Figures]) -> Figures | None:
        """The figures of `key`, worked out by `work` in a thread unless kept or under way;
        None when `at_once` others are under way."""
        if key in self.results:
            return self.results[key]
        running = self.running.get(key)
        if running is None:
            if len(self.running) >= self.at_once:
                return None
            running = asyncio.ensure_future(asyncio.to_thread(work))
            self.running[key] = running
            running.add_done_callback(lambda done: self._finished(key, done))
        # Shielded: a client that goes away cancels its wait, not the work.
        return await asyncio.shield(running)

    def _finished(self, key: str, done: asyncio.Future[Figures]) -> None:
        del self.running[key]
        if done.cancelled() or done.exception() is not None:
            return
        if len(self.results) >= self.keep:
            self.results.pop(next(iter(self.results)))
        self.results[key] = done.result()
