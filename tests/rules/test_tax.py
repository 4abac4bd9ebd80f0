"""Income Tax, Luxury Tax and Free Parking.

Rule texts: /work/shared/rules/000_d2ac98164c967637.txt (classic, the default; its Short Game
makes Income Tax a flat $200), the FAQ of 004_109ac7f621e3664c.txt, reference/board.json and
rules_differences.md (Luxury Tax $75 on the classic board).

Income Tax (4) is reached from GO with 1+3; Luxury Tax (38) from 35 with 1+2; Free Parking
(20) from 15 with 2+3.
"""

from __future__ import annotations

import pytest

from passgo.core import Rules
from passgo.core.actions import Buy, ChooseTax, EndTurn, Roll
from passgo.core.events import SALARY, Debt, Moved, Payment
from passgo.narrate import describe_action, explain, question
from support import assert_illegal, kinds, money_total, setup


def test_income_tax_asks_for_a_choice() -> None:
    """"If you land here you have two options: You may estimate your tax at $200 and pay the
    Bank, or you may pay 10% of your total worth to the Bank." (000)."""
    g = setup(dice=[(1, 3)])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move"]
    assert g.pos[0] == 4
    assert g.pending.kind == "tax" and g.pending.player == 0
    assert g.legal_actions(0) == [ChooseTax(0, False), ChooseTax(0, True)]
    assert g.cash == [1500, 1500]


def test_income_tax_flat_200() -> None:
    """"You may estimate your tax at $200 and pay the Bank" (000)."""
    g = setup(dice=[(1, 3)])
    g.apply(Roll(0))
    events = g.apply(ChooseTax(0, False))
    assert events == [Payment(0, None, 200, "income tax")]
    assert g.cash == [1300, 1500] and g.bank_flow == 200
    assert g.pending.kind == "end_turn"


def test_income_tax_ten_percent_of_cash_only() -> None:
    """"or you may pay 10% of your total worth to the Bank" (000): with $1,500 and nothing
    else, $150."""
    g = setup(dice=[(1, 3)])
    g.apply(Roll(0))
    events = g.apply(ChooseTax(0, True))
    assert events == [Payment(0, None, 150, "income tax (10%)")]
    assert g.cash == [1350, 1500]


def test_income_tax_ten_percent_of_total_worth() -> None:
    """"Your total worth is all your cash on hand, printed prices of mortgaged and unmortgaged
    properties and cost price of all buildings you own." (000): cash $1,000; Park Place and
    Boardwalk with hotels ($350 + $400 + 2 x 5 x $200); Reading Railroad mortgaged ($200);
    the browns with 2 houses each ($60 + $60 + 4 x $50); Bob's deeds do not count.
    Worth $4,270, tax $427."""
    g = setup(
        dice=[(1, 3)],
        cash=[1000, 1500],
        owners={37: 0, 39: 0, 5: 0, 1: 0, 3: 0, 15: 1, 11: 1, 13: 1, 14: 1},
        levels={37: 5, 39: 5, 1: 2, 3: 2, 11: 1, 13: 1, 14: 1},
        mortgaged=[5],
    )
    assert g.worth(0) == 4270
    g.apply(Roll(0))
    events = g.apply(ChooseTax(0, True))
    assert events == [Payment(0, None, 427, "income tax (10%)")]
    assert g.cash == [573, 1500]
    assert money_total(g) == 3000


def test_income_tax_is_chosen_before_the_worth_is_added_up() -> None:
    """"You must decide which option you will take before you add up your total worth." (000):
    neither the question nor the answers shown to the player (terminal and browser alike) sum
    the worth for them ($4,270 here, a 10 % of $427), as the players' table leaves it out."""
    g = setup(
        dice=[(1, 3)],
        cash=[1000, 1500],
        owners={37: 0, 39: 0, 5: 0, 1: 0, 3: 0},
        levels={37: 5, 39: 5, 1: 2, 3: 2},
        mortgaged=[5],
    )
    g.apply(Roll(0))
    assert g.pending.kind == "tax"
    shown = [question(g, 0), question(g, 1), question(g, None), explain(g)]
    shown += [describe_action(g, a) for a in g.legal_actions(0)]
    assert any("10% of" in line for line in shown)
    for line in shown:
        assert "427" not in line and "4,270" not in line, line


def test_income_tax_hotel_counts_five_houses() -> None:
    """"cost price of all buildings you own" (000): a hotel cost its price plus the four
    houses turned in for it — 5 x $50 on the light blues."""
    g = setup(dice=[(1, 3)], cash=[0, 1500], owners={6: 0, 8: 0, 9: 0},
              levels={6: 5, 8: 4, 9: 4})
    # cash 0 + deeds 100 + 100 + 120 + buildings (5 + 4 + 4) x 50 = 970
    g.apply(Roll(0))
    events = g.apply(ChooseTax(0, True))
    assert events[0] == Debt(0, None, 97, "income tax (10%)")
    assert g.pending.kind == "raise_funds"  # no cash: the tax must be raised


