"""A panel per player: cash, square, jail, Get Out of Jail Free cards and deeds by colour group.

Total worth is left out on purpose: the Income Tax rule has players choose before adding it up.
"""

from __future__ import annotations

from rich.text import Text
from textual.markup import escape
from textual.widgets import Static

from passgo.core import Game
from passgo.core.board import RAILROAD
from passgo.session import Session
from passgo.tui.theme import (
    deed_state,
    group_colour,
    group_label,
    player_colour,
    short_name,
    token_letters,
)


class PlayerPanel(Static):
    """One player's holdings; highlighted while the game waits for them."""

    def __init__(self, session: Session, seat: int) -> None:
        super().__init__(classes="player")
        self.session = session
        self.seat = seat
        self.shown = Text()
        self.border_title = self._title()

    def _title(self) -> str:
        s = self.session.seats[self.seat]
        letter = token_letters(self.session.game.names)[self.seat]
        kind = "person" if s.human else f"{s.kind} bot"
        return escape(f"{letter} · {s.name} ({kind})")

    def refresh_panel(self) -> None:
        g = self.session.game
        self.set_class(g.pending_player == self.seat, "-deciding")
        self.set_class(not g.in_game(self.seat), "-out")
        self.styles.border_title_color = player_colour(self.seat)
        text = self.describe(g)
        if text != self.shown:
            self.shown = text
            self.update(text)

    def describe(self, g: Game) -> Text:
        p = self.seat
        me = g.player(p)
        if me.bankrupt:
            return Text("bankrupt: out of the game", style="dim italic")
        text = Text()
        text.append(f"{g.board.currency}{me.cash:,}", style="bold")
        where = (f"in jail (turn {me.jail_turns + 1} of {g.rules.jail_max_turns})"
                 if me.in_jail else f"on {g.board.squares[me.square].name}")
        text.append(f"  {where}\n")
        if me.jail_cards:
            n = len(me.jail_cards)
            text.append(f"{n} Get Out of Jail Free card{'s' if n > 1 else ''}\n", style="cyan")
        deeds = [d.square for d in g.deeds if d.owner == p]
        if not deeds:
            text.append("no deeds", style="dim")
            return text
        groups: dict[str, list[int]] = {}
        for sq in deeds:
            s = g.board.squares[sq]
            key = group_label(g.board, s.group) if s.group >= 0 else (
                "Railroads" if s.kind == RAILROAD else "Utilities")
            groups.setdefault(key, []).append(sq)
        lines = []
        for label, squares in groups.items():
            line = Text()
            group = g.board.squares[squares[0]].group
            if group >= 0:
                whole = len(squares) == len(g.board.groups[group])
                # A filled mark: the whole group is this player's (rent doubles, may build).
                line.append("■ " if whole else "□ ", style=group_colour(g.board, group))
            else:
                line.append("▪ ", style="dim")
            names = []
            for sq in squares:
                state = deed_state(g, sq)
                name = short_name(g.board.squares[sq].name, 12)
                names.append(f"{name} ({state})" if state else name)
            line.append(f"{label}: ", style="dim")
            line.append(", ".join(names))
            lines.append(line)
        text.append(Text("\n").join(lines))
        return text
