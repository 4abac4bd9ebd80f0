"""Plain sentences for events, pending decisions and actions, shared by every front-end.

The line-by-line game, the full-screen app and the saved game log all speak through this
module, so a player reads the same words whichever way they play. `sentences` turns the events
of one action into what a person would say ("Bob rolled 4+4, doubles, and landed on Boardwalk
owned by Ann: paid $50 rent"); `explain` says what the pending decision is and what each
choice means, for the help screen and the plain prompt.

This is the one place that words a decision: `question` and `explain` match on the typed
decision (`game.pending`) and end in `assert_never`, so a new kind of decision is a type error
here until it has its words. Everything is read from the public model of `passgo.core`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import assert_never

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
    BuildHotel,
    Bundle,
    Buy,
    BuyDecision,
    CallTime,
    ChooseRentDecision,
    ChooseTax,
    ClaimRent,
    CounterTrade,
    Decision,
    DeclareBankruptcy,
    Decline,
    DrawCard,
    DrawCardDecision,
    EndTurn,
    EndTurnDecision,
    EnterBoard,
    EnterBoardDecision,
    Event,
    FineOrChance,
    FineOrChanceDecision,
    ForbidTravel,
    ForceAuction,
    Foreclose,
    ForeclosureBuyDecision,
    ForeclosureOwnerDecision,
    Game,
    GameOverDecision,
    HireLawyer,
    InitialBids,
    InitialBidsDecision,
    JailDecision,
    JailExitDecision,
    KeepMortgage,
    LawyerDecision,
    LeavePartnership,
    LiftMortgage,
    Loan,
    Mortgage,
    MortgagedDeedDecision,
    NoDraw,
    NoLawyer,
    NoTravel,
    Partnership,
    Pass,
    PayAsked,
    PayJailFine,
    PlaceBuilding,
    PlaceBuildingDecision,
    ProposeTrade,
    RaiseFundsDecision,
    Refuse,
    RejectTrade,
    RentShare,
    Repay,
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
from passgo.core.actions import Term
from passgo.core.board import DECK_NAMES
from passgo.core.events import (
    AUCTION,
    BUILDING,
    FINE,
    INCOME_TAX,
    INCOME_TAX_PERCENT,
    INTEREST,
    JAIL_FINE,
    LUXURY_TAX,
    PURCHASE,
    RENT,
    SALARY,
)


def money(game: Game, amount: int) -> str:
    return f"{game.board.currency}{amount:,}"


def who(game: Game, seat: int | None) -> str:
    """A seat's name; `None` (or a negative seat, as events give it) is the Bank."""
    return "the Bank" if seat is None or seat < 0 else game.names[seat]


def square(game: Game, sq: int) -> str:
    return game.board.squares[sq].name


# Verbs the sentences put after a player's name in the present tense, with the form that goes
# with "you" (the past tense is the same for both).
_YOU_VERBS = {
    "is": "are", "was": "were", "has": "have", "owes": "owe", "stays": "stay", "wins": "win",
    "wants": "want", "offers": "offer", "keeps": "keep", "forces": "force", "starts": "start",
    "goes": "go", "gives": "give", "collects": "collect", "throws": "throw", "takes": "take",
    "does": "do", "needs": "need", "chooses": "choose", "pays": "pay", "moves": "move",
    "buys": "buy", "gets": "get", "holds": "hold", "receives": "receive", "enters": "enter",
    "asks": "ask", "grants": "grant",
}


def second_person(text: str, name: str) -> str:
    """A sentence told to the player called `name`, in the second person: "Ann is in jail"
    -> "You are in jail", "Bob gives Ann $50" -> "Bob gives you $50", "Ann's loan" -> "your
    loan", "--- Turn: Ann ---" -> "--- Your turn ---". Other players keep their names."""
    if not name or name not in text:
        return text
    n = re.escape(name)
    text = re.sub(rf"--- Turn: {n} ---", "--- Your turn ---", text)
    subject = False

    def start_of_sentence(at: int) -> bool:
        before = text[:at].rstrip()
        return not before or before.endswith((".", "!", "?", "---"))

    def possessive(m: re.Match[str]) -> str:
        return "Your" if start_of_sentence(m.start()) else "your"

    text = re.sub(rf"(?<![\w']){n}'s\b", possessive, text)

    def you(m: re.Match[str]) -> str:
        nonlocal subject
        verb = m.group(1)
        first = start_of_sentence(m.start())
        if first or text[:m.start()].rstrip().endswith(":"):
            subject = subject or m.start() == 0
        word = "You" if first else "you"
        if verb is None:
            return word
        return f"{word} {_YOU_VERBS.get(verb, verb)}"

    verbs = "|".join(_YOU_VERBS)
    text = re.sub(rf"(?<![\w']){n}(?![\w'])(?: ({verbs})\b)?", you, text)
    if subject:  # the rest of a sentence about "you"
        for third, second in _YOU_TAILS:
            text = text.replace(third, second)
    return text


_YOU_TAILS = (("their own deed", "your own deed"), (", stays in jail", ", stay in jail"),
              (": goes to jail", ": go to jail"), (" and has ", " and have "),
              (" goes back to GO", " go back to GO"), (" and goes to jail", " and go to jail"),
              (" and is Just Visiting", " and are Just Visiting"))


