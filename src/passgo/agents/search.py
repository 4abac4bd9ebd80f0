"""Determinized rollouts on copies of the engine: the search under the expert bot.

A *candidate* is what a seat might do now, given as scripts: the actions the deciding seat
plays from here on in this turn (the first one is the decision's answer), actions another
seat is expected to play (a trade partner's acceptance), and, in an auction, the most the
seat bids. A *rollout* plays a candidate out on a copy of the game whose luck is made up:
the copy is reseeded (`Game.reseed`: new dice, both decks reshuffled), the scripts are played
while they fit, and fast default bots play every seat after them, up to a horizon of rounds;
the position reached is scored for the deciding seat (`Scorer`). All candidates of one sample
see the same made-up luck (common random numbers), so the comparison between them is paired:
the dice do not decide which move looks best, the moves do.

Everything here reads and drives the game through its public model (`copy`, `reseed`,
`pending`, `is_legal`, `apply_unchecked`); the real game is never changed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from passgo.agents.base import Agent
from passgo.agents.strategic import StrategicBot
from passgo.agents.valuation import Position, Valuer, board_model
from passgo.core import (
    Action,
    Bid,
    BidDecision,
    Build,
    ClaimRent,
    EndTurn,
    EndTurnDecision,
    Game,
    Pass,
    RollDecision,
    Rules,
    Unmortgage,
)

# Makes the default bot of one seat for one rollout (fresh: bots may keep memory).
PolicyFactory = Callable[[int], Agent]

HOTEL: Final = 5  # a street's level with a hotel (houses + 5 x hotels)
STEPS_PER_TURN: Final = 400  # a rollout that takes more actions than this per turn is cut short
VALUE_HORIZON: Final = 80  # rounds of rent the leaf evaluation counts (the strategic yardstick)
FUTURE_CASH: Final = 300


def mix(*values: int) -> int:
    """A 63-bit hash of some integers (splitmix64 steps): seeds that differ in any input are
    unrelated, and the same inputs give the same seed in every process."""
    h = 0x9E3779B97F4A7C15
    for v in values:
        h = (h ^ (v & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        h = (h ^ (h >> 31)) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
        h ^= h >> 29
    return h >> 1


@dataclass(frozen=True, slots=True)
class Candidate:
    """One way to answer the decision. `action` is played now in the real game. In a
    rollout, `scripts` maps seats to the actions they play in order, each while it is legal
    (the deciding seat's script starts with `action`); `bid_limit`, for an open auction, is
    the most the deciding seat bids for the item auctioned now (it bids the lowest legal
    amount up to it, then passes). Scripts and limits last until the turn ends. `label`
    names the candidate in statistics."""

    action: Action
    label: str
    scripts: tuple[tuple[int, tuple[Action, ...]], ...] = ()
    bid_limit: int | None = None

    @classmethod
    def single(cls, action: Action, label: str | None = None) -> Candidate:
        return cls(action, label or action.text(), ((action.player, (action,)),))


class _Scripted:
    """A seat's script in one rollout: the next action while it is legal, then nothing."""

    __slots__ = ("actions", "at")

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions = actions
        self.at = 0

    def act(self, g: Game, player: int) -> Action | None:
        if self.at < len(self.actions):
            action = self.actions[self.at]
            if g.is_legal(action):
                self.at += 1
                return action
            self.at = len(self.actions)  # off script: the default bot takes over
        return None


class BidLimit:
    """Bid the lowest legal amount for `square`'s `item` up to `limit`, else pass (the open
    auction of the turn it was made for); None for any other decision."""

    __slots__ = ("square", "item", "limit")

    def __init__(self, square: int, item: str, limit: int) -> None:
        self.square = square
        self.item = item
        self.limit = limit

    def act(self, g: Game, player: int) -> Action | None:
        pending = g.pending
        if (not isinstance(pending, BidDecision) or pending.square != self.square
                or pending.item != self.item):
            return None
        span = g.bid_range(player)
        if span is None or span[0] > self.limit:
            return Pass(player)
        return Bid(player, span[0])


def build_step(g: Game, player: int, keep: int) -> Action | None:
    """One step of building up, keeping `keep` in cash: lift a mortgage in a complete colour
    group (houses need the whole group unmortgaged), else build where one more house adds
    most expected rent per dollar (landing rate times the rise in rent), up to one hotel a
    street; None: nothing fits."""
    cash = g.cash_of(player)
    board = g.board
    squares = board.squares
    for sq in g.unmortgageable_squares(player):
        group = squares[sq].group
        if (group >= 0 and cash - g.lift_cost(sq) >= keep
                and all(g.owner_of(o) == player for o in board.groups[group])):
            return Unmortgage(player, sq)
    rate = board_model(g.rules).rate
    best, gain = -1, -1.0
    for sq in g.buildable_squares(player):
        s = squares[sq]
        if cash - s.house_cost < keep:
            continue
        level = g.houses_on(sq) + HOTEL * g.hotels_on(sq)
        rents = s.rents
        if level >= HOTEL or level + 1 >= len(rents):
            continue  # one hotel is the top (double hotels are beyond the valuation)
        added = rate[sq] * (rents[level + 1] - rents[level]) / s.house_cost
        if added > gain:
            best, gain = sq, added
    return Build(player, best) if best >= 0 else None


class RolloutStrategic:
    """The strategic bot as a fast policy of rollouts: its answers, except that at the end of
    a turn it only builds (up to its reserve, `build_step`) and looks for no trades. Looking
    for trades is most of the strategic bot's time; the game review's judge plays this bot
    (`rollout_strategic`), and the expert with `policy=strategic`. The expert's default,
    `policy=trading`, and the position estimate play the whole strategic bot instead
    (`rollout_trading`): at a table of four, rollouts without the other players' trades left
    the expert's search no better than its base (docs/bots.md), and the estimate's chances
    further from the games' outcomes (docs/eval.md)."""

    __slots__ = ("bot", "name")

    def __init__(self) -> None:
        self.bot = StrategicBot()
        self.name = "strategic (rollouts)"

    def act(self, game: Game, player: int) -> Action:
        if isinstance(game.pending, EndTurnDecision):
            return build_step(game, player, self.bot.reserve(game, player)) or EndTurn(player)
        return self.bot.act(game, player)


def rollout_strategic(seat: int) -> RolloutStrategic:
    """A `PolicyFactory` of `RolloutStrategic` bots, one a seat (a module function, so that
    worker processes can be given it)."""
    return RolloutStrategic()


def rollout_trading(seat: int) -> StrategicBot:
    """A `PolicyFactory` of whole strategic bots, trades included, one a seat: the rollouts
    of the expert's default and of the position estimate (`RolloutEvaluator`), which play
    the game as the strategic bots play it."""
    return StrategicBot()


class Leaf(Protocol):
    """What scores the position a rollout reaches for a seat, from 0 (lost) to 1 (won)."""

    def score(self, g: Game, player: int) -> float: ...


class Scorer:
    """What a position is worth to a seat, from 0 (lost) to 1 (won): a finished game by its
    winner, else the seat's share of all players' position values (the strategic bot's
    yardstick: cash, deeds, and the rent they are expected to earn)."""

    def __init__(self, rules: Rules) -> None:
        self.valuer = Valuer(rules, VALUE_HORIZON, FUTURE_CASH)

    def score(self, g: Game, player: int) -> float:
        if not g.in_game(player):
            return 0.0
        if g.over and g.winner is not None:
            return 1.0 if g.winner == player else 0.0
        pos = Position.of(g)
        if any(level > HOTEL for level in pos.level):
            # Double hotels: the yardstick knows one hotel a street at most.
            pos = pos.with_levels([min(HOTEL, lv) for lv in pos.level])
        value = self.valuer.value
        mine = 0.0
        total = 0.0
        for p in range(g.n):
            if g.in_game(p):
                v = max(1.0, value(pos, p))
                total += v
                if p == player:
                    mine = v
        return mine / total


def rollout(game: Game, seed: int, player: int, candidate: Candidate, policy: PolicyFactory,
            horizon: int, scorer: Leaf) -> float:
    """Play `candidate` out on a reseeded copy of `game` for `horizon` rounds (the deciding
    `player`'s turns) and score the result for `player`."""
    return scorer.score(play_out(game, seed, player, candidate, policy, horizon), player)


def play_out(game: Game, seed: int, player: int, candidate: Candidate | None,
             policy: PolicyFactory, horizon: int, *, settle: bool = False) -> Game:
    """The reseeded copy of `game` after `candidate` (None: no script, the default bots play
    every seat) and then the default bots have played `horizon` rounds of `player`'s turns,
    or to the end of the game. With `settle`, the play stops sooner: at the first position,
    after at least one action, where every script is played and the game waits for a throw
    of the dice or the end of a turn; the decision and what it set going (an auction, a
    trade's answer, a building plan) are over there, and little luck has been drawn since.
    The game review (`passgo.review`) scores such positions with a fast evaluator."""
    g = game.copy()
    g.reseed(seed)
    agents = [policy(p) for p in range(g.n)]
    overrides: dict[int, _Scripted | BidLimit] = {} if candidate is None else {
        seat: _Scripted(actions) for seat, actions in candidate.scripts}
    limit: BidLimit | None = None
    if candidate is not None and candidate.bid_limit is not None:
        pending = game.pending
        assert isinstance(pending, BidDecision)
        limit = BidLimit(pending.square, pending.item, candidate.bid_limit)
    turn = g.turn_number
    alive = sum(1 for p in range(g.n) if g.in_game(p))
    stop = turn + horizon * alive
    steps_left = STEPS_PER_TURN * (stop - turn + 1)
    claims = g.rules.rent_claim != "always" or bool(g.rent_claims)
    apply = g.apply_unchecked
    started = len(g.history)
    while not g.over and g.turn_number < stop and steps_left > 0:
        if settle and len(g.history) > started and _settled(g, overrides):
            break
        steps_left -= 1
        if claims and _claim(g):
            continue
        p = g.pending_player
        action: Action | None = None
        if overrides or limit is not None:
            if g.turn_number != turn:
                overrides.clear()
                limit = None
            else:
                scripted = overrides.get(p)
                if scripted is not None:
                    action = scripted.act(g, p)
                if action is None and limit is not None and p == player:
                    action = limit.act(g, p)
        if action is None:
            action = agents[p].act(g, p)
        apply(action)
    return g


def _settled(g: Game, overrides: dict[int, _Scripted | BidLimit]) -> bool:
    """The game waits for a throw or a turn's end, and every script is played out."""
    if not isinstance(g.pending, RollDecision | EndTurnDecision):
        return False
    return all(not isinstance(o, _Scripted) or o.at >= len(o.actions)
               for o in overrides.values())


def _claim(g: Game) -> bool:
    """Ask for the oldest rent waiting (every seat of a rollout is a bot, and bots ask at
    once, as in `passgo.agents.play`)."""
    for waiting in g.rent_claims:
        ask = ClaimRent(waiting.owner, waiting.square)
        if g.is_legal(ask):
            g.apply_unchecked(ask)
            return True
    return False


@dataclass(slots=True)
class Outcome:
    """The result of one search: the chosen candidate's index, the scores of every candidate
    by sample (a pruned candidate has fewer), and the rollouts played."""

    chosen: int
    scores: list[list[float]] = field(default_factory=list)
    rollouts: int = 0
    samples: int = 0

    def mean(self, i: int) -> float:
        s = self.scores[i]
        return sum(s) / len(s) if s else 0.0


def _paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of a - b over the samples both have."""
    k = min(len(a), len(b))
    if k == 0:
        return 0.0, math.inf
    diffs = [a[i] - b[i] for i in range(k)]
    mean = sum(diffs) / k
    if k < 2:
        return mean, math.inf
    var = sum(((d - mean) ** 2 for d in diffs), 0.0) / (k - 1)
    return mean, math.sqrt(var / k)


def search(game: Game, player: int, candidates: Sequence[Candidate], *, policy: PolicyFactory,
           horizon: int, scorer: Leaf, seed: int, samples: int | None = None,
           deadline: float | None = None, confidence: float = 1.0,
           prune: float = 2.5) -> Outcome:
    """Compare `candidates` (the first is the default: what the bot would do without search)
    by rollouts. Each sample reseeds every surviving candidate's copy alike. With `samples`,
    exactly that many samples are played (reproducible); else samples are added until
    `deadline` (a `time.perf_counter()` value) would be passed, at least one. Candidates that
    fall more than `prune` standard errors behind the leader (paired) after a few samples are
    dropped. The best mean wins if it beats the default by more than `confidence` standard
    errors of the paired difference; otherwise the default stays."""
    n = len(candidates)
    out = Outcome(0, [[] for _ in range(n)])
    if n <= 1:
        return out
    active = list(range(n))
    k = 0
    started = time.perf_counter()
    while True:
        sample_seed = mix(seed, k)
        for i in active:
            out.scores[i].append(rollout(game, sample_seed, player, candidates[i], policy,
                                         horizon, scorer))
            out.rollouts += 1
        k += 1
        if samples is not None:
            if k >= samples:
                break
        else:
            assert deadline is not None
            now = time.perf_counter()
            per_sample = (now - started) / k
            if now + per_sample > deadline:
                break
        if k >= 4 and len(active) > 2:
            lead = max(active, key=out.mean)
            for i in list(active):
                if i in (0, lead):
                    continue
                diff, se = _paired(out.scores[i], out.scores[lead])
                if diff + prune * se < 0:
                    active.remove(i)
    out.samples = k
    best = max(active, key=out.mean)
    if best != 0:
        diff, se = _paired(out.scores[best], out.scores[0])
        if not diff > confidence * se or diff <= 0:
            best = 0
    out.chosen = best
    return out
