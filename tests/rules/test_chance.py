"""Chance as a caller's choice (`passgo.core.chance`): each throw and each draw of an unseen
card is a chance event with its outcomes, in the order the rules make them.

Rule texts: 000 (classic): "the player ... throws the dice", the Chance and Community Chest
cards: "take the top card ... and, after following the instructions ... return the card face
down to the bottom of the deck", and the nearest-Utility card: "If owned, throw dice and pay
owner a total ten times the amount thrown."
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from passgo.agents import BasicBot, RandomBot
from passgo.core import Game, IllegalActionError, Roll, Rules
from passgo.core.board import DECK_CHANCE as CH
from passgo.core.board import DECK_COMMUNITY_CHEST as CC
from passgo.core.chance import Chance, Draw, Throw, step, unseen_cards
from passgo.core.serialize import state_dict
from support import BOARD, setup, sq


def card(deck: int, card_id: str) -> int:
    (index,) = BOARD.card_index(deck, card_id)
    return index


def test_two_dice_have_21_outcomes_with_the_odds_of_36_ordered_throws() -> None:
    """"throws the dice": two six-sided dice, the 36 ordered throws equally likely; the
    unordered outcomes carry the ordered throws' odds."""
    ordered = Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=2))
    outcomes = Throw().outcomes()
    assert len(outcomes) == 21
    assert {d: Fraction(p).limit_denominator(100) for d, p in outcomes} == {
        d: Fraction(n, 36) for d, n in ordered.items()}


def test_other_dice_outcomes_sum_to_one() -> None:
    for sides in [(4, 8), (10, 10), (6,)]:
        outcomes = Throw(sides).outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
        assert all(Throw(sides).allows(d) for d, _ in outcomes)
    assert len(Throw((4, 8)).outcomes()) == 32 and len(Throw((6,)).outcomes()) == 6


def test_a_throw_is_the_first_chance_event_of_a_roll_and_the_game_is_unchanged() -> None:
    g = Game.new(["Ann", "Bob"], seed=3)
    before = state_dict(g)
    p = g.pending.player
    assert step(g, Roll(p)) == Throw((6, 6))
    assert state_dict(g) == before


def test_landing_on_chance_draws_from_the_unseen_cards_then_the_card_is_obeyed() -> None:
    """"take the top card": with no card seen, every card of the deck may come, the card
    printed twice (nearest Railroad) twice as likely; the chosen card is obeyed and goes to
    the bottom of the deck, seen."""
    g = setup(pos=[0, 0])
    event = step(g, Roll(0), throws=[(3, 4)])  # GO + 7: Chance
    assert isinstance(event, Draw) and event.deck == CH
    shares = dict(event.cards)
    assert sum(shares.values()) == pytest.approx(1)
    assert shares[card(CH, "nearest-railroad")] == pytest.approx(2 / 16)
    assert shares[card(CH, "advance-to-go")] == pytest.approx(1 / 16)
    after = step(g, Roll(0), throws=[(3, 4)], cards=[[card(CH, "advance-to-go")], []])
    assert isinstance(after, Game)
    assert after.square_of(0) == 0 and after.cash_of(0) == 1500 + 200
    assert after.decks[CH][-1] == card(CH, "advance-to-go")
    assert after.chance is not None and after.chance.unseen == [15, 16]
    assert g.square_of(0) == 0 and g.chance is None  # the game itself is untouched


def test_the_nearest_utility_card_needs_a_second_throw_for_its_rent() -> None:
    """"If owned, throw dice and pay owner a total ten times the amount thrown": the throw,
    the draw and the rent's throw are three chance events in that order."""
    g = setup(pos=[0, 0], owners={sq("Electric Company"): 1})
    util = card(CH, "nearest-utility")
    assert step(g, Roll(0), throws=[(3, 4)], cards=[[util], []]) == Throw((6, 6))
    after = step(g, Roll(0), throws=[(3, 4), (5, 6)], cards=[[util], []])
    assert isinstance(after, Game)
    assert after.square_of(0) == sq("Electric Company")
    assert after.cash_of(0) == 1500 - 10 * 11 and after.cash_of(1) == 1500 + 10 * 11


