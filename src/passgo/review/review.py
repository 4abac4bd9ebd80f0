"""The review of one game: every move with each player's win chance before and after it,
and for the reviewed players' moves the best candidate the search finds, the chance lost
and the mark; a summary per reviewed player.

The chances before and after a move are read from the real positions (they show how the
game went, dice and all); whether a move was good is judged apart (`judge`), on made-up
luck, so that bad dice are never called a mistake.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from passgo.core import Game
from passgo.eval import Evaluator
from passgo.review.judge import Judge, Judgement, Mark
from passgo.review.moves import Move, moves
from passgo.review.source import ReviewError, SavedGame
from passgo.review.words import action_doing, doing, effect

BIGGEST: Final = 3  # the biggest mistakes listed per player
ACCURACY_SPAN: Final = 0.20  # a move that loses this much win chance (or more) scores 0 %


@dataclass(frozen=True, slots=True)
class Alternative:
    """A candidate compared, in words, with the reviewed player's win chance after it."""

    words: str
    chance: float


@dataclass(frozen=True, slots=True)
class ReviewedMove:
    """One move in the review, in the round (counted from 1, as the board shows it) and
    turn it was made. `before`/`after`: every seat's win chance at the real
    positions. For a reviewed move (`judged`), `played_chance` and `best_chance` are the
    player's chances after the move played and after the best candidate, both on made-up
    luck; `loss` the difference; `instead` what to do instead and what it would have done."""

    at: int
    round: int
    turn: int
    player: int
    kind: str
    played: str
    before: tuple[float, ...]
    after: tuple[float, ...]
    judged: bool = False
    played_chance: float = 0.0
    best_chance: float = 0.0
    loss: float = 0.0
    mark: Mark | None = None
    best: str = ""
    instead: str = ""
    alternatives: tuple[Alternative, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """A reviewed player's moves judged, their accuracy (100 % less the chance each move
    lost, scaled so that `ACCURACY_SPAN` lost scores 0, averaged), the marks counted and
    the biggest mistakes (indexes into `Review.moves`)."""

    player: int
    name: str
    judged: int
    accuracy: float
    inaccuracies: int
    mistakes: int
    blunders: int
    biggest: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Review:
    """A whole game's review. `ended`: why the game ended (the engine's end reason: "last
    player standing", "round limit", ...), None while it runs; `source`/`note`: what gave the
    win chances (the evaluator's own words); `seconds`: how long the review took."""

    names: tuple[str, ...]
    reviewed: tuple[int, ...]
    moves: tuple[ReviewedMove, ...]
    summaries: tuple[PlayerSummary, ...]
    final: tuple[float, ...]
    winner: int | None
    ended: str | None
    source: str
    note: str
    seconds: float


def reviewed_seats(saved: SavedGame, player: str | None) -> tuple[int, ...]:
    """The seats to review: the one named, else every person's seat (every seat when no
    person played: a game of bots)."""
    if player is not None:
        if player not in saved.names:
            raise ReviewError(f"--player: no player named {player!r} in this game (players: "
                              f"{', '.join(saved.names)})")
        return (saved.names.index(player),)
    people = tuple(i for i, person in enumerate(saved.people) if person)
    return people or tuple(range(len(saved.names)))


def review_game(saved: SavedGame, evaluator: Evaluator, seats: Sequence[int], *,
                seed: int = 0, progress: Callable[[int, int], None] | None = None) -> Review:
    """Review the game `saved` for the players in `seats` (see the module docstring);
    `progress(done, total)` is told after each move."""
    started = time.perf_counter()
    judge = Judge(evaluator, seed)
    viewer = seats[0] if len(seats) == 1 else None
    total = len(saved.data["history"])
    out: list[ReviewedMove] = []
    cache: dict[int, tuple[float, ...]] = {}
    source, note = "", ""
    last: Game | None = None

    def chances(g: Game) -> tuple[float, ...]:
        nonlocal source, note
        at = len(g.history)
        got = cache.get(at)
        if got is None:
            wc = evaluator.win_chances(g)
            source, note = wc.source, wc.note
            got = cache[at] = wc.chances
        return got

    for move, after in moves(saved.data):
        before = chances(move.before)
        reviewed = _reviewed(judge, move, seats, viewer, before, chances(after))
        out.append(reviewed)
        last = after
        if progress is not None:
            progress(move.end, total)
    out.sort(key=lambda m: m.at)
    if last is None:
        last = Game.from_dict(saved.data)
    final = chances(last)
    return Review(saved.names, tuple(seats), tuple(out),
                  tuple(_summary(saved.names[p], p, out) for p in seats), final,
                  last.winner if last.over else None, last.end_reason if last.over else None,
                  source, note,
                  time.perf_counter() - started)


def _reviewed(judge: Judge, move: Move, seats: Sequence[int], viewer: int | None,
              before: tuple[float, ...], after: tuple[float, ...]) -> ReviewedMove:
    g, p = move.before, move.player
    played = move.played
    base = ReviewedMove(move.at, g.round_number + 1, g.turn_number, p, move.kind,
                        doing(g, played, viewer) if played.bid_limit is not None
                        else _actions_words(g, move, viewer), before, after)
    if p not in seats:
        return base
    candidates = judge.candidates(g, p)
    if len(candidates) < 2:
        return base  # one sensible answer: nothing to review
    j = judge.judge(g, p, played, candidates)
    instead = ""
    if j.mark is not None:
        instead = f"{doing(g, j.best.candidate, viewer)} {_effect(g, j, p, viewer)}"
    return ReviewedMove(
        base.at, base.round, base.turn, p, base.kind, base.played, before, after, True,
        j.played.chance, j.best.chance, j.loss, j.mark, doing(g, j.best.candidate, viewer),
        instead, tuple(Alternative(doing(g, s.candidate, viewer), s.chance)
                       for s in sorted(j.candidates, key=lambda s: -s.chance)))


def _effect(g: Game, j: Judgement, player: int, viewer: int | None) -> str:
    return effect(g, j.played_end, j.best_end, player, viewer)


def _actions_words(g: Game, move: Move, viewer: int | None) -> str:
    """The move played, in words: its first action, and how many more followed."""
    first = action_doing(g, move.actions[0], viewer)
    more = len(move.actions) - 1
    return first if more <= 0 else f"{first} and {more} more action{'s' if more > 1 else ''}"


def _summary(name: str, player: int, moves_: Sequence[ReviewedMove]) -> PlayerSummary:
    judged = [(i, m) for i, m in enumerate(moves_) if m.judged and m.player == player]
    accuracy = (100 * sum(max(0.0, 1 - m.loss / ACCURACY_SPAN) for _, m in judged)
                / len(judged)) if judged else 100.0
    marked = sorted((x for x in judged if x[1].mark is not None), key=lambda x: -x[1].loss)
    count = [sum(1 for _, m in judged if m.mark == k)
             for k in ("inaccuracy", "mistake", "blunder")]
    return PlayerSummary(player, name, len(judged), accuracy, count[0], count[1], count[2],
                         tuple(i for i, _ in marked[:BIGGEST]))
