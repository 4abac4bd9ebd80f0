"""Chance and Community Chest: all 32 cards, each effect, and how the decks are handled.

Rule texts: /work/shared/rules/000_d2ac98164c967637.txt (classic, the default), the
"commonly missed rules" and FAQ of 004_109ac7f621e3664c.txt, and the printed card texts
(reference/cards.json; the project's copy in src/passgo/core/data/us-classic.toml).

Chance is reached from 0 (GO) with 3+4 (square 7), from 18 with 1+3 (square 22) and from 33
with 1+2 (square 36); Community Chest from 10 with 3+4 (square 17) and from 28 with 2+3
(square 33). None of these throws passes GO.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from passgo.core import Game
from passgo.core.actions import (
    Buy,
    ChooseTax,
    Decline,
    EndTurn,
    Mortgage,
    Pass,
    PayJailFine,
    Roll,
    UseJailCard,
)
from passgo.core.board import DECK_CHANCE as CH
from passgo.core.board import DECK_COMMUNITY_CHEST as CC
from passgo.core.events import (
    SALARY,
    CardDrawn,
    Debt,
    DiceThrown,
    Event,
    JailCardKept,
    Jailed,
    LeftJail,
    Moved,
    Payment,
    RentWaived,
)
from support import BOARD, assert_illegal, kinds, money_total, only, salaries, setup

APPROACH = {7: (0, (3, 4)), 22: (18, (1, 3)), 36: (33, (1, 2)), 17: (10, (3, 4)),
            33: (28, (2, 3))}
DECK_OF = {7: CH, 22: CH, 36: CH, 17: CC, 33: CC}
DECK_KEY = {CH: "chance", CC: "community_chest"}
ALL_DEEDS = BOARD.properties


def index(deck: int, card_id: str) -> int:
    return BOARD.card_index(deck, card_id)[0]


def draw_on(square: int, card_id: str, *, players: Sequence[str] = ("Ann", "Bob"),
            more_dice: Sequence[tuple[int, int]] = (), **kw: Any) -> tuple[Game, list[Event],
                                                                           list[int]]:
    """Ann throws onto `square` (a Chance or Community Chest) with `card_id` on top of its deck.
    Returns the game, the events of the throw and the deck order before the draw."""
    start, dice = APPROACH[square]
    deck = DECK_OF[square]
    kw.setdefault("pos", [start] + [0] * (len(players) - 1))
    stacked = {DECK_KEY[deck]: [card_id, *kw.pop(DECK_KEY[deck], [])]}
    g = setup(players, dice=[dice, *more_dice], **stacked, **kw)
    before = list(g.decks[deck])
    assert BOARD.decks[deck][before[0]].id == card_id
    events = g.apply(Roll(0))
    assert isinstance(events[1], Moved) and events[1].end == square
    text = BOARD.decks[deck][before[0]].text
    assert events[2] == CardDrawn(0, DECK_KEY[deck], card_id, text)
    return g, events, before


def to_bottom(g: Game, deck: int, before: list[int]) -> None:
    """"follow the instructions and return the card face down to the bottom of the deck" (000)."""
    assert g.decks[deck] == before[1:] + before[:1]


# -- the decks --------------------------------------------------------------------------------

CHANCE_IDS = [
    "advance-to-go", "advance-to-illinois", "advance-to-st-charles", "nearest-utility",
    "nearest-railroad", "nearest-railroad", "dividend", "get-out-of-jail-free", "go-back-3",
    "go-to-jail", "general-repairs", "poor-tax", "ride-on-reading", "walk-on-boardwalk",
    "chairman-of-the-board", "building-and-loan",
]
COMMUNITY_CHEST_IDS = [
    "advance-to-go", "bank-error", "doctors-fee", "sale-of-stock", "get-out-of-jail-free",
    "go-to-jail", "grand-opera", "xmas-fund", "income-tax-refund", "life-insurance", "hospital",
    "school-tax", "receive-for-services", "street-repairs", "beauty-contest", "inherit",
]


def test_the_32_cards() -> None:
    """"There are Chance and Community Chest cards" (000): 16 of each; the Chance deck has
    the nearest-Railroad card twice (reference README: "the Chance deck has two 'advance to
    the nearest Railroad' cards")."""
    assert [c.id for c in BOARD.decks[CH]] == CHANCE_IDS
    assert [c.id for c in BOARD.decks[CC]] == COMMUNITY_CHEST_IDS


# -- money cards ------------------------------------------------------------------------------

MONEY_CARDS = [
    (CH, "dividend", "Bank pays you dividend of $50", 50),
    (CH, "poor-tax", "Pay poor tax of $15", -15),
    (CH, "building-and-loan", "Your building and loan matures. Collect $150.", 150),
    (CC, "bank-error", "Bank error in your favor. Collect $200.", 200),
    (CC, "doctors-fee", "Doctor's fee. Pay $50.", -50),
    (CC, "sale-of-stock", "From sale of stock you get $45.", 45),
    (CC, "xmas-fund", "Xmas Fund matures. Collect $100.", 100),
    (CC, "income-tax-refund", "Income tax refund. Collect $20.", 20),
    (CC, "life-insurance", "Life insurance matures. Collect $100.", 100),
    (CC, "hospital", "Pay hospital $100.", -100),
    (CC, "school-tax", "Pay school tax of $150.", -150),
    (CC, "receive-for-services", "Receive for services $25.", 25),
    (CC, "beauty-contest", "You have won second prize in a beauty contest. Collect $10.", 10),
    (CC, "inherit", "You inherit $100.", 100),
]


@pytest.mark.parametrize(("deck", "card_id", "text", "delta"), MONEY_CARDS,
                         ids=[c[1] for c in MONEY_CARDS])
def test_money_card(deck: int, card_id: str, text: str, delta: int) -> None:
    """"When you land on either of these spaces, take the top card from the deck indicated,
    follow the instructions and return the card face down to the bottom of the deck." (000);
    the card's printed text (the parameter `text`) says what the Bank pays or is paid."""
    assert BOARD.decks[deck][index(deck, card_id)].text == text
    square = 7 if deck == CH else 17
    g, events, before = draw_on(square, card_id)
    assert kinds(events) == ["dice", "move", "card", "payment"]
    if delta > 0:
        assert events[3] == Payment(None, 0, delta, card_id)  # paid by the Bank
    else:
        assert events[3] == Payment(0, None, -delta, card_id)  # paid to the Bank
    assert g.cash == [1500 + delta, 1500]
    assert g.bank_flow == -delta
    assert g.pos == [square, 0]
    assert g.pending.kind == "end_turn" and g.pending.player == 0
    to_bottom(g, deck, before)


def test_money_cards_from_the_other_squares() -> None:
    """"take the top card from the deck indicated" (000): every Chance square draws Chance,
    every Community Chest square draws Community Chest."""
    for square in (22, 36):
        g, _, before = draw_on(square, "dividend")
        assert g.cash[0] == 1550
        to_bottom(g, CH, before)
    g, _, before = draw_on(33, "inherit")
    assert g.cash[0] == 1600
    to_bottom(g, CC, before)
    g = setup(dice=[(1, 2)], pos=[39, 0], community_chest=["school-tax"])
    events = g.apply(Roll(0))  # square 2, passing GO
    assert kinds(events) == ["dice", "move", "payment", "card", "payment"]
    assert events[2] == Payment(None, 0, 200, SALARY)
    assert events[4] == Payment(0, None, 150, "school-tax")
    assert g.cash[0] == 1500 + 200 - 150


# -- advance to a square ----------------------------------------------------------------------

@pytest.mark.parametrize("square", [7, 22, 36])
def test_chance_advance_to_go(square: int) -> None:
    """Chance "Advance to Go (Collect $200)": "Each time a player's token lands on or passes
    over GO, whether by throwing the dice or drawing a card, the Banker pays him/her a $200
    salary." (000)."""
    g, events, before = draw_on(square, "advance-to-go")
    assert kinds(events) == ["dice", "move", "card", "move", "payment"]
    assert events[3] == Moved(0, square, 0, 40 - square, True, "card")
    assert salaries(events) == [200]
    assert g.pos == [0, 0] and g.cash == [1700, 1500]
    assert g.pending.kind == "end_turn"
    to_bottom(g, CH, before)


@pytest.mark.parametrize("square", [17, 33])
def test_community_chest_advance_to_go(square: int) -> None:
    """Community Chest "Advance to Go (Collect $200)": "Each time a player's token lands on or
    passes over GO, whether by throwing the dice or drawing a card, the Banker pays him/her a
    $200 salary." (000)."""
    g, events, before = draw_on(square, "advance-to-go")
    assert kinds(events) == ["dice", "move", "card", "move", "payment"]
    assert events[4] == Payment(None, 0, 200, SALARY)
    assert g.pos == [0, 0] and g.cash == [1700, 1500]
    to_bottom(g, CC, before)


@pytest.mark.parametrize(("square", "salary"), [(7, 0), (22, 0), (36, 200)])
def test_advance_to_illinois_unowned_may_be_bought(square: int, salary: int) -> None:
    """Chance "Advance to Illinois Ave.": "Whenever a card directs you to advance to any
    space, move forward, not backward." and "If you pass GO after drawing a Chance or
    Community Chest card directing you to move to another property, you collect $200" (004
    FAQ); "Whenever you land on an unowned property you may buy that property" (000)."""
    g, events, before = draw_on(square, "advance-to-illinois")
    assert events[3] == Moved(0, square, 24, (24 - square) % 40, bool(salary), "card")
    assert salaries(events) == ([salary] if salary else [])
    assert g.pos[0] == 24
    assert g.cash[0] == 1500 + salary
    assert g.pending.kind == "buy" and g.pending.player == 0
    to_bottom(g, CH, before)
    g.apply(Buy(0))
    assert g.owner[24] == 0 and g.cash[0] == 1500 + salary - 240
    assert g.pending.kind == "end_turn"


def test_advance_to_illinois_owned_pays_rent() -> None:
    """Chance "Advance to Illinois Ave."; "When you land on property owned by another player,
    the owner collects rent from you in accordance with the list printed on its Title Deed
    card." (000): Illinois unimproved, $20."""
    g, events, _ = draw_on(7, "advance-to-illinois", owners={24: 1})
    assert kinds(events) == ["dice", "move", "card", "move", "payment"]
    assert events[4] == Payment(0, 1, 20, "rent")
    assert g.cash == [1480, 1520]


@pytest.mark.parametrize(("square", "salary"), [(7, 0), (22, 200), (36, 200)])
def test_advance_to_st_charles(square: int, salary: int) -> None:
    """Chance "Advance to St. Charles Place. If you pass Go, collect $200." (card text)."""
    g, events, before = draw_on(square, "advance-to-st-charles", owners={11: 1})
    assert isinstance(events[3], Moved) and events[3].end == 11
    assert salaries(events) == ([salary] if salary else [])
    rent = [e for e in only(Payment, events) if e.payer is not None]
    assert [(e.amount, e.payee) for e in rent] == [(10, 1)]
    assert g.pos[0] == 11
    assert g.cash == [1500 + salary - 10, 1510]
    assert g.pending.kind == "end_turn"
    to_bottom(g, CH, before)


@pytest.mark.parametrize("square", [7, 22, 36])
def test_ride_on_the_reading_always_passes_go(square: int) -> None:
    """Chance "Take a ride on the Reading. If you pass Go, collect $200." (card text): from
    every Chance square the Reading is behind, so the token passes GO."""
    g, events, before = draw_on(square, "ride-on-reading")
    assert isinstance(events[3], Moved) and events[3].end == 5
    assert salaries(events) == [200]
    assert g.pos[0] == 5 and g.cash[0] == 1700
    assert g.pending.kind == "buy"
    to_bottom(g, CH, before)


def test_ride_on_the_reading_owned_pays_plain_rent() -> None:
    """Chance "Take a ride on the Reading" (card text) is not a nearest-Railroad card: the
    owner collects the printed rent ($25 for one railroad), not twice it."""
    g, events, _ = draw_on(7, "ride-on-reading", owners={5: 1})
    assert kinds(events) == ["dice", "move", "card", "move", "payment", "payment"]
    assert events[4] == Payment(None, 0, 200, SALARY)
    assert events[5] == Payment(0, 1, 25, "rent")
    assert g.cash == [1500 + 200 - 25, 1525]


@pytest.mark.parametrize("square", [7, 22, 36])
def test_walk_on_boardwalk(square: int) -> None:
    """Chance "Take a walk on the Board Walk. Advance token to Board Walk." (card text): no
    Chance square is beyond Boardwalk, so no salary."""
    g, events, before = draw_on(square, "walk-on-boardwalk")
    assert kinds(events) == ["dice", "move", "card", "move"]
    assert events[3] == Moved(0, square, 39, 39 - square, False, "card")
    assert g.pos[0] == 39 and g.cash[0] == 1500
    assert g.pending.kind == "buy"
    to_bottom(g, CH, before)


def test_walk_on_boardwalk_owned_pays_rent() -> None:
    """Chance "Advance token to Board Walk"; "the owner may then charge double rent for
    unimproved properties in that color-group" (000): Bob owns both dark blues, $100."""
    g, events, _ = draw_on(22, "walk-on-boardwalk", owners={37: 1, 39: 1})
    assert events[-1] == Payment(0, 1, 100, "rent")
    assert g.cash == [1400, 1600]


# -- nearest railroad -------------------------------------------------------------------------

NEAREST_RAILROAD = [(7, 15, 0), (22, 25, 0), (36, 5, 200)]


@pytest.mark.parametrize(("square", "railroad", "salary"), NEAREST_RAILROAD)
def test_nearest_railroad_unowned_may_be_bought(square: int, railroad: int,
                                                salary: int) -> None:
    """Chance "Advance token to the nearest Railroad ... If Railroad is unowned, you may buy
    it from the Bank." (card text): 7 -> Pennsylvania RR, 22 -> B. & O., 36 -> Reading
    (passing GO: "If you pass GO after drawing a Chance or Community Chest card directing you
    to move to another property, you collect $200" (004 FAQ))."""
    g, events, before = draw_on(square, "nearest-railroad")
    assert isinstance(events[3], Moved) and events[3].end == railroad
    assert salaries(events) == ([salary] if salary else [])
    assert g.pos[0] == railroad and g.cash[0] == 1500 + salary
    assert g.pending.kind == "buy" and g.pending.player == 0
    to_bottom(g, CH, before)
    g.apply(Buy(0))
    assert g.owner[railroad] == 0 and g.cash[0] == 1500 + salary - 200


@pytest.mark.parametrize(("square", "railroad", "salary"), NEAREST_RAILROAD)
def test_nearest_railroad_owned_pays_twice_the_rent(square: int, railroad: int,
                                                   salary: int) -> None:
    """Chance "Advance token to the nearest Railroad and pay owner twice the rental to which
    he is otherwise entitled." (card text): one railroad owned, $25 x 2 = $50."""
    g, events, _ = draw_on(square, "nearest-railroad", owners={railroad: 1})
    assert events[-1] == Payment(0, 1, 50, "rent")
    assert g.cash == [1500 + salary - 50, 1550]
    assert g.pending.kind == "end_turn"
    assert money_total(g) == 3000


def test_nearest_railroad_twice_the_rent_of_three_railroads() -> None:
    """"pay owner twice the rental to which he is otherwise entitled" (card text): Bob owns
    three railroads (rent $100), so $200."""
    g, events, _ = draw_on(22, "nearest-railroad", owners={5: 1, 15: 1, 25: 1})
    assert events[-1] == Payment(0, 1, 200, "rent")
    assert g.cash == [1300, 1700]


def test_nearest_railroad_mortgaged_or_own_pays_nothing() -> None:
    """"If the property is mortgaged, no rent can be collected." (000); a player's own railroad
    costs nothing."""
    g, events, _ = draw_on(7, "nearest-railroad", owners={15: 1}, mortgaged=[15])
    assert kinds(events) == ["dice", "move", "card", "move", "rent_waived"]
    assert events[4] == RentWaived(0, 1, 15, "mortgaged")
    assert g.cash == [1500, 1500] and g.pending.kind == "end_turn"
    g, events, _ = draw_on(7, "nearest-railroad", owners={15: 0, 5: 1})
    assert kinds(events) == ["dice", "move", "card", "move"]
    assert g.cash == [1500, 1500]


def test_both_nearest_railroad_cards_are_drawn_in_turn() -> None:
    """The Chance deck has "two 'advance to the nearest Railroad' cards" (reference README);
    each goes to the bottom when drawn: "return the card face down to the bottom of the deck"
    (000)."""
    g = setup(dice=[(3, 4), (1, 2), (1, 3)], pos=[0, 18], owners={15: 1, 25: 0},
              chance=["nearest-railroad", "nearest-railroad"])
    before = list(g.decks[CH])
    (railroad,) = BOARD.card_index(CH, "nearest-railroad")
    assert before[:2] == [railroad, railroad]
    assert before.count(railroad) == 2
    g.apply(Roll(0))  # 7 -> Pennsylvania RR (Bob's, 1 railroad): $50
    assert g.pos[0] == 15 and g.cash == [1450, 1550]
    g.apply(EndTurn(0))
    g.apply(Roll(1))  # Bob from 18 to 21 (Kentucky, unowned)
    g.apply(Decline(1))
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(EndTurn(1))
    g.pos[0] = 18  # test shortcut: put Ann in front of Chance 22 again
    g.apply(Roll(0))  # 22 -> B. & O. (Ann's own): nothing
    assert g.pos[0] == 25 and g.cash == [1450, 1550]
    assert g.decks[CH] == before[2:] + before[:2]


# -- nearest utility --------------------------------------------------------------------------

NEAREST_UTILITY = [(7, 12, 0), (22, 28, 0), (36, 12, 200)]


@pytest.mark.parametrize(("square", "utility", "salary"), NEAREST_UTILITY)
def test_nearest_utility_unowned_may_be_bought(square: int, utility: int, salary: int) -> None:
    """Chance "Advance token to nearest Utility. If unowned, you may buy it from the Bank."
    (card text): 7 -> Electric Company, 22 -> Water Works, 36 -> Electric Company (passing
    GO, $200)."""
    g, events, before = draw_on(square, "nearest-utility", more_dice=[(6, 6)])
    assert kinds(events) == ["dice", "move", "card", "move"] + (["payment"] if salary else [])
    assert isinstance(events[3], Moved) and events[3].end == utility
    assert g.pos[0] == utility and g.cash[0] == 1500 + salary
    assert g.pending.kind == "buy"
    assert g.dice_script == [(6, 6)]  # no throw for an unowned utility
    to_bottom(g, CH, before)
    g.apply(Buy(0))
    assert g.owner[utility] == 0 and g.cash[0] == 1500 + salary - 150


@pytest.mark.parametrize(("square", "utility", "salary"), NEAREST_UTILITY)
@pytest.mark.parametrize("owned", ["one", "both"])
def test_nearest_utility_owned_pays_ten_times_a_fresh_throw(square: int, utility: int,
                                                           salary: int, owned: str) -> None:
    """Chance "If owned, throw dice and pay owner a total ten times the amount thrown." (card
    text): a fresh throw (2+5 = 7, not the 3+4 or 1+2 that reached Chance), times ten
    whether the owner has one utility or both."""
    owners = {utility: 1} if owned == "one" else {12: 1, 28: 1}
    g, events, before = draw_on(square, "nearest-utility", more_dice=[(2, 5)], owners=owners)
    tail = events[3:]
    assert kinds(tail) == ["move"] + (["payment"] if salary else []) + ["dice", "payment"]
    assert tail[-2] == DiceThrown(0, (2, 5), False, "utility")
    assert tail[-1] == Payment(0, 1, 70, "rent")
    assert g.cash == [1500 + salary - 70, 1570]
    assert g.dice == (2, 5)
    assert g.pending.kind == "end_turn"
    to_bottom(g, CH, before)


def test_nearest_utility_fresh_doubles_do_not_give_another_throw() -> None:
    """"If you throw doubles ... throw again" (000) is about the move; the utility card's
    throw only sets the rent: 6+6 -> $120, and the turn ends."""
    g, events, _ = draw_on(7, "nearest-utility", more_dice=[(6, 6)], owners={12: 1})
    assert events[-1] == Payment(0, 1, 120, "rent")
    assert g.cash == [1380, 1620]
    assert g.pending.kind == "end_turn"


def test_nearest_utility_mortgaged_or_own_pays_nothing() -> None:
    """"No rent can be collected on mortgaged properties or utilities" (000); nothing is
    thrown when nothing is owed."""
    g, events, _ = draw_on(7, "nearest-utility", more_dice=[(2, 5)], owners={12: 1},
                           mortgaged=[12])
    assert kinds(events) == ["dice", "move", "card", "move", "rent_waived"]
    assert events[4] == RentWaived(0, 1, 12, "mortgaged")
    assert g.cash == [1500, 1500] and g.dice_script == [(2, 5)]
    g, events, _ = draw_on(22, "nearest-utility", more_dice=[(2, 5)], owners={28: 0, 12: 1})
    assert kinds(events) == ["dice", "move", "card", "move"]
    assert g.cash == [1500, 1500]


# -- go back 3 ---------------------------------------------------------------------------------

def test_go_back_3_from_7_to_income_tax() -> None:
    """Chance "Go back 3 spaces" (card text): from 7 to Income Tax, which must be paid: "If you
    land here you have two options" (000)."""
    g, events, before = draw_on(7, "go-back-3")
    assert kinds(events) == ["dice", "move", "card", "move"]
    assert events[3] == Moved(0, 7, 4, -3, False, "card")
    assert g.pos[0] == 4
    assert g.pending.kind == "tax" and g.pending.player == 0
    to_bottom(g, CH, before)
    events = g.apply(ChooseTax(0, False))
    assert events == [Payment(0, None, 200, "income tax")]
    assert g.cash[0] == 1300
    assert g.pending.kind == "end_turn"


def test_go_back_3_from_22_to_new_york_avenue() -> None:
    """Chance "Go back 3 spaces" (card text): from 22 to New York Avenue, whose owner collects
    rent ($16 unimproved)."""
    g, events, before = draw_on(22, "go-back-3", owners={19: 1})
    assert kinds(events) == ["dice", "move", "card", "move", "payment"]
    assert isinstance(events[3], Moved) and events[3].end == 19
    assert events[4] == Payment(0, 1, 16, "rent")
    assert g.cash == [1484, 1516]
    to_bottom(g, CH, before)


def test_go_back_3_from_22_unowned_new_york_may_be_bought() -> None:
    """Chance "Go back 3 spaces"; "Whenever you land on an unowned property you may buy that
    property from the Bank at its printed price." (000)."""
    g, _, _ = draw_on(22, "go-back-3")
    assert g.pos[0] == 19 and g.pending.kind == "buy"
    g.apply(Buy(0))
    assert g.owner[19] == 0 and g.cash[0] == 1300


def test_go_back_3_from_36_to_community_chest_draws_again() -> None:
    """Chance "Go back 3 spaces" (card text): from 36 to Community Chest 33, where the player
    "take[s] the top card from the deck indicated, follow[s] the instructions and return[s] the
    card face down to the bottom of the deck" (000); moving back never collects a salary."""
    g = setup(dice=[(1, 2)], pos=[33, 0], chance=["go-back-3"], community_chest=["bank-error"])
    ch, cc = list(g.decks[CH]), list(g.decks[CC])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "card", "move", "card", "payment"]
    assert events[3] == Moved(0, 36, 33, -3, False, "card")
    assert isinstance(events[4], CardDrawn) and events[4].card == "bank-error"
    assert events[4].deck == "community_chest" and events[4].player == 0
    assert events[5] == Payment(None, 0, 200, "bank-error")
    assert g.pos[0] == 33 and g.cash[0] == 1700
    assert g.pending.kind == "end_turn"
    to_bottom(g, CH, ch)
    to_bottom(g, CC, cc)


