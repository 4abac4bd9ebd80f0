"""Throwing, moving, landing, cards and jail: what happens between a throw and the next decision.

Landing never asks anyone anything directly: it pushes the decisions it creates (buy or
auction, a debt, a tax choice) as frames, and the engine asks the players in stack order. The
decisions that landing raises and no other rule does (the Income Tax choice, a fine or a Chance
card, an optional card draw, travelling railroads) are registered at the end of this module,
beside the code that raises them.
"""

from __future__ import annotations

from passgo.core import auction_option, foreclosure, house_rules, terms
from passgo.core import events as why
from passgo.core.actions import (
    Action,
    AllowTravel,
    ChooseTax,
    DrawCard,
    FineOrChance,
    ForbidTravel,
    NoDraw,
    NoTravel,
    Refuse,
    Travel,
)
from passgo.core.board import (
    ADVANCE,
    ADVANCE_NEAREST,
    BACK,
    BACK_TO,
    CHANCE,
    COLLECT,
    COLLECT_FROM_EACH,
    COMMUNITY_CHEST,
    DECK_CHANCE,
    DECK_COMMUNITY_CHEST,
    DECK_NAMES,
    FINE_OR_CHANCE,
    FREE_PARKING,
    GO,
    GO_TO_JAIL,
    GO_TO_JAIL_CARD,
    INCOME_TAX,
    JAIL_FREE,
    LUXURY_TAX,
    PAY,
    PAY_EACH_PLAYER,
    RAILROAD,
    REPAIRS,
    STREET,
    UTILITY,
    DeckName,
)
from passgo.core.decisions import (
    AllowTravelDecision,
    DrawCardDecision,
    FineOrChanceDecision,
    JailCardPurchaseDecision,
    TaxDecision,
    TravelDecision,
)
from passgo.core.events import (
    CardDrawn,
    CardNotDrawn,
    DiceThrown,
    JailCardKept,
    JailCardUsed,
    Jailed,
    JailExit,
    JailWhy,
    LeftJail,
    Moved,
    NotForSale,
    RentDue,
    RentWaived,
    StayedInJail,
    TaxManMoved,
    TravelForbidden,
)
from passgo.core.frames import (
    MOVED,
    POST_ROLL,
    ArrivalFrame,
    BuyFrame,
    DecisionFrame,
    DrawFrame,
    FineFrame,
    Frame,
    MarketFrame,
    MoveFrame,
    RailFrame,
    TaxFrame,
    TurnFrame,
)
from passgo.core.money import bank_pays, charge, pay_now
from passgo.core.registry import answer, decision, settles
from passgo.core.state import BANK, GameState, street_rent


def turn_frame(g: GameState) -> TurnFrame:
    turn = g.frames[0]
    assert isinstance(turn, TurnFrame)
    return turn


def roll(g: GameState, player: int, sides: tuple[int, ...] = ()) -> None:
    """The player throws: a normal throw, or a try for doubles in jail. `sides`: the dice the
    player chose (`Rules.dice`; empty: two six-sided dice)."""
    turn: TurnFrame = g.frames[0]  # type: ignore[assignment]  # (no cast: a hot path)
    if g.claims:
        expire_claims(g)
    d = g.throw() if not sides else house_rules.throw_dice(g, sides)
    g.dice = d
    # (one die under dice control comes as (face, 0))
    g.events.append(DiceThrown(player, d if d[1] else d[:1], d[0] == d[1]))
    total = d[0] + d[1]
    if g.jailed[player]:
        _jail_throw(g, player, d)
        return
    turn.stage = MOVED
    if d[0] == d[1]:
        if g.house_rules:
            house_rules.dice_bonus(g, player, d[0])
        g.doubles += 1
        if g.doubles >= 3:
            # "If you throw doubles three times in succession, move your token immediately to
            # the space marked 'In Jail'": the third throw is not moved.
            send_to_jail(g, player, "doubles")
            return
        turn.again = True
    else:
        turn.again = False
        if sides and d[0] == 1 and d[1] == 0:
            # Dice control: "If a player rolls a one, he or she must go directly to jail."
            send_to_jail(g, player, "one_die")
            return
    move_by(g, player, total, total)


