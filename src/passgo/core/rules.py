"""A rule set as one frozen value: every rule that differs between texts is a named switch.

The defaults are the classic Parker Brothers text (rules file `000_…`). Presets and TOML files
only choose values for these fields; the engine reads nothing else, so a house rule is a switch
here and a branch in one place of the engine, never a fork. Each field carries its meaning and
the rule sentence it comes from (`option_docs`), which `passgo rules show` and docs/rules.md use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any, Final, Literal, get_args

from passgo.core.errors import DataError

# Values of the text-valued options.
IncomeTax = Literal["choice", "flat"]
RentClaim = Literal["always", "before_next_roll", "before_second_roll"]
HotelSale = Literal["breakdown", "exchange"]
DiceRule = Literal["standard", "choice", "control"]
TravellingRailroads = Literal["off", "on", "owner_may_forbid"]
AuctionRule = Literal["open", "closed", "vickrey"]
FreeParkingSources = Literal["fines_and_taxes", "luxury_tax"]
UtilityRentThrow = Literal["arrival", "fresh"]
DoubleBoard = Literal["off", "free_parking", "go"]

# The text-valued options and the values each takes (from their `Literal` types).
CHOICES: dict[str, tuple[str, ...]] = {
    "income_tax": get_args(IncomeTax),
    "rent_claim": get_args(RentClaim),
    "hotel_sale": get_args(HotelSale),
    "dice": get_args(DiceRule),
    "travelling_railroads": get_args(TravellingRailroads),
    "auction": get_args(AuctionRule),
    "free_parking_sources": get_args(FreeParkingSources),
    "utility_rent_throw": get_args(UtilityRentThrow),
    "double_board": get_args(DoubleBoard),
}


def _opt(default: Any, doc: str, source: str, bounds: tuple[int, int] | None = None) -> Any:
    """An option's field: its default, meaning and rule sentence, and for a number its
    bounds (low, high), which every way in (rules files, positions, saves, the web) is
    checked against by `Rules.validate`."""
    return field(default=default, metadata={"doc": doc, "source": source, "bounds": bounds})


@dataclass(frozen=True, slots=True)
class Rules:
    """Every switch the engine reads, with the classic Parker Brothers values as defaults."""

    # -- edition and official rule texts ---------------------------------------------------------
    edition: str = _opt(
        "us-classic", "board, deeds and cards (us-classic, us-2008, uk)",
        "000: the classic US board; 001: the 2008 US board (Luxury Tax $100); 003: the UK "
        "board")
    income_tax: IncomeTax = _opt(
        "choice", "'choice': $200 or 10 % of total worth, chosen first; 'flat': the amount shown",
        "000: \"You may estimate your tax at $200 and pay the Bank, or you may pay 10% of your "
        "total worth\"; 001: \"Pay the Bank the amount shown on the space.\"")
    jail_prepay_turns: int = _opt(
        2, "jail turns on which the fine may be paid before throwing",
        "000: \"paying a fine of $50 before you roll the dice on either of your next two turns\";"
        " 001: \"Pay $50 at the start of your next turn, then roll and move as normal.\"",
        bounds=(0, 10))
    jail_max_turns: int = _opt(
        3, "jail turns before the fine must be paid after a failed throw",
        "000: \"If you do not throw doubles by your third turn, you must pay the $50 fine.\"; "
        "short game: \"you must exit on your next turn\"", bounds=(1, 10))
    jail_card_after_third_throw: bool = _opt(
        False, "after the last failed jail throw, a player holding a Get Out of Jail Free card "
        "chooses: pay the fine or use the card (then moves by the throw)",
        "004: \"If you fail to roll doubles three times in a row, you have to pay the $50, or "
        "use a 'Get out of jail free' card if you have one.\"; 000: \"you must pay the $50 "
        "fine\"")
    jail_card_on_arrival: bool = _opt(
        False, "a player landing on Go to Jail with a Get Out of Jail Free card, or who buys "
        "one from another player then, uses it at once and stays on Just Visiting",
        "003: \"If the player has a Get Out of Jail Free card or can buy one from another "
        "player, he moves his token to the 'Just Visiting' part of the square.\"")
    utility_rent_throw: UtilityRentThrow = _opt(
        "arrival", "'arrival': a utility's rent is 4x or 10x the throw that brought the player "
        "there; 'fresh': the player throws again for it",
        "000: \"4 times amount shown on dice\"; 001: \"Roll the dice to determine rent.\"")
    auction_min_bid: int = _opt(
        1, "lowest opening bid in an auction",
        "000: \"Bidding may start at any price.\"; 001: \"Bidding starts at $10\"",
        bounds=(1, 10_000))
    auction_min_increment: int = _opt(
        1, "smallest raise in an open auction",
        "001: \"anyone can increase the bid by as little as $1\"; 004 Minimum bid: \"at least "
        "$10 more than the previous bid\"", bounds=(1, 10_000))
    auction_reentry: bool = _opt(
        False, "a player who passes in an open auction may bid again after a higher bid; the "
        "auction ends when no one will raise the high bid (off: a pass leaves the auction)",
        "001: \"You don't need to follow turn order, and the Banker ends the auction when no "
        "player is willing to increase the bid.\"; 000 is silent")
    houses_per_hotel: int = _opt(
        4, "houses on every street of the group before a hotel",
        "000: \"When a player has four houses on each property of a complete color-group\"; "
        "short game: \"You need only three houses\"", bounds=(1, 4))
    mortgage_interest_percent: int = _opt(
        10, "interest on lifting or receiving a mortgaged deed",
        "000: \"the owner must pay the Bank the amount of the mortgage plus 10% interest\"",
        bounds=(0, 100))
    bank_bankruptcy_cancels_mortgages: bool = _opt(
        False, "a bankrupt's deeds taken by the Bank lose their mortgages before the auction",
        "001: \"Return all your properties to the Bank. Any mortgages are canceled.\"")
    building_shortage_auctions: bool = _opt(
        True, "short houses or hotels wanted by several players are auctioned one at a time",
        "000: \"two or more players wish to buy more than the Bank has, the houses or hotels "
        "must be sold at auction to the highest bidder\"")
    rent_claim: RentClaim = _opt(
        "always", "'always': rent is paid on landing (the Honest game of the rules FAQ's "
        "variants); otherwise the owner must claim it before the next player's (or the "
        "second next player's) throw",
        "000: \"The owner may not collect the rent if he/she fails to ask for it before the "
        "second player following throws the dice.\"; 001: \"If they don't ask before the next "
        "player rolls the dice, you don't have to pay!\"; 004 Honest game: \"Players must "
        "always pay rent, even if the owner does not ask.\"")
    hotel_sale: HotelSale = _opt(
        "breakdown", "'breakdown': hotels sold one house at a time (or all at once); "
        "'exchange': a hotel sold is exchanged for 4 houses only (the Bank short of them: sold "
        "only with its street left bare)",
        "000: \"they may be sold one house at a time (one hotel equals five houses)\"; 001: "
        "\"Sell Hotels to the Bank for half the cost, and exchange them immediately for 4 "
        "Houses.\"")
    deal_deeds: int = _opt(
        0, "title deeds dealt to each player before the game",
        "000 short game: \"deals three Title Deed cards to each player\"; 002: \"deals out two\"",
        bounds=(0, 3))
    dealt_deeds_paid: bool = _opt(
        False, "players pay the printed price of the deeds dealt to them",
        "002 short game: \"The players must immediately pay the Bank the printed price of each.\"")
    end_after_bankruptcies: int = _opt(
        0, "the game ends at this bankruptcy (0: when one player is left); richest wins",
        "000 short game: \"The game ends when one player goes bankrupt.\"; 002: \"when the "
        "second bankruptcy occurs, the game ends\"", bounds=(0, 7))
    final_bankruptcy_keeps_buildings: bool = _opt(
        False, "at the bankruptcy that ends the game, buildings pass to the creditor with the "
        "deeds (for the valuation)",
        "002: \"with the bankrupt player's turning over to his/her creditor all that he/she has "
        "of value, including buildings\"")
    round_limit: int = _opt(
        0, "time-limit game: the game ends after this many rounds and the richest wins (0: no "
        "limit; front-ends may also end a time-limit game by the clock)",
        "000 Time Limit Game: \"agree upon a definite hour of termination, when the richest "
        "player will be declared the winner\"", bounds=(0, 10_000))
    clock_minutes: int = _opt(
        0, "minutes of play agreed before time is called, kept by a front-end's clock (passgo "
        "play --time): calling time (call-time) ends the game and the richest wins; under "
        "sudden_death it opens the Angel of Death's option instead. The core reads no clock "
        "(0: no clock; simulations use round_limit)",
        "000 Time Limit Game: \"Before starting, agree upon a definite hour of "
        "termination\"; 004 Sudden death: \"once the game has been played for two hours\"",
        bounds=(0, 10_080))
    sudden_death: bool = _opt(
        False, "one player, drawn in secret before the game, is the Angel of Death: once time "
        "is called (by the clock, or after sudden_death_rounds rounds) and while still in the "
        "game, they may end it at any moment without a winner (smash). Nobody else is told who "
        "it is",
        "004 Sudden death: \"one player is secretly and randomly determined to be the 'Angel "
        "of Death'\" ... \"The Angel of Death player has the option, once the game has been "
        "played for two hours, of smashing the board and declaring the game over without any "
        "winner. The Angel of Death may only do so if he or she is still in the game.\"")
    sudden_death_rounds: int = _opt(
        0, "sudden death without a clock (simulations): the Angel of Death's option opens "
        "after this many rounds (0: only when time is called)",
        "004 Sudden death: \"once the game has been played for two hours\" (rounds stand in "
        "for the hours where no clock runs)", bounds=(0, 10_000))
    # -- house rules (004 variant catalogue) ---------------------------------------------------
    dice: DiceRule = _opt(
        "standard", "'choice': pick two of d4/d6/d8/d10 for each throw; 'control': throw one "
        "die if you wish, a 1 sends you to jail",
        "004 Dice choice; Dice control")
    travelling_railroads: TravellingRailroads = _opt(
        "off", "after landing on a railroad, travel to another railroad of the same owner "
        "('owner_may_forbid': the owner may forbid it by waiving the rent)",
        "004 Travelling railroads")
    start_at_corners: bool = _opt(
        False, "tokens start spread over the four corners, assigned at random",
        "004 Start at corners")
    first_to_go: bool = _opt(
        False, "no deed is bought until some player has passed GO", "004 First to go")
    doubling_up: bool = _opt(
        False, "landing on an occupied square (not GO or Jail) sends the token back to GO, "
        "without salary, and ends the turn", "004 Doubling up")
    optional_card_draw: bool = _opt(
        False, "drawing a Chance or Community Chest card is optional", "004 Optional draw")
    snake_eyes_bonus: int = _opt(0, "bonus for throwing double ones", "004 Dice roll bonuses",
        bounds=(0, 10_000))
    box_cars_bonus: int = _opt(0, "bonus for throwing double sixes", "004 Dice roll bonuses",
        bounds=(0, 10_000))
    double_hotels: bool = _opt(
        False, "a second row of houses and a second hotel may be built on a street; rent is "
        "the hotel rent plus the rent of the buildings above it. Needs houses_per_hotel = 4: "
        "the text's second row is 'up to four more houses' under a hotel bought on four, and "
        "with fewer houses per hotel the two rows would differ in length, which no rule text "
        "settles (for even building or for the rent of the houses above the hotel)",
        "004 Double hotels")
    instant_hotels: bool = _opt(
        False, "a hotel may be bought for five houses' price less the houses already there, "
        "even when the Bank lacks the houses", "004 Instant hotels")
    uneven_building: bool = _opt(
        False, "buildings need not be even across a group", "004 Uneven buildings")
    non_monopoly_building: bool = _opt(
        False, "houses may be built without the whole group, at double price (sold at half "
        "the normal price)", "004 Non-monopoly building")
    free_market: bool = _opt(
        False, "houses on any street owned, at the normal price, evenly across one's streets of "
        "the group (surplus sold at half price, highest first, when a street joins them); on "
        "an improved street the owner asks any rent up to the normal rent, and the lander pays "
        "it or moves to another owned improved street of the group and pays what its owner "
        "asks there (up to its normal rent; nothing on one's own; no switch from a group "
        "owned whole or after a switch)",
        "004 Free market: \"If a player lands on a property, which has been improved, they can "
        "either pay what the owner asks, up to a maximum of the normal amount required, or they "
        "may instead pay rent to any other owner of one the other properties in the group\"")
    unlimited_housing: bool = _opt(
        False, "the Bank never runs out of houses or hotels", "004 Unlimited housing")
    six_railroads: bool = _opt(
        False, "the utilities count as railroads: $200, mortgage $100, rent by railroads "
        "owned up to $300 for five and $400 for six", "004 Six railroads")
    no_mortgaging: bool = _opt(
        False, "no mortgages; deeds may be sold back to the Bank for half the printed price",
        "004 No mortgaging")
    foreclosure: bool = _opt(
        False, "on landing on a mortgaged deed, the owner may lift the mortgage at once; if "
        "not, the lander may buy it (mortgage value to the owner, value + 10 % to the Bank)",
        "004 Foreclosure")
    starting_cash: int = _opt(
        0, "cash every player starts with (0: the edition's, $1,500 on the US boards)",
        "000: \"Each player is given $1500\"; a table that wants a longer or shorter game "
        "starts with more or less", bounds=(0, 1_000_000))
    go_landing_salary: int = _opt(
        0, "salary for landing exactly on GO (0: the normal salary; 400, 500 or 686)",
        "004 Double salary", bounds=(0, 10_000))
    free_parking_jackpot: bool = _opt(
        False, "fines and taxes go to a pot that a player landing on Free Parking takes",
        "004 Free parking jackpot")
    free_parking_seed: int = _opt(
        0, "money put in the pot at the start (the $500 is not replaced)",
        "004: \"$500 is placed in the middle of the board at the start of the game\"",
        bounds=(0, 100_000))
    free_parking_refill: int = _opt(
        0, "money in the pot from the start (unless seeded) and put in again every time it "
        "is taken",
        "004: \"or with only $50 which is replaced every time a player lands there\"",
        bounds=(0, 100_000))
    free_parking_sources: FreeParkingSources = _opt(
        "fines_and_taxes", "what goes to the pot: every fine and tax, or the Luxury Tax only",
        "004: \"Some players only put Luxury Tax money there.\"")
    bank_loans: bool = _opt(
        False, "a player without a loan may borrow $500 from the Bank; GO pays $100 until it "
        "is repaid", "004 Bank loans")
    double_prices: bool = _opt(
        False, "deeds cost twice their printed price", "004 Double prices")
    finders_fee_percent: int = _opt(
        0, "with double prices: the lander who does not buy gets this share of the sale",
        "004: \"he or she gets a 'finder's fee' of %10 of the sale cost\"", bounds=(0, 100))
    bank_repossession: bool = _opt(
        False, "a player bankrupted by another mortgages everything, pays what they can, and "
        "the deeds return to the Bank unsold", "004 Bank repossession")
    auction: AuctionRule = _opt(
        "open", "'open': ascending; 'closed': sealed bids, highest pays its bid; 'vickrey': "
        "sealed bids, highest pays the second bid", "004 Closed auction; Vickrey auction")
    initial_auction: bool = _opt(
        False, "before the game every deed is sold in one closed auction: each player writes a "
        "bid for any deeds (together at most their cash), the highest bid buys, ties thrown "
        "for; deeds nobody bid for stay with the Bank. Players start with "
        "initial_auction_money divided among them",
        "004 Initial auction: \"Before the game begins, everyone writes down how much they "
        "will pay for every property on the board in a closed auction.\" ... \"selling the "
        "properties to the highest bidder for each property, with ties broken by die roll\"")
    initial_auction_money: int = _opt(
        10000, "with initial_auction: the money shared equally among the players at the start "
        "(rounded down), instead of the edition's starting cash",
        "004: \"start the game with more money: $10,000 divided by the number of players "
        "should be about right\"", bounds=(16, 1_000_000))
    option_to_auction: bool = _opt(
        False, "any other player may force an auction of an unowned deed by bidding twice its "
        "price", "004 Option to auction")
    order_auction: bool = _opt(
        False, "before the game, players bid for the order of play", "004 Order auction")
    maximum_punishment: bool = _opt(
        False, "a jailed player collects no rent, buys no buildings, bids in no auctions, "
        "mortgages nothing and trades only with players in jail or just visiting",
        "004 Maximum punishment")
    jail_lawyer: int = _opt(
        0, "fee for leaving jail at once, on arrival, to Just Visiting (0: not allowed)",
        "004: \"A player may pay $100 immediately upon reaching jail to be placed in Just "
        "Visiting\"", bounds=(0, 10_000))
    two_tokens: bool = _opt(
        False, "each player has two tokens, both starting where the player starts, and moves "
        "them in turn: one turn the one, the next turn the other. A jailed token is the one "
        "that moves on the player's jail turns; the turns alternate again after the turn it "
        "leaves jail. Only the moved token lands; either token counts as occupying its square "
        "for doubling up",
        "004 Two tokens: \"Each player has two tokens, and alternates which token is moved "
        "each turn.\"")
    double_board: DoubleBoard = _opt(
        "off", "two boards, the edition's (a US one) and the UK board, sharing one square: "
        "'free_parking' or 'go'. Tokens go round both in a figure eight: passing the shared "
        "square crosses to the other board; a token landing on it chooses the board it enters "
        "next (enter). Each board keeps its jail (a player is jailed on the board they were "
        "on), its colour groups, railroads and utilities (rent counts those of the same board) "
        "and its bank of buildings (64 houses and 24 hotels in all); the cards are the "
        "edition's two decks, a named square being the one of the edition's board (passing GO "
        "on the way pays each time, up to twice), Advance to GO and the nearest Railroad or "
        "Utility meaning the next one along the figure eight, Go back three spaces going back "
        "along the token's board. Tokens start on the edition's GO, on its board. Not with "
        "edition uk (the second board is the UK one) or tax_man (the Bank's token has nobody "
        "to choose its board where the two meet); the RL environments and "
        "the landing models (analyze, simulate --landing) refuse it",
        "004 Double board: \"Two boards, such as a standard board and an English board, have "
        "either Free Parking or Go overlapping. Players go around both boards in a figure "
        "eight pattern. When a player lands on the overlapping space, he or she may choose "
        "which board to enter next. When a player is sent to jail, he or she is sent to the "
        "jail on the board that they were occupying before going to jail. A player advancing "
        "to a named property as per instructions on a card may pass Go twice, collecting "
        "$400.\"")
    double_board_local_cards: bool = _opt(
        False, "with double_board: cards that affect all players or all properties (pay or "
        "collect from each player, building repairs) count only the players and the buildings "
        "on the drawer's board (a token on the shared square is on both)",
        "004 Double board, variations: \"Cards which affect all players or all properties, such "
        "as 'pay all players $50' or 'building repairs', only affect the properties and the "
        "players on the same board as the affected player.\"")
    tax_man: bool = _opt(
        False, "the Bank's token throws after every round and collects rent for the Bank on "
        "owned deeds it lands on (at once, also where owners must ask for their rent: the Bank "
        "never forgets to ask)", "004 Tax man")
    # -- terms of trades (004 Flexible negotiations) --------------------------------------------
    immunity: bool = _opt(
        False, "a trade may grant full or partial rent immunity on the giver's deeds, for a "
        "number of the receiver's landings there or a number of turns; it stays with the "
        "giver, not the deed: it lapses while someone else owns the deed and holds again when "
        "the giver gets it back",
        "004 Immunity: \"A player may grant full or partial immunity from paying rent on one "
        "or more of his or her properties as part of negotiations. The details of the "
        "immunity are up to the players involved in the trade.\"")
    player_loans: bool = _opt(
        False, "a trade may lend money: amount now, a percentage of interest, and the round "
        "in which it falls due; a loan not repaid by then is a debt to the lender like rent "
        "(raise funds or go bankrupt to the lender)",
        "004 Loans: \"A player may loan another player money or property at any agreed upon "
        "rate or with any agreed upon provisions.\"")
    profit_sharing: bool = _opt(
        False, "a trade may give a share of the rent the giver collects on chosen deeds, for a "
        "number of landings or turns; like immunity it stays with the giver, not the deed",
        "004 Profit sharing: \"Two or more players may agree to split the rent from a "
        "property or set of properties.\"")
    partnerships: bool = _opt(
        False, "a trade may form a partnership of its two players in a colour group they own "
        "between them: each builds on their own streets of it, evenly across the group; a "
        "partner may leave, and every building of the group is then sold to the Bank (so too "
        "when a partner goes bankrupt)",
        "004 Partnerships: \"Two or more players may agree to form a partnership with a "
        "property group in which they have a monopoly between them. Each partner may then "
        "purchase houses or hotels for the property they own as long as they follow rules for "
        "building evenly. A player may leave the partnership between dice rolls, forcing all "
        "players in the partnership to sell all of their buildings.\"")

    @classmethod
    def classic(cls) -> Rules:
        """The classic Parker Brothers rules (the default rule set)."""
        return cls()

    @classmethod
    def preset(cls, name: str) -> Rules:
        """A named rule set (see `PRESETS`)."""
        try:
            return PRESETS[name]()
        except KeyError:
            known = ", ".join(sorted(PRESETS))
            raise DataError(f"unknown rule set {name!r} (known: {known})") from None

    @classmethod
    def from_toml(cls, text: str) -> Rules:
        """Rules from a TOML text: optional `preset = "name"` plus options that override it."""
        from passgo.core.textdata import load_toml

        data, problem = load_toml(text)
        if data is None:
            raise DataError(f"rules file is {problem}")
        return cls.from_table(data)

    @classmethod
    def from_table(cls, data: dict[str, Any]) -> Rules:
        """Rules from a table: optional `preset` (a rule set name, default classic) plus
        options that override it."""
        data = dict(data)
        base = data.pop("preset", "classic")
        if not isinstance(base, str):
            raise DataError("rules option 'preset' must be a rule set name")
        return cls.from_dict({**cls.preset(base).to_dict(), **data})

    def table(self) -> str | dict[str, Any]:
        """The shortest description `from_table` reads back: a preset's name when these are
        exactly its rules, else `preset = "classic"` and the options that differ."""
        for name, make in PRESETS.items():
            if make() == self:
                return name
        return {"preset": "classic", **self.changed()}

    def __reduce__(self) -> tuple[type[Rules], tuple[Any, ...]]:
        """Pickled as a call of the constructor (simulation workers receive their rules this
        way): compiled with mypyc, a frozen dataclass cannot be restored field by field."""
        return type(self), tuple(getattr(self, f.name) for f in fields(self))

    def to_dict(self) -> dict[str, Any]:
        # Every option is a bool, an int or a str: one level, without asdict's deep copies
        # (every view of a game carries its rules).
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def changed(self) -> dict[str, Any]:
        """The options that differ from the classic rules."""
        base = Rules()
        return {k: v for k, v in self.to_dict().items() if getattr(base, k) != v}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from a mapping of option names; an unknown key or a wrong type is refused."""
        known = {f.name: f for f in fields(cls)}
        defaults = cls()
        for key, value in data.items():
            if key not in known:
                raise DataError(f"unknown rules option {key!r}")
            expected = type(getattr(defaults, key))
            if type(value) is not expected:
                raise DataError(
                    f"rules option {key!r} must be {expected.__name__}, not {value!r}"
                )
        rules = cls(**data)
        rules.validate()
        return rules

    def validate(self) -> None:
        """Refuse values and combinations no game can be played with, naming the option."""
        from passgo.core.board import EDITIONS

        for key, allowed in CHOICES.items():
            if getattr(self, key) not in allowed:
                raise DataError(f"rules option {key!r} must be one of {', '.join(allowed)}")
        if self.edition not in EDITIONS:
            raise DataError(f"rules option 'edition' must be one of {', '.join(EDITIONS)}")
        for key, (low, high) in BOUNDS.items():
            if not low <= getattr(self, key) <= high:
                raise DataError(f"rules option {key!r} must be from {low:,} to {high:,}")
        if self.jail_prepay_turns > self.jail_max_turns:
            raise DataError("rules option 'jail_prepay_turns' must be within 0..jail_max_turns")
        conflicts = (
            (self.no_mortgaging and self.foreclosure, "no_mortgaging", "foreclosure"),
            (self.dice == "control" and (self.snake_eyes_bonus or self.box_cars_bonus), "dice",
             "snake_eyes_bonus/box_cars_bonus (one die throws no doubles)"),
            (self.finders_fee_percent > 0 and not self.double_prices, "finders_fee_percent",
             "double_prices (the finder's fee is a variation of double prices)"),
            ((self.free_parking_seed or self.free_parking_refill
              or self.free_parking_sources != "fines_and_taxes") and not self.free_parking_jackpot,
             "free_parking_seed/refill/sources", "free_parking_jackpot (they shape the pot)"),
            (self.double_hotels and self.houses_per_hotel != 4, "double_hotels",
             "houses_per_hotel (double hotels need four houses per row)"),
            (self.free_market and self.non_monopoly_building, "free_market",
             "non_monopoly_building (free market builds on partial sets at the normal price)"),
            (self.free_market and self.uneven_building, "free_market",
             "uneven_building (free market makes an owner even out a group)"),
            (self.auction != "open" and self.auction_min_increment != 1, "auction",
             "auction_min_increment (a sealed-bid auction has no raises)"),
            (self.initial_auction and self.deal_deeds > 0, "initial_auction",
             "deal_deeds (both hand out the deeds before the game)"),
            (self.starting_cash > 0 and self.initial_auction, "starting_cash",
             "initial_auction (its money is initial_auction_money)"),
            (self.initial_auction_money != 10000 and not self.initial_auction,
             "initial_auction_money", "initial_auction off (the money of the initial auction)"),
            (self.sudden_death_rounds > 0 and not self.sudden_death, "sudden_death_rounds",
             "sudden_death off (the rounds open the Angel of Death's option)"),
            (self.double_board != "off" and self.edition == "uk", "double_board",
             "edition uk (the second board is the UK one: play a US edition with it)"),
            (self.double_board_local_cards and self.double_board == "off",
             "double_board_local_cards", "double_board off (a variation of double board)"),
            (self.double_board != "off" and self.tax_man, "double_board",
             "tax_man (the Bank's token has nobody to choose its board where the two meet)"),
        )
        for clash, first, second in conflicts:
            if clash:
                raise DataError(f"rules option {first!r} cannot be combined with {second}")

    @property
    def partial_building(self) -> bool:
        """Houses may go on streets of a group not owned whole (non-monopoly building, free
        market), evenly among the owner's own streets of it."""
        return self.non_monopoly_building or self.free_market

    @property
    def free_parking_start(self) -> int:
        """The Free Parking pot at the start of a game: the seed, or else the refill (004:
        "Play without the $500 jackpot, or with only $50 which is replaced every time a
        player lands there": the $50 lies there from the start)."""
        return self.free_parking_seed or self.free_parking_refill

    def with_options(self, **options: Any) -> Rules:
        """A copy with some options changed, checked like a rules file."""
        return Rules.from_dict({**self.to_dict(), **options})


