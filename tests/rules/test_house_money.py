"""House rules that change money: dice roll bonuses, the salary for landing on GO, the Free
Parking jackpot, Bank loans, double prices with the finder's fee, and the tax man.

Rule text: the "Rules variants" of /work/shared/rules/004_109ac7f621e3664c.txt (each test
quotes the sentence it checks); the classic text 000 is the default these options change.

The ledger: the players' cash plus the Bank's net takings (`bank_flow`) is constant. Money in
the Free Parking pot is on the Bank's side of that ledger: a fine paid into the pot counts as
taken by the Bank, the pot taken by a player as paid by the Bank, and the seed and refills move
money from the Bank's till to the middle of the board without changing `bank_flow`.

Squares: 0 GO, 1 Mediterranean Avenue, 3 Baltic Avenue, 4 Income Tax, 7 Chance, 10 Jail /
Just Visiting, 12 Electric Company, 17 Community Chest, 20 Free Parking, 28 Water Works, 30 Go
To Jail, 38 Luxury Tax, 39 Boardwalk.
"""

from __future__ import annotations

from typing import Any

import pytest

from passgo.core import DataError, Game, Rules
from passgo.core.actions import (
    Bid,
    Buy,
    ChooseTax,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    Mortgage,
    Pass,
    PayJailFine,
    RepayLoan,
    Roll,
    TakeLoan,
)
from passgo.core.events import (
    JackpotTaken,
    LoanRepaid,
    LoansPassed,
    LoanTaken,
    Payment,
    PotPaid,
    PotRefilled,
    Purchased,
    TaxManMoved,
)
from passgo.core.position import PositionError, parse_position, position_to_toml
from passgo.core.rule_catalogue import CATALOGUE
from passgo.core.serialize import state_dict
from support import assert_illegal, kinds, money_total, only, paid_by_players, setup

JACKPOT = Rules(free_parking_jackpot=True)
LOANS = Rules(bank_loans=True)
TAX_MAN = Rules(tax_man=True)


def received(events: list[Any], reason: str) -> list[int]:
    """The amounts the Bank paid to players for this reason."""
    return [e.amount for e in only(Payment, events) if e.payer is None and e.reason == reason]


def reload(g: Game) -> Game:
    return Game.from_json(g.to_json())


def round_trip(g: Game) -> Game:
    """Export the game as a position (TOML) and import it: the identical state."""
    data = g.position()
    again = Game.from_position(parse_position(position_to_toml(data)), seed=g.seed)
    assert again.position() == data
    assert state_dict(g) == state_dict(again)
    return again


# -- dice roll bonuses -------------------------------------------------------------------------


def test_snake_eyes_bonus() -> None:
    """"Rolling double ones ('Snake Eyes') earns a $500 bonus." (004 Dice roll bonuses): paid
    by the Bank before the token moves."""
    g = setup(rules=Rules(snake_eyes_bonus=500), dice=[(1, 1)], pos=[1, 0])
    total = money_total(g)
    events = g.apply(Roll(0))
    assert kinds(events)[:3] == ["dice", "payment", "move"]
    assert events[1] == Payment(None, 0, 500, "snake eyes bonus")
    assert received(events, "snake eyes bonus") == [500]
    assert g.cash == [2000, 1500] and g.pos[0] == 3 and money_total(g) == total


def test_box_cars_bonus() -> None:
    """"Rolling double sixes ('Box Cars') also earns a $500 bonus.\""""
    g = setup(rules=Rules(box_cars_bonus=500), dice=[(6, 6)])
    events = g.apply(Roll(0))
    assert received(events, "box cars bonus") == [500] and g.cash[0] == 2000
    assert g.pos[0] == 12 and g.pending.kind == "buy"


