"""What one simulated game leaves behind, and the observer that collects it from the events.

Everything is read from what `Game.apply` returns (see `passgo.core.events`), through the
`observe` hook of the bot loop, so the statistics count exactly what the engine did: rent is a
`Payment` by a player with the reason "rent", a bankruptcy names its creditor (None for the
Bank, which the record keeps as -1), and the square a rent was paid for is the end of the
payer's last `Moved` (rent is charged on landing, and the bot loop asks for claimed rent at
once, before the payer can move again).

Landings are counted per throw of the dice at the square where the throw leaves the token
that threw, with In Jail (a jailed token) apart from Just Visiting. The resting square of a
throw is read just before the next throw (or at the end): a throw's consequences (a card, Go
To Jail, raising the fine after a third jail throw before moving) may take several actions,
and nothing but its own throw moves a token.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from passgo.core import Action, Event, Game, Roll
from passgo.core.board import RAILROAD, STREET, UTILITY, Board
from passgo.core.events import RENT, Bankrupt, Moved, Payment


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The facts of one game that the reports need, by player entry (not by seat)."""

    index: int
    winner: int  # entry of the winner; -1 when the game has none (cap or tie)
    rounds: int
    turns: int
    capped: bool  # stopped by the simulation's round cap, not by the rules
    end_reason: str
    bankruptcies: tuple[tuple[int, int], ...]  # (debtor entry, creditor entry or -1 = Bank)
    rent: tuple[int, ...]  # collected, per rent group (see `rent_groups`)
    landings: tuple[int, ...]  # per square, then In Jail as the last item
    rolls: int
    # Protocol bots' incidents (`passgo.agents.play.incidents`): (entry, kind) per incident.
    incidents: tuple[tuple[int, str], ...] = ()


def rent_groups(board: Board) -> tuple[str, ...]:
    """Names of the groups rent is reported by: the colour groups, then railroads, utilities."""
    return (*board.group_names, "railroads", "utilities")


def rent_group_of(board: Board) -> list[int]:
    """Rent group index of each square (-1 for squares that take no rent)."""
    colours = len(board.group_names)
    out = []
    for square in board.squares:
        if square.kind == STREET:
            out.append(square.group)
        elif square.kind == RAILROAD:
            out.append(colours)
        elif square.kind == UTILITY:
            out.append(colours + 1)
        else:
            out.append(-1)
    return out


def landing_labels(board: Board) -> list[str]:
    """Names of the landing buckets: the squares, then In Jail (the jail square is then
    Just Visiting; on a double board, each board's, In Jail counting both jails)."""
    names = [s.name for s in board.squares]
    names[board.jail] = "Just Visiting"
    if board.overlap >= 0:
        names[board.ring + board.jail] = f"Just Visiting ({board.side_names[1]})"
    return [*names, "In Jail"]


class LandingTally:
    """Where each throw left the token that threw: one count per square, In Jail last.

    `observe` is called after every action; it notes where the last thrower stands, and a
    throw is counted where its token stood after the last action before the next throw."""

    __slots__ = ("counts", "in_jail", "rolls", "_roller", "_rest")

    def __init__(self, board: Board) -> None:
        self.in_jail = len(board.squares)
        self.counts = [0] * (self.in_jail + 1)
        self.rolls = 0
        self._roller = -1
        self._rest = -1

    def observe(self, game: Game, action: Action) -> None:
        if type(action) is Roll:
            self.settle()
            self._roller = action.player
            self.rolls += 1
        p = self._roller
        if p >= 0:
            self._rest = self.in_jail if game.in_jail(p) else game.square_of(p)

    def settle(self) -> None:
        """Count the last throw (call once more when the run or the game is over)."""
        if self._roller >= 0:
            self.counts[self._rest] += 1
            self._roller = -1


class GameRecorder:
    """The `observe` callback of one game: turns its actions and events into a GameRecord."""

    def __init__(self, game: Game, entries_by_seat: list[int]) -> None:
        self.game = game
        self.entries = entries_by_seat
        self.group_of = rent_group_of(game.board)
        self.rent = [0] * len(rent_groups(game.board))
        self.last_square = [game.square_of(p) for p in range(game.n)]
        self.bankruptcies: list[tuple[int, int]] = []
        self.landings = LandingTally(game.board)

    def __call__(self, action: Action, events: list[Event]) -> None:
        self.landings.observe(self.game, action)
        for e in events:
            if isinstance(e, Moved):
                self.last_square[e.player] = e.end
            elif isinstance(e, Payment):
                if e.reason == RENT and e.payer is not None:
                    group = self.group_of[self.last_square[e.payer]]
                    if group >= 0:
                        self.rent[group] += e.amount
            elif isinstance(e, Bankrupt):
                creditor = -1 if e.creditor is None else self.entries[e.creditor]
                self.bankruptcies.append((self.entries[e.player], creditor))

    def record(self, index: int,
               incidents: dict[int, list[dict[str, Any]]] | None = None) -> GameRecord:
        """The record of the finished game; `incidents` are the protocol bots' by seat."""
        g = self.game
        self.landings.settle()
        return GameRecord(
            index=index,
            winner=-1 if g.winner is None else self.entries[g.winner],
            rounds=g.round_number,
            turns=g.turn_number,
            capped=g.stopped_by_limit,
            end_reason=g.end_reason,
            bankruptcies=tuple(self.bankruptcies),
            rent=tuple(self.rent),
            landings=tuple(self.landings.counts),
            rolls=self.landings.rolls,
            incidents=tuple((self.entries[seat], i["kind"])
                            for seat, found in sorted((incidents or {}).items())
                            for i in found),
        )
