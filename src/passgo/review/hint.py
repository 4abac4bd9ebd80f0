"""The hint for a pending decision (`h` in the terminal game): what the expert bot would do
and why, in one sentence told to the player who decides ('The expert suggests bidding up to
$240 for Tennessee Avenue: "worth $520 to me: it completes my orange group"'). The expert's own
search answers, on a budget of `HINT_MS`, so a hint needs no evaluator model and nothing
beyond the `play` extra."""

from __future__ import annotations

from typing import Final

from passgo.agents.expert import ExpertBot, ExpertParams
from passgo.core import Game
from passgo.narrate import Voice
from passgo.review.words import action_doing, doing

# The expert's budget: half of it to price trade offers, the rest for its rollouts, which
# look `HINT_HORIZON` rounds ahead (the expert's default of 8 makes one sample too slow).
HINT_MS: Final = 180
HINT_HORIZON: Final = 3


def hint(game: Game, player: int, ms: int = HINT_MS) -> str:
    """The hint for `player`'s pending decision (a one-line note when it is not theirs)."""
    if game.over:
        return "The game is over: there is nothing to decide."
    if game.pending_player != player:
        waits = game.names[game.pending_player]
        return f"No decision of yours is pending: the game waits for {waits}."
    bot = ExpertBot(ExpertParams(ms=ms, horizon=HINT_HORIZON), seed=len(game.history))
    chosen = bot.best(game, player)
    if chosen is None:
        action = bot.act(game, player)
        words = action_doing(game, action, player)
    else:
        action = chosen.action
        words = doing(game, chosen, player)
    reason = bot.explain(game, player, action)
    why = f': "{Voice(game, player).reason(reason)}"' if reason else ""
    return f"The expert suggests {words}{why}."
