"""The rules engine's public face: `Game.new`, `pending`, `legal_actions`, `apply`.

Every change goes through `apply(action)`: the action is checked against the rules (an illegal
one raises `IllegalActionError` and changes nothing), carried out, and the engine then runs
everything that needs no decision until someone must decide again. `apply` returns the events
of that step. `apply_unchecked` skips the check, for simulations that choose among legal actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from passgo.core import auction, buildings, house, money, movement, offers, sealed, trades
from passgo.core.actions import (
    AcceptTrade,
    Action,
    AllowTravel,
    Bid,
    Build,
    BuildHotel,
    Buy,
    ChooseTax,
    ClaimRent,
    CounterTrade,
    DeclareBankruptcy,
    Decline,
    DrawCard,
    EndTurn,
    FineOrChance,
    ForbidTravel,
    ForceAuction,
    Foreclose,
    HireLawyer,
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    NoDraw,
    NoLawyer,
    NoTravel,
    Pass,
    PayJailFine,
    PlaceBuilding,
    ProposeTrade,
    Refuse,
    RejectTrade,
    RepayLoan,
    Roll,
    Sell,
    SellDeed,
    SellDown,
    TakeLoan,
    TradeOffer,
    Travel,
    Unmortgage,
    UseJailCard,
    WantBuildings,
)
from passgo.core.board import DECK_CHANCE
from passgo.core.errors import IllegalActionError
from passgo.core.events import Event
from passgo.core.frames import (
    DONE,
    MOVED,
    POST_ROLL,
    PRE_ROLL,
    AuctionFrame,
    BuyFrame,
    CallFrame,
    DebtFrame,
    DrawFrame,
    FinderFrame,
    FineFrame,
    ForeclosureFrame,
    Frame,
    MoveFrame,
    OptionFrame,
    PlaceFrame,
    RailFrame,
    SealedFrame,
    TradeFrame,
    TransferFrame,
    TurnFrame,
)
from passgo.core.rules import Rules
from passgo.core.state import BANK, GameState

MIN_PLAYERS = 2
MAX_PLAYERS = 8


class Game(GameState):
    """One game of Monopoly: state plus the rules that change it."""

    __slots__ = ()

    # -- creating a game -----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        rules: Rules | None = None,
        seed: int = 0,
        *,
        order: str = "roll",
        dice: Sequence[tuple[int, int]] = (),
        max_turns: int | None = None,
        max_rounds: int | None = None,
    ) -> Game:
        """A new game. `order="roll"`: each player throws, the highest total starts (ties throw
        again); `order="given"`: the first name starts. `dice` scripts the first throws (the
        opening throws included); `max_turns`/`max_rounds` stop the game early as a safety limit
        for simulations (reported as such; not a rule)."""
        names = [str(p) for p in players]
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError(f"Monopoly is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if len(set(names)) != len(names):
            raise ValueError("player names must differ")
        if order not in ("roll", "given"):
            raise ValueError("order must be 'roll' or 'given'")
        rules = rules or Rules.classic()
        rules.validate()
        g = cls(rules, names, seed)
        g.setup = {
            "order": order,
            "dice": [list(d) for d in dice],
            "max_turns": max_turns,
            "max_rounds": max_rounds,
        }
        g.max_turns = max_turns
        g.max_rounds = max_rounds
        g.dice_script = [(int(a), int(b)) for a, b in dice]
        # "the Chance and Community Chest cards face down": shuffled by the game's own PRNG.
        for deck in g.decks:
            g.rng.shuffle(deck)
        g.pot = rules.free_parking_seed  # "$500 is placed in the middle of the board"
        if rules.start_at_corners:
            house.start_at_corners(g)
        first = 0
        if order == "roll" and not rules.order_auction:
            first = g._opening_roll()
        g.current = first
        g.setup["first"] = first
        g.frames = [TurnFrame("roll", first)]
        if rules.deal_deeds:
            g._deal_deeds(first)
        if rules.order_auction:
            # "Before the game begins, players bid for the right to go first" (004).
            sealed.open_order_auction(g)
        else:
            g.events.append(Event("turn", first))
        return g

    def _deal_deeds(self, first: int) -> None:
        """Short and time-limit games: "the Banker shuffles ... then deals" deeds to each
        player one at a time, free or paid for at the printed price as the rules say."""
        deeds = list(self.board.properties)
        self.rng.shuffle(deeds)
        for _ in range(self.rules.deal_deeds):
            for p in self.seats_from(first):
                sq = deeds.pop()
                self.owner[sq] = p
                self.events.append(Event("transfer", BANK, square=sq, other=p, detail="dealt"))
                if self.rules.dealt_deeds_paid:
                    money.pay_now(self, p, BANK, self.deed_price(sq), "dealt deed")

    @classmethod
    def from_position(
        cls,
        position: str | dict[str, Any],
        seed: int = 0,
        *,
        max_turns: int | None = None,
        max_rounds: int | None = None,
    ) -> Game:
        """A game starting from a position (TOML or JSON text, or its data; see
        docs/positions.md); `seed` drives the dice and the cards the position leaves open.
        An invalid position raises `PositionError` naming the key."""
        from passgo.core.position import game_from_position

        g = game_from_position(position, seed)
        g.max_turns = g.setup["max_turns"] = max_turns
        g.max_rounds = g.setup["max_rounds"] = max_rounds
        return g

    def position(self) -> dict[str, Any]:
        """This game as a position (at the start of a throw); `position_to_toml` writes it."""
        from passgo.core.position import position_of

        return position_of(self)

    def _opening_roll(self) -> int:
        """"each player in turn throws the dice. The player with the highest total starts";
        players tied for highest throw again."""
        contenders = list(range(self.n))
        throws: list[str] = []
        while True:
            totals = {}
            for p in contenders:
                d = self.throw()
                totals[p] = d[0] + d[1]
                throws.append(f"{p}:{d[0]}+{d[1]}")
            best = max(totals.values())
            contenders = [p for p in contenders if totals[p] == best]
            if len(contenders) == 1:
                self.events.append(Event("order", contenders[0], detail=" ".join(throws)))
                return contenders[0]

    # -- what the game waits for ---------------------------------------------------------------

    @property
    def pending(self) -> Frame:
        """The decision the game waits for: `.kind` and `.player` (and details by kind)."""
        return self.frames[-1]

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Everything `player` (default: the one to decide) may do now.

        Amount-valued actions are listed once at their smallest legal amount (a `Bid` may be
        any amount from there up to the bidder's cash; see `bid_range`). Trade offers cannot be
        listed (any mix of assets); `ProposeTrade` is legal whenever `trade_problem` is None."""
        if self.over:
            return []
        top = self.frames[-1]
        if player is None:
            player = top.player
        if not 0 <= player < self.n or not self.alive[player]:
            return []
        out: list[Action] = []
        if top.player == player:
            out.extend(self._decision_actions(top, player))
        out.extend(self.business_actions(player))
        return out

    def _decision_actions(self, top: Frame, p: int) -> list[Action]:
        kind = top.kind
        if kind == "roll":
            return [Roll(p)] if self.rules.dice == "standard" else [*house.roll_options(self, p)]
        if kind == "jail":
            out: list[Action] = (
                [Roll(p)] if self.rules.dice == "standard" else [*house.roll_options(self, p)]
            )
            if self._jail_problem(PayJailFine(p)) is None:
                out.append(PayJailFine(p))
            if self.cards[p]:
                out.append(UseJailCard(p))
            return out
        if kind == "end_turn":
            return [EndTurn(p)]
        if kind == "buy":
            assert isinstance(top, BuyFrame)
            price = self.deed_price(top.square)
            return [Buy(p), Decline(p)] if self.cash[p] >= price else [Decline(p)]
        if kind == "bid":
            assert isinstance(top, AuctionFrame)
            low = auction.min_bid(self, top)
            return [Bid(p, low), Pass(p)] if self.cash[p] >= low else [Pass(p)]
        if kind == "tax":
            return [ChooseTax(p, False), ChooseTax(p, True)]
        if kind == "fine_or_chance":
            return [FineOrChance(p, False), FineOrChance(p, True)]
        if kind == "raise_funds":
            return [DeclareBankruptcy(p)] if money.may_declare_bankruptcy(self, p) else []
        if kind == "trade_reply":
            assert isinstance(top, TradeFrame)
            out = [RejectTrade(p)]
            if trades.offer_problem(self, top.offer) is None:
                out.insert(0, AcceptTrade(p))
            return out
        if kind == "mortgaged_deed":
            assert isinstance(top, TransferFrame)
            out = [KeepMortgage(p, top.square)]
            if self.cash[p] >= self.lift_cost(top.square):
                out.insert(0, LiftMortgage(p, top.square))
            return out
        if kind == "build_demand":
            assert isinstance(top, CallFrame)
            low, high = buildings.want_limit(self, top, p)
            return [WantBuildings(p, n) for n in range(low, high + 1)]
        if kind == "place_building":
            assert isinstance(top, PlaceFrame)
            return [PlaceBuilding(p, sq) for sq in buildings.place_options(self, top)]
        if kind == "sealed_bid":
            assert isinstance(top, SealedFrame)
            low = sealed.min_bid(self, top)
            return [Bid(p, low), Pass(p)] if self.cash[p] >= low else [Pass(p)]
        if kind in ("foreclosure_owner", "foreclosure_buy", "auction_option"):
            return self._offer_actions(top, p)
        return self._house_actions(top, p)

    def _offer_actions(self, top: Frame, p: int) -> list[Action]:
        """Answers to the decisions of the foreclosure and option-to-auction house rules."""
        cash = self.cash[p]
        if isinstance(top, ForeclosureFrame):
            sq = top.square
            if top.kind == "foreclosure_owner":
                return ([LiftMortgage(p, sq)] if cash >= self.lift_cost(sq) else []) + [Refuse(p)]
            cost = sum(offers.foreclose_cost(self, sq))
            return ([Foreclose(p, sq)] if cash >= cost else []) + [Refuse(p)]
        assert isinstance(top, OptionFrame)
        if cash >= offers.option_price(self, top.square):
            return [ForceAuction(p), Refuse(p)]
        return [Refuse(p)]

    def _house_actions(self, top: Frame, p: int) -> list[Action]:
        """Answers to the decisions of the movement, money and jail house rules."""
        kind = top.kind
        if kind == "travel":
            assert isinstance(top, RailFrame)
            return [*(Travel(p, r) for r in house.travel_destinations(self, top.square)),
                    NoTravel(p)]
        if kind == "allow_travel":
            return [AllowTravel(p), ForbidTravel(p)]
        if kind == "draw_card":
            return [DrawCard(p), NoDraw(p)]
        if kind == "lawyer":
            fee = self.rules.jail_lawyer
            return [HireLawyer(p), NoLawyer(p)] if self.cash[p] >= fee else [NoLawyer(p)]
        if kind == "jail_exit":
            return [PayJailFine(p), UseJailCard(p)]
        raise AssertionError(f"no actions for pending {kind!r}")

    def business_actions(self, player: int) -> list[Action]:
        """Building, selling, mortgaging and lifting open to the player now ("at any time")."""
        if self.over or not self.alive[player]:
            return []
        out: list[Action] = []
        spending = not self.owes(player)
        if self.rules.bank_loans:
            if house.loan_problem(self, player, repay=False) is None:
                out.append(TakeLoan(player))
            if house.loan_problem(self, player, repay=True) is None:
                out.append(RepayLoan(player))
        if spending and not buildings.call_open(self):
            out.extend(Build(player, sq) for sq in buildings.buildable_squares(self, player))
        for sq, group, levels in buildings.sell_options(self, player):
            if sq >= 0:
                out.append(Sell(player, sq))
            else:
                out.append(SellDown(player, self.board.group_names[group], levels))
        for sq in self.board.properties:
            if self.owner[sq] == player:
                if buildings.mortgage_problem(self, player, sq) is None:
                    out.append(Mortgage(player, sq))
                elif spending and buildings.unmortgage_problem(self, player, sq) is None:
                    out.append(Unmortgage(player, sq))
        if spending and self.rules.instant_hotels:
            out.extend(BuildHotel(player, sq) for sq in buildings.hotel_squares(self, player))
        if self.rules.no_mortgaging:
            out.extend(SellDeed(player, sq) for sq in self.board.properties
                       if buildings.sell_deed_problem(self, player, sq) is None)
        out.extend(ClaimRent(player, c[2]) for c in self.claims if c[1] == player)
        return out

    def bid_range(self, player: int) -> tuple[int, int] | None:
        """(lowest, highest) bid the player may make now, or None if they may not bid."""
        top = self.frames[-1]
        if isinstance(top, SealedFrame) and top.player == player:
            low = sealed.min_bid(self, top)  # or 0: no bid
            return (low, self.cash[player]) if self.cash[player] >= low else None
        if not isinstance(top, AuctionFrame) or top.player != player:
            return None
        low = auction.min_bid(self, top)
        return (low, self.cash[player]) if self.cash[player] >= low else None

    def trade_problem(self, offer: TradeOffer) -> str | None:
        """Why `offer` may not be proposed now (None: it may)."""
        return self._problem(ProposeTrade(offer.proposer, offer))

    # -- checking ------------------------------------------------------------------------------

    def is_legal(self, action: Action) -> bool:
        return self._problem(action) is None

    def check(self, action: Action) -> None:
        """Raise `IllegalActionError` saying why, if the action is not legal now."""
        problem = self._problem(action)
        if problem is not None:
            raise IllegalActionError(problem)

    def _problem(self, action: Action) -> str | None:
        if self.over:
            return "the game is over"
        p = action.player
        if not isinstance(p, int) or not 0 <= p < self.n:
            return f"no player {p!r}"
        if not self.alive[p]:
            return f"{self.names[p]} is out of the game"
        rule = _CHECKS.get(type(action))
        if rule is None:
            return f"unknown action {action!r}"
        expected, check = rule
        if expected is not None:
            top = self.frames[-1]
            if top.kind not in expected or top.player != p:
                who = self.names[top.player] if top.player >= 0 else "nobody"
                return f"{action.text()!r} is not possible now: waiting for {who} ({top.kind})"
        return check(self, action)

    def _jail_problem(self, action: Action) -> str | None:
        p = action.player
        if self.frames[-1].kind == "jail_exit":
            # After the last failed throw: the fine is owed in any case (raise funds if need
            # be), or a held card is used instead.
            if isinstance(action, UseJailCard) and not self.cards[p]:
                return "you have no Get Out of Jail Free card"
            return None
        if isinstance(action, PayJailFine):
            if self.jail_turns[p] >= self.rules.jail_prepay_turns:
                return "the fine may be paid before throwing only on the first jail turns"
            if self.cash[p] < self.board.jail_fine:
                return f"the fine is {self.board.jail_fine}"
        elif not self.cards[p]:
            return "you have no Get Out of Jail Free card"
        return None

    # -- applying ------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Check and carry out one action; returns the events it caused."""
        self.check(action)
        return self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Carry out an action known to be legal (e.g. taken from `legal_actions`)."""
        self.events = []
        self.history.append(action)
        _HANDLERS[type(action)](self, action)
        self._settle()
        return self.events

    def _settle(self) -> None:
        """Run everything that needs no decision, until someone must decide or the game ends."""
        frames = self.frames
        while not self.over:
            top = frames[-1]
            if isinstance(top, TurnFrame):
                if top.stage == MOVED:
                    p = top.player
                    if self.alive[p] and not self.jailed[p] and top.again:
                        top.stage, top.kind = PRE_ROLL, "roll"
                    else:
                        top.stage, top.kind = POST_ROLL, "end_turn"
                    return
                if top.stage == DONE:
                    self._next_turn()  # may end the game at a turn or round limit
                    continue
                return
            if isinstance(top, DebtFrame):
                if money.settle_debt(self, top):
                    frames.pop()
                    continue
                return
            if isinstance(top, MoveFrame):
                frames.pop()
                if self.alive[top.player]:
                    movement.move_by(self, top.player, top.steps, top.steps)
                continue
            if isinstance(top, AuctionFrame):
                if auction.step(self, top):
                    continue
                return
            if isinstance(top, CallFrame):
                if buildings.settle_call(self, top):
                    continue
                return
            if isinstance(top, PlaceFrame):
                if buildings.settle_place(self, top):
                    continue
                return
            if isinstance(top, SealedFrame):
                if sealed.step(self, top):
                    continue
                return
            if isinstance(top, OptionFrame):
                if offers.settle_option(self, top):
                    continue
                return
            return

    def _next_turn(self) -> None:
        p = self.current
        rounds = self.rounds
        self.turns += 1
        n, alive = self.n, self.alive
        if self.order:  # an order of play other than the seating (`Rules.order_auction`)
            nxt = self.seats_from(self.left_of(p))[0]
            at = self.order.index
            if at(nxt) <= at(p):
                self.rounds += 1
        else:
            nxt = (p + 1) % n
            while not alive[nxt]:
                nxt = (nxt + 1) % n
            first = self.setup.get("first", 0)
            if (nxt - first) % self.n <= (p - first) % self.n:
                self.rounds += 1
        self.current = nxt
        self.doubles = 0
        turn = self.frames[0]
        assert isinstance(turn, TurnFrame)
        turn.kind = "jail" if self.jailed[nxt] else "roll"
        turn.player = nxt
        turn.stage = PRE_ROLL
        turn.again = False
        if self.rules.round_limit and self.rounds >= self.rules.round_limit:
            self._finish_by_valuation("time limit")
        elif self.max_turns is not None and self.turns >= self.max_turns:
            self._finish("turn limit", limit=True)
        elif self.max_rounds is not None and self.rounds >= self.max_rounds:
            self._finish("round limit", limit=True)
        else:
            if self.house_rules and self.rules.tax_man and self.rounds != rounds:
                movement.tax_man(self)  # after every complete round
            self.events.append(Event("turn", nxt))  # (positional events: hot path)

    def _finish(self, reason: str, limit: bool = False) -> None:
        self.over = True
        self.end_reason = reason
        alive = self.alive_players()
        self.winner = alive[0] if not limit and len(alive) == 1 else None
        self.events.append(
            Event("game_over", -1 if self.winner is None else self.winner, detail=reason)
        )

    def _finish_by_valuation(self, reason: str) -> None:
        """Short and time-limit games: "The richest player wins" by `valuation`; a tie for
        the richest has no single winner."""
        self.over = True
        values = {p: self.valuation(p) for p in self.alive_players()}
        best = max(values.values())
        richest = [p for p, v in values.items() if v == best]
        self.winner = richest[0] if len(richest) == 1 else None
        self.end_reason = reason if self.winner is not None else f"{reason} (tie)"
        self.events.append(
            Event("game_over", -1 if self.winner is None else self.winner,
                  amount=best, detail=self.end_reason)
        )

    def call_time(self) -> list[Event]:
        """End a time-limit game now (the agreed hour has come): the richest player wins."""
        if self.over:
            raise IllegalActionError("the game is over")
        self.events = []
        self._finish_by_valuation("time called")
        return self.events

    # -- views ---------------------------------------------------------------------------------

    @property
    def stopped_by_limit(self) -> bool:
        return self.over and self.end_reason in ("turn limit", "round limit")

    def copy(self) -> Game:
        """An independent copy (for what-if searches)."""
        from passgo.core.serialize import game_from_dict, game_to_dict

        return game_from_dict(game_to_dict(self), verify=False)

    def to_json(self) -> str:
        from passgo.core.serialize import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str, verify: bool = True) -> Game:
        """Load a saved game; `verify` replays its history and refuses it on any difference."""
        from passgo.core.serialize import game_from_json

        return game_from_json(text, verify=verify)

    def view(self, player: int) -> dict[str, Any]:
        """What `player` may see: everything but deck order, the PRNG and scripted dice."""
        from passgo.core.serialize import player_view

        return player_view(self, player)


# -- action handlers -------------------------------------------------------------------------

Check = Callable[[Game, Any], str | None]
Handler = Callable[[Game, Any], None]


def _ok(g: Game, a: Action) -> str | None:
    return None


def _roll_problem(g: Game, a: Roll) -> str | None:
    return house.dice_problem(g, a.player, a.dice) if a.dice else None


def _roll(g: Game, a: Roll) -> None:
    movement.roll(g, a.player, a.dice)


def _end_turn(g: Game, a: EndTurn) -> None:
    movement.turn_frame(g).stage = DONE


def _buy_problem(g: Game, a: Buy) -> str | None:
    top = g.frames[-1]
    assert isinstance(top, BuyFrame)
    price = g.deed_price(top.square)
    return None if g.cash[a.player] >= price else f"the price is {price}; raise cash first"


def _buy(g: Game, a: Buy) -> None:
    top = g.frames.pop()
    assert isinstance(top, BuyFrame)
    price = g.deed_price(top.square)
    money.pay_now(g, a.player, BANK, price, "purchase")
    g.owner[top.square] = a.player
    g.events.append(Event("buy", a.player, square=top.square, amount=price))


def _decline(g: Game, a: Decline) -> None:
    top = g.frames.pop()
    assert isinstance(top, BuyFrame)
    if g.rules.finders_fee_percent:
        g.frames.append(FinderFrame("finder", a.player, top.square))
    # "Any player, including the one who declined the option to buy it ..., may bid."
    auction.open_auction(g, "deed", top.square, g.left_of(a.player))


def _bid_problem(g: Game, a: Bid) -> str | None:
    top = g.frames[-1]
    if isinstance(top, SealedFrame):
        return sealed.bid_problem(g, top, a.player, a.amount)
    assert isinstance(top, AuctionFrame)
    low = auction.min_bid(g, top)
    if a.amount < low:
        return f"the lowest bid now is {low}"
    if a.amount > g.cash[a.player]:
        return f"a bid cannot be above your cash ({g.cash[a.player]})"
    return None


def _bid(g: Game, a: Bid) -> None:
    top = g.frames[-1]
    if isinstance(top, SealedFrame):
        sealed.bid(g, top, a.player, a.amount)
        return
    assert isinstance(top, AuctionFrame)
    auction.bid(g, top, a.player, a.amount)


def _pass(g: Game, a: Pass) -> None:
    top = g.frames[-1]
    if isinstance(top, SealedFrame):
        sealed.bid(g, top, a.player, 0)
        return
    assert isinstance(top, AuctionFrame)
    auction.leave(g, top, a.player)


def _tax(g: Game, a: ChooseTax) -> None:
    g.frames.pop()
    p = a.player
    if a.percent:
        amount = movement.tax_percent(g, p)
        why = "income tax (10%)"
    else:
        amount = g.board.squares[g.pos[p]].amount
        why = "income tax"
    money.charge(g, p, BANK, amount, why)


def _fine_or_chance(g: Game, a: FineOrChance) -> None:
    top = g.frames.pop()
    assert isinstance(top, FineFrame)
    if a.chance:
        movement.draw(g, a.player, DECK_CHANCE)
    else:
        money.charge(g, a.player, BANK, top.amount, "fine")


def _pay_fine(g: Game, a: PayJailFine) -> None:
    if g.frames[-1].kind == "jail_exit":
        movement.jail_exit(g, a.player, card=False)
    else:
        movement.pay_jail_fine(g, a.player)


def _use_card(g: Game, a: UseJailCard) -> None:
    if g.frames[-1].kind == "jail_exit":
        movement.jail_exit(g, a.player, card=True)
    else:
        movement.use_jail_card(g, a.player)


# -- house rules: movement, money and jail ---------------------------------------------------


def _travel_problem(g: Game, a: Travel) -> str | None:
    top = g.frames[-1]
    assert isinstance(top, RailFrame)
    if a.square not in house.travel_destinations(g, top.square):
        return "travel only to another railroad of the owner of the one you landed on"
    return None


def _travel(g: Game, a: Travel) -> None:
    g.frames.pop()
    house.travel(g, a.player, a.square)


def _no_travel(g: Game, a: NoTravel) -> None:
    g.frames.pop()


def _allow_travel(g: Game, a: AllowTravel | ForbidTravel) -> None:
    top = g.frames.pop()
    assert isinstance(top, RailFrame)
    if isinstance(a, ForbidTravel):
        g.events.append(Event("travel_forbidden", a.player, square=top.square, other=top.lander))
        return
    g.frames.append(RailFrame("travel", top.lander, top.square))
    movement.collect_rent(g, top.lander, a.player, top.square, top.rent)


def _draw(g: Game, a: DrawCard | NoDraw) -> None:
    top = g.frames.pop()
    assert isinstance(top, DrawFrame)
    if isinstance(a, DrawCard):
        movement.draw(g, a.player, top.deck)
    else:
        g.events.append(Event("no_draw", a.player, square=g.pos[a.player], amount=top.deck))


def _lawyer_problem(g: Game, a: HireLawyer) -> str | None:
    fee = g.rules.jail_lawyer
    return None if g.cash[a.player] >= fee else f"the lawyer costs {fee}"


def _lawyer(g: Game, a: HireLawyer | NoLawyer) -> None:
    g.frames.pop()
    if isinstance(a, HireLawyer):
        house.hire_lawyer(g, a.player)


def _loan_problem(g: Game, a: TakeLoan | RepayLoan) -> str | None:
    return house.loan_problem(g, a.player, repay=isinstance(a, RepayLoan))


def _take_loan(g: Game, a: TakeLoan) -> None:
    house.take_loan(g, a.player)


def _repay_loan(g: Game, a: RepayLoan) -> None:
    house.repay_loan(g, a.player)


def _build_problem(g: Game, a: Build) -> str | None:
    if not 0 <= a.square < len(g.board.squares):
        return f"no square {a.square}"
    if g.owes(a.player):
        return "settle your debt before spending"
    if buildings.call_open(g):
        return "a building-shortage call is open: buildings are handed out by it first"
    return buildings.build_problem(g, a.player, a.square)


def _build(g: Game, a: Build) -> None:
    buildings.build(g, a.player, a.square)


def _sell_levels(g: Game, a: Sell | SellDown) -> tuple[int, tuple[int, ...]] | str:
    if isinstance(a, Sell):
        if not 0 <= a.square < len(g.board.squares):
            return f"no square {a.square}"
        square = g.board.squares[a.square]
        if g.owner[a.square] != a.player or not g.level[a.square]:
            return f"you have no building on {square.name}"
        return square.group, buildings.sell_one_levels(g, a.square)
    try:
        group = g.board.group_index(a.group)
    except KeyError as exc:
        return str(exc.args[0])
    return group, tuple(a.levels)


def _sell_problem(g: Game, a: Sell | SellDown) -> str | None:
    found = _sell_levels(g, a)
    if isinstance(found, str):
        return found
    return buildings.sell_problem(g, a.player, *found)


def _sell(g: Game, a: Sell | SellDown) -> None:
    found = _sell_levels(g, a)
    assert not isinstance(found, str)
    buildings.sell_down(g, a.player, *found)


def _square_ok(g: Game, sq: int) -> str | None:
    return None if 0 <= sq < len(g.board.squares) else f"no square {sq}"


def _mortgage_problem(g: Game, a: Mortgage) -> str | None:
    return _square_ok(g, a.square) or buildings.mortgage_problem(g, a.player, a.square)


def _mortgage(g: Game, a: Mortgage) -> None:
    buildings.mortgage(g, a.player, a.square)


def _unmortgage_problem(g: Game, a: Unmortgage) -> str | None:
    if g.owes(a.player):
        return "settle your debt before spending"
    return _square_ok(g, a.square) or buildings.unmortgage_problem(g, a.player, a.square)


def _unmortgage(g: Game, a: Unmortgage) -> None:
    buildings.unmortgage(g, a.player, a.square)


def _transfer_problem(g: Game, a: LiftMortgage | KeepMortgage) -> str | None:
    top = g.frames[-1]
    assert isinstance(top, TransferFrame | ForeclosureFrame)
    if a.square != top.square:
        return f"the deed to decide on is square {top.square}"
    if isinstance(a, LiftMortgage) and g.cash[a.player] < g.lift_cost(a.square):
        return f"lifting the mortgage costs {g.lift_cost(a.square)}"
    return None


def _lift(g: Game, a: LiftMortgage) -> None:
    g.frames.pop()
    # Lifting at once costs the mortgage plus 10 % interest, paid once (no double interest).
    buildings.unmortgage(g, a.player, a.square)


def _keep(g: Game, a: KeepMortgage) -> None:
    g.frames.pop()
    money.charge(g, a.player, BANK, g.interest(a.square), "interest")


def _bankruptcy_problem(g: Game, a: DeclareBankruptcy) -> str | None:
    top = g.frames[-1]
    if not isinstance(top, DebtFrame) or top.player != a.player:
        return "bankruptcy is declared only on a debt you cannot pay"
    if not money.may_declare_bankruptcy(g, a.player):
        return "you can still raise the money by selling buildings and mortgaging"
    return None


def _bankrupt(g: Game, a: DeclareBankruptcy) -> None:
    limit = g.rules.end_after_bankruptcies
    final = bool(limit) and g.n - sum(g.alive) + 1 >= limit
    money.declare_bankruptcy(g, a.player, final)
    if final:
        # Short games: "The game ends when one player goes bankrupt" (or at the second).
        g._finish_by_valuation(f"bankruptcy {limit}")
    elif sum(g.alive) == 1:
        # "The last player left in the game wins."
        g._finish("last player standing")


def _claim_problem(g: Game, a: ClaimRent) -> str | None:
    if not any(c[1] == a.player and c[2] == a.square for c in g.claims):
        return f"no rent is waiting to be asked for on square {a.square}"
    return None


def _claim(g: Game, a: ClaimRent) -> None:
    movement.claim_rent(g, a.player, a.square)


def _want_problem(g: Game, a: WantBuildings) -> str | None:
    top = g.frames[-1]
    assert isinstance(top, CallFrame)
    low, high = buildings.want_limit(g, top, a.player)
    return None if low <= a.amount <= high else f"answer between {low} and {high}"


def _want(g: Game, a: WantBuildings) -> None:
    top = g.frames[-1]
    assert isinstance(top, CallFrame)
    buildings.want(g, top, a.player, a.amount)


def _place_problem(g: Game, a: PlaceBuilding) -> str | None:
    top = g.frames[-1]
    assert isinstance(top, PlaceFrame)
    return _square_ok(g, a.square) or buildings.place_problem(
        g, a.player, a.square, top.item, top.price
    )


def _place(g: Game, a: PlaceBuilding) -> None:
    top = g.frames[-1]
    assert isinstance(top, PlaceFrame)
    buildings.place(g, top, a.square)


def _propose_problem(g: Game, a: ProposeTrade) -> str | None:
    if a.offer.proposer != a.player:
        return "the proposer of an offer is the player who makes it"
    if any(isinstance(f, TradeFrame) for f in g.frames):
        return "another trade is being negotiated; wait for its answer"
    return trades.offer_problem(g, a.offer)


def _propose(g: Game, a: ProposeTrade) -> None:
    trades.propose(g, a.offer)


def _accept_problem(g: Game, a: AcceptTrade) -> str | None:
    top = g.frames[-1]
    assert isinstance(top, TradeFrame)
    return trades.offer_problem(g, top.offer)


def _accept(g: Game, a: AcceptTrade) -> None:
    top = g.frames[-1]
    assert isinstance(top, TradeFrame)
    trades.accept(g, top)


def _reject(g: Game, a: RejectTrade) -> None:
    top = g.frames[-1]
    assert isinstance(top, TradeFrame)
    trades.reject(g, top)


def _counter_offer(g: Game, a: CounterTrade) -> TradeOffer:
    top = g.frames[-1]
    assert isinstance(top, TradeFrame)
    o = a.offer
    return TradeOffer(a.player, top.offer.proposer, o.give, o.get)


def _counter_problem(g: Game, a: CounterTrade) -> str | None:
    return trades.offer_problem(g, _counter_offer(g, a))


def _counter(g: Game, a: CounterTrade) -> None:
    top = g.frames[-1]
    assert isinstance(top, TradeFrame)
    trades.counter(g, top, _counter_offer(g, a))


# -- house rules: building, deeds and auctions ------------------------------------------------


def _build_hotel_problem(g: Game, a: BuildHotel) -> str | None:
    if not 0 <= a.square < len(g.board.squares):
        return f"no square {a.square}"
    if g.owes(a.player):
        return "settle your debt before spending"
    return buildings.hotel_problem(g, a.player, a.square)


def _build_hotel(g: Game, a: BuildHotel) -> None:
    buildings.build_hotel(g, a.player, a.square)


def _sell_deed_problem(g: Game, a: SellDeed) -> str | None:
    return _square_ok(g, a.square) or buildings.sell_deed_problem(g, a.player, a.square)


def _sell_deed(g: Game, a: SellDeed) -> None:
    buildings.sell_deed(g, a.player, a.square)


def _foreclose_problem(g: Game, a: Foreclose) -> str | None:
    top = g.frames[-1]
    assert isinstance(top, ForeclosureFrame)
    return offers.foreclose_problem(g, top, a.player, a.square)


def _foreclose(g: Game, a: Foreclose) -> None:
    top = g.frames[-1]
    assert isinstance(top, ForeclosureFrame)
    offers.foreclose(g, top)


def _force_problem(g: Game, a: ForceAuction) -> str | None:
    top = g.frames[-1]
    assert isinstance(top, OptionFrame)
    price = offers.option_price(g, top.square)
    return None if g.cash[a.player] >= price else f"the opening bid is {price}; raise cash first"


def _force_auction(g: Game, a: ForceAuction) -> None:
    top = g.frames[-1]
    assert isinstance(top, OptionFrame)
    offers.force_auction(g, top, a.player)


def _refuse(g: Game, a: Refuse) -> None:
    top = g.frames[-1]
    if isinstance(top, OptionFrame):
        offers.refuse_option(g, top, a.player)
    else:
        assert isinstance(top, ForeclosureFrame)
        offers.refuse_foreclosure(g, top)


_CHECKS: dict[type[Action], tuple[tuple[str, ...] | None, Check]] = {
    Roll: (("roll", "jail"), _roll_problem),
    PayJailFine: (("jail", "jail_exit"), Game._jail_problem),
    UseJailCard: (("jail", "jail_exit"), Game._jail_problem),
    Travel: (("travel",), _travel_problem),
    NoTravel: (("travel",), _ok),
    AllowTravel: (("allow_travel",), _ok),
    ForbidTravel: (("allow_travel",), _ok),
    DrawCard: (("draw_card",), _ok),
    NoDraw: (("draw_card",), _ok),
    HireLawyer: (("lawyer",), _lawyer_problem),
    NoLawyer: (("lawyer",), _ok),
    TakeLoan: (None, _loan_problem),
    RepayLoan: (None, _loan_problem),
    EndTurn: (("end_turn",), _ok),
    Buy: (("buy",), _buy_problem),
    Decline: (("buy",), _ok),
    Bid: (("bid", "sealed_bid"), _bid_problem),
    Pass: (("bid", "sealed_bid"), _ok),
    ChooseTax: (("tax",), _ok),
    FineOrChance: (("fine_or_chance",), _ok),
    LiftMortgage: (("mortgaged_deed", "foreclosure_owner"), _transfer_problem),
    KeepMortgage: (("mortgaged_deed",), _transfer_problem),
    DeclareBankruptcy: (("raise_funds",), _bankruptcy_problem),
    WantBuildings: (("build_demand",), _want_problem),
    PlaceBuilding: (("place_building",), _place_problem),
    AcceptTrade: (("trade_reply",), _accept_problem),
    RejectTrade: (("trade_reply",), _ok),
    CounterTrade: (("trade_reply",), _counter_problem),
    Build: (None, _build_problem),
    Sell: (None, _sell_problem),
    SellDown: (None, _sell_problem),
    Mortgage: (None, _mortgage_problem),
    Unmortgage: (None, _unmortgage_problem),
    ProposeTrade: (None, _propose_problem),
    ClaimRent: (None, _claim_problem),
    BuildHotel: (None, _build_hotel_problem),
    SellDeed: (None, _sell_deed_problem),
    Foreclose: (("foreclosure_buy",), _foreclose_problem),
    ForceAuction: (("auction_option",), _force_problem),
    Refuse: (("foreclosure_owner", "foreclosure_buy", "auction_option"), _ok),
}

_HANDLERS: dict[type[Action], Handler] = {
    Roll: _roll,
    Travel: _travel,
    NoTravel: _no_travel,
    AllowTravel: _allow_travel,
    ForbidTravel: _allow_travel,
    DrawCard: _draw,
    NoDraw: _draw,
    HireLawyer: _lawyer,
    NoLawyer: _lawyer,
    TakeLoan: _take_loan,
    RepayLoan: _repay_loan,
    PayJailFine: _pay_fine,
    UseJailCard: _use_card,
    EndTurn: _end_turn,
    Buy: _buy,
    Decline: _decline,
    Bid: _bid,
    Pass: _pass,
    ChooseTax: _tax,
    FineOrChance: _fine_or_chance,
    LiftMortgage: _lift,
    KeepMortgage: _keep,
    DeclareBankruptcy: _bankrupt,
    WantBuildings: _want,
    PlaceBuilding: _place,
    AcceptTrade: _accept,
    RejectTrade: _reject,
    CounterTrade: _counter,
    Build: _build,
    Sell: _sell,
    SellDown: _sell,
    Mortgage: _mortgage,
    Unmortgage: _unmortgage,
    ProposeTrade: _propose,
    ClaimRent: _claim,
    BuildHotel: _build_hotel,
    SellDeed: _sell_deed,
    Foreclose: _foreclose,
    ForceAuction: _force_auction,
    Refuse: _refuse,
}
