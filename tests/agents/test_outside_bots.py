"""The outside-style opponents (benchmarks/outside_bots.py) and their benchmark
(benchmarks/outside_style.py), briefly: games of every table end, or stop at the round cap,
with every action checked by the engine; the opponents never have a decision of their own
refused; they propose at most one offer a turn and the same deeds to the same player at most
once in 10 turns; the solid human-style player and the haggler do what their styles say
(issue 36), in scenarios. The measurement itself is in docs/bots.md."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import pytest

from passgo import (
    Action,
    Build,
    Bundle,
    Buy,
    Decline,
    Event,
    Game,
    ProposeTrade,
    Roll,
    TradeOffer,
)
from passgo.agents import BasicBot, play
from support import load_benchmark, setup, sq

SAMPLES = ("buy-everything", "sample-trader", "swapper", "shark")  # table c mixes these
NAMES = (*SAMPLES, "solid-human", "haggler")
TABLES = (*(f"h:{n}" for n in NAMES), *(f"a:{n}" for n in NAMES), *(f"b:{n}" for n in NAMES),
          "c")
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
            game = Game.new([f"P{k + 1}" for k in range(len(agents))], seed=seed,
                            max_rounds=MAX_ROUNDS)
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
    assert made["h:buy-everything"] == made["a:buy-everything"] == made["b:buy-everything"] == 0
    for name in NAMES[1:]:  # the check is not empty
        assert made[f"h:{name}"] + made[f"a:{name}"] + made[f"b:{name}"] > 0, name


def test_table_c_seats_three_different_opponents(bench: ModuleType) -> None:
    left_out: Counter[str] = Counter()
    for i in range(48):
        agents, measured = bench.seat_agents("c", "basic", i, i)
        assert measured == [i % 4]
        names = [a.name for k, a in enumerate(agents) if k not in measured]
        assert len(set(names)) == 3 and set(names) <= set(SAMPLES)
        (out,) = set(SAMPLES) - set(names)
        left_out[out] += 1
    assert set(left_out.values()) == {12}


def test_the_benchmark_prints_json(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "3", "--max-rounds", "60", "--table", "a:shark",
                       "--table", "b:swapper", "--table", "h:haggler", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bot"] == "strategic"
    a, b, h = report["tables"]
    assert (a["table"], a["games"], a["fair_share"], b["fair_share"], h["fair_share"]) == (
        "a:shark", 3, 0.25, 0.75, 0.5)
    for row in (a, b, h):
        assert 0 <= row["wins"] <= 3 and row["overruled"] == 0
        assert row["wilson95"][0] <= row["share"] <= row["wilson95"][1]
        assert row["median_rounds"] <= 60 and row["accepted"] <= row["offers"]
        assert row["gives_nothing"] == row["give_aways"] == 0  # the strategic bot's manners
        assert row["won_within"] == pytest.approx(1 - row["no_winner"], abs=1e-3)  # 60 <= 500
        # Every game not won within 500 rounds has a cause, and only those.
        assert sum(row["not_won_why"].values()) == round(row["no_winner"] * 3)
        assert set(row["not_won_why"]) <= set(bench.CAUSES)


def test_a_game_not_won_says_what_its_last_position_shows(bench: ModuleType) -> None:
    """The causes the benchmark counts for a capped game: no group owned whole; one or two;
    the Bank without a hotel; and before all, every seat of the measured bot out."""
    fresh = setup(("Ann", "Bob", "Cy", "Dee"), owners={sq("Baltic Avenue"): 1})
    assert bench.not_won_why(fresh, [0]) == "no group complete"
    browns = {sq("Mediterranean Avenue"): 1, sq("Baltic Avenue"): 1}
    assert bench.not_won_why(setup(("Ann", "Bob"), owners=browns), [0]) == "one or two groups"
    three = {**browns, **{sq(n): 0 for n in ("Oriental Avenue", "Vermont Avenue",
                                                "Connecticut Avenue", "Park Place", "Boardwalk")}}
    hotels = {s: 5 for s in three}
    g = setup(("Ann", "Bob"), owners=three, levels=hotels)
    assert g.bank.hotels == 12 - 7
    assert bench.not_won_why(g, [0]) == "other"
    ended = Game.new(["Ann", "Bob", "Cy"], seed=3)
    play(ended, [BasicBot(), BasicBot(), BasicBot()])
    assert ended.over and ended.winner is not None
    losers = [p for p in range(3) if p != ended.winner]
    assert bench.not_won_why(ended, losers) == "the bot out"


@pytest.mark.parametrize("args", [["--table", "d"], ["--table", "a:nobody"], ["--table", "c:x"],
                                  ["--bot", "nobody"], ["--games", "0"], ["--jobs", "0"]])
def test_bad_arguments_exit_2_with_one_line(bench: ModuleType, args: list[str],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("outside_style: ") and err.count("\n") == 1


# -- the two styles of issue 36, in scenarios ----------------------------------------------------

KENTUCKY, INDIANA, ILLINOIS = sq("Kentucky Avenue"), sq("Indiana Avenue"), sq("Illinois Avenue")
ORANGE = (sq("St. James Place"), sq("Tennessee Avenue"), sq("New York Avenue"))
LIGHT_BLUE = (sq("Oriental Avenue"), sq("Vermont Avenue"), sq("Connecticut Avenue"))
DARK_BLUE = (sq("Park Place"), sq("Boardwalk"))


def haggler_game(bench: ModuleType, turns: int) -> Game:
    """The haggler (Ann) holds two reds and two spare deeds; Bob holds Illinois Avenue."""
    return setup(owners={KENTUCKY: 0, INDIANA: 0, ILLINOIS: 1, sq("Reading Railroad"): 0,
                         sq("Electric Company"): 0}, turns=turns)


def test_the_haggler_raises_its_cash_offer_after_each_refusal_up_to_its_cap(
        bench: ModuleType) -> None:
    """Issue 36: the trade-haggler "raises a cash offer step by step after each refusal"."""
    haggler = bench.OPPONENTS["haggler"]()
    offered = []
    for k in range(8):  # a refused offer may be made again after 10 turns
        g = haggler_game(bench, 10 * k + 10)
        action = haggler.business(g, 0)
        assert isinstance(action, ProposeTrade) and action.offer.get.properties == (ILLINOIS,)
        assert action.offer.give.properties == ()
        offered.append(action.offer.give.cash)
    assert offered == [240, 300, 360, 420, 480, 540, 600, 600]  # 1 to 2.5 times the price


def test_the_haggler_offers_two_weak_deeds_for_the_key_deed(bench: ModuleType) -> None:
    """Issue 36: the haggler "offers two weak deeds for one key deed" (while its cash offer
    waits out its refusal)."""
    haggler = bench.OPPONENTS["haggler"]()
    assert isinstance(haggler.business(haggler_game(bench, 10), 0), ProposeTrade)
    action = haggler.business(haggler_game(bench, 11), 0)
    assert isinstance(action, ProposeTrade)
    assert action.offer == TradeOffer(0, 1, Bundle((sq("Reading Railroad"),
                                                    sq("Electric Company"))),
                                      Bundle((ILLINOIS,)))


def test_the_haggler_takes_a_counter_offer_within_its_cap(bench: ModuleType) -> None:
    """Issue 36: the haggler "takes counter-offers within a cap" (2.5 times the printed
    price of the deeds that complete its group), and no dearer one."""
    haggler = bench.OPPONENTS["haggler"]()
    g = haggler_game(bench, 10)
    within = TradeOffer(1, 0, Bundle((ILLINOIS,)), Bundle((), 600))
    dearer = TradeOffer(1, 0, Bundle((ILLINOIS,)), Bundle((), 610))
    assert haggler.reply(g, 0, within) and not haggler.reply(g, 0, dearer)


def test_the_solid_human_buys_early_but_keeps_a_reserve_against_the_biggest_rent(
        bench: ModuleType) -> None:
    """Issue 36: the solid human-style player "buys nearly everything early" and "keeps a
    reserve against the biggest rent on the board"."""
    early = setup(dice=[(1, 2)])  # Baltic Avenue, nothing built anywhere
    late = setup(dice=[(1, 2)], owners={DARK_BLUE[0]: 1, DARK_BLUE[1]: 1},
                 levels={DARK_BLUE[0]: 5, DARK_BLUE[1]: 5})  # Boardwalk asks $2,000
    answers = []
    for g in (early, late):
        g.apply(Roll(0))
        answers.append(bench.OPPONENTS["solid-human"]().decide(g, 0))
    assert answers == [Buy(0), Decline(0)]


