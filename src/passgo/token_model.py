"""What a lone token does between two throws, built from the engine's own board, cards and Rules.

The exact chain (`passgo.analysis.chain`), the batched token run (`passgo.sim.batched`) and the
bots' turn chain (`passgo.agents.landing`) all read this one model, so they can only differ by
what they are (an exact sum against a sample), never by a second reading of the rules. It
stands below the bots, the simulations and the analyses (it needs nothing but the core), so
each of them can use it without depending on another.

The token is the landing run's idle player (`passgo.sim.landing`): it buys nothing, so no
rent, travel or foreclosure ever moves it, and it throws the two six-sided dice.

What is modelled: the edition's squares and both decks (advance, advance to the nearest,
back, back to, go to jail, the UK fine-or-Chance card answered with the fine), doubles and the
third double, Go To Jail, `jail_max_turns`, `jail_prepay_turns` and both jail strategies (the
long one never hires a lawyer, `jail_lawyer`; the short one does, which is not modelled). Each
card of a deck is taken as equally likely, which is what a deck cycled under its bottom
averages to. Dice house rules leave the idle token with the two six-sided dice it always
throws, and rules about owned deeds (travelling railroads, foreclosure) never meet it.

Two readings of the Get Out of Jail Free card (`CARD_CONVENTIONS`):

* `return` (the published tables' reading): a drawn card goes back under its deck at once (it
  is used or sold straight away), so every draw sees the whole deck;
* `keep`: the token keeps it until its jail strategy plays it; the long strategy never does, so
  in the long run both cards are out of their decks and every draw sees 15 cards. (The short
  strategy plays a kept card at its next jail turn: a card out of its deck for a while, which
  this model cannot hold, so `keep` is refused with `short`.)

Rule sets whose movement this does not model are refused by name (`MovementError`).
"""

from __future__ import annotations

from dataclasses import dataclass

from passgo.core import Rules
from passgo.core.board import (
    ADVANCE,
    ADVANCE_NEAREST,
    BACK,
    BACK_TO,
    CHANCE,
    COMMUNITY_CHEST,
    DECK_CHANCE,
    DECK_COMMUNITY_CHEST,
    GO_TO_JAIL,
    GO_TO_JAIL_CARD,
    JAIL_FREE,
    Board,
    Card,
    load_edition,
)

JAIL_STRATEGIES = ("short", "long")
# Readings of the Get Out of Jail Free card (see above).
CARD_CONVENTIONS = ("return", "keep")

CARD_CONVENTION_TEXT = {
    "return": "a Get Out of Jail Free card goes back under its deck at once (published tables)",
    "keep": "a Get Out of Jail Free card is kept until the jail strategy plays it (long: never)",
}
# The two six-sided dice: (total, doubles) for each of the 36 equally likely throws.
THROWS = tuple((a + b, a == b) for a in range(1, 7) for b in range(1, 7))


class MovementError(ValueError):
    """A rule set or convention whose movement the landing models do not cover."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where a token that reached a square ends up, with what probability, and every square it
    was put on on the way (the square reached, then each card's destination).

    `carded` is the part of `probability` in which a nearest-square card ("advance to the
    nearest Railroad", "... Utility") put the token on `end`, and `multiplied` that part
    weighted by the card's multiplier (the railroad card's doubled rent, the utility card's
    ten times a fresh throw): what the rent of a railroad or utility depends on beyond the
    landing itself (`passgo analyze returns`)."""

    probability: float
    end: int  # a square, or `Movement.jailed` for In Jail
    visits: tuple[int, ...]
    carded: float = 0.0
    multiplied: float = 0.0


@dataclass(frozen=True, slots=True)
class Movement:
    """The movement of one idle token under one rule set, jail strategy and card convention."""

    board: Board
    jail_strategy: str
    card_convention: str
    max_turns: int  # failed jail throws allowed before the fine is forced
    prepay_turns: int  # jail turns on which the fine may be paid before throwing
    outcomes: tuple[tuple[Outcome, ...], ...]  # per square reached

    @property
    def n(self) -> int:
        return len(self.board.squares)

    @property
    def jailed(self) -> int:
        """The end code of "sent to jail" (one past the last square)."""
        return self.n

    @property
    def go_to_jail(self) -> tuple[int, ...]:
        return tuple(s.index for s in self.board.squares if s.kind == GO_TO_JAIL)

    def leaves_at_once(self, failed: int) -> bool:
        """Whether a jailed token with `failed` jail throws behind it pays and throws as in
        any turn (the short strategy, while the fine may be paid before throwing)."""
        return self.jail_strategy == "short" and failed < self.prepay_turns


def unmodelled(rules: Rules) -> list[str]:
    """The options of `rules` that change a lone idle token's movement in ways these models do
    not follow (empty: the rules are modelled)."""
    out = []
    if rules.doubling_up:
        out.append("doubling_up (tokens send each other back to GO)")
    if rules.round_limit:
        out.append("round_limit (the run would end)")
    if rules.double_board != "off":
        out.append("double_board (the models follow one board of 40 squares, not two joined "
                   "in a figure eight)")
    return out


