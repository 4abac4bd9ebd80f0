"""Saved games for the review's tests, played from hand-written positions with scripted
dice, and a small evaluator of the tests' own (each seat's share of the position values:
the expert's leaf yardstick), fast and deterministic."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from passgo.agents.search import Scorer
from passgo.agents.spec import parse_spec
from passgo.core import Action, BidDecision, Game, Pass, Rules
from passgo.eval import WinChances
from passgo.session import Seat, Session


class Shares:
    """Win chances as each seat's share of the position values (tests only)."""

    def __init__(self, rules: Rules) -> None:
        self.scorer = Scorer(rules)

    def win_chances(self, game: Game) -> WinChances:
        return WinChances(tuple(self.scorer.score(game, p) for p in range(game.n)), "model",
                          "")


# Ann holds two of the orange deeds and stands six squares before the third.
ORANGE_TWO = '''
to_move = "Ann"
[[players]]
name = "Ann"
position = 13
[[players]]
name = "Bea"
[[players]]
name = "Cy"
[properties]
"St. James Place" = { owner = "Ann" }
"Tennessee Avenue" = { owner = "Ann" }
[dice]
script = [[2, 4]]
'''

# Ann holds the whole orange group and has thrown: only the end of her turn is left.
ORANGE_ALL = '''
to_move = "Ann"
awaiting = "end_turn"
[[players]]
name = "Ann"
position = 5
[[players]]
name = "Bea"
[[players]]
name = "Cy"
[properties]
"St. James Place" = { owner = "Ann" }
"Tennessee Avenue" = { owner = "Ann" }
"New York Avenue" = { owner = "Ann" }
'''


def session(position: str) -> Session:
    """Ann a person, Bea and Cy strategic bots."""
    g = Game.from_position(position, seed=3)
    return Session(g, [Seat("Ann", None), Seat("Bea", parse_spec("strategic")),
                       Seat("Cy", parse_spec("strategic"))])


def play(s: Session, actions: list[Callable[[Game], Action]]) -> None:
    """Ann's actions in order; the bots answer between them, Ann passes in every auction."""
    g = s.game
    for make in actions:
        while s.bot_to_move():
            s.bot_step()
        s.apply(make(g))
        while isinstance(g.pending, BidDecision) or s.bot_to_move():
            if g.pending_player == 0:
                s.apply(Pass(0))
            else:
                s.bot_step()


def saved(s: Session, path: Path) -> Path:
    s.save_to(path)
    return path