def _jail_throw(g: GameState, player: int, d: tuple[int, int]) -> None:
    turn = turn_frame(g)
    turn.again = False
    total = d[0] + d[1]
    if d[0] == d[1]:
        if g.house_rules:
            house_rules.dice_bonus(g, player, d[0])
        # "you immediately move forward ... even though you had thrown doubles, you do not
        # take another turn"
        g.jailed[player] = False
        g.jail_turns[player] = 0
        g.events.append(LeftJail(player, "doubles"))
        turn.stage = MOVED
        move_by(g, player, total, total)
        return
    g.jail_turns[player] += 1
    if g.jail_turns[player] >= g.rules.jail_max_turns:
        # "If you do not throw doubles by your third turn, you must pay the $50 fine. You then
        # get out of Jail and immediately move forward the number of spaces shown by your throw."
        g.jailed[player] = False
        g.jail_turns[player] = 0
        g.events.append(LeftJail(player, "third_throw"))
        turn.stage = MOVED
        g.frames.append(MoveFrame("move", player, total))
        if g.rules.jail_card_after_third_throw and g.cards[player]:
            # "you have to pay the $50, or use a 'Get out of jail free' card if you have one"
            g.frames.append(DecisionFrame("jail_exit", player))
            return
        charge(g, player, BANK, g.board.jail_fine, why.JAIL_FINE)
        return
    g.events.append(StayedInJail(player, g.jail_turns[player]))
    turn.stage = POST_ROLL
    turn.kind = "end_turn"


def pay_jail_fine(g: GameState, player: int) -> None:
    pay_now(g, player, BANK, g.board.jail_fine, why.JAIL_FINE)
    _leave_jail(g, player, "fine")


def use_jail_card(g: GameState, player: int, deck: int) -> None:
    """Play a held Get Out of Jail Free card of `deck`; it goes back under its deck."""
    _return_card(g, player, deck)
    _leave_jail(g, player, "card")


def _return_card(g: GameState, player: int, deck: int) -> None:
    held = g.cards[player]
    i = next(i for i, (d, _) in enumerate(held) if d == deck)
    g.decks[deck].append(held.pop(i)[1])


def jail_exit(g: GameState, player: int, deck: int | None) -> None:
    """`Rules.jail_card_after_third_throw`: after the last failed throw, pay the fine (`deck`
    None) or use a card of `deck`; the move by that throw (a `MoveFrame` below) follows."""
    g.frames.pop()
    if deck is not None:
        _return_card(g, player, deck)
        g.events.append(JailCardUsed(player, DECK_NAMES[deck]))
    else:
        charge(g, player, BANK, g.board.jail_fine, why.JAIL_FINE)


def _leave_jail(g: GameState, player: int, how: JailExit) -> None:
    g.jailed[player] = False
    g.jail_turns[player] = 0
    g.events.append(LeftJail(player, how))
    turn_frame(g).kind = "roll"


def send_to_jail(g: GameState, player: int, why: JailWhy) -> None:
    """Straight to jail, no salary; the turn ends (no throw again after doubles). `why`:
    "square" when sent by landing on Go to Jail, where `Rules.jail_card_on_arrival` lets a
    held card be used at once. On a double board the jail is the one of the board the token
    was on (004: "he or she is sent to the jail on the board that they were occupying")."""
    jail = g.pos[player] = g.board.jail_of(g.pos[player])
    g.jailed[player] = True
    g.jail_turns[player] = 0
    g.doubles = 0
    g.events.append(Jailed(player, jail, why))
    if g.current == player:
        turn = turn_frame(g)
        turn.again = False
        turn.stage = MOVED
    if why == "square" and g.rules.jail_card_on_arrival:
        # 003: "If the player has a Get Out of Jail Free card or can buy one from another
        # player, he moves his token to the 'Just Visiting' part of the square."
        if g.cards[player]:
            _use_arrival_card(g, player, "arrival_card")
            return
        if card_holders(g, player):
            if g.rules.jail_lawyer:  # asked only if no card is bought
                g.frames.append(DecisionFrame("lawyer", player))
            g.frames.append(ArrivalFrame("jail_card_purchase", player))
            return
    if g.rules.jail_lawyer:
        g.frames.append(DecisionFrame("lawyer", player))


