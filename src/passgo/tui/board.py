"""The board: the ring of squares drawn as a grid, with whatever the caller puts in its centre.

Each square is a small widget that draws itself from the game at its current size: a band in
the colour group's colour with the (shortened) name, a line with the price, or the owner, the
buildings and the rent the square charges now (`game.rent`), and a line with the tokens
standing there. Clicking a square asks for its deed card (the key d opens them too).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from passgo.core import Game
from passgo.core.board import GO_TO_JAIL, JAIL, STREET, UTILITY
from passgo.tui.theme import (
    group_colour,
    group_text_colour,
    owner_colour,
    player_colour,
    short_name,
    token_letters,
)


def ring_order(squares: int) -> list[int]:
    """Squares in the order a grid of (side+1)² cells is filled, row by row: the top row
    left to right (Free Parking .. Go To Jail on the classic board), then each middle row's
    left and right square, then the bottom row from Jail down to GO."""
    side = squares // 4
    top = list(range(2 * side, 3 * side + 1))
    middle = []
    for row in range(1, side):
        middle += [2 * side - row, 3 * side + row]
    bottom = list(range(side, -1, -1))
    return top + middle + bottom


class SquareClicked(Message):
    def __init__(self, square: int) -> None:
        super().__init__()
        self.square = square


class SquareCell(Widget):
    """One square of the ring."""

    def __init__(self, board: BoardGrid, square: int) -> None:
        super().__init__(classes="square")
        self.board = board
        self.square = square
        self.drawn: tuple[object, ...] = ()

    def state(self) -> tuple[object, ...]:
        """Everything the square shows; it is redrawn only when this changes."""
        g, sq = self.board.game, self.square
        here = tuple((p, g.in_jail(p), g.second_token_of(p) == sq) for p in range(g.n)
                     if g.in_game(p) and sq in (g.square_of(p), g.second_token_of(p)))
        return (g.owner_of(sq), g.houses_on(sq), g.hotels_on(sq), g.is_mortgaged(sq), here,
                g.pending_player, g.turn_player, self.size, self._rent(g))

    def _rent(self, g: Game) -> str:
        """What the square charges now, as short as it goes: "$50", "4×" the dice for a
        utility; "" when it charges nothing (the Bank's, mortgaged)."""
        sq, s = self.square, g.board.squares[self.square]
        if not s.ownable or g.owner_of(sq) is None or g.is_mortgaged(sq):
            return ""
        if s.kind == UTILITY:
            return f"{g.rent(sq, 1)}×"
        return f"{g.board.currency}{g.rent(sq)}"

    def render(self) -> Text:
        self.drawn = self.state()
        g = self.board.game
        width = max(1, self.size.width)
        s = g.board.squares[self.square]
        lines: list[Text] = []
        name = short_name(s.name, width)
        if s.kind == STREET:
            ink, paper = group_text_colour(g.board, s.group), group_colour(g.board, s.group)
            lines.append(Text(name.center(width), style=f"bold {ink} on {paper}"))
        else:
            lines.append(Text(name.center(width), style="bold reverse"))
        lines.append(self._deed_line(g, width))
        lines.append(self._tokens(g))
        out = Text("\n").join(lines[: max(1, self.size.height)])
        out.no_wrap = True
        out.overflow = "ellipsis"
        return out

    def _deed_line(self, g: Game, width: int) -> Text:
        sq, s = self.square, g.board.squares[self.square]
        if s.kind == JAIL:
            return self._jailed(g)
        if s.kind == GO_TO_JAIL or not s.ownable:
            if s.amount:
                return Text(f"pay {g.board.currency}{s.amount}", style="dim")
            return Text("")
        owner = g.owner_of(sq)
        if owner is None:
            return Text(f"{g.board.currency}{s.price}", style="dim")
        # The owner's letter on a dark band of their colour (tokens are bright chips).
        band = f"on {owner_colour(owner)}"
        text = Text(self.board.letters[owner], style=f"bold white {band}")
        houses, hotels = g.houses_on(sq), g.hotels_on(sq)
        if g.is_mortgaged(sq):
            text.append(" mtg", style="bold red")
        elif hotels == 1 and not houses:
            text.append(" ")
            text.append("HOTEL" if width >= 8 else "H", style="bold white on red")
        elif hotels:  # double hotels: houses on the hotel, or two hotels
            text.append(" ")
            text.append("H" * hotels, style="bold white on red")
            text.append("■" * houses, style="bold green")
        elif houses:
            text.append(" ")
            text.append("■" * houses, style="bold green")
        rent = self._rent(g)
        if rent and text.cell_len + 1 + len(rent) <= width:  # the rent it charges now
            text.pad_right(width - text.cell_len - len(rent))
            text.append(rent, style="bold white")
        text.pad_right(max(0, width - text.cell_len))
        text.stylize_before(band)
        return text

    def _jailed(self, g: Game) -> Text:
        inside = [p for p in range(g.n) if g.in_game(p) and g.in_jail(p)]
        if not inside:
            return Text("")
        text = Text("in:", style="dim")
        for p in inside:
            text.append(" ")
            text.append(self.board.letters[p], style=f"bold black on {player_colour(p)}")
        return text

    def _tokens(self, g: Game) -> Text:
        here = [p for p in range(g.n)
                if g.in_game(p) and g.square_of(p) == self.square
                and not (g.in_jail(p) and self.square == g.board.jail)]
        text = Text()
        deciding, turn = g.pending_player, g.turn_player
        for p in here:
            style = f"bold black on {player_colour(p)}"
            if p in (deciding, turn):
                style += " underline"
            text.append(self.board.letters[p], style=style)
        for p in range(g.n):  # two tokens: the one resting this turn, in lower case
            if g.in_game(p) and g.second_token_of(p) == self.square:
                text.append(self.board.letters[p].lower(), style=f"{player_colour(p)}")
            text.append(" ")
        return text

    def on_click(self, event: Click) -> None:
        self.post_message(SquareClicked(self.square))


class BoardGrid(Grid):
    """The ring of squares around `centre`, which spans the middle of the grid."""

    def __init__(self, game: Game, centre: Widget) -> None:
        side = len(game.board.squares) // 4
        super().__init__(id="board")
        self.game = game
        self.centre = centre
        self.letters = token_letters(game.names)
        self.styles.grid_size_columns = side + 1
        self.styles.grid_size_rows = side + 1
        centre.styles.column_span = side - 1
        centre.styles.row_span = side - 1

    def compose(self) -> ComposeResult:
        order = ring_order(len(self.game.board.squares))
        side = len(self.game.board.squares) // 4
        for i, sq in enumerate(order):
            yield SquareCell(self, sq)
            if i == side + 1:  # the left square of the first middle row: the centre follows
                yield self.centre

    def refresh_squares(self) -> None:
        for cell in self.query(SquareCell):
            if cell.state() != cell.drawn:
                cell.refresh()
