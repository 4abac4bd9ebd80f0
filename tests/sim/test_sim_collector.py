"""A task of simulated games has the garbage collector walk its youngest objects less often,
and gives the process its own setting back, however the task ends."""

from __future__ import annotations

import gc

import pytest

from passgo import Rules
from passgo.sim.jobs import GameJob
from passgo.sim.playout import YOUNG_THRESHOLD, collected_less_often, play_games


def test_the_threshold_is_raised_while_games_are_played_and_put_back_after() -> None:
    before = gc.get_threshold()
    with collected_less_often():
        assert gc.get_threshold() == (YOUNG_THRESHOLD, *before[1:])
    assert gc.get_threshold() == before
    with pytest.raises(RuntimeError), collected_less_often():
        raise RuntimeError("a game failed")
    assert gc.get_threshold() == before


def test_a_task_of_games_leaves_the_processs_setting_as_it_was() -> None:
    before = gc.get_threshold()
    job = GameJob(("basic", "basic"), Rules.classic(), seed=3, max_rounds=30)
    records = play_games([job], 0, 0, 2)
    assert len(records) == 2
    assert gc.get_threshold() == before
