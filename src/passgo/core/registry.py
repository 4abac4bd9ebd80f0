"""One home per decision: the rule modules register their decisions and actions here.

Each module of a rule (movement, auctions, buildings, money, trades, the house rules) declares,
next to the code that carries it out:

* for each decision kind it raises: how the pending frame looks as a public `Decision`
  (`view`) and which answers the deciding player has (`answers`);
* for each action: which decision kinds it answers (or that it is business, open at any time),
  why it would be illegal now (`problem`, None when legal) and what it does (`effect`);
* for each frame that resolves without a decision (a payable debt, an auction between
  questions): how the engine moves it on (`settle`).

`passgo.core.game` only dispatches through these tables, so a new decision or action is one
registration in its rule's module and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from passgo.core.actions import Action
from passgo.core.decisions import Decision, DecisionKind

if TYPE_CHECKING:
    from passgo.core.frames import Frame, FrameKind
    from passgo.core.state import GameState

View = Callable[["GameState", Any], Decision]
Answers = Callable[["GameState", Any, int], list[Action]]
Problem = Callable[["GameState", Any, Any], "str | None"]
Effect = Callable[["GameState", Any, Any], None]
Settle = Callable[["GameState", Any], bool]

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True, slots=True)
class DecisionRule:
    view: View
    answers: Answers


@dataclass(frozen=True, slots=True)
class ActionRule:
    """`problem(g, frame, action)` and `effect(g, frame, action)`; `frame` is the pending
    frame for an answer, the top frame (whatever it is) for business."""

    problem: Problem
    effect: Effect


DECISIONS: dict[FrameKind, DecisionRule] = {}
VIEWS: dict[FrameKind, View] = {}  # DECISIONS[kind].view, looked up once per `pending`
# Answers to a decision: by decision kind, then action type (two lookups without building a
# key: `apply` looks here on every action).
ANSWERS: dict[FrameKind, dict[type[Action], ActionRule]] = {}
# Business: actions open to any player in the game at any time the rules allow.
BUSINESS: dict[type[Action], ActionRule] = {}
# Frames that resolve by themselves when on top; `settle` returns True when it did (the
# engine then looks at the new top), False when the frame now waits for a decision.
SETTLE: dict[type[Frame], Settle] = {}


def no_problem(g: GameState, frame: Any, action: Any) -> str | None:
    """The check of an answer that is always legal when its decision is pending."""
    return None


def decision(kind: DecisionKind, view: View, answers: Answers) -> None:
    DECISIONS[kind] = DecisionRule(view, answers)
    VIEWS[kind] = view
    ANSWERS.setdefault(kind, {})


def answer(action: type[Action], *kinds: DecisionKind,
           problem: Problem = no_problem) -> Callable[[F], F]:
    """Register the decorated effect as `action`'s answer to the decision `kinds`."""

    def register(effect: F) -> F:
        for kind in kinds:
            ANSWERS.setdefault(kind, {})[action] = ActionRule(problem, effect)
        return effect

    return register


def business(action: type[Action], problem: Problem) -> Callable[[F], F]:
    """Register the decorated effect as the business action `action`."""

    def register(effect: F) -> F:
        BUSINESS[action] = ActionRule(problem, effect)
        return effect

    return register


def single_effects() -> dict[type[Action], Effect]:
    """The action types that do one thing whatever decision they answer (or as business):
    `apply_unchecked`, which trusts the action to be legal, dispatches these by type alone."""
    effects: dict[type[Action], set[Effect]] = {}
    for answers in ANSWERS.values():
        for action, rule in answers.items():
            effects.setdefault(action, set()).add(rule.effect)
    for action, rule in BUSINESS.items():
        effects.setdefault(action, set()).add(rule.effect)
    return {action: next(iter(found)) for action, found in effects.items() if len(found) == 1}


def settles(frame: type[Frame]) -> Callable[[F], F]:
    def register(fn: F) -> F:
        SETTLE[frame] = fn
        return fn

    return register
