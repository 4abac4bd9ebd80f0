"""The trade dialog without a mouse: ticked and unticked lines differ by a mark, not only by
colour, and the line the keyboard is on is marked."""

from __future__ import annotations

import asyncio

from pilot_support import SIZE, until

from passgo.session import Seat, Session
from passgo.tui.app import PassgoApp
from passgo.tui.trade import TickList, TradeScreen
from support import setup, sq


def lines(widget: TickList) -> list[str]:
    return [widget.render_line(y).text for y in range(widget.option_count)]


def test_ticks_are_marks_and_the_focus_is_visible() -> None:
    async def go() -> None:
        g = setup(("Ann", "Bob"), owners={sq("Baltic Avenue"): 0, sq("Boardwalk"): 0,
                                          sq("Park Place"): 1})
        app = PassgoApp(Session(g, [Seat("Ann", "human"), Seat("Bob", "basic")]),
                        bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("t")
            await until(pilot, lambda: isinstance(app.screen, TradeScreen))
            mine = app.screen.query_one("#give-deeds", TickList)
            mine.focus()
            await pilot.pause()
            shown = lines(mine)
            assert all("[ ]" in line for line in shown) and "[x]" not in " ".join(shown)
            assert shown[0].startswith(">[ ]") and not shown[1].startswith(">")
            await pilot.press("space")
            await pilot.pause()
            shown = lines(mine)
            assert shown[0].startswith(">[x]") and "Baltic Avenue" in shown[0]
            await pilot.press("down")
            await pilot.pause()
            shown = lines(mine)
            assert shown[0].startswith(" [x]") and shown[1].startswith(">[ ]")
            await pilot.press("tab")
            await pilot.pause()
            assert not any(line.startswith(">") for line in lines(mine))

    asyncio.run(go())