def test_go_back_3_to_community_chest_then_advance_to_go() -> None:
    """Chance "Go back 3 spaces" to Community Chest, then "Advance to Go (Collect $200)": a
    single salary, for reaching GO."""
    g, events, _ = draw_on(36, "go-back-3", community_chest=["advance-to-go"])
    assert salaries(events) == [200]
    assert g.pos[0] == 0 and g.cash[0] == 1700


# -- go to jail and get out of jail free --------------------------------------------------------

@pytest.mark.parametrize("square", [7, 22, 36, 17, 33])
def test_go_to_jail_card(square: int) -> None:
    """"Go to Jail. Go directly to Jail. Do not pass Go, do not collect $200." (card text);
    "You land in Jail when: ... you draw a card marked 'Go to Jail'" and "Your turn ends when
    you are sent to Jail." (000)."""
    g, events, before = draw_on(square, "go-to-jail")
    assert kinds(events) == ["dice", "move", "card", "jail"]
    assert events[3] == Jailed(0, 10, "card")
    assert g.pos[0] == 10 and g.jailed[0] and g.jail_turns[0] == 0
    assert g.cash == [1500, 1500]
    assert g.pending.kind == "end_turn"
    to_bottom(g, DECK_OF[square], before)


def test_go_to_jail_card_after_doubles_ends_the_turn() -> None:
    """"Your turn ends when you are sent to Jail." (000): no throw again after the doubles."""
    g = setup(dice=[(2, 2), (1, 2)], pos=[3, 0], chance=["go-to-jail"])
    g.apply(Roll(0))
    assert g.jailed[0] and g.pending.kind == "end_turn"
    assert_illegal(g, Roll(0))


