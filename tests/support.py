"""Shared test support: set up a game in a chosen position with forced dice and stacked decks."""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from passgo.core import Game, Rules
from passgo.core.board import DECK_CHANCE, DECK_COMMUNITY_CHEST, load_edition
from passgo.core.events import SALARY, Event, Payment
from passgo.core.state import HOTEL
from passgo.engine_build import engine_build

E = TypeVar("E")

BOARD = load_edition("us-classic")
# The rules options the RL environments refuse (`passgo.rl.observe.UNSUPPORTED`), turned off.
# (with the options that only go with them set back to their classic values too).
RL_REFUSED_OFF: dict[str, Any] = dict(initial_auction=False, initial_auction_money=10000,
                                      free_market=False, double_board="off",
                                      double_board_local_cards=False,
                                      jail_card_on_arrival=False)

# What a function given an argument of the wrong Python type raises: the compiled build's typed
# functions refuse it with TypeError before their own checks (ValueError) run.
WRONG_TYPE = (ValueError, TypeError) if engine_build() == "compiled" else ValueError


def sq(name: str) -> int:
    """Square index by name (case-insensitive), e.g. sq("Boardwalk") == 39."""
    return BOARD.square_index(name)


def stack(game: Game, deck: str, card_ids: Iterable[str]) -> None:
    """Put these cards (by id) on top of a deck, in order (first drawn first)."""
    d = DECK_CHANCE if deck == "chance" else DECK_COMMUNITY_CHEST
    rest = list(game.decks[d])
    top: list[int] = []
    for cid in card_ids:
        (index,) = BOARD.card_index(d, cid)
        rest.remove(index)  # one copy of a card printed twice
        top.append(index)
    game.decks[d] = top + rest


