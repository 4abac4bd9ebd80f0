"""What the game says about quitting: the help's line on `q` and the too-small notice name the
file the game is saved to (`--save FILE`)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pilot_support import SIZE, screen_text, until

from passgo.core import Game
from passgo.session import Seat, Session, resume_command
from passgo.tui.app import PassgoApp
from passgo.tui.decision import ActionButton
from passgo.tui.dialogs import HelpScreen, TooSmallScreen

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
