"""Dialogs over the board: help, a deed card, a file name, the results, and small questions.

Every dialog closes with Escape; those that show the game redraw themselves when it changes
(`GameDialog.game_changed`), because bots keep playing and business can change it meanwhile.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Input, Static

from passgo.core import Game, building_levels, hotels_at, houses_at, street_rent
from passgo.core.board import RAILROAD, STREET, UTILITY
from passgo.narrate import (
    buildings,
    debt_line,
    ending,
    explain,
    how_it_ends,
    money,
    rules_described,
)
from passgo.session import Session, resume_command
from passgo.tui.theme import group_colour, group_label, player_colour

KEYS = (
    ("1-9", "choose the numbered answer (or click it); Enter presses the focused button"),
    ("a", "ask for the rent you are owed (where the rules make owners ask in time)"),
    ("b", "your deeds: build and sell houses and hotels, mortgage, lift mortgages"),
    ("p", "in an auction: leave it, or write no bid (the bid box takes the digits; Enter "
          "bids)"),
    ("t", "propose a trade: deeds, cash and Get Out of Jail Free cards, both ways"),
    ("+ / -", "bots move faster / slower"),
    ("s", "skip ahead: bots play at once until a person must decide"),
    ("r", "results table (at the end of the game)"),
    ("l", "save the full game log to a file"),
    ("ctrl+s", "save the game to a file of your choice"),
    ("ctrl+o", "open a saved game"),
    ("d", "deed cards from the keyboard: the deed where you stand (or the one being "
          "decided), then ← → through every deed"),
    ("click", "a square shows its deed card: price, rents, house cost, owner"),
    ("h", "a hint: what the expert bot would do at your decision, and why"),
    ("?", "this help"),
    ("q", "quit ({quitting})"),
    ("Tab", "move between buttons; Escape closes a dialog"),
)

HOW_TO_PLAY = (
    "Monopoly. The rules: {rules}. Roll, move, buy the deeds you land on (or let the Bank "
    "auction them), and collect rent from players who land on yours. Owning a whole "
    "colour group doubles its rent and lets you build houses, then hotels, evenly. Short of "
    "cash, you sell buildings, mortgage deeds or trade; a player who cannot pay what they owe "
    "is bankrupt. {end}"
)


def quitting(session: Session) -> str:
    """What quitting does to the game, for the help's line on `q`: the command that continues
    it names the file it is saved to (`--save FILE`), as the line printed after quitting does;
    with saving off (`--no-save`) quitting loses the game, so the player is told, and asked."""
    if session.save_path is None:
        return "this game is not saved: quitting an unfinished game loses it, so you are asked"
    return (f"the game is saved after every action: {resume_command(session.save_path)} "
            "continues")


class GameDialog(ModalScreen[None]):
    """A dialog that shows the game and redraws when it changes."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close")]

    def game_changed(self) -> None:
        """The game changed under the dialog (a bot moved, an action was taken)."""

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(GameDialog):
    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        keys = Table.grid(padding=(0, 2))
        for key, what in KEYS:
            keys.add_row(Text(key, style="bold"), what.format(quitting=quitting(self.session)))
        g = self.session.game
        now = "The game is over." if self.session.finished else explain(g)
        owed = None if self.session.finished else debt_line(g, g.pending_player,
                                                            self.session.viewer())
        if owed:
            now = f"{owed}. {now}"
        with Vertical(classes="dialog wide"):
            yield Static("Help", classes="title")
            with VerticalScroll():
                yield Static(Text("Now", style="bold underline"))
                yield Static(Text(now), classes="explain")
                yield Static(Text("\nKeys", style="bold underline"))
                yield Static(keys)
                yield Static(Text("\nThe game", style="bold underline"))
                yield Static(Text(HOW_TO_PLAY.format(rules=rules_described(g.rules),
                                                     end=how_it_ends(g.rules))),
                             classes="explain")
            yield Button("Close (Escape)", action="screen.close", compact=True)


def deed_card(game: Game, sq: int) -> Table:
    """A square's deed card under the game's rules: price (doubled by double prices), rents
    by the buildings the rules allow (three houses before a hotel in the Short Game; the
    houses on a hotel and the second hotel with double hotels), house cost, mortgage, owner."""
    g = game
    s = g.board.squares[sq]
    m = money
    card = Table.grid(padding=(0, 2))
    card.add_column()
    card.add_column(justify="right")
    if not s.ownable:
        card.add_row("This square is not for sale.", "")
        return card
    card.add_row("Price", m(g, g.deed_price(sq)))
    if s.kind == STREET:
        card.add_row("Rent", m(g, street_rent(s.rents, 0, False)))
        card.add_row("  whole group, no houses", m(g, street_rent(s.rents, 0, True)))
        for level in building_levels(g.rules)[1:]:
            words = buildings(houses_at(level), hotels_at(level))
            card.add_row(f"  with {words}", m(g, street_rent(s.rents, level, True)))
        card.add_row("House or hotel costs", m(g, s.house_cost))
    elif s.kind == RAILROAD:
        for n, rent in enumerate(g.board.railroad_rents, 1):
            card.add_row(f"Rent if {n} railroad{'s are' if n > 1 else ' is'} owned", m(g, rent))
    elif s.kind == UTILITY:
        for n, times in enumerate(g.board.utility_multipliers, 1):
            card.add_row(f"Rent if {n} utilit{'ies are' if n > 1 else 'y is'} owned",
                         f"{times} × dice")
    card.add_row("Mortgage value", m(g, s.mortgage))
    owner = g.owner_of(sq)
    card.add_row("Owner", "the Bank" if owner is None else g.names[owner])
    if g.is_mortgaged(sq):
        card.add_row("Mortgaged", f"lift for {m(g, g.lift_cost(sq))}")
    return card


