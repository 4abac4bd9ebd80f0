"""The help, the header, the deeds dialog and the end of the game speak of the rules in play:
under the Short game, its name, three houses to a hotel, and the end at the first bankruptcy,
never "the classic rules" or "bankruptcy 1"."""

from __future__ import annotations

import asyncio

from pilot_support import SIZE, screen_text, until

from passgo.core import DeclareBankruptcy, Game, Roll, Rules
from passgo.narrate import question, sentences
from passgo.session import Seat, Session
from passgo.tui.app import PassgoApp
from passgo.tui.deeds import DeedsScreen
from passgo.tui.dialogs import HelpScreen
from support import setup, sq

ANN_BOB = [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")]


def test_the_help_header_and_deeds_dialog_follow_the_rules_in_play() -> None:
    async def go() -> None:
        game = Game.new(["Ann", "Bob"], Rules.preset("short-1"), seed=1)
        app = PassgoApp(Session(game, ANN_BOB), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            top = str(app.query_one("#top").render())
            assert "rules: Short game" in top and "changes" not in top
            await pilot.press("?")
            await until(pilot, lambda: isinstance(app.screen, HelpScreen))
            text = " ".join(screen_text(app).split())
            assert "The rules: Short game, the official short game" in text
            assert "classic" not in text and "The last player left wins" not in text
            assert "The game ends at the first bankruptcy, and the richest player wins." in text
            await pilot.press("escape")
            await pilot.press("b")
            await until(pilot, lambda: isinstance(app.screen, DeedsScreen))
            text = " ".join(screen_text(app).split())
            assert "a hotel takes 3 houses" in text

    asyncio.run(go())


def test_the_end_of_a_short_game_is_said_in_words() -> None:
    """Bob, without a dollar, lands on Ann's Boardwalk and goes bankrupt: the short game is
    over, and the richest of Ann and Cy wins."""
    g = setup(("Ann", "Bob", "Cy"), rules=Rules.preset("short-1"), cash=[1500, 0, 1400],
              pos=[0, sq("Park Place"), 0], owners={sq("Boardwalk"): 0}, dice=[(1, 1)],
              to_move=1)
    g.apply(Roll(1))
    told = sentences(g, g.apply(DeclareBankruptcy(1)))
    assert g.end_reason == "bankruptcy 1"
    words = "the game ends at the first bankruptcy, and the richest player wins"
    assert question(g).endswith(f"({words})") and f"({words})" in told[-1]
    assert "bankruptcy 1" not in question(g) + " ".join(told)
