"""The expert bot: the strategic bot's judgement, checked by determinized rollouts.

For each decision that has more than one sensible answer, the bot lists a few candidates
(`search.Candidate`) and plays each out on copies of the game whose dice and cards are made
up (`Game.reseed`), with the strategic bot in every seat for a horizon of rounds, trading as
the opponents it meets trade (at a table of four the trades between the others decide much of
a game: rollouts without them made the search no better than its base), scoring the
position reached (`search.Scorer`: won, lost, or the share of all players' position values;
with `leaf=eval`, the learned evaluator's chance to win, `winmodel.ModelLeaf`, where a model
is shipped for the game's rules, else the position values still).
The first candidate is always the strategic bot's own answer; another replaces it only when
its rollouts beat it by more than their noise (see `search.search`).

Candidates, by decision:

* end of turn: the strategic bot's business, ending the turn at once, building plans (build
  while cash stays above $25, $150 or $350, lifting the mortgages of complete groups first,
  then end the turn) and trade offers: deeds that complete one of its colour groups from one
  opponent, alone or against deeds that complete one of theirs, each for the least cash (or
  the most asked) that a strategic bot in the partner's seat would accept, and the sale of
  deeds that complete an opponent's group, for the most cash a strategic buyer would pay;
  none that the strategic bot's manners forbid (`trading.impolite`: nothing given, deeds below
  their floor, a group for the leader that leaves it stronger);
* buying: buy or let the Bank auction it;
* an open auction: bid up to a limit (several fractions of the deed's price, or pass), chosen
  once per auction and then followed without searching again;
* jail, a trade offer received, a mortgaged deed received, the house rules' decisions: the
  answers the engine lists (an offer received that the strategic bot's manners refuse is
  refused without a search);
* raising money: the strategic and the basic bot's sale or mortgage.

A decision with one sensible answer (throwing the dice, the cheaper tax) is answered at once.
The budget is per decision: `ms` milliseconds (samples are added while time is left), or
exactly `rollouts` samples, which makes the bot reproducible: with the same seed and the same
game it makes the same choices. A sample plays every candidate once, all with the same luck.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, fields, replace
from typing import Any, Final, assert_never

from passgo.agents import trading
from passgo.agents.base import Agent, refuse, refuse_unworkable, replaced_from_text
from passgo.agents.basic import BasicBot, wants_smash
from passgo.agents.search import (
    BidLimit,
    Candidate,
    Leaf,
    Outcome,
    PolicyFactory,
    Scorer,
    build_step,
    mix,
    rollout_strategic,
    rollout_trading,
    search,
)
from passgo.agents.strategic import StrategicBot, valuers
from passgo.agents.strategic.reasons import deal_words
from passgo.agents.valuation import Position
from passgo.agents.winmodel import ModelLeaf, model_for
from passgo.core import (
    AcceptTrade,
    Action,
    AllowTravelDecision,
    AskRentDecision,
    AuctionOptionDecision,
    Bid,
    BidDecision,
    Build,
    BuildDemandDecision,
    Bundle,
    Buy,
    BuyDecision,
    ChooseRentDecision,
    Decline,
    DrawCardDecision,
    EndTurn,
    EndTurnDecision,
    EnterBoardDecision,
    FineOrChanceDecision,
    ForeclosureBuyDecision,
    ForeclosureOwnerDecision,
    Game,
    GameOverDecision,
    InitialBidsDecision,
    JailCardPurchaseDecision,
    JailDecision,
    JailExitDecision,
    KeepMortgage,
    LawyerDecision,
    LiftMortgage,
    Mortgage,
    MortgagedDeedDecision,
    Pass,
    PayJailFine,
    PlaceBuildingDecision,
    ProposeTrade,
    RaiseFundsDecision,
    RejectTrade,
    Roll,
    RollDecision,
    Rules,
    SealedBidDecision,
    Sell,
    SellDown,
    SmashBoard,
    TaxDecision,
    TradeOffer,
    TradeReplyDecision,
    TravelDecision,
    Unmortgage,
    UseJailCard,
)

POLICIES = ("trading", "strategic", "basic")  # the rollouts' bots (`ExpertParams.policy`)
LEAVES = ("value", "eval")  # how a rollout's end is scored: position values, or the evaluator
# Bounds of the search budget: a minute a decision, and the rounds a rollout may look ahead.
MAX_MS: Final = 60_000
MAX_ROLLOUTS: Final = 100_000
MAX_HORIZON: Final = 500
BUILD_KEEPS = (25, 150, 350)  # cash kept by the building plans
BUILD_LABEL: Final = "build keeping "  # a building plan's label, before the cash it keeps
AUCTION_BASE_LABEL: Final = "strategic"  # the label of an auction's strategic bidding
BID_FRACTIONS = (0.5, 0.8, 1.0, 1.3, 1.7, 2.2)  # auction limits, times the deed's price
MAX_TRADES: Final = 3  # offers completing one of the bot's groups compared per decision
MAX_SALES: Final = 1  # offers selling a deed that completes an opponent's group, per decision
RETRY_TURNS: Final = 24  # an offer is not made again to the same player for this many turns
MAX_ANSWERS: Final = 6  # answers of a house rule's decision compared


@dataclass(frozen=True, slots=True)
class ExpertParams:
    """`ms`: time per decision in milliseconds; `rollouts`: samples per decision instead (0:
    use `ms`), for reproducible play; `horizon`: rounds each rollout plays; `policy`: the bot
    that plays every seat in the rollouts (`trading`: the strategic bot whole, its trade
    offers and answers included, as the opponents it meets play; `strategic`: the same bot
    looking for no trades, about 30 % cheaper a search at a table of four; `basic`);
    `confidence`: how many standard errors a candidate must beat the strategic bot's answer
    by; `leaf`: how the position a rollout reaches is scored (`value`: the share of position
    values; `eval`: the learned evaluator's chance to win, where a model fits the rules)."""

    ms: int = 200
    rollouts: int = 0
    horizon: int = 8
    policy: str = "trading"
    confidence: float = 0.5
    leaf: str = "value"

    def __post_init__(self) -> None:
        if not 1 <= self.ms <= MAX_MS:
            raise ValueError(f"ms must be from 1 to {MAX_MS}")
        if not 0 <= self.rollouts <= MAX_ROLLOUTS:
            raise ValueError(f"rollouts must be from 0 (use ms) to {MAX_ROLLOUTS}")
        if not 1 <= self.horizon <= MAX_HORIZON:
            raise ValueError(f"horizon must be from 1 to {MAX_HORIZON} rounds")
        if self.policy not in POLICIES:
            raise ValueError(f"policy must be one of {', '.join(POLICIES)}")
        if not 0 <= self.confidence <= 10:
            raise ValueError("confidence must be between 0 and 10")
        if self.leaf not in LEAVES:
            raise ValueError(f"leaf must be one of {', '.join(LEAVES)}")

    def within(self, seconds: float) -> ExpertParams:
        """These parameters with `ms` cut to `seconds` (a fixed number of rollouts reads no
        clock and is left as it is: it was asked for to be reproducible)."""
        return replace(self, ms=max(1, min(self.ms, int(seconds * 1000))))

    def with_options(self, options: dict[str, str]) -> ExpertParams:
        """These parameters with some replaced from text (`{"ms": "500"}`)."""
        return replaced_from_text(self, options)


@dataclass(slots=True)
class ExpertStats:
    """What the bot spent: decisions answered, searches made, rollouts played, seconds."""

    decisions: int = 0
    searches: int = 0
    rollouts: int = 0
    samples: int = 0
    seconds: float = 0.0
    search_seconds: float = 0.0
    changed: int = 0  # searches that chose another answer than the strategic bot's

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


class ExpertBot:
    """See the module docstring. One instance plays one seat of one game; `seed` makes up
    the luck of its rollouts."""

    def __init__(self, params: ExpertParams | None = None, seed: int = 0,
                 name: str = "expert") -> None:
        self.params = params or ExpertParams()
        self.seed = seed
        self.name = name
        self.stats = ExpertStats()
        self._base = StrategicBot()
        self._basic = BasicBot()
        self._scorers: dict[Rules, Scorer] = {}
        self._leaves: dict[Rules, Leaf] = {}
        # Actions still to play of the plan chosen at this turn's end: (turn, actions, the
        # search that chose it).
        self._plan: tuple[int, list[Action], Choice | None] | None = None
        # The open auction's limit: ((turn, square, item), limit, or None: the base bot bids;
        # the search that set it).
        self._auction: tuple[tuple[int, int, str], int | None, Choice | None] | None = None
        # The last search made, and where in the history the last planned action was played:
        # what `explain` reads (asked only where someone reads the answer).
        self._choice: Choice | None = None
        self._planned_at = -1
        self._proposed: dict[tuple[int, tuple[int, ...], tuple[int, ...]], int] = {}
        shared = self._basic
        self._policy: PolicyFactory = (
            rollout_strategic if self.params.policy == "strategic"
            else rollout_trading if self.params.policy == "trading"
            else (lambda seat: shared))

    # -- the decision --------------------------------------------------------------------------

    def act(self, game: Game, player: int) -> Action:
        if game.time_called and wants_smash(game, player):
            return SmashBoard(player)
        started = time.perf_counter()
        action = self._decide(game, player, started)
        if not game.is_legal(action):
            action = self._base.act(game, player)
        if isinstance(action, ProposeTrade):
            offer = action.offer
            self._proposed[(offer.responder, offer.give.properties,
                            offer.get.properties)] = game.turn_number
        self.stats.decisions += 1
        self.stats.seconds += time.perf_counter() - started
        return action

    def explain(self, game: Game, player: int, action: Action) -> str:
        """Why `act` chose `action` (`base.Explaining`): the strategic bot's reason when its
        answer stood, else what the rollouts found ("played out 24 times, buying comes out
        ahead: 31% of the table's worth against 27% for leaving it to the auction")."""
        at = len(game.history)
        choice = self._choice
        if self._planned_at == at and self._plan is not None:
            chose = self._plan[2]  # the rest of a plan: the search that chose it
            if chose is not None and chose.outcome.chosen != 0:
                return f"part of a plan: {chose.words(game)}"
        pending = game.pending
        auction = self._auction
        if (isinstance(pending, BidDecision) and isinstance(action, Bid | Pass)
                and auction is not None and auction[1] is not None
                and auction[0] == (game.turn_number, pending.square, pending.item)):
            words = auction[2].words(game) if auction[2] is not None else ""
            if isinstance(action, Pass) and words:
                past = game.board.money(pending.min_bid)
                return f"{past} is past the {game.board.money(auction[1])} I set: {words}"
            return words
        if (choice is not None and choice.at == at and choice.outcome.chosen != 0
                and choice.picked.action == action):
            words = choice.words(game)
            if isinstance(action, ProposeTrade):
                deal = deal_words(Position.of(game), action.offer)
                return f"{deal}; {words}" if deal else words
            return words
        return self._base.explain(game, player, action)

    def _decide(self, g: Game, player: int, started: float) -> Action:
        pending = g.pending
        match pending:
            case RollDecision():
                return Roll(player)
            case TaxDecision():
                return self._base.act(g, player)  # the cheaper tax: nothing to search
            case EndTurnDecision():
                planned = self._planned(g, player)
                if planned is not None:
                    return planned
            case BidDecision() as bid:
                return self._bid(g, player, bid, started)
            case TradeReplyDecision(problem=problem) if problem is not None:
                return refuse_unworkable(player, problem)
            case GameOverDecision():
                raise ValueError("the game is over: there is nothing to decide")
        return self._choose(g, player, self.candidates(g, player), started)

    def candidates(self, g: Game, player: int, deadline: float | None = None
                   ) -> list[Candidate]:
        """The answers the search compares for `player`'s pending decision, the strategic
        bot's own first (see the module docstring): empty when the decision has one sensible
        answer the bot gives at once (throwing the dice, the cheaper tax, refusing an
        unworkable offer) or is no decision of `player`'s, the strategic bot's answer alone
        when nothing may overrule it (an offer its manners refuse). The game review
        (`passgo.review`) asks this too, for the moves a player might have made, and a hint
        gives a `deadline` (a `time.perf_counter()` value) after which no more trade offers
        are priced."""
        pending = g.pending
        if pending.player != player:
            return []
        match pending:
            case RollDecision() | TaxDecision() | GameOverDecision():
                return []
            case EndTurnDecision():
                return self._end_turn(g, player, deadline)
            case BuyDecision():
                base = self._base.act(g, player)
                flip: Action = Decline(player) if isinstance(base, Buy) else Buy(player)
                return [Candidate.single(base), Candidate.single(flip)]
            case BidDecision() as bid:
                return self._auction_candidates(g, player, bid)
            case TradeReplyDecision(offer=offer, problem=problem):
                if problem is not None:
                    return []
                base = self._base.act(g, player)
                if not isinstance(base, AcceptTrade) and _impolite_reply(g, player, offer):
                    # The manners of the strategic bot: no rollout overrules them.
                    return [Candidate.single(base)]
                reply: Action = (refuse(player, "played out, my position is better without it")
                                 if isinstance(base, AcceptTrade) else AcceptTrade(player))
                return [Candidate.single(base), Candidate.single(reply)]
            case RaiseFundsDecision():
                return self._answers(
                    g, player, [self._base.act(g, player), self._basic.act(g, player)])
            case MortgagedDeedDecision(square=sq):
                return self._answers(
                    g, player, [self._base.act(g, player), LiftMortgage(player, sq),
                                KeepMortgage(player, sq)])
            case JailDecision():
                return self._answers(
                    g, player, [self._base.act(g, player), *g.answers(player)])
            case (FineOrChanceDecision() | SealedBidDecision() | ForeclosureOwnerDecision()
                  | ForeclosureBuyDecision() | AuctionOptionDecision() | InitialBidsDecision()
                  | TravelDecision()
                  | AllowTravelDecision() | AskRentDecision() | ChooseRentDecision()
                  | EnterBoardDecision()
                  | DrawCardDecision() | LawyerDecision()
                  | JailExitDecision() | JailCardPurchaseDecision() | BuildDemandDecision()
                  | PlaceBuildingDecision()):
                answers = [a for a in g.answers(player) if not isinstance(a, Bid)]
                return self._answers(g, player, [self._base.act(g, player), *answers])
            case other:
                assert_never(other)

    def _answers(self, g: Game, player: int, actions: list[Action]) -> list[Candidate]:
        """Single-action candidates, the first (the base bot's) first, without repeats."""
        out: list[Candidate] = []
        seen: set[Action] = set()
        for action in actions:
            if action not in seen and g.is_legal(action):
                seen.add(action)
                out.append(Candidate.single(action))
            if len(out) >= MAX_ANSWERS:
                break
        return out

    def best(self, g: Game, player: int) -> Candidate | None:
        """The candidate the search picks for `player`'s pending decision within the budget
        (None: the decision has one sensible answer; `act` gives it). For a hint to a person
        (`passgo.review.hint`); `explain` then says why, as after `act`."""
        started = time.perf_counter()
        candidates = self.candidates(g, player, started + self.params.ms / 2000)
        if not candidates:
            return None
        return self._best(g, player, candidates, started)

    def _choose(self, g: Game, player: int, candidates: list[Candidate],
                started: float) -> Action:
        """The action of the best candidate by rollouts (`_best`)."""
        if not candidates:
            return self._base.act(g, player)
        return self._best(g, player, candidates, started).action

    def _best(self, g: Game, player: int, candidates: list[Candidate],
              started: float) -> Candidate:
        """The best candidate by rollouts (the first, the base bot's, unless beaten); the
        rest of a plan chosen is kept for the rest of the turn."""
        candidates = [c for i, c in enumerate(candidates) if i == 0 or g.is_legal(c.action)]
        chosen = candidates[0]
        choice: Choice | None = None
        if len(candidates) > 1:
            p = self.params
            outcome = search(
                g, player, candidates, policy=self._policy, horizon=p.horizon,
                scorer=self._leaf(g.rules), seed=mix(self.seed, len(g.history), player),
                samples=p.rollouts or None,
                deadline=None if p.rollouts else started + p.ms / 1000,
                confidence=p.confidence)
            chosen = candidates[outcome.chosen]
            stats = self.stats
            stats.searches += 1
            stats.rollouts += outcome.rollouts
            stats.samples += outcome.samples
            stats.search_seconds += time.perf_counter() - started
            stats.changed += outcome.chosen != 0
            choice = Choice(len(g.history), candidates, outcome)
        self._choice = choice
        self._plan = None  # a new choice replaces what is left of an older plan
        for seat, actions in chosen.scripts:
            if seat == player and len(actions) > 1:
                self._plan = (g.turn_number, list(actions[1:]), choice)
        return chosen

    def _scorer(self, rules: Rules) -> Scorer:
        scorer = self._scorers.get(rules)
        if scorer is None:
            scorer = self._scorers[rules] = Scorer(rules)
        return scorer

    def _leaf(self, rules: Rules) -> Leaf:
        """The rollouts' leaf score: the position values, or the evaluator's chances."""
        leaf = self._leaves.get(rules)
        if leaf is None:
            model = model_for(rules)[0] if self.params.leaf == "eval" else None
            leaf = self._scorer(rules) if model is None else ModelLeaf(model)
            self._leaves[rules] = leaf
        return leaf

    # -- the end of the turn -------------------------------------------------------------------

    def _planned(self, g: Game, player: int) -> Action | None:
        """The next action of this turn's plan, if it is still legal."""
        plan = self._plan
        if plan is None:
            return None
        turn, actions, _ = plan
        if turn == g.turn_number and actions and g.is_legal(actions[0]):
            self._planned_at = len(g.history)
            return actions.pop(0)
        self._plan = None
        return None

    def _end_turn(self, g: Game, player: int, deadline: float | None = None
                  ) -> list[Candidate]:
        base = self._base.act(g, player)
        out = [Candidate(base, base.text(), ((player, (base,)),))]
        seen: set[tuple[Action, ...]] = {(base,)}
        end = EndTurn(player)
        if (end,) not in seen:
            seen.add((end,))
            out.append(Candidate.single(end))
        if g.buildable_squares(player) or g.unmortgageable_squares(player):
            for keep in BUILD_KEEPS:
                actions = self._build_plan(g, player, keep)
                if len(actions) > 1 and actions not in seen:
                    seen.add(actions)
                    out.append(Candidate(actions[0], f"{BUILD_LABEL}{keep}",
                                         ((player, actions),)))
        out.extend(self._trades(g, player, deadline))
        return out

    @staticmethod
    def _build_plan(g: Game, player: int, keep: int) -> tuple[Action, ...]:
        """Build up (`search.build_step`) while the cash stays at or above `keep`, then end
        the turn."""
        c = g.copy()
        actions: list[Action] = []
        while len(actions) < 64:
            step = build_step(c, player, keep)
            if step is None or not c.is_legal(step):
                break
            actions.append(step)
            c.apply(step)
            if not isinstance(c.pending, EndTurnDecision) or c.pending_player != player:
                return tuple(actions)  # a house rule's decision came up: no end of turn
        actions.append(EndTurn(player))
        return tuple(actions)

    # -- trades --------------------------------------------------------------------------------

    def _trades(self, g: Game, player: int, deadline: float | None = None
                ) -> list[Candidate]:
        """Offers that complete one of the bot's groups (`completing_offers`, at most
        `MAX_TRADES`) and offers selling deeds that complete an opponent's group
        (`selling_offers`, at most `MAX_SALES`), each kind best first by the bot's own
        valuation, none made to the same player lately; none priced after `deadline`."""
        turn = g.turn_number
        scorer = self._scorer(g.rules)
        out: list[Candidate] = []
        market = trading.Market(valuers(g.rules)[1], Position.of(g))
        for offers, most in ((completing_offers(g, player, deadline), MAX_TRADES),
                             (selling_offers(g, player, deadline), MAX_SALES)):
            found: list[tuple[float, Candidate]] = []
            for offer in offers:
                key = (offer.responder, offer.give.properties, offer.get.properties)
                if turn - self._proposed.get(key, -RETRY_TURNS) < RETRY_TURNS:
                    continue
                if trading.impolite(market, offer):
                    continue  # the strategic bot's manners (`trading.impolite`)
                found.append((_gain(scorer, g, offer), Candidate(
                    ProposeTrade(player, offer), f"trade {offer.text()}",
                    ((player, (ProposeTrade(player, offer),)),
                     (offer.responder, (AcceptTrade(offer.responder),))))))
            found.sort(key=lambda x: -x[0])
            out.extend(c for _, c in found[:most])
        return out

    # -- auctions ------------------------------------------------------------------------------

    def _bid(self, g: Game, player: int, bid: BidDecision, started: float) -> Action:
        key = (g.turn_number, bid.square, bid.item)
        if self._auction is None or self._auction[0] != key:
            limit = self._auction_limit(g, player, bid, started)
            self._auction = (key, limit, self._choice)
        limit = self._auction[1]
        if limit is None:
            return self._base.act(g, player)
        action = BidLimit(bid.square, bid.item, limit).act(g, player)
        return action if action is not None else Pass(player)

    def _auction_limit(self, g: Game, player: int, bid: BidDecision,
                       started: float) -> int | None:
        """The most to bid in this auction (None: bid as the base bot does)."""
        candidates = self._auction_candidates(g, player, bid)
        if not candidates:
            return None
        return self._best(g, player, candidates, started).bid_limit

    def _auction_candidates(self, g: Game, player: int, bid: BidDecision) -> list[Candidate]:
        """Bid limits for a deed's open auction: the base bot's bids, passing, and fractions
        of the deed's price (none for buildings in a shortage: the base bot bids)."""
        if bid.item != "deed":
            return []
        span = g.bid_range(player)
        base = self._base.act(g, player)
        candidates = [Candidate(base, AUCTION_BASE_LABEL)]
        if span is not None:
            low, high = span
            price = g.deed_price(bid.square)
            limits = sorted({min(high, int(price * f)) for f in BID_FRACTIONS})
            limits = [x for x in limits if x >= low]
            candidates.append(Candidate(Pass(player), "pass", bid_limit=-1))
            candidates.extend(Candidate(Bid(player, low), f"up to {x}", bid_limit=x)
                              for x in limits)
        return candidates


class Choice:
    """A search the bot made, for its reason: where in the history it was made, the candidates
    compared and what the rollouts found."""

    def __init__(self, at: int, candidates: list[Candidate], outcome: Outcome) -> None:
        self.at = at
        self.candidates = candidates
        self.outcome = outcome
        self.picked = candidates[outcome.chosen]

    def words(self, g: Game) -> str:
        """What the rollouts found, in words ("" when the strategic bot's answer stood)."""
        out = self.outcome
        if out.chosen == 0:
            return ""
        return (f"played out {out.samples} times, {_words(g, self.picked)} comes out ahead of "
                f"{_words(g, self.candidates[0])}: {out.mean(out.chosen):.2%} of the table's "
                f"worth against {out.mean(0):.2%}")


#: How the candidates' first actions read in a reason.
ACTION_WORDS: Final[dict[type[Action], str]] = {
    Buy: "buying", Decline: "leaving it to the auction", AcceptTrade: "accepting",
    RejectTrade: "refusing", EndTurn: "ending my turn", LiftMortgage: "lifting the mortgage",
    KeepMortgage: "keeping the mortgage", Mortgage: "mortgaging", Sell: "selling buildings",
    SellDown: "selling buildings", Pass: "passing", Roll: "throwing for doubles",
    PayJailFine: "paying the fine", UseJailCard: "using my card", ProposeTrade: "this offer",
    Build: "building one more house", Unmortgage: "lifting a mortgage"}


def _words(g: Game, candidate: Candidate) -> str:
    """A candidate in a reason: "buying", "bidding to the limit my search chose", "building
    while $150 stays in hand". A bid's limit is not told: the others would bid a dollar more
    (the reason comes with the auction's first bid, and the limit is followed to its end)."""
    if candidate.bid_limit is not None:
        return "passing" if candidate.bid_limit < 0 else "bidding to the limit my search chose"
    if candidate.label == AUCTION_BASE_LABEL:
        return "bidding to my own limit"
    if candidate.label.startswith(BUILD_LABEL):
        keep = int(candidate.label[len(BUILD_LABEL):])
        return f"building while {g.board.money(keep)} stays in hand"
    return ACTION_WORDS.get(type(candidate.action), f"'{candidate.action.text()}'")


def completing_offers(g: Game, player: int, deadline: float | None = None
                      ) -> list[TradeOffer]:
    """Offers `player` could make now that complete one of its colour groups from one
    opponent, alone or against deeds that complete one of that opponent's groups, each with
    the cash term at which a strategic bot in the partner's seat just accepts it (offers no
    cash term makes acceptable are left out); none priced after `deadline`."""
    board = g.board
    owner = [g.owner_of(sq) for sq in range(len(board.squares))]
    pos = Position.of(g)
    out: list[TradeOffer] = []
    for other in _opponents(g, player):
        wanted = _completing(board.groups, owner, player, other)
        if not wanted:
            continue
        returns: list[tuple[int, ...]] = [(), *_completing(board.groups, owner, other, player)]
        for want in wanted:
            group = next(streets for streets in board.groups if want[0] in streets)
            for give in returns:
                if set(give) & set(group):
                    continue  # deeds of the same group: no swap
                if _past(deadline):
                    return out
                priced = _accepted_price(g, TradeOffer(player, other, Bundle(give), Bundle(want)))
                if priced is not None and not give:  # never for nothing: at least the floor
                    floor = trading.buying_floor(pos, give, want)
                    priced = _with_cash(priced, max(floor, priced.give.cash - priced.get.cash))
                if priced is not None:
                    out.append(priced)
    return out


def selling_offers(g: Game, player: int, deadline: float | None = None) -> list[TradeOffer]:
    """Offers `player` could make now that sell an opponent the deeds completing one of its
    colour groups, each for the most cash at which a strategic bot in the buyer's seat
    accepts it (sales no payment to the seller makes acceptable are left out); none priced
    after `deadline`."""
    board = g.board
    owner = [g.owner_of(sq) for sq in range(len(board.squares))]
    out: list[TradeOffer] = []
    for other in _opponents(g, player):
        for give in _completing(board.groups, owner, other, player):
            if _past(deadline):
                return out
            priced = _accepted_price(g, TradeOffer(player, other, Bundle(give), Bundle(())))
            if priced is not None and priced.get.cash > 0:
                out.append(priced)
    return out


def _impolite_reply(g: Game, player: int, offer: TradeOffer) -> bool:
    """Whether accepting `offer` would be a deal `player` may not offer itself
    (`trading.impolite`): deeds sold below their floor, a group for the leader that leaves it
    stronger, or nothing given."""
    market = trading.Market(valuers(g.rules)[1], Position.of(g))
    return trading.impolite(market, TradeOffer(player, offer.proposer, offer.get, offer.give))


def _past(deadline: float | None) -> bool:
    """Whether the clock is past `deadline` (None: there is none)."""
    return deadline is not None and time.perf_counter() > deadline


def _opponents(g: Game, player: int) -> list[int]:
    """The other seats still in the game, in seat order."""
    return [other for other in range(g.n) if other != player and g.in_game(other)]


def _completing(groups: tuple[tuple[int, ...], ...], owner: list[int | None], taker: int,
                giver: int) -> list[tuple[int, ...]]:
    """Deeds of `giver` that would complete a colour group for `taker`, group by group."""
    out = []
    for streets in groups:
        held = [sq for sq in streets if owner[sq] == taker]
        missing = tuple(sq for sq in streets if owner[sq] != taker)
        if held and missing and all(owner[sq] == giver for sq in missing):
            out.append(missing)
    return out


def _with_cash(offer: TradeOffer, x: int) -> TradeOffer:
    """The offer with `x` paid by the proposer (negative: paid by the responder)."""
    return TradeOffer(offer.proposer, offer.responder,
                      Bundle(offer.give.properties, max(0, x), offer.give.cards),
                      Bundle(offer.get.properties, max(0, -x), offer.get.cards))


def _accepts(g: Game, offer: TradeOffer, model: Agent) -> bool:
    if g.trade_problem(offer) is not None:
        return False
    c = g.copy()
    c.apply_unchecked(ProposeTrade(offer.proposer, offer))
    return c.pending_player == offer.responder and isinstance(
        model.act(c, offer.responder), AcceptTrade)


def _accepted_price(g: Game, offer: TradeOffer) -> TradeOffer | None:
    """The offer with the least cash from the proposer (or the most from the responder) at
    which a strategic bot in the responder's seat accepts it; None if the rules forbid the
    trade or no cash makes it acceptable."""
    if g.trade_problem(offer) is not None:
        return None
    model = StrategicBot()
    low, high = -g.cash_of(offer.responder), g.cash_of(offer.proposer)
    if not _accepts(g, _with_cash(offer, high), model):
        return None
    if _accepts(g, _with_cash(offer, low), model):
        return _with_cash(offer, low)
    while high - low > 10:
        mid = (low + high) // 2
        if _accepts(g, _with_cash(offer, mid), model):
            high = mid
        else:
            low = mid
    return _with_cash(offer, high)


def _gain(scorer: Scorer, g: Game, offer: TradeOffer) -> float:
    """What the offer adds to the proposer's position value (the strategic yardstick)."""
    pos = Position.of(g)
    a, b = offer.proposer, offer.responder
    owner = list(pos.owner)
    for sq in offer.give.properties:
        owner[sq] = b
    for sq in offer.get.properties:
        owner[sq] = a
    cash = pos.cash[a] - offer.give.cash + offer.get.cash
    value = scorer.valuer.value
    return value(pos, a, owner, cash) - value(pos, a)
