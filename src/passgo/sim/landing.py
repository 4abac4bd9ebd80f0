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

from typing import Any, assert_never

from passgo.agents import play
from passgo.core import (
    Action,
    AllowTravelDecision,
    AuctionOptionDecision,
    BidDecision,
    BuildDemandDecision,
    BuyDecision,
    ChooseTax,
    Decline,
    DrawCardDecision,
    EndTurn,
    EndTurnDecision,
    FineOrChanceDecision,
    ForeclosureBuyDecision,
    ForeclosureOwnerDecision,
    Game,
    GameOverDecision,
    JailDecision,
    JailExitDecision,
    LawyerDecision,
    MortgagedDeedDecision,
    Pass,
    PayJailFine,
    PlaceBuildingDecision,
    RaiseFundsDecision,
    Roll,
    RollDecision,
    Rules,
    SealedBidDecision,
    TaxDecision,
    TradeReplyDecision,
    TravelDecision,
    UseJailCard,
)
from passgo.core.actions import BUSINESS
from passgo.sim.jobs import LandingJob
from passgo.sim.playout import SimulationError
from passgo.sim.records import LandingTally
from passgo.sim.seeds import derive_seed

# More than any run of taxes and card payments can cost: nobody ever has to raise funds.
_CASH = 10**12


class IdleAgent:
    """A player who only moves: declines every deed, passes every auction, pays the flat tax,
    and leaves jail at once (`short`: a held card, else the fine) or stays as long as the rules
    allow (`long`)."""

    name = "idle"

    def __init__(self, player: int, jail: str) -> None:
        self.short = jail == "short"
        self.roll, self.end = Roll(player), EndTurn(player)
        self.decline, self.pass_ = Decline(player), Pass(player)
        self.flat_tax = ChooseTax(player, False)

    def act(self, game: Game, player: int) -> Action:
        match game.pending:
            case RollDecision():
                return self.roll
            case EndTurnDecision():
                return self.end
            case BuyDecision():
                return self.decline
            case BidDecision():
                return self.pass_
            case TaxDecision():
                return self.flat_tax
            case JailDecision(cards=cards, may_pay_fine=may_pay_fine):
                if self.short and cards:
                    return UseJailCard(player)
                if self.short and may_pay_fine:
                    return PayJailFine(player)
                return self.roll
            case (SealedBidDecision() | FineOrChanceDecision() | RaiseFundsDecision()
                  | TradeReplyDecision() | MortgagedDeedDecision() | BuildDemandDecision()
                  | PlaceBuildingDecision() | TravelDecision() | AllowTravelDecision()
                  | DrawCardDecision() | LawyerDecision() | JailExitDecision()
                  | ForeclosureOwnerDecision() | ForeclosureBuyDecision()
                  | AuctionOptionDecision()):
                # A decision only some house rules ask for: the engine's first listed answer.
                return next(a for a in game.legal_actions(player) if not isinstance(a, BUSINESS))
            case GameOverDecision():
                raise ValueError("the game is over: there is nothing to decide")
            case other:
                assert_never(other)


class _RunOver(Exception):
    """The landing run has made all its throws."""


class _Throws(IdleAgent):
    """An idle player that ends the run (`_RunOver`) rather than throw once more than
    `rolls` times in all (the tally counts the throws of both tokens)."""

    def __init__(self, player: int, jail: str, tally: LandingTally, rolls: int) -> None:
        super().__init__(player, jail)
        self.tally, self.rolls = tally, rolls

    def act(self, game: Game, player: int) -> Action:
        action = super().act(game, player)
        if type(action) is Roll and self.tally.rolls == self.rolls:
            raise _RunOver
        return action


def landing_position(rules: Rules) -> dict[str, Any]:
    """The start of every chunk: two players on GO with inexhaustible cash, nothing owned."""
    players = [{"name": name, "cash": _CASH} for name in ("A", "B")]
    return {"rules": rules.to_dict(), "players": players}


def run_chunk(job: LandingJob, chunk: int, rolls: int) -> list[int]:
    """Landing counts (per square, In Jail last) of `rolls` throws: one task for a worker."""
    game = Game.from_position(landing_position(job.rules), derive_seed(job.seed, "landing", chunk))
    tally = LandingTally(game.board)
    agents = [_Throws(p, job.jail, tally, rolls) for p in range(game.n)]
    try:
        # Idle players only answer with legal actions: the unchecked path.
        play(game, agents, checked=False,
             observe=lambda action, events: tally.observe(game, action))
    except _RunOver:
        tally.settle()
        return tally.counts
    raise SimulationError(f"the landing game ended ({game.end_reason}); the rules end it early")
