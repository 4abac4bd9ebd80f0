"""Jail: the three ways in, the four ways out, the third failed throw, business while in jail.

Rule texts: /work/shared/rules/000_d2ac98164c967637.txt (classic, the default), the jail
notes and FAQ of 004_109ac7f621e3664c.txt, reference/rules_differences.md rows 10-13.

From the Jail square (10): 1+2 reaches States Avenue (13), 4+6 Free Parking (20), 5+5 Free
Parking by doubles, 3+3 St. James Place (16).
"""

from __future__ import annotations

from passgo.core import Rules
from passgo.core.actions import (
    AcceptTrade,
    Bid,
    Build,
    Bundle,
    Buy,
    Decline,
    EndTurn,
    Mortgage,
    Pass,
    PayJailFine,
    ProposeTrade,
    Roll,
    TradeOffer,
    UseJailCard,
)
from passgo.core.board import DECK_CHANCE as CH
from passgo.core.board import DECK_COMMUNITY_CHEST as CC
from passgo.core.events import Debt, DiceThrown, Jailed, LeftJail, Moved, Payment, StayedInJail
from support import BOARD, assert_illegal, kinds, money_total, setup

GOOJF_CH = BOARD.card_index(CH, "get-out-of-jail-free")[0]
GOOJF_CC = BOARD.card_index(CC, "get-out-of-jail-free")[0]


def in_jail_decision(g, seat: int = 0) -> None:
    assert g.pending.kind == "jail" and g.pending.player == seat
    assert g.jailed[seat] and g.pos[seat] == 10


# -- ways in ------------------------------------------------------------------------------------

def test_in_by_the_go_to_jail_square() -> None:
    """"You land in Jail when: your token lands on the space marked 'Go to Jail'" and "Your
    turn ends when you are sent to Jail." (000)."""
    g = setup(dice=[(2, 3), (4, 6)], pos=[25, 0])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "jail"]
    assert events[1].end == 30 and events[2] == Jailed(0, 10, "square")
    assert g.pos == [10, 0] and g.jailed == [True, False] and g.jail_turns == [0, 0]
    assert g.cash == [1500, 1500]
    assert g.pending.kind == "end_turn"
    g.apply(EndTurn(0))
    g.apply(Roll(1))
    g.apply(EndTurn(1))
    in_jail_decision(g)


def test_in_by_a_card() -> None:
    """"You land in Jail when: ... you draw a card marked 'Go to Jail'" (000)."""
    g = setup(dice=[(3, 4), (4, 6)], pos=[10, 0], community_chest=["go-to-jail"])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "card", "jail"]
    assert events[3] == Jailed(0, 10, "card")
    assert g.pos[0] == 10 and g.jailed[0]
    g.apply(EndTurn(0))
    g.apply(Roll(1))
    g.apply(EndTurn(1))
    in_jail_decision(g)


def test_in_by_three_doubles() -> None:
    """"You land in Jail when: ... you throw doubles three times in succession." (000)."""
    g = setup(dice=[(3, 3), (1, 1), (2, 2), (4, 6)], owners={6: 0, 8: 0})
    g.apply(Roll(0))  # Oriental Avenue (Ann's)
    g.apply(Roll(0))  # Vermont Avenue (Ann's)
    assert g.pending.kind == "roll" and g.doubles == 2
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "jail"]
    assert events[1] == Jailed(0, 10, "doubles")
    assert g.pos[0] == 10 and g.jailed[0] and g.pending.kind == "end_turn"
    assert g.cash[0] == 1500
    g.apply(EndTurn(0))
    g.apply(Roll(1))
    g.apply(EndTurn(1))
    in_jail_decision(g)


def test_just_visiting_is_not_jail() -> None:
    """"If you are not sent to Jail but in the ordinary course of play land on that space,
    you are 'Just Visiting'" (000)."""
    g = setup(dice=[(4, 6)])
    g.apply(Roll(0))
    assert g.pos[0] == 10 and not g.jailed[0]


# -- ways out: the fine -------------------------------------------------------------------------

