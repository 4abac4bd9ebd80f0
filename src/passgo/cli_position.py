"""`passgo position check|show` and `passgo cards list`: positions and card ids from the shell."""

from __future__ import annotations

import argparse
from typing import Any

from passgo.core import DataError, EndTurn, EndTurnDecision, Game, PositionError, SaveFileError
from passgo.core.board import DECK_NAMES, load_edition
from passgo.core.position import position_to_toml
from passgo.core.textdata import load_json
from passgo.inputs import CommandError, load_position, read_text
from passgo.textboard import render_board


def _saved_game(path: str) -> Game:
    data, problem = load_json(read_text(path))
    if problem:
        raise CommandError(f"{path}: not a saved game (it is {problem})")
    if isinstance(data, dict) and "game" in data:  # a `passgo play` save wraps the game
        data = data["game"]
    try:
        return Game.from_dict(data)
    except SaveFileError as exc:
        raise CommandError(f"{path}: {exc}") from None


def cmd_check(args: argparse.Namespace) -> int:
    game = load_position(args.file)
    print(render_board(game))
    print(f"{args.file}: a valid position; {game.names[game.turn_player]} to move.")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    game = _saved_game(args.file)
    top = game.pending
    if isinstance(top, EndTurnDecision):
        # Ending a turn involves no chance: show the position the next throw starts from.
        game = game.copy()
        game.apply(EndTurn(top.player))
    viewer = None
    if args.viewer is not None:
        if args.viewer not in game.names:
            raise CommandError(f"--as: no player named {args.viewer!r} in {args.file}")
        viewer = game.names.index(args.viewer)
    try:
        print(position_to_toml(game.position(viewer)), end="")
    except PositionError as exc:
        raise CommandError(f"{args.file}: {exc}") from None
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    try:
        board = load_edition(args.edition)
    except DataError as exc:
        raise CommandError(str(exc)) from None
    for d, name in enumerate(DECK_NAMES):
        if args.deck and args.deck != name:
            continue
        print(f"[{name}]")
        for card in board.decks[d]:
            print(f"  {card.id:<24} {card.text}")
    return 0


def add_commands(sub: Any) -> None:
    position = sub.add_parser("position", help="check and show game positions")
    psub = position.add_subparsers(dest="position_command", required=True,
                                   parser_class=type(position))
    check = psub.add_parser("check", help="validate a position file and print it as a board")
    check.add_argument("file")
    check.set_defaults(func=cmd_check)
    show = psub.add_parser("show", help="print the position of a saved game")
    show.add_argument("file")
    show.add_argument("--as", dest="viewer", metavar="NAME",
                      help="only what this player may know (no PRNG, deck order or scripted "
                      "dice; the Angel of Death only to the Angel)")
    show.set_defaults(func=cmd_show)
    cards = sub.add_parser("cards", help="card ids and texts")
    csub = cards.add_subparsers(dest="cards_command", required=True, parser_class=type(cards))
    listing = csub.add_parser("list", help="list the cards of each deck with their ids")
    listing.add_argument("--edition", default="us-classic")
    listing.add_argument("--deck", choices=DECK_NAMES)
    listing.set_defaults(func=cmd_cards)
