"""House rules that change movement: dice choice and dice control, travelling railroads, start
at corners, first to go, doubling up and optional card draws.

Rule text: the "Rules variants" of /work/shared/rules/004_109ac7f621e3664c.txt (each test
quotes the sentence it checks); the classic text 000 is the default these options change.

Squares: 0 GO, 3 Baltic Avenue, 5 Reading Railroad, 7 Chance, 9 Connecticut Avenue, 10 Jail /
Just Visiting, 15 Pennsylvania Railroad, 20 Free Parking, 24 Illinois Avenue, 25 B. & O.
Railroad, 30 Go To Jail, 35 Short Line.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from passgo.agents import BasicBot, RandomBot
from passgo.core import Game, Rules
from passgo.core.actions import (
    Action,
    AllowTravel,
    Buy,
    DrawCard,
    EndTurn,
    ForbidTravel,
    NoDraw,
    NoTravel,
    Roll,
    Travel,
)
from passgo.core.board import DECK_CHANCE
from passgo.core.events import (
    CardDrawn,
    CardNotDrawn,
    DiceThrown,
    DoubledUp,
    Jailed,
    LeftJail,
    Moved,
    NotForSale,
    Payment,
    StartedOn,
    TravelForbidden,
    Travelled,
)
from passgo.core.house_rules import throw_dice
from passgo.core.state import BANK
from support import assert_illegal, kinds, money_total, only, setup

CHOICE = Rules(dice="choice")
CONTROL = Rules(dice="control")
TRAVEL = Rules(travelling_railroads="on")
FORBID = Rules(travelling_railroads="owner_may_forbid")


def salaries(events: list[Any]) -> list[int]:
    """The salaries of every kind (on passing GO, on landing on it) the Bank paid."""
    return [e.amount for e in only(Payment, events) if e.payer is None and "salary" in e.reason]


def reload(g: Game) -> Game:
    """Save and load (the history is replayed and must reach the same state)."""
    return Game.from_json(g.to_json())


# -- dice choice -------------------------------------------------------------------------------


def test_dice_choice_lists_every_pair_of_dice() -> None:
    """"A player must roll two dice on his turn, but may select any two dice from a set of four
    sided, six sided, eight sided, and ten sided dice." (004 Dice choice): the ten pairs, the
    usual two six-sided dice first."""
    g = setup(rules=CHOICE)
    rolls = g.legal_actions(0)
    assert rolls[0] == Roll(0)
    assert [a.text() for a in rolls] == [
        "roll", "roll d4,d4", "roll d4,d6", "roll d4,d8", "roll d4,d10", "roll d6,d8",
        "roll d6,d10", "roll d8,d8", "roll d8,d10", "roll d10,d10"]
    for a in rolls:
        assert Action.parse(a.text(), 0) == a


def test_dice_choice_moves_by_the_chosen_dice() -> None:
    """"may select any two dice": a d8 and a d10 showing 7 and 9 move the token 16 squares."""
    g = setup(rules=CHOICE, dice=[(7, 9)])
    events = g.apply(Roll(0, (8, 10)))
    assert kinds(events)[:2] == ["dice", "move"]
    assert events[0] == DiceThrown(0, (7, 9), False) and g.pos[0] == 16
    assert g.pending.kind == "buy"  # St. James Place
    g = reload(g)
    assert g.history[-1].text() == "roll d8,d10" and g.pos[0] == 16


def test_dice_choice_faces_come_from_the_chosen_dice() -> None:
    """"four sided, six sided, eight sided, and ten sided dice": each die shows 1 to its sides,
    every face turning up."""
    g = setup(rules=CHOICE)
    for sides in ((4, 10), (8, 8), (4, 6)):
        seen: set[tuple[int, int]] = set()
        for _ in range(2000):
            seen.add(throw_dice(g, sides))
        assert seen == {(a, b) for a in range(1, sides[0] + 1) for b in range(1, sides[1] + 1)}


def test_dice_choice_doubles_are_equal_faces() -> None:
    """Doubles with chosen dice are two equal faces (a d4 and a d8 both showing 3): the player
    throws again, as "If you throw doubles, you move your token as usual ... and then throw
    again" (000)."""
    g = setup(rules=CHOICE, dice=[(3, 3)])
    g.apply(Roll(0, (4, 8)))
    assert g.pos[0] == 6 and g.doubles == 1
    g.apply(Buy(0))
    assert g.pending.kind == "roll" and g.pending.player == 0


