"""Shared test support: set up a game in a chosen position with forced dice and stacked decks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from passgo.core import Game, Rules
from passgo.core.board import DECK_CHANCE, DECK_COMMUNITY_CHEST, load_edition
from passgo.core.state import HOTEL

BOARD = load_edition("us-classic")


def sq(name: str) -> int:
    """Square index by name (case-insensitive), e.g. sq("Boardwalk") == 39."""
    return BOARD.square_index(name)


def stack(game: Game, deck: str, card_ids: Iterable[str]) -> None:
    """Put these cards (by id) on top of a deck, in order (first drawn first)."""
    d = DECK_CHANCE if deck == "chance" else DECK_COMMUNITY_CHEST
    rest = list(game.decks[d])
    top: list[int] = []
    for cid in card_ids:
        (index,) = BOARD.card_index(d, cid)
        rest.remove(index)  # one copy of a card printed twice
        top.append(index)
    game.decks[d] = top + rest


def setup(
    players: Sequence[str] = ("Ann", "Bob"),
    *,
    rules: Rules | None = None,
    dice: Sequence[tuple[int, int]] = (),
    cash: Sequence[int] | None = None,
    pos: Sequence[int] | None = None,
    owners: Mapping[int, int] | None = None,
    levels: Mapping[int, int] | None = None,
    mortgaged: Iterable[int] = (),
    jailed: Mapping[int, int] | None = None,
    chance: Sequence[str] = (),
    community_chest: Sequence[str] = (),
    jail_cards: Mapping[int, Sequence[str]] | None = None,
    seed: int = 1,
) -> Game:
    """A game with Ann (seat 0) to throw first and the board arranged as given.

    `levels` maps a street to its houses (5 = hotel); the Bank's stock is reduced to match.
    `jailed` maps a seat to the jail turns it has already used. `jail_cards` gives seats
    Get Out of Jail Free cards by deck name."""
    g = Game.new(list(players), rules or Rules.classic(), seed, order="given", dice=dice)
    if g.rules.deal_deeds:
        # Scenarios arrange the deeds themselves: undo the Short Game's deal.
        g.owner[:] = [-1] * len(g.owner)
        g.cash[:] = [BOARD.starting_cash] * g.n
        g.bank_flow = 0
    if cash is not None:
        for p, c in enumerate(cash):
            g.bank_flow += g.cash[p] - c
            g.cash[p] = c
    if pos is not None:
        g.pos[:] = list(pos)
    for square, p in (owners or {}).items():
        g.owner[square] = p
    for square, lv in (levels or {}).items():
        g.level[square] = lv
        if lv == HOTEL:
            g.bank_hotels -= 1
        else:
            g.bank_houses -= lv
    for square in mortgaged:
        g.mortgaged[square] = True
    for p, used in (jailed or {}).items():
        g.jailed[p] = True
        g.jail_turns[p] = used
        g.pos[p] = BOARD.jail
    if g.jailed[0]:
        g.frames[0].kind = "jail"
    for p, decks in (jail_cards or {}).items():
        for deck in decks:
            d = DECK_CHANCE if deck == "chance" else DECK_COMMUNITY_CHEST
            index = BOARD.card_index(d, "get-out-of-jail-free")[0]
            g.decks[d].remove(index)
            g.cards[p].append((d, index))
    stack(g, "chance", chance)
    stack(g, "community_chest", community_chest)
    return g


def kinds(events: Iterable[object]) -> list[str]:
    return [e.kind for e in events]  # type: ignore[attr-defined]


def money_total(g: Game) -> int:
    """Players' cash plus the Bank's net takings: constant over a game."""
    return sum(g.cash) + g.bank_flow


def assert_illegal(g: Game, action: object) -> None:
    """The action is refused with `IllegalActionError` and the saved game is unchanged."""
    import pytest

    from passgo.core import IllegalActionError

    before = g.to_json()
    assert not g.is_legal(action)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        g.apply(action)  # type: ignore[arg-type]
    assert g.to_json() == before
