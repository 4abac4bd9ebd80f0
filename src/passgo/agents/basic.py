"""The basic bot: a simple, sensible baseline that plays fast.

It buys what it can afford above a cash reserve, bids up to the printed price, builds evenly at
the end of its turn when it holds a colour group and has cash above the reserve, lifts
mortgages when rich, pays its way out of jail when it can spare the fine, raises funds by
selling buildings and then mortgaging (cheapest deeds first), and accepts only trades that
complete a group for it.

It reads the game through the public model only (`game.pending` and the queries of `Game`),
and answers every kind of decision in one `match` (a new kind is a type error there).
"""

from __future__ import annotations

from typing import assert_never

from passgo.agents.base import refuse, refuse_unworkable
from passgo.core import (
    BANK_LOAN,
    AcceptTrade,
    Action,
    AllowTravel,
    AllowTravelDecision,
    AskRent,
    AskRentDecision,
    AuctionOptionDecision,
    Bid,
    BidDecision,
    Build,
    BuildDemandDecision,
    Bundle,
    Buy,
    BuyDecision,
    ChooseRentDecision,
    ChooseTax,
    DeclareBankruptcy,
    Decline,
    DrawCard,
    DrawCardDecision,
    EndTurn,
    EndTurnDecision,
    EnterBoard,
    EnterBoardDecision,
    FineOrChance,
    FineOrChanceDecision,
    ForceAuction,
    Foreclose,
    ForeclosureBuyDecision,
    ForeclosureOwnerDecision,
    Game,
    GameOverDecision,
    HireLawyer,
    InitialBids,
    InitialBidsDecision,
    JailCardPurchaseDecision,
    JailDecision,
    JailExitDecision,
    KeepMortgage,
    LawyerDecision,
    LiftMortgage,
    Loan,
    Mortgage,
    MortgagedDeedDecision,
    NoDraw,
    NoLawyer,
    NoTravel,
    Pass,
    PayAsked,
    PayJailFine,
    PlaceBuilding,
    PlaceBuildingDecision,
    ProposeTrade,
    RaiseFundsDecision,
    Refuse,
    RepayLoan,
    Roll,
    RollDecision,
    SealedBidDecision,
    Sell,
    SellDeed,
    SellDown,
    SmashBoard,
    SwitchRent,
    TakeLoan,
    TaxDecision,
    TradeOffer,
    TradeReplyDecision,
    Travel,
    TravelDecision,
    Unmortgage,
    UseJailCard,
    WantBuildings,
)
from passgo.core.board import DECK_NAMES

# (total, ways out of 36) for two six-sided dice.
_THROWS = tuple((t, 6 - abs(t - 7)) for t in range(2, 13))


def wants_smash(game: Game, player: int) -> bool:
    """Sudden death: the Angel of Death smashes the board as soon as it may while another
    player is richer by the Time Limit valuation: a game without a winner is better than a
    lost one. (Every bot shares this judgement; only the Angel is ever asked.)"""
    if not game.may_smash(player):
        return False
    mine = game.valuation(player)
    return any(game.valuation(p) > mine for p in range(game.n) if p != player
               and game.in_game(p))


class _Seat:
    """The actions without arguments of one seat, made once (`_SEATS`): they are immutable
    values, and the bot answers with them on most of its decisions."""

    __slots__ = ("roll", "end", "buy", "decline", "pass_", "use_card", "pay_fine", "refuse")

    def __init__(self, player: int) -> None:
        self.roll = Roll(player)
        self.end = EndTurn(player)
        self.buy = Buy(player)
        self.decline = Decline(player)
        self.pass_ = Pass(player)
        self.use_card = UseJailCard(player)
        self.pay_fine = PayJailFine(player)
        self.refuse = Refuse(player)


_SEATS = tuple(_Seat(p) for p in range(8))  # a game has at most 8 seats


