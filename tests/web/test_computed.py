"""The finished games' figures that take a thread (summary, review): each worked out once,
at most a bounded number at a time, so that requests cannot hold every core."""

from __future__ import annotations

import asyncio
import threading

from passgo.web.computed import Computed


def test_work_is_done_once_bounded_and_kept() -> None:
    """Two requests for one game share one piece of work; a request for another game beyond
    the bound gets None (the server's 503) while it runs, and its figures afterwards; figures
    once worked out are kept, the oldest dropped beyond `keep`."""
    release = threading.Event()
    calls: list[str] = []

    def work(key: str) -> dict[str, object]:
        calls.append(key)
        release.wait(10)
        return {"game": key}

    async def go() -> None:
        cache = Computed(keep=2, at_once=1)
        first = asyncio.ensure_future(cache.get("a", lambda: work("a")))
        second = asyncio.ensure_future(cache.get("a", lambda: work("a")))
        await asyncio.sleep(0.05)
        assert await cache.get("b", lambda: work("b")) is None  # the bound: one at a time
        release.set()
        assert await first == await second == {"game": "a"}
        assert calls == ["a"]
        assert await cache.get("b", lambda: work("b")) == {"game": "b"}
        assert await cache.get("a", lambda: work("a")) == {"game": "a"}  # kept
        assert await cache.get("c", lambda: work("c")) == {"game": "c"}
        assert list(cache.results) == ["b", "c"]  # "a", the oldest, dropped
        assert calls == ["a", "b", "c"]

    asyncio.run(go())


def test_a_client_that_leaves_does_not_cancel_the_work() -> None:
    """A request cancelled while its game's figures are worked out (the client went away)
    leaves the work running; the next request gets the figures without working again."""
    release = threading.Event()
    calls: list[int] = []

    def work() -> dict[str, object]:
        calls.append(1)
        release.wait(10)
        return {"done": True}

    async def go() -> None:
        cache = Computed(keep=4, at_once=1)
        waiting = asyncio.ensure_future(cache.get("a", work))
        await asyncio.sleep(0.05)
        waiting.cancel()
        release.set()
        assert await cache.get("a", work) == {"done": True}
        assert calls == [1]

    asyncio.run(go())


def test_work_that_fails_is_not_kept() -> None:
    """An error reaches the request that waited for it and is not kept: the next request
    works again."""
    attempts: list[int] = []

    def work() -> dict[str, object]:
        attempts.append(1)
        if len(attempts) == 1:
            raise RuntimeError("boom")
        return {"ok": True}

    async def go() -> None:
        cache = Computed(keep=4, at_once=1)
        try:
            await cache.get("a", work)
        except RuntimeError:
            pass
        else:
            raise AssertionError("the error was swallowed")
        assert await cache.get("a", work) == {"ok": True}

    asyncio.run(go())
