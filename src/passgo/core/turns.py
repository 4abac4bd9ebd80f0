"""The decisions of a turn: throwing (or leaving jail), the choices that landing raises (Income
Tax, "pay a fine or take a Chance", optional draws, travelling railroads, the jail lawyer),
asking for rent, ending the turn, and passing the dice to the next player.

The turn itself is the bottom frame of the stack (`TurnFrame`); its kind says whether the
player must throw ("roll"), is in jail at the start of the turn ("jail") or has played the
throws and may do business before ending the turn ("end_turn").
"""

from __future__ import annotations

from typing import Any

from passgo.core import house_rules, movement, terms, timing
from passgo.core.actions import (
    DECK_WORDS,
    Action,
    ClaimRent,
    EndTurn,
    HireLawyer,
    NoLawyer,
    PayJailFine,
    Roll,
    UseJailCard,
)
from passgo.core.decisions import (
    DeckName,
    EndTurnDecision,
    JailDecision,
    JailExitDecision,
    LawyerDecision,
    RollDecision,
)
from passgo.core.ending import finish, finish_by_valuation
from passgo.core.events import (
    TurnStarted,
)
from passgo.core.frames import (
    DONE,
    MOVED,
    POST_ROLL,
    PRE_ROLL,
    Frame,
    MoveFrame,
    TurnFrame,
)
from passgo.core.registry import answer, business, decision, settles
from passgo.core.state import GameState


def jail_cards(g: GameState, player: int) -> tuple[DeckName, ...]:
    """The decks of the Get Out of Jail Free cards the player holds, in the order held."""
    names: tuple[DeckName, ...] = ("chance", "community_chest")
    return tuple(names[deck] for deck, _ in g.cards[player])


def _card_choices(g: GameState, player: int) -> list[Action]:
    """Playing a held Get Out of Jail Free card: `use-card` when the cards held are all of one
    deck, else one choice per deck (`use-card chance`, `use-card community_chest`)."""
    held = sorted({deck for deck, _ in g.cards[player]})
    if len(held) <= 1:
        return [UseJailCard(player)] if held else []
    return [UseJailCard(player, DECK_WORDS[d]) for d in held]


def _rolls(g: GameState, p: int) -> list[Action]:
    return [Roll(p)] if g.rules.dice == "standard" else [*house_rules.roll_options(g, p)]


# -- throwing --------------------------------------------------------------------------------


# Decisions are immutable values: the two asked at every turn are made once per seat.
_ROLL_VIEWS = tuple(tuple(RollDecision(p, d) for d in range(3)) for p in range(8))
_END_VIEWS = tuple(EndTurnDecision(p) for p in range(8))


def _roll_view(g: GameState, f: TurnFrame) -> RollDecision:
    return _ROLL_VIEWS[f.player][g.doubles]


def _roll_problem(g: GameState, f: Frame, a: Roll) -> str | None:
    return house_rules.dice_problem(g, a.player, a.dice) if a.dice else None


decision("roll", _roll_view, lambda g, f, p: _rolls(g, p))


@answer(Roll, "roll", "jail", problem=_roll_problem)
def _roll(g: GameState, f: Frame, a: Roll) -> None:
    movement.roll(g, a.player, a.dice)
    frames = g.frames
    turn = frames[0]
    if len(frames) == 1 and turn.stage == MOVED:  # type: ignore[attr-defined]
        _after_throw(g, turn)  # type: ignore[arg-type]  # the throw raised no decision


# -- in jail at the start of a turn ----------------------------------------------------------


def fine_problem(g: GameState, player: int) -> str | None:
    """Why the jail fine may not be paid before throwing now (None: it may)."""
    if g.jail_turns[player] >= g.rules.jail_prepay_turns:
        return "the fine may be paid before throwing only on the first jail turns"
    if g.cash[player] < g.board.jail_fine:
        return f"the fine is {g.board.jail_fine}"
    return None


def _card_problem(g: GameState, f: Frame, a: UseJailCard) -> str | None:
    held = [deck for deck, _ in g.cards[a.player]]
    if a.deck is None:
        return None if held else "you have no Get Out of Jail Free card"
    if a.deck not in DECK_WORDS or DECK_WORDS.index(a.deck) not in held:
        return f"you hold no {a.deck} Get Out of Jail Free card"
    return None


def _card_deck(g: GameState, a: UseJailCard) -> int:
    """Which held card the action plays: the one of its deck, else the first held."""
    if a.deck is None:
        return g.cards[a.player][0][0]
    return DECK_WORDS.index(a.deck)


def _jail_view(g: GameState, f: TurnFrame) -> JailDecision:
    p = f.player
    return JailDecision(p, g.jail_turns[p], g.board.jail_fine, fine_problem(g, p) is None,
                        jail_cards(g, p))


def _jail_answers(g: GameState, f: TurnFrame, p: int) -> list[Action]:
    out = _rolls(g, p)
    if fine_problem(g, p) is None:
        out.append(PayJailFine(p))
    out.extend(_card_choices(g, p))
    return out


decision("jail", _jail_view, _jail_answers)


@answer(PayJailFine, "jail", problem=lambda g, f, a: fine_problem(g, a.player))
def _pay_fine(g: GameState, f: Frame, a: PayJailFine) -> None:
    movement.pay_jail_fine(g, a.player)


@answer(UseJailCard, "jail", problem=_card_problem)
def _use_card(g: GameState, f: Frame, a: UseJailCard) -> None:
    movement.use_jail_card(g, a.player, _card_deck(g, a))


# After the last failed jail throw (`Rules.jail_card_after_third_throw`): the fine is owed in
# any case (raised if need be), or a held card is used instead.
decision(
    "jail_exit",
    lambda g, f: JailExitDecision(f.player, g.board.jail_fine, jail_cards(g, f.player)),
    lambda g, f, p: [PayJailFine(p), *_card_choices(g, p)],
)