def setup(
    players: Sequence[str] = ("Ann", "Bob"),
    *,
    rules: Rules | None = None,
    dice: Sequence[tuple[int, int]] = (),
    cash: Sequence[int] | None = None,
    pos: Sequence[int] | None = None,
    owners: Mapping[int, int] | None = None,
    levels: Mapping[int, int] | None = None,
    mortgaged: Iterable[int] = (),
    jailed: Mapping[int, int] | None = None,
    chance: Sequence[str] = (),
    community_chest: Sequence[str] = (),
    jail_cards: Mapping[int, Sequence[str]] | None = None,
    seed: int = 1,
    to_move: int = 0,
    turns: int = 0,
) -> Game:
    """A game from a position (docs/positions.md) with the seat `to_move` to throw.

    `levels` maps an owned street to its houses (5 = hotel; 6-10 with double hotels); the Bank's
    stock follows. `jailed` maps a seat to the jail turns it has already used. `jail_cards`
    gives seats Get Out of Jail Free cards by deck name; `turns`, the turns played so far (the
    rounds follow). Like any position it is checked: a
    state the rules cannot reach (uneven building, buildings on a mortgaged group, ...) is
    refused."""
    names = list(players)
    rules = rules or Rules.classic()
    position: dict[str, Any] = {
        "rules": rules.to_dict(),
        "to_move": names[to_move],
        "players": [],
        "properties": {},
        "decks": {"chance": list(chance), "community_chest": list(community_chest)},
        "dice": {"script": [list(d) for d in dice]},
    }
    if turns:
        position.update(turns=turns, rounds=turns // len(names))
    for p, name in enumerate(names):
        player: dict[str, Any] = {"name": name, "position": pos[p] if pos else 0}
        if cash is not None:
            player["cash"] = cash[p]
        if jailed and p in jailed:
            player.update(in_jail=True, jail_turns=jailed[p], position=BOARD.jail)
        if jail_cards and p in jail_cards:
            player["get_out_of_jail_free"] = list(jail_cards[p])
        position["players"].append(player)
    mortgaged = set(mortgaged)
    for square, p in (owners or {}).items():
        deed: dict[str, Any] = {"owner": names[p]}
        lv = (levels or {}).get(square, 0)
        if lv == HOTEL:
            deed["hotel"] = True
        elif lv > HOTEL:  # double hotels: a hotel and houses (6-9), or two hotels (10)
            deed.update({"hotels": 2} if lv == 2 * HOTEL else {"hotel": True, "houses": lv - HOTEL})
        elif lv:
            deed["houses"] = lv
        if square in mortgaged:
            deed["mortgaged"] = True
        position["properties"][str(square)] = deed
    # The scenario's position is validated like any hand-written one.
    return Game.from_position(position, seed=seed)


def positions_round_trip(rules: Rules, seed: int, max_rounds: int) -> int:
    """Play a game of random and basic bots, exporting and importing a position at the start
    of every throw and asserting the import is the identical game state (PRNG and deck order
    included); how many positions were checked."""
    from passgo.agents import BasicBot, RandomBot
    from passgo.core.position import position_to_toml
    from passgo.core.serialize import state_dict

    g = Game.new(["A", "B", "C"], rules, seed=seed, max_rounds=max_rounds)
    bots = [RandomBot(seed), BasicBot(), RandomBot(seed + 7)]
    checked = 0
    while not g.over:
        if len(g.frames) == 1 and g.pending.kind in ("roll", "jail") and all(g.alive):
            copy = Game.from_position(position_to_toml(g.position()), seed=999)
            assert state_dict(copy) == state_dict(g)
            checked += 1
        p = g.pending.player
        g.apply(bots[p].act(g, p))
    return checked


def find_reference() -> Path | None:
    """shared/reference beside the repository (or $PASSGO_SHARED), where the checked board and
    card data lie; None where it is not (tests that need it skip)."""
    candidates = [Path(__file__).resolve().parents[2] / "shared" / "reference"]
    shared = os.environ.get("PASSGO_SHARED")
    if shared:
        candidates += [Path(shared) / "reference", Path(shared)]
    for folder in candidates:
        if (folder / "board.json").is_file() and (folder / "cards.json").is_file():
            return folder
    return None


def kinds(events: Iterable[Event]) -> list[str]:
    """Each event's kind (its class's `kind`), in order."""
    return [e.kind for e in events]


def only(cls: type[E], events: Iterable[Event]) -> list[E]:
    """The events of one class, in order."""
    return [e for e in events if isinstance(e, cls)]


def paid_by_players(events: Iterable[Event]) -> list[Payment]:
    """The payments players made, to another player or to the Bank (not the Bank's)."""
    return [e for e in events if isinstance(e, Payment) and e.payer is not None]


def salaries(events: Iterable[Event]) -> list[int]:
    """The salaries the Bank paid for passing or reaching GO, in order."""
    return [e.amount for e in events
            if isinstance(e, Payment) and e.payer is None and e.reason == SALARY]


def money_total(g: Game) -> int:
    """Players' cash plus the Bank's net takings: constant over a game."""
    return sum(g.cash) + g.bank_flow


def assert_illegal(g: Game, action: object) -> None:
    """The action is refused with `IllegalActionError` and the saved game is unchanged."""
    import pytest

    from passgo.core import IllegalActionError

    before = g.to_json()
    assert not g.is_legal(action)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        g.apply(action)  # type: ignore[arg-type]
    assert g.to_json() == before


BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load_benchmark(name: str, module_name: str | None = None) -> ModuleType:
    """benchmarks/NAME.py as a module, registered as `module_name` (default: NAME, so that a
    benchmark that imports a sibling, as outside_style.py imports outside_bots, finds the one
    loaded before it)."""
    spec = importlib.util.spec_from_file_location(module_name or name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def load_fuzz() -> ModuleType:
    """benchmarks/fuzz.py as a module (its random rule mixes serve several tests)."""
    return load_benchmark("fuzz", "passgo_fuzz")


def session_processes(session: int) -> list[str]:
    """The processes still alive (zombies included) in a session, as "pid state command",
    read from /proc: a command started with `start_new_session=True` is its session's leader
    and everything it starts stays in its session unless it leaves on purpose."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # ended while we looked
        name_end = text.rindex(")")
        fields = text[name_end + 2:].split()
        if int(fields[3]) == session:  # fields: state, ppid, pgrp, session, ...
            found.append(f"{stat.parent.name} {fields[0]} {text[text.index('(') + 1:name_end]}")
    return found
