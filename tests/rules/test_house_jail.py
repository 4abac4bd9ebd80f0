"""House rules about jail: maximum punishment, the lawyer, and the Get Out of Jail Free card
after the last failed throw.

Rule texts: the "Rules variants" of /work/shared/rules/004_109ac7f621e3664c.txt (Maximum
punishment and its variation), and its "Commonly missed rules" on jail ("If you fail to roll
doubles three times in a row, you have to pay the $50, or use a 'Get out of jail free' card if
you have one.") against the classic 000 ("you must pay the $50 fine").

Squares: 3 Baltic Avenue, 7 Chance, 10 Jail / Just Visiting, 13 States Avenue, 30 Go To Jail,
33 Community Chest, 37 Park Place, 39 Boardwalk.
"""

from __future__ import annotations

from passgo.core import Game, Rules
from passgo.core.actions import (
    AskRent,
    Build,
    Bundle,
    ClaimRent,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    ForceAuction,
    HireLawyer,
    Mortgage,
    NoLawyer,
    Pass,
    PayJailFine,
    ProposeTrade,
    Refuse,
    Roll,
    SwitchRent,
    TradeOffer,
    Unmortgage,
    UseJailCard,
)
from passgo.core.board import DECK_CHANCE
from passgo.core.events import JailCardUsed, Jailed, LawyerHired, LeftJail, Payment, RentWaived
from support import BOARD, assert_illegal, kinds, money_total, setup

PUNISH = Rules(maximum_punishment=True)
LAWYER = Rules(jail_lawyer=100)
CARD_RULE = Rules(jail_card_after_third_throw=True)
GOOJF_CH = BOARD.card_index(DECK_CHANCE, "get-out-of-jail-free")[0]


def reload(g: Game) -> Game:
    return Game.from_json(g.to_json())


# -- maximum punishment ------------------------------------------------------------------------


def test_jailed_owner_collects_no_rent() -> None:
    """"A player in Jail may not collect rent" (004 Maximum punishment): the rent is not
    charged."""
    g = setup(rules=PUNISH, dice=[(1, 2)], jailed={1: 0}, owners={3: 1})
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "move", "rent_waived"]
    assert events[2] == RentWaived(0, 1, 3, "owner_jailed") and g.cash == [1500, 1500]
    # Just Visiting is not jail: the rent is paid.
    g = setup(rules=PUNISH, dice=[(1, 2)], pos=[0, 10], owners={3: 1})
    g.apply(Roll(0))
    assert g.cash == [1496, 1504]


def test_jailed_player_buys_no_buildings() -> None:
    """"A player in Jail may not ... buy buildings\""""
    g = setup(rules=PUNISH, jailed={1: 0}, owners={37: 1, 39: 1})
    assert_illegal(g, Build(1, 39))
    assert not any(isinstance(a, Build) for a in g.legal_actions(1))
    free = setup(rules=PUNISH, owners={37: 1, 39: 1})
    assert Build(1, 39) in free.legal_actions(1)


def test_jailed_player_mortgages_nothing() -> None:
    """"A player in Jail may not ... mortgage property." (lifting a mortgage is not
    forbidden)."""
    g = setup(rules=PUNISH, jailed={1: 0}, owners={37: 1, 39: 1}, mortgaged=[37])
    assert_illegal(g, Mortgage(1, 39))
    legal = g.legal_actions(1)
    assert not any(isinstance(a, Mortgage) for a in legal) and Unmortgage(1, 37) in legal


def test_jailed_player_is_no_bidder() -> None:
    """"A player in Jail may not ... participate in any auctions": the Bank asks only the
    others."""
    g = setup(("Ann", "Bob", "Cy"), rules=PUNISH, dice=[(1, 2)], jailed={1: 0})
    g.apply(Roll(0))
    g.apply(Decline(0))
    asked = []
    while g.pending.kind == "bid":
        asked.append(g.pending.player)
        g.apply(Pass(g.pending.player))
    assert asked == [2, 0]


def test_jailed_player_trades_only_at_the_jail_square() -> None:
    """"He or she may only make trades with another player in Jail or any player at Just
    Visiting.\""""
    offer = TradeOffer(0, 1, Bundle((), 100, ()), Bundle((3,), 0, ()))
    g = setup(("Ann", "Bob", "Cy"), rules=PUNISH, jailed={1: 0}, pos=[5, 10, 10],
              owners={3: 1, 1: 2})
    assert_illegal(g, ProposeTrade(0, offer))
    assert g.trade_problem(offer) is not None
    g = setup(("Ann", "Bob", "Cy"), rules=PUNISH, jailed={1: 0, 2: 0}, pos=[10, 10, 10],
              owners={3: 1, 1: 2})
    assert g.trade_problem(offer) is None  # Ann is Just Visiting
    with_cy = TradeOffer(1, 2, Bundle((3,), 0, ()), Bundle((1,), 0, ()))
    assert g.trade_problem(with_cy) is None  # both in jail
    free = setup(rules=PUNISH, pos=[5, 20], owners={3: 1})
    assert free.trade_problem(offer) is None


