"""The full-screen game: the board, a panel per player, the log and the decision panel.

The app holds a `Session` and does three things with it: it shows the game (redrawn after
every action), it turns a person's clicks and keys into actions (`choose`), and it lets the
bots move on a timer at a pace the player controls (`schedule`). All rules live in the
engine; every choice offered comes from `game.legal_actions`, and every action goes through
`game.apply`, so the app can offer nothing the rules forbid.

Bots wait while a dialog is open, so a person composing a trade or building houses between
two bot moves sees the game hold still. The session saves the game after every action (unless
saving is off: then quitting an unfinished game is confirmed first).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from passgo.clock import describe
from passgo.core import (
    Action,
    CallTime,
    ClaimRent,
    DeclareBankruptcy,
    IllegalActionError,
    RaiseFundsDecision,
    SmashBoard,
    TradeReplyDecision,
)
from passgo.narrate import Voice, rules_name
from passgo.review.hint import hint
from passgo.session import Session, SessionError, keep_unfinished, resume_command
from passgo.tui.board import BoardGrid, SquareClicked
from passgo.tui.decision import Chose, DecisionPanel
from passgo.tui.deeds import DeedsScreen
from passgo.tui.dialogs import (
    ConfirmScreen,
    DeedCardScreen,
    GameDialog,
    HelpScreen,
    PathScreen,
    ResultsScreen,
    SeatScreen,
    TooSmallScreen,
)
from passgo.tui.log import SHOWN, EventLog
from passgo.tui.pace import Pace
from passgo.tui.players import PlayerPanel
from passgo.tui.trade import TradeScreen

# The smallest terminal the board and panels fit in (columns, rows).
MIN_SIZE = (118, 35)
# The keys, always on screen. (Textual's Footer rebuilds itself whenever the focus moves,
# which here is after every action: too slow for the few keys that never change.)
KEY_LINE = Text.assemble(*(
    part for key, what in (
        ("?", "help"), ("1-9", "answer"), ("a", "rent"), ("b", "deeds"), ("t", "trade"),
        ("+/-", "speed"), ("s", "skip"), ("c", "call time"), ("^s", "save as"),
        ("^o", "open"), ("q", "quit"),
    ) for part in ((f" {key} ", "bold reverse"), f" {what}  ")
))
# While bots play at once, the screen is redrawn (and the game saved) this often, in seconds.
BURST = 0.05

R = TypeVar("R")


class GameView(Horizontal):
    """The board with the decision panel and log in its middle, and the player panels."""

    def __init__(self, session: Session, pace: Pace) -> None:
        super().__init__(id="game")
        self.session = session
        self.pace = pace

    def compose(self) -> ComposeResult:
        s = self.session
        centre = Vertical(DecisionPanel(s, self.pace), EventLog(), id="centre")
        yield BoardGrid(s.game, centre)
        yield VerticalScroll(*[PlayerPanel(s, p) for p in range(s.game.n)], id="players")


class PassgoApp(App[int]):
    """`passgo play` in full screen. Give it a Session (a new game, a loaded one, or a test
    position) and run it."""

    CSS_PATH = "passgo.tcss"
    TITLE = "passgo"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help"),
        Binding("h", "hint", "Hint"),
        Binding("b", "deeds", "Deeds & buildings"),
        Binding("t", "trade", "Trade"),
        Binding("a", "ask_rent", "Ask for rent"),
        Binding("minus", "slower", "Slower"),
        Binding("plus", "faster", "Faster"),
        Binding("equals_sign", "faster", "Faster", show=False),
        Binding("s", "skip", "Skip ahead"),
        Binding("r", "results", "Results", show=False),
        Binding("l", "save_log", "Save log", show=False),
        Binding("ctrl+s", "save_as", "Save as"),
        Binding("ctrl+o", "open", "Open"),
        Binding("q", "quit", "Quit"),
        Binding("p", "letter('p')", "Leave the auction", show=False),
        Binding("d", "deed", "Deed cards"),
        Binding("c", "call_time", "Call time"),
        Binding("x", "smash", "Smash the board", show=False),
        *[Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)],
    ]

    def __init__(self, session: Session, bot_delay: float = 0.6,
                 notice: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.notice = notice
        self.pace = Pace(bot_delay)
        self._timer: Timer | None = None
        self._results_shown = False
        self._too_small: TooSmallScreen | None = None
        self._save_error = ""
        self._asked_to_quit = False

    # -- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="top")
        yield GameView(self.session, self.pace)
        yield Static(KEY_LINE, id="keys")

    def on_mount(self) -> None:
        self.query_one(EventLog).add(self.session.log[-SHOWN:])
        self.refresh_view()
        self._check_size(self.size.width, self.size.height)
        if self.notice:
            self.notify(self.notice[0].upper() + self.notice[1:] + ".", timeout=15)
        self.schedule()
        if self.session.clock is not None:
            self.set_interval(1.0, self._clock_tick)

    def refresh_view(self) -> None:
        """Redraw everything from the game, and let open dialogs follow it."""
        s = self.session
        g = s.game
        top = Text(" passgo ", style="bold reverse")
        top.append(f"  round {g.round_number + 1}")
        if not g.over:
            top.append(f"  ·  {Voice(g, s.you).Poss(g.turn_player)} turn")
        bank = g.bank
        top.append(f"  ·  Bank: {bank.houses} houses, {bank.hotels} hotels")
        top.append(f"  ·  rules: {rules_name(g.rules)}")
        left = s.time_left()
        if left is not None:
            top.append(f"  ·  {describe(left)}", style="bold")
        if s.you is not None and g.is_angel_of_death(s.you):
            top.append("  ·  " + ("you may smash the board (x)" if g.may_smash(s.you)
                                  else "you are the Angel of Death"), style="bold red")
        top.append(f"  ·  {self.pace.describe()}", style="dim")
        self.query_one("#top", Static).update(top)
        self.query_one(BoardGrid).refresh_squares()
        for panel in self.query(PlayerPanel):
            panel.refresh_panel()
        person = not s.finished and s.is_human(s.waiting_for)
        self.query_one(DecisionPanel).show(focus=person and not self._dialog_open())
        for screen in self.screen_stack:
            if isinstance(screen, GameDialog):
                screen.game_changed()

    def _dialog_open(self) -> bool:
        return len(self.screen_stack) > 1

    # -- the flow of the game ------------------------------------------------------------------

    def schedule(self) -> None:
        """What happens next: a bot moves after the delay, a person is asked, or the game
        has ended and the results are shown."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        s = self.session
        if s.finished:
            self._save()
            if not self._results_shown and not self._dialog_open():
                self._results_shown = True
                self._open(ResultsScreen(s))
            return
        if not s.bot_to_move():
            self.pace.skipping = False
            self._save()
            return
        if not self._dialog_open():
            # A zero-second Textual timer divides by zero: the shortest wait is 1 ms.
            delay = 0.001 if self.pace.instant else max(0.001, self.pace.delay)
            self._timer = self.set_timer(delay, self._bot_tick)

    def _bot_tick(self) -> None:
        self._timer = None
        s = self.session
        if self._dialog_open():
            return
        said: list[str] = []
        deadline = time.monotonic() + BURST
        while s.bot_to_move() and not s.give_up_if_stuck():
            step = s.bot_step()
            if step is None:
                break
            said += step
            if not self.pace.instant or time.monotonic() > deadline:
                break
        self._save()
        self.query_one(EventLog).add(said)
        self.refresh_view()
        self.schedule()

    def choose(self, action: Action) -> None:
        """A person's action: declaring bankruptcy is confirmed first, as it is final."""
        if isinstance(action, DeclareBankruptcy):
            debt = self.session.game.pending
            voice = Voice(self.session.game, action.player)
            creditor = (voice.name(debt.creditor) if isinstance(debt, RaiseFundsDecision)
                        else "your creditor")
            question = (f"Declare bankruptcy? You leave the game and {creditor} takes "
                        "everything.")
            self._open(ConfirmScreen(question, "Declare bankruptcy"),
                       lambda yes: self.act(action) if yes else None)
            return
        self.act(action)

    def act(self, action: Action) -> bool:
        try:
            said = self.session.apply(action)
        except IllegalActionError as exc:
            self.notify(str(exc), title="Not possible", severity="error")
            return False
        self._after(said)
        return True

    def on_chose(self, message: Chose) -> None:
        self.choose(message.action)

    def on_square_clicked(self, message: SquareClicked) -> None:
        self._open(DeedCardScreen(self.session, message.square))

    # -- dialogs -------------------------------------------------------------------------------

    def _open(self, screen: Screen[R | None], then: Callable[[R], Any] | None = None, *,
              over_too_small: bool = False) -> None:
        """Show a dialog; when it closes, run `then` with its result and let bots go on.
        Nothing opens over the too-small notice (the game is not visible behind it) but what
        it offers itself (`over_too_small`: asking before quitting)."""
        if self._too_small is not None and not over_too_small:
            return

        def closed(result: R | None) -> None:
            if then is not None and result is not None:
                then(result)
            self.refresh_view()
            self.schedule()

        self.push_screen(screen, closed)

    def _as_person(self, what: str, then: Callable[[int], Any]) -> None:
        """Run `then` for the person acting: the only one, or the one chosen (hot seat)."""
        people = self.session.humans_in_game()
        if not people:
            self.notify("No person is in the game any more.")
            return
        deciding = self.session.waiting_for
        if deciding in people:
            people.remove(deciding)
            people.insert(0, deciding)
        if len(people) == 1:
            then(people[0])
        else:
            self._open(SeatScreen(self.session, people, what), then)

    def action_deeds(self) -> None:
        if self.session.finished:
            return
        self._as_person("manages deeds and buildings",
                        lambda p: self._open(DeedsScreen(self.session, p)))

    def action_trade(self) -> None:
        if self.session.finished:
            return

        def compose(p: int) -> None:
            self._open(TradeScreen(self.session, p), self.choose)

        self._as_person("proposes a trade", compose)

    def action_counter(self) -> None:
        reply = self.session.game.pending
        if isinstance(reply, TradeReplyDecision) and self.session.is_human(reply.player):
            self._open(TradeScreen(self.session, reply.player, counter=reply.offer),
                       self.choose)

    def action_ask_rent(self) -> None:
        """Ask for the rent a person is owed (rule sets where owners must ask in time, 000:
        "The owner may not collect the rent if he/she fails to ask for it before the second
        player following throws the dice"): the oldest waiting, whoever the game waits for."""
        if self._dialog_open():
            return
        g = self.session.game
        for claim in g.rent_claims:
            if self.session.is_human(claim.owner):
                self.act(ClaimRent(claim.owner, claim.square))
                return
        self.notify("No rent is waiting for you to ask for it.", timeout=4)

    def _clock_tick(self) -> None:
        """Every second: the time left on screen, and time called when it has run out."""
        if self._too_small is not None or self.session.finished:
            return
        said = self.session.tick()
        if said:
            self._after(said)
        else:
            self.refresh_view()

    def action_call_time(self) -> None:
        """Call time before the clock runs out (000: the "hour of termination" is agreed by
        the players, who may agree to end sooner); confirmed first, as it is final."""
        s = self.session
        if self._dialog_open() or s.finished:
            return
        if s.game.time_called or not s.game.is_legal(CallTime(s.caller())):
            self.notify("This game does not end by time, or time was called already.",
                        timeout=4)
            return
        what = ("the Angel of Death may then smash the board" if s.game.rules.sudden_death
                else "the richest player wins")
        self._open(ConfirmScreen(f"Call time now? {what[0].upper() + what[1:]}.", "Call time"),
                   lambda yes: self._after(s.call_time()) if yes else None)

    def action_smash(self) -> None:
        """Sudden death: the person who is the Angel of Death smashes the board."""
        s = self.session
        if self._dialog_open() or s.you is None or not s.game.may_smash(s.you):
            return
        self._open(ConfirmScreen("Smash the board? The game ends without a winner.",
                                 "Smash the board"),
                   lambda yes: self.act(SmashBoard(s.you)) if yes and s.you is not None
                   else None)

    def _after(self, said: list[str]) -> None:
        self._save()
        self.query_one(EventLog).add(said)
        self.refresh_view()
        self.schedule()

    def action_deed(self) -> None:
        """A deed card from the keyboard: the deed being decided on, else the one where the
        deciding player stands, else the first; arrows step through all of them."""
        if self._dialog_open():
            return
        g = self.session.game
        deeds = list(g.board.properties)
        pending = getattr(g.pending, "square", None)
        here = g.square_of(g.pending_player) if g.pending_player >= 0 else -1
        square = next((sq for sq in (pending, here) if sq in deeds), deeds[0])
        self._open(DeedCardScreen(self.session, square))

    def action_letter(self, letter: str) -> None:
        if not self._dialog_open():
            self.query_one(DecisionPanel).press_letter(letter)

    def action_pick(self, number: int) -> None:
        if not self._dialog_open():
            self.query_one(DecisionPanel).press_choice(number)

    def action_faster(self) -> None:
        self.pace.faster()
        self._pace_changed()

    def action_slower(self) -> None:
        self.pace.slower()
        self._pace_changed()

    def action_skip(self) -> None:
        if self.session.bot_to_move():
            self.pace.skipping = True
            self._pace_changed()

    def _pace_changed(self) -> None:
        self.refresh_view()
        self.schedule()

    def action_help(self) -> None:
        self._open(HelpScreen(self.session))

    def action_hint(self) -> None:
        """What the expert would do at the decision a person faces (`passgo.review.hint`)."""
        s = self.session
        if s.finished or not s.is_human(s.waiting_for):
            self.notify("A hint is for a decision of yours: none is pending.", timeout=4)
            return
        self.notify(hint(s.game, s.waiting_for), title="Hint", timeout=20)

    def action_results(self) -> None:
        if self.session.finished:
            self._open(ResultsScreen(self.session))

    def action_save_log(self) -> None:
        default = Path.cwd() / f"passgo-log-{self.session.game.seed}.txt"

        def write(path: Path) -> None:
            try:
                self.session.write_log(path)
            except OSError as exc:
                self.notify(f"Cannot write {path}: {exc.strerror or exc}", severity="error")
            else:
                self.notify(f"Game log saved to {path} ({len(self.session.log)} lines).")

        self._open(PathScreen("Save the full game log to", default, "Save the log"), write)

    def action_save_as(self) -> None:
        default = Path.cwd() / "passgo-game.json"

        def write(path: Path) -> None:
            try:
                kept = self.session.save_copy(path)
            except SessionError as exc:
                self.notify(str(exc), severity="error")
            else:
                aside = f" (what was in it is kept as {kept})" if kept is not None else ""
                self.notify(f"Game saved to {path}{aside}: {resume_command(path)}",
                            timeout=15 if kept is not None else 5)

        self._open(PathScreen("Save the game to", default, "Save"), write)

    def action_open(self) -> None:
        default = Path.cwd() / "passgo-game.json"

        def load(path: Path) -> None:
            target = self.session.save_path
            try:
                loaded = Session.load(path, target)
                # The game being left stays on disk: it is moved aside, not overwritten.
                kept = keep_unfinished(target) if target is not None else None
            except SessionError as exc:
                self.notify(str(exc), title="Cannot open", severity="error")
                return
            except OSError as exc:
                self.notify(f"Cannot keep the current game: {exc.strerror or exc}",
                            severity="error")
                return
            if kept is not None:
                self.notify(f"The game you left was kept as {kept}.", timeout=15)
            self.call_later(self._replace_session, loaded)

        self._open(PathScreen("Open a saved game in place of this one", default, "Open"),
                   load)

    async def _replace_session(self, loaded: Session) -> None:
        # The save file stays this app's: its lock goes to the game that now plays in it.
        loaded.lock, self.session.lock = self.session.lock, None
        self.session.close()
        self.session = loaded
        loaded.dirty = True  # the autosave file now follows the game that was opened
        self._results_shown = False
        view = self.query_one(GameView)
        view.session = loaded
        await view.recompose()
        self.query_one(EventLog).add(loaded.log[-SHOWN:])
        self.notify(f"Opened a game of {', '.join(loaded.game.names)}.")
        self.refresh_view()
        self.schedule()

    async def action_quit(self) -> None:
        """Quit. An unfinished game that is not saved (`--no-save`) would be lost, so that is
        asked first; asked already (ctrl+q over the question), it quits."""
        s = self.session
        if s.save_path is None and not s.finished and not self._asked_to_quit:
            self._asked_to_quit = True

            def answered(yes: bool) -> None:
                self._asked_to_quit = False
                if yes:
                    self.exit(0)

            self._open(ConfirmScreen("Quit? This game is not saved: quitting loses it.",
                                     "Quit"), answered, over_too_small=True)
            return
        self._save()
        self.exit(0)

    def _save(self) -> None:
        """Autosave; a save that fails is said once, and the game goes on (the next action
        tries again)."""
        try:
            self.session.checkpoint()
        except SessionError as exc:
            if str(exc) != self._save_error:
                self._save_error = str(exc)
                self.notify(str(exc), title="Not saved", severity="error", timeout=15)
        else:
            self._save_error = ""

    # -- terminal size -------------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if small and self._too_small is None:
            self._too_small = TooSmallScreen(MIN_SIZE, self.session)
            self.push_screen(self._too_small)
        elif small and self._too_small is not None:
            self._too_small.show_size(width, height)
        elif not small and self._too_small is not None:
            screen, self._too_small = self._too_small, None
            if self.screen is screen:
                self.pop_screen()
            self.refresh_view()
            self.schedule()

