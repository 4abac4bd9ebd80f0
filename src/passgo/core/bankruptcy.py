"""Raising funds and bankruptcy: the decision of a player who owes more cash than they hold.

"If you owe more than you can pay ... you are declared bankrupt": a debtor raises funds by
selling buildings, mortgaging and trading until the debt is covered (it is then paid at once,
`money.settle_debt`), and may declare bankruptcy only when even selling every building and
mortgaging every deed to the Bank would not cover it, or when the rules leave no legal way to
raise more from the Bank (e.g. 001's hotel sale needs four houses in the Bank to exchange it
for: with fewer, the hotel cannot be sold, and the debtor must not be left without a move).
"""

from __future__ import annotations

from typing import Any

from passgo.core.actions import Action, DeclareBankruptcy
from passgo.core.business import may_raise
from passgo.core.decisions import RaiseFundsDecision
from passgo.core.ending import finish, finish_by_valuation
from passgo.core.frames import DebtFrame
from passgo.core.money import declare_bankruptcy, raisable
from passgo.core.registry import answer, decision
from passgo.core.state import BANK, GameState


def may_declare_bankruptcy(g: GameState, player: int) -> bool:
    """The debt on top is the player's and the Bank could not cover it: what selling and
    mortgaging everything would raise falls short, or nothing can legally be sold or
    mortgaged any more."""
    top = g.frames[-1]
    if not isinstance(top, DebtFrame) or top.player != player:
        return False
    if raisable(g, player) < top.amount:
        return True
    return not may_raise(g, player)


def _view(g: GameState, f: DebtFrame) -> RaiseFundsDecision:
    return RaiseFundsDecision(f.player, f.amount, f.creditor if f.creditor != BANK else None,
                              f.reason, g.cash[f.player], may_declare_bankruptcy(g, f.player),
                              _then(g, f))


def _then(g: GameState, f: DebtFrame) -> int:
    """What the debtor owes right after the debt `f` on top, for the same reason: the debts
    pushed with it, just below it (a card's "pay each player", one creditor at a time)."""
    then = 0
    for below in reversed(g.frames[:-1]):
        if not (isinstance(below, DebtFrame) and below.player == f.player
                and below.reason == f.reason):
            break
        then += below.amount
    return then


def _answers(g: GameState, f: DebtFrame, p: int) -> list[Action]:
    return [DeclareBankruptcy(p)] if may_declare_bankruptcy(g, p) else []


decision("raise_funds", _view, _answers)


def _bankruptcy_problem(g: GameState, f: Any, a: DeclareBankruptcy) -> str | None:
    if not may_declare_bankruptcy(g, a.player):
        return "you can still raise the money by selling buildings and mortgaging"
    return None


@answer(DeclareBankruptcy, "raise_funds", problem=_bankruptcy_problem)
def _bankrupt(g: GameState, f: DebtFrame, a: DeclareBankruptcy) -> None:
    limit = g.rules.end_after_bankruptcies
    final = bool(limit) and g.n - sum(g.alive) + 1 >= limit
    declare_bankruptcy(g, a.player, final)
    if final:
        # Short games: "The game ends when one player goes bankrupt" (or at the second).
        finish_by_valuation(g, f"bankruptcy {limit}")
    elif sum(g.alive) == 1:
        # "The last player left in the game wins."
        finish(g, "last player standing")