def test_no_bonus_for_other_doubles_or_without_the_rule() -> None:
    """Only double ones and double sixes earn the bonus; the classic rules pay none ("Players
    who pass Go only get the usual $200" is all the Bank pays for moving)."""
    g = setup(rules=Rules(snake_eyes_bonus=500, box_cars_bonus=500), dice=[(2, 2)])
    assert received(g.apply(Roll(0)), "snake eyes bonus") == [] and g.cash[0] == 1500
    g = setup(dice=[(1, 1)], pos=[1, 0])
    g.apply(Roll(0))
    assert g.cash[0] == 1500


def test_snake_eyes_in_jail() -> None:
    """"Rolling double ones ... earns a $500 bonus": a throw in jail too (and it frees)."""
    g = setup(rules=Rules(snake_eyes_bonus=500), jailed={0: 1}, dice=[(1, 1)])
    events = g.apply(Roll(0))
    assert received(events, "snake eyes bonus") == [500] and not g.jailed[0] and g.pos[0] == 12


def test_bonuses_need_two_dice() -> None:
    """Dice control throws one die, which shows no doubles: the combination is refused."""
    with pytest.raises(DataError, match="dice"):
        Rules().with_options(dice="control", box_cars_bonus=500)


# -- salary for landing on GO ------------------------------------------------------------------


@pytest.mark.parametrize("amount", [400, 500, 686])
def test_landing_on_go_pays_the_landing_salary(amount: int) -> None:
    """"A player who lands on Go gets $400 rather than $200." / "Some people pay $500 ... Some
    people pay $686, one bill of each denomination." (004 Double salary)."""
    g = setup(rules=Rules(go_landing_salary=amount), dice=[(3, 4)], pos=[33, 0])
    events = g.apply(Roll(0))
    assert received(events, "salary on GO") == [amount] and g.cash[0] == 1500 + amount


def test_passing_go_pays_the_usual_salary() -> None:
    """"Players who pass Go only get the usual $200.\""""
    g = setup(rules=Rules(go_landing_salary=400), dice=[(2, 3)], pos=[36, 0])
    events = g.apply(Roll(0))
    assert received(events, "salary") == [200] and g.pos[0] == 1


def test_advance_to_go_card_lands_on_go() -> None:
    """"A player who lands on Go": by the "Advance to Go" card too."""
    g = setup(rules=Rules(go_landing_salary=400), dice=[(3, 4)], chance=["advance-to-go"])
    events = g.apply(Roll(0))
    assert received(events, "salary on GO") == [400] and g.cash[0] == 1900


# -- Free Parking jackpot ----------------------------------------------------------------------


def test_jackpot_seed_taken_by_the_first_lander_and_not_replaced() -> None:
    """"$500 is placed in the middle of the board at the start of the game. ... Whenever a
    player lands on Free Parking, he or she gets the money in the middle." and "The $500 is not
    replaced after the jackpot is first taken." (004 Free parking jackpot)."""
    rules = Rules(free_parking_jackpot=True, free_parking_seed=500)
    assert Game.new(["Ann", "Bob"], rules).pot == 500
    assert Game.new(["Ann", "Bob"]).pot == 0
    g = setup(rules=rules, dice=[(4, 6), (4, 6)], pos=[10, 10])
    total = money_total(g)
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "jackpot"] and events[2] == JackpotTaken(0, 500)
    assert g.cash == [2000, 1500] and g.pot == 0 and money_total(g) == total
    g.apply(EndTurn(0))
    events = g.apply(Roll(1))
    assert kinds(events) == ["dice", "move"] and g.cash == [2000, 1500]


def _pot_after(actions: list[Any], rules: Rules = JACKPOT, **kw: Any) -> tuple[Game, list[Any]]:
    g = setup(rules=rules, **kw)
    total = money_total(g)
    events: list[Any] = []
    for a in actions:
        events += g.apply(a)
    assert money_total(g) == total
    return g, events


