"""What the game says about quitting: the help's line on `q` and the too-small notice name the
file the game is saved to (`--save FILE`); a game that is not saved asks before it quits."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pilot_support import SIZE, screen_text, until

from passgo.core import Game
from passgo.session import Seat, Session, resume_command
from passgo.tui.app import PassgoApp
from passgo.tui.decision import ActionButton
from passgo.tui.dialogs import ConfirmScreen, HelpScreen, TooSmallScreen

ANN_BOB = [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")]


def test_the_hints_to_continue_name_the_save_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    resume = resume_command(path)
    assert resume.endswith(f"--resume {path}")

    async def go() -> None:
        app = PassgoApp(Session(Game.new(["Ann", "Bob"], seed=1), ANN_BOB, path), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.focused, ActionButton))
            await pilot.press("?")
            await until(pilot, lambda: isinstance(app.screen, HelpScreen))
            assert f"{resume} continues" in screen_text(app)
            await pilot.press("escape")
            await pilot.resize_terminal(80, 30)
            await until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
            assert f"`{resume} --plain`" in " ".join(screen_text(app).split())

    asyncio.run(go())


def test_without_saving_the_help_says_so_and_quitting_is_asked_first() -> None:
    """`--no-save`: quitting loses an unfinished game, so the help and the too-small notice
    say the game is not saved and `q` asks first; No (Escape) goes back to the game, Quit
    quits."""
    async def go() -> None:
        app = PassgoApp(Session(Game.new(["Ann", "Bob"], seed=1), ANN_BOB), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.focused, ActionButton))
            await pilot.press("?")
            await until(pilot, lambda: isinstance(app.screen, HelpScreen))
            help_text = screen_text(app)
            assert "this game is not saved" in help_text
            assert "--resume" not in help_text and "saved after every action" not in help_text
            await pilot.press("escape")
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            assert "not saved" in screen_text(app)
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
            assert app.is_running
            # The too-small notice offers q too, and it asks there as well.
            await pilot.resize_terminal(80, 30)
            await until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
            assert "not saved" in screen_text(app) and "--resume" not in screen_text(app)
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.click("#yes")
            await until(pilot, lambda: not app.is_running)

    asyncio.run(go())


def test_a_saved_game_quits_at_once(tmp_path: Path) -> None:
    async def go() -> None:
        app = PassgoApp(Session(Game.new(["Ann", "Bob"], seed=1), ANN_BOB, tmp_path / "s.json"),
                        bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.focused, ActionButton))
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running)

    asyncio.run(go())
