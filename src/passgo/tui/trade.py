"""The trade composer: pick the other player, tick deeds and cards on both sides, add cash,
and, where the rules allow them, the terms each side grants: rent immunity and a share of the
rent on ticked deeds of its own (a percentage, for a number of landings or of turns) and a loan
(amount, interest, due round), and a partnership in a colour group.

The offer is checked by the engine as it is composed (`game.trade_problem`), and the reason
it cannot be sent yet is shown in words; deeds in a group with buildings are listed but cannot
be ticked, as the rules forbid trading them. Used both to propose and to counter an offer.
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widgets import Button, Input, OptionList, SelectionList, Static
from textual.widgets.option_list import OptionDoesNotExist
from textual.widgets.selection_list import Selection

from passgo.core import (
    Action,
    Bundle,
    CounterTrade,
    IllegalActionError,
    Immunity,
    Loan,
    Partnership,
    ProposeTrade,
    RentShare,
    TradeOffer,
)
from passgo.core.actions import RentTerm, Term
from passgo.core.board import DECK_NAMES
from passgo.narrate import Voice, money
from passgo.session import Session
from passgo.tui.theme import deed_state, group_colour, player_colour

GUTTER = ">[x] "


class TickList(SelectionList[int]):
    """A selection list readable without colour: every line starts with `[x]` (in the offer)
    or `[ ]`, and the line the keyboard is on, while the list has the keyboard, with `>` on
    a reversed bar (Space or Enter ticks it, Tab moves on)."""

    def _get_left_gutter_width(self) -> int:
        return len(GUTTER)

    def render_line(self, y: int) -> Strip:
        line = OptionList.render_line(self, y)
        index = self.scroll_offset[1] + y
        try:
            option = self.get_option_at_index(index)
        except OptionDoesNotExist:
            return line
        ticked = option.value in self._selected
        here = self.has_focus and self.highlighted == index
        base = next(iter(line)).style if line.cell_length else None
        mark = Style(bold=True, reverse=here)
        if base is not None:
            mark = base + mark
        text = f"{'>' if here else ' '}{'[x]' if ticked else '[ ]'} "
        return Strip([Segment(text, mark), *line])


class TradeScreen(ModalScreen[Action | None]):
    """Returns the ProposeTrade or CounterTrade to make, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]
    version = reactive(0, recompose=True)

    def __init__(self, session: Session, proposer: int, *,
                 counter: TradeOffer | None = None) -> None:
        super().__init__()
        self.session = session
        self.proposer = proposer
        self.counter = counter
        g = session.game
        others = [p for p in range(g.n) if g.in_game(p) and p != proposer]
        if counter is not None:
            # A counter-offer starts from the offer on the table, seen from this side.
            self.responder = counter.proposer
            self.preset = (counter.get, counter.give)
        else:
            self.responder = others[0]
            self.preset = (Bundle(), Bundle())
        self.others = others

    # -- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        g = self.session.game
        # A counter-offer goes back to one player; a new trade is between the two named.
        title = (f"Counter-offer to {g.names[self.responder]}" if self.counter else
                 f"Trade: {g.names[self.proposer]} and {g.names[self.responder]}")
        with Vertical(classes="dialog wide", id="trade"):
            yield Static(Text(title), classes="title")
            if self.counter is None and len(self.others) > 1:
                with Horizontal(classes="row"):
                    yield Static("With:", classes="label")
                    for p in self.others:
                        button = Button(Text(g.names[p]), id=f"with-{p}", compact=True,
                                        variant="primary" if p == self.responder else "default")
                        yield button
            with Horizontal(id="sides"):
                yield from self._side(self.proposer, "give", self.preset[0])
                yield from self._side(self.responder, "get", self.preset[1])
            yield Static(id="summary", classes="explain")
            with Horizontal(classes="row"):
                yield Button("Send the offer", variant="primary", id="send", compact=True)
                yield Button("Cancel (Escape)", id="cancel", compact=True)

    def _side(self, p: int, side: str, preset: Bundle) -> ComposeResult:
        g = self.session.game
        # Told to the proposer, as the summary below is: "You give", "Carl gives".
        gives = Voice(g, self.proposer).does(p, "gives", "give")
        with Vertical(classes="side"):
            yield Static(Text(gives, style=f"bold {player_colour(p)}"))
            deeds = []
            for sq in g.board.properties:
                if g.owner_of(sq) != p:
                    continue
                s = g.board.squares[sq]
                built = s.group >= 0 and any(g.houses_on(o) or g.hotels_on(o)
                                             for o in g.board.groups[s.group])
                prompt = Text()
                if s.group >= 0:
                    prompt.append("■ ", style=group_colour(g.board, s.group))
                prompt.append(s.name)
                state = deed_state(g, sq)
                if state == "mortgaged":
                    prompt.append(" (mortgaged)", style="red")
                if built:
                    prompt.append(" (sell the group's buildings first)", style="dim")
                deeds.append(Selection(prompt, sq, sq in preset.properties, disabled=built))
            if deeds:
                yield TickList(*deeds, id=f"{side}-deeds", compact=True)
            else:
                yield Static("no deeds", classes="explain")
            with Horizontal(classes="cash-row"):
                yield Static(f"cash (of {money(g, g.cash_of(p))}):", classes="label")
                yield Input(str(preset.cash) if preset.cash else "", type="integer",
                            placeholder="0", id=f"{side}-cash", compact=True)
            held = self._held(p)
            if held:
                wanted = list(preset.cards)
                cards = []
                for i, deck in enumerate(held):
                    ticked = deck in wanted
                    if ticked:
                        wanted.remove(deck)
                    name = DECK_NAMES[deck].replace("_", " ").title()
                    cards.append(Selection(Text(f"Get Out of Jail Free ({name})"), i, ticked))
                yield TickList(*cards, id=f"{side}-cards", compact=True)
            yield from self._terms(p, side, preset)

    def _terms(self, p: int, side: str, preset: Bundle) -> ComposeResult:
        """The terms this side may grant: immunity on its deeds, a share of their rent, a
        loan."""
        g = self.session.game
        rules = g.rules
        for kind, on, title in ((Immunity, rules.immunity, "rent immunity for the other on:"),
                                (RentShare, rules.profit_sharing,
                                 "a share of the rent for the other on:")):
            if on:
                yield from self._rent_term(p, side, kind, title, preset)
        if rules.partnerships and side == "give":
            # A partnership is both sides' alike: it is listed once, with the proposer's.
            groups = [t.group for t in preset.terms if isinstance(t, Partnership)]
            yield Static("a partnership in:", classes="label")
            yield TickList(*(Selection(Text(name.replace("_", " ")), i, name in groups)
                             for i, name in enumerate(g.board.group_names)),
                           id="partnerships", compact=True)
        loan = next((t for t in preset.terms if isinstance(t, Loan)), None)
        if rules.player_loans:
            with Horizontal(classes="cash-row"):
                yield Static("lend $", classes="label")
                yield Input(str(loan.amount) if loan else "", type="integer", placeholder="0",
                            id=f"{side}-loan", compact=True)
                yield Input(str(loan.percent) if loan else "", type="integer",
                            placeholder="interest %", id=f"{side}-loan-percent", compact=True)
                yield Input(str(loan.due_round) if loan else "", type="integer",
                            placeholder=f"due round ({g.round_number + 5})",
                            id=f"{side}-loan-round", compact=True)

    def _rent_term(self, p: int, side: str, kind: type[RentTerm], title: str,
                   preset: Bundle) -> ComposeResult:
        """Ticks for the deeds of a rent term (`side-WORD`), then its percentage and its
        landings or turns."""
        g = self.session.game
        term = next((t for t in preset.terms if type(t) is kind), None)
        deeds = [Selection(Text(g.board.squares[sq].name), sq,
                           term is not None and sq in term.squares)
                 for sq in g.board.properties if g.owner_of(sq) == p]
        if not deeds:
            return
        name = f"{side}-{kind.word}"
        yield Static(title, classes="label")
        yield TickList(*deeds, id=name, compact=True)
        landings = term.count if term and term.unit == "landings" else ""
        turns = term.count if term and term.unit == "turns" else ""
        with Horizontal(classes="cash-row"):
            yield Input(str(term.percent) if term else "", type="integer",
                        placeholder="100 %" if kind is Immunity else "50 %",
                        id=f"{name}-percent", compact=True)
            yield Input(str(landings), type="integer", placeholder="landings",
                        id=f"{name}-landings", compact=True)
            yield Input(str(turns), type="integer", placeholder="or turns",
                        id=f"{name}-turns", compact=True)

    def on_mount(self) -> None:
        self._update()

    # -- the offer -----------------------------------------------------------------------------

    def _held(self, p: int) -> list[int]:
        """The decks (0: Chance, 1: Community Chest, as a `Bundle` names them) of the Get Out
        of Jail Free cards the player holds, in the order held."""
        return [DECK_NAMES.index(deck) for deck in self.session.game.player(p).jail_cards]

    def _bundle(self, side: str, p: int) -> Bundle:
        deeds = self.query(f"#{side}-deeds")
        props = tuple(sorted(deeds.first(SelectionList).selected)) if deeds else ()
        text = self.query_one(f"#{side}-cash", Input).value.strip()
        cash = int(text) if text.isdigit() else 0
        cards_list = self.query(f"#{side}-cards")
        held = self._held(p)
        cards = tuple(held[i] for i in sorted(cards_list.first(SelectionList).selected)) \
            if cards_list else ()
        return Bundle(props, cash, cards, self._composed_terms(side))

    def _number(self, name: str, default: int) -> int:
        """A whole number typed in the input `name` (absent or empty: `default`)."""
        found = self.query(f"#{name}")
        text = found.first(Input).value.strip() if found else ""
        return int(text) if text.isdigit() else default

    def _composed_terms(self, side: str) -> tuple[Term, ...]:
        terms: list[Term] = []
        for kind, percent in ((Immunity, 100), (RentShare, 50)):
            name = f"{side}-{kind.word}"
            ticked = self.query(f"#{name}")
            squares = tuple(sorted(ticked.first(SelectionList).selected)) if ticked else ()
            if squares:
                turns = self._number(f"{name}-turns", 0)
                landings = self._number(f"{name}-landings", 0 if turns else 1)
                percent = self._number(f"{name}-percent", percent)
                terms.append(kind(squares, percent, landings, "landings") if landings
                             else kind(squares, percent, turns, "turns"))
        partners = self.query("#partnerships") if side == "give" else None
        if partners:
            names = self.session.game.board.group_names
            terms.extend(Partnership(names[i])
                         for i in sorted(partners.first(SelectionList).selected))
        amount = self._number(f"{side}-loan", 0)
        if amount:
            due = self._number(f"{side}-loan-round", self.session.game.round_number + 5)
            terms.append(Loan(amount, self._number(f"{side}-loan-percent", 0), due))
        return tuple(terms)

    def composed(self) -> Action:
        """The action the composed offer is, as it stands."""
        give = self._bundle("give", self.proposer)
        get = self._bundle("get", self.responder)
        if self.counter is not None:
            return CounterTrade(self.proposer, TradeOffer(self.proposer, -1, give, get))
        return ProposeTrade(self.proposer, TradeOffer(self.proposer, self.responder, give, get))

    def problem(self) -> str | None:
        for box in self.query(Input):
            text = box.value.strip()
            if text and not text.isdigit():
                return "amounts, percentages, counts and rounds are whole numbers"
        try:
            self.session.game.check(self.composed())
        except IllegalActionError as exc:
            return str(exc)
        return None

    def _update(self) -> None:
        g = self.session.game
        problem = self.problem()
        action = self.composed()
        assert isinstance(action, ProposeTrade | CounterTrade)
        offer = TradeOffer(self.proposer, self.responder, action.offer.give, action.offer.get)
        summary = Text(Voice(g, self.proposer).offer(offer) + ".")
        if problem:
            summary.append(f"\nNot yet: {problem}.", style="yellow")
        self.query_one("#summary", Static).update(summary)
        self.query_one("#send", Button).disabled = problem is not None

    def on_selection_list_selected_changed(self) -> None:
        self._update()

    def on_input_changed(self) -> None:
        self._update()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        name = event.button.id or ""
        if name.startswith("with-"):
            self.responder = int(name[5:])
            self.preset = (Bundle(), Bundle())
            self.version += 1
            self.call_after_refresh(self._update)
        elif name == "send" and self.problem() is None:
            self.dismiss(self.composed())
        elif name == "cancel":
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
