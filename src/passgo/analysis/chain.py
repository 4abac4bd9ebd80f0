"""The exact long-run landing odds: a Markov chain over the throws of one idle token.

A state is what the next throw starts from: a square and the doubles already thrown this turn
(0, 1 or 2), or In Jail with the failed jail throws behind it. One step is one throw and
everything it causes (cards, Go To Jail). The stationary distribution of the chain,
solved as a linear system, is the share of throws that leave the token in each state: the
per-throw landing odds of the published tables (Collins' measure). The share of it on the
states that start a turn (no doubles behind them, or In Jail) is where turns end (the
end-of-turn tables). Dividing by the share of throws that start a turn gives the same counts
per turn (landings per turn: what rent is paid by); "visits" count every square the token is
put on (the square the dice reach, each card's destination, each throw spent in jail: Noe's
measure, which he gives as a share of all visits), so a Go To Jail square is visited though no
throw ever ends there.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from passgo.token_model import THROWS, Movement

Matrix = NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class ChainResult:
    """Long-run odds, one entry per square and In Jail last (the jail square is Just
    Visiting). Each measure says in its name what it is counted per, and so what it sums to:

    * `per_throw`: the share of throws that leave the token there (sums to 1);
    * `end_of_turn`: the share of turns that end there (sums to 1);
    * `landings_per_turn`: throws per turn that leave the token there, per_throw × throws per
      turn (sums to `throws_per_turn`);
    * `visits_per_throw`: every placement (the square the dice reach, each card's destination;
      In Jail: throws ending in jail) per throw (sums to more than 1);
    * `visits_share`: the same as a share of all visits (sums to 1);
    * `visits_per_turn`: the same per turn (sums to visits per throw × throws per turn).

    For rent beyond the landing itself (railroads and utilities): `carded_per_throw` is the
    part of `per_throw` brought by a nearest-square card, `multiplied_per_throw` that part
    weighted by the card's multiplier, and `throw_total_per_throw` the dice total of the
    throws that left the token there otherwise, summed (per throw: a utility's rent on arrival
    is a multiple of it)."""

    per_throw: tuple[float, ...]
    end_of_turn: tuple[float, ...]
    landings_per_turn: tuple[float, ...]
    visits_per_throw: tuple[float, ...]
    visits_share: tuple[float, ...]
    visits_per_turn: tuple[float, ...]
    go_to_jail_per_throw: float  # throws that reach a Go To Jail square (and so end in jail)
    jail_entries_per_throw: float  # throws that send the token to jail, by any cause
    throws_per_turn: float
    carded_per_throw: tuple[float, ...]
    multiplied_per_throw: tuple[float, ...]
    throw_total_per_throw: tuple[float, ...]


class Chain:
    """The throw chain of a `Movement`: states, transition matrix and visit counts."""

    def __init__(self, movement: Movement) -> None:
        self.m = movement
        n = movement.n
        self.n = n
        self.jail_states = movement.max_turns
        self.size = 3 * n + self.jail_states
        self.transition = np.zeros((self.size, self.size))
        self.visits = np.zeros((self.size, n + 1))  # expected placements per throw from a state
        self.entries = np.zeros(self.size)  # probability a throw from the state jails the token
        # Per throw from a state and per square: arrivals by a nearest-square card, the same
        # weighted by the card's multiplier, and the dice total of the other arrivals.
        self.carded = np.zeros((self.size, n))
        self.multiplied = np.zeros((self.size, n))
        self.throw_total = np.zeros((self.size, n))
        for doubles in range(3):
            for sq in range(n):
                self._free_throw(self.state(sq, doubles), sq, doubles)
        for failed in range(self.jail_states):
            self._jail_throw(self.jail_state(failed), failed)

    def state(self, square: int, doubles: int = 0) -> int:
        return doubles * self.n + square

    def jail_state(self, failed: int = 0) -> int:
        return 3 * self.n + failed

    def _jailed(self, source: int, p: float) -> None:
        """The throw from `source` sends the token to jail with probability `p`."""
        self.entries[source] += p
        self.transition[source, self.jail_state(0)] += p
        self.visits[source, self.n] += p

    def _move(self, source: int, start: int, total: int, p: float, doubles_after: int) -> None:
        """The token moves `total` from `start` with probability `p`; a turn goes on with
        `doubles_after` doubles behind it (0: the next throw starts a new turn)."""
        for o in self.m.outcomes[(start + total) % self.n]:
            q = p * o.probability
            for sq in o.visits:
                self.visits[source, sq] += q
            if o.end == self.m.jailed:
                self._jailed(source, q)
            else:
                self.transition[source, self.state(o.end, doubles_after)] += q
                self.carded[source, o.end] += p * o.carded
                self.multiplied[source, o.end] += p * o.multiplied
                self.throw_total[source, o.end] += (q - p * o.carded) * total

    def _free_throw(self, source: int, sq: int, doubles: int) -> None:
        """A throw outside jail, after `doubles` doubles this turn."""
        for total, is_double in THROWS:
            p = 1 / 36
            if is_double and doubles == 2:
                # "If you throw doubles three times in succession, move your token immediately
                # to the space marked 'In Jail'"
                self._jailed(source, p)
                continue
            self._move(source, sq, total, p, doubles + 1 if is_double else 0)

    def _jail_throw(self, source: int, failed: int) -> None:
        """A jail turn after `failed` failed throws: pay and throw as in any turn (short,
        while prepaying is allowed), or throw for doubles."""
        jail = self.m.board.jail
        if self.m.leaves_at_once(failed):
            for total, is_double in THROWS:
                self._move(source, jail, total, 1 / 36, int(is_double))
            return
        for total, is_double in THROWS:
            p = 1 / 36
            if is_double or failed + 1 >= self.m.max_turns:
                # Doubles: "move forward the number of spaces shown by your doubles throw ...
                # you do not take another turn"; the last failure: pay the fine and move.
                self._move(source, jail, total, p, 0)
            else:
                self.transition[source, self.jail_state(failed + 1)] += p
                self.visits[source, self.n] += p

    def stationary(self) -> Matrix:
        """π with π P = π and Σ π = 1, solved directly (one equation replaced by the sum)."""
        a = self.transition.T - np.eye(self.size)
        a[-1, :] = 1.0
        b = np.zeros(self.size)
        b[-1] = 1.0
        pi = np.asarray(np.linalg.solve(a, b), dtype=np.float64)
        # A state no throw leads to (a Go To Jail square) has probability 0, not the solver's
        # rounding noise around it (which would print as -0.000).
        pi[self.transition.sum(axis=0) == 0] = 0.0
        return pi

    def result(self) -> ChainResult:
        pi = self.stationary()
        n = self.n
        per_throw = np.zeros(n + 1)
        per_throw[:n] = pi[: 3 * n].reshape(3, n).sum(axis=0)
        per_throw[n] = pi[3 * n:].sum()
        # A throw starts a turn unless it follows doubles (a jail throw always starts one);
        # where a turn starts is where the turn before it ended.
        starts = np.zeros(n + 1)
        starts[:n] = pi[:n]
        starts[n] = pi[3 * n:].sum()
        turn_starts = float(starts.sum())
        visits = pi @ self.visits
        go_to_jail = float(sum(visits[sq] for sq in self.m.go_to_jail))

        def values(x: Matrix, scale: float = 1.0) -> tuple[float, ...]:
            return tuple(float(v) * scale for v in x)

        return ChainResult(
            per_throw=values(per_throw),
            end_of_turn=values(starts, 1 / turn_starts),
            landings_per_turn=values(per_throw, 1 / turn_starts),
            visits_per_throw=values(visits),
            visits_share=values(visits, 1 / float(visits.sum())),
            visits_per_turn=values(visits, 1 / turn_starts),
            go_to_jail_per_throw=go_to_jail,
            jail_entries_per_throw=float(pi @ self.entries),
            throws_per_turn=1 / turn_starts,
            carded_per_throw=values(pi @ self.carded),
            multiplied_per_throw=values(pi @ self.multiplied),
            throw_total_per_throw=values(pi @ self.throw_total),
        )


def landing_odds(movement: Movement) -> ChainResult:
    """The exact long-run landing odds of `movement`."""
    return Chain(movement).result()
