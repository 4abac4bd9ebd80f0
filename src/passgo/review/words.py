"""The review's sentences: what a move did, what to do instead and what it would have done
("buying Tennessee Avenue would have blocked Bea's orange group"), made from the actions
and the positions the play-outs reached, told to one viewer (`passgo.narrate.Voice`: "you"
for the player reviewed, names for everyone else)."""

from __future__ import annotations

from passgo.agents.expert import AUCTION_BASE_LABEL, BUILD_LABEL
from passgo.agents.search import Candidate
from passgo.core import (
    AcceptTrade,
    Action,
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    Game,
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    Pass,
    PayJailFine,
    ProposeTrade,
    RejectTrade,
    Roll,
    Sell,
    SellDown,
    Unmortgage,
    UseJailCard,
)
from passgo.narrate import Voice, describe_action


def doing(g: Game, candidate: Candidate, viewer: int | None) -> str:
    """A candidate as a gerund phrase: "buying Tennessee Avenue", "bidding up to $240 for
    Tennessee Avenue", "building while $150 stays in hand", "offering Bea $300 for ..."."""
    v = Voice(g, viewer)
    if candidate.bid_limit is not None:
        square = v.square(getattr(g.pending, "square", None))
        if candidate.bid_limit < 0:
            return f"staying out of the auction of {square}"
        return f"bidding up to {v.money(candidate.bid_limit)} for {square}"
    if candidate.label == AUCTION_BASE_LABEL:
        square = v.square(getattr(g.pending, "square", None))
        return f"bidding for {square} as far as the strategic bot would"
    if candidate.label.startswith(BUILD_LABEL):
        keep = int(candidate.label[len(BUILD_LABEL):])
        return f"building while {v.money(keep)} stays in hand"
    return action_doing(g, candidate.action, viewer)


def action_doing(g: Game, a: Action, viewer: int | None) -> str:
    """One action as a gerund phrase, told to `viewer`."""
    v = Voice(g, viewer)
    sq = getattr(a, "square", None)
    match a:
        case Buy():
            return f"buying {v.square(getattr(g.pending, 'square', None))}"
        case Decline():
            return f"leaving {v.square(getattr(g.pending, 'square', None))} to the auction"
        case Bid(amount=amount):
            return f"bidding {v.money(amount)}"
        case Pass():
            return "passing"
        case EndTurn():
            return "ending the turn"
        case Build():
            return f"building on {v.square(sq)}"
        case Sell() | SellDown():
            return "selling buildings"
        case Mortgage():
            return f"mortgaging {v.square(sq)}"
        case Unmortgage() | LiftMortgage():
            return f"lifting the mortgage on {v.square(sq)}"
        case KeepMortgage():
            return f"keeping {v.square(sq)} mortgaged"
        case ProposeTrade(offer=offer):
            return (f"offering {v.name(offer.responder)} {v.side(offer.give)} for "
                    f"{v.side(offer.get)}")
        case AcceptTrade():
            return "accepting the offer"
        case RejectTrade():
            return "refusing the offer"
        case PayJailFine():
            return "paying the fine"
        case UseJailCard():
            return "using a Get Out of Jail Free card"
        case Roll():
            return "throwing for doubles" if g.in_jail(a.player) else "throwing the dice"
        case DeclareBankruptcy():
            return "declaring bankruptcy"
    text = describe_action(g, a)
    return f"choosing '{text[0].lower()}{text[1:]}'"


def _groups(g: Game) -> dict[int, int]:
    """Colour group index -> the player who owns it whole."""
    out: dict[int, int] = {}
    for gi, streets in enumerate(g.board.groups):
        owner = g.owner_of(streets[0])
        if owner is not None and all(g.owner_of(sq) == owner for sq in streets):
            out[gi] = owner
    return out


def effect(before: Game, played_end: Game, best_end: Game, player: int,
           viewer: int | None) -> str:
    """What the better move would have done that the move played did not, as a past
    conditional: "would have completed your orange group", "would have blocked Bea's orange
    group"; else "would have kept more of your chances"."""
    v = Voice(before, viewer)
    names = before.board.group_names
    played, best = _groups(played_end), _groups(best_end)
    for gi, owner in best.items():
        if owner == player and played.get(gi) != player:
            return f"would have completed {v.poss(player)} {v.group(names[gi])} group"
    for gi, owner in played.items():
        if owner != player and best.get(gi) != owner:
            return (f"would have blocked {v.poss(owner)} {v.group(names[gi])} group")
    return f"would have kept more of {v.poss(player)} chances"
