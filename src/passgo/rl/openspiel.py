"""The OpenSpiel game `passgo_monopoly`: the full rules as a game with explicit chance nodes.

`import passgo.rl.openspiel` registers it with `pyspiel` (the `open_spiel` package, in the `rl`
extra); then `pyspiel.load_game("passgo_monopoly", {"players": 4})` makes it, and every
OpenSpiel algorithm that takes a sequential game with terminal rewards runs on it (MCTS,
the random-simulation test, evaluation of bots). docs/rl.md documents it.

* Players are the seats, in seating order; their actions are the indices of the
  environments' fixed action table (`passgo.rl.table`), masked by the same business windows.
* Chance nodes are every throw of the dice and every draw of a card nobody has seen yet
  (`passgo.core.chance`), in the order the rules make them within a step, each with its
  outcomes and their probabilities, and at the start the seat that begins (every seat
  alike, as the opening throws give it). Chance action ids: `throw_id`, `draw_id`,
  `first_id`. A draw of a card everyone has seen go under its deck is no chance node.
* Returns at the end: +1 for the winner, -1 for every other seat, 0 for all when the game
  ends without a winner (a tie, the round limit `max_rounds`, or `max_game_length` player
  actions). Heads-up that is zero-sum; above two seats a won game sums to 2 - n, an unwon one
  to 0, so the game is declared general-sum.
* The game is played with imperfect information in general: others' sealed bids and the
  Angel of Death are secrets. The observation tensor is the environments' observation vector
  of the seat (`passgo.rl.observe.LAYOUT`, one named view per block); the information state
  tensor adds the seat's own secrets. Monopoly as observed here is Markov: the information
  state tensor does not recall the history; the information state string does.
* `state.serialize()` is the history of actions, one number a line; `game.deserialize_state`
  replays it with every action checked (a bad text raises `ValueError` in one line).
  OpenSpiel's own `pyspiel.serialize_game_and_state` pickles Python games' states: never
  load one from someone else.

Setup randomness other than the first seat (the short games' dealt deeds, the Angel of
Death, starting corners) comes from the game parameter `seed`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from passgo.agents.play import step_limit
from passgo.core import Action, Game, IllegalActionError, SealedBidDecision
from passgo.core.board import DECK_NAMES
from passgo.core.chance import Draw, Throw, step
from passgo.core.setup import MAX_PLAYERS, MIN_PLAYERS
from passgo.rl.driver import DEFAULT_MAX_ROUNDS, Driver
from passgo.rl.observe import LAYOUT, SIZE
from passgo.rl.windows import BUSINESS_LIMIT, OFFERS_PER_TURN, outcome

SHORT_NAME = "passgo_monopoly"
DEFAULTS: dict[str, Any] = {"players": 2, "rules": "classic", "max_rounds": DEFAULT_MAX_ROUNDS,
                            "business_limit": BUSINESS_LIMIT,
                            "offers_per_turn": OFFERS_PER_TURN, "seed": 0}
MAX_ROUNDS = 10_000  # the most `max_rounds` accepts
# Chance action ids: a throw of two dice of up to 10 sides, one die, a card of a deck, the seat
# that begins.
DIE_BASE = 100
DRAW_BASE = DIE_BASE + 10
CARDS_PER_DECK = 16
FIRST_BASE = DRAW_BASE + len(DECK_NAMES) * CARDS_PER_DECK
CHANCE: int = int(pyspiel.PlayerId.CHANCE)
TERMINAL: int = int(pyspiel.PlayerId.TERMINAL)
CHANCE_IDS = FIRST_BASE + MAX_PLAYERS
PRIVATE = ("own sealed bid written in the open sealed-bid auction (thousands)",
           "the viewer is the Angel of Death")


def throw_id(dice: tuple[int, int]) -> int:
    """The chance action of a throw: 10(a-1) + (b-1) for two dice, 100 + face - 1 for one."""
    a, b = dice
    return DIE_BASE + a - 1 if b == 0 else 10 * (a - 1) + b - 1


def draw_id(deck: int, card: int) -> int:
    """The chance action of drawing card index `card` of `deck` (0 Chance, 1 Community Chest)."""
    return DRAW_BASE + CARDS_PER_DECK * deck + card


def first_id(seat: int) -> int:
    """The chance action of `seat` beginning the game."""
    return FIRST_BASE + seat


def _game_type(utility: pyspiel.GameType.Utility) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="passgo Monopoly",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS)


def _bounded(params: dict[str, Any], key: str, low: int, high: int) -> int:
    value = params[key]
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{key} must be an integer from {low} to {high}, not {value!r:.20}")
    return value


class MonopolyGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """`passgo_monopoly` with its parameters (`DEFAULTS`); see the module docstring."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**DEFAULTS, **(params or {})}
        unknown = sorted(set(given) - set(DEFAULTS))
        if unknown:
            raise ValueError(f"unknown parameters {unknown}: the game takes {sorted(DEFAULTS)}")
        players = _bounded(given, "players", MIN_PLAYERS, MAX_PLAYERS)
        max_rounds = _bounded(given, "max_rounds", 1, MAX_ROUNDS)
        if type(given["rules"]) is not str:
            raise ValueError("rules is a preset name (passgo rules list)")
        self.seed = _bounded(given, "seed", 0, 2**31 - 1)
        self.driver = Driver(players, given["rules"], max_rounds,
                             business_limit=_bounded(given, "business_limit", 0, 100),
                             offers_per_turn=_bounded(given, "offers_per_turn", 0, 100))
        self.max_moves = step_limit(players, max_rounds)
        zero_sum = players == 2
        utility = (pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                   else pyspiel.GameType.Utility.GENERAL_SUM)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.driver.table.size, max_chance_outcomes=CHANCE_IDS,
            num_players=players, min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0 if zero_sum else None, max_game_length=self.max_moves)
        super().__init__(_game_type(utility), info, given)

    def new_initial_state(self) -> MonopolyState:
        return MonopolyState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> SeatObserver:
        if params:
            raise ValueError(f"the observer takes no parameters, not {sorted(params)}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SeatObserver(private=recall)

    def deserialize_state(self, text: str) -> MonopolyState:
        """The state `MonopolyState.serialize` wrote: its actions replayed, each checked."""
        lines = [line for line in str(text).splitlines() if line.strip()]
        if len(lines) > 64 * self.max_moves:
            raise ValueError("the text has more actions than a game can have")
        state = self.new_initial_state()
        for i, line in enumerate(lines, 1):
            try:
                action = int(line)
            except ValueError:
                raise ValueError(f"line {i}: {line[:20]!r} is not an action number") from None
            if state.is_terminal():
                raise ValueError(f"line {i}: the game is over")
            legal = (state.legal_actions() if not state.is_chance_node()
                     else [a for a, _ in state.chance_outcomes()])
            if action not in legal:
                raise ValueError(f"line {i}: action {action} is not legal there")
            state.apply_action(action)
        return state


class _Play:
    """Everything a state holds, copied at once (OpenSpiel clones a Python state by deep-copying
    its attributes): the driver, the player action waiting for its chance outcomes with the
    outcomes chosen so far and the chance event now, the player actions taken and which
    of the history's actions are secrets."""

    def __init__(self, driver: Driver | None) -> None:
        self.driver = driver
        self.action: Action | None = None
        self.throws: list[tuple[int, int]] = []
        self.cards: list[list[int]] = [[], []]
        self.event: Throw | Draw | None = None
        self.moves = 0
        # Each seat's information state string so far: the history, others' secrets hidden.
        self.seen: list[str] = []
        self.stopped = False  # `max_game_length` player actions were reached

    def record(self, player: int, action: int, secret: bool) -> None:
        """Add an action of `player` (a seat, or chance) to every seat's history string."""
        known = f"{player}:{action} "
        hidden = f"{player}:? " if secret else known
        self.seen = [v + (known if p == player else hidden) for p, v in enumerate(self.seen)]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        new = _Play(self.driver.copy() if self.driver is not None else None)
        new.action, new.event, new.moves, new.stopped = (
            self.action, self.event, self.moves, self.stopped)
        new.throws = list(self.throws)
        new.cards = [list(c) for c in self.cards]
        new.seen = list(self.seen)
        return new


class MonopolyState(pyspiel.State):  # type: ignore[misc]
    """A state of `passgo_monopoly` (see the module docstring)."""

    def __init__(self, game: MonopolyGame) -> None:
        super().__init__(game)
        self._play = _Play(None)
        if game.driver.rules.order_auction:  # the order auction decides who begins
            self._play.driver = self._begin(game, -1)

    @staticmethod
    def _begin(game: MonopolyGame, first: int) -> Driver:
        """A driver at the start of the game, `first` beginning (-1: as the rules decide)."""
        driver = game.driver.copy()
        n = driver.players
        if first < 0:
            opening: list[tuple[int, int]] = []
        else:  # the opening throws that make `first` the highest
            opening = [(6, 6) if p == first else (1, 2) for p in range(n)]
        driver.start(0, Game.new(driver.names, driver.rules, game.seed, dice=opening,
                                 max_rounds=driver.max_rounds))
        return driver

    # -- whose move --------------------------------------------------------------------------

    def current_player(self) -> int:
        play = self._play
        if play.driver is None or play.event is not None:
            return CHANCE
        if play.stopped or play.driver.game.over:
            return TERMINAL
        return play.driver.seat

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        driver = self._play.driver
        if driver is None or self.current_player() != player:
            return []
        return [int(i) for i in np.flatnonzero(driver.mask)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        play = self._play
        if play.driver is None:
            n = self.get_game().num_players()
            return [(first_id(p), 1 / n) for p in range(n)]
        match play.event:
            case Throw() as throw:
                return [(throw_id(d), p) for d, p in throw.outcomes()]
            case Draw(deck=deck, cards=cards):
                return [(draw_id(deck, c), p) for c, p in cards]
        return []

    # -- moves -------------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        play = self._play
        if not play.seen:
            play.seen = [""] * self.get_game().num_players()
        if play.driver is None:
            play.driver = self._begin(self.get_game(), action - FIRST_BASE)
            play.record(CHANCE, action, False)
            return
        if play.event is not None:
            play.record(CHANCE, action, False)
            self._choose(action)
            return
        driver = play.driver
        try:
            chosen = driver.action(action)
        except IllegalActionError as exc:
            raise ValueError(str(exc)) from None
        play.record(driver.seat, action, isinstance(driver.decision, SealedBidDecision))
        play.moves += 1
        play.action = chosen
        self._resolve()

    def _choose(self, outcome: int) -> None:
        play = self._play
        if isinstance(play.event, Throw):
            if outcome >= DIE_BASE:
                play.throws.append((outcome - DIE_BASE + 1, 0))
            else:
                play.throws.append((outcome // 10 + 1, outcome % 10 + 1))
        elif isinstance(play.event, Draw):
            play.cards[play.event.deck].append(outcome - DRAW_BASE
                                               - CARDS_PER_DECK * play.event.deck)
        self._resolve()

    def _resolve(self) -> None:
        """The pending action with the outcomes chosen so far: the next chance node, or the
        state after it."""
        play = self._play
        assert play.driver is not None and play.action is not None
        result = step(play.driver.game, play.action, play.throws, play.cards)
        if isinstance(result, Throw | Draw):
            play.event = result
            return
        play.driver.acted(play.action, result)
        play.action, play.event = None, None
        play.throws, play.cards = [], [[], []]
        if play.moves >= self.get_game().max_game_length() and not result.over:
            play.stopped = True

    def _action_to_string(self, player: int, action: int) -> str:
        play = self._play
        if player == CHANCE:
            return _chance_text(self, action)
        driver = play.driver if play.driver is not None else self.get_game().driver
        label = driver.label(action)
        if driver.seat == player and 0 <= action < driver.table.size and driver.mask[action]:
            text = driver.table.decode(driver.game, player, action).text()
            return text if text == label else f"{text} ({label})"
        return label

    # -- results -----------------------------------------------------------------------------

    def returns(self) -> list[float]:
        play = self._play
        n = self.get_game().num_players()
        if play.driver is None or play.stopped or not play.driver.game.over:
            return [0.0] * n
        return [float(outcome(play.driver.game, p)) for p in range(n)]

    def serialize(self) -> str:
        """The history of actions, one a line (`MonopolyGame.deserialize_state` reads it)."""
        return "".join(f"{a}\n" for a in self.history())

    def __str__(self) -> str:
        play = self._play
        if play.driver is None:
            return "before the opening throws"
        text = play.driver.summary()
        if play.event is not None and play.action is not None:
            text += f"; {play.action.text()} needs {play.event}"
        return f"{text}; {play.moves} player actions"


def _chance_text(state: MonopolyState, action: int) -> str:
    if action >= FIRST_BASE:
        return f"seat_{action - FIRST_BASE} begins"
    if action >= DRAW_BASE:
        deck, card = divmod(action - DRAW_BASE, CARDS_PER_DECK)
        driver = state._play.driver or state.get_game().driver
        cards = driver.game.board.decks[deck]
        name = cards[card].id if card < len(cards) else f"card {card}"
        return f"draw {DECK_NAMES[deck]}: {name}"
    if action >= DIE_BASE:
        return f"throw {action - DIE_BASE + 1}"
    return f"throw {action // 10 + 1}-{action % 10 + 1}"


class SeatObserver:
    """One seat's observation (OpenSpiel's PyObserver interface): the environments'
    observation vector, a named view per block of `LAYOUT`; with `private` (the information
    state) followed by the seat's own secrets (`PRIVATE`)."""

    def __init__(self, private: bool) -> None:
        self.private = private
        self.tensor = np.zeros(SIZE + (len(PRIVATE) if private else 0), np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        at = 0
        for name, width, _ in LAYOUT:
            self.dict[name] = self.tensor[at:at + width]
            at += width
        if private:
            self.dict["private"] = self.tensor[at:]

    def set_from(self, state: MonopolyState, player: int) -> None:
        driver = state._play.driver
        if driver is None:
            self.tensor.fill(0)
            return
        self.tensor[:SIZE] = driver.observe(player)
        if self.private:
            game = driver.game
            own = game.view(player)["sealed_bids"] if game.pending.kind == "sealed_bid" else {}
            self.tensor[SIZE:] = (sum(own.values()) / 1000, float(game.is_angel_of_death(player)))

    def string_from(self, state: MonopolyState, player: int) -> str:
        """The information state: every action so far, others' secrets hidden ("?"); the
        observation: the table now, from the seat."""
        play = state._play
        if self.private:
            return play.seen[player].rstrip() if play.seen else ""
        if play.driver is None:
            return f"seat_{player}: before the opening throws"
        return f"seat_{player}: {play.driver.summary()}"


pyspiel.register_game(_game_type(pyspiel.GameType.Utility.GENERAL_SUM), MonopolyGame)
