"""Movement: throwing and moving, doubles, three doubles, the GO salary, turn order.

Rule texts: /work/shared/rules/000_d2ac98164c967637.txt (classic, the default) and the FAQ of
004_109ac7f621e3664c.txt.
"""

from __future__ import annotations

from passgo.core.actions import Buy, Decline, EndTurn, Pass, PayJailFine, Roll, UseJailCard
from passgo.core.board import DECK_CHANCE, DECK_COMMUNITY_CHEST, DECK_NAMES
from passgo.core.events import SALARY, CardDrawn, DiceThrown, Jailed, Moved, Payment
from support import assert_illegal, kinds, money_total, salaries, setup, sq

ALL_DEEDS = (1, 3, 5, 6, 8, 9, 11, 12, 13, 14, 15, 16, 18, 19, 21, 23, 24, 25, 26, 27, 28, 29,
             31, 32, 34, 35, 37, 39)


def owned_by(seat: int) -> dict[int, int]:
    """Every deed owned by one seat: landing on one's own deed asks nothing."""
    return dict.fromkeys(ALL_DEEDS, seat)


def test_deed_list_is_every_deed() -> None:
    """The helper's deed list is the board's 28 deeds."""
    g = setup()
    assert g.board.properties == ALL_DEEDS


def test_move_by_the_total_of_the_dice() -> None:
    """"throw the dice and move your token in the direction of the arrow the number of spaces
    indicated by the dice" (000)."""
    g = setup(dice=[(4, 5)])
    events = g.apply(Roll(0))
    assert g.pos == [9, 0]
    assert kinds(events) == ["dice", "move"]
    assert events[0] == DiceThrown(0, (4, 5), False)
    assert events[1] == Moved(0, 0, 9, 9, False, "throw")
    assert g.pending.kind == "buy" and g.pending.player == 0  # Connecticut Avenue is unowned
    assert g.cash == [1500, 1500]


def test_tokens_stay_and_proceed_from_there() -> None:
    """"The tokens remain on the spaces occupied and proceed from that point on the player's
    next turn. Two or more tokens may rest on the same space at the same time." (000)."""
    g = setup(dice=[(4, 6), (4, 6), (1, 2)])
    g.apply(Roll(0))
    g.apply(EndTurn(0))
    g.apply(Roll(1))
    assert g.pos == [10, 10]  # both on Just Visiting
    assert g.jailed == [False, False]
    g.apply(EndTurn(1))
    g.apply(Roll(0))
    assert g.pos == [13, 10]


def test_turn_passes_to_the_left() -> None:
    """"After you have completed your play, the turn passes to the left" (000)."""
    g = setup(("Ann", "Bob", "Cy"), dice=[(4, 6)] * 4)
    for seat in (0, 1, 2, 0):
        assert g.pending.kind == "roll" and g.pending.player == seat
        assert g.current == seat
        g.apply(Roll(seat))
        if g.pending.kind == "end_turn":
            events = g.apply(EndTurn(seat))
            assert events[-1].kind == "turn"


def test_just_visiting_no_penalty() -> None:
    """"If you are not sent to Jail but in the ordinary course of play land on that space,
    you are 'Just Visiting', you incur no penalty, and you move ahead in the usual manner on
    your next turn." (000)."""
    g = setup(dice=[(4, 6), (1, 2), (2, 3)], owners=owned_by(0))
    events = g.apply(Roll(0))
    assert g.pos == [10, 0]
    assert not g.jailed[0]
    assert kinds(events) == ["dice", "move"]
    assert g.cash == [1500, 1500]
    g.apply(EndTurn(0))
    g.apply(Roll(1))  # Bob to Baltic Avenue (Ann's, the browns complete): rent $8
    assert g.cash == [1508, 1492]
    g.apply(EndTurn(1))
    assert g.pending.kind == "roll"  # a normal throw, not a jail decision
    g.apply(Roll(0))
    assert g.pos[0] == 15


