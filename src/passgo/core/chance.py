"""Chance as a caller's choice: the throws and card draws of an action, one at a time.

One action can throw the dice and draw cards several times (a throw lands on Chance, the card
sends the token to the nearest Utility, whose rent takes a throw of its own). Search and
game-theory tools (OpenSpiel's chance nodes, expectimax) must see each of these as a chance
event with its outcomes and their probabilities, and choose the outcome. `step` does that on a
copy of the game: given the outcomes chosen so far it returns either the next chance event the
action needs (`Throw` or `Draw`) or the game after the action.

Cards go to the bottom of their deck and are never reshuffled, so after a whole cycle every
attentive player knows the next card: only the cards at the top that nobody has seen yet are
chance. A `Chance` attached to a game (`game.chance`) counts them per deck (`unseen`), and a
draw from them is chance; a draw of a seen card is not. The order of the unseen cards in the
state means nothing to a caller that chooses the draws: `Draw` gives each unseen card's share
of them, and a chosen card is moved to the top before the engine takes it.

A game has no `Chance` unless a caller attaches one, and a copy (`Game.copy`) has none: the
engine then throws with its own PRNG and draws the top card, as always. Attached without
outcomes and not `strict`, it only follows the draws (what an observer needs to know which
cards everyone has seen) and changes nothing. Saves do not hold it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from passgo.core.actions import Action
    from passgo.core.game import Game

#: The dice of an ordinary throw: two six-sided dice.
TWO_D6: Final = (6, 6)


@dataclass(frozen=True)
class Throw:
    """The dice must be thrown: `sides` are the dice (two d6, another pair under
    `Rules.dice = "choice"`, or one die under "control", read as (face, 0))."""

    sides: tuple[int, ...] = TWO_D6

    def outcomes(self) -> list[tuple[tuple[int, int], float]]:
        """Every throw with its probability. Two dice alike are unordered (the lower face
        first: (1, 2) stands for 1-2 and 2-1, with twice the chance of a double); dice of
        different sides are read in the order of `sides`; one die is (face, 0)."""
        if len(self.sides) == 1:
            n = self.sides[0]
            return [((f, 0), 1 / n) for f in range(1, n + 1)]
        a, b = self.sides
        if a != b:
            return [((x, y), 1 / (a * b)) for x in range(1, a + 1) for y in range(1, b + 1)]
        return [((x, y), (1 if x == y else 2) / (a * a))
                for x in range(1, a + 1) for y in range(x, a + 1)]

    def allows(self, dice: tuple[int, int]) -> bool:
        """`dice` is one of the outcomes."""
        if len(self.sides) == 1:
            return 1 <= dice[0] <= self.sides[0] and dice[1] == 0
        return 1 <= dice[0] <= self.sides[0] and 1 <= dice[1] <= self.sides[1]


@dataclass(frozen=True)
class Draw:
    """A card must be drawn from `deck` (0 Chance, 1 Community Chest) whose top card nobody
    has seen: `cards` are the card indices that may come (indices into
    `game.board.decks[deck]`, a card printed twice counted twice) with their probabilities."""

    deck: int
    cards: tuple[tuple[int, float], ...]

    def outcomes(self) -> list[tuple[int, float]]:
        return list(self.cards)


class ChanceNeeded(Exception):
    """Raised inside a strict `Chance` when the action needs an outcome not chosen yet (`step`
    catches it; the copy it was raised in is dropped)."""

    def __init__(self, event: Throw | Draw) -> None:
        super().__init__(event)
        self.event = event


def unseen_cards(deck: Sequence[int], unseen: int) -> tuple[tuple[int, float], ...]:
    """The card indices among the top `unseen` of `deck`, with their shares of them, by
    index."""
    top = deck[:unseen]
    return tuple((c, top.count(c) / len(top)) for c in sorted(set(top)))


class Chance:
    """What the players have seen of the decks, and the outcomes a caller chose (see the
    module docstring). `unseen[d]`: cards at the top of deck d nobody has seen. `throws` and
    `cards[d]`: chosen throws and draws of deck d, used in order. `strict`: a throw or an
    unseen draw without a chosen outcome raises `ChanceNeeded` (else the game's PRNG throws
    and the top card is drawn)."""

    def __init__(self, unseen: Sequence[int], throws: Sequence[tuple[int, int]] = (),
                 cards: Sequence[Sequence[int]] = ((), ()), *, strict: bool = False) -> None:
        self.unseen = [int(u) for u in unseen]
        self.throws = [(int(a), int(b)) for a, b in throws]
        self.cards = [[int(c) for c in chosen] for chosen in cards]
        self.strict = strict

    @classmethod
    def watching(cls, game: Game) -> Chance:
        """A `Chance` that follows `game`'s draws from now on, every card in the decks unseen."""
        return cls([len(d) for d in game.decks])

    def copy(self) -> Chance:
        return Chance(self.unseen, self.throws, self.cards, strict=self.strict)

    def throw(self, sides: tuple[int, ...]) -> tuple[int, int] | None:
        """The next chosen throw of these dice (None: the game's PRNG throws)."""
        if self.throws:
            dice = self.throws.pop(0)
            if not Throw(sides).allows(dice):
                raise ValueError(f"{dice} is not a throw of dice with sides {sides}")
            return dice
        if self.strict:
            raise ChanceNeeded(Throw(sides))
        return None

    def draw(self, cards: list[int], deck: int) -> None:
        """Before the top card of `deck` (`cards`, top first) is taken: put the chosen card on
        top if the top card is unseen, and count it seen."""
        unseen = min(self.unseen[deck], len(cards))
        if not unseen:
            return
        chosen = self.cards[deck] if deck < len(self.cards) else []
        if chosen:
            card = chosen.pop(0)
            try:
                at = cards.index(card, 0, unseen)
            except ValueError:
                raise ValueError(f"card {card} is not among the {unseen} unseen cards of deck "
                                 f"{deck}") from None
            cards.insert(0, cards.pop(at))
        elif self.strict:
            raise ChanceNeeded(Draw(deck, unseen_cards(cards, unseen)))
        self.unseen[deck] = unseen - 1


def step(game: Game, action: Action, throws: Sequence[tuple[int, int]] = (),
         cards: Sequence[Sequence[int]] = ((), ()),
         unseen: Sequence[int] | None = None) -> Game | Throw | Draw:
    """`action` carried out on a copy of `game`, with the chosen `throws` and `cards` (per
    deck) in order: the next chance event it needs beyond them, or the copy after the action,
    watched by a `Chance` with the cards seen since (`unseen`: the cards nobody has seen, by
    deck; default: `game.chance`'s, or every card in the decks). `game` never changes. An
    illegal action raises `IllegalActionError`, an outcome that is not one of its event's or
    is not needed a `ValueError`."""
    if unseen is None:
        unseen = game.chance.unseen if game.chance is not None else [len(d) for d in game.decks]
    chance = Chance(unseen, throws, cards, strict=True)
    copy = game.copy()
    copy.chance = chance
    try:
        copy.apply(action)
    except ChanceNeeded as need:
        return need.event
    if chance.throws or any(chance.cards):
        raise ValueError("more outcomes were chosen than the action needs")
    copy.chance = Chance(chance.unseen)
    return copy