@pytest.mark.parametrize("square", [7, 17])
def test_get_out_of_jail_free_is_kept(square: int) -> None:
    """"Get out of Jail Free. This card may be kept until needed or sold." (card text); "The
    'Get Out of Jail Free' card is held until used" (000): it leaves the deck."""
    deck = DECK_OF[square]
    g, events, before = draw_on(square, "get-out-of-jail-free")
    assert kinds(events) == ["dice", "move", "card", "keep_card"]
    assert events[3] == JailCardKept(0, DECK_KEY[deck])
    assert g.cards == [[(deck, index(deck, "get-out-of-jail-free"))], []]
    assert g.decks[deck] == before[1:]
    assert len(g.decks[deck]) == 15
    assert g.cash == [1500, 1500]
    assert g.pending.kind == "end_turn"


def test_get_out_of_jail_free_returns_to_the_bottom_when_used() -> None:
    """"The 'Get Out of Jail Free' card is held until used and then returned to the bottom of
    the deck." (000): drawn, kept while another card is drawn, used, put under that one."""
    g = setup(dice=[(1, 3), (3, 4), (4, 4), (1, 2), (2, 3)], pos=[18, 0],
              chance=["get-out-of-jail-free", "dividend"])
    start = list(g.decks[CH])
    card = index(CH, "get-out-of-jail-free")
    assert start[0] == card
    g.apply(Roll(0))  # Ann: Chance 22, keeps the card
    assert g.cards[0] == [(CH, card)] and g.decks[CH] == start[1:]
    g.apply(EndTurn(0))
    g.apply(Roll(1))  # Bob: Chance 7, dividend
    assert g.cash[1] == 1550
    assert g.decks[CH] == [*start[2:], start[1]]
    g.apply(EndTurn(1))
    g.apply(Roll(0))  # Ann: 4+4 from 22 to Go To Jail
    assert g.jailed[0] and g.pending.kind == "end_turn"
    g.apply(EndTurn(0))
    g.apply(Roll(1))  # Bob: 7 -> 10, Just Visiting
    g.apply(EndTurn(1))
    assert g.pending.kind == "jail" and g.pending.player == 0
    assert UseJailCard(0) in g.legal_actions(0)
    events = g.apply(UseJailCard(0))
    assert events == [LeftJail(0, "card")]
    assert g.cards[0] == []
    assert g.decks[CH] == [*start[2:], start[1], card]
    assert not g.jailed[0] and g.cash[0] == 1500
    assert g.pending.kind == "roll"
    g.apply(Roll(0))
    assert g.pos[0] == 15


