"""Free market (`Rules.free_market`, 004): rent named by the owner, a switch to another street
of the group, and building on partial sets kept even.

004: "If a player lands on a property, which has been improved, they can either pay what the
owner asks, up to a maximum of the normal amount required, or they may instead pay rent to any
other owner of one the other properties in the group, paying whatever rent that owner
requests." and "If the player chooses to pay a different owner, including his or her property
in the group, then the player also moves his or her token to that property."

Choices where the text leaves details open (documented in docs/engine.md):

* the owner names the rent first ("ask_rent"), then the lander pays it or switches
  ("choose_rent"): the lander knows the ask before choosing;
* the owner switched to also asks at most the normal rent of their street ("the maximum rent
  allowed"), and the lander pays it: one switch per landing, so a landing always ends;
* "A player may not switch to a different property in the group if the property is not
  improved, nor may he or she switch to a property owned by the bank", and not away from a group
  its owner owns whole ("may not switch to a different property in the same group");
* an unimproved street's rent is the usual one (the text speaks of improved properties);
* even building: "When a player owns two properties in a three-property group, he or she must
  improve those two properties evenly. If a player acquires all the properties in a group, he
  or she must rectify the number of houses": building and selling are even among one's own
  streets of a group, and whenever a street joins them (bought, won, traded, received), the
  engine sells the surplus at half price, one building at a time from the highest street, until
  they are within one building of each other (buildings cannot be added for free).
"""

from __future__ import annotations

from passgo.core import buildings, movement, terms
from passgo.core.actions import Action, AskRent, PayAsked, SwitchRent
from passgo.core.decisions import AskRentDecision, ChooseRentDecision
from passgo.core.events import RentAsked, RentSwitched, or_none
from passgo.core.frames import MarketFrame
from passgo.core.registry import answer, decision
from passgo.core.state import BANK, HOTEL, GameState


def switches(g: GameState, f: MarketFrame) -> list[int]:
    """The streets the lander may switch to from `f.square`: the group's other improved streets
    of any player (the lander's own included), none when the owner owns the group whole or
    the lander already switched."""
    group = g.board.squares[f.square].group
    if f.switched or g.owns_group(f.owner, group):
        return []
    return [sq for sq in g.board.groups[group]
            if sq != f.square and g.owner[sq] != BANK and g.level[sq]]


def ask_answers(f: MarketFrame, player: int) -> list[Action]:
    """Three asks stand for the range 0..rent: the full rent, half of it and nothing."""
    return [AskRent(player, n) for n in dict.fromkeys((f.rent, f.rent // 2, 0))]


def _ask_problem(g: GameState, f: MarketFrame, a: AskRent) -> str | None:
    if not 0 <= a.amount <= f.rent:
        return f"ask between 0 and the normal rent of {f.rent}"
    return None


decision(
    "ask_rent",
    lambda g, f: AskRentDecision(f.player, f.square, f.lander, f.rent, f.switched),
    lambda g, f, p: ask_answers(f, p),
)
decision(
    "choose_rent",
    lambda g, f: ChooseRentDecision(f.player, f.square, f.owner, f.ask, tuple(switches(g, f))),
    lambda g, f, p: [PayAsked(p), *(SwitchRent(p, sq) for sq in switches(g, f))],
)


def _pay(g: GameState, f: MarketFrame, amount: int) -> None:
    if g.contracts:
        amount = terms.rent_after_immunity(g, f.lander, f.owner, f.square, amount)
    if amount:
        movement.collect_rent(g, f.lander, f.owner, f.square, amount)


@answer(AskRent, "ask_rent", problem=_ask_problem)
def _ask(g: GameState, f: MarketFrame, a: AskRent) -> None:
    g.frames.pop()
    g.events.append(RentAsked(a.player, f.lander, f.square, a.amount))
    if switches(g, f):
        g.frames.append(MarketFrame("choose_rent", f.lander, f.square, f.lander, f.owner,
                                    f.rent, a.amount))
    else:
        _pay(g, f, a.amount)


@answer(PayAsked, "choose_rent")
def _pay_asked(g: GameState, f: MarketFrame, a: PayAsked) -> None:
    g.frames.pop()
    _pay(g, f, f.ask)


def _switch_problem(g: GameState, f: MarketFrame, a: SwitchRent) -> str | None:
    if a.square not in switches(g, f):
        return "switch only to another improved, owned street of the same group"
    return None


@answer(SwitchRent, "choose_rent", problem=_switch_problem)
def _switch(g: GameState, f: MarketFrame, a: SwitchRent) -> None:
    g.frames.pop()
    g.pos[a.player] = a.square
    owner = g.owner[a.square]
    g.events.append(RentSwitched(a.player, f.square, a.square, or_none(owner)))
    if owner != a.player and not movement.rent_waived(g, a.player, a.square):
        g.frames.append(MarketFrame("ask_rent", owner, a.square, a.player, owner,
                                    movement.rent_due(g, a.square, 0), switched=True))


def even_out(g: GameState) -> None:
    """Sell, at half price, the surplus buildings of every owner whose streets of a group are
    more than one building apart (a street just joined them), highest street first."""
    rank, level, owner = g.rank, g.level, g.owner
    for group, squares in enumerate(g.board.groups):
        for holder in {owner[sq] for sq in squares if level[sq]}:
            # Instant hotels stand outside the even building of houses (`buildings.py`).
            own = [sq for sq in squares if owner[sq] == holder
                   and not (g.rules.instant_hotels and level[sq] >= HOTEL)]
            if not own:
                continue
            while True:
                tallest = max(own, key=lambda sq: rank(level[sq]))
                if rank(level[tallest]) - min(rank(level[sq]) for sq in own) <= 1:
                    break
                _sell_one(g, holder, group, tallest)


def _sell_one(g: GameState, player: int, group: int, sq: int) -> None:
    """One building of `sq` back to the Bank; a hotel breaks down into the houses the Bank
    has (fewer if it is short: the loop then evens out the rest)."""
    levels = buildings.sell_one_levels(g, sq)
    new = levels[g.board.groups[group].index(sq)]
    if g.level[sq] == HOTEL and not g.rules.unlimited_housing:
        new = min(new, max(g.bank_houses, 0))
        levels = tuple(new if o == sq else g.level[o] for o in g.board.groups[group])
    buildings.sell_down(g, player, group, levels)
