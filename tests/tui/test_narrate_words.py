"""Sentences as a new player reads them."""

from __future__ import annotations

from passgo import Game
from passgo.core import Event
from passgo.narrate import sentences


def test_landing_on_go_is_one_sentence_not_two() -> None:
    g = Game.new(["Ann", "Bob"], seed=1)
    events = [Event("dice", 0, dice=(3, 4)), Event("move", 0, 0, 7),
              Event("receive", 0, -1, 200, -1, "salary")]
    assert sentences(g, events) == ["Ann rolled 3+4, landed on GO and collected $200"]
    passing = [Event("dice", 0, dice=(3, 4)), Event("move", 0, 5, 7),
               Event("receive", 0, -1, 200, -1, "salary")]
    (text,) = sentences(g, passing)
    assert text.startswith("Ann rolled 3+4, passed GO and collected $200, and landed on ")