def test_jail_card_used_goes_under_its_own_deck() -> None:
    """"The 'Get Out of Jail Free' card is held until used and then returned to the bottom of
    the deck." (000): a Chance card under Chance, a Community Chest card under Community Chest.
    """
    g = setup(jailed={0: 0}, jail_cards={0: ["community_chest", "chance"]}, dice=[(1, 2)])
    ch, cc = list(g.decks[CH]), list(g.decks[CC])
    assert len(ch) == 15 and len(cc) == 15
    g.apply(UseJailCard(0))
    assert g.decks[CC] == [*cc, index(CC, "get-out-of-jail-free")]
    assert g.decks[CH] == ch
    assert g.cards[0] == [(CH, index(CH, "get-out-of-jail-free"))]


# -- repairs ------------------------------------------------------------------------------------

BUILT = {
    "owners": {6: 0, 8: 0, 9: 0, 37: 0, 39: 0, 1: 1, 3: 1},
    "levels": {6: 2, 8: 3, 9: 3, 37: 5, 39: 5, 1: 4, 3: 4},
}


def test_general_repairs() -> None:
    """Chance "Make general repairs on all your property: For each house pay $25, For each
    hotel pay $100" (card text); "When assessed for street repairs, pay for all houses and
    hotels you own on the entire board at that time." (004 FAQ): 8 houses and 2 hotels =
    $200 + $200; Bob's 8 houses do not count."""
    g, events, before = draw_on(7, "general-repairs", **BUILT)
    assert g.buildings_of(0) == (8, 2)
    assert kinds(events) == ["dice", "move", "card", "payment"]
    assert events[3] == Payment(0, None, 400, "general-repairs")
    assert g.cash == [1100, 1500]
    to_bottom(g, CH, before)


