"""Sentences as a new player reads them: the person at this computer in the second person,
everyone else by name, made from the typed events (never by rewriting finished text)."""

from __future__ import annotations

from passgo import Game
from passgo.core import Bundle, TradeOffer
from passgo.core.events import (
    Bankrupt,
    Debt,
    DiceThrown,
    LoansPassed,
    Moved,
    Payment,
    RentAsked,
    StayedInJail,
    TradeOffered,
    TurnStarted,
)
from passgo.narrate import explain, question, sentences
from support import setup

GO_SALARY = Payment(None, 0, 200, "salary")


def test_landing_on_go_is_one_sentence_not_two() -> None:
    g = Game.new(["Ann", "Bob"], seed=1)
    events = [DiceThrown(0, (3, 4), False), Moved(0, 33, 0, 7, True, "throw"), GO_SALARY]
    assert sentences(g, events) == ["Ann rolled 3+4, landed on GO and collected $200"]
    passing = [DiceThrown(0, (3, 4), False), Moved(0, 38, 5, 7, True, "throw"), GO_SALARY]
    (text,) = sentences(g, passing)
    assert text.startswith("Ann rolled 3+4, passed GO and collected $200, and landed on ")


def test_the_viewer_is_you_and_everyone_else_has_a_name() -> None:
    g = Game.new(["Ann", "Bob"], seed=1)
    offer = TradeOffer(1, 0, Bundle((39,)), Bundle(cash=50))
    # (events, told to Ann, told to Bob, told to a spectator)
    cases = [
        ([TurnStarted(0, 2)], "--- Round 3: your turn ---", "--- Round 3: Ann's turn ---",
         "--- Round 3: Ann's turn ---"),
        ([DiceThrown(0, (4, 5), False), StayedInJail(0, 1)],
         "You rolled 4+5 in jail: no doubles, stay in jail",
         "Ann rolled 4+5 in jail: no doubles, stays in jail",
         "Ann rolled 4+5 in jail: no doubles, stays in jail"),
        ([Debt(0, 1, 50, "rent")], "You owe $50 to Bob (rent) and have to raise funds",
         "Ann owes $50 to you (rent) and has to raise funds",
         "Ann owes $50 to Bob (rent) and has to raise funds"),
        ([Bankrupt(1, 0, "rent")], "Bob is bankrupt to you", "You are bankrupt to Ann",
         "Bob is bankrupt to Ann"),
        ([LoansPassed(0, 1, 1)], "Your loans passed to Bob", "Ann's loans passed to you",
         "Ann's loans passed to Bob"),
        ([RentAsked(0, 1, 1, 90)], "You ask Bob $90 for Mediterranean Avenue",
         "Ann asks you $90 for Mediterranean Avenue",
         "Ann asks Bob $90 for Mediterranean Avenue"),
        ([TradeOffered(offer)], "Bob offers you Boardwalk for $50",
         "You offer Ann Boardwalk for $50", "Bob offers Ann Boardwalk for $50"),
        ([Payment(1, 0, 50, "rent")], "Bob paid you $50 (rent)", "You paid Ann $50 (rent)",
         "Bob paid Ann $50 (rent)"),
    ]
    for events, to_ann, to_bob, to_spectator in cases:
        assert sentences(g, events, 0) == [to_ann]
        assert sentences(g, events, 1) == [to_bob]
        assert sentences(g, events, None) == [to_spectator]


def test_a_session_speaks_to_its_one_person() -> None:
    from passgo.core import Roll
    from passgo.session import Seat, Session

    g = Game.new(["Ann", "Bob"], seed=1, order="given", dice=[(1, 2)])
    s = Session(g, [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")])
    said = s.apply(Roll(0))
    assert said[0].startswith("You rolled 1+2") and s.log[-len(said):] == said
    both = Session(Game.new(["You", "Bob"], seed=1),
                   [Seat.parse("You", "human"), Seat.parse("Bob", "human")])
    assert both.you == 0
    nobody = Session(Game.new(["Ann", "Bob"], seed=1),
                     [Seat.parse("Ann", "human"), Seat.parse("Bob", "human")])
    assert nobody.you is None and nobody.viewer() == nobody.game.pending_player


def test_the_jail_question_offers_only_what_may_be_done() -> None:
    """Short of the fine, paying it is not offered: the question says why (the player may
    raise the cash first); with a card, the card is offered; after the turns on which the fine
    may be paid first, neither the fine nor a reason is said."""
    short = setup(("Ann", "Bob"), cash=[30, 1500], jailed={0: 0})
    assert question(short, 0) == "Roll for doubles (the $50 fine is more than your cash)"
    assert question(short, 1) == ("Waiting for Ann (in jail) to roll for doubles (the $50 fine "
                                  "is more than Ann's cash)")
    assert "You have only $30" in explain(short)
    rich = setup(("Ann", "Bob"), jailed={0: 0}, jail_cards={0: ["chance"]})
    assert question(rich, 0) == ("Roll for doubles, pay the $50 fine or use a Get Out of Jail "
                                 "Free card?")
    late = setup(("Ann", "Bob"), cash=[30, 1500], jailed={0: 2})
    assert question(late, 0) == "Roll for doubles"
