"""The batched landing run: many idle tokens advanced a throw at a time with NumPy.

Each throw of every token is one row of array operations over all tokens: the dice, the
doubles count, jail, and the square's outcome (card moves, Go To Jail) sampled from the same
`Movement` table the exact chain sums over. It is a Monte Carlo estimate like the engine's
token run, tens of times faster, for the rule sets `Movement` models (others are refused by
name), and it draws cards as the chain does (each card equally likely) where the engine
cycles a shuffled deck. Tokens start on GO and throw `BURN_IN` times before any throw counts,
so the counts describe the long run, as the chain's do.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from passgo.token_model import Movement

BURN_IN = 100  # uncounted throws per token: the start on GO is forgotten well before
MAX_TOKENS = 10_000
MIN_THROWS_PER_TOKEN = 100

Ints = NDArray[np.int64]


class _Outcomes:
    """The square outcomes as padded arrays: cumulative probabilities and end codes."""

    def __init__(self, m: Movement) -> None:
        width = max(len(o) for o in m.outcomes)
        self.cum = np.full((m.n, width), 2.0)  # padding is never chosen (u < 1)
        self.end = np.zeros((m.n, width), dtype=np.int64)
        for sq, outcomes in enumerate(m.outcomes):
            probs = np.array([o.probability for o in outcomes])
            self.cum[sq, : len(outcomes)] = np.cumsum(probs) / probs.sum()
            self.end[sq, : len(outcomes)] = [o.end for o in outcomes]
        self.cum[:, -1] = np.maximum(self.cum[:, -1], 1.0)

    def sample(self, squares: Ints, u: NDArray[np.float64]) -> Ints:
        """End code for tokens reaching `squares`, chosen by the uniforms `u`."""
        pick = (u[:, None] >= self.cum[squares]).sum(axis=1)
        ends: Ints = self.end[squares, pick]
        return ends


def batched_counts(m: Movement, rolls: int, seed: int = 0,
                   progress: Callable[[int], None] | None = None) -> list[int]:
    """Landing counts of `rolls` throws (per square, In Jail last)."""
    return [int(c) for c in batched_groups(m, rolls, seed, 1, progress)[0]]


def batched_groups(m: Movement, rolls: int, seed: int = 0, groups: int = 20,
                   progress: Callable[[int], None] | None = None) -> Ints:
    """Landing counts of `rolls` throws, one row per group of tokens (token i is in group
    i mod `groups`): independent batches, for an interval. Up to `MAX_TOKENS` tokens throw,
    at least `MIN_THROWS_PER_TOKEN` times each; `progress` is called with the throws counted
    after each step."""
    k = max(groups, min(MAX_TOKENS, rolls // MIN_THROWS_PER_TOKEN))
    group = np.arange(k) % groups
    rng = np.random.default_rng(seed)
    table = _Outcomes(m)
    n, jail = m.n, m.board.jail
    loc = np.zeros(k, dtype=np.int64)  # square, or n for In Jail
    doubles = np.zeros(k, dtype=np.int64)
    failed = np.zeros(k, dtype=np.int64)
    prepay = m.prepay_turns if m.jail_strategy == "short" else 0
    counts = np.zeros(groups * (n + 1), dtype=np.int64)
    done, step = 0, 0
    while done < rolls:
        dice = rng.integers(1, 7, size=(2, k))
        u = rng.random(k)
        total = dice[0] + dice[1]
        is_double = dice[0] == dice[1]
        in_jail = loc == n
        # In jail: leave at once (short, while the fine may be paid first) and throw as in any
        # turn, or throw for doubles: doubles or the last allowed failure move without a throw
        # again; other failures stay.
        leaves = in_jail & (failed < prepay)
        tries = in_jail & ~leaves
        stays = tries & ~is_double & (failed + 1 < m.max_turns)
        start = np.where(in_jail, jail, loc)
        third = ~in_jail & is_double & (doubles == 2)
        moving = ~stays & ~third
        end = np.full(k, n, dtype=np.int64)
        end[moving] = table.sample((start[moving] + total[moving]) % n, u[moving])
        jailed = end == n
        # Next doubles count: only a free throw of doubles that did not end in jail goes on.
        doubles = np.where(~tries & is_double & ~jailed, np.where(leaves, 1, doubles + 1), 0)
        failed = np.where(stays, failed + 1, 0)
        loc = end
        step += 1
        if step > BURN_IN:
            take = min(k, rolls - done)
            counts += np.bincount(group[:take] * (n + 1) + loc[:take],
                                  minlength=groups * (n + 1))
            done += take
            if progress is not None:
                progress(take)
    out: Ints = counts.reshape(groups, n + 1)
    return out
