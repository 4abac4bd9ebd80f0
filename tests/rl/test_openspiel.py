"""The OpenSpiel game `passgo_monopoly`: OpenSpiel's own API checks, its chance nodes against
the rules' odds, serialisation, and a run of OpenSpiel's MCTS on it.

Rule texts (000, classic): the opening ("each player in turn throws the dice. The player with
the highest total starts"), the throw of two dice, and "take the top card" of Chance.
"""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

from passgo.core.board import DECK_CHANCE  # noqa: E402
from passgo.rl import openspiel  # noqa: E402
from passgo.rl.observe import SIZE  # noqa: E402
from passgo.rl.table import ActionTable  # noqa: E402
from support import BOARD  # noqa: E402

ROLL, BUY, DECLINE = 0, 14, 15  # `roll`, `buy`, `auction` in the action table


def game(**params: object) -> openspiel.MonopolyGame:
    return pyspiel.load_game(openspiel.SHORT_NAME, {"max_rounds": 8, **params})


def begun(g: openspiel.MonopolyGame, first: int = 0) -> openspiel.MonopolyState:
    state = g.new_initial_state()
    state.apply_action(openspiel.first_id(first))
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_openspiels_random_simulation_test_passes(players: int) -> None:
    """OpenSpiel's `random_sim_test`: legal actions sorted and unique in text, chance
    outcomes summing to 1, clones equal, tensors finite and of the declared sizes, returns
    within the bounds and summing as the utility type says, games within max_game_length."""
    pyspiel.random_sim_test(game(players=players), num_sims=2, serialize=False, verbose=False)


def test_the_game_declares_its_sizes_and_utility() -> None:
    two, four = game(), game(players=4)
    assert two.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert four.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert two.num_distinct_actions() == ActionTable(BOARD).size
    assert two.observation_tensor_size() == SIZE
    assert two.information_state_tensor_size() == SIZE + len(openspiel.PRIVATE)
    assert two.max_chance_outcomes() == openspiel.CHANCE_IDS
    assert (two.min_utility(), two.max_utility()) == (-1.0, 1.0)


def test_the_opening_gives_every_seat_the_same_chance_to_begin() -> None:
    """"The player with the highest total starts": by symmetry, each of n seats with 1/n."""
    g = game(players=3)
    state = g.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(openspiel.first_id(p), pytest.approx(1 / 3))
                                       for p in range(3)]
    state.apply_action(openspiel.first_id(2))
    assert state.current_player() == 2


def test_a_throw_is_a_chance_node_with_the_odds_of_two_dice() -> None:
    state = begun(game())
    assert state.legal_actions() == sorted(state.legal_actions())
    state.apply_action(ROLL)
    assert state.is_chance_node()
    odds = dict(state.chance_outcomes())
    assert len(odds) == 21 and sum(odds.values()) == pytest.approx(1)
    assert odds[openspiel.throw_id((3, 3))] == pytest.approx(1 / 36)
    assert odds[openspiel.throw_id((3, 4))] == pytest.approx(2 / 36)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, openspiel.throw_id((3, 4))) == (
        "throw 3-4")


def test_a_draw_of_an_unseen_card_is_a_chance_node_then_the_card_is_known() -> None:
    """"take the top card" of Chance (square 7, 3+4 from GO): any of its 16 cards, the card
    printed twice at 2/16; the drawn card is obeyed, and goes under the deck, seen."""
    state = begun(game())
    state.apply_action(ROLL)
    state.apply_action(openspiel.throw_id((3, 4)))
    assert state.is_chance_node()
    odds = dict(state.chance_outcomes())
    (rail,) = BOARD.card_index(DECK_CHANCE, "nearest-railroad")
    (go,) = BOARD.card_index(DECK_CHANCE, "advance-to-go")
    assert len(odds) == 15 and odds[openspiel.draw_id(DECK_CHANCE, rail)] == pytest.approx(2 / 16)
    state.apply_action(openspiel.draw_id(DECK_CHANCE, go))
    assert not state.is_chance_node() and state.current_player() == 0
    game_now = state._play.driver.game
    assert game_now.square_of(0) == 0 and game_now.cash_of(0) == 1700
    assert game_now.chance.unseen == [15, 16]


def test_action_strings_carry_the_amounts_of_the_state() -> None:
    """Declining Baltic Avenue ($60) opens an auction: the bid ladder's texts say dollars."""
    state = begun(game())
    state.apply_action(ROLL)
    state.apply_action(openspiel.throw_id((1, 2)))  # Baltic Avenue
    assert BUY in state.legal_actions()
    assert state.action_to_string(0, BUY) == "buy"
    state.apply_action(DECLINE)
    texts = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    assert "bid 30 (bid 0.5x)" in texts and "bid 60 (bid 1x)" in texts


def test_tensors_are_the_seats_observation_and_its_secrets() -> None:
    g = game(players=3)
    state = begun(g, 1)
    driver = state._play.driver
    for p in range(3):
        obs = np.asarray(state.observation_tensor(p), np.float32)
        assert np.array_equal(obs, driver.observe(p))
        info = np.asarray(state.information_state_tensor(p), np.float32)
        assert np.array_equal(info[:SIZE], obs) and list(info[SIZE:]) == [0.0, 0.0]


def test_information_state_strings_hold_the_history() -> None:
    state = begun(game())
    state.apply_action(ROLL)
    assert state.information_state_string(0) == state.information_state_string(1)
    assert state.information_state_string(0).split() == [
        f"{p}:{a}" for p, a in ((-1, openspiel.first_id(0)), (0, ROLL))]


def test_serialize_replays_the_history_and_bad_text_is_refused() -> None:
    g = game()
    state = g.new_initial_state()
    rng = np.random.default_rng(5)
    for _ in range(300):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    text = state.serialize()
    again = g.deserialize_state(text)
    assert again.history() == state.history() and str(again) == str(state)
    assert again.observation_tensor(0) == state.observation_tensor(0)
    with pytest.raises(ValueError, match="line 1: 'x' is not an action number"):
        g.deserialize_state("x\n")
    with pytest.raises(ValueError, match="line 2: action 999 is not legal"):
        g.deserialize_state(f"{openspiel.first_id(0)}\n999\n")


def test_clones_are_independent() -> None:
    state = begun(game())
    clone = state.clone()
    clone.apply_action(ROLL)
    assert not state.is_chance_node() and clone.is_chance_node()
    assert state.history() == clone.history()[:-1]


def test_bad_parameters_are_refused_in_one_line() -> None:
    for params, match in [({"players": 9}, "players must be"), ({"rules": "nope"}, "nope"),
                          ({"max_rounds": 0}, "max_rounds must be")]:
        with pytest.raises(Exception, match=match):
            openspiel.MonopolyGame({**openspiel.DEFAULTS, **params})


def test_mcts_with_random_rollouts_plays_a_short_game_to_its_end() -> None:
    """OpenSpiel's MCTS (UCT, random rollouts, chance nodes sampled) drives seat 0 against a
    uniform random seat 1 through a game of two rounds."""
    g = game(max_rounds=2)
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(g, uct_c=2.0, max_simulations=8,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = g.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched > 0
    assert state.returns() in ([0.0, 0.0], [1.0, -1.0], [-1.0, 1.0])