@answer(PayJailFine, "jail_exit")
def _exit_fine(g: GameState, f: Frame, a: PayJailFine) -> None:
    movement.jail_exit(g, a.player, None)


@answer(UseJailCard, "jail_exit", problem=_card_problem)
def _exit_card(g: GameState, f: Frame, a: UseJailCard) -> None:
    movement.jail_exit(g, a.player, _card_deck(g, a))


# `Rules.jail_lawyer`: just sent to jail, pay the lawyer to be on Just Visiting instead.
def _lawyer_answers(g: GameState, f: Frame, p: int) -> list[Action]:
    fee = g.rules.jail_lawyer
    return [HireLawyer(p), NoLawyer(p)] if g.cash[p] >= fee else [NoLawyer(p)]


def _lawyer_problem(g: GameState, f: Frame, a: HireLawyer) -> str | None:
    fee = g.rules.jail_lawyer
    return None if g.cash[a.player] >= fee else f"the lawyer costs {fee}"


decision("lawyer", lambda g, f: LawyerDecision(f.player, g.rules.jail_lawyer), _lawyer_answers)


@answer(HireLawyer, "lawyer", problem=_lawyer_problem)
def _hire(g: GameState, f: Frame, a: HireLawyer) -> None:
    g.frames.pop()
    house_rules.hire_lawyer(g, a.player)


@answer(NoLawyer, "lawyer")
def _no_lawyer(g: GameState, f: Frame, a: NoLawyer) -> None:
    g.frames.pop()


# -- ending the turn -------------------------------------------------------------------------

decision("end_turn", lambda g, f: _END_VIEWS[f.player], lambda g, f, p: [EndTurn(p)])


@answer(EndTurn, "end_turn")
def _end_turn(g: GameState, f: TurnFrame, a: EndTurn) -> None:
    next_turn(g)  # "After you have completed your play, the turn passes to the left"


def _after_throw(g: GameState, f: TurnFrame) -> None:
    """A throw is played out: throw again after doubles, else the turn may end."""
    p = f.player
    if g.alive[p] and not g.jailed[p] and f.again:
        f.stage, f.kind = PRE_ROLL, "roll"
    else:
        f.stage, f.kind = POST_ROLL, "end_turn"


@settles(TurnFrame)
def _settle_turn(g: GameState, f: TurnFrame) -> bool:
    """After a throw is played (and what it raised is settled), or after the turn ends (a
    bankrupt player's turn): the same steps as above."""
    if f.stage == MOVED:
        _after_throw(g, f)
        return False
    if f.stage == DONE:
        next_turn(g)  # may end the game at a turn or round limit
        return True
    return False


@settles(MoveFrame)
def _settle_move(g: GameState, f: MoveFrame) -> bool:
    g.frames.pop()
    if g.alive[f.player]:
        movement.move_by(g, f.player, f.steps, f.steps)
    return True


def next_turn(g: GameState) -> None:
    """Pass the dice to the next player in the game, counting rounds from the round's first
    player; end the game at the round limit of a time-limit game or a safety limit."""
    p = g.current
    rounds = g.rounds
    if g.house_rules and g.rules.two_tokens and g.alive[p] and not g.jailed[p]:
        house_rules.switch_tokens(g, p)
    g.turns += 1
    n, alive = g.n, g.alive
    if g.order:  # an order of play other than the seating (`Rules.order_auction`)
        nxt = g.seats_from(g.left_of(p))[0]
        at = g.order.index
        if at(nxt) <= at(p):
            g.rounds += 1
    else:
        nxt = (p + 1) % n
        while not alive[nxt]:
            nxt = (nxt + 1) % n
        first = g.setup.get("first", 0)
        if (nxt - first) % n <= (p - first) % n:
            g.rounds += 1
    g.current = nxt
    g.doubles = 0
    turn: TurnFrame = g.frames[0]  # type: ignore[assignment]  # (the bottom frame; hot path)
    turn.kind = "jail" if g.jailed[nxt] else "roll"
    turn.player = nxt
    turn.stage = PRE_ROLL
    turn.again = False
    if g.rules.round_limit and g.rounds >= g.rules.round_limit:
        finish_by_valuation(g, "time limit")
    elif g.max_turns is not None and g.turns >= g.max_turns:
        finish(g, "turn limit", limit=True)
    elif g.max_rounds is not None and g.rounds >= g.max_rounds:
        finish(g, "round limit", limit=True)
    else:
        if g.contracts:
            terms.new_turn(g, g.rounds != rounds)  # immunities run out, loans fall due
        if g.house_rules and g.rounds != rounds:
            _new_round(g)
        g.events.append(TurnStarted(nxt, g.rounds))


def _new_round(g: GameState) -> None:
    """House rules that act after every complete round: the tax man throws, and sudden death's
    hour comes after `Rules.sudden_death_rounds` rounds where no clock runs."""
    rules = g.rules
    if rules.tax_man:
        movement.tax_man(g)
    if rules.sudden_death_rounds and g.rounds >= rules.sudden_death_rounds and not g.time_called:
        timing.time_up(g)


# -- asking for rent (`Rules.rent_claim`) ----------------------------------------------------


def _claim_problem(g: GameState, f: Any, a: ClaimRent) -> str | None:
    if not any(c[1] == a.player and c[2] == a.square for c in g.claims):
        return f"no rent is waiting to be asked for on square {a.square}"
    if g.punished(a.player):
        return "a player in jail may not collect rent (maximum punishment)"
    return None


@business(ClaimRent, _claim_problem)
def _claim(g: GameState, f: Any, a: ClaimRent) -> None:
    movement.claim_rent(g, a.player, a.square)

