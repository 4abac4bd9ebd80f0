"""The strategic bot's appraisal of positions and deeds, in money (the yardstick of
`valuation.py`): the cash to keep for the rents it may meet, what a deed adds to its position at
a price (and what keeping it from a rival is worth), the most to bid, where one more house
earns most, and the sale or mortgage that costs least per dollar raised.

The reserve: over its next `REACH_TURNS` turns, the smallest amount the rents on the board (as
they stand, and as their owners can build them up at once) exceed with probability below its
risk tolerance, less what mortgaging its deeds outside complete groups would raise (plus the
`reserve` floor). Early in the game that is the floor alone; once opponents have hotels it
holds back enough not to be forced to sell.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from passgo.agents.strategic.caches import SQUARE_BITS, SQUARE_MASK, Board, Caches
from passgo.agents.strategic.params import StrategicParams
from passgo.agents.valuation import (
    BANK,
    HOTEL,
    Holding,
    Position,
    Valuer,
    best_group_step,
    rent_tables,
)
from passgo.core import Action, BidDecision, Build, Game, Mortgage, Sell
from passgo.core.board import RAILROAD, STREET

# The chance of meeting a rent above the reserve in REACH_TURNS turns, at aggression 1.
RISK: Final = 0.15


class Appraiser:
    """One bot's appraisals (its `params`, the rules' `caches`, the `seed` its misjudgements
    are drawn from), with the reserve of the position it last worked one out for."""

    def __init__(self, params: StrategicParams, caches: Caches, seed: int = 0) -> None:
        self.params = params
        self.caches = caches
        self.seed = seed
        self._last_reserve: tuple[Position | None, int, int] = (None, -1, 0)

    # -- the reserve ---------------------------------------------------------------------------

    def reserve(self, pos: Position, player: int) -> int:
        """Cash to keep: the `reserve` floor plus the rent that the next turns reach with
        probability above the bot's risk tolerance, less what mortgaging deeds outside
        complete groups would raise."""
        last = self._last_reserve
        if last[0] is pos and last[1] == player:
            return last[2]
        reserve = self._work_out_reserve(pos, player)
        self._last_reserve = (pos, player, reserve)
        return reserve

    def _work_out_reserve(self, pos: Position, player: int) -> int:
        g = pos.game
        board = self.caches.board(pos)
        cash = pos.cash
        at = g.square_of(player)
        tolerance = RISK * self.params.aggression
        # What the owners of buildable groups can build at once changes with their cash.
        builders = board.builders
        bumps = tuple([cash[builders[i]] // builders[i + 1]
                       for i in range(0, len(builders), 2)])
        key = (player, at, tolerance, bumps)
        danger = board.dangers.get(key)
        if danger is None:
            danger = board.dangers[key] = self._danger(g, board, player, bumps, at, tolerance)
        # Deeds outside complete groups can be mortgaged at little cost when a big rent
        # comes: that loan is part of the reserve, so cash need not cover it.
        return self.params.reserve + max(0, danger - board.loans[player])

    def _danger(self, g: Game, board: Board, player: int, bumps: tuple[int, ...], at: int,
                tolerance: float) -> int:
        """The rent the next turns reach from `at` with a probability above `tolerance`
        (`bumps`: what the owner of each group that can be built on can build at once)."""
        seen = board.ranked.get((player, bumps))
        if seen is None:
            seen = board.ranked[(player, bumps)] = rents_met(g, board, player)
        if not seen:
            return 0
        here = self.caches.odds(g)[at]
        tail = 0.0
        for met in seen:
            tail += here[met & SQUARE_MASK]
            if tail > tolerance:
                return met >> SQUARE_BITS
        return 0

    def exposure(self, pos: Position, player: int) -> float:
        """Expected rent per turn of walking round the board as it stands."""
        return self.caches.board(pos).exposure[player]

    # -- deeds and auctions --------------------------------------------------------------------

    def deed_gain(self, pos: Position, player: int, sq: int) -> DeedGain:
        """What owning `sq` adds to the bot's position, plus a share of what it is worth to an
        opponent whose group it would complete (keeping it from them), by the price paid."""
        g = pos.game
        valuer = self.caches.valuer(g)
        earn = valuer.earn(pos)
        cash = pos.cash[player]
        before = valuer.worth(valuer.holding(pos, player), cash, earn)
        owner = list(pos.owner)
        owner[sq] = player
        after = valuer.holding(pos, player, owner)
        denied = 0.0
        rival = BANK
        square = g.board.squares[sq]
        if square.kind == STREET:
            streets = g.board.groups[square.group]
            others = {pos.owner[o] for o in streets if o != sq}
            if len(others) == 1:
                rival = others.pop()
                if rival not in (BANK, player):
                    owner[sq] = rival
                    theirs = valuer.value(pos, rival, owner) - valuer.value(pos, rival)
                    opponents = max(1, sum(pos.alive) - 1)
                    denied = max(0.0, theirs - valuer.price[sq]) / opponents
        # A player of an easy level misjudges the deed (`noise`), the same way all turn.
        slip = (misjudgement(self.seed, g.turn_number, sq, self.params.noise) * square.price
                if self.params.noise else 0.0)
        return DeedGain(valuer, after, cash, earn, before + slip, denied,
                        rival if denied > 0 else BANK)

    def auction_limit(self, g: Game, player: int, bid: BidDecision) -> int:
        """The highest bid at which winning is still worth it."""
        if bid.item != "deed":
            cost = g.board.squares[bid.square].house_cost
            return int(cost * (1 + self.params.aggression) / 2)
        pos = Position.of(g)
        gain = self.deed_gain(pos, player, bid.square)
        return int(gain.most(pos.cash[player]) * self.params.aggression)

    # -- building ------------------------------------------------------------------------------

    def build(self, g: Game, pos: Position, player: int, spare: int) -> Action | None:
        """The house (or hotel) where a dollar of `spare` cash earns most, if any."""
        groups = [gi for gi in range(len(g.board.groups)) if pos.group_buildable(player, gi)]
        if not groups:
            return None
        model = self.caches.valuer(g).model
        steps = [min(model.max_steps[gi], sum(pos.rank(pos.level[sq])
                                              for sq in g.board.groups[gi])) for gi in groups]
        buildable: set[int] | None = None  # asked of the game once a group is chosen
        while groups:
            i = best_group_step(model, steps, groups, spare)
            if i < 0:
                return None
            if buildable is None:
                buildable = set(g.buildable_squares(player))
            options = [sq for sq in g.board.groups[groups[i]] if sq in buildable]
            if options:
                return Build(player, self.best_street(pos, options))
            del groups[i], steps[i]  # the Bank's stock stops this group: try the next best
        return None

    def best_street(self, pos: Position, options: list[int]) -> int:
        """The street where one more building adds the most rent."""
        g = pos.game
        rate = self.caches.valuer(g).model.rate
        squares = g.board.squares
        hph = g.rules.houses_per_hotel
        level = pos.level

        def added(sq: int) -> float:
            rents = squares[sq].rents
            lv = min(level[sq], hph + 1)
            if lv > hph:
                return 0.0
            now = rents[min(lv, len(rents) - 1)]
            nxt = rents[-1] if lv == hph else rents[min(lv + 1, len(rents) - 1)]
            return rate[sq] * (nxt - now)

        return max(options, key=added)

    # -- raising money -------------------------------------------------------------------------

    def rent_lost(self, pos: Position, player: int, sq: int) -> float | None:
        """The expected rent per opponent turn that mortgaging `sq` takes away, as the
        valuation counts it; None for a street of a whole group with no mortgage yet (its
        building plan goes too)."""
        g = pos.game
        valuer = self.caches.valuer(g)
        board = valuer.board
        square = board.squares[sq]
        model = valuer.model
        owner, mortgaged = pos.owner, pos.mortgaged
        if square.kind == STREET:
            streets = board.groups[square.group]
            if not all(owner[s] == player for s in streets):
                return model.single_income[sq]
            if any(mortgaged[s] for s in streets):
                return 2 * model.single_income[sq]
            return None
        railroads, utilities = rent_tables(board)
        _, table, times = railroads if square.kind == RAILROAD else utilities
        if not table:
            return 0.0
        count = sum(1 for s in board.kin(sq) if owner[s] == player)
        return model.rate[sq] * (table[min(count, len(table)) - 1] * times)

    def cheapest_sale(self, g: Game, pos: Position, player: int, owed: int) -> Action | None:
        """The sale or mortgage that loses the least position value per dollar raised; None
        when it knows of none. The debt is counted as paid, so no building is planned with
        money that is owed."""
        valuer = self.caches.valuer(g)
        earn = valuer.earn(pos)
        cash = pos.cash[player] - owed - valuer.future_cash
        before = valuer.worth(valuer.holding(pos, player), cash, earn)
        best: tuple[float, Action] | None = None
        board = g.board
        squares = board.squares
        hph = g.rules.houses_per_hotel
        # The valuation counts a group's building steps, not which street carries them: one
        # sale per group, number of steps left and money raised is valued (the money differs
        # only where a building bought at a shortage auction is sold).
        costs: dict[tuple[int, int, int], float] = {}
        for action in g.sale_actions(player):
            if isinstance(action, Sell):
                group = squares[action.square].group
            else:
                group = board.group_names.index(action.group)
            streets = board.groups[group]
            levels = g.sale_levels(action)
            steps = sum(_units(lv, hph) for lv in levels)
            raised = g.sale_price(action)
            cost = costs.get((group, steps, raised))
            if cost is None:
                level = list(pos.level)
                for s, lv in zip(streets, levels, strict=True):
                    level[s] = lv
                sold = valuer.holding(pos, player, level=level)
                lost = before - valuer.worth(sold, cash + raised, earn)
                cost = costs[(group, steps, raised)] = lost / max(1, raised)
            if best is None or cost < best[0]:
                best = (cost, action)
        if not g.rules.no_mortgaging:
            mortgaged = list(pos.mortgaged)
            holding = valuer.holding(pos, player)
            for sq in g.mortgageable_squares(player):
                raised = squares[sq].mortgage
                rent = self.rent_lost(pos, player, sq)
                if rent is None:  # a whole group: its building plan goes
                    mortgaged[sq] = True
                    after = valuer.worth(valuer.holding(pos, player, mortgaged=mortgaged),
                                         cash + raised, earn)
                    mortgaged[sq] = False
                else:  # the deed's own rent goes, and lifting it later costs more
                    after = (valuer.worth(holding, cash + raised, earn) - g.lift_cost(sq)
                             - earn * rent)
                cost = (before - after) / max(1, raised)
                if best is None or cost < best[0]:  # the action made only for a better step
                    best = (cost, Mortgage(player, sq))
        return None if best is None else best[1]


def misjudgement(seed: int, turn: int, sq: int, noise: float) -> float:
    """A share from -`noise` to `noise`, drawn for one bot (`seed`), turn and square: the
    bot's own random numbers, a hash of those three (splitmix64), so that its reasons, worked
    out again, find the same misjudgement, and the game's dice and cards are not touched."""
    x = (seed * 0x9E3779B97F4A7C15 + turn * 0xBF58476D1CE4E5B9 + sq * 0x94D049BB133111EB
         + 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 31
    return noise * (2.0 * (x >> 11) / (1 << 53) - 1.0)


def rents_met(g: Game, board: Board, player: int) -> list[int]:
    """The rents `player` may meet on the board, highest first, with their squares (as
    `Board.ranked` keeps them: ints sort faster than pairs, in the same order, and are not
    objects the garbage collector tracks)."""
    seen = []
    fixed, owners = board.fixed, board.owners
    for i in range(len(fixed)):
        if owners[i] != player:
            seen.append(fixed[i])
    threats, ladder = board.threats, board.ladder
    for i in range(0, len(threats), 5):
        owner = threats[i + 1]
        if owner == player:
            continue
        sq, rent, cost, rank = threats[i], threats[i + 2], threats[i + 3], threats[i + 4]
        rents = ladder[sq]
        # The owner builds evenly with the cash it has: rent soon, not just now.
        rank = min(len(rents) - 1, rank + g.cash_of(owner) // cost)
        seen.append(max(rent, rents[rank]) << SQUARE_BITS | sq)
    seen.sort(reverse=True)
    return seen


@mypyc_attr(acyclic=True, free_list_len=1)
class DeedGain:
    """What owning one deed adds to the bot's position as a function of the price paid, the
    holdings valued once (`Appraiser.deed_gain`): an object with a method rather than a
    closure, which mypyc compiles to a native call. `denied`: the share counted of what the
    deed is worth to `rival` (`BANK`: nobody), whose group it would complete."""

    def __init__(self, valuer: Valuer, after: Holding, cash: int, earn: float, before: float,
                 denied: float, rival: int) -> None:
        self.valuer = valuer
        self.after = after
        self.cash = cash
        self.earn = earn
        self.before = before
        self.denied = denied
        self.rival = rival

    def at(self, price: int) -> float:
        return (self.valuer.worth(self.after, self.cash - price, self.earn) - self.before
                + self.denied)

    def most(self, high: int) -> int:
        """About the highest price, up to `high`, at which owning the deed still adds value
        (to within $2; 0 when none does)."""
        low = 0
        while high - low > 2:
            mid = (low + high) // 2
            if self.at(mid) >= 0:
                low = mid
            else:
                high = mid
        return low


def _units(level: int, houses_per_hotel: int) -> int:
    """Building steps standing at a level: a hotel is one step above the full row of houses
    (the levels of double hotels count as they are)."""
    return houses_per_hotel + 1 if level == HOTEL else level
