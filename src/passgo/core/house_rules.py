"""House rules of the 004 catalogue that change movement, money and jail.

Every function here serves one `Rules` option and runs only when that option is on: the hooks
that call them (in `movement.py`, `game.py`, `money.py`, `auction.py`) test the option first,
so the classic rules never reach this module on their hot paths. Decisions these rules add are
frames like any other (`RailFrame`, `DrawFrame`, `DecisionFrame`), answered through
`Game.legal_actions` / `Game.apply`.

Readings of the texts where they leave a choice (also in docs/engine.md, "House rules"):

* Dice choice: "select any two dice from a set of four sided, six sided, eight sided, and ten
  sided dice" before every throw, in jail too; doubles are equal faces. Dice control: one
  six-sided die instead of two, never doubles; "If a player rolls a one, he or she must go
  directly to jail" (a 1 on the single die). In jail the throw is a try for doubles, so one die
  is not offered there. Other throws (the opening order, the nearest-Utility card, the tax man)
  use the two ordinary dice.
* Dice roll bonuses are paid on every throw of the player's turn that shows double ones (double
  sixes), in jail and on a third double too, before the token moves.
* Start at corners: the seats are shuffled by the game's PRNG and the k-th of n players starts
  on corner `4k // n` (GO, Just Visiting, Free Parking, the Go To Jail corner, not in jail), so
  the corners are used as evenly as possible and opposite corners first.
* Salary: landing exactly on GO by dice or card pays `go_landing_salary` instead of the normal
  salary; each Bank loan outstanding keeps half the normal salary as interest ("only receives
  $100, the other $100 remaining in the bank"), and makes the loan repayable.
* Doubling up: a token that lands (by dice or card) on a square where another player's token
  stands, other than GO and the Jail square, goes back to GO: no salary, no effect of either
  square, no further throw after doubles. Travelling by railroad is not landing.
* Free Parking pot: see `state._pot_sources`; a player who lands on Free Parking takes the whole
  pot, then the Bank puts `free_parking_refill` back in.
"""

from __future__ import annotations

from typing import Any

from passgo.core import board as B
from passgo.core.actions import RepayLoan, Roll, TakeLoan
from passgo.core.events import (
    SALARY,
    SALARY_ON_GO,
    DoubledUp,
    JackpotTaken,
    LawyerHired,
    LoanRepaid,
    LoanTaken,
    Moved,
    PotRefilled,
    StartedOn,
    TokensSwitched,
    Travelled,
)
from passgo.core.frames import FinderFrame, TurnFrame
from passgo.core.money import LOAN, bank_pays, from_bank, pay_now, to_bank
from passgo.core.registry import business
from passgo.core.state import BANK, GameState

DICE_SIDES = (4, 6, 8, 10)

# -- dice (`Rules.dice`, bonuses) -------------------------------------------------------------


def dice_problem(g: GameState, player: int, dice: tuple[int, ...]) -> str | None:
    """Why a throw with these dice is not allowed (None: it is)."""
    mode = g.rules.dice
    if mode == "standard":
        return "this rule set throws two six-sided dice: write roll"
    if mode == "choice":
        if len(dice) != 2 or any(d not in DICE_SIDES for d in dice):
            return "choose two dice of d4, d6, d8 and d10, like roll d8,d10"
        return None
    if dice == (6, 6):
        return None
    if dice != (6,):
        return "throw one six-sided die (roll d6) or the two dice (roll)"
    if g.jailed[player]:
        return "in jail you throw two dice, trying for doubles"
    return None


def roll_options(g: GameState, player: int) -> list[Roll]:
    """The throws open to the player: the two six-sided dice first (`roll`), then every other
    pair of dice ("choice") or the single die ("control", not in jail)."""
    mode = g.rules.dice
    out = [Roll(player)]
    if mode == "choice":
        for i, a in enumerate(DICE_SIDES):
            for b in DICE_SIDES[i:]:
                if (a, b) != (6, 6):
                    out.append(Roll(player, (a, b)))
    elif mode == "control" and not g.jailed[player]:
        out.append(Roll(player, (6,)))
    return out