def describe(game: Game, e: Event) -> str | None:
    """One sentence for an event, or None for events that need none (the turn marker)."""
    g, p = game, e.player
    name = who(g, p) if p >= 0 else ""
    k = e.kind
    if k == "dice" and e.dice is not None:
        a, b = e.dice
        if b == 0:
            return f"{name} rolled {a} on one die"  # dice control
        return f"{name} rolled {a}+{b}" + (", doubles" if a == b else "")
    if k == "move":
        if e.amount < 0:
            return f"{name} went back {-e.amount} spaces to {square(g, e.square)}"
        return f"{name} moved to {square(g, e.square)}"
    texts = {
        "turn": f"--- Turn: {name} ---",
        "doubles_jail": f"{name} threw doubles three times and goes to jail",
        "jail": f"{name} went to jail",
        "jail_free": f"{name} left jail ({e.detail})",
        "jail_stay": f"{name} stays in jail",
        "keep_card": f"{name} keeps the Get Out of Jail Free card",
        "buy": f"{name} bought {square(g, e.square) if e.square >= 0 else ''} for "
        f"{money(g, e.amount)}",
        "bid": f"{name} bid {money(g, e.amount)}",
        "pass": f"{name} passed" if g.rules.auction_reentry else f"{name} left the auction",
        "mortgage": f"{name} mortgaged {square(g, e.square) if e.square >= 0 else ''} "
        f"for {money(g, e.amount)}",
        "unmortgage": f"{name} lifted the mortgage on "
        f"{square(g, e.square) if e.square >= 0 else ''} for {money(g, e.amount)}",
        "trade_accept": f"{name} accepted the trade from {who(g, e.other)}",
        "trade_reject": f"{name} turned down the trade from {who(g, e.other)}"
        + (f": {e.detail}" if e.detail and e.detail != "counter" else ""),
        "want": f"{name} wants {e.amount} {e.detail}(s)",
        "shortage": f"Only {e.amount} {e.detail}(s) left in the Bank: who else wants some?",
        "bankrupt": f"{name} is bankrupt to {who(g, e.other)}",
        "game_over": (
            f"Game over: {name} wins ({e.detail})" if p >= 0 else f"Game over ({e.detail})"
        ),
        "time_called": "Time is called: from now on the Angel of Death may smash the board",
        "board_smashed": f"{name} is the Angel of Death and smashes the board",
    }
    if k in texts:
        return texts[k]
    if k == "order":
        return f"Opening throws: {_opening(g, e.detail)}. First turn: {name}"
    if k == "trade_offer":
        return f"{name} offers {who(g, e.other)} a trade: {_offer_detail(g, e)}"
    if k == "card":
        card = next(c for c in g.board.decks[e.amount] if c.id == e.detail)
        deck = DECK_NAMES[e.amount].replace("_", " ").title()
        return f'{name} drew {deck}: "{card.text}"'
    if k == "auction_start" and e.detail == "initial":
        return "Initial auction: every deed goes to the highest closed bid"
    if k == "auction_start":
        thing = square(g, e.square) if e.detail == "deed" else f"a {e.detail}"
        return f"Auction of {thing}"
    if k == "auction_won":
        thing = square(g, e.square) if e.detail == "deed" else f"a {e.detail}"
        return f"{name} won {thing} for {money(g, e.amount)}"
    if k == "auction_unsold":
        return "Nobody bid: it stays with the Bank"
    if k == "pay":
        return f"{name} paid {money(g, e.amount)} to {who(g, e.other)} ({why(g, e.detail)})"
    if k == "receive":
        if e.detail == SALARY:
            return f"{name} collected {money(g, e.amount)} salary for passing GO"
        return f"{name} received {money(g, e.amount)} ({why(g, e.detail)})"
    if k == "debt":
        return (
            f"{name} owes {money(g, e.amount)} to {who(g, e.other)} ({why(g, e.detail)}) "
            "and must raise funds"
        )
    if k == "rent_due":
        return (
            f"{name} owes {money(g, e.amount)} rent to {who(g, e.other)} for "
            f"{square(g, e.square)}, if {who(g, e.other)} asks for it in time"
        )
    if k == "build":
        return f"{name} built a {e.detail} on {square(g, e.square)}"
    if k == "sell":
        # Told as the step left the street (sentences are made right after their step).
        now = buildings(g.houses_on(e.square), g.hotels_on(e.square))
        return f"{name} sold buildings on {square(g, e.square)} (now {now})"
    if k == "transfer":
        return f"{square(g, e.square)} passed from {name} to {who(g, e.other)}"
    if k in _DEED_RULE_EVENTS:
        return _deed_rule_event(g, e, name)
    if k in _HOUSE_EVENTS:
        return _house_event(g, e, name)
    if k in _TERM_EVENTS:
        return _term_event(g, e, name)
    return f"{k} {name}".strip()


_TERM_EVENTS = frozenset({"agreement", "agreement_ended", "agreement_passed", "immunity",
                          "rent_share"})
_ENDINGS = {"used": "all its landings are used", "expired": "its turns are over",
            "due": "the loan is due", "repaid": "the loan is repaid",
            "bankruptcy": "a party is bankrupt",
            "left": "a partner left, and every building of the group was sold"}


