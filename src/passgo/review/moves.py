"""A game's history cut into the decisions a review looks at.

A *move* is one decision of one player as a person thinks of it: a single answer (buy or
not, the jail, a trade offer received, raising money), or a run of answers that belong
together: every bid a player made in one auction (read as the most they were ready to bid),
and everything a player did at the end of one turn up to ending it (buildings, mortgages,
trades offered, with the other players' answers to those offers). Throwing the dice and
paying a tax have one sensible answer and are no moves; nor is business done outside one's
own decision (rent asked for, an offer made while another player decides).

A move carries what the search needs to play it again (`played`: a `search.Candidate`
whose scripts are the player's actions in the move and the other players' answers), so
that the move played and the moves the expert proposes are played out alike.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from passgo.agents.search import Candidate
from passgo.core import (
    Action,
    Bid,
    BidDecision,
    EndTurn,
    EndTurnDecision,
    Game,
    Pass,
    RollDecision,
    TaxDecision,
)


@dataclass(slots=True)
class Move:
    """One decision: where it starts in the history (`at`: the index of its first action),
    the position before it (`before`, a copy), its player and its decision's kind, the
    actions it took (`actions`), other seats' answers within it (`replies`), the most bid
    in an auction (`limit`, -1: none) and where it ends (`end`: the index after its last
    action)."""

    at: int
    before: Game
    player: int
    kind: str
    actions: list[Action] = field(default_factory=list)
    replies: dict[int, list[Action]] = field(default_factory=dict)
    limit: int | None = None
    end: int = 0
    auction: tuple[int, int, str] | None = None

    @property
    def played(self) -> Candidate:
        """The move as a candidate of the search: the same actions, the same answers."""
        scripts = ((self.player, tuple(self.actions)),
                   *((seat, tuple(acts)) for seat, acts in self.replies.items()))
        return Candidate(self.actions[0], "played", scripts if self.limit is None else (),
                         self.limit)


def moves(data: dict[str, Any]) -> Iterator[tuple[Move, Game]]:
    """Each move of the saved game `data` (`Game.to_dict`) as it ends, with the game just
    after its last action (the live replay: read it before asking for the next move). Moves
    may end out of order (a trade's answer inside an end of turn, bids of several players in
    one auction): sort them by `at`."""
    replay = Game.replay(data)
    setup, _, _ = next(replay)
    g = setup.copy()
    bidding: dict[int, Move] = {}  # open auction moves by player
    ending: Move | None = None  # the open end of a turn
    for i, (_, action, _) in enumerate(replay):
        assert action is not None
        pending = g.pending
        actor = action.player
        single: Move | None = None
        if actor == pending.player and not isinstance(pending, RollDecision | TaxDecision):
            if isinstance(pending, BidDecision):
                key = (g.turn_number, pending.square, pending.item)
                move = bidding.get(actor)
                if move is None or move.auction != key:
                    move = bidding[actor] = Move(i, g.copy(), actor, pending.kind,
                                                 limit=-1, auction=key)
                move.actions.append(action)
                if isinstance(action, Bid):
                    move.limit = max(move.limit or -1, action.amount)
            elif isinstance(pending, EndTurnDecision):
                if ending is None or ending.player != actor:
                    ending = Move(i, g.copy(), actor, pending.kind)
                ending.actions.append(action)
            else:
                single = Move(i, g.copy(), actor, pending.kind, [action])
                if ending is not None and ending.player != actor:
                    ending.replies.setdefault(actor, []).append(action)
        g.apply(action)
        if single is not None:
            single.end = i + 1
            yield single, g
        for seat, move in list(bidding.items()):
            top = g.pending
            if not (isinstance(top, BidDecision) and move.auction == (
                    g.turn_number, top.square, top.item)) or isinstance(move.actions[-1], Pass):
                move.end = i + 1
                del bidding[seat]
                yield move, g
        if ending is not None and (g.over or isinstance(action, EndTurn)
                                   or g.turn_number != ending.before.turn_number):
            ending.end = i + 1
            yield ending, g
            ending = None
    for move in [*bidding.values(), *([ending] if ending is not None else [])]:
        move.end = len(data["history"])
        yield move, g
