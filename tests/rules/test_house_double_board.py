"""House rule Double board (004): the US and the UK board joined at Free Parking or GO, gone
round in a figure eight.

Rule text: "Double board" in /work/shared/rules/004_109ac7f621e3664c.txt; each test quotes the
sentence it checks. Squares 0-39 are the edition's (US) board, 40-79 the UK board in the same
order: 40 GO (UK), 41 Old Kent Road, 44 Income Tax (UK), 47 Chance (UK), 50 Jail (UK), 55
Marylebone Station, 60 Free Parking (UK), 70 Go To Jail (UK), 76 Chance (UK), 78 Super Tax.
"""

from __future__ import annotations

import pytest

from passgo.core import DataError, Game, Rules
from passgo.core.actions import Build, EnterBoard, Roll
from passgo.core.decisions import EnterBoardDecision
from passgo.core.events import BoardEntered, DoubledUp
from passgo.core.position import PositionError, position_to_toml
from passgo.core.serialize import state_dict
from passgo.narrate import describe_action, explain, question, sentences
from support import assert_illegal, money_total, positions_round_trip, salaries, setup

AT_FREE_PARKING = Rules.classic().with_options(double_board="free_parking")
AT_GO = Rules.classic().with_options(double_board="go")
LOCAL = AT_FREE_PARKING.with_options(double_board_local_cards=True)
THREE = ("Ann", "Bob", "Cat")
UK = 40  # the UK board's squares follow the US board's


def test_passing_the_shared_square_crosses_to_the_other_board() -> None:
    """"Players go around both boards in a figure eight pattern." From US 18 a throw of 5
    passes Free Parking and ends on the UK's Fleet Street (63); from the UK's 78 a throw of 3
    passes the UK's GO (salary) and ends on Old Kent Road (41), still on the UK board."""
    g = setup(rules=AT_FREE_PARKING, dice=[(3, 2)], pos=[18, 0])
    g.apply(Roll(0))
    assert g.pos[0] == UK + 23
    g = setup(rules=AT_FREE_PARKING, dice=[(1, 2)], pos=[78, 0])
    events = g.apply(Roll(0))
    assert g.pos[0] == UK + 1 and g.cash[0] == 1700 and len(salaries(events)) == 1


@pytest.mark.parametrize(("entrance", "end"), [(20, 23), (UK + 20, UK + 23)])
def test_landing_on_the_shared_square_chooses_the_board(entrance: int, end: int) -> None:
    """"When a player lands on the overlapping space, he or she may choose which board to enter
    next." Ann throws doubles onto Free Parking, chooses a board, and her next throw goes on
    along it; only her choice of one of the two entrances is legal."""
    g = setup(rules=AT_FREE_PARKING, dice=[(1, 1), (1, 2)], pos=[18, 0])
    g.apply(Roll(0))
    assert g.pending == EnterBoardDecision(0, (20, UK + 20))
    assert_illegal(g, EnterBoard(0, 5))
    assert_illegal(g, EnterBoard(1, entrance))  # not Bob's to choose
    assert g.apply(EnterBoard(0, entrance)) == [BoardEntered(0, entrance)]
    assert Game.from_json(g.to_json()).pos == g.pos  # the choice replays from the history
    g.apply(Roll(0))
    assert g.pos[0] == end


def test_landing_on_a_shared_go_pays_and_chooses() -> None:
    """With GO overlapping ("have either Free Parking or Go overlapping"), a token that lands
    on GO collects the salary once and chooses the board it enters next."""
    g = setup(rules=AT_GO, dice=[(1, 2)], pos=[37, 0])
    events = g.apply(Roll(0))
    assert g.pos[0] == 0 and len(salaries(events)) == 1
    assert g.pending == EnterBoardDecision(0, (0, UK))


def test_a_card_onto_the_shared_square_chooses_too() -> None:
    """"When a player lands on the overlapping space, he or she may choose which board to enter
    next", however the token got there: Advance to GO from the UK's Chance on 76, GO being
    shared, reaches the shared GO (its UK index, 40), pays the salary and asks the choice."""
    g = setup(rules=AT_GO, dice=[(1, 2)], pos=[UK + 33, 0], chance=["advance-to-go"])
    events = g.apply(Roll(0))
    assert g.pos[0] == UK and len(salaries(events)) == 1
    assert g.pending == EnterBoardDecision(0, (0, UK))
    g.apply(EnterBoard(0, 0))
    assert g.pos[0] == 0 and g.pending.kind == "end_turn"


def test_the_shared_square_is_one_square_for_doubling_up() -> None:
    """With Doubling up ("When a player's token lands on a space already occupied by another
    player, the player moves his or her token backwards to Go"): Bob entered the US board on
    Free Parking (20); Ann reaches it along the UK board (its index 60) and is on his square,
    so she goes back to the GO of her board (40), and chooses no board."""
    g = setup(rules=AT_FREE_PARKING.with_options(doubling_up=True), dice=[(1, 2)],
              pos=[UK + 17, 20])
    events = g.apply(Roll(0))
    assert DoubledUp(0, UK + 20) in events
    assert g.pos[0] == UK and g.pending.kind == "end_turn"