def _term_event(g: Game, e: Event, name: str) -> str:
    """Events of the terms of trades (rent immunity, loans between players)."""
    k = e.kind
    if k == "agreement":
        try:
            (term,) = Bundle.parse(e.detail).terms
        except ValueError:
            return f"{name} granted {who(g, e.other)} {e.detail}"
        return (f"Agreement {e.amount}: {name} grants {who(g, e.other)} "
                f"{term_words(g, term)}")
    if k == "agreement_ended":
        return f"Agreement {e.amount} has ended: {_ENDINGS.get(e.detail, e.detail)}"
    if k == "agreement_passed":
        return f"The loan of agreement {e.amount} is now owed to {who(g, e.other)}"
    if k == "rent_share":
        return (f"{money(g, e.amount)} of the rent on {square(g, e.square)} is "
                f"{who(g, e.other)}'s share")
    return (f"{name} owes {money(g, e.amount)} less rent on {square(g, e.square)}: immunity "
            f"from {who(g, e.other)}")


def term_words(game: Game, term: Term) -> str:
    """A term of a trade in words: "immunity from all of the rent on Boardwalk for 3
    landings", "a loan of $500, repaid with $550 by round 12"."""
    if isinstance(term, Partnership):
        return f"a partnership in the {term.group.replace('_', ' ')} group"
    if isinstance(term, Loan):
        return (f"a loan of {money(game, term.amount)}, repaid with "
                f"{money(game, term.owed)} when round {term.due_round} begins")
    share = "all" if term.percent == 100 else f"{term.percent}%"
    deeds = ", ".join(square(game, sq) for sq in term.squares)
    span = f"{term.count} {term.unit if term.count != 1 else term.unit[:-1]}"
    if isinstance(term, RentShare):
        return f"{share} of the rent paid on {deeds} for {span}"
    return f"immunity from {share} of the rent on {deeds} for {span}"


_DEED_RULE_EVENTS = frozenset({"deed_sold", "foreclosure", "auction_forced", "sealed_bid",
                               "bids_revealed", "order_of_play"})


def _deed_rule_event(g: Game, e: Event, name: str) -> str:
    """Events of the building, deed and auction house rules."""
    k = e.kind
    if k == "deed_sold":
        return f"{name} sold {square(g, e.square)} back to the Bank for {money(g, e.amount)}"
    if k == "foreclosure":
        return (f"{name} landed on {square(g, e.square)}, mortgaged: no rent. "
                f"{who(g, e.other)} may lift the mortgage, or else {name} may buy it")
    if k == "auction_forced":
        return (f"{name} forces an auction of {square(g, e.square)}, opening at "
                f"{money(g, e.amount)}")
    if k == "sealed_bid":
        return f"{name} wrote down a bid"
    if k == "bids_revealed":
        bids = [f"{who(g, int(seat))} {money(g, int(amount))}"
                for seat, _, amount in (item.partition(":") for item in e.detail.split())]
        return "Bids shown: " + (", ".join(bids) if bids else "nobody bid")
    order = ", ".join(who(g, int(seat)) for seat in e.detail.split())
    return f"Order of play by the bids: {order}. First turn: {name}"


def buildings(houses: int, hotels: int) -> str:
    """A street's buildings in words: "3 houses", "a hotel", "a hotel and 2 houses", "two
    hotels" (`Rules.double_hotels`), "0 houses"."""
    counted = f"{houses} house{'s' if houses != 1 else ''}"
    if hotels >= 2:
        return "two hotels" if not houses else f"{hotels} hotels and {counted}"
    if hotels == 1:
        return f"a hotel and {counted}" if houses else "a hotel"
    return counted


