"""Who plays whom: the tables of a tournament and the seat order of every game."""

from __future__ import annotations

from itertools import combinations, permutations

MODES = ("round-robin", "permutations")


def schedule(entries: int, players: int, mode: str,
             repeat: int) -> list[tuple[int, tuple[int, ...]]]:
    """(deal, entry indices by seat) for every game. Every set of `players` entries meets; in
    "round-robin" each set plays once per seat rotation (every entry in every seat once), in
    "permutations" once per seat order. The whole cycle is played `repeat` times. Games of one
    set in one cycle share their `deal`, which seeds the dice and cards: the same luck is dealt
    to every seat order, so seat and luck cancel out of the comparison."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}")
    if not 2 <= players <= 8:
        raise ValueError("a game has 2 to 8 players")
    if entries < players:
        raise ValueError(f"{players}-player games need at least {players} entries "
                         f"(name a bot twice to let it fill two seats)")
    tables = list(combinations(range(entries), players))
    games: list[tuple[int, tuple[int, ...]]] = []
    for r in range(repeat):
        for t, table in enumerate(tables):
            deal = r * len(tables) + t
            if mode == "permutations":
                games.extend((deal, order) for order in permutations(table))
            else:
                games.extend((deal, table[i:] + table[:i]) for i in range(players))
    return games
