"""Money: payments, debts and bankruptcy. Every transfer of cash goes through this module, so
the Bank's ledger (`bank_flow`) always balances the players' cash. The Free Parking pot
(`Rules.free_parking_jackpot`) is on the Bank's side of that ledger: fines paid into it count as
taken by the Bank and the pot taken by a player as paid by the Bank, so `sum(cash) + bank_flow`
stays constant with or without it.

A debt the debtor can pay is paid at once. One they cannot pay becomes a `raise_funds`
decision: the debtor sells buildings, mortgages and trades until the debt is covered (it is then
paid automatically), and may declare bankruptcy only when even selling every building and
mortgaging every deed to the Bank would not cover it.

Debts to several players at once ("pay each player $50", "collect $50 from every player") are
settled one creditor at a time in turn order from the debtor's left (from the drawer's left for
collections); if the debtor goes bankrupt on one of them, that creditor takes everything and the
later debts lapse.
"""

from __future__ import annotations

from passgo.core import terms
from passgo.core.events import (
    INTEREST,
    Bankrupt,
    Debt,
    DeedTransferred,
    LoansPassed,
    Payment,
    PotPaid,
    or_none,
)
from passgo.core.frames import (
    DONE,
    AuctionFrame,
    CallFrame,
    DebtFrame,
    ForeclosureFrame,
    Frame,
    OptionFrame,
    SealedFrame,
    TradeFrame,
    TransferFrame,
    TurnFrame,
    new_auction,
)
from passgo.core.registry import settles
from passgo.core.state import BANK, BANK_LOAN, GameState, hotels_at, houses_at


def from_bank(g: GameState, player: int, amount: int) -> None:
    """The Bank pays `amount` to the player; the caller sends the event that says why."""
    g.cash[player] += amount
    g.bank_flow -= amount


def to_bank(g: GameState, player: int, amount: int) -> None:
    """The player pays `amount` (in hand) to the Bank; the caller sends the event."""
    g.cash[player] -= amount
    g.bank_flow += amount


def square_problem(g: GameState, square: int) -> str | None:
    """A square index that is on the board (actions name squares by index)."""
    return None if 0 <= square < len(g.board.squares) else f"no square {square}"


def bank_pays(g: GameState, player: int, amount: int, why: str) -> None:
    g.cash[player] += amount
    g.bank_flow -= amount
    g.events.append(Payment(None, player, amount, why))


def pay_now(g: GameState, player: int, creditor: int, amount: int, why: str) -> None:
    """Move cash the payer has (callers check it) to a player or the Bank."""
    g.cash[player] -= amount
    if creditor == BANK:
        g.bank_flow += amount
    else:
        g.cash[creditor] += amount
    g.events.append(Payment(player, or_none(creditor), amount, why))
    if g.pot_sources and creditor == BANK and why in g.pot_sources:
        # `Rules.free_parking_jackpot`: fines and taxes go to the middle of the board. The pot
        # is the Bank's side of the ledger: `bank_flow` already counts this money.
        g.pot += amount
        g.events.append(PotPaid(player, amount, why))


def charge(g: GameState, player: int, creditor: int, amount: int, why: str) -> None:
    """The player owes `amount` now: paid at once if they can, else a debt to raise funds for.

    The debt is pushed as a frame either way, so that it is settled in stack order after what
    the caller pushes next; `settle_debt` pays it as soon as it reaches the top with cash."""
    if amount <= 0:
        return
    g.frames.append(DebtFrame("raise_funds", player, creditor, amount, why))


@settles(DebtFrame)
def settle_debt(g: GameState, frame: DebtFrame) -> bool:
    """Pay the debt on top if possible and take it off the stack (True); else announce it
    and wait for the debtor to raise funds (False)."""
    if not g.alive[frame.player] or (frame.creditor != BANK and not g.alive[frame.creditor]):
        g.frames.pop()  # a debt to or from a player who has left the game lapses
        return True
    if g.cash[frame.player] >= frame.amount:
        g.frames.pop()
        pay_now(g, frame.player, frame.creditor, frame.amount, frame.reason)
        return True
    if not frame.announced:
        frame.announced = True
        creditor = frame.creditor
        g.events.append(Debt(frame.player, or_none(creditor), frame.amount,
                             frame.reason))
    return False