def test_dice_choice_in_jail() -> None:
    """"A player must roll two dice on his turn, but may select any two": in jail too, where
    two d4 showing 2 and 2 are doubles and free the player."""
    g = setup(rules=CHOICE, jailed={0: 0}, dice=[(2, 2)])
    assert Roll(0, (4, 4)) in g.legal_actions(0)
    events = g.apply(Roll(0, (4, 4)))
    assert LeftJail(0, "doubles") in events and not g.jailed[0] and g.pos[0] == 14


def test_dice_choice_illegal_dice() -> None:
    """Only two of d4, d6, d8, d10 may be chosen; the classic rules throw two d6 only."""
    g = setup(rules=CHOICE)
    for dice in ((6, 12), (6,), (4, 6, 8), (3, 3)):
        assert_illegal(g, Roll(0, dice))
    assert_illegal(g, Roll(1, (8, 10)))  # not Bob's throw
    classic = setup()
    assert_illegal(classic, Roll(0, (8, 10)))
    assert_illegal(classic, Roll(0, (6,)))


# -- dice control ------------------------------------------------------------------------------


def test_dice_control_one_die() -> None:
    """"A player may choose to roll only one die on his or her turn rather than two." (004 Dice
    control)."""
    g = setup(rules=CONTROL, dice=[(5, 2)])
    assert g.legal_actions(0) == [Roll(0), Roll(0, (6,))]
    assert Roll(0, (6,)).text() == "roll d6"
    events = g.apply(Roll(0, (6,)))
    assert events[0] == DiceThrown(0, (5,), False)  # one die: the scripted throw's first number
    assert g.pos[0] == 5 and g.pending.kind == "buy"


def test_dice_control_a_one_sends_to_jail() -> None:
    """"If a player rolls a one, he or she must go directly to jail.\""""
    g = setup(rules=CONTROL, dice=[(1, 4)])
    events = g.apply(Roll(0, (6,)))
    assert kinds(events) == ["dice", "jail"]
    assert events == [DiceThrown(0, (1,), False), Jailed(0, 10, "one_die")]
    assert g.pos[0] == 10 and g.jailed[0] and g.pending.kind == "end_turn"
    assert g.cash == [1500, 1500]


def test_dice_control_one_die_is_never_doubles() -> None:
    """One die cannot show doubles: after doubles (2+2), a one-die throw of 2 ends the
    throwing."""
    g = setup(rules=CONTROL, dice=[(2, 2), (2, 2)], pos=[2, 0])
    g.apply(Roll(0))
    g.apply(Buy(0))  # Oriental Avenue
    assert g.pending.kind == "roll" and g.doubles == 1
    events = g.apply(Roll(0, (6,)))
    assert events[0] == DiceThrown(0, (2,), False)
    assert g.pos[0] == 8 and g.pending.kind == "buy"  # Vermont Avenue
    g.apply(Buy(0))
    assert g.pending.kind == "end_turn"


def test_dice_control_illegal_dice() -> None:
    """One six-sided die or the two dice, nothing else; in jail the throw is a try for doubles,
    which needs two dice."""
    g = setup(rules=CONTROL)
    for dice in ((4,), (8, 10), (6, 6, 6)):
        assert_illegal(g, Roll(0, dice))
    jailed = setup(rules=CONTROL, jailed={0: 0})
    assert_illegal(jailed, Roll(0, (6,)))
    assert Roll(0, (6,)) not in jailed.legal_actions(0)


# -- travelling railroads ----------------------------------------------------------------------


def test_travel_after_paying_rent() -> None:
    """"Whenever a player lands on a railroad, the player may choose to move his or her token to
    any other railroad owned by the same player." and "The player must pay rent even if he or
    she does not travel." (004 Travelling railroads): rent first, then the choice; the move ends
    on the destination, with no rent there."""
    g = setup(rules=TRAVEL, dice=[(2, 3)], owners={5: 1, 15: 1, 25: 1})
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "payment"]
    assert events[2] == Payment(0, 1, 100, "rent")  # three railroads
    assert g.pending.kind == "travel" and g.pending.player == 0
    assert g.legal_actions(0) == [Travel(0, 15), Travel(0, 25), NoTravel(0)]
    events = g.apply(Travel(0, 25))
    assert events == [Travelled(0, 5, 25)]
    assert g.pos[0] == 25 and g.pending.kind == "end_turn"
    assert g.cash == [1400, 1600]


