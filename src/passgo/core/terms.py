"""Terms of trades (004, "Flexible negotiations" and "Partnerships"): rent immunity, profit
sharing, loans between players and partnerships in a colour group.

"A player may grant full or partial immunity from paying rent on one or more of his or her
properties as part of negotiations. The details of the immunity are up to the players involved
in the trade." (Immunity, `Rules.immunity`) and "A player may loan another player money or
property at any agreed upon rate or with any agreed upon provisions." (Loans,
`Rules.player_loans`). Where the text leaves the details to the players, passgo offers them as
terms a side of a trade gives (`Bundle.terms`), checked with the rest of the offer
(`trades.offer_problem`) and recorded as agreements when it is accepted (`record`):

* `Immunity(squares, percent, count, unit)`: the giver waives `percent` % of the rent
  (rounded down) that the receiver owes on those deeds, for the receiver's next `count`
  landings there (a landing counts when rent was due), or for the next `count` turns of the
  game, the current one included (it ends when `turn_number` reaches the turn of agreement
  plus `count`). The deeds are the giver's once the trade is done. "Immunity does not transfer
  with the property if it is traded. A player who has granted immunity to another player and
  then trades the property away and then later trades to get it back still must honor the
  original immunity given.": it binds the giver, never the deed, so it lapses while someone
  else owns the deed and holds again when the giver owns it (landings are not counted, turns
  run on meanwhile).
* `RentShare(squares, percent, count, unit)` (Profit sharing, `Rules.profit_sharing`: "Two or
  more players may agree to split the rent from a property or set of properties."): of the
  rent paid to the giver on those deeds, `percent` % (of the full rent, rounded down) goes to
  the receiver, for the next `count` landings on them by anyone or the next `count` turns.
  The payer pays the receiver's part directly, after the giver's (so a payer who goes bankrupt
  on the rent pays the giver first, and the receiver's part lapses with them); a receiver who
  lands there keeps their part. Rent the owner must ask for is split when it is asked for.
  "Like Immunity, Profit Sharing does not transfer with the property if it is traded. A player
  who has granted profit sharing to another player and then trades the property away and then
  later trades to get it back still must honor the original profit sharing plan.": it binds
  the giver in the same way.
* `Loan(amount, percent, due_round)`: the giver pays `amount` at once; the borrower owes it
  back with `percent` % interest (rounded up) and may repay in full at any time (`Repay`).
  The text leaves the "provisions" to the players; passgo's reading (a named choice) is that
  a loan not repaid when round `due_round` begins is charged to the borrower at once, like
  rent: paid if the cash is there, else the borrower raises funds, and goes bankrupt to the
  lender if even that cannot pay it (000: "If you owe more than you can pay ... you are
  declared bankrupt"). Money is lent, not property (the deeds of a trade change hands for
  good): a deed lent is a sale and a sale back, which two trades already express.

* `Partnership(group)` (Partnerships, `Rules.partnerships`: "Two or more players may agree to
  form a partnership with a property group in which they have a monopoly between them. Each
  partner may then purchase houses or hotels for the property they own as long as they follow
  rules for building evenly. A player may leave the partnership between dice rolls, forcing
  all players in the partnership to sell all of their buildings."): the two players of the
  trade, who own every street of the group between them once it is done (each at least one).
  While they do, each builds on their own streets, evenly across the whole group (the
  building rules of `buildings.py` with `GameState.partners` in place of the one owner), sells
  only their own buildings, evenly, and no street of the group is mortgaged while any of it
  carries a building. A trade has two sides, so a partnership has two players (passgo offers
  no partnership of three). Unimproved streets of a partnership charge the single rent (the
  text gives partners the building, not the monopoly's double rent). `LeavePartnership`
  (business, `leave N`) sells every building of the group to the Bank at half price, each
  owner paid for their own, and ends it; so does the bankruptcy of a partner (before the
  bankrupt's assets pass on). A street leaves the partners only when the group is bare (deeds
  of built groups are not traded), and the partnership then lies idle until they own the whole
  group again.

A loan is part of the lender's worth and a debt of the borrower's (`GameState.valuation`), as
a Bank loan is. When a player goes bankrupt (`bankrupt`), agreements given or held by them
end, except a loan they made: the money owed to them is "of value" and passes to their
creditor (000: "turn over to that player all that you have of value"), the Bank included; a
creditor who is the borrower owes it to nobody. A loan owed by the bankrupt is lost to its
lender, who is one creditor among others.
"""

