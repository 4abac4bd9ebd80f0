"""Plain sentences for events, pending decisions and actions, shared by every front-end."""

from __future__ import annotations

from passgo.core import Game
from passgo.core.actions import (
    AcceptTrade,
    Action,
    Bid,
    Build,
    Buy,
    ChooseTax,
    CounterTrade,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    FineOrChance,
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    Pass,
    PayJailFine,
    PlaceBuilding,
    ProposeTrade,
    RejectTrade,
    Roll,
    Sell,
    SellDown,
    Unmortgage,
    UseJailCard,
    WantBuildings,
)
from passgo.core.board import DECK_NAMES
from passgo.core.events import Event


def money(game: Game, amount: int) -> str:
    return f"{game.board.currency}{amount:,}"


def who(game: Game, seat: int) -> str:
    return "the Bank" if seat < 0 else game.names[seat]


def square(game: Game, sq: int) -> str:
    return game.board.squares[sq].name


def describe(game: Game, e: Event) -> str | None:
    """One sentence for an event, or None for events that need none (the turn marker)."""
    g, p = game, e.player
    name = who(g, p) if p >= 0 else ""
    k = e.kind
    if k == "dice" and e.dice is not None:
        a, b = e.dice
        return f"{name} threw {a}+{b}" + (", doubles" if a == b else "")
    if k == "move":
        if e.amount < 0:
            return f"{name} went back {-e.amount} spaces to {square(g, e.square)}"
        return f"{name} moved to {square(g, e.square)}"
    texts = {
        "turn": f"--- Turn: {name} ---",
        "order": f"{name} threw highest and starts ({e.detail})",
        "doubles_jail": f"{name} threw doubles three times and goes to jail",
        "jail": f"{name} went to jail",
        "jail_free": f"{name} left jail ({e.detail})",
        "jail_stay": f"{name} stays in jail",
        "keep_card": f"{name} keeps the Get Out of Jail Free card",
        "buy": f"{name} bought {square(g, e.square) if e.square >= 0 else ''} for "
        f"{money(g, e.amount)}",
        "bid": f"{name} bid {money(g, e.amount)}",
        "pass": f"{name} left the auction",
        "mortgage": f"{name} mortgaged {square(g, e.square) if e.square >= 0 else ''} "
        f"for {money(g, e.amount)}",
        "unmortgage": f"{name} lifted the mortgage on "
        f"{square(g, e.square) if e.square >= 0 else ''} for {money(g, e.amount)}",
        "trade_offer": f"{name} offers {who(g, e.other)} a trade: {e.detail}",
        "trade_accept": f"{name} accepted the trade from {who(g, e.other)}",
        "trade_reject": f"{name} turned down the trade from {who(g, e.other)}",
        "want": f"{name} wants {e.amount} {e.detail}(s)",
        "shortage": f"Only {e.amount} {e.detail}(s) left in the Bank: who else wants some?",
        "bankrupt": f"{name} is bankrupt to {who(g, e.other)}",
        "game_over": (
            f"Game over: {name} wins ({e.detail})" if p >= 0 else f"Game over ({e.detail})"
        ),
    }
    if k in texts:
        return texts[k]
    if k == "card":
        card = next(c for c in g.board.decks[e.amount] if c.id == e.detail)
        deck = DECK_NAMES[e.amount].replace("_", " ").title()
        return f'{name} drew {deck}: "{card.text}"'
    if k == "auction_start":
        thing = square(g, e.square) if e.detail == "deed" else f"a {e.detail}"
        return f"Auction of {thing}"
    if k == "auction_won":
        thing = square(g, e.square) if e.detail == "deed" else f"a {e.detail}"
        return f"{name} won {thing} for {money(g, e.amount)}"
    if k == "auction_unsold":
        return "Nobody bid: it stays with the Bank"
    if k == "pay":
        return f"{name} paid {money(g, e.amount)} to {who(g, e.other)} ({e.detail})"
    if k == "receive":
        return f"{name} received {money(g, e.amount)} ({e.detail})"
    if k == "debt":
        return (
            f"{name} owes {money(g, e.amount)} to {who(g, e.other)} ({e.detail}) "
            "and must raise funds"
        )
    if k == "build":
        return f"{name} built a {e.detail} on {square(g, e.square)}"
    if k == "sell":
        return f"{name} sold buildings on {square(g, e.square)} (now {level(e.amount)})"
    if k == "transfer":
        return f"{square(g, e.square)} passed from {name} to {who(g, e.other)}"
    return f"{k} {name}".strip()


def level(lv: int) -> str:
    return "a hotel" if lv == 5 else f"{lv} house{'s' if lv != 1 else ''}"


def describe_action(game: Game, a: Action) -> str:
    """What choosing an action means, in words."""
    g = game
    if isinstance(a, Roll):
        return "Throw the dice" + (" (try for doubles)" if g.jailed[a.player] else "")
    if isinstance(a, PayJailFine):
        return f"Pay the {money(g, g.board.jail_fine)} fine and leave jail"
    if isinstance(a, UseJailCard):
        return "Use a Get Out of Jail Free card"
    if isinstance(a, EndTurn):
        return "End your turn"
    if isinstance(a, FineOrChance):
        return "Take a Chance card" if a.chance else "Pay the fine"
    if isinstance(a, Buy):
        sq = g.pos[a.player]
        return f"Buy {square(g, sq)} for {money(g, g.board.squares[sq].price)}"
    if isinstance(a, Decline):
        return "Do not buy: the Bank auctions it"
    if isinstance(a, Bid):
        return f"Bid {money(g, a.amount)} (or type: bid AMOUNT)"
    if isinstance(a, Pass):
        return "Leave the auction"
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
    return a.text()
