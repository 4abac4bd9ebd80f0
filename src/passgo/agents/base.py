"""What a bot is: something that, asked for a seat's decision, returns an action for it, and
may say why."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from passgo.core import Game
from passgo.core.actions import Action, RejectTrade
from passgo.core.trades import REASON_LIMIT

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Params = TypeVar("Params", bound="DataclassInstance")


class Agent(Protocol):
    """A player controlled by code. `act` is called when the game waits for `player`."""

    name: str

    def act(self, game: Game, player: int) -> Action: ...


class Explaining(Protocol):
    """A bot that can say why it chose an action. `explain` is asked only where someone will
    read the answer (the terminal and web games, through `play.bot_step`), right after `act`
    returned `action` and before it is applied, so it sees the game as `act` saw it; it
    returns one line (`one_line`), or "" when it has nothing to add. Simulations never ask,
    so a bot's reasons cost them nothing. A reason names a player as
    `passgo.core.reasons.seat_ref(seat)` ("{p2}", "{p2's}") for each viewer to read in their
    own person."""

    def explain(self, game: Game, player: int, action: Action) -> str: ...


def explainer(agent: object) -> Callable[[Game, int, Action], str] | None:
    """The agent's `explain` (`Explaining`), or None for a bot that gives no reasons. Looked
    up by name, not by `isinstance`: this module is compiled by mypyc, whose protocol classes
    cannot be checked at run time."""
    explain = getattr(agent, "explain", None)
    return explain if callable(explain) else None


def one_line(text: str, limit: int = REASON_LIMIT) -> str:
    """One line of words, single-spaced, at most `limit` characters (cut at a word): a bot's
    reason as the engine takes it (`REASON_LIMIT`) and the terminal and the web client show
    it."""
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[:limit].rsplit(" ", 1)[0]
    return text


def refuse(player: int, why: str) -> RejectTrade:
    """A bot's refusal of an offer, saying why in one line."""
    return RejectTrade(player, one_line(why))


def refuse_unworkable(player: int, problem: str) -> RejectTrade:
    """The refusal of an offer that cannot be carried out now (`problem`: the engine's
    reason, as the trade-reply decision gives it)."""
    return refuse(player, f"it cannot be done now: {problem}")


def replaced_from_text(params: Params, options: dict[str, str]) -> Params:
    """A bot's parameters (a frozen dataclass of numbers and words) with some replaced from
    the text of a spec (`{"reserve": "300"}`); ValueError with a one-line message for an
    unknown option or a value of the wrong kind, and the parameters' own checks run again."""
    types = {f.name: type(getattr(params, f.name)) for f in fields(params)}
    changes: dict[str, Any] = {}
    for key, text in options.items():
        kind = types.get(key)
        if kind is None:
            raise ValueError(f"unknown option {key!r} (known: {', '.join(types)})")
        try:
            changes[key] = kind(text)
        except ValueError:
            what = {int: "a whole number", float: "a number"}.get(kind, "a word")
            raise ValueError(f"option {key!r} needs {what}, not {text!r}") from None
    return replace(params, **changes)