LOAN = BANK_LOAN


def raisable(g: GameState, player: int) -> int:
    """Cash the player could raise from the Bank alone: `liquidation_value`, less the
    mortgages a jailed player may not raise under `Rules.maximum_punishment`, plus a Bank loan
    the player may still take (`Rules.bank_loans`)."""
    value = g.liquidation_value(player)
    rules = g.rules
    if g.punished(player) and not rules.no_mortgaging:
        squares, owner, mortgaged = g.board.squares, g.owner, g.mortgaged
        value -= sum(squares[sq].mortgage for sq in g.board.properties
                     if owner[sq] == player and not mortgaged[sq])
    if rules.bank_loans and not g.loans[player]:
        value += LOAN
    return value


def pass_loans(g: GameState, player: int, creditor: int) -> None:
    """A bankrupt's Bank loans: "If a player bankrupts the debtor, he or she inherits that
    debt, unless the 'Bank Repossession' rule is used, in which case the bank dissolves the
    debt." A debt to the Bank ends them too."""
    count = g.loans[player]
    if creditor != BANK and not g.rules.bank_repossession:
        g.loans[creditor] += count
        g.loans_repayable[creditor] += g.loans_repayable[player]
    else:
        creditor = BANK
    g.loans[player] = g.loans_repayable[player] = 0
    g.events.append(LoansPassed(player, count, or_none(creditor)))


def declare_bankruptcy(g: GameState, player: int, final: bool = False) -> None:
    """Carry out the bankruptcy rules for the debtor of the debt on top of the stack.

    `final`: this bankruptcy ends the game (short games); with
    `final_bankruptcy_keeps_buildings` the buildings pass to a player creditor with the deeds,
    and the Bank holds a bankrupt's deeds without auctioning them, since play has ceased."""

    top = g.frames.pop()
    assert isinstance(top, DebtFrame)
    creditor = top.creditor
    g.events.append(Bankrupt(player, or_none(creditor), top.reason))
    board = g.board
    deeds = [sq for sq in board.properties if g.owner[sq] == player]
    g.alive[player] = False
    g.jailed[player] = False
    if g.loans[player]:
        pass_loans(g, player, creditor)
    if g.contracts:
        terms.bankrupt(g, player, creditor)
    pushed: list[Frame] = []
    # Buildings go back to the Bank: for half their cost when the debt is to a player (that
    # cash goes to the creditor), for nothing when the debt is to the Bank.
    # Bank repossession (004): "the debtor must mortgage all his or her properties, pay the
    # creditor as much as possible, and then return all of the debtor's properties to the bank".
    repossess = creditor != BANK and g.rules.bank_repossession
    keep_buildings = (final and creditor != BANK and g.rules.final_bankruptcy_keeps_buildings
                      and not repossess)
    for sq in deeds:
        lv = g.level[sq]
        if lv and not keep_buildings:
            g.bank_hotels += hotels_at(lv)
            g.bank_houses += houses_at(lv)
            refund = g.take_refund(sq, 0)
            g.level[sq] = 0
            if creditor != BANK:
                bank_pays(g, player, refund, "buildings")
    if repossess:
        _mortgage_everything(g, player, deeds)
    cash = g.cash[player]
    if cash:
        pay_now(g, player, creditor, cash, "bankruptcy")
    cards = g.cards[player]
    g.cards[player] = []
    if creditor == BANK:
        for deck, card in cards:
            g.decks[deck].append(card)
        for sq in deeds:
            g.owner[sq] = BANK
            if g.rules.bank_bankruptcy_cancels_mortgages:
                g.mortgaged[sq] = False
            g.events.append(DeedTransferred(sq, player, None, "bankruptcy"))
        bidders = g.seats_from(g.left_of(player))
        # First to go: "Players may not purchase properties until one player has passed Go"
        # (004): not at auction either, so the deeds stay with the Bank unsold.
        on_sale = not final and not (g.rules.first_to_go and not g.go_passed)
        for sq in reversed(deeds if on_sale else []):
            pushed.append(new_auction(g, "deed", sq, list(bidders)))
    elif repossess:
        # "players must land on the properties in question to be able to purchase them": no
        # auction; the Bank's loans end, and the jail cards go back under their decks.
        for deck, card in cards:
            g.decks[deck].append(card)
        for sq in deeds:
            g.owner[sq] = BANK
            g.mortgaged[sq] = False
            g.events.append(DeedTransferred(sq, player, None, "repossessed"))
    else:
        g.cards[creditor].extend(cards)
        for sq in deeds:
            g.owner[sq] = creditor
            g.events.append(DeedTransferred(sq, player, creditor, "bankruptcy"))
        mortgaged = [sq for sq in deeds if g.mortgaged[sq]]
        if final:
            # The creditor of a mortgaged deed "must at once pay the Bank the amount of
            # interest on the loan" (000), the game ending or not: from the cash it holds now,
            # as the game ends here and nothing more can be raised.
            for sq in mortgaged:
                interest = min(g.interest(sq), g.cash[creditor])
                if interest:
                    pay_now(g, creditor, BANK, interest, INTEREST)
        else:
            pushed.extend(TransferFrame("mortgaged_deed", creditor, sq)
                          for sq in reversed(mortgaged))
    drop_player_frames(g, player)
    g.frames.extend(pushed)
    if g.current == player:
        turn = g.frames[0]
        assert isinstance(turn, TurnFrame)
        turn.stage = DONE


