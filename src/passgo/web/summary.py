"""The result screen's figures of a finished game, computed by replaying its history.

The live game keeps only where things stand; what the result screen shows (every player's
worth round by round, the rent each paid and received, who held which colour group) is read
from the game's own events, replayed once from the start when someone asks after game over
(`GET /api/games/{id}/summary`). Worth is the rule books' count (`Game.worth`: cash, printed
prices, buildings at cost), taken as each round starts and once at the end.
"""

from __future__ import annotations

from typing import Any

from passgo.core import Game
from passgo.core.events import RENT, RENT_SHARE, Bankrupt, Payment, TurnStarted

# The payments the result screen counts as rent: rent itself and a share of it (004, Profit
# sharing) that a trade gave another player.
RENT_REASONS = (RENT, RENT_SHARE)


def game_summary(game: Game) -> dict[str, Any]:
    """The figures of a finished game: `rounds` (the round of each worth sample), `worth`
    (per seat, the samples), `rent_paid`, `rent_received`, `groups` (per colour group held
    whole at the end, its owner) and `standings` (seats, winner first, then the others by
    worth, then the bankrupt, the last to go first)."""
    seats = range(len(game.players))
    rounds: list[int] = []
    worth: list[list[int]] = [[] for _ in seats]
    paid = [0 for _ in seats]
    received = [0 for _ in seats]
    out: list[int] = []
    last = game

    def sample(round_number: int) -> None:
        rounds.append(round_number)
        for seat in seats:
            worth[seat].append(last.worth(seat))

    for step, action, events in Game.replay(game.to_dict()):
        last = step
        if action is None:  # the start, before anyone moved
            sample(step.round_number)
        for event in events:
            if isinstance(event, TurnStarted) and event.round > rounds[-1]:
                sample(event.round)
            elif isinstance(event, Payment) and event.reason in RENT_REASONS:
                if event.payer is not None:
                    paid[event.payer] += event.amount
                if event.payee is not None:
                    received[event.payee] += event.amount
            elif isinstance(event, Bankrupt) and event.player not in out:
                out.append(event.player)
    sample(last.round_number + 1)
    board = last.board
    groups = []
    for name, squares in zip(board.group_names, board.groups, strict=True):
        owners = {last.owner_of(sq) for sq in squares}
        if len(owners) == 1 and (owner := owners.pop()) is not None:
            groups.append({"group": name, "owner": owner, "squares": list(squares)})
    standing = sorted((s for s in seats if s not in out),
                      key=lambda s: (s != last.winner, -last.worth(s)))
    return {"rounds": rounds, "worth": worth, "rent_paid": paid, "rent_received": received,
            "groups": groups, "standings": standing + out[::-1], "winner": last.winner,
            "names": [p.name for p in last.players]}
