"""`passgo play`: a game in the terminal, against bots or each other.

    passgo play [--players "You:human,Bob:strategic,Cy:basic"] [--rules NAME|FILE] [--seed N]
                [--save FILE | --no-save] [--resume [FILE]] [--plain]
                [--bot-delay SECONDS] [--max-rounds N] [--position FILE] [--time 90m]

When standard input and output are a terminal, the game is the full-screen app (`passgo.tui`);
with `--plain`, or when either is a pipe or a file, it is the line-by-line game
(`passgo.plain`), which scripts, screen readers and tests can drive. Both save the game after
every action, to `--save FILE` or the autosave file, and `--resume` continues it.

`--time 90m` agrees an hour of termination (000's Time Limit Game; `Rules.clock_minutes`):
the time left is shown, a key calls time early, and at the end of it the richest player wins.
Under sudden death the clock (two hours unless `--time` says) opens the Angel of Death's
option instead.
"""

from __future__ import annotations

import argparse
import errno
import os
import random
import sys
from pathlib import Path

from passgo.agents import AGENTS
from passgo.clock import parse_duration
from passgo.core import DataError, Game
from passgo.inputs import finite_float, load_position
from passgo.plain import PlainGame
from passgo.rulespec import load_rules
from passgo.session import (
    ProgramSeatsError,
    Seat,
    Session,
    SessionError,
    default_save_path,
    parse_seats,
    resume_command,
    save_problem,
)

# You against a table a newcomer can beat: two casual players and a beginner (the easy levels
# of the strategic bot: the same sound play with human-sized mistakes; docs/bots.md).
DEFAULT_BOTS = ("level:casual", "level:beginner", "level:casual")
DEFAULT_PLAYERS = "You:human,Dana:level:casual,Carl:level:beginner,Ada:level:casual"
DEFAULT_BOT_DELAY = 0.6


class PlayError(Exception):
    """A bad `passgo play` command line; reported in one line with exit status 2."""


def new_session(args: argparse.Namespace, save_path: Path | None) -> Session:
    """The session a fresh game starts with: seats, rules, seed and safety stop as asked."""
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    if args.position:
        for flag, value in (("--rules", args.rules), ("--time", args.time)):
            if value:
                raise PlayError(f"{flag} cannot change a position: the position names its "
                                "rules")
        game = load_position(args.position, seed, max_rounds=args.max_rounds)
        chosen = {s.name: s for s in parse_seats(args.players)} if args.players else {}
        strangers = [name for name in chosen if name not in game.names]
        if strangers:
            raise PlayError(f"--players: no player named {', '.join(map(repr, strangers))} in "
                            f"{args.position} (its players: {', '.join(game.names)})")
        # Seats of a position: its players, the first one a person and the others the default
        # trading bots in turn, unless --players says.
        seats = [chosen.get(n) or Seat.parse(n, "human" if i == 0 else DEFAULT_BOTS[(i - 1) % 3])
                 for i, n in enumerate(game.names)]
        return Session(game, seats, save_path)
    seats = parse_seats(DEFAULT_PLAYERS if args.players is None else args.players)
    try:
        rules = load_rules(args.rules or "classic")
        if args.time:
            rules = rules.with_options(clock_minutes=parse_duration(args.time))
    except (DataError, ValueError) as exc:
        raise PlayError(str(exc)) from None
    game = Game.new([s.name for s in seats], rules, seed, max_rounds=args.max_rounds)
    return Session(game, seats, save_path)


def open_session(args: argparse.Namespace) -> tuple[Session, str | None]:
    """The session to play, and a note for the player (an unfinished game kept aside)."""
    save_path: Path | None = Path(args.save) if args.save else default_save_path()
    if args.no_save:
        save_path = None
    if args.resume is None:
        session = new_session(args, save_path)
        return session, _kept_note(save_path, _hold(session), "a new game starts")
    fixed = [flag for flag, value in (("--players", args.players), ("--rules", args.rules),
                                      ("--seed", args.seed), ("--position", args.position),
                                      ("--max-rounds", args.max_rounds), ("--time", args.time))
             if value is not None]
    if fixed:
        raise PlayError(f"--resume continues a saved game as it was; drop {', '.join(fixed)}")
    path = Path(args.resume) if args.resume else (save_path or default_save_path())
    # Resuming a named file keeps saving to it, unless --save names another or --no-save.
    target = None if args.no_save else (Path(args.save) if args.save else path)
    try:
        session = Session.load(path, target, allow_programs=args.allow_programs)
    except ProgramSeatsError as exc:
        if not (sys.stdin.isatty() and sys.stderr.isatty()):
            raise
        print("This saved game starts outside programs for its bot seats:\n  "
              + "\n  ".join(exc.programs), file=sys.stderr)
        answer = input("Run them? [y/N] ").strip().lower()
        if answer not in ("y", "yes"):
            raise PlayError("not resumed: the saved game's programs were not allowed") from None
        session = Session.load(path, target, allow_programs=True)
    # Saved to another file (--save): that file's own unfinished game is kept, not replaced.
    return session, _kept_note(target, _hold(session, path), "this game is saved there now")


