"""004 Two tokens: "Each player has two tokens, and alternates which token is moved each turn." """

from __future__ import annotations

from passgo.agents import BasicBot, RandomBot, StrategicBot, play
from passgo.core import Game, Roll, Rules
from passgo.core.actions import EndTurn
from passgo.core.position import position_to_toml
from support import kinds, setup, sq

TWO = Rules.classic().with_options(two_tokens=True)
# Bob owns the squares these scripts land on (rent, no decision) and starts on Kentucky Ave.
BOBS = {5: 1, 6: 1, 9: 1, 16: 1, 24: 1}


def with_second_token(g: Game, seat: int, square: int) -> dict[str, object]:
    """The game's position with the seat's resting token moved (positions name it)."""
    data = g.position()
    data["players"][seat]["second_token"] = square
    return data


def test_tokens_alternate_turn_by_turn() -> None:
    """"alternates which token is moved each turn": both start on GO; Ann's first turn moves
    one token 5 squares, her second turn the other (from GO), her third the first again."""
    g = setup(("Ann", "Bob"), rules=TWO, dice=[(1, 4), (1, 2), (2, 4), (1, 2), (1, 3)],
              owners=BOBS, pos=[0, 21])
    g.apply(Roll(0))
    assert g.square_of(0) == 5 and g.second_token_of(0) == 0
    events = g.apply(EndTurn(0))
    assert "token_switch" in kinds(events)
    assert g.square_of(0) == 0 and g.second_token_of(0) == 5
    g.apply(Roll(1))
    g.apply(EndTurn(1))
    g.apply(Roll(0))  # the other token: from GO to 6
    assert g.square_of(0) == 6 and g.second_token_of(0) == 5
    g.apply(EndTurn(0))
    g.apply(Roll(1))
    g.apply(EndTurn(1))
    g.apply(Roll(0))  # the first token again: from 5 to 9
    assert g.square_of(0) == 9 and g.second_token_of(0) == 6


def test_doubles_move_the_same_token_again() -> None:
    """A turn is the unit: the throws after doubles belong to the same turn, so they move the
    same token."""
    g = setup(("Ann", "Bob"), rules=TWO, dice=[(3, 3), (1, 2)], owners=BOBS, pos=[0, 21])
    g.apply(Roll(0))
    g.apply(Roll(0))
    assert g.square_of(0) == 9 and g.second_token_of(0) == 0


def test_a_jailed_token_moves_on_the_jail_turns() -> None:
    """Reading: jail holds the player and the token in it; the player's turns in jail are spent
    on that token, and the alternation resumes after the turn it leaves jail."""
    g = setup(("Ann", "Bob"), rules=TWO, dice=[(1, 2), (1, 2), (3, 3), (1, 2)],
              jailed={0: 0}, owners=BOBS, pos=[0, 21])
    g = Game.from_position(with_second_token(g, 0, sq("Boardwalk")))
    g.apply(Roll(0))  # no doubles: stays
    g.apply(EndTurn(0))
    assert g.in_jail(0) and g.square_of(0) == 10 and g.second_token_of(0) == 39
    g.apply(Roll(1))
    g.apply(EndTurn(1))
    g.apply(Roll(0))  # doubles: out, the jailed token moves
    assert g.square_of(0) == 16 and not g.in_jail(0)
    g.apply(EndTurn(0))
    assert g.square_of(0) == 39 and g.second_token_of(0) == 16


def test_the_resting_token_counts_for_doubling_up() -> None:
    """004 Doubling up: "When a player's token lands on a space already occupied by another
    player, the player moves his or her token backwards to Go": another player's resting token
    occupies its square too."""
    rules = TWO.with_options(doubling_up=True)
    g = setup(("Ann", "Bob"), rules=rules, dice=[(1, 2)], pos=[0, 20])
    g = Game.from_position(with_second_token(g, 1, 3))
    events = g.apply(Roll(0))
    assert "doubled_up" in kinds(events) and g.square_of(0) == 0


def test_both_tokens_are_in_views_positions_and_saves() -> None:
    g = setup(("Ann", "Bob"), rules=TWO, dice=[(1, 4)], pos=[0, 20], owners=BOBS)
    g.apply(Roll(0))
    g.apply(EndTurn(0))
    assert g.player(0).second_token == 5 and g.view(1)["players"][0]["second_token"] == 5
    exported = g.position()
    assert exported["players"][0]["second_token"] == "Reading Railroad"
    assert exported["players"][1]["second_token"] == "Free Parking"
    again = Game.from_position(exported)
    assert again.resting == g.resting and again.pos == g.pos
    assert "second_token" in position_to_toml(exported)
    assert Game.from_json(g.to_json()).resting == g.resting
    assert Game.new(["A", "B"], seed=1).player(0).second_token is None


def test_bots_play_two_token_games() -> None:
    for seed in range(4):
        g = Game.new(["A", "B", "C"], TWO, seed=seed, max_rounds=200)
        play(g, [RandomBot(seed), BasicBot(), StrategicBot()])
        assert g.over
        assert any(e.kind == "token_switch" for e in g.events) or g.turn_number > 0
