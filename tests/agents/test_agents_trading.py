"""The strategic bot as a trader: the deals it proposes, the offers it accepts, counters and
refuses (with a reason), judged by one valuation whoever makes the offer."""

from __future__ import annotations

from passgo.agents import BasicBot, StrategicBot, play, trading
from passgo.agents.base import REASON_LIMIT, one_line, refuse_unworkable
from passgo.agents.strategic import valuers
from passgo.agents.valuation import Position
from passgo.core import (
    AcceptTrade,
    Action,
    Bundle,
    CounterTrade,
    Game,
    Immunity,
    Loan,
    ProposeTrade,
    RejectTrade,
    RentShare,
    Roll,
    Rules,
    TradeOffer,
)
from support import setup, sq

ORANGE = [sq("St. James Place"), sq("Tennessee Avenue"), sq("New York Avenue")]
RED = [sq("Kentucky Avenue"), sq("Indiana Avenue"), sq("Illinois Avenue")]
READING = sq("Reading Railroad")
VERMONT = sq("Vermont Avenue")


def test_buys_a_group_split_between_two_owners_in_two_steps() -> None:
    """Ann holds one orange street, Bob and Cy one each: she buys one of them for cash
    first, as a step towards the group, and then offers the other owner a deal for the last
    street (here her Baltic Avenue, which completes Cy's brown group, and cash)."""
    owners = {ORANGE[0]: 0, ORANGE[1]: 1, ORANGE[2]: 2,
              sq("Baltic Avenue"): 0, sq("Mediterranean Avenue"): 2}
    g = setup(("Ann", "Bob", "Cy"), owners=owners, cash=[1500, 1500, 1500], dice=[(4, 6)])
    g.apply(Roll(0))
    ann = StrategicBot()
    first = ann.act(g, 0)
    assert isinstance(first, ProposeTrade)
    step1 = first.offer
    assert step1.responder in (1, 2)
    assert step1.get.properties == (ORANGE[step1.responder],)
    assert step1.give.properties == () and step1.give.cash > 0
    g.apply(first)
    answer = StrategicBot().act(g, step1.responder)  # a fair price: the owner sells
    assert answer == AcceptTrade(step1.responder)
    g.apply(answer)
    second = ann.act(g, 0)
    assert isinstance(second, ProposeTrade)
    step2 = second.offer
    last = 3 - step1.responder
    assert step2.responder == last and step2.get.properties == (ORANGE[last],)
    g.apply(second)
    g.apply(StrategicBot().act(g, last))
    assert all(g.owner_of(s) == 0 for s in ORANGE)


def test_refuses_to_complete_the_leaders_group_for_too_little_and_says_why() -> None:
    """Ann, well ahead (red built up, two railroads), offers Bob $150 for New York Avenue,
    the street that completes her orange group: Bob refuses, in plain words."""
    owners = {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1, **{s: 0 for s in RED},
              READING: 0, sq("Short Line"): 0, sq("Baltic Avenue"): 1, VERMONT: 2}
    g = setup(("Ann", "Bob", "Cy"), owners=owners, levels={s: 3 for s in RED},
              cash=[400, 900, 900])
    g.apply(ProposeTrade(0, TradeOffer(0, 1, Bundle((), 150), Bundle((ORANGE[2],)))))
    answer = StrategicBot().act(g, 1)
    assert isinstance(answer, RejectTrade)
    assert "it would complete Ann's orange group, and $150 does not pay for that" in (
        answer.reason)
    assert "Ann is leading" in answer.reason
    g.apply(answer)  # a legal one-line reason


def test_accepts_a_fair_cash_for_deed_offer() -> None:
    """$150 for a lone Vermont Avenue (printed price $100), which completes nothing: taken;
    $100 is not enough for what the street still earns."""
    for cash, expected in ((150, True), (100, False)):
        g = setup(("Ann", "Bob", "Cy"), owners={VERMONT: 1, sq("Short Line"): 0})
        g.apply(ProposeTrade(0, TradeOffer(0, 1, Bundle((), cash), Bundle((VERMONT,)))))
        answer = StrategicBot().act(g, 1)
        assert (answer == AcceptTrade(1)) is expected, answer


