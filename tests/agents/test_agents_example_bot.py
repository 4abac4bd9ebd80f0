"""The example bot in JavaScript (examples/bots/bot.js) plays whole games."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from passgo.agents import BasicBot, ProtocolBot, play
from passgo.core import Game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bots" / "bot.js"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("seed", [1, 2])
def test_the_javascript_example_bot_plays_a_full_game(seed: int) -> None:
    agent = ProtocolBot(["node", str(EXAMPLE)], time_limit=10, startup_limit=30)
    game = Game.new(["JS", "Basic"], seed=seed, max_rounds=300)
    try:
        play(game, [agent, BasicBot()])
    finally:
        agent.close()
    assert game.over
    assert agent.name == "example-js"
    assert agent.incidents == []
    assert any(a.player == 0 and a.text() == "buy" for a in game.history)
