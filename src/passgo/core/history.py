"""A game's history of actions, which a game shares with its copies.

Search bots copy a game on every rollout, and a game of tens of thousands of actions would
otherwise copy (and count references to) every action it ever took each time. The history
keeps its actions in full chunks of `CHUNK`, tuples that never change once made and that a
copy shares, and a short list of the latest actions that each copy has of its own: a copy
costs one reference per chunk and the actions since the last one, at most `CHUNK`, whatever
the game's length (45,000 actions are 175 chunks).

It reads as the list it replaces (length, indexing, slices, iteration either way, equality
with a list) and grows only by `append`: a game's past is never rewritten.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import overload

from passgo.core.actions import Action

CHUNK = 256  # actions per shared chunk


class History:
    def __init__(self, actions: Iterable[Action] = ()) -> None:
        items = list(actions)
        chunked = len(items) - len(items) % CHUNK
        self._chunks: list[tuple[Action, ...]] = [
            tuple(items[i:i + CHUNK]) for i in range(0, chunked, CHUNK)]
        self._tail: list[Action] = items[chunked:]
        self._chunked = chunked  # actions in the chunks

    def append(self, action: Action) -> None:
        tail = self._tail
        tail.append(action)
        if len(tail) == CHUNK:
            self._chunks.append(tuple(tail))
            self._chunked += CHUNK
            self._tail = []

    def copy(self) -> History:
        """An independent history with the same actions: the chunks are shared, the actions
        since the last chunk copied."""
        c = History()
        c._chunks = self._chunks[:]
        c._tail = self._tail[:]
        c._chunked = self._chunked
        return c

    def __len__(self) -> int:
        return self._chunked + len(self._tail)

    def __bool__(self) -> bool:
        return self._chunked > 0 or len(self._tail) > 0

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step == 1 and start >= self._chunked:  # the latest actions: a server's update
                return self._tail[start - self._chunked:stop - self._chunked]
            return [self[i] for i in range(start, stop, step)]
        size = len(self)
        i = index + size if index < 0 else index
        if not 0 <= i < size:
            raise IndexError("history index out of range")
        if i >= self._chunked:
            return self._tail[i - self._chunked]
        return self._chunks[i // CHUNK][i % CHUNK]

    def __iter__(self) -> Iterator[Action]:
        for chunk in self._chunks:
            yield from chunk
        yield from self._tail[:]

    def __reversed__(self) -> Iterator[Action]:
        yield from reversed(self._tail[:])
        for chunk in reversed(self._chunks[:]):
            yield from reversed(chunk)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return len(self) == len(other) and list(self) == list(other)
        if isinstance(other, list):
            return len(self) == len(other) and list(self) == other
        return NotImplemented

    def __repr__(self) -> str:
        return f"History({list(self)!r})"
