"""The decision panel: what the game waits for, and a button for every choice the rules allow.

Buttons come from `game.legal_actions`, so the panel offers exactly the legal choices and
nothing else; the keys 1-9 press the numbered ones. Amounts (bids, buildings wanted in a
shortage) are typed into a box bounded by the engine's range; beside it the digits are the
amount's, and the buttons are pressed by Enter and letters instead. While a bot decides, the panel
shows what it is deciding and the pace controls; business (deeds, buildings, trades) is open
from here at any time, as the rules allow.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from passgo.core import (
    BUSINESS_ACTIONS,
    AcceptTrade,
    Action,
    Bid,
    BidDecision,
    BuildDemandDecision,
    ClaimRent,
    Game,
    RejectTrade,
    SealedBidDecision,
    TradeReplyDecision,
    WantBuildings,
)
from passgo.narrate import (
    debt_line,
    describe_action,
    explain,
    money,
    offered_order,
    question,
    routine,
)
from passgo.session import Session
from passgo.tui.pace import Pace
from passgo.tui.theme import player_colour

# With more choices than this, an amount is typed instead of picked from buttons.
MANY = 6


class Chose(Message):
    """A person chose an action (from a button, a key or a typed amount)."""

    def __init__(self, action: Action) -> None:
        super().__init__()
        self.action = action


class ActionButton(Button):
    """A button that carries the game action it stands for."""

    def __init__(self, label: str, action: Action, variant: str = "default",
                 classes: str = "") -> None:
        # Text, not a string: names typed by players must not be read as markup.
        super().__init__(Text(label), variant, classes=classes,  # type: ignore[arg-type]
                         compact=True)
        self.game_action = action
        self.letter: str | None = None  # a letter key that presses it (in an auction)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(Chose(self.game_action))


class AmountInput(Input):
    """A box for a whole amount that leaves every other key to the game, so b, t, ? and q
    still work while it has the keyboard."""

    def __init__(self, value: int, low: int, high: int) -> None:
        super().__init__(str(value), type="integer", id="amount", compact=True,
                         placeholder=f"{low}..{high}", tooltip=f"from {low} to {high}")
        self.low = low
        self.high = high

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character.isdigit()

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable and not (event.character or "").isdigit():
            panel = next((a for a in self.ancestors if isinstance(a, DecisionPanel)), None)
            if panel is not None and event.character and panel.press_letter(event.character):
                event.prevent_default()
                event.stop()
                return
            # Not typed here: run the game's key for it instead (b, t, ?, q, ...).
            event.prevent_default()
            event.stop()
            active = self.screen.active_bindings.get(event.key)
            if active is not None and active.enabled:
                await self.app.run_action(active.binding.action, active.node)


def label(game: Game, action: Action) -> str:
    """The words on a choice's button."""
    return describe_action(game, action)


