"""The board as plain text: one line per square with owner, buildings, mortgages and tokens."""

from __future__ import annotations

from passgo.core import Game
from passgo.core.board import JAIL
from passgo.narrate import buildings, money


def render_board(game: Game) -> str:
    g = game
    players = g.players
    lines = []
    for s in g.board.squares:
        sq = s.index
        tokens = [p.name for p in players if not p.bankrupt and p.square == sq]
        # Two tokens: the one resting this turn, in brackets.
        tokens += [f"({p.name})" for p in players if not p.bankrupt and p.second_token == sq]
        if s.kind == JAIL:  # (on a double board, each board's jail holds its own)
            inside = [p.name for p in players if p.in_jail and p.square == sq]
            tokens = [t for t in tokens if t not in inside]
            tokens += [f"{n} (in jail)" for n in inside]
        group = f"[{g.board.group_names[s.group]}]" if s.group >= 0 else ""
        deed = ""
        if s.ownable:
            d = g.deed(sq)
            deed = "Bank" if d.owner is None else g.names[d.owner]
            if d.houses or d.hotels:
                # a hotel, 3 houses, a hotel and 2 houses
                deed += f", {buildings(d.houses, d.hotels)}"
            if d.mortgaged:
                deed += ", mortgaged"
        lines.append(
            f"{sq:>2} {s.name:<24} {group:<13} {deed:<28} {', '.join(tokens)}".rstrip()
        )
    lines.append("")
    deciding = g.pending_player
    for p in players:
        state = "out" if p.bankrupt else money(g, p.cash)
        cards = f", {len(p.jail_cards)} jail card(s)" if p.jail_cards else ""
        if p.loans:
            cards += f", {p.loans} Bank loan(s)"
        mark = " <- to move" if p.seat == deciding else ""
        lines.append(f"{p.name}: {state}{cards}{mark}")
    bank = g.bank
    line = f"Bank: {bank.houses} houses, {bank.hotels} hotels"
    if g.rules.free_parking_jackpot:
        line += f"; Free Parking pot: {money(g, bank.pot)}"
    if bank.tax_man is not None:
        line += f"; tax man on {g.board.squares[bank.tax_man].name}"
    lines.append(line)
    return "\n".join(lines)