#: The bounds of every number option (`_opt`'s `bounds`): what a real game can use. Money
#: options stay within $1,000,000 and counts within what a game of eight players can hold,
#: so no value from outside can overflow an encoder or hang a game.
BOUNDS: dict[str, tuple[int, int]] = {
    f.name: f.metadata["bounds"] for f in fields(Rules) if f.metadata["bounds"] is not None}


def option_docs() -> list[tuple[str, Any, str, str]]:
    """(name, classic default, meaning, source sentence) for every option, in order."""
    return [(f.name, f.default, f.metadata["doc"], f.metadata["source"]) for f in fields(Rules)]


def _hasbro2022() -> Rules:
    return replace(
        Rules(), income_tax="flat", jail_prepay_turns=3, auction_min_bid=10, auction_reentry=True,
        rent_claim="before_next_roll", hotel_sale="exchange",
        bank_bankruptcy_cancels_mortgages=True, edition="us-2008", utility_rent_throw="fresh",
    )


def _short1() -> Rules:
    return replace(
        Rules(), deal_deeds=3, houses_per_hotel=3, jail_prepay_turns=1, jail_max_turns=1,
        income_tax="flat", end_after_bankruptcies=1,
    )


def _short2() -> Rules:
    return replace(
        Rules(), deal_deeds=2, dealt_deeds_paid=True, houses_per_hotel=3,
        end_after_bankruptcies=2, final_bankruptcy_keeps_buildings=True,
    )


