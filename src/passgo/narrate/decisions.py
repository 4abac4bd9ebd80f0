"""The pending decision in words: the question (to the player who decides, in the second
person; to everyone else, who is being waited for and for what) and the explanation of what
each choice does (for the help screen, the plain prompt and the browser's side panel).

This is the one place that words a decision: `question` and `explain` match on the typed
decision (`game.pending`) and end in `assert_never`, so a new kind of decision is a type error
here until it has its words.
"""

from __future__ import annotations

from typing import assert_never

from passgo.core import (
    AllowTravelDecision,
    AskRentDecision,
    AuctionOptionDecision,
    BidDecision,
    BuildDemandDecision,
    BuyDecision,
    ChooseRentDecision,
    Decision,
    DrawCardDecision,
    EndTurnDecision,
    EnterBoardDecision,
    FineOrChanceDecision,
    ForeclosureBuyDecision,
    ForeclosureOwnerDecision,
    Game,
    GameOverDecision,
    InitialBidsDecision,
    JailCardPurchaseDecision,
    JailDecision,
    JailExitDecision,
    LawyerDecision,
    MortgagedDeedDecision,
    PlaceBuildingDecision,
    RaiseFundsDecision,
    RollDecision,
    SealedBidDecision,
    TaxDecision,
    TradeReplyDecision,
    TravelDecision,
)
from passgo.narrate.rules import game_over
from passgo.narrate.voice import Voice, listing
from passgo.narrate.why import why


def routine(decision: Decision) -> bool:
    """Decisions met every turn (throwing, ending the turn): on screen, their explanation
    would only repeat itself."""
    return isinstance(decision, RollDecision | EndTurnDecision)


def question(game: Game, viewer: int | None = None) -> str:
    """The pending decision as a short question: to the viewer who decides, "Buy Boardwalk
    for $400 or let it go to auction?"; to anyone else, "Waiting for Ann to buy Boardwalk for
    $400 or let it go to auction"."""
    v = Voice(game, viewer)
    d = game.pending
    if isinstance(d, GameOverDecision):
        return game_over(v, d.winner, d.reason)
    phrase = _phrase(v, d)
    if v.is_you(d.player):
        return phrase[0].upper() + phrase[1:] + ("?" if " or " in phrase else "")
    state = " (in jail)" if isinstance(d, JailDecision) else ""
    return f"Waiting for {v.name(d.player)}{state} to {phrase}"


