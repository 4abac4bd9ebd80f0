"""Double board (`Rules.double_board`, 004): the choice of board on the square both share.

004: "Two boards, such as a standard board and an English board, have either Free Parking or Go
overlapping. Players go around both boards in a figure eight pattern. When a player lands on
the overlapping space, he or she may choose which board to enter next."

The board itself (`board.double_board`) is data: the two editions' squares, the shared square
having an index on each board; a token's index says which board it goes on along, and passing
the shared square crosses to the other (`Board.ahead`). Landing on it asks the player which
board to enter (`enter_board`), after the square itself is done with (a Free Parking pot taken,
the salary for reaching GO paid). Readings where the text leaves a choice (docs/engine.md):

* tokens start on the edition's GO, going round the edition's board;
* cards come from the edition's two decks; a named square is the one of the edition's board,
  reached forward along the figure eight (so a trip may pass GO twice, each paying the
  salary); Advance to GO goes to the next GO along it; the nearest Railroad or Utility is the
  next one along it (on the token's board, unless the shared GO comes first); "Go back three
  spaces" goes back along the token's board;
* the shared square counts as on both boards (cards that concern the players of one board).
"""

from __future__ import annotations

from passgo.core.actions import EnterBoard
from passgo.core.decisions import EnterBoardDecision
from passgo.core.events import BoardEntered
from passgo.core.frames import Frame
from passgo.core.registry import answer, decision
from passgo.core.state import GameState


def entrances(g: GameState) -> tuple[int, int]:
    """The shared square's index on each board: entering by one goes on along its board."""
    board = g.board
    return board.overlap, board.ring + board.overlap


decision(
    "enter_board",
    lambda g, f: EnterBoardDecision(f.player, entrances(g)),
    lambda g, f, p: [EnterBoard(p, sq) for sq in entrances(g)],
)


def _problem(g: GameState, f: Frame, a: EnterBoard) -> str | None:
    if a.square not in entrances(g):
        return "enter by the shared square's index on one of the boards: " + " or ".join(
            map(str, entrances(g)))
    return None


@answer(EnterBoard, "enter_board", problem=_problem)
def _enter(g: GameState, f: Frame, a: EnterBoard) -> None:
    g.frames.pop()
    g.pos[a.player] = a.square
    g.events.append(BoardEntered(a.player, a.square))