def test_jailed_player_may_not_force_an_auction() -> None:
    """"A player in Jail may not ... participate in any auctions" (004 Maximum punishment),
    so under Option to auction ("any other player can immediately start an auction for that
    property by bidding twice the normal purchase price") a jailed player is not asked: forcing
    the auction is its opening bid."""
    rules = Rules(maximum_punishment=True, option_to_auction=True)
    g = setup(("Ann", "Bob", "Cy"), rules=rules, dice=[(1, 2)], jailed={1: 0})
    g.apply(Roll(0))
    assert g.pending.kind == "auction_option" and g.pending.player == 2
    assert_illegal(g, ForceAuction(1))
    g.apply(Refuse(2))
    assert g.pending.kind == "buy" and g.pending.player == 0
    # Alone with a jailed player, the lander decides at once.
    g = setup(rules=rules, dice=[(1, 2)], jailed={1: 0})
    g.apply(Roll(0))
    assert g.pending.kind == "buy"


def test_jailed_owner_collects_no_rent_asked_for_in_jail() -> None:
    """"A player in Jail may not collect rent": where rent must be asked for (000: "The owner
    may not collect the rent if he/she fails to ask for it before the second player following
    throws the dice."), an owner who is in jail by then may not ask for it."""
    rules = Rules(maximum_punishment=True, rent_claim="before_second_roll")
    g = setup(rules=rules, dice=[(1, 2), (2, 4)], pos=[0, 24], owners={3: 1})
    g.apply(Roll(0))  # Ann on Baltic Avenue: $4 due to Bob when he asks
    g.apply(EndTurn(0))
    g.apply(Roll(1))  # Bob on Go To Jail
    assert g.jailed[1] and g.rent_claims
    assert ClaimRent(1, 3) not in g.legal_actions(1)
    assert_illegal(g, ClaimRent(1, 3))
    assert g.cash == [1500, 1500]


def test_jailed_owner_switched_to_under_free_market_collects_no_rent() -> None:
    """"A player in Jail may not collect rent", and 004 Free market: "they may instead pay rent
    to any other owner of one the other properties in the group, paying whatever rent that
    owner requests": a lander who switches to a jailed owner's street pays nothing there."""
    rules = Rules(maximum_punishment=True, free_market=True)
    g = setup(("Ann", "Bob", "Cy"), rules=rules, dice=[(3, 3)], pos=[10, 0, 10],
              owners={16: 1, 18: 2}, levels={16: 1, 18: 1}, jailed={2: 0})
    g.apply(Roll(0))  # St. James Place, Bob's, one house
    g.apply(AskRent(1, 70))
    events = g.apply(SwitchRent(0, 18))  # to Cy's Tennessee Avenue
    assert g.pos[0] == 18
    assert RentWaived(0, 2, 18, "owner_jailed") in events
    assert g.pending.kind != "ask_rent" and g.cash == [1500, 1500, 1500]


def test_jailed_debtor_may_not_mortgage_to_pay() -> None:
    """"may not ... mortgage property": a jailed debtor who could pay only by mortgaging may
    declare bankruptcy."""
    g = setup(rules=PUNISH, dice=[(2, 3)], pos=[28, 10], cash=[1500, 0], jailed={1: 0},
              owners={39: 1}, community_chest=["grand-opera"])
    g.apply(Roll(0))  # "Collect $50 from every player"
    assert g.pending.kind == "raise_funds" and g.pending.player == 1
    assert g.legal_actions(1) == [DeclareBankruptcy(1)]
    g.apply(DeclareBankruptcy(1))
    assert g.owner[39] == 0 and g.over


# -- the lawyer --------------------------------------------------------------------------------


def test_lawyer_places_the_player_on_just_visiting() -> None:
    """"A player may pay $100 immediately upon reaching jail to be placed in Just Visiting, and
    thus avoid a turn in jail." (004 Maximum punishment, variations)."""
    g = setup(rules=LAWYER, dice=[(2, 3), (4, 6), (1, 2)], pos=[25, 0])
    total = money_total(g)
    events = g.apply(Roll(0))
    assert events[-1] == Jailed(0, 10, "square") and g.jailed[0]
    assert g.pending.kind == "lawyer" and g.pending.player == 0
    assert g.legal_actions(0) == [HireLawyer(0), NoLawyer(0)]
    g = reload(g)
    events = g.apply(HireLawyer(0))
    assert events == [Payment(0, None, 100, "lawyer"), LawyerHired(0, 100, 10)]
    assert g.cash[0] == 1400 and not g.jailed[0] and g.pos[0] == 10
    assert g.pending.kind == "end_turn" and money_total(g) == total
    g.apply(EndTurn(0))
    g.apply(Roll(1))
    g.apply(EndTurn(1))
    assert g.pending.kind == "roll"
    g.apply(Roll(0))
    assert g.pos[0] == 13


def test_no_lawyer_goes_to_jail() -> None:
    """"A player may pay": or go to jail as usual."""
    g = setup(rules=LAWYER, dice=[(3, 4)], chance=["go-to-jail"])
    g.apply(Roll(0))
    assert g.pending.kind == "lawyer"
    assert kinds(g.apply(NoLawyer(0))) == []
    assert g.jailed[0] and g.pending.kind == "end_turn" and g.cash[0] == 1500