def test_counters_a_low_offer() -> None:
    """Ann, who has Short Line, offers $20 for Reading Railroad (her second railroad doubles
    both rents): Bob counters with the railroad at his price, and the counter-offer is a
    legal answer the proposer may accept or refuse."""
    g = setup(("Ann", "Bob", "Cy"), owners={READING: 1, sq("Short Line"): 0})
    g.apply(ProposeTrade(0, TradeOffer(0, 1, Bundle((), 20), Bundle((READING,)))))
    answer = StrategicBot().act(g, 1)
    assert isinstance(answer, CounterTrade)
    assert answer.offer.give.properties == (READING,) and answer.offer.get.cash > 100
    g.apply(answer)
    assert g.pending.kind == "trade_reply" and g.pending.player == 0
    reply = StrategicBot().act(g, 0)
    assert isinstance(reply, (AcceptTrade, RejectTrade))  # no counter to a counter
    g.apply(reply)


def test_judges_offers_by_what_they_do_for_each_side() -> None:
    """Bob asks Ann for Park Place (his dark blue group) against Baltic Avenue (her brown):
    refused, since dark blue is worth more; with Boardwalk and cash for her Mediterranean
    Avenue (completing her brown) it is a good deal for her."""
    owners = {sq("Park Place"): 0, sq("Boardwalk"): 1, sq("Mediterranean Avenue"): 0,
              sq("Baltic Avenue"): 1}
    g = setup(owners=owners)
    bot = StrategicBot()
    lopsided = TradeOffer(1, 0, Bundle((sq("Baltic Avenue"),)), Bundle((sq("Park Place"),)))
    g.apply(ProposeTrade(1, lopsided))
    answer = bot.act(g, 0)
    assert isinstance(answer, RejectTrade)
    assert answer.reason == "Bob's dark blue group would be worth more than my brown group"
    g.apply(answer)
    good = TradeOffer(1, 0, Bundle((sq("Boardwalk"),), cash=100),
                      Bundle((sq("Mediterranean Avenue"),)))
    g.apply(ProposeTrade(1, good))
    assert bot.act(g, 0) == AcceptTrade(0)


def test_a_swap_of_groups_between_two_of_four_players_is_good_for_both() -> None:
    """With four players, Ann and Bob each completing a group by a swap both gain against
    the other two: each judges it positive, and the leader's gains weigh most."""
    owners = {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1, RED[0]: 1, RED[1]: 1, RED[2]: 0}
    g = setup(("Ann", "Bob", "Cy", "Dee"), owners=owners)
    market = trading.Market(valuers(g.rules)[1], Position.of(g))
    deal = market.deal([(0, 1, (RED[2],)), (1, 0, (ORANGE[2],))])
    ann, bob = market.gains(deal, (0.0, 0.0))
    assert ann > 0 and bob > 0
    assert abs(sum(market.weights[0]) - 1) < 1e-9


def test_refusal_reasons_are_short_single_lines() -> None:
    assert one_line("a  b\n c " + "x" * 300) == "a b c"
    assert len(one_line("word " * 100)) <= REASON_LIMIT == 200
    assert refuse_unworkable(1, "Bob  cannot\npay") == RejectTrade(
        1, "it cannot be done now: Bob cannot pay")


# -- terms of trades (004 Flexible negotiations) -----------------------------------------------


TERMS = Rules(immunity=True, player_loans=True, profit_sharing=True)


def _answer(bot: object, offer: TradeOffer, **position: object) -> object:
    g = setup(rules=TERMS, **position)  # type: ignore[arg-type]
    g.apply(ProposeTrade(offer.proposer, offer))
    return bot.act(g, offer.responder)  # type: ignore[attr-defined]


