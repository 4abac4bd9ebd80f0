"""How often each square is landed on, computed from the edition's own board and card decks.

Bots value a deed by what it earns, and what it earns is its rent times how often opponents
land on it. Rather than a table copied from somewhere, the frequencies are the stationary
distribution of a Markov chain built from the edition data the engine plays with, so another
edition (or another jail rule) gets its own numbers.

The chain has one state per square a turn can start on, plus one per jail turn already used.
One step is one whole turn: the throw, the card drawn where the token stops (each card of a
deck is taken as equally likely, which is what a cycled, shuffled deck averages to), a throw
again after doubles, jail on the third double or on "Go to Jail". Where a throw ends is read
from the same square outcomes as the exact landing chain of `passgo analyze landing`
(`passgo.token_model`), whose Get Out of Jail Free card goes back under its deck at once
(UK cards included: "Go back to Old Kent Road" moves the token; "pay a fine or take a Chance"
is answered with the fine). Two jail policies are modelled: `leave` (pay the fine at once and
throw as in a normal turn) and `stay` (throw for doubles until the rules force the fine). The
rates are expected landings per turn: a turn can land several times (doubles, a card
that moves the token), so they sum to more than one.

The chain takes a bot's first decision of a process tens of milliseconds (more than a whole
game of decisions after it), so the tables of every edition under the presets' jail rules are
shipped worked out, in `landing.json` beside this module (plain JSON, read without running
anything; `tests/landing_tables.py` writes it again and a test checks that it equals the
computation to the last bit); `landing_rates` and `reach` read them there and work out only
the others.
"""

from __future__ import annotations

import json
from collections import defaultdict
from functools import cache
from importlib import resources
from typing import Any, Final

from passgo.core.board import Board, load_edition
from passgo.token_model import THROWS, square_outcomes

JAIL_POLICIES = ("leave", "stay")
_TOLERANCE = 1e-13  # power iteration stops when no state's probability moves more than this
_MAX_ITERATIONS: Final = 2000

Throws = list[tuple[list[tuple[float, int]], list[tuple[float, int]], list[float], list[float]]]


def _add_weighted(total: list[float], weights: list[float], rows: list[list[float]]) -> None:
    """`total[i] += weights[k] * rows[k][i]` for every k in turn, square by square: each sum
    is kept in a local (compiled, an unboxed float) rather than in the list, whose items are
    float objects, one made for every product added; the additions stay in the same order,
    so the sums are the same to the last bit."""
    for i in range(len(total)):
        acc = total[i]
        for k in range(len(rows)):
            acc += weights[k] * rows[k][i]
        total[i] = acc


class _Tally:
    """Probability by state (a square, or the last index for a token in jail), in the order
    the states first got a share: the order a dictionary keeps, so that whatever is summed
    from it comes out the same to the last bit, without a dictionary's look-ups."""

    def __init__(self, size: int) -> None:
        self.mass = [0.0] * size
        self.order: list[int] = []
        self._held = [False] * size

    def add(self, state: int, amount: float) -> None:
        if not self._held[state]:
            self._held[state] = True
            self.order.append(state)
        self.mass[state] += amount


def _throws(board: Board) -> Throws:
    """For every square: where one throw from it ends (probability, and the square, or the
    number of squares for a token sent to jail, as `square_outcomes` gives it: the first jail
    state of `landing_rates`' chain) after other throws and after doubles, and the landings
    each kind of throw causes on the way."""
    n = len(board.squares)
    outcomes = square_outcomes(board)
    table: Throws = []
    for start in range(n):
        ends: list[dict[int, float]] = [{}, {}]  # [not doubles, doubles]
        landed = [[0.0] * n, [0.0] * n]
        for total, is_double in THROWS:
            d = int(is_double)
            for o in outcomes[(start + total) % n]:
                w = o.probability / 36
                for sq in o.visits:
                    landed[d][sq] += w
                ends[d][o.end] = ends[d].get(o.end, 0.0) + w
        plain, doubles = ([(w, sq) for sq, w in e.items()] for e in ends)
        table.append((plain, doubles, landed[0], landed[1]))
    return table