def _use_arrival_card(g: GameState, player: int, how: JailExit) -> None:
    """`Rules.jail_card_on_arrival`: a card held (or just bought) is used at once, and the
    token is on Just Visiting instead of in jail."""
    _return_card(g, player, g.cards[player][0][0])
    g.jailed[player] = False
    g.events.append(LeftJail(player, how))


def card_holders(g: GameState, player: int) -> list[int]:
    """The other players in the game who hold a Get Out of Jail Free card, from the player's
    left."""
    return [p for p in g.seats_from(player)[1:] if g.alive[p] and g.cards[p]]


def move_by(g: GameState, player: int, steps: int, dice_total: int) -> None:
    """Move forward `steps` squares, collecting the salary on passing or landing on GO."""
    start = g.pos[player]
    new, gos = g.board.walk(start, steps)
    g.pos[player] = new
    g.events.append(Moved(player, start, new, steps, gos > 0, "throw"))
    if gos:
        _pass_go(g, player, gos, new)
    land(g, player, dice_total)


def advance_to(g: GameState, player: int, target: int, multiplier: int = 0) -> None:
    """A card's "advance to": always forward, salary if GO is passed or reached (on a double
    board, 004: "A player advancing to a named property as per instructions on a card may pass
    Go twice, collecting $400.")."""
    board = g.board
    start = g.pos[player]
    steps = board.steps_to(start, target)
    new, gos = board.walk(start, steps)
    g.pos[player] = new
    g.events.append(Moved(player, start, new, steps, gos > 0, "card"))
    if gos:
        _pass_go(g, player, gos, new)
    land(g, player, g.dice[0] + g.dice[1], multiplier)


def _pass_go(g: GameState, player: int, gos: int, end: int) -> None:
    """The salary for each GO passed or reached (`end`: where the token stopped)."""
    for k in range(gos, 0, -1):
        if g.house_rules:
            house_rules.salary(g, player, k == 1 and end % g.board.ring == 0)
        else:
            bank_pays(g, player, g.board.go_salary, why.SALARY)


def land(g: GameState, player: int, dice_total: int, multiplier: int = 0) -> None:
    """Carry out the square the player's token reached. `multiplier` is set by the
    nearest-Railroad (rent x2) and nearest-Utility (10x a fresh throw) cards."""
    sq = g.pos[player]
    if g.house_rules and _house_landing(g, player, sq, multiplier):
        return
    square = g.board.squares[sq]
    kind = square.kind
    if kind <= UTILITY and kind >= STREET:
        owner = g.owner[sq]
        if owner == BANK:
            g.frames.append(BuyFrame("buy", player, sq))
            if g.rules.option_to_auction:
                auction_option.offer_option(g, player, sq)
        elif owner != player and not g.mortgaged[sq]:
            rent = rent_due(g, sq, dice_total, multiplier)
            if kind == UTILITY and (multiplier or g.rules.utility_rent_throw == "fresh"):
                # The nearest-Utility card ("throw dice"), or 001's "Roll the dice to determine
                # rent" read as a throw of its own.
                d = g.throw()
                g.dice = d
                g.events.append(DiceThrown(player, d, d[0] == d[1], "utility"))
                rent = (multiplier * (d[0] + d[1]) if multiplier
                        else rent_due(g, sq, d[0] + d[1]))
            if g.contracts:
                rent = terms.rent_after_immunity(g, player, owner, sq, rent)
                if not rent:
                    return
            collect_rent(g, player, owner, sq, rent)
        elif owner != player:
            # "No rent can be collected on mortgaged properties"; under the foreclosure house
            # rule it may be bought from its owner.
            g.events.append(RentWaived(player, owner, sq, "mortgaged"))
            if g.rules.foreclosure:
                foreclosure.offer_foreclosure(g, player, sq)
    elif kind == CHANCE:
        draw(g, player, DECK_CHANCE)
    elif kind == COMMUNITY_CHEST:
        draw(g, player, DECK_COMMUNITY_CHEST)
    elif kind == INCOME_TAX:
        if (g.rules.income_tax == "choice" and g.board.income_tax_percent
                and sq not in g.board.flat_tax_squares):
            g.frames.append(TaxFrame("tax", player))
        else:
            charge(g, player, BANK, square.amount, why.INCOME_TAX)
    elif kind == LUXURY_TAX:
        charge(g, player, BANK, square.amount, why.LUXURY_TAX)
    elif kind == GO_TO_JAIL:
        send_to_jail(g, player, "square")