def build_movement(rules: Rules, jail_strategy: str = "short",
                   card_convention: str = "return") -> Movement:
    """The movement model of `rules`; `MovementError` names what it cannot model."""
    if jail_strategy not in JAIL_STRATEGIES:
        raise MovementError(f"jail strategy must be one of {', '.join(JAIL_STRATEGIES)}")
    if card_convention not in CARD_CONVENTIONS:
        raise MovementError(f"card convention must be one of {', '.join(CARD_CONVENTIONS)}")
    problems = unmodelled(rules)
    if card_convention == "keep" and jail_strategy == "short":
        problems.append("the keep convention with the short strategy (a card held until the "
                        "next jail turn)")
    if rules.jail_lawyer and jail_strategy == "short":
        problems.append("jail_lawyer with the short strategy (a token that never pays a fine "
                        "keeps a Get Out of Jail Free card)")
    if card_convention == "keep" and rules.jail_card_on_arrival:
        problems.append("jail_card_on_arrival with the keep convention (a held card goes back "
                        "on arrival)")
    if problems:
        raise MovementError(f"the landing model does not cover {'; '.join(problems)}")
    board = load_edition(rules.edition)
    return Movement(board, jail_strategy, card_convention, rules.jail_max_turns,
                    rules.jail_prepay_turns, square_outcomes(board, card_convention))


def square_outcomes(board: Board, card_convention: str = "return"
                    ) -> tuple[tuple[Outcome, ...], ...]:
    """For every square of `board`: where a token put there ends up (its card obeyed), with
    what probability and through which squares. Also the bots' landing rates
    (`passgo.agents.landing`) stand on it."""
    decks = tuple(_deck(board.decks[d], card_convention) for d in (0, 1))
    n = len(board.squares)
    return tuple(tuple(_merge(_reach(board, decks, sq, 1.0, (), n))) for sq in range(n))


def _deck(cards: tuple[Card, ...], convention: str) -> tuple[Card, ...]:
    """The cards a draw sees in the long run: all of them, or none kept for ever."""
    if convention == "keep":
        return tuple(c for c in cards if c.effect != JAIL_FREE)
    return cards


def _reach(board: Board, decks: tuple[tuple[Card, ...], ...], sq: int, weight: float,
           path: tuple[int, ...], jailed: int, multiplier: int = 0) -> list[Outcome]:
    """The token is put on `sq` with probability `weight` (by a nearest-square card with this
    `multiplier`, or 0): obey the square (and its card)."""
    path = (*path, sq)
    kind = board.squares[sq].kind
    if kind == GO_TO_JAIL:
        return [Outcome(weight, jailed, path)]
    if kind not in (CHANCE, COMMUNITY_CHEST):
        carded = weight if multiplier else 0.0
        return [Outcome(weight, sq, path, carded, carded * multiplier)]
    deck = decks[DECK_CHANCE if kind == CHANCE else DECK_COMMUNITY_CHEST]
    share = weight / len(deck)
    n = len(board.squares)
    out: list[Outcome] = []
    for card in deck:
        target = _card_target(board, card, sq, n)
        if target is None:
            out.append(Outcome(share, sq, path))
        elif target == jailed:
            out.append(Outcome(share, jailed, path))
        else:
            multiplier = card.multiplier if card.effect == ADVANCE_NEAREST else 0
            out.extend(_reach(board, decks, target, share, path, jailed, multiplier))
    return out


def _card_target(board: Board, card: Card, sq: int, n: int) -> int | None:
    """Where a card sends the token (`n`: to jail), or None when it stays; the UK card "pay a
    fine or take a Chance" is answered with the fine, as the idle token answers it."""
    effect = card.effect
    if effect in (ADVANCE, BACK_TO):
        return card.square
    if effect == ADVANCE_NEAREST:
        return board.nearest[card.kind][sq]
    if effect == BACK:
        return (sq - card.spaces) % n
    if effect == GO_TO_JAIL_CARD:
        return n
    return None


def _merge(outcomes: list[Outcome]) -> list[Outcome]:
    """One outcome per (end, path): the same card printed twice is one outcome (and so are two
    cards to the same square, "Take a trip to Reading Railroad" and the nearest-Railroad card
    drawn on the last Chance square, their `carded` parts added)."""
    merged: dict[tuple[int, tuple[int, ...]], list[float]] = {}
    for o in outcomes:
        sums = merged.setdefault((o.end, o.visits), [0.0, 0.0, 0.0])
        sums[0] += o.probability
        sums[1] += o.carded
        sums[2] += o.multiplied
    return [Outcome(p, end, path, carded, multiplied)
            for (end, path), (p, carded, multiplied) in merged.items()]