def test_jail_turn_choices() -> None:
    """"You get out of Jail by: throwing doubles ...; using the 'Get Out of Jail Free' card if
    you have it; ... paying a fine of $50 before you roll the dice on either of your next two
    turns." (000): throw or pay; the card only if held."""
    g = setup(jailed={0: 0})
    assert g.legal_actions(0) == [Roll(0), PayJailFine(0)]
    g = setup(jailed={0: 0}, jail_cards={0: ["chance"]})
    assert g.legal_actions(0) == [Roll(0), PayJailFine(0), UseJailCard(0)]


def test_pay_fine_on_the_first_jail_turn_then_throw() -> None:
    """"paying a fine of $50 before you roll the dice on either of your next two turns" (000):
    then the throw moves the token as usual."""
    g = setup(jailed={0: 0}, dice=[(2, 3)])
    events = g.apply(PayJailFine(0))
    assert events == [Payment(0, None, 50, "jail fine"), LeftJail(0, "fine")]
    assert g.cash == [1450, 1500] and g.bank_flow == 50
    assert not g.jailed[0] and g.jail_turns[0] == 0 and g.pos[0] == 10
    assert g.pending.kind == "roll" and g.pending.player == 0
    assert_illegal(g, PayJailFine(0))
    g.apply(Roll(0))
    assert g.pos[0] == 15 and g.pending.kind == "buy"


def test_pay_fine_on_the_second_jail_turn() -> None:
    """"paying a fine of $50 before you roll the dice on either of your next two turns" (000):
    after one failed throw, the fine may still be paid first."""
    g = setup(jailed={0: 0}, dice=[(1, 2), (4, 6), (4, 6)])
    events = g.apply(Roll(0))
    assert events == [DiceThrown(0, (1, 2), False), StayedInJail(0, 1)]
    assert g.jail_turns[0] == 1
    g.apply(EndTurn(0))
    g.apply(Roll(1))
    g.apply(EndTurn(1))
    in_jail_decision(g)
    assert PayJailFine(0) in g.legal_actions(0)
    g.apply(PayJailFine(0))
    assert g.cash[0] == 1450 and not g.jailed[0]
    g.apply(Roll(0))
    assert g.pos[0] == 20


def test_no_fine_before_throwing_on_the_third_jail_turn() -> None:
    """"paying a fine of $50 before you roll the dice on either of your next two turns" (000):
    on the third turn the player must throw (or use a card)."""
    g = setup(jailed={0: 2})
    in_jail_decision(g)
    assert g.legal_actions(0) == [Roll(0)]
    assert_illegal(g, PayJailFine(0))
    g = setup(jailed={0: 2}, jail_cards={0: ["community_chest"]})
    assert g.legal_actions(0) == [Roll(0), UseJailCard(0)]


def test_after_paying_the_fine_doubles_throw_again() -> None:
    """"paying a fine of $50 before you roll the dice" (000) frees the player before the
    throw, which is an ordinary throw: "pay before rolling; then a *normal* turn (doubles roll
    again)" (rules_differences.md, row 10)."""
    g = setup(jailed={0: 0}, dice=[(3, 3), (1, 2)], owners={16: 0, 19: 0})
    g.apply(PayJailFine(0))
    g.apply(Roll(0))
    assert g.pos[0] == 16
    assert g.pending.kind == "roll" and g.doubles == 1
    g.apply(Roll(0))
    assert g.pos[0] == 19 and g.pending.kind == "end_turn"


def test_fine_needs_the_cash_first() -> None:
    """"Money can be loaned to a player only by the Bank and then only by mortgaging property"
    (000): with $40 the $50 fine is not payable until the player mortgages."""
    g = setup(jailed={0: 0}, cash=[40, 1500], owners={1: 0})
    assert_illegal(g, PayJailFine(0))
    assert PayJailFine(0) not in g.legal_actions(0)
    g.apply(Mortgage(0, 1))
    assert g.cash[0] == 70
    g.apply(PayJailFine(0))
    assert g.cash[0] == 20 and not g.jailed[0]