def _house_landing(g: GameState, player: int, sq: int, multiplier: int) -> bool:
    """Landing under the movement, money and jail house rules (`GameState.house_rules`): True
    when one of them takes the place of the usual landing on `sq`."""
    rules = g.rules
    if rules.doubling_up and house_rules.doubled_up(g, player, sq):
        return True
    if g.board.overlap >= 0 and g.board.on_overlap(sq):
        # 004 Double board: "When a player lands on the overlapping space, he or she may
        # choose which board to enter next." (asked after the square itself is done with)
        g.frames.append(DecisionFrame("enter_board", player))
    square = g.board.squares[sq]
    kind = square.kind
    if square.ownable:
        owner = g.owner[sq]
        if owner == BANK:
            if rules.first_to_go and not g.go_passed:
                # First to go: "Players may not purchase properties until one player has
                # passed Go." (no auction either)
                g.events.append(NotForSale(player, sq))
                return True
            return False
        if kind == RAILROAD and rules.travelling_railroads != "off":
            railroad_landing(g, player, sq, multiplier)
            return True
        if owner != player and not g.mortgaged[sq] and rent_waived(g, player, sq):
            return True
        if rules.free_market and owner != player and g.level[sq]:
            # Free market: on an improved street the owner names the rent (`market.py`).
            g.frames.append(MarketFrame("ask_rent", owner, sq, player, owner,
                                        rent_due(g, sq, 0, multiplier)))
            return True
        return False
    if kind in (CHANCE, COMMUNITY_CHEST) and rules.optional_card_draw:
        # "When a player lands on Chance or Community Chest, drawing a card is optional."
        deck = DECK_CHANCE if kind == CHANCE else DECK_COMMUNITY_CHEST
        g.frames.append(DrawFrame("draw_card", player, deck))
        return True
    if kind == FREE_PARKING and rules.free_parking_jackpot:
        house_rules.take_pot(g, player)  # "he or she gets the money in the middle"
        return True
    return False


def rent_waived(g: GameState, player: int, sq: int) -> bool:
    """Maximum punishment: "A player in Jail may not collect rent". True when the owner of
    `sq`, whose rent `player` would owe, is held in jail; then the waiver is also told (a
    `rent_waived` event), so callers ask once, where rent would otherwise be due."""
    owner = g.owner[sq]
    if owner in (BANK, player) or not g.punished(owner):
        return False
    g.events.append(RentWaived(player, owner, sq, "owner_jailed"))
    return True


def railroad_landing(g: GameState, player: int, sq: int, multiplier: int) -> None:
    """Travelling railroads: "The player must pay rent even if he or she does not travel. A
    player may travel on his or her own railroads, for free of course." The rent is paid (or
    claimed) first, then the lander chooses a destination, if the owner has other railroads.
    With "owner_may_forbid": "The owner may disallow a player from travelling on his or her
    railroads if the owner refuses to take the rent" and "must decide to disallow travel before
    the player is required to specify his or her destination", but "must allow travel from a
    mortgaged railroad" (no rent there, so nothing to refuse)."""
    owner = g.owner[sq]
    rent = 0
    if owner != player and not g.mortgaged[sq] and not rent_waived(g, player, sq):
        rent = rent_due(g, sq, 0, multiplier)
        if g.contracts:
            rent = terms.rent_after_immunity(g, player, owner, sq, rent)
    if house_rules.travel_destinations(g, sq):
        if rent and g.rules.travelling_railroads == "owner_may_forbid":
            g.frames.append(RailFrame("allow_travel", owner, sq, player, rent))
            return
        g.frames.append(RailFrame("travel", player, sq))
    if rent:
        collect_rent(g, player, owner, sq, rent)
    elif owner != player and g.mortgaged[sq] and g.rules.foreclosure:
        foreclosure.offer_foreclosure(g, player, sq)  # decided before the travel