class DecisionPanel(Vertical):
    """Recomposed whenever the game changes (`show`)."""

    version = reactive(0, recompose=True)

    def __init__(self, session: Session, pace: Pace) -> None:
        super().__init__(id="decision")
        self.session = session
        self.pace = pace
        self._focus = False

    def show(self, focus: bool = False) -> None:
        """Redraw from the game; `focus` puts the keyboard on the first answer afterwards."""
        self._focus = focus
        self.version += 1

    async def recompose(self) -> None:
        await super().recompose()
        if self._focus:
            self.focus_first()

    def compose(self) -> ComposeResult:
        s = self.session
        g = s.game
        if s.finished:
            yield from self._finished()
            return
        yield from self._claims()
        p = g.pending_player
        if s.is_human(p):
            yield from self._person(p)
        else:
            yield from self._bot(p)

    # -- the pieces ----------------------------------------------------------------------------

    def _finished(self) -> Iterator[Widget]:
        g = self.session.game
        if g.over:
            text = f"{question(g, self.session.you)}."
        else:
            text = "The bots could not finish the game; it stops here."
        yield Static(Text(text), classes="question")
        yield Horizontal(
            Button("Results (r)", action="app.results", compact=True),
            Button("Save the game log (l)", action="app.save_log", compact=True),
            Button("Quit (q)", action="app.quit", compact=True),
            classes="row",
        )

    def _claims(self) -> Iterator[Widget]:
        """Rent that a person must ask for in time, whoever the game waits for."""
        g = self.session.game
        for p in self.session.humans_in_game():
            for a in g.business_actions(p):
                if isinstance(a, ClaimRent):
                    yield ActionButton(f"{g.names[p]}: {label(g, a)}", a, "warning",
                                       classes="claim")

    def _heading(self, p: int, text: str) -> Static:
        heading = Static(Text(text, style=f"bold {player_colour(p)}"), classes="question")
        return heading

    def _person(self, p: int) -> Iterator[Widget]:
        g = self.session.game
        decision = g.pending
        asked = question(g, p)
        yield self._heading(p, f"{g.names[p]}: {asked}" if self.session.hot_seat() else asked)
        owed = debt_line(g, p, p)
        if owed:
            yield Static(Text(owed), classes="debt")
        if not routine(decision):
            yield Static(Text(explain(g)), classes="explain")
        options = [a for a in g.legal_actions(p) if not isinstance(a, BUSINESS_ACTIONS)]
        # The widget differs only where an answer is an amount or an offer; every other
        # decision is its numbered legal choices, worded by `passgo.narrate`.
        match decision:
            case BidDecision() | SealedBidDecision():
                yield from self._bid(p, options)
            case BuildDemandDecision() if len(options) > MANY:
                yield from self._want(decision)
            case TradeReplyDecision():
                yield from self._trade_reply(offered_order(options))
            case _:
                yield from self._numbered(options)
        yield self._business_row()

    def _numbered(self, options: list[Action]) -> Iterator[Widget]:
        g = self.session.game
        buttons = [
            ActionButton(f"{i} {label(g, a)}", a, "primary" if i == 1 else "default",
                         classes="choice")
            for i, a in enumerate(options, 1)
        ]
        if len(buttons) > 3:
            yield Vertical(*buttons, classes="choices")
        elif buttons:
            yield Horizontal(*buttons, classes="row")

    def _bid(self, p: int, options: list[Action]) -> Iterator[Widget]:
        """The bid box and its keys. An answer here is an amount, so the digits always type
        it and no button is numbered (a bid of 150 must not press button 1 on its way): Enter
        bids what the box says and p leaves, from the box too, and also when there is no box
        because the player cannot afford the lowest bid."""
        g = self.session.game
        row: list[Widget] = []
        span = g.bid_range(p)
        if span is not None:
            low, high = span
            row += [
                Static("Your bid:", classes="label"),
                AmountInput(low, low, high),
                Button(f"Enter Bid (up to {money(g, high)})", "primary", id="bid",
                       compact=True, classes="keyed"),
            ]
        for a in options:
            if not isinstance(a, Bid):  # passing: leaving the auction, or writing no bid
                button = ActionButton(f"p {label(g, a)}", a, classes="keyed")
                button.letter = "p"
                row.append(button)
        yield Horizontal(*row, classes="row")

    def _want(self, decision: BuildDemandDecision) -> Iterator[Widget]:
        """How many of the short buildings: an amount, typed like a bid and sent with Enter."""
        low, high = decision.min_wanted, decision.max_wanted
        yield Horizontal(
            Static("How many:", classes="label"),
            AmountInput(low, low, high),
            Button(f"Enter Want this many ({low} to {high})", "primary", id="want",
                   compact=True, classes="keyed"),
            classes="row",
        )

    def _trade_reply(self, options: list[Action]) -> Iterator[Widget]:
        g = self.session.game
        buttons: list[Button] = []
        for a in options:
            if isinstance(a, AcceptTrade):
                text, variant = "Accept", "success"
            elif isinstance(a, RejectTrade):
                text, variant = "Reject", "error"
            else:
                text, variant = label(g, a), "default"
            buttons.append(ActionButton(f"{len(buttons) + 1} {text}", a, variant,
                                        classes="choice"))
        buttons.append(Button(f"{len(buttons) + 1} Counter-offer...", id="counter",
                              action="app.counter", compact=True, classes="choice"))
        yield Horizontal(*buttons, classes="row")

    def _business_row(self) -> Horizontal:
        return Horizontal(
            Button("Deeds & buildings (b)", action="app.deeds", compact=True),
            Button("Trade (t)", action="app.trade", compact=True),
            Button("Help (?)", action="app.help", compact=True),
            classes="row business",
        )

    def _bot(self, p: int) -> Iterator[Widget]:
        s = self.session
        g = s.game
        yield self._heading(p, f"{g.names[p]} ({s.seats[p].kind} bot) is deciding: "
                               f"{question(g).split(': ', 1)[-1]}")
        people = s.humans_in_game()
        skip = "Skip ahead (s)" if people else "Skip to the end (s)"
        note = (f"{self.pace.describe()}." if people else
                f"No person is left in the game. {self.pace.describe()}.")
        yield Static(note, classes="explain")
        yield Horizontal(
            Button("Slower (-)", action="app.slower", compact=True),
            Button("Faster (+)", action="app.faster", compact=True),
            Button(skip, action="app.skip", compact=True, variant="primary"),
            classes="row",
        )
        if people:
            yield self._business_row()

    # -- typed amounts and numbered keys -------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id in ("bid", "want"):
            event.stop()
            self._submit_amount()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit_amount()

    def _submit_amount(self) -> None:
        """Send the amount typed, once it lies in the range the box was made for (the
        engine's: `bid_range`, the decision's `min_wanted` to `max_wanted`); outside it, say
        what the range is and send nothing."""
        g = self.session.game
        decision = g.pending
        p = decision.player
        box = self.query_one("#amount", AmountInput)
        text = box.value.strip()
        if not text.isdigit():
            self.notify("Type a whole number.", severity="error")
            return
        amount = int(text)
        if isinstance(decision, BuildDemandDecision):
            if not box.low <= amount <= box.high:
                self.notify(f"Say from {box.low} to {box.high}.", severity="error")
                return
            self.post_message(Chose(WantBuildings(p, amount)))
            return
        if amount < box.low:
            self.notify(f"The lowest bid is {money(g, box.low)}.", severity="error")
        elif amount > box.high:
            self.notify(f"A bid cannot be above your cash ({money(g, box.high)}).",
                        severity="error")
        else:
            self.post_message(Chose(Bid(p, amount)))

    def press_letter(self, letter: str) -> bool:
        """The choice whose key is this letter (in an auction), pressed; False if none."""
        for choice in self.query(ActionButton):
            if choice.letter == letter:
                choice.press()
                return True
        return False

    def press_choice(self, number: int) -> None:
        """Key `number` presses the numbered choice (1 = the first)."""
        choices = list(self.query(".choice").results(Button))
        if 1 <= number <= len(choices):
            choices[number - 1].press()

    def focus_first(self) -> None:
        """Put the keyboard on the first thing to answer: the amount box, else choice 1, else
        the first button pressed by a letter or Enter (leaving an auction)."""
        for widget in (*self.query("#amount"), *self.query(".choice"), *self.query(".keyed")):
            if widget.focusable:
                widget.focus()
                return
