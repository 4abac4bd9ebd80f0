"""The expert bot with the evaluator at its leaves (`expert:leaf=eval`)."""

from __future__ import annotations

import pytest

from passgo.agents import ExpertBot, make_agent
from passgo.agents.search import Scorer
from passgo.agents.winmodel import ModelLeaf
from passgo.core import Game, Rules


def test_leaf_eval_scores_by_the_shipped_model_and_plays_legally() -> None:
    bot = make_agent("expert:rollouts=2,horizon=2,leaf=eval", 1)
    assert isinstance(bot, ExpertBot)
    assert isinstance(bot._leaf(Rules.classic()), ModelLeaf)
    g = Game.new(["A", "B"], seed=4)
    other = make_agent("strategic", 2)
    for _ in range(150):
        if g.over:
            break
        p = g.pending_player
        action = (bot if p == 0 else other).act(g, p)
        assert g.is_legal(action)
        g.apply(action)


def test_leaf_eval_without_a_model_for_the_rules_keeps_the_position_values() -> None:
    bot = make_agent("expert:rollouts=2,leaf=eval", 1)
    assert isinstance(bot, ExpertBot)
    assert isinstance(bot._leaf(Rules.preset("short-1")), Scorer)


def test_an_unknown_leaf_is_refused() -> None:
    with pytest.raises(ValueError, match="leaf must be one of value, eval"):
        make_agent("expert:leaf=magic", 1)
