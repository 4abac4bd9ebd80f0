"""The rules engine's public face: `Game.new`, `pending`, `legal_actions`, `apply`.

Every change goes through `apply(action)`: the action is checked against the rules (an illegal
one raises `IllegalActionError` and changes nothing), carried out, and the engine then runs
everything that needs no decision until someone must decide again. `apply` returns the events
of that step. `apply_unchecked` skips the check, for simulations that choose among legal actions.

The rules themselves live in their modules (turns, auctions, buildings, mortgages, money,
trades, the house rules), each registering its decisions and actions in `registry`; this
module only dispatches. What front-ends read is the documented model: `pending` (a typed
`Decision`), `player`, `deed`, `bank` and the accessors below.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, cast

# The rule modules register their decisions and actions on import.
from passgo.core import (  # noqa: F401
    auction,
    auction_option,
    bankruptcy,
    buildings,
    business,
    double,
    foreclosure,
    house_rules,
    initial,
    market,
    model,
    money,
    mortgages,
    movement,
    registry,
    sealed,
    setup,
    terms,
    timing,
    trades,
    turns,
)
from passgo.core.actions import (
    Action,
    Sell,
    SellDown,
    TradeOffer,
    field_problem,
)
from passgo.core.decisions import BuildingItem, Decision, DeckName, GameOverDecision
from passgo.core.ending import LIMIT_REASONS
from passgo.core.errors import IllegalActionError
from passgo.core.events import Event
from passgo.core.frames import WAITING, AuctionFrame, SealedFrame, TurnFrame
from passgo.core.model import Agreement, Bank, Deed, Player, RentClaim
from passgo.core.position import MAX_SCRIPTED_THROWS, game_from_position, position_of
from passgo.core.registry import ANSWERS, BUSINESS, DECISIONS, SETTLE, VIEWS
from passgo.core.rules import Rules
from passgo.core.serialize import (
    game_from_dict,
    game_from_json,
    game_to_dict,
    game_to_json,
    replay_steps,
)
from passgo.core.state import BANK, GameState, hotels_at, houses_at


def _die(x: object) -> bool:
    """A scripted die: an int (not a bool) from 1 to 6."""
    return type(x) is int and 1 <= x <= 6



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
        for simulations (reported as such; not a rule). Bad arguments raise `ValueError`."""
        names = [str(p) for p in players]
        problem = setup.player_names_problem(names)
        if problem is not None:
            raise ValueError(problem)
        if order not in ("roll", "given"):
            raise ValueError("order must be 'roll' or 'given'")
        if type(seed) is not int:
            raise ValueError(f"the seed must be an integer, not {seed!r:.40}")
        for name, limit in (("max_turns", max_turns), ("max_rounds", max_rounds)):
            if limit is not None and (type(limit) is not int or limit < 1):
                raise ValueError(f"{name} must be a positive integer or None, not {limit!r:.40}")
        if len(dice) > MAX_SCRIPTED_THROWS:
            raise ValueError(f"at most {MAX_SCRIPTED_THROWS} scripted throws")
        # The dice read as objects: read as ints, the compiled build would see True as 1.
        raw = [tuple(d) for d in cast(Sequence[Sequence[object]], dice)]
        if any(len(d) != 2 or not all(_die(x) for x in d) for d in raw):
            raise ValueError("scripted dice are pairs of integers from 1 to 6")
        throws = cast(list[tuple[int, int]], raw)
        rules = rules or Rules.classic()
        rules.validate()
        g = cls(rules, names, seed)
        g.setup = {
            "order": order,
            "dice": [list(d) for d in throws],
            "max_turns": max_turns,
            "max_rounds": max_rounds,
        }
        g.max_turns = max_turns
        g.max_rounds = max_rounds
        setup.start(g, order, [(d[0], d[1]) for d in throws])
        g._settle()  # a dealt deed the player cannot pay for is a debt to raise funds for
        return g

    @classmethod
    def from_position(
        cls,
        position: str | dict[str, Any],
        seed: int = 0,
        *,
        rules: Rules | str | None = None,
        max_turns: int | None = None,
        max_rounds: int | None = None,
    ) -> Game:
        """A game starting from a position (TOML or JSON text, or its data; see
        docs/positions.md); `seed` drives the dice and the cards the position leaves open.
        `rules` (a `Rules` value or a preset name) replaces the position's own rules. An
        invalid position raises `PositionError` naming the key."""
        g = game_from_position(cls, position, seed, rules)
        g.max_turns = g.setup["max_turns"] = max_turns
        g.max_rounds = g.setup["max_rounds"] = max_rounds
        return g

    def position(self, viewer: int | None = None) -> dict[str, Any]:
        """This game as a position (at the start of a throw, or when only the end of the turn
        is pending); `position_to_toml` writes it. With a `viewer` seat: only what that
        player may know (no PRNG, deck order or scripted dice; the Angel of Death only for
        the Angel)."""
        return position_of(self, viewer)

    # -- what the game waits for ---------------------------------------------------------------

    @property
    def pending(self) -> Decision:
        """The decision the game waits for, as a typed value (`GameOverDecision` once over)."""
        if self.over:
            return GameOverDecision(-1, self.winner, self.end_reason)
        top = self.frames[-1]
        return VIEWS[top.kind](self, top)

    @property
    def pending_player(self) -> int:
        """The seat that must decide now (-1 once the game is over); cheaper than `pending`."""
        return -1 if self.over else self.frames[-1].player

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
        if type(player) is not int or not 0 <= player < self.n or not self.alive[player]:
            return []
        if top.player == player:
            out = DECISIONS[top.kind].answers(self, top, player)
            out.extend(business.business_actions(self, player))
            return out
        return business.business_actions(self, player)

    def answers(self, player: int) -> list[Action]:
        """The actions that answer the pending decision, if `player` is the one to decide
        (else none): `legal_actions` without the business open at any time."""
        if self.over:
            return []
        top = self.frames[-1]
        if top.player != player:
            return []
        return DECISIONS[top.kind].answers(self, top, player)

    def business_actions(self, player: int) -> list[Action]:
        """Building, selling, mortgaging and lifting open to the player now ("at any time")."""
        if self.over or not self.alive[player]:
            return []
        return business.business_actions(self, player)

    def bid_range(self, player: int) -> tuple[int, int] | None:
        """(lowest, highest) bid the player may make now, or None if they may not bid."""
        top = self.frames[-1]
        if self.over or top.player != player:
            return None
        if isinstance(top, SealedFrame):
            low = sealed.min_bid(self, top)  # or 0: no bid
        elif isinstance(top, AuctionFrame):
            low = auction.min_bid(self, top)
        else:
            return None
        return (low, self.cash[player]) if self.cash[player] >= low else None

    def trade_problem(self, offer: TradeOffer) -> str | None:
        """Why `offer` may not be proposed now (None: it may): a new offer while none is on the
        table, or a counter-offer by the player answering one, to its proposer."""
        if self.over:
            return "the game is over"
        return field_problem(offer) or trades.proposal_problem(self, offer)

    def trade_limits(self, player: int) -> trades.TradeLimits:
        """What `player` may put into an offer of deeds and cash now, for callers that weigh
        many such offers at once (the RL action table's trade templates). For an offer of
        deeds and cash only (no cards, no terms) between two players, `trade_problem` depends
        on the deeds and cash only through each side's limits: it is None exactly when the two
        may trade now at all (any one such offer within the limits says whether they may) and
        each side's deeds are among its `deeds`, its cash is at most its `cash`, and a side
        that gives deeds keeps at least its `keep` in cash (held, less given, plus received).
        One more check lies outside the limits: a side that receives a mortgaged deed must be
        able to pay the interest due on it at once, raising funds if need be, after the trade;
        an offer that hands over a mortgaged deed is therefore to be asked of `trade_problem`."""
        return trades.trade_limits(self, player)

    # -- checking ------------------------------------------------------------------------------

    def is_legal(self, action: Action) -> bool:
        return self._problem(action) is None

    def check(self, action: Action) -> None:
        """Raise `IllegalActionError` saying why, if the action is not legal now."""
        problem = self._problem(action)
        if problem is not None:
            raise IllegalActionError(problem)

    def _problem(self, action: Action, fields: bool = True) -> str | None:
        """Why the action is not legal now; `fields=False` for an action whose fields are
        well-formed by construction (read by `Action.parse`): `field_problem` is not asked."""
        if self.over:
            return "the game is over"
        if fields:
            problem = field_problem(action)
            if problem is not None:
                return problem
        p = action.player
        if not 0 <= p < self.n:
            return f"no player {p!r}"
        # (The reasons are told to the player who acted: "you".)
        if not self.alive[p]:
            return "you are out of the game"
        top = self.frames[-1]
        kind = type(action)
        if top.player == p:
            rule = ANSWERS[top.kind].get(kind)
            if rule is not None:
                return rule.problem(self, top, action)
        rule = BUSINESS.get(kind)
        if rule is not None:
            return rule.problem(self, top, action)
        # The fields passed `field_problem`, so the text form cannot fail on them.
        if top.player == p:
            return (f"{action.text()!r} is not possible now: first answer your decision "
                    f"({top.kind})")
        who = self.names[top.player] if top.player >= 0 else "nobody"
        return f"{action.text()!r} is not possible now: waiting for {who} ({top.kind})"

    # -- applying ------------------------------------------------------------------------------

    def apply(self, action: Action, reason: str = "") -> list[Event]:
        """Check and carry out one action; returns the events it caused. `reason`: why the
        player chose it, in one line (a bot's explanation), which the events of the choice
        carry (`Purchased.reason`, `BidPlaced.reason`, `TradeOffered.reason`, ...)."""
        self.check(action)
        return self.apply_unchecked(action, reason)

    def apply_parsed(self, action: Action) -> list[Event]:
        """`apply` for an action read from its text form (`Action.parse`), whose fields are
        well-formed by construction: only the rules are checked (a save's replay checks tens
        of thousands of actions read from their lines)."""
        problem = self._problem(action, fields=False)
        if problem is not None:
            raise IllegalActionError(problem)
        return self.apply_unchecked(action)

    def apply_unchecked(self, action: Action, reason: str = "") -> list[Event]:
        """Carry out an action known to be legal (e.g. taken from `legal_actions`)."""
        self.events = []
        self.reason = reason
        self.history.append(action)
        top = self.frames[-1]
        kind = type(action)
        effect = _SINGLE_EFFECTS.get(kind)
        if effect is None:
            rule = ANSWERS[top.kind].get(kind) if top.player == action.player else None
            effect = (rule or BUSINESS[kind]).effect
        effect(self, top, action)
        self._settle()
        if self.rules.free_market:
            market.even_out(self)  # after any change of owner, at one place
        return self.events

    def _settle(self) -> None:
        """Run everything that needs no decision, until someone must decide or the game ends."""
        frames = self.frames
        while not self.over:
            top = frames[-1]
            if top.__class__ is TurnFrame and top.stage in WAITING:
                return  # the usual end of a step: the turn's player must throw or end it
            settle = SETTLE.get(type(top))
            if settle is None or not settle(self, top):
                return

    # -- the read model ------------------------------------------------------------------------

    @property
    def stopped_by_limit(self) -> bool:
        """The game was stopped by a safety limit (`max_turns`/`max_rounds`), without a winner."""
        return self.over and self.end_reason in LIMIT_REASONS

    @property
    def turn_player(self) -> int:
        """The seat whose turn it is (others may be deciding meanwhile: a bid, a trade)."""
        return self.current

    @property
    def turn_number(self) -> int:
        """Turns completed so far (a turn with doubles counts once)."""
        return self.turns

    @property
    def round_number(self) -> int:
        """Rounds completed so far, counted from the round's first player."""
        return self.rounds

    @property
    def last_dice(self) -> tuple[int, int]:
        """The last throw of the dice, (0, 0) before the first."""
        return self.dice

    @property
    def deck_sizes(self) -> dict[DeckName, int]:
        """Cards left in each deck (a held Get Out of Jail Free card is in none)."""
        return {"chance": len(self.decks[0]), "community_chest": len(self.decks[1])}

    def player(self, seat: int) -> Player:
        """The documented facts of one seat."""
        return model.player_of(self, seat)

    @property
    def players(self) -> tuple[Player, ...]:
        return tuple(model.player_of(self, p) for p in range(self.n))

    def deed(self, square: int) -> Deed:
        """The documented facts of the deed on `square` (KeyError: not a deed)."""
        return model.deed_of(self, square)

    @property
    def deeds(self) -> tuple[Deed, ...]:
        """Every deed, in board order."""
        return tuple(model.deed_of(self, sq) for sq in self.board.properties)

    @property
    def bank(self) -> Bank:
        return model.bank_of(self)

    @property
    def agreements(self) -> tuple[Agreement, ...]:
        """Terms of accepted trades still in force (rent immunity, shares of rent, loans,
        partnerships), oldest first."""
        return tuple(model.agreement_of(self, t) for t in self.contracts)

    @property
    def rent_claims(self) -> tuple[RentClaim, ...]:
        """Rent not yet asked for (`Rules.rent_claim`), oldest first."""
        return tuple(RentClaim(*c) for c in self.claims)

    # Cheap accessors for bots and simulations (no snapshot is built).

    def cash_of(self, seat: int) -> int:
        return self.cash[seat]

    def square_of(self, seat: int) -> int:
        return self.pos[seat]

    def second_token_of(self, seat: int) -> int | None:
        """`Rules.two_tokens`: the square of the seat's resting token (None without the rule);
        `square_of` is the token it moves."""
        return self.resting[seat] if self.rules.two_tokens else None

    def in_jail(self, seat: int) -> bool:
        return self.jailed[seat]

    def in_game(self, seat: int) -> bool:
        """The seat has not gone bankrupt."""
        return self.alive[seat]

    def owner_of(self, square: int) -> int | None:
        """The seat owning `square`, or None (the Bank, or not a deed)."""
        o = self.owner[square]
        return None if o == BANK else o

    def houses_on(self, square: int) -> int:
        return houses_at(self.level[square])

    def hotels_on(self, square: int) -> int:
        return hotels_at(self.level[square])

    def is_mortgaged(self, square: int) -> bool:
        return self.mortgaged[square]

    def rent(self, square: int, dice_total: int = 7) -> int:
        """The rent a player landing on `square` would owe its owner now by a throw of
        `dice_total` (0: unowned, mortgaged, or the lander would be the owner)."""
        return model.rent_now(self, square, dice_total)

    # Queries for bots: the pieces of `legal_actions` one at a time, and the prices the
    # rules set.

    def buildable_squares(self, player: int) -> list[int]:
        """Streets on which `Build(player, square)` is legal now."""
        if self.over or not self.alive[player]:
            return []
        # A debt or a shortage call is a frame above the turn's own: bots ask at every turn.
        if len(self.frames) > 1 and (self.owes(player) or buildings.call_open(self)):
            return []
        return buildings.buildable_squares(self, player)

    def sale_actions(self, player: int) -> list[Sell | SellDown]:
        """Every legal sale of buildings back to the Bank now (one building, or a group sold
        down at once where a hotel cannot break into houses)."""
        if self.over or not self.alive[player]:
            return []
        return [business.square_action(Sell, player, sq) if sq >= 0
                else SellDown(player, self.board.group_names[group], levels)
                for sq, group, levels in buildings.sell_options(self, player)]

    def mortgageable_squares(self, player: int) -> list[int]:
        """Deeds on which `Mortgage(player, square)` is legal now."""
        if self.over or not self.alive[player]:
            return []
        return [sq for sq in self.board.properties if self.owner[sq] == player
                and mortgages.mortgage_problem(self, player, sq) is None]

    def holdings(self) -> tuple[list[int], list[int], list[bool]]:
        """The whole board in one call, as fresh lists by square: the owner (-1 for the Bank
        and for squares that are no deed), the buildings as `SellDown` counts them (houses,
        5 = a hotel; 6-10 under double hotels: a hotel and houses, two hotels) and whether
        the deed is mortgaged. What `owner_of`, `houses_on`/`hotels_on` and `is_mortgaged`
        say square by square, for bots that read the whole board on most decisions."""
        return list(self.owner), list(self.level), list(self.mortgaged)

    def seat_table(self) -> tuple[list[int], list[int], list[bool], list[int], list[int],
                                  list[int], list[bool]]:
        """Every seat in one call, as fresh lists by seat: cash, square, in jail, failed
        throws of this jail stay, Get Out of Jail Free cards held, Bank loans outstanding, and
        in the game (not bankrupt). What `player(seat)` says seat by seat, without building a
        snapshot per seat, for callers that read every seat on most decisions (the RL
        observation)."""
        return (list(self.cash), list(self.pos), list(self.jailed), list(self.jail_turns),
                [len(held) for held in self.cards], list(self.loans), list(self.alive))

    def may_smash(self, player: int) -> bool:
        """`Rules.sudden_death`: `SmashBoard(player)` is legal now (the player is the Angel of
        Death, time is called and they are in the game). Ask it only for a seat you play: who
        the Angel is, is that player's secret (`view` tells nobody else)."""
        return timing.may_smash(self, player)

    def is_angel_of_death(self, player: int) -> bool:
        """`Rules.sudden_death`: the player is the Angel of Death (a secret: ask only for a
        seat you play, as `view(player)["angel_of_death"]` does)."""
        return self.angel >= 0 and player == self.angel

    def percent_tax(self, player: int) -> int:
        """What the Income Tax's percentage choice would cost the player now."""
        return movement.tax_percent(self, player)

    def next_building(self, square: int) -> BuildingItem:
        """What building on this street next would put there: a house, or a hotel."""
        return "hotel" if buildings.hotel_next(self, self.level[square]) else "house"

    def build_price(self, player: int, square: int) -> int:
        """What the player's next house or hotel on this street costs the Bank's way (twice
        the printed cost under `Rules.non_monopoly_building` without the whole group)."""
        return buildings.build_price(self, player, square)

    def instant_hotel_price(self, square: int) -> int:
        """`Rules.instant_hotels`: the price of a hotel bought at once for this street."""
        return buildings.instant_price(self, square)

    def unmortgageable_squares(self, player: int) -> list[int]:
        """Deeds on which `Unmortgage(player, square)` is legal now: the player's mortgaged
        deeds that their cash lifts, when no debt is to be settled first."""
        mortgaged = self.mortgaged
        if self.over or not any(mortgaged) or self.owes(player):
            return []  # the usual case (nothing mortgaged) is answered at once
        owner = self.owner
        return [sq for sq in self.board.properties if mortgaged[sq] and owner[sq] == player
                and mortgages.unmortgage_problem(self, player, sq) is None]

    def sealed_floor(self) -> int:
        """The lowest price of the sealed-bid auction waiting for a bid: the opening bid of
        the player who forced it (`Rules.option_to_auction`), which a lower bid cannot beat;
        0 when there is none (or no sealed-bid auction is waiting)."""
        top = self.frames[-1]
        return top.floor if isinstance(top, SealedFrame) and not self.over else 0

    def sale_levels(self, sale: Sell | SellDown) -> tuple[int, ...]:
        """The buildings of the sale's colour group street by street (board order) after the
        sale, counted as `SellDown` counts them (houses; 5 = a hotel): what a sale from
        `sale_actions` would leave. `IllegalActionError` if it names nothing to sell."""
        found = buildings.sale_levels(self, sale)
        if isinstance(found, str):
            raise IllegalActionError(found)
        return found[1]

    def sale_price(self, sale: Sell | SellDown) -> int:
        """What the Bank pays for the sale: half the price paid for the buildings it takes
        (the printed cost, or a shortage auction's price; the latest built go first).
        `IllegalActionError` saying why if the rules do not allow the sale."""
        found = buildings.sale_levels(self, sale)
        if isinstance(found, str):
            raise IllegalActionError(found)
        problem = buildings.sell_problem(self, sale.player, *found)
        if problem is not None:
            raise IllegalActionError(problem)
        return buildings.sale_refund(self, *found)

    def reseed(self, seed: int) -> None:
        """A copy for search (never a game in play): its dice and shuffles from now on come
        from `seed`. Scripted dice are dropped and both decks are reshuffled with the new seed
        (cards players hold stay out of them), so a determinized copy knows no more of the
        real game's luck than a player does."""
        if type(seed) is not int:
            raise ValueError(f"the seed must be an integer, not {seed!r:.40}")
        self.rng.seed(seed)
        self.dice_script.clear()
        for deck in self.decks:
            self.rng.shuffle(deck)

    # -- copies, saves and views ---------------------------------------------------------------

    def copy(self) -> Game:
        """An independent copy (for what-if searches): the same game from here on."""
        return self.clone()

    def to_json(self) -> str:
        return game_to_json(self)

    def to_dict(self) -> dict[str, Any]:
        """The save as JSON data (what `to_json` writes)."""
        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], verify: bool = True) -> Game:
        """Load a save from its JSON data; see `from_json`."""
        return game_from_dict(cls, data, verify=verify)

    @classmethod
    def replay(cls, data: dict[str, Any]) -> Iterator[tuple[Game, Action | None, list[Event]]]:
        """Replay a save's history from its start, every action checked (`SaveFileError` at
        the first that does not replay): yields (game, None, the setup's events), then
        (game, action, its events) for each action."""
        return replay_steps(cls, data)

    @classmethod
    def from_json(cls, text: str, verify: bool = True) -> Game:
        """Load a saved game; `verify` replays its history and refuses it on any difference."""
        return game_from_json(cls, text, verify=verify)

    def view(self, player: int) -> dict[str, Any]:
        """What `player` may see, as JSON data (docs/api.md): never deck order, the PRNG,
        scripted dice or other players' sealed bids."""
        return model.view_of(self, player, self.pending.to_dict())

    def views(self, players: Sequence[int],
              memo: model.ViewMemo | None = None) -> list[dict[str, Any]]:
        """`view(p)` for each of `players` (-1: a spectator), for a server that updates every
        seat at once: what they all may see is built once, so the dicts share their common
        values, and with `memo` (a `ViewMemo` kept for this game) those of the views built
        with it before that have not changed. Read them; do not change them."""
        return model.views_of(self, players, self.pending.to_dict(), memo)


# Every rule module is imported above, so the registrations are complete here.
_SINGLE_EFFECTS = registry.single_effects()

#: The actions open to any player in the game at any time the rules allow ("business": build,
#: sell, mortgage, lift, trade, loans, ...), as registered by their rule modules: front-ends
#: and bots tell business apart from the answers to a decision with `isinstance` on this.
BUSINESS_ACTIONS: tuple[type[Action], ...] = tuple(BUSINESS)