def _hold(session: Session, loaded_from: Path | None = None) -> Path | None:
    """`Session.hold_save_file`, the session closed (its program bots stopped) if refused."""
    try:
        return session.hold_save_file(loaded_from)
    except SessionError:
        session.close()
        raise


def _kept_note(save_path: Path | None, kept: Path | None, then: str) -> str | None:
    """What to tell the player about the old file moved out of their save file's way, if
    any (`then`: what happens instead)."""
    if save_path is None or kept is None:
        return None
    problem = save_problem(kept)
    if problem is None:
        return (f"the unfinished game in {save_path} was kept as {kept}; continue it with: "
                f"{resume_command(kept)}")
    # (Never invite anyone to resume a file that does not load.)
    return (f"the old save file {save_path} could not be resumed and was moved aside to "
            f"{kept} ({problem.split(': ', 1)[-1]}); {then}")


def full_screen_wanted(args: argparse.Namespace) -> bool:
    """Full screen only on a terminal: keys come from stdin and Textual draws on stderr, and
    output piped to a file or a program should get the plain lines instead."""
    streams = (sys.stdin, sys.stdout, sys.stderr)
    return not args.plain and all(s.isatty() for s in streams)


def cmd_play(args: argparse.Namespace) -> int:
    if args.bot_delay < 0:
        raise PlayError("--bot-delay cannot be negative")
    if args.no_save and args.save:
        raise PlayError("--save names a file to save to and --no-save says not to save: "
                        "give one of them")
    if args.max_rounds is not None and args.max_rounds < 1:
        raise PlayError("--max-rounds must be at least 1")
    try:
        session, note = open_session(args)
    except SessionError as exc:
        raise PlayError(str(exc)) from None
    if note:
        print(f"passgo: {note}", file=sys.stderr)
    try:
        if full_screen_wanted(args) and session.game.rules.double_board != "off":
            print("passgo: the full-screen board draws one board of 40 squares; double_board "
                  "is played line by line", file=sys.stderr)
        elif full_screen_wanted(args):
            try:
                from passgo.tui import run
            except ImportError:
                print("passgo: the full-screen game needs Textual (pip install "
                      "'passgo[play]'); playing line by line instead", file=sys.stderr)
            else:
                return run(session, bot_delay=args.bot_delay, notice=note)
        return play_plain(session)
    finally:
        session.close()


def play_plain(session: Session) -> int:
    try:
        return PlainGame(session, sys.stdout, sys.stdin).run()
    except OSError as exc:
        # Whoever read the game went away (`| head`: a broken pipe) or its terminal did (a
        # closed window: EIO on the next read or write): stop quietly; the game was saved
        # before the last question. Point stdout at nothing so the exit flush cannot fail
        # again.
        if not isinstance(exc, BrokenPipeError) and exc.errno != errno.EIO:
            raise
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def add_play(play: argparse.ArgumentParser) -> None:
    play.description = ("Play a game in the terminal: full-screen when run in a terminal, line "
                        "by line with --plain or in a pipe.")
    kinds = ", ".join(["human", *AGENTS])
    play.add_argument("--players", metavar="SEATS",
                      help=f'seats as "Name:kind,..." (kind: {kinds}; default: '
                      f'"{DEFAULT_PLAYERS}")')
    play.add_argument("--rules", metavar="NAME|FILE",
                      help="rule set: a preset name (passgo rules list) or a TOML rules file")
    play.add_argument("--seed", type=int, help="seed for a reproducible game")
    play.add_argument("--plain", action="store_true",
                      help="line-by-line game for pipes, screen readers and scripts")
    play.add_argument("--position", metavar="FILE",
                      help="start from a position file (docs/positions.md), or from the position "
                      "a saved game is at")
    play.add_argument("--save", metavar="FILE",
                      help=f"file the game is saved to after every action "
                      f"(default: {default_save_path()})")
    play.add_argument("--resume", nargs="?", const="", metavar="FILE",
                      help="continue a saved game (default: the autosave file)")
    play.add_argument("--no-save", action="store_true", help="do not save the game")
    play.add_argument("--allow-programs", action="store_true",
                      help="let a resumed game start the outside programs its bot seats name "
                      "(cmd: seats); without it you are asked on a terminal, else refused")
    play.add_argument("--bot-delay", type=finite_float, default=DEFAULT_BOT_DELAY,
                      metavar="SECONDS",
                      help=f"pause before each bot move in the full-screen game (default "
                      f"{DEFAULT_BOT_DELAY}; keys + and - change it, s skips ahead)")
    play.add_argument("--max-rounds", type=int, metavar="N",
                      help="safety stop for scripts and tests: end the game after N rounds "
                      "(standings by worth, no winner); not a rule")
    play.add_argument("--time", metavar="DURATION",
                      help="end the game by the clock, like 90m, 2h or 1h30m (Time Limit "
                      "Game: the richest player wins when time is called; the time left is "
                      "shown and a key calls time early)")
    play.set_defaults(func=cmd_play)
