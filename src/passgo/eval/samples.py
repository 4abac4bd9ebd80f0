"""Positions of simulated games and how the games ended: what the model learns from and is
checked on.

Game i of a run is seeded from the master seed and i alone (`derive_seed`), has
`PLAYER_MIX[i % len(PLAYER_MIX)]` players, all strategic bots (the strongest bot fast enough
to play thousands of games; the expert is the strategic bot plus a search), and is sampled at
the start of every `every`-th turn from a random first one on. A game's outcome labels each
of its positions: 1 for the winner, or, for a game stopped at the round limit without one,
each player's share of the position values then (`search.Scorer`, the expert's yardstick), so
that a long game still teaches who was ahead. Training and checking use different master
seeds, so their games never meet.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from passgo.agents import make_agent
from passgo.agents.evaluator import RolloutEvaluator, value_shares
from passgo.agents.play import bot_step
from passgo.agents.search import Scorer
from passgo.agents.valuation import Valuer
from passgo.agents.winmodel import FUTURE_CASH, VALUE_HORIZON, WinModel, seat_features
from passgo.core import Game, RollDecision, Rules
from passgo.sim.backends import run_tasks
from passgo.sim.progress import progress_bar
from passgo.sim.seeds import derive_seed

T = TypeVar("T")

PLAYER_MIX: Final = (2, 2, 3, 3, 4, 4, 4, 5, 6, 8)  # players of game i: the i-th, cyclically
MAX_ROUNDS: Final = 300


@dataclass(frozen=True, slots=True)
class SampleJob:
    """What a worker needs: the rules, the master seed, a position every `every` turns."""

    rules: Rules
    seed: int
    every: int
    max_rounds: int = MAX_ROUNDS


# One sampled position: its game's index, each seat's features (None: out of the game) and
# the outcome (one number per seat, summing to 1).
Sample = tuple[int, list[list[float] | None], list[float]]


def play_game(job: SampleJob, index: int, visit: int) -> tuple[Game, list[Game]]:
    """Game `index` played to its end, and copies of it at up to `visit` sampled positions
    (0: every one)."""
    n = PLAYER_MIX[index % len(PLAYER_MIX)]
    seed = derive_seed(job.seed, "game", index)
    g = Game.new([f"P{i + 1}" for i in range(n)], job.rules, seed, max_rounds=job.max_rounds)
    agents = [make_agent("strategic", derive_seed(job.seed, "bot", index, p)) for p in range(n)]
    pick = random.Random(derive_seed(job.seed, "sample", index))
    next_turn = pick.randrange(job.every)
    seen: list[Game] = []
    while not g.over:
        if g.turn_number >= next_turn and isinstance(g.pending, RollDecision):
            seen.append(g.copy())
            next_turn = g.turn_number + job.every
        bot_step(g, agents, checked=False)
    if visit and len(seen) > visit:
        seen = pick.sample(seen, visit)
    return g, seen


def outcome(end: Game, scorer: Scorer) -> list[float]:
    """What a finished game teaches each seat (see the module docstring)."""
    return value_shares(end, scorer)


def training_samples(job: SampleJob, first: int, stop: int) -> list[Sample]:
    """The sampled positions of games first..stop-1, with their features and outcomes."""
    valuer = Valuer(job.rules, VALUE_HORIZON, FUTURE_CASH)
    scorer = Scorer(job.rules)
    out: list[Sample] = []
    for index in range(first, stop):
        end, seen = play_game(job, index, 0)
        label = outcome(end, scorer)
        out += [(index, seat_features(g, valuer), label) for g in seen]
    return out


@dataclass(frozen=True, slots=True)
class CheckJob:
    """A check's worker's needs: the games' job, the model's text, positions per game, and
    rollouts per position (0: none)."""

    games: SampleJob
    model: str
    per_game: int
    rollouts: int


# One checked position: players in it, the model's chances, the rollouts' (empty without),
# the outcome.
Checked = tuple[int, list[float], list[float], list[float]]


def checked_samples(job: CheckJob, first: int, stop: int) -> list[Checked]:
    """The model's and the rollouts' chances at positions of games first..stop-1."""
    model = WinModel.from_json(job.model, "the model")
    scorer = Scorer(job.games.rules)
    out: list[Checked] = []
    for index in range(first, stop):
        end, seen = play_game(job.games, index, job.per_game)
        label = outcome(end, scorer)
        for g in seen:
            rolled: list[float] = []
            if job.rollouts:
                seed = derive_seed(job.games.seed, "rollouts", index, g.turn_number)
                rolled = list(RolloutEvaluator(job.rollouts, seed).win_chances(g).chances)
            players = sum(1 for p in range(g.n) if g.in_game(p))
            out.append((players, model.chances(g), rolled, label))
    return out


def by_games(fn: Callable[[Any, int, int], list[T]], job: Any, games: int, size: int,
             label: str, workers: int) -> list[T]:
    """`fn(job, first, stop)` over games 0..games-1 in tasks of `size` games, the results in
    game order whatever the workers (a run gives the same figures on any number of them)."""
    tasks = [(a, min(a + size, games)) for a in range(0, games, size)]
    parts: dict[int, list[T]] = {}
    with progress_bar(games, "games", label) as advance:
        for i, part in run_tasks(fn, job, tasks, workers=workers):
            parts[i] = part
            advance(tasks[i][1] - tasks[i][0])
    return [row for i in range(len(tasks)) for row in parts[i]]