def throw_dice(g: GameState, sides: tuple[int, ...]) -> tuple[int, int]:
    """A throw of the chosen dice; one die reads (face, 0). Scripted throws are used in order
    (a one-die throw takes the first number of the next one)."""
    if sides == (6, 6):
        return g.throw()
    script = g.dice_script
    rnd = g.rng.random
    if len(sides) == 1 and script:
        return (script.pop(0)[0], 0)
    if script:
        return script.pop(0)
    chosen = g.chance.throw(sides) if g.chance is not None else None
    if chosen is not None:
        return chosen
    if len(sides) == 1:
        return (int(rnd() * sides[0]) + 1, 0)
    return (int(rnd() * sides[0]) + 1, int(rnd() * sides[1]) + 1)


def dice_bonus(g: GameState, player: int, face: int) -> None:
    """"Rolling double ones ('Snake Eyes') earns a $500 bonus. Rolling double sixes ('Box
    Cars') also earns a $500 bonus." `face`: the face of the doubles thrown."""
    rules = g.rules
    if face == 1 and rules.snake_eyes_bonus:
        bank_pays(g, player, rules.snake_eyes_bonus, "snake eyes bonus")
    elif face == 6 and rules.box_cars_bonus:
        bank_pays(g, player, rules.box_cars_bonus, "box cars bonus")


# -- the start and GO ----------------------------------------------------------------------------


def corners(g: GameState) -> tuple[int, int, int, int]:
    """GO, Just Visiting, Free Parking and the Go To Jail corner."""
    kinds = [s.kind for s in g.board.squares]
    return (0, g.board.jail, kinds.index(B.FREE_PARKING), kinds.index(B.GO_TO_JAIL))


