"""Trading out of a stuck game (issue 36: games won within 500 rounds against opponents who
trade only for a group of their own): the bot's plans through a third player, the floor of a
group-completing deed as what it is worth to a buyer who pays for it, and searches that do
not keep pricing deals it cannot offer."""

from __future__ import annotations

import pytest

from passgo.agents import BasicBot, StrategicBot, play, trading
from passgo.agents.manners import give_away
from passgo.agents.play import step_limit
from passgo.agents.strategic import valuers
from passgo.agents.strategic.negotiation import STUCK_ROUNDS
from passgo.agents.valuation import Position
from passgo.core import AcceptTrade, Bundle, Game, ProposeTrade, RejectTrade, Roll, TradeOffer
from support import load_benchmark, setup, sq

PACIFIC, NORTH_CAROLINA, PENNSYLVANIA = (sq("Pacific Avenue"), sq("North Carolina Avenue"),
                                         sq("Pennsylvania Avenue"))
ST_CHARLES, STATES, VIRGINIA = sq("St. Charles Place"), sq("States Avenue"), sq("Virginia Avenue")
PARK_PLACE, BOARDWALK = sq("Park Place"), sq("Boardwalk")
NAMES = ("Ann", "Bob", "Cy", "Dee")
# Ann (the bot) lacks North Carolina Avenue of the greens; Bob holds it and lacks St. Charles
# Place and States Avenue of the pinks, which Cy holds; Cy lacks Boardwalk, which Ann holds.
# The other deeds are spread so that nobody else can complete a group in one trade.
OWNERS = {PACIFIC: 0, PENNSYLVANIA: 0, BOARDWALK: 0, NORTH_CAROLINA: 1, VIRGINIA: 1,
          ST_CHARLES: 2, STATES: 2, PARK_PLACE: 2, **{sq(name): seat for name, seat in {
              "Mediterranean Avenue": 3, "Baltic Avenue": 1, "Oriental Avenue": 3,
              "Vermont Avenue": 1, "Connecticut Avenue": 2, "St. James Place": 3,
              "Tennessee Avenue": 1, "New York Avenue": 2, "Kentucky Avenue": 3,
              "Indiana Avenue": 1, "Illinois Avenue": 2, "Atlantic Avenue": 3,
              "Ventnor Avenue": 1, "Marvin Gardens": 2, "Reading Railroad": 3,
              "Pennsylvania Railroad": 3, "B. & O. Railroad": 3, "Short Line": 3,
              "Electric Company": 3, "Water Works": 3}.items()}}
STEP1 = ((BOARDWALK,), (ST_CHARLES, STATES))  # Ann's deeds given and received, each step
STEP2 = ((ST_CHARLES, STATES), (NORTH_CAROLINA,))  # ... as planned


def position(turns: int = 40, cash: int = 1500) -> Game:
    """The position above at `turns` turns played, Ann to throw 1 and 2."""
    return setup(NAMES, owners=OWNERS, cash=[1500, 1500, cash, 1500], dice=[(1, 2)],
                 turns=turns)


def offers_of_a_turn(bot: StrategicBot, g: Game, accept: tuple[tuple[int, ...], ...] = ()
                     ) -> list[TradeOffer]:
    """The offers `bot` (Ann) makes in her turn of `g` until she ends it, each refused except
    one of deeds `accept` (given, received), which is accepted."""
    g.apply(Roll(0))
    offers = []
    while isinstance(action := bot.act(g, 0), ProposeTrade):
        offer = action.offer
        offers.append(offer)
        g.apply(action)
        taken = (offer.give.properties, offer.get.properties) == accept
        g.apply(AcceptTrade(offer.responder) if taken else RejectTrade(offer.responder))
    g.apply(action)
    return offers


def deeds(offers: list[TradeOffer]) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    return [(o.responder, o.give.properties, o.get.properties) for o in offers]


