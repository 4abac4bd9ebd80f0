"""What the evaluator's tests share: positions of strategic bots' games, a clearly won
position, and a small hand-made model (the linear term on the value share and the cash,
hidden units of little weight) whose answers can be worked out by hand."""

from __future__ import annotations

from passgo.agents import make_agent
from passgo.agents.play import bot_step
from passgo.agents.winmodel import FEATURES, WinModel
from passgo.core import ENGINE_VERSION, Game, Rules

STRONG = """
to_move = "Bob"
[[players]]
name = "Ann"
cash = 2500
[[players]]
name = "Bob"
cash = 40
[properties]
"Pacific Avenue" = { owner = "Ann", hotel = true }
"North Carolina Avenue" = { owner = "Ann", hotel = true }
"Pennsylvania Avenue" = { owner = "Ann", hotel = true }
"Park Place" = { owner = "Ann", hotel = true }
Boardwalk = { owner = "Ann", hotel = true }
"""


def played(players: int, seed: int, until: int) -> Game:
    """A game of strategic bots after `until` bot moves (or its end)."""
    g = Game.new([f"P{i}" for i in range(players)], seed=seed)
    agents = [make_agent("strategic", seed * 10 + i) for i in range(players)]
    for _ in range(until):
        if g.over:
            break
        bot_step(g, agents)
    return g


def with_one_bankrupt(seed: int = 1) -> Game:
    """A three-player game of strategic bots just after its first bankruptcy."""
    g = Game.new(["A", "B", "C"], seed=seed)
    agents = [make_agent("strategic", i) for i in range(3)]
    while all(g.in_game(p) for p in range(3)):
        bot_step(g, agents)
    assert not g.over
    return g


def hand_model(rules: Rules | None = None, engine: str = ENGINE_VERSION) -> WinModel:
    k = len(FEATURES)
    linear = [0.0] * k
    linear[FEATURES.index("value_share")] = 6.0
    linear[FEATURES.index("cash")] = 0.5
    return WinModel((rules or Rules.classic(),), engine, FEATURES, [0.0] * k, [1.0] * k,
                    [[0.01 * (i - j) for i in range(k)] for j in range(2)], [0.1, -0.1],
                    [0.2, 0.3], linear, {"command": "by hand"})
