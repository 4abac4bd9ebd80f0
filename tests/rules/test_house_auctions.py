"""House rules for auctions (004 variant catalogue): closed and Vickrey auctions, the option to
auction, and the order auction.

Rule file: 004 = commonly missed rules, FAQ and the house-rule variants. How the engine holds a
sealed-bid auction is described in `passgo.core.sealed`; the option to auction in
`passgo.core.auction_option`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from passgo.agents import BasicBot, RandomBot, play
from passgo.core import Game, Rules
from passgo.core.actions import (
    Bid,
    Build,
    Buy,
    Decline,
    EndTurn,
    ForceAuction,
    Pass,
    Refuse,
    Roll,
    WantBuildings,
)
from passgo.core.actions import DeclareBankruptcy as Bankrupt
from passgo.core.events import AuctionForced, DiceThrown, PlayOrderSet, SealedBidWritten
from passgo.narrate import describe_action, sentences
from support import assert_illegal, kinds, money_total, only, setup, sq

BOARDWALK = sq("Boardwalk")
PARK_PLACE = sq("Park Place")
DARK_BLUE = (PARK_PLACE, BOARDWALK)
MEDITERRANEAN = sq("Mediterranean Avenue")
BALTIC = sq("Baltic Avenue")
RED = (sq("Kentucky Avenue"), sq("Indiana Avenue"), sq("Illinois Avenue"))
YELLOW = (sq("Atlantic Avenue"), sq("Ventnor Avenue"), sq("Marvin Gardens"))
GREEN = (sq("Pacific Avenue"), sq("North Carolina Avenue"), sq("Pennsylvania Avenue"))
THROW = (1, 2)
NAMES3 = ("Ann", "Bob", "Cid")


def rules(**options: Any) -> Rules:
    return Rules.classic().with_options(**options)


def declined(auction: str, players: Sequence[str] = NAMES3, square: int = BOARDWALK,
             dice: Sequence[tuple[int, int]] = (), **kw: Any) -> Game:
    """Ann throws onto the unowned `square` and declines it: the Bank auctions it."""
    n = len(players)
    g = setup(players, rules=rules(auction=auction), dice=[THROW, *dice],
              pos=[square - sum(THROW)] + [0] * (n - 1), **kw)
    g.apply(Roll(0))
    g.apply(Decline(0))
    return g


# -- closed auctions -------------------------------------------------------------------------


def test_closed_auction_every_player_writes_a_bid() -> None:
    """"All auctions are done by players writing down a bid and then showing in unison."
    (004 Closed auction) Bob, Cid and Ann (who declined) are each asked once, in turn from the
    decliner's left; the highest bid, Cid's $250, pays its bid to the Bank."""
    g = declined("closed")
    total = money_total(g)
    assert g.pending.kind == "sealed_bid" and g.pending.player == 1
    g.apply(Bid(1, 200))
    assert g.pending.player == 2
    g.apply(Bid(2, 250))
    assert g.pending.player == 0
    events = g.apply(Pass(0))
    assert "bids_revealed" in kinds(events)
    assert g.owner[BOARDWALK] == 2 and g.cash == [1500, 1500, 1250]
    assert g.pending.kind == "end_turn" and g.pending.player == 0
    assert money_total(g) == total


def test_closed_auction_bids_are_hidden_until_all_are_in() -> None:
    """"... and then showing in unison" (004): until the last bid, each player's view holds
    only their own bid, and the event of a bid does not say the amount."""
    g = declined("closed")
    events = g.apply(Bid(1, 321))
    assert only(SealedBidWritten, events) == [SealedBidWritten(1, "deed", BOARDWALK)]
    assert "321" not in str([e.to_dict() for e in events])
    for viewer, seen in ((0, {}), (1, {"1": 321}), (2, {})):
        view = g.view(viewer)
        assert view["pending"]["kind"] == "sealed_bid" and view["sealed_bids"] == seen
    assert "321" not in str(g.view(2))


def test_closed_auction_tie_broken_by_the_dice() -> None:
    """Tied highest bids are settled by a throw of the dice (the engine's reading; 004 "ties
    broken by die roll" for the initial auction): Bob throws 3, Cid 9, Cid wins at $300."""
    g = declined("closed", dice=[(1, 2), (4, 5)])
    g.apply(Bid(1, 300))
    g.apply(Bid(2, 300))
    events = g.apply(Pass(0))
    assert only(DiceThrown, events) == [DiceThrown(1, (1, 2), False, "tie"),
                                        DiceThrown(2, (4, 5), False, "tie")]
    assert g.owner[BOARDWALK] == 2 and g.cash[2] == 1200


def test_closed_auction_without_bids_nothing_is_sold() -> None:
    """Nobody writes a bid: the deed stays with the Bank ("the property is sold to the highest
    bidder", 004 - there is none)."""
    g = declined("closed")
    for p in (1, 2, 0):
        g.apply(Pass(p))
    assert g.owner[BOARDWALK] == -1 and g.cash == [1500] * 3


def test_closed_auction_illegal_bids() -> None:
    """A bid is at most the bidder's cash (a bid of 0 is no bid), and only the player asked
    writes one; `bid` and `pass` do nothing outside an auction."""
    g = declined("closed", cash=[1500, 100, 1500])
    assert_illegal(g, Bid(1, 101))
    assert_illegal(g, Bid(2, 50))  # not Cid's turn to write
    g.apply(Bid(1, 0))  # the same as passing
    assert g.pending.player == 2
    g = setup(rules=rules(auction="closed"))
    assert_illegal(g, Bid(0, 10))


# -- Vickrey auctions ------------------------------------------------------------------------


def test_vickrey_winner_pays_the_second_bid() -> None:
    """"The highest bidder pays the amount that the second highest bidder bid." (004 Vickrey
    auction) Cid bids $400, Bob $180, Ann $150: Cid pays $180."""
    g = declined("vickrey")
    g.apply(Bid(1, 180))
    g.apply(Bid(2, 400))
    g.apply(Bid(0, 150))
    assert g.owner[BOARDWALK] == 2 and g.cash == [1500, 1500, 1320]


def test_vickrey_alone_pays_the_lowest_bid() -> None:
    """A single bid pays the lowest bid of the auction, $1 under the classic rules ("Bidding
    may start at any price", 000) and $10 where auctions open at $10 (001)."""
    g = declined("vickrey")
    g.apply(Pass(1))
    g.apply(Bid(2, 380))
    g.apply(Pass(0))
    assert g.owner[BOARDWALK] == 2 and g.cash[2] == 1499
    g = setup(NAMES3, rules=rules(auction="vickrey", auction_min_bid=10), dice=[THROW],
              pos=[BOARDWALK - 3, 0, 0])
    g.apply(Roll(0))
    g.apply(Decline(0))
    assert_illegal(g, Bid(1, 9))
    g.apply(Bid(1, 380))
    g.apply(Pass(2))
    g.apply(Pass(0))
    assert g.cash[1] == 1490


def test_sealed_auction_of_short_houses() -> None:
    """The building-shortage auction ("the houses or hotels must be sold at auction to the
    highest bidder", 000) is sealed too: Ann and Bob each want the Bank's last house; Bob's
    $120 beats Ann's $90 and he pays $90 under Vickrey, then places the house."""
    owners = {s: 0 for s in DARK_BLUE} | {s: 1 for s in RED + YELLOW + GREEN}
    levels = {s: 4 for s in RED + YELLOW} | {GREEN[0]: 3, GREEN[1]: 2, GREEN[2]: 2}
    g = setup(rules=rules(auction="vickrey"), owners=owners, levels=levels)
    assert g.bank_houses == 1
    g.apply(Build(0, BOARDWALK))
    g.apply(WantBuildings(0, 1))
    g.apply(WantBuildings(1, 1))
    assert g.pending.kind == "sealed_bid"
    g.apply(Bid(0, 90))
    g.apply(Bid(1, 120))
    assert g.pending.kind == "place_building" and g.pending.player == 1
    assert g.cash[1] == 1410


def test_sealed_auction_of_a_bankrupts_deeds() -> None:
    """"the bank must immediately auction that player's property" (004) - by sealed bids under
    a sealed-bid rule: Ann, bankrupt to the Bank, leaves Mediterranean Avenue; Bob bids $30,
    Cid $20."""
    g = setup(NAMES3, rules=rules(auction="closed"), owners={MEDITERRANEAN: 0},
              mortgaged=[MEDITERRANEAN], pos=[sq("Luxury Tax") - 3, 0, 0], dice=[THROW],
              cash=[10, 1500, 1500])
    g.apply(Roll(0))
    g.apply(Bankrupt(0))
    assert g.pending.kind == "sealed_bid" and g.pending.player == 1
    g.apply(Bid(1, 30))
    g.apply(Bid(2, 20))
    assert g.owner[MEDITERRANEAN] == 1 and g.cash[1] == 1470


# -- option to auction -----------------------------------------------------------------------

OPTION = {"option_to_auction": True}


def test_option_to_auction_others_asked_before_the_lander_decides() -> None:
    """"Whenever a player lands on an unpurchased property, any other player can immediately
    start an auction for that property by bidding twice the normal purchase price." (004 Option
    to auction) Bob forces Baltic Avenue ($60) to auction at $120; Ann may outbid him."""
    g = setup(NAMES3, rules=rules(**OPTION), pos=[BALTIC - 3, 0, 0], dice=[THROW])
    events = g.apply(Roll(0))
    assert g.pending.kind == "auction_option" and g.pending.player == 1
    assert ForceAuction(1) in g.legal_actions(1)
    assert_illegal(g, Buy(0))  # the lander waits
    events = g.apply(ForceAuction(1))
    assert AuctionForced(1, BALTIC, 120) in events
    assert g.pending.kind == "bid" and g.pending.player == 2  # asked from Bob's left
    assert_illegal(g, Bid(2, 120))  # must outbid the opening $120
    g.apply(Pass(2))
    g.apply(Bid(0, 121))
    g.apply(Pass(1))
    assert g.owner[BALTIC] == 0 and g.cash[0] == 1500 - 121


def test_option_to_auction_opener_wins_at_twice_the_price() -> None:
    """Nobody outbids the player who forced the auction: Bob pays twice the price, $120."""
    g = setup(NAMES3, rules=rules(**OPTION), pos=[BALTIC - 3, 0, 0], dice=[THROW])
    g.apply(Roll(0))
    g.apply(ForceAuction(1))
    g.apply(Pass(2))
    g.apply(Pass(0))
    assert g.owner[BALTIC] == 1 and g.cash[1] == 1380


def test_option_to_auction_declined_by_all_lander_decides() -> None:
    """When nobody forces an auction, the lander decides as usual ("you may buy that property
    from the Bank at its printed price", 000)."""
    g = setup(NAMES3, rules=rules(**OPTION), pos=[BALTIC - 3, 0, 0], dice=[THROW])
    g.apply(Roll(0))
    g.apply(Refuse(1))
    assert g.pending.kind == "auction_option" and g.pending.player == 2
    g.apply(Refuse(2))
    assert g.pending.kind == "buy" and g.pending.player == 0
    g.apply(Buy(0))
    assert g.owner[BALTIC] == 0


def test_option_to_auction_skips_who_cannot_bid_twice_the_price() -> None:
    """Bob has $100, less than twice Baltic's price: he is not asked; Cid is."""
    g = setup(NAMES3, rules=rules(**OPTION), pos=[BALTIC - 3, 0, 0], dice=[THROW],
              cash=[1500, 100, 1500])
    g.apply(Roll(0))
    assert g.pending.player == 2
    assert_illegal(g, ForceAuction(1))


def test_option_to_auction_with_double_prices_bids_twice_the_doubled_price() -> None:
    """"... start an auction for that property by bidding twice the normal purchase price"
    (004 Option to auction), where "All property costs twice the face value" (004 Double
    prices): the normal purchase price of Baltic Avenue is $120, so the forcing bid is $240,
    and Bob, with $200, cannot force it."""
    both = rules(**OPTION, double_prices=True)
    g = setup(NAMES3, rules=both, pos=[BALTIC - 3, 0, 0], dice=[THROW], cash=[1500, 200, 1500])
    g.apply(Roll(0))
    assert g.pending.kind == "auction_option" and g.pending.player == 2
    assert g.pending.price == 240
    g.apply(ForceAuction(2))
    g.apply(Pass(0))
    g.apply(Pass(1))
    assert g.owner[BALTIC] == 2 and g.cash[2] == 1500 - 240


def test_option_to_auction_illegal_actions() -> None:
    """The lander cannot force an auction of their own landing, nobody may answer out of turn,
    and without the option no one is asked."""
    g = setup(NAMES3, rules=rules(**OPTION), pos=[BALTIC - 3, 0, 0], dice=[THROW])
    g.apply(Roll(0))
    assert_illegal(g, ForceAuction(0))
    assert_illegal(g, ForceAuction(2))
    assert_illegal(g, Refuse(2))
    g = setup(NAMES3, pos=[BALTIC - 3, 0, 0], dice=[THROW])
    g.apply(Roll(0))
    assert g.pending.kind == "buy"
    assert_illegal(g, ForceAuction(1))


def test_option_to_auction_sealed() -> None:
    """With closed auctions the forced auction is sealed: Bob's $120 is his bid and the lowest
    price; Cid writes $150 and wins."""
    g = setup(NAMES3, rules=rules(auction="closed", **OPTION), pos=[BALTIC - 3, 0, 0],
              dice=[THROW])
    g.apply(Roll(0))
    g.apply(ForceAuction(1))
    assert g.pending.kind == "sealed_bid" and g.pending.player == 2
    g.apply(Bid(2, 150))
    g.apply(Pass(0))
    assert g.owner[BALTIC] == 2 and g.cash == [1500, 1500, 1350]


# -- order auction ---------------------------------------------------------------------------

ORDER = {"order_auction": True}


def order_game(players: Sequence[str] = NAMES3, **kw: Any) -> Game:
    return Game.new(list(players), rules(**ORDER), seed=3, **kw)


def test_order_auction_before_the_game() -> None:
    """"Before the game begins, players bid for the right to go first. The order of play is
    based upon the amount of money bid." (004 Order auction) Sealed bids: Ann $50, Cid $20, Bob
    nothing: Ann starts, then Cid, then Bob, and each pays the Bank what they bid."""
    g = order_game()
    total = money_total(g)
    assert g.pending.kind == "sealed_bid" and g.pending.player == 0
    assert_illegal(g, Roll(0))
    g.apply(Bid(0, 50))
    g.apply(Pass(1))
    events = g.apply(Bid(2, 20))
    assert PlayOrderSet(0, (0, 2, 1)) in events

    assert g.order == [0, 2, 1] and g.current == 0
    assert g.pending.kind == "roll" and g.pending.player == 0
    assert g.cash == [1450, 1500, 1480] and money_total(g) == total
    assert g.seats_from(1) == [1, 0, 2]


def test_order_auction_play_follows_the_bids() -> None:
    """The turn passes in the order of the bids, and a round ends when it comes back to the
    highest bidder."""
    g = order_game(dice=[(1, 2), (2, 3), (2, 4), (3, 4)])
    for p, amount in ((0, 50), (1, 0), (2, 20)):
        g.apply(Bid(p, amount))
    seen = []
    for _ in range(4):
        p = g.pending.player
        seen.append(p)
        g.apply(Roll(p))
        while g.pending.kind != "end_turn":
            top = g.pending
            g.apply(Decline(top.player) if top.kind == "buy" else Pass(top.player))
        g.apply(EndTurn(p))
    assert seen == [0, 2, 1, 0]
    assert g.rounds == 1


def test_order_auction_ties_thrown_for() -> None:
    """Equal bids are ranked by a throw of the dice (the engine's reading, as "ties broken by
    die roll" in 004's initial auction): Ann and Bob bid $10; Bob throws higher and goes
    first."""
    g = order_game(("Ann", "Bob"), dice=[(1, 1), (6, 6)])
    g.apply(Bid(0, 10))
    g.apply(Bid(1, 10))
    assert g.current == 1 and g.order == []  # Bob, then Ann: the seating order from Bob


def test_order_auction_saved_and_loaded() -> None:
    """A game whose order of play was bid for saves and loads with that order."""
    g = order_game()
    for p, amount in ((0, 50), (1, 0), (2, 20)):
        g.apply(Bid(p, amount))
    again = Game.from_json(g.to_json())
    assert again.order == [0, 2, 1]


def test_order_auction_illegal_bids() -> None:
    """A bid for the order is at most the bidder's cash, and written in seat order."""
    g = order_game()
    assert_illegal(g, Bid(0, 1501))
    assert_illegal(g, Bid(1, 10))


# -- bots answer every new decision ----------------------------------------------------------


def test_bots_play_whole_games_under_the_auction_rules() -> None:
    """The basic and random bots answer sealed bids, the option to auction and the order
    auction; whole games run to their end or the round cap."""
    for seed, options in enumerate(({"auction": "closed", **ORDER},
                                    {"auction": "vickrey", **OPTION},
                                    {**OPTION, **ORDER})):
        g = Game.new(["A", "B", "C"], rules(**options), seed=seed, max_rounds=80)
        play(g, [BasicBot(), RandomBot(seed), BasicBot()])
        assert g.over


def test_order_auction_position_lists_players_in_order_of_play() -> None:
    """A position lists "the players in turn order" (docs/positions.md): after the order
    auction, Ann, Cid, Bob; imported, that is the seating order."""
    g = order_game()
    for p, amount in ((0, 50), (1, 0), (2, 20)):
        g.apply(Bid(p, amount))
    data = g.position()
    assert [p["name"] for p in data["players"]] == ["Ann", "Cid", "Bob"]
    again = Game.from_position(data)
    assert again.names == ["Ann", "Cid", "Bob"] and again.order == []


def test_new_events_and_actions_have_sentences() -> None:
    """Every event and action of these rules reads as a sentence (`passgo.narrate`), never as
    its bare kind."""
    g = setup(NAMES3, rules=rules(auction="vickrey", **OPTION), pos=[BALTIC - 3, 0, 0],
              dice=[THROW])
    said = sentences(g, g.apply(Roll(0)))
    assert describe_action(g, ForceAuction(1)).startswith("Force an auction of Baltic Avenue")
    assert describe_action(g, Refuse(1)) == "No"
    said += sentences(g, g.apply(ForceAuction(1)))
    said += sentences(g, g.apply(Bid(2, 150)))
    said += sentences(g, g.apply(Pass(0)))
    text = " | ".join(said)
    for phrase in ("forces an auction of Baltic Avenue", "wrote down a bid",
                   "Bids shown: Bob $120, Cid $150", "Cid won Baltic Avenue for $120"):
        assert phrase in text, text
    g = order_game()
    for p, amount in ((0, 50), (1, 0), (2, 20)):
        said = sentences(g, g.apply(Bid(p, amount)))
    assert "Order of play by the bids: Ann, Cid, Bob. Ann starts" in " | ".join(said)