def test_a_plan_through_a_third_player_is_found() -> None:
    """The rules let deeds change hands only between two players at a time; a group held by
    a player who wants a group that a third player blocks is reached in two trades: Ann gives
    Cy Boardwalk for the pinks, then gives Bob the pinks for North Carolina Avenue."""
    pos = Position.of(position())
    plans = trading.brokered_plans(pos, 0)
    assert (2, (BOARDWALK,), (ST_CHARLES, STATES), 1, (NORTH_CAROLINA,)) in plans
    for first, give1, part1, second, part2 in plans:  # each step completes a group
        assert first != second and 0 not in (first, second)
        assert give1 in trading.completing_groups(pos, first, 0)
        assert part1 in trading.completing_groups(pos, second, first)
        assert part2 in trading.completing_groups(pos, 0, second)


def test_the_first_step_goes_at_even_printed_prices_and_keeps_the_manners() -> None:
    """Boardwalk ($400) for St. Charles Place and States Avenue ($140 each): Ann asks the
    $120 between them, no give-away by the printed prices (the whole is a swap in which each
    side completes a group); asking less would be below Boardwalk's printed price."""
    g = position()
    market = trading.Market(valuers(g.rules)[1], Position.of(g))
    found = trading.plan_in_two(market, 0, 2, STEP1[1], 1, STEP2[1], 0.3, 300, STEP1[0])
    assert found is not None and found.then == (1, STEP2[1])
    offer = found.offer
    assert (offer.responder, offer.give, offer.get) == (2, Bundle(STEP1[0]),
                                                         Bundle(STEP1[1], 120))
    assert give_away(g, offer) < 0
    assert not trading.impolite(market, offer, brokered=True)
    cheaper = TradeOffer(0, 2, offer.give, Bundle(STEP1[1], 115))
    assert trading.impolite(market, cheaper, brokered=True)


def test_the_plan_is_made_only_in_a_stuck_game_and_followed_to_its_end() -> None:
    """Early on, Ann only bids for North Carolina Avenue and Park Place; once no deed has
    changed hands for `STUCK_ROUNDS` rounds she proposes the first step, and once Cy takes
    it, a second to Bob in her next turn that completes a group for each of them (the pinks
    for North Carolina Avenue, or, better for her now that she holds two pinks, the greens
    for Virginia Avenue)."""
    bot = StrategicBot()
    early = deeds(offers_of_a_turn(bot, position(40)))
    assert (2, *STEP1) not in early and early
    assert all(not give for _, give, _ in early)
    stuck = 40 + 4 * (STUCK_ROUNDS + 5)
    g = position(stuck)
    assert (2, *STEP1) in deeds(offers_of_a_turn(bot, g, accept=STEP1))
    assert g.owner_of(ST_CHARLES) == 0 and g.owner_of(BOARDWALK) == 2
    others = BasicBot()
    while g.pending.player != 0:  # the others play their turns, trading nothing
        g.apply(others.act(g, g.pending.player))
    second = offers_of_a_turn(bot, g)[0]
    assert second.responder == 1
    owner = list(Position.of(g).owner)
    for sq_ in second.give.properties:
        owner[sq_] = 1
    for sq_ in second.get.properties:
        owner[sq_] = 0
    pos = Position.of(g)
    assert trading.completed(pos, 0, owner) and trading.completed(pos, 1, owner)


def test_a_group_is_worth_to_its_buyer_what_leaves_it_even_after_paying() -> None:
    """The floor of Boardwalk sold to Cy (who has Park Place) is what Cy could pay and be no
    worse off, the price paid out of the cash that builds on it: at the floor Cy's position is
    worth about what it was (within a cash step), and never less than the printed price."""
    g = position(cash=5000)
    pos = Position.of(g)
    valuer = valuers(g.rules)[1]
    floor = trading.group_floor(pos, valuer, (BOARDWALK,), 2)
    assert floor >= g.deed_price(BOARDWALK)
    owner = list(pos.owner)
    owner[BOARDWALK] = 2
    before = valuer.value(pos, 2)
    assert valuer.value(pos, 2, owner, cash=5000 - floor + trading.CASH_STEP) >= before
    assert valuer.value(pos, 2, owner, cash=5000 - floor - 2 * trading.CASH_STEP) < before


