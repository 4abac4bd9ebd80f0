"""The strategic bot's negotiation: the offers it makes (looked for when deeds change hands,
priced by `trading`), its answers to offers made to it (acceptance, a counter-offer, or a
refusal that says why), and what it remembers of its partners' answers.

It sells a deed that completes an opponent's group only with a group of its own to build with
the money, or when no deed has changed hands for `STUCK_ROUNDS` rounds, and asks the buyer's
streets of groups it has a part of with it. In such a stuck game it also plans through a third
player (`trading.brokered_plans`), for opponents who trade only for a group of their own.
Offers it expects to be refused (no price suits both sides as it sees them) ask for a clear
advantage, come after the others, and are not made to a player who refused two such lately
(one such refusal is forgotten every `FORGET_TURNS` turns, so that it keeps negotiating); a
player who refuses offers of a kind in a row is left alone for a while (`FREE_REFUSALS`,
`PAUSE_TURNS`). A deal refused before is
offered again only on better terms for the other side (`trading.sweetened`).

Its manners (`trading`): no offer of its gives nothing; deeds that complete an opponent's group
are never sold, mortgaged or not, for less than their printed price and what they add to the
buyer (`trading.group_floor`), nor taken to the leader at a price that leaves it stronger.
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from passgo.agents import trading
from passgo.agents.base import refuse, refuse_unworkable
from passgo.agents.strategic.appraisal import Appraiser
from passgo.agents.strategic.caches import Caches
from passgo.agents.strategic.params import StrategicParams
from passgo.agents.valuation import BANK, Position
from passgo.core import AcceptTrade, Action, CounterTrade, Game, TradeOffer
from passgo.core.events import TradeAccepted, TradeRejected

RETRY_TURNS: Final = 24  # the same deeds are not offered to the same player again for this long
# With nothing changed hands, trades are looked for again after this many turns.
SEARCH_TURNS: Final = 24
RESEARCH_TURNS: Final = 8  # after deeds changed hands, after this many (two rounds of four players)
OFFERS_PER_TURN: Final = 2
# Deals newly priced by one search for offers, the most promising first.
PRICED_PER_SEARCH: Final = 3
PROBE_REFUSALS: Final = 2  # a player who refused this many offers it might take is not asked again
FORGET_TURNS: Final = 16  # ... until one of those refusals is forgotten, each this many turns
# A player who refused this many offers of a kind in a row (offers that give it deeds, or offers
# that give none) is offered that kind again only after a pause that doubles with each further
# refusal, from PAUSE_TURNS up to MAX_PAUSE_TURNS: a partner who takes no offers (a person who
# has said no twice, a bot that only swaps) is not pestered every turn.
FREE_REFUSALS: Final = 2
PAUSE_TURNS: Final = 4
MAX_PAUSE_TURNS: Final = 64
STUCK_ROUNDS: Final = 20  # rounds with every deed owned and none changing hands: the game is stuck
SLACK_PER_ROUND: Final = 0.004  # from then on it accepts a little less than its margin each round
MAX_SLACK: Final = 0.2  # ... down to this share of what a deal is about
PLAN_TURNS: Final = 16  # a plan in two steps is followed this long


class Negotiator:
    """One bot's trading (its `params`; the reserve from `appraiser`, the yardsticks from
    `caches`) and its memory of offers made, priced and answered."""

    def __init__(self, params: StrategicParams, caches: Caches, appraiser: Appraiser) -> None:
        self.params = params
        self.caches = caches
        self.appraiser = appraiser
        self._offered: dict[bytes, int] = {}  # by `Proposal.key`: the turn it was made
        self._offers_this_turn = (-1, 0)
        # The ownership and turn of the last search for offers, and the offers it priced.
        self._search: tuple[list[int], int, list[trading.Proposal]] | None = None
        # (turn, partner, probing, giving deeds) of the last offer made; partner -1 once the
        # answer has been learnt from.
        self._proposed: tuple[int, int, bool, bool] = (-1, -1, False, False)
        # By seat and whether deeds are given: offers refused that it might have taken, and
        # the turn of the last (`stubbornness`).
        self._stubborn: dict[tuple[int, bool], tuple[int, int]] = {}
        # By `trading.deal_key`: the last offer of each deal that was refused.
        self._refused: dict[bytes, TradeOffer] = {}
        # By seat and whether deeds are given: offers refused in a row (counter-offers aside),
        # and the turn of the last.
        self._refusals: dict[tuple[int, bool], tuple[int, int]] = {}
        # The ownership of every deed, and the round since which it has not changed.
        self._locked: tuple[list[int], int] | None = None
        # Deals priced lately, by partner and deeds: (turn priced, the offer or None).
        self._priced: dict[tuple[Any, ...], tuple[int, trading.Proposal | None]] = {}
        self._countered: tuple[int, int] = (-1, -1)  # (turn, partner) of the last counter
        self._plan: tuple[int, tuple[int, ...], int, tuple[int, ...], int] | None = None
        self.made: trading.Proposal | None = None  # the offer made last, as it was priced

    def offer(self, g: Game, pos: Position, player: int) -> TradeOffer | None:
        """The best offer worth making now, not made recently to the same player. Offers are
        priced when deeds have changed hands (or every `SEARCH_TURNS` turns, as cash
        changes), and the priced list serves until then."""
        turn, made = self._offers_this_turn
        turns = g.turn_number
        if turn == turns and made >= OFFERS_PER_TURN:
            return None
        owners = pos.owner  # (a position's lists are not changed once made)
        search = self._search
        moved = search is not None and search[0] != owners
        # Its deeds changed by a trade (not a purchase from the Bank): the prices are stale.
        mine = search is not None and moved and any(
            (a == player) != (b == player) and b != BANK
            for a, b in zip(owners, search[0], strict=True))
        if mine:
            self._priced.clear()
        if search is None or mine or turns - search[1] >= SEARCH_TURNS or (
                moved and turns - search[1] >= RESEARCH_TURNS):
            # Searched again: after a while, after deeds changed hands a while ago, and at
            # once when its own deeds changed hands (a trade it made, the step of a plan).
            search = self._search = (owners, turns, self._proposals(g, pos, player))
        cash = pos.cash
        market: trading.Market | None = None  # made once an offer needs it
        for found in search[2]:
            offer = found.offer
            other = offer.responder
            key = found.key
            if turns - self._offered.get(key, -RETRY_TURNS) < RETRY_TURNS:
                continue
            kind = found.kind
            if found.probe and self.stubbornness(kind, turns) >= PROBE_REFUSALS:
                continue
            if self._paused(kind, turns):
                continue
            refused = self._refused.get(key)
            if refused is not None and (refused.give.cash - refused.get.cash
                                        >= offer.give.cash - offer.get.cash):
                # The same deal was refused on these terms or better ones: offered again only
                # on better terms for the other side.
                keep = min(cash[player], self.appraiser.reserve(pos, player))
                if market is None:
                    market = self.caches.market(pos)
                better = trading.sweetened(market, refused, self.params.trade_margin, keep,
                                           found.probe)
                if better is None:
                    continue
                found, offer = better, better.offer
            if (offer.give.cash > cash[player] - min(cash[player], self.params.reserve)
                    or offer.get.cash > cash[other] or g.trade_problem(offer) is not None):
                continue
            if market is None:
                market = self.caches.market(pos)
            if trading.impolite(market, offer, found.brokered):
                continue  # (priced while a deed was mortgaged, say: the floor has risen)
            self._offered[key] = turns
            self.made = found
            self._offers_this_turn = (turns, made + 1 if turn == turns else 1)
            self._proposed = (turns, other, found.probe, kind[1])
            if found.then is not None:
                second, part2 = found.then
                self._plan = (other, offer.get.properties, second, part2, turns)
            return offer
        return None

    def _proposals(self, g: Game, pos: Position, player: int) -> list[trading.Proposal]:
        """Every offer worth making now, priced, the best first. A deal priced less than
        `SEARCH_TURNS` turns ago keeps its price (the other side judges the offer afresh).
        It sells a deed that completes an opponent's group for cash alone only when it has a
        group of its own to build with the money, or when the game is stuck."""
        stuck = self.stuck(g, pos)
        sales = bool(self.caches.valuer(g).holding(pos, player).costs) or stuck
        candidates = trading.candidate_deals(pos, player, sales=sales, even=stuck)
        none: tuple[int, ...] = ()  # (the deeds given in a first step bought with cash)
        plans = [(first, none, part1, second, part2)
                 for first, part1, second, part2 in trading.split_groups(pos, player)]
        if stuck:
            plans += trading.brokered_plans(pos, player)
        if not candidates and not plans:
            return []
        turns = g.turn_number
        priced = self._priced
        market: trading.Market | None = None
        margin = self.params.trade_margin
        keep = -1  # the cash to keep, once a deal is priced (no board read for a search without)
        slack = self._slack(g, pos)
        out: list[trading.Proposal] = []
        fresh: list[tuple[bool, float, int, tuple[int, ...], tuple[int, ...], bool,
                          trading.Deal]] = []
        for other, give, get in candidates:
            probing = self.stubbornness((other, bool(give)), turns) < PROBE_REFUSALS
            key = (other, give, get, probing)
            known = priced.get(key)
            if known is not None and turns - known[0] < SEARCH_TURNS:
                if known[1] is not None:
                    out.append(known[1])
                continue
            if market is None:
                market = self.caches.market(pos)
            deal = market.deal([(player, other, give), (other, player, get)])
            # Deals that cannot be offered now (the partner is left alone for a while) or
            # were refused come last, so that they do not keep the others from being priced.
            later = (self._paused((other, bool(give)), turns)
                     or trading.deeds_key(other, give, get) in self._refused)
            fresh.append((later, -trading.promise(market, deal), other, give, get, probing,
                          deal))
        # Only the most promising deals not priced lately are priced now (pricing is most of
        # the search); the others wait for the next search.
        fresh.sort(key=lambda lead: lead[:2])
        for _, _, other, give, get, probing, deal in fresh[:PRICED_PER_SEARCH]:
            assert market is not None
            if keep < 0:
                keep = min(pos.cash[player], self.appraiser.reserve(pos, player))
            found = trading.price_deal(market, player, other, give, get, margin, keep, probing,
                                       slack, deal)
            priced[(other, give, get, probing)] = (turns, found)
            if found is not None:
                out.append(found)
        for plan in plans:
            first, give1, part1, second, part2 = plan
            known = priced.get(plan)
            if known is not None and turns - known[0] < SEARCH_TURNS:
                found = known[1]
            else:
                if market is None:
                    market = self.caches.market(pos)
                if keep < 0:
                    keep = min(pos.cash[player], self.appraiser.reserve(pos, player))
                found = trading.plan_in_two(market, player, first, part1, second, part2,
                                            margin, keep, give1)
                priced[plan] = (turns, found)
            if found is not None:
                out.append(found)
        if len(priced) > 512:
            for key in [k for k, (t, _) in priced.items() if turns - t >= SEARCH_TURNS]:
                del priced[key]
        # Offers it expects taken first, and among them the second step of its plan in two.
        out.sort(key=lambda p: (p.probe, not self._second_step(g, p), -p.gain))
        return out

    def _second_step(self, g: Game, proposal: trading.Proposal) -> bool:
        """Whether a proposal buys the deeds of the second step of the bot's plan in two from
        their owner while the plan is followed (`PLAN_TURNS`)."""
        plan = self._plan
        offer = proposal.offer
        return (plan is not None and g.turn_number - plan[4] <= PLAN_TURNS
                and offer.responder == plan[2] and offer.get.properties == plan[3])

    def stuck(self, g: Game, pos: Position) -> bool:
        """No deed has changed hands for `STUCK_ROUNDS` rounds while every deed is owned:
        the game goes nowhere without a trade."""
        return self.stuck_for(g, pos) >= STUCK_ROUNDS

    def stuck_for(self, g: Game, pos: Position) -> int:
        """Rounds since a deed last changed hands, while every deed is owned (0 otherwise)."""
        owners = pos.owner  # (a position's lists are not changed once made)
        locked = self._locked
        if locked is None or locked[0] != owners or any(
                owners[sq] == BANK for sq in g.board.properties):
            self._locked = (owners, g.round_number)
            return 0
        return g.round_number - locked[1]

    def _slack(self, g: Game, pos: Position) -> float:
        """How far short of its margin it will go, as a share of what a deal is about, in a
        game that is stuck: more the longer it has been (a game nobody wins is lost by all, so
        even a trade that favours the other side a little is worth a chance)."""
        stuck = self.stuck_for(g, pos) - STUCK_ROUNDS
        return 0.0 if stuck < 0 else min(MAX_SLACK, (stuck + 1) * SLACK_PER_ROUND)

    def answered(self, g: Game) -> None:
        """Learn from the answer to the bot's last offer: a player who keeps refusing offers
        that it could only take by valuing things differently is not offered such again for
        a while (`stubbornness`), one who refuses offers in a row is given a pause before the
        next, and a refused deal is remembered with its terms."""
        turn, other, probing, giving = self._proposed
        if other < 0:
            return
        self._proposed = (turn, -1, False, giving)
        kind = (other, giving)
        for event in g.events:
            if not isinstance(event, TradeRejected | TradeAccepted) or \
                    event.offer.responder != other:
                continue
            key = trading.deal_key(event.offer)
            if isinstance(event, TradeRejected):
                if event.counter:
                    continue
                if len(self._refused) > 256:
                    self._refused.clear()
                self._refused[key] = event.offer
                if probing:
                    self._stubborn[kind] = (self.stubbornness(kind, turn) + 1, turn)
                refused = self._refusals.get(kind, (0, turn))[0]
                self._refusals[kind] = (refused + 1, turn)
            else:
                if probing:
                    self._stubborn.pop(kind, None)
                self._refused.pop(key, None)
                self._refusals.pop(kind, None)

    def stubbornness(self, kind: tuple[int, bool], turns: int) -> int:
        """Offers of a kind (`kind`: the player and whether the bot gives deeds) that the
        player refused though it might have taken them, less one for every `FORGET_TURNS`
        turns since the last: refusals are forgotten, so the bot keeps negotiating."""
        count, since = self._stubborn.get(kind, (0, turns))
        return max(0, count - (turns - since) // FORGET_TURNS)

    def _paused(self, kind: tuple[int, bool], turns: int) -> bool:
        """Whether a player has refused enough offers of a kind (`kind`: the player and
        whether the bot gives deeds) in a row lately to be offered no more of them now: one
        who never sells may still buy."""
        refused, since = self._refusals.get(kind, (0, 0))
        if refused < FREE_REFUSALS:
            return False
        pause = min(MAX_PAUSE_TURNS, PAUSE_TURNS << min(refused - FREE_REFUSALS, 8))
        return turns - since < pause

    def weigh(self, g: Game, pos: Position, player: int, offer: TradeOffer) -> Weighing:
        """An offer to the bot judged as `reply` judges it (and `Explainer` says it)."""
        market = self.caches.market(pos)
        margin = self.params.trade_margin
        verdict = trading.judge(market, offer, margin)
        clears = verdict.clears
        plan = self._plan_clears(market, offer, player, margin)
        if plan is not None:
            clears = max(clears, plan)
        slack = self._slack(g, pos) + self.params.gullibility  # (an easy level's mistake)
        if slack:
            clears += slack * market.stakes(verdict.deal)
        keep = min(pos.cash[player], self.appraiser.reserve(pos, player))
        short = pos.cash[player] + verdict.x < keep  # it would pay more than it can spare
        cheap = trading.short_of_floor(pos, market.valuer, offer.get, offer.give,
                                       offer.proposer)
        leads = trading.leader_group(market, verdict.deal, offer.proposer, verdict.other)
        return Weighing(market, verdict, plan, slack, clears, keep, short, cheap, leads)

    def floor_words(self, g: Game, offer: TradeOffer, weighed: Weighing) -> str:
        """Why an offer to the bot is turned down whatever its own gain: the deeds' floor
        (`weighed.cheap`) or the leader's group (`weighed.leads`); "" when neither."""
        name = g.names[offer.proposer]
        groups = g.board.group_names
        if weighed.leads >= 0:
            return (f"it would complete {name}'s {trading.group_word(groups[weighed.leads])} "
                    f"group, and {name} is leading: no price makes that good for the rest of us")
        if not weighed.cheap:
            return ""
        completes = trading.completed(weighed.market.pos, offer.proposer,
                                      weighed.verdict.deal.owner)
        if completes:
            return (f"it would complete {name}'s {trading.group_word(groups[completes[0]])} "
                    f"group, which I sell for no less than {g.board.money(weighed.cheap)}")
        return (f"mortgaging would raise {g.board.money(weighed.cheap)} and I would keep "
                "the deeds")

    def reply(self, g: Game, pos: Position, player: int, offer: TradeOffer,
              problem: str | None) -> Action:
        """Accept, counter or refuse (saying why) an offer made to the bot."""
        if problem is not None:
            return refuse_unworkable(player, problem)
        if face_value_sale(g, offer, self.params.face_value):
            return AcceptTrade(player)  # (a newcomer's mistake: `StrategicParams.face_value`)
        weighed = self.weigh(g, pos, player, offer)
        market, verdict, clears = weighed.market, weighed.verdict, weighed.clears
        keep, cheap = weighed.keep, weighed.cheap
        margin = self.params.trade_margin
        if clears >= 0 and not weighed.short and not cheap and weighed.leads < 0:
            return AcceptTrade(player)
        turns = g.turn_number
        mine = self._proposed[0] == turns and self._proposed[1] == offer.proposer
        if mine and self._proposed[2]:
            # The answer to an offer the bot expected might be refused: a counter-offer.
            kind = (offer.proposer, self._proposed[3])
            self._stubborn[kind] = (self.stubbornness(kind, turns) + 1, turns)
            self._proposed = (turns, offer.proposer, False, kind[1])
        if not mine and self._countered != (turns, offer.proposer):
            counter = trading.counter_price(market, offer, margin, keep)
            if counter is None:
                found = self._best_with(market, g, pos, player, offer.proposer, keep)
                counter = found.offer if found is not None else None
            if counter is not None:
                action = CounterTrade(player, counter)
                if g.is_legal(action):
                    self._countered = (turns, offer.proposer)
                    return action
        if clears >= 0 and (cheap or weighed.leads >= 0):
            return refuse(player, self.floor_words(g, offer, weighed))
        if clears >= 0:
            return refuse(player, f"paying ${-verdict.x:,} would leave me too little cash for "
                                  "the rents ahead")
        return refuse(player, trading.reason(market, offer, verdict))

    def _best_with(self, market: trading.Market, g: Game, pos: Position, player: int,
                   other: int, keep: int) -> trading.Proposal | None:
        """The bot's best deal with one player (for a counter-offer)."""
        best: trading.Proposal | None = None
        turns = g.turn_number
        for partner, give, get in trading.candidate_deals(pos, player, (other,)):
            key = (partner, give, get, False)
            known = self._priced.get(key)
            if known is not None and turns - known[0] < SEARCH_TURNS:
                found = known[1]
            else:
                found = trading.price_deal(market, player, partner, give, get,
                                           self.params.trade_margin, keep, probing=False)
                self._priced[key] = (turns, found)
            if found is not None and (best is None or found.gain > best.gain):
                best = found
        return best

    def _plan_clears(self, market: trading.Market, offer: TradeOffer, player: int,
                     margin: float) -> float | None:
        """An offer that is the first step of the bot's plan in two (its counter-offer, say)
        judged as part of the whole plan: how far the whole clears the bot's margin."""
        plan = self._plan
        if plan is None:
            return None
        first, part1, second, part2, since = plan
        g = market.pos.game
        if (g.turn_number - since > PLAN_TURNS or offer.proposer != first
                or offer.give.properties != part1 or offer.get.properties
                or offer.give.cards or offer.get.cards):
            return None
        x1 = offer.get.cash - offer.give.cash  # what the bot pays
        keep = min(market.pos.cash[player], self.appraiser.reserve(market.pos, player))
        whole = trading.second_step(market, player, first, part1, x1, second, part2, margin,
                                    keep)
        return None if whole is None else whole[0]



