"""What a position is worth to a player, in money: the strategic bot's yardstick.

Every decision of the strategic bot compares two positions (with and without a deed, before
and after a trade, a bid of $b or not), so one number per player is needed that prices deeds,
cash and the rents still to come on the same scale:

    value = cash + what the deeds would fetch + `horizon` rounds of expected rent from the
            opponents, with the complete colour groups built up as far as the player's
            spare cash (plus some future income) allows, the best-paying houses first.

Expected rent per opponent turn is the rent times the landing rate of `landing.py`. Building is
planned the way the bot builds: a house at a time on the group where it pays best per dollar,
looking ahead to the third house (rent jumps most up to the third house, so a group whose first
houses earn little is still worth starting when it can reach three). Houses are counted at half
their cost as an asset (what selling them back brings), so building pays only through the rent
it adds. The model is deliberately simple and fast: bots call it hundreds of times per game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from passgo.agents.landing import landing_rates
from passgo.core import Game, Rules
from passgo.core.board import RAILROAD, STREET, UTILITY, load_edition

MEAN_THROW = 7  # a Utility's rent is a multiple of the throw that brought the player there
BANK = -1  # the owner of an unowned deed in a `Position` (the game's read model says None)
HOTEL = 5  # a street's level with a hotel (the levels of `SellDown`: 0-4 houses, 5 = hotel)


@dataclass(frozen=True, slots=True)
class Position:
    """What the strategic bot reads of a game, copied once per decision through the public
    read model into plain lists by square and by seat, so that valuing hundreds of positions
    that are only being considered (a trade, a bid, a sale) reads lists, not the game.

    `owner[sq]`: the owning seat, `BANK` for the Bank (and squares that are no deed);
    `level[sq]`: buildings as `SellDown` counts them (houses; 5 = a hotel; with double hotels
    5 + houses on top of a hotel, 10 = two hotels); `cash` and `alive` by seat."""

    game: Game
    owner: list[int]
    mortgaged: list[bool]
    level: list[int]
    cash: list[int]
    alive: list[bool]

    @classmethod
    def of(cls, g: Game) -> Position:
        size = len(g.board.squares)
        owner, mortgaged, level = [BANK] * size, [False] * size, [0] * size
        owner_of, is_mortgaged = g.owner_of, g.is_mortgaged
        houses_on, hotels_on = g.houses_on, g.hotels_on
        for sq in g.board.properties:
            seat = owner_of(sq)
            if seat is not None:
                owner[sq] = seat
                level[sq] = houses_on(sq) + HOTEL * hotels_on(sq)
            # The Bank's deeds too: those of a player bankrupt to the Bank are mortgaged
            # until they are auctioned.
            mortgaged[sq] = is_mortgaged(sq)
        seats = range(g.n)
        return cls(g, owner, mortgaged, level, [g.cash_of(p) for p in seats],
                   [g.in_game(p) for p in seats])

    def rank(self, level: int) -> int:
        """A level on the even-building scale: a hotel is one step above the full houses
        (the levels of double hotels count as they are)."""
        return self.game.rules.houses_per_hotel + 1 if level == HOTEL else level

    def owns_group(self, player: int, group: int) -> bool:
        owner = self.owner
        return all(owner[sq] == player for sq in self.game.board.groups[group])

    def group_buildable(self, player: int, group: int) -> bool:
        """A complete colour group of the player with no street mortgaged."""
        owner, mortgaged = self.owner, self.mortgaged
        return all(owner[sq] == player and not mortgaged[sq]
                   for sq in self.game.board.groups[group])


@dataclass(frozen=True, slots=True)
class BoardModel:
    """Per-edition figures the valuation needs, computed once per rule set.

    `rate[sq]`: expected landings per turn of one opponent (the mean of the two jail policies,
    since the bot cannot know the others'). `group_income[g][u]`: expected rent per opponent
    turn of colour group g with `u` building steps spread evenly over it (0 = unimproved but
    complete, so double rent; a hotel is one step above the full houses), the extra steps on
    the streets where they earn most. `step_cost[g]`: price of one house in group g."""

    rate: tuple[float, ...]
    group_income: tuple[tuple[float, ...], ...]
    single_income: tuple[float, ...]  # unimproved rent per opponent turn, group incomplete
    step_cost: tuple[int, ...]
    steps_to_three: tuple[int, ...]  # building steps that put three houses on every street
    max_steps: tuple[int, ...]


@cache
def board_model(rules: Rules) -> BoardModel:
    board = load_edition(rules.edition)
    leave = landing_rates(rules.edition, rules.jail_max_turns, "leave")
    stay = landing_rates(rules.edition, rules.jail_max_turns, "stay")
    rate = tuple((a + b) / 2 for a, b in zip(leave, stay, strict=True))
    hph = rules.houses_per_hotel
    squares = board.squares

    def rent(sq: int, rank: int) -> int:
        rents = squares[sq].rents
        return rents[rank] if rank <= hph else rents[-1]

    incomes = []
    for streets in board.groups:
        n = len(streets)
        # Extra steps go first to the streets where one more step earns most.
        table = []
        for u in range(n * (hph + 1) + 1):
            base, extra = divmod(u, n)
            if base >= hph + 1:
                ranks = [hph + 1] * n
            else:
                gain = {s: rate[s] * (rent(s, base + 1) - rent(s, base)) for s in streets}
                first = sorted(streets, key=gain.__getitem__, reverse=True)[:extra]
                ranks = [base + (1 if s in first else 0) for s in streets]
            total = 0.0
            for s, r in zip(streets, ranks, strict=True):
                total += rate[s] * (rent(s, r) if r else 2 * rent(s, 0))
            table.append(total)
        incomes.append(tuple(table))
    single = tuple(rate[sq] * squares[sq].rents[0] if squares[sq].kind == STREET else 0.0
                   for sq in range(len(squares)))
    return BoardModel(
        rate=rate,
        group_income=tuple(incomes),
        single_income=single,
        step_cost=tuple(squares[g[0]].house_cost for g in board.groups),
        steps_to_three=tuple(min(3, hph + 1) * len(g) for g in board.groups),
        max_steps=tuple((hph + 1) * len(g) for g in board.groups),
    )


def best_group_step(model: BoardModel, steps: Sequence[int], groups: Sequence[int],
                    budget: float) -> int:
    """The group (index into `groups`) where the next building step pays best per dollar,
    looking ahead to three houses on every street; -1 when none fits the budget or pays."""
    best, best_roi = -1, 0.0
    for i, gi in enumerate(groups):
        u = steps[i]
        cost = model.step_cost[gi]
        if u >= model.max_steps[gi] or cost > budget:
            continue
        table = model.group_income[gi]
        target = max(u + 1, model.steps_to_three[gi])
        ahead = min(target, model.max_steps[gi], u + int(budget // cost))
        roi = 0.0
        for t in range(u + 1, ahead + 1):
            roi = max(roi, (table[t] - table[u]) / ((t - u) * cost))
        if roi > best_roi:
            best, best_roi = i, roi
    return best


class Valuer:
    """Position values for one game's rules, with the bot's horizon and building allowance."""

    def __init__(self, rules: Rules, horizon: float, future_cash: int) -> None:
        self.model = board_model(rules)
        self.board = load_edition(rules.edition)
        self.rules = rules
        self.horizon = horizon
        self.future_cash = future_cash

    def value(self, pos: Position, player: int, owner: Sequence[int] | None = None,
              cash: int | None = None, mortgaged: Sequence[bool] | None = None,
              level: Sequence[int] | None = None) -> float:
        """The player's position in money; `owner`, `cash`, `mortgaged` and `level` replace
        the position's to value one that is only being considered (a trade, a sale)."""
        owner = pos.owner if owner is None else owner
        mortgaged = pos.mortgaged if mortgaged is None else mortgaged
        level = pos.level if level is None else level
        cash = pos.cash[player] if cash is None else cash
        g = pos.game
        model, board = self.model, self.board
        squares = board.squares
        opponents = sum(pos.alive) - 1
        earn = self.horizon * max(1, opponents)
        value = float(cash)
        monopolies: list[int] = []
        steps: list[int] = []
        for gi, streets in enumerate(board.groups):
            held = 0
            for sq in streets:
                if owner[sq] == player:
                    held += 1
                    s = squares[sq]
                    value += s.price - (g.lift_cost(sq) if mortgaged[sq] else 0)
            if not held:
                continue
            if held == len(streets):
                if any(mortgaged[sq] for sq in streets):
                    value += earn * sum(model.single_income[sq] * 2 for sq in streets
                                        if not mortgaged[sq])
                    continue
                u = sum(pos.rank(level[sq]) for sq in streets)
                value += u * model.step_cost[gi] / 2  # standing houses, at resale value
                monopolies.append(gi)
                steps.append(u)
            else:
                value += earn * sum(model.single_income[sq] for sq in streets
                                    if owner[sq] == player and not mortgaged[sq])
        if monopolies:
            budget = cash + self.future_cash
            value += earn * self._developed_income(monopolies, steps, budget, earn)
        value += earn * self._transport_income(player, owner, mortgaged)
        return value

    def _developed_income(self, groups: list[int], steps: list[int], budget: float,
                          earn: float) -> float:
        """Income per opponent turn of the monopolies after building with `budget`, less the
        half of the money spent that houses do not give back (spread over the horizon)."""
        model = self.model
        steps = list(steps)
        lost = 0.0
        while True:
            i = best_group_step(model, steps, groups, budget)
            if i < 0:
                break
            cost = model.step_cost[groups[i]]
            budget -= cost
            lost += cost / 2
            steps[i] += 1
        income = sum(model.group_income[gi][u] for gi, u in zip(groups, steps, strict=True))
        return income - lost / earn

    def _transport_income(self, player: int, owner: Sequence[int],
                          mortgaged: Sequence[bool]) -> float:
        board, rate = self.board, self.model.rate
        income = 0.0
        roads = [sq for sq in board.railroads if owner[sq] == player]
        if roads:
            rent = board.railroad_rents[len(roads) - 1]
            income += sum(rate[sq] * rent for sq in roads if not mortgaged[sq])
        utils = [sq for sq in board.utilities if owner[sq] == player]
        if utils:
            rent = board.utility_multipliers[len(utils) - 1] * MEAN_THROW
            income += sum(rate[sq] * rent for sq in utils if not mortgaged[sq])
        return income

    def rent_to(self, pos: Position, sq: int) -> int:
        """The rent a player would owe on landing on `sq` now (a mean throw for Utilities)."""
        owners = pos.owner
        owner = owners[sq]
        if owner == BANK or pos.mortgaged[sq]:
            return 0
        s = self.board.squares[sq]
        if s.kind == STREET:
            lv = pos.level[sq]
            if lv:
                return s.rents[lv]
            return s.rents[0] * (2 if pos.owns_group(owner, s.group) else 1)
        if s.kind == RAILROAD:
            count = sum(1 for r in self.board.railroads if owners[r] == owner)
            return self.board.railroad_rents[count - 1]
        if s.kind == UTILITY:
            count = sum(1 for u in self.board.utilities if owners[u] == owner)
            return self.board.utility_multipliers[count - 1] * MEAN_THROW
        return 0