class DeedCardScreen(GameDialog):
    """A deed card. Left and right (or n) step to the previous and next deed on the board,
    so every card can be read from the keyboard; `d` opens it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("d", "close", "Close", show=False),
        Binding("right,n", "step(1)", "Next deed"),
        Binding("left", "step(-1)", "Previous deed"),
    ]

    def __init__(self, session: Session, square: int) -> None:
        super().__init__()
        self.session = session
        self.square = square

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self._title(), classes="title", id="deed-title")
            yield Static(deed_card(self.session.game, self.square), id="deed-card")
            yield Static("← → previous / next deed", classes="explain")
            yield Button("Close (Escape)", action="screen.close", compact=True)

    def _title(self) -> Text:
        g = self.session.game
        s = g.board.squares[self.square]
        title = Text(f" {s.name} ", style="bold")
        if s.kind == STREET:
            title.stylize(f"on {group_colour(g.board, s.group)}")
            title.append(f"  {group_label(g.board, s.group)} group", style="dim")
        return title

    def action_step(self, by: int) -> None:
        deeds = list(self.session.game.board.properties)
        here = deeds.index(self.square) if self.square in deeds else -1
        self.square = deeds[(here + by) % len(deeds)]
        self.game_changed()

    def game_changed(self) -> None:
        self.query_one("#deed-title", Static).update(self._title())
        self.query_one("#deed-card", Static).update(deed_card(self.session.game, self.square))


class PathScreen(ModalScreen[Path | None]):
    """Ask for a file name; returns the path, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, default: Path, verb: str) -> None:
        super().__init__()
        self.title_text = title
        self.default = default
        self.verb = verb

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(self.title_text, classes="title")
            yield Input(str(self.default), id="path")
            with Horizontal(classes="row"):
                yield Button(self.verb, variant="primary", id="ok", compact=True)
                yield Button("Cancel (Escape)", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self._done()
        else:
            self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._done()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def _done(self) -> None:
        text = self.query_one("#path", Input).value.strip()
        self.dismiss(Path(text).expanduser() if text else None)


class ConfirmScreen(ModalScreen[bool | None]):
    """A yes-or-no question for a step that cannot be undone."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "no", "No")]

    def __init__(self, question: str, yes: str) -> None:
        super().__init__()
        self.question = question
        self.yes = yes

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), classes="explain")
            with Horizontal(classes="row"):
                yield Button(self.yes, variant="error", id="yes", compact=True)
                yield Button("No (Escape)", id="no", compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_no(self) -> None:
        self.dismiss(False)


class SeatScreen(ModalScreen[int | None]):
    """Which person is acting (hot seat: several people share the keyboard)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, session: Session, seats: list[int], what: str) -> None:
        super().__init__()
        self.session = session
        self.seats = seats
        self.what = what

    def compose(self) -> ComposeResult:
        g = self.session.game
        with Vertical(classes="dialog"):
            yield Static(f"Who {self.what}?", classes="title")
            with Horizontal(classes="row"):
                for p in self.seats:
                    button = Button(Text(g.names[p]), id=f"seat-{p}", compact=True)
                    button.styles.color = player_colour(p)
                    yield button
                yield Button("Cancel (Escape)", id="cancel", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        name = event.button.id or ""
        self.dismiss(int(name[5:]) if name.startswith("seat-") else None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ResultsScreen(GameDialog):
    """The end of the game: the winner, a table of every player, and the game log."""

    # A modal screen hides the app's keys, so the ones offered here are bound here.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "app.save_log", "Save log"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        s = self.session
        g = s.game
        if g.over and g.winner is not None:
            head = f"{g.names[g.winner]} wins! ({ending(g, g.end_reason)})"
        elif g.over:
            head = f"The game ended ({ending(g, g.end_reason)}) without a winner."
        else:
            head = "No person was left and the bots could not finish: the game stops here."
        table: DataTable[str | Text] = DataTable(cursor_type="row", zebra_stripes=True)
        table.add_columns("", "player", "result", "cash", "deeds", "houses", "hotels", "worth")
        for row in s.standings():
            table.add_row(
                str(row.place), Text(g.names[row.seat]), row.status, money(g, row.cash),
                str(row.deeds), str(row.houses), str(row.hotels),
                money(g, row.worth) if row.worth else "",
            )
        with Vertical(classes="dialog wide"):
            yield Static(Text(head), classes="title")
            yield Static(f"Round {g.round_number + 1}, after {len(g.history)} actions.",
                         classes="explain")
            yield table
            with Horizontal(classes="row"):
                yield Button("Save the game log (l)", action="app.save_log", compact=True,
                             variant="primary")
                yield Button("Back to the board (Escape)", action="screen.close",
                             compact=True)
                yield Button("Quit (q)", action="app.quit", compact=True)


class TooSmallScreen(ModalScreen[None]):
    """Shown instead of the game while the terminal is too small to draw the board."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.quit", "Quit")]

    def __init__(self, need: tuple[int, int], session: Session) -> None:
        super().__init__()
        self.need = need
        self.session = session

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.show_size(self.app.size.width, self.app.size.height)

    def show_size(self, width: int, height: int) -> None:
        w, h = self.need
        path = self.session.save_path
        after = ("press q to quit (this game is not saved: quitting loses it)" if path is None
                 else "press q to quit (the game is saved) and play line by line with "
                 f"`{resume_command(path)} --plain`")
        self.query_one("#too-small", Static).update(
            f"This terminal is {width}×{height}; the board needs at least {w}×{h}.\n\n"
            "Make the window larger (or the font smaller) and the game comes back where it "
            f"was, or {after}."
        )