def test_fines_and_taxes_go_to_the_pot() -> None:
    """"Any time a player must pay a fine or tax the money also is put in the middle of the
    board.": the Luxury Tax, the Income Tax (either way), the jail fine (before throwing or after
    the third throw) and the fees, fines and repairs of the cards."""
    cases: list[tuple[list[Any], dict[str, Any], int]] = [
        ([Roll(0)], {"dice": [(1, 2)], "pos": [35, 0]}, 75),
        ([Roll(0), ChooseTax(0, False)], {"dice": [(1, 3)]}, 200),
        ([Roll(0), ChooseTax(0, True)], {"dice": [(1, 3)]}, 150),
        ([PayJailFine(0)], {"jailed": {0: 0}}, 50),
        ([Roll(0)], {"jailed": {0: 2}, "dice": [(1, 2)]}, 50),
        ([Roll(0)], {"dice": [(3, 4)], "pos": [10, 0], "community_chest": ["doctors-fee"]},
         50),
        ([Roll(0)], {"dice": [(3, 4)], "chance": ["poor-tax"]}, 15),
        ([Roll(0)], {"dice": [(3, 4)], "pos": [10, 0], "community_chest": ["street-repairs"],
                     "owners": {1: 0, 3: 0}, "levels": {1: 1, 3: 2}}, 120),
    ]
    for actions, kw, amount in cases:
        g, events = _pot_after(actions, **kw)
        assert g.pot == amount, kw
        pot = only(PotPaid, events)
        assert [e.amount for e in pot] == [amount] and pot[0].player == 0


def test_rent_and_purchases_do_not_go_to_the_pot() -> None:
    """Only fines and taxes: rent goes to the owner and a purchase to the Bank as usual."""
    g, _ = _pot_after([Roll(0)], dice=[(1, 2)], owners={3: 1})
    assert g.pot == 0 and g.cash == [1496, 1504]
    g, _ = _pot_after([Roll(0), Buy(0)], dice=[(1, 2)])
    assert g.pot == 0 and g.bank_flow == 60


def test_luxury_tax_only() -> None:
    """"Some players only put Luxury Tax money there.\""""
    rules = Rules(free_parking_jackpot=True, free_parking_sources="luxury_tax")
    g, _ = _pot_after([Roll(0), ChooseTax(0, False)], rules, dice=[(1, 3)])
    assert g.pot == 0 and g.bank_flow == 200
    g, _ = _pot_after([Roll(0)], rules, dice=[(1, 2)], pos=[35, 0])
    assert g.pot == 75
    g, _ = _pot_after([PayJailFine(0)], rules, jailed={0: 0})
    assert g.pot == 0


def test_refill_replaced_every_time_the_pot_is_taken() -> None:
    """"Play without the $500 jackpot, or with only $50 which is replaced every time a player
    lands there.\""""
    rules = Rules(free_parking_jackpot=True, free_parking_seed=50, free_parking_refill=50)
    g = setup(rules=rules, dice=[(1, 2), (4, 6)], pos=[35, 10])
    total = money_total(g)
    g.apply(Roll(0))  # Luxury Tax: 75 into the pot
    g.apply(EndTurn(0))
    assert g.pot == 125
    events = g.apply(Roll(1))
    assert events[-2:] == [JackpotTaken(1, 125), PotRefilled(50)]
    assert g.cash[1] == 1625 and g.pot == 50 and money_total(g) == total


def test_refill_alone_lies_in_the_pot_from_the_start() -> None:
    """"Play without the $500 jackpot, or with only $50 which is replaced every time a player
    lands there." (004): the catalogue's refill, with no seed, puts the $50 there at the start
    (and in a position that does not name the pot), so the first lander takes it and it is
    replaced."""
    rules = Rules.from_table(
        {"preset": "classic", **CATALOGUE["free_parking_refill"].options("free_parking_refill")})
    assert rules.free_parking_seed == 0 and rules.free_parking_refill == 50
    assert Game.new(["A", "B"], rules, seed=1).pot == 50
    data = setup(rules=rules).position()
    del data["free_parking_pot"]
    assert Game.from_position(data).pot == 50
    g = setup(rules=rules, dice=[(4, 6)], pos=[10, 0])
    total = money_total(g)
    events = g.apply(Roll(0))  # 10 -> Free Parking
    assert events[-2:] == [JackpotTaken(0, 50), PotRefilled(50)]
    assert g.cash[0] == 1550 and g.pot == 50 and money_total(g) == total