def describe_action(game: Game, a: Action) -> str:
    """What choosing an action means, in words."""
    g = game
    if isinstance(a, Roll):
        dice = {(): "the dice", (6,): "one die"}.get(
            a.dice, " and ".join(f"a d{sides}" for sides in a.dice))
        return f"Throw {dice}" + (" (try for doubles)" if g.in_jail(a.player) else "")
    if isinstance(a, PayJailFine):
        return f"Pay the {money(g, g.board.jail_fine)} fine and leave jail"
    if isinstance(a, UseJailCard):
        return "Use a Get Out of Jail Free card"
    if isinstance(a, EndTurn):
        return "End your turn"
    if isinstance(a, FineOrChance):
        return "Take a Chance card" if a.chance else "Pay the fine"
    if isinstance(a, Buy):
        d = g.pending
        if isinstance(d, BuyDecision) and d.player == a.player:
            return f"Buy {square(g, d.square)} for {money(g, d.price)}"
        return "Buy the deed"
    if isinstance(a, Decline):
        return "Do not buy: the Bank auctions it"
    if isinstance(a, Bid):
        return f"Bid {money(g, a.amount)} (or type: bid AMOUNT)"
    if isinstance(a, Pass):
        sealed = isinstance(g.pending, SealedBidDecision)
        return "Do not bid" if sealed else "Leave the auction"
    if isinstance(a, ChooseTax):
        return "Pay 10% of your total worth" if a.percent else "Pay the flat Income Tax"
    if isinstance(a, Build):
        return f"Build on {square(g, a.square)}"
    if isinstance(a, Sell):
        return f"Sell a building on {square(g, a.square)}"
    if isinstance(a, SellDown):
        return f"Sell the {a.group} group down to {a.levels}"
    if isinstance(a, Mortgage):
        return f"Mortgage {square(g, a.square)} for {money(g, g.board.squares[a.square].mortgage)}"
    if isinstance(a, Unmortgage):
        return f"Lift the mortgage on {square(g, a.square)} for {money(g, g.lift_cost(a.square))}"
    if isinstance(a, LiftMortgage):
        return f"Lift the mortgage on {square(g, a.square)} now ({money(g, g.lift_cost(a.square))})"
    if isinstance(a, KeepMortgage):
        return f"Keep {square(g, a.square)} mortgaged: pay {money(g, g.interest(a.square))} now"
    if isinstance(a, DeclareBankruptcy):
        return "Declare bankruptcy"
    if isinstance(a, WantBuildings):
        return f"Want {a.amount}"
    if isinstance(a, PlaceBuilding):
        return f"Place it on {square(g, a.square)}"
    if isinstance(a, AcceptTrade):
        return "Accept the trade"
    if isinstance(a, RejectTrade):
        return "Reject the trade"
    if isinstance(a, ProposeTrade | CounterTrade):
        return f"Offer: {a.offer.text()}"
    if isinstance(a, BuildHotel):
        return (f"Buy a hotel for {square(g, a.square)} at once for "
                f"{money(g, g.instant_hotel_price(a.square))}")
    if isinstance(a, SellDeed):
        return (f"Sell {square(g, a.square)} back to the Bank for "
                f"{money(g, g.board.squares[a.square].price // 2)}")
    if isinstance(a, Foreclose):
        d = g.pending
        cost = d.cost if isinstance(d, ForeclosureBuyDecision) else (
            g.board.squares[a.square].mortgage + g.lift_cost(a.square))
        owner_part, bank_part = _foreclosure_parts(g, a.square, cost)
        return (f"Buy {square(g, a.square)}: {money(g, owner_part)} to its owner and "
                f"{money(g, bank_part)} to the Bank")
    if isinstance(a, ForceAuction):
        d = g.pending
        if isinstance(d, AuctionOptionDecision):
            return (f"Force an auction of {square(g, d.square)}, opening at "
                    f"{money(g, d.price)}")
        return "Force an auction"
    if isinstance(a, Refuse):
        return "No"
    if isinstance(a, ClaimRent):
        claim = next((c for c in g.rent_claims
                      if c.owner == a.player and c.square == a.square), None)
        if claim is None:
            return f"Ask for the rent on {square(g, a.square)}"
        return (f"Claim {money(g, claim.amount)} rent from {who(g, claim.lander)} for "
                f"{square(g, a.square)}")
    if isinstance(a, _HOUSE_ACTIONS):
        return _house_action(g, a)
    if isinstance(a, LeavePartnership):
        return (f"Leave partnership {a.number} (every building of its group is sold at half "
                "price)")
    if isinstance(a, Repay):
        loan = next((t for t in g.agreements if t.number == a.number), None)
        owed = f" ({money(g, loan.owed)} to {who(g, loan.giver)})" if loan else ""
        return f"Repay loan {a.number}{owed}"
    if isinstance(a, InitialBids):
        if not a.squares:
            return "Bid for no deed"
        return (f"Bid {money(g, sum(a.amounts))} in all for {len(a.squares)} deed"
                f"{'s' if len(a.squares) != 1 else ''}")
    if isinstance(a, SmashBoard):
        return "Smash the board: the game ends without a winner (you are the Angel of Death)"
    if isinstance(a, CallTime):
        return "Call time"
    return a.text()


# Why money moved, for the reasons the engine gives that are not already words.
_REASONS = {
    PURCHASE: "purchase",
    AUCTION: "auction",
    JAIL_FINE: "fine to leave jail",
    FINE: "fine",
    INTEREST: "10% interest on a mortgaged deed",
    INCOME_TAX_PERCENT: "Income Tax, 10% of total worth",
    "bankruptcy": "everything left, in bankruptcy",
    "buildings": "buildings returned to the Bank at half price",
    "buildings sold": "buildings sold back at half price",
    BUILDING: "building",
    "dealt deed": "deed dealt at the start",
    "refund": "refund",
    "loan": "money lent",
    "loan due": "a loan due",
    "loan repaid": "a loan repaid",
    "rent share": "a share of the rent",
}


def why(game: Game, reason: str) -> str:
    """A payment's reason in words; a card's id becomes "card" (the card's text was said when
    it was drawn)."""
    if reason in _REASONS:
        return _REASONS[reason]
    for deck in game.board.decks:
        for card in deck:
            if card.id == reason:
                return "card"
    return reason


def bundle_words(game: Game, bundle: Bundle) -> str:
    """One side of a trade in words: "Boardwalk, Park Place, $100 and a Get Out of Jail Free
    card"."""
    items = [square(game, sq) for sq in bundle.properties]
    if bundle.cash:
        items.append(money(game, bundle.cash))
    for deck in bundle.cards:
        items.append(f"a Get Out of Jail Free card ({DECK_NAMES[deck].replace('_', ' ')})")
    items.extend(term_words(game, t) for t in bundle.terms)
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def offer_words(game: Game, offer: TradeOffer) -> str:
    """ "Ann gives Boardwalk and $100 for Park Place" (the responder gives what follows)."""
    return (
        f"{who(game, offer.proposer)} gives {bundle_words(game, offer.give)} "
        f"for {bundle_words(game, offer.get)}"
    )


def _offer_detail(game: Game, e: Event) -> str:
    """The trade_offer event carries the offer's text form; say it in words."""
    parts = e.detail.split()
    try:
        give, get = Bundle.parse(parts[1]), Bundle.parse(parts[3])
    except (IndexError, ValueError):
        return e.detail
    return offer_words(game, TradeOffer(e.player, e.other, give, get))