# -- ways out: the card -------------------------------------------------------------------------

def test_use_a_held_card() -> None:
    """"You get out of Jail by: ... using the 'Get Out of Jail Free' card if you have it" and
    it is "then returned to the bottom of the deck" (000)."""
    g = setup(jailed={0: 0}, jail_cards={0: ["chance"]}, dice=[(1, 2)])
    deck = list(g.decks[CH])
    events = g.apply(UseJailCard(0))
    assert events == [LeftJail(0, "card")]
    assert g.cards[0] == []
    assert g.decks[CH] == [*deck, GOOJF_CH]
    assert g.cash == [1500, 1500]
    assert not g.jailed[0] and g.jail_turns[0] == 0
    assert g.pending.kind == "roll"
    g.apply(Roll(0))
    assert g.pos[0] == 13


def test_use_a_card_on_the_third_jail_turn() -> None:
    """"If you fail to roll doubles three times in a row, you have to pay the $50, or use a
    'Get out of jail free' card if you have one." (004): the card is good on the third turn."""
    g = setup(jailed={0: 2}, jail_cards={0: ["community_chest"]}, dice=[(1, 2)])
    deck = list(g.decks[CC])
    g.apply(UseJailCard(0))
    assert g.decks[CC] == [*deck, GOOJF_CC]
    assert g.cash[0] == 1500 and not g.jailed[0]
    g.apply(Roll(0))
    assert g.pos[0] == 13


def test_buy_a_card_from_another_player_then_use_it() -> None:
    """"You get out of Jail by: ... purchasing the 'Get Out of Jail Free' card from another
    player and playing it" (000); "he/she may sell it, at any time, to another player at a
    price agreeable to both" (000)."""
    g = setup(jailed={0: 0}, jail_cards={1: ["community_chest"]}, dice=[(1, 2)])
    deck = list(g.decks[CC])
    assert g.legal_actions(0) == [Roll(0), PayJailFine(0)]
    offer = TradeOffer(0, 1, give=Bundle(cash=35), get=Bundle(cards=(CC,)))
    g.apply(ProposeTrade(0, offer))
    assert g.pending.kind == "trade_reply" and g.pending.player == 1
    g.apply(AcceptTrade(1))
    assert g.cash == [1465, 1535]
    assert g.cards == [[(CC, GOOJF_CC)], []]
    in_jail_decision(g)
    assert UseJailCard(0) in g.legal_actions(0)
    g.apply(UseJailCard(0))
    assert g.cards == [[], []]
    assert g.decks[CC] == [*deck, GOOJF_CC]
    assert not g.jailed[0] and g.pending.kind == "roll"
    assert g.bank_flow == 0 and money_total(g) == 3000


def test_card_cannot_be_used_outside_jail_or_without_one() -> None:
    """"using the 'Get Out of Jail Free' card if you have it" (000)."""
    g = setup(jailed={0: 0})
    assert_illegal(g, UseJailCard(0))
    g = setup(jail_cards={0: ["chance"]})
    assert g.pending.kind == "roll"
    assert_illegal(g, UseJailCard(0))


# -- ways out: doubles, and the third failed throw -----------------------------------------------

def test_doubles_in_jail_move_and_do_not_throw_again() -> None:
    """"throwing doubles on any of your next three turns; if you succeed in doing this you
    immediately move forward the number of spaces shown by your doubles throw; even though
    you had thrown doubles, you do not take another turn" (000)."""
    g = setup(jailed={0: 0}, dice=[(5, 5), (1, 2)])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "jail_free", "move"]
    assert events[1] == LeftJail(0, "doubles")
    assert events[2] == Moved(0, 10, 20, 10, False, "throw")
    assert g.pos[0] == 20 and not g.jailed[0] and g.jail_turns[0] == 0
    assert g.cash == [1500, 1500]
    assert g.pending.kind == "end_turn"
    assert_illegal(g, Roll(0))
    assert g.dice_script == [(1, 2)]


