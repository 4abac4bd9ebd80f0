"""Random-play fuzz: many games under random rule mixes, every seat acting at random, with the
whole-game invariants checked after every action from the public model and the events alone.

    python benchmarks/fuzz.py [--games N] [--seconds T] [--seed S] [--max-rounds R] [--json]
    make fuzz                  # FUZZ_ARGS="--games 100000"

Each game draws a preset and then changes each rules option with some probability (booleans,
the text choices of `passgo.core.rules.CHOICES`, the editions and small whole numbers), keeping
only mixes that `Rules.validate` accepts. Every action is random and legal: usually an answer of
the seat the game waits for (a bid anywhere in its range), sometimes business or a trade
proposal from any seat, out of turn (with random terms where the rules allow them: rent
immunity, loans), or a rent claim. After each action:

* money is conserved: the players' cash plus the Bank's net takings, summed from the events
  (the `Payment`s to and from the Bank, mortgages, loans, the jackpot), never changes, and no
  cash is negative (the engine's own ledger is not read);
* every deed has at most one owner, a player still in the game (or the Bank);
* houses and hotels on the board plus the Bank's stock are the edition's 32 and 12;
* buildings stand evenly on whole, unmortgaged groups of one owner where the rules demand it;
* while the game runs, the seat it waits for has a legal action;

and at random points the game is saved and loaded back, and must be the same game (its save and
every seat's view). Prints games, actions, rate and violations as a table, or `--json`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import fields
from typing import Any

from passgo import Game, Rules
from passgo.agents.random_bot import random_offer
from passgo.core import BUSINESS_ACTIONS as BUSINESS
from passgo.core import CallTime, IllegalActionError
from passgo.core.actions import Action, Bid, ClaimRent, CounterTrade, ProposeTrade
from passgo.core.board import EDITIONS, load_edition
from passgo.core.errors import DataError
from passgo.core.events import (
    Event,
    JackpotTaken,
    LoanRepaid,
    LoanTaken,
    Mortgaged,
    MortgageLifted,
    Payment,
)
from passgo.core.rules import CHOICES, PRESETS

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
# Small whole numbers to draw for each integer option (its default is drawn too).
INT_VALUES: dict[str, tuple[int, ...]] = {
    "jail_prepay_turns": (0, 1, 2, 3),
    "jail_max_turns": (1, 2, 3),
    "auction_min_bid": (1, 10),
    "auction_min_increment": (1, 5),
    "houses_per_hotel": (1, 2, 3, 4),
    "mortgage_interest_percent": (0, 10, 25),
    "deal_deeds": (0, 1, 2, 3),
    "end_after_bankruptcies": (0, 1, 2),
    "round_limit": (0, 5, 20),
    "clock_minutes": (0, 90),
    "sudden_death_rounds": (0, 3, 10),
    "initial_auction_money": (10000, 6000),
}
OTHER_INTS = (0, 0, 10, 50, 100, 200)
CHANGE = 0.25  # chance that a drawn rule set changes a given option


def draw_rules(rng: random.Random) -> tuple[str, Rules]:
    """A preset with random changes, drawn from the `Rules` fields themselves (new options
    join the mix without touching this file); retried until `validate` accepts it."""
    while True:
        preset = rng.choice(sorted(PRESETS))
        base = Rules.preset(preset)
        options: dict[str, Any] = {}
        for f in fields(Rules):
            if rng.random() >= CHANGE:
                continue
            value = getattr(base, f.name)
            if f.name == "edition":
                options[f.name] = rng.choice(sorted(EDITIONS))
            elif f.name in CHOICES:
                options[f.name] = rng.choice(CHOICES[f.name])
            elif isinstance(value, bool):
                options[f.name] = rng.random() < 0.5
            elif isinstance(value, int):
                options[f.name] = rng.choice((*INT_VALUES.get(f.name, OTHER_INTS), value))
        try:
            return preset, base.with_options(**options)
        except DataError:
            continue


# -- the money the Bank takes, from the events -------------------------------------------------

def bank_takings(events: list[Event]) -> int:
    """What the Bank took in these events, less what it paid. A `Payment` names the Bank as
    None on either side (one between players moves nothing to or from the Bank); a mortgage, its
    lifting, the Free Parking jackpot and the Bank's loans carry their own amounts. Building,
    selling buildings, deed sales and lawyers' fees come with their own `Payment`."""
    taken = 0
    for e in events:
        match e:
            case Payment(payer=None, amount=amount):
                taken -= amount
            case Payment(payee=None, amount=amount):
                taken += amount
            case Mortgaged(amount=amount) | JackpotTaken(amount=amount) | LoanTaken(
                    amount=amount):
                taken -= amount
            case MortgageLifted(cost=amount) | LoanRepaid(amount=amount):
                taken += amount
    return taken