def sentences(game: Game, events: Sequence[Event]) -> list[str]:
    """The events of one step as sentences. A throw and the move it caused, with the salary
    and the rent or tax it brought, read as one sentence, the way players tell it."""
    out: list[str] = []
    i = 0
    while i < len(events):
        if _said_by_neighbour(events, i):
            i += 1
            continue
        used, text = _throw(game, events, i)
        if not used:
            used, text = _transfers(game, events, i)
        if not used:
            used, text = 1, describe(game, events[i])
        if text:
            out.append(text)
        i += used
    return out


def _transfers(game: Game, events: Sequence[Event], i: int) -> tuple[int, str | None]:
    """Deeds passing between the same two owners at once (a trade, a bankruptcy): one
    sentence for all of them."""
    e = events[i]
    if e.kind != "transfer":
        return 0, None
    j = i
    while (j < len(events) and events[j].kind == "transfer"
           and events[j].player == e.player and events[j].other == e.other):
        j += 1
    names = [square(game, events[k].square) for k in range(i, j)]
    deeds = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return j - i, f"{deeds} passed from {who(game, e.player)} to {who(game, e.other)}"


def _said_by_neighbour(events: Sequence[Event], i: int) -> bool:
    """A payment that the next or previous event already tells ("bought X for $Y", "built a
    house on X", "won X for $Y")."""
    e = events[i]
    if e.kind != "pay":
        return False
    told_next = {PURCHASE: "buy", BUILDING: "build"}
    if e.detail in told_next and i + 1 < len(events):
        nxt = events[i + 1]
        return nxt.kind == told_next[e.detail] and nxt.player == e.player
    if e.detail == AUCTION and i > 0:
        prev = events[i - 1]
        return prev.kind == "auction_won" and prev.player == e.player and prev.amount == e.amount
    return False


def _opening(game: Game, detail: str) -> str:
    """ "0:2+5 1:1+2" -> "Ann 2+5, Bob 1+2"."""
    throws = []
    for item in detail.split():
        seat, _, dice = item.partition(":")
        throws.append(f"{who(game, int(seat))} {dice}" if seat.isdigit() else item)
    return ", ".join(throws)


def _throw(game: Game, events: Sequence[Event], i: int) -> tuple[int, str | None]:
    """(events used, sentence) for a throw at events[i] and what it led to; (0, None) when
    events[i] starts no such story."""
    g, e = game, events[i]
    if e.kind != "dice" or e.dice is None or i + 1 >= len(events):
        return 0, None
    p, (a, b) = e.player, e.dice
    name = who(g, p)
    nxt = events[i + 1]
    if nxt.player != p or b == 0:
        return 0, None  # (one die under dice control: told event by event)
    if nxt.kind == "jail_stay":
        return 2, f"{name} rolled {a}+{b} in jail: no doubles, stays in jail"
    if nxt.kind == "doubles_jail":
        used = 3 if i + 2 < len(events) and events[i + 2].kind == "jail" else 2
        return used, f"{name} rolled {a}+{b}, doubles for the third time: goes to jail"
    head = f"{name} rolled {a}+{b}"
    extras: list[str] = []
    j = i + 1
    if nxt.kind == "jail_free" and nxt.detail == "third-roll":
        return 2, f"{name} rolled {a}+{b} in jail, the third try: must pay the fine and move"
    if nxt.kind == "jail_free" and nxt.detail == "doubles":
        head += " in jail"
        extras.append("doubles: out of jail")
        j += 1
    elif a == b:
        extras.append("doubles")
    if j >= len(events) or events[j].kind != "move" or events[j].amount <= 0:
        return 0, None
    sq = events[j].square
    j += 1
    landed_on_go = sq == 0
    if j < len(events) and events[j].kind == "receive" and events[j].detail == SALARY:
        if landed_on_go:  # one event, one sentence: not "passed GO ... and landed on GO"
            extras.append(f"landed on GO and collected {money(g, events[j].amount)}")
        else:
            extras.append(f"passed GO and collected {money(g, events[j].amount)}")
        j += 1
    else:
        landed_on_go = False
    text = head + "".join(", " + x for x in extras)
    if not landed_on_go:
        text += ("," if extras else "") + f" and landed on {square(g, sq)}"
    used, tail = _landing(g, events, j, p, sq)
    return j + used - i, text + tail


def _landing(g: Game, events: Sequence[Event], j: int, p: int, sq: int) -> tuple[int, str]:
    """(events used, words) for what landing on `sq` cost: rent, a tax, jail."""
    nxt = events[j] if j < len(events) else None
    s = g.board.squares[sq]
    if nxt is not None and nxt.player == p:
        if nxt.kind == "pay" and nxt.detail == RENT:
            return 1, f" owned by {who(g, nxt.other)}: paid {money(g, nxt.amount)} rent"
        if nxt.kind == "debt" and nxt.detail == RENT:
            return 1, (
                f" owned by {who(g, nxt.other)}: owes {money(g, nxt.amount)} rent "
                "and must raise funds"
            )
        if nxt.kind == "rent_due":
            return 1, (
                f" owned by {who(g, nxt.other)}: {money(g, nxt.amount)} rent is due if "
                f"{who(g, nxt.other)} asks for it in time"
            )
        if nxt.kind == "pay" and nxt.detail in (INCOME_TAX, LUXURY_TAX):
            return 1, f": paid {money(g, nxt.amount)} {nxt.detail}"
        if nxt.kind == "jail":
            return 1, " and went to jail"
    if s.ownable and not (nxt is not None and nxt.kind == "dice"):
        owner = g.owner_of(sq)
        if owner is None:
            return 0, f" (for sale at {money(g, s.price)})"
        if owner == p:
            return 0, ", their own deed"
        if g.is_mortgaged(sq):
            return 0, f" owned by {who(g, owner)}, mortgaged: no rent"
    return 0, ""


