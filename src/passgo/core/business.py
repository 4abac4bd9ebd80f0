"""Business open to a player at any time the rules allow: building, selling buildings,
mortgaging and lifting mortgages, selling deeds back (no mortgaging), Bank loans, asking for
rent and repaying loans from players. `business_actions` lists them for `Game.legal_actions`;
`may_raise` says whether any of them raises cash from the Bank (a debtor's bankruptcy hangs on
it), from the same walk stopped at the first.

Agents that enumerate every step (random bots, search, RL) call this once per decision, so it
is written for speed: one pass over the player's deeds, with what the rule checks of
`buildings` and `mortgages` share worked out once. Each action's own check
(`registry.BUSINESS`) stays the authority; a property test compares the two on many states.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar, cast

from passgo.core import buildings, house_rules, terms
from passgo.core.actions import (
    Action,
    Build,
    BuildHotel,
    ClaimRent,
    Mortgage,
    RepayLoan,
    Sell,
    SellDeed,
    SellDown,
    SmashBoard,
    TakeLoan,
    Unmortgage,
)
from passgo.core.board import STREET
from passgo.core.frames import TransferFrame
from passgo.core.mortgages import sell_deed_problem
from passgo.core.state import GameState

_MADE: dict[tuple[type[Action], int, int], Action] = {}
_SquareAction = TypeVar("_SquareAction", Mortgage, Unmortgage, Build, Sell)


def square_action(kind: type[_SquareAction], player: int, sq: int) -> _SquareAction:
    """The action value, made once: actions are immutable, and building a frozen dataclass
    costs more than the rest of a listing (or of a bot's look at every sale)."""
    key = (kind, player, sq)
    action = _MADE.get(key)
    if action is None:
        action = _MADE[key] = kind(player, sq)
    return cast(_SquareAction, action)


def business_actions(g: GameState, player: int) -> list[Action]:
    return list(_walk(g, player, raising=False))


def may_raise(g: GameState, player: int) -> bool:
    """Some business that raises cash from the Bank (`Sell`, `SellDown`, `Mortgage`, `SellDeed`,
    `TakeLoan`) is legal for the player now: whether `business_actions` would list one, by
    the same walk stopped at the first. A debtor's raise-funds decision asks it at every
    step, and the whole list (every building, every `Sell` made) cost more than the rest of
    that decision."""
    return next(_walk(g, player, raising=True), None) is not None


def _walk(g: GameState, player: int, raising: bool) -> Iterator[Action]:
    """The player's business in `business_actions` order; with `raising`, only the actions
    that raise cash from the Bank, and none of the work that only the others need."""
    rules = g.rules
    frames = g.frames
    spending = True
    transfers: set[int] = set()
    if len(frames) > 1:
        spending = not g.owes(player)
        transfers = {f.square for f in frames if isinstance(f, TransferFrame)}
    if g.time_called and player == g.angel and not raising:
        yield SmashBoard(player)  # sudden death: the Angel's option is open
    if rules.bank_loans:
        if house_rules.loan_problem(g, player, repay=False) is None:
            yield TakeLoan(player)
        if not raising and house_rules.loan_problem(g, player, repay=True) is None:
            yield RepayLoan(player)
    owner, level, mortgaged = g.owner, g.level, g.mortgaged
    owned = [sq for sq in g.board.properties if owner[sq] == player]
    if owned:
        squares = g.board.squares
        built_groups = {squares[sq].group for sq in owned if level[sq]}
        if g.contracts:  # a partner's buildings keep the group's streets from mortgages
            built_groups |= {squares[sq].group for sq in owned if squares[sq].group >= 0
                             and len(g.partners(player, squares[sq].group)) > 1
                             and any(level[o] for o in g.board.groups[squares[sq].group])}
        # No building request while a shortage call hands buildings out.
        may_build = not raising and spending and not buildings.call_open(g)
        if may_build:
            for sq in buildings.buildable_squares(g, player):
                yield square_action(Build, player, sq)
        if built_groups or rules.partial_building:
            for sq, group, levels in buildings.sell_options(g, player, first=raising):
                if sq >= 0:
                    yield square_action(Sell, player, sq)
                else:
                    yield SellDown(player, g.board.group_names[group], levels)
        # "Unimproved properties can be mortgaged ... at any time" (not while jailed under
        # maximum punishment, never without mortgages); lifting needs the cash and no
        # pending choice about a deed just received.
        may_mortgage = not rules.no_mortgaging and not g.punished(player)
        may_lift = spending and not raising
        cash = g.spendable(player)
        lift_costs = g.lift_costs
        for sq in owned:
            if mortgaged[sq]:
                if may_lift and sq not in transfers and cash >= lift_costs[sq]:
                    yield square_action(Unmortgage, player, sq)
            elif may_mortgage and (squares[sq].kind != STREET
                                   or squares[sq].group not in built_groups):
                yield square_action(Mortgage, player, sq)
        if may_build and rules.instant_hotels:
            for sq in buildings.hotel_squares(g, player):
                yield BuildHotel(player, sq)
        if rules.no_mortgaging:
            for sq in owned:
                if sell_deed_problem(g, player, sq) is None:
                    yield SellDeed(player, sq)
    if raising:
        return
    if g.claims and not g.punished(player):  # a jailed owner may not collect rent
        for c in g.claims:
            if c[1] == player:
                yield ClaimRent(player, c[2])
    if g.contracts:
        yield from terms.business_actions(g, player)
