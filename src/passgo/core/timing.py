"""The end by time: calling time, and the Angel of Death of 004's Sudden death.

The Time Limit Game (000) ends at "a definite hour of termination", and Sudden death (004)
lets the Angel of Death end the game "once the game has been played for two hours". Hours
are read from a clock, and a clock is input and output: the core never reads one. A
front-end keeps the agreed time (`Rules.clock_minutes`, `passgo play --time`) and, when it is
up or the players call it early, applies `CallTime`; simulations have no clock and end a
time-limit game after `Rules.round_limit` rounds (`turns.next_turn`) and open the Angel's
option after `Rules.sudden_death_rounds` rounds.

Readings where the texts leave a choice (also in docs/engine.md):

* Calling time is legal in a game that ends by time: one with a clock, a round limit or
  sudden death. Any player still in the game may call it (the table agrees the hour has come);
  it is never listed among a player's choices, since a bot has no clock to read.
* In a time-limit game the call ends the game at once, whatever is pending: "the richest
  player will be declared the winner" by the Time Limit valuation (`GameState.valuation`).
* Under sudden death the call does not end the game: it opens the Angel's option (the "two
  hours" are the agreed clock time). A game with both a round limit and sudden death still
  ends by valuation at the round limit.
* The Angel is drawn by the game's PRNG before the first throw ("one player is secretly and
  randomly determined"); `Game.view` tells each player only whether they are the Angel, and
  no event names the Angel until the board is smashed. The Angel may smash at any moment
  after the call, also while another player decides, as long as they are in the game.
"""

from __future__ import annotations

from typing import Any

from passgo.core.actions import CallTime, SmashBoard
from passgo.core.ending import finish, finish_by_valuation
from passgo.core.events import BoardSmashed, TimeCalled
from passgo.core.registry import business
from passgo.core.state import GameState


def draw_angel(g: GameState) -> None:
    """"one player is secretly and randomly determined to be the 'Angel of Death'"."""
    g.angel = int(g.rng.random() * g.n)


def time_problem(g: GameState) -> str | None:
    """Why time may not be called now (None: it may)."""
    rules = g.rules
    if not (rules.clock_minutes or rules.round_limit or rules.sudden_death):
        return "this game does not end by time (no clock, round limit or sudden death)"
    if g.time_called:
        return "time has been called already"
    return None


def time_up(g: GameState) -> None:
    """Time is called: a time-limit game ends, or the Angel of Death's option opens."""
    if not g.rules.sudden_death:
        finish_by_valuation(g, "time called")
        return
    g.time_called = True
    g.events.append(TimeCalled())


def may_smash(g: GameState, player: int) -> bool:
    """The Angel of Death may smash the board now: time is called, and "The Angel of Death
    may only do so if he or she is still in the game"."""
    return g.time_called and player == g.angel and g.alive[player] and not g.over


def smash_problem(g: GameState, player: int) -> str | None:
    if not g.rules.sudden_death:
        return "this game has no Angel of Death"
    if player != g.angel:
        return "only the Angel of Death may smash the board"
    if not g.time_called:
        return "the board may be smashed only once time is called"
    return None


@business(CallTime, lambda g, f, a: time_problem(g))
def _call_time(g: GameState, f: Any, a: CallTime) -> None:
    time_up(g)


@business(SmashBoard, lambda g, f, a: smash_problem(g, a.player))
def _smash(g: GameState, f: Any, a: SmashBoard) -> None:
    # "smashing the board and declaring the game over without any winner"
    g.events.append(BoardSmashed(a.player))
    finish(g, "the Angel of Death smashed the board")