def debt_line(game: Game, player: int) -> str | None:
    """What the player still owes, when the game waits for them to raise funds."""
    d = game.pending
    if not isinstance(d, RaiseFundsDecision) or d.player != player:
        return None
    g = game
    short = max(0, d.amount - d.cash)
    return (
        f"{who(g, player)} owes {money(g, d.amount)} to {who(g, d.creditor)} "
        f"({why(g, d.reason)}) and has {money(g, d.cash)}: "
        f"{money(g, short)} still to raise"
    )


def routine(decision: Decision) -> bool:
    """Decisions met every turn (throwing, ending the turn): on screen, their explanation
    would only repeat itself."""
    return isinstance(decision, RollDecision | EndTurnDecision)


def question(game: Game) -> str:
    """The pending decision as a short question or order, for a heading."""
    g = game
    d = g.pending
    name = who(g, d.player)
    match d:
        case RollDecision(doubles=doubles):
            return f"{name}: roll again (doubles)" if doubles else f"{name}: roll the dice"
        case JailDecision():
            return f"{name} is in jail: roll for doubles, pay or use a card"
        case EndTurnDecision():
            return f"{name}: do business or end the turn"
        case BuyDecision(square=sq):
            return f"{name}: buy {square(g, sq)} or let it go to auction?"
        case BidDecision():
            return f"{name}: bid for {_auction_item(g, d)} or pass?"
        case SealedBidDecision():
            thing = "the first turn" if d.item == "order" else _auction_item(g, d)
            return f"{name}: write down a sealed bid for {thing}"
        case TaxDecision():
            return f"{name}: how do you pay the Income Tax?"
        case FineOrChanceDecision():
            return f"{name}: pay the fine or take a Chance?"
        case RaiseFundsDecision():
            return f"{name} must raise funds"
        case TradeReplyDecision(offer=offer):
            return f"{name}: answer the trade offered by {who(g, offer.proposer)}"
        case MortgagedDeedDecision(square=sq):
            return f"{name}: lift the mortgage on {square(g, sq)} now or later?"
        case BuildDemandDecision():
            return f"{name}: how many of the short buildings do you want?"
        case PlaceBuildingDecision():
            return f"{name}: where does your building go?"
        case TravelDecision():
            return f"{name}: travel to another railroad of its owner?"
        case AllowTravelDecision():
            return f"{name}: take the rent and allow travel, or refuse both?"
        case AskRentDecision(square=sq, lander=lander):
            return f"{name}: what rent do you ask {who(g, lander)} on {square(g, sq)}?"
        case ChooseRentDecision(owner=owner, asked=asked):
            return f"{name}: pay {who(g, owner)} {money(g, asked)} or switch street?"
        case DrawCardDecision():
            return f"{name}: draw a card?"
        case LawyerDecision():
            return f"{name}: pay a lawyer to leave jail at once?"
        case JailExitDecision():
            return f"{name}: pay the fine or use your Get Out of Jail Free card?"
        case ForeclosureOwnerDecision(square=sq):
            return f"{name}: lift the mortgage on {square(g, sq)} now?"
        case ForeclosureBuyDecision(square=sq):
            return f"{name}: buy the mortgaged {square(g, sq)}?"
        case AuctionOptionDecision(square=sq):
            return f"{name}: force an auction of {square(g, sq)}?"
        case InitialBidsDecision():
            return f"{name}: write down your closed bids for the deeds"
        case EnterBoardDecision():
            return f"{name}: which board do you enter next?"
        case GameOverDecision(winner=winner, reason=reason):
            if winner is None:
                return f"Game over ({reason})"
            return f"Game over: {who(g, winner)} wins ({reason})"
        case other:
            assert_never(other)


def _auction_item(g: Game, d: BidDecision | SealedBidDecision) -> str:
    return square(g, d.square) if d.item == "deed" else f"a {d.item}"


def _foreclosure_parts(g: Game, sq: int, cost: int) -> tuple[int, int]:
    """A foreclosure's `cost` split as the rule pays it: the mortgage value to the owner, the
    rest (the value and the interest) to the Bank."""
    owner_part = g.board.squares[sq].mortgage
    return owner_part, cost - owner_part


