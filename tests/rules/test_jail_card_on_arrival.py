"""`Rules.jail_card_on_arrival`, the whole sentence: a player sent to jail by the Go to Jail
square uses a Get Out of Jail Free card held, or may buy one from another player at that
moment, and only then goes to Just Visiting.

Rule file: 003 = Wikibooks summary: "If the player lands on the Go to Jail square, he must move
his token to Jail (without passing Go). If the player has a Get Out of Jail Free card or can
buy one from another player, he moves his token to the 'Just Visiting' part of the square."
"""

from __future__ import annotations

from passgo.core import (
    AcceptTrade,
    Bundle,
    JailCardPurchaseDecision,
    ProposeTrade,
    Refuse,
    RejectTrade,
    Roll,
    Rules,
    TradeOffer,
)
from passgo.core.board import DECK_CHANCE
from passgo.core.events import LeftJail
from support import setup

RULES = Rules(jail_card_on_arrival=True)
CARD_FOR_50 = TradeOffer(0, 1, Bundle(cash=50), Bundle(cards=(DECK_CHANCE,)))


def _sent_to_jail(**kw: object) -> object:
    g = setup(["Ann", "Bob"], rules=kw.pop("rules", RULES), dice=[(2, 3)], pos=[25, 0],
              jail_cards={1: ["chance"]}, **kw)  # type: ignore[arg-type]
    g.apply(Roll(0))  # 25 + 5: Go to Jail
    return g


def test_a_card_bought_at_that_moment_is_used_and_the_player_is_just_visiting() -> None:
    """"... or can buy one from another player, he moves his token to the 'Just Visiting'
    part of the square": Ann, without a card, may buy Bob's; once bought it is used."""
    g = _sent_to_jail()
    d = g.pending
    assert isinstance(d, JailCardPurchaseDecision) and d.player == 0 and d.holders == (1,)
    assert g.in_jail(0)
    g.apply(ProposeTrade(0, CARD_FOR_50))
    events = g.apply(AcceptTrade(1))
    assert LeftJail(0, "bought_card") in events
    assert not g.in_jail(0) and g.square_of(0) == 10
    assert g.player(0).jail_cards == () and g.player(1).jail_cards == ()
    assert g.cash_of(0) == 1450 and g.cash_of(1) == 1550
    assert g.decks[DECK_CHANCE][-1] == g.board.card_index(DECK_CHANCE, "get-out-of-jail-free")[0]
    assert g.pending.kind == "end_turn"


def test_a_refused_offer_leaves_the_choice_and_going_to_jail_ends_it() -> None:
    """Buying needs a seller: after Bob refuses, Ann may offer again or go to jail."""
    g = _sent_to_jail()
    g.apply(ProposeTrade(0, CARD_FOR_50))
    g.apply(RejectTrade(1, "not for $50"))
    assert isinstance(g.pending, JailCardPurchaseDecision)
    g.apply(Refuse(0))
    assert g.in_jail(0) and g.player(1).jail_cards == ("chance",)
    assert g.pending.kind == "end_turn"


def test_nobody_to_buy_from_means_jail_at_once() -> None:
    """Without a card anywhere there is nothing to buy: straight to jail, as the classic
    rules have it."""
    g = setup(["Ann", "Bob"], rules=RULES, dice=[(2, 3)], pos=[25, 0])
    g.apply(Roll(0))
    assert g.in_jail(0) and g.pending.kind == "end_turn"


def test_a_card_bought_spares_the_lawyer_and_a_refusal_asks_for_one() -> None:
    """With `jail_lawyer` too, the lawyer is asked only when no card is bought."""
    rules = Rules(jail_card_on_arrival=True, jail_lawyer=100)
    g = _sent_to_jail(rules=rules)
    g.apply(ProposeTrade(0, CARD_FOR_50))
    g.apply(AcceptTrade(1))
    assert not g.in_jail(0) and g.pending.kind == "end_turn"
    g = _sent_to_jail(rules=rules)
    g.apply(Refuse(0))
    assert g.pending.kind == "lawyer"
