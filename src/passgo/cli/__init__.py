"""The `passgo` command. Each subcommand lives in a module of this package of its own
(`play`, `rules`, `simulate`, ...) and registers its parser through `COMMANDS`; bad input from
any of them ends in one line on stderr and exit status 2, never a traceback."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from passgo import __version__
from passgo.cli.analyze import add_analyze
from passgo.cli.eval import add_eval
from passgo.cli.play import PlayError, add_play
from passgo.cli.position import add_commands
from passgo.cli.review import add_review
from passgo.cli.rules import add_commands as add_rules_commands
from passgo.cli.serve import add_serve
from passgo.cli.simulate import add_simulate
from passgo.cli.tournament import add_tournament
from passgo.engine_build import engine_build
from passgo.inputs import CommandError


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


# Each subcommand registers itself here: a function that adds its parser to the subparsers.
COMMANDS: list[Callable[[Any], None]] = [
    add_play, add_commands, add_rules_commands, add_simulate, add_tournament, add_analyze,
    add_serve, add_eval, add_review]


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="passgo", description="Monopoly by the real rules.")
    parser.add_argument("--version", action="version",
                        version=f"passgo {__version__} ({engine_build()} build)")
    # No dest: a missing subcommand is then named by its choices ("{play,position,...}").
    sub = parser.add_subparsers(required=True, parser_class=_Parser)
    for add in COMMANDS:
        add(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        result: int = args.func(args)
        return result
    except (UsageError, CommandError, PlayError) as exc:
        print(f"passgo: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        saved = " (the game was saved after your last action)" if _is_play(argv) else ""
        print(f"\npassgo: interrupted{saved}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, and keep Python from complaining
        # about the unflushed output at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _is_play(argv: list[str] | None) -> bool:
    words = sys.argv[1:] if argv is None else argv
    return "play" in words


if __name__ == "__main__":
    raise SystemExit(main())