def test_doubles_throw_again() -> None:
    """"If you throw doubles, you move your token as usual, the sum of the two dice, and are
    subject to any privileges or penalties pertaining to the space on which you land.
    Retaining the dice, throw again and move your token as before." (000)."""
    g = setup(dice=[(3, 3), (1, 2)], owners={6: 1, 9: 0})
    events = g.apply(Roll(0))
    # Oriental Avenue (owned by Bob): the rent is due before the second throw.
    assert g.pos == [6, 0]
    assert kinds(events) == ["dice", "move", "payment"]
    assert events[2] == Payment(0, 1, 6, "rent")
    assert g.cash == [1494, 1506]
    assert g.pending.kind == "roll" and g.pending.player == 0
    assert g.doubles == 1
    g.apply(Roll(0))
    assert g.pos == [9, 0]
    assert g.pending.kind == "end_turn" and g.pending.player == 0


def test_doubles_landing_on_unowned_deed_decide_then_throw_again() -> None:
    """"subject to any privileges or penalties pertaining to the space on which you land.
    Retaining the dice, throw again" (000): buy first, then throw again."""
    g = setup(dice=[(2, 2), (3, 4)], pos=[1, 0])
    g.apply(Roll(0))
    assert g.pos[0] == 5  # Reading Railroad
    assert g.pending.kind == "buy"
    assert_illegal(g, Roll(0))
    g.apply(Buy(0))
    assert g.owner[5] == 0 and g.cash[0] == 1300
    assert g.pending.kind == "roll" and g.pending.player == 0
    g.apply(Roll(0))
    assert g.pos[0] == 12
    assert g.pending.kind == "buy"
    g.apply(Decline(0))
    g.apply(Pass(1))
    g.apply(Pass(0))
    assert g.pending.kind == "end_turn"


def test_third_double_goes_to_jail_without_moving() -> None:
    """"If you throw doubles three times in succession, move your token immediately to the
    space marked 'In Jail'" (000); "Your turn ends when you are sent to Jail." (000)."""
    g = setup(dice=[(3, 3), (4, 4), (5, 5)], owners=owned_by(0))
    g.apply(Roll(0))
    g.apply(Roll(0))
    assert g.pos[0] == 14 and g.doubles == 2
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "jail"]
    assert events[0] == DiceThrown(0, (5, 5), True)
    assert events[1] == Jailed(0, 10, "doubles")
    assert g.pos == [10, 0]  # not to 24 first
    assert g.jailed == [True, False]
    assert g.jail_turns[0] == 0
    assert g.cash == [1500, 1500]
    assert g.pending.kind == "end_turn" and g.pending.player == 0
    assert_illegal(g, Roll(0))
    g.apply(EndTurn(0))
    assert g.pending.kind == "roll" and g.pending.player == 1


def test_third_double_no_salary_even_if_the_throw_would_pass_go() -> None:
    """"When you are sent to Jail you cannot collect your $200 salary in that move since,
    regardless of where your token is on the board, you must move it directly into Jail."
    (000): the third double from Park Place would pass GO, but it is not moved."""
    g = setup(dice=[(1, 1), (2, 2), (6, 6)], pos=[25, 0], owners=owned_by(0))
    g.apply(Roll(0))
    g.apply(Roll(0))
    assert g.pos[0] == 31
    events = g.apply(Roll(0))
    assert salaries(events) == []
    assert g.pos[0] == 10 and g.jailed[0]
    assert g.cash == [1500, 1500]
    assert money_total(g) == 3000


def test_doubles_count_only_within_one_turn() -> None:
    """"If you throw doubles three times in succession" (000): in succession within a turn —
    two doubles, a plain throw, then a double on the next turn is not a third."""
    g = setup(dice=[(1, 1), (2, 2), (1, 2), (4, 6), (3, 3), (1, 2)], owners=owned_by(0),
              cash=[1500, 100000])
    g.apply(Roll(0))
    g.apply(Roll(0))
    g.apply(Roll(0))
    assert g.pos[0] == 9
    assert g.pending.kind == "end_turn"
    g.apply(EndTurn(0))
    g.apply(Roll(1))
    g.apply(EndTurn(1))
    assert g.doubles == 0
    g.apply(Roll(0))
    assert g.pos[0] == 15 and not g.jailed[0]
    assert g.pending.kind == "roll"  # a first double: throw again
    g.apply(Roll(0))
    assert g.pos[0] == 18


