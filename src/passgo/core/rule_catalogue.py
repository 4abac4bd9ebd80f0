"""Every rules option by the name people know it by: its common name, its category, whether it
is a difference between the published rule books or a house rule, what it means in one line,
and the value that turns it on; and the ready-made rule sets people ask for by name.

`Rules` (core/rules.py) holds what the engine reads, each option with its precise meaning and
the rule sentence it comes from; this module is how a person finds an option: the pages of
house rules and rule sets (docs/house-rules.md, docs/rules.md) are generated from it, and the
browser lobby can show the same names and groups. A test checks that every option of `Rules`
has exactly one entry here, and that every entry's value makes rules the engine accepts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from passgo.core.rules import Rules

Category = Literal["money", "buildings", "jail", "auctions", "trading", "board", "ending"]
# The categories in the order pages show them, each with its heading.
CATEGORIES: dict[Category, str] = {
    "money": "Money",
    "buildings": "Buildings",
    "jail": "Jail",
    "auctions": "Auctions",
    "trading": "Trading",
    "board": "Board, dice and movement",
    "ending": "How the game ends",
}
# "rule book": the published rule books read differently (the classic Parker Brothers rules,
# the current Hasbro rule book, the official short and time-limit games); "house rule": a
# variant people play at home, off in every rule book.
Origin = Literal["rule book", "house rule"]


@dataclass(frozen=True, slots=True)
class Entry:
    """One option as people know it. `on` is the value that plays it (for a number, the usual
    amount); `with_options` are the other options it needs, or that its usual form sets."""

    name: str
    category: Category
    origin: Origin
    meaning: str
    on: Any
    with_options: tuple[tuple[str, Any], ...] = ()

    def options(self, option: str) -> dict[str, Any]:
        """The options that play this entry (for the option named `option`)."""
        return {**dict(self.with_options), option: self.on}


def _rb(name: str, category: Category, meaning: str, on: Any,
        *with_options: tuple[str, Any]) -> Entry:
    return Entry(name, category, "rule book", meaning, on, with_options)


def _hr(name: str, category: Category, meaning: str, on: Any,
        *with_options: tuple[str, Any]) -> Entry:
    return Entry(name, category, "house rule", meaning, on, with_options)


#: Every option of `Rules`, by option name, in the order of `Rules`.
CATALOGUE: dict[str, Entry] = {
    # -- where the rule books differ -------------------------------------------------------------
    "edition": _rb("Edition", "board", "the board, deeds and cards: US classic, US 2008 or UK",
                   "us-2008"),
    "income_tax": _rb("Income Tax choice", "money",
                      "pay $200 or 10 % of your worth (classic), or the amount shown (Hasbro)",
                      "flat"),
    "jail_prepay_turns": _rb("Paying to leave jail", "jail",
                             "on how many jail turns the $50 may be paid before throwing", 3),
    "jail_max_turns": _rb("Turns in jail", "jail",
                          "how many failed throws before the fine must be paid", 1,
                          ("jail_prepay_turns", 1)),
    "jail_card_after_third_throw": _rb(
        "Card after the third throw", "jail",
        "after the last failed throw in jail, a Get Out of Jail Free card may pay instead",
        True),
    "jail_card_on_arrival": _rb(
        "Card on arrival at jail", "jail",
        "a Get Out of Jail Free card is used at once on Go to Jail: stay Just Visiting", True),
    "utility_rent_throw": _rb("Utility rent throw", "money",
                              "utility rent from the throw that got there, or a fresh throw",
                              "fresh"),
    "auction_min_bid": _rb("Opening bid", "auctions",
                           "the lowest opening bid of an auction ($1 classic, $10 Hasbro)", 10),
    "auction_min_increment": _rb("Smallest raise", "auctions",
                                 "the smallest raise in an open auction", 10),
    "auction_reentry": _rb("Bidding again after a pass", "auctions",
                           "a player who passed may bid again; the auction ends when nobody "
                           "raises", True),
    "houses_per_hotel": _rb("Houses per hotel", "buildings",
                            "houses needed on every street of a group before a hotel", 3),
    "mortgage_interest_percent": _rb("Mortgage interest", "money",
                                     "interest paid on lifting a mortgage (10 % in every rule "
                                     "book; 0: none)", 0),
    "bank_bankruptcy_cancels_mortgages": _rb(
        "Mortgages cancelled on bankruptcy to the Bank", "money",
        "deeds a bankrupt hands to the Bank lose their mortgages before they are auctioned",
        True),
    "building_shortage_auctions": _rb(
        "Building shortage auctions", "buildings",
        "the last houses or hotels wanted by several players are auctioned (off: first come)",
        False),
    "rent_claim": _rb("Asking for rent", "money",
                      "rent is paid on landing, or only if the owner asks before the next throw",
                      "before_next_roll"),
    "hotel_sale": _rb("Selling a hotel", "buildings",
                      "a hotel sold back breaks down a house at a time, or becomes four houses",
                      "exchange"),
    "deal_deeds": _rb("Deeds dealt at the start", "ending",
                      "title deeds dealt to each player before the first throw (short game)", 3),
    "dealt_deeds_paid": _rb("Dealt deeds paid for", "ending",
                            "players pay the Bank the printed price of the deeds dealt to them",
                            True, ("deal_deeds", 2)),
    "end_after_bankruptcies": _rb("Short game end", "ending",
                                  "the game ends at this bankruptcy and the richest player wins",
                                  1),
    "final_bankruptcy_keeps_buildings": _rb(
        "Buildings count at the end", "ending",
        "at the bankruptcy that ends a short game, the creditor gets the buildings too", True,
        ("end_after_bankruptcies", 2)),
    "round_limit": _rb("Time limit game (rounds)", "ending",
                       "the game ends after this many rounds and the richest player wins", 100),
    "clock_minutes": _rb("Time limit game (clock)", "ending",
                         "the game ends when the agreed time is up and the richest player wins",
                         90),
    # -- house rules -----------------------------------------------------------------------------
    "sudden_death": _hr("Sudden death", "ending",
                        "a secret Angel of Death may end the game without a winner once time is "
                        "up", True, ("sudden_death_rounds", 60)),
    "sudden_death_rounds": _hr("Sudden death after rounds", "ending",
                               "the Angel of Death's option opens after this many rounds", 60,
                               ("sudden_death", True)),
    "dice": _hr("Dice choice or dice control", "board",
                "pick two of d4, d6, d8 and d10 for each throw, or throw one die if you wish",
                "choice"),
    "travelling_railroads": _hr("Travelling railroads", "board",
                                "from a railroad, travel on to another of the same owner's",
                                "on"),
    "start_at_corners": _hr("Start at the corners", "board",
                            "tokens start spread over the four corners instead of GO", True),
    "first_to_go": _hr("First to go", "money",
                       "nobody buys a deed until some player has passed GO", True),
    "doubling_up": _hr("Doubling up", "board",
                       "landing on a square where a token stands sends you back to GO", True),
    "optional_card_draw": _hr("Optional draw", "board",
                              "drawing a Chance or Community Chest card is up to you", True),
    "snake_eyes_bonus": _hr("Snake eyes bonus", "money",
                            "throwing double ones pays a bonus", 500),
    "box_cars_bonus": _hr("Box cars bonus", "money", "throwing double sixes pays a bonus", 500),
    "double_hotels": _hr("Double hotels", "buildings",
                         "a second row of houses and a second hotel on a street", True),
    "instant_hotels": _hr("Instant hotels", "buildings",
                          "buy a hotel straight away for five houses' price", True),
    "uneven_building": _hr("Uneven building", "buildings",
                           "build on the streets of a group in any order", True),
    "non_monopoly_building": _hr("Building without the whole group", "buildings",
                                 "build on streets of a group you do not own whole, at double "
                                 "price", True),
    "free_market": _hr("Free market", "buildings",
                       "build on any street you own; owners ask what rent they like, up to the "
                       "normal", True),
    "unlimited_housing": _hr("Unlimited houses", "buildings",
                             "the Bank never runs out of houses or hotels", True),
    "six_railroads": _hr("Six railroads", "board",
                         "the utilities count as railroads", True),
    "no_mortgaging": _hr("No mortgages", "money",
                         "no mortgages: deeds may be sold back to the Bank for half price", True),
    "foreclosure": _hr("Foreclosure", "money",
                       "landing on a mortgaged deed, you may buy it unless the owner lifts the "
                       "mortgage", True),
    "starting_cash": _hr("Starting cash", "money",
                         "every player starts with this much instead of the edition's", 2000),
    "go_landing_salary": _hr("Double salary on GO", "money",
                             "landing exactly on GO pays double the salary", 400),
    "free_parking_jackpot": _hr("Free Parking jackpot", "money",
                                "fines and taxes go in the middle; landing on Free Parking takes "
                                "them", True),
    "free_parking_seed": _hr("$500 under Free Parking", "money",
                             "the Free Parking pot starts with money from the Bank", 500,
                             ("free_parking_jackpot", True)),
    "free_parking_refill": _hr("Free Parking refill", "money",
                               "$50 in the pot from the start, put in again every time it "
                               "is taken", 50,
                               ("free_parking_jackpot", True)),
    "free_parking_sources": _hr("Luxury Tax jackpot", "money",
                                "only the Luxury Tax goes to the Free Parking pot", "luxury_tax",
                                ("free_parking_jackpot", True)),
    "bank_loans": _hr("Bank loans", "money",
                      "borrow $500 from the Bank; GO pays $100 until it is repaid", True),
    "double_prices": _hr("Double prices", "money", "deeds cost twice their printed price", True),
    "finders_fee_percent": _hr("Finder's fee", "money",
                               "with double prices, the lander who does not buy gets a share of "
                               "the sale", 10, ("double_prices", True)),
    "bank_repossession": _hr("Bank repossession", "money",
                             "the deeds of a player bankrupted by another go back to the Bank",
                             True),
    "auction": _hr("Sealed-bid auctions", "auctions",
                   "auctions by sealed bids: the highest pays its bid, or the second bid "
                   "(Vickrey)", "closed"),
    "initial_auction": _hr("Initial auction", "auctions",
                           "every deed is sold in one sealed-bid auction before the game", True),
    "initial_auction_money": _hr("Initial auction money", "auctions",
                                 "the money shared among the players for the initial auction",
                                 12000, ("initial_auction", True)),
    "option_to_auction": _hr("Option to auction", "auctions",
                             "anyone may force an auction of a deed for sale by bidding twice "
                             "its price", True),
    "order_auction": _hr("Order auction", "auctions",
                         "players bid for the order of play before the game", True),
    "maximum_punishment": _hr("Maximum punishment", "jail",
                              "in jail you collect no rent, build nothing and bid in no auction",
                              True),
    "jail_lawyer": _hr("Jail lawyer", "jail",
                       "pay a fee on arrival in jail to be Just Visiting instead", 100),
    "two_tokens": _hr("Two tokens", "board",
                      "each player moves two tokens, one each turn in turn", True),
    "double_board": _hr("Double board", "board",
                        "a US and the UK board joined at Free Parking or GO, in a figure eight",
                        "free_parking"),
    "double_board_local_cards": _hr("Double board: local cards", "board",
                                    "cards that affect everyone count only the drawer's board",
                                    True, ("double_board", "free_parking")),
    "tax_man": _hr("Tax man", "money",
                   "the Bank's own token goes round and collects rent for the Bank", True),
    "immunity": _hr("Rent immunity deals", "trading",
                    "a trade may excuse the other player from rent on your deeds", True),
    "player_loans": _hr("Loans between players", "trading",
                        "a trade may lend money with interest, due in a chosen round", True),
    "profit_sharing": _hr("Profit sharing", "trading",
                          "a trade may give a share of the rent of chosen deeds", True),
    "partnerships": _hr("Partnerships", "trading",
                        "two players who own a colour group between them both build on it",
                        True),
}

#: The house rules most played, most played first (option names).
POPULAR: tuple[str, ...] = (
    "free_parking_jackpot", "free_parking_seed", "go_landing_salary", "snake_eyes_bonus",
    "first_to_go", "unlimited_housing", "uneven_building", "no_mortgaging",
    "travelling_railroads", "maximum_punishment", "immunity",
)

#: House rules of the rules FAQ that are rule-book options (the rule books differ there), by
#: their FAQ name: the option and the value that plays them.
KNOWN_AS: dict[str, tuple[str, Any]] = {
    "Honest game": ("rent_claim", "always"),  # "Players must always pay rent" (the default)
    "Minimum bid": ("auction_min_increment", 10),  # "at least $10 more than the previous bid"
}

#: Popular house rules that passgo does not offer, with what comes closest.
NOT_OFFERED: dict[str, str] = {
    "No auctions": "a deed its lander declines stays with the Bank; passgo plays the rule books' "
                   "auction of every declined deed (Option to auction and Sealed-bid auctions "
                   "change how it is auctioned)",
}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A ready-made rule set people ask for by name: a preset and the options it changes."""

    name: str
    meaning: str
    preset: str
    options: tuple[tuple[str, Any], ...] = ()

    def rules(self) -> Rules:
        return Rules.preset(self.preset).with_options(**dict(self.options))

    def table(self) -> dict[str, Any]:
        """The rules file (as a table) of this set: its preset and its options."""
        return {"preset": self.preset, **dict(self.options)}


