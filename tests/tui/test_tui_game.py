"""The full-screen game driven by Textual's pilot, as a person would play it: keys and clicks.

One whole game from a crafted position (Ann, a person, against two basic bots), with scripted
dice so that it passes through every kind of decision the issue lists: buying, an auction,
building, a mortgage, a trade, taking over a bankrupt bot's mortgaged deeds, raising funds with
what is still owed on screen, and Ann's own bankruptcy, which ends the game.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from pilot_support import SIZE, button, text_of, until

from passgo.core import Build, Buy, DeclareBankruptcy, Decline, Game, KeepMortgage, Mortgage
from passgo.session import Seat, Session
from passgo.tui.app import PassgoApp
from passgo.tui.board import SquareCell
from passgo.tui.decision import ActionButton
from passgo.tui.deeds import DeedsScreen
from passgo.tui.dialogs import ConfirmScreen, PathScreen, ResultsScreen
from passgo.tui.trade import TradeScreen
from support import setup, sq

PARK_PLACE, BOARDWALK, BALTIC = sq("Park Place"), sq("Boardwalk"), sq("Baltic Avenue")
READING, ORIENTAL, VIRGINIA = sq("Reading Railroad"), sq("Oriental Avenue"), sq("Virginia Avenue")


def crafted() -> Game:
    """Ann (seat 0) to roll from Short Line, owning Park Place, Reading and Oriental; Bob has
    the other light blues and $60; Cy has hotels on the pink group."""
    return setup(
        ("Ann", "Bob", "Cy"),
        # Ann: doubles to Boardwalk, then to Baltic past GO; Bob to Boardwalk; Cy to Jail
        # (just visiting); Ann to Virginia Avenue.
        dice=[(2, 2), (1, 3), (2, 4), (4, 6), (5, 6)],
        cash=[600, 60, 1500],
        pos=[35, 33, 0],
        owners={PARK_PLACE: 0, READING: 0, ORIENTAL: 0, sq("Vermont Avenue"): 1,
                sq("Connecticut Avenue"): 1, sq("St. Charles Place"): 2,
                sq("States Avenue"): 2, VIRGINIA: 2},
        levels={sq("St. Charles Place"): 5, sq("States Avenue"): 5, VIRGINIA: 5},
    )


async def play_whole_game(tmp_path: Path) -> None:
    game = crafted()

    def buildings(square: int) -> tuple[int, int]:
        return game.houses_on(square), game.hotels_on(square)

    session = Session(game, [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic"),
                             Seat.parse("Cy", "basic")])
    app = PassgoApp(session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # The board is drawn: names, and Ann's token on Short Line.
        cells = {c.square: str(c.render()) for c in app.query(SquareCell)}
        assert "Boardwalk" in cells[BOARDWALK] and "GO" in cells[0]
        assert "A" in cells[sq("Short Line")]

        # Roll with the key "1"; buy Boardwalk with the mouse.
        await pilot.press("1")
        await until(pilot, lambda: game.pending.kind == "buy")
        assert "Boardwalk" in text_of(app)
        await pilot.click(button(app, Buy))
        await until(pilot, lambda: game.owner_of(BOARDWALK) == 0 and game.pending.kind == "roll")

        # Doubles: roll again, land on Baltic Avenue and let it go to auction.
        await pilot.press("1")
        await until(pilot, lambda: game.pending.kind == "buy")
        await pilot.click(button(app, Decline))
        # Bob cannot afford to bid and leaves, Cy bids; Ann types her bid.
        await until(pilot, lambda: game.pending.kind == "bid" and game.pending.player == 0)
        amount = app.query_one("#amount")
        amount.value = ""  # type: ignore[attr-defined]
        await pilot.click(amount)
        await pilot.press("6", "1", "enter")
        await until(pilot, lambda: game.pending.kind == "end_turn")
        assert game.owner_of(BALTIC) == 0 and game.cash_of(0) == 600 - 400 + 200 - 61

        # Business at the end of the turn: mortgage Reading, then build evenly.
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, DeedsScreen))
        await pilot.click(button(app, Mortgage, square=READING))
        await until(pilot, lambda: game.is_mortgaged(READING))
        await pilot.click(button(app, Build, square=PARK_PLACE))
        await until(pilot, lambda: buildings(PARK_PLACE) == (1, 0))
        # Only legal placements are offered: Boardwalk must catch up before Park Place.
        builds = [b.game_action.square for b in app.screen.query(ActionButton)
                  if isinstance(b.game_action, Build)]
        assert builds == [BOARDWALK]
        await pilot.click(button(app, Build, square=BOARDWALK))
        await until(pilot, lambda: buildings(BOARDWALK) == (1, 0))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, DeedsScreen))

        # A trade: Oriental Avenue to Bob (it completes his group) for $50.
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TradeScreen))
        trade = app.screen
        assert isinstance(trade, TradeScreen) and trade.responder == 1
        trade.query_one("#give-deeds").select(ORIENTAL)  # type: ignore[attr-defined]
        await pilot.click("#get-cash")
        await pilot.press("5", "0")
        await until(pilot, lambda: not trade.query_one("#send").disabled)
        await pilot.click("#send")
        await until(pilot, lambda: game.owner_of(ORIENTAL) == 1)
        assert game.cash_of(0) == 89 and game.cash_of(1) == 10

        # End the turn: Bob lands on Boardwalk, cannot pay $200 and goes bankrupt to Ann,
        # who decides on each mortgaged deed she receives.
        await pilot.press("1")
        await until(pilot, lambda: game.pending.kind == "mortgaged_deed")
        assert not game.in_game(1)
        for deed in (ORIENTAL, sq("Vermont Avenue"), sq("Connecticut Avenue")):
            await until(pilot, lambda d=deed: game.pending.kind == "mortgaged_deed"  # type: ignore[misc]
                        and game.pending.square == d)  # type: ignore[attr-defined]
            await pilot.click(button(app, KeepMortgage))
        # Cy's turn passes; Ann rolls onto Virginia Avenue with a hotel: $900 she cannot pay.
        await until(pilot, lambda: game.pending.kind == "roll" and game.pending.player == 0)
        await pilot.press("1")
        await until(pilot, lambda: game.pending.kind == "raise_funds")
        assert "$657 still to raise" in text_of(app)
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, DeedsScreen))
        await pilot.click(button(app, Mortgage, square=BALTIC))
        await until(pilot, lambda: game.is_mortgaged(BALTIC))
        await pilot.press("escape")
        await until(pilot, lambda: "$627 still to raise" in text_of(app))

        # Bankruptcy is offered (selling and mortgaging everything cannot cover $900), and
        # asked again before it is final.
        await pilot.click(button(app, DeclareBankruptcy))
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.click("#yes")
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert game.over and game.winner == 2
        results = app.screen
        assert "Cy wins" in str(results.query_one(".title").render())

        # Save the full game log from the results.
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, PathScreen))
        log_file = tmp_path / "log.txt"
        app.screen.query_one("#path").value = str(log_file)  # type: ignore[attr-defined]
        await pilot.click("#ok")
        await until(pilot, log_file.exists)
        log = log_file.read_text()
        # Ann is the one person at this computer: the log speaks to her as "you".
        assert "You won Baltic Avenue for $61" in log
        assert "Bob is bankrupt to you" in log and "Game over: Cy wins" in log

        await pilot.press("q")
    assert app.return_code == 0


def test_whole_game_with_every_kind_of_decision(tmp_path: Path) -> None:
    asyncio.run(play_whole_game(tmp_path))
