"""`passgo position check|show` and `passgo cards list`: positions and card ids from the shell."""

from __future__ import annotations

import argparse

from passgo.core import DataError
from passgo.core.board import DECK_NAMES, load_edition
from passgo.core.position import position_to_toml
from passgo.inputs import CommandError, load_position, load_saved_game, position_at
from passgo.textboard import render_board


def cmd_check(args: argparse.Namespace) -> int:
    game = load_position(args.file)
    print(render_board(game))
    print(f"{args.file}: a valid position; {game.names[game.turn_player]} to move.")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    game = load_saved_game(args.file)
    viewer = None
    if args.viewer is not None:
        if args.viewer not in game.names:
            raise CommandError(f"--as: no player named {args.viewer!r} in {args.file}")
        viewer = game.names.index(args.viewer)
    print(position_to_toml(position_at(args.file, game, viewer)), end="")
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


def add_position(position: argparse.ArgumentParser) -> None:
    psub = position.add_subparsers(required=True, parser_class=type(position))
    check = psub.add_parser("check", help="validate a position file (or a saved game's "
                            "position) and print it as a board")
    check.add_argument("file")
    check.set_defaults(func=cmd_check)
    show = psub.add_parser("show", help="print the position of a saved game")
    show.add_argument("file")
    show.add_argument("--as", dest="viewer", metavar="NAME",
                      help="only what this player may know (no PRNG, deck order or scripted "
                      "dice; the Angel of Death only to the Angel)")
    show.set_defaults(func=cmd_show)


def add_cards(cards: argparse.ArgumentParser) -> None:
    csub = cards.add_subparsers(required=True, parser_class=type(cards))
    listing = csub.add_parser("list", help="list the cards of each deck with their ids")
    listing.add_argument("--edition", default="us-classic")
    listing.add_argument("--deck", choices=DECK_NAMES)
    listing.set_defaults(func=cmd_cards)