def test_street_repairs() -> None:
    """Community Chest "You are assessed for street repairs: $40 per house, $115 per hotel."
    (card text): 8 houses and 2 hotels = $320 + $230."""
    g, events, before = draw_on(17, "street-repairs", **BUILT)
    assert kinds(events) == ["dice", "move", "card", "payment"]
    assert events[3] == Payment(0, None, 550, "street-repairs")
    assert g.cash == [950, 1500]
    to_bottom(g, CC, before)


def test_repairs_count_a_hotel_as_one_hotel() -> None:
    """"pay for all houses and hotels you own on the entire board at that time" (004 FAQ): a
    hotel is one hotel ($115), not five houses; one house on each of three oranges plus a
    hotel = 3 x $40 + $115 (and the reds: 8 x $40)."""
    g, events, _ = draw_on(33, "street-repairs",
                           owners={16: 0, 18: 0, 19: 0, 21: 0, 23: 0, 24: 0},
                           levels={16: 1, 18: 1, 19: 1, 21: 4, 23: 4, 24: 5})
    assert events[-1] == Payment(0, None, (3 + 8) * 40 + 115, "street-repairs")
    assert g.cash[0] == 1500 - 555


@pytest.mark.parametrize(("square", "card_id"), [(22, "general-repairs"),
                                                 (17, "street-repairs")])