def test_doubles_in_jail_landing_on_a_deed() -> None:
    """"you immediately move forward the number of spaces shown by your doubles throw" (000):
    the square reached is played (buy), and still no other throw."""
    g = setup(jailed={0: 1}, dice=[(3, 3), (1, 2)])
    g.apply(Roll(0))
    assert g.pos[0] == 16 and g.pending.kind == "buy"
    g.apply(Buy(0))
    assert g.pending.kind == "end_turn"


def test_doubles_on_the_third_jail_turn_no_fine() -> None:
    """"throwing doubles on any of your next three turns" (000): doubles on the third turn
    free the player without the fine."""
    g = setup(jailed={0: 2}, dice=[(5, 5)])
    g.apply(Roll(0))
    assert g.cash[0] == 1500 and g.pos[0] == 20 and not g.jailed[0]
    assert g.pending.kind == "end_turn"


def test_failed_throw_stays_in_jail() -> None:
    """"throwing doubles on any of your next three turns" (000): no doubles, no move; the turn
    ends."""
    g = setup(jailed={0: 0}, dice=[(1, 2)])
    events = g.apply(Roll(0))
    assert events == [DiceThrown(0, (1, 2), False), StayedInJail(0, 1)]
    assert g.pos[0] == 10 and g.jailed[0] and g.jail_turns[0] == 1
    assert g.cash[0] == 1500
    assert g.pending.kind == "end_turn"
    assert_illegal(g, Roll(0))
    assert_illegal(g, PayJailFine(0))


def test_third_failed_throw_pays_and_moves() -> None:
    """"If you do not throw doubles by your third turn, you must pay the $50 fine. You then get
    out of Jail and immediately move forward the number of spaces shown by your throw." (000).
    """
    g = setup(jailed={0: 0}, dice=[(1, 2), (4, 6), (1, 3), (4, 6), (4, 6)])
    for turn in (1, 2):
        in_jail_decision(g)
        g.apply(Roll(0))
        assert g.jail_turns[0] == turn and g.jailed[0] and g.pos[0] == 10
        g.apply(EndTurn(0))
        g.apply(Roll(1))
        g.apply(EndTurn(1))
    in_jail_decision(g)
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "jail_free", "payment", "move"]
    assert events[0] == DiceThrown(0, (4, 6), False)
    assert events[1] == LeftJail(0, "third_throw")
    assert events[2] == Payment(0, None, 50, "jail fine")
    assert events[3] == Moved(0, 10, 20, 10, False, "throw")
    assert g.pos[0] == 20 and not g.jailed[0] and g.jail_turns[0] == 0
    assert g.cash[0] == 1450
    assert g.pending.kind == "end_turn"


def test_third_failed_throw_short_of_cash_raises_the_fine_then_moves() -> None:
    """"If you do not throw doubles by your third turn, you must pay the $50 fine. You then get
    out of Jail and immediately move forward" (000): with $20 the player mortgages first, pays,
    then moves."""
    g = setup(jailed={0: 2}, cash=[20, 1500], owners={3: 0}, dice=[(1, 2)])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "jail_free", "debt"]
    assert events[2] == Debt(0, None, 50, "jail fine")
    assert g.pending.kind == "raise_funds" and g.pending.player == 0
    assert g.pos[0] == 10
    events = g.apply(Mortgage(0, 3))
    assert kinds(events) == ["mortgage", "payment", "move"]
    assert events[1] == Payment(0, None, 50, "jail fine")
    assert g.cash[0] == 0 and g.pos[0] == 13
    assert g.pending.kind == "buy"


# -- business while in jail -------------------------------------------------------------------

def test_jailed_player_collects_rent() -> None:
    """"Even though you are in Jail, you may buy and sell property, buy and sell houses and
    hotels and collect rents." (000); "May I collect rent while in Jail? Yes." (004 FAQ)."""
    g = setup(jailed={0: 0}, owners={15: 0}, dice=[(1, 2), (2, 3)], pos=[10, 10])
    g.apply(Roll(0))
    g.apply(EndTurn(0))
    events = g.apply(Roll(1))  # Bob from Just Visiting to Pennsylvania Railroad
    assert kinds(events) == ["dice", "move", "payment"]
    assert events[2] == Payment(1, 0, 25, "rent")
    assert g.cash == [1525, 1475]
    assert g.jailed[0]