def collect_rent(g: GameState, player: int, owner: int, sq: int, rent: int) -> None:
    """Charge the rent, or leave it for the owner to ask for (`Rules.rent_claim`): until the
    next (or second next) player's turn."""
    window = RENT_WINDOWS[g.rules.rent_claim]
    if window:
        g.claims.append([player, owner, sq, rent, g.turns + window - 1])
        g.events.append(RentDue(player, owner, sq, rent))
    elif g.contracts:
        terms.charge_rent(g, player, owner, sq, rent)  # shares of the rent (profit sharing)
    else:
        charge(g, player, owner, rent, why.RENT)


def tax_man(g: GameState) -> None:
    """Tax man: "The bank gets a token known at the 'tax man' and a player will roll the dice
    for the bank on it's turn. If it lands on any owned property, the owner pays the bank the
    amount that would normally be charged in rent. The tax man ignores the normal meaning of any
    other square". It throws once after every round, moves by the total (doubles mean nothing,
    GO pays nothing) and charges the rent of an owned, unmortgaged deed (a utility by this
    throw)."""
    d = g.throw()
    total = d[0] + d[1]
    sq = g.tax_man = (g.tax_man + total) % len(g.board.squares)
    g.events.append(TaxManMoved(d, sq))
    owner = g.owner[sq]
    if owner != BANK and not g.mortgaged[sq]:
        rent = rent_due(g, sq, total)
        if g.cash[owner] >= rent:
            pay_now(g, owner, BANK, rent, "tax man")
        else:
            charge(g, owner, BANK, rent, "tax man")  # raised before the next throw


RENT_WINDOWS = {"always": 0, "before_next_roll": 1, "before_second_roll": 2}


def expire_claims(g: GameState) -> None:
    """Called on every throw: rent not asked for within its window is forfeit."""
    turns = g.turns
    g.claims = [c for c in g.claims if c[4] >= turns]


def claim_rent(g: GameState, owner: int, sq: int) -> None:
    claim = next(c for c in g.claims if c[1] == owner and c[2] == sq)
    g.claims.remove(claim)
    if g.contracts:
        terms.charge_rent(g, claim[0], owner, sq, claim[3])
    else:
        charge(g, claim[0], owner, claim[3], why.RENT)


def rent_due(g: GameState, sq: int, dice_total: int, multiplier: int = 0) -> int:
    """Rent for landing on an owned, unmortgaged deed (before a utility card's fresh throw)."""
    square = g.board.squares[sq]
    owner = g.owner[sq]
    kind = square.kind
    if kind == STREET:
        lv = g.level[sq]
        return street_rent(square.rents, lv, not lv and g.owns_group(owner, square.group))
    board = g.board
    if kind == RAILROAD:
        count = sum(1 for r in board.kin(sq) if g.owner[r] == owner)
        rent = board.railroad_rents[count - 1]
        return rent * multiplier if multiplier else rent
    count = sum(1 for u in board.kin(sq) if g.owner[u] == owner)
    return g.board.utility_multipliers[count - 1] * dice_total


