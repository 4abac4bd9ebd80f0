"""Terms of trades (004, "Flexible negotiations" and "Partnerships"): rent immunity, profit
sharing, loans between players and partnerships.

Rule text: /work/shared/rules/004_109ac7f621e3664c.txt, "Immunity (highly recommended
variant)", "Loans (highly recommended variant)", "Profit sharing (recommended variant)" and
"Partnerships"; each test quotes the sentence it checks.
Where the text leaves the details to the players, passgo offers them as terms of a trade
(`Immunity`, `RentShare`, `Loan` in `Bundle.terms`); the readings are in `passgo.core.terms`.

Squares: 0 GO, 1 Mediterranean Avenue, 3 Baltic Avenue, 5 Reading Railroad, 10 Jail, 37 Park
Place, 39 Boardwalk.
"""

from __future__ import annotations

import pytest

from passgo.core import (
    AcceptTrade,
    Action,
    Build,
    Bundle,
    ClaimRent,
    DeclareBankruptcy,
    EndTurn,
    Game,
    Immunity,
    LeavePartnership,
    Loan,
    Partnership,
    ProposeTrade,
    RentShare,
    Repay,
    Roll,
    Rules,
    TradeOffer,
)
from passgo.core.events import Event, ImmunityUsed, Payment, RentShared
from passgo.core.position import parse_position, position_to_toml
from passgo.core.serialize import state_dict
from support import assert_illegal, kinds, money_total, only, paid_by_players, setup, sq

TERMS = Rules(immunity=True, player_loans=True)
PARK, BOARDWALK, READING = sq("Park Place"), sq("Boardwalk"), sq("Reading Railroad")
BOARDWALK_RENT = 50


def agree(g: Game, proposer: int, responder: int, give: Bundle, get: Bundle) -> None:
    """Propose the trade and have it accepted."""
    g.apply(ProposeTrade(proposer, TradeOffer(proposer, responder, give, get)))
    g.apply(AcceptTrade(responder))


def rents(events: list[Event]) -> list[int]:
    return [e.amount for e in paid_by_players(events) if e.reason == "rent"]


def walk_onto(g: Game, player: int, steps: tuple[int, int]) -> list[Event]:
    """The player (whose turn it is) throws `steps` and the events of the throw."""
    g.dice_script.insert(0, steps)
    return g.apply(Roll(player))  # type: ignore[return-value]


def pass_turn(g: Game, player: int) -> None:
    """The player's turn, spent on Free Parking (from Community Chest, 17, by a throw of 3)."""
    g.pos[player] = 17
    walk_onto(g, player, (1, 2))
    g.apply(EndTurn(player))


def reload(g: Game) -> Game:
    return Game.from_json(g.to_json())


# -- immunity -----------------------------------------------------------------------------------


def test_full_immunity_waives_the_rent_for_the_landings_agreed() -> None:
    """"A player may grant full or partial immunity from paying rent on one or more of his or
    her properties as part of negotiations. The details of the immunity are up to the players
    involved in the trade.": Bob sells Ann immunity on Boardwalk for two landings; she pays no
    rent on the first two, then the full rent again."""
    g = setup(rules=TERMS, owners={BOARDWALK: 1}, pos=[32, 0])
    agree(g, 0, 1, Bundle(cash=30), Bundle(terms=(Immunity((BOARDWALK,), 100, 2),)))
    total = money_total(g)
    for expected in (0, 0, BOARDWALK_RENT):
        g.pos[0] = 32
        events = walk_onto(g, 0, (3, 4))
        assert g.pos[0] == BOARDWALK and rents(events) == ([expected] if expected else [])
        if not expected:
            waived = only(ImmunityUsed, events)
            assert [(e.lander, e.owner, e.square, e.amount) for e in waived] == [
                (0, 1, BOARDWALK, BOARDWALK_RENT)]
        g.apply(EndTurn(0))
        pass_turn(g, 1)
    assert money_total(g) == total
    assert g.agreements == ()