def test_income_tax_choice_made_before_adding_up() -> None:
    """"You must decide which option you will take before you add up your total worth." (000):
    the 10 % choice binds even when it costs more than $200."""
    g = setup(dice=[(1, 3)], cash=[3000, 1500])
    g.apply(Roll(0))
    events = g.apply(ChooseTax(0, True))
    assert events[0] == Payment(0, None, 300, "income tax (10%)")
    assert g.cash[0] == 2700


def test_income_tax_percent_counts_salary_just_received() -> None:
    """"Your total worth is all your cash on hand" (000): passing GO on the way pays the $200
    salary first, so it is part of the cash on hand ($1,700 -> $170)."""
    g = setup(dice=[(2, 3)], pos=[39, 0])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "payment"]
    assert events[2] == Payment(None, 0, 200, SALARY)
    events = g.apply(ChooseTax(0, True))
    assert events[0] == Payment(0, None, 170, "income tax (10%)")
    assert g.cash[0] == 1530


def test_income_tax_flat_in_the_short_game() -> None:
    """Short Game: "The penalty for landing on 'Income Tax' is a flat $200." (000)."""
    g = setup(dice=[(1, 3)], rules=Rules(income_tax="flat"))
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "payment"]
    assert events[2] == Payment(0, None, 200, "income tax")
    assert g.cash == [1300, 1500]
    assert g.pending.kind == "end_turn"
    assert_illegal(g, ChooseTax(0, True))


def test_luxury_tax_75() -> None:
    """Luxury Tax: "board tile $75 (pre-Sept-2008 US boards)" (rules_differences.md row 9);
    "The Bank collects all taxes" (000)."""
    g = setup(dice=[(1, 2)], pos=[35, 0])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "payment"]
    assert events[1] == Moved(0, 35, 38, 3, False, "throw")
    assert events[2] == Payment(0, None, 75, "luxury tax")
    assert g.cash == [1425, 1500] and g.bank_flow == 75
    assert g.pending.kind == "end_turn"


def test_luxury_tax_on_doubles_then_throw_again() -> None:
    """"subject to any privileges or penalties pertaining to the space on which you land.
    Retaining the dice, throw again" (000): the tax is paid, then the second throw passes GO."""
    g = setup(dice=[(1, 1), (1, 2)], pos=[36, 0])
    g.apply(Roll(0))
    assert g.cash[0] == 1425 and g.pending.kind == "roll"
    g.apply(Roll(0))
    assert g.pos[0] == 1 and g.cash[0] == 1625
    assert g.pending.kind == "buy"


def test_free_parking_gives_nothing() -> None:
    """"A player landing on this place does not receive any money, property or reward of any
    kind. This is just a free resting place." (000); "Do I get money for landing on Free
    Parking? No." (004 FAQ) — not even the taxes paid before."""
    g = setup(dice=[(1, 3), (2, 3)], pos=[0, 15])
    g.apply(Roll(0))
    g.apply(ChooseTax(0, False))
    g.apply(EndTurn(0))
    events = g.apply(Roll(1))
    assert kinds(events) == ["dice", "move"]
    assert events[1] == Moved(1, 15, 20, 5, False, "throw")

    assert g.cash == [1300, 1500] and g.bank_flow == 200
    assert g.pending.kind == "end_turn" and g.pending.player == 1


def test_illegal_actions_at_income_tax() -> None:
    """"You must decide which option you will take" (000): while the choice is pending the
    player may not throw, buy or end the turn, and the other player may not choose."""
    g = setup(dice=[(1, 3), (1, 1)])
    g.apply(Roll(0))
    assert g.pending.kind == "tax"
    assert_illegal(g, Roll(0))
    assert_illegal(g, EndTurn(0))
    assert_illegal(g, Buy(0))
    assert_illegal(g, ChooseTax(1, False))
    g.apply(ChooseTax(0, False))
    assert_illegal(g, ChooseTax(0, True))


@pytest.mark.parametrize("percent", [False, True])
def test_income_tax_from_a_card(percent: bool) -> None:
    """Chance "Go back 3 spaces" from 7 to Income Tax: "If you land here you have two options"
    (000) — landing by a card is landing."""
    g = setup(dice=[(3, 4)], chance=["go-back-3"])
    g.apply(Roll(0))
    assert g.pending.kind == "tax"
    g.apply(ChooseTax(0, percent))
    assert g.cash[0] == (1350 if percent else 1300)
