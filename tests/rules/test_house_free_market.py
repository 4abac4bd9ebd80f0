"""House rule Free market (004): rent named by the owner, a switch to another street of the
group, building on partial sets and the evening-out of a group a street joins.

Rule text: "Free market" in /work/shared/rules/004_109ac7f621e3664c.txt; each test quotes the
sentence it checks. Squares: 0 GO, 6 Oriental Avenue, 8 Vermont Avenue, 9 Connecticut Avenue
(the light blues: houses $50; one house: $30, $30, $40; two: $90).
"""

from __future__ import annotations

import pytest

from passgo.core import DataError, Game, Rules
from passgo.core.actions import AskRent, Build, Buy, PayAsked, Roll, SwitchRent
from passgo.core.decisions import AskRentDecision, ChooseRentDecision
from support import assert_illegal, money_total, setup

ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
MARKET = Rules.classic().with_options(free_market=True)
THREE = ("Ann", "Bob", "Cat")


def reload(g: Game) -> Game:
    """Save and load (the history is replayed and must reach the same state)."""
    return Game.from_json(g.to_json())


def test_building_on_a_partial_set_at_the_normal_price() -> None:
    """"Players may build houses on any property they own, even if they do not have a complete
    set." Ann owns Oriental Avenue alone: its house costs the printed $50."""
    g = setup(rules=MARKET, owners={ORIENTAL: 0, VERMONT: 1})
    g.apply(Build(0, ORIENTAL))
    assert g.level[ORIENTAL] == 1 and g.cash[0] == 1450
    assert_illegal(g, Build(0, VERMONT))  # Bob's street


def test_two_streets_of_a_three_street_group_are_improved_evenly() -> None:
    """"When a player owns two properties in a three-property group, he or she must improve
    those two properties evenly." Oriental has a house: the next goes on Vermont."""
    g = setup(rules=MARKET, owners={ORIENTAL: 0, VERMONT: 0}, levels={ORIENTAL: 1})
    assert_illegal(g, Build(0, ORIENTAL))
    g.apply(Build(0, VERMONT))
    assert g.level[VERMONT] == 1


def test_the_owner_asks_up_to_the_normal_rent() -> None:
    """"they can either pay what the owner asks, up to a maximum of the normal amount
    required": Bob asks $20 of the $30 rent of Oriental with a house; $31 is refused. With no
    other improved street in the group, Ann pays the $20 at once."""
    g = setup(THREE, rules=MARKET, dice=[(2, 4)], owners={ORIENTAL: 1}, levels={ORIENTAL: 1})
    g.apply(Roll(0))
    assert g.pending == AskRentDecision(1, ORIENTAL, 0, 30, False)
    assert_illegal(g, AskRent(1, 31))
    assert_illegal(g, AskRent(0, 20))  # not the owner
    total = money_total(g)
    g.apply(AskRent(1, 20))
    assert (g.cash[0], g.cash[1]) == (1480, 1520) and money_total(g) == total
    assert g.pending.kind == "end_turn"


def test_an_unimproved_street_pays_its_usual_rent() -> None:
    """"If a player lands on a property, which has been improved": an unimproved Oriental
    charges its printed $6 with no asking."""
    g = setup(rules=MARKET, dice=[(2, 4)], owners={ORIENTAL: 1})
    g.apply(Roll(0))
    assert g.cash[0] == 1494 and g.pending.kind == "end_turn"


def test_switching_moves_the_token_and_the_new_owner_asks() -> None:
    """"or they may instead pay rent to any other owner of one the other properties in the
    group, paying whatever rent that owner requests" and "If the player chooses to pay a
    different owner ... then the player also moves his or her token to that property." Bob
    asks $90 on Oriental (two houses); Ann switches to Cat's Vermont (one house), where Cat
    asks at most its $30 and Ann must pay it (no second switch). Connecticut, the Bank's, is
    no choice: "nor may he or she switch to a property owned by the bank"."""
    g = setup(THREE, rules=MARKET, dice=[(2, 4)], owners={ORIENTAL: 1, VERMONT: 2},
              levels={ORIENTAL: 2, VERMONT: 1})
    g.apply(Roll(0))
    g.apply(AskRent(1, 90))
    assert g.pending == ChooseRentDecision(0, ORIENTAL, 1, 90, (VERMONT,))
    assert_illegal(g, SwitchRent(0, CONNECTICUT))
    g.apply(SwitchRent(0, VERMONT))
    assert g.pos[0] == VERMONT
    assert g.pending == AskRentDecision(2, VERMONT, 0, 30, True)
    g.apply(AskRent(2, 30))
    assert (g.cash[0], g.cash[1], g.cash[2]) == (1470, 1500, 1530)
    assert g.pending.kind == "end_turn"
    again = reload(g)
    assert again.to_json() == g.to_json() and again.pos[0] == VERMONT


