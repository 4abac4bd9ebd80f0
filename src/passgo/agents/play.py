"""The one loop that drives bots: `bot_step` makes one automated move, `play` plays to the end.

Everything a game of bots needs besides the bots' own choices lives here, so that `play`,
`passgo tournament`, `passgo simulate`, the benchmarks and the terminal session's bot seats
(`passgo.session`, through `bot_step`) behave alike:

* Rent claims (`Rules.rent_claim`: the owner must ask for rent): a seat played by a bot asks
  at once for every rent waiting for it (`game.rent_claims`), before anyone moves again. A
  seat played by a person (`None` among the agents) asks, or forgets to, by themselves.
* Protocol bots (outside programs): their failures never stop the game (they play a safe
  default and record an `Incident`, see `protocol.py`); `incidents` collects them by seat and
  `close_agents` stops the programs, which `play` does once the game is over.
* Limits: a game of bots may last for ever in principle. Games set `max_rounds`/`max_turns`
  (the engine stops the game, reported as such); `play` also takes `max_steps`, and
  `step_limit` is the bound on actions that matches a round cap (`passgo tournament`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from passgo.agents.base import Agent, explainer, one_line
from passgo.core import Action, ClaimRent, Event, Game

Observer = Callable[[Action, list[Event]], None]

# Actions per round and player before a game is taken to be stuck (`step_limit`).
STEPS_PER_ROUND: Final = 2000


class _Stepper:
    """`bot_step` for one game and one set of agents, with what does not change between
    steps looked up once, and `run`: the same steps until none is left, without handing each
    one back (the loop of `play` runs hundreds of thousands of steps a second).

    A class rather than closures: compiled, closures that call one another keep each other
    alive in a reference cycle, and every game played would wait, whole, for the garbage
    collector to free it."""

    def __init__(self, game: Game, agents: Sequence[Agent | None], checked: bool,
                 explained: bool = False) -> None:
        if len(agents) != game.n:
            raise ValueError(f"{game.n} players need {game.n} agents, not {len(agents)}")
        self.game = game
        self.apply: Callable[[Action, str], list[Event]] = (
            game.apply if checked else game.apply_unchecked)
        self.acts: list[Callable[[Game, int], Action] | None] = [
            None if agent is None else agent.act for agent in agents]
        # The bots' reasons, asked for only where someone reads them (`bot_step`).
        self.explains: list[Callable[[Game, int, Action], str] | None] = [
            explainer(agent) if explained else None
            for agent in agents]
        # Rent waits to be asked for only under `Rules.rent_claim` (else it is paid at once).
        self.claims = game.rules.rent_claim != "always" or bool(game.rent_claims)

    def claim(self) -> ClaimRent | None:
        """The ask for the oldest rent waiting for a seat an agent plays, if any."""
        game = self.game
        for waiting in game.rent_claims:
            if self.acts[waiting.owner] is not None:
                ask = ClaimRent(waiting.owner, waiting.square)
                if game.is_legal(ask):
                    return ask
        return None

    def choose(self) -> tuple[Action, str] | None:
        """The next automated move and its reason, not yet applied (None: nothing to do)."""
        game = self.game
        if game.over:
            return None
        if self.claims and (ask := self.claim()) is not None:
            return ask, ""
        player = game.pending_player
        act = self.acts[player]
        if act is None:
            return None
        action = act(game, player)
        explain = self.explains[player]
        return action, one_line(explain(game, player, action)) if explain is not None else ""

    def step(self) -> tuple[Action, list[Event]] | None:
        chosen = self.choose()
        if chosen is None:
            return None
        action, reason = chosen
        return action, self.apply(action, reason)

    def run(self) -> None:
        game, acts, apply, claims = self.game, self.acts, self.apply, self.claims
        while not game.over:
            if claims and (ask := self.claim()) is not None:
                apply(ask, "")
                continue
            act = acts[player := game.pending_player]
            if act is None:
                return
            apply(act(game, player), "")


def bot_step(
    game: Game, agents: Sequence[Agent | None], *, checked: bool = True
) -> tuple[Action, list[Event]] | None:
    """One automated move: a rent claim of a seat played by an agent if any is waiting (the
    oldest first), else the answer of the agent of the seat the game waits for, with its
    reason when the bot gives one (`Explaining`: the events of the choice carry it). Returns
    the action with the events it caused, or None when the game is over or a person (agent
    `None`) must decide. `checked=False` trusts the agents' actions to be legal (the
    simulation fast path); checked, an illegal action raises `IllegalActionError` and changes
    nothing. `agents` has one entry per seat."""
    return _Stepper(game, agents, checked, explained=True).step()


def bot_move(game: Game, agents: Sequence[Agent | None]) -> tuple[Action, str] | None:
    """The move `bot_step` would make, with its reason, without making it (the web server's
    bot workers choose and the server applies)."""
    return _Stepper(game, agents, True, explained=True).choose()


def bot_to_move(game: Game, played: Sequence[bool]) -> bool:
    """Whether `bot_step` would move now with an agent on each seat `played` marks: a rent
    claim of such a seat is waiting, or the game waits for such a seat. Asks no agent (the
    web server asks this before it sends a game to a bot worker)."""
    if game.over:
        return False
    if played[game.pending_player]:
        return True
    return any(played[w.owner] and game.is_legal(ClaimRent(w.owner, w.square))
               for w in game.rent_claims)


def play(
    game: Game,
    agents: Sequence[Agent],
    *,
    checked: bool = True,
    max_steps: int | None = None,
    observe: Observer | None = None,
) -> Game:
    """Play `game` to its end with one agent per seat (`bot_step` until the game is over).
    `checked=False` trusts the agents' actions to be legal (the simulation fast path);
    `max_steps` bounds the number of the agents' actions (rent claims not counted).
    A game of bots can last for ever in principle: simulations set `max_turns`/`max_rounds`
    on the game. `observe(action, events)` sees every action applied, rent claims included,
    with the events it caused: statistics are collected from it without a second game loop.
    Once the game is over, agents that run outside programs are stopped (`close_agents`)."""
    stepper = _Stepper(game, agents, checked)
    if observe is None and max_steps is None:
        stepper.run()
    steps = 0
    while (done := stepper.step()) is not None:
        if observe is not None:
            observe(*done)
        if type(done[0]) is not ClaimRent:
            steps += 1
            if max_steps is not None and steps >= max_steps:
                break
    if game.over:
        close_agents(agents)
    return game


def step_limit(players: int, max_rounds: int) -> int:
    """The most actions a game with a round cap may take before it is stopped as stuck (a
    bot doing business for ever): `STEPS_PER_ROUND` per round and player."""
    return STEPS_PER_ROUND * max_rounds * players


def close_agents(agents: Sequence[Agent | None]) -> None:
    """Stop the agents that run outside programs (protocol bots); others have nothing to
    stop. Their incidents stay readable."""
    for agent in agents:
        close = getattr(agent, "close", None)
        if callable(close):
            close()


def incidents(agents: Sequence[Agent | None]) -> dict[int, list[dict[str, Any]]]:
    """What went wrong with the protocol bots of a game, by seat, as JSON data (seats without
    incidents are left out)."""
    out: dict[int, list[dict[str, Any]]] = {}
    for seat, agent in enumerate(agents):
        found = getattr(agent, "incidents", None)
        if found:
            out[seat] = [i.to_dict() for i in found]
    return out
