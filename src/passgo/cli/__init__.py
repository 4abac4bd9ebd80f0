"""The `passgo` command. Each subcommand lives in a module of this package of its own
(`play`, `rules`, `simulate`, ...) and is named in `COMMANDS`, with its one-line help and the
function that adds its options; bad input from any of them ends in one line on stderr and exit
status 2, never a traceback.

`COMMANDS` is a lazy registry: only the module of the command being run is imported, so
`passgo --help` loads no rules core, and each command loads only what it uses (the simulation
and analysis libraries are imported when their command runs, not when it is parsed).
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, NamedTuple, NoReturn


class UsageError(Exception):
    """A bad command line or file; reported in one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A word that starts with "-" and a digit is a value, never an option (passgo has no
        # option like -1): "--time -5m" reaches the duration's own check instead of argparse
        # saying "expected one argument" (argparse itself only lets "-5" and "-.5" through).
        self._negative_number_matcher = re.compile(r"^-\.?\d")

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


class Command(NamedTuple):
    """A subcommand: its line in `passgo --help`, and the function (`module:function`) that
    gives its parser its description, options and `func`."""

    help: str
    adds: str


# Every subcommand, in the order `passgo --help` lists them. A command's module is imported
# only when that command is run (or asked for its help).
COMMANDS: dict[str, Command] = {
    "play": Command("play a game in the terminal", "passgo.cli.play:add_play"),
    "position": Command("check and show game positions", "passgo.cli.position:add_position"),
    "cards": Command("card ids and texts", "passgo.cli.position:add_cards"),
    "rules": Command("list rule sets and show their options", "passgo.cli.rules:add_rules"),
    "simulate": Command("simulate many games of bots; compare rule sets; landing frequencies",
                        "passgo.cli.simulate:add_simulate"),
    "tournament": Command("matches among bots, with ratings",
                          "passgo.cli.tournament:add_tournament"),
    "analyze": Command("landing odds, returns, win chances, rule comparisons",
                       "passgo.cli.analyze:add_analyze"),
    "serve": Command("the browser game: lobby and online games", "passgo.cli.serve:add_serve"),
    "eval": Command("the win-chance evaluator: train, check, evaluate",
                    "passgo.cli.eval:add_eval"),
    "review": Command("review a saved game: win chances, mistakes, better moves",
                      "passgo.cli.review:add_review"),
}


class _Version(argparse.Action):
    """`--version`: the engine's version and build, found only when asked for (both are read
    from the rules core, which `passgo --help` does not load)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs,
                         help="show the engine's version and build, and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        from passgo.core.version import ENGINE_VERSION
        from passgo.engine_build import engine_build

        print(f"passgo {ENGINE_VERSION} ({engine_build()} build)")
        parser.exit()


def chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand a command line runs: its first word that is not an option (the
    command itself has only `--help` and `--version`, which take no value)."""
    return next((word for word in argv if not word.startswith("-")), None)


def build_parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    """The command's parser, with the options of the subcommand `argv` runs; the others are
    there by name and help only."""
    parser = _Parser(prog="passgo", description="Monopoly by the real rules.")
    parser.add_argument("--version", action=_Version)
    # No dest: a missing subcommand is then named by its choices ("{play,position,...}").
    sub = parser.add_subparsers(required=True, parser_class=_Parser)
    chosen = chosen_command(argv)
    for name, command in COMMANDS.items():
        p = sub.add_parser(name, help=command.help)
        if name == chosen:
            module, function = command.adds.split(":")
            getattr(importlib.import_module(module), function)(p)
    return parser


def _one_line_errors() -> tuple[type[Exception], ...]:
    """The errors a command reports in one line. Their modules stand on the rules core, so
    they are imported only once something has gone wrong."""
    from passgo.cli.play import PlayError
    from passgo.inputs import CommandError

    return UsageError, CommandError, PlayError


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    try:
        parser = build_parser(words)
        args = parser.parse_args(words)
        result: int = args.func(args)
        return result
    except KeyboardInterrupt:
        saved = " (the game was saved after your last action)" if _is_play(argv) else ""
        print(f"\npassgo: interrupted{saved}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, and keep Python from complaining
        # about the unflushed output at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:
        if not isinstance(exc, _one_line_errors()):
            raise
        print(f"passgo: error: {exc}", file=sys.stderr)
        return 2


def _is_play(argv: list[str] | None) -> bool:
    words = sys.argv[1:] if argv is None else argv
    return "play" in words


if __name__ == "__main__":
    raise SystemExit(main())