# -- invariants --------------------------------------------------------------------------------


class Checker:
    """The invariants of one game, from its public model and the events it returns (the cheap
    accessors `cash_of`, `owner_of`, `houses_on`, ... of docs/api.md, for speed)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        board = game.board
        self.houses, self.hotels = board.houses, board.hotels
        self.money = sum(p.cash for p in game.players)  # + the Bank's takings, from here on
        self.taken = 0
        deeds = game.deeds
        self.squares = [d.square for d in deeds]
        self.names = {d.square: d.name for d in deeds}
        if len(set(self.squares)) != len(self.squares):
            raise AssertionError("a deed listed twice")
        groups: dict[str, list[int]] = {}
        for d in deeds:
            if d.group is not None and d.kind == "street":
                groups.setdefault(d.group, []).append(d.square)
        self.groups = list(groups.items())

    def after(self, action: Action, events: list[Event]) -> list[str]:
        g, rules = self.game, self.game.rules
        out: list[str] = []
        self.taken += bank_takings(events)
        seats = range(g.n)
        cash = [g.cash_of(p) for p in seats]
        if sum(cash) + self.taken != self.money:
            kinds = sorted({e.kind for e in events})
            out.append(f"money: cash {sum(cash)} + Bank takings {self.taken} != {self.money} "
                       f"after {action.text()} ({', '.join(kinds)})")
            self.taken = self.money - sum(cash)  # report each leak once
        if min(cash) < 0:
            out.append(f"negative cash {cash}")
        for p in seats:
            if not g.in_game(p) and cash[p]:
                out.append(f"bankrupt seat {p} still has ${cash[p]}")
        houses = hotels = 0
        for sq in self.squares:
            owner = g.owner_of(sq)
            if owner is not None and (not 0 <= owner < g.n or not g.in_game(owner)):
                out.append(f"{self.names[sq]} owned by {owner}, not a player in the game")
            houses += g.houses_on(sq)
            hotels += g.hotels_on(sq)
        bank = g.bank
        if houses + bank.houses != self.houses or hotels + bank.hotels != self.hotels:
            out.append(f"buildings: {houses}+{bank.houses} houses, {hotels}+{bank.hotels} "
                       f"hotels, not {self.houses} and {self.hotels}")
        if not rules.unlimited_housing and (bank.houses < 0 or bank.hotels < 0):
            out.append(f"the Bank's stock is negative ({bank.houses}, {bank.hotels})")
        if (houses or hotels) and not rules.partial_building:
            self.check_groups(out)
        if not g.over and not g.legal_actions(g.pending_player):
            out.append(f"no legal action for seat {g.pending_player} at {g.pending.kind}")
        return out

    def check_groups(self, out: list[str]) -> None:
        """Buildings only on whole, unmortgaged groups of one owner (or of the two players of
        a partnership there), evenly where demanded."""
        g, rules = self.game, self.game.rules
        partners = {a.group: {a.giver, a.receiver} for a in g.agreements
                    if a.kind == "partnership"}
        for name, group in self.groups:
            levels = [(g.houses_on(sq), g.hotels_on(sq)) for sq in group]
            if not any(h or t for h, t in levels):
                continue
            owners = {g.owner_of(sq) for sq in group}
            if (len(owners) != 1 or None in owners) and not owners <= partners.get(name, set()):
                out.append(f"buildings on {name}, not owned by one player")
            if any(g.is_mortgaged(sq) for sq in group):
                out.append(f"buildings on mortgaged {name}")
            if rules.uneven_building or rules.double_hotels:
                continue
            ranks = [rules.houses_per_hotel + 1 if t else h for h, t in levels
                     if not (rules.instant_hotels and t)]
            if ranks and max(ranks) - min(ranks) > 1:
                out.append(f"uneven building on {name}: {ranks}")


def round_trip(game: Game) -> str | None:
    """Save and load: the same game, or what differs."""
    try:
        text = game.to_json()
        back = Game.from_json(text)
    except Exception as exc:  # any failure is a finding
        return f"save/load: {type(exc).__name__}: {exc}"
    if back.to_json() != text:
        return "save/load: the loaded game saves differently"
    for seat in range(game.n):
        if back.view(seat) != game.view(seat):
            return f"save/load: seat {seat}'s view differs"
    return None


# -- random players ----------------------------------------------------------------------------


def random_action(g: Game, rng: random.Random) -> Action:
    """Any seat's random legal action: mostly an answer to the pending decision."""
    r = rng.random()
    if g.rent_claims and r < 0.3:
        c = rng.choice(g.rent_claims)
        ask = ClaimRent(c.owner, c.square)
        if g.is_legal(ask):
            return ask
    alive = [p.seat for p in g.players if not p.bankrupt]
    if r > 0.995 and g.is_legal(CallTime(alive[0])):
        return CallTime(alive[0])  # the clock of a game that ends by time
    if r < 0.08:  # out-of-turn business
        seat = rng.choice(alive)
        business = [a for a in g.legal_actions(seat) if isinstance(a, BUSINESS)]
        if business:
            return rng.choice(business)
    elif r < 0.12:  # a trade proposal (or a counter-offer), from any seat
        seat = rng.choice(alive)
        offer = random_offer(g, seat, rng)
        if offer is not None:
            for action in (CounterTrade(seat, offer), ProposeTrade(seat, offer)):
                if g.is_legal(action):
                    return action
    player = g.pending_player
    legal = g.legal_actions(player)
    answers = [a for a in legal if not isinstance(a, BUSINESS)] or legal
    action = rng.choice(answers if rng.random() < 0.9 else legal)
    if isinstance(action, Bid):
        span = g.bid_range(player)
        if span is not None:
            low, high = span
            action = Bid(player, rng.choice((low, low, rng.randint(low, high), high)))
    return action