from __future__ import annotations

from typing import Any, Final

from passgo.core import money  # (money calls `bankrupt`: its functions are looked up late)
from passgo.core.actions import (
    Action,
    Bundle,
    Immunity,
    LeavePartnership,
    Loan,
    Partnership,
    RentTerm,
    Repay,
    Term,
)
from passgo.core.events import (
    LENT,
    LOAN_DUE,
    LOAN_REPAID,
    RENT,
    RENT_SHARE,
    AgreementEnd,
    AgreementEnded,
    AgreementMade,
    BuildingsSold,
    ImmunityUsed,
    LoanAgreementPassed,
    RentShared,
    or_none,
)
from passgo.core.registry import business
from passgo.core.state import (
    IMMUNITY,
    LOAN_TERM,
    PARTNER,
    SHARE,
    GameState,
    hotels_at,
    houses_at,
)

MAX_AGREEMENTS: Final = 64  # agreements in force at once (a bound on the state a game carries)
MAX_COUNT: Final = 100  # landings or turns of one immunity
MAX_LOAN_ROUNDS: Final = 100  # a loan falls due within this many rounds
LANDINGS, TURNS = 0, 1  # the unit of an immunity, as stored
_UNITS = {"landings": LANDINGS, "turns": TURNS}

# The fields of an agreement (`GameState.contracts`): [kind, number, giver, receiver, a, b,
# c, *squares], see state.py.
KIND, NUMBER, GIVER, TAKER, A, B, C, SQUARES = range(8)


# -- checking the terms of an offer -----------------------------------------------------------


def terms_problem(g: GameState, giver: int, taker: int, side: Bundle,
                  other: Bundle) -> str | None:
    """Why the terms `giver` grants on `side` (to `taker`, who gives `other`) cannot be agreed
    now (None: they can)."""
    for term in side.terms:
        if isinstance(term, Loan):
            problem = _loan_problem(g, term)
        elif isinstance(term, Partnership):
            problem = _partnership_problem(g, giver, taker, term, side, other)
        else:
            problem = _rent_term_problem(g, giver, taker, term, side, other)
        if problem is not None:
            return problem
    return None


def count_problem(g: GameState, *sides: Bundle) -> str | None:
    """What the terms of an offer's sides together may not do: exceed `MAX_AGREEMENTS`, or
    form two partnerships in one group."""
    if len(g.contracts) + sum(len(s.terms) for s in sides) > MAX_AGREEMENTS:
        return f"at most {MAX_AGREEMENTS} agreements may be in force at once"
    groups = [t.group for s in sides for t in s.terms if isinstance(t, Partnership)]
    if len(set(groups)) != len(groups):
        return "one partnership in a group is enough"
    return None


def _rent_term_problem(g: GameState, giver: int, taker: int, term: RentTerm, side: Bundle,
                       other: Bundle) -> str | None:
    what = "an immunity" if isinstance(term, Immunity) else "a share of the rent"
    if isinstance(term, Immunity) and not g.rules.immunity:
        return "this rule set has no rent immunity (the immunity option)"
    if not isinstance(term, Immunity) and not g.rules.profit_sharing:
        return "this rule set has no profit sharing (the profit_sharing option)"
    squares = g.board.squares
    if not term.squares:
        return f"{what} names at least one deed"
    if len(set(term.squares)) != len(term.squares):
        return f"a deed is listed twice in {what}"
    for sq in term.squares:
        if not 0 <= sq < len(squares) or not squares[sq].ownable:
            return f"square {sq} is not a deed"
        # "on one or more of his or her properties": the giver's once the trade is done.
        kept = g.owner[sq] == giver and sq not in side.properties
        if not kept and not (g.owner[sq] == taker and sq in other.properties):
            return (f"{g.names[giver]} can grant {what} only on deeds of their own "
                    f"({squares[sq].name} is not)")
    if not 1 <= term.percent <= 100:
        return f"{what} is of 1 to 100 % of the rent"
    if not 1 <= term.count <= MAX_COUNT:
        return f"{what} lasts 1 to {MAX_COUNT} {term.unit}"
    return None


