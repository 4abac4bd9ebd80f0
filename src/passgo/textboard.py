"""The board as plain text: one line per square with owner, buildings, mortgages and tokens."""

from __future__ import annotations

from passgo.core import Game
from passgo.core.state import BANK
from passgo.narrate import level, money


def render_board(game: Game) -> str:
    g = game
    lines = []
    for s in g.board.squares:
        sq = s.index
        tokens = [g.names[p] for p in range(g.n) if g.alive[p] and g.pos[p] == sq]
        if sq == g.board.jail:
            inside = [n for p, n in enumerate(g.names) if g.jailed[p]]
            tokens = [t for t in tokens if t not in inside]
            tokens += [f"{n} (in jail)" for n in inside]
        group = f"[{g.board.group_names[s.group]}]" if s.group >= 0 else ""
        deed = ""
        if s.ownable:
            owner = g.owner[sq]
            deed = "Bank" if owner == BANK else g.names[owner]
            if g.level[sq]:
                deed += f", {level(g.level[sq])}"  # a hotel, 3 houses, a hotel and 2 houses
            if g.mortgaged[sq]:
                deed += ", mortgaged"
        lines.append(
            f"{sq:>2} {s.name:<24} {group:<13} {deed:<28} {', '.join(tokens)}".rstrip()
        )
    lines.append("")
    for p in range(g.n):
        state = "out" if not g.alive[p] else money(g, g.cash[p])
        cards = f", {len(g.cards[p])} jail card(s)" if g.cards[p] else ""
        if g.loans[p]:
            cards += f", {g.loans[p]} Bank loan(s)"
        mark = " <- to move" if p == g.frames[-1].player else ""
        lines.append(f"{g.names[p]}: {state}{cards}{mark}")
    bank = f"Bank: {g.bank_houses} houses, {g.bank_hotels} hotels"
    if g.rules.free_parking_jackpot:
        bank += f"; Free Parking pot: {money(g, g.pot)}"
    if g.rules.tax_man:
        bank += f"; tax man on {g.board.squares[g.tax_man].name}"
    lines.append(bank)
    return "\n".join(lines)