def test_partial_immunity_pays_the_rest() -> None:
    """"full or partial immunity": a 40 % immunity leaves 60 % of the $50 rent to pay."""
    g = setup(rules=TERMS, owners={BOARDWALK: 1}, pos=[32, 0])
    agree(g, 1, 0, Bundle(terms=(Immunity((BOARDWALK,), 40, 5),)), Bundle(cash=10))
    events = walk_onto(g, 0, (3, 4))
    assert rents(events) == [30]
    (agreement,) = g.agreements
    assert agreement.landings_left == 4 and agreement.percent == 40


def test_immunity_for_turns_runs_out_with_the_turns() -> None:
    """"The details of the immunity are up to the players": immunity for the next two turns of
    the game (this one included) covers Ann's landing now, and is gone two turns later."""
    g = setup(rules=TERMS, owners={BOARDWALK: 1}, pos=[32, 0])
    agree(g, 0, 1, Bundle(), Bundle(terms=(Immunity((BOARDWALK,), 100, 2, "turns"),)))
    assert rents(walk_onto(g, 0, (3, 4))) == []
    g.apply(EndTurn(0))  # turn 1 (Bob's) begins: still in force
    assert g.agreements and g.agreements[0].until_turn == 2
    g.pos[1] = 17
    walk_onto(g, 1, (1, 2))
    events = g.apply(EndTurn(1))
    assert g.agreements == () and "agreement_ended" in kinds(events)
    g.pos[0] = 32
    assert rents(walk_onto(g, 0, (3, 4))) == [BOARDWALK_RENT]


def test_immunity_stays_with_the_giver_not_the_deed() -> None:
    """"Immunity does not transfer with the property if it is traded. A player who has granted
    immunity to another player and then trades the property away and then later trades to get
    it back still must honor the original immunity given.": while Cid owns Boardwalk Ann pays
    him rent; once Bob has it back her immunity holds again."""
    g = setup(("Ann", "Bob", "Cid"), rules=TERMS, owners={BOARDWALK: 1}, pos=[32, 0, 0])
    agree(g, 1, 0, Bundle(terms=(Immunity((BOARDWALK,), 100, 3),)), Bundle(cash=20))
    agree(g, 1, 2, Bundle((BOARDWALK,)), Bundle(cash=400))
    events = walk_onto(g, 0, (3, 4))
    assert rents(events) == [BOARDWALK_RENT] and g.cash[2] == 1500 - 400 + BOARDWALK_RENT
    assert g.agreements[0].landings_left == 3  # a landing it did not cover is not counted
    agree(g, 2, 1, Bundle((BOARDWALK,)), Bundle(cash=400))
    g.apply(EndTurn(0))
    pass_turn(g, 1)
    pass_turn(g, 2)
    g.pos[0] = 32
    events = walk_onto(g, 0, (3, 4))
    assert rents(events) == [] and g.agreements[0].landings_left == 2


def test_immunity_on_a_deed_received_in_the_same_trade() -> None:
    """"on one or more of his or her properties": a deed the giver receives in the trade is
    theirs once it is done, so Ann may sell Boardwalk and keep immunity on it; a deed that is
    not the giver's is refused."""
    g = setup(rules=TERMS, owners={BOARDWALK: 0, PARK: 0}, pos=[0, 32])
    agree(g, 0, 1, Bundle((BOARDWALK,)),
          Bundle(cash=300, terms=(Immunity((BOARDWALK,), 100, 1),)))
    assert g.agreements[0].giver == 1 and g.owner_of(BOARDWALK) == 1
    wrong = TradeOffer(0, 1, Bundle(cash=10), Bundle(terms=(Immunity((PARK,), 100, 1),)))
    assert_illegal(g, ProposeTrade(0, wrong))
    assert "only on deeds of their own" in (g.trade_problem(wrong) or "")


@pytest.mark.parametrize(("term", "words"), [
    (Immunity((BOARDWALK,), 0, 1), "1 to 100 %"),
    (Immunity((BOARDWALK,), 100, 0), "1 to 100 landings"),
    (Immunity((), 100, 1), "at least one deed"),
    (Immunity((BOARDWALK, BOARDWALK), 100, 1), "listed twice"),
    (Immunity((0,), 100, 1), "not a deed"),
])
def test_malformed_immunity_is_refused(term: Immunity, words: str) -> None:
    """An immunity names the giver's deeds, a share of the rent and how long it lasts."""
    g = setup(rules=TERMS, owners={BOARDWALK: 1})
    offer = TradeOffer(0, 1, Bundle(cash=10), Bundle(terms=(term,)))
    assert words in (g.trade_problem(offer) or "")
    assert_illegal(g, ProposeTrade(0, offer))


