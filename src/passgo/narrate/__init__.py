"""Sentences for every front-end, told to one viewer: the events of a step, the pending
decision, what each action means.

The line-by-line game, the full-screen app, the browser and the saved game log all speak
through this package, so a player reads the same words whichever way they play, and reads
them in the second person ("You owe $1,150 to Ada and have $421", "Buy Connecticut Avenue for
$120?") while everyone else reads the player's name. The package is split by what it tells:

* `voice`: who is listening, and the words every sentence shares (names in the right person,
  money, squares, the sides and terms of a trade, a bot's reason);
* `events`: the events of a step (`sentences`), matched on the typed events;
* `decisions`: the pending decision (`question`, `explain`, `debt_line`);
* `actions`: what choosing an action means (`describe_action`) and the order a person is
  offered the answers in (`offered_order`);
* `rules`: the rules in play by name, how a game under them ends and why it ended;
* `why`: why money moved.

Everything is read from the public model of `passgo.core`.
"""

from passgo.core.reasons import seat_ref
from passgo.narrate.actions import describe_action, offered_order
from passgo.narrate.decisions import debt_line, explain, question, routine
from passgo.narrate.events import describe, narrated, sentences
from passgo.narrate.rules import ending, how_it_ends, rules_described, rules_name
from passgo.narrate.voice import Voice, buildings, listing, money
from passgo.narrate.why import why

__all__ = [
    "Voice",
    "buildings",
    "debt_line",
    "describe",
    "describe_action",
    "ending",
    "explain",
    "how_it_ends",
    "listing",
    "money",
    "narrated",
    "offered_order",
    "question",
    "routine",
    "rules_described",
    "rules_name",
    "seat_ref",
    "sentences",
    "why",
]
