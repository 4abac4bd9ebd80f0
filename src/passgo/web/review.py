"""The review of a finished browser game (`GET /api/games/{id}/review`): the same review as
`passgo review` prints with `--json` (docs/review.md), of every person's seat."""

from __future__ import annotations

from collections.abc import Sequence
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