def test_terms_need_their_rule() -> None:
    """The classic rules have neither: "Players cannot lend money to one another" (004,
    Commonly missed rules: Trades)."""
    g = setup(owners={BOARDWALK: 1})
    for term in (Immunity((BOARDWALK,)), Loan(100, 0, 3)):
        assert_illegal(g, ProposeTrade(0, TradeOffer(0, 1, Bundle(terms=(term,)), Bundle())))


def test_immunity_where_rent_must_be_asked_for() -> None:
    """With rent to be claimed (001: "If they don't ask before the next player rolls the dice,
    you don't have to pay!"), a full immunity leaves nothing to ask for."""
    rules = TERMS.with_options(rent_claim="before_next_roll")
    g = setup(rules=rules, owners={BOARDWALK: 1}, pos=[32, 0])
    agree(g, 1, 0, Bundle(terms=(Immunity((BOARDWALK,), 50, 1),)), Bundle())
    walk_onto(g, 0, (3, 4))
    (claim,) = g.rent_claims
    assert claim.amount == 25


# -- loans -------------------------------------------------------------------------------------


def test_a_loan_is_paid_at_once_and_repaid_with_interest() -> None:
    """"A player may loan another player money or property at any agreed upon rate or with any
    agreed upon provisions.": Bob lends Ann $500 at 10 %; she repays $550 before it is due."""
    g = setup(rules=TERMS)
    total = money_total(g)
    agree(g, 1, 0, Bundle(terms=(Loan(500, 10, 3),)), Bundle())
    assert g.cash == [2000, 1000]
    (loan,) = g.agreements
    assert (loan.kind, loan.giver, loan.receiver, loan.owed, loan.due_round) == (
        "loan", 1, 0, 550, 3)
    assert Repay(0, loan.number) in g.legal_actions(0)
    assert_illegal(g, Repay(1, loan.number))  # only the borrower repays
    g.apply(Repay(0, loan.number))
    assert g.cash == [1450, 1550] and g.agreements == () and money_total(g) == total
    assert g.valuation(0) == 1450


def test_interest_is_rounded_up() -> None:
    """"at any agreed upon rate": 7 % of $150 is $10.50, owed as $11."""
    assert Loan(150, 7, 2).owed == 161


def test_a_loan_not_repaid_is_charged_when_its_round_begins() -> None:
    """Loans: what happens at the due round is passgo's named reading of "any agreed upon
    provisions": the borrower is charged the loan at once, like rent."""
    g = setup(rules=TERMS)
    agree(g, 1, 0, Bundle(terms=(Loan(200, 25, 1),)), Bundle())
    pass_turn(g, 0)
    g.pos[1] = 17
    walk_onto(g, 1, (1, 2))
    events = g.apply(EndTurn(1))  # round 1 begins
    assert g.round_number == 1
    assert [e for e in only(Payment, events) if e.reason == "loan due"] == [
        Payment(0, 1, 250, "loan due")]
    assert g.agreements == ()


def test_a_loan_that_cannot_be_paid_bankrupts_the_borrower_to_the_lender() -> None:
    """000: "If you owe more than you can pay ... you are declared bankrupt": a loan due that
    the borrower cannot raise makes the lender the creditor, who takes everything."""
    g = setup(("Ann", "Bob", "Cid"), rules=TERMS, cash=[0, 1500, 1500],
              owners={sq("Baltic Avenue"): 0})
    agree(g, 1, 0, Bundle(terms=(Loan(100, 100, 1),)), Bundle())
    agree(g, 0, 2, Bundle(cash=100), Bundle())  # Ann spends it
    for p in (0, 1, 2):
        pass_turn(g, p)
    decision = g.pending
    assert decision.kind == "raise_funds" and decision.player == 0
    assert decision.creditor == 1 and decision.amount == 200
    assert decision.may_declare_bankruptcy  # Baltic's mortgage, $30, would not pay it
    g.apply(DeclareBankruptcy(0))
    assert not g.in_game(0) and g.owner_of(sq("Baltic Avenue")) == 1