@mypyc_attr(acyclic=True)
class Weighing:
    """An offer to the bot as `Negotiator.weigh` judged it: the market and the verdict, how far
    the plan in two it may start clears the margin (None: it starts none), the slack of a stuck
    game, how far the whole clears (0 or more: good enough), the cash to keep, whether paying
    would go below it (`short`), the floor a cash price falls short of (`cheap`: the mortgage
    value, or a group's `trading.group_floor`), and the group it would complete for a leader
    who comes out stronger (`leads`; -1: none).
    Read-only once made (a plain class, as `valuation.Position` says why)."""

    def __init__(self, market: trading.Market, verdict: trading.Judgement, plan: float | None,
                 slack: float, clears: float, keep: int, short: bool, cheap: int,
                 leads: int) -> None:
        self.market = market
        self.verdict = verdict
        self.plan = plan
        self.slack = slack
        self.clears = clears
        self.keep = keep
        self.short = short
        self.cheap = cheap
        self.leads = leads


def face_value_sale(g: Game, offer: TradeOffer, face_value: float) -> bool:
    """Whether `offer` is cash alone for deeds of the responder's alone, at least `face_value`
    times their printed price (0: no offer is), which a newcomer takes without asking what
    the deeds are worth to the buyer."""
    give, get = offer.give, offer.get
    if not face_value or give.properties or give.cards or give.terms or not get.properties:
        return False
    if get.cash or get.cards or get.terms:
        return False
    printed = sum(g.board.squares[sq].price for sq in get.properties)
    return give.cash >= face_value * printed