def _partnership_problem(g: GameState, giver: int, taker: int, term: Partnership,
                         side: Bundle, other: Bundle) -> str | None:
    if not g.rules.partnerships:
        return "this rule set has no partnerships (the partnerships option)"
    board = g.board
    if term.group not in board.group_names:
        return f"no colour group {term.group!r} (groups: {', '.join(board.group_names)})"
    group = board.group_names.index(term.group)

    def after(sq: int) -> int:
        if sq in side.properties:
            return taker
        return giver if sq in other.properties else g.owner[sq]

    owners = {after(sq) for sq in board.groups[group]}
    if owners != {giver, taker}:
        return (f"a partnership is formed in a group its two players own between them "
                f"(each some of {term.group.replace('_', ' ')})")
    if any(t[KIND] == PARTNER and t[A] == group for t in g.contracts):
        return f"there is a partnership in {term.group.replace('_', ' ')} already"
    return None


def _loan_problem(g: GameState, term: Loan) -> str | None:
    if not g.rules.player_loans:
        return "this rule set has no loans between players (the player_loans option)"
    if term.amount < 1:
        return "a loan lends at least $1"
    if not 0 <= term.percent <= 100:
        return "a loan's interest is 0 to 100 %"
    first, last = g.rounds + 1, g.rounds + MAX_LOAN_ROUNDS
    if not first <= term.due_round <= last:
        return f"a loan falls due in a round from {first} to {last}"
    return None


# -- agreements ---------------------------------------------------------------------------------


def record(g: GameState, giver: int, taker: int, terms: tuple[Term, ...]) -> None:
    """The accepted trade's terms that `giver` grants `taker` come into force (a loan's money
    is paid now)."""
    for term in terms:
        number = g.agreements_made
        g.agreements_made += 1
        if isinstance(term, Loan):
            money.pay_now(g, giver, taker, term.amount, LENT)
            g.contracts.append([LOAN_TERM, number, giver, taker, term.owed, term.due_round,
                                 term.amount])
        elif isinstance(term, Partnership):
            group = g.board.group_names.index(term.group)
            g.contracts.append([PARTNER, number, giver, taker, group, 0, 0])
        else:
            unit = _UNITS[term.unit]
            left = term.count if unit == LANDINGS else g.turns + term.count
            kind = IMMUNITY if isinstance(term, Immunity) else SHARE
            g.contracts.append([kind, number, giver, taker, term.percent, unit, left,
                                *term.squares])
        g.events.append(AgreementMade(giver, taker, number, term))


def _end(g: GameState, t: list[int], why: AgreementEnd) -> None:
    g.contracts.remove(t)
    g.events.append(AgreementEnded(t[GIVER], t[TAKER], t[NUMBER], why))


def rent_after_immunity(g: GameState, lander: int, owner: int, sq: int, rent: int) -> int:
    """The rent `lander` owes `owner` on `sq` once the immunities `owner` granted `lander` on
    it are applied; a landing covered counts against an immunity of landings."""
    for t in [t for t in g.contracts if t[KIND] == IMMUNITY and t[GIVER] == owner
              and t[TAKER] == lander and sq in t[SQUARES:]]:
        if t[B] == TURNS and g.turns >= t[C]:
            continue  # run out at the end of a turn (`new_turn` takes it away)
        waived = rent * t[A] // 100
        rent -= waived
        g.events.append(ImmunityUsed(lander, owner, sq, waived, t[NUMBER]))
        if t[B] == LANDINGS:
            t[C] -= 1
            if not t[C]:
                _end(g, t, "used")
    return rent