def draw(g: GameState, player: int, deck: int) -> None:
    """Take the top card, obey it and put it at the bottom (a jail card is kept instead)."""
    index = g.take_card(deck)
    card = g.board.decks[deck][index]
    g.events.append(CardDrawn(player, DECK_NAMES[deck], card.id, card.text))
    effect = card.effect
    if effect == JAIL_FREE:
        g.cards[player].append((deck, index))
        g.events.append(JailCardKept(player, DECK_NAMES[deck]))
        return
    g.decks[deck].append(index)
    board = g.board
    if effect == ADVANCE:
        target = card.square
        if target == 0 and board.overlap >= 0:
            target = board.nearest[GO][g.pos[player]]  # the next GO along the figure eight
        advance_to(g, player, target)
    elif effect == ADVANCE_NEAREST:
        target = board.nearest[card.kind][g.pos[player]]
        advance_to(g, player, target, card.multiplier)
    elif effect == BACK:
        # Backwards along the board the token is on (a double board's GO is not passed).
        at, ring = g.pos[player], board.ring
        g.pos[player] = at - at % ring + (at - card.spaces) % ring
        g.events.append(Moved(player, at, g.pos[player], -card.spaces, False, "card"))
        land(g, player, g.dice[0] + g.dice[1])
    elif effect == BACK_TO:
        # "Go back to Old Kent Road": backwards, so GO is not passed and no salary is paid.
        n = board.ring
        at = g.pos[player]
        steps = (at - card.square) % n
        g.pos[player] = card.square
        g.events.append(Moved(player, at, card.square, -steps, False, "card"))
        land(g, player, g.dice[0] + g.dice[1])
    elif effect == FINE_OR_CHANCE:
        g.frames.append(FineFrame("fine_or_chance", player, card.amount))
    elif effect == GO_TO_JAIL_CARD:
        send_to_jail(g, player, "card")
    elif effect == COLLECT:
        bank_pays(g, player, card.amount, card.id)
    elif effect == PAY:
        charge(g, player, BANK, card.amount, card.id)
    elif effect == PAY_EACH_PLAYER:
        # Pushed in reverse so that the player on the drawer's left is paid first.
        for other in reversed(_others(g, player)):
            charge(g, player, other, card.amount, card.id)
    elif effect == COLLECT_FROM_EACH:
        for other in reversed(_others(g, player)):
            charge(g, other, player, card.amount, card.id)
    elif effect == REPAIRS:
        local = g.rules.double_board_local_cards
        houses, hotels = g.buildings_of(player, board.side(g.pos[player]) if local else -1)
        charge(g, player, BANK, houses * card.per_house + hotels * card.per_hotel, card.id)


def _others(g: GameState, player: int) -> list[int]:
    """The other players a card for "each player" concerns, from the drawer's left; with
    `Rules.double_board_local_cards` only those on the drawer's board (004: "only affect the
    properties and the players on the same board as the affected player"), a token on the
    shared square being on both boards."""
    others = g.seats_from(player)[1:]
    if not g.rules.double_board_local_cards:
        return others
    board, pos = g.board, g.pos
    side = board.side(pos[player])
    return [p for p in others if board.side(pos[p]) == side
            or board.on_overlap(pos[p]) or board.on_overlap(pos[player])]


def tax_percent(g: GameState, player: int) -> int:
    """10 % of total worth, rounded to the nearest whole money (halves up)."""
    return (g.worth(player) + 5) // 10


# -- the decisions landing raises, registered beside what raises them -----------------------


def _tax_view(g: GameState, f: Frame) -> TaxDecision:
    sq = g.pos[f.player]
    return TaxDecision(f.player, sq, g.board.squares[sq].amount, 10)


decision("tax", _tax_view, lambda g, f, p: [ChooseTax(p, False), ChooseTax(p, True)])


@answer(ChooseTax, "tax")
def _tax(g: GameState, f: Frame, a: ChooseTax) -> None:
    g.frames.pop()
    p = a.player
    if a.percent:
        amount, reason = tax_percent(g, p), why.INCOME_TAX_PERCENT
    else:
        amount, reason = g.board.squares[g.pos[p]].amount, why.INCOME_TAX
    charge(g, p, BANK, amount, reason)


decision(
    "fine_or_chance",
    lambda g, f: FineOrChanceDecision(f.player, f.amount),
    lambda g, f, p: [FineOrChance(p, False), FineOrChance(p, True)],
)


