"""The `passgo` command.

    passgo play [--players "You:human,Bob:basic,Cy:basic,Dee:basic"] [--seed N]
                [--save FILE] [--resume [FILE]]

`play` is a line-by-line game (the full-screen terminal app comes later): the decision and
its numbered choices are printed, and a number or an action's text form is read from stdin,
so pipes, screen readers and scripts can drive it. The game is saved after every action.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TextIO

from passgo import __version__
from passgo.agents import AGENTS, make_agent
from passgo.agents.base import Agent
from passgo.cli_position import CommandError, add_commands, load_position
from passgo.cli_rules import RulesError
from passgo.cli_rules import add_commands as add_rules_commands
from passgo.core import Action, Game, IllegalActionError, SaveFileError
from passgo.core.serialize import game_from_dict, game_to_dict
from passgo.narrate import describe, describe_action, money, square
from passgo.sim.command import add_simulate
from passgo.tournament.cli import add_tournament

SAVE_KIND = "passgo-play"
DEFAULT_PLAYERS = "You:human,Basic 1:basic,Basic 2:basic,Basic 3:basic"


class UsageError(Exception):
    """A bad command line or file; reported in one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def default_save_path() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "passgo" / "autosave.json"


def parse_players(spec: str) -> list[tuple[str, str]]:
    """ "Ann:human,Bob:basic" -> [("Ann", "human"), ("Bob", "basic")]."""
    seats = []
    for item in spec.split(","):
        name, _, kind = item.strip().partition(":")
        kind = kind.strip() or "human"
        if not name.strip():
            raise UsageError(f"empty player name in {spec!r}")
        if kind != "human" and kind not in AGENTS:
            known = ", ".join(["human", *sorted(AGENTS)])
            raise UsageError(f"unknown player kind {kind!r} (known: {known})")
        seats.append((name.strip(), kind))
    if not 2 <= len(seats) <= 8:
        raise UsageError("a game needs 2 to 8 players")
    if len({n for n, _ in seats}) != len(seats):
        raise UsageError("player names must differ")
    return seats