def test_pot_is_saved_shown_and_part_of_positions() -> None:
    """The pot is state: in saves (replayed), in every player's view and in positions."""
    g = setup(rules=Rules(free_parking_jackpot=True, free_parking_seed=500), dice=[(1, 2)],
              pos=[35, 0])
    g.apply(Roll(0))
    g.apply(EndTurn(0))
    assert g.pot == 575
    assert g.view(1)["bank"]["pot"] == 575
    assert reload(g).pot == 575
    again = round_trip(g)
    assert again.pot == 575 and g.position()["free_parking_pot"] == 575


def test_pot_position_key_is_checked() -> None:
    """A position names the pot only under the jackpot rule, and never below zero; without the
    key the pot is the seed, as at the start of a game."""
    data = setup().position()
    with pytest.raises(PositionError, match="free_parking_pot"):
        Game.from_position({**data, "free_parking_pot": 10})
    data = setup(rules=JACKPOT).position()
    with pytest.raises(PositionError, match="free_parking_pot"):
        Game.from_position({**data, "free_parking_pot": -1})
    seeded = setup(rules=Rules(free_parking_jackpot=True, free_parking_seed=500)).position()
    del seeded["free_parking_pot"]
    assert Game.from_position(seeded).pot == 500


# -- Bank loans --------------------------------------------------------------------------------


def test_take_a_loan_at_any_time() -> None:
    """"A player without an outstanding loan may at any time take out a $500 loan from the
    bank." (004 Bank loans): a business action, even out of turn; not a second one."""
    g = setup(rules=LOANS)
    total = money_total(g)
    assert TakeLoan(0) in g.legal_actions(0) and TakeLoan(1) in g.legal_actions(1)
    events = g.apply(TakeLoan(1))
    assert events == [LoanTaken(1, 500)]
    assert g.cash == [1500, 2000] and g.loans == [0, 1] and money_total(g) == total
    assert TakeLoan(1) not in g.legal_actions(1)
    assert_illegal(g, TakeLoan(1))
    assert_illegal(setup(), TakeLoan(0))


def test_passing_go_with_a_loan_pays_100() -> None:
    """"Every time the player passes Go he or she only receives $100, the other $100 remaining
    in the bank as interest.\""""
    g = setup(rules=LOANS, dice=[(2, 3), (4, 6), (3, 4)], pos=[36, 10])
    g.apply(TakeLoan(0))
    events = g.apply(Roll(0))
    assert received(events, "salary less loan interest") == [100]
    assert g.cash[0] == 2100 and g.loans_repayable == [1, 0]


def test_repay_only_after_passing_go() -> None:
    """"The loan may be repaid any time after the player has passed Go and given the bank
    interest at least once."; after repaying, GO pays the whole salary again."""
    g = setup(rules=LOANS, dice=[(2, 3), (4, 6), (1, 2), (4, 6), (3, 4)], pos=[36, 10])
    g.apply(TakeLoan(0))
    assert_illegal(g, RepayLoan(0))
    g.apply(Roll(0))  # passes GO: Mediterranean Avenue
    g.apply(Decline(0))
    g.apply(Pass(1))
    g.apply(Pass(0))
    assert RepayLoan(0) in g.legal_actions(0)
    events = g.apply(RepayLoan(0))
    assert events == [LoanRepaid(0, 500)] and g.loans == [0, 0] and g.cash[0] == 1600
    assert_illegal(g, RepayLoan(0))
    assert_illegal(g, RepayLoan(1))
    assert TakeLoan(0) in g.legal_actions(0)


