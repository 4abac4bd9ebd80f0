"""How a game ends: the last player standing, the richest player when time or a bankruptcy
count is up (short and time-limit games), or a safety limit of a simulation."""

from __future__ import annotations

from passgo.core.events import GameOver
from passgo.core.state import GameState

LIMIT_REASONS = ("turn limit", "round limit")


def finish(g: GameState, reason: str, limit: bool = False) -> None:
    """End the game; the one player left wins unless a safety `limit` stopped it."""
    g.over = True
    g.end_reason = reason
    alive = g.alive_players()
    g.winner = alive[0] if not limit and len(alive) == 1 else None
    g.events.append(GameOver(g.winner, reason))


def finish_by_valuation(g: GameState, reason: str) -> None:
    """Short and time-limit games: "The richest player wins" by `valuation`; a tie for the
    richest has no single winner."""
    g.over = True
    values = {p: g.valuation(p) for p in g.alive_players()}
    best = max(values.values())
    richest = [p for p, v in values.items() if v == best]
    g.winner = richest[0] if len(richest) == 1 else None
    g.end_reason = reason if g.winner is not None else f"{reason} (tie)"
    g.events.append(GameOver(g.winner, g.end_reason, best))
