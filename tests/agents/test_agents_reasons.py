"""Bots' reasons (`agents.base.Explaining`): asked by `bot_step` (the terminal and web games)
and carried by the events of the choice into the sentences, one line each, naming players by
seat reference so that each viewer reads them in their own person; never asked by `play` (the
simulations); and true to the decision: the figures a reason gives agree with the action."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from passgo.agents import BasicBot, StrategicBot, bot_step, make_agent, play, split_specs
from passgo.agents.base import Agent, explainer
from passgo.core import (
    Action,
    Bid,
    BidDecision,
    Build,
    Buy,
    BuyDecision,
    Decision,
    DeclareBankruptcy,
    Decline,
    Event,
    Game,
    KeepMortgage,
    LiftMortgage,
    MortgagedDeedDecision,
    Pass,
    RejectTrade,
    Roll,
    Rules,
    TradeOffered,
)
from passgo.core.events import (
    CHOICE_EVENTS,
    BidPlaced,
    Purchased,
    TradeAccepted,
    TradeRejected,
)
from passgo.core.reasons import SEAT_REF, seat_ref
from passgo.core.trades import REASON_LIMIT
from passgo.narrate import Voice, sentences
from support import setup, sq

ORANGE = [sq("St. James Place"), sq("Tennessee Avenue"), sq("New York Avenue")]
NAMES = ("Ada", "Bob", "Cy", "Dana")
# Tables of bots played through `bot_step`: every profile with the strategic bot, the expert
# with few rollouts, and the basic bot.
TABLES = {
    "profiles": "strategic,cautious,aggressive,dealer",
    "homebody": "homebody,strategic,basic",
    "expert": "expert:rollouts=2,horizon=2,strategic,basic",
    "basic": "basic,basic,basic",
}
STRATEGIC = {"strategic", "cautious", "aggressive", "dealer", "homebody", "expert"}


@dataclass
class Asked:
    """One reason a bot gave: the decision, the action, the reason, and the events the action
    caused (filled in once it is applied)."""

    seat: int
    decision: Decision
    action: Action
    reason: str
    events: list[Event]


class Recorded:
    """A bot whose reasons are recorded as `bot_step` asks for them."""

    def __init__(self, bot: Agent, asked: list[Asked]) -> None:
        self.bot = bot
        self.name = bot.name
        self.asked = asked

    def act(self, game: Game, player: int) -> Action:
        return self.bot.act(game, player)

    def explain(self, game: Game, player: int, action: Action) -> str:
        explain = explainer(self.bot)
        assert explain is not None
        reason = explain(game, player, action)
        self.asked.append(Asked(player, game.pending, action, reason, []))
        return reason


@dataclass
class Played:
    table: str
    specs: list[str]
    game: Game
    asked: list[Asked]


def _played(table: str, seed: int, rounds: int) -> Played:
    specs = split_specs(TABLES[table])
    g = Game.new(list(NAMES[:len(specs)]), Rules.classic(), seed=seed, max_rounds=rounds)
    asked: list[Asked] = []
    agents = [Recorded(make_agent(spec, seed * 10 + i), asked) for i, spec in enumerate(specs)]
    while (done := bot_step(g, agents)) is not None:
        action, events = done
        if asked and asked[-1].action is action:
            asked[-1].events = events
    return Played(table, specs, g, asked)


@pytest.fixture(scope="module", params=[("profiles", 3), ("profiles", 8), ("homebody", 4),
                                        ("expert", 5), ("basic", 6)],
                ids=lambda p: f"{p[0]}-{p[1]}")
def played(request: pytest.FixtureRequest) -> Played:
    table, seed = request.param
    return _played(table, seed, 25 if table == "expert" else 60)


def _kind(p: Played, seat: int) -> str:
    return p.specs[seat].split(":")[0]


def _money(text: str) -> list[int]:
    return [int(m.replace(",", "")) for m in re.findall(r"\$(\d[\d,]*)", text)]


def test_every_reason_is_one_line_within_the_limit_naming_seats_that_play(played: Played) -> None:
    assert any(a.reason for a in played.asked)
    for a in played.asked:
        assert a.reason == " ".join(a.reason.split()) and len(a.reason) <= REASON_LIMIT
        assert all(int(seat) < played.game.n for seat, _ in SEAT_REF.findall(a.reason))
        assert "{" not in SEAT_REF.sub("", a.reason) and "}" not in SEAT_REF.sub("", a.reason)


def test_reasons_reach_the_events_of_the_choice(played: Played) -> None:
    """Every event of a choice carries the reason given for it; a refusal carries its own
    (the reject action's). The strategic bot, its profiles and the expert give one for every
    choice the events tell (a bankruptcy's forced sales aside: no one chooses them)."""
    told = 0
    for a in played.asked:
        for e in a.events:
            if not isinstance(e, CHOICE_EVENTS):
                continue
            if isinstance(a.action, RejectTrade):
                assert e.reason == a.action.reason
                continue
            assert e.reason == a.reason
            told += bool(e.reason)
            if _kind(played, a.seat) in STRATEGIC and not isinstance(a.action, DeclareBankruptcy):
                assert e.reason, (a.action, e)
    assert told > 10


def test_sentences_show_the_reason_in_each_viewers_person(played: Played) -> None:
    g = played.game
    seen = 0
    for a in played.asked:
        for e in a.events:
            if not isinstance(e, CHOICE_EVENTS) or not e.reason:
                continue
            for viewer in (None, *range(g.n)):
                (line,) = sentences(g, [e], viewer)
                if isinstance(e, TradeOffered | Purchased | BidPlaced | TradeAccepted):
                    assert line.endswith(": " + Voice(g, viewer).reason(e.reason))
                assert "{p" not in line
                assert not re.search(r"\b[Yy]ou (holds|has|is|does|gives|pays|owns|wants)\b", line)
            seen += 1
    assert seen > 10


def test_the_figures_of_a_reason_agree_with_the_action(played: Played) -> None:
    """What a reason says is what decided: a deed bought is worth at least its price to the
    buyer and one declined for its worth is worth less, a bid stays within the limit given,
    a pass is past it, what stays after buying or building is above the cash kept, and a
    purchase or lifting declined for the cash kept would go below it."""
    checked = 0
    for a in played.asked:
        if _kind(played, a.seat) not in STRATEGIC - {"expert"} or not a.reason:
            continue
        d, action, r = a.decision, a.action, a.reason
        figures = _money(r)
        if isinstance(d, BuyDecision) and isinstance(action, Buy) and r.startswith("worth $"):
            assert figures[0] >= d.price
        elif isinstance(d, BuyDecision) and isinstance(action, Decline):
            if r.startswith("worth less"):  # its worth untold: the auction follows
                assert figures == [d.price]
            elif r.startswith("I have"):
                assert figures[0] < d.price
            else:
                assert r.startswith("buying would leave") and figures[0] < figures[1]
        elif isinstance(d, BidDecision) and isinstance(action, Bid):
            assert figures == [], r  # a bid never tells how far the bot will go
        elif isinstance(d, BidDecision) and isinstance(action, Pass) and "past my limit" in r:
            assert figures[0] == d.min_bid and figures[0] > figures[1]
        elif isinstance(d, MortgagedDeedDecision) and isinstance(action, KeepMortgage):
            if r.startswith("lifting it costs"):
                assert figures[0] == d.lift_cost > figures[1]
            else:
                assert figures[0] < figures[1]
        else:
            continue
        if " stays, above " in r:
            stays, above = re.findall(r"\$([\d,]+) stays, above the \$([\d,]+)", r)[0]
            assert int(stays.replace(",", "")) >= int(above.replace(",", ""))
        checked += 1
    if played.table != "basic":
        assert checked > 5


def test_no_bid_tells_how_far_the_bidder_will_go(played: Played) -> None:
    """A bot's bid, told to everyone at the table with its reason, never names the limit it
    bids to (the others would bid a dollar more): no figure in a bid's reason is above the
    bid, for the strategic bots and the expert (whose limit is chosen by its search). The
    basic bot's "up to the printed price" is its documented rule of thumb."""
    bids = 0
    for a in played.asked:
        if (_kind(played, a.seat) in STRATEGIC and isinstance(a.action, Bid)
                and isinstance(a.decision, BidDecision)):
            assert all(x <= a.action.amount for x in _money(a.reason)), a.reason
            bids += 1
    if played.table != "basic":
        assert bids > 0


def test_the_expert_says_what_its_rollouts_found(played: Played) -> None:
    """Where its rollouts overruled the strategic bot's answer, the expert's reason gives the
    share of the table's worth the answer played out to, above the other's."""
    found = 0
    for a in played.asked:
        if _kind(played, a.seat) == "expert" and "comes out ahead of" in a.reason:
            mine, other = re.findall(r"(\d+\.\d\d)% of the table's worth against (\d+\.\d\d)%",
                                     a.reason)[0]
            assert float(mine) >= float(other)
            found += 1
    assert found or played.table != "expert"


def test_builds_and_lifts_say_what_stays_above_the_reserve(played: Played) -> None:
    for a in played.asked:
        if (_kind(played, a.seat) in STRATEGIC - {"expert"}
                and isinstance(a.action, Build | LiftMortgage) and " stays, above " in a.reason):
            stays, above = re.findall(r"\$([\d,]+) stays, above the \$([\d,]+)", a.reason)[0]
            assert int(stays.replace(",", "")) >= int(above.replace(",", ""))


# -- set positions ------------------------------------------------------------------------------


def _step_until(g: Game, agents: list[Agent], kind: type[Event]) -> Event:
    while (done := bot_step(g, agents)) is not None:
        for e in done[1]:
            if isinstance(e, kind):
                return e
    raise AssertionError(f"no {kind.__name__}")


def test_a_purchase_that_completes_a_group_says_so() -> None:
    g = setup(dice=[(1, 2)], owners={sq("Mediterranean Avenue"): 0})  # Ann lands on Baltic
    e = _step_until(g, [StrategicBot(), StrategicBot()], Purchased)
    assert isinstance(e, Purchased) and e.player == 0
    assert re.fullmatch(r"worth \$[\d,]+ to me: it completes my brown group; \$[\d,]+ stays, "
                        r"above the \$50 I always keep", e.reason)


def test_a_purchase_that_blocks_a_rival_names_the_rival_for_each_viewer() -> None:
    """Bob holds Mediterranean Avenue: Baltic Avenue keeps his brown group from him, which
    is what Ann's reason says, and each viewer reads it in their own person."""
    g = setup(dice=[(1, 2)], owners={sq("Mediterranean Avenue"): 1})
    e = _step_until(g, [StrategicBot(), StrategicBot()], Purchased)
    assert isinstance(e, Purchased) and e.player == 0
    assert f"it blocks {seat_ref(1, possessive=True)} brown group" in e.reason
    (to_bob,) = sentences(g, [e], 1)
    (to_ann,) = sentences(g, [e], 0)
    (to_all,) = sentences(g, [e], None)
    assert to_bob.startswith("Ann bought Baltic Avenue") and "it blocks your brown group" in to_bob
    assert to_ann.startswith("You bought") and "it blocks Bob's brown group" in to_ann
    assert "it blocks Bob's brown group" in to_all


def test_a_swap_says_what_it_does_for_both_sides() -> None:
    """Ann lacks one orange street that Bob has, Bob one brown street that Ann has, and Cid
    is the rest of the table: her offer says it completes both groups and that Bob should
    take it, and his acceptance says the same from his side."""
    owners = {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1,
              sq("Mediterranean Avenue"): 1, sq("Baltic Avenue"): 0}
    g = setup(("Ann", "Bob", "Cid"), dice=[(4, 6)], owners=owners)
    agents: list[Agent] = [StrategicBot(), StrategicBot(), StrategicBot()]
    offered = _step_until(g, agents, TradeOffered)
    assert isinstance(offered, TradeOffered) and offered.offer.proposer == 0
    assert offered.reason == ("it completes my orange group and {p1's} brown group; by my "
                              "count {p1} should take it")
    (to_bob,) = sentences(g, [offered], 1)
    assert to_bob.endswith("it completes my orange group and your brown group; by my count "
                           "you should take it")
    done = bot_step(g, agents)
    assert done is not None
    (accepted,) = [e for e in done[1] if isinstance(e, TradeAccepted)]
    assert accepted.reason == ("it completes my brown group and {p0's} orange group, good for "
                               "us both against the others")
    (to_ann,) = sentences(g, [accepted], 0)
    assert to_ann.endswith("and your orange group, good for us both against the others")


def test_a_bid_for_a_group_it_completes_says_why_and_not_how_far_it_goes() -> None:
    """An auction for Baltic Avenue, which completes Bob's brown group: Bob's bid says why,
    and not the limit it keeps within (the others would bid a dollar more), which his pass
    tells once he is out."""
    g = setup(dice=[(1, 2)], owners={sq("Mediterranean Avenue"): 1}, cash=[1500, 1500])
    g.apply(Roll(0))
    g.apply(Decline(0))  # Ann lets the Bank auction it
    bob = StrategicBot()
    action = bob.act(g, 1)
    assert isinstance(action, Bid)
    assert bob.explain(g, 1, action) == "it completes my brown group"
    assert bob._limit is not None
    limit = bob._limit[1]  # (the limit it set, as its own pass tells it)
    g.apply(action)
    g.apply(Bid(0, limit + 1))  # Ann outbids it
    assert bob.act(g, 1) == Pass(1)
    assert bob.explain(g, 1, Pass(1)) == (
        f"${limit + 2:,} is past my limit of ${limit:,}, what it is worth to me")


# -- who asks ---------------------------------------------------------------------------------


class Unasked:
    """A bot that must never be asked for a reason."""

    def __init__(self, bot: Agent) -> None:
        self.bot = bot
        self.name = bot.name

    def act(self, game: Game, player: int) -> Action:
        return self.bot.act(game, player)

    def explain(self, game: Game, player: int, action: Action) -> str:
        raise AssertionError("play() asked for a reason")


@pytest.mark.parametrize("checked", [True, False])
@pytest.mark.parametrize("observed", [True, False])
def test_play_never_asks_for_reasons(checked: bool, observed: bool) -> None:
    """`play` (every simulation, tournament and benchmark plays through it) asks no bot why,
    by either of its loops; its events carry no reasons but the refusals' own."""
    g = Game.new(["A", "B", "C"], Rules.classic(), seed=11, max_rounds=30)
    agents = [Unasked(make_agent(spec, i)) for i, spec in
              enumerate(["strategic", "expert:rollouts=1,horizon=1", "basic"])]
    events: list[Event] = []
    play(g, agents, checked=checked,
         observe=(lambda action, evs: events.extend(evs)) if observed else None)
    assert g.over and len(g.history) > 100
    assert all(not e.reason for e in events
               if isinstance(e, CHOICE_EVENTS) and not isinstance(e, TradeRejected))


def test_reasons_change_no_decision() -> None:
    """A game played through `bot_step`, which asks for reasons, is the game `play` plays."""
    for table in ("profiles", "expert"):
        specs = split_specs(TABLES[table])
        quiet = Game.new(list(NAMES[:len(specs)]), Rules.classic(), seed=21, max_rounds=30)
        play(quiet, [make_agent(s, i) for i, s in enumerate(specs)])
        told = Game.new(list(NAMES[:len(specs)]), Rules.classic(), seed=21, max_rounds=30)
        asked: list[Asked] = []
        agents = [Recorded(make_agent(s, i), asked) for i, s in enumerate(specs)]
        while bot_step(told, agents) is not None:
            pass
        assert any(a.reason for a in asked)
        assert told.history == quiet.history


def test_the_basic_bot_explains_its_rules_of_thumb() -> None:
    g = setup(dice=[(1, 2)])
    bot = BasicBot()
    g.apply(Roll(0))
    action = bot.act(g, 0)
    assert action == Buy(0)
    assert bot.explain(g, 0, action) == "that leaves $1,440, above the $150 reserve"