def test_repaying_needs_the_cash() -> None:
    """Repaying costs the $500 borrowed: $0 + $500 borrowed + $100 salary - $150 school tax
    is not enough."""
    g = setup(rules=LOANS, cash=[0, 1500], dice=[(3, 4)], pos=[35, 0],
              community_chest=["school-tax"])
    g.apply(TakeLoan(0))
    g.apply(Roll(0))
    assert g.cash[0] == 450 and g.loans_repayable[0] == 1
    assert_illegal(g, RepayLoan(0))


def test_a_bankrupting_player_inherits_the_loan() -> None:
    """"If a player bankrupts the debtor, he or she inherits that debt\""""
    g = setup(rules=LOANS, dice=[(1, 2)], cash=[10, 1500], pos=[36, 0], owners={37: 1, 39: 1},
              levels={37: 4, 39: 5})
    g.loans[0] = g.loans_repayable[0] = 1
    g.apply(Roll(0))  # Boardwalk with a hotel: $2,000
    assert g.pending.kind == "raise_funds" and DeclareBankruptcy(0) in g.legal_actions(0)
    events = g.apply(DeclareBankruptcy(0))
    assert only(LoansPassed, events) == [LoansPassed(0, 1, 1)]
    assert g.loans == [0, 1] and g.loans_repayable == [0, 1]


def test_bank_repossession_dissolves_the_loan() -> None:
    """"unless the 'Bank Repossession' rule is used, in which case the bank dissolves the
    debt.\""""
    rules = Rules(bank_loans=True, bank_repossession=True)
    g = setup(rules=rules, dice=[(1, 2)], cash=[10, 1500], pos=[36, 0], owners={37: 1, 39: 1},
              levels={37: 4, 39: 5})
    g.loans[0] = 1
    g.apply(Roll(0))
    events = g.apply(DeclareBankruptcy(0))
    assert only(LoansPassed, events) == [LoansPassed(0, 1, None)] and g.loans == [0, 0]


def test_bankruptcy_to_the_bank_ends_the_loan() -> None:
    """A debtor bankrupt to the Bank owes it everything: the loan ends with the player."""
    g = setup(rules=LOANS, dice=[(1, 2)], cash=[10, 1500], pos=[35, 0])
    g.loans[0] = 1
    g.apply(Roll(0))  # Luxury Tax, $75
    g.apply(DeclareBankruptcy(0))
    assert g.loans == [0, 0]


def test_no_bankruptcy_while_a_loan_may_be_taken() -> None:
    """Bankruptcy comes only when the debt cannot be raised: a loan still open to the debtor
    counts, and taking it pays the debt."""
    g = setup(rules=LOANS, dice=[(1, 2)], cash=[10, 1500], pos=[35, 0])
    total = money_total(g)
    g.apply(Roll(0))
    assert g.pending.kind == "raise_funds"
    assert_illegal(g, DeclareBankruptcy(0))
    events = g.apply(TakeLoan(0))
    assert events == [LoanTaken(0, 500), Payment(0, None, 75, "luxury tax")]
    assert g.cash[0] == 435 and g.pending.kind == "end_turn" and money_total(g) == total


def test_loans_are_saved_and_part_of_positions() -> None:
    """Loans are state: saved (replayed), in views, and in positions (`bank_loans`,
    `bank_loans_repayable` of a player), refused by positions when the rule is off."""
    g = setup(rules=LOANS, dice=[(2, 3)], pos=[36, 0])
    g.apply(TakeLoan(1))
    g.apply(TakeLoan(0))
    g.apply(Roll(0))
    g.apply(Decline(0))
    g.apply(Pass(1))
    g.apply(Pass(0))
    g.apply(EndTurn(0))
    assert reload(g).loans == [1, 1]
    assert [p["loans_repayable"] for p in g.view(0)["players"]] == [1, 0]
    data = g.position()
    assert data["players"][0]["bank_loans"] == 1
    assert data["players"][0]["bank_loans_repayable"] == 1
    again = round_trip(g)
    assert again.loans == [1, 1] and again.loans_repayable == [1, 0]
    classic = setup().position()
    classic["players"][0]["bank_loans"] = 1
    with pytest.raises(PositionError, match="bank_loans"):
        Game.from_position(classic)