def test_repairs_without_buildings_cost_nothing(square: int, card_id: str) -> None:
    """"For each house pay $25, For each hotel pay $100" (card text): no buildings, nothing to
    pay (deeds alone are not assessed)."""
    g, events, before = draw_on(square, card_id, owners={1: 0, 3: 0, 5: 0})
    assert kinds(events) == ["dice", "move", "card"]
    assert g.cash == [1500, 1500]
    to_bottom(g, DECK_OF[square], before)


# -- money between players ----------------------------------------------------------------------

def test_chairman_of_the_board_two_players() -> None:
    """Chance "You have been elected Chairman of the Board. Pay each player $50." (card
    text)."""
    g, events, before = draw_on(7, "chairman-of-the-board")
    assert kinds(events) == ["dice", "move", "card", "payment"]
    assert events[3] == Payment(0, 1, 50, "chairman-of-the-board")
    assert g.cash == [1450, 1550]
    assert g.bank_flow == 0
    to_bottom(g, CH, before)


def test_chairman_of_the_board_four_players() -> None:
    """"Pay each player $50." (card text); "cards that move money between players move exactly
    the printed amount per player" (reference README): $150 out, $50 to each."""
    g, events, _ = draw_on(36, "chairman-of-the-board", players=("Ann", "Bob", "Cy", "Di"))
    pays = only(Payment, events)
    assert [(e.payer, e.payee, e.amount) for e in pays] == [(0, 1, 50), (0, 2, 50), (0, 3, 50)]
    assert g.cash == [1350, 1550, 1550, 1550]
    assert money_total(g) == 6000 and g.bank_flow == 0


