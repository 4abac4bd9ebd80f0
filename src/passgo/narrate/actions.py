"""What choosing an action means, in words, for the player who may choose it: the labels of
the terminal's numbered choices and of the browser's buttons, each with its amount ("Buy
Boardwalk for $400", "Build a house on Kentucky Avenue for $150")."""

from __future__ import annotations

from collections.abc import Sequence

from passgo.core import (
    BANK_LOAN,
    AcceptTrade,
    Action,
    AllowTravel,
    AskRent,
    AuctionOptionDecision,
    Bid,
    Build,
    BuildHotel,
    Buy,
    BuyDecision,
    CallTime,
    ChooseTax,
    ClaimRent,
    CounterTrade,
    DeclareBankruptcy,
    Decline,
    DrawCard,
    EndTurn,
    EnterBoard,
    FineOrChance,
    ForbidTravel,
    ForceAuction,
    Foreclose,
    ForeclosureBuyDecision,
    Game,
    HireLawyer,
    InitialBids,
    JailCardPurchaseDecision,
    KeepMortgage,
    LeavePartnership,
    LiftMortgage,
    Mortgage,
    NoDraw,
    NoLawyer,
    NoTravel,
    Pass,
    PayAsked,
    PayJailFine,
    PlaceBuilding,
    ProposeTrade,
    Refuse,
    RejectTrade,
    Repay,
    RepayLoan,
    Roll,
    SealedBidDecision,
    Sell,
    SellDeed,
    SellDown,
    SmashBoard,
    SwitchRent,
    TakeLoan,
    Travel,
    Unmortgage,
    UseJailCard,
    WantBuildings,
)
from passgo.narrate.decisions import foreclosure_parts
from passgo.narrate.voice import Voice


def offered_order(options: Sequence[Action]) -> list[Action]:
    """The legal answers in the order a person is offered them: an offer's Accept last.

    An offer can arrive just after a person pressed the key or button that ended their turn;
    with Accept in the first place, that same key pressed once more would accept a deal never
    read. The engine's own order (`Game.legal_actions`) stays as it is for bots and replays;
    every front-end that numbers answers for a person asks this function.
    """
    return [a for a in options if not isinstance(a, AcceptTrade)] + [
        a for a in options if isinstance(a, AcceptTrade)]


