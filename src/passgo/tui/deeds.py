"""A player's deeds with a button for every building and mortgage move the rules allow now.

The buttons come from `game.business_actions`, so only legal placements are offered: a house
only where building stays even, a hotel only on a full row of houses, selling only from the
most built street, mortgages only on unimproved groups, lifting only with the cash for it.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Button, Static

from passgo.core import Action, Build, ClaimRent, Game, Mortgage, Sell, SellDown, Unmortgage
from passgo.narrate import Voice, buildings, debt_line, money
from passgo.session import Session
from passgo.tui.decision import ActionButton, label
from passgo.tui.dialogs import GameDialog
from passgo.tui.theme import deed_state, group_colour

HINT = (
    "Houses need the whole colour group with no deed mortgaged, built evenly; a hotel takes "
    "{houses} on every street of the group. Buildings sell back at half price. Only "
    "the moves the rules allow right now have buttons."
)


def button_text(game: Game, action: Action) -> str:
    g = game
    if isinstance(action, Build):
        # A full row of houses turns into a hotel (on a hotel too, with double hotels).
        full = g.houses_on(action.square) == g.rules.houses_per_hotel
        return (f"+ {'hotel' if full else 'house'} "
                f"{money(g, g.build_price(action.player, action.square))}")
    if isinstance(action, Sell):
        # With no house beside it, a hotel is what goes.
        hotel = g.hotels_on(action.square) > 0 and g.houses_on(action.square) == 0
        return f"- sell {'hotel' if hotel else 'house'} +{money(g, g.sale_price(action))}"
    if isinstance(action, Mortgage):
        return f"mortgage +{money(g, g.board.squares[action.square].mortgage)}"
    if isinstance(action, Unmortgage):
        return f"lift -{money(g, g.lift_cost(action.square))}"
    return label(g, action)


class DeedsScreen(GameDialog):
    """Build, sell, mortgage and lift mortgages for one player."""

    version = reactive(0, recompose=True)

    def __init__(self, session: Session, player: int) -> None:
        super().__init__()
        self.session = session
        self.player = player

    def game_changed(self) -> None:
        if not self.session.game.in_game(self.player) or self.session.finished:
            self.dismiss(None)
            return
        self.version += 1

    async def recompose(self) -> None:
        """Redraw, keeping the keyboard where it was: on the button of the same move when it
        is still offered (another house on the same street), else on the one that took its
        place (the next move), so that a player building from the keyboard is not sent back
        to the first button after every press."""
        was = self.focused
        moves = list(self.query(ActionButton))
        await super().recompose()
        if not isinstance(was, ActionButton) or was not in moves:
            return
        now = list(self.query(ActionButton))
        same = [b for b in now if b.game_action == was.game_action]
        if same:
            same[0].focus()
        elif now:
            now[min(moves.index(was), len(now) - 1)].focus()

    def compose(self) -> ComposeResult:
        g = self.session.game
        p = self.player
        bank = g.bank
        head = Text(f"{Voice(g, self.session.you).Poss(p)} deeds  ", style="bold")
        head.append(f"cash {money(g, g.cash_of(p))}")
        head.append(f"   Bank: {bank.houses} houses, {bank.hotels} hotels", style="dim")
        with Vertical(classes="dialog wide"):
            yield Static(head, classes="title")
            owed = debt_line(g, p, self.session.you)
            if owed:
                yield Static(Text(owed), classes="debt")
            # The list itself takes no focus (it would hold it unseen when the dialog
            # opens): the keyboard goes from button to button, which scroll into view.
            with VerticalScroll(id="deed-list", can_focus=False):
                yield from self._rows()
            yield Static(HINT.format(houses=buildings(g.rules.houses_per_hotel, 0)),
                         classes="explain")
            yield Button("Done (Escape)", action="screen.close", compact=True)

    def _rows(self) -> Iterator[Widget]:
        g = self.session.game
        p = self.player
        moves = g.business_actions(p)
        deeds = [d.square for d in g.deeds if d.owner == p]
        if not deeds:
            yield Static("No deeds yet.", classes="explain")
        for sq in deeds:
            s = g.board.squares[sq]
            name = Text()
            if s.group >= 0:
                name.append("■ ", style=group_colour(g.board, s.group))
            else:
                name.append("  ")
            name.append(s.name)
            state = deed_state(g, sq)
            if state:
                name.append(f"  {state}", style="red" if g.is_mortgaged(sq) else "green")
            buttons = [
                ActionButton(button_text(g, a), a, classes="move")
                for a in moves
                if isinstance(a, Build | Sell | Mortgage | Unmortgage | ClaimRent)
                and a.square == sq
            ]
            yield Horizontal(Static(name, classes="deed-name"), *buttons, classes="deed-row")
        for a in moves:
            if isinstance(a, SellDown):
                yield Horizontal(
                    Static("The Bank is short of houses: sell a group down at once",
                           classes="deed-name"),
                    ActionButton(label(g, a), a, classes="move"),
                    classes="deed-row",
                )