def play_one(index: int, seed: int, max_rounds: int, max_actions: int) -> dict[str, Any]:
    rng = random.Random(f"{seed}:{index}")
    preset, rules = draw_rules(rng)
    n = rng.randint(2, 6)
    game = Game.new(list(NAMES[:n]), rules, seed=rng.randrange(2**31),
                    max_rounds=rng.randint(1, max_rounds))
    checker = Checker(game)
    saves = sorted(rng.sample(range(1, max_actions), 2))
    violations: list[str] = []
    actions = 0
    while not game.over and actions < max_actions and len(violations) < 10:
        action = random_action(game, rng)
        try:
            events = game.apply(action)
        except IllegalActionError as exc:
            violations.append(f"a listed action is illegal: {action.text()}: {exc}")
            break
        except Exception as exc:  # any crash is a finding
            violations.append(f"{type(exc).__name__} on {action.text()}: {exc}")
            break
        actions += 1
        violations += checker.after(action, events)
        if actions in saves and (problem := round_trip(game)):
            violations.append(problem)
    if game.over and not violations and (problem := round_trip(game)):
        violations.append(problem)
    return {"game": index, "preset": preset, "rules": rules.changed(), "players": n,
            "actions": actions, "over": game.over, "violations": violations}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-rounds", type=int, default=60,
                    help="each game's round cap is drawn from 1..this (default 60)")
    ap.add_argument("--max-actions", type=int, default=5000,
                    help="actions per game at most (default 5000)")
    ap.add_argument("--seconds", type=float,
                    help="stop starting games after this many seconds (a time budget)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    for edition in EDITIONS:
        load_edition(edition)  # loaded once, outside the timing
    start = time.perf_counter()
    games = actions = finished = 0
    bad: list[dict[str, Any]] = []
    for i in range(args.games):
        if args.seconds is not None and time.perf_counter() - start > args.seconds:
            break
        result = play_one(i, args.seed, args.max_rounds, args.max_actions)
        games += 1
        actions += result["actions"]
        finished += result["over"]
        if result["violations"]:
            bad.append(result)
            if not args.json:
                print(f"game {i} ({result['preset']} {result['rules']}): "
                      f"{result['violations'][0]}", file=sys.stderr)
    seconds = time.perf_counter() - start
    summary = {
        "games": games, "actions": actions, "finished": finished, "seed": args.seed,
        "seconds": round(seconds, 1), "games_per_s": round(games / seconds, 1),
        "actions_per_s": round(actions / seconds),
        "games_with_violations": len(bad),
        "violations": sum(len(b["violations"]) for b in bad),
        "failures": bad[:50],
    }
    if args.json:
        json.dump(summary, sys.stdout, indent=2)
        print()
    else:
        for key in ("games", "actions", "finished", "seconds", "games_per_s",
                    "actions_per_s", "games_with_violations", "violations"):
            print(f"{key.replace('_', ' '):<24} {summary[key]:>12,}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