def test_a_buyer_who_would_pay_all_it_has_and_gain_is_offered_nothing_it_can_afford() -> None:
    """A group worth more to Cy than all Cy's cash has a floor above that cash."""
    g = position(cash=800)
    floor = trading.group_floor(Position.of(g), valuers(g.rules)[1], (BOARDWALK,), 2)
    assert floor > 800


@pytest.mark.parametrize("seed", [54, 118])
def test_games_against_three_buy_everything_bots_that_once_stuck_are_won(seed: int) -> None:
    """Two seeds of the benchmark table a:buy-everything (three bots that buy all they can and
    take only a trade that completes a group of theirs) that ran to the round cap before the
    bot traded through third players and priced sales to buyers it had not asked: won
    within 500 rounds now."""
    load_benchmark("outside_bots")  # outside_style imports it by name
    outside = load_benchmark("outside_style")
    agents, _ = outside.seat_agents("a:buy-everything", "strategic", seed, seed)
    g = Game.new(list(NAMES), seed=seed, max_rounds=500)
    play(g, agents, max_steps=step_limit(4, 500))
    assert g.over and g.winner is not None and g.round_number <= 500


def even_position(ann: tuple[str, ...]) -> Position:
    """Ann holds Pacific Avenue and Boardwalk and the deeds `ann`; Bob holds the other two
    greens and Park Place: Boardwalk completes Bob's dark blues, the greens Ann's."""
    owners = {PACIFIC: 0, BOARDWALK: 0, NORTH_CAROLINA: 1, PENNSYLVANIA: 1, PARK_PLACE: 1,
              **{sq(name): 0 for name in ann}}
    return Position.of(setup(("Ann", "Bob"), owners=owners))


def test_a_swap_of_one_deed_for_two_is_padded_with_the_deed_that_matters_least() -> None:
    """Players who trade a group for a group often want deed for deed: Boardwalk for the two
    greens goes with Mediterranean Avenue ($60, a lone street), not Reading Railroad ($200),
    nor Oriental Avenue or Vermont Avenue (two of a group Ann is building towards)."""
    pos = even_position(("Mediterranean Avenue", "Reading Railroad", "Oriental Avenue",
                         "Vermont Avenue"))
    greens = (NORTH_CAROLINA, PENNSYLVANIA)
    assert trading.padded(pos, 0, 1, (BOARDWALK,), greens) == (
        sq("Mediterranean Avenue"), BOARDWALK)
    padded_swap = (1, (sq("Mediterranean Avenue"), BOARDWALK), greens)
    assert padded_swap in trading.candidate_deals(pos, 0, even=True)
    assert padded_swap not in trading.candidate_deals(pos, 0)  # only in a stuck game
    assert (1, (BOARDWALK,), greens) in trading.candidate_deals(pos, 0, even=True)


def test_no_padding_without_a_deed_to_spare() -> None:
    """Ann's only other deeds are two of the light blues: nothing to pad the swap with."""
    pos = even_position(("Oriental Avenue", "Vermont Avenue"))
    assert trading.padded(pos, 0, 1, (BOARDWALK,), (NORTH_CAROLINA, PENNSYLVANIA)) == ()


@pytest.mark.parametrize("seed", [13, 29])
def test_games_against_three_swappers_that_once_stuck_are_won(seed: int) -> None:
    """Two seeds of the benchmark table a:swapper (three bots that swap only deed for deed,
    each side completing a group) that ran to the round cap while the bot's swap asked for
    two deeds against one: won within 500 rounds now that it offers the swap deed for deed."""
    load_benchmark("outside_bots")
    outside = load_benchmark("outside_style")
    agents, _ = outside.seat_agents("a:swapper", "strategic", seed, seed)
    g = Game.new(list(NAMES), seed=seed, max_rounds=500)
    play(g, agents, max_steps=step_limit(4, 500))
    assert g.over and g.winner is not None and g.round_number <= 500
