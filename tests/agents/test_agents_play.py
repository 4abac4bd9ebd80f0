"""The bot loop (`passgo.agents.play`): `bot_step`, rent claims, seats played by people, and
the games of `passgo tournament` going through it."""

from __future__ import annotations

from typing import Any

import pytest

import passgo.tournament.match as match
from passgo.agents import BasicBot, bot_step, play
from passgo.agents.base import Agent
from passgo.agents.play import close_agents, incidents, step_limit
from passgo.core import Action, ClaimRent, Event, Game, Roll, Rules
from passgo.core.events import Debt, DiceThrown
from passgo.tournament.match import play_match
from support import paid_by_players, setup, sq


def rent_paid(events: list[Event]) -> int:
    return sum(e.amount for e in paid_by_players(events) if e.reason == "rent")


def test_bot_step_moves_for_a_bot_and_waits_for_a_person() -> None:
    g = Game.new(["Ann", "Bob"], seed=1, order="given")
    assert g.pending_player == 0
    assert bot_step(g, [None, BasicBot()]) is None  # Ann decides for herself
    assert g.history == []
    step = bot_step(g, [BasicBot(), None])
    assert step is not None
    action, events = step
    assert action == Roll(0) and g.history == [action]
    assert any(isinstance(e, DiceThrown) for e in events)


def test_bot_step_answers_none_once_the_game_is_over() -> None:
    g = Game.new(["Ann", "Bob"], seed=1, max_turns=2)
    play(g, [BasicBot(), BasicBot()])
    assert g.over
    assert bot_step(g, [BasicBot(), BasicBot()]) is None


def test_bot_step_needs_one_agent_per_seat() -> None:
    g = Game.new(["Ann", "Bob"], seed=1)
    with pytest.raises(ValueError, match="2 agents"):
        bot_step(g, [BasicBot()])


def claim_game() -> Game:
    """Ann lands on Bob's Baltic Avenue under `rent_claim`: Bob must ask for the rent."""
    rules = Rules.classic().with_options(rent_claim="before_next_roll")
    g = setup(rules=rules, dice=[(1, 2), (3, 3)], owners={sq("Baltic Avenue"): 1})
    g.apply(Roll(0))
    assert [(c.owner, c.square) for c in g.rent_claims] == [(1, sq("Baltic Avenue"))]
    return g


def test_a_bot_owner_asks_for_rent_at_once() -> None:
    g = claim_game()
    cash = g.cash_of(1)
    step = bot_step(g, [None, BasicBot()])  # Ann (a person) decides next, Bob claims first
    assert step is not None
    action, events = step
    assert action == ClaimRent(1, sq("Baltic Avenue"))
    assert rent_paid(events) == 4 and g.cash_of(1) == cash + 4
    assert g.rent_claims == ()
    assert bot_step(g, [None, BasicBot()]) is None  # now Ann's turn to decide


def test_a_person_owner_asks_for_rent_themselves() -> None:
    g = claim_game()
    # Bob is a person: nothing is asked for him; the bot of Ann goes on with her turn.
    step = bot_step(g, [BasicBot(), None])
    assert step is not None and not isinstance(step[0], ClaimRent)
    assert len(g.rent_claims) == 1


def test_play_lets_the_observer_see_rent_claims() -> None:
    """Each rent claim reaches the observer with what it caused: the rent paid, or, when the
    payer cannot cover it, the debt they must raise funds for (both happen in this game)."""
    g = Game.new(["Ann", "Bob", "Cy"], Rules.preset("hasbro2022"), seed=4, max_rounds=60)
    seen: list[tuple[Action, list[Event]]] = []
    play(g, [BasicBot() for _ in range(3)], observe=lambda a, e: seen.append((a, e)))
    claims = [e for a, e in seen if isinstance(a, ClaimRent)]
    paid = [e for e in claims if rent_paid(e) > 0]
    owed = [e for e in claims if any(isinstance(x, Debt) and x.reason == "rent" for x in e)]
    assert paid and owed and len(paid) + len(owed) == len(claims)
    assert [a for a, _ in seen] == g.history


def test_max_steps_counts_the_agents_actions_only() -> None:
    g = Game.new(["Ann", "Bob"], Rules.preset("hasbro2022"), seed=4)
    seen: list[Action] = []
    play(g, [BasicBot(), BasicBot()], max_steps=300, observe=lambda a, e: seen.append(a))
    assert not g.over
    assert len([a for a in seen if not isinstance(a, ClaimRent)]) == 300
    assert any(isinstance(a, ClaimRent) for a in seen)


def test_a_tournament_game_under_hasbro2022_collects_rent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`passgo tournament --rules hasbro2022`: owners must ask for rent there, and the bots
    of a tournament do (they once never did, so no rent was ever paid)."""
    rent = 0
    claims = 0

    def watched(game: Game, agents: list[Agent], **options: Any) -> Game:
        inner = options.pop("observe")

        def observe(action: Action, events: list[Event]) -> None:
            nonlocal rent, claims
            rent += rent_paid(events)
            claims += isinstance(action, ClaimRent)
            inner(action, events)

        return play(game, agents, observe=observe, **options)

    monkeypatch.setattr(match, "play", watched)
    result = play_match(["basic", "strategic", "random"], 3, max_rounds=100,
                        rules=Rules.preset("hasbro2022"))
    assert claims > 0 and rent > 0
    assert sorted(result.places) == [1, 2, 3]


def test_step_limit_and_the_helpers_for_protocol_bots() -> None:
    assert step_limit(4, 1000) == 2000 * 1000 * 4

    class Program:
        name = "program"

        def __init__(self) -> None:
            self.closed = 0
            self.incidents: list[Any] = []

        def act(self, game: Game, player: int) -> Action:
            raise AssertionError("not asked")

        def close(self) -> None:
            self.closed += 1

    program = Program()
    close_agents([BasicBot(), program, None])
    assert program.closed == 1
    assert incidents([BasicBot(), program]) == {}
