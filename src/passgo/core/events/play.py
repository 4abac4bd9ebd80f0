"""Events of the turn: the opening throws, the dice, moves, cards, jail, and the end of the game.
"""

from __future__ import annotations

from typing import ClassVar, Final, Literal, final

from passgo.core.decisions import DeckName
from passgo.core.events.base import EventBase, JailExit, JailWhy, MoveHow, ThrowPurpose


@final
class OpeningThrows(EventBase):
    """Before the first turn each player throws the dice and the highest total starts, tied players
    throwing again: every throw in order, as (seat, die, die), and the seat that starts."""

    __slots__ = ("first", "throws")
    __match_args__ = ("first", "throws")
    kind: ClassVar[Literal["opening"]] = "opening"
    first: Final[int]
    throws: Final[tuple[tuple[int, int, int], ...]]

    def __init__(self, first: int, throws: tuple[tuple[int, int, int], ...]) -> None:
        self.first = first
        self.throws = throws


@final
class TurnStarted(EventBase):
    """A player's turn begins; `round` is the number of rounds completed before it."""

    __slots__ = ("player", "round")
    __match_args__ = ("player", "round")
    kind: ClassVar[Literal["turn"]] = "turn"
    player: Final[int]
    round: Final[int]

    def __init__(self, player: int, round: int) -> None:
        self.player = player
        self.round = round


@final
class DiceThrown(EventBase):
    """A throw: the faces (two dice, or one under dice control), whether they are doubles, and what
    the throw was for: the turn's move (or a try for doubles in jail), a tie between bidders, or a
    utility's rent thrown afresh."""

    __slots__ = ("player", "dice", "doubles", "purpose")
    __match_args__ = ("player", "dice", "doubles", "purpose")
    kind: ClassVar[Literal["dice"]] = "dice"
    player: Final[int]
    dice: Final[tuple[int, ...]]
    doubles: Final[bool]
    purpose: Final[ThrowPurpose]

    def __init__(
        self, player: int, dice: tuple[int, ...], doubles: bool, purpose: ThrowPurpose = "turn"
    ) -> None:
        self.player = player
        self.dice = dice
        self.doubles = doubles
        self.purpose = purpose


@final
class Moved(EventBase):
    """A token moved from `start` to `end` by `steps` squares (negative: backwards), and whether it
    passed or reached GO on the way; `how`: by the throw, by a card, or back to GO because the
    square was taken (doubling up)."""

    __slots__ = ("player", "start", "end", "steps", "passed_go", "how")
    __match_args__ = ("player", "start", "end", "steps", "passed_go", "how")
    kind: ClassVar[Literal["move"]] = "move"
    player: Final[int]
    start: Final[int]
    end: Final[int]
    steps: Final[int]
    passed_go: Final[bool]
    how: Final[MoveHow]

    def __init__(
        self, player: int, start: int, end: int, steps: int, passed_go: bool, how: MoveHow
    ) -> None:
        self.player = player
        self.start = start
        self.end = end
        self.steps = steps
        self.passed_go = passed_go
        self.how = how


@final
class CardDrawn(EventBase):
    """A card was drawn: its deck, its id and its text as printed."""

    __slots__ = ("player", "deck", "card", "text")
    __match_args__ = ("player", "deck", "card", "text")
    kind: ClassVar[Literal["card"]] = "card"
    player: Final[int]
    deck: Final[DeckName]
    card: Final[str]
    text: Final[str]

    def __init__(self, player: int, deck: DeckName, card: str, text: str) -> None:
        self.player = player
        self.deck = deck
        self.card = card
        self.text = text


@final
class JailCardKept(EventBase):
    """The card drawn is a Get Out of Jail Free card, which the player keeps."""

    __slots__ = ("player", "deck")
    __match_args__ = ("player", "deck")
    kind: ClassVar[Literal["keep_card"]] = "keep_card"
    player: Final[int]
    deck: Final[DeckName]

    def __init__(self, player: int, deck: DeckName) -> None:
        self.player = player
        self.deck = deck


@final
class Jailed(EventBase):
    """A player went to jail (the `square` of In Jail): by landing on Go to Jail, by a card, by a
    third double, or by throwing a 1 under dice control."""

    __slots__ = ("player", "square", "why")
    __match_args__ = ("player", "square", "why")
    kind: ClassVar[Literal["jail"]] = "jail"
    player: Final[int]
    square: Final[int]
    why: Final[JailWhy]

    def __init__(self, player: int, square: int, why: JailWhy) -> None:
        self.player = player
        self.square = square
        self.why = why


@final
class LeftJail(EventBase):
    """A player left jail (or, under `jail_card_on_arrival`, never went in): by doubles, by paying
    the fine, by a card, after the last failed throw (the fine or a card follows), or by a card on
    arrival, held or bought from another player."""

    __slots__ = ("player", "how")
    __match_args__ = ("player", "how")
    kind: ClassVar[Literal["jail_free"]] = "jail_free"
    player: Final[int]
    how: Final[JailExit]

    def __init__(self, player: int, how: JailExit) -> None:
        self.player = player
        self.how = how


@final
class StayedInJail(EventBase):
    """A throw in jail without doubles: the player stays; `tries` failed throws so far."""

    __slots__ = ("player", "tries")
    __match_args__ = ("player", "tries")
    kind: ClassVar[Literal["jail_stay"]] = "jail_stay"
    player: Final[int]
    tries: Final[int]

    def __init__(self, player: int, tries: int) -> None:
        self.player = player
        self.tries = tries


@final
class TimeCalled(EventBase):
    """Time is called: under sudden death the Angel of Death may now smash the board."""

    __slots__ = ()
    __match_args__ = ()
    kind: ClassVar[Literal["time_called"]] = "time_called"

    def __init__(self) -> None:
        pass


@final
class BoardSmashed(EventBase):
    """The Angel of Death smashed the board: the game ends without a winner."""

    __slots__ = ("player",)
    __match_args__ = ("player",)
    kind: ClassVar[Literal["board_smashed"]] = "board_smashed"
    player: Final[int]

    def __init__(self, player: int) -> None:
        self.player = player


@final
class GameOver(EventBase):
    """The game ended: the winner (None: no winner), why, and under the time limit the winner's
    worth."""

    __slots__ = ("winner", "reason", "worth")
    __match_args__ = ("winner", "reason", "worth")
    kind: ClassVar[Literal["game_over"]] = "game_over"
    winner: Final[int | None]
    reason: Final[str]
    worth: Final[int]

    def __init__(self, winner: int | None, reason: str, worth: int = 0) -> None:
        self.winner = winner
        self.reason = reason
        self.worth = worth


#: The turn's events, for code that tells them apart.
PlayEvent = (
    OpeningThrows
    | TurnStarted
    | DiceThrown
    | Moved
    | CardDrawn
    | JailCardKept
    | Jailed
    | LeftJail
    | StayedInJail
    | TimeCalled
    | BoardSmashed
    | GameOver
)
