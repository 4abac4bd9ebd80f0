"""The line-by-line game (`passgo play --plain`): for pipes, screen readers and scripts.

Everything is printed as plain lines and every answer is one line of standard input: the
pending decision is printed with its legal choices numbered one per line, and the player
answers with a number or with an action's text form (`bid 120`, `build 39`,
`trade 1 give 37,$100 for 39`). `help` explains the decision, `quit` (or the end of input)
leaves with the game saved. Tests drive whole games through it.
"""

from __future__ import annotations

import sys
from typing import TextIO

from passgo.clock import describe
from passgo.core import Action, IllegalActionError
from passgo.narrate import (
    Voice,
    buildings,
    debt_line,
    describe_action,
    explain,
    money,
    offered_order,
    question,
)
from passgo.review.hint import hint
from passgo.session import BOTS_ALONE_ROUNDS, Session, SessionError, resume_command

HINT = ("Type a number or an action (e.g. 'bid 120', 'trade 1 give 39 for $500'); "
        "'help' explains, 'h' asks the expert for a hint, 'quit' saves and leaves.")
# The prompt once the whole hint has been read: it starts the same (scripts wait for it).
SHORT_HINT = "Type a number or an action ('help' for more)."
# After `help`: what may be typed, in other words than the prompt's (a script waits for those).
COMMANDS = ("You may type a choice's number, an action such as 'bid 120' or 'trade 1 give 39 "
            "for $500', 'h' for the expert's hint, or 'quit' to save and leave.")
# On resume, this many sentences of what happened before are repeated.
RECAP = 8


class PlainGame:
    """Numbered choices out, one answer per line in."""

    def __init__(self, session: Session, out: TextIO, inp: TextIO) -> None:
        self.session = session
        self.out = out
        self.inp = inp
        self.save_error = ""
        self.hinted = False  # the whole hint is printed at the first prompt, then the short one

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def run(self) -> int:
        s = self.session
        g = s.game
        if g.history:
            self.say(f"Resuming the game after {len(g.history)} actions. The last events:")
        for line in s.log[-RECAP:] if g.history else s.log:
            self.say(line)
        announced = False
        while not g.over:
            called = s.tick()  # the clock of a game that ends by time
            for line in called:
                self.say(line)
            if called:
                continue
            if s.bot_to_move():
                if not s.humans_in_game() and not announced:
                    announced = True
                    self.say(f"No person is left in the game; the bots play on (for at most "
                             f"{BOTS_ALONE_ROUNDS} rounds).")
                if s.give_up_if_stuck():
                    self.say(f"The bots played {BOTS_ALONE_ROUNDS} rounds without a winner; "
                             "stopping here.")
                    break
                said = s.bot_step()
                if said is not None:
                    for line in said:
                        self.say(line)
                    continue
            self._save()
            action = self._ask(s.waiting_for)
            if action is None:
                self._save()
                self.say(f"Game saved to {s.save_path}; continue with: "
                         f"{resume_command(s.save_path)} --plain" if s.save_path else "Bye.")
                return 0
            for line in s.apply(action):
                self.say(line)
        self._save()
        self._summary()
        return 0

    def _save(self) -> None:
        """Autosave; a failure is reported on stderr (once per reason) and play goes on."""
        try:
            self.session.checkpoint()
        except SessionError as exc:
            if str(exc) != self.save_error:
                self.save_error = str(exc)
                print(f"passgo: {exc}", file=sys.stderr, flush=True)

    def _status(self, player: int) -> None:
        g = self.session.game
        deeds = [
            d.name + (" (mortgaged)" if d.mortgaged else "")
            + (f" [{buildings(d.houses, d.hotels)}]" if d.houses or d.hotels else "")
            for d in g.deeds
            if d.owner == player
        ]
        me = g.player(player)
        jail = ", in jail" if me.in_jail else ""
        held = len(me.jail_cards)
        cards = f", {held} Get Out of Jail Free card(s)" if held else ""
        who = g.names[player] if self.session.hot_seat() else Voice(g, player).Name(player)
        self.say(
            f"{who}: {money(g, me.cash)}, on "
            f"{g.board.squares[me.square].name}"
            f"{jail}{cards}; deeds: {', '.join(deeds) or 'none'}"
        )

    def _ask(self, player: int) -> Action | None:
        g = self.session.game
        while True:
            self._status(player)
            owed = debt_line(g, player, player)
            if owed:
                self.say(owed)
            left = self.session.time_left()
            if left is not None:
                self.say(f"Clock: {describe(left)} (type 'call-time' to call time now)")
            if self.session.you is not None and g.may_smash(self.session.you):
                self.say("You are the Angel of Death: type 'smash' to end the game without a "
                         "winner")
            asked = question(g, player)
            self.say(asked if asked.endswith("?") else asked + ":")
            options = offered_order(g.legal_actions(player))
            for i, a in enumerate(options, 1):
                self.say(f"  {i}. {describe_action(g, a)}   [{a.text()}]")
            self.say(SHORT_HINT if self.hinted else HINT)
            self.hinted = True
            line = self.inp.readline()
            if not line:
                return None
            answer = line.strip()
            if answer in ("quit", "q", "exit"):
                return None
            if answer in ("help", "?"):
                self.say(explain(g))
                self.say(COMMANDS)
                continue
            if answer in ("h", "hint"):
                self.say(hint(g, player))
                continue
            if not answer:
                self.say(f"Nothing typed: type {_choices(len(options))}, or an action.")
                continue
            if answer.isdigit():
                if 1 <= int(answer) <= len(options):
                    return options[int(answer) - 1]
                self.say(f"There is no choice {answer}: type {_choices(len(options))}.")
                continue
            try:
                action = Action.parse(answer, player)
                g.check(action)
                return action
            except IllegalActionError as exc:
                self.say(f"Not possible: {exc}")

    def _summary(self) -> None:
        g = self.session.game
        self.say("Final standings:")
        for row in self.session.standings():
            worth = f", worth {money(g, row.worth)}" if row.worth else ""
            self.say(f"  {row.place}. {row.name}: {row.status}{worth}")


def _choices(n: int) -> str:
    """How to pick one of n numbered choices, in words."""
    return "1" if n == 1 else f"a number from 1 to {n}"
