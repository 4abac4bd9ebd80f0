"""Game setup: players, starting money, the Bank's buildings, the opening roll and the decks.

Rule texts: /work/shared/rules/000_d2ac98164c967637.txt (classic Parker Brothers, the default),
reference/rules_differences.md (players 2 to 8).
"""

from __future__ import annotations

import pytest

from passgo.core import Game, Rules
from passgo.core.actions import Buy, EndTurn, PayJailFine, Roll
from passgo.core.board import DECK_CHANCE, DECK_COMMUNITY_CHEST
from passgo.core.events import DiceThrown, OpeningThrows
from support import assert_illegal, kinds, money_total


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8])
def test_two_to_eight_players_may_play(n: int) -> None:
    """"Players | 2 to 8" (rules_differences.md, classic Parker Brothers box); "When more than
    five persons play, the Banker may elect to act only as Banker" (000)."""
    names = [f"P{i}" for i in range(n)]
    g = Game.new(names, order="given")
    assert g.n == n
    assert g.names == names
    assert g.alive == [True] * n


@pytest.mark.parametrize("n", [0, 1, 9, 10])
def test_fewer_than_two_or_more_than_eight_players_refused(n: int) -> None:
    """"Players | 2 to 8" (rules_differences.md): one player or nine players is not a game."""
    with pytest.raises(ValueError):
        Game.new([f"P{i}" for i in range(n)], order="given")


def test_player_names_must_differ() -> None:
    """"Each player chooses one token to represent him/her" (000): two players with the same
    name could not be told apart."""
    with pytest.raises(ValueError):
        Game.new(["Ann", "Ann"], order="given")


def test_each_player_starts_with_1500_on_go() -> None:
    """"Each player is given $1500" and "Place your token on the corner marked 'GO'" (000)."""
    g = Game.new(["Ann", "Bob", "Cy", "Di"], order="given")
    assert g.cash == [1500, 1500, 1500, 1500]
    assert g.pos == [0, 0, 0, 0]
    assert g.jailed == [False] * 4
    assert g.cards == [[], [], [], []]
    assert g.bank_flow == 0
    assert money_total(g) == 6000


def test_bank_holds_32_houses_12_hotels_and_every_deed() -> None:
    """"The equipment consists of a board, 2 dice, tokens, 32 houses and 12 hotels" and
    "the Bank holds the Title Deed cards and houses and hotels prior to purchase" (000)."""
    g = Game.new(["Ann", "Bob"], order="given")
    assert g.bank_houses == 32
    assert g.bank_hotels == 12
    assert all(o == -1 for o in g.owner)
    assert len(g.board.properties) == 28
    assert not any(g.level)
    assert not any(g.mortgaged)


def test_both_decks_hold_16_cards() -> None:
    """"put the Chance and Community Chest cards face down on their allotted spaces" (000);
    16 Chance and 16 Community Chest cards (cards.json)."""
    g = Game.new(["Ann", "Bob"], order="given")
    for deck in (DECK_CHANCE, DECK_COMMUNITY_CHEST):
        cards = [g.board.decks[deck][i] for i in g.decks[deck]]
        assert len(cards) == 16
        assert sorted(c.id for c in cards) == sorted(c.id for c in g.board.decks[deck])


def test_opening_roll_highest_total_starts() -> None:
    """"Starting with the Banker, each player in turn throws the dice. The player with the
    highest total starts the play" (000)."""
    g = Game.new(["Ann", "Bob", "Cy"], dice=[(1, 2), (6, 5), (3, 3), (2, 3)])
    assert g.current == 1
    assert g.pending.kind == "roll"
    assert g.pending.player == 1
    assert kinds(g.events) == ["opening", "turn"]
    assert g.events[0] == OpeningThrows(1, ((0, 1, 2), (1, 6, 5), (2, 3, 3)))
    # The starting player then throws again to move: the opening throw is not a move.
    assert g.pos == [0, 0, 0]
    events = g.apply(Roll(1))
    assert events[0] == DiceThrown(1, (2, 3), False)
    assert g.pos == [0, 5, 0]