def explain(game: Game) -> str:
    """What the pending decision is about and what each choice does, in a few sentences."""
    g = game
    d = g.pending
    p = d.player
    cash = money(g, g.cash_of(p)) if p >= 0 else ""
    business = (
        " At any time you may also build, sell, mortgage, lift mortgages and propose trades."
    )
    match d:
        case RollDecision():
            return (
                "Roll the two dice and move that many squares clockwise. Doubles let you roll "
                "again; three doubles in a row send you to jail." + business
            )
        case JailDecision(turn=turn, fine=fine_amount):
            fine = money(g, fine_amount)
            tries = g.rules.jail_max_turns
            return (
                f"You are in jail (turn {turn + 1} of {tries}). Roll: doubles free you "
                f"and you move by that throw. Or pay the {fine} fine before rolling (allowed "
                f"on your first {g.rules.jail_prepay_turns} turns in jail), or use a Get Out "
                f"of Jail Free card if you hold one. After {tries} failed rolls you pay {fine} "
                "and move. In jail you still collect rent, bid, build and trade."
            )
        case EndTurnDecision():
            return (
                "Your throw has been played. Before the dice pass to the next player you may "
                "build houses (evenly, on a whole colour group), sell, mortgage, lift "
                "mortgages or propose trades. Then end your turn."
            )
        case BuyDecision(square=sq):
            s = g.board.squares[sq]
            return (
                f"{s.name} belongs to nobody. Buy it for its printed price, "
                f"{money(g, s.price)} (you have {cash}), or decline: the Bank then auctions "
                "it at once to the highest bidder, and you may bid too, even below the "
                "printed price."
            )
        case BidDecision():
            item = _auction_item(g, d)
            high = (
                f"The highest bid is {money(g, d.high)} by {who(g, d.high_bidder)}."
                if d.high_bidder is not None else "Nobody has bid yet."
            )
            if d.item == "deed":
                item += f" (printed price {money(g, g.board.squares[d.square].price)})"
            return (
                f"Auction of {item}. {high} Bid at least {money(g, d.min_bid)} and at most "
                f"your cash ({cash}), or pass: a player who passes is out of this auction. "
                "The last bidder left pays the Bank and takes it."
            )
        case SealedBidDecision():
            if d.item == "order":
                return ("Before the game, everyone writes down a bid for the right to go "
                        "first: play goes from the highest bid down, ties decided by a throw, "
                        "and each player pays what they bid. Bid 0 to pay nothing (you have "
                        f"{cash}).")
            rule = ("the highest bidder pays the second-highest bid"
                    if g.rules.auction == "vickrey" else "the highest bidder pays their bid")
            return (f"{question(g)}. Nobody sees the bids until all are written; then {rule} "
                    f"(ties are thrown for). Bid up to your cash ({cash}), or pass.")
        case TaxDecision(flat=flat, percent=percent):
            return (
                f"Income Tax: pay {money(g, flat)}, or {percent}% of your total worth (cash, "
                "the printed price of every deed you own, mortgaged or not, and what your "
                "buildings cost). You must choose before adding it up."
            )
        case FineOrChanceDecision():
            return ("The card lets you choose: pay the fine, or take the top Chance card "
                    "instead.")
        case RaiseFundsDecision(may_declare_bankruptcy=allowed):
            end = (
                " Even selling every building and mortgaging every deed would not cover it: "
                "you may declare bankruptcy, and your creditor takes what you have."
                if allowed else
                " You cannot declare bankruptcy while selling and mortgaging could still pay "
                "it."
            )
            return (
                "Sell buildings back to the Bank at half price, mortgage deeds or trade; the "
                "debt is paid as soon as your cash covers it." + end
            )
        case TradeReplyDecision(offer=offer):
            return (
                f"Offer: {offer_words(g, offer)}. Accept and everything changes hands at "
                "once; reject; or counter with an offer of your own, which goes back to "
                f"{who(g, offer.proposer)}. A mortgaged deed you receive costs 10% interest "
                "at once."
            )
        case MortgagedDeedDecision(square=sq, lift_cost=lift, interest=interest):
            return (
                f"You received {square(g, sq)}, which is mortgaged. Lift the mortgage now "
                f"for {money(g, lift)} (the loan plus 10%), or keep it mortgaged: pay "
                f"{money(g, interest)} interest now and the loan plus 10% when you lift it "
                "later."
            )
        case BuildDemandDecision(item=item, available=stock):
            return (
                f"The Bank has only {stock} {item}(s) left and more players could build. "
                "Say how many you want now; if more are wanted than the Bank has, they are "
                "auctioned one at a time to the highest bidder."
            )
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
            return (f"Free market: {who(g, lander)} is on your {square(g, sq)}. Ask any rent "
                    f"up to the normal {money(g, rent)}; {then}.")
        case ChooseRentDecision(square=sq, owner=owner, asked=asked):
            return (f"Free market: {who(g, owner)} asks {money(g, asked)} for "
                    f"{square(g, sq)}. Pay it, or move to another improved street of the "
                    "group and pay what its owner asks there (nothing on your own). "
                    f"You have {cash}.")
        case DrawCardDecision():
            return "Drawing a card is optional in this game: draw it, or leave it."
        case LawyerDecision(fee=fee):
            return (f"You were sent to jail. Pay a lawyer {money(g, fee)} now and you are "
                    "Just Visiting instead, or go to jail as usual.")
        case JailExitDecision(fine=fine):
            return (f"Your last roll in jail failed: pay the {money(g, fine)} fine or use your "
                    "Get Out of Jail Free card, then move by that roll.")
        case ForeclosureOwnerDecision(square=sq, lander=lander, lift_cost=lift):
            return (f"{who(g, lander)} landed on your mortgaged {square(g, sq)}. Lift the "
                    f"mortgage now for {money(g, lift)}, or else {who(g, lander)} may buy "
                    "the deed from you. No rent is paid either way.")
        case ForeclosureBuyDecision(square=sq, cost=cost):
            owner_part, bank_part = _foreclosure_parts(g, sq, cost)
            return (f"{square(g, sq)} is mortgaged and its owner did not lift it. Buy it for "
                    f"{money(g, owner_part)} to the owner and {money(g, bank_part)} to the "
                    f"Bank (it is then unmortgaged), or refuse. You have {cash}.")
        case AuctionOptionDecision(square=sq, lander=lander, price=price):
            return (f"{who(g, lander)} landed on {square(g, sq)}. You may force an auction "
                    f"now by bidding {money(g, price)} (twice the price); everyone, the "
                    "lander included, may then outbid you.")
        case InitialBidsDecision(budget=budget):
            return ("Initial auction: before the game every deed is sold to the highest closed "
                    f"bid. Bid for any deeds, at most {money(g, budget)} in all (what you win "
                    "you pay at once); ties are thrown for. Choose an offer below, or type "
                    "your own, like 'bids 1:60,39:400'.")
        case EnterBoardDecision(squares=squares):
            boards = " or the ".join(_board_name(g, sq) for sq in squares)
            return (f"Double board: you are on {square(g, g.player(g.pending_player).square)}, "
                    f"the square both boards share. Go on along the {boards} board; passing "
                    "it without stopping crosses to the other board (a figure eight).")
        case GameOverDecision():
            return question(g) + "."
        case other:
            assert_never(other)