@pytest.mark.parametrize(("start", "jail"), [(26, 10), (UK + 26, UK + 10)])
def test_jail_is_on_the_board_the_player_was_on(start: int, jail: int) -> None:
    """"When a player is sent to jail, he or she is sent to the jail on the board that they
    were occupying before going to jail." Go To Jail on each board leads to its own jail."""
    g = setup(rules=AT_FREE_PARKING, dice=[(1, 3)], pos=[start, 0])
    g.apply(Roll(0))
    assert g.pos[0] == jail and g.jailed[0]


def test_the_go_to_jail_card_uses_the_jail_of_the_board() -> None:
    """"he or she is sent to the jail on the board that they were occupying": a Go to Jail
    card drawn on the UK's Chance sends Ann to the UK jail."""
    g = setup(rules=AT_FREE_PARKING, dice=[(1, 2)], pos=[UK + 4, 0], chance=["go-to-jail"])
    g.apply(Roll(0))
    assert g.pos[0] == UK + 10 and g.jailed[0]


@pytest.mark.parametrize(("rules", "start"), [(AT_FREE_PARKING, UK + 33), (AT_GO, 33)])
def test_a_card_to_a_named_property_may_pass_go_twice(rules: Rules, start: int) -> None:
    """"A player advancing to a named property as per instructions on a card may pass Go
    twice, collecting $400." The card names St. Charles Place (11) of the US board: from the
    UK's Chance (Free Parking shared) the trip passes the UK's GO and the US GO; from the US
    Chance on 36 (GO shared) it passes the shared GO twice, going round the UK board between."""
    g = setup(rules=rules, dice=[(1, 2)], pos=[start, 0], chance=["advance-to-st-charles"])
    total = money_total(g)
    events = g.apply(Roll(0))
    assert g.pos[0] == 11 and g.cash[0] == 1900 and len(salaries(events)) == 2
    assert money_total(g) == total  # the Bank paid it


def test_advance_to_go_goes_to_the_next_go() -> None:
    """Advance to GO names no property (the double salary is for "a named property"): from the
    UK's Chance on 76 it goes to the UK's GO, the next GO along the figure eight, once paid."""
    g = setup(rules=AT_FREE_PARKING, dice=[(1, 2)], pos=[UK + 33, 0], chance=["advance-to-go"])
    events = g.apply(Roll(0))
    assert g.pos[0] == UK and len(salaries(events)) == 1 and g.cash[0] == 1700


def test_the_nearest_railroad_counts_the_railroads_of_its_board() -> None:
    """"Two boards, such as a standard board and an English board": each board keeps its own
    railroads. From the UK's Chance on 47 the nearest railroad is Marylebone Station (55);
    Bob owns it and two US railroads, so its rent is that of one railroad, $25, doubled."""
    g = setup(rules=AT_FREE_PARKING, dice=[(1, 2)], pos=[UK + 4, 0],
              owners={UK + 15: 1, 5: 1, 15: 1}, chance=["nearest-railroad"])
    g.apply(Roll(0))
    assert g.pos[0] == UK + 15 and g.cash == [1450, 1550]


def test_colour_groups_are_per_board() -> None:
    """"Two boards, such as a standard board and an English board": the US browns and the UK
    browns are two groups. Bob owns both US browns and Old Kent Road: Ann pays the single rent
    ($2) on Old Kent Road, and Bob may build on the US browns only."""
    g = setup(rules=AT_FREE_PARKING, dice=[(1, 2)], pos=[UK + 38, 0],
              owners={1: 1, 3: 1, UK + 1: 1})
    g.apply(Roll(0))
    assert g.pos[0] == UK + 1 and g.cash == [1500 + 200 - 2, 1502]
    assert Build(1, 1) in g.legal_actions(1)
    assert_illegal(g, Build(1, UK + 1))


def test_each_board_brings_its_bank_of_buildings() -> None:
    """"Two boards, such as a standard board and an English board": each comes with its
    houses and hotels, so the Bank holds 64 houses and 24 hotels."""
    g = setup(rules=AT_FREE_PARKING)
    assert (g.bank.houses, g.bank.hotels) == (64, 24)