def test_switching_to_ones_own_street_costs_nothing() -> None:
    """"If the player chooses to pay a different owner, including his or her property in the
    group, then the player also moves his or her token to that property.": Ann moves to her
    own improved Vermont and pays nobody."""
    g = setup(rules=MARKET, dice=[(2, 4)], owners={ORIENTAL: 1, VERMONT: 0},
              levels={ORIENTAL: 1, VERMONT: 1})
    g.apply(Roll(0))
    g.apply(AskRent(1, 30))
    g.apply(SwitchRent(0, VERMONT))
    assert g.pos[0] == VERMONT and g.cash[0] == 1500 and g.pending.kind == "end_turn"


def test_paying_the_ask_keeps_the_token() -> None:
    """"they can either pay what the owner asks": Ann pays Bob's $15 and stays on Oriental."""
    g = setup(THREE, rules=MARKET, dice=[(2, 4)], owners={ORIENTAL: 1, VERMONT: 2},
              levels={ORIENTAL: 1, VERMONT: 1})
    g.apply(Roll(0))
    g.apply(AskRent(1, 15))
    g.apply(PayAsked(0))
    assert g.pos[0] == ORIENTAL and (g.cash[0], g.cash[1]) == (1485, 1515)


def test_no_switch_to_an_unimproved_street() -> None:
    """"A player may not switch to a different property in the group if the property is not
    improved": Cat's Vermont has no house, so Bob's ask is paid at once."""
    g = setup(THREE, rules=MARKET, dice=[(2, 4)], owners={ORIENTAL: 1, VERMONT: 2},
              levels={ORIENTAL: 1})
    g.apply(Roll(0))
    g.apply(AskRent(1, 30))
    assert g.cash[0] == 1470 and g.pending.kind == "end_turn"


def test_no_switch_from_a_group_owned_whole() -> None:
    """"If a player owns all of the properties in a group, he or she can charge the maximum
    rent allowed, and the player landing on his or her properties may not switch to a
    different property in the same group.\""""
    g = setup(rules=MARKET, dice=[(2, 4)], owners={ORIENTAL: 1, VERMONT: 1, CONNECTICUT: 1},
              levels={ORIENTAL: 1, VERMONT: 1, CONNECTICUT: 1})
    g.apply(Roll(0))
    assert g.legal_actions(1)[0] == AskRent(1, 30)
    g.apply(AskRent(1, 30))
    assert g.cash[0] == 1470 and g.pending.kind == "end_turn"
    assert_illegal(g, SwitchRent(0, VERMONT))


def test_acquiring_the_group_evens_out_the_houses() -> None:
    """"If a player acquires all the properties in a group, he or she must rectify the number of
    houses on each property so that the number of houses meet the even building rule." Ann
    has three houses on Oriental and on Vermont and buys Connecticut ($120): two houses of each
    go back to the Bank at half price ($100), leaving 1-1-0."""
    g = setup(rules=MARKET, dice=[(4, 5)], owners={ORIENTAL: 0, VERMONT: 0},
              levels={ORIENTAL: 3, VERMONT: 3})
    houses = g.bank_houses
    total = money_total(g)
    g.apply(Roll(0))
    g.apply(Buy(0))
    assert [g.level[s] for s in (ORIENTAL, VERMONT, CONNECTICUT)] == [1, 1, 0]
    assert g.cash[0] == 1500 - 120 + 100 and g.bank_houses == houses + 4
    assert money_total(g) == total
    assert reload(g).to_json() == g.to_json()


def test_free_market_refuses_the_other_building_rules() -> None:
    """Free market builds partial sets at the normal price and evens them out: it cannot be
    played with Non-monopoly building (double price) or Uneven buildings."""
    for other in ("non_monopoly_building", "uneven_building"):
        with pytest.raises(DataError, match="free_market"):
            Rules.classic().with_options(free_market=True, **{other: True})
