"""Events as sentences for a viewer: what the game log, the terminal and the browser say.

`sentences` tells the events of one step the way players tell them: a throw and the move it
caused, with the salary and the rent, tax or jail it brought, is one sentence ("You rolled
4+4, doubles, and landed on Boardwalk owned by Ann: paid $50 rent"); deeds passing between the
same two owners at once are one sentence; a payment that its purchase, building or auction
already tells is not said twice. `describe` is the sentence of one event, matched on the typed
event with `assert_never` in the last case, so a new kind of event is a type error here until
it has its words. Nothing here reads the game's state: only the events, the names, the board
and the rules, so a log told later reads the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from passgo.core import Game
from passgo.core.events import (
    AUCTION,
    BUILDING,
    INCOME_TAX,
    INCOME_TAX_PERCENT,
    LUXURY_TAX,
    PURCHASE,
    RENT,
    SALARY,
    SALARY_ON_GO,
    AgreementEnded,
    AgreementMade,
    AuctionForced,
    AuctionLeft,
    AuctionStarted,
    AuctionUnsold,
    AuctionWon,
    Bankrupt,
    BidPlaced,
    BidsRevealed,
    BoardEntered,
    BoardSmashed,
    BuildingsSold,
    BuildingsWanted,
    Built,
    CardDrawn,
    CardNotDrawn,
    Debt,
    Declined,
    DeedSoldToBank,
    DeedTransferred,
    DiceThrown,
    DoubledUp,
    Event,
    ForeclosureOffered,
    GameOver,
    ImmunityUsed,
    JackpotTaken,
    JailCardKept,
    JailCardUsed,
    Jailed,
    LawyerHired,
    LeftJail,
    LoanAgreementPassed,
    LoanRepaid,
    LoansPassed,
    LoanTaken,
    Mortgaged,
    MortgageLifted,
    Moved,
    NotForSale,
    OpeningThrows,
    Payment,
    PlayOrderSet,
    PotPaid,
    PotRefilled,
    Purchased,
    RentAsked,
    RentDue,
    RentShared,
    RentSwitched,
    RentWaived,
    SealedBidWritten,
    ShortageCalled,
    StartedOn,
    StayedInJail,
    TaxManMoved,
    TimeCalled,
    TokensSwitched,
    TradeAccepted,
    TradeOffered,
    TradeRejected,
    TravelForbidden,
    Travelled,
    TurnStarted,
    VariantEvent,
)
from passgo.narrate.rules import game_over
from passgo.narrate.voice import Voice, buildings, listing
from passgo.narrate.why import why


def sentences(game: Game, events: Sequence[Event], viewer: int | None = None) -> list[str]:
    """The events of one step as sentences for `viewer` (None: a spectator)."""
    return [text for _, text in narrated(game, events, viewer)]


def narrated(game: Game, events: Sequence[Event], viewer: int | None = None
             ) -> list[tuple[str, str]]:
    """The events of one step as sentences for `viewer`, each with the kind of the event it
    starts from (a log shows the kind's icon beside the sentence)."""
    v = Voice(game, viewer)
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(events):
        if _told_by_neighbour(events, i):
            i += 1
            continue
        used, text = _throw(v, events, i)
        if not used:
            used, text = _transfers(v, events, i)
        if not used:
            used, text = 1, describe(v, events[i])
        if text:
            out.append((events[i].kind, text))
        i += used
    return out


def describe(v: Voice, e: Event) -> str | None:
    """One sentence for one event, or None for an event that needs none."""
    match e:
        case OpeningThrows(first=first, throws=throws):
            told = ", ".join(f"{v.name(p)} {a}+{b}" for p, a, b in throws)
            return f"Opening throws: {told}. {v.does(first, 'starts', 'start')}"
        case TurnStarted(player=p, round=done):
            whose = "your" if v.is_you(p) else f"{v.name(p)}'s"
            return f"--- Round {done + 1}: {whose} turn ---"
        case DiceThrown(player=p, dice=dice, purpose=purpose):
            return f"{v.Name(p)} rolled {_faces(dice)}{_THROW_FOR[purpose]}"
        case Moved(player=p, end=end, steps=steps, how=how):
            if how == "doubled_up":
                return f"{v.Name(p)} went back to {v.square(end)}, and the turn is over"
            if steps < 0:
                return f"{v.Name(p)} went back {-steps} spaces to {v.square(end)}"
            return f"{v.Name(p)} moved to {v.square(end)}"
        case CardDrawn(player=p, deck=deck, text=text):
            return f'{v.Name(p)} drew {v.deck(deck)}: "{text}"'
        case JailCardKept(player=p):
            return f"{v.does(p, 'keeps', 'keep')} the Get Out of Jail Free card"
        case Jailed(player=p, why=why_jailed):
            return f"{v.Name(p)} {_JAILED[why_jailed]}"
        case LeftJail(player=p, how=how):
            return _left_jail(v, p, how)
        case StayedInJail(player=p):
            return f"{v.does(p, 'stays', 'stay')} in jail"
        case TimeCalled():
            return "Time is called: from now on the Angel of Death may smash the board"
        case BoardSmashed(player=p):
            return (f"{v.does(p, 'is', 'are')} the Angel of Death and "
                    f"{v.verb(p, 'smashes', 'smash')} the board")
        case GameOver(winner=winner, reason=reason):
            return game_over(v, winner, reason)
        case Payment():
            return _payment(v, e)
        case Debt(debtor=p, creditor=creditor, amount=amount, reason=reason):
            return (f"{v.does(p, 'owes', 'owe')} {v.money(amount)} to {v.name(creditor)} "
                    f"({why(v.game, reason)}) and {v.verb(p, 'has', 'have')} to raise funds")
        case RentDue(lander=lander, owner=owner, square=sq, amount=amount):
            return (f"{v.does(lander, 'owes', 'owe')} {v.name(owner)} {v.money(amount)} rent "
                    f"for {v.square(sq)}, if {v.name(owner)} {v.verb(owner, 'asks', 'ask')} "
                    "for it in time")
        case RentWaived(lander=lander, owner=owner, square=sq, why=why_waived):
            if why_waived == "mortgaged":
                return f"{v.square(sq)} is mortgaged: no rent"
            return (f"{v.does(owner, 'is', 'are')} in jail and "
                    f"{v.verb(owner, 'collects', 'collect')} no rent from {v.name(lander)}")
        case Bankrupt(player=p, creditor=creditor):
            return f"{v.does(p, 'is', 'are')} bankrupt to {v.name(creditor)}"
        case DeedTransferred():
            return _transfer_sentence(v, [e])
        case Purchased(player=p, square=sq, price=price, reason=reason):
            return f"{v.Name(p)} bought {v.square(sq)} for {v.money(price)}{v.because(reason)}"
        case Declined(player=p, square=sq, reason=reason):
            why_not = f" ({v.reason(reason)})" if reason else ""
            return f"{v.Name(p)} did not buy {v.square(sq)}{why_not}: it goes to auction"
        case AuctionStarted(item=item, square=sq):
            if item == "initial":
                return "Initial auction: every deed goes to the highest closed bid"
            if item == "order":
                return "Auction of the first turn: play goes from the highest closed bid down"
            return f"Auction of {_thing(v, item, sq)}"
        case BidPlaced(player=p, item=item, square=sq, amount=amount, reason=reason):
            return (f"{v.Name(p)} bid {v.money(amount)} for {_thing(v, item, sq)}"
                    f"{v.because(reason)}")
        case AuctionLeft(player=p, reason=reason):
            left = "passed" if v.game.rules.auction_reentry else "left the auction"
            return f"{v.Name(p)} {left}{v.because(reason)}"
        case AuctionWon(player=p, item=item, square=sq, price=price):
            return f"{v.Name(p)} won {_thing(v, item, sq)} for {v.money(price)}"
        case AuctionUnsold(item=item, square=sq):
            return f"Nobody bid: {_thing(v, item, sq)} stays with the Bank"
        case Built(player=p, square=sq, item=item, cost=cost, houses=houses, hotels=hotels,
                   reason=reason):
            paid = f" for {v.money(cost)}" if cost else ""
            return (f"{v.Name(p)} built a {item} on {v.square(sq)}{paid} (now "
                    f"{buildings(houses, hotels)}){v.because(reason)}")
        case BuildingsSold(player=p, square=sq, houses=houses, hotels=hotels, reason=reason):
            return (f"{v.Name(p)} sold buildings on {v.square(sq)} (now "
                    f"{buildings(houses, hotels)}){v.because(reason)}")
        case Mortgaged(player=p, square=sq, amount=amount, reason=reason):
            return (f"{v.Name(p)} mortgaged {v.square(sq)} for {v.money(amount)}"
                    f"{v.because(reason)}")
        case MortgageLifted(player=p, square=sq, cost=cost, reason=reason):
            return (f"{v.Name(p)} lifted the mortgage on {v.square(sq)} for "
                    f"{v.money(cost)}{v.because(reason)}")
        case ShortageCalled(player=p, item=item, available=available):
            return (f"{v.Name(p)} asked for a {item}, and only {available} "
                    f"{_plural(item, available)} {'is' if available == 1 else 'are'} left in "
                    "the Bank: who else wants some?")
        case BuildingsWanted(player=p, item=item, count=count):
            return f"{v.does(p, 'wants', 'want')} {count} {_plural(item, count)}"
        case TradeOffered(offer=offer, reason=reason):
            return f"{v.offer(offer)}{v.because(reason)}"
        case TradeAccepted(offer=offer, reason=reason):
            return (f"{v.Name(offer.responder)} accepted {v.poss(offer.proposer)} trade"
                    f"{v.because(reason)}")
        case TradeRejected(offer=offer, counter=counter, reason=reason):
            if counter:
                return (f"{v.Name(offer.responder)} answered {v.poss(offer.proposer)} offer "
                        "with a counter-offer")
            return (f"{v.Name(offer.responder)} turned down {v.poss(offer.proposer)} trade"
                    f"{v.because(reason)}")
        case _:
            return describe_house_rule(v, e)


def describe_house_rule(v: Voice, e: VariantEvent) -> str | None:
    """Sentences for the events that only house rules and the terms of trades make."""
    match e:
        case StartedOn(player=p, square=sq):
            return f"{v.does(p, 'starts', 'start')} on {v.square(sq)}"
        case Travelled(player=p, start=start, end=end):
            return (f"{v.Name(p)} travelled by railroad from {v.square(start)} to "
                    f"{v.square(end)}")
        case TravelForbidden(owner=owner, lander=lander, square=sq):
            return (f"{v.Name(owner)} refused the rent on {v.square(sq)}: {v.name(lander)} "
                    f"may not travel")
        case DoubledUp(player=p, square=sq):
            return f"{v.square(sq)} was taken: {v.name(p)} {v.verb(p, 'goes', 'go')} back to GO"
        case NotForSale(square=sq):
            return f"Nobody has passed GO yet: {v.square(sq)} cannot be bought"
        case CardNotDrawn(player=p, deck=deck):
            return f"{v.Name(p)} chose not to draw a {v.deck(deck)} card"
        case PotPaid(amount=amount):
            return f"The {v.money(amount)} went into the Free Parking pot"
        case JackpotTaken(player=p, amount=amount):
            return f"{v.Name(p)} took the Free Parking pot: {v.money(amount)}"
        case PotRefilled(amount=amount):
            return f"The Bank put {v.money(amount)} into the Free Parking pot"
        case LoanTaken(player=p, amount=amount):
            return f"{v.Name(p)} borrowed {v.money(amount)} from the Bank"
        case LoanRepaid(player=p, amount=amount):
            return f"{v.Name(p)} repaid a loan of {v.money(amount)} to the Bank"
        case LoansPassed(player=p, creditor=creditor):
            if creditor is None:
                return f"The Bank dissolved {v.poss(p)} loans"
            return f"{v.Poss(p)} loans passed to {v.name(creditor)}"
        case LawyerHired(player=p, fee=fee):
            return (f"{v.Name(p)} paid a lawyer {v.money(fee)} and "
                    f"{v.verb(p, 'is', 'are')} Just Visiting instead of in jail")
        case JailCardUsed(player=p):
            return f"{v.Name(p)} used a Get Out of Jail Free card instead of paying the fine"
        case TaxManMoved(dice=dice, square=sq):
            return f"The tax man rolled {_faces(dice)} and moved to {v.square(sq)}"
        case BoardEntered(player=p, square=sq):
            return f"{v.does(p, 'enters', 'enter')} the {v.board_name(sq)} board"
        case TokensSwitched(player=p, square=sq):
            return f"{v.Poss(p)} other token, on {v.square(sq)}, moves next turn"
        case DeedSoldToBank(player=p, square=sq, amount=amount, reason=reason):
            return (f"{v.Name(p)} sold {v.square(sq)} back to the Bank for "
                    f"{v.money(amount)}{v.because(reason)}")
        case ForeclosureOffered(lander=lander, owner=owner, square=sq):
            return (f"{v.Name(owner)} may lift the mortgage on {v.square(sq)} now, or else "
                    f"{v.name(lander)} may buy it")
        case AuctionForced(player=p, square=sq, price=price):
            return (f"{v.does(p, 'forces', 'force')} an auction of {v.square(sq)}, opening at "
                    f"{v.money(price)}")
        case SealedBidWritten(player=p):
            return f"{v.Name(p)} wrote down a bid"
        case BidsRevealed(bids=bids):
            told = ", ".join(f"{v.name(p)} {v.money(b)}" for p, b in bids)
            return "Bids shown: " + (told or "nobody bid")
        case PlayOrderSet(first=first, order=order):
            return (f"Order of play by the bids: {', '.join(v.name(p) for p in order)}. "
                    f"{v.does(first, 'starts', 'start')}")
        case AgreementMade(giver=giver, taker=taker, number=number, term=term):
            return (f"Agreement {number}: {v.name(giver)} {v.verb(giver, 'grants', 'grant')} "
                    f"{v.name(taker)} {v.term(term)}")
        case AgreementEnded(number=number, why=why_ended):
            return f"Agreement {number} has ended: {_ENDINGS[why_ended]}"
        case LoanAgreementPassed(number=number, creditor=creditor):
            return f"The loan of agreement {number} is now owed to {v.name(creditor)}"
        case ImmunityUsed(lander=lander, owner=owner, square=sq, amount=amount):
            return (f"{v.does(lander, 'owes', 'owe')} {v.money(amount)} less rent on "
                    f"{v.square(sq)}: immunity from {v.name(owner)}")
        case RentShared(receiver=receiver, square=sq, amount=amount):
            return (f"{v.money(amount)} of the rent on {v.square(sq)} is "
                    f"{v.poss(receiver)} share")
        case RentAsked(owner=owner, lander=lander, square=sq, amount=amount):
            return (f"{v.does(owner, 'asks', 'ask')} {v.name(lander)} {v.money(amount)} for "
                    f"{v.square(sq)}")
        case RentSwitched(player=p, start=start, square=sq):
            return f"{v.Name(p)} switched from {v.square(start)} to {v.square(sq)}"
        case other:
            assert_never(other)


_THROW_FOR = {"turn": "", "tie": " to break the tie", "utility": " for the utility's rent"}
_JAILED = {"square": "went to jail", "card": "went to jail",
           "doubles": "threw doubles three times and went to jail",
           "one_die": "rolled a 1 on one die and went to jail"}
_ENDINGS = {"used": "all its landings are used", "expired": "its turns are over",
            "due": "the loan is due", "repaid": "the loan is repaid",
            "bankruptcy": "a party is bankrupt",
            "left": "a partner left, and every building of the group was sold"}


def _faces(dice: tuple[int, ...]) -> str:
    return f"{dice[0]} on one die" if len(dice) == 1 else "+".join(map(str, dice))


def _plural(item: str, count: int) -> str:
    return item if count == 1 else f"{item}s"


def _thing(v: Voice, item: str, sq: int | None) -> str:
    return v.square(sq) if item == "deed" else f"a {item}"


def _left_jail(v: Voice, p: int, how: str) -> str:
    if how == "doubles":
        return f"{v.Name(p)} threw doubles and left jail"
    if how == "fine":
        return f"{v.Name(p)} paid the fine and left jail"
    if how == "card":
        return f"{v.Name(p)} used a Get Out of Jail Free card and left jail"
    if how == "third_throw":
        return (f"{v.Name(p)} failed the third throw in jail: "
                f"{v.verb(p, 'pays', 'pay')} the fine and {v.verb(p, 'moves', 'move')}")
    card = "used a" if how == "arrival_card" else "bought a"
    return (f"{v.Name(p)} {card} Get Out of Jail Free card and {v.verb(p, 'is', 'are')} Just "
            "Visiting")


def _payment(v: Voice, e: Payment) -> str:
    amount, reason = v.money(e.amount), why(v.game, e.reason)
    if e.payer is None:
        if e.reason == SALARY:
            return f"{v.Name(e.payee)} collected {amount} salary for passing GO"
        return f"{v.Name(e.payee)} received {amount} from the Bank ({reason})"
    if e.payee is None:
        return f"{v.Name(e.payer)} paid {amount} to the Bank ({reason})"
    return f"{v.Name(e.payer)} paid {v.name(e.payee)} {amount} ({reason})"


def _told_by_neighbour(events: Sequence[Event], i: int) -> bool:
    """A payment that the next or previous event already tells ("bought X for $Y", "built a
    house on X for $Y", "won X for $Y", "sold X back to the Bank for $Y")."""
    e = events[i]
    if not isinstance(e, Payment):
        return False
    nxt = events[i + 1] if i + 1 < len(events) else None
    prev = events[i - 1] if i > 0 else None
    if e.reason == PURCHASE:
        return isinstance(nxt, Purchased) and nxt.player == e.payer
    if e.reason == BUILDING:
        return isinstance(nxt, Built) and nxt.player == e.payer
    if e.reason == "initial auction":
        return isinstance(nxt, AuctionWon) and nxt.player == e.payer
    if e.reason == AUCTION:
        return (isinstance(prev, AuctionWon) and prev.player == e.payer
                and prev.price == e.amount)
    if e.reason == "deed sold":
        return (isinstance(prev, DeedSoldToBank) and prev.player == e.payee
                and prev.amount == e.amount)
    return False


def _transfers(v: Voice, events: Sequence[Event], i: int) -> tuple[int, str | None]:
    """Deeds passing between the same two owners at once (a trade, a bankruptcy, a deal):
    one sentence for all of them."""
    e = events[i]
    if not isinstance(e, DeedTransferred):
        return 0, None
    run = [e]
    for later in events[i + 1:]:
        if not (isinstance(later, DeedTransferred) and later.giver == e.giver
                and later.taker == e.taker and later.how == e.how):
            break
        run.append(later)
    return len(run), _transfer_sentence(v, run)


def _transfer_sentence(v: Voice, run: list[DeedTransferred]) -> str:
    first = run[0]
    deeds = v.squares([t.square for t in run])
    if first.how == "dealt":
        return f"{v.Name(first.taker)} {v.verb(first.taker, 'was', 'were')} dealt {deeds}"
    return f"{deeds} passed from {v.name(first.giver)} to {v.name(first.taker)}"


def _throw(v: Voice, events: Sequence[Event], i: int) -> tuple[int, str | None]:
    """(events used, sentence) for a turn's throw at events[i] and what it led to; (0, None)
    when events[i] starts no such story."""
    e = events[i]
    if not isinstance(e, DiceThrown) or e.purpose != "turn" or len(e.dice) != 2 \
            or i + 1 >= len(events):
        return 0, None  # (one die under dice control: told event by event)
    p, faces = e.player, _faces(e.dice)
    head = f"{v.Name(p)} rolled {faces}"
    nxt = events[i + 1]
    if isinstance(nxt, StayedInJail) and nxt.player == p:
        return 2, f"{head} in jail: no doubles, {v.verb(p, 'stays', 'stay')} in jail"
    if isinstance(nxt, Jailed) and nxt.player == p and nxt.why == "doubles":
        return 2, f"{head}, doubles for the third time: {v.verb(p, 'goes', 'go')} to jail"
    if isinstance(nxt, LeftJail) and nxt.player == p and nxt.how == "third_throw":
        return 2, (f"{head} in jail, the third try: {v.verb(p, 'pays', 'pay')} the fine and "
                   f"{v.verb(p, 'moves', 'move')}")
    extras: list[str] = []
    j = i + 1
    if isinstance(nxt, LeftJail) and nxt.player == p and nxt.how == "doubles":
        head += " in jail"
        extras.append("doubles: out of jail")
        j += 1
    elif e.doubles:
        extras.append("doubles")
    move = events[j] if j < len(events) else None
    if not (isinstance(move, Moved) and move.player == p and move.how == "throw"):
        return 0, None
    j += 1
    end = move.end
    landed_on_go = False
    salary = events[j] if j < len(events) else None
    if isinstance(salary, Payment) and salary.payer is None and salary.payee == p \
            and salary.reason in (SALARY, SALARY_ON_GO):
        landed_on_go = end % v.game.board.ring == 0
        # One event, one sentence: not "passed GO ... and landed on GO".
        verb = "landed on" if landed_on_go else "passed"
        extras.append(f"{verb} GO and collected {v.money(salary.amount)}")
        j += 1
    text = head + "".join(", " + x for x in extras)
    if not landed_on_go:
        text += ("," if extras else "") + f" and landed on {v.square(end)}"
    used, tail = _landing(v, events, j, p)
    return j + used - i, text + tail


def _landing(v: Voice, events: Sequence[Event], j: int, p: int) -> tuple[int, str]:
    """(events used, words) for what landing cost: rent, a tax, jail, or no rent."""
    e = events[j] if j < len(events) else None
    if isinstance(e, Payment) and e.payer == p:
        if e.reason == RENT and e.payee is not None:
            return 1, (f" owned by {v.name(e.payee)}: {v.verb(p, 'paid', 'paid')} "
                       f"{v.money(e.amount)} rent")
        if e.reason in (INCOME_TAX, INCOME_TAX_PERCENT, LUXURY_TAX) and e.payee is None:
            return 1, f": paid {v.money(e.amount)} {why(v.game, e.reason)}"
    if isinstance(e, Debt) and e.debtor == p and e.reason == RENT:
        return 1, (f" owned by {v.name(e.creditor)}: {v.verb(p, 'owes', 'owe')} "
                   f"{v.money(e.amount)} rent and {v.verb(p, 'has', 'have')} to raise funds")
    if isinstance(e, RentDue) and e.lander == p:
        return 1, (f" owned by {v.name(e.owner)}: {v.money(e.amount)} rent is due if "
                   f"{v.name(e.owner)} {v.verb(e.owner, 'asks', 'ask')} for it in time")
    if isinstance(e, RentWaived) and e.lander == p and e.why == "mortgaged":
        return 1, f" owned by {v.name(e.owner)}, mortgaged: no rent"
    if isinstance(e, Jailed) and e.player == p and e.why == "square":
        return 1, " and went to jail"
    return 0, ""


__all__ = ["describe", "listing", "sentences"]
