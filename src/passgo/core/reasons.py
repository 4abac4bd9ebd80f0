"""How a player's one-line reason for a choice names other players: by seat reference, so that
every viewer reads it in their own person. The events of a choice carry the reason as given
(`Purchased.reason`, ...); `passgo.narrate` resolves the references for a viewer ("it blocks
{p3's} yellow group" reads "it blocks your yellow group" to seat 3, "it blocks Dana's yellow
group" to everyone else). The form lives here, in the core, because the bots that write reasons
and the narration that reads them both stand on the core and not on each other."""

from __future__ import annotations

import re
from typing import Final

#: A seat reference in a reason: `{p2}` (the player) or `{p2's}` (whose); group 1 is the seat,
#: group 2 the possessive.
SEAT_REF: Final = re.compile(r"\{p(\d+)('s)?\}")


def seat_ref(seat: int, possessive: bool = False) -> str:
    """How a reason names the player of `seat`: `{p2}`, or `{p2's}` with `possessive`."""
    return f"{{p{seat}'s}}" if possessive else f"{{p{seat}}}"


#: Ordinal words, for the bots' reasons ("it would be my second railroad") and the narration
#: ("at the second bankruptcy"; `Rules.end_after_bankruptcies` is at most 7).
ORDINALS: Final = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")
