"""The review of a finished browser game (`GET /api/games/{id}/review`): the same review as
`passgo review` prints with `--json` (docs/review.md), of every person's seat; and the board
at any of its steps (`GET /api/games/{id}/position/{at}`), which the review's step-through
draws."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import Any

from passgo.core import Game
from passgo.review.evaluator import review_evaluator
from passgo.review.report import to_dict
from passgo.review.review import review_game, reviewed_seats
from passgo.review.source import SavedGame


def game_review(game: Game, people: Sequence[bool]) -> dict[str, Any]:
    """The review of `game` as JSON data; `people[seat]`: a person played the seat. Slow
    (seconds): run it off the event loop."""
    saved = SavedGame(game.to_dict(), tuple(game.names), tuple(people))
    evaluator, _ = review_evaluator(game.rules, 0)
    return to_dict(review_game(saved, evaluator, reviewed_seats(saved, None)))


def position_view(game: Game, at: int) -> dict[str, Any]:
    """What a spectator saw of `game` after its first `at` actions (a review move's `at`: the
    position its player decided on; 0 to the history's length), from a replay of its
    history. Milliseconds to a second, by the length: run it off the event loop."""
    # The replay yields the position before any action, then one after each.
    position, _, _ = next(islice(Game.replay(game.to_dict()), at, None))
    return position.view(-1)
