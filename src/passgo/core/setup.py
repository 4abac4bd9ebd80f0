"""Setting up a game: who may play, shuffling, who starts, dealt deeds and the house rules that
act before the first throw. `Game.new` checks its arguments and calls `start`."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from passgo.core import house_rules, initial, money, sealed, timing
from passgo.core.events import DeedTransferred, OpeningThrows, TurnStarted
from passgo.core.frames import TurnFrame
from passgo.core.state import BANK, BANK_NAME, GameState

#: The fewest players a game has.
MIN_PLAYERS: Final = 2
#: The most players a game has.
MAX_PLAYERS: Final = 8


def player_names_problem(names: Sequence[str]) -> str | None:
    """Why `names` cannot be the players of a game, in seat order (None: they can): a game has
    2 to 8 players, each with a name `player_name_problem` accepts beside the names before it.
    Every way into a game checks this one rule (`Game.new`, positions, the terminal and web
    front-ends), so any game can be exported as a position and read back."""
    problem = player_count_problem(len(names))
    if problem is not None:
        return problem
    for i, name in enumerate(names):
        problem = player_name_problem(name, names[:i])
        if problem is not None:
            return problem
    return None


def player_count_problem(count: int) -> str | None:
    """Why a game cannot have `count` players (None: it can), for callers that count the
    players before reading their names (a position)."""
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        return f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players"
    return None


def player_name_problem(name: str, others: Collection[str] = ()) -> str | None:
    """Why `name` cannot be the name of a player beside players named `others` (None: it can),
    for callers that take names one at a time. A name is printable text (it is shown on every
    board and log), not empty and with no space at either end (a position file's names are
    read trimmed), and no two players share one (positions and agreements name players by
    their names, and a loan's lender "Bank" when the Bank lent it)."""
    if type(name) is not str:
        return f"a name is text, not {name!r:.40}"
    trimmed = name.strip()
    if not trimmed:
        return "a name cannot be empty"
    if trimmed != name:
        return f"a name cannot begin or end with a space: {name!r}"
    if not name.isprintable():
        return "a name must be printable text"
    if name == BANK_NAME:
        return f"{BANK_NAME!r} names the Bank, not a player"
    if name in others:
        return f"player names must differ: {name!r} is named twice"
    return None


def start(g: GameState, order: str, dice: Sequence[tuple[int, int]]) -> None:
    """Shuffle the decks, seat the first player (by the opening throws, or the first name),
    deal deeds for the short games, and open the order auction where it is played."""
    rules = g.rules
    g.dice_script = [(a, b) for a, b in dice]
    # "the Chance and Community Chest cards face down": shuffled by the game's own PRNG.
    for deck in g.decks:
        g.rng.shuffle(deck)
    g.pot = rules.free_parking_start  # "$500 is placed in the middle of the board"
    if rules.sudden_death:
        timing.draw_angel(g)
    if rules.start_at_corners:
        house_rules.start_at_corners(g)
    if rules.two_tokens:
        g.resting = list(g.pos)  # both tokens start where the player starts
    first = 0
    if order == "roll" and not rules.order_auction:
        first = _opening_roll(g)
    g.current = first
    g.setup["first"] = first
    g.frames = [TurnFrame("roll", first)]
    if rules.deal_deeds:
        _deal_deeds(g, first)
    if rules.order_auction:
        # "Before the game begins, players bid for the right to go first" (004).
        sealed.open_order_auction(g)
    if rules.initial_auction:
        # "Before the game begins, everyone writes down how much they will pay for every
        # property on the board in a closed auction" (004); before the order auction.
        initial.open_initial_auction(g, first)
    if not (rules.order_auction or rules.initial_auction):
        g.events.append(TurnStarted(first, g.rounds))


def _opening_roll(g: GameState) -> int:
    """"each player in turn throws the dice. The player with the highest total starts";
    players tied for highest throw again."""
    contenders = list(range(g.n))
    throws: list[tuple[int, int, int]] = []
    while True:
        totals = {}
        for p in contenders:
            d = g.throw()
            totals[p] = d[0] + d[1]
            throws.append((p, d[0], d[1]))
        best = max(totals.values())
        contenders = [p for p in contenders if totals[p] == best]
        if len(contenders) == 1:
            g.events.append(OpeningThrows(contenders[0], tuple(throws)))
            return contenders[0]


def _deal_deeds(g: GameState, first: int) -> None:
    """Short and time-limit games: "the Banker shuffles ... then deals" deeds to each player
    one at a time, free or paid for at the printed price as the rules say."""
    deeds = list(g.board.properties)
    g.rng.shuffle(deeds)
    for _ in range(g.rules.deal_deeds):
        for p in g.seats_from(first):
            sq = deeds.pop()
            g.owner[sq] = p
            g.events.append(DeedTransferred(sq, None, p, "dealt"))
            if g.rules.dealt_deeds_paid:
                price = g.deed_price(sq)
                if g.cash[p] >= price:
                    money.pay_now(g, p, BANK, price, "dealt deed")
                else:  # (double prices) a debt, raised before the first throw
                    money.charge(g, p, BANK, price, "dealt deed")
