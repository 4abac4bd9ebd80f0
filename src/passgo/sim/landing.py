"""The landing run: where the dice leave a token, measured by the engine itself.

Two tokens (the engine needs two players) are moved by `IdleAgent`s for a fixed number of
throws, and every throw of either token is counted where it comes to rest (see
`records.LandingTally`). Both tokens obey the same rules and the same policy, so counting both
doubles the sample for the same work. Movement, doubles, cards and jail are the engine's own
code, not a model of it: a rules file that changes any of them changes the result.

Nobody ever buys or bids, so every deed stays with the Bank and no rent is ever paid; both
players start with a cash pile no tax or card can exhaust, so nobody goes bankrupt and the
game never ends. `short` jail leaves at once (a Get Out of Jail Free card if held, else the
fine) and then throws as in any turn; `long` stays and throws for doubles until the rules
force the fine (a Get Out of Jail Free card drawn is then kept for ever, out of its deck).
"""

from __future__ import annotations

from typing import Any

from passgo.core import Action, Game, Rules
from passgo.core.actions import (
    BUSINESS,
    ChooseTax,
    Decline,
    EndTurn,
    Pass,
    PayJailFine,
    Roll,
    UseJailCard,
)
from passgo.sim.jobs import LandingJob
from passgo.sim.playout import SimulationError
from passgo.sim.records import LandingTally
from passgo.sim.seeds import derive_seed

# More than any run of taxes and card payments can cost: nobody ever has to raise funds.
_CASH = 10**12


class IdleAgent:
    """A player who only moves: declines every deed, passes every auction, pays the flat tax,
    and leaves jail at once (`short`) or stays as long as the rules allow (`long`)."""

    name = "idle"

    def __init__(self, player: int, jail: str) -> None:
        self.short = jail == "short"
        self.roll, self.end = Roll(player), EndTurn(player)
        self.decline, self.pass_ = Decline(player), Pass(player)
        self.flat_tax = ChooseTax(player, False)

    def act(self, game: Game, player: int) -> Action:
        kind = game.frames[-1].kind
        if kind == "roll":
            return self.roll
        if kind == "end_turn":
            return self.end
        if kind == "buy":
            return self.decline
        if kind == "bid":
            return self.pass_
        if kind == "tax":
            return self.flat_tax
        answers = [a for a in game.legal_actions(player) if not isinstance(a, BUSINESS)]
        if kind == "jail" and self.short:
            for leave in (UseJailCard, PayJailFine):
                if any(type(a) is leave for a in answers):
                    return leave(player)
        if kind == "jail":
            return self.roll
        # A decision only some house rules ask for: the engine's first listed answer.
        return answers[0]


def landing_position(rules: Rules) -> dict[str, Any]:
    """The start of every chunk: two players on GO with inexhaustible cash, nothing owned."""
    players = [{"name": name, "cash": _CASH} for name in ("A", "B")]
    return {"rules": rules.to_dict(), "players": players}


def run_chunk(job: LandingJob, chunk: int, rolls: int) -> list[int]:
    """Landing counts (per square, In Jail last) of `rolls` throws: one task for a worker."""
    game = Game.from_position(landing_position(job.rules), derive_seed(job.seed, "landing", chunk))
    agents = [IdleAgent(p, job.jail) for p in range(game.n)]
    tally = LandingTally(game.board)
    frames = game.frames
    while not game.over:
        player = frames[-1].player
        action = agents[player].act(game, player)
        if type(action) is Roll and tally.rolls == rolls:
            tally.settle()
            return tally.counts
        game.apply(action)
        tally.observe(game, action)
    raise SimulationError(f"the landing game ended ({game.end_reason}); the rules end it early")
