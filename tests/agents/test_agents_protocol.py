"""Protocol bots: outside programs speaking JSON lines (docs/bot-protocol.md).

The misbehaving bots are small Python scripts in tests/bots/. Every game must reach its end
whatever the program does; what went wrong is reported in `incidents`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from passgo.agents import BasicBot, ProtocolBot, make_agent, play
from passgo.agents.protocol import MAX_BUSINESS, MAX_STRIKES, safe_action
from passgo.core import Game
from passgo.core.actions import ChooseTax, Decline, EndTurn, Pass, RejectTrade, Roll
from support import setup, sq

BOTS = Path(__file__).resolve().parents[1] / "bots"
# Seconds per decision. Generous where lateness is not the point, so that a loaded machine
# does not turn a slow answer into a timeout; short where the bot is late on purpose.
GENEROUS = 10.0
SHORT = 1.0


def bot(script: str, limit: float = GENEROUS) -> ProtocolBot:
    return ProtocolBot([sys.executable, str(BOTS / script)], time_limit=limit,
                       startup_limit=30)


def play_against_basic(agent: ProtocolBot, seed: int = 3) -> Game:
    game = Game.new(["Bot", "Basic"], seed=seed, max_rounds=150)
    try:
        play(game, [agent, BasicBot()])
    finally:
        agent.close()
    return game


def test_a_well_behaved_bot_plays_a_whole_game_without_incidents() -> None:
    agent = bot("first_legal.py")
    game = play_against_basic(agent)
    assert game.over
    assert agent.name == "first-legal"  # the name from the handshake
    assert agent.decisions > 20
    assert agent.incidents == []


def test_late_answers_are_replaced_by_the_safe_action_and_then_dropped() -> None:
    agent = bot("late.py", SHORT)
    game = play_against_basic(agent)
    assert game.over
    kinds = [i.kind for i in agent.incidents]
    # Decisions 3, 6 and 9 came late; the stale answers that arrived afterwards were not
    # taken for answers to later decisions (no illegal-action incident).
    assert kinds.count("timeout") >= 3
    assert set(kinds) == {"timeout"}


def test_illegal_answers_and_garbage_lines_get_the_safe_action() -> None:
    agent = bot("illegal.py")
    game = play_against_basic(agent)
    assert game.over
    assert agent.incident_counts()["illegal"] > 10
    assert set(agent.incident_counts()) == {"illegal"}


def test_a_crashed_bot_is_played_by_the_safe_action_until_the_end() -> None:
    agent = bot("crash.py")
    game = play_against_basic(agent)
    assert game.over
    assert [i.kind for i in agent.incidents] == ["crash"]
    assert "status 3" in agent.incidents[0].detail


def test_a_hung_bot_is_stopped_after_repeated_timeouts() -> None:
    agent = bot("hang.py", SHORT)
    game = play_against_basic(agent)
    assert game.over
    kinds = [i.kind for i in agent.incidents]
    assert kinds[-MAX_STRIKES - 1:] == ["timeout"] * MAX_STRIKES + ["hang"]
    assert set(kinds) == {"timeout", "hang"}


def test_a_bot_that_fails_the_handshake_is_replaced_for_the_whole_game() -> None:
    agent = bot("no_hello.py")
    game = play_against_basic(agent)
    assert game.over
    assert [i.kind for i in agent.incidents] == ["handshake"]


def test_endless_business_is_cut_off_and_the_decision_answered() -> None:
    agent = bot("business.py")
    game = Game.new(["Bot", "Basic"], seed=3, max_rounds=20)
    try:
        play(game, [agent, BasicBot()])
    finally:
        agent.close()
    assert game.over
    assert "stalling" in agent.incident_counts()
    assert agent.decisions > MAX_BUSINESS


def test_the_safe_action_commits_to_the_least() -> None:
    g = setup(("Ann", "Bob"), dice=[(1, 2)])
    assert safe_action(g, 0) == Roll(0)
    g.apply(Roll(0))  # Baltic Avenue, unowned
    assert g.pending.kind == "buy"
    assert safe_action(g, 0) == Decline(0)
    g.apply(Decline(0))
    assert g.pending.kind == "bid"
    assert safe_action(g, g.pending.player) == Pass(g.pending.player)
    g = setup(("Ann", "Bob"), dice=[(1, 3)], cash=[5000, 1500])
    g.apply(Roll(0))  # Income Tax: 10 % of 5,000 is more than $200
    assert safe_action(g, 0) == ChooseTax(0, False)
    g = setup(("Ann", "Bob"), dice=[(4, 6)])  # Just Visiting
    g.apply(Roll(0))
    assert safe_action(g, 0) == EndTurn(0)


def test_a_trade_offer_to_a_protocol_bot_is_rejected_when_it_does_not_answer() -> None:
    from passgo.core import Bundle, TradeOffer
    from passgo.core.actions import ProposeTrade

    g = setup(("Ann", "Bob"), owners={sq("Boardwalk"): 1})
    g.apply(ProposeTrade(0, TradeOffer(0, 1, Bundle(cash=100), Bundle((sq("Boardwalk"),)))))
    assert safe_action(g, 1) == RejectTrade(1, "the bot program gave no usable answer")


def test_make_agent_builds_protocol_bots_from_cmd_specs() -> None:
    agent = make_agent(f"cmd:{sys.executable} {BOTS / 'first_legal.py'}", time_limit=1.5)
    assert isinstance(agent, ProtocolBot)
    assert agent.time_limit == 1.5
    with pytest.raises(ValueError, match="not found"):
        make_agent("cmd:no-such-program-here --flag")
