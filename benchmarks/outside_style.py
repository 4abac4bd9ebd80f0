"""How does a bot fare against bots written elsewhere? Win share against outside-style opponents.

    python benchmarks/outside_style.py [--bot strategic] [--games 400] [--max-rounds 1000]
        [--seed 0] [--jobs 1] [--table a:swapper]... [--json]

passgo's bots are also judged against opponents that are not in the repository. The opponents
here (benchmarks/outside_bots.py: buy-everything, sample-trader, swapper, shark, solid-human,
haggler) are written from the public bot API only, in the style of the sample bots of Monopoly
AI tournament frameworks and of how strong people play. Tables:

    h:OPP   the bot + 1 x OPP, heads-up (fair share 50 %)
    a:OPP   the bot + 3 x OPP (fair share 25 %)
    b:OPP   OPP + 3 x the bot (its seats win together: fair share 75 %)
    c       the bot + three different opponents (fair share 25 %): game i leaves out the
            opponent (i // 4) mod 4 and turns the order of the other three by (i // 16) mod 3

Game i plays from seed `seed + i`, the bot's seat (b: the opponent's seat) i mod 4 (h: i mod
2), so every seat is played equally often. A game stopped at the round cap has no winner and
counts as not won. Columns: games, the bot's wins, their share with its 95 % Wilson interval,
the share of games won (by anyone) within 500 rounds, median rounds (a capped game lasting the
cap), the bot's trade offers (counter-offers included) and accepted offers per 100 rounds and
seat, its gives-nothing offers and give-away sales (`passgo.agents.manners`: deeds that
complete the buyer's group sold below their printed price; trades never pay a forced debt, so
every such sale counts), both 0 for every passgo bot, and seconds. Below the table, the games
not won within 500 rounds of each table by what their last position shows (`CAUSES`). The
game loop checks every action, so an illegal one by any bot stops the benchmark.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from multiprocessing import Pool
from typing import Any

from outside_bots import OPPONENTS

from passgo import Action, Event, Game, TradeAccepted, TradeOffered, __version__
from passgo.agents import make_agent, play, spec_problem
from passgo.agents.base import Agent
from passgo.agents.manners import Manners
from passgo.agents.play import step_limit
from passgo.tournament.stats import wilson

PLAYERS = 4
WITHIN = 500
"""The rounds within which the issue asks games to be won (the column `won_within`)."""
DEFAULT_TABLES = (*(f"h:{name}" for name in OPPONENTS), *(f"a:{name}" for name in OPPONENTS),
                  "c")
C_OPPONENTS = ("buy-everything", "sample-trader", "swapper", "shark")
"""The four sample-bot styles table c mixes (three a game)."""


def table_problem(table: str) -> str | None:
    """Why `table` names no table (None: it does)."""
    kind, colon, opponent = table.partition(":")
    if (kind == "c" and not colon) or (kind in ("h", "a", "b") and opponent in OPPONENTS):
        return None
    return (f"no table {table!r} (h:OPP, a:OPP, b:OPP or c; OPP one of "
            f"{', '.join(OPPONENTS)})")


def seat_agents(table: str, bot: str, i: int, seed: int) -> tuple[list[Agent], list[int]]:
    """The agents of game `i` of a table, and the seats the measured bot plays."""
    kind, _, opponent = table.partition(":")
    names = C_OPPONENTS
    if kind == "h":
        measured = [i % 2]
        return [make_agent(bot, seed * 31 + k) if k in measured else OPPONENTS[opponent]()
                for k in range(2)], measured
    if kind == "a":
        lineup = [opponent] * PLAYERS
        measured = [i % PLAYERS]
    elif kind == "b":
        lineup = [opponent if k == i % PLAYERS else "" for k in range(PLAYERS)]
        measured = [k for k in range(PLAYERS) if k != i % PLAYERS]
    else:
        three = [name for name in names if name != names[(i // 4) % len(names)]]
        shift = (i // 16) % len(three)
        lineup = three[shift:] + three[:shift]
        lineup.insert(i % PLAYERS, "")
        measured = [i % PLAYERS]
    agents: list[Agent] = [make_agent(bot, seed * 31 + k) if k in measured
                           else OPPONENTS[lineup[k]]() for k in range(PLAYERS)]
    return agents, measured


CAUSES = ("the bot out", "no group complete", "one or two groups", "Bank out of buildings",
          "other")
"""Why a game was not won within `WITHIN` rounds, as its last position shows (`not_won_why`)."""


def not_won_why(game: Game, measured: list[int]) -> str:
    """Which of `CAUSES` a game not won within `WITHIN` rounds shows at its end: every seat of
    the bot out (the opponents play on), no colour group owned whole by a player in, one or
    two, the Bank without a house or without a hotel, or something else."""
    alive = [p for p in range(len(game.names)) if game.in_game(p)]
    if not any(p in alive for p in measured):
        return CAUSES[0]
    groups = sum(all(game.owner_of(sq) == p for sq in streets)
                 for streets in game.board.groups for p in alive)
    if groups == 0:
        return CAUSES[1]
    if groups <= 2:
        return CAUSES[2]
    bank = game.bank
    if bank.houses == 0 or bank.hotels == 0:
        return CAUSES[3]
    return CAUSES[4]


def play_game(table: str, bot: str, i: int, seed: int, max_rounds: int) -> dict[str, Any]:
    """Play game `i` of a table from `seed` and say what the benchmark counts of it."""
    agents, measured = seat_agents(table, bot, i, seed)
    game = Game.new([f"P{k + 1}" for k in range(len(agents))], seed=seed, max_rounds=max_rounds)
    counts = {"offers": 0, "accepted": 0}
    manners = Manners(measured)
    watch = manners.observer(game)

    def observe(action: Action, events: list[Event]) -> None:
        for e in events:
            if isinstance(e, TradeOffered) and e.offer.proposer in measured:
                counts["offers"] += 1
            elif isinstance(e, TradeAccepted) and e.offer.proposer in measured:
                counts["accepted"] += 1
        watch(action, events)

    play(game, agents, max_steps=step_limit(len(agents), max_rounds), observe=observe)
    winner = game.winner if game.over else None
    won_within = winner is not None and game.round_number <= WITHIN
    return {
        "won": winner is not None and winner in measured,
        "no_winner": winner is None,
        "won_within": won_within,
        "not_won_why": None if won_within else not_won_why(game, measured),
        "rounds": game.round_number,
        "seats": len(measured),
        "players": len(agents),
        "overruled": sum(getattr(agents[k], "overruled", 0) for k in range(len(agents))
                         if k not in measured),
        "gives_nothing": manners.gives_nothing,
        "give_aways": manners.give_aways,
        **counts,
    }


def _game(job: tuple[str, str, int, int, int]) -> dict[str, Any]:
    table, bot, i, seed, max_rounds = job
    return play_game(table, bot, i, seed, max_rounds)


def measure(table: str, bot: str, games: int, max_rounds: int, seed: int,
            jobs: int) -> dict[str, Any]:
    start = time.perf_counter()
    work = [(table, bot, i, seed + i, max_rounds) for i in range(games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(_game, work, chunksize=4)
    else:
        results = [_game(job) for job in work]
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, games)
    seat_rounds = sum(r["rounds"] * r["seats"] for r in results)
    offers = sum(r["offers"] for r in results)
    accepted = sum(r["accepted"] for r in results)
    return {
        "table": table,
        "games": games,
        "max_rounds": max_rounds,
        "wins": wins,
        "share": round(wins / games, 4),
        "wilson95": [round(low, 4), round(high, 4)],
        "fair_share": round(results[0]["seats"] / results[0]["players"], 4),
        "no_winner": round(sum(r["no_winner"] for r in results) / games, 4),
        "won_within": round(sum(r["won_within"] for r in results) / games, 4),
        "median_rounds": float(statistics.median([r["rounds"] for r in results])),
        "offers": offers,
        "accepted": accepted,
        "offers_per_100_rounds": round(100 * offers / max(seat_rounds, 1), 1),
        "accepted_per_100_rounds": round(100 * accepted / max(seat_rounds, 1), 1),
        "gives_nothing": sum(r["gives_nothing"] for r in results),
        "give_aways": sum(r["give_aways"] for r in results),
        "overruled": sum(r["overruled"] for r in results),
        "not_won_why": {cause: n for cause in CAUSES
                        if (n := sum(r["not_won_why"] == cause for r in results))},
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--bot", default="strategic", help="the bot measured (a bot spec)")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--max-rounds", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--table", action="append", default=None,
                    help="h:OPP, a:OPP, b:OPP or c (repeatable; default: every h:OPP, "
                         "a:OPP and c)")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)
    tables = args.table or list(DEFAULT_TABLES)
    if args.games < 1 or args.max_rounds < 1 or args.jobs < 1:
        print("outside_style: need --games >= 1, --max-rounds >= 1, --jobs >= 1",
              file=sys.stderr)
        return 2
    problem = spec_problem(args.bot) or next(filter(None, map(table_problem, tables)), None)
    if problem:
        print(f"outside_style: {problem}", file=sys.stderr)
        return 2
    rows = [measure(t, args.bot, args.games, args.max_rounds, args.seed, args.jobs)
            for t in tables]
    if args.json:
        print(json.dumps({"benchmark": "outside_style", "passgo": __version__, "bot": args.bot,
                          "seed": args.seed, "jobs": args.jobs, "tables": rows}, indent=2))
        return 0
    print(f"passgo {__version__}: {args.bot} against outside-style bots, cap {args.max_rounds} "
          f"rounds, seeds {args.seed}..{args.seed + args.games - 1}")
    header = ("games", "wins", "share", "95 % Wilson", f"won<={WITHIN}r", "median",
              "offers/100r", "accepted/100r", "nothing", "give-away", "seconds")
    width = max(len("table"), *(len(r["table"]) for r in rows))

    def line(first: str, cells: tuple[str, ...]) -> str:
        return f"{first:<{width}}" + "".join(f"{c:>{max(len(h) + 2, 8)}}"
                                               for c, h in zip(cells, header, strict=True))

    print(line("table", header))
    for r in rows:
        low, high = r["wilson95"]
        print(line(r["table"], (
            str(r["games"]), str(r["wins"]), f"{r['share']:.1%}", f"{low:.1%}-{high:.1%}",
            f"{r['won_within']:.1%}", f"{r['median_rounds']:.0f}",
            f"{r['offers_per_100_rounds']:.1f}", f"{r['accepted_per_100_rounds']:.1f}",
            str(r["gives_nothing"]), str(r["give_aways"]), f"{r['seconds']:.0f}")))
    for r in rows:
        if r["not_won_why"]:
            print(f"{r['table']}: not won within {WITHIN} rounds, by the last position: "
                  + ", ".join(f"{cause} {n}" for cause, n in r["not_won_why"].items()))
    overruled = sum(r["overruled"] for r in rows)
    if overruled:
        print(f"outside_style: the opponents made {overruled} illegal decisions (replaced by "
              "the basic bot's)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
