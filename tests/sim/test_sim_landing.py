"""The landing run measures the engine's own movement, cards and jail; its frequencies must
come out near the published long-run values for the classic US board (Markov-chain
calculations, per throw of the dice, rounded)."""

from __future__ import annotations

import pytest

from passgo.core import Rules
from passgo.core.board import load_edition
from passgo.sim.jobs import LandingJob
from passgo.sim.landing import IdleAgent, landing_position
from passgo.sim.run import landing_counts

BOARD = load_edition("us-classic")
ROLLS = 100_000
IN_JAIL = len(BOARD.squares)

# Published per-throw frequencies, in percent: short stay (leave jail at once) and long stay.
PUBLISHED = {
    "short": {0: 3.1, 24: 3.19, IN_JAIL: 3.94},
    "long": {10: 2.14, 24: 3.0, IN_JAIL: 9.46},
}


@pytest.mark.parametrize("jail", ["short", "long"])
def test_frequencies_match_the_published_values(jail: str) -> None:
    counts = landing_counts(LandingJob(Rules.classic(), ROLLS, jail, seed=2, chunk=25_000),
                            workers=2)
    assert sum(counts) == ROLLS
    percent = [100 * c / ROLLS for c in counts]
    assert counts[30] == 0  # Go To Jail sends the token on: never a resting square
    for square, expected in PUBLISHED[jail].items():
        assert percent[square] == pytest.approx(expected, abs=0.35), BOARD.squares[square].name
    # A Chance square sends the token on 10 times in 16: the least landed squares.
    assert max(percent[7], percent[22], percent[36]) < 1.2


def test_results_do_not_depend_on_workers() -> None:
    job = LandingJob(Rules.classic(), 9_000, "short", seed=5, chunk=2_000)
    assert landing_counts(job, workers=1) == landing_counts(job, workers=2)


def test_idle_players_never_own_anything() -> None:
    from passgo.core import Game

    game = Game.from_position(landing_position(Rules.classic()), 3)
    agents = [IdleAgent(p, "short") for p in range(2)]
    for _ in range(3000):
        player = game.pending.player
        game.apply(agents[player].act(game, player))
    assert set(game.owner) == {-1}
    assert not game.over and min(game.cash) > 10**11
