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
it adds.

The figures that do not depend on cash are gathered once per player and set of deeds in a
`Holding` (the deeds' resale value, the rent of what stands, and the order and cost of the
building steps still to come), so that the same deeds are valued at many amounts of cash (a
trade's price, a bid) by arithmetic alone. The model is deliberately simple and fast: bots call
it thousands of times per game.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from mypy_extensions import mypyc_attr

from passgo.agents.landing import landing_rates
from passgo.core import Game, Rules, deed_price
from passgo.core.board import STREET, Board, rules_board

MEAN_THROW: Final = 7  # a Utility's rent is a multiple of the throw that brought the player there
BANK: Final = -1  # the owner of an unowned deed in a `Position` (the game's read model says None)
HOTEL: Final = 5  # a street's level with a hotel (the levels of `SellDown`: 0-4 houses, 5 = hotel)
MAX_PLANNED_STEPS: Final = 48  # building steps a holding plans ahead (three groups to hotels)


@mypyc_attr(acyclic=True, free_list_len=1)
class Position:
    """What the strategic bot reads of a game, copied once per decision through the public
    read model into plain lists by square and by seat, so that valuing hundreds of positions
    that are only being considered (a trade, a bid, a sale) reads lists, not the game.

    `owner[sq]`: the owning seat, `BANK` for the Bank (and squares that are no deed);
    `level[sq]`: buildings as `SellDown` counts them (houses; 5 = a hotel; with double hotels
    5 + houses on top of a hotel, 10 = two hotels); `cash` and `alive` by seat.

    Read-only once made. A plain class rather than a frozen dataclass, like the other values
    the bot makes by the thousand (`Holding`, `trading.Deal`): compiled with mypyc, a
    dataclass keeps the `__init__` the dataclasses module writes, in interpreted Python. Those
    classes are also marked `acyclic` for mypyc: nothing they hold leads back to them, so the
    compiled build leaves them out of the garbage collector's lists (cheaper to make and to
    free, and never walked by a collection); the short-lived ones (`free_list_len=1`) keep a
    freed instance for the next."""

    def __init__(self, game: Game, owner: list[int], mortgaged: list[bool], level: list[int],
                 cash: list[int], alive: list[bool]) -> None:
        self.game = game
        self.owner = owner
        self.mortgaged = mortgaged
        self.level = level
        self.cash = cash
        self.alive = alive

    @staticmethod
    def of(g: Game) -> Position:
        # The Bank's deeds are read too: those of a player bankrupt to the Bank are
        # mortgaged until they are auctioned.
        owner, level, mortgaged = g.holdings()
        seats = range(g.n)
        return Position(g, owner, mortgaged, level, [g.cash_of(p) for p in seats],
                        [g.in_game(p) for p in seats])

    def with_levels(self, level: list[int]) -> Position:
        """The same position with other buildings."""
        return Position(self.game, self.owner, self.mortgaged, level, self.cash, self.alive)

    def rank(self, level: int) -> int:
        """A level on the even-building scale: a hotel is one step above the full houses
        (under double hotels every level with a hotel counts as the hotel)."""
        if level >= HOTEL:
            return self.game.rules.houses_per_hotel + 1
        return level

    def owns_group(self, player: int, group: int) -> bool:
        owner = self.owner
        return all(owner[sq] == player for sq in self.game.board.groups[group])

    def group_buildable(self, player: int, group: int) -> bool:
        """A complete colour group of the player with no street mortgaged."""
        owner, mortgaged = self.owner, self.mortgaged
        for sq in self.game.board.groups[group]:
            if owner[sq] != player or mortgaged[sq]:
                return False
        return True


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
    # `unlimited_return[g][u]`: `step_return` of group g's next step from u steps with no limit of
    # cash (0.0 once the group is full): a plan's order, looked up rather than worked out.
    unlimited_return: tuple[tuple[float, ...], ...]


@cache
def board_model(rules: Rules) -> BoardModel:
    board = rules_board(rules)
    leave = landing_rates(rules.edition, rules.jail_max_turns, "leave")
    stay = landing_rates(rules.edition, rules.jail_max_turns, "stay")
    rate = tuple((a + b) / 2 for a, b in zip(leave, stay, strict=True))
    if board.overlap >= 0:
        # A double board: a token goes round each board every other lap of its figure eight,
        # so each square is landed on about half as often as on the edition's own board.
        rate = tuple(rate[sq % board.ring] / 2 for sq in range(len(board.squares)))
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
    step_cost = tuple(squares[g[0]].house_cost for g in board.groups)
    steps_to_three = tuple(min(3, hph + 1) * len(g) for g in board.groups)
    max_steps = tuple((hph + 1) * len(g) for g in board.groups)
    unlimited = tuple(
        tuple(step_return(table, cost, u, top, three, NO_LIMIT) if cost > 0 and u < top
              else 0.0 for u in range(top + 1))
        for table, cost, top, three in zip(incomes, step_cost, max_steps, steps_to_three,
                                           strict=True))
    return BoardModel(
        rate=rate,
        group_income=tuple(incomes),
        single_income=single,
        step_cost=step_cost,
        steps_to_three=steps_to_three,
        max_steps=max_steps,
        unlimited_return=unlimited,
    )


NO_LIMIT: Final = 1e9  # a budget no building plan reaches


def step_return(table: Sequence[float], cost: int, u: int, top: int, three: int,
                budget: float) -> float:
    """Rent per dollar of a group's next building step from `u` steps (`table`: its
    `group_income`, `cost` a step's price, `top` its steps in all, `three` the steps to three
    houses per street), looking ahead as far as three houses on every street or the budget."""
    target = max(u + 1, three)
    ahead = min(target, top, u + int(min(budget, NO_LIMIT) // cost))
    roi = 0.0
    for t in range(u + 1, ahead + 1):
        roi = max(roi, (table[t] - table[u]) / ((t - u) * cost))
    return roi


def best_group_step(model: BoardModel, steps: Sequence[int], groups: Sequence[int],
                    budget: float) -> int:
    """The group (index into `groups`) where the next building step pays best per dollar,
    looking ahead to three houses on every street; -1 when none fits the budget or pays."""
    best, best_roi = -1, 0.0
    unlimited = budget >= NO_LIMIT  # then every group's return is in the model's table
    for i, gi in enumerate(groups):
        u = steps[i]
        if unlimited:
            roi = model.unlimited_return[gi][u]  # 0.0 for a full group, as if skipped
        else:
            cost = model.step_cost[gi]
            top = model.max_steps[gi]
            if u >= top or cost > budget or cost <= 0:
                continue
            roi = step_return(model.group_income[gi], cost, u, top, model.steps_to_three[gi],
                              budget)
        if roi > best_roi:
            best, best_roi = i, roi
    return best


RentTable = tuple[tuple[int, ...], tuple[int, ...], int]  # deeds, rents by how many held, factor


def rent_tables(board: Board) -> tuple[RentTable, RentTable]:
    """The railroads, then the utilities: the deeds, their rent table by how many of them one
    player owns, and the factor applied to it (a Utility's multiplier times a mean throw)."""
    return ((board.railroads, board.railroad_rents, 1),
            (board.utilities, board.utility_multipliers, MEAN_THROW))


@mypyc_attr(acyclic=True)
class Holding:
    """What one player's deeds and buildings are worth, apart from cash: `assets` (deeds at
    their printed price less the cost of lifting a mortgage, buildings at resale value),
    `fixed` (expected rent per opponent turn of everything but the groups it can build on),
    `built` (that of the buildable groups as they stand), and the building still to come in
    the order the bot would build: after k more steps `costs[k - 1]` has been spent and the
    rent per opponent turn has grown by `gains[k - 1]`. `groups`: its complete colour groups.
    Read-only once made (a plain class: see `Position`)."""

    def __init__(self, assets: float, fixed: float, built: float, costs: tuple[float, ...],
                 gains: tuple[float, ...], groups: tuple[int, ...]) -> None:
        self.assets = assets
        self.fixed = fixed
        self.built = built
        self.costs = costs
        self.gains = gains
        self.groups = groups


class Valuer:
    """Position values for one game's rules, with the bot's horizon and building allowance:
    the complete groups are built up with the cash in hand plus `future_cash`, or, given
    `later`, the mean of the rents reached with each of those amounts added instead (a
    player short of cash builds later, not never)."""

    def __init__(self, rules: Rules, horizon: float, future_cash: int,
                 later: Sequence[int] = ()) -> None:
        self.model = board_model(rules)
        self.board = rules_board(rules)
        self.rules = rules
        self.horizon = horizon
        self.future_cash = future_cash
        self.futures = (future_cash, *later)
        self.hotel_rank = rules.houses_per_hotel + 1
        self.price = tuple(deed_price(rules, s.price) for s in self.board.squares)
        self._others = rent_tables(self.board)
        self._holdings: dict[bytes, Holding] = {}
        self._plans: dict[tuple[tuple[int, ...], tuple[int, ...]],
                          tuple[tuple[float, ...], tuple[float, ...]]] = {}

    def price_of(self, deeds: Iterable[int]) -> int:
        """What the Bank sells these deeds for under the rules in play (`deed_price`): the
        yardstick of the bots' manners, which sell no group-completing deed for less."""
        price = self.price
        return sum(price[sq] for sq in deeds)

    def earn(self, pos: Position) -> float:
        """Opponent turns of rent a deed is valued at: the horizon times the opponents."""
        return self.horizon * max(1, sum(pos.alive) - 1)

    def value(self, pos: Position, player: int, owner: list[int] | None = None,
              cash: int | None = None, mortgaged: list[bool] | None = None,
              level: list[int] | None = None) -> float:
        """The player's position in money; `owner`, `cash`, `mortgaged` and `level` replace
        the position's to value one that is only being considered (a trade, a sale)."""
        holding = self.holding(pos, player, owner, mortgaged, level)
        return self.worth(holding, pos.cash[player] if cash is None else cash, self.earn(pos))

    def worth(self, holding: Holding, cash: float, earn: float) -> float:
        """`value` of a holding with this much cash, rent counted over `earn` opponent turns."""
        income, spent = self.income(holding, cash)
        return cash + holding.assets + earn * income - spent / 2

    def income(self, holding: Holding, cash: float) -> tuple[float, float]:
        """(rent per opponent turn, money spent on buildings) of a holding with this much
        cash, once it has built up its groups (the mean over the futures)."""
        # With each future, the building steps its cash then pays for (`Holding`).
        futures = self.futures
        costs, gains = holding.costs, holding.gains
        now = holding.fixed + holding.built
        income = spent = 0.0
        if not costs:  # nothing to build: the same sums without looking up any step
            for _ in futures:
                income += now
            return income / len(futures), 0.0
        k = -1
        last = len(costs)
        for future in futures:
            budget = cash + future
            if k < 0 or (k and costs[k - 1] > budget):
                k = bisect_right(costs, budget)
            else:  # the futures rise: count on from the steps the last one paid for
                while k < last and costs[k] <= budget:
                    k += 1
            if k:
                income += now + gains[k - 1]
                spent += costs[k - 1]
            else:
                income += now
        k = len(futures)
        return income / k, spent / k

    def holding(self, pos: Position, player: int, owner: list[int] | None = None,
                mortgaged: list[bool] | None = None,
                level: list[int] | None = None) -> Holding:
        """The player's deeds as a `Holding`; `owner`, `mortgaged` and `level` replace the
        position's (a trade, a sale)."""
        owner = pos.owner if owner is None else owner
        mortgaged = pos.mortgaged if mortgaged is None else mortgaged
        level = pos.level if level is None else level
        # The key: each deed of the player and its buildings and mortgage, as bytes (squares
        # and levels are below 256): hashed and compared faster than a tuple of ints, and no
        # object for the garbage collector to track.
        owned: list[int] = []
        for sq in self.board.properties:
            if owner[sq] == player:
                owned.append(sq)
                owned.append(level[sq] + 16 * mortgaged[sq])
        key = bytes(owned)
        known = self._holdings.get(key)
        if known is None:
            if len(self._holdings) > 8192:
                self._holdings.clear()
            known = self._holdings[key] = self._holding(pos, player, owner, mortgaged, level)
        return known

    def _holding(self, pos: Position, player: int, owner: list[int],
                 mortgaged: list[bool], level: list[int]) -> Holding:
        game = pos.game
        model, board = self.model, self.board
        price = self.price
        single = model.single_income
        top = self.hotel_rank
        assets = 0.0
        fixed = 0.0
        built = 0.0
        monopolies: list[int] = []
        steps: list[int] = []
        for gi, streets in enumerate(board.groups):
            held = 0
            any_mortgaged = False
            for sq in streets:
                if owner[sq] == player:
                    held += 1
                    assets += price[sq]
                    if mortgaged[sq]:
                        assets -= game.lift_cost(sq)
                        any_mortgaged = True
            if not held:
                continue
            if held == len(streets):
                if any_mortgaged:
                    fixed += 2 * sum((single[sq] for sq in streets if not mortgaged[sq]), 0.0)
                    continue
                u = 0
                for sq in streets:
                    lv = level[sq]
                    u += top if lv >= HOTEL else lv
                u = min(u, model.max_steps[gi])
                assets += u * model.step_cost[gi] / 2  # standing houses, at resale value
                built += model.group_income[gi][u]
                monopolies.append(gi)
                steps.append(u)
            else:
                for sq in streets:
                    if owner[sq] == player and not mortgaged[sq]:
                        fixed += single[sq]
        rate = model.rate
        # Railroads and utilities: rent by how many the player owns (on a double board, of
        # the same board: `Board.kin`).
        one_board = board.overlap < 0
        for kind, rents, times in self._others:
            mine = [sq for sq in kind if owner[sq] == player]
            for sq in mine:
                assets += price[sq]
                if mortgaged[sq]:
                    assets -= game.lift_cost(sq)
                elif rents:
                    count = len(mine) if one_board else sum(
                        1 for o in board.kin(sq) if owner[o] == player)
                    fixed += rate[sq] * (rents[min(count, len(rents)) - 1] * times)
        costs: tuple[float, ...] = ()
        gains: tuple[float, ...] = ()
        if monopolies:
            costs, gains = self._plan(tuple(monopolies), tuple(steps))
        return Holding(assets, fixed, built, costs, gains, tuple(monopolies))

    def _plan(self, groups: tuple[int, ...],
              steps: tuple[int, ...]) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The building steps still to come on these groups, best rent per dollar first
        (looking ahead to three houses per street): cumulative costs and rent gained."""
        key = (groups, steps)
        plan = self._plans.get(key)
        if plan is not None:
            return plan
        model = self.model
        now = list(steps)
        base = sum((model.group_income[gi][u] for gi, u in zip(groups, now, strict=True)), 0.0)
        costs: list[float] = []
        gains: list[float] = []
        spent = 0.0  # a float: `income` compares the costs with a float, faster
        income = base
        while len(costs) < MAX_PLANNED_STEPS:
            i = best_group_step(model, now, groups, NO_LIMIT)
            if i < 0:
                break
            gi = groups[i]
            table = model.group_income[gi]
            income += table[now[i] + 1] - table[now[i]]
            now[i] += 1
            spent += model.step_cost[gi]
            costs.append(spent)
            gains.append(income - base)
        plan = (tuple(costs), tuple(gains))
        if len(self._plans) > 4096:
            self._plans.clear()
        self._plans[key] = plan
        return plan
