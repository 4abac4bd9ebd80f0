"""`h` in the full-screen game: the expert's hint for the person's pending decision."""

from __future__ import annotations

import asyncio

from pilot_support import SIZE, until

from passgo.agents.spec import parse_spec
from passgo.core import Game, Roll
from passgo.session import Seat, Session
from passgo.tui.app import PassgoApp

# Ann holds two of the orange deeds; her throw brings her to the third, New York Avenue.
POSITION = '''
to_move = "Ann"
[[players]]
name = "Ann"
position = 13
[[players]]
name = "Bea"
[properties]
"St. James Place" = { owner = "Ann" }
"Tennessee Avenue" = { owner = "Ann" }
[dice]
script = [[2, 4]]
'''


def test_h_shows_the_hint_for_the_decision() -> None:
    async def go() -> None:
        g = Game.from_position(POSITION, seed=3)
        session = Session(g, [Seat("Ann", None), Seat("Bea", parse_spec("strategic"))])
        session.apply(Roll(0))
        app = PassgoApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("h")
            await until(pilot, lambda: bool(app._notifications))
            [note] = list(app._notifications)
            assert note.title == "Hint"
            assert note.message.startswith("The expert suggests buying New York Avenue")

    asyncio.run(go())