# -- double prices and the finder's fee --------------------------------------------------------

DOUBLE = Rules(double_prices=True)
FINDER = Rules(double_prices=True, finders_fee_percent=10)


def test_deeds_cost_twice_the_printed_price() -> None:
    """"All property costs twice the face value. Mortgage values remain the same, as do all
    other values." (004 Double prices)."""
    g = setup(rules=DOUBLE, dice=[(1, 2), (1, 2)])
    events = g.apply(Roll(0))
    events = g.apply(Buy(0))
    assert only(Purchased, events) == [Purchased(0, 3, 120)]
    assert g.cash[0] == 1380
    g.apply(Mortgage(0, 3))
    assert g.cash[0] == 1410  # the printed mortgage value, $30
    g = setup(rules=DOUBLE, dice=[(1, 2)], owners={3: 1})
    g.apply(Roll(0))
    assert g.cash == [1496, 1504]  # the printed rent


def test_cannot_buy_without_the_double_price() -> None:
    """"All property costs twice the face value": with $100, Baltic Avenue ($120) goes to
    auction."""
    g = setup(rules=DOUBLE, dice=[(1, 2)], cash=[100, 1500])
    g.apply(Roll(0))
    assert g.legal_actions(0) == [Decline(0)]
    assert_illegal(g, Buy(0))


def test_finders_fee_when_another_player_buys_at_auction() -> None:
    """"If the player landing on the property does not end up buying it, he or she gets a
    'finder's fee' of %10 of the sale cost.": 10 % of $105, rounded, from the Bank."""
    g = setup(rules=FINDER, dice=[(1, 2)])
    total = money_total(g)
    g.apply(Roll(0))
    g.apply(Decline(0))
    g.apply(Bid(1, 105))
    events = g.apply(Pass(0))
    assert received(events, "finder's fee") == [11]
    assert g.owner[3] == 1 and g.cash == [1511, 1395] and money_total(g) == total
    assert len(g.frames) == 1


def test_no_finders_fee_when_the_lander_buys_or_nobody_does() -> None:
    """"does not end up buying it": winning the auction is buying it; an unsold deed has no
    sale cost."""
    g = setup(rules=FINDER, dice=[(1, 2)])
    g.apply(Roll(0))
    g.apply(Decline(0))
    g.apply(Pass(1))
    events = g.apply(Bid(0, 70))
    assert received(events, "finder's fee") == [] and g.owner[3] == 0 and g.cash[0] == 1430
    g = setup(rules=FINDER, dice=[(1, 2)])
    g.apply(Roll(0))
    g.apply(Decline(0))
    g.apply(Pass(1))
    events = g.apply(Pass(0))
    assert received(events, "finder's fee") == [] and g.cash == [1500, 1500]
    assert g.pending.kind == "end_turn" and len(g.frames) == 1


# -- the tax man -------------------------------------------------------------------------------


def test_tax_man_throws_after_every_round() -> None:
    """"The bank gets a token known at the 'tax man' and a player will roll the dice for the
    bank on it's turn. If it lands on any owned property, the owner pays the bank the amount
    that would normally be charged in rent." (004 Tax man): once a round, when the turn passes
    back to the first player."""
    g = setup(rules=TAX_MAN, dice=[(4, 6), (4, 6), (1, 2)], owners={3: 1})
    g.apply(Roll(0))
    assert "tax_man" not in kinds(g.apply(EndTurn(0)))
    g.apply(Roll(1))
    total = money_total(g)
    events = g.apply(EndTurn(1))
    assert kinds(events) == ["tax_man", "payment", "turn"]
    assert events[0] == TaxManMoved((1, 2), 3)
    assert events[1] == Payment(1, None, 4, "tax man")
    assert g.tax_man == 3 and g.cash == [1500, 1496] and money_total(g) == total