@answer(FineOrChance, "fine_or_chance")
def _fine_or_chance(g: GameState, f: FineFrame, a: FineOrChance) -> None:
    g.frames.pop()
    if a.chance:
        draw(g, a.player, DECK_CHANCE)
    else:
        charge(g, a.player, BANK, f.amount, why.FINE)


# `Rules.optional_card_draw`
def _draw_view(g: GameState, f: DrawFrame) -> DrawCardDecision:
    deck: DeckName = "chance" if f.deck == DECK_CHANCE else "community_chest"
    return DrawCardDecision(f.player, deck)


decision("draw_card", _draw_view, lambda g, f, p: [DrawCard(p), NoDraw(p)])


@answer(DrawCard, "draw_card")
def _draw(g: GameState, f: DrawFrame, a: DrawCard) -> None:
    g.frames.pop()
    draw(g, a.player, f.deck)


@answer(NoDraw, "draw_card")
def _no_draw(g: GameState, f: DrawFrame, a: NoDraw) -> None:
    g.frames.pop()
    g.events.append(CardNotDrawn(a.player, DECK_NAMES[f.deck]))


# `Rules.travelling_railroads`
def _travel_view(g: GameState, f: RailFrame) -> TravelDecision:
    return TravelDecision(f.player, f.square, tuple(house_rules.travel_destinations(g, f.square)))


def _travel_answers(g: GameState, f: RailFrame, p: int) -> list[Action]:
    return [*(Travel(p, r) for r in house_rules.travel_destinations(g, f.square)), NoTravel(p)]


def _travel_problem(g: GameState, f: RailFrame, a: Travel) -> str | None:
    if a.square not in house_rules.travel_destinations(g, f.square):
        return "travel only to another railroad of the owner of the one you landed on"
    return None


decision("travel", _travel_view, _travel_answers)


@answer(Travel, "travel", problem=_travel_problem)
def _travel(g: GameState, f: Frame, a: Travel) -> None:
    g.frames.pop()
    house_rules.travel(g, a.player, a.square)


@answer(NoTravel, "travel")
def _no_travel(g: GameState, f: Frame, a: NoTravel) -> None:
    g.frames.pop()


decision(
    "allow_travel",
    lambda g, f: AllowTravelDecision(f.player, f.square, f.lander, f.rent),
    lambda g, f, p: [AllowTravel(p), ForbidTravel(p)],
)


@answer(AllowTravel, "allow_travel")
def _allow_travel(g: GameState, f: RailFrame, a: AllowTravel) -> None:
    g.frames.pop()
    g.frames.append(RailFrame("travel", f.lander, f.square))
    collect_rent(g, f.lander, a.player, f.square, f.rent)


@answer(ForbidTravel, "allow_travel")
def _forbid_travel(g: GameState, f: RailFrame, a: ForbidTravel) -> None:
    g.frames.pop()
    g.events.append(TravelForbidden(a.player, f.lander, f.square))


# `Rules.jail_card_on_arrival`: "... or can buy one from another player"
decision(
    "jail_card_purchase",
    lambda g, f: JailCardPurchaseDecision(f.player, tuple(card_holders(g, f.player))),
    lambda g, f, p: [Refuse(p)],
)


@answer(Refuse, "jail_card_purchase")
def _go_to_jail(g: GameState, f: ArrivalFrame, a: Refuse) -> None:
    g.frames.pop()


@settles(ArrivalFrame)
def _settle_arrival(g: GameState, f: ArrivalFrame) -> bool:
    """Once the player holds a card (a trade got one) it is used at once, and a jail lawyer
    is not asked; with nobody left to sell one, the player stays in jail. True when done."""
    p = f.player
    if g.cards[p] and g.jailed[p]:
        g.frames.pop()
        _use_arrival_card(g, p, "bought_card")
        top = g.frames[-1]
        if isinstance(top, DecisionFrame) and top.kind == "lawyer" and top.player == p:
            g.frames.pop()
        return True
    if not g.alive[p] or not g.jailed[p] or not card_holders(g, p):
        g.frames.pop()
        return True
    return False