def test_bots_refuse_terms_that_give_much_for_little() -> None:
    """Immunity, profit sharing, loans: "The details of the immunity are up to the players
    involved in the trade." A bot never gives a whole built-up group's rent away for $5, nor
    lends all it has interest-free to a player with nothing to repay it with."""
    dark_blue = {sq("Park Place"): 1, sq("Boardwalk"): 1}
    built = {sq("Park Place"): 3, sq("Boardwalk"): 3}
    cheap = [TradeOffer(0, 1, Bundle(cash=5),
                        Bundle(terms=(kind((sq("Park Place"), sq("Boardwalk")), 100, 20),)))
             for kind in (Immunity, RentShare)]
    for bot in (StrategicBot(), BasicBot()):
        for offer in cheap:
            answer = _answer(bot, offer, owners=dark_blue, levels=built, pos=[32, 0])
            assert isinstance(answer, RejectTrade | CounterTrade)
        broke = TradeOffer(0, 1, Bundle(), Bundle(terms=(Loan(1500, 0, 20),)))
        answer = _answer(bot, broke, cash=[0, 1500])
        assert isinstance(answer, RejectTrade | CounterTrade)


def test_the_strategic_bot_takes_terms_that_pay() -> None:
    """A good price for a small term is taken: $50 for immunity on Mediterranean Avenue (rent
    $2) for three landings, and a loan of $200 at 50 % to a player whose deeds cover it."""
    med = sq("Mediterranean Avenue")
    offer = TradeOffer(0, 1, Bundle(cash=50), Bundle(terms=(Immunity((med,), 100, 3),)))
    assert isinstance(_answer(StrategicBot(), offer, owners={med: 1}), AcceptTrade)
    loan = TradeOffer(0, 1, Bundle(), Bundle(terms=(Loan(200, 50, 5),)))
    assert isinstance(_answer(StrategicBot(), loan, owners={sq("Boardwalk"): 0}), AcceptTrade)


def test_never_offers_deeds_for_less_cash_than_mortgaging_them_would_raise() -> None:
    """"Unimproved properties can be mortgaged through the Bank at any time ... The mortgage
    value is printed on each Title Deed card": a deed sold for cash alone is worth at least
    that much to its owner, who could mortgage it and keep it. Over whole games of four
    strategic bots no offer or counter-offer sells deeds for less."""
    for seed in range(8):
        g = Game.new(["Ann", "Bob", "Cy", "Dee"], Rules.classic(), seed=seed, max_rounds=300)
        cheap: list[tuple[int, TradeOffer]] = []

        def seen(action: Action, events: object, g: Game = g,
                 cheap: list[tuple[int, TradeOffer]] = cheap) -> None:
            if isinstance(action, (ProposeTrade, CounterTrade)):
                sold, paid = action.offer.give, action.offer.get
                if sold.properties and not sold.cash and not (
                        paid.properties or paid.cards or paid.terms):
                    floor = sum(g.board.squares[s].mortgage for s in sold.properties
                                if not g.is_mortgaged(s))
                    if paid.cash < floor:
                        cheap.append((g.turn_number, action.offer))

        play(g, [StrategicBot() for _ in range(4)], observe=seen)
        assert cheap == [], seed


def test_refuses_cash_below_the_mortgage_value_of_its_deeds() -> None:
    """The same floor for offers made to the bot: cash alone below the mortgage value of the
    deeds asked for falls short of it by the loan (a mortgaged deed has no floor), and is
    never accepted."""
    g = setup(("Ann", "Bob", "Cy"), owners={VERMONT: 1, READING: 1, sq("Short Line"): 0},
              mortgaged=[READING])
    pos = Position.of(g)
    trade = valuers(g.rules)[1]
    assert trading.short_of_floor(pos, trade, Bundle((VERMONT,)), Bundle((), 49), 0) == 50
    assert trading.short_of_floor(pos, trade, Bundle((VERMONT,)), Bundle((), 50), 0) == 0
    assert trading.short_of_floor(pos, trade, Bundle((READING,)), Bundle((), 1), 0) == 0
    assert trading.short_of_floor(pos, trade, Bundle((VERMONT,)), Bundle((READING,), 10),
                                  0) == 0
    g.apply(ProposeTrade(0, TradeOffer(0, 1, Bundle((), 45), Bundle((VERMONT,)))))
    answer = StrategicBot().act(g, 1)
    assert answer != AcceptTrade(1)
    if isinstance(answer, CounterTrade):
        assert answer.offer.get.cash >= 50