def test_opening_roll_ties_throw_again() -> None:
    """"The player with the highest total starts the play" (000): players tied for the
    highest total throw again (only they do), until one is highest."""
    g = Game.new(
        ["Ann", "Bob", "Cy", "Di"],
        dice=[(6, 6), (2, 3), (6, 6), (1, 1), (4, 4), (4, 4), (5, 6), (3, 4)],
    )
    # Ann and Cy tie at 12; they throw 8 and 8 (tie again); then Ann 11, Cy 7: Ann starts.
    assert g.current == 0
    assert g.pending.player == 0
    assert g.events[0] == OpeningThrows(0, ((0, 6, 6), (1, 2, 3), (2, 6, 6), (3, 1, 1),
                                            (0, 4, 4), (2, 4, 4), (0, 5, 6), (2, 3, 4)))

    assert g.dice_script == []


def test_opening_roll_last_seat_may_start() -> None:
    """"The player with the highest total starts the play ... After you have completed your
    play, the turn passes to the left" (000)."""
    g = Game.new(["Ann", "Bob", "Cy"], dice=[(1, 1), (1, 2), (6, 6), (4, 6)])
    assert g.current == 2
    g.apply(Roll(2))  # to Just Visiting: nothing to decide
    assert g.pending.kind == "end_turn" and g.pos == [0, 0, 10]
    g.apply(EndTurn(2))
    assert g.pending.kind == "roll" and g.pending.player == 0


def test_order_given_first_name_starts_without_throwing() -> None:
    """Seating "given": the first name starts (an agreed order, no opening throw); the
    scripted dice are all left for the play."""
    g = Game.new(["Ann", "Bob", "Cy"], order="given", dice=[(1, 2)])
    assert g.current == 0
    assert g.pending.kind == "roll" and g.pending.player == 0
    assert kinds(g.events) == ["turn"]
    assert g.dice_script == [(1, 2)]


def test_unknown_seating_order_refused() -> None:
    """Only the opening throw of the rules ("each player in turn throws the dice") or an
    agreed order can seat the players."""
    with pytest.raises(ValueError):
        Game.new(["Ann", "Bob"], order="youngest")


def test_decks_shuffled_by_seed() -> None:
    """"put the Chance and Community Chest cards face down" (000): shuffled, by the game's own
    seed — the same seed gives the same order, different seeds differ."""
    a = Game.new(["Ann", "Bob"], seed=7, order="given")
    b = Game.new(["Ann", "Bob"], seed=7, order="given")
    assert a.decks == b.decks
    orders = {tuple(map(tuple, Game.new(["Ann", "Bob"], seed=s, order="given").decks))
              for s in range(20)}
    assert len(orders) == 20
    c = Game.new(["Ann", "Bob"], seed=8, order="given")
    assert c.decks[DECK_CHANCE] != a.decks[DECK_CHANCE]
    assert c.decks[DECK_COMMUNITY_CHEST] != a.decks[DECK_COMMUNITY_CHEST]
    # Shuffled: not left in printed order.
    assert a.decks[DECK_CHANCE] != list(range(16))
    assert a.decks[DECK_COMMUNITY_CHEST] != list(range(16))


def test_same_seed_same_opening_roll() -> None:
    """The opening throw comes from the same seeded dice: a game replays bit for bit."""
    a = Game.new(["Ann", "Bob", "Cy"], seed=3)
    b = Game.new(["Ann", "Bob", "Cy"], seed=3)
    assert a.current == b.current
    assert a.to_json() == b.to_json()


def test_classic_rules_are_the_default() -> None:
    """"Where the texts disagree, the classic text (000) is the default" (rules README): the
    10 % income-tax option and the fine before either of the next two turns."""
    g = Game.new(["Ann", "Bob"], order="given")
    assert g.rules == Rules.classic()
    assert g.rules.income_tax == "choice"
    assert g.rules.jail_prepay_turns == 2
    assert g.rules.jail_max_turns == 3


def test_illegal_actions_at_the_start() -> None:
    """"Starting with the Banker, each player in turn throws the dice" (000): before the
    first throw nobody may buy, end a turn or pay a jail fine, and the others may not throw."""
    g = Game.new(["Ann", "Bob"], order="given", dice=[(1, 2)])
    assert g.legal_actions(0) == [Roll(0)]
    assert g.legal_actions(1) == []
    assert_illegal(g, Buy(0))
    assert_illegal(g, EndTurn(0))
    assert_illegal(g, PayJailFine(0))
    assert_illegal(g, Roll(1))
    assert_illegal(g, Roll(5))