def save(path: Path, game: Game, seats: list[tuple[str, str]]) -> None:
    """Write the save atomically: a crash mid-write never leaves a broken file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"kind": SAVE_KIND, "seats": [list(s) for s in seats], "game": game_to_dict(game)}
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    os.replace(tmp, path)


def load(path: Path) -> tuple[Game, list[tuple[str, str]]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError(f"no saved game at {path}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UsageError(f"cannot read saved game {path}: {exc}") from None
    if not isinstance(data, dict) or data.get("kind") != SAVE_KIND:
        raise UsageError(f"{path} is not a passgo saved game")
    try:
        seats = [(str(n), str(k)) for n, k in data["seats"]]
        game = game_from_dict(data["game"])
    except SaveFileError as exc:
        raise UsageError(f"{path}: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise UsageError(f"{path}: saved game is damaged ({exc})") from None
    return game, seats


class PlainGame:
    """The line-by-line game: numbered choices out, one answer per line in."""

    def __init__(self, game: Game, seats: list[tuple[str, str]], save_path: Path | None,
                 out: TextIO, inp: TextIO) -> None:
        self.game = game
        self.seats = seats
        self.save_path = save_path
        self.out = out
        self.inp = inp
        self.bots: dict[int, Agent] = {
            i: make_agent(kind, seed=game.seed * 31 + i)
            for i, (_, kind) in enumerate(seats)
            if kind != "human"
        }

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def run(self) -> int:
        g = self.game
        for e in g.events:
            self._event(e)
        while not g.over:
            player = g.pending.player
            if player in self.bots:
                self._apply(self.bots[player].act(g, player))
                continue
            action = self._ask(player)
            if action is None:
                self.say(f"Game saved to {self.save_path}." if self.save_path else "Bye.")
                return 0
            self._apply(action)
        self._summary()
        return 0

    def _apply(self, action: Action) -> None:
        for e in self.game.apply(action):
            self._event(e)
        if self.save_path is not None:
            save(self.save_path, self.game, self.seats)

    def _event(self, e: Any) -> None:
        text = describe(self.game, e)
        if text:
            self.say(text)

    def _status(self, player: int) -> None:
        g = self.game
        deeds = [
            square(g, sq) + (" (mortgaged)" if g.mortgaged[sq] else "")
            + (f" [{g.level[sq]}]" if g.level[sq] else "")
            for sq in g.board.properties
            if g.owner[sq] == player
        ]
        jail = ", in jail" if g.jailed[player] else ""
        self.say(
            f"{g.names[player]}: {money(g, g.cash[player])}, on {square(g, g.pos[player])}"
            f"{jail}; deeds: {', '.join(deeds) or 'none'}"
        )

    def _ask(self, player: int) -> Action | None:
        g = self.game
        while True:
            self._status(player)
            top = g.pending
            self.say(f"{g.names[player]}, decide ({top.kind}):")
            options = g.legal_actions(player)
            for i, a in enumerate(options, 1):
                self.say(f"  {i}. {describe_action(g, a)}   [{a.text()}]")
            self.say("Type a number or an action (e.g. 'bid 120', "
                     "'trade 1 give 39 for $500'); 'quit' saves and leaves.")
            line = self.inp.readline()
            if not line:
                return None
            answer = line.strip()
            if answer in ("quit", "q", "exit"):
                return None
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return options[int(answer) - 1]
            try:
                action = Action.parse(answer, player)
                g.check(action)
                return action
            except IllegalActionError as exc:
                self.say(f"Not possible: {exc}")

    def _summary(self) -> None:
        g = self.game
        self.say("Final standings:")
        for p in sorted(range(g.n), key=lambda q: (not g.alive[q], -g.worth(q))):
            state = "out" if not g.alive[p] else f"worth {money(g, g.worth(p))}"
            self.say(f"  {g.names[p]}: {state}")


def cmd_play(args: argparse.Namespace) -> int:
    save_path = Path(args.save) if args.save else default_save_path()
    if args.resume is not None:
        path = Path(args.resume) if args.resume else save_path
        game, seats = load(path)
        save_path = path
    else:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        if args.position:
            game = load_position(args.position, seed)
            kinds = dict(parse_players(args.players)) if args.players != DEFAULT_PLAYERS else {}
            # Seats of a position: its players, human unless --players names their kind.
            seats = [(n, kinds.get(n, "human" if i == 0 else "basic"))
                     for i, n in enumerate(game.names)]
        else:
            seats = parse_players(args.players)
            game = Game.new([n for n, _ in seats], seed=seed)
    if args.no_save:
        save_path = None
    return PlainGame(game, seats, save_path, sys.stdout, sys.stdin).run()


def add_play(sub: Any) -> None:
    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("--players", default=DEFAULT_PLAYERS,
                      help='seats as "Name:kind,..." with kind human, basic or random')
    play.add_argument("--seed", type=int, help="seed for a reproducible game")
    play.add_argument("--plain", action="store_true",
                      help="line-by-line game for pipes and screen readers (the only mode yet)")
    play.add_argument("--position", help="start from a position file (docs/positions.md)")
    play.add_argument("--save", help="file the game is saved to after every action")
    play.add_argument("--resume", nargs="?", const="", help="continue a saved game")
    play.add_argument("--no-save", action="store_true", help="do not save the game")
    play.set_defaults(func=cmd_play)


# Each subcommand registers itself here: a function that adds its parser to the subparsers.
COMMANDS: list[Callable[[Any], None]] = [
    add_play, add_commands, add_rules_commands, add_simulate, add_tournament]


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="passgo", description="Monopoly by the real rules.")
    parser.add_argument("--version", action="version", version=f"passgo {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for add in COMMANDS:
        add(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        result: int = args.func(args)
        return result
    except (UsageError, CommandError, RulesError) as exc:
        print(f"passgo: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\npassgo: interrupted (the game was saved after your last action)",
              file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
