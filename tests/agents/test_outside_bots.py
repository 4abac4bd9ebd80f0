"""The outside-style opponents (benchmarks/outside_bots.py) and their benchmark
(benchmarks/outside_style.py), briefly: games of every table end, or stop at the round cap,
with every action checked by the engine; the opponents never have a decision of their own
refused; they propose at most one offer a turn and the same deeds to the same player at most
once in 10 turns. The measurement itself is in docs/bots.md."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import pytest

from passgo import Action, Event, Game, ProposeTrade
from passgo.agents import play
from support import load_benchmark

NAMES = ("buy-everything", "sample-trader", "swapper", "shark")
TABLES = (*(f"a:{n}" for n in NAMES), *(f"b:{n}" for n in NAMES), "c")
MAX_ROUNDS = 150


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    load_benchmark("outside_bots")  # outside_style imports it by name
    return load_benchmark("outside_style")


@dataclass
class Played:
    table: str
    game: Game
    agents: list[Any]
    measured: list[int]
    proposals: list[tuple[int, int, int, tuple[int, ...], tuple[int, ...]]] = field(
        default_factory=list)  # turn, proposer, responder, deeds given, deeds asked for


@pytest.fixture(scope="module")
def played(bench: ModuleType) -> list[Played]:
    """Four games of every table (every seat once), checked, to a cap of 150 rounds."""
    out = []
    for table in TABLES:
        for i in range(4):
            seed = 40 + 7 * i
            agents, measured = bench.seat_agents(table, "strategic", i, seed)
            game = Game.new([f"P{k + 1}" for k in range(4)], seed=seed, max_rounds=MAX_ROUNDS)
            record = Played(table, game, agents, measured)

            def observe(action: Action, events: list[Event], record: Played = record) -> None:
                if isinstance(action, ProposeTrade) and action.player not in record.measured:
                    offer = action.offer
                    record.proposals.append((record.game.turn_number, action.player,
                                             offer.responder, offer.give.properties,
                                             offer.get.properties))

            play(game, agents, checked=True, observe=observe)  # an illegal action raises
            out.append(record)
    return out


def test_every_game_ends_or_stops_at_the_cap(played: list[Played]) -> None:
    for r in played:
        assert r.game.over, r.table
        assert r.game.winner is not None or r.game.stopped_by_limit, r.table
        assert r.game.round_number <= MAX_ROUNDS
    # the cap is not where every game ends: the tables are games, not stalemates
    assert sum(r.game.winner is not None for r in played) > len(played) // 2


def test_the_opponents_own_decisions_are_legal(played: list[Played]) -> None:
    """No decision of an opponent was refused and replaced by the basic bot's."""
    for r in played:
        opponents = [a for k, a in enumerate(r.agents) if k not in r.measured]
        assert opponents and all(a.overruled == 0 for a in opponents), r.table


def test_offers_one_a_turn_never_repeated_within_ten_turns(played: list[Played]) -> None:
    made: Counter[str] = Counter()
    for r in played:
        per_turn = Counter((turn, who) for turn, who, *_ in r.proposals)
        assert max(per_turn.values(), default=0) <= 1, r.table
        last: dict[tuple[Any, ...], int] = {}
        for turn, who, *offer in r.proposals:
            key = (who, *offer)
            assert key not in last or turn - last[key] >= 10, (r.table, key)
            last[key] = turn
        made[r.table] += len(r.proposals)
    assert made["a:buy-everything"] == made["b:buy-everything"] == 0  # it never proposes
    for name in NAMES[1:]:
        assert made[f"a:{name}"] + made[f"b:{name}"] > 0, name  # the check is not empty


def test_table_c_seats_three_different_opponents(bench: ModuleType) -> None:
    left_out: Counter[str] = Counter()
    for i in range(48):
        agents, measured = bench.seat_agents("c", "basic", i, i)
        assert measured == [i % 4]
        names = [a.name for k, a in enumerate(agents) if k not in measured]
        assert len(set(names)) == 3 and set(names) <= set(NAMES)
        (out,) = set(NAMES) - set(names)
        left_out[out] += 1
    assert set(left_out.values()) == {12}


def test_the_benchmark_prints_json(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "3", "--max-rounds", "60", "--table", "a:shark",
                       "--table", "b:swapper", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bot"] == "strategic"
    a, b = report["tables"]
    assert (a["table"], a["games"], a["fair_share"], b["fair_share"]) == ("a:shark", 3, 0.25, 0.75)
    for row in (a, b):
        assert 0 <= row["wins"] <= 3 and row["overruled"] == 0
        assert row["wilson95"][0] <= row["share"] <= row["wilson95"][1]
        assert row["median_rounds"] <= 60 and row["accepted"] <= row["offers"]


@pytest.mark.parametrize("args", [["--table", "d"], ["--table", "a:nobody"], ["--table", "c:x"],
                                  ["--bot", "nobody"], ["--games", "0"], ["--jobs", "0"]])
def test_bad_arguments_exit_2_with_one_line(bench: ModuleType, args: list[str],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("outside_style: ") and err.count("\n") == 1
