"""A decision a house rule adds to landing on a mortgaged deed (004 variant catalogue).

Foreclosure (`Rules.foreclosure`): "When a player lands on a mortgaged property, the owner may
immediately unmortgage the property by paying the mortgage value plus %10 interest. If the
owner does not do this, the player may purchase it by paying the player the mortgage value and
the bank the mortgage value plus the %10 interest. Either way the player still pays no rent."
The owner decides first (`foreclosure_owner`: `lift` or `refuse`), then, if the mortgage is
still on, the lander (`foreclosure_buy`: `foreclose` or `refuse`). A lander who forecloses has
repaid the Bank's loan, so the deed passes to them unmortgaged (and no further interest is
due). No rent is paid either way.
"""

from __future__ import annotations

from passgo.core import mortgages
from passgo.core.actions import Action, Foreclose, LiftMortgage, Refuse
from passgo.core.decisions import (
    ForeclosureBuyDecision,
    ForeclosureOwnerDecision,
)
from passgo.core.events import DeedTransferred, ForeclosureOffered
from passgo.core.frames import (
    ForeclosureFrame,
)
from passgo.core.money import pay_now
from passgo.core.registry import answer, decision
from passgo.core.state import BANK, GameState


def offer_foreclosure(g: GameState, lander: int, sq: int) -> None:
    """The lander reached another player's mortgaged deed: its owner decides first."""
    owner = g.owner[sq]
    g.events.append(ForeclosureOffered(lander, owner, sq))
    g.frames.append(ForeclosureFrame("foreclosure_owner", owner, sq, lander))


def foreclose_cost(g: GameState, sq: int) -> tuple[int, int]:
    """(to the owner, to the Bank): the mortgage value, and the value plus interest."""
    return g.board.squares[sq].mortgage, g.lift_cost(sq)


def foreclose_problem(g: GameState, f: ForeclosureFrame, player: int, sq: int) -> str | None:
    if sq != f.square:
        return f"the deed to decide on is square {f.square}"
    owner_part, bank_part = foreclose_cost(g, sq)
    if g.cash[player] < owner_part + bank_part:
        return f"foreclosing costs {owner_part + bank_part}; raise cash first"
    return None


def _owner_answers(g: GameState, f: ForeclosureFrame, p: int) -> list[Action]:
    lift = [LiftMortgage(p, f.square)] if g.cash[p] >= g.lift_cost(f.square) else []
    return [*lift, Refuse(p)]


def _buy_answers(g: GameState, f: ForeclosureFrame, p: int) -> list[Action]:
    buy = [Foreclose(p, f.square)] if g.cash[p] >= sum(foreclose_cost(g, f.square)) else []
    return [*buy, Refuse(p)]


decision(
    "foreclosure_owner",
    lambda g, f: ForeclosureOwnerDecision(f.player, f.square, f.lander, g.lift_cost(f.square)),
    _owner_answers,
)
decision(
    "foreclosure_buy",
    lambda g, f: ForeclosureBuyDecision(f.player, f.square, g.owner[f.square],
                                        sum(foreclose_cost(g, f.square))),
    _buy_answers,
)


@answer(LiftMortgage, "foreclosure_owner",
        problem=lambda g, f, a: mortgages.lift_problem(g, f.square, a))
def _lift(g: GameState, f: ForeclosureFrame, a: LiftMortgage) -> None:
    g.frames.pop()
    mortgages.unmortgage(g, a.player, a.square)


@answer(Refuse, "foreclosure_owner", "foreclosure_buy")
def _refuse_foreclosure(g: GameState, f: ForeclosureFrame, a: Refuse) -> None:
    """The owner does not lift the mortgage: the lander may buy; the lander refuses: done."""
    g.frames.pop()
    if f.kind == "foreclosure_owner":
        g.frames.append(ForeclosureFrame("foreclosure_buy", f.lander, f.square, f.lander))


@answer(Foreclose, "foreclosure_buy",
        problem=lambda g, f, a: foreclose_problem(g, f, a.player, a.square))
def _foreclose(g: GameState, f: ForeclosureFrame, a: Foreclose) -> None:
    """The lander buys the mortgaged deed; the Bank's loan is repaid, so it is unmortgaged."""
    g.frames.pop()
    sq, lander = f.square, f.lander
    owner = g.owner[sq]
    owner_part, bank_part = foreclose_cost(g, sq)
    pay_now(g, lander, owner, owner_part, "foreclosure")
    pay_now(g, lander, BANK, bank_part, "foreclosure")
    g.owner[sq] = lander
    g.mortgaged[sq] = False
    g.events.append(DeedTransferred(sq, owner, lander, "foreclosure"))