def _phrase(v: Voice, d: Decision) -> str:
    """What the decision asks, as a verb phrase: "buy Boardwalk for $400 or let it go to
    auction"."""
    match d:
        case RollDecision(doubles=doubles):
            return "roll again (doubles)" if doubles else "roll the dice"
        case JailDecision(player=p, fine=fine, may_pay_fine=may_pay, cards=cards):
            # Only what may be done now is offered; a fine that could be paid this turn but
            # for the cash is said, as the player may raise it first.
            ways = ["roll for doubles"]
            if may_pay:
                ways.append(f"pay the {v.money(fine)} fine")
            if cards:
                ways.append("use a Get Out of Jail Free card")
            short = (f" (the {v.money(fine)} fine is more than {v.poss(p)} cash)"
                     if _short_of_the_fine(v.game, d) else "")
            return listing(ways, "or") + short
        case EndTurnDecision():
            return "build, trade or mortgage, or end the turn"
        case BuyDecision(square=sq, price=price):
            lacking = price - v.game.cash_of(d.player)
            if lacking <= 0:
                return f"buy {v.square(sq)} for {v.money(price)} or let it go to auction"
            # Buying is offered once the cash is there: say so rather than offer nothing.
            if v.game.liquidation_value(d.player) >= price:
                return (f"raise {v.money(lacking)} (sell or mortgage) to buy {v.square(sq)} for "
                        f"{v.money(price)}, or let it go to auction")
            return (f"let {v.square(sq)} go to auction (its {v.money(price)} price is out of "
                    "reach)")
        case BidDecision(min_bid=low, high=high, high_bidder=bidder):
            now = (f" ({v.money(high)} by {v.name(bidder)} so far)" if bidder is not None
                   else "")
            return (f"bid at least {v.money(low)} for {_auction_item(v, d)}{now}, or pass")
        case SealedBidDecision(item=item):
            thing = "the first turn" if item == "order" else _auction_item(v, d)
            return f"write down a sealed bid for {thing}"
        case TaxDecision(flat=flat, percent=percent):
            # (No sum of the worth: "You must decide which option you will take before you
            # add up your total worth.")
            return f"pay the Income Tax: {v.money(flat)} or {percent}% of total worth"
        case FineOrChanceDecision(fine=fine):
            return f"pay the {v.money(fine)} fine or take a Chance card"
        case RaiseFundsDecision(amount=amount, creditor=creditor, cash=cash, then=then):
            more = f" and {v.money(then)} more right after" if then else ""
            return (f"raise {v.money(max(0, amount + then - cash))} to pay {v.money(amount)} "
                    f"to {v.name(creditor)}{more}")
        case TradeReplyDecision(offer=offer):
            return f"accept, reject or counter {v.poss(offer.proposer)} trade offer"
        case MortgagedDeedDecision(square=sq, lift_cost=lift, interest=interest):
            return (f"lift the mortgage on {v.square(sq)} now for {v.money(lift)}, or keep it "
                    f"mortgaged and pay {v.money(interest)} interest")
        case BuildDemandDecision(item=item):
            return f"say how many of the short {item}s to take"
        case PlaceBuildingDecision(item=item):
            return f"put the {item} on one of the streets"
        case TravelDecision():
            return "travel to another railroad of its owner, or stay"
        case AllowTravelDecision(lander=lander, rent=rent):
            return (f"take {v.poss(lander)} {v.money(rent)} rent and allow travel, or refuse "
                    "both")
        case AskRentDecision(square=sq, lander=lander, rent=rent):
            return (f"name the rent {v.name(lander)} {v.verb(lander, 'pays', 'pay')} on "
                    f"{v.square(sq)} (up to {v.money(rent)})")
        case ChooseRentDecision(owner=owner, asked=asked):
            return f"pay {v.name(owner)} the {v.money(asked)} asked, or switch street"
        case DrawCardDecision(deck=deck):
            return f"draw a {v.deck(deck)} card or leave it"
        case LawyerDecision(fee=fee):
            return f"pay a lawyer {v.money(fee)} to be Just Visiting, or go to jail"
        case JailExitDecision(fine=fine):
            return f"pay the {v.money(fine)} fine or use a Get Out of Jail Free card"
        case JailCardPurchaseDecision(holders=holders):
            sellers = listing([v.name(p) for p in holders])
            return (f"buy a Get Out of Jail Free card from {sellers} (offer a trade), or go to "
                    "jail")
        case ForeclosureOwnerDecision(square=sq, lander=lander, lift_cost=lift):
            return (f"lift the mortgage on {v.square(sq)} now for {v.money(lift)}, or let "
                    f"{v.name(lander)} buy it")
        case ForeclosureBuyDecision(square=sq, cost=cost):
            return f"buy the mortgaged {v.square(sq)} for {v.money(cost)} in all, or refuse"
        case AuctionOptionDecision(square=sq, price=price):
            return f"force an auction of {v.square(sq)} by bidding {v.money(price)}, or not"
        case InitialBidsDecision():
            return "write down closed bids for the deeds"
        case EnterBoardDecision():
            return "choose the board to enter next"
        case GameOverDecision():
            return "wait: the game is over"
        case other:
            assert_never(other)


def _auction_item(v: Voice, d: BidDecision | SealedBidDecision) -> str:
    return v.square(d.square) if d.item == "deed" else f"a {d.item}"


def foreclosure_parts(game: Game, sq: int, cost: int) -> tuple[int, int]:
    """A foreclosure's `cost` split as the rule pays it: the mortgage value to the owner, the
    rest (the value and the interest) to the Bank."""
    owner_part = game.board.squares[sq].mortgage
    return owner_part, cost - owner_part


def _short_of_the_fine(game: Game, d: JailDecision) -> bool:
    """The jail fine may be paid on this turn, but not with the cash the player has: worth
    saying, as they may raise it first."""
    return not d.may_pay_fine and d.turn < game.rules.jail_prepay_turns


def debt_line(game: Game, player: int, viewer: int | None = None) -> str | None:
    """What the player still owes, when the game waits for them to raise funds: "You owe
    $1,150 to Ada (rent) and have $421: $729 still to raise"."""
    d = game.pending
    if not isinstance(d, RaiseFundsDecision) or d.player != player:
        return None
    v = Voice(game, viewer)
    short = max(0, d.amount + d.then - d.cash)
    more = f", then {v.money(d.then)} more," if d.then else ""
    return (f"{v.does(player, 'owes', 'owe')} {v.money(d.amount)} to {v.name(d.creditor)} "
            f"({why(game, d.reason)}){more} and {v.verb(player, 'has', 'have')} "
            f"{v.money(d.cash)}: {v.money(short)} still to raise")