def describe_action(game: Game, a: Action) -> str:
    """What choosing `a` means, told to its player."""
    g, v = game, Voice(game, a.player)
    if isinstance(a, Roll):
        dice = {(): "the dice", (6,): "one die"}.get(
            a.dice, " and ".join(f"a d{sides}" for sides in a.dice))
        return f"Throw {dice}" + (" (try for doubles)" if g.in_jail(a.player) else "")
    if isinstance(a, PayJailFine):
        return f"Pay the {v.money(g.board.jail_fine)} fine and leave jail"
    if isinstance(a, UseJailCard):
        return "Use a Get Out of Jail Free card"
    if isinstance(a, EndTurn):
        return "End your turn"
    if isinstance(a, FineOrChance):
        return "Take a Chance card" if a.chance else "Pay the fine"
    if isinstance(a, Buy):
        d = g.pending
        if isinstance(d, BuyDecision) and d.player == a.player:
            return f"Buy {v.square(d.square)} for {v.money(d.price)}"
        return "Buy the deed"
    if isinstance(a, Decline):
        return "Do not buy: the Bank auctions it"
    if isinstance(a, Bid):
        return f"Bid {v.money(a.amount)}"
    if isinstance(a, Pass):
        sealed = isinstance(g.pending, SealedBidDecision)
        return "Do not bid" if sealed else "Leave the auction"
    if isinstance(a, ChooseTax):
        if a.percent:
            # (Not summed for the player: the rule has them choose before adding it up.)
            return "Pay 10% of your total worth"
        return "Pay the flat Income Tax"
    if isinstance(a, Build):
        item = g.next_building(a.square)
        return (f"Build a {item} on {v.square(a.square)} for "
                f"{v.money(g.build_price(a.player, a.square))}")
    if isinstance(a, Sell):
        return (f"Sell a building on {v.square(a.square)} for "
                f"{v.money(g.sale_price(a))}")
    if isinstance(a, SellDown):
        return (f"Sell the {v.group(a.group)} group down to {a.levels} for "
                f"{v.money(g.sale_price(a))}")
    if isinstance(a, Mortgage):
        return (f"Mortgage {v.square(a.square)} for "
                f"{v.money(g.board.squares[a.square].mortgage)}")
    if isinstance(a, Unmortgage):
        return (f"Lift the mortgage on {v.square(a.square)} for "
                f"{v.money(g.lift_cost(a.square))}")
    if isinstance(a, LiftMortgage):
        return (f"Lift the mortgage on {v.square(a.square)} now for "
                f"{v.money(g.lift_cost(a.square))}")
    if isinstance(a, KeepMortgage):
        return (f"Keep {v.square(a.square)} mortgaged: pay {v.money(g.interest(a.square))} "
                "now")
    if isinstance(a, DeclareBankruptcy):
        return "Declare bankruptcy"
    if isinstance(a, WantBuildings):
        return f"Want {a.amount}"
    if isinstance(a, PlaceBuilding):
        return f"Place it on {v.square(a.square)}"
    if isinstance(a, AcceptTrade):
        return "Accept the trade"
    if isinstance(a, RejectTrade):
        return "Reject the trade"
    if isinstance(a, ProposeTrade | CounterTrade):
        offer = a.offer
        return (f"Offer {v.name(offer.responder)} {v.side(offer.give)} for "
                f"{v.side(offer.get)}")
    if isinstance(a, BuildHotel):
        return (f"Buy a hotel for {v.square(a.square)} at once for "
                f"{v.money(g.instant_hotel_price(a.square))}")
    if isinstance(a, SellDeed):
        return (f"Sell {v.square(a.square)} back to the Bank for "
                f"{v.money(g.board.squares[a.square].price // 2)}")
    if isinstance(a, Foreclose):
        d = g.pending
        cost = d.cost if isinstance(d, ForeclosureBuyDecision) else (
            g.board.squares[a.square].mortgage + g.lift_cost(a.square))
        owner_part, bank_part = foreclosure_parts(g, a.square, cost)
        return (f"Buy {v.square(a.square)}: {v.money(owner_part)} to its owner and "
                f"{v.money(bank_part)} to the Bank")
    if isinstance(a, ForceAuction):
        d = g.pending
        if isinstance(d, AuctionOptionDecision):
            return (f"Force an auction of {v.square(d.square)}, opening at "
                    f"{v.money(d.price)}")
        return "Force an auction"
    if isinstance(a, Refuse):
        return "Go to jail" if isinstance(g.pending, JailCardPurchaseDecision) else "No"
    if isinstance(a, ClaimRent):
        claim = next((c for c in g.rent_claims
                      if c.owner == a.player and c.square == a.square), None)
        if claim is None:
            return f"Ask for the rent on {v.square(a.square)}"
        return (f"Claim {v.money(claim.amount)} rent from {v.name(claim.lander)} for "
                f"{v.square(a.square)}")
    if isinstance(a, LeavePartnership):
        return (f"Leave partnership {a.number} (every building of its group is sold at half "
                "price)")
    if isinstance(a, Repay):
        loan = next((t for t in g.agreements if t.number == a.number), None)
        owed = f" ({v.money(loan.owed)} to {v.name(loan.giver)})" if loan else ""
        return f"Repay loan {a.number}{owed}"
    if isinstance(a, InitialBids):
        if not a.squares:
            return "Bid for no deed"
        return (f"Bid {v.money(sum(a.amounts))} in all for {len(a.squares)} deed"
                f"{'s' if len(a.squares) != 1 else ''}")
    if isinstance(a, SmashBoard):
        return "Smash the board: the game ends without a winner (you are the Angel of Death)"
    if isinstance(a, CallTime):
        return "Call time"
    return _house_action(v, a)


def _house_action(v: Voice, a: Action) -> str:
    """The actions of the movement, money and jail house rules."""
    g = v.game
    if isinstance(a, EnterBoard):
        return f"Enter the {v.board_name(a.square)} board"
    if isinstance(a, Travel):
        return f"Travel to {v.square(a.square)}"
    if isinstance(a, SwitchRent):
        return f"Switch to {v.square(a.square)} and pay its owner"
    if isinstance(a, AskRent):
        return f"Ask {v.money(a.amount)}"
    texts: dict[type[Action], str] = {
        NoTravel: "Stay on this railroad",
        AllowTravel: "Take the rent and let them travel",
        PayAsked: "Pay the rent asked",
        ForbidTravel: "Refuse the rent: they may not travel",
        DrawCard: "Draw the card",
        NoDraw: "Do not draw a card",
        HireLawyer: f"Pay a lawyer {v.money(g.rules.jail_lawyer)}: Just Visiting instead",
        NoLawyer: "Go to jail",
        TakeLoan: f"Borrow {v.money(BANK_LOAN)} from the Bank",
        RepayLoan: f"Repay a {v.money(BANK_LOAN)} loan to the Bank",
    }
    return texts.get(type(a), a.text())