def test_travel_across_go_pays_no_salary() -> None:
    """"Travel is across the board, so a player does not get $ 200 for passing Go when he or
    she travels across railroads.\""""
    g = setup(rules=TRAVEL, dice=[(1, 2)], pos=[32, 0], owners={35: 1, 5: 1})
    g.apply(Roll(0))
    total = money_total(g)
    events = g.apply(Travel(0, 5))
    assert g.pos[0] == 5 and salaries(events) == []
    assert g.cash == [1450, 1550] and money_total(g) == total


def test_travel_on_own_railroads_for_free() -> None:
    """"A player may travel on his or her own railroads, for free of course.\""""
    g = setup(rules=TRAVEL, dice=[(2, 3)], owners={5: 0, 35: 0})
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move"]
    assert g.legal_actions(0)[:2] == [Travel(0, 35), NoTravel(0)]
    g.apply(Travel(0, 35))
    assert g.pos[0] == 35 and g.cash == [1500, 1500]


def test_no_travel_on_unowned_railroads() -> None:
    """"A player may not travel on unowned railroads.": an owner with one railroad offers no
    travel, and an unowned railroad is only for sale."""
    g = setup(rules=TRAVEL, dice=[(2, 3)], owners={5: 1})
    g.apply(Roll(0))
    assert g.pending.kind == "end_turn" and g.cash == [1475, 1525]
    g = setup(rules=TRAVEL, dice=[(2, 3)], owners={15: 1, 25: 1})
    g.apply(Roll(0))
    assert g.pending.kind == "buy"
    g.apply(Buy(0))
    assert g.pending.kind == "end_turn"


def test_travel_from_and_to_mortgaged_railroads() -> None:
    """"A player may travel to or from a mortgages railroad.": no rent on a mortgaged one."""
    g = setup(rules=TRAVEL, dice=[(2, 3)], owners={5: 1, 15: 1}, mortgaged=[5])
    g.apply(Roll(0))
    assert g.cash == [1500, 1500] and g.pending.kind == "travel"
    g.apply(Travel(0, 15))
    assert g.pos[0] == 15
    g = setup(rules=TRAVEL, dice=[(2, 3)], owners={5: 1, 15: 1}, mortgaged=[15])
    g.apply(Roll(0))
    assert g.cash == [1450, 1550]
    g.apply(Travel(0, 15))
    assert g.pos[0] == 15 and g.cash == [1450, 1550]


def test_stay_on_the_railroad() -> None:
    """"the player may choose to move": staying is the other choice."""
    g = setup(rules=TRAVEL, dice=[(2, 3)], owners={5: 1, 15: 1})
    g.apply(Roll(0))
    assert kinds(g.apply(NoTravel(0))) == []
    assert g.pos[0] == 5 and g.pending.kind == "end_turn"


def test_travel_after_doubles_throws_again() -> None:
    """Travelling ends the move, not the turn: after doubles the player throws again, from the
    destination."""
    g = setup(rules=TRAVEL, dice=[(1, 1), (2, 3)], pos=[3, 0], owners={5: 1, 15: 1})
    g.apply(Roll(0))
    g.apply(Travel(0, 15))
    assert g.pending.kind == "roll" and g.pending.player == 0
    g.apply(Roll(0))
    assert g.pos[0] == 20


def test_travel_by_a_card_to_a_railroad() -> None:
    """"Whenever a player lands on a railroad": a card's move lands too (the nearest-Railroad
    card's double rent is paid first)."""
    g = setup(rules=TRAVEL, dice=[(3, 4)], owners={15: 1, 25: 1}, chance=["nearest-railroad"])
    g.apply(Roll(0))
    assert g.pos[0] == 15 and g.cash == [1400, 1600]
    assert g.legal_actions(0)[:2] == [Travel(0, 25), NoTravel(0)]