def test_doubles_onto_go_to_jail_end_the_turn() -> None:
    """"Your turn ends when you are sent to Jail." (000): the doubles' extra throw is lost."""
    g = setup(dice=[(3, 3), (1, 2)], pos=[24, 0])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "jail"]
    assert g.pos[0] == 10 and g.jailed[0]
    assert g.pending.kind == "end_turn"
    assert_illegal(g, Roll(0))
    assert g.dice_script == [(1, 2)]


def test_go_to_jail_square_no_salary() -> None:
    """"When you are sent to Jail you cannot collect your $200 salary in that move since,
    regardless of where your token is on the board, you must move it directly into Jail."
    (000): from Go To Jail (30) to Jail (10) is forward past GO, yet no salary."""
    g = setup(dice=[(2, 3)], pos=[25, 0])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "jail"]
    assert events[1] == Moved(0, 25, 30, 5, False, "throw")
    assert events[2] == Jailed(0, 10, "square")
    assert g.pos[0] == 10 and g.jailed[0]
    assert g.cash == [1500, 1500]


def test_salary_passing_go_by_dice() -> None:
    """"Each time a player's token lands on or passes over GO, whether by throwing the dice
    or drawing a card, the Banker pays him/her a $200 salary." (000)."""
    g = setup(dice=[(4, 3)], pos=[37, 0], owners=owned_by(0))
    events = g.apply(Roll(0))
    assert g.pos[0] == 4  # Income Tax: a tax decision follows
    assert kinds(events) == ["dice", "move", "payment"]
    assert events[2] == Payment(None, 0, 200, SALARY)
    assert g.cash[0] == 1700
    assert g.bank_flow == -200
    assert g.pending.kind == "tax"


def test_salary_landing_on_go_is_200_not_400() -> None:
    """"Each time a player's token lands on or passes over GO ... the Banker pays him/her a
    $200 salary" (000); "You do not collect $400 for landing on GO, instead you earn the normal
    $200." (004)."""
    g = setup(dice=[(2, 3)], pos=[35, 0])
    events = g.apply(Roll(0))
    assert g.pos[0] == 0
    assert salaries(events) == [200]
    assert g.cash == [1700, 1500]
    assert g.pending.kind == "end_turn"


def test_salary_once_each_time_around() -> None:
    """"The $200 is paid only once each time around the board." (000): a throw that does not
    reach GO pays nothing; the next one that passes it pays once."""
    g = setup(dice=[(5, 6), (4, 6)], pos=[20, 0], owners=owned_by(0))
    events = g.apply(Roll(0))
    assert g.pos[0] == 31 and salaries(events) == []
    g = setup(dice=[(6, 6), (4, 6)], pos=[31, 0], owners=owned_by(0))
    events = g.apply(Roll(0))  # 31 + 12 = 43 -> 3
    assert g.pos[0] == 3 and salaries(events) == [200]
    events = g.apply(Roll(0))  # 3 + 10 = 13: not around again
    assert g.pos[0] == 13 and salaries(events) == []
    assert g.cash[0] == 1700


def test_passing_go_then_community_chest_advance_to_go_pays_400() -> None:
    """"if a player passing GO on the throw of the dice lands 2 spaces beyond it on Community
    Chest, or 7 spaces beyond it on Chance, and draws the 'Advance to GO' card, he/she collects
    $200 for passing GO the first time and another $200 for reaching it the second time by
    instructions on the card." (000)."""
    g = setup(dice=[(1, 2)], pos=[39, 0], community_chest=["advance-to-go"])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "payment", "card", "move", "payment"]
    assert salaries(events) == [200, 200]
    assert isinstance(events[3], CardDrawn) and events[3].card == "advance-to-go"
    assert events[3].deck == DECK_NAMES[DECK_COMMUNITY_CHEST]
    assert g.pos[0] == 0
    assert g.cash == [1900, 1500]
    assert g.pending.kind == "end_turn"