def charge_rent(g: GameState, lander: int, owner: int, sq: int, rent: int) -> None:
    """Charge `lander` the rent of `sq`, split as the shares `owner` granted on it say: the
    owner's part first, then each receiver's (the first agreed first); a landing paid counts
    against a share of landings."""
    parts: list[tuple[int, int]] = []
    full = rent
    for t in [t for t in g.contracts if t[KIND] == SHARE and t[GIVER] == owner
              and sq in t[SQUARES:]]:
        if t[B] == TURNS and g.turns >= t[C]:
            continue
        part = min(rent, full * t[A] // 100)
        rent -= part
        if t[TAKER] != lander:  # a receiver who pays keeps their part
            parts.append((t[TAKER], part))
        g.events.append(RentShared(lander, t[TAKER], sq, part, t[NUMBER]))
        if t[B] == LANDINGS:
            t[C] -= 1
            if not t[C]:
                _end(g, t, "used")
    for receiver, part in reversed(parts):  # pushed first: settled after the owner's part
        money.charge(g, lander, receiver, part, RENT_SHARE)
    money.charge(g, lander, owner, rent, RENT)


def new_turn(g: GameState, new_round: bool) -> None:
    """Called as the dice pass: immunities of turns that have run out end; at the start of a
    round, the loans due in it are charged to their borrowers (the first made first)."""
    for t in [t for t in g.contracts if t[KIND] in (IMMUNITY, SHARE) and t[B] == TURNS
              and g.turns >= t[C]]:
        _end(g, t, "expired")
    if not new_round:
        return
    due = [t for t in g.contracts if t[KIND] == LOAN_TERM and t[B] <= g.rounds]
    for t in due:
        _end(g, t, "due")
    for t in reversed(due):  # pushed in reverse: the first made is settled first
        money.charge(g, t[TAKER], t[GIVER], t[A], LOAN_DUE)


def bankrupt(g: GameState, player: int, creditor: int) -> None:
    """A player goes bankrupt to `creditor`: their agreements end, except the loans they made,
    which pass to the creditor, and their partnerships sell every building of their groups
    first (see the module docstring)."""
    for t in [t for t in g.contracts if player in (t[GIVER], t[TAKER])]:
        if t[KIND] == PARTNER:
            dissolve(g, t, "bankruptcy")
        elif t[KIND] == LOAN_TERM and t[GIVER] == player and creditor != t[TAKER]:
            t[GIVER] = creditor
            g.events.append(LoanAgreementPassed(player, t[NUMBER], or_none(creditor)))
        else:
            _end(g, t, "bankruptcy")


# -- repaying a loan ----------------------------------------------------------------------------


def loan(g: GameState, number: int) -> list[int] | None:
    return next((t for t in g.contracts if t[NUMBER] == number and t[KIND] == LOAN_TERM),
                None)


def repay_problem(g: GameState, player: int, number: int) -> str | None:
    t = loan(g, number)
    if t is None:
        return f"no loan number {number} is outstanding"
    if t[TAKER] != player:
        return "only the borrower repays a loan"
    if g.owes(player):
        return "settle your debt before spending"
    if g.spendable(player) < t[A]:
        return f"repaying loan {number} costs {t[A]}"
    return None


def business_actions(g: GameState, player: int) -> list[Action]:
    """The loans the player may repay and the partnerships they may leave now (business)."""
    out: list[Action] = []
    for t in g.contracts:
        if t[KIND] == LOAN_TERM and t[TAKER] == player:
            if repay_problem(g, player, t[NUMBER]) is None:
                out.append(Repay(player, t[NUMBER]))
        elif t[KIND] == PARTNER and player in (t[GIVER], t[TAKER]):
            out.append(LeavePartnership(player, t[NUMBER]))
    return out


@business(Repay, lambda g, f, a: repay_problem(g, a.player, a.number))
def _repay(g: GameState, f: Any, a: Repay) -> None:
    t = loan(g, a.number)
    assert t is not None
    money.pay_now(g, a.player, t[GIVER], t[A], LOAN_REPAID)
    _end(g, t, "repaid")



# -- partnerships ---------------------------------------------------------------------------------


def _leave_problem(g: GameState, f: Any, a: LeavePartnership) -> str | None:
    t = next((t for t in g.contracts if t[NUMBER] == a.number and t[KIND] == PARTNER), None)
    if t is None:
        return f"no partnership number {a.number}"
    if a.player not in (t[GIVER], t[TAKER]):
        return "only a partner leaves a partnership"
    return None


@business(LeavePartnership, _leave_problem)
def _leave(g: GameState, f: Any, a: LeavePartnership) -> None:
    t = next(t for t in g.contracts if t[NUMBER] == a.number and t[KIND] == PARTNER)
    dissolve(g, t, "left")


def dissolve(g: GameState, t: list[int], why: AgreementEnd) -> None:
    """End the partnership `t`: "forcing all players in the partnership to sell all of their
    buildings": every building of its group goes back to the Bank, each owner paid half its
    price."""
    group = t[A]
    for sq in g.board.groups[group]:
        lv = g.level[sq]
        if not lv:
            continue
        owner = g.owner[sq]
        g.bank_houses += houses_at(lv)
        g.bank_hotels += hotels_at(lv)
        refund = g.take_refund(sq, 0)
        g.level[sq] = 0
        g.events.append(BuildingsSold(owner, sq, 0, 0))
        money.bank_pays(g, owner, refund, "buildings sold")
    _end(g, t, why)
