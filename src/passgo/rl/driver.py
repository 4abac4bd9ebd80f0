"""One game driven through the action table: what both environments and the `rl:` bot share.

A `Driver` holds the game, its action table, the observation encoder and the business windows,
and answers the three questions of a step: which indices may the deciding seat take, what
does a seat observe, and what happens on an index. Its game is watched by a
`passgo.core.chance.Chance`, so the observation knows which cards everyone has seen; `copy`
is an independent driver in the same state (the environments' snapshots, OpenSpiel's clones).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from passgo.agents.base import Agent
from passgo.core import Action, Decision, Game, GameOverDecision, IllegalActionError, Rules
from passgo.core.chance import Chance
from passgo.rl.observe import UNSUPPORTED, Observer, Vector
from passgo.rl.table import MAX_SEATS, ActionTable, Mask
from passgo.rl.windows import BUSINESS_LIMIT, OFFERS_PER_TURN, Windows, claim_rents

DEFAULT_MAX_ROUNDS = 200
_TABLES: dict[int, ActionTable] = {}


def table_for(game: Game) -> ActionTable:
    """The action table of the game's board (made once per board and process)."""
    table = _TABLES.get(id(game.board))
    if table is None or table.board is not game.board:
        table = _TABLES[id(game.board)] = ActionTable(game.board)
    return table


def rules_of(rules: Rules | str) -> Rules:
    """A `Rules` value, or a preset name (ValueError naming the presets when unknown); rules
    with an option the environments cannot express (`UNSUPPORTED`) are refused by name."""
    if isinstance(rules, Rules):
        rules.validate()
    else:
        rules = Rules.preset(rules)
    classic = Rules.classic()  # where each of these options is off
    for option, why in UNSUPPORTED.items():
        if getattr(rules, option) != getattr(classic, option):
            raise ValueError(f"the RL environments do not support {option}: {why}")
    return rules


class Driver:
    """A game of `players` seats under `rules`, stopped after `max_rounds` rounds."""

    def __init__(self, players: int, rules: Rules | str = "classic",
                 max_rounds: int = DEFAULT_MAX_ROUNDS, *,
                 business_limit: int = BUSINESS_LIMIT,
                 offers_per_turn: int = OFFERS_PER_TURN) -> None:
        if type(players) is not int or not 2 <= players <= MAX_SEATS:
            raise ValueError(f"players must be from 2 to {MAX_SEATS}, not {players!r:.20}")
        if type(max_rounds) is not int or max_rounds < 1:
            raise ValueError(f"max_rounds must be a positive integer, not {max_rounds!r:.20}")
        self.players = players
        self.rules = rules_of(rules)
        self.max_rounds = max_rounds
        self.business_limit = business_limit
        self.offers_per_turn = offers_per_turn
        self.names = [f"seat_{p}" for p in range(players)]
        self.start(0)

    def start(self, seed: int, game: Game | None = None) -> None:
        """A new game from `seed` (the same seed gives the same game, step for step), or
        `game` (a game just made, of this driver's seats), watched from here on."""
        self.game = game or Game.new(self.names, self.rules, seed, max_rounds=self.max_rounds)
        if self.game.n != self.players:
            raise ValueError(f"the game has {self.game.n} players, the environment "
                             f"{self.players}")
        self.game.chance = Chance.watching(self.game)
        self.table = table_for(self.game)
        self.observer = Observer(self.table, self.max_rounds)
        self.windows = Windows(self.players, self.business_limit, self.offers_per_turn)
        claim_rents(self.game)
        self._refresh()

    def start_at(self, position: str | dict[str, Any], seed: int) -> None:
        """A game from a position (TOML or JSON text, or its data, as `passgo play
        --position` reads it; docs/positions.md) under its own rules, which must be rules the
        environments support. `PositionError` or `ValueError` in one line, and the driver's
        game stays as it was."""
        game = Game.from_position(position, seed, max_rounds=self.max_rounds)
        rules_of(game.rules)
        if game.n != self.players:
            raise ValueError(f"the position has {game.n} players, the environment "
                             f"{self.players}")
        self.start(seed, game)

    def copy(self) -> Driver:
        """An independent driver in the same state (the game copied, still watched)."""
        new = Driver.__new__(Driver)
        new.__dict__.update(self.__dict__)
        new.game = self.game.copy()
        new.game.chance = self.game.chance.copy() if self.game.chance else None
        new.windows = self.windows.copy()
        new.mask = self.mask.copy()
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Driver:
        return self.copy()

    def _refresh(self) -> None:
        """Work out the decision and the deciding seat's mask once per state."""
        game = self.game
        self.decision: Decision = game.pending
        self.seat = game.pending_player
        if self.seat < 0:
            self.mask = np.zeros(self.table.size, np.int8)
            return
        self.mask = self.windows.mask(self.table, game, self.seat, self.decision.kind)

    def mask_of(self, seat: int) -> Mask:
        """The legal indices of `seat` now: none unless the game waits for it."""
        return self.mask.copy() if seat == self.seat else np.zeros(self.table.size, np.int8)

    def observe(self, seat: int) -> Vector:
        return self.observer.encode(self.game, seat, self.decision, self.windows.left(seat))

    def act(self, index: int) -> None:
        """Take index `index` for the deciding seat; `IllegalActionError` (nothing changes)
        when the mask does not have it."""
        action = self.action(index)
        self.game.apply_unchecked(action)
        self.acted(action)

    def action(self, index: int) -> Action:
        """The engine action of index `index` for the deciding seat now; `IllegalActionError`
        when the mask does not have it."""
        if isinstance(self.decision, GameOverDecision):
            raise IllegalActionError("the game is over")
        if not 0 <= index < self.table.size or not self.mask[index]:
            raise IllegalActionError(f"action {index} ({self.label(index)}) is masked for "
                                     f"seat {self.seat} now")
        return self.table.decode(self.game, self.seat, index)

    def acted(self, action: Action, game: Game | None = None) -> None:
        """After the deciding seat's `action` was carried out (on this driver's game, or on
        a copy of it: `game`, which replaces it): count it in the windows, ask for the rents
        and work out the next decision."""
        if game is not None:
            self.game = game
        self.windows.record(self.seat, action)
        claim_rents(self.game)
        self._refresh()

    def texts(self) -> tuple[str, ...]:
        """What each index of the mask does now, with the amounts of the state, in index
        order (the engine's text of the action an index decodes to)."""
        game, seat = self.game, self.seat
        return tuple(self.table.decode(game, seat, int(i)).text()
                     for i in np.flatnonzero(self.mask))

    def play_others(self, agents: dict[int, Agent]) -> None:
        """Let the seats `agents` play (checked: an illegal bot action raises
        `IllegalActionError`) until a seat without an agent decides or the game ends."""
        game = self.game
        while not game.over:
            agent = agents.get(seat := game.pending_player)
            if agent is None:
                break
            game.apply(agent.act(game, seat))
            claim_rents(game)
        self._refresh()

    def label(self, index: int) -> str:
        labels = self.table.labels()
        return labels[index] if 0 <= index < len(labels) else "outside the table"

    def summary(self) -> str:
        """One line on the game: the round, each seat's cash, what it waits for."""
        game = self.game
        cash = ", ".join(f"{game.names[p]} ${game.cash_of(p)}" for p in range(game.n))
        return f"round {game.round_number}: {cash}; waiting for {self.decision.kind}"