def test_passing_go_then_chance_advance_to_go_pays_400() -> None:
    """"or 7 spaces beyond it on Chance, and draws the 'Advance to GO' card, he/she collects
    $200 for passing GO the first time and another $200 for reaching it the second time by
    instructions on the card." (000)."""
    g = setup(dice=[(4, 6)], pos=[37, 0], chance=["advance-to-go"])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "payment", "card", "move", "payment"]
    assert isinstance(events[3], CardDrawn) and events[3].card == "advance-to-go"
    assert events[3].deck == DECK_NAMES[DECK_CHANCE]
    assert g.pos[0] == 0
    assert g.cash == [1900, 1500]
    assert g.bank_flow == -400


def test_passing_go_then_card_to_jail_keeps_the_salary() -> None:
    """"When you pass GO, land on Community Chest or Chance and are then sent to Jail, you may
    still collect $200 because you passed GO before you were sent to Jail." (004 FAQ)."""
    g = setup(dice=[(1, 2)], pos=[39, 0], community_chest=["go-to-jail"])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "payment", "card", "jail"]
    assert events[2] == Payment(None, 0, 200, SALARY)
    assert g.cash[0] == 1700
    assert g.pos[0] == 10 and g.jailed[0]
    assert g.pending.kind == "end_turn"
    g = setup(dice=[(4, 6)], pos=[37, 0], chance=["go-to-jail"])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "payment", "card", "jail"]
    assert events[2] == Payment(None, 0, 200, SALARY)
    assert g.cash[0] == 1700
    assert g.pos[0] == 10 and g.jailed[0]


def test_card_to_jail_from_beyond_jail_pays_no_salary() -> None:
    """"When you are sent to Jail you cannot collect your $200 salary in that move since,
    regardless of where your token is on the board, you must move it directly into Jail."
    (000): Chance at 36 sends the token "forward" past GO to Jail — no salary."""
    g = setup(dice=[(1, 2)], pos=[33, 0], chance=["go-to-jail"])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "card", "jail"]
    assert salaries(events) == []
    assert g.cash == [1500, 1500]
    assert g.pos[0] == 10 and g.jailed[0]


def test_money_is_conserved_over_a_turn() -> None:
    """"The Bank pays salaries and bonuses" and "collects all taxes, fines" (000): every
    dollar a player gains or loses goes to or comes from the Bank or another player."""
    g = setup(dice=[(4, 6), (3, 4)], pos=[37, 0], chance=["advance-to-illinois"],
              owners={24: 1})
    g.apply(Roll(0))
    # 37 -> 7 (salary), Illinois owned by Bob: rent $20.
    assert g.cash == [1680, 1520]
    assert money_total(g) == 3000


def test_illegal_actions_during_movement() -> None:
    """"Retaining the dice, throw again" (000) is for the player who threw doubles, after the
    decision the landing made; nobody else may throw, and nobody may end a turn mid-throw."""
    g = setup(dice=[(2, 2), (3, 4)], pos=[1, 0])
    g.apply(Roll(0))
    assert g.pending.kind == "buy"
    assert_illegal(g, Roll(0))
    assert_illegal(g, Roll(1))
    assert_illegal(g, EndTurn(0))
    assert_illegal(g, PayJailFine(0))
    assert_illegal(g, UseJailCard(0))
    g.apply(Buy(0))
    assert g.pending.kind == "roll"
    assert_illegal(g, EndTurn(0))  # the doubles oblige another throw
    assert_illegal(g, Buy(0))
    g.apply(Roll(0))
    assert g.pending.kind == "buy"
    assert g.pos[0] == sq("Electric Company")
