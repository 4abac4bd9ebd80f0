"""The hint (`h` in the terminal game): what the expert would do at the pending decision and
why, told to the player, computed by the expert's own search (no evaluator model)."""

from __future__ import annotations

import io
import subprocess
import sys

from review_scenes import ORANGE_TWO, session

from passgo.core import BidDecision, Decline, Roll
from passgo.plain import PlainGame
from passgo.review.hint import hint
from passgo.session import Session


def _at_the_buy() -> Session:
    s = session(ORANGE_TWO)
    s.apply(Roll(0))
    return s


def test_the_hint_says_to_buy_the_deed_that_completes_a_group() -> None:
    s = _at_the_buy()
    text = hint(s.game, 0)
    assert text.startswith("The expert suggests buying New York Avenue")
    assert text.endswith(".")


def test_a_hint_for_a_decision_that_is_not_yours_says_so() -> None:
    s = _at_the_buy()
    assert hint(s.game, 1) == "No decision of yours is pending: the game waits for Ann."


def test_the_plain_game_shows_the_hint_on_h() -> None:
    s = _at_the_buy()
    out = io.StringIO()
    PlainGame(s, out, io.StringIO("h\nquit\n")).run()
    lines = out.getvalue().splitlines()
    assert any(line.startswith("The expert suggests buying New York Avenue") for line in lines)
    assert any("'h' asks the expert for a hint" in line for line in lines)


def test_the_hint_loads_without_the_evaluator_or_numpy() -> None:
    """The hint must work with only the `play` extra installed."""
    code = ("import sys, passgo.review.hint, passgo.plain, passgo.tui.app; "
            "print(sorted(m for m in ('numpy', 'passgo.eval', 'passgo.agents.evaluator') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"



def test_in_an_auction_the_hint_says_how_far_to_bid() -> None:
    """Ann left New York Avenue to the auction; at her bid the expert names a limit (one of
    its own, or the strategic bot's) for that deed, never a bare amount."""
    s = _at_the_buy()
    s.apply(Decline(0))
    g = s.game
    while g.pending_player != 0:
        s.bot_step()
    assert isinstance(g.pending, BidDecision)
    text = hint(g, 0)
    assert text.startswith("The expert suggests ")
    assert ("for New York Avenue" in text or "staying out of the auction of New York Avenue"
            in text), text


def test_the_hint_for_a_throw_says_doubles_only_in_jail() -> None:
    """The throw out of jail is a try for doubles; any other throw is just the dice."""
    s = session(ORANGE_TWO)
    assert hint(s.game, 0) == "The expert suggests throwing the dice."
    from support import setup

    jailed = setup(("Ann", "Bea"), jailed={0: 1}, cash=[20, 1500])  # no fine to pay: throw
    assert jailed.in_jail(0)
    assert "throwing for doubles" in hint(jailed, 0)
