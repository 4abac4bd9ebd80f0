"""Each player's chance to win from a position: the interface, and the rollout estimate.

An `Evaluator` answers `win_chances(game)`: one chance per seat, summing to 1, 0.0 for a
player out of the game, and for a finished game 1.0 to its winner. Two kinds answer it:

* `RolloutEvaluator`: determinized playouts (`search.play_out`): the position is copied, its
  dice and decks reseeded, and strategic bots, trades included (`search.rollout_trading`),
  play every seat to the end of the game or `horizon` rounds, as they play games. A
  playout that ends with a winner counts 1 for them; one cut short by the horizon or ended
  without a winner counts each player's share of the position values (the expert's leaf
  yardstick, `search.Scorer`). Slow (tens of milliseconds a playout) but right for any rules.
* `ModelEvaluator`: the learned model (`winmodel.WinModel`), about a millisecond, for the
  rules and engine version it was trained for. `default_evaluator` picks the shipped model
  that fits the game's rules (`models/*.json` in this package, made by `passgo eval train`),
  or rollouts, saying why in `note`.

The bots live below the evaluator's command line and training (`passgo.eval`), so that the
expert bot can use the model for the leaves of its search.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal, Protocol

from passgo.agents.search import Scorer, mix, play_out, rollout_trading
from passgo.agents.winmodel import WinModel, model_for
from passgo.core import Game, Rules

Source = Literal["model", "rollouts"]

PLAYOUT_ROUNDS: Final = 300  # rounds a playout plays before it is scored by position values
MAX_ROLLOUTS: Final = 100_000
DEFAULT_ROLLOUTS: Final = 200  # playouts of the fallback: about ±3.5 points at a 50 % chance


@dataclass(frozen=True)
class WinChances:
    """One chance per seat (the game's player index), summing to 1; `source` says what gave
    them, and `note`, for rollouts, why the model was not used and how many were played."""

    chances: tuple[float, ...]
    source: Source
    note: str


class Evaluator(Protocol):
    """Anything that estimates each player's chance to win from a position."""

    def win_chances(self, game: Game) -> WinChances: ...


def settled(game: Game, source: Source, note: str) -> WinChances | None:
    """The chances of a game already decided: over with a winner, or one player left."""
    alive = [p for p in range(game.n) if game.in_game(p)]
    winner = game.winner if game.over else None
    if winner is None and len(alive) == 1:
        winner = alive[0]
    if winner is None:
        return None
    return WinChances(tuple(1.0 if p == winner else 0.0 for p in range(game.n)), source, note)


def value_shares(game: Game, scorer: Scorer) -> list[float]:
    """Each seat's share of the players' position values (0.0 out of the game)."""
    return [scorer.score(game, p) for p in range(game.n)]


class RolloutEvaluator:
    """Win chances as the mean outcome of `rollouts` playouts, the i-th reseeded from
    `seed` and i (every position sees the same made-up luck: the chances of two positions
    compare on common random numbers). `reason` says why rollouts are used; it starts the
    note."""

    def __init__(self, rollouts: int, seed: int, reason: str = "",
                 horizon: int = PLAYOUT_ROUNDS) -> None:
        if not 1 <= rollouts <= MAX_ROLLOUTS:
            raise ValueError(f"rollouts must be from 1 to {MAX_ROLLOUTS:,}")
        if not 1 <= horizon <= 10 * PLAYOUT_ROUNDS:
            raise ValueError(f"horizon must be from 1 to {10 * PLAYOUT_ROUNDS} rounds")
        self.rollouts = rollouts
        self.seed = seed
        self.horizon = horizon
        self.note = f"{reason}; {rollouts} rollouts" if reason else f"{rollouts} rollouts"
        self._scorers: dict[Rules, Scorer] = {}

    def win_chances(self, game: Game) -> WinChances:
        done = settled(game, "rollouts", self.note)
        if done is not None:
            return done
        scorer = self._scorers.get(game.rules)
        if scorer is None:
            scorer = self._scorers[game.rules] = Scorer(game.rules)
        totals = [0.0] * game.n
        player = game.pending_player
        for i in range(self.rollouts):
            end = play_out(game, mix(self.seed, i), player, None, rollout_trading, self.horizon)
            shares = value_shares(end, scorer)
            for p in range(game.n):
                totals[p] += shares[p]
        return WinChances(tuple(t / self.rollouts for t in totals), "rollouts", self.note)


class ModelEvaluator:
    """Win chances from a trained model (whatever rules it was trained for: see
    `default_evaluator` for the check)."""

    def __init__(self, model: WinModel) -> None:
        self.model = model

    def win_chances(self, game: Game) -> WinChances:
        done = settled(game, "model", "")
        if done is not None:
            return done
        return WinChances(tuple(self.model.chances(game)), "model", "")


def default_evaluator(rules: Rules, rollouts: int = DEFAULT_ROLLOUTS, seed: int = 0,
                      model: Path | None = None) -> Evaluator:
    """The model for `rules` (`model_for`), else `rollouts` playouts from `seed` whose note
    says why the model was not used."""
    found, reason = model_for(rules, model)
    if found is not None:
        return ModelEvaluator(found)
    return RolloutEvaluator(rollouts, seed, reason)