def test_lawyer_needs_the_fee() -> None:
    """"Good lawyers are expensive.": without the fee, only jail."""
    g = setup(rules=LAWYER, dice=[(2, 3)], pos=[25, 0], cash=[99, 1500])
    g.apply(Roll(0))
    assert g.legal_actions(0) == [NoLawyer(0)]
    assert_illegal(g, HireLawyer(0))
    assert_illegal(g, NoLawyer(1))
    assert_illegal(g, Roll(0))


def test_lawyer_after_three_doubles() -> None:
    """"immediately upon reaching jail": however the player was sent there (here three doubles,
    on the player's own deeds)."""
    g = setup(rules=LAWYER, dice=[(3, 3), (1, 1), (2, 2)], owners={6: 0, 8: 0})
    g.apply(Roll(0))
    g.apply(Roll(0))
    g.apply(Roll(0))
    assert g.jailed[0] and g.pending.kind == "lawyer"
    g.apply(HireLawyer(0))
    assert g.pending.kind == "end_turn" and not g.jailed[0]


def test_lawyer_fee_is_not_a_fine_for_the_pot() -> None:
    """The lawyer is paid by the Bank's rules, not fined: with the Free Parking jackpot, the
    fee goes to the Bank."""
    rules = Rules(jail_lawyer=100, free_parking_jackpot=True)
    g = setup(rules=rules, dice=[(2, 3)], pos=[25, 0])
    g.apply(Roll(0))
    g.apply(HireLawyer(0))
    assert g.pot == 0 and g.bank_flow == 100
    assert_illegal(setup(), HireLawyer(0))


# -- a Get Out of Jail Free card after the last failed throw ----------------------------------


def test_card_instead_of_the_fine_after_the_third_throw() -> None:
    """"If you fail to roll doubles three times in a row, you have to pay the $50, or use a
    'Get out of jail free' card if you have one." (004 Commonly missed rules): then the player
    moves by that throw."""
    g = setup(rules=CARD_RULE, dice=[(1, 2)], jailed={0: 2}, jail_cards={0: ["chance"]})
    events = g.apply(Roll(0))
    assert kinds(events) == ["dice", "jail_free"]
    assert events[1] == LeftJail(0, "third_throw")
    assert g.pending.kind == "jail_exit" and g.pending.player == 0
    assert g.legal_actions(0)[:2] == [PayJailFine(0), UseJailCard(0)]
    assert_illegal(g, Roll(0))
    assert_illegal(g, PayJailFine(1))
    g = reload(g)
    events = g.apply(UseJailCard(0))
    assert kinds(events)[:2] == ["jail_card", "move"]
    assert events[0] == JailCardUsed(0, "chance")
    assert g.cards[0] == [] and g.decks[DECK_CHANCE][-1] == GOOJF_CH
    assert g.cash[0] == 1500 and g.pos[0] == 13 and g.pending.kind == "buy"


def test_fine_after_the_third_throw_keeps_the_card() -> None:
    """"you have to pay the $50, or use" the card: paying keeps it."""
    g = setup(rules=CARD_RULE, dice=[(1, 2)], jailed={0: 2}, jail_cards={0: ["chance"]})
    g.apply(Roll(0))
    events = g.apply(PayJailFine(0))
    assert kinds(events)[:2] == ["payment", "move"]
    assert events[0] == Payment(0, None, 50, "jail fine")
    assert g.cash[0] == 1450 and len(g.cards[0]) == 1 and g.pos[0] == 13


def test_fine_after_the_third_throw_may_be_raised() -> None:
    """The fine is owed like any debt: a player short of cash raises it, then moves."""
    g = setup(rules=CARD_RULE, dice=[(1, 2)], jailed={0: 2}, jail_cards={0: ["chance"]},
              cash=[20, 1500], owners={39: 0})
    g.apply(Roll(0))
    g.apply(PayJailFine(0))
    assert g.pending.kind == "raise_funds"
    g.apply(Mortgage(0, 39))
    assert g.cash[0] == 170 and g.pos[0] == 13 and g.pending.kind == "buy"


def test_no_choice_without_a_card_or_without_the_rule() -> None:
    """"or use a 'Get out of jail free' card if you have one": without one the fine is simply
    paid; and the classic rules say "you must pay the $50 fine" (000) even with a card."""
    g = setup(rules=CARD_RULE, dice=[(1, 2)], jailed={0: 2})
    events = g.apply(Roll(0))
    assert kinds(events)[:4] == ["dice", "jail_free", "payment", "move"]
    assert events[2] == Payment(0, None, 50, "jail fine")
    g = setup(dice=[(1, 2)], jailed={0: 2}, jail_cards={0: ["chance"]})
    events = g.apply(Roll(0))
    assert kinds(events)[:4] == ["dice", "jail_free", "payment", "move"]
    assert events[2] == Payment(0, None, 50, "jail fine")

    assert len(g.cards[0]) == 1
