"""What a simulated game's record holds, checked against the engine's own state and history."""

from __future__ import annotations

from collections import Counter

from passgo.agents import BasicBot, play
from passgo.core import Game, Rules
from passgo.core.actions import Roll
from passgo.core.board import load_edition
from passgo.core.events import Bankrupt, Event
from passgo.sim.jobs import GameJob, LandingJob
from passgo.sim.landing import IdleAgent
from passgo.sim.playout import new_game, play_game
from passgo.sim.records import GameRecorder, landing_labels, rent_group_of, rent_groups
from passgo.sim.seeds import derive_seed
from support import only, paid_by_players, setup, sq

BOARD = load_edition("us-classic")


def test_seeds_depend_on_master_and_purpose_only() -> None:
    assert derive_seed(5, "game", 3) == derive_seed(5, "game", 3)
    seeds = {derive_seed(5, "game", i) for i in range(1000)}
    assert len(seeds) == 1000
    assert derive_seed(5, "game", 3) != derive_seed(6, "game", 3)
    assert all(0 <= s < 2**63 for s in seeds)


def test_rotation_puts_every_entry_in_every_seat_once_per_n_games() -> None:
    job = GameJob(("a", "b", "c"), Rules.classic())
    seatings = [job.entries_by_seat(i) for i in range(3)]
    for seat in range(3):
        assert sorted(s[seat] for s in seatings) == [0, 1, 2]
    fixed = GameJob(("a", "b", "c"), Rules.classic(), rotate=False)
    assert all(fixed.entries_by_seat(i) == [0, 1, 2] for i in range(5))


def test_game_names_follow_the_entries() -> None:
    job = GameJob(("basic", "random", "basic"), Rules.classic(), seed=1)
    assert new_game(job, 1).names == ["P3", "P1", "P2"]


def _throws(game: Game, recorder: GameRecorder, throws: int) -> None:
    """Play idle players until `throws` throws are made and the thrower ends the turn."""
    agents = [IdleAgent(p, "long") for p in range(game.n)]
    while recorder.landings.rolls < throws or game.pending.kind != "end_turn":
        player = game.pending.player
        action = agents[player].act(game, player)
        recorder(action, game.apply(action))


def test_rent_is_counted_for_the_group_of_the_square_landed_on() -> None:
    # Ann throws 2+4 from Baltic Avenue onto Connecticut Avenue, Bob's: $8 for a light blue.
    game = setup(pos=[sq("Baltic Avenue"), 0], owners={sq("Connecticut Avenue"): 1},
                 dice=[(2, 4)])
    recorder = GameRecorder(game, [0, 1])
    _throws(game, recorder, 1)
    record = recorder.record(0)
    groups = dict(zip(rent_groups(BOARD), record.rent, strict=True))
    assert groups["light_blue"] == 8
    assert sum(record.rent) == 8
    assert record.rolls == 1
    assert record.landings[sq("Connecticut Avenue")] == 1


def test_third_double_rests_in_jail_not_on_a_square() -> None:
    # From Just Visiting: Electric Company, St. James Place, then jail without moving.
    game = setup(pos=[BOARD.jail, 0], dice=[(1, 1), (2, 2), (3, 3)])
    recorder = GameRecorder(game, [0, 1])
    _throws(game, recorder, 3)
    record = recorder.record(0)
    assert record.rolls == 3
    assert record.landings[sq("Electric Company")] == 1
    assert record.landings[sq("St. James Place")] == 1
    assert record.landings[len(BOARD.squares)] == 1  # In Jail
    assert record.landings[BOARD.jail] == 0  # not Just Visiting
    assert sum(record.landings) == 3


def test_record_agrees_with_the_game() -> None:
    job = GameJob(("basic", "basic", "basic"), Rules.classic(), seed=3, max_rounds=200)
    for index in range(4):
        record = play_game(job, index)
        game = new_game(job, index)
        observed: Counter[str] = Counter()

        def count(action: object, events: list[Event], seen: Counter[str] = observed) -> None:
            seen["bankrupt"] += len(only(Bankrupt, events))
            seen["rolls"] += type(action) is Roll
            seen["rent"] += sum(e.amount for e in paid_by_players(events) if e.reason == "rent")

        play(game, [BasicBot() for _ in range(3)], observe=count)
        assert record.rounds == game.rounds and record.turns == game.turns
        assert record.capped == game.stopped_by_limit
        assert record.rolls == observed["rolls"] == sum(record.landings)
        assert sum(record.rent) == observed["rent"]
        assert len(record.bankruptcies) == observed["bankrupt"]
        assert record.landings[sq("Go To Jail")] == 0
        seats = job.entries_by_seat(index)
        assert record.winner == (-1 if game.winner is None else seats[game.winner])


def test_group_and_landing_labels() -> None:
    groups = rent_groups(BOARD)
    assert groups[-2:] == ("railroads", "utilities")
    of = rent_group_of(BOARD)
    assert groups[of[sq("Boardwalk")]] == "dark_blue"
    assert groups[of[sq("Short Line")]] == "railroads"
    assert of[7] == -1  # Chance
    labels = landing_labels(BOARD)
    assert labels[BOARD.jail] == "Just Visiting" and labels[-1] == "In Jail"
    assert len(labels) == len(BOARD.squares) + 1


def test_landing_job_chunks_do_not_depend_on_workers() -> None:
    job = LandingJob(Rules.classic(), 120_001, chunk=50_000)
    assert job.chunks() == [(0, 50_000), (1, 50_000), (2, 20_001)]