def test_jailed_player_builds_and_mortgages() -> None:
    """"Even though you are in Jail, you may buy and sell property, buy and sell houses and
    hotels and collect rents." (000): on the jail turn and on another player's turn."""
    g = setup(jailed={0: 0}, owners={1: 0, 3: 0, 5: 0}, dice=[(1, 2), (4, 6)])
    assert Build(0, 1) in g.legal_actions(0)
    g.apply(Build(0, 1))
    assert g.level[1] == 1 and g.cash[0] == 1450 and g.bank_houses == 31
    g.apply(Mortgage(0, 5))
    assert g.mortgaged[5] and g.cash[0] == 1550
    in_jail_decision(g)
    g.apply(Roll(0))
    g.apply(EndTurn(0))
    assert g.pending.player == 1
    g.apply(Build(0, 3))  # during Bob's turn
    assert g.level[3] == 1 and g.cash[0] == 1500


def test_jailed_player_bids_in_an_auction() -> None:
    """"Even though you are in Jail, you may buy and sell property" (000): Bob declines St.
    James Place and the jailed Ann buys it at auction."""
    g = setup(jailed={0: 0}, dice=[(1, 2), (3, 3)], pos=[10, 10])
    g.apply(Roll(0))
    g.apply(EndTurn(0))
    g.apply(Roll(1))  # Bob by doubles to St. James Place
    g.apply(Decline(1))
    assert g.pending.kind == "bid" and g.pending.player == 0
    g.apply(Bid(0, 120))
    g.apply(Pass(1))
    assert g.owner[16] == 0 and g.cash[0] == 1380
    assert g.pending.kind == "roll" and g.pending.player == 1


def test_illegal_actions_in_jail() -> None:
    """"You get out of Jail by" doubles, a card, or the fine (000) — and only on one's own
    turn, before the throw; a jailed player cannot end the turn without trying."""
    g = setup(jailed={0: 0, 1: 0})
    in_jail_decision(g)
    assert_illegal(g, EndTurn(0))
    assert_illegal(g, PayJailFine(1))
    assert_illegal(g, Roll(1))
    assert_illegal(g, UseJailCard(0))
    g = setup(dice=[(1, 2)])
    assert_illegal(g, PayJailFine(0))


def test_short_game_leave_jail_on_the_next_turn() -> None:
    """Short Game: "If you land in Jail you must exit on your next turn by ... rolling doubles;
    or paying $50. Unlike the standard rules, you may try to roll doubles and, failing to do
    so, pay the $50 on the same turn." (000)."""
    short = Rules(jail_max_turns=1, jail_prepay_turns=1)
    g = setup(jailed={0: 0}, dice=[(1, 2)], rules=short)
    assert g.legal_actions(0) == [Roll(0), PayJailFine(0)]
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "jail_free", "payment", "move"]
    assert events[2] == Payment(0, None, 50, "jail fine")

    assert g.pos[0] == 13 and g.cash[0] == 1450 and not g.jailed[0]


def test_third_failed_throw_pays_the_fine_even_with_a_card_held() -> None:
    """"If you do not throw doubles by your third turn, you must pay the $50 fine." (000).
    The FAQ (004) says "you have to pay the $50, or use a 'Get out of jail free' card if you
    have one"; the classic text (the default) is followed: a card is played before the throw
    (see test_use_a_card_on_the_third_jail_turn), and after a failed third throw the fine is
    due and the card is kept."""
    g = setup(jailed={0: 2}, jail_cards={0: ["chance"]}, dice=[(4, 6)])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "jail_free", "payment", "move"]
    assert events[2] == Payment(0, None, 50, "jail fine")

    assert g.cash[0] == 1450 and g.pos[0] == 20
    assert g.cards[0] == [(CH, GOOJF_CH)]