@pytest.mark.parametrize(("rules", "cat", "cash"), [
    (LOCAL, UK + 5, [1450, 1550, 1500]),
    (LOCAL, UK + 20, [1400, 1550, 1550]),  # the shared square is on both boards
    (AT_FREE_PARKING, UK + 5, [1400, 1550, 1550]),
])
def test_cards_for_all_players_concern_the_board_of_the_drawer(
        rules: Rules, cat: int, cash: list[int]) -> None:
    """Variation: "Cards which affect all players or all properties, such as 'pay all players
    $50' or 'building repairs', only affect the properties and the players on the same board
    as the affected player." Ann (US) pays each player $50: with the variation, Cat on the UK
    board is not paid, unless she stands on the square both boards share."""
    g = setup(THREE, rules=rules, dice=[(1, 2)], pos=[4, 1, cat],
              chance=["chairman-of-the-board"])
    g.apply(Roll(0))
    assert g.cash == cash


@pytest.mark.parametrize(("rules", "paid"), [(LOCAL, 50), (AT_FREE_PARKING, 100)])
def test_building_repairs_count_the_buildings_of_the_board(rules: Rules, paid: int) -> None:
    """Variation: "'building repairs', only affect the properties ... on the same board as the
    affected player." Ann has a house on each brown of both boards; general repairs ($25 a
    house) drawn on the US board charge her two houses, four without the variation."""
    browns = {1: 0, 3: 0, UK + 1: 0, UK + 3: 0}
    g = setup(rules=rules, dice=[(1, 2)], pos=[4, 0], owners=browns,
              levels=dict.fromkeys(browns, 1), chance=["general-repairs"])
    g.apply(Roll(0))
    assert g.cash[0] == 1500 - paid


def test_going_back_stays_on_the_board_and_the_uk_tax_is_flat() -> None:
    """"Players go around both boards in a figure eight pattern": Go back three spaces from
    the UK's Chance on 47 goes back along the UK board, to its Income Tax (44), which, as on
    the English board, is a flat £200 with no 10 % option."""
    g = setup(rules=AT_FREE_PARKING, dice=[(1, 2)], pos=[UK + 4, 0], chance=["go-back-3"])
    g.apply(Roll(0))
    assert g.pos[0] == UK + 4 and g.cash[0] == 1300 and g.pending.kind == "end_turn"


@pytest.mark.parametrize(("options", "words"), [
    (dict(double_board="go", edition="uk"), "edition uk"),
    (dict(double_board_local_cards=True), "double_board off"),
    (dict(double_board="free_parking", tax_man=True), "tax_man"),
    (dict(double_board="corner"), "double_board"),
])
def test_combinations_without_meaning_are_refused(options: dict[str, object],
                                                  words: str) -> None:
    """The second board is "an English board"; the variation belongs to double board; the
    Bank's tax man has nobody to choose "which board to enter next"."""
    with pytest.raises(DataError, match=words) as refused:
        Rules.classic().with_options(**options)
    assert "\n" not in str(refused.value)


def test_positions_of_a_double_board_export_and_import() -> None:
    """"When a player is sent to jail, he or she is sent to the jail on the board that they
    were occupying": a position may hold a player in the UK jail (50) and tokens anywhere on
    either board; export then import gives the same game, and a jailed player off both jails
    is refused naming the jail of the board the token is on."""
    jail = 'position = "Jail / Just Visiting (UK)"'
    text = position_to_toml(setup(rules=LOCAL, pos=[UK + 10, UK + 37],
                                  owners={UK + 39: 1, 39: 0}).position())
    assert jail in text and 'position = "Park Lane"' in text and "Mayfair" in text
    text = text.replace(jail, jail + "\nin_jail = true", 1)
    g = Game.from_position(text)
    assert g.jailed[0] and g.pos == [UK + 10, UK + 37] and g.owner_of(UK + 39) == 1
    again = Game.from_position(position_to_toml(g.position()))
    assert state_dict(again) == state_dict(g)
    with pytest.raises(PositionError, match=r"jail square \('Jail / Just Visiting \(UK\)'\)"):
        Game.from_position(text.replace(jail, 'position = "Marylebone Station"', 1))


def test_whole_games_export_and_import_at_every_throw() -> None:
    """Export -> import gives the identical state at the start of every throw of random games
    on both double boards (tokens on the 80 squares, in either jail, deeds of both boards)."""
    assert sum(positions_round_trip(rules, seed, 40)
               for seed, rules in enumerate((LOCAL, AT_GO))) > 100


def test_the_choice_of_board_in_words() -> None:
    """"he or she may choose which board to enter next": the question, its explanation, the
    two answers and what was done, as the terminal game prints them."""
    g = setup(rules=AT_GO, dice=[(1, 2)], pos=[37, 0])
    g.apply(Roll(0))
    assert question(g, 0) == "Choose the board to enter next"
    assert question(g) == "Waiting for Ann to choose the board to enter next"
    assert "GO, the square both boards share" in explain(g)
    assert [describe_action(g, a) for a in g.legal_actions(0)[:2]] == [
        "Enter the US board", "Enter the UK board"]
    assert sentences(g, g.apply(EnterBoard(0, UK))) == ["Ann enters the UK board"]