def test_go_back_three_from_chance_lands_on_community_chest_a_draw_of_the_other_deck() -> None:
    g = setup(pos=[33, 0])
    back = card(CH, "go-back-3")
    event = step(g, Roll(0), throws=[(1, 2)], cards=[[back], []])  # 36, back to 33
    assert isinstance(event, Draw) and event.deck == CC


def test_a_seen_card_on_top_is_no_chance_event() -> None:
    """After a whole cycle the top card is known: the draw takes it without a chance event."""
    g = setup(pos=[0, 0], chance=["advance-to-illinois"])
    g.chance = Chance([0, 16])  # everyone has seen the whole Chance deck go by
    after = step(g, Roll(0), throws=[(3, 4)])
    assert isinstance(after, Game) and after.square_of(0) == sq("Illinois Avenue")


def test_outcomes_that_are_not_the_events_are_refused() -> None:
    g = setup(pos=[0, 0])
    with pytest.raises(ValueError, match="not a throw"):
        step(g, Roll(0), throws=[(7, 1)])
    with pytest.raises(ValueError, match="more outcomes"):
        step(g, Roll(0), throws=[(1, 2), (3, 3)])  # 1+2 reaches Baltic Avenue: one throw
    seen = setup(pos=[0, 0], chance=["advance-to-go"])
    with pytest.raises(ValueError, match="not among the 1 unseen"):
        step(seen, Roll(0), throws=[(3, 4)], cards=[[card(CH, "advance-to-illinois")], []],
             unseen=[1, 16])
    with pytest.raises(IllegalActionError):
        step(g, Roll(1))


def test_unseen_cards_counts_copies() -> None:
    assert unseen_cards([4, 2, 4, 9], 3) == ((2, 1 / 3), (4, 2 / 3))


@pytest.mark.parametrize("seed", range(6))
def test_a_watching_chance_changes_nothing_and_counts_the_unseen_cards(seed: int) -> None:
    """Attached without outcomes, a `Chance` only follows the draws: the same seeded game is
    played, and the top `unseen` cards of each deck are always the cards of the shuffled deck
    not drawn yet (cards are drawn from the top and go under it)."""
    watched = Game.new(["A", "B", "C"], seed=seed, max_rounds=60)
    plain = Game.new(["A", "B", "C"], seed=seed, max_rounds=60)
    watched.chance = Chance.watching(watched)
    shuffled = [list(d) for d in watched.decks]
    bots = [[RandomBot(seed), BasicBot(), RandomBot(seed + 1)] for _ in range(2)]
    low = [16, 16]
    while not plain.over:
        for game, agents in ((watched, bots[0]), (plain, bots[1])):
            p = game.pending.player
            game.apply(agents[p].act(game, p))
        unseen = watched.chance.unseen
        for d in (CH, CC):
            assert watched.decks[d][:unseen[d]] == shuffled[d][16 - unseen[d]:]
            assert unseen[d] <= low[d]
        low = list(unseen)
    assert state_dict(watched) == state_dict(plain)
    assert min(low) < 16  # some card was drawn


def test_a_copy_has_no_chance_attached() -> None:
    g = Game.new(["A", "B"], seed=1)
    g.chance = Chance.watching(g)
    assert g.copy().chance is None


def test_strict_chance_with_other_dice() -> None:
    """`Rules.dice = "control"`: one six-sided die is thrown, (face, 0)."""
    g = setup(pos=[0, 0], rules=Rules.classic().with_options(dice="control"))
    assert step(g, Roll(0, (6,))) == Throw((6,))
    after = step(g, Roll(0, (6,)), throws=[(4, 0)])
    assert isinstance(after, Game) and after.square_of(0) == 4