def explain(game: Game) -> str:
    """What the pending decision is about and what each choice does, in a few sentences told
    to the player who decides."""
    g = game
    d = g.pending
    v = Voice(g, d.player)
    cash = v.money(g.cash_of(d.player)) if d.player >= 0 else ""
    match d:
        case RollDecision():
            return ("Roll the two dice and move that many squares clockwise. Doubles let you "
                    "roll again; three doubles in a row send you to jail. At any time you may "
                    "also build, sell, mortgage, lift mortgages and propose trades.")
        case JailDecision(turn=turn, fine=fine_amount):
            fine = v.money(fine_amount)
            tries = g.rules.jail_max_turns
            short = (f" You have only {cash}: sell or mortgage first to pay the fine."
                     if _short_of_the_fine(g, d) else "")
            return (f"You are in jail (turn {turn + 1} of {tries}). Roll: doubles free you and "
                    f"you move by that throw. Or pay the {fine} fine before rolling (allowed on "
                    f"your first {g.rules.jail_prepay_turns} turns in jail), or use a Get Out "
                    f"of Jail Free card if you hold one.{short} After {tries} failed rolls you "
                    f"pay {fine} and move. In jail you still collect rent, bid, build and "
                    "trade.")
        case EndTurnDecision():
            return ("Your throw has been played. Before the dice pass to the next player you "
                    "may build houses (evenly, on a whole colour group), sell, mortgage, lift "
                    "mortgages or propose trades. Then end your turn.")
        case BuyDecision(square=sq, price=price):
            return (f"{v.square(sq)} belongs to nobody. Buy it for {v.money(price)} (you have "
                    f"{cash}), or decline: the Bank then auctions it at once to the highest "
                    "bidder, and you may bid too, even below the printed price.")
        case BidDecision():
            item = _auction_item(v, d)
            high = (f"The highest bid is {v.money(d.high)} by {v.name(d.high_bidder)}."
                    if d.high_bidder is not None else "Nobody has bid yet.")
            if d.item == "deed":
                item += f" (printed price {v.money(g.board.squares[d.square].price)})"
            return (f"Auction of {item}. {high} Bid at least {v.money(d.min_bid)} and at most "
                    f"your cash ({cash}), or pass: a player who passes is out of this auction. "
                    "The last bidder left pays the Bank and takes it.")
        case SealedBidDecision():
            if d.item == "order":
                return ("Before the game, everyone writes down a bid for the right to go "
                        "first: play goes from the highest bid down, ties decided by a throw, "
                        "and each player pays what they bid. Bid 0 to pay nothing (you have "
                        f"{cash}).")
            rule = ("the highest bidder pays the second-highest bid"
                    if g.rules.auction == "vickrey" else "the highest bidder pays their bid")
            return (f"{question(g, d.player)}. Nobody sees the bids until all are written; "
                    f"then {rule} (ties are thrown for). Bid up to your cash ({cash}), or pass.")
        case TaxDecision(flat=flat, percent=percent):
            return (f"Income Tax: pay {v.money(flat)}, or {percent}% of your total worth (cash, "
                    "the printed price of every deed you own, mortgaged or not, and what your "
                    "buildings cost). You must choose before adding it up.")
        case FineOrChanceDecision():
            return ("The card lets you choose: pay the fine, or take the top Chance card "
                    "instead.")
        case RaiseFundsDecision(may_declare_bankruptcy=allowed):
            end = (" Even selling every building and mortgaging every deed would not cover "
                   "it: you may declare bankruptcy, and your creditor takes what you have."
                   if allowed else
                   " You cannot declare bankruptcy while selling and mortgaging could still "
                   "pay it.")
            return (f"{debt_line(g, d.player, d.player)}. Sell buildings back to the Bank at "
                    "half price, mortgage deeds or trade; the debt is paid as soon as your cash "
                    "covers it." + end)
        case TradeReplyDecision(offer=offer):
            return (f"{v.offer(offer)}. Accept and everything changes hands at once; reject; "
                    f"or counter with an offer of your own, which goes back to "
                    f"{v.name(offer.proposer)}. A mortgaged deed you receive costs 10% "
                    "interest at once.")
        case MortgagedDeedDecision(square=sq, lift_cost=lift, interest=interest):
            return (f"You received {v.square(sq)}, which is mortgaged. Lift the mortgage now "
                    f"for {v.money(lift)} (the loan plus 10%), or keep it mortgaged: pay "
                    f"{v.money(interest)} interest now and the loan plus 10% when you lift it "
                    "later.")
        case BuildDemandDecision(item=item, available=stock):
            return (f"The Bank has only {stock} {item}(s) left and more players could build. "
                    "Say how many you want now; if more are wanted than the Bank has, they "
                    "are auctioned one at a time to the highest bidder.")
        case PlaceBuildingDecision():
            return "Put the building you got on one of your streets, keeping the group even."
        case TravelDecision():
            return ("Travelling railroads: you may move to any other railroad of this one's "
                    "owner. Travel goes across the board: no salary for passing GO, no rent "
                    "there, and your move ends there.")
        case AllowTravelDecision():
            return ("Your railroad was landed on. Take the rent and the lander may travel to "
                    "your other railroads, or refuse the rent and forbid the travel.")
        case AskRentDecision(square=sq, lander=lander, rent=rent, switched=switched):
            then = ("they switched here and must pay it" if switched else
                    "they may pay it or switch to another improved street of the group")
            return (f"Free market: {v.name(lander)} is on your {v.square(sq)}. Ask any rent "
                    f"up to the normal {v.money(rent)}; {then}.")
        case ChooseRentDecision(square=sq, owner=owner, asked=asked):
            return (f"Free market: {v.name(owner)} asks {v.money(asked)} for {v.square(sq)}. "
                    "Pay it, or move to another improved street of the group and pay what its "
                    f"owner asks there (nothing on your own). You have {cash}.")
        case DrawCardDecision():
            return "Drawing a card is optional in this game: draw it, or leave it."
        case LawyerDecision(fee=fee):
            return (f"You were sent to jail. Pay a lawyer {v.money(fee)} now and you are Just "
                    "Visiting instead, or go to jail as usual.")
        case JailExitDecision(fine=fine):
            return (f"Your last roll in jail failed: pay the {v.money(fine)} fine or use your "
                    "Get Out of Jail Free card, then move by that roll.")
        case JailCardPurchaseDecision(holders=holders):
            sellers = listing([v.name(p) for p in holders])
            return ("You landed on Go to Jail without a Get Out of Jail Free card, and "
                    f"{sellers} {'holds' if len(holders) == 1 else 'hold'} one: buy it now "
                    "and it is used at once, leaving you on Just Visiting. Propose a trade "
                    "that gets you the card, for cash or anything else (as many offers as you "
                    "like), or go to jail.")
        case ForeclosureOwnerDecision(square=sq, lander=lander, lift_cost=lift):
            return (f"{v.Name(lander)} landed on your mortgaged {v.square(sq)}. Lift the "
                    f"mortgage now for {v.money(lift)}, or else {v.name(lander)} may buy the "
                    "deed from you. No rent is paid either way.")
        case ForeclosureBuyDecision(square=sq, cost=cost):
            owner_part, bank_part = foreclosure_parts(g, sq, cost)
            return (f"{v.square(sq)} is mortgaged and its owner did not lift it. Buy it for "
                    f"{v.money(owner_part)} to the owner and {v.money(bank_part)} to the Bank "
                    f"(it is then unmortgaged), or refuse. You have {cash}.")
        case AuctionOptionDecision(square=sq, lander=lander, price=price):
            return (f"{v.Name(lander)} landed on {v.square(sq)}. You may force an auction now "
                    f"by bidding {v.money(price)} (twice the price); everyone, the lander "
                    "included, may then outbid you.")
        case InitialBidsDecision(budget=budget):
            return ("Initial auction: before the game every deed is sold to the highest "
                    f"closed bid. Bid for any deeds, at most {v.money(budget)} in all (what you "
                    "win you pay at once); ties are thrown for. Choose an offer below, or type "
                    "your own, like 'bids 1:60,39:400'.")
        case EnterBoardDecision(squares=squares):
            boards = " or the ".join(v.board_name(sq) for sq in squares)
            here = v.square(g.square_of(g.pending_player))
            return (f"Double board: you are on {here}, the square both boards share. Go on "
                    f"along the {boards} board; passing it without stopping crosses to the "
                    "other board (a figure eight).")
        case GameOverDecision():
            return question(g) + "."
        case other:
            assert_never(other)
