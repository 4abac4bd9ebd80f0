"""Ratings and the leaderboard of a tournament.

Ratings are OpenSkill's Plackett-Luce model (a Bayesian rating for games of any number of
players; the `ratings` extra installs it): each game updates every entry from its place. The
leaderboard sorts by the conservative estimate mu - 3 sigma ("ordinal"), so a bot ranks high
only once the games show it is strong, and also gives the plain win share with its 95 % Wilson
interval, which needs no model.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from passgo.tournament.match import GameResult
from passgo.tournament.stats import wilson


class RatingsUnavailable(Exception):
    """The optional rating library is not installed."""


@dataclass(slots=True)
class Standing:
    """One entry's line of the leaderboard."""

    entry: int
    label: str
    mu: float = 0.0
    sigma: float = 0.0
    games: int = 0
    wins: int = 0
    place_sum: int = 0
    incidents: Counter[str] = field(default_factory=Counter)

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {
            "entry": self.entry,
            "bot": self.label,
            "rating": round(self.ordinal, 3),
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "games": self.games,
            "wins": self.wins,
            "win_share": round(self.wins / self.games, 4) if self.games else 0.0,
            "win_share_95": [round(low, 4), round(high, 4)],
            "mean_place": round(self.place_sum / self.games, 3) if self.games else None,
            "incidents": dict(self.incidents),
        }


def leaderboard(labels: Sequence[str], results: Sequence[GameResult]) -> list[Standing]:
    """Rate the entries from the games in order; best first."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise RatingsUnavailable(
            "ratings need the openskill package: pip install 'passgo[sim]'") from None
    model = PlackettLuce()
    ratings = [model.rating(name=label) for label in labels]
    table = [Standing(i, label) for i, label in enumerate(labels)]
    for result in results:
        entries = result.entries
        teams = [[ratings[e]] for e in entries]
        rated = model.rate(teams, ranks=list(result.places))
        for e, (new,) in zip(entries, rated, strict=True):
            ratings[e] = new
        for seat, e in enumerate(entries):
            row = table[e]
            row.games += 1
            row.wins += result.winner == seat
            row.place_sum += result.places[seat]
            row.incidents.update(i["kind"] for i in result.incidents.get(seat, []))
    for row, rating in zip(table, ratings, strict=True):
        row.mu, row.sigma = rating.mu, rating.sigma
    return sorted(table, key=lambda r: -r.ordinal)