def test_chairman_skips_players_out_of_the_game() -> None:
    """"Pay each player $50" (card text): each player still in the game."""
    g = setup(("Ann", "Bob", "Cy"), dice=[(3, 4)], chance=["chairman-of-the-board"])
    g.alive[1] = False
    g.apply(Roll(0))
    assert g.cash == [1450, 1500, 1550]


def test_grand_opera_two_players() -> None:
    """Community Chest "Grand Opera Opening. Collect $50 from every player for opening night
    seats." (card text)."""
    g, events, before = draw_on(17, "grand-opera")
    assert kinds(events) == ["dice", "move", "card", "payment"]
    assert events[3] == Payment(1, 0, 50, "grand-opera")
    assert g.cash == [1550, 1450]
    to_bottom(g, CC, before)


def test_grand_opera_four_players() -> None:
    """"Collect $50 from every player" (card text); "cards that move money between players move
    exactly the printed amount per player" (reference README): $150 in, $50 from each, from the
    drawer's left."""
    g, events, _ = draw_on(33, "grand-opera", players=("Ann", "Bob", "Cy", "Di"))
    pays = only(Payment, events)
    assert [(e.payer, e.payee, e.amount) for e in pays] == [(1, 0, 50), (2, 0, 50), (3, 0, 50)]
    assert g.cash == [1650, 1450, 1450, 1450]
    assert money_total(g) == 6000 and g.bank_flow == 0


def test_grand_opera_from_a_player_short_of_cash() -> None:
    """"Collect $50 from every player" (card text): a player without $50 in cash raises it
    ("Unimproved properties can be mortgaged through the Bank at any time", 000) and pays the
    full $50; the next player pays after."""
    g, events, _ = draw_on(17, "grand-opera", players=("Ann", "Bob", "Cy"),
                           cash=[1500, 30, 1500], owners={1: 1})
    assert g.pending.kind == "raise_funds" and g.pending.player == 1
    assert g.cash == [1500, 30, 1500]
    assert events[-1] == Debt(1, 0, 50, "grand-opera")
    assert_illegal(g, EndTurn(0))
    events = g.apply(Mortgage(1, 1))  # Mediterranean: $30
    pays = [(e.payer, e.payee, e.amount) for e in only(Payment, events) if e.payer is not None]
    assert pays == [(1, 0, 50), (2, 0, 50)]
    assert g.cash == [1600, 10, 1450]
    assert g.pending.kind == "end_turn" and g.pending.player == 0


# -- the decks ----------------------------------------------------------------------------------

def play_draws(g: Game, count: int, start: int, dice: tuple[int, int]) -> list[str]:
    """Players take turns throwing `dice` from `start` (a test shortcut puts the token there
    before each throw) onto a card square; returns the ids drawn. Jailed players pay the fine,
    taxes are paid flat."""
    drawn: list[str] = []
    for _ in range(count):
        p = g.pending.player
        if g.pending.kind == "jail":
            g.apply(PayJailFine(p))
        assert g.pending.kind == "roll"
        g.pos[p] = start
        g.dice_script.insert(0, dice)
        events = g.apply(Roll(p))
        while g.pending.kind != "end_turn":
            assert g.pending.kind == "tax", g.pending.kind
            events += g.apply(ChooseTax(p, False))
        drawn += [e.card for e in only(CardDrawn, events)]
        g.apply(EndTurn(p))
    return drawn