#: The ready-made rule sets, by name.
RULE_SETS: dict[str, RuleSet] = {s.name: s for s in (
    RuleSet("Classic", "the classic Parker Brothers rules, rent paid on landing without being "
            "asked for (the rules FAQ's Honest game)", "classic"),
    RuleSet("Classic, as printed", "the classic rules to the letter: an owner who does not ask "
            "for the rent before the second player after throws loses it", "classic",
            (("rent_claim", "before_second_roll"),)),
    RuleSet("Hasbro 2022", "the current Hasbro rule book on the 2008 board", "hasbro2022"),
    RuleSet("Short game", "the official short game: three free deeds, three houses to a hotel, "
            "over at the first bankruptcy", "short-1"),
    RuleSet("Short game, older version", "two deeds dealt and paid for, over at the second "
            "bankruptcy", "short-2"),
    RuleSet("Time limit game", "two deeds dealt and paid for; the richest after 100 rounds wins",
            "time-limit"),
    RuleSet("Family house rules", "the rules most families play by: fines and taxes in a Free "
            "Parking jackpot that starts at $500, double salary for landing on GO",
            "classic", (("free_parking_jackpot", True), ("free_parking_seed", 500),
                        ("go_landing_salary", 400))),
    RuleSet("Quick house rules", "a faster game: unlimited houses, building in any order, no "
            "mortgages", "classic", (("unlimited_housing", True), ("uneven_building", True),
                                      ("no_mortgaging", True))),
)}



def nearest_rule_set(rules: Rules) -> tuple[RuleSet, dict[str, Any]]:
    """The ready-made rule set closest to `rules` (the fewest options apart; the first in
    `RULE_SETS` on a tie) and the options `rules` set differently from it, so that front-ends
    name the rules in play as people know them ("Short game", "Short game with 1 change")
    instead of counting their changes from the classic rules."""
    table = rules.to_dict()
    apart = [(rule_set, {k: v for k, v in table.items() if base[k] != v})
             for rule_set, base in _set_tables()]
    return min(apart, key=lambda found: len(found[1]))


@cache
def _set_tables() -> tuple[tuple[RuleSet, dict[str, Any]], ...]:
    """Every ready-made rule set with its options, worked out once (the terminal game names
    its rules at every redraw)."""
    return tuple((rule_set, rule_set.rules().to_dict()) for rule_set in RULE_SETS.values())
