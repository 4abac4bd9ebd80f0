"""004 Sudden death, and calling time: the Angel of Death, secret in every view."""

from __future__ import annotations

import pytest

from passgo.agents import BasicBot, RandomBot, StrategicBot, play
from passgo.core import (
    Bid,
    Buy,
    CallTime,
    DataError,
    Decline,
    EndTurn,
    Game,
    Roll,
    Rules,
    SmashBoard,
)
from passgo.core.position import position_to_toml
from support import assert_illegal, kinds, setup

SUDDEN = Rules.classic().with_options(sudden_death=True)


def angel_game(angel: int = 1, cash: list[int] | None = None, **options: object) -> Game:
    rules = SUDDEN.with_options(**options)
    g = setup(("Ann", "Bob", "Cy"), rules=rules, cash=cash, dice=[(1, 2)] * 20)
    # The position names the Angel (a whole position does; see docs/positions.md).
    return Game.from_position({**g.position(), "angel_of_death": g.names[angel]}, seed=1)


def test_one_player_is_drawn_as_the_angel_before_the_game() -> None:
    """004: "Before the game begins, one player is secretly and randomly determined to be the
    'Angel of Death'." Drawn by the game's PRNG (the same seed draws the same Angel), every
    seat in turn over many seeds; the draw leaves no event."""
    seen = set()
    for seed in range(60):
        g = Game.new(["A", "B", "C", "D"], SUDDEN, seed=seed)
        assert 0 <= g.angel < 4
        assert g.angel == Game.new(["A", "B", "C", "D"], SUDDEN, seed=seed).angel
        assert "angel" not in " ".join(e.kind for e in g.events)
        seen.add(g.angel)
    assert seen == {0, 1, 2, 3}
    assert Game.new(["A", "B"], seed=3).angel == -1


def test_the_angel_is_secret_in_every_view() -> None:
    """004: "one player is secretly ... determined": each player's view says only whether
    that player is the Angel; a position exported for a player names the Angel only to the
    Angel; the bot protocol sends views."""
    g = angel_game(angel=2)
    views = [g.view(p) for p in range(3)]
    assert [v["angel_of_death"] for v in views] == [False, False, True]
    assert not g.view(-1)["angel_of_death"]  # a spectator is told nothing
    assert not Game.new(["A", "B"], seed=1).view(-1)["angel_of_death"]
    # Ann's view (and her position) is the same whether Bob or Cy is the Angel.
    other = angel_game(angel=1)
    assert other.view(0) == views[0]
    assert other.position(viewer=0) == g.position(viewer=0)
    g.apply(CallTime(0))
    other.apply(CallTime(0))
    assert other.view(0) == g.view(0) and other.legal_actions(0) == g.legal_actions(0)
    assert g.position()["angel_of_death"] == "Cy"
    assert "angel_of_death" not in g.position(viewer=0)
    assert g.position(viewer=2)["angel_of_death"] == "Cy"
    assert "engine" not in g.position(viewer=0) and "decks" not in g.position(viewer=0)
    assert "angel_of_death" not in position_to_toml(g.position(viewer=1))


def test_the_angel_smashes_only_once_time_is_called() -> None:
    """004: "The Angel of Death player has the option, once the game has been played for two
    hours, of smashing the board and declaring the game over without any winner." The hours are
    the front-end's clock, which calls time; only then may the Angel smash, at any moment (also
    while another player decides), and the game ends without a winner."""
    g = angel_game(angel=1)
    assert_illegal(g, SmashBoard(1))
    events = g.apply(CallTime(0))
    assert kinds(events) == ["time_called"] and not g.over
    assert SmashBoard(1) in g.legal_actions(1) and g.may_smash(1)
    assert SmashBoard(0) not in g.legal_actions(0)
    assert_illegal(g, SmashBoard(0))
    assert_illegal(g, CallTime(2))  # called once
    g.apply(Roll(0))
    events = g.apply(SmashBoard(1))  # while Ann decides
    assert kinds(events) == ["board_smashed", "game_over"]
    assert g.over and g.winner is None and "Angel of Death" in g.end_reason
    assert not g.stopped_by_limit
    replayed = Game.from_json(g.to_json())
    assert replayed.over and replayed.angel == 1


def test_a_bankrupt_angel_may_not_smash() -> None:
    """004: "The Angel of Death may only do so if he or she is still in the game." """
    g = angel_game(angel=1)
    g.apply(CallTime(0))
    g.alive[1] = False
    assert not g.may_smash(1)
    assert_illegal(g, SmashBoard(1))


def test_without_a_clock_rounds_stand_in_for_the_hours() -> None:
    """"once the game has been played for two hours": simulations have no clock, so the option
    opens after `sudden_death_rounds` rounds."""
    g = angel_game(angel=0, sudden_death_rounds=1)
    g.apply(Roll(0))
    while g.pending.kind != "end_turn":
        g.apply(Decline(g.pending.player) if g.pending.kind == "buy" else
                next(a for a in g.legal_actions() if not isinstance(a, Bid)))
    for p in (0, 1):
        g.apply(EndTurn(p))
        assert not g.time_called
        g.apply(Roll(p + 1))
        while g.pending.kind != "end_turn":
            g.apply(Buy(g.pending.player) if g.pending.kind == "buy" else g.legal_actions()[0])
    events = g.apply(EndTurn(2))
    assert "time_called" in kinds(events) and g.may_smash(0)


def test_sudden_death_options_are_checked() -> None:
    with pytest.raises(DataError, match="sudden_death_rounds"):
        Rules.classic().with_options(sudden_death_rounds=10)
    with pytest.raises(DataError, match="clock_minutes"):
        Rules.classic().with_options(clock_minutes=-1)


def test_a_losing_angel_bot_smashes_and_a_leading_one_plays_on() -> None:
    """Every bot answers the rule: a bot that is the Angel smashes once it may, unless it is
    the richest (a game without a winner beats a lost one)."""
    for bot in (BasicBot(), StrategicBot()):
        poor = angel_game(angel=1, cash=[1500, 100, 1500])
        poor.apply(CallTime(0))
        assert bot.act(poor, 0) != SmashBoard(0)
        rich = angel_game(angel=0, cash=[3000, 100, 100])
        rich.apply(CallTime(1))
        assert bot.act(rich, 0) != SmashBoard(0)
        loser = angel_game(angel=0, cash=[100, 3000, 100])
        loser.apply(CallTime(1))
        assert bot.act(loser, 0) == SmashBoard(0)


def test_bots_play_sudden_death_games_to_the_end() -> None:
    for seed in range(6):
        rules = SUDDEN.with_options(sudden_death_rounds=5)
        g = Game.new(["A", "B", "C"], rules, seed=seed, max_rounds=300)
        play(g, [RandomBot(seed), BasicBot(), StrategicBot()])
        assert g.over
        if g.end_reason.startswith("the Angel"):
            assert g.winner is None and g.history[-1] == SmashBoard(g.angel)