def start_at_corners(g: GameState) -> None:
    """"Players should be spread evenly to all the corners, and which player starts at which
    corner should be determined randomly." The player on "Go to Jail" is not in jail."""
    seats = list(range(g.n))
    g.rng.shuffle(seats)
    spots = corners(g)
    for k, p in enumerate(seats):
        g.pos[p] = spots[4 * k // g.n]
    for p in range(g.n):
        g.events.append(StartedOn(p, g.pos[p]))


def salary(g: GameState, player: int, landed: bool) -> None:
    """The salary for passing or reaching GO, under the house rules that change it."""
    rules = g.rules
    normal = g.board.go_salary
    amount = rules.go_landing_salary if landed and rules.go_landing_salary else normal
    why = SALARY_ON_GO if amount != normal else SALARY
    if rules.first_to_go:
        g.go_passed = True
    loans = g.loans[player]
    if loans:
        # "Every time the player passes Go he or she only receives $100, the other $100
        # remaining in the bank as interest."
        amount = max(0, amount - loans * (normal // 2))
        g.loans_repayable[player] = loans
        why += " less loan interest"
    if amount:
        bank_pays(g, player, amount, why)


def switch_tokens(g: GameState, player: int) -> None:
    """Two tokens: "Each player has two tokens, and alternates which token is moved each
    turn." Called as the player's turn ends, unless they are in jail: a jailed token moves on
    the jail turns, and the alternation goes on after the turn it leaves jail."""
    pos, resting = g.pos, g.resting
    pos[player], resting[player] = resting[player], pos[player]
    g.events.append(TokensSwitched(player, pos[player], resting[player]))


# -- landing -----------------------------------------------------------------------------------


def doubled_up(g: GameState, player: int, sq: int) -> bool:
    """Doubling up: "Only one token may be on a square at a time, except on Go and Jail. When a
    player's token lands on a space already occupied by another player, the player moves his or
    her token backwards to Go and his or her turn is over. No money is collected for moving
    backwards to Go." True when the token went back to GO."""
    board = g.board
    if board.squares[sq].kind in (B.GO, B.JAIL):  # (either board's, on a double board)
        return False
    pos, alive, same = g.pos, g.alive, board.same_square
    # Two tokens: a player's other token occupies its square too (another player's counts).
    # On a double board the shared square is one square by either of its indices.
    resting = g.resting if g.rules.two_tokens else pos
    if not any((same(pos[p], sq) or same(resting[p], sq)) and alive[p] and p != player
               for p in range(g.n)):
        return False
    go = pos[player] = sq - sq % board.ring  # the GO of the token's board
    g.events.append(DoubledUp(player, sq))
    g.events.append(Moved(player, sq, go, go - sq, False, "doubled_up"))
    turn = g.frames[0]
    if g.current == player and isinstance(turn, TurnFrame):
        turn.again = False
    return True


def take_pot(g: GameState, player: int) -> None:
    """"Whenever a player lands on Free Parking, he or she gets the money in the middle"; the
    refill ("$50 which is replaced every time a player lands there") goes back in."""
    amount = g.pot
    if not amount:
        return
    g.pot = 0
    from_bank(g, player, amount)
    g.events.append(JackpotTaken(player, amount))
    refill = g.rules.free_parking_refill
    if refill:
        g.pot = refill
        g.events.append(PotRefilled(refill))


def travel_destinations(g: GameState, sq: int) -> list[int]:
    """The other railroads of the owner of railroad `sq` ("any other railroad owned by the same
    player"); none if the Bank owns it ("A player may not travel on unowned railroads")."""
    owner = g.owner[sq]
    if owner == BANK:
        return []
    return [r for r in g.board.railroads if r != sq and g.owner[r] == owner]


def travel(g: GameState, player: int, dest: int) -> None:
    """"Travel is across the board, so a player does not get $200 for passing Go": the token
    moves to `dest` and the move ends there (no rent, no other effect of the square)."""
    origin = g.pos[player]
    g.pos[player] = dest
    g.events.append(Travelled(player, origin, dest))


# -- Bank loans --------------------------------------------------------------------------------


def loan_problem(g: GameState, player: int, repay: bool) -> str | None:
    """Why the player may not take (repay) a Bank loan now."""
    if not g.rules.bank_loans:
        return "this rule set has no Bank loans"
    if not repay:
        if g.loans[player]:
            return "you already have a loan outstanding"
        return None
    if not g.loans[player]:
        return "you have no loan to repay"
    if not g.loans_repayable[player]:
        return "a loan may be repaid only after you have passed GO since taking it"
    if g.owes(player):
        return "settle your debt before spending"
    if g.spendable(player) < LOAN:
        return f"repaying the loan costs {LOAN}"
    return None


@business(TakeLoan, lambda g, f, a: loan_problem(g, a.player, repay=False))
def _take_loan(g: GameState, f: Any, a: TakeLoan) -> None:
    take_loan(g, a.player)


@business(RepayLoan, lambda g, f, a: loan_problem(g, a.player, repay=True))
def _repay_loan(g: GameState, f: Any, a: RepayLoan) -> None:
    repay_loan(g, a.player)


def take_loan(g: GameState, player: int) -> None:
    """"A player without an outstanding loan may at any time take out a $500 loan"."""
    from_bank(g, player, LOAN)
    g.loans[player] += 1
    g.events.append(LoanTaken(player, LOAN))


def repay_loan(g: GameState, player: int) -> None:
    """"The loan may be repaid any time after the player has passed Go and given the bank
    interest at least once.\""""
    to_bank(g, player, LOAN)
    g.loans[player] -= 1
    g.loans_repayable[player] -= 1
    g.events.append(LoanRepaid(player, LOAN))


# -- jail and auctions -------------------------------------------------------------------------


def hire_lawyer(g: GameState, player: int) -> None:
    """"A player may pay $100 immediately upon reaching jail to be placed in Just Visiting, and
    thus avoid a turn in jail." The token stays on the Jail square, now Just Visiting."""
    fee = g.rules.jail_lawyer
    pay_now(g, player, BANK, fee, "lawyer")
    g.jailed[player] = False
    g.jail_turns[player] = 0
    g.events.append(LawyerHired(player, fee, g.pos[player]))


def finders_fee(g: GameState, square: int, winner: int, price: int) -> None:
    """Called when the auction of `square` ends (its frame popped): if it was the auction of a
    deed its lander declined (a `FinderFrame` under it), the marker goes, and "If the player
    landing on the property does not end up buying it, he or she gets a 'finder's fee' of %10
    of the sale cost" from the Bank, rounded to the nearest dollar."""
    top = g.frames[-1]
    if not isinstance(top, FinderFrame) or top.square != square:
        return
    g.frames.pop()
    finder = top.player
    if winner >= 0 and winner != finder and g.alive[finder]:
        fee = (price * g.rules.finders_fee_percent + 50) // 100
        if fee:
            bank_pays(g, finder, fee, "finder's fee")