def _turn(board: Board, start: int, throws: Throws) -> tuple[dict[int, float], list[float]]:
    """A free turn from `start`: where the next turn starts (the number of squares: in jail),
    and the expected landings on every square during it."""
    n = len(board.squares)
    jailed = n  # where `_throws` ends a token sent to jail
    weights: list[float] = []  # the landings of the turn: weights[k] * rows[k]
    rows: list[list[float]] = []
    ends = _Tally(n + 1)
    rolling = _Tally(n + 1)
    rolling.add(start, 1.0)
    for doubles_so_far in range(3):
        again = _Tally(n + 1)
        for sq in rolling.order:
            w = rolling.mass[sq]
            plain, doubles, land_plain, land_doubles = throws[sq]
            for p, end in plain:
                ends.add(end, w * p)
            weights.append(w)
            rows.append(land_plain)
            if doubles_so_far == 2:
                ends.add(jailed, w * 6 / 36)  # the third double: straight to jail, no move
                continue
            weights.append(w)
            rows.append(land_doubles)
            for p, end in doubles:
                if end == jailed:
                    ends.add(jailed, w * p)
                else:
                    again.add(end, w * p)
        rolling = again
    landed = [0.0] * n
    _add_weighted(landed, weights, rows)
    return {s: ends.mass[s] for s in ends.order}, landed


Turns = list[tuple[dict[int, float], list[float]]]


@cache
def _turns(edition: str) -> tuple[Throws, Turns]:
    """The throws of the edition's board, and a free turn from every square (`_turn`): the
    same for both jail policies and for `reach`, so worked out once. Read only."""
    board = load_edition(edition)
    throws = _throws(board)
    return throws, [_turn(board, sq, throws) for sq in range(len(board.squares))]


SHIPPED = "landing.json"  # the shipped tables, beside this module


@cache
def shipped() -> dict[str, Any]:
    """The shipped tables: {"rates": {key: rates}, "reach": {key: rows}}, by `table_key`."""
    text = resources.files("passgo.agents").joinpath(SHIPPED).read_text("utf-8")
    tables: dict[str, Any] = json.loads(text)
    return tables


def table_key(edition: str, jail_max_turns: int, last: str | int) -> str:
    """The key of a shipped table: "edition/jail turns/policy" for `landing_rates`,
    "edition/jail turns/turns" for `reach`."""
    return f"{edition}/{jail_max_turns}/{last}"


@cache
def landing_rates(edition: str = "us-classic", jail_max_turns: int = 3,
                  policy: str = "leave") -> tuple[float, ...]:
    """Expected landings per turn on every square of the edition's board, for a player whose
    jail policy is `policy` ("leave" or "stay"): the shipped table, or else worked out
    (`compute_landing_rates`), once per argument set."""
    rates = shipped()["rates"].get(table_key(edition, jail_max_turns, policy))
    if rates is not None:
        return tuple(rates)
    return compute_landing_rates(edition, jail_max_turns, policy)


