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
        app = PassgoApp(Session(g, [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")]),
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


def test_the_composer_offers_immunity_and_loans() -> None:
    """004 "Flexible negotiations": with immunity, profit sharing and loans on, each side of
    the composer grants rent immunity and a share of the rent on ticked deeds of its own and
    lends money; the offer sent carries them as terms."""
    from textual.widgets import Input

    from passgo.core import Immunity, Loan, Partnership, ProposeTrade, RentShare, Rules

    async def go() -> None:
        rules = Rules(immunity=True, player_loans=True, profit_sharing=True,
                      partnerships=True)
        g = setup(("Ann", "Bob"), rules=rules, owners={sq("Boardwalk"): 1})
        app = PassgoApp(Session(g, [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")]),
                        bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("t")
            await until(pilot, lambda: isinstance(app.screen, TradeScreen))
            screen = app.screen
            assert isinstance(screen, TradeScreen)
            immune = screen.query_one("#get-immunity", TickList)
            immune.select(sq("Boardwalk"))
            screen.query_one("#get-immunity-percent", Input).value = "50"
            screen.query_one("#get-immunity-turns", Input).value = "4"
            screen.query_one("#get-share", TickList).select(sq("Boardwalk"))
            screen.query_one("#get-share-landings", Input).value = "3"
            screen.query_one("#partnerships", TickList).select(7)  # dark blue
            screen.query_one("#give-loan", Input).value = "300"
            screen.query_one("#give-loan-percent", Input).value = "10"
            screen.query_one("#give-loan-round", Input).value = "6"
            await pilot.pause()
            action = screen.composed()
            assert isinstance(action, ProposeTrade)
            assert action.offer.get.terms == (Immunity((sq("Boardwalk"),), 50, 4, "turns"),
                                              RentShare((sq("Boardwalk"),), 50, 3))
            assert action.offer.give.terms == (Partnership("dark_blue"), Loan(300, 10, 6))
            assert "own between them" in (screen.problem() or "")  # Ann owns no dark blue
            screen.query_one("#partnerships", TickList).deselect(7)
            await pilot.pause()
            assert screen.problem() is None
            summary = str(screen.query_one("#summary").render())
            assert "loan of $300" in summary and "50% of the rent on Boardwalk" in summary
            screen.query_one("#give-loan", Input).value = "x"
            await pilot.pause()
            assert "whole numbers" in (screen.problem() or "")

    asyncio.run(go())
