"""One game driven through the action table: what both environments and the `rl:` bot share.

A `Driver` holds the game, its action table, the observation encoder and the business windows,
and answers the three questions of a step: which indices may the deciding seat take, what
does a seat observe, and what happens on an index.
"""

from __future__ import annotations

import numpy as np

from passgo.agents.base import Agent
from passgo.core import Decision, Game, GameOverDecision, IllegalActionError, Rules
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

    def start(self, seed: int) -> None:
        """A new game from `seed` (the same seed gives the same game, step for step)."""
        self.game = Game.new(self.names, self.rules, seed, max_rounds=self.max_rounds)
        self.table = table_for(self.game)
        self.observer = Observer(self.table, self.max_rounds)
        self.windows = Windows(self.players, self.business_limit, self.offers_per_turn)
        claim_rents(self.game)
        self._refresh()

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
        seat = self.seat
        if isinstance(self.decision, GameOverDecision):
            raise IllegalActionError("the game is over")
        if not 0 <= index < self.table.size or not self.mask[index]:
            raise IllegalActionError(f"action {index} ({self.label(index)}) is masked for "
                                     f"seat {seat} now")
        action = self.table.decode(self.game, seat, index)
        self.game.apply_unchecked(action)
        self.windows.record(seat, action)
        claim_rents(self.game)
        self._refresh()

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
