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
force the fine. A lawyer (`Rules.jail_lawyer`) is hired by `short` only.

A Get Out of Jail Free card leaves its deck while a token holds it, and a held card only goes
back when played, so the two readings of the card (`passgo.token_model.CARD_CONVENTIONS`)
differ under `long`:

* `keep`: the token keeps the card until its strategy plays it; `long` never does, so both
  cards end up out of their decks and every later draw sees 15 cards (In Jail comes out about
  0.14 points above the published long-stay tables);
* `return` (the published tables' reading: the card goes back at once): the token plays the
  card only in place of a fine, so that it moves exactly as a token without cards: before
  throwing on a jail turn when the fine may be paid then (short), or after the last failed jail
  throw, where the run turns on `Rules.jail_card_after_third_throw` (the card is played in
  place of the forced fine and the token moves by the throw exactly as after paying). A card is
  then out of its deck only from its draw to the token's next such fine. (A short token that
  always hires a lawyer never pays a fine, so it cannot give a card back this way.)
"""

from __future__ import annotations

from typing import Any, assert_never

from passgo.agents import play
from passgo.core import (
    BUSINESS_ACTIONS,
    Action,
    AllowTravelDecision,
    AskRentDecision,
    AuctionOptionDecision,
    BidDecision,
    BuildDemandDecision,
    BuyDecision,
    ChooseRentDecision,
    ChooseTax,
    Decline,
    DrawCard,
    DrawCardDecision,
    EndTurn,
    EndTurnDecision,
    EnterBoardDecision,
    FineOrChance,
    FineOrChanceDecision,
    ForeclosureBuyDecision,
    ForeclosureOwnerDecision,
    Game,
    GameOverDecision,
    HireLawyer,
    InitialBidsDecision,
    JailCardPurchaseDecision,
    JailDecision,
    JailExitDecision,
    LawyerDecision,
    MortgagedDeedDecision,
    NoLawyer,
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

    def __init__(self, player: int, jail: str, card: str = "return") -> None:
        self.short = jail == "short"
        self.play_card = card == "return"
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
                # `return` plays a card only in place of the fine, so it never moves the token
                # otherwise than paying would; `keep` leaves at once with it (short).
                if self.short and cards and (may_pay_fine or not self.play_card):
                    return UseJailCard(player)
                if self.short and may_pay_fine:
                    return PayJailFine(player)
                return self.roll
            case JailExitDecision(cards=cards):
                # The fine forced after the last failed throw, or (`return`) the card instead.
                return UseJailCard(player) if self.play_card and cards else PayJailFine(player)
            case LawyerDecision():
                return HireLawyer(player) if self.short else NoLawyer(player)
            case DrawCardDecision():
                return DrawCard(player)
            case FineOrChanceDecision():
                return FineOrChance(player, False)  # the fine: the token does not move
            case (SealedBidDecision() | RaiseFundsDecision()
                  | TradeReplyDecision() | MortgagedDeedDecision() | BuildDemandDecision()
                  | PlaceBuildingDecision() | TravelDecision() | AllowTravelDecision()
                  | AskRentDecision() | ChooseRentDecision() | EnterBoardDecision()
                  | ForeclosureOwnerDecision() | ForeclosureBuyDecision()
                  | AuctionOptionDecision() | InitialBidsDecision()
                  | JailCardPurchaseDecision()):
                # A decision only some house rules ask for: the engine's first listed answer.
                return next(a for a in game.legal_actions(player)
                            if not isinstance(a, BUSINESS_ACTIONS))
            case GameOverDecision():
                raise ValueError("the game is over: there is nothing to decide")
            case other:
                assert_never(other)


class _RunOver(Exception):
    """The landing run has made all its throws."""


class _Throws(IdleAgent):
    """An idle player that ends the run (`_RunOver`) rather than throw once more than
    `rolls` times in all (the tally counts the throws of both tokens)."""

    def __init__(self, player: int, jail: str, card: str, tally: LandingTally, rolls: int
                 ) -> None:
        super().__init__(player, jail, card)
        self.tally, self.rolls = tally, rolls

    def act(self, game: Game, player: int) -> Action:
        action = super().act(game, player)
        if type(action) is Roll and self.tally.rolls == self.rolls:
            raise _RunOver
        return action


def landing_rules(rules: Rules, card: str) -> Rules:
    """The rules a run plays by: `rules`, and with the `return` reading the switch that lets
    the fine forced after the last failed jail throw be paid with a held card (it moves the
    token as the fine does)."""
    if card == "return" and not rules.jail_card_after_third_throw:
        return rules.with_options(jail_card_after_third_throw=True)
    return rules


def landing_position(rules: Rules) -> dict[str, Any]:
    """The start of every chunk: two players on GO with inexhaustible cash, nothing owned."""
    players = [{"name": name, "cash": _CASH} for name in ("A", "B")]
    return {"rules": rules.to_dict(), "players": players}


def run_chunk(job: LandingJob, chunk: int, rolls: int) -> list[int]:
    """Landing counts (per square, In Jail last) of `rolls` throws: one task for a worker."""
    rules = landing_rules(job.rules, job.card)
    game = Game.from_position(landing_position(rules), derive_seed(job.seed, "landing", chunk))
    tally = LandingTally(game.board)
    agents = [_Throws(p, job.jail, job.card, tally, rolls) for p in range(game.n)]
    try:
        # Idle players only answer with legal actions: the unchecked path.
        play(game, agents, checked=False,
             observe=lambda action, events: tally.observe(game, action))
    except _RunOver:
        tally.settle()
        return tally.counts
    raise SimulationError(f"the landing game ended ({game.end_reason}); the rules end it early")
