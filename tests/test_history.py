"""A game's history, shared with its copies (`passgo.core.history`): it reads as the list of
actions it replaces, a copy is independent of the game it came from, and a copy shares the
full chunks instead of copying every action (issue 35: `Game.copy()` independent of the
history's length)."""

from __future__ import annotations

import pytest

from passgo.core import EndTurn, Game, Roll
from passgo.core.history import CHUNK, History


def _actions(n: int) -> list[Roll | EndTurn]:
    return [Roll(i % 4) if i % 2 else EndTurn(i % 4) for i in range(n)]


@pytest.mark.parametrize("n", [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 7])
def test_it_reads_as_the_list_of_its_actions(n: int) -> None:
    actions = _actions(n)
    h = History(actions)
    assert len(h) == n and bool(h) == bool(actions)
    assert list(h) == actions and list(reversed(h)) == actions[::-1]
    assert h == actions and actions == h and h == History(actions)
    assert [h[i] for i in range(-n, n)] == actions + actions
    for cut in (slice(None), slice(-5, None), slice(3, n - 2), slice(1, None, 7),
                slice(None, None, -3)):
        assert h[cut] == actions[cut]
    with pytest.raises(IndexError):
        h[n]


def test_a_copy_and_its_original_grow_apart() -> None:
    actions = _actions(2 * CHUNK + 10)
    h = History(actions)
    c = h.copy()
    for i in range(CHUNK):  # far enough for both to close chunks of their own
        h.append(Roll(0))
        c.append(EndTurn(i % 4))
    assert list(h) == actions + [Roll(0)] * CHUNK
    assert list(c) == actions + [EndTurn(i % 4) for i in range(CHUNK)]


def test_a_copy_shares_the_full_chunks() -> None:
    """What makes a copy cost the same at 45,000 actions as at 100: the chunks are the same
    objects in both, only the actions since the last chunk are copied."""
    h = History(_actions(5 * CHUNK + 3))
    c = h.copy()
    assert len(c._chunks) == 5 and all(a is b for a, b in zip(c._chunks, h._chunks, strict=True))
    assert c._tail == h._tail and c._tail is not h._tail


def test_a_game_copy_has_the_history_and_goes_its_own_way() -> None:
    g = Game.new(["A", "B"], seed=3)
    for _ in range(CHUNK + 50):
        g.apply(g.legal_actions(g.pending.player)[0])
    c = g.copy()
    assert c.history == g.history
    c.apply(c.legal_actions(c.pending.player)[0])
    assert len(c.history) == len(g.history) + 1 and c.history[:-1] == list(g.history)