# -- house rules: movement, money and jail (004 variant catalogue) ----------------------------

_HOUSE_EVENTS = frozenset({
    "start", "one_die_jail", "travel", "travel_forbidden", "doubled_up", "no_sale", "no_draw",
    "pot", "jackpot", "pot_refill", "loan", "loan_repaid", "loan_passed", "rent_waived",
    "lawyer", "jail_card", "tax_man", "token_switch",
    "rent_asked", "rent_switch", "board_entered",
})


def _house_event(g: Game, e: Event, name: str) -> str:
    """Sentences for the events of the movement, money and jail house rules."""
    k = e.kind
    texts = {
        "start": f"{name} starts on {square(g, e.square)}",
        "one_die_jail": f"{name} rolled a 1 on one die and goes to jail",
        "doubled_up": f"{square(g, e.square) if e.square >= 0 else ''} was occupied: {name} "
        "goes back to GO and the turn is over",
        "no_sale": f"Nobody has passed GO yet: {square(g, e.square) if e.square >= 0 else ''} "
        "cannot be bought",
        "no_draw": f"{name} chose not to draw a card",
        "pot": f"The {money(g, e.amount)} went into the Free Parking pot",
        "jackpot": f"{name} took the Free Parking pot: {money(g, e.amount)}",
        "pot_refill": f"The Bank put {money(g, e.amount)} into the Free Parking pot",
        "loan": f"{name} borrowed {money(g, e.amount)} from the Bank",
        "loan_repaid": f"{name} repaid a loan of {money(g, e.amount)} to the Bank",
        "loan_passed": f"The Bank dissolved {name}'s loan(s)" if e.other < 0
        else f"{name}'s loan(s) passed to {who(g, e.other)}",
        "rent_waived": f"{who(g, e.other)} is in jail and collects no rent from {name}",
        "lawyer": f"{name} paid a lawyer {money(g, e.amount)} and is Just Visiting instead "
        "of in jail",
        "jail_card": f"{name} used a Get Out of Jail Free card instead of paying the fine",
        "token_switch": f"{name}'s other token, on {square(g, e.square)}, moves next turn",
    }
    if k in texts:
        return texts[k]
    if k == "rent_asked":
        return f"{name} asks {who(g, e.other)} {money(g, e.amount)} for {square(g, e.square)}"
    if k == "board_entered":
        return f"{name} enters the {_board_name(g, e.square)} board"
    if k == "rent_switch":
        return f"{name} switched from {square(g, e.amount)} to {square(g, e.square)}"
    if k == "travel":
        return (f"{name} travelled by railroad from {square(g, e.amount)} to "
                f"{square(g, e.square)}")
    if k == "travel_forbidden":
        return (f"{name} refused the rent on {square(g, e.square)}: {who(g, e.other)} may "
                "not travel")
    a, b = e.dice or (0, 0)
    return f"The tax man rolled {a}+{b} and moved to {square(g, e.square)}"


_HOUSE_ACTIONS = (Travel, NoTravel, AllowTravel, ForbidTravel, DrawCard, NoDraw, HireLawyer,
                  NoLawyer, TakeLoan, RepayLoan, AskRent, PayAsked, SwitchRent, EnterBoard)


def _board_name(g: Game, sq: int) -> str:
    """The name of the board square `sq` lies on (a double board's "US" or "UK")."""
    return g.board.side_names[g.board.side(sq)]


def _house_action(g: Game, a: Action) -> str:
    if isinstance(a, EnterBoard):
        return f"Enter the {_board_name(g, a.square)} board"
    if isinstance(a, Travel):
        return f"Travel to {square(g, a.square)}"
    if isinstance(a, SwitchRent):
        return f"Switch to {square(g, a.square)} and pay its owner"
    if isinstance(a, AskRent):
        return f"Ask {money(g, a.amount)}"
    texts: dict[type[Action], str] = {
        NoTravel: "Stay on this railroad",
        AllowTravel: "Take the rent and let them travel",
        PayAsked: "Pay the rent asked",
        ForbidTravel: "Refuse the rent: they may not travel",
        DrawCard: "Draw the card",
        NoDraw: "Do not draw a card",
        HireLawyer: f"Pay a lawyer {money(g, g.rules.jail_lawyer)}: Just Visiting instead",
        NoLawyer: "Go to jail",
        TakeLoan: f"Borrow {money(g, BANK_LOAN)} from the Bank",
        RepayLoan: f"Repay a {money(g, BANK_LOAN)} loan to the Bank",
    }
    return texts.get(type(a), a.text())
