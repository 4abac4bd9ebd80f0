"""The keyboard in dialogs: the button with the focus is plain to see (the deeds dialog, the
bankruptcy confirmation), and after a move in the deeds dialog the focus stays on the move's
button, or on the one that took its place, instead of going back to the first."""

from __future__ import annotations

import asyncio

from pilot_support import SIZE, button, until

from passgo.core import Build, Mortgage, Rules, Unmortgage
from passgo.session import Seat, Session
from passgo.tui.app import PassgoApp
from passgo.tui.decision import ActionButton
from passgo.tui.deeds import DeedsScreen
from passgo.tui.dialogs import ConfirmScreen
from support import setup, sq

ANN_BOB = [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")]
MED, ORIENTAL, VERMONT, CONNECTICUT = (sq(n) for n in (
    "Mediterranean Avenue", "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"))
OWNERS = {MED: 0, ORIENTAL: 0, VERMONT: 0, CONNECTICUT: 0}


def reversed_(widget: ActionButton | object) -> bool:
    return bool(widget.styles.text_style.reverse)  # type: ignore[attr-defined]


def test_the_focused_button_of_a_dialog_is_marked() -> None:
    async def go() -> None:
        app = PassgoApp(Session(setup(("Ann", "Bob"), owners=OWNERS), ANN_BOB), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("b")
            await until(pilot, lambda: isinstance(app.screen, DeedsScreen))
            # The keyboard starts on the first move, not on the list around it.
            first, second = list(app.screen.query(ActionButton))[:2]
            await until(pilot, lambda: app.focused is first)
            assert reversed_(first) and not reversed_(second)
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, DeedsScreen))
            app.push_screen(ConfirmScreen("Declare bankruptcy?", "Declare bankruptcy"))
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            no, yes = app.screen.query_one("#no"), app.screen.query_one("#yes")
            assert app.focused is no and reversed_(no) and not reversed_(yes)

    asyncio.run(go())


async def press_in_deeds(rules: Rules, action: type, square: int) -> tuple[int, int, str]:
    """Focus the deeds dialog's button of `action` on `square` and press Enter: its place
    among the buttons before, and after the move the place of the focused button and what
    it does."""
    g = setup(("Ann", "Bob"), rules=rules, owners=OWNERS)
    app = PassgoApp(Session(g, ANN_BOB), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, DeedsScreen))
        pressed = button(app, action, square=square)
        place = list(app.screen.query(ActionButton)).index(pressed)
        before = len(g.history)
        pressed.focus()
        await pilot.press("enter")
        await until(pilot, lambda: len(g.history) > before)
        await pilot.pause()
        now = list(app.screen.query(ActionButton))
        focused = app.focused
        assert isinstance(focused, ActionButton)
        return place, now.index(focused), focused.game_action.text()


def test_after_a_move_the_focus_stays_on_its_button_or_the_next() -> None:
    # Built evenly, Oriental takes no second house now: the button in its place has the focus.
    place, after, _ = asyncio.run(press_in_deeds(Rules(), Build, ORIENTAL))
    assert place > 0 and after == place
    # A mortgaged deed's button is its lift, in the same place.
    place, after, text = asyncio.run(press_in_deeds(Rules(), Mortgage, MED))
    assert after == place and text == Unmortgage(0, MED).text()
    # Building in any order, the same button builds again.
    place, after, text = asyncio.run(press_in_deeds(Rules(uneven_building=True), Build,
                                                    ORIENTAL))
    assert after == place and text == Build(0, ORIENTAL).text()
