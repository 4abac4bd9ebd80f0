"""Mortgages: taking and lifting them, the choice of whoever receives a mortgaged deed, and
selling deeds back to the Bank where mortgages are not played (`Rules.no_mortgaging`).

"Unimproved properties can be mortgaged through the Bank at any time. Before an improved
property can be mortgaged, all the buildings on all the properties of its color-group must be
sold back to the Bank at half price." Lifting costs the mortgage value plus 10 % interest. A
player who receives a mortgaged deed (by trade, bankruptcy or auction) "may lift the mortgage
at once if he/she wishes by paying off the mortgage plus 10% interest"; otherwise "the 10%
interest must be paid at once" and the mortgage is lifted later with another 10 %.
"""

from __future__ import annotations

from typing import Any

from passgo.core.actions import Action, KeepMortgage, LiftMortgage, Mortgage, SellDeed, Unmortgage
from passgo.core.board import STREET
from passgo.core.decisions import MortgagedDeedDecision
from passgo.core.events import INTEREST, DeedSoldToBank, Mortgaged, MortgageLifted
from passgo.core.frames import Frame, TransferFrame
from passgo.core.money import bank_pays, charge, from_bank, square_problem, to_bank
from passgo.core.registry import answer, business, decision
from passgo.core.state import BANK, GameState


def mortgage_problem(g: GameState, player: int, sq: int) -> str | None:
    square = g.board.squares[sq]
    if not square.ownable or g.owner[sq] != player:
        return f"you do not own {square.name}"
    if g.rules.no_mortgaging:
        return "mortgages are not played: sell the deed back to the Bank instead"
    if g.punished(player):
        return "a player in jail may not mortgage (maximum punishment)"
    if g.mortgaged[sq]:
        return f"{square.name} is already mortgaged"
    if square.kind == STREET and _own_buildings_in_group(g, player, square.group):
        return "sell every building of the group first"
    return None


def _own_buildings_in_group(g: GameState, player: int, group: int) -> bool:
    """Buildings of the player (or of a partner of theirs in the group) stand in it."""
    owner, level = g.owner, g.level
    members = g.partners(player, group) if g.contracts else (player,)
    # A loop, not any(): cheaper on two to four streets, asked for every deed mortgageable.
    for o in g.board.groups[group]:  # noqa: SIM110
        if level[o] and owner[o] in members:
            return True
    return False


def mortgage(g: GameState, player: int, sq: int) -> None:
    g.mortgaged[sq] = True
    value = g.board.squares[sq].mortgage
    from_bank(g, player, value)
    g.events.append(Mortgaged(player, sq, value, g.reason))


def unmortgage_problem(g: GameState, player: int, sq: int) -> str | None:
    square = g.board.squares[sq]
    if not square.ownable or g.owner[sq] != player:
        return f"you do not own {square.name}"
    if not g.mortgaged[sq]:
        return f"{square.name} is not mortgaged"
    if any(isinstance(f, TransferFrame) and f.square == sq for f in g.frames):
        # A mortgaged deed just received is lifted at once (`lift`) or kept (`keep`), once.
        return f"first decide whether to lift {square.name}'s mortgage now (lift or keep)"
    if g.spendable(player) < g.lift_cost(sq):
        return f"lifting the mortgage costs {g.lift_cost(sq)}"
    return None


def unmortgage(g: GameState, player: int, sq: int) -> None:
    cost = g.lift_cost(sq)
    g.mortgaged[sq] = False
    to_bank(g, player, cost)
    g.events.append(MortgageLifted(player, sq, cost, g.reason))


def sell_deed_problem(g: GameState, player: int, sq: int) -> str | None:
    """No mortgaging: why the deed may not be sold back to the Bank now (None: it may)."""
    if not g.rules.no_mortgaging:
        return "deeds go back to the Bank only when mortgages are not played (mortgage it)"
    square = g.board.squares[sq]
    if not square.ownable or g.owner[sq] != player:
        return f"you do not own {square.name}"
    if square.kind == STREET and _own_buildings_in_group(g, player, square.group):
        return "sell every building of the group first"
    return None


def sell_deed(g: GameState, player: int, sq: int) -> None:
    """"You are allowed to sell property back for half the printed purchase price" (004 No
    mortgaging): the deed returns to the Bank, unowned, and may be bought again."""
    value = g.board.squares[sq].price // 2
    g.owner[sq] = BANK
    g.mortgaged[sq] = False
    g.events.append(DeedSoldToBank(player, sq, value, g.reason))
    bank_pays(g, player, value, "deed sold")


# -- registrations ---------------------------------------------------------------------------


@business(Mortgage, lambda g, f, a: square_problem(g, a.square)
          or mortgage_problem(g, a.player, a.square))
def _mortgage(g: GameState, f: Any, a: Mortgage) -> None:
    mortgage(g, a.player, a.square)


def _unmortgage_problem(g: GameState, f: Any, a: Unmortgage) -> str | None:
    if g.owes(a.player):
        return "settle your debt before spending"
    return square_problem(g, a.square) or unmortgage_problem(g, a.player, a.square)


@business(Unmortgage, _unmortgage_problem)
def _unmortgage(g: GameState, f: Any, a: Unmortgage) -> None:
    unmortgage(g, a.player, a.square)


@business(SellDeed, lambda g, f, a: square_problem(g, a.square)
          or sell_deed_problem(g, a.player, a.square))
def _sell_deed(g: GameState, f: Any, a: SellDeed) -> None:
    sell_deed(g, a.player, a.square)


def lift_problem(g: GameState, square: int, a: LiftMortgage | KeepMortgage) -> str | None:
    """An answer about the deed `square` just received (lift needs the cash for it)."""
    if a.square != square:
        return f"the deed to decide on is square {square}"
    if isinstance(a, LiftMortgage) and g.cash[a.player] < g.lift_cost(a.square):
        return f"lifting the mortgage costs {g.lift_cost(a.square)}"
    return None


def _received_view(g: GameState, f: TransferFrame) -> MortgagedDeedDecision:
    return MortgagedDeedDecision(f.player, f.square, g.lift_cost(f.square),
                                 g.interest(f.square))


def _received_answers(g: GameState, f: TransferFrame, p: int) -> list[Action]:
    keep: list[Action] = [KeepMortgage(p, f.square)]
    if g.cash[p] >= g.lift_cost(f.square):
        return [LiftMortgage(p, f.square), *keep]
    return keep


decision("mortgaged_deed", _received_view, _received_answers)


@answer(LiftMortgage, "mortgaged_deed", problem=lambda g, f, a: lift_problem(g, f.square, a))
def _lift(g: GameState, f: Frame, a: LiftMortgage) -> None:
    g.frames.pop()
    # Lifting at once costs the mortgage plus 10 % interest, paid once (no double interest).
    unmortgage(g, a.player, a.square)


@answer(KeepMortgage, "mortgaged_deed", problem=lambda g, f, a: lift_problem(g, f.square, a))
def _keep(g: GameState, f: Frame, a: KeepMortgage) -> None:
    g.frames.pop()
    charge(g, a.player, BANK, g.interest(a.square), INTEREST)