def test_tax_man_ignores_every_other_square() -> None:
    """"The tax man ignores the normal meaning of any other square, including 'Go to Jail'":
    nothing on Go To Jail, an unowned deed, a mortgaged deed, or passing GO."""
    for start, throw, extra in ((25, (2, 3), {}), (0, (1, 2), {}),
                                (0, (1, 2), {"owners": {3: 1}, "mortgaged": [3]}),
                                (38, (1, 2), {})):
        g = setup(rules=TAX_MAN, dice=[(4, 6), (4, 6), throw], **extra)
        g.tax_man = start
        g.apply(Roll(0))
        g.apply(EndTurn(0))
        g.apply(Roll(1))
        events = g.apply(EndTurn(1))
        assert kinds(events) == ["tax_man", "turn"], (start, throw)
        assert g.cash == [1500, 1500] and not any(g.jailed)


def test_tax_man_rent_is_the_rent_that_would_be_charged() -> None:
    """"the amount that would normally be charged in rent": double rent on a whole group, a
    utility by the tax man's own throw (its doubles mean nothing)."""
    g = setup(rules=TAX_MAN, dice=[(4, 6), (4, 6), (6, 6)], owners={12: 1, 28: 1})
    g.apply(Roll(0))
    g.apply(EndTurn(0))
    g.apply(Roll(1))
    events = g.apply(EndTurn(1))
    assert [e.amount for e in paid_by_players(events)] == [120]  # 10 x 12
    assert g.pending.kind == "roll" and g.pending.player == 0
    g = setup(rules=TAX_MAN, dice=[(4, 6), (4, 6), (1, 2)], owners={1: 0, 3: 0})
    g.apply(Roll(0))
    g.apply(EndTurn(0))
    g.apply(Roll(1))
    events = g.apply(EndTurn(1))
    assert [e.amount for e in paid_by_players(events)] == [8] and g.cash[0] == 1492



def test_tax_man_is_saved_shown_and_part_of_positions() -> None:
    """The tax man's square is state: saved, in views, exported and imported by positions."""
    g = setup(rules=TAX_MAN, dice=[(4, 6), (4, 6), (3, 4)])
    g.apply(Roll(0))
    g.apply(EndTurn(0))
    g.apply(Roll(1))
    g.apply(EndTurn(1))
    assert g.tax_man == 7
    assert g.view(0)["bank"]["tax_man"] == 7 and reload(g).tax_man == 7
    assert g.position()["tax_man"] == 7  # "Chance" is on the board three times
    assert round_trip(g).tax_man == 7
    classic = setup().position()
    with pytest.raises(PositionError, match="tax_man"):
        Game.from_position({**classic, "tax_man": "Boardwalk"})


def test_finders_fee_after_a_forced_auction() -> None:
    """"If the player landing on the property does not end up buying it, he or she gets a
    'finder's fee'": also when another player forces the auction (004 Option to auction) and
    wins it."""
    from passgo.core.actions import ForceAuction

    rules = Rules(double_prices=True, finders_fee_percent=10, option_to_auction=True)
    g = setup(rules=rules, dice=[(1, 2)])
    total = money_total(g)
    g.apply(Roll(0))
    assert g.pending.kind == "auction_option" and g.pending.player == 1
    # Opens at twice the normal purchase price: Baltic Avenue costs $120 with double prices.
    g.apply(ForceAuction(1))
    events = g.apply(Pass(0))
    assert received(events, "finder's fee") == [24]
    assert g.owner[3] == 1 and g.cash == [1524, 1260] and money_total(g) == total
    assert len(g.frames) == 1
