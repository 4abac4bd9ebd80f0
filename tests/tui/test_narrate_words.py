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


def test_the_person_at_the_computer_is_you() -> None:
    from passgo.narrate import second_person as you

    assert you("You is in jail", "You") == "You are in jail"
    assert you("--- Turn: You ---", "You") == "--- Your turn ---"
    assert you("You gives Bob $50 for Boardwalk", "You") == "You give Bob $50 for Boardwalk"
    assert you("Bob gives Ann Boardwalk for $50", "Ann") == "Bob gives you Boardwalk for $50"
    assert you("Ann rolled 4+5 in jail: no doubles, stays in jail", "Ann") == (
        "You rolled 4+5 in jail: no doubles, stay in jail")
    assert you("Ann owes $50 to Bob (rent) and has $10", "Ann") == (
        "You owe $50 to Bob (rent) and have $10")
    assert you("Bob is bankrupt to Ann", "Ann") == "Bob is bankrupt to you"
    assert you("Ann's loan(s) passed to Bob", "Ann") == "Your loan(s) passed to Bob"
    assert you("Bob stays in jail", "Ann") == "Bob stays in jail"
    assert you("Annette rolled 3+4", "Ann") == "Annette rolled 3+4"
    assert you("Free market: You asks $90 for Baltic Avenue", "You") == (
        "Free market: you ask $90 for Baltic Avenue")
    assert you("Ann asks Bob $90 for Baltic Avenue", "Ann") == "You ask Bob $90 for Baltic Avenue"
    assert you("Agreement 1: Ann grants Bob immunity", "Ann") == (
        "Agreement 1: you grant Bob immunity")


def test_a_session_speaks_to_its_one_person() -> None:
    from passgo.core import Roll
    from passgo.session import Seat, Session

    g = Game.new(["Ann", "Bob"], seed=1, order="given", dice=[(1, 2)])
    s = Session(g, [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")])
    said = s.apply(Roll(0))
    assert said[0].startswith("You rolled 1+2") and s.log[-len(said):] == said
    both = Session(Game.new(["You", "Bob"], seed=1),
                   [Seat.parse("You", "human"), Seat.parse("Bob", "human")])
    assert both.you == 0 and both.speak("You is in jail") == "You are in jail"
    nobody = Session(Game.new(["Ann", "Bob"], seed=1),
                     [Seat.parse("Ann", "human"), Seat.parse("Bob", "human")])
    assert nobody.you is None and nobody.speak("Ann is in jail") == "Ann is in jail"