def test_the_solid_human_builds_to_three_houses_first(bench: ModuleType) -> None:
    """Issue 36: it "builds to three houses fast": a street below three houses is built on
    before one at three, however cheap that one's houses; and never past the reserve."""
    owners = {s: 0 for s in (*ORANGE, *LIGHT_BLUE)}
    levels = {**{s: 3 for s in LIGHT_BLUE}, **{s: 2 for s in ORANGE}}
    human = bench.OPPONENTS["solid-human"]()
    g = setup(owners=owners, levels=levels, cash=[1000, 1500])
    action = human.business(g, 0)
    assert isinstance(action, Build) and action.square in ORANGE
    poor = setup(owners={**owners, **{s: 1 for s in DARK_BLUE}}, levels={
        **levels, **{s: 5 for s in DARK_BLUE}}, cash=[1000, 1500])
    assert human.business(poor, 0) is None  # $1,000 is less than the $2,000 of Boardwalk


def test_the_solid_human_pays_a_fair_price_for_orange_not_for_yellow(bench: ModuleType) -> None:
    """Issue 36: it "trades at fair prices for orange, red and light blue": 1.5 times the
    printed price in cash for the missing deed of those groups, no cash offer for others."""
    human = bench.OPPONENTS["solid-human"]()
    g = setup(owners={ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1})
    assert human.business(g, 0) == ProposeTrade(0, TradeOffer(0, 1, Bundle((), 300),
                                                              Bundle((ORANGE[2],))))
    yellow = (sq("Atlantic Avenue"), sq("Ventnor Avenue"), sq("Marvin Gardens"))
    g = setup(owners={yellow[0]: 0, yellow[1]: 0, yellow[2]: 1})
    assert bench.OPPONENTS["solid-human"]().business(g, 0) is None