def test_travel_illegal_actions() -> None:
    """Only another railroad of the same owner, only by the lander, only when asked."""
    g = setup(rules=TRAVEL, dice=[(2, 3)], owners={5: 1, 15: 1, 25: 2}, players=("Ann", "Bob",
                                                                                   "Cy"))
    assert_illegal(g, Travel(0, 15))  # nothing to travel from yet
    assert_illegal(g, NoTravel(0))
    g.apply(Roll(0))
    for dest in (5, 25, 35, 3):  # the same railroad, another owner's, unowned, a street
        assert_illegal(g, Travel(0, dest))
    assert_illegal(g, Travel(1, 15))
    assert_illegal(g, NoTravel(1))
    assert_illegal(g, AllowTravel(1))  # no owner decision in the "on" variant
    assert_illegal(g, ForbidTravel(1))
    g = reload(g)  # a pending travel survives saving
    g.apply(Travel(0, 15))
    assert g.pos[0] == 15


def test_owner_may_forbid_by_refusing_the_rent() -> None:
    """"The owner may disallow a player from travelling on his or her railroads if the owner
    refuses to take the rent from the player landing on it." and "The owner must decide to
    disallow travel before the player is required to specify his or her destination.\""""
    g = setup(rules=FORBID, dice=[(2, 3)], owners={5: 1, 15: 1})
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move"]
    assert g.pending.kind == "allow_travel" and g.pending.player == 1
    assert g.legal_actions(1)[:2] == [AllowTravel(1), ForbidTravel(1)]
    assert_illegal(g, AllowTravel(0))
    assert_illegal(g, Travel(0, 15))
    events = g.apply(ForbidTravel(1))
    assert events == [TravelForbidden(1, 0, 5)]
    assert g.cash == [1500, 1500] and g.pos[0] == 5
    assert g.pending.kind == "end_turn" and g.pending.player == 0


def test_owner_allows_by_taking_the_rent() -> None:
    """Taking the rent allows the travel: the lander pays, then chooses."""
    g = setup(rules=FORBID, dice=[(2, 3)], owners={5: 1, 15: 1})
    g.apply(Roll(0))
    events = g.apply(AllowTravel(1))
    assert events == [Payment(0, 1, 50, "rent")] and g.cash == [1450, 1550]
    assert g.pending.kind == "travel" and g.pending.player == 0
    g = reload(g)
    g.apply(Travel(0, 15))
    assert g.pos[0] == 15


def test_owner_must_allow_travel_from_a_mortgaged_railroad() -> None:
    """"The owner must allow travel from a mortgaged railroad.", and a player's own railroads
    ask no owner."""
    g = setup(rules=FORBID, dice=[(2, 3)], owners={5: 1, 15: 1}, mortgaged=[5])
    g.apply(Roll(0))
    assert g.pending.kind == "travel" and g.pending.player == 0
    g = setup(rules=FORBID, dice=[(2, 3)], owners={5: 0, 15: 0})
    g.apply(Roll(0))
    assert g.pending.kind == "travel" and g.pending.player == 0


# -- start at corners --------------------------------------------------------------------------


def test_start_at_corners_spread_evenly() -> None:
    """"Players put their tokens at the four corners of the board rather than Go as their
    starting positions. ... Players should be spread evenly to all the corners" (004 Start at
    corners)."""
    rules = Rules(start_at_corners=True)
    for n, expected in ((4, [0, 10, 20, 30]), (2, [0, 20]), (3, [0, 10, 20]),
                        (8, [0, 0, 10, 10, 20, 20, 30, 30]), (5, [0, 0, 10, 20, 30])):
        g = Game.new([f"P{i}" for i in range(n)], rules, seed=3)
        assert sorted(g.pos) == expected
        assert not any(g.jailed)
        assert [(e.player, e.square) for e in only(StartedOn, g.events)] == list(enumerate(g.pos))


def test_start_at_corners_assigned_at_random() -> None:
    """"which player starts at which corner should be determined randomly": by the game's
    PRNG, so a seed replays it."""
    rules = Rules(start_at_corners=True)
    names = ["Ann", "Bob", "Cy", "Di"]
    seen = {tuple(Game.new(names, rules, seed=s, order="given").pos) for s in range(30)}
    assert len(seen) > 5
    assert Game.new(names, rules, seed=7).pos == Game.new(names, rules, seed=7).pos