def test_community_chest_never_reshuffled() -> None:
    """"Once a Chance or Community Chest card has been drawn, it is placed, face down at the
    bottom of the pack. The pack is never reshuffled during a game." (004): 16 draws go through
    the deck in order and leave it as it was — but for the Get Out of Jail Free card, which the
    drawer keeps ("held until used", 000)."""
    g = setup(cash=[100000, 100000], owners=dict.fromkeys(ALL_DEEDS, 0))
    start = list(g.decks[CC])
    drawn = play_draws(g, 16, 10, (3, 4))
    assert drawn == [BOARD.decks[CC][i].id for i in start]
    goojf = index(CC, "get-out-of-jail-free")
    assert g.decks[CC] == [i for i in start if i != goojf]
    holder = start.index(goojf) % 2
    assert g.cards[holder] == [(CC, goojf)] and g.cards[1 - holder] == []


def test_chance_never_reshuffled() -> None:
    """"The pack is never reshuffled during a game." (004): with its Get Out of Jail Free card
    held by Bob, 15 Chance draws (every effect in the deck) leave the order exactly as it was,
    and the 16th draw is the first card again."""
    g = setup(cash=[100000, 100000], owners=dict.fromkeys(ALL_DEEDS, 0),
              jail_cards={1: ["chance"]})
    start = list(g.decks[CH])
    assert len(start) == 15
    drawn = play_draws(g, 15, 0, (3, 4))
    assert drawn == [BOARD.decks[CH][i].id for i in start]
    assert g.decks[CH] == start
    assert play_draws(g, 1, 0, (3, 4)) == [BOARD.decks[CH][start[0]].id]


def test_card_goes_to_the_bottom_other_cards_keep_their_order() -> None:
    """"take the top card from the deck indicated, follow the instructions and return the card
    face down to the bottom of the deck." (000): whatever card is on top (ten shuffles)."""
    for seed in range(10):
        g = setup(dice=[(3, 4)], seed=seed)
        before, other = list(g.decks[CH]), list(g.decks[CC])
        g.apply(Roll(0))
        if BOARD.decks[CH][before[0]].id == "get-out-of-jail-free":
            assert g.decks[CH] == before[1:]
        else:
            assert g.decks[CH] == before[1:] + before[:1]
        assert g.decks[CC] == other


def test_illegal_actions_around_cards() -> None:
    """"The 'Get Out of Jail Free' card is held until used" (000): it is for the jail, not to
    be played on a free player's turn; a player asked to buy after a card must buy or decline
    before throwing again."""
    g, _, _ = draw_on(7, "get-out-of-jail-free")
    assert g.pending.kind == "end_turn"
    assert_illegal(g, UseJailCard(0))
    assert_illegal(g, Roll(0))
    g, _, _ = draw_on(7, "walk-on-boardwalk", more_dice=[(1, 1)])
    assert g.pending.kind == "buy"
    assert_illegal(g, Roll(0))
    assert_illegal(g, Buy(1))
    assert_illegal(g, ChooseTax(0, False))


def test_card_move_after_doubles_still_throws_again() -> None:
    """"If you throw doubles, you move your token as usual ... and are subject to any
    privileges or penalties pertaining to the space on which you land. Retaining the dice,
    throw again" (000): a card that moves the token does not cancel the second throw (only
    jail does)."""
    g = setup(dice=[(2, 2), (1, 2)], pos=[3, 0], chance=["advance-to-go"])
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "card", "move", "payment"]
    assert events[4] == Payment(None, 0, 200, SALARY)
    assert g.pos[0] == 0 and g.cash[0] == 1700

    assert g.pending.kind == "roll" and g.pending.player == 0
    g.apply(Roll(0))
    assert g.pos[0] == 3


def test_go_back_3_to_income_tax_after_doubles_then_throw_again() -> None:
    """Chance "Go back 3 spaces" to Income Tax on a doubles throw: the tax choice comes first,
    then "Retaining the dice, throw again" (000)."""
    g = setup(dice=[(2, 2), (1, 2)], pos=[3, 0], chance=["go-back-3"])
    g.apply(Roll(0))
    assert g.pos[0] == 4 and g.pending.kind == "tax"
    g.apply(ChooseTax(0, True))
    assert g.cash[0] == 1350
    assert g.pending.kind == "roll"


def test_chairman_and_grand_opera_with_eight_players() -> None:
    """"Pay each player $50." / "Collect $50 from every player" (card texts), with the most
    players the game allows: $350 either way."""
    names = [f"P{i}" for i in range(8)]
    g, _, _ = draw_on(7, "chairman-of-the-board", players=names)
    assert g.cash == [1150] + [1550] * 7
    g, _, _ = draw_on(17, "grand-opera", players=names)
    assert g.cash == [1850] + [1450] * 7
    assert money_total(g) == 12000