class BasicBot:
    name = "basic"

    def __init__(self, reserve: int = 150, bid_step_percent: int = 10) -> None:
        self.reserve = reserve
        self.bid_step_percent = bid_step_percent

    def act(self, game: Game, player: int) -> Action:
        seat = _SEATS[player]
        if game.time_called and wants_smash(game, player):
            return SmashBoard(player)
        match game.pending:
            case RollDecision():
                return seat.roll
            case EndTurnDecision():
                # Spending waits for the end of the turn: whatever was bought this turn
                # counts, and the buildings stand before any opponent throws.
                return self._spend(game, player) or seat.end
            case BuyDecision(price=price):
                return seat.buy if game.cash_of(player) - price >= self.reserve else seat.decline
            case RaiseFundsDecision():
                action = self._raise(game, player)
                if (isinstance(action, DeclareBankruptcy) and game.rules.bank_loans
                        and not game.player(player).loans):
                    return TakeLoan(player)  # a Bank loan before giving up
                return action
            case JailDecision(cards=cards, fine=fine, may_pay_fine=may_pay_fine):
                if cards:
                    return seat.use_card
                if may_pay_fine and game.cash_of(player) >= fine + self.reserve:
                    return seat.pay_fine
                if game.rules.dice == "choice":
                    return Roll(player, (4, 4))  # dice choice: the best odds of doubles, 1 in 4
                return seat.roll
            case BidDecision() as bid:
                return self._bid(game, player, bid)
            case TaxDecision(flat=flat):
                return ChooseTax(player, game.percent_tax(player) < flat)
            case FineOrChanceDecision():
                return FineOrChance(player, False)  # a known small fine beats an unknown card
            case TradeReplyDecision() as reply:
                return self._reply(game, player, reply)
            case MortgagedDeedDecision(square=sq, lift_cost=cost):
                if game.cash_of(player) - cost >= self.reserve:
                    return LiftMortgage(player, sq)
                return KeepMortgage(player, sq)
            case BuildDemandDecision(square=sq, min_wanted=low, max_wanted=high):
                cost = game.board.squares[sq].house_cost
                spare = game.cash_of(player) - self.reserve
                affordable = max(0, spare // cost) if cost else high
                return WantBuildings(player, max(low, min(high, affordable)))
            case PlaceBuildingDecision(squares=squares):
                return PlaceBuilding(player, squares[0])
            # Decisions of the deed and auction house rules: a sealed bid of the value
            # (Vickrey: truthfully; closed: three quarters of it), nothing for the order of
            # play; lift or foreclose when the cash stays above the reserve; force an
            # auction only of a deed that would complete one of its groups.
            case SealedBidDecision() as sealed:
                return self._sealed_bid(game, player, sealed)
            case ForeclosureOwnerDecision(square=sq, lift_cost=cost):
                if game.cash_of(player) - cost >= self.reserve:
                    return LiftMortgage(player, sq)
                return seat.refuse
            case ForeclosureBuyDecision(square=sq, cost=cost):
                if game.cash_of(player) - cost >= self.reserve:
                    return Foreclose(player, sq)
                return seat.refuse
            case AuctionOptionDecision(square=sq, price=price):
                board = game.board
                group = board.squares[sq].group
                completes = group >= 0 and all(
                    game.owner_of(o) == player for o in board.groups[group] if o != sq)
                if completes and game.cash_of(player) - price >= self.reserve:
                    return ForceAuction(player)
                return seat.refuse
            # Movement, money and jail house rules: travel by railroad to where the next
            # throw risks the least rent; as an owner, take the rent; draw a card unless it
            # could cost repairs; hire the lawyer when the fee leaves the reserve; use a
            # held card rather than pay the fine after the last jail throw.
            case TravelDecision(destinations=destinations):
                best, risk = -1, self._rent_risk(game, player, game.square_of(player))
                for dest in destinations:
                    r = self._rent_risk(game, player, dest)
                    if r < risk:
                        best, risk = dest, r
                return Travel(player, best) if best >= 0 else NoTravel(player)
            case AllowTravelDecision():
                return AllowTravel(player)
            # Free market: ask the full rent; as the lander, move where the most it can
            # cost (nothing on one's own street, else that street's normal rent) is below
            # the ask.
            case AskRentDecision(rent=rent):
                return AskRent(player, rent)
            case ChooseRentDecision(asked=asked, switches=switches):
                worst = {sq: 0 if game.owner_of(sq) == player else game.rent(sq)
                        for sq in switches}
                best = min(switches, key=worst.__getitem__, default=-1)
                if best >= 0 and worst[best] < asked:
                    return SwitchRent(player, best)
                return PayAsked(player)
            case DrawCardDecision():
                houses, hotels = game.buildings_of(player)
                return NoDraw(player) if houses or hotels else DrawCard(player)
            case LawyerDecision(fee=fee):
                if game.cash_of(player) >= fee + self.reserve:
                    return HireLawyer(player)
                return NoLawyer(player)
            case JailExitDecision():
                return seat.use_card
            case JailCardPurchaseDecision(holders=holders):
                return self._buy_jail_card(game, player, holders)
            case InitialBidsDecision(squares=squares, budget=budget):
                return self._initial_bids(game, player, squares, budget)
            # Double board: enter the board where the next throw risks the least rent.
            case EnterBoardDecision(squares=squares):
                return EnterBoard(player, min(
                    squares, key=lambda sq: self._rent_risk(game, player, sq)))
            case GameOverDecision():
                raise ValueError("the game is over: there is nothing to decide")
            case other:
                assert_never(other)

    def explain(self, game: Game, player: int, action: Action) -> str:
        """Why `act` chose `action` (`base.Explaining`), from the same rules of thumb: the
        reserve, the printed price, whether a group is whole."""
        g, reserve = game, self.reserve
        d = g.pending
        cash = g.cash_of(player)
        if isinstance(d, BuyDecision):
            if isinstance(action, Buy):
                return (f"that leaves {g.board.money(cash - d.price)}, above the "
                        f"{g.board.money(reserve)} reserve")
            return f"buying would leave less than the {g.board.money(reserve)} reserve"
        if isinstance(d, BidDecision) and d.item == "deed":
            price = g.board.money(g.board.squares[d.square].price)
            if isinstance(action, Bid):
                return f"up to the printed price of {price}"
            if d.min_bid > g.board.squares[d.square].price:
                return f"the bidding is past the printed price of {price}"
            return f"more would leave less than the {g.board.money(reserve)} reserve"
        if isinstance(action, Build):
            group = g.board.group_names[g.board.squares[action.square].group]
            return (f"the whole {group.replace('_', ' ')} group is held, and cash stays above "
                    f"the {g.board.money(reserve)} reserve")
        if isinstance(action, Mortgage | SellDeed | Sell | SellDown) and isinstance(
                d, RaiseFundsDecision):
            return f"to raise the {g.board.money(d.amount - d.cash)} still owed"
        if isinstance(action, Unmortgage) and isinstance(d, EndTurnDecision):
            left = g.board.money(cash - g.lift_cost(action.square))
            return f"that leaves {left}, above twice the {g.board.money(reserve)} reserve"
        if isinstance(action, ProposeTrade) and isinstance(d, JailCardPurchaseDecision):
            return "the jail fine for a card, and I stay out of jail"
        if isinstance(action, AcceptTrade) and isinstance(d, TradeReplyDecision):
            return "it completes a colour group"
        return ""

    @staticmethod
    def _rent_risk(g: Game, player: int, start: int) -> float:
        """Expected rent of the next two-dice throw from `start` (36ths of a dollar)."""
        risk = 0.0
        for total, ways in _THROWS:
            sq = g.board.walk(start, total)[0]
            owner = g.owner_of(sq)
            if owner is not None and owner != player:
                risk += ways * g.rent(sq, total)  # 0 when mortgaged
        return risk

    def _spend(self, g: Game, player: int) -> Action | None:
        """Build evenly, then lift mortgages, while cash stays above the reserve."""
        cash = g.cash_of(player)
        reserve = self.reserve
        if cash <= reserve:
            return None
        if g.rules.bank_loans:
            me = g.player(player)
            if me.loans and cash - BANK_LOAN >= 2 * reserve and me.loans_repayable:
                return RepayLoan(player)  # Bank loans: repay when rich
        squares = g.board.squares
        for sq in g.buildable_squares(player):
            if cash - squares[sq].house_cost >= reserve:
                return Build(player, sq)
        for sq in g.unmortgageable_squares(player):
            if cash - g.lift_cost(sq) >= 2 * reserve:
                return Unmortgage(player, sq)
        return None

    def _bid(self, g: Game, player: int, bid: BidDecision) -> Action:
        """Up to the printed price of the deed (a building's cost in a shortage auction), a
        tenth of it above the high bid at a time."""
        square = g.board.squares[bid.square]
        value = square.price if bid.item == "deed" else square.house_cost
        limit = min(value, g.cash_of(player) - self.reserve)
        low = bid.min_bid
        if low > limit:
            return _SEATS[player].pass_
        step = max(1, value * self.bid_step_percent // 100)
        return Bid(player, min(limit, max(low, bid.high + step)))

    def _sealed_bid(self, g: Game, player: int, sealed: SealedBidDecision) -> Action:
        if sealed.item == "order":
            return _SEATS[player].pass_
        square = g.board.squares[sealed.square]
        value = square.price if sealed.item == "deed" else square.house_cost
        if g.rules.auction == "closed":
            value = value * 3 // 4
        amount = min(value, g.cash_of(player) - self.reserve)
        # Below an opening bid forced by `Rules.option_to_auction` a bid cannot win.
        if amount < max(g.sealed_floor() + 1, sealed.min_bid):
            return _SEATS[player].pass_
        return Bid(player, amount)

    def _buy_jail_card(self, g: Game, player: int, holders: tuple[int, ...]) -> Action:
        """Sent to jail with cards for sale (`Rules.jail_card_on_arrival`): offer each holder
        in turn, once, the jail fine for a card while the cash stays above the reserve; else
        go to jail."""
        price = g.board.jail_fine
        if g.cash_of(player) - price < self.reserve:
            return _SEATS[player].refuse
        asked = set()
        for action in reversed(g.history):  # the offers made since the throw that sent it
            if isinstance(action, Roll) and action.player == player:
                break
            if isinstance(action, ProposeTrade) and action.player == player:
                asked.add(action.offer.responder)
        for holder in holders:
            if holder in asked:
                continue
            deck = DECK_NAMES.index(g.player(holder).jail_cards[0])
            offer = TradeOffer(player, holder, Bundle(cash=price), Bundle(cards=(deck,)))
            if g.trade_problem(offer) is None:
                return ProposeTrade(player, offer)
        return _SEATS[player].refuse

    def _initial_bids(self, g: Game, player: int, squares: tuple[int, ...],
                      budget: int) -> Action:
        """Initial auction: all but the reserve of the money, spread over every deed in
        proportion to its printed price (a bid of at least 1 each)."""
        board = g.board.squares
        spend = max(0, budget - self.reserve)
        total = sum(board[sq].price for sq in squares) or 1
        amounts = tuple(max(1, board[sq].price * spend // total) for sq in squares)
        if sum(amounts) > budget:
            return InitialBids(player)
        return InitialBids(player, squares, amounts)

    def _raise(self, g: Game, player: int) -> Action:
        """Sell buildings first, then mortgage the cheapest deeds, else go bankrupt."""
        sales = g.sale_actions(player)
        if sales:
            return sales[0]
        squares = g.board.squares
        if g.rules.no_mortgaging:
            deeds = [a.square for a in g.business_actions(player) if isinstance(a, SellDeed)]
            if deeds:
                return SellDeed(player, min(deeds, key=lambda sq: squares[sq].price))
            return DeclareBankruptcy(player)
        deeds = g.mortgageable_squares(player)
        if deeds:
            return Mortgage(player, min(deeds, key=lambda sq: squares[sq].mortgage))
        return DeclareBankruptcy(player)

    @staticmethod
    def _reply(g: Game, player: int, reply: TradeReplyDecision) -> Action:
        """Accept only an offer that can be carried out and completes a group for the bot,
        and asks it for no terms (no immunity granted, no loan made or taken: it cannot
        price them); a refusal says which of these it is."""
        offer = reply.offer
        if reply.problem is not None:
            return refuse_unworkable(player, reply.problem)
        if offer.get.terms or any(isinstance(t, Loan) for t in offer.give.terms):
            return refuse(player, "I make no deals with terms or loans")
        board = g.board
        given = offer.give.properties
        for sq in given:
            group = board.squares[sq].group
            if group >= 0 and all(g.owner_of(o) == player or o in given
                                  for o in board.groups[group]):
                return AcceptTrade(player)
        return refuse(player, "it completes none of my colour groups")