def test_start_on_go_to_jail_corner_is_not_jail() -> None:
    """"The player on 'Go to Jail' does not." (go to jail): that player throws from square 30
    as from any other square."""
    rules = Rules(start_at_corners=True)
    for seed in range(40):
        g = Game.new(["Ann", "Bob", "Cy", "Di"], rules, seed, order="given", dice=[(3, 4)])
        if g.pos[0] == 30:
            break
    assert g.pos[0] == 30
    assert g.pending.kind == "roll" and not g.jailed[0]
    events = g.apply(Roll(0))
    assert g.pos[0] == 37 and salaries(events) == []


# -- first to go -------------------------------------------------------------------------------


def test_first_to_go_nothing_for_sale_before_anyone_passes_go() -> None:
    """"Players may not purchase properties until one player has passed Go." (004 First to go):
    no purchase and no auction."""
    g = setup(rules=Rules(first_to_go=True), dice=[(1, 2)])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "no_sale"]
    assert events[2] == NotForSale(0, 3)
    assert g.pending.kind == "end_turn" and g.owner[3] == BANK


def test_first_to_go_anyone_passing_go_opens_the_sales() -> None:
    """"until one player has passed Go": once Bob passes GO, he (on that very move) and every
    other player may buy."""
    g = setup(rules=Rules(first_to_go=True), dice=[(1, 2), (2, 3), (2, 4)], pos=[0, 36])
    g.apply(Roll(0))
    g.apply(EndTurn(0))
    assert not g.go_passed
    events = g.apply(Roll(1))
    assert salaries(events) == [200] and g.go_passed
    assert g.pending.kind == "buy" and g.pending.player == 1
    g.apply(Buy(1))
    g.apply(EndTurn(1))
    g.apply(Roll(0))
    assert g.pos[0] == 9 and g.pending.kind == "buy" and g.pending.player == 0


def test_first_to_go_is_part_of_the_position() -> None:
    """Whether anyone has passed GO is state: saved, and exported and imported by positions."""
    rules = Rules(first_to_go=True)
    g = setup(rules=rules, dice=[(2, 3)], pos=[38, 0])
    g.apply(Roll(0))
    g.apply(Buy(0))  # Baltic Avenue, after passing GO
    g.apply(EndTurn(0))
    assert g.go_passed
    pos = g.position()
    assert pos["go_passed"] is True
    again = Game.from_position(pos)
    assert again.go_passed and again.position() == pos
    assert reload(g).go_passed


# -- doubling up -------------------------------------------------------------------------------


def test_doubling_up_sends_the_token_back_to_go() -> None:
    """"Only one token may be on a square at a time, except on Go and Jail. When a player's
    token lands on a space already occupied by another player, the player moves his or her token
    backwards to Go and his or her turn is over. No money is collected for moving backwards to
    Go." (004 Doubling up): nothing happens on the occupied square either."""
    g = setup(rules=Rules(doubling_up=True), dice=[(4, 5)], pos=[0, 9])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "doubled_up", "move"]
    assert events[2:] == [DoubledUp(0, 9), Moved(0, 9, 0, -9, False, "doubled_up")]
    assert g.pos == [0, 9] and g.cash == [1500, 1500]
    assert g.pending.kind == "end_turn"


def test_doubling_up_ends_the_turn_after_doubles() -> None:
    """"his or her turn is over": no throw again after doubles."""
    g = setup(rules=Rules(doubling_up=True), dice=[(4, 4)], pos=[0, 8])
    g.apply(Roll(0))
    assert g.pos[0] == 0 and g.pending.kind == "end_turn"


def test_doubling_up_not_on_go_or_jail() -> None:
    """"except on Go and Jail": Just Visiting and GO hold several tokens."""
    g = setup(rules=Rules(doubling_up=True), dice=[(4, 6)], pos=[0, 10])
    g.apply(Roll(0))
    assert g.pos == [10, 10] and g.pending.kind == "end_turn"
    g = setup(rules=Rules(doubling_up=True), dice=[(3, 4)], pos=[33, 0])
    events = g.apply(Roll(0))
    assert g.pos == [0, 0] and salaries(events) == [200]