def _mortgage_everything(g: GameState, player: int, deeds: list[int]) -> None:
    """Bank repossession: the debtor raises what the Bank lends on every unmortgaged deed
    (with `no_mortgaging`: what it pays for the deed, half its price)."""
    squares = g.board.squares
    sell = g.rules.no_mortgaging
    for sq in deeds:
        if not g.mortgaged[sq]:
            value = squares[sq].price // 2 if sell else squares[sq].mortgage
            bank_pays(g, player, value, "deed sold" if sell else "mortgage")
            g.mortgaged[sq] = not sell


def drop_player_frames(g: GameState, player: int) -> None:
    """Remove the decisions of a player who left the game (the turn frame stays), offers they
    made that wait for an answer, and rent waiting to be asked for from or by them."""
    g.claims = [c for c in g.claims if player not in (c[0], c[1])]
    keep: list[Frame] = [g.frames[0]]
    for f in g.frames[1:]:
        if isinstance(f, AuctionFrame):
            if f.high_bidder == player:
                f.high_bidder, f.high = -1, 0
            if player in f.bidders:
                i = f.bidders.index(player)
                f.bidders.remove(player)
                if i < f.turn:
                    f.turn -= 1
                if f.bidders:
                    f.turn %= len(f.bidders)
            keep.append(f)
        elif isinstance(f, SealedFrame | OptionFrame):
            # A sealed-bid auction or an option to force one goes on without the bankrupt.
            if player in f.asked:
                f.asked.remove(player)
            if isinstance(f, SealedFrame):
                f.bids.pop(player, None)
                keep.append(f)
            elif f.lander != player:
                keep.append(f)
        elif isinstance(f, ForeclosureFrame) and player in (f.player, f.lander):
            continue
        elif isinstance(f, CallFrame):
            # A shortage call is everyone's (its `player` is only the one asked last): the
            # bankrupt's answer and demand go, the call goes on for the others.
            if player in f.asked:
                f.asked.remove(player)
            f.demand.pop(player, None)
            keep.append(f)
        elif (
            f.player == player
            or (isinstance(f, DebtFrame) and f.creditor == player)
            or (isinstance(f, TradeFrame) and f.offer.proposer == player)
        ):
            continue
        else:
            keep.append(f)
    g.frames[:] = keep