def test_a_loan_made_by_a_bankrupt_passes_to_the_creditor() -> None:
    """000: the bankrupt "must turn over to that player all that you have of value": money
    owed to them is worth something, so Cid, who bankrupts Bob, is repaid Ann's loan."""
    g = setup(("Ann", "Bob", "Cid"), rules=TERMS, cash=[1500, 300, 1500],
              owners={BOARDWALK: 2}, pos=[0, 32, 0])
    agree(g, 1, 0, Bundle(terms=(Loan(300, 0, 5),)), Bundle())
    pass_turn(g, 0)
    walk_onto(g, 1, (3, 4))  # Bob owes Cid $50 with nothing
    assert g.pending.kind == "raise_funds"
    events = g.apply(DeclareBankruptcy(1))
    assert "agreement_passed" in kinds(events)
    (loan,) = g.agreements
    assert loan.giver == 2 and loan.receiver == 0 and loan.owed == 300


def test_a_loan_counts_in_the_valuation() -> None:
    """Time Limit Game: "the richest player will be declared the winner": a loan is owed
    back, so it counts against the borrower and for the lender."""
    g = setup(rules=TERMS)
    agree(g, 1, 0, Bundle(terms=(Loan(400, 50, 4),)), Bundle())
    assert g.valuation(0) == 1500 + 400 - 600 and g.valuation(1) == 1500 - 400 + 600


@pytest.mark.parametrize(("term", "words"), [
    (Loan(0, 0, 3), "at least $1"),
    (Loan(100, 101, 3), "0 to 100 %"),
    (Loan(100, 0, 0), "falls due in a round"),
    (Loan(1600, 0, 3), "does not have 1600"),
])
def test_malformed_loans_are_refused(term: Loan, words: str) -> None:
    """A loan lends money the lender has, at a rate, until a later round."""
    g = setup(rules=TERMS)
    offer = TradeOffer(0, 1, Bundle(terms=(term,)), Bundle())
    assert words in (g.trade_problem(offer) or "")


def test_a_debtor_may_borrow_to_pay_but_not_grant_immunity_for_less() -> None:
    """004: "the debtor may not sell or trade any of his or her properties unless it gives
    enough money to pay the debt": immunity on the debtor's deeds for too little is refused,
    a loan that pays the debt is not."""
    g = setup(rules=TERMS, cash=[20, 1500], owners={READING: 0, BOARDWALK: 1}, pos=[32, 0])
    walk_onto(g, 0, (3, 4))
    assert g.pending.kind == "raise_funds"
    cheap = TradeOffer(0, 1, Bundle(terms=(Immunity((READING,), 100, 5),)), Bundle(cash=10))
    assert "enough cash to pay the debt" in (g.trade_problem(cheap) or "")
    borrow = TradeOffer(0, 1, Bundle(), Bundle(terms=(Loan(40, 10, 3),)))
    assert g.trade_problem(borrow) is None
    agree(g, 0, 1, borrow.give, borrow.get)
    assert g.pending.kind == "end_turn" and g.cash[0] == 10


# -- text, saves, positions, views ------------------------------------------------------------


def test_terms_have_a_text_form_that_round_trips() -> None:
    """Actions name terms as items of a side: `immunity:37+39:100%:3-landings`,
    `loan:$500:10%:round-12`."""
    text = ("trade 1 give 39,$50,immunity:37+39:40%:3-turns "
            "for loan:$500:10%:round-12,immunity:5:100%:1-landings")
    action = Action.parse(text, 0)
    assert isinstance(action, ProposeTrade)
    assert action.offer.give.terms == (Immunity((37, 39), 40, 3, "turns"),)
    assert action.offer.get.terms == (Loan(500, 10, 12), Immunity((5,), 100, 1))
    assert action.text() == text and Action.parse("repay 3", 1) == Repay(1, 3)
    for bad in ("trade 1 give loan:500 for nothing", "trade 1 give immunity:x:1%:1-landings "
                "for nothing", "trade 1 give immunity:5:100%:1-weeks for nothing"):
        with pytest.raises(ValueError, match="cannot read trade term"):
            Action.parse(bad, 0)