def compute_landing_rates(edition: str, jail_max_turns: int,
                          policy: str) -> tuple[float, ...]:
    """`landing_rates` worked out from the chain."""
    if policy not in JAIL_POLICIES:
        raise ValueError(f"jail policy must be one of {', '.join(JAIL_POLICIES)}")
    board = load_edition(edition)
    n = len(board.squares)
    throws, turns = _turns(edition)
    jail_states = 1 if policy == "leave" else jail_max_turns
    size = n + jail_states
    # Transition rows and landings for every state (jail states after the squares).
    rows: list[dict[int, float]] = []
    landings: list[list[float]] = []

    def jailed_to(t: int) -> int:
        return n + t

    for sq in range(n):
        ends, landed = turns[sq]
        rows.append(ends)  # (a token sent to jail ends on `jailed_to(0)`, the square count)
        landings.append(landed)
    for t in range(jail_states):
        if policy == "leave":
            ends, landed = turns[board.jail]
            rows.append(ends)
            landings.append(landed)
            continue
        # Stay: throw for doubles; doubles move without a throw again, and after the last
        # allowed failure the fine is paid and the token moves by that throw.
        plain, doubles, land_plain, land_doubles = throws[board.jail]
        row: dict[int, float] = defaultdict(float)
        landed = list(land_doubles)
        for p, end in doubles:
            row[end] += p
        if t + 1 >= jail_max_turns:
            for p, end in plain:
                row[end] += p
            landed = [a + b for a, b in zip(landed, land_plain, strict=True)]
        else:
            row[jailed_to(t + 1)] += 30 / 36
        rows.append(dict(row))
        landings.append(landed)
    # The iteration below is the slowest part of a bot's first decision.
    # Read by column: for every state, the states leading to it (in order) and with what
    # probability, so that each state's next probability is summed in a local.
    sources: list[list[int]] = [[] for _ in range(size)]
    probabilities: list[list[float]] = [[] for _ in range(size)]
    for s, row in enumerate(rows):
        for target, p in row.items():
            sources[target].append(s)
            probabilities[target].append(p)
    pi = [1.0 / size] * size
    for _ in range(_MAX_ITERATIONS):
        nxt = [0.0] * size
        moved = 0.0
        for t in range(size):
            column_sources = sources[t]
            column_probabilities = probabilities[t]
            acc = 0.0
            for j in range(len(column_sources)):
                acc += pi[column_sources[j]] * column_probabilities[j]
            nxt[t] = acc
        for s in range(size):
            moved = max(moved, abs(pi[s] - nxt[s]))
        pi = nxt
        if moved < _TOLERANCE:
            break
    return tuple(sum((pi[s] * landings[s][sq] for s in range(size)), 0.0) for sq in range(n))


@cache
def reach(edition: str = "us-classic", jail_max_turns: int = 3,
          turns: int = 2) -> tuple[tuple[float, ...], ...]:
    """For every square a turn may start on: the expected landings on each square during
    that turn and the `turns - 1` after it (a player sent to jail meanwhile leaves it on the
    next turn half the time), so `reach(...)[start][sq]` is about the chance of landing on
    `sq` within that many turns. The strategic bot sizes its cash reserve with it: the rents
    it may meet before it can raise money at leisure again. The shipped table, or else worked
    out (`compute_reach`), once per argument set."""
    rows = shipped()["reach"].get(table_key(edition, jail_max_turns, turns))
    if rows is not None:
        return tuple(tuple(row) for row in rows)
    return compute_reach(edition, jail_max_turns, turns)


def compute_reach(edition: str, jail_max_turns: int, turns: int) -> tuple[tuple[float, ...], ...]:
    """`reach` worked out from the chain."""
    board = load_edition(edition)
    n = len(board.squares)
    jailed = n  # the state of a token in jail, as `_turn` ends it
    one = _turns(edition)[1]
    # Where a turn from each square ends, as lists in the order of `_turn`'s dictionary.
    targets = [list(ends) for ends, _ in one]
    shares = [list(ends.values()) for ends, _ in one]
    out = []
    for start in range(n):
        weights: list[float] = []  # the landings: weights[k] * rows[k]
        rows: list[list[float]] = []
        where = _Tally(n + 1)
        where.add(start, 1.0)
        for turn in range(turns):
            nxt = _Tally(n + 1)
            for state in where.order:
                w = where.mass[state]
                sq = state
                if state == jailed:
                    # Half the time it stays in jail, landing nowhere this turn.
                    nxt.add(jailed, w / 2)
                    w /= 2
                    sq = board.jail
                weights.append(w)
                rows.append(one[sq][1])
                if turn + 1 < turns:  # where the next turn starts (none after the last)
                    to, share = targets[sq], shares[sq]
                    for k in range(len(to)):
                        nxt.add(to[k], w * share[k])
            where = nxt
        total = [0.0] * n
        _add_weighted(total, weights, rows)
        out.append(tuple(total))
    return tuple(out)