def test_doubling_up_after_a_card_move() -> None:
    """"lands on a space already occupied": a card's move lands too."""
    g = setup(rules=Rules(doubling_up=True), dice=[(3, 4)], pos=[0, 24],
              chance=["advance-to-illinois"])
    events = g.apply(Roll(0))
    assert DoubledUp(0, 24) in events and g.pos == [0, 24]
    assert g.owner[24] == BANK and g.pending.kind == "end_turn"


# -- optional card draw ------------------------------------------------------------------------


def test_optional_draw_may_leave_the_card() -> None:
    """"When a player lands on Chance or Community Chest, drawing a card is optional." (004
    Optional draw)."""
    g = setup(rules=Rules(optional_card_draw=True), dice=[(3, 4)], chance=["go-to-jail"])
    deck = list(g.decks[DECK_CHANCE])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move"]
    assert g.pending.kind == "draw_card" and g.legal_actions(0)[:2] == [DrawCard(0), NoDraw(0)]
    assert_illegal(g, DrawCard(1))
    g = reload(g)
    assert g.apply(NoDraw(0)) == [CardNotDrawn(0, "chance")]
    assert g.decks[DECK_CHANCE] == deck and not g.jailed[0] and g.pending.kind == "end_turn"


def test_optional_draw_may_draw() -> None:
    """Drawing is the other choice, and the card is obeyed as usual."""
    g = setup(rules=Rules(optional_card_draw=True), dice=[(3, 4)],
              chance=["advance-to-go"])
    g.apply(Roll(0))
    events = g.apply(DrawCard(0))
    assert isinstance(events[0], CardDrawn) and events[0].card == "advance-to-go"
    assert g.pos[0] == 0 and salaries(events) == [200]
    assert_illegal(g, DrawCard(0))
    assert_illegal(g, NoDraw(0))


# -- bots under every house rule of this file and the two others --------------------------------

HOUSE_OPTIONS: list[dict[str, Any]] = [
    {"dice": "choice"}, {"dice": "control"}, {"travelling_railroads": "on"},
    {"travelling_railroads": "owner_may_forbid"}, {"start_at_corners": True},
    {"first_to_go": True}, {"doubling_up": True}, {"optional_card_draw": True},
    {"snake_eyes_bonus": 500, "box_cars_bonus": 500}, {"go_landing_salary": 400},
    {"free_parking_jackpot": True, "free_parking_seed": 500},
    {"free_parking_jackpot": True, "free_parking_seed": 50, "free_parking_refill": 50,
     "free_parking_sources": "luxury_tax"},
    {"bank_loans": True}, {"double_prices": True, "finders_fee_percent": 10},
    {"maximum_punishment": True}, {"jail_lawyer": 100}, {"tax_man": True},
    {"jail_card_after_third_throw": True},
    {"dice": "choice", "travelling_railroads": "owner_may_forbid", "doubling_up": True,
     "optional_card_draw": True, "first_to_go": True, "free_parking_jackpot": True,
     "free_parking_seed": 500, "bank_loans": True, "double_prices": True,
     "finders_fee_percent": 10, "maximum_punishment": True, "jail_lawyer": 100,
     "tax_man": True, "jail_card_after_third_throw": True, "go_landing_salary": 686,
     "snake_eyes_bonus": 500, "box_cars_bonus": 500, "start_at_corners": True},
]


@pytest.mark.parametrize("options", HOUSE_OPTIONS, ids=lambda o: "+".join(o)[:60])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bots_play_every_house_rule(options: dict[str, Any], seed: int) -> None:
    """Every new decision has legal actions that the basic and random bots answer (checked
    moves only), the money is conserved after every action ("the Bank ... pays salaries and
    bonuses" and collects the rest: `sum(cash) + bank_flow`, the Free Parking pot counted with
    the Bank), cash never goes negative, and a save replays to the same state."""
    rules = Rules().with_options(**options)
    g = Game.new(["Ann", "Bob", "Cy", "Di"], rules, seed, max_rounds=40)
    bots = [BasicBot(), RandomBot(seed, 0.2), BasicBot(), RandomBot(seed + 9, 0.3)]
    total = money_total(g)
    rng = random.Random(seed)
    for step in range(4000):
        if g.over:
            break
        p = g.pending.player
        assert g.legal_actions(p), g.pending.kind
        g.apply(bots[p].act(g, p))
        assert money_total(g) == total and min(g.cash) >= 0 and g.pot >= 0
        if step % 500 == 0 and rng.random() < 0.5:
            g = reload(g)
    assert g.over
    reload(g)