def test_agreements_survive_saves_positions_and_views() -> None:
    """Terms are honoured after a save, a load and a position round trip, and every seat's
    view lists them."""
    g = setup(rules=TERMS, owners={BOARDWALK: 1}, pos=[32, 0])
    agree(g, 1, 0, Bundle(terms=(Immunity((BOARDWALK,), 100, 2), Loan(100, 10, 4))),
          Bundle(cash=50))
    back = reload(g)
    assert back.agreements == g.agreements and state_dict(back) == state_dict(g)
    view = g.view(1)["agreements"]
    assert [a["kind"] for a in view] == ["immunity", "loan"] and view[1]["owed"] == 110
    data = g.position()
    again = Game.from_position(parse_position(position_to_toml(data)), seed=g.seed)
    assert state_dict(again) == state_dict(g)
    assert rents(walk_onto(again, 0, (3, 4))) == []


# -- profit sharing -----------------------------------------------------------------------------

SHARING = Rules(profit_sharing=True)


def paid(events: list[Event]) -> list[tuple[int | None, int, str]]:
    """(payee, amount, reason) of every payment a player made."""
    return [(e.payee, e.amount, e.reason) for e in paid_by_players(events)]


def test_a_share_splits_the_rent() -> None:
    """Profit sharing: "Two or more players may agree to split the rent from a property or set
    of properties.": Bob gives Cid half of Boardwalk's rent for two landings; Ann's $50 goes $25
    to Bob and $25 to Cid, and after two landings all of it to Bob again."""
    g = setup(("Ann", "Bob", "Cid"), rules=SHARING, owners={BOARDWALK: 1}, pos=[32, 0, 0])
    agree(g, 1, 2, Bundle(terms=(RentShare((BOARDWALK,), 50, 2),)), Bundle(cash=100))
    total = money_total(g)
    for expected in ([(1, 25, "rent"), (2, 25, "rent share")],) * 2 + ([(1, 50, "rent")],):
        g.pos[0] = 32
        assert paid(walk_onto(g, 0, (3, 4))) == expected
        g.apply(EndTurn(0))
        pass_turn(g, 1)
        pass_turn(g, 2)
    assert g.agreements == () and money_total(g) == total


def test_a_share_stays_with_the_giver_not_the_deed() -> None:
    """"Like Immunity, Profit Sharing does not transfer with the property if it is traded. A
    player who has granted profit sharing to another player and then trades the property away
    and then later trades to get it back still must honor the original profit sharing
    plan.\""""
    g = setup(("Ann", "Bob", "Cid"), rules=SHARING, owners={BOARDWALK: 1}, pos=[32, 0, 0])
    agree(g, 1, 2, Bundle(terms=(RentShare((BOARDWALK,), 40, 10, "turns"),)), Bundle())
    agree(g, 1, 0, Bundle((BOARDWALK,)), Bundle(cash=400))
    g.pos[0] = 0
    agree(g, 0, 2, Bundle((BOARDWALK,)), Bundle(cash=400))  # Cid owns it: nothing shared
    g.pos[0] = 32
    assert paid(walk_onto(g, 0, (3, 4))) == [(2, 50, "rent")]
    agree(g, 2, 1, Bundle((BOARDWALK,)), Bundle(cash=400))  # back with Bob: shared again
    g.apply(EndTurn(0))
    pass_turn(g, 1)
    pass_turn(g, 2)
    g.pos[0] = 32
    assert paid(walk_onto(g, 0, (3, 4))) == [(1, 30, "rent"), (2, 20, "rent share")]


def test_a_receiver_who_lands_keeps_their_share() -> None:
    """"split the rent": Cid, who has half of Boardwalk's rent, pays Bob only the other half."""
    g = setup(("Cid", "Bob"), rules=SHARING, owners={BOARDWALK: 1}, pos=[32, 0])
    agree(g, 1, 0, Bundle(terms=(RentShare((BOARDWALK,), 50, 3),)), Bundle())
    events = walk_onto(g, 0, (3, 4))
    assert paid(events) == [(1, 25, "rent")]
    assert [(e.lander, e.receiver, e.amount) for e in only(RentShared, events)] == [(0, 0, 25)]



