"""Colours, tokens and short square names shared by the app's widgets.

Colour is never the only signal: every player also has a token letter and every deed shows its
owner's name, so the board reads on monochrome terminals and for colour-blind players.
"""

from __future__ import annotations

from passgo.core import Game
from passgo.core.board import Board

# The printed colours of the classic groups; a group of another name gets a colour by index.
GROUP_COLOURS = {
    "brown": "#8b4a2b",
    "light_blue": "#9ad0ec",
    "pink": "#d6338a",
    "orange": "#f28c28",
    "red": "#d7263d",
    "yellow": "#f2d024",
    "green": "#1f9e57",
    "dark_blue": "#2456a6",
}
SPARE_COLOURS = ("#7f7f7f", "#b07aa1", "#76b7b2", "#edc948")
# Text that stays readable on each group colour.
DARK_TEXT_ON = frozenset({"light_blue", "orange", "yellow"})

PLAYER_COLOURS = (
    "#4e9af1", "#e5554f", "#46b868", "#e0a526", "#b26ee0", "#3fc1c9", "#f06fb0", "#a0a0a0",
)

# Long words in square names and the short forms used when a board cell is narrow.
_SHORTER = {
    "Avenue": "Ave",
    "Place": "Pl",
    "Railroad": "RR",
    "Company": "Co",
    "Gardens": "Gdns",
    "Community": "Comm.",
    "Parking": "Park.",
    "Station": "Stn",
    "Street": "St",
    "North": "N.",
    "Carolina": "Car.",
    "Pennsylvania": "Penn.",
    "Connecticut": "Conn.",
    "Mediterranean": "Medit.",
}


# Words a name can lose when short of room without becoming ambiguous on the board.
_GENERIC = frozenset({"Ave", "Pl", "St", "Co", "Gdns", "Stn"})


def group_colour(board: Board, group: int) -> str:
    name = board.group_names[group]
    return GROUP_COLOURS.get(name, SPARE_COLOURS[group % len(SPARE_COLOURS)])


def group_text_colour(board: Board, group: int) -> str:
    return "black" if board.group_names[group] in DARK_TEXT_ON else "white"


def player_colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def owner_colour(seat: int) -> str:
    """A player's colour darkened, for marking what they own apart from their token."""
    colour = player_colour(seat)
    r, g, b = (int(colour[i:i + 2], 16) * 2 // 5 for i in (1, 3, 5))
    return f"#{r:02x}{g:02x}{b:02x}"


def group_label(board: Board, group: int) -> str:
    return board.group_names[group].replace("_", " ").title()


def token_letters(names: list[str]) -> list[str]:
    """One distinct character per player, so two players never share a token: the number a
    name ends with ("Bot 2" -> 2), else its first letter not yet taken (Ann, Al -> A, L),
    else the seat number."""
    taken: set[str] = set()
    out = []
    for i, name in enumerate(names):
        ending = [name[-1]] if name[-1:].isdigit() else []
        candidates = [*ending, *(c.upper() for c in name if c.isalnum()), str(i + 1)]
        letter = next((c for c in candidates if c not in taken), str(i + 1))
        taken.add(letter)
        out.append(letter)
    return out


def short_name(name: str, width: int) -> str:
    """A square's name in `width` characters: whole if it fits, else with long words
    shortened ("Pennsylvania Railroad" -> "Penn. RR"), then without a trailing generic word
    ("Kentucky Avenue" -> "Kentucky"), else cut with a dot."""
    if len(name) <= width:
        return name
    words = [_SHORTER.get(w, w) for w in name.split(" / ")[0].split()]
    tries = [words]
    if len(words) > 1 and words[-1] in _GENERIC:
        tries.append(words[:-1])
    for attempt in tries:
        for text in (" ".join(attempt), _tight(attempt)):
            if len(text) <= width:
                return text
    text = " ".join(tries[-1])
    return text[: max(1, width - 1)].rstrip(" .") + "."


def _tight(words: list[str]) -> str:
    """Words joined without a space after an abbreviation's dot: "Penn.Ave"."""
    out = words[0]
    for w in words[1:]:
        out += w if out.endswith(".") else " " + w
    return out


def deed_state(game: Game, sq: int) -> str:
    """Buildings and mortgage of a deed in a few characters: "2 houses", "hotel", "mortgaged"."""
    if game.is_mortgaged(sq):
        return "mortgaged"
    houses, hotels = game.houses_on(sq), game.hotels_on(sq)
    if hotels:  # double hotels: houses on a hotel, or two hotels
        state = "hotel" if hotels == 1 else f"{hotels} hotels"
        return f"{state}+{houses}" if houses else state
    if houses:
        return f"{houses} house{'s' if houses > 1 else ''}"
    return ""
