"""Levels (issue 36): `level:1` ... `level:5`, by number or name, wherever a spec is taken;
the easy levels are the strategic bot's play with human-sized mistakes drawn from the bot's
own seed, bounded, and their reasons stay true."""

from __future__ import annotations

import pytest

from passgo.agents import LEVELS, ExpertBot, StrategicBot, make_agent, parse_spec, play
from passgo.agents.expert import MAX_ROLLOUTS
from passgo.agents.spec import BuiltinSpec, spec_from_json, to_json
from passgo.agents.strategic import PROFILES
from passgo.agents.strategic.appraisal import misjudgement
from passgo.cli.play import DEFAULT_PLAYERS
from passgo.core import (
    AcceptTrade,
    Bundle,
    Buy,
    Decline,
    Game,
    ProposeTrade,
    Roll,
    Rules,
    TradeOffer,
)
from passgo.session import parse_seats
from passgo.web.setup import WEB_BOTS, web_bot
from support import setup, sq


def test_levels_by_number_and_by_name() -> None:
    """`level:2` and `level:casual` (spaces and case aside) are the same bot; the five
    levels climb from the beginner profile to the search bot; others are refused."""
    assert [name for name, _, _ in LEVELS] == ["beginner", "casual", "club", "strong", "expert"]
    for number, (name, spec, _) in enumerate(LEVELS, 1):
        assert parse_spec(f"level:{number}") == parse_spec(f" level : {name.upper()} ") == (
            parse_spec(spec))
    assert parse_spec("level:club") == BuiltinSpec("strategic")
    assert isinstance(make_agent("level:1", seed=3), StrategicBot)
    assert isinstance(make_agent("level:expert"), ExpertBot)
    for bad in ("level:0", "level:6", "level:grandmaster", "level:"):
        with pytest.raises(ValueError, match="no level"):
            parse_spec(bad)
    saved = to_json(parse_spec("level:casual"))  # a save stores what the level stands for
    assert spec_from_json(saved) == parse_spec("level:2")


def test_levels_ask_for_bounded_thinking_and_mistakes() -> None:
    """No level asks for a search budget by the clock, and the mistakes a spec may ask for
    are bounded like every other option."""
    for _, spec, _ in LEVELS:
        parsed = parse_spec(spec)
        assert isinstance(parsed, BuiltinSpec)
        options = dict(parsed.options)
        assert "ms" not in options and int(options.get("rollouts", "0")) <= 8 < MAX_ROLLOUTS
    for bad in ("beginner:noise=1.5", "strategic:noise=-0.1", "casual:gullibility=0.9"):
        with pytest.raises(ValueError, match="must be from 0"):
            parse_spec(bad)


def test_levels_are_seated_in_passgo_play_and_the_lobby() -> None:
    """The default table of `passgo play` is a person against two casual players and a
    beginner; the web lobby lists every level and seats it through the same parser."""
    seats = parse_seats(DEFAULT_PLAYERS)
    assert [s.bot for s in seats] == [None, parse_spec("level:casual"),
                                      parse_spec("level:beginner"), parse_spec("level:casual")]
    for name, _, _ in LEVELS:
        assert f"level:{name}" in WEB_BOTS
        assert web_bot(f"level:{name}") == parse_spec(f"level:{name}")


def test_misjudgements_are_the_bots_own_and_bounded() -> None:
    """A misjudgement is drawn from the bot's seed, the turn and the square: the same again
    for the same three (so a reason finds it again), within the noise, and spread both ways."""
    draws = [misjudgement(seed, turn, sq_, 0.5) for seed in range(4) for turn in range(20)
             for sq_ in (1, 3, 39)]
    assert all(-0.5 <= d <= 0.5 for d in draws)
    assert min(draws) < -0.3 and max(draws) > 0.3 and len(set(draws)) == len(draws)
    assert misjudgement(7, 11, 39, 0.5) == misjudgement(7, 11, 39, 0.5)
    assert misjudgement(7, 11, 39, 0.0) == 0.0


def test_a_beginner_misjudges_deeds_a_club_player_does_not() -> None:
    """Landing on Mediterranean Avenue with $600, the strategic bot (level 3) buys it whatever
    its seed; beginners, misjudging the deed by up to four fifths of its price, now and then
    leave it to the auction, each seed the same way every time, and each says why by its own
    count."""
    answers: dict[str, list[str]] = {"level:club": [], "level:beginner": []}
    for spec, seen in answers.items():
        for seed in [*range(16), 3]:
            g = setup(("Ann", "Bob"), pos=[38, 0], cash=[600, 1500], dice=[(1, 2)])
            g.apply(Roll(0))
            assert g.pending.kind == "buy"
            bot = make_agent(spec, seed)
            action = bot.act(g, 0)
            assert isinstance(action, Buy | Decline) and isinstance(bot, StrategicBot)
            reason = bot.explain(g, 0, action)
            assert reason.startswith("worth") if isinstance(action, Buy) else reason
            seen.append(type(action).__name__)
    assert set(answers["level:club"]) == {"Buy"}
    assert set(answers["level:beginner"]) == {"Buy", "Decline"}
    assert answers["level:beginner"][3] == answers["level:beginner"][-1]  # seed 3 again


def test_a_beginner_takes_a_trade_slightly_against_it() -> None:
    """`gullibility` (and a low margin): cash for a lone Vermont Avenue that level 3 finds
    too little is taken by the beginner, who says the trade is nearly even."""
    vermont = sq("Vermont Avenue")
    least: dict[str, int] = {}
    for name in ("strategic", "beginner"):
        for cash in range(60, 260, 10):
            g = setup(("Ann", "Bob", "Cy"), owners={vermont: 1, sq("Short Line"): 0})
            g.apply(ProposeTrade(0, TradeOffer(0, 1, Bundle((), cash), Bundle((vermont,)))))
            bot = StrategicBot(PROFILES[name], name=name)
            if bot.act(g, 1) == AcceptTrade(1):
                least[name] = cash
                if name == "beginner":
                    assert bot.explain(g, 1, AcceptTrade(1))
                break
    assert least["beginner"] < least["strategic"]


def test_levels_play_whole_games_with_manners() -> None:
    """A beginner, a casual player and a club player play seeded games to the end."""
    for seed in range(2):
        g = Game.new(["A", "B", "C"], Rules.classic(), seed=seed, max_rounds=300)
        play(g, [make_agent(f"level:{n}", seed + n) for n in (1, 2, 3)])
        assert g.over