def test_shared_rent_that_must_be_asked_for_is_split_when_asked() -> None:
    """001: "If they don't ask before the next player rolls the dice, you don't have to
    pay!": the owner's claim is split when it is made."""
    rules = SHARING.with_options(rent_claim="before_next_roll")
    g = setup(("Ann", "Bob", "Cid"), rules=rules, owners={BOARDWALK: 1}, pos=[32, 0, 0])
    agree(g, 1, 2, Bundle(terms=(RentShare((BOARDWALK,), 20, 1),)), Bundle())
    assert paid(walk_onto(g, 0, (3, 4))) == []
    events = g.apply(ClaimRent(1, BOARDWALK))
    assert paid(events) == [(1, 40, "rent"), (2, 10, "rent share")]


def test_a_share_needs_its_rule_and_the_givers_deeds() -> None:
    """Profit sharing is a house rule: the classic rules refuse it; a share is of the giver's
    own deeds."""
    g = setup(rules=TERMS, owners={BOARDWALK: 1})
    share = TradeOffer(0, 1, Bundle(), Bundle(terms=(RentShare((BOARDWALK,), 50, 2),)))
    assert "profit_sharing" in (g.trade_problem(share) or "")
    g = setup(rules=SHARING, owners={BOARDWALK: 1, PARK: 0})
    wrong = TradeOffer(0, 1, Bundle(), Bundle(terms=(RentShare((PARK,), 50, 2),)))
    assert "only on deeds of their own" in (g.trade_problem(wrong) or "")
    text = "trade 1 give nothing for share:39:50%:2-landings"
    assert Action.parse(text, 0).text() == text


# -- partnerships --------------------------------------------------------------------------------

PARTNERS = Rules(partnerships=True)
ST_JAMES, TENNESSEE, NEW_YORK = sq("St. James Place"), sq("Tennessee Avenue"), sq(
    "New York Avenue")


def partnered() -> Game:
    """Ann owns two orange streets, Bob the third, and they form a partnership in orange."""
    g = setup(rules=PARTNERS, owners={ST_JAMES: 0, TENNESSEE: 0, NEW_YORK: 1})
    agree(g, 0, 1, Bundle(terms=(Partnership("orange"),)), Bundle())
    return g


def test_partners_build_on_their_own_streets_evenly_across_the_group() -> None:
    """Partnerships: "Two or more players may agree to form a partnership with a property group
    in which they have a monopoly between them. Each partner may then purchase houses or hotels
    for the property they own as long as they follow rules for building evenly.\""""
    g = setup(rules=PARTNERS, owners={ST_JAMES: 0, TENNESSEE: 0, NEW_YORK: 1})
    assert g.buildable_squares(0) == [] and g.buildable_squares(1) == []
    agree(g, 0, 1, Bundle(terms=(Partnership("orange"),)), Bundle())
    assert g.buildable_squares(0) == [ST_JAMES, TENNESSEE]
    assert g.buildable_squares(1) == [NEW_YORK]
    g.apply(Build(0, ST_JAMES))
    assert g.buildable_squares(0) == [TENNESSEE]  # evenly, across both partners' streets
    g.apply(Build(1, NEW_YORK))
    g.apply(Build(0, TENNESSEE))
    assert_illegal(g, Build(1, ST_JAMES))  # "for the property they own"
    assert g.buildable_squares(1) == [NEW_YORK] and g.cash == [1300, 1400]
    assert g.rent(NEW_YORK) == 80  # one house on New York Avenue
    assert g.mortgageable_squares(1) == []  # the group carries buildings
    assert g.agreements[0].kind == "partnership" and g.agreements[0].group == "orange"