def _time_limit() -> Rules:
    return replace(Rules(), deal_deeds=2, dealt_deeds_paid=True, round_limit=100)


#: The classic rules, for comparing other rules with.
CLASSIC: Final = Rules()

#: The options whose hooks sit on the engine's hot paths of throwing, moving and landing: the
#: engine tests one flag there (`GameState.house_rules`: any of these differs from the classic
#: rules) before it looks at any of them, so the classic rules pay nothing for the house rules.
#: A test reads the code behind that flag and fails, naming the option, for any option read
#: there that is missing here (it would silently do nothing).
HOT_PATH_OPTIONS: Final = (
    "snake_eyes_bonus", "box_cars_bonus", "go_landing_salary", "bank_loans", "first_to_go",
    "doubling_up", "travelling_railroads", "maximum_punishment", "optional_card_draw",
    "free_parking_jackpot", "free_parking_refill", "tax_man", "sudden_death_rounds",
    "two_tokens", "free_market", "double_board",
)

#: The named rule sets (`passgo rules list`), each made by a function so that every call
#: gives a fresh value.
PRESETS: dict[str, Callable[[], Rules]] = {
    "classic": Rules.classic,
    "hasbro2022": _hasbro2022,
    "short-1": _short1,
    "short-2": _short2,
    "time-limit": _time_limit,
}