def test_narration_of_the_new_events_actions_and_decisions() -> None:
    """Front-ends speak through `passgo.narrate`: every event, action and decision of these
    house rules has its own sentence (not the raw kind)."""
    from passgo.core.actions import (
        HireLawyer,
        NoLawyer,
        RepayLoan,
        TakeLoan,
    )
    from passgo.core.events import (
        Event,
        JackpotTaken,
        JailCardUsed,
        LawyerHired,
        LoanRepaid,
        LoansPassed,
        LoanTaken,
        PotPaid,
        PotRefilled,
        RentWaived,
        TaxManMoved,
    )
    from passgo.core.frames import DecisionFrame, DrawFrame, RailFrame
    from passgo.narrate import Voice, describe, describe_action, explain, question

    g = setup(("Ann", "Bob", "Cy"), rules=Rules(jail_lawyer=100, bank_loans=True))
    events: list[Event] = [
        StartedOn(0, 20), Jailed(0, 10, "one_die"),
        Travelled(0, 5, 15), TravelForbidden(1, 0, 5),
        DoubledUp(0, 9), NotForSale(0, 3),
        CardNotDrawn(0, "chance"), PotPaid(0, 75, "luxury tax"),
        JackpotTaken(0, 575), PotRefilled(50),
        LoanTaken(0, 500), LoanRepaid(0, 500),
        LoansPassed(0, 1, 1), LoansPassed(0, 1, None),
        RentWaived(0, 1, 3, "owner_jailed"), LawyerHired(0, 100, 10),
        JailCardUsed(0, "chance"), TaxManMoved((3, 4), 7),
        DiceThrown(0, (4,), False),
    ]
    for e in events:
        text = describe(Voice(g, None), e)
        assert text and not text.startswith(e.kind), (e.kind, text)

    actions = [Roll(0, (8, 10)), Roll(0, (6,)), Travel(0, 15), NoTravel(0), AllowTravel(1),
               ForbidTravel(1), DrawCard(0), NoDraw(0), HireLawyer(0), NoLawyer(0), TakeLoan(0),
               RepayLoan(0)]
    for a in actions:
        assert describe_action(g, a) != a.text(), a
    for frame in (RailFrame("travel", 0, 5), RailFrame("allow_travel", 1, 5, 0, 50),
                  DrawFrame("draw_card", 0, 0), DecisionFrame("lawyer", 0),
                  DecisionFrame("jail_exit", 0)):
        g.frames.append(frame)
        fallback = f"{g.names[frame.player]}: {frame.kind.replace('_', ' ')}"
        assert question(g) != fallback
        assert explain(g) != question(g)
        g.frames.pop()


def test_travel_from_a_foreclosable_railroad() -> None:
    """Travelling railroads with foreclosure (004): landing on another player's mortgaged
    railroad, the foreclosure offer ("the owner may immediately unmortgage the property ... If
    the owner does not do this, the player may purchase it") is decided first, then the travel
    ("A player may travel to or from a mortgages railroad")."""
    from passgo.core.actions import Refuse

    rules = Rules(travelling_railroads="on", foreclosure=True)
    g = setup(rules=rules, dice=[(2, 3)], owners={5: 1, 15: 1}, mortgaged=[5])
    g.apply(Roll(0))
    assert g.pending.kind == "foreclosure_owner" and g.pending.player == 1
    g.apply(Refuse(1))
    assert g.pending.kind == "foreclosure_buy" and g.pending.player == 0
    g.apply(Refuse(0))
    assert g.pending.kind == "travel" and g.legal_actions(0)[:2] == [Travel(0, 15), NoTravel(0)]
    g.apply(Travel(0, 15))
    assert g.pos[0] == 15 and g.cash == [1500, 1500]