def test_leaving_sells_every_building_of_the_group() -> None:
    """"A player may leave the partnership between dice rolls, forcing all players in the
    partnership to sell all of their buildings.": each is paid half the price of their own."""
    g = partnered()
    for street, player in ((ST_JAMES, 0), (NEW_YORK, 1), (TENNESSEE, 0), (NEW_YORK, 1)):
        g.apply(Build(player, street))
    total = money_total(g)
    (partnership,) = g.agreements
    assert LeavePartnership(1, partnership.number) in g.legal_actions(1)
    events = g.apply(LeavePartnership(1, partnership.number))
    assert [g.level[s] for s in (ST_JAMES, TENNESSEE, NEW_YORK)] == [0, 0, 0]
    assert g.bank.houses == 32 and g.cash == [1300 + 100, 1300 + 100]
    assert "agreement_ended" in kinds(events) and g.agreements == ()
    assert g.buildable_squares(0) == [] and money_total(g) == total


def test_a_partnership_needs_the_group_between_its_two_players() -> None:
    """"a property group in which they have a monopoly between them": not a group a third
    player or the Bank has a part of; a deed received in the trade counts."""
    g = setup(("Ann", "Bob", "Cid"), rules=PARTNERS,
              owners={ST_JAMES: 0, TENNESSEE: 2, NEW_YORK: 1})
    offer = TradeOffer(0, 1, Bundle(terms=(Partnership("orange"),)), Bundle())
    assert "own between them" in (g.trade_problem(offer) or "")
    assert "no colour group" in (g.trade_problem(
        TradeOffer(0, 1, Bundle(terms=(Partnership("mauve"),)), Bundle())) or "")
    agree(g, 0, 2, Bundle(cash=200), Bundle((TENNESSEE,)))
    assert g.trade_problem(offer) is None
    assert "already" not in (g.trade_problem(offer) or "")
    assert "is enough" in (g.trade_problem(TradeOffer(
        0, 1, Bundle(terms=(Partnership("orange"),)),
        Bundle(terms=(Partnership("orange"),)))) or "")
    classic = setup(owners={ST_JAMES: 0, TENNESSEE: 0, NEW_YORK: 1})
    assert "partnerships option" in (classic.trade_problem(offer) or "")


def test_a_partner_going_bankrupt_ends_the_partnership() -> None:
    """Leaving forces "all players in the partnership to sell all of their buildings"; so does
    a partner's bankruptcy, before the bankrupt's deeds pass on (buildings stand only on a group
    of one owner or of one partnership)."""
    g = setup(rules=PARTNERS, owners={ST_JAMES: 0, TENNESSEE: 0, NEW_YORK: 1, PARK: 0,
                                      BOARDWALK: 0},
              levels={PARK: 5, BOARDWALK: 5}, pos=[0, 32])
    agree(g, 0, 1, Bundle(terms=(Partnership("orange"),)), Bundle())
    for street, player in ((ST_JAMES, 0), (NEW_YORK, 1), (TENNESSEE, 0)):
        g.apply(Build(player, street))
    pass_turn(g, 0)
    walk_onto(g, 1, (3, 4))  # Bob owes Ann $2,000 on Boardwalk's hotel
    assert g.pending.kind == "raise_funds" and g.pending.may_declare_bankruptcy
    events = g.apply(DeclareBankruptcy(1))
    assert "agreement_ended" in kinds(events) and g.agreements == ()
    assert [g.level[s] for s in (ST_JAMES, TENNESSEE, NEW_YORK)] == [0, 0, 0]
    assert g.owner_of(NEW_YORK) == 0 and g.bank.houses == 32


def test_partnerships_in_saves_and_positions() -> None:
    """A partnership, and the buildings of its group on two owners' streets, survive a save
    and a position round trip."""
    g = partnered()
    g.apply(Build(0, ST_JAMES))
    g.apply(Build(1, NEW_YORK))
    g.apply(Build(0, TENNESSEE))
    assert state_dict(reload(g)) == state_dict(g)
    data = g.position()
    assert data["agreements"][0]["group"] == "orange"
    again = Game.from_position(parse_position(position_to_toml(data)), seed=g.seed)
    assert state_dict(again) == state_dict(g) and again.buildable_squares(1) == [NEW_YORK]
    assert Action.parse("trade 1 give partnership:orange for nothing", 0).text() == (
        "trade 1 give partnership:orange for nothing")
    assert Action.parse("leave 4", 1) == LeavePartnership(1, 4)
