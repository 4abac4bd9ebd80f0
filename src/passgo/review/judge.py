"""How much win chance a move gave away: the move played and the expert's candidates, each
played out to where the decision is over and scored by the evaluator.

Every candidate (the expert bot's list for the decision, `ExpertBot.candidates`, and the
move as it was played, `moves.Move.played`) is played on a copy of the position whose luck
is made up (`search.play_out` with `settle`): the scripts first, then the strategic bot in
every seat, until the game waits for a throw or the end of a turn. The evaluator scores the
position reached for the deciding player. All candidates see the same made-up luck (common
random numbers); when a candidate meets luck on its way (a throw for doubles in jail, a
card), more samples are played for all of them. The real dice are never read: the move is
judged by what could be known when it was made, not by how the dice fell afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from passgo.agents.expert import ExpertBot
from passgo.agents.search import Candidate, PolicyFactory, mix, play_out, rollout_strategic
from passgo.core import DrawCard, FineOrChance, Game, Roll
from passgo.eval import Evaluator

Mark = Literal["inaccuracy", "mistake", "blunder"]

#: The win chance lost (in points: hundredths) from which a move is marked, worst first.
THRESHOLDS: Final[tuple[tuple[Mark, float], ...]] = (
    ("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
SAMPLES: Final = 1  # play-outs per candidate when no luck is met on the way
LUCKY_SAMPLES: Final = 4  # play-outs per candidate when some candidate meets luck
SETTLE_ROUNDS: Final = 1  # the most a play-out runs before it is scored


def mark_of(loss: float) -> Mark | None:
    """The mark a move earns by the win chance it lost (None: a sound move)."""
    for mark, threshold in THRESHOLDS:
        if loss >= threshold - 1e-9:
            return mark
    return None


@dataclass(frozen=True, slots=True)
class Scored:
    """A candidate and the deciding player's win chance after it (mean of the samples)."""

    candidate: Candidate
    chance: float


@dataclass(frozen=True, slots=True)
class Judgement:
    """The move played and the best candidate found, with their win chances, the chance
    lost (`loss`, never below 0) and the mark; `played_end`, `best_end`: the positions the
    played and the best candidate led to in the first sample (for the words of what the
    better move does)."""

    played: Scored
    best: Scored
    candidates: tuple[Scored, ...]
    loss: float
    mark: Mark | None
    played_end: Game
    best_end: Game


POLICY: Final[PolicyFactory] = rollout_strategic


class Judge:
    """Judges moves of one game with one evaluator; `seed` makes up the luck."""

    def __init__(self, evaluator: Evaluator, seed: int = 0) -> None:
        self.evaluator = evaluator
        self.seed = seed
        self.expert = ExpertBot(seed=seed)

    def candidates(self, before: Game, player: int) -> list[Candidate]:
        """The expert's candidates for the decision (fewer than two: nothing to review)."""
        return [c for c in self.expert.candidates(before, player)
                if before.is_legal(c.action)]

    def judge(self, before: Game, player: int, played: Candidate,
              candidates: list[Candidate]) -> Judgement:
        """Score the played move and `candidates` (see the module docstring)."""
        same = next((i for i, c in enumerate(candidates) if _same(c, played, player)), None)
        pool = list(candidates) if same is not None else [played, *candidates]
        at = len(before.history)
        sums = [0.0] * len(pool)
        ends: list[Game] = []
        samples = SAMPLES
        k = 0
        while k < samples:
            seed = mix(self.seed, at, k)
            for i, c in enumerate(pool):
                end = play_out(before, seed, player, c, POLICY, SETTLE_ROUNDS, settle=True)
                if k == 0:
                    ends.append(end)
                    if samples < LUCKY_SAMPLES and _met_luck(end, at):
                        samples = LUCKY_SAMPLES
                sums[i] += self.evaluator.win_chances(end).chances[player]
            k += 1
        scored = [Scored(c, s / samples) for c, s in zip(pool, sums, strict=True)]
        mine = same if same is not None else 0
        best = max(range(len(scored)), key=lambda i: scored[i].chance)
        loss = max(0.0, scored[best].chance - scored[mine].chance)
        return Judgement(scored[mine], scored[best], tuple(scored), loss, mark_of(loss),
                         ends[mine], ends[best])


def _same(c: Candidate, played: Candidate, player: int) -> bool:
    """Whether a candidate is the move played: the same bid limit, or the same actions."""
    if played.bid_limit is not None or c.bid_limit is not None:
        return c.bid_limit == played.bid_limit
    mine = dict(c.scripts).get(player, (c.action,))
    return mine == dict(played.scripts).get(player)


def _met_luck(end: Game, at: int) -> bool:
    """Whether the play-out threw dice or drew a card after the decision."""
    return any(isinstance(a, Roll | DrawCard | FineOrChance) for a in end.history[at:])
